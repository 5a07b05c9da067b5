"""Which game screen plays a game: the seam between a ruleset and its interface.

Each ruleset draws and asks differently (Frag's record sheet and walk along a route; Ruthless's posse
roster, initiative picks and model actions), while the table, the hand-offs, the computer players, the
log, undo and leaving are shared (`PlayScreen`). `screen_for` looks the ruleset's key up in `SCREENS`;
a ruleset without a screen of its own is played on Frag's, as Frag Deadlands is. A screen's module is
imported only when a game of its rules starts.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from fragtui.table import Table
from fragtui.tui.play_screen import PlayScreen

__all__ = ["SCREENS", "screen_class", "screen_for"]

SCREENS: dict[str, str] = {"ruthless": "fragtui.tui.ruthless.screen:RuthlessScreen"}
"""The game screen of each ruleset that has its own, by ruleset key, as `module:class`."""
DEFAULT = "fragtui.tui.game_screen:GameScreen"
"""The screen of every other ruleset (Frag and Frag Deadlands)."""


def screen_class(ruleset: str) -> type[PlayScreen]:
    """The game screen class of the ruleset `ruleset` (its key)."""
    module, _, name = SCREENS.get(ruleset, DEFAULT).partition(":")
    found = getattr(import_module(module), name)
    assert isinstance(found, type) and issubclass(found, PlayScreen)
    return found


def screen_for(table: Table, on_over: Callable[[], None] | None = None) -> PlayScreen:
    """The game screen that plays `table`'s game, by its ruleset."""
    return screen_class(type(table.game.rules).key)(table, on_over=on_over)
