"""Which game screen plays a game: the seam between a ruleset and its interface.

Each ruleset draws and asks differently (Frag's record sheet and walk along a route; Ruthless's posse
roster, initiative picks and model actions), while the table, the hand-offs, the computer players, the
log, undo and leaving are shared (`PlayScreen`). `screen_class` asks the ruleset's front end
(`fragtui.front_end`): a ruleset with no front end of its own is played on the generic screen
(`generic_screen.GenericScreen`), never on Frag's. A screen's module is imported only when a game of its
rules starts.
"""

from __future__ import annotations

from collections.abc import Callable

from fragtui.front_end import front_end
from fragtui.table import Table
from fragtui.tui.play_screen import PlayScreen

__all__ = ["screen_class", "screen_for"]


def screen_class(ruleset: str) -> type[PlayScreen]:
    """The game screen class of the ruleset `ruleset` (its key); a key no ruleset has is a `ConfigError`."""
    found = front_end(ruleset).screen_class()
    assert isinstance(found, type) and issubclass(found, PlayScreen)
    return found


def screen_for(table: Table, on_over: Callable[[], None] | None = None) -> PlayScreen:
    """The game screen that plays `table`'s game, by its ruleset."""
    return screen_class(type(table.game.rules).key)(table, on_over=on_over)
