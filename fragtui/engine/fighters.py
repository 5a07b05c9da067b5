"""Fighters are not seats: the ids that name fighters, and the markers a fighter may carry.

A seat is a player at the table; a fighter is a figure on the board. Base Frag gives each seat one
fighter at a time, numbered as the seats (`Ruleset.fighters`, `owner`, `fighters_of`), so its actions,
events and saves name a fighter by the same number as his player. Ruthless gives a seat a posse of
several (R-SEQ-02): its ruleset numbers them on its own and answers who owns which. Actions and events
that name a fighter (`Attack.target`, `Event.player`) are typed `FighterId` to say so.

`Markers` holds what rule systems mark on a fighter beyond Frag's record sheet, and names none of it: each
system registers its own group of markers (`register_markers`: a small pydantic dataclass of its own, keyed
by a name), and reads and writes it typed through `markers.of(Group)`. Base Frag sets none, and a fighter
without any writes nothing of them into the state's JSON; one with some writes them as one flat mapping
of marker names (`{"held_attack": true, "wounds": 2}`), as the JSON always was when the kernel listed
every system's markers, so states, saves and their hashes did not change when the systems took theirs.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, ClassVar, TypeAlias, TypeVar, cast

from pydantic import GetCoreSchemaHandler, TypeAdapter, ValidationError
from pydantic_core import CoreSchema, core_schema

from fragtui.engine.systems import load_systems

__all__ = ["FighterId", "MarkerGroup", "Markers", "forget_markers", "marker_groups", "register_markers"]

FighterId: TypeAlias = int
"""A fighter's id, unique in a game. In base Frag it is his owner's seat (one fighter per seat)."""


class MarkerGroup:
    """The base of one rule system's markers on a fighter: subclass it as a pydantic dataclass (each field one
    marker, its default "not marked", every value immutable) and register it (`register_markers`).

    A dataclass, not a `BaseModel`: the rules read markers at every decision, and a plain class's attributes
    are read several times faster (see `fragtui.engine.ruthless.table`)."""

    key: ClassVar[str] = ""
    """The group's name (`register_markers` sets it). Groups are written in the order of their names, so a
    state's JSON does not depend on which system was imported first."""
    adapter: ClassVar[TypeAdapter[Any]]
    """Validates and writes the group (`register_markers` makes it)."""
    unmarked: ClassVar[MarkerGroup]
    """The group with no marker set, to compare with (`register_markers` makes it)."""

    @property
    def empty(self) -> bool:
        """Whether no marker of the group is set."""
        return self == self.unmarked


G = TypeVar("G", bound=MarkerGroup)

_GROUPS: dict[str, type[MarkerGroup]] = {}
"""The registered groups, by name."""
_OWNERS: dict[str, type[MarkerGroup]] = {}
"""The group that declares each marker, by the marker's name (as the JSON writes it)."""


def register_markers(key: str, group: type[MarkerGroup]) -> None:
    """Make a rule system's group of markers known under `key` (the system calls it when its module is
    imported, as `register_seat_part`): a fighter's markers read from JSON put each marker in the group that
    declares it, and `Markers.of(group)` hands it out typed. Two groups may not share a name, nor declare a
    marker of the same name: the JSON is one flat mapping."""
    known = _GROUPS.get(key)
    if known is group:
        return
    if known is not None:
        raise ValueError(f"two groups of markers are called {key!r}: {known.__qualname__} and {group.__qualname__}")
    names = list(getattr(group, "__pydantic_fields__", {}))
    if not names:
        raise ValueError(f"{group.__qualname__} is not a pydantic dataclass of markers")
    for name in names:
        other = _OWNERS.get(name)
        if other is not None:
            raise ValueError(f"two groups mark a fighter {name!r}: {other.__qualname__} and {group.__qualname__}")
    group.key = key
    group.adapter = TypeAdapter(group)
    group.unmarked = group()
    _GROUPS[key] = group
    _OWNERS.update(dict.fromkeys(names, group))


def forget_markers(key: str) -> None:
    """Take a registered group out again (tests register groups of their own and clean up after)."""
    group = _GROUPS.pop(key, None)
    if group is not None:
        for name in [name for name, owner in _OWNERS.items() if owner is group]:
            del _OWNERS[name]
        group.key = ""


def marker_groups() -> dict[str, type[MarkerGroup]]:
    """Every registered group of markers, by name (the built-in systems' included)."""
    load_systems()
    return dict(_GROUPS)


def _owner(name: str) -> type[MarkerGroup]:
    """The group that declares the marker `name`, loading the built-in systems the first time one is unknown."""
    group = _OWNERS.get(name)
    if group is None:
        load_systems()  # (each system registers its markers when imported)
        group = _OWNERS.get(name)
    if group is None:
        raise ValueError(f"no rule system marks a fighter {name!r}")
    return group


class Markers:
    """The markers on one fighter: one group per rule system that marked him (`register_markers`), each the
    home of that system's rules' state. The rules read and write their group typed, `markers.of(Deadlands)`;
    a front end, a test or a scenario that knows a marker by its name reads and writes it by that name
    (`markers.hanged`, `Markers(hanged=True)`), as the JSON names it. A group not set is left out of the JSON,
    and so are the markers of a fighter without any (base Frag's JSON is as it always was)."""

    __slots__ = ("_groups",)
    _groups: dict[type[MarkerGroup], MarkerGroup]

    def __init__(self, **named: object) -> None:
        """Markers set by name (`Markers(hanged=True, wounds=2)`), each put in the group that declares it."""
        object.__setattr__(self, "_groups", {})
        if named:
            for group, values in _split(named).items():
                self._groups[group] = _validated(group, values)

    def of(self, group: type[G]) -> G:
        """The fighter's markers of `group` (made, none set, the first time they are asked for)."""
        found = self._groups.get(group)  # (no `typing.cast`: a call, at every read of a fighter's markers)
        if found is None:
            if not group.key:
                raise ValueError(f"{group.__qualname__} is not a registered group of markers")
            found = self._groups[group] = group()
        return found  # type: ignore[return-value]  # (the group's own markers, made by it)

    def __getattr__(self, name: str) -> Any:
        """A marker read by its name (a front end's or a test's; the rules read their group, typed, with `of`)."""
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            group = _owner(name)
        except ValueError:
            raise AttributeError(f"no rule system marks a fighter {name!r}") from None
        return getattr(self.of(group), name)

    def __setattr__(self, name: str, value: object) -> None:
        """A marker written by its name, into the group that declares it."""
        try:
            group = _owner(name)
        except ValueError:
            raise AttributeError(f"no rule system marks a fighter {name!r}") from None
        setattr(self.of(group), name, value)

    @property
    def empty(self) -> bool:
        """Whether no marker is set (the fighter writes none into the JSON)."""
        return all(group == group.unmarked for group in self._groups.values())

    def copy(self) -> Markers:
        """An independent copy (every marker is an immutable value: a shallow copy of each group is a deep one)."""
        again = Markers()
        again._groups.update({kind: copy.copy(group) for kind, group in self._groups.items() if not group.empty})
        return again

    def __copy__(self) -> Markers:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Markers:
        return self.copy()

    def __reduce__(self) -> tuple[Callable[..., Markers], tuple[dict[type[MarkerGroup], MarkerGroup]]]:
        return _rebuilt, (self._groups,)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Markers):
            return NotImplemented
        return self._set() == other._set()

    __hash__ = None  # type: ignore[assignment]  # (mutable)

    def __repr__(self) -> str:
        return f"Markers({', '.join(f'{k}={v!r}' for k, v in self.named().items())})"

    def _set(self) -> dict[type[MarkerGroup], MarkerGroup]:
        """The groups with a marker set."""
        return {kind: group for kind, group in self._groups.items() if group != group.unmarked}

    def named(self) -> dict[str, object]:
        """Every marker set, by name, in the JSON's order (groups by name, each group's markers as declared)."""
        found: dict[str, object] = {}
        for group in sorted(self._set().values(), key=lambda group: group.key):
            found.update(group.adapter.dump_python(group, exclude_defaults=True))
        return found

    @classmethod
    def __get_pydantic_core_schema__(cls, source: type[Any], handler: GetCoreSchemaHandler) -> CoreSchema:
        """Read from one flat mapping of marker names, written back the same way (only the markers set)."""
        return core_schema.no_info_plain_validator_function(
            _validate,
            serialization=core_schema.plain_serializer_function_ser_schema(_dump, info_arg=True),
        )


def _rebuilt(groups: dict[type[MarkerGroup], MarkerGroup]) -> Markers:
    """Markers unpickled (the bots copy states by a pickle round trip)."""
    markers = Markers()
    markers._groups.update(groups)
    return markers


def _split(named: dict[str, object]) -> dict[type[MarkerGroup], dict[str, object]]:
    """Markers given by name, sorted into the groups that declare them."""
    split: dict[type[MarkerGroup], dict[str, object]] = {}
    for name, value in named.items():
        split.setdefault(_owner(str(name)), {})[str(name)] = value
    return split


def _validated(group: type[G], values: dict[str, object]) -> G:
    """One group's markers validated, a wrong value refused with the marker's name."""
    try:
        return cast(G, group.adapter.validate_python(values))
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"])
        raise ValueError(f"marker {where}: {error['msg']}") from None


def _validate(value: object) -> Markers:
    if isinstance(value, Markers):
        return value
    if not isinstance(value, dict):
        raise ValueError("markers are a mapping of marker names to values")
    return Markers(**{str(name): marked for name, marked in value.items()})


def _dump(markers: Markers, info: core_schema.SerializationInfo) -> dict[str, object]:
    if not info.mode_is_json():
        return markers.named()
    found: dict[str, object] = {}
    for group in sorted(markers._set().values(), key=lambda group: group.key):
        found.update(group.adapter.dump_python(group, mode="json", exclude_defaults=True))
    return found
