"""How the replay draws a game of Frag (and of its variants: Frag Deadlands' in tui/deadlands/pictures.py): the
record sheet beside the map, the scores, the hands, the fighters, counters
and a Frag Tag mode's squares on the map, the cursor on the fighter who acted, an action in its notation."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from fragtui.engine.actions import Action
from fragtui.engine.board import Square
from fragtui.engine.frag.state import frag_state
from fragtui.engine.frag.view import sheets_of
from fragtui.engine.game import Game
from fragtui.engine.realtime.turn import real_time_on
from fragtui.engine.view import PlayerView
from fragtui.saves.format import SeatLook
from fragtui.tui.describe import seat_text
from fragtui.tui.frag.describe import card_line, record_sheet, scoreboard, turn_line
from fragtui.tui.frag.realtime import RealTimeMap, between_marks, clock_of
from fragtui.tui.map_view import MapView
from fragtui.tui.pieces import counter_marks, fighter_marks, objective_marks
from fragtui.tui.replay_screen import ReplayScreen, TablePictures

__all__ = ["FragPictures", "notation"]


def notation(game: Game, action: Action) -> str:
    """A Frag action as the replay's bottom line says it: its notation (`move 4 15,12`)."""
    return str(action)


class FragPictures(TablePictures):
    """A game of Frag or Frag Deadlands (see the module's docstring)."""

    def draw(self, screen: ReplayScreen, game: Game, view: PlayerView) -> None:
        """The sheet (the viewer's, or the active player's), the scores, the hands as the eyes chosen may see
        them, and the map's layers."""
        seat = screen.viewer if screen.viewer is not None else view.active
        looks = screen.looks
        screen.query_one("#sheet", Static).update(self.sheet_of(screen, game, view, seat))
        screen.query_one("#scores", Static).update(scoreboard(view, looks))
        screen.query_one("#hands", Static).update(self.hands(screen, game))
        screen.map.set_layer("fighters", fighter_marks(view, looks))
        screen.map.set_layer("counters", counter_marks(view))
        screen.map.set_layer("objective", objective_marks(view))
        if isinstance(screen.map, RealTimeMap):  # Real-Time Frag: the facings and moves part-way, as in play
            clock = clock_of(view)
            screen.map.set_between({} if clock is None else between_marks(view, clock, looks))

    def map_widget(self, game: Game) -> MapView:
        """Real-Time Frag's map, which draws marks between the squares (each fighter's facing, a move part-way:
        J-RT-05/07), as the game screen does; Frag's own otherwise."""
        if real_time_on(game.state.config.options):
            return RealTimeMap(game.board, id="map")
        return super().map_widget(game)

    def turn_words(self, game: Game, view: PlayerView, looks: list[SeatLook]) -> Text:
        """Frag's turn line (the set-up, the movement and attacks left in phase 3), without the frag target: the
        scoreboard says it."""
        title = game.rules.phase_title(view.phase)
        return turn_line(view, looks, game.rules.turn_structure, frag_target=False, phase_title=title)

    def sheet_of(self, screen: ReplayScreen, game: Game, view: PlayerView, seat: int) -> Text:
        """The record sheet of `seat` (a tournament game's with its game boxes, as kept in its save)."""
        mark = screen.replay.save.tournament
        games = mark.boxes(seat) if mark is not None else None
        return record_sheet(view, seat, game.cards, screen.looks[seat], type(game.rules).roster(), games)

    def hands(self, screen: ReplayScreen, game: Game) -> Text:
        """Every hand (everything), the viewer's alone as they held it then, or (public) how many each holds."""
        text = Text()
        if screen.viewer is None and not screen.reveal:
            for seat, player in enumerate(frag_state(game.state).players):
                text.append_text(seat_text(player.name, screen.looks[seat]))
                text.append(f" holds {len(player.hand)} card{'s' * (len(player.hand) != 1)}\n")
            return self.hidden(screen, text)
        for seat in self.seats_shown(screen):
            hand = game.view(seat).fighters[seat].hand or ()
            text.append_text(seat_text(game.state.players[seat].name, screen.looks[seat]))
            text.append(f" holds {len(hand)}:\n" if hand else " holds no cards\n")
            for card in hand:
                text.append("  ")
                text.append_text(card_line(game.cards, card, with_text=screen.viewer is not None))
                text.append("\n")
        return text

    def follow(self, game: Game, view: PlayerView, seat: int, action: Action | None) -> Square | None:
        """The square the cursor keeps: `seat`'s fighter (who just acted), else the active one's."""
        fighters = sheets_of(view)
        return fighters[seat].square or fighters[view.active].square

    def opening_words(self) -> str:
        return "the cards are dealt; the players place their fighters next"
