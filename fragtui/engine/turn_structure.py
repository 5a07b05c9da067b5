"""A rule system's phases, declared as data: what each is called and for, and the actions it allows.

OpenSpiel and boardgame.io keep the turn apart from the game and declare its phases as data instead of
testing `if phase == …` wherever a rule depends on it. Here a ruleset declares one `TurnStructure`
(`Ruleset.turn_structure`) and its rules, the random-game harness and the screens ask it: which kinds of
action the phase the game is in allows (so which generators of legal actions run: `FragRules.legal_actions`),
whether moves over the grid are offered in it, whether the acting fighter must stay on the board through
it, the sentence that refuses anything else, and the title the status line gives it. `Turn.phase` holds
the name of one of its phases; the names are the strings saves and the determinism pins have always held
(`roll`, `action`).

The structure says what may be done in a phase, not who does it nor when the next phase comes: that is the
sequencing of each system's rules. In Frag and the systems built on it the turn policy answers who acts and
what he has left (`fragtui.engine.frag.turn_policy`: `ClassicTurn`, one fighter at a time in seat order),
and Frag's `Turns` moves from phase to phase; Ruthless's `Sequence` (`fragtui.engine.ruthless.sequence`)
orders its activations by the cards played. Real-Time Frag's turn of ten segments (J-RT-01..04) is a turn
policy of its own (`fragtui.engine.realtime.turn.RealTimeTurn`): it plays in Frag's phase 3 (`action`) from its
pre-turn to its end, and its segment and step are its own state (`FragState.realtime`), not phases here.

A phase's name means one thing in every rule system (a Deadlands `action` phase may allow more kinds
than Frag's, but it is still the phase of moving and attacking): `PhaseName` checks that a name read
from JSON is one some ruleset declares, and hands back the very string that ruleset declared, so that
the rules may compare the phase with their own names by identity, as they did with an enum.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from pydantic import AfterValidator

from fragtui.engine.actions import ActionKind
from fragtui.engine.systems import load_systems
from fragtui.errors import shown

__all__ = ["PhaseName", "PhaseSpec", "TurnStructure", "declare_phases", "declared_phase"]

_DECLARED: dict[str, str] = {}
"""Every phase name a registered ruleset declares, each the very object first declared."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseSpec:
    """One phase of a turn: what it is called, what it is for, and what may be done in it.

    `allows` is the whole answer to "may this kind of action be taken now": the ruleset's generators
    of legal actions run only for the kinds it names, and an action of another kind is refused with
    `refusal`. Decisions pending on top of the turn (a reaction, a last chance) are not the phase's:
    they are answered whatever the phase.
    """

    name: str
    """Its name in `Turn.phase`, in saves and in views (`roll`); one meaning across rule systems."""
    title: str
    """What the phase is for, as players say it (`roll for movement`)."""
    allows: tuple[ActionKind, ...] = ()
    """The kinds of action the decider may take in it (as the action classes: `RollMovement`, `PlayCard`)."""
    moves: bool = False
    """Whether the decider's moves over the grid (`Ruleset.legal_moves`) are offered in it, as the first
    legal actions; `allows` then names the actions that make them (`Step`, `Jump`, `Hop`)."""
    needs_fighter: bool = False
    """Whether the acting fighter is on the board through the phase: one who leaves it then (fragged by
    acid, taken out of play by a card) ends his turn (F-FRAG-01, F-META-02)."""
    refusal: str = "{who} may do nothing in this phase"
    """The sentence refusing an action of a kind it does not allow; `{who}` stands for the decider's name."""
    rule: str | None = None
    """The rule ID that says what the phase is (`F-TURN-01`)."""

    def allows_action(self, action: object) -> bool:
        """Whether an action of `action`'s kind may be taken in this phase."""
        return isinstance(action, self.allows)

    def refuse(self, who: str) -> str:
        """The sentence refusing, to `who`, an action this phase does not allow."""
        return self.refusal.format(who=who)


@dataclass(frozen=True, slots=True)
class TurnStructure:
    """The phases of a turn in their order.

    Built once per ruleset (a class attribute), so finding the phase the game is in is one look-up in a
    dictionary: legal actions ask it at every decision.
    """

    phases: tuple[PhaseSpec, ...]
    """The phases, in the order a turn goes through them (set-up and the game's end included, where the
    ruleset has them)."""
    _by_name: dict[str, PhaseSpec] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name: dict[str, PhaseSpec] = {}
        for spec in self.phases:
            if spec.name in by_name:
                raise ValueError(f"two phases of one turn are called {shown(str(spec.name))}")
            by_name[spec.name] = spec
        object.__setattr__(self, "_by_name", by_name)

    def phase(self, name: str) -> PhaseSpec:
        """The phase called `name`; a `KeyError` naming it if this turn has none of that name."""
        return self._by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    @property
    def names(self) -> tuple[str, ...]:
        """Every phase's name, in order."""
        return tuple(self._by_name)


def declare_phases(structure: TurnStructure) -> None:
    """Make the names of `structure`'s phases known to `PhaseName` (a ruleset's, as it is registered).

    The first ruleset to declare a name gives the object every state read later holds: Frag declares its
    `Phase` members, so `turn.phase is Phase.ROLL` holds for a state read from JSON too.
    """
    for name in structure.names:
        _DECLARED.setdefault(name, name)


def declared_phase(name: str) -> str:
    """The phase name as a registered ruleset declared it; a `ValueError` if none has that phase.

    The built-in rulesets are imported first (their turn structures declare their names), so a state
    read from a save or a scenario is checked whatever was imported before.
    """
    found = _DECLARED.get(name)
    if found is None:
        load_systems()  # imports the built-in rulesets, which declare their phases
        found = _DECLARED.get(name)
    if found is None:
        known = ", ".join(sorted(_DECLARED))
        raise ValueError(f"no rule system has a phase called {shown(name)} (there are: {known})")
    return found


PhaseName = Annotated[str, AfterValidator(declared_phase)]
"""The name of a phase some ruleset declares (`Turn.phase`, `PlayerView.phase`): checked when read."""
