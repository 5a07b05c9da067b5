"""What a computer player is: something that, shown its window on the game, chooses an action.

The protocol is all the interface, `fragtui simulate` and the benchmarks rely on, so any new kind
of bot plugs in by having a `name` and a `decide` method; `fragtui.bots.kinds` names the ones
that ship.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from fragtui.bots.window import BotWindow
from fragtui.engine.actions import Action

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """A computer player. It sees the game only through the `BotWindow` it is handed."""

    @property
    def name(self) -> str:
        """The kind of bot, for logs and reports (`heuristic`, `random`)."""
        ...

    def decide(self, window: BotWindow) -> Action:
        """One of `window.legal_actions()`, chosen for the seat the window looks from.

        Called only when that seat must decide (`window.deciding()`), so the list is never empty.
        """
        ...
