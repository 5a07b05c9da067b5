"""The Ruthless screen's own screens over the game: the hand-off in Ruthless's words and the showdown's end.

Everything here is read from a seat's `PlayerView` (`view.ruthless`): what any player at the table may see.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from fragtui.engine.ruthless.seen import RuthlessView
from fragtui.engine.ruthless.table import Condition
from fragtui.engine.view import PlayerView
from fragtui.saves.format import SeatLook
from fragtui.tui.describe import seat_text
from fragtui.tui.footer import KeyFooter

__all__ = ["OverScreen", "posse_summary", "ruthless_of"]


def ruthless_of(view: PlayerView) -> RuthlessView:
    """The Ruthless table in a view (a Ruthless screen draws only Ruthless games)."""
    table = view.ruthless  # (typed by Ruthless, not by the kernel's view)
    assert isinstance(table, RuthlessView), "a Ruthless screen draws a Ruthless game"
    return table


def posse_summary(view: PlayerView, looks: Sequence[SeatLook]) -> Text:
    """One line a posse: how many of its models stand, are out of the fight, are dead; whether it ran."""
    table = ruthless_of(view)
    text = Text()
    for seat, fighter in enumerate(view.fighters):
        models = [m for m in table.models if m.owner == seat]
        fighting = sum(1 for m in models if m.standing and not m.markers.lily_livered)
        dead = sum(1 for m in models if m.condition is Condition.DEAD)
        fled = sum(1 for m in models if m.condition is Condition.FLED)
        out = len(models) - fighting - dead - fled
        if seat:
            text.append("\n")
        text.append_text(seat_text(fighter.name, looks[seat]))
        ran = " skedaddled:" if seat in table.skedaddled else ":"
        gone = f", {fled} fled" if fled else ""
        text.append(f"{ran} {fighting} standing, {out} out of the fight, {dead} dead{gone}")
    return text


class OverScreen(ModalScreen[None]):
    """The showdown is over: the winning posse, and how each posse ended."""

    DEFAULT_CSS = """
    OverScreen { align: center middle; }
    OverScreen > Vertical { width: 72; max-width: 100%; height: auto; border: thick $accent; padding: 1 2;
        background: $surface; }
    """
    BINDINGS = [Binding("enter,escape,q", "close", "Back to the title", priority=True)]

    def __init__(
        self, view: PlayerView, looks: Sequence[SeatLook], saved: str, closing: str, posses: Sequence[str] = ()
    ) -> None:
        super().__init__()
        self.posses = posses
        """Each seat's posse's name, as the set-up gave it (`The Harlan Gang`)."""
        if closing != "Back to the title":  # where closing leads (a tournament's standings): the footer says so
            mine = self._bindings.key_to_bindings
            for key in ("enter", "escape", "q"):
                mine[key] = [Binding(key, "close", closing, priority=True)]
        self.view = view
        self.looks = looks
        self.saved = saved

    def compose(self) -> ComposeResult:
        view = self.view
        text = Text()
        strongbox = view.ruthless is not None and view.ruthless.scenario == "strongbox"
        if view.winner is not None:
            text.append_text(seat_text(view.fighters[view.winner].name, self.looks[view.winner]))
            posse = self.posses[view.winner] if view.winner < len(self.posses) else ""
            carried = view.ruthless is not None and view.ruthless.carried_off == view.winner
            feat = (
                "carries the strongbox off and wins!"
                if carried
                else "wins the fight for the strongbox!"
                if strongbox
                else "wins the showdown!"
            )
            text.append(f"'s posse{f', {posse},' if posse else ''} {feat}\n\n", style="bold")
        else:
            text.append(f"The {'fight for the strongbox' if strongbox else 'showdown'} is over.\n\n", style="bold")
        text.append_text(posse_summary(view, self.looks))
        text.append("\n")
        text.append(f"\n{self.saved}", style="dim")
        with Vertical():
            yield Static(text)
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss(None)
