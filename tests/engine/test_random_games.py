"""The shared harness: complete games of random legal actions, with the engine's promises checked after every action.

Every registered ruleset on every shipped map it plays on, 4, 5 and 6 players (the Pocket Arena has
room for 4), random seats of the ruleset (`random_seats`: for Frag, fighters of every design), frag
targets 1 to 3: 52 seeded games of Frag in the normal test run. After each action the harness checks
that no card is created or lost and the ruleset's own promises (for Frag: nobody ends a turn in an
occupied square, Health never exceeds its maximum, frags only rise, the game ends exactly when someone
reaches the target, with exactly the target); at the end the action log, replayed from the seed through
the checked `apply`, gives the same state, and the state round-trips through JSON.
"""

from __future__ import annotations

import random

import pytest

from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine.config import DEFAULT_RULESET, make_config
from fragtui.engine.game import Game
from fragtui.engine.harness import play_random_game
from fragtui.engine.rulesets import find_ruleset, ruleset_names
from fragtui.engine.state import GameState

GAMES_PER_SETUP = 4


def _setups() -> list[tuple[str, str, int, int]]:
    """(ruleset, map, players, seed) for every registered ruleset on every shipped map it plays on."""
    setups = []
    for ruleset in ruleset_names():
        for name in map_names():
            board = board_named(name)
            if board.ruleset not in find_ruleset(ruleset).maps_for:
                continue
            room = len(board.respawn_points)
            for players in (4, 5, 6):
                if players <= room:
                    setups.extend((ruleset, name, players, seed) for seed in range(GAMES_PER_SETUP))
    return setups


SETUPS = _setups()


def test_the_harness_plays_at_least_fifty_games():
    assert len(SETUPS) >= 50


def test_every_registered_ruleset_is_played():
    assert {setup[0] for setup in SETUPS} == set(ruleset_names())


@pytest.mark.parametrize(("ruleset", "map_name", "players", "seed"), SETUPS)
def test_random_game_keeps_every_promise(ruleset: str, map_name: str, players: int, seed: int) -> None:
    """The harness checks the ruleset's own promises after every action (for Frag: the winner has exactly
    the frag target); here, a winner, an exact replay and a JSON round trip for every ruleset."""
    rng = random.Random(
        f"{map_name}/{players}/{seed}" if ruleset == DEFAULT_RULESET else f"{ruleset}/{map_name}/{players}/{seed}"
    )
    config = make_config(
        ruleset=ruleset,
        map=map_name,
        frag_target=1 + seed % 3,
        seats=find_ruleset(ruleset).random_seats(rng, players),
    )
    game = new_game(config, seed=rng.getrandbits(32))
    report = play_random_game(game, rng)
    assert report.winner is not None, f"no winner after {report.actions} actions"
    replayed = game.replay()
    assert replayed.state == game.state
    assert GameState.model_validate_json(game.state.model_dump_json()) == game.state
    assert Game.from_state(game.state, board=game.board, cards=game.cards).decider() is None
