"""One seat of the set-up screen: the line every ruleset shares (the player's name, colour, glyph, and whether the
computer plays it) and, under it, the lines of the chosen rules' seat editors.

What a seat plays is its rule system's to edit: each `FrontEnd` names its `seat_editors` (Frag's fighter design,
`tui/frag/seat_editor.py`; Frag Deadlands' design and roster fighter, `tui/deadlands/seat_editor.py`; Ruthless's
posse, `tui/ruthless/seat_editor.py`); a ruleset with none of its own seats a name and a look alone. A `SeatEditor`
handles its own keys, checks its choices against the other seats' (through `others`), says what it adds to
the seat's `Seat`, and tells the form what changed (`SeatEditor.Changed`) or why a key did nothing
(`SeatEditor.Refused`). An editor is made the first time the row's rules name it and kept, hidden, while other
rules are chosen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Self, TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Static

from fragtui.bots.kinds import KIND_LABELS
from fragtui.engine.config import Seat, seat_part_default
from fragtui.engine.rulesets import OptionValue, Ruleset
from fragtui.saves.format import SeatLook
from fragtui.tui.last_setup import RememberedSeat
from fragtui.tui.seats import seat_style
from fragtui.tui.setup_kit import Stepper

__all__ = ["NameField", "SeatEditor", "SeatRow", "colour_name", "name_max_length"]

E = TypeVar("E", bound="SeatEditor")


def colour_name(colour: str) -> str:
    """A colour as players say it: every seat colour is a bright one, so the prefix says nothing."""
    return colour.removeprefix("bright_").replace("_", " ")


def name_max_length() -> int:
    """The longest player name `Seat` accepts, so the name field stops there instead of refusing later."""
    from annotated_types import MaxLen

    return next((c.max_length for c in Seat.model_fields["name"].metadata if isinstance(c, MaxLen)), 24)


class NameField(Input):
    """A seat's name. Entered, its whole name is selected (typing replaces it), but that selection is the field's,
    not the player's: Ctrl+X there removes the seat, as the seat note says, and cuts only text the player chose to
    select (the shift-arrows, Shift+Home or End, Ctrl+Shift+A, the mouse)."""

    selected_by_focus = False
    """The selection is the whole name the field selected when it got the focus; no key or click since."""

    def _on_focus(self, event: events.Focus) -> None:
        super()._on_focus(event)
        self.selected_by_focus = not self.selection.is_empty

    def on_key(self, _event: events.Key) -> None:
        """Any key that reaches the field (the screen's own keys, Ctrl+X among them, never do) is the player's."""
        self.selected_by_focus = False

    def on_mouse_down(self, _event: events.MouseDown) -> None:
        self.selected_by_focus = False


class SeatEditor(Horizontal):
    """A line of a seat's row: what the seat plays under the chosen rules (see the module's docstring)."""

    kind: ClassVar[str] = ""
    """What it edits, in words for the code (`design`, `character`, `posse`)."""
    has_card: ClassVar[bool] = False
    """Whether its choice shows on the card under the seats (a roster fighter's sheet, a posse's cards), which the
    form keeps in sight beside its stepper."""

    class Changed(Message):
        """The editor's choice changed (`card`: the card under the seats follows this seat)."""

        def __init__(self, editor: SeatEditor, card: bool = False) -> None:
            self.editor = editor
            self.card = card
            super().__init__()

    class Refused(Message):
        """A key did nothing, and why (the form says so and rings the bell)."""

        def __init__(self, editor: SeatEditor, reason: str) -> None:
            self.editor = editor
            self.reason = reason
            super().__init__()

    def __init__(self, rules: type[Ruleset], value: object | None, *, classes: str = "") -> None:
        super().__init__(classes=classes)
        self.rules = rules
        """The rules the seat is set up for (the last chosen that name this editor)."""

    # -- what the form asks of every editor --------------------------------------------------------------

    @classmethod
    def remembered(cls, rules: type[Ruleset], seat: RememberedSeat) -> object | None:
        """What a remembered seat had chosen here (the last set-up started), or None."""
        return None

    @classmethod
    def dealt(cls, rules: type[Ruleset], wanted: Sequence[object | None]) -> list[object | None]:
        """A choice for each seat from what each wants (None: anything), as the rules allow them together."""
        return list(wanted)

    @classmethod
    def seat_limit(cls, rules: type[Ruleset]) -> tuple[int, str] | None:
        """The most seats the rules let this editor fill, and why (a roster of unique fighters), or None."""
        return None

    @property
    def value(self) -> object | None:
        """The choice made (what `dealt` deals)."""
        return None

    def kept(self, rules: type[Ruleset]) -> object | None:
        """The choice to keep when `rules` are chosen (None: deal a new one)."""
        return self.value

    def choose(self, rules: type[Ruleset], value: object | None) -> None:
        """`rules` are chosen, and this editor's choice is `value` (as dealt)."""
        self.rules = rules

    def leave(self) -> None:
        """Rules that do not name this editor are chosen: it hides, forgetting what it must not keep."""

    def show_options(self, options: Mapping[str, OptionValue]) -> None:
        """The rules' options changed (a posse's budget follows them)."""

    def computer_chooses(self, kind: str | None, options: Mapping[str, OptionValue]) -> str | None:
        """A computer of `kind` has just taken the seat. Where that kind makes this editor's choice itself (the
        strong kind designs its own fighter: `fragtui.bots.designs`), take its choice and say what it is, in words
        after the seat's name; None (as here) leaves the choice as it was. The host may change it after."""
        return None

    def options_changed(self, kind: str | None, options: Mapping[str, OptionValue]) -> str | None:
        """The table's options changed while a computer of `kind` plays the seat. Where this editor still holds
        what that computer chose for the options as they were, and it chooses otherwise for them as they are (the
        strong kind's design for a Frag Tag mode), take the new choice and say so, as `computer_chooses` does; None
        (as here) leaves the choice as it was, and so does a choice the host has changed since."""
        return None

    def seat_fields(self) -> tuple[dict[str, object], str | None]:
        """What it adds to the seat's `Seat` (its fields by name), or the problem in the way."""
        return {}, None

    def card(self) -> Text | None:
        """The card under the seats while this seat is edited (None: none)."""
        return None

    # -- helpers ---------------------------------------------------------------------------------------

    @property
    def row(self) -> SeatRow:
        """The seat it edits."""
        return next(node for node in self.ancestors if isinstance(node, SeatRow))

    @property
    def who(self) -> str:
        """The seat's player as the form names him (his name, or `seat N` while it is blank)."""
        row = self.row
        return row.player_name.strip() or f"seat {row.index + 1}"

    def others(self) -> list[Self]:
        """The same editor of every other seat."""
        return [editor for editor in self.screen.query(type(self)).results(type(self)) if editor is not self]


_KINDS: tuple[tuple[bool, str | None], ...] = ((False, None), (True, None), (True, "strong"))
"""The kinds of player a seat steps through: a person, the computer (the ruleset's bot), the strong computer."""


class SeatRow(Vertical):
    """One seat: the player's name, colour and glyph and who plays it, then the chosen rules' seat editors.

    The row keeps its own choices; the screen, which sees every seat, decides which colours and
    glyphs are free and whether the table as a whole may start.
    """

    DEFAULT_CSS = """
    SeatRow {
        height: auto;
        margin: 0 0 1 0;
    }
    SeatRow .seat-line {
        height: 1;
    }
    SeatRow .seat-number {
        width: 4;
        text-style: bold;
    }
    SeatRow .seat-name {
        width: 20;
    }
    SeatRow .seat-colour {
        width: 13;
    }
    SeatRow .seat-glyph {
        width: 7;
    }
    SeatRow .seat-kind {
        margin: 0 0 0 1;
        min-width: 7;
    }
    SeatRow .seat-stat {
        margin: 0 1 0 0;
    }
    SeatRow .seat-points {
        width: 1fr;
        padding: 0 1;
    }
    SeatRow .seat-character {
        min-width: 24;
    }
    SeatRow .seat-portrait {
        width: 1fr;
        padding: 0 1;
        color: $text-muted;
    }
    """

    def __init__(
        self,
        index: int,
        name: str,
        look: SeatLook,
        rules: type[Ruleset],
        editors: Sequence[type[SeatEditor]] = (),
        values: Mapping[type[SeatEditor], object | None] | None = None,
    ) -> None:
        super().__init__()
        self.index = index
        """0-based seat number, in turn order."""
        self.colour = look.colour
        self.glyph = look.glyph
        self.computer = look.computer
        """Played by the computer (the heuristic bot) rather than a person at the keyboard."""
        self.bot = look.bot if look.computer else None
        """The computer's kind when not the ruleset's default (`strong`: the searching player), else None."""
        self._rules = rules
        self._editors = list(editors)
        self._values = dict(values or {})
        self._name = name

    def compose(self) -> ComposeResult:
        with Horizontal(classes="seat-line"):
            yield Static(f"{self.index + 1}.", classes="seat-number")
            yield NameField(
                self._name, placeholder="name", max_length=name_max_length(), compact=True, classes="seat-name"
            )
            yield Stepper("", self._colour_text(), what="colour", classes="seat-colour")
            yield Stepper("", self._glyph_text(), what="glyph", classes="seat-glyph")
            yield Stepper("", self._kind_text(), what="kind", classes="seat-kind")
        for cls in self._editors:
            yield cls(self._rules, self._values.get(cls))

    def renumber(self, index: int) -> None:
        """The seat's new place in turn order, once a seat before it is removed."""
        self.index = index
        if self.is_mounted:
            self.query_one(".seat-number", Static).update(f"{index + 1}.")

    # -- the editors ----------------------------------------------------------------------------------

    def editor(self, cls: type[E]) -> E | None:
        """The row's editor of the class `cls`, if it has been made."""
        return next((child for child in self.children if isinstance(child, cls) and type(child) is cls), None)

    def editors(self) -> list[SeatEditor]:
        """The editors the chosen rules name, in their order."""
        shown = [child for child in self.children if isinstance(child, SeatEditor) and child.display]
        return shown

    async def use_editors(self, rules: type[Ruleset], classes: Sequence[type[SeatEditor]]) -> None:
        """Show the editors `rules` name (made where missing), hide the others (each forgets what it must)."""
        for child in list(self.children):
            if isinstance(child, SeatEditor) and type(child) not in classes:
                child.leave()
                child.display = False
        for cls in classes:
            found = self.editor(cls)
            if found is None:  # made now, its choice dealt by the form
                await self.mount(cls(rules, None))
            else:
                found.display = True

    def fields(self) -> list[Widget]:
        """The seat's fields in order (focus stops): the shared line's, then its shown editors'."""
        found: list[Widget] = list(self.children[0].query("Input, Stepper"))
        for editor in self.editors():
            found += editor.query("Input, Stepper")
        return found

    def seat(self, name: str) -> tuple[dict[str, object], str | None]:
        """The fields of the seat's `Seat` its editors give (a design by default), or the first problem in the way."""
        fields: dict[str, object] = {"name": name, "fighter": seat_part_default("fighter")}
        for editor in self.editors():
            more, problem = editor.seat_fields()
            if problem is not None:
                return fields, problem
            fields.update(more)
        return fields, None

    def card(self) -> Text | None:
        """The card under the seats while this seat is edited: the first its editors give."""
        return next((card for editor in self.editors() if (card := editor.card()) is not None), None)

    # -- the shared line ------------------------------------------------------------------------------

    @property
    def player_name(self) -> str:
        """The name typed; the first name while the row is still being mounted (a key pressed meanwhile
        may check the table before the row's fields exist)."""
        try:
            return self.query_one(".seat-name", Input).value
        except NoMatches:
            return self._name or ""

    @property
    def look(self) -> SeatLook:
        return SeatLook(colour=self.colour, glyph=self.glyph, computer=self.computer, bot=self.bot)

    def set_colour(self, colour: str) -> None:
        self.colour = colour
        self.query_one(".seat-colour", Stepper).show(self._colour_text())
        self.query_one(".seat-glyph", Stepper).show(self._glyph_text())

    def set_glyph(self, glyph: str) -> None:
        self.glyph = glyph
        self.query_one(".seat-glyph", Stepper).show(self._glyph_text())

    def toggle_computer(self) -> None:
        """Switch the seat between a person and the computer."""
        self.computer = not self.computer
        self.bot = None
        self.query_one(".seat-kind", Stepper).show(self._kind_text())

    def step_kind(self, delta: int) -> None:
        """The next (`delta` 1) or previous kind of player in `_KINDS`: a person, the computer, the strong computer."""
        at = _KINDS.index((self.computer, self.bot)) if (self.computer, self.bot) in _KINDS else 0
        self.computer, self.bot = _KINDS[(at + delta) % len(_KINDS)]
        self.query_one(".seat-kind", Stepper).show(self._kind_text())

    def computer_chooses(self, options: Mapping[str, OptionValue]) -> str | None:
        """Each shown editor's part chosen by the computer that now plays the seat, where its kind chooses
        (`SeatEditor.computer_chooses`): what the first says it chose, else None."""
        if not self.computer:
            return None
        said = [words for editor in self.editors() if (words := editor.computer_chooses(self.bot, options))]
        return said[0] if said else None

    def options_changed(self, options: Mapping[str, OptionValue]) -> str | None:
        """The table's options changed: each shown editor's part the computer chose is chosen again where it would
        now choose otherwise (`SeatEditor.options_changed`): what the first says it chose, else None."""
        if not self.computer:
            return None
        said = [words for editor in self.editors() if (words := editor.options_changed(self.bot, options))]
        return said[0] if said else None

    def _kind_text(self) -> Text:
        if not self.computer:
            return Text("human   ")
        return Text(KIND_LABELS.get(self.bot or "heuristic", "computer"), style="bold magenta")

    def _colour_text(self) -> Text:
        return Text(f"{colour_name(self.colour):<7}", style=seat_style(self.colour))

    def _glyph_text(self) -> Text:
        return Text(self.glyph, style=seat_style(self.colour))
