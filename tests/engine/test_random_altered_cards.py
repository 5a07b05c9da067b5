"""The random-game harness plays the altered cards (J-ALT-01, J-ALT-02): seeded games of base Frag and of
Frag Deadlands with the `altered-cards` option on or off (`random_altered_cards`, even odds; under Frag
Deadlands Frag's set is mixed in with it), each keeping every promise the harness checks, with a winner,
an exact replay and a JSON round trip. Kept apart from tests/engine/test_random_games.py and from
`random_house_rules`, so the games of existing seeds are unchanged."""

from __future__ import annotations

import random

import pytest

from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine.config import make_config
from fragtui.engine.frag.altered import ALTERED_CARDS
from fragtui.engine.harness import play_random_game, random_altered_cards
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.state import GameState

GAMES_PER_RULESET = 6
"""Random games per ruleset offering the option, its maps taken in turn."""
RULESETS = ("frag", "deadlands")


def _options(ruleset: str, game: int) -> dict[str, bool | int | str]:
    return random_altered_cards(random.Random(f"altered/{ruleset}/{game}"), ruleset)


def _setups() -> list[tuple[str, str, int]]:
    setups = []
    for ruleset in RULESETS:
        maps = [name for name in map_names() if board_named(name).ruleset in find_ruleset(ruleset).maps_for]
        setups.extend((ruleset, maps[n % len(maps)], n) for n in range(GAMES_PER_RULESET))
    return setups


def test_j_alt_01_j_alt_02_the_harness_plays_the_altered_cards_on_and_off_under_both_rulesets() -> None:
    """J-ALT-01/02: the seeded draws switch the option on in some games and off in others, for each ruleset;
    on under Frag Deadlands, Frag's set (which has the two cards) is mixed in; off, nothing is set."""
    for ruleset in RULESETS:
        drawn = [_options(ruleset, n) for n in range(GAMES_PER_RULESET)]
        assert any(drawn) and not all(drawn)
        rules = find_ruleset(ruleset)
        for options in filter(None, drawn):
            assert options[ALTERED_CARDS] is True and "" in rules.card_folders(options)
    assert _options("deadlands", 0) == {ALTERED_CARDS: True, "mixed-sets": True}


@pytest.mark.parametrize(("ruleset", "map_name", "game"), _setups())
def test_j_alt_01_j_alt_02_a_random_game_with_or_without_the_altered_cards_keeps_every_promise(
    ruleset: str, map_name: str, game: int
) -> None:
    """J-ALT-01/02: a seeded random game, the altered cards on or off as drawn, keeps every promise, has a
    winner, replays exactly and round-trips through JSON; with the option on it plays the altered cards."""
    rng = random.Random(f"altered-game/{ruleset}/{map_name}/{game}")
    options = _options(ruleset, game)
    config = make_config(
        ruleset=ruleset,
        map=map_name,
        frag_target=1 + game % 2,
        seats=find_ruleset(ruleset).random_seats(rng, 4),
        options=options,
    )
    played = new_game(config, seed=rng.getrandbits(32))
    if "machine-gun" in played.cards:  # (Frag's set: always under Frag, mixed in under Frag Deadlands)
        assert (played.cards["machine-gun"].shots_per_ammo == 2) is bool(options)
    else:
        assert not options
    report = play_random_game(played, rng)
    assert report.winner is not None, f"no winner after {report.actions} actions with {options}"
    assert played.replay().state == played.state
    assert GameState.model_validate_json(played.state.model_dump_json()) == played.state
