"""The set-up screen's widget kit: the stepper every choice is made with, an option's full text, a number field, and
a line of text redrawn only when it changes (`SteadyStatic`), and the words a ruleset's set-up says of its options
(`SetupWords`).

The form (`setup.NewGameScreen`), the seat rows (`seat_row.SeatRow`) and each system's seat editor
(`tui/frag/seat_editor.py`, `tui/deadlands/seat_editor.py`, `tui/ruthless/seat_editor.py`) are made of these.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import ValidationError
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Input, Static

from fragtui.engine.rulesets import OptionSpec, OptionValue

__all__ = ["DigitField", "OptionStepper", "RuleTextDialog", "SetupWords", "SteadyStatic", "Stepper", "first_message"]


class SetupWords:
    """What the set-up screen says of a ruleset's options and seats, beyond what the ruleset itself declares (its
    options' summaries, its player counts): the plain words every ruleset gets. A system says more by a subclass its
    front end names (`FrontEnd.setup_words`: Frag's in `tui/frag/setup_words.py`, Frag Tag's modes and the house
    rules' full texts), so the form names no system."""

    def option_hint(self, spec: OptionSpec, value: OptionValue) -> str:
        """The line beside an option at `value`: what it does, and its rule ID."""
        return f"{spec.summary} ({spec.rule})" if spec.rule else spec.summary

    def option_text(self, spec: OptionSpec) -> str:
        """An option's full text, on demand (`?` on its stepper): the text it carries, else its summary."""
        return spec.text or spec.summary

    def frag_target_hint(self, options: Mapping[str, OptionValue], low: int, high: int) -> str:
        """The line beside the frag target (where the rules play one) under the options chosen."""
        return f"frags to win, {low} to {high}"

    def seats_note(self, count: int, most: int) -> str | None:
        """A word on the number of seats set (`count`, of at most `most`), said beside the count; None: nothing."""
        return None


def first_message(exc: ValidationError) -> str:
    """Pydantic's first complaint, without its `Value error, ` prefix: the rules' own wording."""
    return str(exc.errors()[0]["msg"]).removeprefix("Value error, ")


def _drawn_as(content: VisualType) -> object:
    """What decides how `content` is drawn: a rich `Text`'s characters, spans and style (`Text.__eq__` leaves out
    the style), anything else itself."""
    if isinstance(content, Text):
        return (Text, content.plain, content.spans, content.style, content.justify, content.overflow, content.no_wrap)
    return content


class SteadyStatic(Static):
    """A `Static` that an update with what it already shows leaves alone.

    `Static.update` always asks for a layout of the whole screen (the new text may take more lines), and the
    set-up form shows its notes, the map's facts and the message line again after every key: a digit typed into
    the seed re-laid all of the form's 160 widgets for a message that had not changed (docs/performance.md).
    """

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if _drawn_as(content) == _drawn_as(self.content):
            return
        super().update(content, layout=layout)


class Stepper(Widget, can_focus=True):
    """A value stepped with Left/Right, -/+ or Space, or a click on either side of it.

    One focus stop per value (instead of a pair of buttons) keeps Tab short across six seats; what
    a step means, and whether it is allowed, is up to whoever handles `Stepper.Stepped`.
    """

    BINDINGS = [
        Binding("left,minus", "step(-1)", "Less", show=False),
        Binding("right,plus,space", "step(1)", "More", show=False),
    ]

    DEFAULT_CSS = """
    Stepper {
        width: auto;
        height: 1;
        padding: 0 1;
    }
    Stepper:focus {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: $block-cursor-text-style;
    }
    Stepper:hover {
        background: $boost;
    }
    """

    class Stepped(Message):
        """The player asked for the next (`delta` 1) or previous (`delta` -1) value."""

        def __init__(self, stepper: Stepper, delta: int) -> None:
            self.stepper = stepper
            self.delta = delta
            super().__init__()

        @property
        def control(self) -> Stepper:
            return self.stepper

    class Typed(Message):
        """A digit was typed on the stepper (a stat takes it as its new value)."""

        def __init__(self, stepper: Stepper, digit: int) -> None:
            self.stepper = stepper
            self.digit = digit
            super().__init__()

        @property
        def control(self) -> Stepper:
            return self.stepper

    def __init__(
        self, label: str, value: Text | str, *, what: str, classes: str | None = None, id: str | None = None
    ) -> None:
        super().__init__(classes=classes, id=id)
        self.label = label
        """Shown before the value (may be empty)."""
        self.what = what
        """What the stepper changes: `colour`, `glyph`, `kind` (human or computer), a `Stat` value,
        `ruleset`, or `option:NAME` (an option of the chosen ruleset)."""
        self._value: Text = Text(value) if isinstance(value, str) else value

    def show(self, value: Text | str) -> None:
        """Draw a new value (the handler decides values; the stepper only draws them).

        The screen is laid out again only when the value's width changed (a stepper is as wide as what it
        shows): a colour, a glyph, human/computer or a switch steps between values of one width, and a layout
        of the whole set-up form for each step was most of what the step cost (docs/performance.md)."""
        shown = Text(value) if isinstance(value, str) else value
        resized = shown.cell_len != self._value.cell_len
        self._value = shown
        self.refresh(layout=resized)

    @property
    def value_text(self) -> str:
        """The value as plain text, for tests and screen readers."""
        return self._value.plain

    def render(self) -> Text:
        text = Text(f"{self.label} " if self.label else "")
        text.append("< ")
        text.append_text(self._value)
        text.append(" >")
        return text

    def action_step(self, delta: int) -> None:
        self.post_message(self.Stepped(self, delta))

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character.isdigit():
            event.stop()
            self.post_message(self.Typed(self, int(event.character)))

    def on_click(self, event: events.Click) -> None:
        # Left of the value's middle steps back, right of it steps on, like the arrows drawn there.
        middle = 1 + (len(self.label) + 1 if self.label else 0) + 2 + len(self._value) // 2
        self.action_step(-1 if event.x < middle else 1)


class OptionStepper(Stepper):
    """The stepper of one option of the ruleset (a house rule): `?` on it opens the rule's full text,
    where elsewhere it opens the help (the one-line summary beside it cannot say it all)."""

    BINDINGS = [Binding("question_mark", "rule_text", "Rule text")]

    def __init__(self, spec: OptionSpec, value: Text | str, text: str) -> None:
        super().__init__("", value, what=f"option:{spec.name}")
        self.spec = spec
        """The option it sets."""
        self.text = text
        """Its full text, as the chosen rules' front end words it (`SetupWords.option_text`)."""

    def action_rule_text(self) -> None:
        self.app.push_screen(RuleTextDialog(self.spec, self.text))


class RuleTextDialog(ModalScreen[None]):
    """An option's full text (its rules' `SetupWords.option_text`: for a house rule, RULES.md's words), over the set-up
    screen;
    Escape, Enter or `?` closes it. It scrolls when the screen is short."""

    DEFAULT_CSS = """
    RuleTextDialog { align: center middle; }
    RuleTextDialog > VerticalScroll {
        width: 72; max-width: 100%; height: auto; max-height: 90%;
        border: thick $accent; background: $panel; padding: 0 1;
    }
    RuleTextDialog #rule-title { text-style: bold; }
    RuleTextDialog #rule-close { color: $text-muted; margin: 1 0 0 0; }
    """
    BINDINGS = [Binding("escape,enter,question_mark,q", "close", "Close")]

    def __init__(self, spec: OptionSpec, text: str) -> None:
        super().__init__()
        self.spec = spec
        """The option whose text is shown."""
        self.text = text
        """The full text shown (for tests and screen readers), as the rules' `SetupWords.option_text` gives it."""

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            rule = f"{self.spec.rule} · " if self.spec.rule else ""
            yield Static(f"{rule}{self.spec.name}", id="rule-title")
            yield Static(self.text, id="rule-text")
            yield Static("Esc, Enter or ?: close", id="rule-close")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # arrows and PgUp/PgDn scroll a long text

    def action_close(self) -> None:
        self.dismiss(None)


class DigitField(Input):
    """A short number field in which a digit typed into a full field is kept, not dropped.

    Typing into a full field (a frag target of "31", the cursor at its end) keeps the digits typed
    last: "31" then 2 reads "12", the number the player was typing, instead of ringing the bell
    and losing the 2.
    """

    def insert_text_at_cursor(self, text: str) -> None:
        at_end = self.cursor_position == len(self.value)
        if self.max_length and at_end and text.isdigit() and len(self.value) + len(text) > self.max_length:
            self.value = (self.value + text)[-self.max_length :]
            self.cursor_position = len(self.value)
            return
        super().insert_text_at_cursor(text)
