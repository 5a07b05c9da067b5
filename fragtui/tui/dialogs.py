"""Small screens over any game: choosing among the engine's options, a question, a number, the hand-off, help.

What each says of a game is its screen's to give (the hand-off's public words, the help's text): they name no rule
system. Every choice dialog lists exactly the actions it is given — the engine's legal actions — with a
label each; it never adds, hides or reorders by its own idea of the rules. Widgets take what to
show in their constructor and dismiss with the choice ("attributes down, messages up").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from fragtui.saves.format import SeatLook
from fragtui.tui.describe import seat_text
from fragtui.tui.footer import KeyFooter

T = TypeVar("T")

__all__ = [
    "ChoiceDialog",
    "ConfirmDialog",
    "HandoffScreen",
    "HelpScreen",
    "NumberDialog",
    "answer_once",
]


def _plain(text: str | Text) -> Text:
    """Text shown as written: a player may be named "[red]X", and a path may hold brackets, so a
    string from the game is never read as Rich markup."""
    return text if isinstance(text, Text) else Text(text)


def answer_once(screen: Screen[T], result: T) -> None:
    """Dismiss `screen` with `result`, once, and only while it is the screen on top.

    Keys typed faster than the screen goes away still reach it: a second Enter on a choice would
    dismiss it again, and Textual would then pop whatever screen lies under it (the game itself).
    The first answer counts; the others are dropped.
    """
    if getattr(screen, "_answered", False) or not screen.is_current:
        return
    screen._answered = True  # type: ignore[attr-defined]
    screen.dismiss(result)


class ChoiceDialog(ModalScreen[T | None], Generic[T]):
    """Pick one of the options (the actions the engine listed); Escape backs out unless the decision is forced.

    The dialog is as wide as its longest line needs, up to the screen's width; past that, lines wrap
    (never cut). A long detail and a long list each scroll, with a scrollbar that says so. A dialog
    about squares on the map (`beside`) sits over the side panel, so it hides none of the squares.
    """

    DEFAULT_CSS = """
    ChoiceDialog { align: center bottom; background: $background 20%; }
    ChoiceDialog.-beside { align: right top; }
    ChoiceDialog > Vertical {
        width: 40; height: auto; max-height: 90%; margin: 0 0 1 0;
        border: thick $accent; background: $panel; padding: 0 1;
    }
    ChoiceDialog #choice-title { text-style: bold; width: 100%; }
    ChoiceDialog #choice-detail-box { height: auto; max-height: 6; }
    ChoiceDialog #choice-detail { color: $text-muted; width: 100%; }
    ChoiceDialog OptionList { width: 100%; height: auto; max-height: 12; }
    """
    CHROME = 12
    """Columns around the longest line: the dialog's border and padding, the list's, and a scrollbar."""

    BINDINGS = [
        Binding("enter", "choose", "Choose", priority=True),
        Binding("escape", "cancel", "Back"),
        Binding("question_mark", "help", "Help"),
    ]
    """Shown in the dialog's own footer, which covers the game's: under a dialog only these keys work."""

    def __init__(
        self,
        title: str | Text,
        options: Sequence[tuple[str | Text, T]],
        *,
        detail: str | Text = "",
        forced: bool = False,
        on_highlight: Callable[[T], None] | None = None,
        beside: Region | None = None,
        keys: Sequence[tuple[str, str, T]] = (),
        help_text: str | None = None,
    ) -> None:
        super().__init__()
        self.help_text = help_text
        """What `?` shows: the help of the game it is about (its front end's); None: the default game's (a dialog of
        the title: which save to resume)."""
        self.beside = beside
        """The region to cover instead of the map (the side panel), for a dialog about squares; None: centred."""
        self.keys = list(keys)
        """Extra keys that answer the dialog at once: (key, what the footer calls it, the answer)."""
        for n, (key, description, _) in enumerate(self.keys):  # a new list: the class's lists are shared
            mine = self._bindings.key_to_bindings
            mine[key] = [*mine.get(key, []), Binding(key, f"key_answer({n})", description)]
        self.title_text = title
        self.options = list(options)
        self.detail = detail
        self.forced = forced
        """A pending decision of the engine: it must be answered, so Escape does nothing."""
        self.on_highlight = on_highlight
        """Told which option is highlighted (the game screen moves the map cursor to its square)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_plain(self.title_text), id="choice-title")
            if self.detail:
                with VerticalScroll(id="choice-detail-box"):
                    yield Static(_plain(self.detail), id="choice-detail")
            yield OptionList(*(Option(label, id=str(n)) for n, (label, _) in enumerate(self.options)))
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A forced decision cannot be backed out of: no Back in its footer."""
        return not (action == "cancel" and self.forced)

    def action_choose(self) -> None:
        """Enter (and the footer's click). The binding has priority (so the footer shows it), which runs it
        before the keys typed just ahead of it have reached the list: "down, down, enter" typed fast chose
        the first line. So Enter is handed to the list, to travel behind those keys and select there."""
        self.query_one(OptionList)._forward_event(events.Key("enter", "\r"))

    def action_help(self) -> None:
        text = self.help_text
        if text is None:
            from fragtui.engine.config import DEFAULT_RULESET
            from fragtui.front_end import front_end

            text = front_end(DEFAULT_RULESET).help_text()
        self.app.push_screen(HelpScreen(text))

    def action_key_answer(self, n: int) -> None:
        answer_once(self, self.keys[n][2])

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()
        self._fit(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def _fit(self, screen: Size) -> None:
        """As wide as the longest line wants, within the screen (or the side panel, for a dialog beside the map)."""
        box = self.query_one(Vertical)
        lines = [Text(label) if isinstance(label, str) else label for label, _ in self.options]
        for text in (self.title_text, self.detail):
            lines.extend((Text(text) if isinstance(text, str) else text).split("\n"))
        wanted = max(40, max((line.cell_len for line in lines), default=0) + self.CHROME)
        beside = self.beside
        self.set_class(beside is not None, "-beside")
        if beside is not None:
            box.styles.width = max(min(wanted, screen.width - beside.x), beside.width)
            box.styles.margin = (beside.y, 0, 0, 0)
            box.styles.max_height = beside.height
        else:
            box.styles.width = min(wanted, screen.width - 2)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.on_highlight is not None and event.option.id is not None:
            self.on_highlight(self.options[int(event.option.id)][1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None
        answer_once(self, self.options[int(event.option.id)][1])

    def action_cancel(self) -> None:
        if not self.forced:
            answer_once(self, None)

    def on_key(self, event: events.Key) -> None:
        """Escape on a forced decision: say why nothing happens (its binding is off, so it lands here)."""
        if event.key == "escape" and self.forced:
            event.stop()
            self.notify("The game waits for this decision.", severity="warning")


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question (y/Enter or n/Escape)."""

    DEFAULT_CSS = """
    ConfirmDialog { align: center middle; }
    ConfirmDialog > Static {
        width: 60; max-width: 95%; height: auto; border: thick $warning; background: $panel; padding: 1 2;
    }
    """
    BINDINGS = [Binding("y,enter", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(_plain(self.question), "\n\n", ("y", "bold"), "es / ", ("n", "bold"), "o"))

    def action_answer(self, yes: bool) -> None:
        answer_once(self, yes)


class NumberDialog(ModalScreen[int | None]):
    """Ask for a whole number between two bounds (Enter takes it, Escape backs out)."""

    DEFAULT_CSS = """
    NumberDialog { align: center middle; }
    NumberDialog > Vertical {
        width: 50; max-width: 95%; height: auto; border: thick $accent; background: $panel; padding: 0 1;
    }
    NumberDialog #number-error { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, question: str, low: int, high: int, value: int | None = None) -> None:
        super().__init__()
        self.question = question
        self.low = low
        """The smallest number accepted."""
        self.high = high
        """The largest number accepted."""
        self.value = value
        """What the field holds at first."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"{self.question} ({self.low}–{self.high})"))
            yield Input(value="" if self.value is None else str(self.value), type="integer", id="number")
            yield Static(id="number-error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            number = int(event.value)
        except ValueError:
            number = None
        if number is None or not self.low <= number <= self.high:
            self.query_one("#number-error", Static).update(f"A number from {self.low} to {self.high}, please.")
            return
        answer_once(self, number)

    def action_cancel(self) -> None:
        answer_once(self, None)


class HandoffScreen(Screen[None]):
    """ "Pass to NAME": public information only, until that player presses Enter.

    A whole screen (not a dialog over the game) so nothing of the previous player's hand can
    show through. It waits for Enter or Space, not any key, so a stray key from the player
    leaving does not open the screen to the next one.
    """

    DEFAULT_CSS = """
    HandoffScreen { align: center middle; }
    HandoffScreen > Vertical { width: 70; max-width: 100%; height: auto; padding: 1 2; border: heavy $accent; }
    HandoffScreen #handoff-name { text-style: bold; text-align: center; }
    HandoffScreen #handoff-why { text-align: center; margin: 0 0 1 0; }
    HandoffScreen #handoff-public { margin: 1 0 0 0; }
    """
    BINDINGS = [
        Binding("enter,space", "ready", "I'm here", priority=True),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Quit"),
    ]

    def __init__(
        self,
        seat: int,
        name: str,
        looks: list[SeatLook],
        why: str,
        public: Text,
        help_text: str,
        on_leave: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.seat = seat
        """The seat called to the keyboard."""
        self.player = name
        """His player's name."""
        self.looks = looks
        self.why = why
        self.public = public
        """The public words shown under the call: the game's screen says what (Frag's turn line and scoreboard,
        Ruthless's turn line and posses, the generic screen's seats); never anything of a hand."""
        self.help_text = help_text
        """The game's help, as its screen gives it (`?`)."""
        self.on_leave = on_leave
        """What `q` does (ask, then leave the game) without opening the screen to anyone; None: no Quit."""

    def compose(self) -> ComposeResult:
        name = self.player
        with Vertical():
            yield Static(
                Text.assemble("Pass the keyboard to ", seat_text(name, self.looks[self.seat])), id="handoff-name"
            )
            yield Static(Text(self.why), id="handoff-why")
            yield Static(
                Text(f"{name}: press Enter when you are at the keyboard (others, look away)."), id="handoff-press"
            )
            yield Static(self.public, id="handoff-public")
        yield KeyFooter()

    def action_ready(self) -> None:
        answer_once(self, None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "leave" or self.on_leave is not None

    def action_leave(self) -> None:
        if self.on_leave is not None:
            self.on_leave()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.help_text))


_KEY_GAP = re.compile(r" {3,}")
"""Three spaces or more part a key from what it does, and one key's entry from the next on its line."""
_HEADING = re.compile(r"\[b\][^\[]*\[/b\]")
"""A line that is all bold is a heading."""


def help_renderable(text: str) -> Group:
    """Help text laid out for any width: each key in a column of keys, what it does wrapping beside it.

    The text is written for 96 columns, with two keys to a line here and there. Wrapped as it is,
    a narrow screen would fold those lines into column 0 and the columns would fall apart; here
    every `key   what it does` pair becomes a row of a two-column grid (the second entry of a line
    gets a row of its own), and prose wraps under its own indent, a line that opens with a
    "Topic:" starting a paragraph.
    """
    parts: list[RenderableType] = []
    keys: Table | None = None
    prose: list[str] = []
    indent = 2

    def flush_prose() -> None:
        if prose:
            parts.append(Padding(Text.from_markup(" ".join(prose)), (0, 0, 0, indent)))
            prose.clear()

    for line in text.splitlines():
        pieces = _KEY_GAP.split(line.strip())
        if line.startswith("  ") and len(pieces) >= 2 and len(pieces) % 2 == 0:
            flush_prose()
            if keys is None:
                keys = Table.grid(padding=(0, 2), pad_edge=False)
                keys.add_column(no_wrap=True, style="bold")
                keys.add_column(ratio=1)
                parts.append(Padding(keys, (0, 0, 0, 2)))
            for key, what in zip(pieces[::2], pieces[1::2], strict=True):
                keys.add_row(Text.from_markup(key), Text.from_markup(what))
            continue
        keys = None
        if line.strip() and not _HEADING.fullmatch(line):
            line_indent = 2 if line.startswith("  ") else 0
            if line_indent != indent or line.strip().split(" ", 1)[0].endswith(":"):  # "Moving: …" starts anew
                flush_prose()
            indent = line_indent
            prose.append(line.strip())
            continue
        flush_prose()
        parts.append(Text.from_markup(line))
    flush_prose()
    return Group(*parts)


class HelpScreen(ModalScreen[None]):
    """The keys and the rules in short; scrolls (with a scrollbar) when the screen is short."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 100; max-width: 100%; height: 90%; border: thick $accent; background: $panel; padding: 0 1;
    }
    """
    BINDINGS = [Binding("escape,q,question_mark,enter", "close", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        """What to show: the game's keys and rules, or the replay viewer's keys."""

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(help_renderable(self.text), id="help-text")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # arrows, PgUp/PgDn, Home/End scroll the help

    def action_close(self) -> None:
        answer_once(self, None)
