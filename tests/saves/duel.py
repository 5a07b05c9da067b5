"""A short game to save: two players on pocket, the first legal action taken a few times (the saves tests' own)."""

from __future__ import annotations

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game


def pocket_duel(actions: int) -> Game:
    """Ann and Bob on pocket, seed 5, after `actions` first legal actions."""
    config = make_config(
        map="pocket",
        seats=[{"name": n, "fighter": {"health": 2, "speed": 2, "accuracy": 3}} for n in ("Ann", "Bob")],
    )
    game = new_game(config, 5)
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
    return game
