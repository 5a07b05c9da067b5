"""A state's fingerprint (`state_hash`, what saves keep at every checkpoint) is the SHA-256 of its whole JSON, byte
for byte, whatever the engine keeps to write it faster (the configuration's JSON, written once per game)."""

from __future__ import annotations

import hashlib
import random

import pytest

from fragtui.bench.ruthless import random_game
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game, state_hash
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.state import GameState


def plain_hash(state: GameState) -> str:
    return hashlib.sha256(state.model_dump_json().encode()).hexdigest()[:16]


def play(game: Game, actions: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            return
        game.apply(rng.choice(legal))


@pytest.mark.parametrize("ruleset", ["frag", "deadlands", "ruthless"])
def test_the_fingerprint_is_the_hash_of_the_whole_json(ruleset: str) -> None:
    """At the start and after play, in Frag, Frag Deadlands and Ruthless (whose configuration carries the posses)."""
    if ruleset == "ruthless":
        game, _ = random_game(3)
    else:
        seats = find_ruleset(ruleset).random_seats(random.Random(3), 3)
        game = new_game(
            make_config(ruleset=ruleset, map="town" if ruleset == "deadlands" else "foundry", seats=seats), 3
        )
    assert state_hash(game.state) == plain_hash(game.state)
    play(game, 120, 5)
    assert state_hash(game.state) == plain_hash(game.state)


def test_a_new_configuration_is_written_anew() -> None:
    """Two games with different configurations one after the other: each is fingerprinted by its own (the kept
    JSON is the configuration object's, never another's, even one made at the same place in memory)."""
    for seed in range(6):
        game, _ = random_game(seed, players=2 + seed % 3)
        assert state_hash(game.state) == plain_hash(game.state)
        copy = game.state.model_copy(update={"config": game.state.config.model_copy(update={"map": "town"})})
        assert state_hash(copy) == plain_hash(copy) != state_hash(game.state)
