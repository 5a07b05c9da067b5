"""Wrong join codes, throttled: a code is the only key to a table, so guessing one must be hopeless.

Every wrong code (typed in "Join a table", or given as the user name of `ssh CODE@HOST`) makes the next
lookup from the same address wait, twice as long each time (1 s, 2 s, 4 s … at most a minute); a
connection that gets `WRONG_PER_CONNECTION` wrong is closed; an address that gets `WRONG_PER_HOUR` wrong
within an hour may look up no code until the oldest of them is an hour old. With seven-letter codes
(31⁷ ≈ 27.5 billion) that is, from one address, at most 20 guesses an hour: with 100 unfinished tables
on the server, a 7 × 10⁻⁸ chance of a hit an hour, 6 × 10⁻⁴ in a year of guessing (docs/serve.md).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

__all__ = ["FIRST_PAUSE", "MAX_PAUSE", "WRONG_PER_CONNECTION", "WRONG_PER_HOUR", "CodeGuard"]

FIRST_PAUSE = 1.0
"""Seconds the first wrong code holds the next lookup; each further wrong code within the hour doubles it."""
MAX_PAUSE = 60.0
"""The longest pause between two lookups from one address."""
WRONG_PER_CONNECTION = 4
"""Wrong codes that close a connection (a player who mistyped has three more tries)."""
WRONG_PER_HOUR = 20
"""Wrong codes an address may get within an hour; past it, it looks up no code until the hour is over."""
HOUR = 3600.0
MAX_ADDRESSES = 4096
"""Addresses remembered at once (the oldest forgotten first): the guard's memory is bounded too."""


class CodeGuard:
    """The wrong join codes of one server, by the address they came from (see the module's docstring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        """Seconds, for the pauses and the hour (a test's own clock)."""
        self._wrong: dict[str, deque[float]] = {}
        """By address: when its wrong codes of the last hour came, oldest first."""
        self._next: dict[str, float] = {}
        """By address: when it may look up a code again."""

    def _recent(self, address: str) -> deque[float]:
        times = self._wrong.get(address, deque())
        now = self.clock()
        while times and times[0] <= now - HOUR:
            times.popleft()
        return times

    def wait(self, address: str) -> float:
        """Seconds before `address` may look up a code (0: now); past `WRONG_PER_HOUR`, until the hour is over."""
        now = self.clock()
        times = self._recent(address)
        if len(times) >= WRONG_PER_HOUR:
            return times[-WRONG_PER_HOUR] + HOUR - now
        return max(0.0, self._next.get(address, now) - now)

    def barred(self, address: str) -> bool:
        """Whether `address` got `WRONG_PER_HOUR` wrong codes within the last hour (it may look up none)."""
        return len(self._recent(address)) >= WRONG_PER_HOUR

    def wrong(self, address: str) -> float:
        """A wrong code from `address`: the pause before its next lookup."""
        now = self.clock()
        times = self._recent(address)
        times.append(now)
        self._wrong.pop(address, None)  # re-inserted last: the dict's order is the addresses' last guesses
        self._wrong[address] = times
        pause = min(MAX_PAUSE, FIRST_PAUSE * float(2 ** (len(times) - 1)))
        self._next[address] = now + pause
        while len(self._wrong) > MAX_ADDRESSES:
            oldest = next(iter(self._wrong))
            del self._wrong[oldest]
            self._next.pop(oldest, None)
        return pause
