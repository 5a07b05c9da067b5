"""The new-game screen: who sits at the table, their fighters, the rules, the map and the length of the game.

Everything has a default that starts a 4-player game, so Enter on the first screen is a game; every
choice is checked live against the same rules the engine enforces (`GameConfig`, `FighterDesign`,
the map's player range), and the first problem is shown in words above the Start button, so a
table never meets a traceback or a game the engine would refuse.

The rules are a ruleset of the registry (`fragtui.engine.rulesets`), listed by title: choosing one
lists the maps it plays on (its `maps_for`, its own maps first) and, when it offers options (house
rules, modes), a line for each under it; the configuration names the ruleset and the options set.
What a seat plays is its rule system's to say, never a test of its name: the seat editors its front end names
(below) — a design of three stats, a fighter of a roster of unique ones (`Ruleset.roster`: each seat picks one), a
posse (`Ruleset.posse_roster`: each seat leads one of the fixed posses or one built by hand within
`Ruleset.posse_budget`, in place of the three stats); how many seats (`player_counts`), whether the frag
target is played, and the ready line (`table_words`: Frag's names the Frag Tag mode and what wins it, Frag
Deadlands names itself, Ruthless its scenario) are the ruleset's to say too.

Keys: Tab / Shift+Tab or Down / Up move between fields; Ctrl+N jumps to the next seat's name, Ctrl+O
to the rules (their options under them), Ctrl+G to the maps, Ctrl+F to the frag target and Ctrl+R to
the dice seed, so every field is a few keys away; `?` on an option shows its full text; Left / Right
(or - / +, or Space) change a colour, a glyph, a stat, the rules or an option, and a digit sets a
stat or a number option or picks the map of that number; `b` on a seat's posse opens the posse
builder (`tui/ruthless/posse_dialog.PosseDialog`); `a` adds a seat; `x` removes the seat being edited (the
last one from a field of no seat), and Ctrl+X does so from a name field too, where `x` is a letter; Enter
starts the game from any field (on a button it presses that button); Escape goes back without a game. A
digit typed where no number goes is not dropped silently: the screen says where digits go.

The screen opens with the last set-up started (`last_setup`), or the defaults.

This module is the form. Its widgets are the kit's (`setup_kit.py`: the stepper, an option's full text, the number
field); each seat is a `seat_row.SeatRow`, the line every ruleset shares, under which the chosen rules' front end
(`fragtui.front_end`) puts its seat editors, one per kind of choice: Frag's design (`tui/frag/seat_editor.py`),
Frag Deadlands' roster fighter (`tui/deadlands/seat_editor.py`), Ruthless's posse (`tui/ruthless/seat_editor.py`).
The form knows none of them: it deals each editor's choices when the rules change or a seat is added, asks each
row for its `Seat`, and shows the card the seat being edited gives.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass

from pydantic import ValidationError
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from fragtui.bots.kinds import KIND_LABELS
from fragtui.content.library import board_named
from fragtui.content.maps import map_names
from fragtui.engine.board import Board
from fragtui.engine.config import (
    DEFAULT_RULESET,
    RULE_SYSTEMS,
    GameConfig,
    Seat,
    config_part,
    make_config,
)
from fragtui.engine.rulesets import OptionSpec, OptionValue, Ruleset, find_ruleset, ruleset_names
from fragtui.errors import FragtuiError
from fragtui.front_end import front_end
from fragtui.saves.format import SeatLook
from fragtui.table import clock_words
from fragtui.tui.footer import KeyFooter
from fragtui.tui.last_setup import TARGET_KEY, LastSetup, SetupMemory
from fragtui.tui.map_view import MapView
from fragtui.tui.seat_row import NameField, SeatEditor, SeatRow, colour_name
from fragtui.tui.seats import COLOURS, DEFAULT_NAMES, GLYPHS, TableSetup, default_look
from fragtui.tui.setup_kit import DigitField, OptionStepper, SetupWords, SteadyStatic, Stepper, first_message
from fragtui.tui.title_header import TitleHeader

__all__ = ["MAX_SEATS", "MIN_SEATS", "NewGameScreen", "SetupForm"]

MIN_SEATS = 2
"""Frag needs two players (GameConfig refuses fewer)."""
MAX_SEATS = min(len(COLOURS), len(GLYPHS), len(DEFAULT_NAMES))
"""Six seats: the box has six fighters, and each seat needs a colour and a glyph of its own."""
START_SEATS = 4
"""The table the game is designed for; 4-6 is recommended, so the screen starts in the middle."""
SEED_MAX = 2**64 - 1
"""The dice take a 64-bit seed; a typed seed beyond it is refused, not silently wrapped."""


def _frag_target_bounds() -> tuple[int, int]:
    """The frag target's limits as its system declares them (the configuration's part, `register_config_part`),
    so the screen and the rules agree."""
    low, high = config_part(TARGET_KEY).bounds()
    return (1 if low is None else low), (99 if high is None else high)


def _frag_target_default() -> int:
    """The frag target a new set-up starts with, and a game whose rules play none is given (its default)."""
    default: int = config_part(TARGET_KEY).default
    return default


def _option_words(spec: OptionSpec, value: OptionValue) -> str:
    """An option's value as the stepper shows it: a switch says on or off."""
    if isinstance(value, bool):
        return "on " if value else "off"
    return str(value)


def _game_heading(rules: type[Ruleset]) -> Text:
    """The heading over the rules, the map and the game, with the keys to its fields (the frag target's only
    under rules won by frags)."""
    target = " · Ctrl+F: frag target" if rules.frag_target_played else ""
    return Text.assemble("Rules, map and game", (f"   Ctrl+G: maps{target} · Ctrl+R: seed", "not bold"))


class SetupForm(VerticalScroll, can_focus=False, inherit_bindings=False):
    """The scrolling body of the screen; Up and Down move between fields here, not the scroll.

    A `VerticalScroll` binds Up/Down to scrolling even when a field inside it has focus, which would
    swallow the screen's field-to-field keys; a focused field scrolls itself into view anyway, and
    Page Up / Page Down (bound on the screen) scroll the text between fields.
    """


@dataclass(frozen=True)
class _Checked:
    """What the current choices add up to: a configuration, or the problems in the way."""

    config: GameConfig | None
    problems: list[str]


class NewGameScreen(Screen[TableSetup | None]):
    """Set up a game: seats, fighter designs, map, frag target and seed; dismisses with a `TableSetup`.

    Escape dismisses with `None`. The screen never starts a game the engine would refuse: it
    builds the `GameConfig` itself and checks the map's player range and respawn points.
    """

    AUTO_FOCUS = "#setup-start"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    """Below 100 columns the map preview is hidden: the list and the map's facts still say enough."""
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    """Below 32 lines the seats sit without blank lines between them, so more fit on screen."""

    BINDINGS = [
        Binding("enter", "start", "Start"),
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+n", "jump('name')", "Names", priority=True),
        Binding("ctrl+g", "jump('map')", "Maps", priority=True),
        Binding("ctrl+o", "jump('rules')", "Rules", show=False, priority=True),
        Binding("ctrl+f", "jump('frag')", "Frag target", priority=True),
        Binding("ctrl+f", "no_frag_target", show=False, priority=True),  # (where none is played: says so)
        Binding("ctrl+r", "jump('seed')", "Seed", priority=True),
        Binding("a", "add_seat", "Add seat", show=False),
        Binding("x", "remove_seat", "Remove seat", show=False),
        Binding("ctrl+x", "cut_seat", "Remove seat", show=False, priority=True),
        Binding("down", "app.focus_next", "Next field", show=False),
        Binding("up", "app.focus_previous", "Previous field", show=False),
        Binding("pagedown", "page(1)", "Scroll down", show=False),
        Binding("pageup", "page(-1)", "Scroll up", show=False),
    ]

    DEFAULT_CSS = """
    NewGameScreen #setup-form {
        height: 1fr;
        padding: 0 1;
    }
    NewGameScreen .setup-heading {
        text-style: bold;
        color: $accent;
        margin: 1 0 0 0;
    }
    NewGameScreen .setup-note {
        color: $text-muted;
    }
    NewGameScreen #seat-columns {
        color: $text-muted;
        height: 1;
    }
    NewGameScreen #seats {
        height: auto;
    }
    NewGameScreen #setup-fighter-card {
        height: auto;
        border: round $primary;
        padding: 0 1;
    }
    NewGameScreen #setup-rules-field {
        height: auto;
        margin: 0;
    }
    NewGameScreen #setup-rules-summary {
        height: auto;
    }
    NewGameScreen #setup-options {
        height: auto;
    }
    NewGameScreen .setup-option {
        height: auto;
    }
    NewGameScreen .setup-option .setup-option-name {
        width: 22;
        padding: 0 0 0 2;
    }
    NewGameScreen .setup-option Stepper {
        min-width: 10;
    }
    NewGameScreen .setup-option .setup-hint {
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    NewGameScreen.-narrow .setup-option .setup-option-name {
        width: 20;
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    NewGameScreen.-wide .setup-option .setup-hint {
        height: auto;
        text-wrap: wrap;
    }
    NewGameScreen #setup-map-row {
        height: auto;
        margin: 1 0 0 0;
    }
    NewGameScreen #setup-map-side {
        height: auto;
        width: 1fr;
    }
    NewGameScreen #setup-map-list {
        height: auto;
        max-height: 8;
        width: 1fr;
    }
    NewGameScreen #setup-map-info {
        height: auto;
        padding: 0 1;
        width: 1fr;
    }
    NewGameScreen #setup-preview {
        height: 17;
        width: 1fr;
        border: round $primary;
        margin: 0 0 0 1;
    }
    NewGameScreen.-short SeatRow {
        margin: 0;
    }
    NewGameScreen.-narrow #setup-preview {
        display: none;
    }
    NewGameScreen.-narrow #setup-map-pick {
        height: auto;
    }
    NewGameScreen.-wide #setup-map-side {
        width: 46;
    }
    NewGameScreen .setup-field {
        height: 1;
        margin: 1 0 0 0;
    }
    NewGameScreen .setup-field Static {
        width: 14;
    }
    NewGameScreen #setup-frag-target {
        width: 6;
    }
    NewGameScreen #setup-seed {
        width: 24;
    }
    NewGameScreen .setup-field .setup-hint {
        width: 1fr;
        padding: 0 1;
        color: $text-muted;
    }
    NewGameScreen #setup-bar {
        height: auto;
        padding: 0 1;
        background: $panel;
    }
    NewGameScreen #setup-message {
        height: auto;
        max-height: 3;
    }
    NewGameScreen #setup-buttons {
        height: 1;
    }
    NewGameScreen #setup-buttons Button {
        margin: 0 2 0 0;
    }
    """

    def __init__(
        self,
        last: LastSetup | None = None,
        *,
        recall_last: bool = True,
        heading: str = "New game",
        start: str = "Start game",
        clock_seconds: float | None = None,
    ) -> None:
        """Open with `last` (by default the last set-up started, from `last_setup.recall`), or the defaults;
        `heading` and `start` name what is set up (a tournament's first game is set up here too); `clock_seconds`:
        the segment clock a served table's Real-Time game plays under (`fragtui serve --segment-seconds`)."""
        super().__init__()
        self.heading = heading
        """The screen's title in the header."""
        self.clock_seconds = clock_seconds
        """The served table's segment clock, said on the ready line of a Real-Time game (None: no clock)."""
        self.start_words = start
        """The start button's label."""
        self.memory = self._memory()
        """Where the last set-up is recalled from and this one is remembered (the app's, over SSH a visitor's)."""
        note: str | None = None
        if last is None and recall_last:
            last, note = self.memory.recall()
        self.last = last
        """The set-up the fields start from (None: the defaults)."""
        self.every_board: dict[str, Board] = {}
        """Every map that loads, by the name `GameConfig.map` takes."""
        self.map_problems: list[str] = []
        """Maps that did not load, as their error messages (shown, not raised)."""
        for stem in map_names():
            try:
                self.every_board[stem] = board_named(stem)
            except FragtuiError as exc:
                self.map_problems.append(str(exc))
        self.ruleset = DEFAULT_RULESET
        """The rules chosen: a ruleset's name in the registry (`GameConfig.ruleset`)."""
        self.option_values: dict[str, OptionValue] = {}
        """The options of the chosen ruleset set away from their defaults, by name (`GameConfig.options`)."""
        if last is not None:
            try:
                find_ruleset(last.ruleset).check_options(last.options)
                self.ruleset, self.option_values = last.ruleset, dict(last.options)
            except FragtuiError as exc:
                note = f"The last set-up's rules cannot be played here ({exc}); {self.rules.title} instead."
        self.boards = self._boards_for(self.rules)
        """The maps the chosen rules play on, in the order the list shows them."""
        fitting = [stem for stem, board in self.boards.items() if self._fits(board, START_SEATS)]
        self.map_name: str | None = fitting[0] if fitting else next(iter(self.boards), None)
        """The chosen map (the highlighted one in the list)."""
        if last is not None and last.map in self.boards:
            self.map_name = last.map
        elif last is not None and note is None:
            note = f"The last set-up's map {last.map!r} is not here any more; {self.map_name} instead."
        self.note = note
        """Why the last set-up could not be used (shown above the seats while the screen is up), or None."""
        self.hint: str | None = None
        """A refused key's reason, shown until the next change."""
        self.card_seat = 0
        """The seat whose fighter the card under the seats shows (rules with a roster)."""
        self._typed_checked: dict[Input, str] = {}
        """The text fields as the last check read them (`_typed`)."""

    # --- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self._take_breakpoints()
        yield TitleHeader(show_clock=False)
        with SetupForm(id="setup-form"):
            yield Static(Text.assemble("Players", ("   Ctrl+N: next name", "not bold")), classes="setup-heading")
            yield SteadyStatic(id="setup-seat-note", classes="setup-note")
            yield Static(
                Text.assemble(
                    ("    Name                  Colour         Glyph", ""),
                ),
                id="seat-columns",
            )
            with Vertical(id="seats"):
                rules, editors = self.rules, self.seat_editors()
                remembered = self.last.seats if self.last is not None else None
                count = len(remembered) if remembered is not None else START_SEATS
                dealt = {
                    cls: cls.dealt(
                        rules,
                        [cls.remembered(rules, seat) for seat in remembered] if remembered else [None] * count,
                    )
                    for cls in editors
                }
                taken: list[SeatLook] = []
                for index in range(count):
                    if remembered is not None:
                        name, look = remembered[index].name, remembered[index].look
                    else:
                        name, look = DEFAULT_NAMES[index], self._free_look(index, taken)
                        taken.append(look)
                    values = {cls: dealt[cls][index] for cls in editors}
                    yield SeatRow(index, name, look, rules, editors, values)
            card = SteadyStatic(id="setup-fighter-card")
            card.display = any(cls.has_card for cls in editors)
            yield card
            yield SteadyStatic(_game_heading(self.rules), classes="setup-heading", id="setup-game-heading")
            with Horizontal(classes="setup-field", id="setup-rules-field"):
                yield Static("Rules")
                yield Stepper("", self.rules.title, what="ruleset", id="setup-ruleset")
                yield SteadyStatic(self.rules.summary, id="setup-rules-summary", classes="setup-hint")
            heading = Static(
                Text.assemble("Options", ("   Ctrl+O: rules · ?: an option's full text", "not bold")),
                id="setup-options-heading",
                classes="setup-heading",
            )
            heading.display = bool(self.rules.options)
            yield heading
            options = Vertical(*self._option_lines(), id="setup-options")
            options.display = bool(self.rules.options)
            yield options
            with Horizontal(id="setup-map-row"):
                with Vertical(id="setup-map-side"):
                    yield OptionList(
                        *(Option(board.name, id=stem) for stem, board in self.boards.items()),
                        id="setup-map-list",
                    )
                    yield SteadyStatic(id="setup-map-info")
                    with Horizontal(classes="setup-field", id="setup-frag-target-field") as frag_field:
                        frag_field.display = self.rules.frag_target_played
                        yield Static("Frag target")
                        yield DigitField(
                            str(self.last.frag_target if self.last is not None else _frag_target_default()),
                            restrict=r"[0-9]*",
                            max_length=2,
                            compact=True,
                            id="setup-frag-target",
                        )
                        low, high = _frag_target_bounds()
                        hint = f"frags to win, {low} to {high}"
                        yield SteadyStatic(hint, classes="setup-hint", id="setup-frag-target-hint")
                    with Horizontal(classes="setup-field"):
                        yield Static("Dice seed")
                        # Room past the 20 digits of the largest seed: a digit too many shows, refused in words.
                        yield Input(placeholder="blank: random", max_length=24, compact=True, id="setup-seed")
                if self.map_name is not None:
                    preview = MapView(self.boards[self.map_name], id="setup-preview")
                    preview.can_focus = False
                    yield preview
        with Vertical(id="setup-bar"):
            yield SteadyStatic(id="setup-message")
            with Horizontal(id="setup-buttons"):
                yield Button(self.start_words, variant="success", compact=True, id="setup-start")
                yield Button("Add seat", compact=True, id="setup-add")
                yield Button("Remove seat", compact=True, id="setup-remove")
                yield Button("Back", variant="error", compact=True, id="setup-cancel")
        yield KeyFooter()

    def _take_breakpoints(self) -> None:
        """The breakpoint classes of the app's size, taken before the first layout, as Textual takes them after it.

        Textual sets them when the screen is first resized, once laid out: every widget was then styled and laid
        out again for the new classes (about a sixth of building the screen, docs/performance.md). Taken here, the
        first layout is the right one, and the resize finds nothing to change.
        """
        size = self.app.size
        classes = {name: False for _, name in self.HORIZONTAL_BREAKPOINTS + self.VERTICAL_BREAKPOINTS}
        extents = ((size.width, self.HORIZONTAL_BREAKPOINTS), (size.height, self.VERTICAL_BREAKPOINTS))
        for extent, breakpoints in extents:
            reached = [name for at, name in sorted(breakpoints) if extent >= at]
            if reached:
                classes[reached[-1]] = True
        self.update_classes(classes, update=False)

    def _memory(self) -> SetupMemory:
        """The app's set-up memory (`setup_memory`, a visitor's own over SSH), else this computer's."""
        try:
            memory = getattr(self.app, "setup_memory", None)  # (the app whose handler makes this screen)
        except RuntimeError:  # made outside any app (NoActiveAppError): a test of the screen alone
            memory = None
        return memory if isinstance(memory, SetupMemory) else SetupMemory()

    def on_mount(self) -> None:
        self.title = self.heading
        if self.map_name is not None:
            self.query_one("#setup-map-list", OptionList).highlighted = list(self.boards).index(self.map_name)
        self._refresh()

    # --- reading the form -----------------------------------------------------------------------

    @property
    def seat_rows(self) -> list[SeatRow]:
        """The seats in turn order: the children of `#seats`, not a query of the screen, which matched a selector
        against every one of its 160 widgets, some thirty times as the screen was built (docs/performance.md)."""
        try:
            seats = self.query_one("#seats", Vertical)
        except NoMatches:  # (not composed yet)
            return []
        return [row for row in seats.children if isinstance(row, SeatRow)]

    @staticmethod
    def _fits(board: Board, players: int) -> bool:
        return board.players_min <= players <= board.players_max and players <= len(board.respawn_points)

    @staticmethod
    def _free_look(index: int, taken: list[SeatLook]) -> SeatLook:
        """Seat `index`'s default look, or the first colour and glyph nobody has when it is taken."""
        look = default_look(index)
        colours = {other.colour for other in taken}
        glyphs = {other.glyph for other in taken}
        colour = look.colour if look.colour not in colours else next(c for c in COLOURS if c not in colours)
        glyph = look.glyph if look.glyph not in glyphs else next(g for g in GLYPHS if g not in glyphs)
        return SeatLook(colour=colour, glyph=glyph)

    def setup_words(self) -> SetupWords:
        """What the chosen rules' front end says of their options and seats (the plain words, for rules with none)."""
        return front_end(self.ruleset).setup_words_class()()

    def seat_editors(self) -> tuple[type[SeatEditor], ...]:
        """The seat editors of the chosen rules, as their front end names them (none: a name and a look alone)."""
        return front_end(self.ruleset).seat_editor_classes()

    def _card_row(self) -> SeatRow | None:
        """The seat whose fighter the card under the seats shows: the one last focused (seat 1 at first)."""
        rows = self.seat_rows
        if not rows:
            return None
        return rows[min(self.card_seat, len(rows) - 1)]

    def _show_fighter_card(self) -> None:
        """The card under the seats: what the seat being edited plays, as its editors show it (a roster
        fighter's sheet, a posse's cards), or nothing."""
        card = self.query_one("#setup-fighter-card", Static)
        row = self._card_row()
        text = row.card() if row is not None else None
        card.display = text is not None
        if text is not None:
            card.update(text)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The card under the seats follows the seat being edited."""
        row = next((node for node in event.widget.ancestors_with_self if isinstance(node, SeatRow)), None)
        if row is not None and row.index != self.card_seat:
            self.card_seat = row.index
            self._show_fighter_card()
        editor = next((node for node in event.widget.ancestors if isinstance(node, SeatEditor)), None)
        if isinstance(event.widget, Stepper) and editor is not None and editor.has_card:
            # The card says what the fighter does: in sight with the stepper (the stepper wins on a short screen).
            form = self.query_one("#setup-form", SetupForm)
            # At once, in this order: deferred, the second would be measured before the first had scrolled.
            form.scroll_to_widget(self.query_one("#setup-fighter-card"), animate=False, immediate=True)
            form.scroll_to_widget(event.widget, animate=False, immediate=True)

    @property
    def rules(self) -> type[Ruleset]:
        """The chosen ruleset (its title, summary, options and maps)."""
        return find_ruleset(self.ruleset)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The frag target's key is offered (in the footer) only where the game is won at a frag target; elsewhere
        (Ruthless) the same key says there is none to set."""
        if action == "jump" and parameters == ("frag",):
            return self.rules.frag_target_played
        if action == "no_frag_target":
            return not self.rules.frag_target_played
        return True

    def action_no_frag_target(self) -> None:
        """Ctrl+F where no frag target is played: why nothing happens."""
        self.action_jump("frag")

    def _boards_for(self, rules: type[Ruleset]) -> dict[str, Board]:
        """The maps `rules` plays on: its own system's first, then the others in `RULE_SYSTEMS` order
        (Frag plays Deadlands maps too, their Western features inert); a stable sort keeps each group's order."""

        def order(item: tuple[str, Board]) -> tuple[bool, int]:
            system = item[1].ruleset
            return system != rules.key, RULE_SYSTEMS.index(system) if system in RULE_SYSTEMS else len(RULE_SYSTEMS)

        playable = [(stem, board) for stem, board in self.every_board.items() if board.ruleset in rules.maps_for]
        return dict(sorted(playable, key=order))

    def option_value(self, spec: OptionSpec) -> OptionValue:
        """The value chosen for an option of the chosen ruleset (its default unless stepped)."""
        return self.option_values.get(spec.name, spec.default)

    def _option_lines(self) -> list[Widget]:
        """A line for each option of the chosen ruleset: its name, its value (a stepper) and what it does in
        one line (`?` on the stepper: the full text). A line each, cut at the edge of a narrow screen, so
        a dozen house rules fit a screen of 24 lines with the form scrolling."""
        lines: list[Widget] = []
        words = self.setup_words()
        for spec in self.rules.options:
            lines.append(
                Horizontal(
                    Static(spec.name, classes="setup-option-name"),
                    OptionStepper(spec, _option_words(spec, self.option_value(spec)), words.option_text(spec)),
                    SteadyStatic(
                        words.option_hint(spec, self.option_value(spec)),
                        classes="setup-hint",
                        id=f"setup-hint-{spec.name}",
                    ),
                    classes="setup-option",
                )
            )
        return lines

    def option_stepper(self, name: str) -> Stepper:
        """The stepper of one option of the chosen ruleset (for tests and for focus)."""
        return next(s for s in self.query("#setup-options Stepper").results(Stepper) if s.what == f"option:{name}")

    async def choose_ruleset(self, name: str) -> None:
        """Play the ruleset `name`: its options at their defaults, its maps listed, the map kept if it plays there."""
        self.ruleset = name
        self.option_values = {}
        rules = self.rules
        self.query_one("#setup-ruleset", Stepper).show(rules.title)
        self.query_one("#setup-rules-summary", Static).update(rules.summary)
        rows, editors = self.seat_rows, self.seat_editors()
        for row in rows:
            await row.use_editors(rules, editors)
        for cls in editors:  # each seat's choice kept where the rules allow it, else dealt anew
            mine = [row.editor(cls) for row in rows]
            wanted = [editor.kept(rules) if editor is not None else None for editor in mine]
            for editor, value in zip(mine, cls.dealt(rules, wanted), strict=True):
                if editor is not None:
                    editor.choose(rules, value)
        self.query_one("#setup-frag-target-field").display = rules.frag_target_played
        self.refresh_bindings()  # (the footer's frag target key: `check_action`)
        self.query_one("#setup-game-heading", Static).update(_game_heading(rules))
        panel = self.query_one("#setup-options", Vertical)
        await panel.remove_children()
        await panel.mount_all(self._option_lines())
        panel.display = bool(rules.options)
        self.query_one("#setup-options-heading", Static).display = bool(rules.options)
        self.boards = self._boards_for(rules)
        if self.map_name not in self.boards:
            fitting = [stem for stem, board in self.boards.items() if self._fits(board, len(self.seat_rows))]
            self.map_name = fitting[0] if fitting else next(iter(self.boards), None)
        maps = self.query_one("#setup-map-list", OptionList)
        maps.clear_options()
        maps.add_options(Option(board.name, id=stem) for stem, board in self.boards.items())
        if self.map_name is not None:
            maps.highlighted = list(self.boards).index(self.map_name)
        self._changed()
        focused = self.focused
        if focused is not None:  # the seat editors' lines came or went above it: keep the field in sight
            self.call_after_refresh(self.query_one("#setup-form", SetupForm).scroll_to_widget, focused, animate=False)

    def _step_option(self, name: str, delta: int) -> None:
        """The next (or previous) value of an option: a switch flips, a choice cycles, a number counts."""
        spec = self.rules.option(name)
        value = self.option_value(spec)
        if isinstance(value, bool):
            value = not value
        elif isinstance(value, int):
            value += delta
        else:
            choices = spec.choices or (value,)
            value = choices[(choices.index(value) + delta) % len(choices)] if value in choices else choices[0]
        self._set_option(spec, value)

    def _set_option(self, spec: OptionSpec, value: OptionValue) -> None:
        if value == spec.default:
            self.option_values.pop(spec.name, None)  # a game at the defaults saves no options
        else:
            self.option_values[spec.name] = spec.check(value)
        self.option_stepper(spec.name).show(_option_words(spec, value))
        self.query_one(f"#setup-hint-{spec.name}", Static).update(self.setup_words().option_hint(spec, value))
        self._options_changed()

    def _options_changed(self) -> None:
        """The options changed: a computer's choice still as it made it is made again for the options as they now
        are (`SeatRow.options_changed`: the strong kind's design for A Turn To Frag), and the screen says so."""
        self._computer_said(
            [(row, words) for row in self.seat_rows if (words := row.options_changed(self.option_values))]
        )

    def _computer_said(self, said: list[tuple[SeatRow, str]]) -> None:
        """The form checked again (as `_changed` does), with what the seats' computers chose as the hint: the first
        in its own words, the others counted; no hint where none chose."""
        self.hint = None
        if said:
            row, words = said[0]
            kind = KIND_LABELS.get(row.bot or "heuristic", "computer")
            others = f" (and {len(said) - 1} other computer{'s' * (len(said) > 2)} likewise)" if len(said) > 1 else ""
            self.hint = f"{row.player_name}'s {kind} {words}{others}; change it if you like"
        self._refresh()

    def _check(self) -> _Checked:
        """Every problem with the current choices, in the order the form shows them."""
        problems: list[str] = []
        rows = self.seat_rows
        seats: list[Seat] = []
        fewest, most = self.rules.player_counts
        if not fewest <= len(rows) <= most:  # first: it says why a seat has no posse, too
            problems.append(f"{self.rules.title} is played by {fewest} to {most} players, not {len(rows)}")
        for row in rows:
            who = f"seat {row.index + 1}"
            name = row.player_name
            if not name.strip():
                problems.append(f"{who}: a player's name cannot be blank")
                name = who
            fields, problem = row.seat(name)  # its editors' part: a design, a fighter, a posse
            if problem is not None:
                problems.append(problem)
                continue
            try:
                seats.append(Seat.model_validate(fields))
            except ValidationError as exc:
                problems.append(f"{who}: {first_message(exc)}")
        for what, values in (("colour", [r.colour for r in rows]), ("glyph", [r.glyph for r in rows])):
            for value in dict.fromkeys(values):
                if values.count(value) > 1:
                    shown = colour_name(value) if what == "colour" else repr(value)
                    problems.append(f"two seats have the {what} {shown}: each seat needs its own")
        board = self.boards.get(self.map_name) if self.map_name is not None else None
        if board is None:
            problems.append(
                f"no map here is drawn for {self.rules.title}" if self.every_board else "no map could be loaded"
            )
        elif not self._fits(board, len(rows)):
            problems.append(
                f"{board.name} is for {board.players_min}-{board.players_max} players, not {len(rows)}: "
                f"choose another map or change the seats"
            )
        frag_target = self._frag_target(problems)
        config: GameConfig | None = None
        if not problems and self.map_name is not None and frag_target is not None:
            try:
                config = make_config(
                    ruleset=self.ruleset,
                    options=dict(self.option_values),
                    map=self.map_name,
                    seats=tuple(seats),
                    **{TARGET_KEY: frag_target},
                )
                config.check_designs()
                if board is not None:
                    config.check_fits(len(board.respawn_points))
            except FragtuiError as exc:
                problems.append(str(exc))
                config = None
        seed_problem = self._seed()[1]
        if seed_problem:
            problems.append(seed_problem)
        return _Checked(config if not problems else None, problems)

    def _frag_target(self, problems: list[str]) -> int | None:
        text = self.query_one("#setup-frag-target", Input).value.strip()
        low, high = _frag_target_bounds()
        if text.isascii() and text.isdigit() and low <= int(text) <= high:
            return int(text)
        if not self.rules.frag_target_played:  # the field is hidden: nothing to complain of, nothing played
            return _frag_target_default()
        problems.append(f"frag target: a number from {low} to {high} (frags that win the game)")
        return None

    def _seed(self) -> tuple[int | None, str | None]:
        """The typed seed (`None` when blank: a random one is drawn at Start), or why it is refused."""
        text = self.query_one("#setup-seed", Input).value.strip()
        if not text:
            return None, None
        if text.isascii() and text.isdigit() and int(text) <= SEED_MAX:
            return int(text), None
        return None, f"seed: digits only, 0 to {SEED_MAX} (or leave it blank for a random seed)"

    # --- showing state --------------------------------------------------------------------------

    def _typed(self) -> dict[Input, str]:
        """The text of the text fields the form reads: the names, the frag target and the seed."""
        fields: list[Input] = []
        for row in self.seat_rows:
            with contextlib.suppress(NoMatches):  # (a seat still being mounted: its name is read once it is)
                fields.append(row.query_one(".seat-name", Input))
        fields += [self.query_one("#setup-frag-target", Input), self.query_one("#setup-seed", Input)]
        return {field: field.value for field in fields}

    def _refresh(self) -> None:
        """Redraw the notes, the map information and the message line from the current choices."""
        self._typed_checked = self._typed()
        count = len(self.seat_rows)
        note = Text(f"{self.note}\n", style="yellow") if self.note else Text()
        fewest, most = self.rules.player_counts
        note.append(f"{count} seats, {fewest} to {most} (a: add, x or ^X: remove this seat). ")
        said = self.setup_words().seats_note(count, most)  # (Frag's: it plays best with 4 to 6)
        if said:
            note.append(said, style="yellow")
        computers = sum(row.computer for row in self.seat_rows)
        note.append("←/→ on human/computer lets the computer play a seat")
        note.append(f" ({computers} computer{'s' * (computers != 1)})." if computers else ".")
        self.query_one("#setup-seat-note", Static).update(note)
        self._show_map(count)
        for row in self.seat_rows:
            for editor in row.editors():
                editor.show_options(self.option_values)
        self._show_fighter_card()
        checked = self._check()
        message = Text()
        if self.hint is not None:
            message.append(self.hint, style="bold yellow")
        elif checked.problems:
            message.append("Cannot start yet: ", style="bold red")
            message.append(checked.problems[0], style="red")
            if len(checked.problems) > 1:
                message.append(f" (and {len(checked.problems) - 1} more)", style="red")
        elif checked.config is not None:
            board = self.boards[checked.config.map]
            message.append("Ready: ", style="bold green")
            said = self.rules.table_words(checked.config, board.name)  # each ruleset words its own game
            if said is None:  # a ruleset with no words of its own: the players and the map
                said = f"{count} players on {board.name}"
            clock = clock_words(checked.config, self.clock_seconds)  # (a served Real-Time table's clock)
            if clock is not None:
                said = f"{said}, {clock}"
            message.append(f"{said}. Enter starts.")
        self.query_one("#setup-message", Static).update(message)
        self._show_frag_target_hint()

    def _show_frag_target_hint(self) -> None:
        """The frag target's line, as the rules word it under the options chosen (Frag Tag's modes won by points
        say it is not played: J-TAG-03/04)."""
        low, high = _frag_target_bounds()
        hint = self.setup_words().frag_target_hint(self.option_values, low, high)
        self.query_one("#setup-frag-target-hint", Static).update(hint)

    def _show_map(self, count: int) -> None:
        info = Text()
        if self.map_name is not None:
            board = self.boards[self.map_name]
            info.append(f"{board.name}\n", style="bold")
            if board.description:
                info.append(f"{board.description}\n")
            info.append(f"{board.width}x{board.height} squares, {self.rules.map_words(board)}\n")
            if self._fits(board, count):
                info.append(f"Fits {count} players.", style="green")
            else:
                info.append(f"Not for {count} players.", style="bold red")
            preview = self.query_one("#setup-preview", MapView)
            if preview.board is not board:
                preview.board = board
        for problem in self.map_problems:
            info.append(f"\n{problem}", style="red")
        self.query_one("#setup-map-info", Static).update(info)

    def _say(self, hint: str) -> None:
        """Show why a key did nothing (until the next change) and ring the bell."""
        self.hint = hint
        self.app.bell()
        self._refresh()

    def _changed(self) -> None:
        self.hint = None
        self._refresh()

    # --- events ---------------------------------------------------------------------------------

    async def on_stepper_stepped(self, event: Stepper.Stepped) -> None:
        event.stop()
        what = event.stepper.what
        if what == "ruleset":
            names = ruleset_names()
            if len(names) == 1:
                self._say(f"{self.rules.title} is the only rule system this version plays")
                return
            at = names.index(self.ruleset) if self.ruleset in names else 0
            await self.choose_ruleset(names[(at + event.delta) % len(names)])
            return
        if what.startswith("option:"):
            self._step_option(what.removeprefix("option:"), event.delta)
            return
        row = next(node for node in event.stepper.ancestors if isinstance(node, SeatRow))
        if event.stepper.what == "kind":
            row.step_kind(event.delta)
            chose = row.computer_chooses(self.option_values)  # (the strong kind designs its own fighter)
            self._computer_said([] if chose is None else [(row, chose)])
            return
        if event.stepper.what in ("colour", "glyph"):
            self._cycle(row, event.stepper.what, event.delta)

    def on_seat_editor_changed(self, event: SeatEditor.Changed) -> None:
        """A seat editor's choice changed (its card, where it has one, follows the seat)."""
        event.stop()
        if event.card:
            self.card_seat = event.editor.row.index
        self._changed()

    def on_seat_editor_refused(self, event: SeatEditor.Refused) -> None:
        """A seat editor refused a key: say why."""
        event.stop()
        self._say(event.reason)

    def _cycle(self, row: SeatRow, what: str, delta: int) -> None:
        """Step a seat's colour or glyph to the next one no other seat has."""
        choices = COLOURS if what == "colour" else GLYPHS
        current = row.colour if what == "colour" else row.glyph
        taken = {r.colour if what == "colour" else r.glyph for r in self.seat_rows if r is not row}
        start = choices.index(current) if current in choices else 0
        for step in range(1, len(choices)):
            candidate = choices[(start + delta * step) % len(choices)]
            if candidate not in taken:
                if what == "colour":
                    row.set_colour(candidate)
                else:
                    row.set_glyph(candidate)
                self._changed()
                return
        self._say(f"every other {what} is taken: each seat needs its own")

    def on_input_changed(self, event: Input.Changed) -> None:
        """Text typed: the form checked again, unless it already read this text (each field says its first text
        once mounted, after the form's first check: five checks of the same form as the screen was built)."""
        if self._typed_checked.get(event.input) != event.input.value:
            self._changed()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a text field starts, as everywhere: Tab moves on."""
        event.stop()
        self.action_start()

    def on_stepper_typed(self, event: Stepper.Typed) -> None:
        """A digit on a number option sets it; on a colour, glyph or kind it says where digits go (a seat editor
        takes its own: a stat)."""
        event.stop()
        what = event.stepper.what
        if what.startswith("option:"):
            spec = self.rules.option(what.removeprefix("option:"))
            if isinstance(spec.default, int) and not isinstance(spec.default, bool):
                self._set_option(spec, event.digit)
                return
        self._say(self._where_digits_go(event.digit))

    def on_key(self, event: events.Key) -> None:
        """A digit nothing else took: on the map list it picks that map; elsewhere the screen says where digits go."""
        if event.character is None or not event.character.isdigit():
            return
        event.stop()
        digit = int(event.character)
        maps = self.query_one("#setup-map-list", OptionList)
        if self.focused is maps:
            if 1 <= digit <= maps.option_count:
                maps.highlighted = digit - 1
            else:
                self._say(f"there are {maps.option_count} maps: 1 to {maps.option_count} picks one")
            return
        self._say(self._where_digits_go(digit))

    @staticmethod
    def _where_digits_go(digit: int) -> str:
        return (
            f"{digit} was not typed anywhere: digits go in a stat, the map list, "
            f"the frag target (Ctrl+F) or the seed (Ctrl+R)"
        )

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        # (The map already chosen, highlighted as the screen opens or the rules change, changes nothing.)
        if event.option.id is not None and event.option.id in self.boards and event.option.id != self.map_name:
            self.map_name = event.option.id
            self._changed()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a map chooses it and starts, as Enter does everywhere outside a text field."""
        event.stop()
        self.action_start()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "setup-start":
            self.action_start()
        elif event.button.id == "setup-cancel":
            self.action_cancel()
        elif event.button.id == "setup-add":
            await self.action_add_seat()
        elif event.button.id == "setup-remove":
            await self.action_remove_seat()

    # --- actions --------------------------------------------------------------------------------

    async def action_add_seat(self) -> None:
        """Add a seat at the end with a free name, colour and glyph, and scroll it into view."""
        rows, rules, editors = self.seat_rows, self.rules, self.seat_editors()
        for cls in editors:
            limit = cls.seat_limit(rules)
            if limit is not None and len(rows) >= limit[0]:
                self._say(limit[1])
                return
        most = min(MAX_SEATS, self.rules.player_counts[1])
        if len(rows) >= most:
            self._say(f"{self.rules.title} seats at most {most} players")
            return
        index = len(rows)
        names = {row.player_name.strip().casefold() for row in rows}
        preferred = [DEFAULT_NAMES[index], *DEFAULT_NAMES]
        name = next((n for n in preferred if n.casefold() not in names), f"Player {index + 1}")
        values: dict[type[SeatEditor], object | None] = {}
        for cls in editors:  # its choice dealt after the others' (a fighter, a posse nobody has)
            mine = [row.editor(cls) for row in rows]
            values[cls] = cls.dealt(rules, [e.value if e is not None else None for e in mine] + [None])[-1]
        row = SeatRow(index, name, self._free_look(index, [r.look for r in rows]), rules, editors, values)
        await self.query_one("#seats", Vertical).mount(row)
        self._changed()
        # Focus stays put, so `a` pressed twice adds two seats instead of typing into the new name.
        self.query_one("#setup-form", SetupForm).scroll_to_widget(row, animate=False)

    def _focused_row(self) -> SeatRow | None:
        """The seat one of whose fields has the focus, if any."""
        focused = self.focused
        if focused is None:
            return None
        return next((node for node in focused.ancestors_with_self if isinstance(node, SeatRow)), None)

    async def action_remove_seat(self) -> None:
        """Remove the seat being edited (the focus on one of its fields), else the last seat; the seats after it
        move up a place, keeping their turn order, and the focus goes to the same field of the seat now there."""
        rows = self.seat_rows
        fewest = max(MIN_SEATS, self.rules.player_counts[0])
        if len(rows) <= fewest:
            self._say(f"{self.rules.title} needs at least {fewest} players")
            return
        row = self._focused_row()
        gone = row if row is not None else rows[-1]
        field = None
        if row is not None and self.focused is not None:  # the same field of the seat that takes its place
            fields = row.fields()
            field = fields.index(self.focused) if self.focused in fields else None
        await gone.remove()
        rows = self.seat_rows
        for index, seat in enumerate(rows):
            seat.renumber(index)
        self._changed()
        if row is not None:
            here = rows[min(row.index, len(rows) - 1)]
            fields = here.fields()
            (fields[field] if field is not None and field < len(fields) else fields[0]).focus()
        elif self.focused is None:
            self.query_one("#setup-remove", Button).focus()

    async def action_cut_seat(self) -> None:
        """Ctrl+X: remove a seat from any field, a name field too (where `x` is a letter); in a text field
        with text the player selected, it cuts the text as it always does (a name the field selected as it was
        entered, by Ctrl+N or the arrows, is not the player's selection: the seat goes)."""
        focused = self.focused
        chosen = not (isinstance(focused, NameField) and focused.selected_by_focus)
        if isinstance(focused, Input) and not focused.selection.is_empty and chosen:
            focused.action_cut()
            return
        await self.action_remove_seat()

    def action_start(self) -> None:
        """Start if the rules allow the table as set; otherwise say what is in the way."""
        checked = self._check()
        if checked.config is None:
            self.hint = None
            self._refresh()
            message = self.query_one("#setup-message", Static)
            first = checked.problems[0] if checked.problems else "nothing to start"
            text = Text("Cannot start: ", style="bold red")
            text.append(first, style="red")
            if len(checked.problems) > 1:
                text.append(f" (and {len(checked.problems) - 1} more)", style="red")
            message.update(text)
            self.app.bell()
            return
        seed = self._seed()[0]
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        setup = TableSetup(config=checked.config, seed=seed, looks=[row.look for row in self.seat_rows])
        unsaved = self.memory.remember(setup)
        if unsaved is not None:
            self.notify(unsaved, severity="warning")
        self.dismiss(setup)

    def action_jump(self, where: str) -> None:
        """Jump to a field: the next seat's name (round the seats), the rules (the options under them), the
        maps, the frag target or the seed."""
        if where == "frag" and not self.rules.frag_target_played:
            self._say(f"{self.rules.title} is not won by frags: there is no frag target to set")
            return
        if where == "name":
            names = [row.query_one(".seat-name", Input) for row in self.seat_rows]
            now = names.index(self.focused) if self.focused in names else -1
            target: Widget = names[(now + 1) % len(names)]
        else:
            fields = {
                "map": "#setup-map-list",
                "frag": "#setup-frag-target",
                "seed": "#setup-seed",
                "rules": "#setup-ruleset",
            }
            target = self.query_one(fields[where])
        # At once, not `target.focus()` (which waits for the next idle moment): keys typed right
        # after the jump key, already queued, must land in the field jumped to, not the one left.
        self.set_focus(target)
        # The rules go to the top of the form, so the options under them show as well (a dozen house rules).
        self.query_one("#setup-form", SetupForm).scroll_to_widget(target, animate=False, top=where == "rules")

    def action_page(self, direction: int) -> None:
        """Scroll the form a page, wherever the focus is (the map's description sits between fields)."""
        form = self.query_one("#setup-form", SetupForm)
        if direction > 0:
            form.scroll_page_down(animate=False)
        else:
            form.scroll_page_up(animate=False)

    def action_cancel(self) -> None:
        """Back to where the screen was opened from, without a game."""
        self.dismiss(None)
