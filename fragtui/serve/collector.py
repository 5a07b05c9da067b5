"""The garbage collector's policy in `fragtui serve`: freeze what lives, sweep up what left, thaw when quiet.

Why. CPython frees most objects by reference counting; its cyclic collector only finds cycles, and
a *full* collection walks every object it tracks, with the whole process stopped. A served process
holds every session's app: with 20 sessions in games about a million tracked objects (Textual's
widgets, their rendered lines, each with a handful of small caches), and a full collection stopped
every session at once for 0.7–1.4 s, twice in 30 s of play (issue 31, item 3; docs/performance.md,
"fragtui serve"). Almost all of what it walked lived on: the apps of players still playing.

What the server does instead (`Collector.install`, called by `serve()` once it listens):

- **Frozen at start-up.** The modules, the content and the tables offered again live as long as the
  server: a full collection, then `gc.freeze()`, and no collection walks them again.
- **What survives a large full collection is frozen.** When a full collection leaves `FREEZE_AT`
  or more objects unfrozen, they have shown that they live (the sessions' apps): they are frozen,
  and the next full collection walks only what was promoted since.
- **A full collection as soon as the old generation holds `FREEZE_AT` unfrozen objects.** Python
  waits until a quarter more objects than its last full collection's survivors have been promoted:
  after one that walked a million, that is 250,000 objects walked at once. Checked after each middle
  collection, a full one is made on the event loop's next turn instead, so it walks about
  `FREEZE_AT` objects (a few tens of milliseconds), and its survivors are frozen.
- **Owed when something frozen may have gone.** A frozen object is never collected: freed by its
  reference count it goes as usual, but one kept only by a cycle (a closed screen and its widgets, a
  finished session's app) would stay for good. So each connection, session and screen is stamped
  with the count of freezes when it began (`born`), and when it goes (`gone`) after a later freeze
  it is owed, with its roots (weak references: an app, its session, connection, screens and widgets;
  a closed screen's widgets). A session not frozen yet is owed too: a timer cancelled as it closed
  may hold its app past the next freeze.
- **A thaw in a quiet moment.** A thaw (`gc.unfreeze()` and a full collection on the loop's next
  turn) walks everything and frees everything owed, and whatever sweeps missed. It stops every
  session still playing, so what is owed waits until no player has sent anything for
  `QUIET_SECONDS` (a pause no key meets); it is thawed at once when the player who left was the last
  (nobody to stop).
- **Swept up alone when it cannot wait.** Once `THAW_SESSIONS` sessions and connections or
  `THAW_WIDGETS` widgets are owed that no sweep has tried, each is swept up alone (sweep.py), one
  every `SWEEP_GAP` seconds: what its roots reach is taken out of the frozen objects and collected,
  tens of milliseconds, without walking anyone else's. What a sweep cannot free (held a moment
  longer while it shuts down: a timer's context, a task still finishing) is swept once more
  `RETRY_GAP` seconds later, then after twice that gap each time, up to `SWEEPS` sweeps in all;
  what they cannot free stays owed, and what it cannot see (cycles an app left that reach none of
  its roots) is counted (`leftovers`, one a sweep): both wait for a quiet moment's thaw, which comes
  at once, however busy the server, at `BOUND` times the owed thresholds or `LEFTOVERS` sweeps (what
  waits stays bounded). After a thaw's collection, and a sweep's, the C allocator's free memory is
  handed back (`give_back`).

The cost: a thaw's full collection walks everything frozen, start-up's objects too (`gc.unfreeze`
thaws all): with 20 sessions in games about 600,000 objects (start-up's are 80,000), 0.4 s on the
2-core machine of the benchmark. A sweep instead stops everyone for what one departed player alone
held, tens of milliseconds: with four of twenty players leaving on a server that is never quiet, no
key waited past 150 ms (docs/performance.md, "A player leaving, swept up alone"). The thaw in a
quiet moment stays the rule: what it frees goes at once and together, which kept the soak's memory
where it was (sweeping each departure a second after it grew the soak's RSS by 4–7 MB more). Local
play (`fragtui`) keeps Python's defaults: one session, short full collections.

Tried and not kept: breaking an ended session's cycles so that reference counting frees it without a
walk. Clearing the attributes of each of its widgets and of its app left 12,000 of its 43,000 objects
in cycles (a hot-seat game at 80x24): Textual's caches are doubly-linked lists (`LRUCache`), and its
stylesheet, compositor and styles hold their own cycles; clearing everything reachable from the
widgets reaches objects every session shares (themes, colours, parsed styles). A sweep lets CPython's
own collection decide instead.

Not done: the generations' thresholds are Python's (700, 10, 10). A young generation of 10,000
(so that a frame's lines die young instead of being promoted) made no full collection come in the
benchmark's walk, but the server's RSS grew by 32 MB over the soak's 100 visits
(tests/serve/test_soak.py, which holds it to 6 MB), with or without the freezing, and stayed flat
with Python's thresholds (docs/performance.md, "fragtui serve").
"""

from __future__ import annotations

import asyncio
import collections
import contextvars
import ctypes
import functools
import gc
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fragtui.serve.sweep import SHARED, Swept, sweep, sweepable

__all__ = [
    "BOUND",
    "COLLECTOR",
    "FREEZE_AT",
    "LEFTOVERS",
    "QUIET_SECONDS",
    "SWEEP_GAP",
    "THAW_SESSIONS",
    "THAW_WIDGETS",
    "Collector",
    "give_back",
]

FREEZE_AT = 30_000
"""Objects left unfrozen by a full collection from which they are frozen (about 30 ms to walk)."""
THAW_WIDGETS = 80
"""Widgets of closed screens owed (frozen, perhaps) at which they are swept up; at `BOUND` times this many owed the
thaw comes at once. The one-session soak (tests/serve/test_soak.py, which opens and closes
every screen a visitor reaches, the map browser's 0.45 MB among them) holds the RSS they may keep to 6 MB; 80 grew it
0.2 MB, 200 once grew it 6.9 MB (before sweeps, when every closed screen was owed to a thaw)."""

THAW_SESSIONS = 8
"""Ended sessions and connections owed (a visit is one of each) at which they are swept up, if no quiet moment came
first; at `BOUND` times this many owed the thaw comes at once, however busy the server (a session in a game holds
some 26,000 tracked objects and a few MB: what waits is bounded)."""
QUIET_SECONDS = 0.5
"""Seconds without a byte from any player after which the ended sessions' thaw is made: its walk then meets no key
(a key that comes during it waits for it, as it would have at once)."""


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's `malloc_trim`, or None where the C library has none (musl, macOS). Looked up among the symbols the
    process has loaded (`CDLL(None)`), on the first thaw: `ctypes.util.find_library` runs `ldconfig` (28 ms at the
    server's start)."""
    try:
        return getattr(ctypes.CDLL(None), "malloc_trim", None)
    except OSError:
        return None


def give_back() -> None:
    """Hand the C allocator's free memory back to the system (glibc's `malloc_trim(0)`; nothing elsewhere).

    Why: what a collection frees outside Python's small-object arenas (objects over 512 bytes: long
    strings, large dicts and lists) goes back to glibc's free lists, not to the system, and what the
    peak of many visitors at once left there stayed in the RSS. Measured on the every-screen soak
    (tests/serve/test_soak.py, four visitors at once on a loaded machine): 7 MB of the server's 140 MB
    were such free memory (133.6 MB with the trim after each thaw), and the soak failed twice on CI at
    +9.3 and +10.4 MB, more visits having overlapped. A trim costs 0.2–0.3 ms at that size, once a thaw.
    """
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


SWEEP_GAP = 0.1
"""Seconds between two sweeps: a key takes several turns of the event loop to its frame, and sweeps one a turn (some
tens of milliseconds each) held a key back behind eight of them, 0.4 s (`python -m fragtui.bench.serve`)."""
LEFTOVERS = 32
"""Sweeps since the last thaw at which a thaw comes however busy the server: a sweep frees what its roots reach, and
what the app left elsewhere in cycles (a cache's ring of nodes cleared, a closure that calls itself, holding widgets
taken off their screen) waits, frozen, for a thaw (a quiet moment's, as a rule)."""
SWEEPS = 5
"""Sweeps one ended session, connection or screen gets before what is left of it waits for a thaw: an app still shutting
down when its first sweep came (a loaded server; its tasks finish a moment later) is freed by a later one, and the
others need not wait for a quiet moment (tests/serve/test_collector.py: Ann's app outlived one sweep on a loaded CI run,
and three a second apart on a machine loaded three times over). The gaps double (1, 2, 4, 8 s), so the last try comes
15 s after the first: a sweep walks only what ended, so five cost what one does five times."""
RETRY_GAP = 1.0
"""Seconds between a sweep that could not free what ended and the next try at it; each later gap is twice the one
before."""
BOUND = 3
"""Times `thaw_widgets` or `thaw_sessions` owed (what sweeps could not free) at which a thaw comes however busy the
server: what waits for a quiet moment stays bounded."""


@dataclass(eq=False)
class _Ended:
    """Something that ended and may be frozen, owed to a sweep or a thaw (see `Collector.gone`)."""

    roots: Sequence[weakref.ref[object]]
    """Weak references to what ended: where a sweep's walk starts."""
    alive: Sequence[weakref.ref[object]]
    """Weak references to what the walk must not enter (a closed screen's app)."""
    widgets: int
    """A screen's widgets; 0 for a session or a connection."""
    sweeps: int = 0
    """Sweeps it has been given, or waits for (at most `SWEEPS`)."""

    @property
    def gone(self) -> bool:
        """Swept up: everything it was is collected."""
        return bool(self.roots) and all(root() is None for root in self.roots)


@dataclass
class Collector:
    """The policy (see the module's docstring); one per process, `COLLECTOR`, installed by the server."""

    freeze_at: int = FREEZE_AT
    thaw_widgets: int = THAW_WIDGETS
    freezes: int = 0
    """Freezes so far (start-up's included): what `born` returns."""
    thaws: int = 0
    """Thaws so far."""
    owed: int = 0
    """Widgets of screens closed since the last thaw that may be frozen and that no sweep has freed (yet)."""
    owed_sessions: int = 0
    """Sessions and connections ended since the last thaw that may be frozen and that no sweep has freed (yet)."""
    thaw_sessions: int = THAW_SESSIONS
    quiet_seconds: float = QUIET_SECONDS
    _heard: float = 0.0
    """`time.monotonic()` when a player last sent something."""
    _quiet: asyncio.TimerHandle | None = None
    """The check for a quiet moment, while something owed or left over waits for one."""
    _thawed_at: int = -1
    """`freezes` at the last thaw: while it has not moved, nothing is frozen."""
    installed: bool = False
    _due: bool = False
    """A full collection has been asked of the event loop and has not run yet."""
    _thawed: bool = False
    """A thaw came since the last full collection asked for: after it, the free memory is given back."""
    shared: tuple[type, ...] = SHARED
    """What a sweep's walk never enters (sweep.py): the server adds its tables, boards and cards (`install`)."""
    swept: collections.deque[Swept] = field(default_factory=lambda: collections.deque(maxlen=16))
    """The last sweeps, newest last (the benchmark and the tests read them)."""
    leftovers: int = 0
    """Sweeps since the last thaw: each may have left a few cycles it could not reach (`LEFTOVERS`)."""
    _owed: list[_Ended] = field(default_factory=list)
    """What ended since the last thaw and may be frozen (what `owed` and `owed_sessions` count)."""
    _to_sweep: list[_Ended] = field(default_factory=list)
    """What waits for its sweep, one every `SWEEP_GAP` seconds."""

    def install(self, shared: tuple[type, ...] = ()) -> None:
        """The server has started (modules imported, content loaded, tables offered again): collect and
        freeze what exists; from now on, a large full collection's survivors are frozen too. `shared`: what
        every session shares besides `SHARED`, never walked by a sweep (the server's tables, boards, cards)."""
        if self.installed:
            return
        self.shared = SHARED + tuple(shared)
        gc.collect()
        self._freeze()
        gc.callbacks.append(self._collected)
        self.installed = True

    def uninstall(self) -> None:
        """Nothing frozen, nothing frozen after collections (a server stopped inside a longer process: the tests)."""
        if not self.installed:
            return
        gc.callbacks.remove(self._collected)
        gc.unfreeze()
        self._stop_waiting()
        self._owed.clear()
        self._to_sweep.clear()
        self.owed = self.owed_sessions = 0
        self.installed = False

    def born(self) -> int:
        """A stamp for something beginning now (a session, a screen): give it back to `gone` when it ends."""
        return self.freezes

    def gone(
        self,
        born: int,
        widgets: int = 0,
        *,
        playing: int = 0,
        roots: Sequence[weakref.ref[object]] = (),
        alive: Sequence[weakref.ref[object]] = (),
    ) -> None:
        """What began at stamp `born` has ended: a session or a connection (`widgets` 0), beside `playing` sessions
        still on, or a screen of `widgets` widgets. If a freeze came since, some of it may be frozen, in cycles only
        a collection frees: it is owed. `roots`: weak references to what ended (an app, its session, its screens and
        widgets; a closed screen's widgets), where a sweep starts; `alive`: what a sweep must not enter (a closed
        screen's app).

        What is owed goes in a thaw, which stops every player: at once when nobody else plays; else in the next quiet
        moment. Once `thaw_widgets` widgets or `thaw_sessions` sessions are owed that no sweep has tried, they are
        swept up alone (sweep.py); what sweeps cannot free or see waits for the quiet moment, or for `BOUND` times
        those or `LEFTOVERS` sweeps, when the thaw comes however busy the server."""
        if not self.installed:
            return
        frozen = born < self.freezes and self._thawed_at != self.freezes
        if not widgets and not playing and (frozen or self.leftovers):
            self.thaw()  # nobody else plays: nobody to stop
            return
        if not frozen and not roots:
            return  # nothing of it was frozen (or everything has been thawed since): collected as usual
        # Not frozen yet, what ended with roots is owed all the same: a timer cancelled as it closed may hold it past
        # the next freeze, and frozen, owed to nothing, it would wait for whichever thaw came next.
        ended = _Ended(roots, alive, widgets)
        self._owed.append(ended)
        self._count()
        self._settle()

    def _count(self) -> None:
        self.owed = sum(ended.widgets for ended in self._owed)
        self.owed_sessions = sum(not ended.widgets for ended in self._owed)

    def _settle(self) -> None:
        """What is owed calls for a thaw now, sweeps now, a thaw in a quiet moment, or nothing yet (see `gone`)."""
        owed = self.owed >= BOUND * self.thaw_widgets or self.owed_sessions >= BOUND * self.thaw_sessions
        if owed or self.leftovers >= LEFTOVERS:
            self.thaw()
            return
        untried = [ended for ended in self._owed if not ended.sweeps and ended.roots]
        widgets = sum(ended.widgets for ended in untried)
        sessions = sum(not ended.widgets for ended in untried)
        if (widgets >= self.thaw_widgets or sessions >= self.thaw_sessions) and not self._sweep_soon(untried):
            self.thaw()
            return
        if self.owed >= self.thaw_widgets or self.owed_sessions or self.leftovers:
            self._wait_for_quiet()

    def _sweep_soon(self, batch: list[_Ended]) -> bool:
        """Sweep each of `batch` up, one every `SWEEP_GAP` seconds; False where this Python cannot or no loop runs
        here."""
        if not sweepable():
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        for ended in batch:
            ended.sweeps += 1
        if not self._to_sweep:
            # A context of its own, as the thaw's: made as a session ends, the handle would hold its app's.
            loop.call_soon(self._sweep_next, context=contextvars.Context())
        self._to_sweep.extend(batch)
        return True

    def _sweep_next(self) -> None:
        """Sweep up the next of what waits for it, and the one after `SWEEP_GAP` seconds later."""
        if not self._to_sweep:
            return
        self._sweep(self._to_sweep.pop(0))
        if self._to_sweep:
            asyncio.get_running_loop().call_later(SWEEP_GAP, self._sweep_next, context=contextvars.Context())

    def _sweep(self, ended: _Ended) -> None:
        """Sweep up what `ended` left, unless a thaw has taken it since; what outlives the sweep stays owed."""
        if not self.installed or not any(owed is ended for owed in self._owed):
            return
        swept = sweep(ended.roots, self.shared, alive=ended.alive)
        if swept is None:
            return
        self.swept.append(swept)
        if swept.freed:
            give_back()  # what left, back to the system, as after a thaw
        if ended.gone:
            self._owed = [owed for owed in self._owed if owed is not ended and not owed.gone]
            self._count()
            self.leftovers += 1
        elif ended.sweeps < SWEEPS:
            gap = RETRY_GAP * 2 ** (ended.sweeps - 1)  # (1, 2, 4, 8 s: an app shutting down slowly is let finish)
            asyncio.get_running_loop().call_later(gap, self._sweep_again, ended, context=contextvars.Context())

    def _sweep_again(self, ended: _Ended) -> None:
        """Try `ended` once more, unless a thaw or another sweep has taken it since."""
        if self.installed and not ended.gone and any(owed is ended for owed in self._owed):
            self._sweep_soon([ended])

    def heard(self) -> None:
        """A player sent something (a key, a paste): a thaw waiting for a quiet moment waits on."""
        self._heard = time.monotonic()

    def _wait_for_quiet(self, delay: float | None = None) -> None:
        if self._quiet is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop in this thread: nothing to wait on, thaw now
            self.thaw()
            return
        self._quiet = loop.call_later(
            self.quiet_seconds if delay is None else delay, self._when_quiet, context=contextvars.Context()
        )

    def _when_quiet(self) -> None:
        self._quiet = None
        if not self.installed or not (self._owed or self.leftovers):
            return  # thawed meanwhile
        since = time.monotonic() - self._heard
        if since >= self.quiet_seconds:
            self.thaw()
        else:
            self._wait_for_quiet(self.quiet_seconds - since)

    def _stop_waiting(self) -> None:
        if self._quiet is not None:
            self._quiet.cancel()
            self._quiet = None

    def thaw(self) -> None:
        """Every frozen object back in the old generation, and a full collection of them all at once (on the
        loop's next turn, or by Python's own rule where no loop runs here)."""
        gc.unfreeze()
        self.thaws += 1
        self.leftovers = 0
        self._owed.clear()
        self._to_sweep.clear()
        self.owed = self.owed_sessions = 0
        self._stop_waiting()
        self._thawed_at = self.freezes
        self._thawed = True
        self._collect_soon()

    def _collect_soon(self) -> None:
        """A full collection on the event loop's next turn (once, however often asked before it runs)."""
        if self._due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop in this thread: Python's own rule decides
            return
        self._due = True
        # A context of its own: asked for as a session ends, the collection would otherwise run in the context of
        # the app it is meant to free (Textual's `active_app`), and keep it.
        loop.call_soon(self._collect, context=contextvars.Context())

    def _freeze(self) -> None:
        gc.freeze()
        self.freezes += 1

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        """`gc.callbacks`: after a full collection, its survivors are frozen if they are many; after a
        middle one, a full one is asked for once the old generation holds `freeze_at` objects."""
        if phase != "stop" or info["generation"] == 0:
            return
        if info["generation"] == 2:
            if len(gc.get_objects(2)) >= self.freeze_at:
                self._freeze()
        elif not self._due and len(gc.get_objects(2)) >= self.freeze_at:
            self._collect_soon()

    def _collect(self) -> None:
        """The full collection asked for (its survivors are then frozen by `_collected`)."""
        self._due = False
        if self.installed:
            gc.collect()
            if self._thawed:
                self._thawed = False
                give_back()  # a thaw's collection freed what left: back to the system


COLLECTOR = Collector()
"""The served process's policy (installed by `fragtui.serve.server.serve`)."""
