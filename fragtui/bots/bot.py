"""What a computer player is: something that, shown its window on the game, chooses an action.

The protocol is all the interface, `fragtui simulate` and the benchmarks rely on, so any new kind
of bot plugs in by having a `name` and a `decide` method; `fragtui.bots.kinds` names the ones
that ship. A bot that may think long over a decision (the searching `strong` kind, up to its time budget) says
how far it has got in a `progress` attribute (0 to 1 while it decides, None between decisions): an interface then
decides for it off its own thread and shows it thinking (`thinks`, `thinking_words`).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from fragtui.bots.window import BotWindow
from fragtui.engine.actions import Action

__all__ = ["Bot", "thinking_words", "thinks"]


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


def thinks(bot: object) -> bool:
    """Whether `bot` may think long over a decision (it keeps a `progress`): an interface then decides for it off
    its own thread, and shows the table it is thinking (`thinking_words`)."""
    return hasattr(bot, "progress")


def thinking_words(name: str, bot: object) -> str:
    """What the table shows while `bot`, playing `name`'s seat, thinks: `Cat (computer) is thinking… 40 %`."""
    progress = getattr(bot, "progress", None)
    share = f" {round(100 * progress)} %" if isinstance(progress, float) else ""
    return f"{name} (computer) is thinking…{share}"
