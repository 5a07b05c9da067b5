"""Frag Deadlands' front end (`fragtui.front_end`): Frag's game screen and heuristic bot (which know the Deadlands
decisions: the poker draw, shootouts, the gallows), its own replay pictures (`tui/deadlands/pictures.py`: the
poker table), Frag's design and its roster fighter as the set-up's seat editors (`tui/deadlands/seat_editor.py`).
Registering imports none of them.
"""

from __future__ import annotations

from fragtui.front_end import FrontEnd, register_front_end

__all__ = ["DEADLANDS"]

DEADLANDS = register_front_end(
    FrontEnd(
        key="deadlands",
        screen="fragtui.tui.game_screen:GameScreen",
        pictures="fragtui.tui.deadlands.pictures:DeadlandsPictures",
        seat_editors=("fragtui.tui.frag.seat_editor:DesignEditor", "fragtui.tui.deadlands.seat_editor:FighterEditor"),
        words="fragtui.tui.frag.pictures:notation",
        bots={"heuristic": "fragtui.bots.heuristic:HeuristicBot"},
        setup_words="fragtui.tui.frag.setup_words:FragSetupWords",
        help="fragtui.tui.frag.help:HELP_TEXT",
    )
)
"""Frag Deadlands' parts."""
