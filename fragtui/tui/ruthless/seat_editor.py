"""Ruthless's seat editor: the posse the seat leads (R-SEQ-02), one of the roster's fixed posses or one built by
hand within the budget (`PosseDialog`), no gunfighter riding with two seats; and the posse's cards the set-up
shows under the seats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import ValidationError
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from fragtui.bots.designs import designs_own, own_posse
from fragtui.engine.frag.design import DEFAULT_DESIGN_FOR_POSSES
from fragtui.engine.rulesets import OptionValue, Ruleset
from fragtui.engine.ruthless.pieces import Posse, Roster
from fragtui.tui.last_setup import RememberedPosse, RememberedSeat
from fragtui.tui.ruthless.posse_dialog import PosseDialog, posse_card
from fragtui.tui.seat_row import SeatEditor
from fragtui.tui.setup_kit import Stepper

__all__ = ["PosseEditor", "PosseStepper", "posse_from"]


def posse_from(remembered: RememberedPosse, roster: Roster | None) -> Posse | None:
    """A remembered posse again from `roster`: its fixed posse of the same gunfighters where there is one, else
    these gunfighters under the name remembered; None when the roster has none or lacks one of them (the form then
    deals the seat another)."""
    if roster is None:
        return None
    for posse in roster.posses:
        if [gunfighter.key for gunfighter in posse.gunfighters] == remembered.members:
            return posse
    try:
        return Posse(name=remembered.name, gunfighters=tuple(roster.gunfighter(key) for key in remembered.members))
    except (KeyError, ValidationError):
        return None


class PosseStepper(Stepper):
    """A seat's posse: Left/Right step through the fixed posses and the seat's own; `b` opens the posse builder
    (`PosseDialog`) to build one by hand within the budget."""

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


class PosseEditor(SeatEditor):
    """The posse the seat leads (`Seat.posse`), in place of Frag's stats (a posse's seat carries
    `DEFAULT_DESIGN_FOR_POSSES`, never read)."""

    kind = "posse"
    has_card = True

    def __init__(self, rules: type[Ruleset], value: object | None) -> None:
        super().__init__(rules, value, classes="seat-line seat-posse-line")
        self.posse_roster: Roster | None = rules.posse_roster()
        """The gunfighters and fixed posses a seat picks its posse from (`Ruleset.posse_roster`)."""
        posse = value if isinstance(value, Posse) and self.posse_roster is not None else None
        self.posse: Posse | None = posse
        """The posse the seat leads (`Seat.posse`): a fixed one, or one built by hand."""
        self.built: Posse | None = (
            posse
            if posse is not None and self.posse_roster is not None and posse not in self.posse_roster.posses
            else None
        )
        """The posse this seat built by hand (`b` on its posse), kept among its choices while it steps through
        the fixed ones."""
        self.budget: int | None = None
        """The budget the posse's points are shown against (the rules' under the options chosen)."""

    def compose(self) -> ComposeResult:
        yield Static("", classes="seat-number")
        yield PosseStepper("Posse", self._posse_text(), what="posse", classes="seat-posse")
        yield Static(self._posse_points_text(), classes="seat-posse-points")

    # -- the form's questions ---------------------------------------------------------------------------

    @classmethod
    def remembered(cls, rules: type[Ruleset], seat: RememberedSeat) -> object | None:
        return posse_from(seat.posse, rules.posse_roster()) if seat.posse else None

    @classmethod
    def dealt(cls, rules: type[Ruleset], wanted: Sequence[object | None]) -> list[object | None]:
        """A posse for each seat: the one wanted where no earlier seat's posse has one of its gunfighters, else
        the first fixed posse that shares none with the posses dealt or wanted (a gunfighter rides with one posse,
        R-SEQ-02); None when no fixed posse is left."""
        roster = rules.posse_roster()
        if roster is None:
            return [None] * len(wanted)
        dealt: list[object | None] = []
        riding: set[str] = set()

        def free(posse: Posse, avoid: set[str]) -> bool:
            return not any(gunfighter.key in avoid for gunfighter in posse.gunfighters)

        for at, want in enumerate(wanted):
            if isinstance(want, Posse) and free(want, riding):
                choice: Posse | None = want
            else:
                later = {g.key for w in wanted[at + 1 :] if isinstance(w, Posse) for g in w.gunfighters}
                choice = next((p for p in roster.posses if free(p, riding | later)), None)
            dealt.append(choice)
            if choice is not None:
                riding.update(gunfighter.key for gunfighter in choice.gunfighters)
        return dealt

    @property
    def value(self) -> object | None:
        return self.posse

    def kept(self, rules: type[Ruleset]) -> object | None:
        return self.posse if self.posse_roster is rules.posse_roster() else None

    def choose(self, rules: type[Ruleset], value: object | None) -> None:
        super().choose(rules, value)
        self.set_posse_roster(rules.posse_roster(), value if isinstance(value, Posse) else None)

    def leave(self) -> None:
        self.set_posse_roster(None, None)

    def show_options(self, options: Mapping[str, OptionValue]) -> None:
        self.show_posse(self.rules.posse_budget(options))

    def computer_chooses(self, kind: str | None, options: Mapping[str, OptionValue]) -> str | None:
        """The strong kind leads the posse of the free gunfighters worth most in self-play, within the budget
        (`fragtui.bots.designs.own_posse`): a fixed posse by its name, else one built by hand, called the seat's."""
        if not designs_own(kind) or self.posse_roster is None:
            return None
        budget = self.rules.posse_budget(options)
        posse = own_posse(self.posse_roster, set(self.riding()), budget, self.who)
        if posse is None:
            return None
        fixed = posse in self.posse_roster.posses
        self.set_posse(posse, built=not fixed)
        if fixed:
            return f"leads {posse.name} ({posse.points} points), the free posse worth most in self-play"
        count, points = len(posse.gunfighters), posse.points
        return f"builds {posse.name} ({count} gunfighters, {points} points), the free ones worth most in self-play"

    def seat_fields(self) -> tuple[dict[str, object], str | None]:
        if self.posse is None:
            return {}, f"{self.who} leads no posse: b on Posse builds one"
        return {"fighter": DEFAULT_DESIGN_FOR_POSSES, "posse": self.posse}, None

    def card(self) -> Text | None:
        if self.posse is None:
            return None
        text = posse_card(self.posse, f"{self.row.index + 1}. {self.who}", self.budget)
        text.append("\n←/→ on Posse picks another; b on it builds one by hand.", style="dim")
        return text

    # -- stepping --------------------------------------------------------------------------------------

    @property
    def posse_choices(self) -> list[Posse]:
        """The posses the seat's stepper goes through: the roster's fixed ones, then its own built by hand."""
        fixed = list(self.posse_roster.posses) if self.posse_roster is not None else []
        return fixed + ([self.built] if self.built is not None and self.built not in fixed else [])

    def set_posse_roster(self, roster: Roster | None, posse: Posse | None) -> None:
        """Lead `posse` of `roster`, or none."""
        if roster is not self.posse_roster:
            self.built = None
        self.posse_roster = roster
        self.posse = posse if roster is not None else None
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

    def riding(self) -> dict[str, str]:
        """The gunfighters riding with the other seats' posses, each with that seat's player."""
        return {
            gunfighter.key: editor.who
            for editor in self.others()
            if editor.posse is not None
            for gunfighter in editor.posse.gunfighters
        }

    def on_stepper_stepped(self, event: Stepper.Stepped) -> None:
        """Step the posse to the next one none of whose gunfighters rides with another seat (R-SEQ-02)."""
        event.stop()
        choices = self.posse_choices
        riding = self.riding()
        start = choices.index(self.posse) if self.posse in choices else -1
        for step in range(1, len(choices) + 1):
            candidate = choices[(start + event.delta * step) % len(choices)]
            if candidate == self.posse:
                continue
            if not any(gunfighter.key in riding for gunfighter in candidate.gunfighters):
                self.set_posse(candidate)
                self.post_message(self.Changed(self, card=True))
                return
        reason = "every other posse has a gunfighter who rides with another seat: b builds one by hand"
        self.post_message(self.Refused(self, reason))

    def on_posse_stepper_build(self, event: PosseStepper.Build) -> None:
        """`b` on the posse: the posse builder, starting from the posse the seat leads."""
        event.stop()
        roster, budget = self.posse_roster, self.budget
        if roster is None or budget is None:  # pragma: no cover - the posse line shows only under such rules
            return
        name = self.built.name if self.built is not None else f"{self.who}'s posse"
        members = [gunfighter.key for gunfighter in self.posse.gunfighters] if self.posse is not None else []

        def built(posse: Posse | None) -> None:
            if posse is not None:
                self.set_posse(posse, built=True)
                self.post_message(self.Changed(self, card=True))

        self.app.push_screen(PosseDialog(roster, budget, name[:40], members, self.riding()), built)

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
