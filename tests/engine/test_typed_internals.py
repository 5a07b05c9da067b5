"""The engine's closed sets are typed (issue 14), and card files and saves still spell them as before.

A sure outcome is an `Outcome`, a trigger's moment a `TriggerOn`, a lost part of a turn a `TurnPart`:
the engine compares members, never strings, while card files, scenarios and saves keep the words
they always had (the determinism pins prove the saved states did not change by a byte).
"""

from __future__ import annotations

import json

import pytest

from fragtui.content.cards import parse_cards
from fragtui.content.library import new_game
from fragtui.engine.cards import Outcome, Skip, Sure, Trigger, TriggerOn, TurnPart
from fragtui.engine.config import make_config
from fragtui.engine.state import GameState
from fragtui.errors import CardFormatError
from tests.conftest import game_from

CARDS = """\
[[card]]
id = "dart"
deck = "specials"
name = "Dart"
played_on = "other"
duration = 1
effects = [{ kind = "skip", phase = "attacks" }]

[[card]]
id = "charm"
deck = "specials"
name = "Charm"
duration = 1
effects = [{ kind = "sure", outcome = "miss", against = "me" }]

[[card]]
id = "spur"
deck = "gadgets"
name = "Spur"
letter = "H"
effects = [{ kind = "trigger", on = "turn_start", effects = [{ kind = "heal", amount = 1 }] }]
"""


def test_card_files_spell_the_typed_values_as_before() -> None:
    dart, charm, spur = parse_cards(CARDS, "cards/typed.toml")
    skip, sure, trigger = dart.effects[0], charm.effects[0], spur.effects[0]
    assert isinstance(skip, Skip) and skip.phase is TurnPart.ATTACKS
    assert isinstance(sure, Sure) and sure.outcome is Outcome.MISS
    assert isinstance(trigger, Trigger) and trigger.on is TriggerOn.TURN_START
    # Written back, they are the same words the file used.
    assert json.loads(dart.model_dump_json())["effects"][0]["phase"] == "attacks"
    assert json.loads(charm.model_dump_json())["effects"][0]["outcome"] == "miss"
    assert json.loads(spur.model_dump_json())["effects"][0]["on"] == "turn_start"


def test_a_misspelt_trigger_moment_is_still_a_card_format_error_naming_the_field() -> None:
    with pytest.raises(CardFormatError, match=r"cards/typed\.toml:\d+.*on"):
        parse_cards(CARDS.replace('on = "turn_start"', 'on = "dawn"'), "cards/typed.toml")


def test_lost_parts_of_a_turn_are_typed_and_saved_in_the_old_words() -> None:
    fighter = {"health": 2, "speed": 2, "accuracy": 3}
    config = make_config(map="pocket", seats=[{"name": n, "fighter": fighter} for n in ("Ann", "Bob")])
    text = new_game(config, seed=2).state.model_dump_json()
    assert '"skips":{}' in text
    # A save from before the play stamps holds a list of parts; today's states a dict of them.
    old = GameState.model_validate_json(text.replace('"skips":{}', '"skips":["movement","turn"]', 1))
    assert old.players[0].skips == {TurnPart.MOVEMENT: 0, TurnPart.TURN: 0}
    assert all(type(part) is TurnPart for part in old.players[0].skips)
    assert '"skips":{"movement":0,"turn":0}' in old.model_dump_json()
    assert TurnPart.MOVEMENT.lost_words == "their next movement"


def test_sure_is_an_outcome_and_the_last_card_played_decides__F_CARD_10() -> None:
    scenario = """
        dice = []
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "1,3"
        specials = ["sure-shot"]
        [[fighter]]
        name = "Bob"
        at = "1,6"
        {bob}
    """
    assert game_from(scenario.format(bob="")).rules.sure(0, 1) is Outcome.HIT
    assert game_from(scenario.format(bob='specials = ["ghost"]')).rules.sure(0, 1) is Outcome.MISS
    assert game_from(scenario.format(bob="")).rules.sure(1, 0) is None
