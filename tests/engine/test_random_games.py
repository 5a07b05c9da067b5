"""The shared harness: complete games of random legal actions, with the engine's promises checked after every action.

Every shipped map, 4, 5 and 6 players (the Pocket Arena has room for 4), fighters of every design,
frag targets 1 to 3: 60 seeded games in the normal test run. After each action the harness checks
that no card is created or lost, nobody ends a turn in an occupied square, Health never exceeds
its maximum, frags only rise, and the game ends exactly when someone reaches the target; at the
end the action log, replayed from the seed through the checked `apply`, gives the same state.
"""

from __future__ import annotations

import random

import pytest

from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine.config import all_designs, make_config
from fragtui.engine.game import Game
from fragtui.engine.harness import play_random_game
from fragtui.engine.state import GameState

GAMES_PER_SETUP = 4


def _setups() -> list[tuple[str, int, int]]:
    setups = []
    for name in map_names():
        room = len(board_named(name).respawn_points)
        for players in (4, 5, 6):
            if players <= room:
                setups.extend((name, players, seed) for seed in range(GAMES_PER_SETUP))
    return setups


SETUPS = _setups()


def test_the_harness_plays_at_least_fifty_games():
    assert len(SETUPS) >= 50


@pytest.mark.parametrize(("map_name", "players", "seed"), SETUPS)
def test_random_game_keeps_every_promise(map_name: str, players: int, seed: int) -> None:
    rng = random.Random(f"{map_name}/{players}/{seed}")
    designs = all_designs()
    config = make_config(
        map=map_name,
        frag_target=1 + seed % 3,
        seats=[{"name": f"P{n + 1}", "fighter": rng.choice(designs)} for n in range(players)],
    )
    game = new_game(config, seed=rng.getrandbits(32))
    report = play_random_game(game, rng)
    assert report.winner is not None, f"no winner after {report.actions} actions"
    assert game.state.players[report.winner].frags == config.frag_target
    assert sum(p.frags for p in game.state.players) >= config.frag_target
    replayed = game.replay()
    assert replayed.state == game.state
    assert GameState.model_validate_json(game.state.model_dump_json()) == game.state
    assert Game.from_state(game.state, board=game.board, cards=game.cards).decider() is None
