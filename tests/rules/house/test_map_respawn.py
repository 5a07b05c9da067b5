"""Franklin's map and respawn house rules (seed 002): the power-up table (H-PWR-01), jump pads with the
jump dice rolled after committing (H-JUMP-01) and instant respawn (H-INSTANT-01).

Each is played through `legal_actions`/`apply` with scripted dice, switched on as a scenario's option,
under base Frag and Frag Deadlands where it applies.

The Supply Cache (maps/cache.map), x,y from 0 at the north-west: generic power-ups (P) at 2,1, 7,1,
2,4 and 7,4, each walled on its outer sides; no weapon or gadget power-up squares.
"""

from __future__ import annotations

import textwrap

import pytest

from fragtui.engine.actions import DrawFrom
from fragtui.engine.events import EventKind
from fragtui.engine.frag.map_house import ChoosePowerUp
from fragtui.engine.game import Game
from tests.conftest import game_from
from tests.rules.deadlands.test_fighters import deadlands

RULESETS = ("frag", "deadlands")


def cache(ruleset: str, dice: str, *, table: bool = True, character: str = "", extra: str = "") -> Game:
    """Ann on 3,1 beside the power-up at 2,1 with 1 movement point, Bob far off, on the Supply Cache
    (under Frag Deadlands Ann is an Agency Operative, power-up threshold 4, unless `character` says)."""
    if ruleset == "deadlands" and not character:
        character = "agency-operative"
    scenario = textwrap.dedent(f"""
        map = "cache"
        options = {{ "power-up-table" = {"true" if table else "false"} }}
        dice = {dice}
        phase = "action"
        movement = 1
        decks.weapons = ["shotgun"]
        decks.gadgets = ["medpack"]
        {extra}
        [[fighter]]
        name = "Ann"
        at = "3,1"
        {f'character = "{character}"' if character else ""}
        [[fighter]]
        name = "Bob"
        at = "9,5"
        {'character = "saloon-gal"' if character else ""}
        """)
    if ruleset == "deadlands":
        return deadlands(scenario)
    return game_from(scenario)


def power_up_lines(game: Game, events: list) -> list[str]:
    return [e.text for e in events if e.kind is EventKind.POWER_UP]


# -- H-PWR-01: the power-up table -----------------------------------------------------------------


@pytest.mark.rule("H-PWR-01")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("face", "hand"), [(1, []), (3, []), (4, ["medpack#1"]), (5, ["shotgun#1"])])
def test_the_power_up_table_gives_nothing_a_gadget_or_a_weapon__H_PWR_01(ruleset: str, face: int, hand: list) -> None:
    """One die per generic power-up square: 3 or less nothing, 4 a gadget, 5 a weapon."""
    game = cache(ruleset, f"[{face}]")
    events = game.play(["step w"])
    assert game.state.players[0].hand == hand
    assert game.state.players[0].record.power_ups == len(hand)
    assert not game.state.pending
    assert power_up_lines(game, events) == [
        f"Ann checks the power-up: {face}, " + ({4: "a gadget!", 5: "a weapon!"}.get(face) or "nothing")
    ]
    assert game.state.dice.script == ()


@pytest.mark.rule("H-PWR-01")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("deck", "card"), [("weapons", "shotgun#1"), ("gadgets", "medpack#1")])
def test_a_six_on_the_power_up_table_is_the_players_choice__H_PWR_01(ruleset: str, deck: str, card: str) -> None:
    """6: the player chooses a weapon or a gadget (DrawFrom), and draws it."""
    game = cache(ruleset, "[6]")
    game.play(["step w"])
    assert isinstance(game.state.pending[-1], ChoosePowerUp)
    assert game.legal_actions() == [DrawFrom(deck="weapons"), DrawFrom(deck="gadgets")]
    game.apply(DrawFrom(deck=deck))
    assert game.state.players[0].hand == [card]
    assert game.state.players[0].record.power_ups == 1
    assert not game.state.pending


@pytest.mark.rule("H-PWR-01")
def test_a_generic_power_up_is_checked_once_a_turn__H_PWR_01() -> None:
    """Stepping back onto a checked generic power-up rolls nothing more (F-PWR-02)."""
    game = cache("frag", "[4]", extra="")
    game.rules.state.turn.movement = 3
    game.play(["step w", "step e", "step w"])
    assert game.state.players[0].hand == ["medpack#1"]
    assert game.state.dice.script == ()


@pytest.mark.rule("H-PWR-01")
@pytest.mark.parametrize(
    ("character", "face", "outcome"),
    [
        ("mad-scientist", 3, "a gadget!"),  # threshold 3: +1
        ("mad-scientist", 5, "a card of their choice!"),
        ("huckster", 5, "a gadget!"),  # threshold 5: -1
        ("huckster", 6, "a weapon!"),
        ("agency-operative", 3, "nothing"),
    ],
)
def test_a_fighters_power_up_threshold_shifts_the_table__H_PWR_01(character: str, face: int, outcome: str) -> None:
    """Ruling H-PWR-01: under Frag Deadlands the Mad Scientist's threshold of 3 adds 1 to the table's
    roll (so 5 is his choice, "6 or more"), the Huckster's 5 takes 1 off."""
    game = cache("deadlands", f"[{face}]", character=character)
    events = game.play(["step w"])
    text = power_up_lines(game, events)[0]
    assert text.startswith(f"Ann checks the power-up: {face}") and text.endswith(outcome)


@pytest.mark.rule("H-PWR-01")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("face", "choice"), [(3, False), (4, True), (5, True)])
def test_without_the_table_a_generic_power_up_is_the_rulebooks_check__H_PWR_01(
    ruleset: str, face: int, choice: bool
) -> None:
    """Ruling H-PWR-01: switch off, a generic power-up is the rulebook's check (4 or more a card) with
    the player's choice of deck; 4 is never a plain gadget."""
    game = cache(ruleset, f"[{face}]", table=False)
    game.play(["step w"])
    assert isinstance(game.state.pending[-1] if game.state.pending else None, ChoosePowerUp) is choice
    assert game.state.players[0].hand == []
