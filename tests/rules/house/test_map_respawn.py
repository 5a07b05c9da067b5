"""Franklin's map and respawn house rules (seed 002): the power-up table (H-PWR-01), jump pads with the
jump dice rolled after committing (H-JUMP-01) and instant respawn (H-INSTANT-01).

Each is played through `legal_actions`/`apply` with scripted dice, switched on as a scenario's option,
under base Frag and Frag Deadlands where it applies.

The Supply Cache (maps/supply.map), x,y from 0 at the north-west: generic power-ups (P) at 2,1, 7,1,
2,4 and 7,4, each walled on its outer sides; no weapon or gadget power-up squares.
"""

from __future__ import annotations

import textwrap

import pytest

from fragtui.engine.actions import Jump
from fragtui.engine.board import Terrain
from fragtui.engine.deadlands.gallows import Gallows
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import DrawFrom
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.map_house import ChoosePowerUp
from fragtui.engine.frag.state import Phase, Status
from fragtui.engine.game import Game
from tests.conftest import game_from
from tests.rules.deadlands.test_fighters import deadlands
from tests.rules.deadlands.test_western import YARD

RULESETS = ("frag", "deadlands")


def supply(ruleset: str, dice: str, *, table: bool = True, character: str = "", extra: str = "") -> Game:
    """Ann on 3,1 beside the power-up at 2,1 with 1 movement point, Bob far off, on the Supply Cache
    (under Frag Deadlands Ann is an Agency Operative, power-up threshold 4, unless `character` says)."""
    if ruleset == "deadlands" and not character:
        character = "agency-operative"
    scenario = textwrap.dedent(f"""
        map = "supply"
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
    return [e.text for e in events if e.kind is FragEventKind.POWER_UP]


# -- H-PWR-01: the power-up table -----------------------------------------------------------------


@pytest.mark.rule("H-PWR-01")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("face", "hand"), [(1, []), (3, []), (4, ["medpack#1"]), (5, ["shotgun#1"])])
def test_the_power_up_table_gives_nothing_a_gadget_or_a_weapon__H_PWR_01(ruleset: str, face: int, hand: list) -> None:
    """One die per generic power-up square: 3 or less nothing, 4 a gadget, 5 a weapon."""
    game = supply(ruleset, f"[{face}]")
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
    game = supply(ruleset, "[6]")
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
    game = supply("frag", "[4]", extra="")
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
    game = supply("deadlands", f"[{face}]", character=character)
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
    game = supply(ruleset, f"[{face}]", table=False)
    game.play(["step w"])
    assert isinstance(game.state.pending[-1] if game.state.pending else None, ChoosePowerUp) is choice
    assert game.state.players[0].hand == []


# -- H-INSTANT-01: instant respawn ---------------------------------------------------------------------

INSTANT = 'options = { "instant-respawn" = true }\n'


def kinds_of(events: list) -> list[str]:
    """The kinds of the events, dice rolls left out (the respawn die is checked by the square it names)."""
    return [e.kind.value for e in events if e.kind is not CommonEventKind.DICE_ROLLED]


@pytest.mark.rule("H-INSTANT-01")
def test_a_fragged_fighter_respawns_before_the_shooter_draws_and_can_be_fragged_again__H_INSTANT_01() -> None:
    """Ann frags Bob: he respawns at once (die 3: respawn point 3 at 1,10) before her Special is drawn;
    her second attack frags him again the same turn, and he is back again (die 4: 10,10)."""
    game = game_from(
        INSTANT
        + """
        dice = [6, 6, 6, 1, 1, 6, 6, 3,   6, 6, 6, 1, 1, 6, 6, 4]
        phase = "action"
        decks.specials = ["double-tap", "dodge"]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    events = game.play(["attack 1 pistol", "pass", "pass"])
    assert kinds_of(events)[-5:] == ["Fragged", "Leftovers", "FragScored", "Respawned", "CardDrawn"]
    bob = game.state.players[1]
    assert (bob.status, str(bob.square), bob.damage) == (Status.IN_PLAY, "1,10", 0)
    assert "attack 1 pistol" in {str(a) for a in game.legal_actions()}
    events = game.play(["attack 1 pistol", "pass", "pass"])
    assert kinds_of(events)[-5:] == ["Fragged", "Leftovers", "FragScored", "Respawned", "CardDrawn"]
    assert (bob.status, str(bob.square), bob.record.deaths) == (Status.IN_PLAY, "10,10", 2)
    assert game.state.players[0].frags == 2
    assert game.state.dice.script == ()


@pytest.mark.rule("H-INSTANT-01")
def test_without_the_switch_the_fragged_fighter_waits_for_his_turn__H_INSTANT_01() -> None:
    """Off by default: Bob stays off the board, no die rolled for him (F-RESP-01)."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 6, 6]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    game.play(["attack 1 pistol", "pass", "pass"])
    assert (game.state.players[1].status, game.state.players[1].square) == (Status.FRAGGED, None)


@pytest.mark.rule("H-INSTANT-01")
def test_the_active_player_fragged_goes_on_with_his_turn_after_respawning__H_INSTANT_01() -> None:
    """Ann (Health 1 left) steps into acid at 5,5 and is fragged by it; she respawns at once (die 2:
    10,1) and goes on with her 2 movement points and 2 attacks left."""
    game = game_from(
        INSTANT
        + """
        dice = [1, 6, 6, 2]
        phase = "action"
        movement = 3
        [[fighter]]
        name = "Ann"
        damage = 1
        at = "4,5"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    game.play(["step e", "pass"])
    ann, turn = game.state.players[0], game.state.turn
    assert (ann.status, str(ann.square), ann.damage, ann.record.deaths) == (Status.IN_PLAY, "10,1", 0, 1)
    assert (turn.active, turn.phase, turn.movement, turn.attacks, game.decider()) == (0, Phase.ACTION, 2, 2, 0)
    assert {"step s", "end"} <= {str(a) for a in game.legal_actions()}
    assert game.state.dice.script == ()


@pytest.mark.rule("H-INSTANT-01")
def test_several_frags_at_once_respawn_in_the_order_fragged__H_INSTANT_01() -> None:
    """Ann brings Bob to Health 0; his parting shot frags Ann (Health 1) first, then Bob gives up: Ann
    respawns first (die 3: 1,10), then Bob (die 4: 10,10); Ann's turn goes on with her second attack."""
    game = game_from(
        INSTANT
        + """
        dice = [6, 6, 6, 1, 6, 6,   6, 6, 6, 1, 6, 6,   3, 4]
        phase = "action"
        decks.specials = ["dodge", "double-tap"]
        [[fighter]]
        name = "Ann"
        health = 1
        at = "2,4"
        [[fighter]]
        name = "Bob"
        health = 1
        at = "2,6"
        hand = ["parting-shot"]
        """
    )
    events = game.play(["attack 1 pistol", "pass", "play parting-shot#1 pistol on 0", "pass", "pass", "pass"])
    respawned = [(e.player, str(e.square)) for e in events if e.kind is FragEventKind.RESPAWNED]
    assert respawned == [(0, "1,10"), (1, "10,10")]
    ann, bob = game.state.players
    assert (ann.status, bob.status, ann.frags, bob.frags) == (Status.IN_PLAY, Status.IN_PLAY, 1, 1)
    turn = game.state.turn
    assert (turn.active, turn.phase, turn.attacks, game.decider(), game.state.pending) == (0, Phase.ACTION, 1, 0, [])
    assert game.state.dice.script == ()


def yard(dice: list[int], bob: str = "agency-operative") -> Game:
    """Frag Deadlands' gallows yard (tests/rules/deadlands/test_western.py) with instant respawn."""
    return game_from(INSTANT + YARD.format(dice=dice, health=2, bob=bob, hand=[]))


@pytest.mark.rule("H-INSTANT-01")
def test_under_deadlands_a_soft_frag_respawns_at_once__H_INSTANT_01() -> None:
    """Damage 2+3 against defence 1+1 takes 3 Health of Bob's 2: less than twice, so no gallows; he
    respawns at once (die 2: respawn point 2 at 6,0)."""
    game = yard([6, 6, 6, 1, 1, 2, 3, 2])
    events = game.play(["attack 1 pistol", "pass", "pass"])
    assert kinds_of(events)[-5:] == ["Fragged", "Leftovers", "FragScored", "Respawned", "CardDrawn"]
    bob = game.state.players[1]
    assert (bob.status, str(bob.square), bob.markers.hard_hit, game.state.pending) == (Status.IN_PLAY, "6,0", False, [])


@pytest.mark.rule("H-INSTANT-01")
def test_under_deadlands_hanging_wins_over_instant_respawn__H_INSTANT_01__D_GAL_01() -> None:
    """Ruling H-INSTANT-01: a hard blow sends Bob to the gallows, no respawn die rolled; he hangs."""
    game = yard([6, 6, 6, 1, 1, 6, 6])
    events = game.play(["attack 1 pistol", "pass", "pass"])
    assert kinds_of(events)[-4:] == ["Fragged", "Leftovers", "FragScored", "CardDrawn"]
    assert isinstance(game.state.pending[-1], Gallows)
    game.play(["square 3,3"])
    bob = game.state.players[1]
    assert (bob.status, str(bob.square), bob.markers.hanged) == (Status.FRAGGED, "3,3", True)
    assert game.state.dice.script == ()


@pytest.mark.rule("H-INSTANT-01")
def test_under_deadlands_a_spared_indian_brave_respawns_at_once__H_INSTANT_01__D_FTR_07() -> None:
    """Ann may hang the Indian Brave; she spares him, and he respawns then (die 4: 6,3)."""
    game = yard([6, 6, 6, 1, 1, 2, 2, 4], bob="indian-brave")
    game.play(["attack 1 pistol", "pass", "pass"])
    assert isinstance(game.state.pending[-1], Gallows)
    events = game.play(["pass"])
    assert kinds_of(events) == ["Passed", "Respawned"]
    bob = game.state.players[1]
    assert (bob.status, str(bob.square)) == (Status.IN_PLAY, "6,3")
    assert game.state.dice.script == ()


# -- H-JUMP-01: jump pads, and the die rolled after committing ----------------------------------------
#
# The Supply Cache's jump pad at 2,2 looks east over the acid at 4,2 and 5,2 to 6,2 .. 9,2 (the wall).


def pad(ruleset: str, dice: str, *, commit: bool, movement: int = 5, others: str = "") -> Game:
    """Ann on 1,2, one step west of the jump pad at 2,2, Speed 2 and `movement` points."""
    scenario = textwrap.dedent(f"""
        map = "supply"
        options = {{ "jump-after-commit" = {"true" if commit else "false"} }}
        dice = {dice}
        phase = "action"
        movement = {movement}
        [[fighter]]
        name = "Ann"
        at = "1,2"
        {'character = "agency-operative"' if ruleset == "deadlands" else ""}
        [[fighter]]
        name = "Bob"
        at = "9,5"
        {'character = "saloon-gal"' if ruleset == "deadlands" else ""}
        """) + textwrap.dedent(others)
    return deadlands(scenario) if ruleset == "deadlands" else game_from(scenario)


def jumps_east(game: Game) -> set[int]:
    return {a.distance for a in game.legal_actions() if isinstance(a, Jump) and a.direction.value == "e"}


def moved(events: list) -> list[str]:
    return [e.text for e in events if e.kind is CommonEventKind.MOVED]


@pytest.mark.rule("H-JUMP-01")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_jump_pad_rolls_its_die_on_entering_and_throws_that_much_farther__H_JUMP_01(ruleset: str) -> None:
    """Switch off (the rulebook way): stepping onto the pad rolls its die (3) at once; with 4 points left
    Ann's own jump is 2 squares, the pad's 3 more: jumps east of 2 to 5 squares, and 5 costs her own 2
    squares' 4 points only."""
    game = pad(ruleset, "[3]", commit=False)
    game.play(["step e"])
    assert game.state.turn.jump_pad_die == 3
    assert jumps_east(game) == {2, 3, 4, 5}
    events = game.play(["jump e 5"])
    assert moved(events) == ["Ann jumps e 5 squares from the jump pad to 7,2 (0 movement left)"]
    assert str(game.state.players[0].square) == "7,2"
    assert game.state.dice.script == ()


@pytest.mark.rule("H-JUMP-01")
def test_a_jump_pad_throws_once_a_turn__H_JUMP_01() -> None:
    """Stepping off the pad and back: no second die, and the pad is plain floor for the rest of the turn."""
    game = pad("frag", "[3]", commit=False, movement=7)
    game.play(["step e", "step w", "step e"])
    assert jumps_east(game) == {2}
    assert game.state.dice.script == ()


@pytest.mark.rule("H-JUMP-01")
def test_a_jump_pad_needs_points_for_a_jump_of_his_own__H_JUMP_01() -> None:
    """With 1 point left after the step, Ann cannot jump at all: the pad throws nobody standing still."""
    game = pad("frag", "[6]", commit=False, movement=2)
    game.play(["step e"])
    assert jumps_east(game) == set()


@pytest.mark.rule("H-JUMP-01")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_after_commit_the_pads_die_is_rolled_once_the_jump_is_chosen__H_JUMP_01(ruleset: str) -> None:
    """`jump-after-commit`: entering the pad rolls nothing; every jump up to 6 squares beyond her own
    is offered (east: to the wall, 7 squares); she commits to 5 and the die (3) says it is far enough."""
    game = pad(ruleset, "[3]", commit=True)
    game.play(["step e"])
    assert game.state.dice.script == (3,)
    assert jumps_east(game) == {2, 3, 4, 5, 6, 7}
    events = game.play(["jump e 5"])
    assert moved(events) == [
        "Ann jumps e 5 squares from the jump pad (the pad throws 3: far enough) to 7,2 (0 movement left)"
    ]
    assert game.state.dice.script == ()


@pytest.mark.rule("H-JUMP-01")
def test_a_committed_jump_that_falls_short_lands_on_the_farthest_free_square__H_JUMP_01() -> None:
    """Ruling H-JUMP-01: Ann commits to 7 squares; the die shows 3, so she reaches 2 + 3 = 5 squares:
    7,2, where Cat stands, so 6,2 (4 squares); her 4 points are spent all the same."""
    game = pad("frag", "[3]", commit=True, others='[[fighter]]\nname = "Cat"\nat = "7,2"\n')
    game.play(["step e"])
    events = game.play(["jump e 7"])
    assert moved(events) == [
        "Ann jumps e 7 squares from the jump pad but the pad throws only 3: falls short, 4 squares to 6,2 "
        "(0 movement left)"
    ]
    assert (str(game.state.players[0].square), game.state.turn.movement) == ("6,2", 0)


@pytest.mark.rule("H-JUMP-01")
def test_a_committed_jump_with_nowhere_to_land_falls_back_onto_the_pad__H_JUMP_01() -> None:
    """Ruling H-JUMP-01: the die shows 1 (reach 3 squares) and Cat and Dan stand in the acid at 5,2 and
    4,2: no square to land on, Ann falls back onto the pad (plain floor now: no die again)."""
    others = '[[fighter]]\nname = "Cat"\nat = "5,2"\n[[fighter]]\nname = "Dan"\nat = "4,2"\n'
    game = pad("frag", "[1]", commit=True, others=others)
    game.play(["step e"])
    events = game.play(["jump e 6"])
    assert moved(events)[0].endswith("but the pad throws only 1: falls back onto the pad to 2,2 (0 movement left)")
    assert str(game.state.players[0].square) == "2,2"
    assert game.state.dice.script == ()


@pytest.mark.rule("H-JUMP-01")
def test_the_map_view_draws_and_explains_a_jump_pad__H_JUMP_01() -> None:
    """The Supply Cache's pads: the glyph J and a legend line saying what it is."""
    from fragtui.content.library import board_named
    from fragtui.tui.glyphs import Role, board_glyphs, legend

    board = board_named("supply")
    assert board.cell(2, 2).terrain is Terrain.JUMP_PAD and board.cell(7, 3).terrain is Terrain.JUMP_PAD
    assert board_glyphs(board)[2 * 2 + 1][2 * 2 + 1] == ("J", Role.JUMP_PAD)
    assert (("J", Role.JUMP_PAD), "jump pad") in legend(board)
