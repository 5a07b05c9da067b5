"""Helpers for the bot tests: seeded games, and a seat's turn played out by a bot."""

from __future__ import annotations

import random

from fragtui.bots import Bot, BotWindow
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.events import Event
from fragtui.engine.frag.design import all_designs
from fragtui.engine.game import Game


def seeded_game(map_name: str, players: int, seed: int, frag_target: int = 3) -> Game:
    """A new game with fighters drawn from `seed` (the same draw every time)."""
    rng = random.Random(f"bots/{map_name}/{players}/{seed}")
    designs = all_designs()
    config = make_config(
        map=map_name,
        frag_target=frag_target,
        seats=[{"name": f"P{n + 1}", "fighter": rng.choice(designs)} for n in range(players)],
    )
    return new_game(config, seed)


def play_turn(game: Game, bot: Bot, seat: int, limit: int = 200) -> list[Event]:
    """Let `bot` decide for `seat` until the decision leaves that seat; every event, in order."""
    window = BotWindow(game, seat)
    events: list[Event] = []
    for _ in range(limit):
        if game.decider() != seat:
            return events
        events.extend(game.apply(bot.decide(window)))
    raise AssertionError(f"seat {seat} still deciding after {limit} actions")


def seeded_ruleset_game(
    ruleset: str, map_name: str, players: int, seed: int, frag_target: int = 3, options: dict[str, object] | None = None
) -> Game:
    """A new game of `ruleset` (with `options`) and the seats it deals from `seed` (`Ruleset.random_seats`:
    Frag Deadlands gives each seat a different fighter)."""
    from fragtui.engine.rulesets import find_ruleset

    rng = random.Random(f"bots/{ruleset}/{map_name}/{players}/{seed}")
    seats = find_ruleset(ruleset).random_seats(rng, players)
    config = make_config(ruleset=ruleset, options=options or {}, map=map_name, frag_target=frag_target, seats=seats)
    return new_game(config, seed)
