"""Frag's front end (`fragtui.front_end`), its parts in one place: the game screen (`tui/game_screen.py`), the
replay's pictures (`tui/frag/pictures.py`), the set-up's seat editor (`tui/frag/seat_editor.py`: the design), its
words (an action's notation) and its heuristic bot (`bots/heuristic.py`). Registering imports none of them: the
title screen loads no game screen, `fragtui simulate` no interface.
"""

from __future__ import annotations

from fragtui.front_end import FrontEnd, register_front_end

__all__ = ["FRAG"]

FRAG = register_front_end(
    FrontEnd(
        key="frag",
        screen="fragtui.tui.game_screen:GameScreen",
        pictures="fragtui.tui.frag.pictures:FragPictures",
        seat_editors=("fragtui.tui.frag.seat_editor:DesignEditor",),
        words="fragtui.tui.frag.pictures:notation",
        bots={"heuristic": "fragtui.bots.heuristic:HeuristicBot"},
        setup_words="fragtui.tui.frag.setup_words:FragSetupWords",
        help="fragtui.tui.frag.help:HELP_TEXT",
    )
)
"""Frag's parts (Frag Tag's modes and the house rules are Frag's options: the same parts)."""
