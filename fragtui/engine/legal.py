"""The legal actions of one decision: one immutable sequence, listed or described (DESIGN.md: `legal_actions()` is
"a finite list, or a described space").

Most decisions offer a few actions, listed. A Ruthless model's Move offers a hundred squares and more, and a random
player or a bot that picks one of them needs the others only counted: an `ActionSpace` describes such a run of like
actions, says how many there are, makes the one asked for, and finds an action in it without making the rest. A
`LegalActions` is the parts one after the other, read as one sequence: its length, its items in order, slices,
iteration (which makes a space's actions, once), `in`, and `find`, which `Game.apply` asks to check an action.

A ruleset builds one from its parts (`LegalActions(parts)`, or `LegalActions.joined` for tuples and spaces it made
itself, as Ruthless's activations do); the kernel wraps a plain list (`LegalActions.of`).
"""

from __future__ import annotations

from abc import abstractmethod
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate, chain
from typing import overload

from fragtui.engine.actions import Action

__all__ = ["ActionSpace", "LegalActions"]

_FIRST = (0,)
"""Where the one part of a listed decision starts."""


class ActionSpace(Sequence[Action]):
    """A run of like actions described rather than listed, e.g. one model's Moves, a square each.

    A space is immutable. It makes an action only when asked for it (`action`), and lists them all only when
    someone reads them all (`listed`, made once)."""

    __slots__ = ()

    @abstractmethod
    def __len__(self) -> int:
        """How many actions: counted, not made."""

    @abstractmethod
    def action(self, index: int) -> Action:
        """The action at `index` (0 <= index < len), made or found alone."""

    @abstractmethod
    def position(self, action: object) -> int | None:
        """Where an action equal to `action` is in the space, or None: worked out from what it says, not by
        comparing it with every action of the space."""

    @abstractmethod
    def listed(self) -> tuple[Action, ...]:
        """Every action of the space, in order (made once and kept)."""

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return self.listed()[index]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("action index out of range")
        return self.action(index)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.listed())

    def __contains__(self, action: object) -> bool:
        return self.position(action) is not None


class LegalActions(Sequence[Action]):
    """Every action the decider may take in one state, in order: the parts one after the other.

    Immutable, and equal to a list or tuple of the same actions in the same order. `Game.legal_actions()` gives
    the same object until the state changes; `find` says where an action is, for `Game.apply`'s check."""

    __slots__ = ("_given", "_length", "_parts", "_starts")

    def __init__(self, parts: Iterable[Sequence[Action]]) -> None:
        """The actions of `parts` in order: tuples or lists of actions (copied), and `ActionSpace`s (kept)."""
        self._join(tuple(part if isinstance(part, tuple | ActionSpace) else tuple(part) for part in parts))

    @classmethod
    def joined(cls, parts: tuple[tuple[Action, ...] | ActionSpace, ...]) -> LegalActions:
        """The actions of `parts` in order, taken as they are: tuples and spaces only (what a ruleset that builds
        its parts itself hands over every decision, without `__init__`'s copies)."""
        legal = cls.__new__(cls)
        legal._join(parts)
        return legal

    def _join(self, parts: tuple[tuple[Action, ...] | ActionSpace, ...]) -> None:
        """Take `parts` as the actions, each part's start counted."""
        bounds = (0, *accumulate(map(len, parts)))  # (each part's start, and the end of the last)
        self._parts = parts
        """The listed and described runs of actions (an empty one is never read: `__getitem__` finds the last part
        starting at or before an index)."""
        self._starts = bounds[:-1]
        """Where each part begins."""
        self._length = bounds[-1]
        """How many actions in all."""
        self._given: tuple[Action, int] | None = None
        """The action last read by index, and its index: the one a player who picked by index hands back, found
        at once by `find` (a random player's pick, in one step rather than a search)."""

    @classmethod
    def of(cls, actions: Sequence[Action]) -> LegalActions:
        """`actions` as legal actions: a `LegalActions` as it is, anything else listed (one part, set up here rather
        than by `_join`: every decision of a ruleset that lists its actions comes through, Frag's and Deadlands')."""
        if type(actions) is LegalActions:
            return actions
        legal = cls.__new__(cls)
        listed = tuple(actions)
        legal._parts = (listed,)
        legal._starts = _FIRST
        legal._length = len(listed)
        legal._given = None
        return legal

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return list(self)[index]
        length = self._length
        at = index + length if index < 0 else index
        if not 0 <= at < length:
            raise IndexError("legal action index out of range")
        parts = self._parts
        if len(parts) == 1:
            part = parts[0]
            offset = at
        else:
            which = bisect_right(self._starts, at) - 1
            part = parts[which]
            offset = at - self._starts[which]
        action = part[offset]
        self._given = (action, at)
        return action

    def __iter__(self) -> Iterator[Action]:
        return chain.from_iterable(self._parts)

    def __contains__(self, action: object) -> bool:
        return self.find(action) is not None

    def index(self, action: object, start: int = 0, stop: int | None = None) -> int:
        """Where `action` is (as `list.index`; `find` without the error)."""
        if start == 0 and stop is None:
            found = self.find(action)
            if found is not None:
                return found
            raise ValueError(f"{action} is not a legal action")
        listed: list[object] = list(self)
        return listed.index(action, start, len(self) if stop is None else stop)

    def find(self, action: object) -> int | None:
        """Where `action` is among the legal actions, or None if it is not one of them.

        Bots and players hand back an action read from this sequence: the one last read by index is found at once,
        any other first by identity (a listed part) or by what it says (a space, `ActionSpace.position`), and only
        then by comparing it with the listed actions (an equal action made elsewhere, e.g. in a test)."""
        given = self._given
        if given is not None and given[0] is action:
            return given[1]
        listed = False
        for start, part in zip(self._starts, self._parts, strict=True):
            if type(part) is tuple:
                listed = True
                for offset, legal in enumerate(part):
                    if legal is action:
                        return start + offset
            else:
                assert isinstance(part, ActionSpace)
                found = part.position(action)
                if found is not None:
                    return start + found
        if listed:
            for start, part in zip(self._starts, self._parts, strict=True):
                if type(part) is tuple:
                    try:
                        return start + part.index(action)
                    except ValueError:
                        continue
        return None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions | list | tuple):
            return len(self) == len(other) and all(mine == theirs for mine, theirs in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (equal to lists, which are not hashable)

    def __repr__(self) -> str:
        return repr(list(self))
