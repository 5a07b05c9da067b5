"""How the replay draws a game of Ruthless: the posse roster beside the map (roster.py), the models on it
(marks.py), the table's cards in place of the scores, each hand by its cards' names and powers, the cursor on
the model who just acted, and the action said in words (`Chet Willis moves to 5,3`)."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from fragtui.engine.actions import Action
from fragtui.engine.board import Square
from fragtui.engine.game import Game
from fragtui.engine.view import PlayerView
from fragtui.tui.describe import seat_text
from fragtui.tui.replay_screen import ReplayScreen, TablePictures
from fragtui.tui.ruthless.marks import model_marks
from fragtui.tui.ruthless.roster import RosterPanel
from fragtui.tui.ruthless.words import action_words, card_name, card_power

__all__ = ["RuthlessPictures", "said"]


def said(game: Game, action: Action) -> str:
    """A Ruthless action in words, as the table sees it (`Chet Willis moves to 5,3`): Ruthless's `words`."""
    return action_words(game.view(None), action)


class RuthlessPictures(TablePictures):
    """A game of Ruthless (see the module's docstring)."""

    def sheet(self) -> Widget:
        return VerticalScroll(RosterPanel(), id="sheet", classes="roster")

    def draw(self, screen: ReplayScreen, game: Game, view: PlayerView) -> None:
        seat = screen.viewer if screen.viewer is not None else view.active
        entry = screen.replay.log[screen.position - 1] if screen.position else None
        acted = getattr(entry.action, "fighter", None) if entry is not None else None
        roster = screen.query_one(RosterPanel)
        roster.looks = screen.looks
        roster.show(view, seat, acted if isinstance(acted, int) else None)
        if roster.selected_line is not None:  # the card of the model who acted kept in sight
            screen.query_one("#side-top").scroll_to(y=max(0, roster.selected_line - 1), animate=False, immediate=True)
        screen.query_one("#scores", Static).update(table_words(view))
        screen.query_one("#hands", Static).update(self.hands(screen, game))
        screen.map.set_layer("fighters", model_marks(view, screen.looks))
        screen.map.set_layer("counters", {})
        screen.map.set_layer("objective", {})

    def hands(self, screen: ReplayScreen, game: Game) -> Text:
        text = Text()
        if screen.viewer is None and not screen.reveal:
            table = game.view(None).ruthless
            sizes = table.hand_sizes if table is not None else ()
            for seat, size in enumerate(sizes):
                text.append_text(seat_text(game.state.players[seat].name, screen.looks[seat]))
                text.append(f" holds {size} card{'s' * (size != 1)}\n")
            return self.hidden(screen, text)
        for seat in self.seats_shown(screen):
            table = game.view(seat).ruthless
            hand = table.hand if table is not None else ()
            text.append_text(seat_text(game.state.players[seat].name, screen.looks[seat]))
            text.append(f" holds {len(hand)}:\n" if hand else " holds no cards\n")
            for card in hand:
                power = card_power(card)
                text.append(f"  {card_name(card)}")
                text.append(f": {power}\n" if power else "\n", style="dim")
        return text

    def follow(self, game: Game, view: PlayerView, seat: int, action: Action | None) -> Square | None:
        table = view.ruthless
        if table is None:
            return None
        fighter = getattr(action, "fighter", None)
        models = [m for m in table.models if m.square is not None]
        acted = [m for m in models if m.id == fighter] or [m for m in models if m.owner == seat]
        return acted[0].square if acted else None

    def opening_words(self) -> str:
        return "the posses are deployed and the cards dealt; each player picks a card for initiative next"


def table_words(view: PlayerView) -> Text:
    """The cards on the table in place of Frag's scores: the deck, the discard pile's top, sundown."""
    table = view.ruthless
    if table is None:
        return Text()
    text = Text(f"Deck {table.deck_size}")
    if table.discard:
        text.append(f" · discards {len(table.discard)}, top {card_name(table.discard[-1])}")
    if table.turn_limit:
        text.append(f" · sundown after turn {table.turn_limit}")
    return text
