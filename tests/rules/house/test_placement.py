"""Franklin's house rules for placement and respawn (seed 002): H-PLACE-01, placement by die roll with the
next free spawn point, and H-SCATTER-01, respawn clustering by the scatter diagram instead of bumping.

Both are switches (`placement-roll`, `scatter`) of base Frag and of Frag Deadlands, off by default; each
test plays them with scripted dice, alone and together, under both rulesets where they apply.
"""

from __future__ import annotations

import pytest

from fragtui.content.library import board_named, cards_for
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.dice import Dice
from fragtui.engine.events import CommonEventKind, Event, EventKind
from fragtui.engine.frag.actions import Place, Respawn, RollBump
from fragtui.engine.frag.decisions import Bump, PlaceFighter
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.house import HOUSE_RULES, HOUSE_TEXTS, PLACEMENT_ROLL, SCATTER
from fragtui.engine.frag.state import Phase, Status
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset
from fragtui.errors import IllegalActionError
from tests.conftest import game_from, kinds

AVERAGE = {"health": 2, "speed": 2, "accuracy": 3}
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")
CHARACTERS = ("agency-operative", "saloon-gal", "indian-brave", "mad-scientist", "huckster")


def _sq(text: str) -> Square:
    return Square.parse(text)


def _texts(events: list[Event], kind: EventKind) -> list[str]:
    return [e.text for e in events if e.kind is kind]


def _new_game(ruleset: str, players: int, dice: list[int], options: dict[str, object], map_name: str) -> Game:
    """A new game as `Game.new` sets it up, but on scripted dice (`dice`: the first player's and the
    placement rolls; a Frag Deadlands game finds its first player by the poker draw, played out first)."""
    seats: list[dict[str, object]] = [{"name": NAMES[n], "fighter": AVERAGE} for n in range(players)]
    if ruleset == "deadlands":
        for n, seat in enumerate(seats):
            seat["character"] = CHARACTERS[n]
    config = make_config(ruleset=ruleset, map=map_name, seats=seats, options=options)
    board = board_named(map_name)
    cards = cards_for(config)
    rules = find_ruleset(ruleset)
    state = rules.initial_state(config, Dice.scripted(dice) if ruleset == "frag" else Dice(7), board, cards)
    game = Game(state, board, cards)
    game.rules.start()
    game.state.dice = game.rules.dice.state
    game.opening = game.rules.events
    game.rules.events = []
    if ruleset == "deadlands":  # the poker draw: every seat takes the first cards offered, then the dice are scripted
        while not isinstance(game.state.pending[-1], PlaceFighter):
            game.apply(game.legal_actions()[0])
        game.rules.dice = Dice.scripted(dice)
        game.state.dice = game.rules.dice.state
    return game


def _place_all(game: Game) -> list[Event]:
    events: list[Event] = []
    while game.state.pending and isinstance(game.state.pending[-1], PlaceFighter):
        assert game.legal_actions() == [Respawn()]
        events.extend(game.apply(Respawn()))
    return events


def _point_of(game: Game, seat: int) -> int:
    square = game.state.players[seat].square
    return next(n for n, s in game.rules.board.respawn_points.items() if s == square)


# -- the switches ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["frag", "deadlands"])
def test_both_switches_are_offered_off_by_default_with_their_full_text__H_PLACE_01_H_SCATTER_01(ruleset: str) -> None:
    """H-PLACE-01, H-SCATTER-01: both rulesets offer `placement-roll` and `scatter`, off unless set, each
    with its one-line summary and the full text of RULES.md kept in the engine."""
    rules = find_ruleset(ruleset)
    for name, rule in ((PLACEMENT_ROLL, "H-PLACE-01"), (SCATTER, "H-SCATTER-01")):
        spec = rules.option(name)
        assert (spec.default, spec.rule) == (False, rule)
        assert spec in HOUSE_RULES and len(spec.summary) <= 60
    assert "cycling 6 → 1" in HOUSE_TEXTS["H-PLACE-01"]
    assert "top row F A D, middle row C (spawn) G, bottom row H E B" in HOUSE_TEXTS["H-SCATTER-01"]
    assert len(HOUSE_TEXTS) == 12 and all(key.startswith("H-") for key in HOUSE_TEXTS)


# -- H-PLACE-01: placement by die roll -----------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "map_name"), [("frag", "foundry"), ("deadlands", "town")])
def test_the_seeds_example_a_roll_for_a_taken_point_takes_the_next_free_one_cycling_6_to_1__H_PLACE_01(
    ruleset: str, map_name: str
) -> None:
    """H-PLACE-01, the seed's example: points 3, 4 and 6 are taken; the next player rolls a 3 and starts on
    5; the player after him rolls a 4 and starts on 1 (after 6 comes 1). Under Frag Deadlands the
    placement follows the poker draw (D-CARD-04), rolled the same way."""
    first = [6, 1, 1, 1, 1] if ruleset == "frag" else []  # Frag rolls for first player: Ann's 6 wins
    game = _new_game(ruleset, 5, [*first, 3, 4, 6, 3, 4], {PLACEMENT_ROLL: True}, map_name)
    leader = game.state.first
    order = [(leader + k) % 5 for k in range(5)]
    assert game.decider() == order[0] and game.legal_actions() == [Respawn()]
    with pytest.raises(IllegalActionError):
        game.apply(Place(point=1))  # no choosing: the die says
    events = _place_all(game)
    assert [_point_of(game, seat) for seat in order] == [3, 4, 6, 5, 1]
    assert _texts(events, CommonEventKind.MOVED) == [
        f"{NAMES[order[3]]} rolled respawn point 3, which is taken: the next free one is 5",
        f"{NAMES[order[4]]} rolled respawn point 4, which is taken: the next free one is 1",
    ]
    assert game.state.turn.phase is Phase.ROLL and game.state.turn.active == leader
    assert game.state.dice.script == ()


def test_faces_without_a_point_are_rolled_again_and_a_free_point_is_taken_as_rolled__H_PLACE_01() -> None:
    """H-PLACE-01 on the Pocket Arena (points 1-4): Ann goes first (6 to 2); she rolls 5, 6 (no such
    points: rolled again) then 2; Bob rolls 2, taken, and starts on 3."""
    game = _new_game("frag", 2, [6, 2, 5, 6, 2, 2], {PLACEMENT_ROLL: True}, "pocket")
    events = _place_all(game)
    assert [_point_of(game, s) for s in (0, 1)] == [2, 3]
    assert kinds(events)[:4] == ["DiceRolled", "DiceRolled", "DiceRolled", "Placed"]


def test_off_by_default_the_players_choose_their_points__H_PLACE_01() -> None:
    """H-PLACE-01 off (the default): set-up placement is chosen, as F-SETUP-03 says, and rolls nothing."""
    game = _new_game("frag", 2, [6, 2], {}, "pocket")
    assert game.legal_actions() == [Place(point=n) for n in (1, 2, 3, 4)]
    game.play(["place 4", "place 1"])
    assert [_point_of(game, s) for s in (0, 1)] == [4, 1]


# -- H-SCATTER-01: respawn clustering ------------------------------------------------------------------------

CORNER = """
+-+-+-+-+
|1 # . 2|
+       +
|. . ~ .|
+       +
|. . . .|
+       +
|3 . . 4|
+-+-+-+-+
"""
"""Spawn 1 in the north-west corner with rock east of it; acid at 2,1 (spawn 2's H square)."""

EDGE = """
+-+-+-+-+
|# . . .|
+       +
|1 . . 2|
+       +
|. . . .|
+       +
|3 . . 4|
+-+-+-+-+
"""
"""Spawn 1 on the west edge at 0,1 with rock north of it (its A)."""


def _respawn(
    map_text: str, fighters: dict[str, str], dice: str, options: str = "scatter = true", ruleset: str = "frag"
) -> Game:
    """Ann (off the board) respawns in her turn, after the last seat's; the others stand where `fighters` says."""
    last = list(fighters)[-1]
    body = "".join(f'[[fighter]]\nname = "{name}"\nat = "{at}"\n' for name, at in fighters.items())
    if ruleset == "deadlands":
        body = body.replace("\n[[fighter]]", '\ncharacter = "saloon-gal"\n[[fighter]]')
        body += 'character = "indian-brave"\n'
    ann = '[[fighter]]\nname = "Ann"\n' + ('character = "agency-operative"\n' if ruleset == "deadlands" else "")
    scenario = (
        f'ruleset = "{ruleset}"\nmap_text = """{map_text}"""\ndice = [{dice}]\nphase = "action"\nturn = "{last}"\n'
        f"options = {{ {options} }}\n" + ann + body
    )
    game = game_from(scenario)
    game.play(["end"])
    return game


@pytest.mark.parametrize("ruleset", ["frag", "deadlands"])
def test_respawning_on_a_fighter_appears_on_the_first_free_square_of_the_diagram_not_bumping__H_SCATTER_01(
    ruleset: str,
) -> None:
    """H-SCATTER-01: Ann rolls 1 where Bob stands (0,1): A (0,0) is rock, B (1,2) is Cat's, C is off the
    map, D (1,0) is free: she appears on D; nobody is bumped. The same under Frag Deadlands."""
    game = _respawn(EDGE, {"Bob": "0,1", "Cat": "1,2"}, "1", ruleset=ruleset)
    events = game.play(["respawn"])
    assert kinds(events)[:2] == ["DiceRolled", "Respawned"] and "Bumped" not in kinds(events)
    assert not any(isinstance(p, Bump) for p in game.state.pending)
    assert [p.square for p in game.state.players] == [_sq("1,0"), _sq("0,1"), _sq("1,2")]
    assert game.state.players[0].status is Status.IN_PLAY
    assert _texts(events, FragEventKind.RESPAWNED) == ["Ann respawns on 1,0, beside respawn point 1 (scatter D)"]
    assert game.state.dice.script == ()


def test_the_diagram_is_checked_in_letter_order_a_first__H_SCATTER_01() -> None:
    """H-SCATTER-01, the seed's diagram (top F A D, middle C spawn G, bottom H E B): around spawn 2 (3,1)
    with A (3,0) taken by Cat, B (4,2) is off the map, C (2,1) is free: Ann appears on C."""
    game = _respawn(EDGE, {"Bob": "3,1", "Cat": "3,0"}, "2")
    game.play(["respawn"])
    assert game.state.players[0].square == _sq("2,1")


def test_every_square_around_taken_rolls_again_for_another_point__H_SCATTER_01() -> None:
    """H-SCATTER-01: spawn 1 (0,0) in the corner has only E (0,1), G (1,0: rock here) and B (1,1) on the
    map; Cat and Dan stand on E and B: Ann rolls again, a 4, and respawns on point 4."""
    game = _respawn(CORNER, {"Bob": "0,0", "Cat": "0,1", "Dan": "1,1"}, "1, 4")
    events = game.play(["respawn"])
    assert kinds(events) == ["DiceRolled", "Moved", "DiceRolled", "Respawned"]
    assert _texts(events, CommonEventKind.MOVED) == ["Every square around respawn point 1 is taken: Ann rolls again"]
    assert game.state.players[0].square == _sq("3,3")
    assert _texts(events, FragEventKind.RESPAWNED) == ["Ann respawns on respawn point 4"]


def test_a_hazard_square_of_the_diagram_is_free_and_appearing_on_it_does_no_harm__H_SCATTER_01() -> None:
    """H-SCATTER-01 (ruling: hazards count as free, appearing is not entering): around spawn 2 (3,0), A
    and D are off the map, B (4,1) too; C (2,0) is Cat's, E (3,1) Dan's, F off, G off, H (2,1) is acid: Ann
    appears there unhurt."""
    game = _respawn(CORNER, {"Bob": "3,0", "Cat": "2,0", "Dan": "3,1"}, "2")
    events = game.play(["respawn"])
    assert game.state.players[0].square == _sq("2,1")
    assert game.state.players[0].damage == 0 and "Hurt" not in kinds(events)


def test_off_by_default_respawning_on_a_fighter_bumps_him__H_SCATTER_01() -> None:
    """H-SCATTER-01 off: F-RESP-03's bumping, unchanged (Bob must roll)."""
    game = _respawn(EDGE, {"Bob": "0,1", "Cat": "1,2"}, "1", options="")
    game.play(["respawn"])
    assert game.state.players[0].square == _sq("0,1")
    assert game.state.pending == [Bump(player=1, by=0)] and game.legal_actions() == [RollBump()]


def test_a_teleport_still_bumps_and_the_bumped_fighter_scatters_at_a_taken_point__H_SCATTER_01() -> None:
    """H-SCATTER-01 (ruling: it replaces bumping for respawns; a teleport onto a fighter still bumps him, and
    where he lands is a respawn, scattered): Bob teleports onto Cat; Cat rolls 1, Dan's point, and appears
    on B (1,2) since A is rock."""
    game = game_from(f"""
        map_text = \"\"\"{EDGE}\"\"\"
        dice = [1]
        options = {{ scatter = true }}
        [[fighter]]
        name = "Bob"
        at = "3,3"
        hand = ["teleport"]
        [[fighter]]
        name = "Cat"
        at = "2,2"
        [[fighter]]
        name = "Dan"
        at = "0,1"
    """)
    events = game.play(["play teleport#1 2,2"])
    assert "Bumped" in kinds(events)
    events = game.play(["bump"])
    assert [p.square for p in game.state.players] == [_sq("2,2"), _sq("1,2"), _sq("0,1")]
    assert _texts(events, CommonEventKind.MOVED) == ["Cat is moved to 1,2, beside respawn point 1 (scatter B)"]
    assert game.state.pending == []


# -- both together ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "map_name"), [("frag", "foundry"), ("deadlands", "town")])
def test_with_both_on_placement_takes_the_next_free_point_and_a_respawn_scatters__H_PLACE_01_H_SCATTER_01(
    ruleset: str, map_name: str
) -> None:
    """H-PLACE-01 with H-SCATTER-01: a placement roll for a taken point still goes to the next free point
    (scatter is for respawning), so nobody starts beside another; a respawn onto a fighter scatters."""
    first = [6, 1] if ruleset == "frag" else []
    game = _new_game(ruleset, 2, [*first, 5, 5], {PLACEMENT_ROLL: True, SCATTER: True}, map_name)
    leader = game.state.first
    _place_all(game)
    assert [_point_of(game, s) for s in (leader, 1 - leader)] == [5, 6]
    scattered = _respawn(EDGE, {"Bob": "0,1", "Cat": "1,2"}, "1", options="scatter = true, placement-roll = true")
    scattered.play(["respawn"])
    assert scattered.state.players[0].square == _sq("1,0")
