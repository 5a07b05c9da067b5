"""Frag's seat editor: the seat's fighter designed with the three stats, 7 points between them (F-SETUP-01)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import ValidationError
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from fragtui.bots.designs import designs_own, own_design
from fragtui.engine.frag.design import DESIGN_POINTS, STAT_MAX, STAT_MIN, FighterDesign, Stat
from fragtui.engine.rulesets import OptionValue, Ruleset
from fragtui.tui.last_setup import RememberedSeat
from fragtui.tui.seat_row import SeatEditor
from fragtui.tui.setup_kit import Stepper, first_message

__all__ = ["DEFAULT_DESIGN", "DesignEditor"]

DEFAULT_DESIGN = FighterDesign(health=3, speed=2, accuracy=2)
"""The balanced fighter everyone starts with: one of the twelve legal designs (F-SETUP-01)."""
STAT_LABELS = {Stat.HEALTH: "Health", Stat.SPEED: "Speed", Stat.ACCURACY: "Accuracy"}


class DesignEditor(SeatEditor):
    """The seat's fighter's three stats, each stepped (or typed) point by point, and the points left."""

    kind = "design"

    def __init__(self, rules: type[Ruleset], value: object | None) -> None:
        super().__init__(rules, value, classes="seat-line seat-stats-line")
        design = value if isinstance(value, FighterDesign) else DEFAULT_DESIGN
        self.stats: dict[Stat, int] = {stat: getattr(design, stat.value) for stat in Stat}
        """The stats as stepped so far: may add up to less than 7 while a point is being moved."""
        self.computers: FighterDesign | None = None
        """The design the seat's computer last chose (`computer_chooses`): while the stats are still that, a
        change of the table's mode lets it choose again."""

    def compose(self) -> ComposeResult:
        yield Static("", classes="seat-number")
        for stat in Stat:
            yield Stepper(STAT_LABELS[stat], str(self.stats[stat]), what=stat.value, classes="seat-stat")
        yield Static(self._points_text(), classes="seat-points")

    # -- the form's questions ---------------------------------------------------------------------------

    @classmethod
    def remembered(cls, rules: type[Ruleset], seat: RememberedSeat) -> object | None:
        # Unchecked on purpose: a design short of 7 points shows, and is refused at Start.
        return FighterDesign.model_construct(health=seat.health, speed=seat.speed, accuracy=seat.accuracy)

    @classmethod
    def dealt(cls, rules: type[Ruleset], wanted: Sequence[object | None]) -> list[object | None]:
        return [want if want is not None else DEFAULT_DESIGN for want in wanted]

    @property
    def value(self) -> object | None:
        stats = self.stats
        return FighterDesign.model_construct(
            health=stats[Stat.HEALTH], speed=stats[Stat.SPEED], accuracy=stats[Stat.ACCURACY]
        )

    def computer_chooses(self, kind: str | None, options: Mapping[str, OptionValue]) -> str | None:
        """The strong kind designs its own fighter for the table's ruleset and mode
        (`fragtui.bots.designs.own_design`): its stats are set and shown. (The screen checks the form again itself:
        a `Changed` would come after, and clear the words it shows.)"""
        design = own_design(self.rules.key, options) if designs_own(kind) else None
        return None if design is None else self._computer_designs(design)

    def options_changed(self, kind: str | None, options: Mapping[str, OptionValue]) -> str | None:
        """The strong kind designs again for the new mode (A Turn To Frag has a design of its own), while the stats
        are still its last design."""
        if self.computers is None or self.value != self.computers or not designs_own(kind):
            return None
        design = own_design(self.rules.key, options)
        return None if design is None or design == self.computers else self._computer_designs(design)

    def _computer_designs(self, design: FighterDesign) -> str:
        """Set and show the computer's `design`, remembered as its choice; the words that say so."""
        for stat in Stat:
            self.stats[stat] = getattr(design, stat.value)
            self.stat_stepper(stat).show(str(self.stats[stat]))
        self.query_one(".seat-points", Static).update(self._points_text())
        self.computers = design
        return (
            f"designs its own fighter: Health {design.health}, Speed {design.speed}, Accuracy {design.accuracy}, "
            f"the design that won most in self-play"
        )

    def seat_fields(self) -> tuple[dict[str, object], str | None]:
        try:
            return {"fighter": self.design()}, None
        except ValidationError as exc:
            return {}, f"{self.who}'s fighter: {first_message(exc)} (F-SETUP-01)"

    # -- stepping --------------------------------------------------------------------------------------

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
        label = STAT_LABELS[stat]
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
            return f"{STAT_LABELS[stat]} stays {self.stats[stat]}: each stat gets {STAT_MIN} to {STAT_MAX} points"
        if value - self.stats[stat] > self.points_left():
            return (
                f"{STAT_LABELS[stat]} {value} needs {value - self.stats[stat]} more points and "
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

    def on_stepper_stepped(self, event: Stepper.Stepped) -> None:
        event.stop()
        self._answer(self.step_stat(Stat(event.stepper.what), event.delta))

    def on_stepper_typed(self, event: Stepper.Typed) -> None:
        """A digit on a stat sets it."""
        event.stop()
        self._answer(self.set_stat(Stat(event.stepper.what), event.digit))

    def _answer(self, refused: str | None) -> None:
        if refused is not None:
            self.post_message(self.Refused(self, f"{self.who}: {refused}"))
        else:
            self.post_message(self.Changed(self))

    def _points_text(self) -> Text:
        left = self.points_left()
        if left == 0:
            return Text(f"{DESIGN_POINTS} points spent", style="dim")
        return Text(f"{left} point{'s' if left != 1 else ''} left to spend", style="bold yellow")
