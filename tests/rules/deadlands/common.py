"""What the Deadlands rule tests share: the open 5x5 board most scenarios play on, and small readers of
what a game did (the log lines of one kind, the scripted dice all used)."""

from __future__ import annotations

from fragtui.engine.events import Event, EventKind
from fragtui.engine.game import Game

OPEN = """
+-+-+-+-+-+
|1 . . . 2|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|3 . . . 4|
+-+-+-+-+-+
"""
"""A 5x5 room with a respawn point in each corner and nothing in the way."""


def texts(events: list[Event], kind: EventKind) -> list[str]:
    """The log lines of the events of `kind`."""
    return [event.text for event in events if event.kind is kind]


def assert_dice_used(game: Game) -> None:
    """Every scripted die was rolled: a test whose rules rolled fewer dice than it scripted says so."""
    assert game.rules.state.dice.script == (), f"scripted dice left over: {game.rules.state.dice.script}"
