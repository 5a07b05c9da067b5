"""What the Ruthless bot's tests share."""

from __future__ import annotations

from fragtui.bots import BotWindow
from fragtui.bots.ruthless import RuthlessBot
from fragtui.engine.actions import Action
from fragtui.engine.game import Game


def decide(game: Game) -> Action:
    """The Ruthless bot's choice for the seat deciding: a legal action, found without a slip (a slip is the bot
    falling back on a random action after an error of its own)."""
    seat = game.decider()
    assert seat is not None
    bot = RuthlessBot(1)
    action = bot.decide(BotWindow(game, seat))
    assert bot.slips == 0
    assert game.is_legal(action)
    return action
