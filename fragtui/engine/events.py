"""What happened: the events `Game.apply` returns, for the log, the interface and the tests.

One small model with a `kind` keeps the interface's code short (it matches on the kind and reads
the few fields it needs) and every event carries its sentence for the log, written by the engine
so the interface never recomputes a rule to describe it. An event may hold a secret (the card a
player drew): `card` and `private_text` are then meant for `secret_for` only, and
`Event.seen_by(seat)` gives the copy any other seat may see.

The set of kinds is open, as decisions' are: the kernel names those every system may tell
(`CommonEventKind`: a roll, a move, a hit, a turn's start, a win), each system its own in a subclass of
`EventKind` in its package (`frag/events.py`, `deadlands/events.py`, `ruthless/events.py`) registered with
`register_event_kinds`. `Event.kind` validates any registered kind by its value (the JSON writes the value,
as it always has) and refuses any other, naming it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, TypeVar

from pydantic import BaseModel, ConfigDict, PlainValidator

from fragtui.engine.board import Square
from fragtui.engine.dice import Roll
from fragtui.engine.fighters import FighterId
from fragtui.engine.systems import load_systems
from fragtui.engine.unvalidated import as_validated
from fragtui.errors import shown

__all__ = ["CommonEventKind", "Event", "EventKind", "event_kind", "new_event", "register_event_kinds"]


class EventKind(StrEnum):
    """What an event is, typed: each rule system names its kinds in a subclass registered with
    `register_event_kinds` (Frag's: `fragtui.engine.frag.events.FragEventKind`), the kernel those every system
    may tell (`CommonEventKind`). The values are the `kind` of the JSON, one meaning each across the systems."""


_KINDS: dict[str, EventKind] = {}

_REGISTERED: set[type[EventKind]] = set()
"""The registered classes of kinds (`register_event_kinds`): each member of one is the registered kind of its value."""

_K = TypeVar("_K", bound=type[EventKind])


def register_event_kinds(kinds: _K) -> _K:
    """Make a system's kinds of event known (a class decorator): events of them validate, from JSON too."""
    for kind in kinds:
        known = _KINDS.get(kind.value)
        if known is not None and known is not kind:
            raise ValueError(f"two event kinds are {kind.value!r}: {type(known).__qualname__} and {kinds.__qualname__}")
    _KINDS.update((kind.value, kind) for kind in kinds)
    _REGISTERED.add(kinds)
    return kinds


def event_kind(value: object) -> EventKind:
    """The registered kind `value` is (a kind, or its JSON value); a ValueError naming it if none is."""
    found = _KINDS.get(value) if isinstance(value, str) else None
    if found is None and isinstance(value, str):
        load_systems()  # the built-in systems register their kinds when imported
        found = _KINDS.get(value)
    if found is None or (isinstance(value, EventKind) and found is not value):
        raise ValueError(f"unknown event kind {shown(str(value))} (known: {', '.join(sorted(_KINDS))})")
    return found


@register_event_kinds
class CommonEventKind(EventKind):
    """The kinds of events any system may tell (the kernel tells some: a roll, an undo; reads others: what
    a card or a die reveals, a turn's start, a win), named as DESIGN.md names them."""

    TURN_BEGAN = "TurnBegan"
    PART_BEGAN = "PartBegan"
    """A part of the turn under way begins (Real-Time Frag's segments, J-RT-04): the log heads it as it heads a
    turn, and a replay steps by it."""
    DICE_ROLLED = "DiceRolled"
    MOVED = "Moved"
    CARD_DRAWN = "CardDrawn"
    DECK_EMPTY = "DeckEmpty"
    SHUFFLED = "Shuffled"
    ATTACKED = "Attacked"
    HIT = "Hit"
    MISSED = "Missed"
    PASSED = "Passed"
    DAMAGED = "Damaged"
    PICKED_UP = "PickedUp"
    CARD_PLAYED = "CardPlayed"
    RELOADED = "Reloaded"
    DROPPED = "Dropped"
    DISCARDED = "Discarded"
    TURN_ENDED = "TurnEnded"
    INITIATIVE = "Initiative"
    """The order of a turn set (Ruthless's picked cards revealed together, R-SEQ-01; Real-Time Frag's initiative)."""
    UNDONE = "Undone"
    WON = "Won"


class Event(BaseModel):
    """One thing that happened, with its sentence for the log."""

    model_config = ConfigDict(frozen=True)

    kind: Annotated[EventKind, PlainValidator(event_kind)]
    """What happened: a registered kind (`register_event_kinds`), written as its value."""
    text: str
    """The sentence anyone may read (`Ann rolls 2 Speed dice: 3+5 = 8 movement points`)."""
    player: FighterId | None = None
    """The fighter it is about (the mover, the attacker, the one who drew: his player, for what a player
    does); in base Frag a fighter is numbered as his player's seat."""
    other: FighterId | None = None
    """A second fighter: the target, the one who bumped, the one who scored."""
    roll: Roll | None = None
    """The dice, for events that rolled them."""
    square: Square | None = None
    """Where it happened or where a fighter went."""
    card: str | None = None
    """The card involved (a secret when `secret_for` is set)."""
    amount: int | None = None
    """A number: movement points, Health lost or healed, frags."""
    secret_for: int | None = None
    """When set, `card` and `private_text` are for this seat's eyes only."""
    private_text: str | None = None
    """The sentence the `secret_for` seat reads instead of `text` (`You draw the Shotgun`)."""

    def seen_by(self, seat: int | None) -> Event:
        """This event as `seat` may see it (None: a spectator who sees only what is public)."""
        if self.secret_for is None or self.secret_for == seat:
            return self
        return self.model_copy(update={"card": None, "private_text": None})

    def text_for(self, seat: int | None) -> str:
        """The sentence `seat` reads."""
        if self.secret_for is not None and self.secret_for == seat and self.private_text:
            return self.private_text
        return self.text

    def __str__(self) -> str:
        return self.text


_KEPT_AS_GIVEN: dict[str, type] = {
    "player": int,
    "other": int,
    "roll": Roll,
    "square": Square,
    "card": str,
    "amount": int,
    "secret_for": int,
    "private_text": str,
}
"""Each field of an event but its kind and text, and the one type whose values (besides None) its validation keeps
as they are: a plain `int` or `str` (no subclass), a `Roll` (a model, never validated again), a `Square` (its
validator hands a square back as it is, `Square.__get_pydantic_core_schema__`)."""

_UNSET: dict[str, object] = {name: None for name in Event.model_fields}
"""An event's fields in their declared order (the order of a validated event's `__dict__`), each at its default:
every field but the kind and the text defaults to None."""


def new_event(kind: EventKind, text: str, fields: dict[str, object]) -> Event:
    """`Event(kind=kind, text=text, **fields)`: the same event, made without pydantic's validation when every value
    is already what validating it would keep (a registered kind, a plain `str` for the text, and for each field
    None or a value of its type in `_KEPT_AS_GIVEN`); anything else is validated as ever, and refused as ever.

    Why: the rules tell two or three events a decision, and validating one (its kind by `event_kind`, its square by
    its own validator, eight more fields) cost as much as a Real-Time order. What validation would make of such
    values is written here as pydantic writes it: the fields in their order, the fields given as the fields set,
    no extra and no private values."""
    if type(text) is not str or type(kind) not in _REGISTERED:  # (a member of a registered class: a registered kind)
        return Event(kind=kind, text=text, **fields)
    for name, value in fields.items():
        if value is not None and type(value) is not _KEPT_AS_GIVEN.get(name):
            return Event(kind=kind, text=text, **fields)
    values = _UNSET.copy()
    values["kind"] = kind
    values["text"] = text
    values.update(fields)
    return as_validated(Event, values, {"kind", "text", *fields})
