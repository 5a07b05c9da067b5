"""What a player can do: small immutable actions, any registered kind, each with a notation.

An action is taken by a seat (the decider) and names fighters where it is about one (`Attack.target`,
`PlayCard.target`: a `FighterId`, in base Frag the number of his player's seat).

`ActionModel` is what every action is, and `register_action` the open registry of kinds: a rule system defines
its own actions in its package and registers them when imported (Frag's `engine/frag/actions.py`, Frag
Deadlands' `engine/deadlands/actions.py`, Ruthless's `engine/ruthless/actions.py`, Real-Time Frag's moves in
`engine/realtime/movement.py`). The kernel keeps only the actions every system may share (`BUILT_IN`: a move
on the grid, `Step`/`Jump`/`Hop`, the actions of the kernel's `geometry.Move`; `Pass`; `Discard`; `EndTurn`).

`str(action)` is the short notation used in logs and tests (`step N`, `attack 2 shotgun#1`);
`repr(action)` is a constructor you can paste back, as python-chess does for moves.
`parse_action` reads the notation back: the kernel's own, then each registered kind's (`ActionModel.parse`).
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache
from typing import Annotated, Any, Literal, Self, TypeAlias, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, SerializeAsAny, TypeAdapter

from fragtui.engine.board import Direction, Square
from fragtui.engine.geometry import Move, MoveKind
from fragtui.engine.systems import load_systems
from fragtui.errors import IllegalActionError, shown

__all__ = [
    "BUILT_IN",
    "Action",
    "ActionKind",
    "ActionModel",
    "Discard",
    "EndTurn",
    "Hop",
    "Jump",
    "Pass",
    "Step",
    "action_adapter",
    "action_of_move",
    "forget_action",
    "parse_action",
    "register_action",
]


class ActionModel(BaseModel):
    """What every action is: immutable, with a `kind` (a `Literal` each class fixes, how JSON tells them apart),
    a notation (`__str__`) and a constructor for `repr`. A rule system defines its own actions as subclasses and
    registers them (`register_action`); the kernel's few (`BUILT_IN`) are registered here."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        """The action of this kind that the notation's first word `head` and the other words `rest` spell, or
        None when they spell none (a registered action's own notation, read by `parse_action`)."""
        return None

    def __repr__(self) -> str:
        """A constructor you can paste back: `Step(direction='n')`, `Hop(to=Square.parse('3,4'))`."""
        fields = ", ".join(
            f"{name}={_pasteable(value)}"
            for name, value in self.__dict__.items()
            if name != "kind" and value is not None and value is not False  # (an `Attack` that is no whip)
        )
        return f"{type(self).__name__}({fields})"


def _pasteable(value: object) -> str:
    if isinstance(value, Square):
        return f"Square.parse({str(value)!r})"
    if isinstance(value, Enum):
        return repr(value.value)
    return repr(value)


class Step(ActionModel):
    """Move one square orthogonally for 1 point (F-MOVE-02)."""

    kind: Literal["step"] = "step"
    direction: Direction
    """N, E, S or W."""

    def __str__(self) -> str:
        return f"step {self.direction}"


class Jump(ActionModel):
    """Jump in a straight line, 2 points a square (F-JUMP-01..04)."""

    kind: Literal["jump"] = "jump"
    direction: Direction
    """N, E, S or W."""
    distance: int
    """Squares jumped (2 up to Speed)."""

    def __str__(self) -> str:
        return f"jump {self.direction} {self.distance}"


class Hop(ActionModel):
    """From a teleporter square to another teleporter square for 1 point (F-MAP-05)."""

    kind: Literal["hop"] = "hop"
    to: Square
    """The teleporter square arrived at."""

    def __str__(self) -> str:
        return f"hop {self.to}"


class Pass(ActionModel):
    """Decline a reaction or a last chance: play nothing."""

    kind: Literal["pass"] = "pass"

    def __str__(self) -> str:
        return "pass"


class Discard(ActionModel):
    """Discard a card from hand: Frag's discard down to 5 at a turn's end (F-CARD-03), Ruthless's discard for a
    3 played for initiative (R-SEQ-02)."""

    kind: Literal["discard"] = "discard"
    card: str
    """The card instance discarded."""

    def __str__(self) -> str:
        return f"discard {self.card}"


class EndTurn(ActionModel):
    """Declare your turn done (Frag's phase 4; the end of a Ruthless activation): the next one begins."""

    kind: Literal["end"] = "end"

    def __str__(self) -> str:
        return "end"


BUILT_IN: tuple[type[ActionModel], ...] = (Step, Jump, Hop, Pass, Discard, EndTurn)
"""The kernel's own actions, which `parse_action` reads by its own notation: those every system may share (a
move on the grid, declining, discarding, ending a turn). Every other action is a system's, registered by it
(Frag's `engine/frag/actions.py`, Frag Deadlands' `engine/deadlands/actions.py`, Ruthless's
`engine/ruthless/actions.py`)."""

_ACTIONS: dict[str, type[ActionModel]] = {}
"""Every action's class by its `kind`: the built-in ones and those a rule system registers."""

_REGISTERED: list[type[ActionModel]] = []
"""The actions rule systems registered (`register_action`), whose notation each class reads (`ActionModel.parse`)."""

_A = TypeVar("_A", bound=ActionModel)


def _kind_of(cls: type[ActionModel]) -> str:
    kind = cls.model_fields["kind"].default if "kind" in cls.model_fields else None
    if not isinstance(kind, str) or not kind:
        raise TypeError(f"{cls.__qualname__}.kind must default to its kind's name (a Literal), not {kind!r}")
    return kind


def register_action(cls: type[_A]) -> type[_A]:
    """Make a rule system's own kind of action known (a class decorator): saves, scenarios and logs holding it
    validate into it, and `parse_action` reads its notation (`ActionModel.parse`). Two classes of one kind are
    refused: JSON could not tell them apart."""
    kind = _kind_of(cls)
    known = _ACTIONS.get(kind)
    if known is not None and known is not cls:
        raise ValueError(f"two actions are of kind {kind!r}: {known.__qualname__} and {cls.__qualname__}")
    _ACTIONS[kind] = cls
    if cls not in _REGISTERED and cls not in BUILT_IN:
        _REGISTERED.append(cls)
    return cls


def forget_action(cls: type[ActionModel]) -> None:
    """Take a registered kind out again (tests register rule systems of their own and clean up after)."""
    if cls in BUILT_IN:
        raise ValueError(f"{cls.__qualname__} is one of the kernel's actions")
    _ACTIONS.pop(_kind_of(cls), None)
    if cls in _REGISTERED:
        _REGISTERED.remove(cls)


for _built_in in BUILT_IN:
    register_action(_built_in)


def _as_action(value: Any) -> Any:
    """An action as written (a mapping with its `kind`) into its registered class; an action object as it is."""
    if isinstance(value, dict):
        kind = value.get("kind")
        cls = _ACTIONS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            load_systems()  # a system registers its actions when imported
            cls = _ACTIONS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            what = shown(str(kind)) if isinstance(kind, str) else "with no kind"
            raise ValueError(f"unknown action {what}")
        return cls.model_validate(value)
    return value


Action = Annotated[SerializeAsAny[ActionModel], BeforeValidator(_as_action)]
"""Any action, of any kind registered (`register_action`); validated from JSON by its `kind`."""


@lru_cache(maxsize=1 << 16)
def action_of_move(move: Move) -> Action:
    """The action that makes one move of a route (a step, a jump, or a teleporter hop).

    Cached: the legal actions of every decision in phase 3 start with one per move, and a board has
    only so many moves (actions are immutable, so the same one can be handed out again and again).
    """
    if move.kind is MoveKind.STEP:
        assert move.direction is not None
        return Step(direction=move.direction)
    if move.kind is MoveKind.JUMP:
        assert move.direction is not None
        return Jump(direction=move.direction, distance=move.distance)
    return Hop(to=move.to)


ActionKind: TypeAlias = type[ActionModel]
"""One kind of action, as its class (`Step`, `Attack`): what a phase of a turn allows
(`fragtui.engine.turn_structure.PhaseSpec.allows`)."""

action_adapter: TypeAdapter[Action] = TypeAdapter(Action)
"""Validates and serialises actions (saves store them as JSON)."""


def parse_action(text: str) -> Action:
    """Read an action's notation back: `step N`, `jump E 2`, `attack 1 pistol`, `play teleport#1 3,4`.

    The kernel reads its own actions' notation; every other kind reads its own (`ActionModel.parse`), asked in
    the order the kinds were registered, the built-in systems loaded first. Raises `IllegalActionError` naming
    the text when it is no action's notation.
    """
    words = text.split()
    if not words:
        raise IllegalActionError("an empty action")
    head, rest = words[0].lower(), words[1:]
    unread: ValueError | None = None
    try:
        match head, rest:
            case "step", [direction]:
                return Step(direction=Direction(direction.lower()))
            case "jump", [direction, distance]:
                return Jump(direction=Direction(direction.lower()), distance=int(distance))
            case "hop", [square]:
                return Hop(to=Square.parse(square))
            case "pass", []:
                return Pass()
            case "discard", [card]:
                return Discard(card=card)
            case "end", []:
                return EndTurn()
    except ValueError as exc:  # (a word the kernel's notation cannot read may be a system's: `step forward`)
        unread = exc
    load_systems()  # (the built-in systems register their actions when imported)
    for kind in _REGISTERED:  # (a rule system's own actions read their own notation)
        try:
            found = kind.parse(head, rest)
        except ValueError as exc:
            unread = unread or exc
            continue
        if found is not None:
            return found
    if unread is not None:
        raise IllegalActionError(f"cannot read the action {shown(text)}: {unread}") from None
    raise IllegalActionError(f"cannot read the action {shown(text)}")
