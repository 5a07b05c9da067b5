"""How the replay draws a game of Frag Deadlands: Frag's pictures, with the poker table in place of the record
sheet while the first player is drawn for (D-DECK-02)."""

from __future__ import annotations

from rich.text import Text

from fragtui.engine.game import Game
from fragtui.engine.view import PlayerView
from fragtui.tui.frag.pictures import FragPictures
from fragtui.tui.poker_screen import poker_table
from fragtui.tui.replay_screen import ReplayScreen

__all__ = ["DeadlandsPictures"]


class DeadlandsPictures(FragPictures):
    """A game of Frag Deadlands (see the module's docstring)."""

    def sheet_of(self, screen: ReplayScreen, game: Game, view: PlayerView, seat: int) -> Text:
        if view.poker is not None:  # who goes first: the table in place of the sheet
            return poker_table(view, screen.looks, game.cards)
        return super().sheet_of(screen, game, view, seat)
