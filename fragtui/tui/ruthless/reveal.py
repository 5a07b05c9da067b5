"""The initiative reveal (R-SEQ-01): every player's card shown together, in the order the posses activate.

At one keyboard each player picks his card behind the hand-off; when the last has picked, this screen shows
them all at once: who activates first, second, …, with each card said in full (`King of Spades`), why a tie
of rank went the way it did (the suit: Spades, Hearts, Diamonds, Clubs), and what each card gives its player
this turn (R-SEQ-03). A legend says every card power, those that work from the hand too (courage, Low Blow).
Enter or Escape goes on to the activations.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from fragtui.engine.ruthless.deck import card_title, rank_of, suit_of
from fragtui.engine.view import PlayerView
from fragtui.saves.format import SeatLook
from fragtui.tui.dialogs import answer_once
from fragtui.tui.ruthless.marks import seat_looks
from fragtui.tui.ruthless.words import card_name, initiative_power
from fragtui.tui.seats import seat_style

__all__ = ["POWERS_LEGEND", "SUIT_ORDER", "RevealScreen", "reveal_text"]

SUIT_ORDER = "♠ Spades, ♥ Hearts, ♦ Diamonds, ♣ Clubs"
"""How a tie of rank is broken (R-SEQ-01), strongest first."""
POWERS_LEGEND = (
    "Card powers: for initiative, a 7 gives one model a third action, an A or a 4 brings the unconscious round, "
    "a 3 lets its player discard at the turn's end; from the hand, an A, K, Q or J passes Get Your Courage Up! "
    "outright and a 2 is a Low Blow in fisticuffs."
)
"""Every card power (R-SEQ-03) in one sentence, under the cards."""


def reveal_text(view: PlayerView, names: Sequence[str], looks: Sequence[SeatLook] | None = None) -> Text:
    """The cards in activation order: place, player (in his colour), the card in full and in its corner's
    letters, how a tie of rank was broken, and what the card gives its player this turn."""
    table = view.ruthless
    if table is None or not table.order:
        return Text("The initiative cards are not revealed yet.")
    colours = seat_looks(view, looks)
    text = Text(f"Initiative, turn {view.turn_number}: highest card first\n", style="bold")
    previous: tuple[int, str] | None = None
    for place, seat in enumerate(table.order, start=1):
        card = table.picks[seat] if seat < len(table.picks) else None
        name = names[seat] if seat < len(names) else view.fighters[seat].name
        text.append(f"\n{place}. ")
        text.append(name, style=seat_style(colours[seat].colour))
        if card is None:  # (never after a reveal: every card is shown)
            text.append(" — a card not shown")
            continue
        text.append(f" — {card_name(card)} ")
        text.append(card_title(card), style="bold")
        if seat in table.skedaddled:
            text.append(" (skedaddled)", style="bold red")
        if previous is not None and rank_of(previous[1]) == rank_of(card):
            before, theirs = previous
            text.append(
                f"\n   after {names[before] if before < len(names) else view.fighters[before].name}'s "
                f"{card_title(theirs)}: same rank, {suit_of(theirs).value.title()} beat {suit_of(card).value.title()}",
                style="italic",
            )
        power = initiative_power(card)
        if power is not None:
            text.append(f"\n   {power}", style="bold yellow")
        previous = (seat, card)
    text.append(f"\n\nTies of rank go by suit: {SUIT_ORDER}.\n", style="dim")
    text.append(POWERS_LEGEND, style="dim")
    return text


class RevealScreen(ModalScreen[None]):
    """The initiative cards, revealed together (R-SEQ-01); Enter or Escape goes on."""

    DEFAULT_CSS = """
    RevealScreen { align: center middle; background: $background 20%; }
    RevealScreen > VerticalScroll {
        width: 72; max-width: 95%; height: auto; max-height: 95%;
        border: thick $accent; background: $panel; padding: 0 1;
    }
    RevealScreen #reveal-text { width: 100%; height: auto; }
    RevealScreen #reveal-keys { width: 100%; height: auto; margin-top: 1; }
    """

    BINDINGS = [Binding("enter,escape,space", "close", "Play on", priority=True)]

    def __init__(self, view: PlayerView, names: Sequence[str], looks: Sequence[SeatLook] | None = None) -> None:
        super().__init__()
        self.seen = view
        """The view after the reveal: the cards, the order."""
        self.names = list(names)
        """Each seat's player name."""
        self.looks = looks
        """The seats' colours (their defaults when None)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(reveal_text(self.seen, self.names, self.looks), id="reveal-text")
            yield Static(Text.assemble(("Enter", "bold"), " play on"), id="reveal-keys")

    def action_close(self) -> None:
        answer_once(self, None)
