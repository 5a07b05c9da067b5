"""What the Ruthless screen draws until the roster's own widgets come: the models on the map, the posses'
cards in short, the initiative reveal and the showdown's end.

Everything here is read from a seat's `PlayerView` (`view.ruthless`): what any player at the table may see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from fragtui.engine.ruthless.deck import card_title
from fragtui.engine.ruthless.pieces import LOCATIONS, WEAPONS
from fragtui.engine.ruthless.seen import RuthlessView
from fragtui.engine.ruthless.table import Condition, Model
from fragtui.engine.turn_structure import TurnStructure
from fragtui.engine.view import PlayerView
from fragtui.saves.format import SeatLook
from fragtui.tui.describe import seat_text
from fragtui.tui.dialogs import HandoffScreen
from fragtui.tui.map_view import Mark
from fragtui.tui.ruthless.labels import card_power
from fragtui.tui.seats import seat_style

__all__ = ["Handoff", "OverScreen", "RevealNote", "marks_of", "model_glyph", "posse_text", "ruthless_of"]

SELECTED = Style(reverse=True)
"""The model chosen to act: reversed, with or without colour."""
OUT = Style(dim=True, bold=False)
"""A model unconscious or Lily Livered: dim."""


def ruthless_of(view: PlayerView) -> RuthlessView:
    """The Ruthless table in a view (a Ruthless screen draws only Ruthless games)."""
    assert view.ruthless is not None, "a Ruthless screen draws a Ruthless game"
    return view.ruthless


def model_glyph(model: Model) -> str:
    """A model on the map: the first letter of his name (upper case mounted, lower case on foot)."""
    letter = model.card.name[:1]
    return letter.upper() if model.mounted else letter.lower()


def marks_of(view: PlayerView, looks: Sequence[SeatLook], selected: int | None) -> dict[tuple[int, int], Mark]:
    """Every model on the table in his posse's colour; the chosen one reversed, the ones out of the fight dim."""
    marks: dict[tuple[int, int], Mark] = {}
    for model in ruthless_of(view).models:
        if model.square is None or not model.on_table:
            continue
        style = seat_style(looks[model.owner].colour)
        if not model.standing or model.markers.lily_livered:
            style += OUT
        if model.id == selected:
            style += SELECTED
        marks[(model.square.x, model.square.y)] = Mark(model_glyph(model), style)
    return marks


def _markers(model: Model) -> list[str]:
    words = []
    if model.condition is Condition.DEAD:
        return ["dead"]
    if model.condition is Condition.UNCONSCIOUS:
        words.append("unconscious")
    if model.markers.lily_livered:
        words.append("Lily Livered")
    if model.mounted:
        words.append("mounted")
    if model.markers.aiming:
        words.append("aiming")
    if model.markers.covering:
        words.append("covering")
    return words


def posse_text(view: PlayerView, looks: Sequence[SeatLook], selected: int | None) -> Text:
    """Each posse's models in short: glyph, name, wounds crossed by location, rounds, markers."""
    table = ruthless_of(view)
    text = Text()
    for seat, fighter in enumerate(view.fighters):
        if seat:
            text.append("\n")
        text.append_text(seat_text(fighter.name, looks[seat]))
        if seat in table.skedaddled:
            text.append(" — out of the showdown", style="bold red")
        text.append("\n")
        for model in (m for m in table.models if m.owner == seat):
            mark = "▸" if model.id == selected else " "
            style = "dim" if model.condition is Condition.DEAD else ""
            text.append(f"{mark}{model_glyph(model)} {model.card.name} T{model.card.toughness}", style=style)
            wounds = " ".join(
                f"{location.value[:2]}{model.crossed(location)}/{model.card.wounds[location]}"
                for location in LOCATIONS
                if model.crossed(location)
            )
            if wounds:
                text.append(f" {wounds}", style="red")
            ammo = " ".join(
                f"{WEAPONS[kind].title.split()[0]} {'∞' if rounds is None else rounds}"
                for kind, rounds in zip(model.card.weapons, model.ammo, strict=False)
            )
            text.append(f"\n    {ammo}", style=style or "")
            markers = _markers(model)
            if markers:
                text.append(f" · {', '.join(markers)}", style="bold yellow")
            text.append("\n")
    return text


class RevealNote(ModalScreen[None]):
    """The initiative cards, revealed together (R-SEQ-01): who activates in what order, and each card's power."""

    DEFAULT_CSS = """
    RevealNote { align: center middle; }
    RevealNote > Vertical { width: 64; max-width: 100%; height: auto; border: thick $accent; padding: 1 2;
        background: $surface; }
    """
    BINDINGS = [Binding("enter,space,escape", "close", "Go on", priority=True)]

    def __init__(self, view: PlayerView, names: Sequence[str]) -> None:
        super().__init__()
        self.view = view
        self.names = names

    def compose(self) -> ComposeResult:
        table = ruthless_of(self.view)
        text = Text("The cards are revealed!\n\n", style="bold")
        for place, seat in enumerate(table.order):
            card = table.picks[seat]
            shown = card_title(card) if card else "?"
            text.append(f"{place + 1}. {self.names[seat]}: {shown}")
            power = card_power(card) if card else ""
            if power:
                text.append(f" — {power}", style="italic")
            text.append("\n")
        text.append("\nThe highest card's posse acts first. Enter: go on.", style="dim")
        with Vertical():
            yield Static(text)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class OverScreen(ModalScreen[None]):
    """The showdown is over: the winning posse, and how each posse ended."""

    DEFAULT_CSS = """
    OverScreen { align: center middle; }
    OverScreen > Vertical { width: 72; max-width: 100%; height: auto; border: thick $accent; padding: 1 2;
        background: $surface; }
    """
    BINDINGS = [Binding("enter,escape,q", "close", "Back to the title", priority=True)]

    def __init__(self, view: PlayerView, looks: Sequence[SeatLook], saved: str, closing: str) -> None:
        super().__init__()
        if closing != "Back to the title":  # where closing leads (a tournament's standings): the footer says so
            mine = self._bindings.key_to_bindings
            for key in ("enter", "escape", "q"):
                mine[key] = [Binding(key, "close", closing, priority=True)]
        self.view = view
        self.looks = looks
        self.saved = saved

    def compose(self) -> ComposeResult:
        view = self.view
        table = ruthless_of(view)
        text = Text()
        if view.winner is not None:
            text.append_text(seat_text(view.fighters[view.winner].name, self.looks[view.winner]))
            text.append("'s posse wins the showdown!\n\n", style="bold")
        else:
            text.append("The showdown is over.\n\n", style="bold")
        for seat, fighter in enumerate(view.fighters):
            models = [m for m in table.models if m.owner == seat]
            standing = sum(1 for m in models if m.standing and not m.markers.lily_livered)
            out = sum(1 for m in models if m.on_table and not (m.standing and not m.markers.lily_livered))
            dead = sum(1 for m in models if not m.on_table)
            text.append_text(seat_text(fighter.name, self.looks[seat]))
            how = " skedaddled" if seat in table.skedaddled else ""
            text.append(f":{how} {standing} standing, {out} out of the fight, {dead} dead\n")
        text.append(f"\n{self.saved}", style="dim")
        with Vertical():
            yield Static(text)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class Handoff(HandoffScreen):
    """Frag's hand-off, with Ruthless's public words: the turn line and the posses' cards (no frag target)."""

    def __init__(
        self,
        seat: int,
        view: PlayerView,
        looks: list[SeatLook],
        why: str,
        public: Text,
        phases: TurnStructure,
        on_leave: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(seat, view, looks, why, phases, on_leave=on_leave)
        self.public = public
        """The turn line and the posses, as anyone at the table may see them."""

    def compose(self) -> ComposeResult:
        name = self.view.fighters[self.seat].name
        with Vertical():
            yield Static(
                Text.assemble("Pass the keyboard to ", seat_text(name, self.looks[self.seat])), id="handoff-name"
            )
            yield Static(Text(self.why), id="handoff-why")
            yield Static(
                Text(f"{name}: press Enter when you are at the keyboard (others, look away)."), id="handoff-press"
            )
            yield Static(self.public, id="handoff-public")
        yield Footer()
