"""The garbage collector's policy in `fragtui serve`: freeze what lives, thaw when something left.

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
- **Thawed when something frozen may have gone.** A frozen object is never collected: freed by
  its reference count it goes as usual, but one kept only by a cycle (a closed screen and its
  widgets, a finished session's app) would stay for good. So each connection, session and screen
  is stamped with the count of freezes when it began (`born`), and when it goes (`gone`) after a
  later freeze, the frozen objects are thawed (`gc.unfreeze()`) and a full collection is made at
  once (on the loop's next turn), which walks everything, frees what went, and freezes what
  survives again. A closed screen's widgets are counted, and a thaw
  comes once `THAW_WIDGETS` may be frozen: what a few closed screens hold in cycles waits, frozen,
  for company (a few MB at most), so a thaw's walk comes once in many closed screens, not after
  each. After a thaw's collection the C allocator's free memory is handed back (`give_back`).
- **A player who leaves is thawed in a quiet moment.** The walk stops every session still playing,
  so an ended session's app waits, frozen, until no player has sent anything for `QUIET_SECONDS`
  (a pause no key meets), or until `THAW_SESSIONS` ended sessions are owed (what they hold stays
  bounded), or is thawed at once when he was the last (nobody to stop).

The cost: a thaw's full collection walks everything frozen, start-up's objects too (`gc.unfreeze`
thaws all): with 20 sessions in games about 600,000 objects (start-up's are 80,000), 0.4 s on the
2-core machine of the benchmark. It comes after players have left, or after `THAW_WIDGETS` widgets of
screens open at a freeze have closed, never in steady play; once due it is made on the loop's next
turn, not at a later moment of someone's play (an idle server makes no collection: the walk would
wait for the next player's key). Local play (`fragtui`) keeps Python's defaults: one session, short
full collections.

Tried and not kept: breaking an ended session's cycles so that reference counting frees it without a
walk. Clearing the attributes of each of its widgets and of its app left 12,000 of its 43,000 objects
in cycles (a hot-seat game at 80x24): Textual's caches are doubly-linked lists (`LRUCache`), and its
stylesheet, compositor and styles hold their own cycles; clearing everything reachable from the
widgets reaches objects every session shares (themes, colours, parsed styles).

Not done: the generations' thresholds are Python's (700, 10, 10). A young generation of 10,000
(so that a frame's lines die young instead of being promoted) made no full collection come in the
benchmark's walk, but the server's RSS grew by 32 MB over the soak's 100 visits
(tests/serve/test_soak.py, which holds it to 6 MB), with or without the freezing, and stayed flat
with Python's thresholds (docs/performance.md, "fragtui serve").
"""

from __future__ import annotations

import asyncio
import contextvars
import ctypes
import functools
import gc
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["COLLECTOR", "FREEZE_AT", "QUIET_SECONDS", "THAW_SESSIONS", "THAW_WIDGETS", "Collector", "give_back"]

FREEZE_AT = 30_000
"""Objects left unfrozen by a full collection from which they are frozen (about 30 ms to walk)."""
THAW_WIDGETS = 80
"""Widgets of closed screens that may be frozen before a thaw. The one-session soak (tests/serve/test_soak.py, which
opens and closes every screen a visitor reaches, the map browser's 0.45 MB among them) holds the RSS they may keep
to 6 MB; 80 grew it 0.2 MB, 200 once grew it 6.9 MB. At 1 (before) every closed dialog thawed, and each thaw walks
the whole heap."""

THAW_SESSIONS = 8
"""Ended sessions and connections (a visit is one of each) that may wait, frozen, for a quiet moment: at this many
the thaw comes at once (a session in a game holds some 26,000 tracked objects and a few MB: what waits is bounded)."""
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
    """Widgets of screens closed since the last thaw that may be frozen."""
    owed_sessions: int = 0
    """Sessions and connections ended since the last thaw that may be frozen."""
    thaw_sessions: int = THAW_SESSIONS
    quiet_seconds: float = QUIET_SECONDS
    _heard: float = 0.0
    """`time.monotonic()` when a player last sent something."""
    _quiet: asyncio.TimerHandle | None = None
    """The check for a quiet moment, while ended sessions wait for one."""
    _thawed_at: int = -1
    """`freezes` at the last thaw: while it has not moved, nothing is frozen."""
    installed: bool = False
    _due: bool = False
    """A full collection has been asked of the event loop and has not run yet."""
    _thawed: bool = False
    """A thaw came since the last full collection asked for: after it, the free memory is given back."""

    def install(self) -> None:
        """The server has started (modules imported, content loaded, tables offered again): collect and
        freeze what exists; from now on, a large full collection's survivors are frozen too."""
        if self.installed:
            return
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
        self.owed = self.owed_sessions = 0
        self.installed = False

    def born(self) -> int:
        """A stamp for something beginning now (a session, a screen): give it back to `gone` when it ends."""
        return self.freezes

    def gone(self, born: int, widgets: int = 0, *, playing: int = 0) -> None:
        """What began at stamp `born` has ended: a session or a connection (`widgets` 0), beside `playing` sessions
        still on, or a screen of `widgets` widgets. If a freeze came since, some of it may be frozen, in cycles only
        a collection frees: thaw once enough screens' widgets are owed; for a session, at once if nobody else plays,
        else in the next quiet moment or once `thaw_sessions` are owed."""
        if not self.installed or born >= self.freezes or self._thawed_at == self.freezes:
            return  # nothing of it was frozen (or everything has been thawed since): collected as usual
        if widgets:
            self.owed += widgets
            if self.owed < self.thaw_widgets:
                return
        else:
            self.owed_sessions += 1
            if playing and self.owed_sessions < self.thaw_sessions:
                self._wait_for_quiet()
                return
        self.thaw()

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
        if not self.installed or not self.owed_sessions:
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
