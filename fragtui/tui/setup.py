"""The new-game screen: who sits at the table, their fighters, the rules, the map and the length of the game.

Everything has a default that starts a 4-player game, so Enter on the first screen is a game; every
choice is checked live against the same rules the engine enforces (`GameConfig`, `FighterDesign`,
the map's player range), and the first problem is shown in words above the Start button, so a
table never meets a traceback or a game the engine would refuse.

The rules are a ruleset of the registry (`fragtui.engine.rulesets`), listed by title: choosing one
lists the maps it plays on (its `maps_for`, its own maps first) and, when it offers options (house
rules, modes), a line for each under it; the configuration names the ruleset and the options set.
What a seat plays is the ruleset's to say, never a test of its name: a roster of unique fighters
(`Ruleset.roster`: each seat picks one), or posses (`Ruleset.posse_roster`: each seat leads one of the
fixed posses or one built by hand within `Ruleset.posse_budget`, in place of the three stats); how many
seats (`player_counts`), whether the frag target is played, and the ready line (`table_words`: Frag's names
the Frag Tag mode and what wins it, Frag Deadlands names itself, Ruthless its scenario) too.

Keys: Tab / Shift+Tab or Down / Up move between fields; Ctrl+N jumps to the next seat's name, Ctrl+O
to the rules (their options under them), Ctrl+G to the maps, Ctrl+F to the frag target and Ctrl+R to
the dice seed, so every field is a few keys away; `?` on an option shows its full text; Left / Right
(or - / +, or Space) change a colour, a glyph, a stat, the rules or an option, and a digit sets a
stat or a number option or picks the map of that number; `b` on a seat's posse opens the posse
builder (`PosseDialog`); `a` adds a seat; `x` removes the seat being edited (the last one from a field of no
seat), and Ctrl+X does so from a name field too, where `x` is a letter; Enter starts the game from any
field (on a button it presses that button); Escape goes back without a game. A digit typed where no
number goes is not dropped silently: the screen says where digits go.

The screen opens with the last set-up started (`last_setup`), or the defaults.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from annotated_types import Ge, Le, MaxLen
from pydantic import ValidationError
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from fragtui.content.library import board_named
from fragtui.content.maps import map_names
from fragtui.engine.board import Board
from fragtui.engine.config import (
    DEFAULT_DESIGN_FOR_POSSES,
    DEFAULT_FRAG_TARGET,
    DEFAULT_RULESET,
    DESIGN_POINTS,
    RULE_SYSTEMS,
    STAT_MAX,
    STAT_MIN,
    FighterDesign,
    GameConfig,
    Seat,
    Stat,
    make_config,
)
from fragtui.engine.frag.house import house_text
from fragtui.engine.frag.tag import OBJECTIVE, TARGET, scoring_rule
from fragtui.engine.rulesets import OptionSpec, OptionValue, RosterEntry, Ruleset, find_ruleset, ruleset_names
from fragtui.engine.ruthless.pieces import Posse, Roster
from fragtui.engine.scoring import FragTarget
from fragtui.errors import FragtuiError
from fragtui.saves.format import SeatLook
from fragtui.tui.describe import MODE_RULES, OPTION_TEXTS, mode_rules
from fragtui.tui.dialogs import PosseDialog, posse_card
from fragtui.tui.last_setup import LastSetup, SetupMemory
from fragtui.tui.map_view import MapView
from fragtui.tui.seats import COLOURS, DEFAULT_NAMES, GLYPHS, TableSetup, default_look, seat_style
from fragtui.tui.title_header import TitleHeader

__all__ = ["DEFAULT_DESIGN", "MAX_SEATS", "MIN_SEATS", "NewGameScreen", "SeatRow", "SetupForm", "Stepper"]

MIN_SEATS = 2
"""Frag needs two players (GameConfig refuses fewer)."""
MAX_SEATS = min(len(COLOURS), len(GLYPHS), len(DEFAULT_NAMES))
"""Six seats: the box has six fighters, and each seat needs a colour and a glyph of its own."""
START_SEATS = 4
"""The table the game is designed for; 4-6 is recommended, so the screen starts in the middle."""
DEFAULT_DESIGN = FighterDesign(health=3, speed=2, accuracy=2)
"""The balanced fighter everyone starts with: one of the twelve legal designs (F-SETUP-01)."""
SEED_MAX = 2**64 - 1
"""The dice take a 64-bit seed; a typed seed beyond it is refused, not silently wrapped."""
_STAT_LABELS = {Stat.HEALTH: "Health", Stat.SPEED: "Speed", Stat.ACCURACY: "Accuracy"}


def _frag_target_bounds() -> tuple[int, int]:
    """The frag target's limits as `GameConfig` declares them, so the screen and the rules agree."""
    low, high = 1, 99
    for constraint in GameConfig.model_fields["frag_target"].metadata:
        if isinstance(constraint, Ge) and isinstance(constraint.ge, int):
            low = constraint.ge
        elif isinstance(constraint, Le) and isinstance(constraint.le, int):
            high = constraint.le
    return low, high


def _name_max_length() -> int:
    """The longest player name `Seat` accepts, so the name field stops there instead of refusing later."""
    return next((c.max_length for c in Seat.model_fields["name"].metadata if isinstance(c, MaxLen)), 24)


def _first_message(exc: ValidationError) -> str:
    """Pydantic's first complaint, without its `Value error, ` prefix: the rules' own wording."""
    return str(exc.errors()[0]["msg"]).removeprefix("Value error, ")


def _option_words(spec: OptionSpec, value: OptionValue) -> str:
    """An option's value as the stepper shows it: a switch says on or off."""
    if isinstance(value, bool):
        return "on " if value else "off"
    return str(value)


def _option_hint(spec: OptionSpec, value: OptionValue) -> str:
    """The line beside an option: what it does; for the objective, what the mode chosen is played for
    (J-TAG-01..04), so a player stepping through the modes reads each one (at `frags`, that there are modes)."""
    if spec.name == OBJECTIVE and value != spec.default and isinstance(value, str) and value in MODE_RULES:
        return MODE_RULES[value][0]
    return f"{spec.summary} ({spec.rule})" if spec.rule else spec.summary


def _game_heading(rules: type[Ruleset]) -> Text:
    """The heading over the rules, the map and the game, with the keys to its fields (the frag target's only
    under rules won by frags)."""
    target = " · Ctrl+F: frag target" if rules.frag_target_played else ""
    return Text.assemble("Rules, map and game", (f"   Ctrl+G: maps{target} · Ctrl+R: seed", "not bold"))


def _colour_name(colour: str) -> str:
    """A colour as players say it: every seat colour is a bright one, so the prefix says nothing."""
    return colour.removeprefix("bright_").replace("_", " ")


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
        """Draw a new value (the handler decides values; the stepper only draws them)."""
        self._value = Text(value) if isinstance(value, str) else value
        self.refresh(layout=True)

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

    def __init__(self, spec: OptionSpec, value: Text | str) -> None:
        super().__init__("", value, what=f"option:{spec.name}")
        self.spec = spec
        """The option it sets."""

    def action_rule_text(self) -> None:
        self.app.push_screen(RuleTextDialog(self.spec))


class PosseStepper(Stepper):
    """A seat's posse (rules whose seats lead posses): Left/Right step through the fixed posses and the
    seat's own; `b` opens the posse builder (`PosseDialog`) to build one by hand within the budget."""

    BINDINGS = [Binding("b", "build", "Build a posse")]

    class Build(Message):
        """The player asked to build the seat's posse by hand."""

        def __init__(self, stepper: PosseStepper) -> None:
            self.stepper = stepper
            super().__init__()

        @property
        def control(self) -> PosseStepper:
            return self.stepper

    def action_build(self) -> None:
        self.post_message(self.Build(self))


class RuleTextDialog(ModalScreen[None]):
    """An option's full text (for a house rule, RULES.md's words: `house_text`), over the set-up screen;
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

    def __init__(self, spec: OptionSpec) -> None:
        super().__init__()
        self.spec = spec
        """The option whose text is shown."""

    @property
    def text(self) -> str:
        """The full text shown (for tests and screen readers): Frag Tag's objective lists every mode."""
        if self.spec.text:
            return self.spec.text
        if self.spec.name == OBJECTIVE:
            return mode_rules()
        return OPTION_TEXTS.get(self.spec.name) or house_text(self.spec)

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


def fighter_card(entry: RosterEntry, who: str = "") -> Text:
    """A fighter of the ruleset's roster as the set-up screen shows him: his name, who he is, and what his
    record sheet prints (drawback, Cheatin', starting gear); `who`: the seat that plays him."""
    text = Text()
    if who:
        text.append(f"{who}: ", style="bold")
    text.append(entry.title, style="bold")
    text.append(f" — {entry.portrait}", style="italic")
    for heading, words in entry.lines:
        text.append(f"\n{heading}: ", style="bold")
        text.append(words)
    return text


class SeatRow(Vertical):
    """One seat: the player's name, colour and glyph, and his fighter's three stats; under rules with a
    roster of unique fighters, the fighter he plays too.

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
        design: FighterDesign = DEFAULT_DESIGN,
        *,
        roster: tuple[RosterEntry, ...] = (),
        character: str | None = None,
        posse_roster: Roster | None = None,
        posse: Posse | None = None,
    ) -> None:
        super().__init__()
        self.posse_roster = posse_roster
        """The gunfighters and fixed posses a seat picks its posse from, under rules whose seats lead posses
        (`Ruleset.posse_roster`); None: the seat plays one fighter, designed with the three stats."""
        self.posse = posse if posse_roster is not None else None
        """The posse the seat leads (`Seat.posse`): a fixed one, or one built by hand; None without a roster."""
        self.built: Posse | None = (
            posse if posse is not None and posse_roster is not None and posse not in posse_roster.posses else None
        )
        """The posse this seat built by hand (`b` on its posse), kept among its choices while it steps through
        the fixed ones."""
        self.budget: int | None = None
        """The budget the posse's points are shown against (the screen sets it from the options)."""
        self.roster = roster
        """The fighters the rules let a seat pick from (none: fighters are designed only)."""
        self.character = character
        """The fighter the seat plays, a key of `roster` (`Seat.character`); None without a roster."""
        self.index = index
        """0-based seat number, in turn order."""
        self.colour = look.colour
        self.glyph = look.glyph
        self.computer = look.computer
        """Played by the computer (the heuristic bot) rather than a person at the keyboard."""
        self.stats: dict[Stat, int] = {stat: getattr(design, stat.value) for stat in Stat}
        """The stats as stepped so far: may add up to less than 7 while a point is being moved."""
        self._name = name

    def compose(self) -> ComposeResult:
        with Horizontal(classes="seat-line"):
            yield Static(f"{self.index + 1}.", classes="seat-number")
            yield Input(
                self._name, placeholder="name", max_length=_name_max_length(), compact=True, classes="seat-name"
            )
            yield Stepper("", self._colour_text(), what="colour", classes="seat-colour")
            yield Stepper("", self._glyph_text(), what="glyph", classes="seat-glyph")
            yield Stepper("", self._kind_text(), what="kind", classes="seat-kind")
        with Horizontal(classes="seat-line seat-stats-line") as stats:
            stats.display = self.posse_roster is None
            yield Static("", classes="seat-number")
            for stat in Stat:
                yield Stepper(_STAT_LABELS[stat], str(self.stats[stat]), what=stat.value, classes="seat-stat")
            yield Static(self._points_text(), classes="seat-points")
        with Horizontal(classes="seat-line seat-fighter-line") as line:
            line.display = bool(self.roster)
            yield Static("", classes="seat-number")
            yield Stepper("Fighter", self._character_text(), what="character", classes="seat-character")
            yield Static(self._portrait_text(), classes="seat-portrait")
        with Horizontal(classes="seat-line seat-posse-line") as posse_line:
            posse_line.display = self.posse_roster is not None
            yield Static("", classes="seat-number")
            yield PosseStepper("Posse", self._posse_text(), what="posse", classes="seat-posse")
            yield Static(self._posse_points_text(), classes="seat-posse-points")

    def renumber(self, index: int) -> None:
        """The seat's new place in turn order, once a seat before it is removed."""
        self.index = index
        if self.is_mounted:
            self.query_one(".seat-number", Static).update(f"{index + 1}.")

    @property
    def posse_choices(self) -> list[Posse]:
        """The posses the seat's stepper goes through: the roster's fixed ones, then its own built by hand."""
        fixed = list(self.posse_roster.posses) if self.posse_roster is not None else []
        return fixed + ([self.built] if self.built is not None and self.built not in fixed else [])

    def set_posse_roster(self, roster: Roster | None, posse: Posse | None) -> None:
        """Lead `posse` of `roster` (rules whose seats lead posses), or none: the stats show again."""
        if roster is not self.posse_roster:
            self.built = None
        self.posse_roster = roster
        self.posse = posse if roster is not None else None
        if not self.is_mounted:
            return
        self.query_one(".seat-stats-line").display = roster is None
        self.query_one(".seat-posse-line").display = roster is not None
        self.show_posse()

    def set_posse(self, posse: Posse, *, built: bool = False) -> None:
        """Lead `posse` (`built`: one built by hand, kept among the seat's choices)."""
        if built:
            self.built = posse
        self.posse = posse
        self.show_posse()

    def show_posse(self, budget: int | None = None) -> None:
        """Draw the posse and its points (against `budget`, where given)."""
        if budget is not None:
            self.budget = budget
        if self.is_mounted:
            self.query_one(".seat-posse", Stepper).show(self._posse_text())
            self.query_one(".seat-posse-points", Static).update(self._posse_points_text())

    def _posse_text(self) -> Text:
        return Text(f"{self.posse.name if self.posse else 'none':<19}", style="bold")

    def _posse_points_text(self) -> Text:
        if self.posse is None:
            return Text("b: build one by hand", style="dim")
        points, budget = self.posse.points, self.budget
        text = Text(f"{len(self.posse.gunfighters)} gunfighters, {points}")
        text.append(f"/{budget} points" if budget is not None else " points")
        if budget is not None and points > budget:
            text.stylize("bold red")
            text.append(" (over)", style="bold red")
        text.append(" · b: build", style="dim")
        return text

    @property
    def entry(self) -> RosterEntry | None:
        """The roster entry of the fighter the seat plays, if it plays one."""
        return next((e for e in self.roster if e.key == self.character), None)

    def set_character(self, roster: tuple[RosterEntry, ...], character: str | None) -> None:
        """Play `character` of `roster` (a ruleset without one: none, and the fighter line hides)."""
        self.roster = roster
        self.character = character if roster else None
        if not self.is_mounted:
            return
        self.query_one(".seat-fighter-line").display = bool(roster)
        self.query_one(".seat-character", Stepper).show(self._character_text())
        self.query_one(".seat-portrait", Static).update(self._portrait_text())

    def _character_text(self) -> Text:
        entry = self.entry
        return Text(f"{entry.title if entry else 'none':<19}", style="bold")

    def _portrait_text(self) -> Text:
        entry = self.entry
        return Text(entry.portrait if entry else "", no_wrap=True, overflow="ellipsis")

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
        return SeatLook(colour=self.colour, glyph=self.glyph, computer=self.computer)

    def points_left(self) -> int:
        return DESIGN_POINTS - sum(self.stats.values())

    def design(self) -> FighterDesign:
        """The fighter as stepped; `ValidationError` (F-SETUP-01's wording) while it is not legal."""
        return FighterDesign(**{stat.value: value for stat, value in self.stats.items()})

    def step_stat(self, stat: Stat, delta: int) -> str | None:
        """Move one point into or out of `stat`; the reason when the rules refuse the step.

        Points are bought from a pool of 7, so a design can fall short of 7 (shown live and refused
        at Start) but never exceed it, and no stat leaves 1..4 (F-SETUP-01).
        """
        value = self.stats[stat] + delta
        label = _STAT_LABELS[stat]
        if not STAT_MIN <= value <= STAT_MAX:
            return f"{label} stays {self.stats[stat]}: each stat gets {STAT_MIN} to {STAT_MAX} points"
        if delta > 0 and self.points_left() <= 0:
            return (
                f"no points left: a fighter divides exactly {DESIGN_POINTS} points between Health, Speed "
                f"and Accuracy; take one from another stat first"
            )
        self.stats[stat] = value
        self.stat_stepper(stat).show(str(value))
        self.query_one(".seat-points", Static).update(self._points_text())
        return None

    def set_stat(self, stat: Stat, value: int) -> str | None:
        """Set a stat to a typed value, point by point, so the same rules refuse it in the same words."""
        if not STAT_MIN <= value <= STAT_MAX:
            return f"{_STAT_LABELS[stat]} stays {self.stats[stat]}: each stat gets {STAT_MIN} to {STAT_MAX} points"
        if value - self.stats[stat] > self.points_left():
            return (
                f"{_STAT_LABELS[stat]} {value} needs {value - self.stats[stat]} more points and "
                f"{self.points_left()} are left: take some from another stat first"
            )
        while self.stats[stat] != value:
            refused = self.step_stat(stat, 1 if value > self.stats[stat] else -1)
            if refused is not None:  # pragma: no cover - the checks above leave nothing to refuse
                return refused
        return None

    def stat_stepper(self, stat: Stat) -> Stepper:
        """The stepper of one stat (for tests and for focus)."""
        return next(s for s in self.query(Stepper) if s.what == stat.value)

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
        self.query_one(".seat-kind", Stepper).show(self._kind_text())

    def _kind_text(self) -> Text:
        return Text("computer", style="bold magenta") if self.computer else Text("human   ")

    def _colour_text(self) -> Text:
        return Text(f"{_colour_name(self.colour):<7}", style=seat_style(self.colour))

    def _glyph_text(self) -> Text:
        return Text(self.glyph, style=seat_style(self.colour))

    def _points_text(self) -> Text:
        left = self.points_left()
        if left == 0:
            return Text(f"{DESIGN_POINTS} points spent", style="dim")
        return Text(f"{left} point{'s' if left != 1 else ''} left to spend", style="bold yellow")


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
    ) -> None:
        """Open with `last` (by default the last set-up started, from `last_setup.recall`), or the defaults;
        `heading` and `start` name what is set up (a tournament's first game is set up here too)."""
        super().__init__()
        self.heading = heading
        """The screen's title in the header."""
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

    # --- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with SetupForm(id="setup-form"):
            yield Static(Text.assemble("Players", ("   Ctrl+N: next name", "not bold")), classes="setup-heading")
            yield Static(id="setup-seat-note", classes="setup-note")
            yield Static(
                Text.assemble(
                    ("    Name                  Colour         Glyph", ""),
                ),
                id="seat-columns",
            )
            with Vertical(id="seats"):
                roster = self.rules.roster()
                posse_roster = self.rules.posse_roster()
                if self.last is not None:
                    remembered = [seat.character for seat in self.last.seats]
                    characters = self._deal_characters(roster, remembered)
                    wanted = [seat.posse.of_roster(posse_roster) if seat.posse else None for seat in self.last.seats]
                    posses = self._deal_posses(posse_roster, wanted)
                    for index, seat in enumerate(self.last.seats):
                        design = FighterDesign.model_construct(
                            health=seat.health, speed=seat.speed, accuracy=seat.accuracy
                        )  # unchecked on purpose: a design short of 7 points shows, and is refused at Start
                        yield SeatRow(
                            index,
                            seat.name,
                            seat.look,
                            design,
                            roster=roster,
                            character=characters[index],
                            posse_roster=posse_roster,
                            posse=posses[index],
                        )
                else:
                    taken: list[SeatLook] = []
                    characters = self._deal_characters(roster, [None] * START_SEATS)
                    posses = self._deal_posses(posse_roster, [None] * START_SEATS)
                    for index in range(START_SEATS):
                        look = self._free_look(index, taken)
                        taken.append(look)
                        yield SeatRow(
                            index,
                            DEFAULT_NAMES[index],
                            look,
                            roster=roster,
                            character=characters[index],
                            posse_roster=posse_roster,
                            posse=posses[index],
                        )
            card = Static(id="setup-fighter-card")
            card.display = bool(roster) or posse_roster is not None
            yield card
            yield Static(_game_heading(self.rules), classes="setup-heading", id="setup-game-heading")
            with Horizontal(classes="setup-field", id="setup-rules-field"):
                yield Static("Rules")
                yield Stepper("", self.rules.title, what="ruleset", id="setup-ruleset")
                yield Static(self.rules.summary, id="setup-rules-summary", classes="setup-hint")
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
                    yield Static(id="setup-map-info")
                    with Horizontal(classes="setup-field", id="setup-frag-target-field") as frag_field:
                        frag_field.display = self.rules.frag_target_played
                        yield Static("Frag target")
                        yield DigitField(
                            str(self.last.frag_target if self.last is not None else DEFAULT_FRAG_TARGET),
                            restrict=r"[0-9]*",
                            max_length=2,
                            compact=True,
                            id="setup-frag-target",
                        )
                        low, high = _frag_target_bounds()
                        hint = f"frags to win, {low} to {high}"
                        yield Static(hint, classes="setup-hint", id="setup-frag-target-hint")
                    with Horizontal(classes="setup-field"):
                        yield Static("Dice seed")
                        # Room past the 20 digits of the largest seed: a digit too many shows, refused in words.
                        yield Input(placeholder="blank: random", max_length=24, compact=True, id="setup-seed")
                if self.map_name is not None:
                    preview = MapView(self.boards[self.map_name], id="setup-preview")
                    preview.can_focus = False
                    yield preview
        with Vertical(id="setup-bar"):
            yield Static(id="setup-message")
            with Horizontal(id="setup-buttons"):
                yield Button(self.start_words, variant="success", compact=True, id="setup-start")
                yield Button("Add seat", compact=True, id="setup-add")
                yield Button("Remove seat", compact=True, id="setup-remove")
                yield Button("Back", variant="error", compact=True, id="setup-cancel")
        yield Footer()

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
        """The seats in turn order."""
        return list(self.query(SeatRow))

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

    @staticmethod
    def _deal_characters(roster: tuple[RosterEntry, ...], wanted: list[str | None]) -> list[str | None]:
        """A fighter of `roster` for each seat: the one `wanted` (remembered) where it is in the roster and no
        earlier seat has it, else the first nobody has (D-FTR-01: no two seats the same); None without a roster."""
        if not roster:
            return [None] * len(wanted)
        keys = [entry.key for entry in roster]
        dealt: list[str | None] = []
        for want in wanted:
            if want in keys and want not in dealt:
                dealt.append(want)
            else:
                dealt.append(next((k for k in keys if k not in dealt and k not in wanted), None))
        return dealt

    @staticmethod
    def _deal_posses(roster: Roster | None, wanted: list[Posse | None]) -> list[Posse | None]:
        """A posse for each seat, under rules whose seats lead posses: the one `wanted` (remembered) where no
        earlier seat's posse has one of its gunfighters, else the first fixed posse that shares none with the
        posses dealt or wanted (a gunfighter rides with one posse, R-SEQ-02); None without a roster, or when
        no fixed posse is left."""
        if roster is None:
            return [None] * len(wanted)
        dealt: list[Posse | None] = []
        riding: set[str] = set()

        def free(posse: Posse, avoid: set[str]) -> bool:
            return not any(gunfighter.key in avoid for gunfighter in posse.gunfighters)

        for at, want in enumerate(wanted):
            if want is not None and free(want, riding):
                choice: Posse | None = want
            else:
                later = {g.key for w in wanted[at + 1 :] if w is not None for g in w.gunfighters}
                choice = next((p for p in roster.posses if free(p, riding | later)), None)
            dealt.append(choice)
            if choice is not None:
                riding.update(gunfighter.key for gunfighter in choice.gunfighters)
        return dealt

    def _budget(self) -> int | None:
        """The most points a posse may cost under the options chosen (None: seats lead no posses)."""
        return self.rules.posse_budget(self.option_values)

    def _riding(self, but: SeatRow) -> dict[str, str]:
        """The gunfighters riding with the other seats' posses, each with that seat's player."""
        return {
            gunfighter.key: row.player_name.strip() or f"seat {row.index + 1}"
            for row in self.seat_rows
            if row is not but and row.posse is not None
            for gunfighter in row.posse.gunfighters
        }

    def _card_row(self) -> SeatRow | None:
        """The seat whose fighter the card under the seats shows: the one last focused (seat 1 at first)."""
        rows = self.seat_rows
        if not rows:
            return None
        return rows[min(self.card_seat, len(rows) - 1)]

    def _show_fighter_card(self) -> None:
        card = self.query_one("#setup-fighter-card", Static)
        row = self._card_row()
        entry = row.entry if row is not None else None
        if row is not None and row.posse is not None:  # rules whose seats lead posses: the posse's cards
            who = row.player_name.strip() or f"seat {row.index + 1}"
            text = posse_card(row.posse, f"{row.index + 1}. {who}", self._budget())
            text.append("\n←/→ on Posse picks another; b on it builds one by hand.", style="dim")
            card.display = True
            card.update(text)
            return
        card.display = entry is not None
        if row is not None and entry is not None:
            who = row.player_name.strip() or f"seat {row.index + 1}"
            text = fighter_card(entry, f"{row.index + 1}. {who}")
            text.append("\n←/→ on Fighter picks another; each seat plays a different one.", style="dim")
            card.update(text)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The card under the seats follows the seat being edited."""
        row = next((node for node in event.widget.ancestors_with_self if isinstance(node, SeatRow)), None)
        if row is not None and row.index != self.card_seat:
            self.card_seat = row.index
            self._show_fighter_card()
        if isinstance(event.widget, Stepper) and event.widget.what in ("character", "posse"):
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
        for spec in self.rules.options:
            lines.append(
                Horizontal(
                    Static(spec.name, classes="setup-option-name"),
                    OptionStepper(spec, _option_words(spec, self.option_value(spec))),
                    Static(
                        _option_hint(spec, self.option_value(spec)), classes="setup-hint", id=f"setup-hint-{spec.name}"
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
        roster = rules.roster()
        rows = self.seat_rows
        for row, character in zip(rows, self._deal_characters(roster, [r.character for r in rows]), strict=True):
            row.set_character(roster, character)
        posse_roster = rules.posse_roster()
        kept = [row.posse if row.posse_roster is posse_roster else None for row in rows]
        for row, posse in zip(rows, self._deal_posses(posse_roster, kept), strict=True):
            row.set_posse_roster(posse_roster, posse)
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
        if focused is not None:  # the fighters' lines came or went above it: keep the field in sight
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
        self.query_one(f"#setup-hint-{spec.name}", Static).update(_option_hint(spec, value))
        self._changed()

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
            if row.posse_roster is not None:  # the seat leads a posse: its Frag design is unused (R-SEQ-02)
                if row.posse is None:
                    problems.append(f"{name.strip()} leads no posse: b on Posse builds one")
                    continue
                fighter = DEFAULT_DESIGN_FOR_POSSES
            else:
                try:
                    fighter = row.design()
                except ValidationError as exc:
                    problems.append(f"{name.strip()}'s fighter: {_first_message(exc)} (F-SETUP-01)")
                    continue
            try:
                seats.append(Seat(name=name, fighter=fighter, character=row.character, posse=row.posse))
            except ValidationError as exc:
                problems.append(f"{who}: {_first_message(exc)}")
        for what, values in (("colour", [r.colour for r in rows]), ("glyph", [r.glyph for r in rows])):
            for value in dict.fromkeys(values):
                if values.count(value) > 1:
                    shown = _colour_name(value) if what == "colour" else repr(value)
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
                    frag_target=frag_target,
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
            return DEFAULT_FRAG_TARGET
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

    def _refresh(self) -> None:
        """Redraw the notes, the map information and the message line from the current choices."""
        count = len(self.seat_rows)
        note = Text(f"{self.note}\n", style="yellow") if self.note else Text()
        fewest, most = self.rules.player_counts
        note.append(f"{count} seats, {fewest} to {most} (a: add, x or ^X: remove this seat). ")
        if count < 4 and most > 4:
            note.append("Frag plays best with 4 to 6 players. ", style="yellow")
        computers = sum(row.computer for row in self.seat_rows)
        note.append("←/→ on human/computer lets the computer play a seat")
        note.append(f" ({computers} computer{'s' * (computers != 1)})." if computers else ".")
        self.query_one("#setup-seat-note", Static).update(note)
        self._show_map(count)
        budget = self._budget()
        for row in self.seat_rows:
            row.show_posse(budget)
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
            message.append(f"{said}. Enter starts.")
        self.query_one("#setup-message", Static).update(message)
        self._show_frag_target_hint()

    def _points(self) -> int | None:
        """The points that win the mode chosen, when it is won by points (keep-away, king of the hill:
        J-TAG-03/04), else None (the frag target wins)."""
        if isinstance(scoring_rule(self.option_values), FragTarget):
            return None
        spec = self.rules.option(TARGET)
        value = self.option_value(spec)
        return value if isinstance(value, int) else None

    def _show_frag_target_hint(self) -> None:
        """The frag target's line says when the mode chosen is won by points instead (J-TAG-03/04)."""
        low, high = _frag_target_bounds()
        hint = f"frags to win, {low} to {high}"
        if self._points() is not None:
            hint = f"not played: {scoring_rule(self.option_values).name} is won by points (target)"
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
            row.toggle_computer()
            self._changed()
            return
        if event.stepper.what in ("colour", "glyph"):
            self._cycle(row, event.stepper.what, event.delta)
            return
        if event.stepper.what == "character":
            self._cycle_character(row, event.delta)
            return
        if event.stepper.what == "posse":
            self._cycle_posse(row, event.delta)
            return
        refused = row.step_stat(Stat(event.stepper.what), event.delta)
        if refused is not None:
            self._say(f"{row.player_name.strip() or f'seat {row.index + 1}'}: {refused}")
        else:
            self._changed()

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

    def _cycle_character(self, row: SeatRow, delta: int) -> None:
        """Step a seat's fighter to the next one of the roster no other seat plays (D-FTR-01)."""
        keys = [entry.key for entry in row.roster]
        taken = {r.character for r in self.seat_rows if r is not row}
        start = keys.index(row.character) if row.character in keys else 0
        for step in range(1, len(keys)):
            candidate = keys[(start + delta * step) % len(keys)]
            if candidate not in taken:
                row.set_character(row.roster, candidate)
                self.card_seat = row.index
                self._changed()
                return
        self._say("every other fighter is taken: each seat plays a different one")

    def _cycle_posse(self, row: SeatRow, delta: int) -> None:
        """Step a seat's posse to the next one none of whose gunfighters rides with another seat (R-SEQ-02)."""
        choices = row.posse_choices
        riding = self._riding(row)
        start = choices.index(row.posse) if row.posse in choices else -1
        for step in range(1, len(choices) + 1):
            candidate = choices[(start + delta * step) % len(choices)]
            if candidate == row.posse:
                continue
            if not any(gunfighter.key in riding for gunfighter in candidate.gunfighters):
                row.set_posse(candidate)
                self.card_seat = row.index
                self._changed()
                return
        self._say("every other posse has a gunfighter who rides with another seat: b builds one by hand")

    def on_posse_stepper_build(self, event: PosseStepper.Build) -> None:
        """`b` on a seat's posse: the posse builder, starting from the posse the seat leads."""
        event.stop()
        row = next(node for node in event.stepper.ancestors if isinstance(node, SeatRow))
        roster, budget = row.posse_roster, self._budget()
        if roster is None or budget is None:  # pragma: no cover - the posse line shows only under such rules
            return
        who = row.player_name.strip() or f"seat {row.index + 1}"
        name = row.built.name if row.built is not None else f"{who}'s posse"
        members = [gunfighter.key for gunfighter in row.posse.gunfighters] if row.posse is not None else []

        def built(posse: Posse | None) -> None:
            if posse is not None:
                row.set_posse(posse, built=True)
                self.card_seat = row.index
                self._changed()

        self.app.push_screen(PosseDialog(roster, budget, name[:40], members, self._riding(row)), built)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._changed()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a text field starts, as everywhere: Tab moves on."""
        event.stop()
        self.action_start()

    def on_stepper_typed(self, event: Stepper.Typed) -> None:
        """A digit on a stat sets it; on a colour, glyph or kind it says where digits go."""
        event.stop()
        what = event.stepper.what
        if what.startswith("option:"):
            spec = self.rules.option(what.removeprefix("option:"))
            if isinstance(spec.default, int) and not isinstance(spec.default, bool):
                self._set_option(spec, event.digit)
                return
        if what not in {stat.value for stat in Stat}:
            self._say(self._where_digits_go(event.digit))
            return
        row = next(node for node in event.stepper.ancestors if isinstance(node, SeatRow))
        refused = row.set_stat(Stat(what), event.digit)
        if refused is not None:
            self._say(f"{row.player_name.strip() or f'seat {row.index + 1}'}: {refused}")
        else:
            self._changed()

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
        if event.option.id is not None and event.option.id in self.boards:
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
        rows = self.seat_rows
        roster = self.rules.roster()
        if roster and len(rows) >= len(roster):
            self._say(f"{self.rules.title} has {len(roster)} fighters: at most {len(roster)} players")
            return
        most = min(MAX_SEATS, self.rules.player_counts[1])
        if len(rows) >= most:
            self._say(f"{self.rules.title} seats at most {most} players")
            return
        index = len(rows)
        names = {row.player_name.strip().casefold() for row in rows}
        preferred = [DEFAULT_NAMES[index], *DEFAULT_NAMES]
        name = next((n for n in preferred if n.casefold() not in names), f"Player {index + 1}")
        character = self._deal_characters(roster, [r.character for r in rows] + [None])[-1]
        posse_roster = self.rules.posse_roster()
        posse = self._deal_posses(posse_roster, [r.posse for r in rows] + [None])[-1]
        row = SeatRow(
            index,
            name,
            self._free_look(index, [r.look for r in rows]),
            roster=roster,
            character=character,
            posse_roster=posse_roster,
            posse=posse,
        )
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
            fields = list(row.query("Input, Stepper"))
            field = fields.index(self.focused) if self.focused in fields else None
        await gone.remove()
        rows = self.seat_rows
        for index, seat in enumerate(rows):
            seat.renumber(index)
        self._changed()
        if row is not None:
            here = rows[min(row.index, len(rows) - 1)]
            fields = list(here.query("Input, Stepper"))
            (fields[field] if field is not None and field < len(fields) else fields[0]).focus()
        elif self.focused is None:
            self.query_one("#setup-remove", Button).focus()

    async def action_cut_seat(self) -> None:
        """Ctrl+X: remove a seat from any field, a name field too (where `x` is a letter); in a text field
        with text selected, it cuts the text as it always does."""
        focused = self.focused
        if isinstance(focused, Input) and not focused.selection.is_empty:
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
