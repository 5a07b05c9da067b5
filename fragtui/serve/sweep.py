"""A player who left, swept up alone: his app's cycles collected without walking anyone else's.

Why. The served process freezes what lives (collector.py): no full collection walks the apps of
players still playing. What a departed player's app held in cycles is frozen too, and only a
collection frees a cycle; thawing everything and collecting it all (a *thaw*) walks every session
on the server, 0.4–0.7 s with 20 of them in games, with everyone stopped (issue 31, item 3).

How. CPython never collects frozen objects, and collects the others by counting, for each object
of the generations it collects, the references that come from inside them: whatever is referred to
from outside (a frozen object, a variable) lives, with everything it reaches. So a cycle found
unreachable there is unreachable, full stop; and which objects are not frozen is up to us. A sweep

1. finds what ended reaches (`reach`: an app's widgets, screens, caches, tasks), from roots that
   are gone (the app, its session and connection, and every screen it showed, which may hold the
   app from outside: a closed screen's result callback does), never entering what every session
   shares (`SHARED`: types, modules, the event loop, and what the server adds: its tables, the
   boards, the cards) nor what is `alive` (a closed screen's app);
2. lists each of them again among the youngest objects (`PyObject_GC_UnTrack`, then
   `PyObject_GC_Track`: CPython's own C API; the object is taken out of the frozen ones, nothing else
   about it changes) and makes a collection of everything not frozen (`gc.collect()`): what ended,
   and what the collector's policy keeps unfrozen, at most `FREEZE_AT` old objects (collector.py).

All of it in one turn of the event loop: a walk spread over turns holds what it found, dead or not,
while the other players' objects are made around it, and once it is all gone the allocator's arenas
stay half full (a soak of 100 visits ended with 22 more arenas, 22 MB, every block freed).

The collection decides what goes, exactly as a full one would: a shared object the walk reached
lives on if anything refers to it, and a reached object still in use is simply no longer frozen.
What a sweep cannot see (a cycle that the roots do not reach and that holds them: a timer cancelled
as the app closed keeps a copy of its context until its time) keeps them alive; the sweep then says
its roots outlived it, and the collector sweeps again later, or leaves them to a thaw. What the app
left in cycles that reach none of the roots (a closure that calls itself, holding widgets taken off
their screen) is not seen at all: frozen, it waits for a thaw (collector.py counts the sweeps).

Measured (`python -m fragtui.bench.serve`, 20 sessions, 4 of them leaving while the others play;
docs/performance.md): a departed player's session is swept up in 13–33 ms (3,700 objects reached for
the session, 8,400 for a closed map browser), where the thaw walked some 600,000 objects in 0.4 s.
"""

from __future__ import annotations

import array
import asyncio
import ctypes
import functools
import gc
import sys
import time
import types
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass

__all__ = ["LIMIT", "SHARED", "Swept", "reach", "sweep", "sweepable"]

SHARED: tuple[type, ...] = (type, types.ModuleType, asyncio.AbstractEventLoop)
"""What a walk never enters: every session shares it, and the loop reaches every session's callbacks. The server adds
its own (`Collector.install`): the table hub and its tables, the boards, the card sets."""
LIMIT = 60_000
"""Objects beyond which a walk gives up (it has found its way into what everyone shares; about 100 ms walked): the thaw
will do. A session reaches some 4,000 to 20,000, a closed set-up screen 20,000."""


@functools.cache
def _tracking() -> tuple[Callable[[object], None], Callable[[object], None]] | None:
    """CPython's `PyObject_GC_UnTrack` and `PyObject_GC_Track`, or None on another Python (no sweeping there)."""
    if sys.implementation.name != "cpython":
        return None
    try:
        untrack = ctypes.pythonapi.PyObject_GC_UnTrack
        track = ctypes.pythonapi.PyObject_GC_Track
    except AttributeError:
        return None
    for function in (untrack, track):
        function.argtypes = [ctypes.py_object]
        function.restype = None
    return untrack, track


def sweepable() -> bool:
    """Whether this Python can take an object out of the frozen ones (CPython can)."""
    return _tracking() is not None


@dataclass(frozen=True)
class Swept:
    """What one sweep did."""

    reached: int
    """Objects the walk found, taken out of the frozen ones."""
    freed: int
    """Objects the collection found unreachable."""
    seconds: float
    """Wall time: every player's key waits for it."""
    whole: bool
    """Every root is gone: nothing the walk missed holds them."""


def _namespaces() -> list[int]:
    """The ids of every module's namespace: a function reaches its module's through `__globals__`."""
    return [id(vars(module)) for module in list(sys.modules.values()) if hasattr(module, "__dict__")]


def reach(
    roots: Iterable[object], shared: tuple[type, ...] = SHARED, limit: int = LIMIT, alive: Iterable[object] = ()
) -> list[object] | None:
    """Every object the garbage collector tracks that `roots` reach without passing through a `shared` object, a
    module's namespace or an object `alive` (the roots included, each once); None beyond `limit` objects."""
    marks = _Marks()
    for namespace in _namespaces():
        marks.add(namespace)
    for thing in alive:
        marks.add(id(thing))
    mark = marks.add
    found: list[object] = [root for root in roots if mark(id(root))]
    todo = list(found)
    tracked, referents = gc.is_tracked, gc.get_referents
    while todo:
        for thing in referents(todo.pop()):
            if tracked(thing) and not isinstance(thing, shared) and mark(id(thing)):
                found.append(thing)
                todo.append(thing)
        if len(found) > limit:
            return None
    return found


class _Marks:
    """A set of object ids kept in one array of machine words, not as Python ints.

    Why not a `set`: each id is an int object of its own, 32 bytes from Python's small-object allocator, and a walk
    makes tens of thousands of them; made while other players' objects are made around them, they leave the
    allocator's arenas half full once gone (a soak of 100 visits grew the server's RSS by 12 MB more with a set,
    every block freed). Open addressing on the ids' high bits, linear probing, doubled at half full."""

    def __init__(self, size: int = 1 << 16) -> None:
        self.table = array.array("Q", bytes(8 * size))
        self.mask = size - 1
        self.count = 0

    def add(self, key: int) -> bool:
        """Mark `key`; False if it was marked already."""
        table, mask = self.table, self.mask
        slot = (key >> 4) & mask
        while True:
            held = table[slot]
            if held == key:
                return False
            if not held:
                table[slot] = key
                self.count += 1
                if 2 * self.count > mask:
                    self._grow()
                return True
            slot = (slot + 1) & mask

    def _grow(self) -> None:
        old = self.table
        self.table = array.array("Q", bytes(16 * len(old)))
        self.mask = len(self.table) - 1
        self.count = 0
        for key in old:
            if key:
                self.add(key)


def sweep(
    roots: Iterable[weakref.ref[object]],
    shared: tuple[type, ...] = SHARED,
    *,
    alive: Iterable[weakref.ref[object]] = (),
    limit: int = LIMIT,
) -> Swept | None:
    """Collect what the objects `roots` refer to (no longer in use) hold in cycles, frozen or not, without a full
    collection (see the module's docstring); the walk does not enter the objects `alive` refers to (still in use: a
    closed screen's app). Weak references: a strong one kept here would keep them. None where this Python cannot
    (`sweepable`) or the walk went past `limit`."""
    tracking = _tracking()
    if tracking is None:
        return None
    untrack, track = tracking
    started = time.perf_counter()
    kept = list(roots)
    found = reach(
        (root for root in (ref() for ref in kept) if root is not None), shared, limit, (ref() for ref in alive)
    )
    if found is None:
        return None
    reached = 0
    is_tracked = gc.is_tracked
    while found:
        thing = found.pop()
        if is_tracked(thing):  # a tuple or dict the collector has stopped tracking since is left so
            untrack(thing)
            track(thing)
            reached += 1
    thing = None
    freed = gc.collect()
    return Swept(reached, freed, time.perf_counter() - started, all(ref() is None for ref in kept))
