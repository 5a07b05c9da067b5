"""The kinds of computer player that ship, by name: what the interface and `fragtui simulate` offer.

from fragtui.bots import BOT_KINDS, BotWindow, make_bot
bot = make_bot("heuristic", seed=7)
action = bot.decide(BotWindow(game, seat))
"""

from __future__ import annotations

from collections.abc import Callable

from fragtui.bots.bot import Bot
from fragtui.bots.heuristic import HeuristicBot
from fragtui.bots.random_bot import RandomBot
from fragtui.errors import ConfigError

__all__ = ["BOT_KINDS", "make_bot"]

_MAKERS: dict[str, Callable[[int], Bot]] = {"heuristic": HeuristicBot, "random": RandomBot}

BOT_KINDS: tuple[str, ...] = ("heuristic", "random")
"""The kinds of bot `make_bot` makes, the strongest first (the interface lists them in this order)."""


def make_bot(kind: str, seed: int) -> Bot:
    """A new bot of `kind` (one of `BOT_KINDS`) whose choices are fixed by `seed`.

    An unknown kind is a `ConfigError` naming the known ones.
    """
    maker = _MAKERS.get(kind.strip().lower())
    if maker is None:
        raise ConfigError(f"no bot called {kind!r}: the bots are {', '.join(BOT_KINDS)}")
    return maker(seed)
