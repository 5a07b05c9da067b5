"""Computer players: bots that see only their own player's view (`BotWindow`) and choose actions.

    from fragtui.bots import BOT_KINDS, BotWindow, make_bot, play_game
    bot = make_bot("heuristic", seed=7)         # or "random", or "strong" (searches: "strong:0.5" thinks 0.5 s)
    action = bot.decide(BotWindow(game, seat))  # one of the seat's legal actions
    report = play_game(game, [make_bot(k, n) for n, k in enumerate(kinds)])

See docs/bots.md for what each bot does and why.
"""

from __future__ import annotations

from fragtui.bots.bot import Bot, thinking_words, thinks
from fragtui.bots.heuristic import HeuristicBot
from fragtui.bots.kinds import BOT_KINDS, KIND_LABELS, SEARCH_KINDS, YARDSTICK_KINDS, make_bot
from fragtui.bots.match import MAX_ACTIONS, MatchReport, SeatReport, play_game
from fragtui.bots.random_bot import RandomBot
from fragtui.bots.window import BotWindow

__all__ = [
    "BOT_KINDS",
    "KIND_LABELS",
    "MAX_ACTIONS",
    "SEARCH_KINDS",
    "YARDSTICK_KINDS",
    "Bot",
    "BotWindow",
    "HeuristicBot",
    "MatchReport",
    "RandomBot",
    "SeatReport",
    "make_bot",
    "play_game",
    "thinking_words",
    "thinks",
]
