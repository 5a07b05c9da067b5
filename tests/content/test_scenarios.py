"""Scenarios (docs/scenarios.md): positions set up in a few lines, and clear errors for bad ones."""

from __future__ import annotations

import textwrap

import pytest

from fragtui.content.library import scenario_game
from fragtui.engine.board import Square
from fragtui.engine.frag.state import CounterKind, Phase, Status
from fragtui.errors import ScenarioError

BASE = """\
map = "pocket"
dice = [1, 2, 3]
phase = "action"
movement = 3

[[fighter]]
name = "Ann"
health = 4
speed = 4
accuracy = 4
at = "1,4"
damage = 1
hand = ["medpack", "shotgun"]
weapons = [{ card = "rail-rifle", ammo = 2 }]
gadgets = [{ card = "heavy-armor", absorbed = 1 }]
specials = [{ card = "adrenaline", turns = 1 }]
blood = 2
frags = 1

[[fighter]]
name = "Bob"
at = "8,8"

[[counter]]
at = "3,4"
weapons = ["machine-gun"]

[[counter]]
at = "3,5"
blood = true

[decks]
gadgets = ["light-armor", "medpack"]
"""


def test_a_scenario_sets_up_the_whole_position():
    game = scenario_game(BASE)
    ann, bob = game.state.players
    assert ann.square == Square(1, 4) and ann.status is Status.IN_PLAY
    assert (ann.design.health, ann.design.speed, ann.design.accuracy) == (4, 4, 4)  # past 7 points: allowed here
    assert ann.hand == ["medpack#1", "shotgun#1"]
    assert ann.weapons[0].card == "rail-rifle#1" and ann.weapons[0].ammo == 2
    assert ann.gadgets[0].absorbed == 1 and ann.specials[0].turns_left == 1
    assert (ann.damage, ann.blood, ann.frags) == (1, 2, 1)
    assert game.rules.health(0) == 4 + 2 - 1 - 1
    assert [c.kind for c in game.state.counters] == [CounterKind.WEAPONS, CounterKind.BLOOD]
    assert game.state.decks.draw["gadgets"] == ["light-armor#1", "medpack#2"]
    assert game.state.turn.phase is Phase.ACTION and game.state.turn.movement == 3
    assert game.state.turn.attacks == 2
    assert bob.square == Square(8, 8)
    # decks not given hold the rest of the set: every card is somewhere exactly once
    everything = [c for pile in game.state.decks.draw.values() for c in pile]
    everything += [c for p in game.state.players for c in p.hand]
    everything += [e.card for p in game.state.players for e in (*p.weapons, *p.gadgets, *p.specials)]
    everything += [c for counter in game.state.counters for c in counter.cards]
    assert len(everything) == len(set(everything))
    assert set(game.cards.instances("weapons")) <= set(everything)


@pytest.mark.parametrize(
    ("change", "message", "line"),
    [
        (('hand = ["medpack", "shotgun"]', 'hand = ["bfg"]'), "unknown card 'bfg'", None),
        (('at = "8,8"', 'at = "1,4"'), "two fighters stand on the same square", None),
        (('at = "8,8"', 'at = "3,9"'), "fighter 'Bob'.*3,9 is not a square a fighter can stand on", None),
        (('at = "8,8"', 'at = "40,8"'), "not a square a fighter can stand on", None),
        (('at = "8,8"', 'at = "eight"'), "not a square", None),
        (('phase = "action"', 'phase = "respawn"'), "phase: respawn does not fit Ann", None),
        (('phase = "action"', 'phase = "dance"'), "phase", 3),
        (("movement = 3", 'movement = 3\nturn = "Zed"'), "turn: no fighter is called 'Zed'", None),
        (("movement = 3", "movement = 3\nsurprise = 1"), "surprise: Extra inputs are not permitted", 5),
        (("blood = true", 'blood = true\nlink = "dodge"'), "counter 2: give exactly one", None),
        (
            ('gadgets = [{ card = "heavy-armor", absorbed = 1 }]', 'gadgets = ["shotgun#2"]'),
            "shotgun is a weapon card, not a gadget",
            None,
        ),
        (("dice = [1, 2, 3]", "dice = [1, 7]"), "dice.1: Input should be less than or equal to 6", 2),
        (('map = "pocket"', 'map = "atlantis"'), "atlantis", None),
        (('name = "Ann"', 'name = "Ann'), "not valid TOML", None),
    ],
)
def test_bad_scenarios_say_what_is_wrong(change, message, line):
    old, new = change
    assert old in BASE
    with pytest.raises(Exception) as caught:
        scenario_game(BASE.replace(old, new, 1), "tests/bad.toml")
    assert caught.type.__name__ in ("ScenarioError", "MapFormatError")
    import re

    assert re.search(message, str(caught.value)), str(caught.value)
    if caught.type is ScenarioError:
        assert str(caught.value).startswith("tests/bad.toml")
    if line is not None:
        assert caught.value.line == line


def test_a_scenario_can_carry_its_own_map_and_cards():
    game = scenario_game(
        textwrap.dedent(
            '''
            dice = []
            map_text = """
            +-+-+-+
            |1 . 2|
            +-+-+-+
            """

            [[fighter]]
            name = "Ann"
            at = "0,0"
            hand = ["laser"]

            [[fighter]]
            name = "Bob"
            at = "2,0"

            [[card]]
            id = "laser"
            deck = "weapons"
            name = "Laser"
            damage = 9
            '''
        )
    )
    assert game.board.width == 3
    assert game.cards["laser#1"].damage == 9
    assert game.state.players[0].hand == ["laser#1"]
