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
from fragtui.bots.ruthless import RuthlessBot
from fragtui.bots.window import BotWindow
from fragtui.engine.actions import Action
from fragtui.errors import ConfigError

__all__ = ["BOT_KINDS", "YARDSTICK_KINDS", "AnyGameHeuristic", "make_bot"]


class AnyGameHeuristic(HeuristicBot):
    """The `heuristic` kind: the heuristic bot of whatever game it is seated at — Frag's and Frag Deadlands'
    (`HeuristicBot`, which it is), or Ruthless's (`RuthlessBot`, which it hands a Ruthless game to). The
    interface, `fragtui simulate` and the tournaments then seat "the heuristic bot" in any ruleset."""

    def __init__(self, seed: int, objective: bool = True) -> None:
        super().__init__(seed, objective=objective)
        self.ruthless = RuthlessBot(seed)
        """The player it hands a game of Ruthless to."""

    def decide(self, window: BotWindow) -> Action:
        if window.ruleset() == RUTHLESS:
            return self.ruthless.decide(window)
        return super().decide(window)


RUTHLESS = "ruthless"
"""The key of the Ruthless ruleset (`RuthlessRules.key`)."""


def _hunter(seed: int) -> Bot:
    return AnyGameHeuristic(seed, objective=False)  # (Ruthless has no objective to ignore: its own bot)


_MAKERS: dict[str, Callable[[int], Bot]] = {"heuristic": AnyGameHeuristic, "random": RandomBot, "hunter": _hunter}

BOT_KINDS: tuple[str, ...] = ("heuristic", "random")
"""The kinds of bot the interface offers, the strongest first (it lists them in this order)."""

YARDSTICK_KINDS: tuple[str, ...] = ("hunter",)
"""Kinds `make_bot` also makes, to measure the others by, offered by `fragtui simulate` but not the
interface: `hunter` is the heuristic bot playing every Frag Tag mode as plain Frag (it hunts frags and
ignores the flag, the hill and "it"); in a game played for frags it is the heuristic bot."""


def make_bot(kind: str, seed: int) -> Bot:
    """A new bot of `kind` (one of `BOT_KINDS` or `YARDSTICK_KINDS`) whose choices are fixed by `seed`.

    An unknown kind is a `ConfigError` naming the known ones.
    """
    maker = _MAKERS.get(kind.strip().lower())
    if maker is None:
        known = f"{', '.join(BOT_KINDS)} (and {', '.join(YARDSTICK_KINDS)})"
        raise ConfigError(f"no bot called {kind!r}: the bots are {known}")
    return maker(seed)
