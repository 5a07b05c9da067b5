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
from fragtui.bots.weights import DEFAULT_WEIGHTS, Weights
from fragtui.bots.window import BotWindow
from fragtui.engine.actions import Action
from fragtui.errors import ConfigError
from fragtui.front_end import front_end

__all__ = ["BOT_KINDS", "KIND_LABELS", "SEARCH_KINDS", "YARDSTICK_KINDS", "AnyGameHeuristic", "known_kind", "make_bot"]


class AnyGameHeuristic(HeuristicBot):
    """The `heuristic` kind: the heuristic bot of whatever game it is seated at, as its ruleset's front end
    names it (`FrontEnd.bots["heuristic"]`, `fragtui.front_end`). Frag's and Frag Deadlands' is `HeuristicBot`,
    which it is (it plays them itself); another game's (Ruthless's `RuthlessBot`) it hands that game to; a
    ruleset whose front end names none is played as the `random` kind plays (never by Frag's bot). The
    interface, `fragtui simulate` and the tournaments then seat "the heuristic bot" in any ruleset."""

    def __init__(self, seed: int, objective: bool = True, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__(seed, objective=objective, weights=weights)
        self.seed = seed
        """The seed another game's player is made with."""
        self.players: dict[str, Bot] = {}
        """The players it has handed another game to, by ruleset key (made when first needed)."""
        self._own: set[str] = set()
        """The rulesets it plays itself (their front end's heuristic is `HeuristicBot`)."""

    def decide(self, window: BotWindow) -> Action:
        key = window.ruleset()
        if key in self._own:
            return super().decide(window)
        player = self.players.get(key)
        if player is None:
            maker = front_end(key).bot_maker("heuristic")
            if maker is HeuristicBot:
                self._own.add(key)
                return super().decide(window)
            player = self.players[key] = (maker or RandomBot)(self.seed)
        return player.decide(window)

    def alternatives(self, window: BotWindow) -> list[Action]:
        """The answers its player weighed at this decision, best first, when the player says
        (`RuthlessBot.alternatives`); none for Frag's bot, whose answers a searching bot finds by kind."""
        player = self.players.get(window.ruleset())
        weighed = getattr(player, "alternatives", None)
        return [] if weighed is None else list(weighed(window))


def _hunter(seed: int) -> Bot:
    return AnyGameHeuristic(seed, objective=False)  # (Ruthless has no objective to ignore: its own bot)


def _strong(seed: int, budget: float | None = None) -> Bot:
    from fragtui.bots.strong import DEFAULT_BUDGET, StrongBot  # (it is made of the heuristic bot: imported late)

    return StrongBot(seed, DEFAULT_BUDGET if budget is None else budget)


_MAKERS: dict[str, Callable[[int], Bot]] = {
    "heuristic": AnyGameHeuristic,
    "random": RandomBot,
    "hunter": _hunter,
    "strong": _strong,
}

BOT_KINDS: tuple[str, ...] = ("heuristic", "random")
"""The kinds of bot the interface offers, the strongest first (it lists them in this order)."""

SEARCH_KINDS: tuple[str, ...] = ("strong",)
"""Kinds that think ahead within a time budget (`fragtui.bots.strong`): offered by the interface and `fragtui
simulate` beside `BOT_KINDS`, kept apart so that what plays quickly (the random games of the tests) stays quick. A
seat's own budget in seconds follows a colon: `strong:0.25` (the default is 1 s)."""

KIND_LABELS: dict[str, str] = {"heuristic": "computer", "strong": "computer (strong)", "random": "computer (random)"}
"""How the interface names a seat played by each kind."""

YARDSTICK_KINDS: tuple[str, ...] = ("hunter",)
"""Kinds `make_bot` also makes, to measure the others by, offered by `fragtui simulate` but not the
interface: `hunter` is the heuristic bot playing every Frag Tag mode as plain Frag (it hunts frags and
ignores the flag, the hill and "it"); in a game played for frags it is the heuristic bot."""


def known_kind(kind: str) -> str:
    """`kind` as `make_bot` reads it (`Strong:0.5` is `strong:0.5`); a `ConfigError` naming the known kinds when it
    is none of them, or a budget that is not a positive number of seconds."""
    name, colon, budget = kind.strip().lower().partition(":")
    if name not in _MAKERS:
        known = f"{', '.join(BOT_KINDS + SEARCH_KINDS)} (and {', '.join(YARDSTICK_KINDS)})"
        raise ConfigError(f"no bot called {kind!r}: the bots are {known}")
    if colon:
        if name not in SEARCH_KINDS:
            raise ConfigError(f"the {name} bot takes no time budget ({kind!r}): only {', '.join(SEARCH_KINDS)} does")
        try:
            seconds = float(budget)
        except ValueError:
            seconds = 0.0
        if not seconds > 0:
            raise ConfigError(f"{kind!r}: the time budget after the colon must be a number of seconds above 0")
        return f"{name}:{seconds:g}"
    return name


def make_bot(kind: str, seed: int) -> Bot:
    """A new bot of `kind` (one of `BOT_KINDS`, `SEARCH_KINDS` with an optional `:seconds` budget, or
    `YARDSTICK_KINDS`) whose choices are fixed by `seed`.

    An unknown kind is a `ConfigError` naming the known ones.
    """
    name, colon, budget = known_kind(kind).partition(":")
    if colon:
        return _strong(seed, float(budget))
    return _MAKERS[name](seed)
