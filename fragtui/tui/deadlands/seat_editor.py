"""Frag Deadlands' seat editor: the fighter of the ruleset's roster the seat plays, each seat a different one
(D-FTR-01), beside Frag's design; and the fighter's card the set-up shows under the seats."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from fragtui.engine.rulesets import RosterEntry, Ruleset
from fragtui.tui.last_setup import RememberedSeat
from fragtui.tui.seat_row import SeatEditor
from fragtui.tui.setup_kit import Stepper

__all__ = ["FighterEditor", "fighter_card"]


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


class FighterEditor(SeatEditor):
    """The roster fighter the seat plays (`Seat.character`), stepped through those no other seat plays."""

    kind = "character"
    has_card = True

    def __init__(self, rules: type[Ruleset], value: object | None) -> None:
        super().__init__(rules, value, classes="seat-line seat-fighter-line")
        self.roster: tuple[RosterEntry, ...] = rules.roster()
        """The fighters the rules let a seat pick from."""
        self.character = value if isinstance(value, str) and self.roster else None
        """The fighter the seat plays, a key of `roster` (`Seat.character`)."""

    def compose(self) -> ComposeResult:
        yield Static("", classes="seat-number")
        yield Stepper("Fighter", self._character_text(), what="character", classes="seat-character")
        yield Static(self._portrait_text(), classes="seat-portrait")

    # -- the form's questions ---------------------------------------------------------------------------

    @classmethod
    def remembered(cls, rules: type[Ruleset], seat: RememberedSeat) -> object | None:
        return seat.character

    @classmethod
    def dealt(cls, rules: type[Ruleset], wanted: Sequence[object | None]) -> list[object | None]:
        """A fighter of the roster for each seat: the one wanted where it is in the roster and no earlier seat
        has it, else the first nobody has (D-FTR-01: no two seats the same)."""
        roster = rules.roster()
        if not roster:
            return [None] * len(wanted)
        keys = [entry.key for entry in roster]
        dealt: list[object | None] = []
        for want in wanted:
            if want in keys and want not in dealt:
                dealt.append(want)
            else:
                dealt.append(next((k for k in keys if k not in dealt and k not in wanted), None))
        return dealt

    @classmethod
    def seat_limit(cls, rules: type[Ruleset]) -> tuple[int, str] | None:
        roster = rules.roster()
        if not roster:
            return None
        return len(roster), f"{rules.title} has {len(roster)} fighters: at most {len(roster)} players"

    @property
    def value(self) -> object | None:
        return self.character

    def choose(self, rules: type[Ruleset], value: object | None) -> None:
        super().choose(rules, value)
        self.set_character(rules.roster(), value if isinstance(value, str) else None)

    def leave(self) -> None:
        self.set_character((), None)

    def seat_fields(self) -> tuple[dict[str, object], str | None]:
        return {"character": self.character}, None

    def card(self) -> Text | None:
        entry = self.entry
        if entry is None:
            return None
        row = self.row
        text = fighter_card(entry, f"{row.index + 1}. {self.who}")
        text.append("\n←/→ on Fighter picks another; each seat plays a different one.", style="dim")
        return text

    # -- stepping --------------------------------------------------------------------------------------

    @property
    def entry(self) -> RosterEntry | None:
        """The roster entry of the fighter the seat plays, if it plays one."""
        return next((e for e in self.roster if e.key == self.character), None)

    def set_character(self, roster: tuple[RosterEntry, ...], character: str | None) -> None:
        """Play `character` of `roster` (a ruleset without one: none)."""
        self.roster = roster
        self.character = character if roster else None
        if not self.is_mounted:
            return
        self.query_one(".seat-character", Stepper).show(self._character_text())
        self.query_one(".seat-portrait", Static).update(self._portrait_text())

    def on_stepper_stepped(self, event: Stepper.Stepped) -> None:
        """Step the fighter to the next one of the roster no other seat plays (D-FTR-01)."""
        event.stop()
        keys = [entry.key for entry in self.roster]
        taken = {editor.character for editor in self.others()}
        start = keys.index(self.character) if self.character in keys else 0
        for step in range(1, len(keys)):
            candidate = keys[(start + event.delta * step) % len(keys)]
            if candidate not in taken:
                self.set_character(self.roster, candidate)
                self.post_message(self.Changed(self, card=True))
                return
        self.post_message(self.Refused(self, "every other fighter is taken: each seat plays a different one"))

    def _character_text(self) -> Text:
        entry = self.entry
        return Text(f"{entry.title if entry else 'none':<19}", style="bold")

    def _portrait_text(self) -> Text:
        entry = self.entry
        return Text(entry.portrait if entry else "", no_wrap=True, overflow="ellipsis")
