"""The ruleset registry: a rule system is found by its name, its options are checked, and a game is
rebuilt through it from a configuration, a state or a save (python-chess's `find_variant`)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from fragtui.content.library import board_named, card_set, new_game
from fragtui.engine.config import make_config
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.game import Game
from fragtui.engine.rulesets import _REGISTRY as REGISTRY
from fragtui.engine.rulesets import OptionSpec, Ruleset, find_ruleset, register_ruleset, ruleset_names
from fragtui.errors import ConfigError

SEATS = [
    {"name": "Ann", "fighter": {"health": 3, "speed": 2, "accuracy": 2}},
    {"name": "Bob", "fighter": {"health": 2, "speed": 3, "accuracy": 2}},
]


class LongGameFrag(FragRules):
    """A test-only ruleset extending Frag by one option: what a house rule does to the registry."""

    key = "test-long-frag"
    title = "Long Frag (test)"
    options = (
        OptionSpec(name="marathon", summary="Play on after the target (a test option)", default=False),
        OptionSpec(name="rounds", summary="A number (a test option)", default=3),
        OptionSpec(name="mode", summary="A choice (a test option)", default="it", choices=("it", "hill")),
    )


@pytest.fixture
def long_frag() -> Iterator[type[Ruleset]]:
    register_ruleset(LongGameFrag)
    yield LongGameFrag
    del REGISTRY[LongGameFrag.key]


def test_frag_is_registered_and_found_by_name():
    assert ruleset_names()[0] == "frag"
    assert find_ruleset("frag") is FragRules
    assert FragRules.title == "Frag" and "frag" in FragRules.maps_for


def test_the_built_in_rulesets_are_listed_in_their_order_whatever_was_imported_first(
    long_frag: type[Ruleset],
) -> None:
    """The bots import Ruthless's rules before Frag's are asked for: the list keeps `BUILTIN_RULESETS`'
    order all the same (Frag first: the set-up's default, `fragtui rulesets`), a later one after them."""
    ruthless = REGISTRY.pop("ruthless")
    try:
        REGISTRY["ruthless"] = ruthless  # registered last...
        REGISTRY.update({name: REGISTRY.pop(name) for name in ("frag", "deadlands")})  # ...or first: no matter
        assert ruleset_names() == ("frag", "deadlands", "ruthless", long_frag.key)
    finally:
        REGISTRY.pop(long_frag.key)
        REGISTRY[long_frag.key] = long_frag


@pytest.mark.parametrize("name", ["ruthless-typo", "chess", "", "FRAG"])
def test_an_unknown_ruleset_is_a_config_error_naming_those_there_are(name: str):
    with pytest.raises(ConfigError, match=r"plays only frag"):
        find_ruleset(name)


def test_a_new_game_builds_the_ruleset_the_configuration_names(long_frag: type[Ruleset]):
    config = make_config(ruleset=long_frag.key, map="pocket", seats=SEATS)
    game = new_game(config, seed=7)
    assert type(game.rules) is LongGameFrag
    assert type(Game.from_state(game.state, board=game.board, cards=game.cards).rules) is LongGameFrag
    assert type(game.replay().rules) is LongGameFrag


def test_options_are_checked_against_the_ruleset(long_frag: type[Ruleset]):
    config = make_config(ruleset=long_frag.key, map="pocket", seats=SEATS, options={"marathon": True, "mode": "hill"})
    game = new_game(config, seed=7)
    assert game.rules.option_value("marathon") is True
    assert game.rules.option_value("rounds") == 3  # the default, not set
    assert game.rules.option_value("mode") == "hill"
    with pytest.raises(ConfigError, match=r"has no option 'wounds' \(its options: marathon, rounds, mode\)"):
        make_config(ruleset=long_frag.key, map="pocket", seats=SEATS, options={"wounds": True})
    with pytest.raises(ConfigError, match=r"'marathon' is a switch"):
        make_config(ruleset=long_frag.key, map="pocket", seats=SEATS, options={"marathon": 1})
    with pytest.raises(ConfigError, match=r"'rounds' takes a whole number"):
        make_config(ruleset=long_frag.key, map="pocket", seats=SEATS, options={"rounds": True})
    with pytest.raises(ConfigError, match=r"'mode' takes one of it, hill, not 'tag'"):
        make_config(ruleset=long_frag.key, map="pocket", seats=SEATS, options={"mode": "tag"})


def test_base_frag_refuses_an_option_it_has_not_and_names_its_own():
    own = ", ".join(spec.name for spec in find_ruleset("frag").options)
    assert own.startswith("deadlands-cards, placement-roll")  # its own, then the house rules (HOUSE_RULES)
    # (the message is cut at the length a player reads: the list of options begins it)
    with pytest.raises(ConfigError, match=re.escape(f"Frag has no option 'telefrag' (its options: {own[:150]}")):
        make_config(map="pocket", seats=SEATS, options={"telefrag": True})


def test_a_game_without_options_saves_its_configuration_as_before():
    """`options` is left out of the JSON when empty: states and saves of Frag games are unchanged."""
    config = make_config(map="pocket", seats=SEATS)
    assert "options" not in config.model_dump_json()
    assert config.model_dump_json() == make_config(map="pocket", seats=SEATS, options={}).model_dump_json()


def test_two_rulesets_of_one_name_are_a_bug():
    class Impostor(FragRules):
        key = "frag"
        title = "Not Frag"

    with pytest.raises(ValueError, match="two rulesets are called 'frag'"):
        register_ruleset(Impostor)
    assert find_ruleset("frag") is FragRules


def test_a_map_the_ruleset_does_not_play_on_is_refused(long_frag: type[Ruleset], monkeypatch: pytest.MonkeyPatch):
    """The map's ruleset and the configuration's agree: each ruleset says whose maps it plays on."""
    monkeypatch.setattr(LongGameFrag, "maps_for", frozenset({"frag"}))
    config = make_config(ruleset=long_frag.key, map="town", seats=SEATS)
    with pytest.raises(
        ConfigError, match=r"the map 'town' is drawn for deadlands: Long Frag \(test\) is not played on it"
    ):
        Game.new(config, 1, board=board_named("town"), cards=card_set())
    Game.new(
        make_config(ruleset=long_frag.key, map="pocket", seats=SEATS), 1, board=board_named("pocket"), cards=card_set()
    )


def test_every_ruleset_sets_up_random_seats_for_the_harness():
    for name in ruleset_names():
        seats = find_ruleset(name).random_seats(random.Random(1), 4)
        config = make_config(ruleset=name, map="pocket", seats=seats)
        assert len(config.seats) == 4
