"""Who goes first in Frag Deadlands: the poker draw on screen (D-CARD-04).

Each player draws five cards from the decks of his choice, one at a time; the best poker hand goes first
(jokers wild), a die breaks a tie, and each player keeps one of his five. The engine tells the table what
each seat may see (`PlayerView.poker`, a `PokerTable`): the viewer's own cards, the others' as backs until
every hand is shown together, then every hand with its ranking and place, the tie roll, who goes first,
and the card each kept, a ▶ before every player still drawing (they draw at once: `Game.deciders`).
`poker_table` draws that; `PokerScreen` shows it with the choices of the player at the keyboard (the engine's
legal actions, `DrawFrom` a deck and `Keep` a card) and dismisses with the one chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from fragtui.engine.actions import Action
from fragtui.engine.cards import CardSet
from fragtui.engine.deadlands.poker import HAND_SIZE, PokerTable
from fragtui.engine.view import PlayerView
from fragtui.saves.format import SeatLook
from fragtui.tui.commands import GameCommands
from fragtui.tui.describe import card_face, deciders_of, seat_text
from fragtui.tui.dialogs import HelpScreen, answer_once
from fragtui.tui.footer import KeyFooter
from fragtui.tui.frag.help import HELP_TEXT

__all__ = ["PokerScreen", "poker_table"]

BACK = "▒▒▒"
"""A card drawn but not shown to the viewer: its back."""
CELL = 4
"""Columns each card takes in a hand's row (`10♥` and a space)."""
LEAVE = "leave"
"""What the screen answers when `q` is pressed: ask to leave the game (the game screen asks)."""

_PLACES = {1: "1st", 2: "2nd", 3: "3rd"}


def _place(place: int) -> str:
    return _PLACES.get(place, f"{place}th")


def _card(cards: CardSet, instance: str) -> Text:
    """A drawn card as its corner (`A♠`); a card without suit and rank (wild when the sets are mixed) by a star."""
    face = cards[instance].face if instance in cards else None
    text = card_face(face) if face is not None else Text("✱", style="bold")
    text.pad_right(max(CELL - text.cell_len, 1))
    return text


def poker_table(view: PlayerView, looks: list[SeatLook], cards: CardSet) -> Text:
    """The poker draw as `view`'s seat may see it: a row per player, his cards (backs for what is hidden), and
    once shown his hand's ranking and place, his tie roll and the card he kept; then who goes first."""
    table = view.poker
    text = Text("Who goes first: the poker draw", style="bold")
    text.append(" (D-CARD-04)\n", style="dim")
    if table is None:
        return text
    if not table.shown:
        text.append(
            f"Each player draws {HAND_SIZE} cards from the decks he chooses; the hands are shown when all are drawn.\n",
            style="dim",
        )
    else:
        text.append("Best hand goes first (jokers wild); a die breaks a tie; each keeps one card.\n", style="dim")
    width = max((len(f.name) for f in view.fighters), default=4)
    drawing = deciders_of(view)  # (every player still drawing: they draw at once, each his own hand)
    for seat in table.seats:
        fighter = view.fighters[seat.seat]
        deciding = seat.seat in drawing and not (table.shown and seat.kept is not None)
        text.append("▶ " if deciding else "  ", style="bold green")
        name = seat_text(fighter.name, looks[seat.seat])
        name.pad_right(width - len(fighter.name))
        text.append_text(name)
        text.append("  ")
        if seat.drawn is not None:
            for instance in seat.drawn:
                card = _card(cards, instance)
                if seat.kept is not None and instance != seat.kept:
                    card.stylize("dim")
                text.append_text(card)
        else:
            text.append(f"{BACK} " * seat.count, style="dim")
        text.append("·   " * (HAND_SIZE - seat.count), style="dim")
        if seat.hand is not None:
            text.append(seat.hand, style="bold")
            if seat.place is not None:
                text.append(f" · {_place(seat.place)}", style="bold yellow" if seat.place == 1 else "")
        elif seat.count < HAND_SIZE:
            text.append(f"{seat.count} of {HAND_SIZE} drawn", style="dim")
        if seat.tie_roll is not None:
            text.append(f" · tie roll {seat.tie_roll}")
        if seat.kept is not None:
            text.append(" · keeps ")
            kept = _card(cards, seat.kept)
            kept.rstrip()
            text.append_text(kept)
        text.append("\n")
    mine = next((seat for seat in table.seats if seat.seat == view.me), None)
    if mine is not None and mine.drawn and not table.shown:  # what his corners stand for, while he draws
        text.append("Your cards: ", style="bold")
        for n, instance in enumerate(mine.drawn):
            text.append(" · " if n else "")
            called = cards.name(instance) if instance in cards else instance
            face = cards[instance].face if instance in cards else None
            if face is not None and not called.startswith(str(face)):  # a joker called "Joker" is said once
                text.append_text(card_face(face))
                text.append(" ")
            text.append(called)
        text.append("\n")
    text.append_text(_outcome(table, view))
    return text


def _outcome(table: PokerTable, view: PlayerView) -> Text:
    """Who goes first, or what the table waits for."""
    if table.first is not None:
        return Text(f"{view.fighters[table.first].name} goes first.", style="bold yellow")
    best = [seat for seat in table.seats if seat.place == 1]
    if table.shown and len(best) > 1:
        names = " and ".join(view.fighters[seat.seat].name for seat in best)
        return Text(f"{names} tie for the best hand: a die decides.", style="bold")
    return Text()


class PokerScreen(Screen[Action | str | None]):
    """The poker draw for the player at the keyboard: the table, and his choices (Enter takes one).

    A whole screen, so the map does not crowd the hands; the decision is the engine's and must be
    answered (no Escape). `q` asks to leave the game, `?` is the help."""

    DEFAULT_CSS = """
    PokerScreen { align: center top; }
    PokerScreen > Vertical { width: 100%; max-width: 100; height: auto; max-height: 100%; padding: 0 1; }
    PokerScreen #poker-box { height: auto; max-height: 1fr; }
    PokerScreen #poker-title { text-style: bold; margin: 1 0 0 0; }
    PokerScreen OptionList { height: auto; max-height: 10; }
    """
    COMMANDS = {GameCommands}
    """The palette (Ctrl+P) offers the keys and each choice by name."""
    BINDINGS = [
        Binding("enter", "choose", "Choose", priority=True),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Quit"),
    ]

    def __init__(
        self,
        view: PlayerView,
        looks: list[SeatLook],
        cards: CardSet,
        title: str,
        options: Sequence[tuple[str | Text, Action | str]],
    ) -> None:
        super().__init__()
        self.view = view
        """What the player at the keyboard may see (his own cards, the others' backs)."""
        self.looks = looks
        self.cards = cards
        self.title_text = title
        """What he must do, in the decision's own words (`decision_class(...).prompt`)."""
        self.options = list(options)
        """The engine's legal actions, each with its menu line (or one word to answer: a hand seen)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="poker-box"):
                yield Static(poker_table(self.view, self.looks, self.cards), id="poker-table")
            yield Static(Text(self.title_text), id="poker-title")
            yield OptionList(*(Option(label, id=str(n)) for n, (label, _) in enumerate(self.options)))
        yield KeyFooter()

    def show(self, view: PlayerView) -> None:
        """Draw the table again from a newer `view` of the same seat: at a networked table the others draw
        while this player looks at his hand, and the cards they take (backs) and who is still drawing must
        show here as they happen. His own choices do not change with their draws, so the list stays."""
        self.view = view
        if self.is_mounted:
            self.query_one("#poker-table", Static).update(poker_table(view, self.looks, self.cards))

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()
        self.call_after_refresh(self._fit_options)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fit_options)

    def _fit_options(self) -> None:
        """Let the choices take the rows the table leaves (the keep list's cards say what they do, three lines
        each): at least the 10 of the CSS, more on a taller terminal, never past the footer."""
        if not self.is_mounted:
            return
        table = self.query_one("#poker-box").outer_size.height
        title = self.query_one("#poker-title").outer_size.height
        room = self.size.height - table - title - 2  # (the footer, and a row to spare)
        self.query_one(OptionList).styles.max_height = max(10, room)

    def action_choose(self) -> None:
        """Enter: chosen in the list's own queue, behind the arrow keys typed just before it (see `ChoiceDialog`)."""
        self.query_one(OptionList)._forward_event(events.Key("enter", "\r"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None
        answer_once(self, self.options[int(event.option.id)][1])

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP_TEXT))

    def palette_commands(self, query: str) -> list[tuple[str, Callable[[], object], str]]:
        """Each choice (draw from a deck, keep a card) as a command of the palette."""
        return [
            (str(label), partial(answer_once, self, action), "your choice in the poker draw")
            for label, action in self.options
        ]

    def action_leave(self) -> None:
        answer_once(self, LEAVE)
