"""Fighters are not seats: fighter ids with an owner seat, and the typed markers a fighter may carry.

Base Frag gives each seat one fighter, numbered as the seat (F-SETUP-01), so its actions, events and
JSON name fighters exactly as they always named seats. The markers other rule systems set (D-SHOOT-01,
D-GAL-01, H-WOUND-01, J-RT-05), each registered by its own system, and Ruthless's own marks (R-TOUGH-01,
R-COVER-01, R-SHOOT-01) round-trip through JSON, and a fighter without any writes nothing of them.
"""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest
from pydantic import ConfigDict, TypeAdapter
from pydantic.dataclasses import dataclass

from fragtui.content.library import new_game
from fragtui.engine.actions import action_adapter
from fragtui.engine.board import Direction
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.markers import DeadlandsMarkers
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.fighters import FighterId, MarkerGroup, Markers, forget_markers, marker_groups, register_markers
from fragtui.engine.frag.actions import Attack, PlayCard
from fragtui.engine.frag.house import HouseMarkers
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.game import Game
from fragtui.engine.harness import InvariantError, play_random_game
from fragtui.engine.realtime.facing import RealTimeMarkers
from fragtui.engine.rulesets import _REGISTRY as REGISTRY
from fragtui.engine.rulesets import register_ruleset
from fragtui.engine.ruthless.table import RuthlessMarkers
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
    attacked = next(e for e in events if e.kind is CommonEventKind.ATTACKED)
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
    facing J-RT-05) is written and read back; only the markers set are written, as one flat mapping in the
    order the kernel wrote them when it listed every system's markers."""
    game = _game()
    state = game.state.model_copy(deep=True)
    state.players[0].markers = Markers(facing=Direction.W, wounds=3, hanged=True, held_attack=True)
    text = state.model_dump_json()
    players = json.loads(text)["players"]
    assert text.count('"markers":{"held_attack":true,"hanged":true,"wounds":3,"facing":"w"}') == 1
    assert "markers" not in players[1]
    again = GameState.model_validate_json(text)
    assert again == state
    assert again.players[0].markers.of(RealTimeMarkers).facing is Direction.W and again.players[1].markers.empty
    assert again.players[0].markers.of(DeadlandsMarkers) == DeadlandsMarkers(held_attack=True, hanged=True)
    assert again.players[0].markers.of(HouseMarkers).wounds == 3


def test_a_ruthless_models_marks_round_trip_through_json__R_TOUGH_01():
    """Lily-livered (R-TOUGH-01), covering (R-COVER-01) and aiming (R-SHOOT-01) are Ruthless's own marks, on
    its own model: written as they always were, only those set."""
    adapter = TypeAdapter(RuthlessMarkers)
    marks = RuthlessMarkers(lily_livered=True, aiming=True)
    assert adapter.dump_json(marks) == b'{"lily_livered":true,"aiming":true}'
    assert adapter.validate_json(adapter.dump_json(marks)) == marks
    assert adapter.dump_json(RuthlessMarkers()) == b"{}"


def test_a_marker_of_the_wrong_type_is_refused():
    with pytest.raises(ValueError, match="facing"):
        TypeAdapter(Markers).validate_python({"facing": "up"})
    with pytest.raises(ValueError, match="no_such_marker"):
        TypeAdapter(Markers).validate_python({"no_such_marker": True})
    with pytest.raises(ValueError, match="lily_livered"):  # (Ruthless's marks are not a Frag fighter's)
        TypeAdapter(Markers).validate_python({"lily_livered": True})


def test_the_kernel_names_no_systems_marker():
    """Every group of markers is its system's own, registered from its own package; the kernel's `Markers`
    declares none."""
    groups = marker_groups()
    assert {key: group.__module__ for key, group in groups.items()}.items() >= {
        "deadlands": "fragtui.engine.deadlands.markers",
        "house": "fragtui.engine.frag.house",
        "realtime": "fragtui.engine.realtime.facing",
    }.items()
    assert all(group.__module__.count(".") >= 3 for group in groups.values())  # (in a system's package)
    assert not hasattr(Markers, "__pydantic_fields__") and Markers.__slots__ == ("_groups",)


@dataclass(config=ConfigDict(extra="forbid"))
class Sunburn(MarkerGroup):
    """A test system's marker: turns in the sun."""

    sunburn: int = 0


def test_a_system_registers_its_own_markers():
    """A group registered by a system (here, by the test) is read and written typed, goes to and from the
    JSON by its markers' names (groups in the order of their names: `deadlands` before `sun`), and leaves
    no trace while unset."""
    register_markers("sun", Sunburn)
    try:
        markers = Markers()
        assert markers.empty and markers.of(Sunburn).sunburn == 0 and markers.empty
        markers.of(Sunburn).sunburn = 2
        markers.of(DeadlandsMarkers).hanged = True
        adapter = TypeAdapter(Markers)
        assert adapter.dump_json(markers) == b'{"hanged":true,"sunburn":2}'
        again = adapter.validate_json(b'{"sunburn":2,"hanged":true}')
        assert again == markers and again.of(Sunburn) == Sunburn(sunburn=2)
        assert pickle.loads(pickle.dumps(again)) == again and copy.deepcopy(again) == again
        copied = again.copy()
        copied.of(Sunburn).sunburn = 3
        assert again.of(Sunburn).sunburn == 2  # (a copy is independent)
        with pytest.raises(ValueError, match="two groups of markers are called 'sun'"):
            register_markers("sun", DeadlandsMarkers)
        with pytest.raises(ValueError, match="two groups mark a fighter 'sunburn'"):
            register_markers("moon", Sunburn)
    finally:
        forget_markers("sun")
    with pytest.raises(ValueError, match="not a registered group"):
        Markers().of(Sunburn)


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
