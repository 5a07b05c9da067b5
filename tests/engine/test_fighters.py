"""Fighters are not seats: fighter ids with an owner seat, and the typed markers a fighter may carry.

Base Frag gives each seat one fighter, numbered as the seat (F-SETUP-01), so its actions, events and
JSON name fighters exactly as they always named seats. The markers other rule systems set (D-SHOOT-01,
D-GAL-01, H-WOUND-01, R-TOUGH-01, R-COVER-01, R-SHOOT-01, J-RT-05) round-trip through JSON, and a fighter
without any writes nothing of them.
"""

from __future__ import annotations

import json
import random

import pytest
from pydantic import TypeAdapter

from fragtui.content.library import new_game
from fragtui.engine.actions import Attack, PlayCard, action_adapter
from fragtui.engine.board import Direction
from fragtui.engine.config import make_config
from fragtui.engine.events import Event, EventKind
from fragtui.engine.fighters import FighterId, Markers
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.game import Game
from fragtui.engine.harness import InvariantError, play_random_game
from fragtui.engine.rulesets import _REGISTRY as REGISTRY
from fragtui.engine.rulesets import register_ruleset
from fragtui.engine.state import GameState
from tests.conftest import game_from

SEATS = [
    {"name": "Ann", "fighter": {"health": 2, "speed": 2, "accuracy": 3}},
    {"name": "Bob", "fighter": {"health": 3, "speed": 2, "accuracy": 2}},
    {"name": "Cy", "fighter": {"health": 2, "speed": 3, "accuracy": 2}},
]

TWO_IN_PLAY = """
    dice = [6, 6, 6, 1, 1]
    phase = "action"
    [[fighter]]
    name = "Ann"
    at = "1,3"
    [[fighter]]
    name = "Bob"
    at = "1,6"
"""


def _game() -> Game:
    return new_game(make_config(map="pocket", seats=SEATS), seed=5)


def test_a_frag_seat_owns_one_fighter_numbered_as_the_seat__F_SETUP_01():
    rules = _game().rules
    assert rules.fighters() == [0, 1, 2]
    assert [rules.owner(fighter) for fighter in rules.fighters()] == [0, 1, 2]
    assert [rules.fighters_of(seat) for seat in range(3)] == [[0], [1], [2]]
    with pytest.raises(IndexError):
        rules.owner(3)
    with pytest.raises(IndexError):
        rules.fighters_of(-1)


def test_actions_and_events_name_fighters_in_the_json_they_always_had__F_ATK_03():
    """An attack names the fighter attacked; its JSON and notation are what they were with seats."""
    attack = Attack(target=1, weapon="pistol")
    assert attack.model_dump_json() == '{"kind":"attack","target":1,"weapon":"pistol"}'
    assert action_adapter.validate_json(attack.model_dump_json()) == attack and str(attack) == "attack 1 pistol"
    assert PlayCard(card="lag#1", target=2).model_dump_json() == (
        '{"kind":"play","card":"lag#1","weapon":null,"to":null,"target":2}'
    )
    game = game_from(TWO_IN_PLAY)
    events = game.play(["attack 1 pistol"])
    attacked = next(e for e in events if e.kind is EventKind.ATTACKED)
    assert (attacked.player, attacked.other) == (0, 1)
    assert game.rules.owner(attacked.other) == 1 and game.decider() == 1  # Bob, owner of the fighter hit, reacts
    assert Event.model_validate_json(attacked.model_dump_json()) == attacked


def test_a_fighter_without_markers_adds_nothing_to_the_json():
    """Base Frag sets no marker: the state's JSON holds no `markers`, and setting then clearing one gives
    the JSON back byte for byte."""
    game = _game()
    text = game.state.model_dump_json()
    assert "markers" not in text
    assert all(player.markers.empty for player in game.state.players)
    player = game.state.players[1]
    player.markers.wounds = 2
    assert game.state.model_dump_json() != text
    player.markers.wounds = 0
    assert game.state.model_dump_json() == text


def test_markers_round_trip_through_json__D_SHOOT_01():
    """Every marker set on a fighter (a held attack D-SHOOT-01, the gallows D-GAL-01, wounds H-WOUND-01,
    lily-livered R-TOUGH-01, covering R-COVER-01, aiming R-SHOOT-01, facing J-RT-05) is written and read
    back; only the markers set are written."""
    game = _game()
    state = game.state.model_copy(deep=True)
    state.players[0].markers = Markers(held_attack=True, hanged=True, wounds=3, facing=Direction.W)
    state.players[2].markers = Markers(lily_livered=True, covering=True, aiming=True)
    text = state.model_dump_json()
    players = json.loads(text)["players"]
    assert players[0]["markers"] == {"held_attack": True, "hanged": True, "wounds": 3, "facing": "w"}
    assert "markers" not in players[1]
    assert players[2]["markers"] == {"lily_livered": True, "covering": True, "aiming": True}
    again = GameState.model_validate_json(text)
    assert again == state
    assert again.players[0].markers.facing is Direction.W and again.players[1].markers.empty


def test_a_marker_of_the_wrong_type_is_refused():
    with pytest.raises(ValueError, match="facing"):
        TypeAdapter(Markers).validate_python({"facing": "up"})
    with pytest.raises(ValueError, match="no_such_marker"):
        TypeAdapter(Markers).validate_python({"no_such_marker": True})


class CrossedOwners(FragRules):
    """A test-only ruleset whose hooks disagree on who owns whom (a bug to catch)."""

    key = "test-crossed-owners"
    title = "Frag, crossed owners (test)"

    def owner(self, fighter: FighterId) -> int:
        return (fighter + 1) % len(self.state.players)


def test_the_harness_checks_that_every_fighter_has_one_owner():
    """`fighters`, `owner` and `fighters_of` must agree, in every registered ruleset's random games."""
    register_ruleset(CrossedOwners)
    try:
        game = new_game(make_config(ruleset=CrossedOwners.key, map="pocket", seats=SEATS), seed=3)
        with pytest.raises(InvariantError, match="fighter 0 is among seat 0's but owned by seat 1"):
            play_random_game(game, random.Random(3), max_actions=10)
    finally:
        del REGISTRY[CrossedOwners.key]
