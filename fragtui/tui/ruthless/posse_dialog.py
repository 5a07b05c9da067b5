"""Ruthless's posses at the set-up (R-SEQ-02): a posse's card (its gunfighters, their weapons, traits and points)
and the posse builder (`PosseDialog`), a posse picked from the roster's gunfighters within the budget."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from fragtui.engine.ruthless.pieces import LOCATIONS, MOST_IN_A_POSSE, WEAPONS, Gunfighter, Posse, Roster
from fragtui.tui.dialogs import answer_once

__all__ = ["PosseDialog", "gunfighter_line", "posse_card", "trait_words"]


def _weapons_words(gunfighter: Gunfighter) -> str:
    """His guns in a few letters: `Revolver×2`, `Shotgun+Derringer`."""
    kinds = [kind.value.capitalize() for kind in gunfighter.weapons]
    if len(kinds) == 2 and kinds[0] == kinds[1]:
        return f"{kinds[0]}×2"
    return "+".join(kinds)


def trait_words(gunfighter: Gunfighter) -> str:
    """His trait and what it gives (`Quick Hands +1 hit`: to each to-hit roll; `+1 nerve`: to his Toughness
    and courage rolls; `+2 fists`: to his Fisticuffs card); empty without one."""
    if gunfighter.trait is None:
        return ""
    bonuses = [
        f"+{bonus} {what}"
        for bonus, what in (
            (gunfighter.shoot_bonus, "hit"),
            (gunfighter.nerve_bonus, "nerve"),
            (gunfighter.fist_bonus, "fists"),
        )
        if bonus
    ]
    return f"{gunfighter.trait} {', '.join(bonuses)}"


GUNFIGHTER_COLUMNS = f"{'gunfighter':<14} {'pts':>3} {'T':>2} {'guns':<18} {'horse':<5} trait"
"""The heading over `gunfighter_line`s."""


def gunfighter_line(gunfighter: Gunfighter, instead: str = "") -> str:
    """One gunfighter in one line of columns (`GUNFIGHTER_COLUMNS`), for the posse builder's list: name,
    points, Toughness, guns, horse, trait (`Wes Harlan      19  4 Revolver×2        horse Quick Hands +1 hit`);
    `instead`: words in the trait's place (`rides with Bob`)."""
    horse = "horse" if gunfighter.horse else ""
    return (
        f"{gunfighter.name:<14} {gunfighter.points:>3} {gunfighter.toughness:>2} "
        f"{_weapons_words(gunfighter):<18} {horse:<5} {instead or trait_words(gunfighter)}"
    ).rstrip()


def posse_card(posse: Posse, who: str = "", budget: int | None = None) -> Text:
    """A posse as the set-up screen shows it: its name and cost, then each gunfighter's card in two lines
    (points, Toughness, horse, trait; each gun with its short/long range and rounds, and his wound boxes
    per location, R-HIT-02), short enough for 80 columns."""
    text = Text()
    if who:
        text.append(f"{who}: ", style="bold")
    text.append(posse.name, style="bold")
    count = len(posse.gunfighters)
    cost = f"{posse.points} of {budget} points" if budget is not None else f"{posse.points} points"
    text.append(f" — {count} gunfighter{'s' * (count != 1)}, {cost}")
    if budget is not None and posse.points > budget:
        text.append(" (over the budget)", style="bold red")
    text.append("\nguns: range short/long (rounds) · wounds: leg/arm/graze/gut/chest/severe", style="dim")
    for gunfighter in posse.gunfighters:
        text.append(f"\n{gunfighter.name}", style="bold")
        said = [f"{gunfighter.points} points", f"Toughness {gunfighter.toughness}"]
        if gunfighter.horse:
            said.append("horse")
        if gunfighter.trait:
            said.append(trait_words(gunfighter))
        text.append(f" · {' · '.join(said)}")
        guns = []
        for kind in dict.fromkeys(gunfighter.weapons):
            spec = WEAPONS[kind]
            reach = "/".join(str(r) for r in (spec.short, spec.long) if r is not None)
            rounds = f" ({spec.rounds})" if spec.rounds is not None else ""
            pair = " ×2" if gunfighter.weapons.count(kind) == 2 else ""
            guns.append(f"{spec.title}{pair} {reach}{rounds}")
        boxes = "/".join(str(gunfighter.wounds[location]) for location in LOCATIONS)
        text.append(f"\n  {'; '.join(guns)} · wounds {boxes}", style="dim")
    return text


class PosseDialog(ModalScreen[Posse | None]):
    """Build a posse by hand from the roster's gunfighters, within the budget (ruling R-SEQ-02).

    Each gunfighter is a line with his points, Toughness, guns, horse and trait; Space or Enter takes him
    into the posse or drops him. A gunfighter who rides with another seat's posse cannot be taken, and
    neither can one who would take the posse over the budget: the line under the list says why, and the
    posse stays as it was. Ctrl+S or the Done button dismisses with the posse (refused while it has nobody);
    Escape backs out with none.
    """

    DEFAULT_CSS = """
    PosseDialog { align: center middle; }
    PosseDialog > Vertical {
        width: 82; max-width: 100%; height: 100%; max-height: 32;
        border: thick $accent; background: $panel; padding: 0 1;
    }
    PosseDialog #posse-columns { color: $text-muted; height: 1; }
    PosseDialog #posse-title { text-style: bold; }
    PosseDialog #posse-name-line { height: 1; }
    PosseDialog #posse-name-line Static { width: 6; }
    PosseDialog #posse-name { width: 1fr; }
    PosseDialog #posse-list { height: 1fr; border: none; padding: 0; }
    PosseDialog #posse-total { height: auto; }
    PosseDialog #posse-keys { color: $text-muted; height: auto; }
    PosseDialog #posse-buttons { height: 1; }
    PosseDialog #posse-buttons Button { margin: 0 2 0 0; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+s", "done", "Done", priority=True),
        Binding("space", "take_or_drop", "Take or drop", show=False),
    ]

    def __init__(
        self,
        roster: Roster,
        budget: int,
        name: str,
        members: Sequence[str] = (),
        taken: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.roster = roster
        """The gunfighters to pick from."""
        self.budget = budget
        """The most points the posse may cost (the `budget` option)."""
        self.posse_name = name
        """The posse's name as the field starts (`Ann's posse`)."""
        self.members: list[str] = [key for key in members if key not in (taken or {})]
        """The keys of the gunfighters taken so far, in the order they were taken (they deploy in it)."""
        self.taken = dict(taken or {})
        """Gunfighters riding with another seat's posse, each with that seat's player."""
        self.refusal = ""
        """Why the last key did nothing (shown under the list until the next change)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Build a posse: up to {self.budget} points, each gunfighter in one posse", id="posse-title")
            with Horizontal(id="posse-name-line"):
                yield Static("Name")
                yield Input(self.posse_name, max_length=40, compact=True, id="posse-name")
            yield Static(f"    {GUNFIGHTER_COLUMNS}", id="posse-columns")
            yield OptionList(*(Option(self._line(g), id=g.key) for g in self.roster.gunfighters), id="posse-list")
            yield Static(id="posse-total")
            yield Static("Space/Enter: take or drop · Shift+Tab: name · Ctrl+S: done · Esc: back", id="posse-keys")
            with Horizontal(id="posse-buttons"):
                yield Button("Done", variant="success", compact=True, id="posse-done")
                yield Button("Back", variant="error", compact=True, id="posse-back")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self._show_total()

    @property
    def points(self) -> int:
        """What the gunfighters taken cost."""
        return sum(self.roster.gunfighter(key).points for key in self.members)

    def _line(self, gunfighter: Gunfighter) -> Text:
        if gunfighter.key in self.taken:
            return Text(f" -  {gunfighter_line(gunfighter, f'rides with {self.taken[gunfighter.key]}')}", style="dim")
        mark = "[x]" if gunfighter.key in self.members else "[ ]"
        return Text(f"{mark} {gunfighter_line(gunfighter)}", style="bold" if gunfighter.key in self.members else "")

    def _show_total(self) -> None:
        text = Text(f"{len(self.members)} gunfighters, {self.points} of {self.budget} points")
        if self.refusal:
            text.append(f"\n{self.refusal}", style="bold red")
        self.query_one("#posse-total", Static).update(text)

    def toggle(self, key: str) -> str | None:
        """Take `key` into the posse, or drop him; the reason when the rules refuse (the posse unchanged)."""
        gunfighter = self.roster.gunfighter(key)
        if key in self.members:
            self.members.remove(key)
        elif key in self.taken:
            return f"{gunfighter.name} rides with {self.taken[key]}'s posse: a gunfighter rides with one posse"
        elif self.points + gunfighter.points > self.budget:
            return (
                f"{gunfighter.name} costs {gunfighter.points}: {self.points} + {gunfighter.points} = "
                f"{self.points + gunfighter.points} points, over the budget of {self.budget}"
            )
        elif len(self.members) >= MOST_IN_A_POSSE:
            return f"a posse has at most {MOST_IN_A_POSSE} gunfighters"
        else:
            self.members.append(key)
        options = self.query_one(OptionList)
        options.replace_option_prompt(key, self._line(gunfighter))
        return None

    def _toggle_highlighted(self) -> None:
        options = self.query_one(OptionList)
        option = options.highlighted_option
        if option is None or option.id is None:
            return
        self.refusal = self.toggle(option.id) or ""
        if self.refusal:
            self.app.bell()
        self._show_total()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._toggle_highlighted()

    def action_take_or_drop(self) -> None:
        if isinstance(self.focused, OptionList):
            self._toggle_highlighted()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "posse-done":
            self.action_done()
        else:
            self.action_cancel()

    def posse(self) -> Posse | None:
        """The posse as built (None while nobody is in it or the name is blank)."""
        name = self.query_one("#posse-name", Input).value.strip()
        if not self.members or not name:
            return None
        return Posse(name=name, gunfighters=tuple(self.roster.gunfighter(key) for key in self.members))

    def action_done(self) -> None:
        posse = self.posse()
        if posse is None:
            self.refusal = "take at least one gunfighter first" if not self.members else "the posse needs a name"
            self.app.bell()
            self._show_total()
            return
        answer_once(self, posse)

    def action_cancel(self) -> None:
        answer_once(self, None)
