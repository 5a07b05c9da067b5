"""Decisions that interrupt the flow of a game, each kind one class that describes itself, and the
response window: a queue of seats who may answer, in order, at points a ruleset declares.

A pending decision (Frag's placing, reacting to a hit, last chance, …) is one `Decision` subclass
that answers everything anyone asks about it: who decides (`decider`), what he may do
(`legal_actions`, given the ruleset), what an action does to it (`resolve`), and what it is called
and says — to the decider in the second person (`prompt`), to the others in the third
(`situation`), and in the ruleset's refusals (`duty`). The engine, the bots and the interface take
its words from here: there is one copy of them.

The set of kinds is open. Each rule system names its kinds in a subclass of `DecisionKind` (an enum
with members cannot be extended, an empty one can) and registers its classes with
`register_decision`; `GameState.pending` is a list of `PendingDecision`, which validates any
registered kind by its `kind` and dumps each decision with its own fields. So Frag Deadlands adds
its shootout without editing the kernel:

    class WesternKind(DecisionKind):
        SHOOTOUT = "shootout"

    @register_decision
    class Shootout(ResponseWindow):
        kind: Literal[WesternKind.SHOOTOUT] = WesternKind.SHOOTOUT
        point = WindowPoint.BEFORE_ATTACK
        ...

A response window (`ResponseWindow`) is a decision whose decider is the first of a queue of seats
(`responders`, the ones after him). The rules ask their ruleset who may answer at each declared
point (`Ruleset.responders(point, context)`); with nobody, the rules go on as if there were no window.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Self, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, SerializeAsAny

from fragtui.engine.actions import Pass
from fragtui.engine.board import Square
from fragtui.engine.dice import Roll
from fragtui.engine.systems import load_systems
from fragtui.errors import shown

if TYPE_CHECKING:
    from fragtui.engine.actions import Action
    from fragtui.engine.geometry import Move
    from fragtui.engine.rulesets import Ruleset
    from fragtui.engine.view import PlayerView

__all__ = [
    "Decision",
    "DecisionKind",
    "PendingDecision",
    "ResponseWindow",
    "WindowContext",
    "WindowPoint",
    "decision_class",
    "register_decision",
]


class DecisionKind(StrEnum):
    """What a pending decision is, typed: each rule system names its kinds in a subclass (Frag's:
    `fragtui.engine.frag.decisions.FragDecisionKind`). The values are the `kind` of the JSON."""


class WindowPoint(StrEnum):
    """The points of the rules at which a response window may open (`Ruleset.responders`)."""

    BEFORE_ATTACK = "before_attack"
    """An attack is declared and paid for; its to-hit is not rolled yet (Deadlands' shootouts)."""
    AFTER_HIT = "after_hit"
    """An attack hit; its damage is not rolled yet (Frag's reaction cards, F-META-02)."""
    AFTER_STEP = "after_step"
    """A fighter entered a square (Ruthless's snap shots, a beast grabbing a passing fighter)."""
    AFTER_ROLL = "after_roll"
    """A roll for movement is made and counted (Saloon Gal's extra die)."""
    AFTER_ATTACK_ROLL = "after_attack_roll"
    """An attack's dice are rolled and not yet counted: its to-hit roll (`WindowContext.roll`), or its
    defence and damage rolls (`defence`, `roll`, the attack given as the window's `attack`); the
    window's `close` counts them (`Combat.judge_to_hit`, `Combat.deal_damage`): Saloon Gal's extra die."""


class WindowContext(BaseModel):
    """What happened at a window's point, for `Ruleset.responders` to decide who may answer."""

    model_config = ConfigDict(frozen=True)

    actor: int
    """The seat whose attack, step or roll opened it."""
    target: int | None = None
    """The seat attacked (before an attack, after a hit)."""
    weapon: str | None = None
    """The weapon of the attack (`pistol` or a card instance)."""
    roll: Roll | None = None
    """The roll just made (after a roll; after an attack's damage roll, the damage dice)."""
    defence: Roll | None = None
    """After an attack's damage roll: the target's defence roll, made just before it (None after a to-hit roll)."""
    square: Square | None = None
    """The square just entered (after a step)."""
    whip: bool = Field(default=False, exclude_if=lambda whip: not whip)
    """The attack is a pistol whip (house rule H-WHIP-01), not a shot: left out of the JSON when False."""


class Decision(BaseModel):
    """A decision someone must make before the game goes on; the ruleset's `decider` follows the top one.

    A subclass sets `kind` to a `Literal` of its own kind (that is how JSON tells the kinds apart),
    its words, and the hooks; `register_decision` makes states holding it loadable.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    player: int
    """Who must answer."""
    kind: DecisionKind
    """Which kind of decision it is (each subclass fixes it)."""

    label: ClassVar[str]
    """Its short name in the status line (`last chance`)."""
    you: ClassVar[str]
    """What the decider must do, said to him (the title of his dialog): `discard down to 5 cards`."""
    they: ClassVar[str]
    """What is going on, said to the others (`{name}` is the decider): `{name} discards down to 5 cards.`"""
    must: ClassVar[str]
    """What the decider must do, said of him, after "must first" (refusals): `discard down to 5 cards`."""
    any_time: ClassVar[bool] = True
    """Whether the answers the ruleset allows at any time (Frag's blood, ruling F-FRAG-04) are offered
    at it too; a kind that offers them on its own terms says False."""

    def decider(self) -> int:
        """The seat that must answer now."""
        return self.player

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        """Every answer the decider may give now (the ruleset adds what it allows at any time)."""
        raise NotImplementedError

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        """Do what the legal `action` of `seat` says to this decision; False leaves it to the ruleset's
        other rules (an action allowed at any time, a card played by its own rules)."""
        return False

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        """What every seat may know about it beyond its kind, as fields of the ruleset's view (Frag's
        reaction window: the hit waiting for damage; the last chance: the Health a cure must restore).
        The view asks the decision, so that a new kind brings its own details without a branch there."""
        return {}

    def private_details(self, rules: Ruleset, seat: int) -> dict[str, object]:
        """What `seat` alone may know about it, as fields of his view, replacing the public ones of the
        same name (Frag Deadlands' poker draw: his own cards, while the others' stay hidden)."""
        return {}

    @classmethod
    def prompt(cls, view: PlayerView) -> str:
        """The title of the decider's dialog, in the second person (a kind may say more from the view)."""
        return cls.you

    @classmethod
    def situation(cls, name: str) -> str:
        """What is going on, for the others at the table (`name`: the decider's)."""
        return cls.they.format(name=name)

    @classmethod
    def duty(cls, name: str) -> str:
        """What the decider must do first, in a refusal: `Bob must first discard down to 5 cards`."""
        return f"{name} must first {cls.must}"


class ResponseWindow(Decision):
    """Seats who may answer, one after another, at a point of the rules (`WindowPoint`).

    `player` answers now; `responders` are the ones after him, in order. Each either acts (its
    class says how) or passes; after the last pass the window closes (`close`: the rules go on from
    the point it opened at). Left out of the JSON when empty, so a window of one seat is written as
    any other decision.
    """

    point: ClassVar[WindowPoint]
    """Where in the rules it opens."""

    responders: list[int] = Field(default_factory=list, exclude_if=lambda seats: not seats)
    """The seats still to answer after `player`, in order."""

    @classmethod
    def open(cls, seats: list[int], context: WindowContext, **fields: Any) -> Self:
        """The window for `seats` (in order) at a point where `context` happened; a kind that must
        remember the context (the attack a shootout interrupts) overrides this."""
        return cls(player=seats[0], responders=seats[1:], **fields)

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        """Passing; a kind that lets its responders do something adds it."""
        return [Pass()]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, Pass):
            rules.pass_window(self)
            return True
        return False

    def next_responder(self) -> bool:
        """The next seat in the queue answers now; False when nobody is left (the window closes)."""
        if not self.responders:
            return False
        self.player = self.responders.pop(0)
        return True

    def close(self, rules: Ruleset) -> None:
        """Everyone passed: what the rules do next (nothing when the point needs no sequel)."""


_DECISIONS: dict[str, type[Decision]] = {}

_D = TypeVar("_D", bound=Decision)


def register_decision(cls: type[_D]) -> type[_D]:
    """Make a kind of decision loadable (a class decorator): states holding it validate into it."""
    kind = cls.model_fields["kind"].default
    if not isinstance(kind, DecisionKind):
        raise TypeError(f"{cls.__qualname__}.kind must default to a DecisionKind, not {kind!r}")
    known = _DECISIONS.get(kind)
    if known is not None and known is not cls:
        raise ValueError(f"two decisions are of kind {kind!r}: {known.__qualname__} and {cls.__qualname__}")
    _DECISIONS[kind] = cls
    return cls


def forget_decision(kind: str) -> None:
    """Take a kind out of the registry (tests register kinds of their own and clean up after)."""
    _DECISIONS.pop(kind, None)


def decision_class(kind: str) -> type[Decision]:
    """The class registered for `kind`; a ValueError naming the known kinds if there is none."""
    found = _DECISIONS.get(kind)
    if found is None:
        load_systems()  # the built-in rulesets register their decisions when imported
        found = _DECISIONS.get(kind)
    if found is None:
        raise ValueError(f"unknown decision {shown(str(kind))} (known: {', '.join(sorted(_DECISIONS))})")
    return found


def _as_decision(value: Any) -> Any:
    """A decision as written (a mapping with its `kind`) into its registered class."""
    if isinstance(value, dict):
        return decision_class(str(value.get("kind"))).model_validate(value)
    return value


PendingDecision = Annotated[SerializeAsAny[Decision], BeforeValidator(_as_decision)]
"""A pending decision of any registered kind, dumped with its own fields."""
