"""Ruthless's front end (`fragtui.front_end`), its parts in one place: the game screen
(`tui/ruthless/screen.py`), the replay's pictures and words (`tui/ruthless/pictures.py`), the set-up's seat
editor (`tui/ruthless/seat_editor.py`: the posse) and its own heuristic bot (`bots/ruthless/`). Registering
imports none of them.
"""

from __future__ import annotations

from fragtui.front_end import FrontEnd, register_front_end

__all__ = ["RUTHLESS"]

RUTHLESS = register_front_end(
    FrontEnd(
        key="ruthless",
        screen="fragtui.tui.ruthless.screen:RuthlessScreen",
        pictures="fragtui.tui.ruthless.pictures:RuthlessPictures",
        seat_editors=("fragtui.tui.ruthless.seat_editor:PosseEditor",),
        words="fragtui.tui.ruthless.pictures:said",
        bots={"heuristic": "fragtui.bots.ruthless:RuthlessBot"},
        help="fragtui.tui.ruthless.screen:HELP",
    )
)
"""Ruthless's parts: its screen, its replay pictures, its words, its own heuristic bot."""
