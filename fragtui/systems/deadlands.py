"""Frag Deadlands' front end (`fragtui.front_end`): Frag's game screen and heuristic bot (which know the Deadlands
decisions: the poker draw, shootouts, the gallows), its own replay pictures (`tui/deadlands/pictures.py`: the
poker table). Registering imports none of them.
"""

from __future__ import annotations

from fragtui.front_end import FrontEnd, register_front_end

__all__ = ["DEADLANDS"]

DEADLANDS = register_front_end(
    FrontEnd(
        key="deadlands",
        screen="fragtui.tui.game_screen:GameScreen",
        pictures="fragtui.tui.deadlands.pictures:DeadlandsPictures",
        words="fragtui.tui.frag.pictures:notation",
        bots={"heuristic": "fragtui.bots.heuristic:HeuristicBot"},
    )
)
"""Frag Deadlands' parts."""
