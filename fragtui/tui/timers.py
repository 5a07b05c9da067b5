"""A one-shot timer that always fires, even when the process was held up while it started.

Textual's `set_timer` builds a `Timer` that skips late ticks (`skip=True`, meant for intervals). A one-shot timer
has a single tick, and `Timer._run` reads the clock twice before its first sleep: if the process is held up in
between for longer than the delay (another process on the core, a garbage collection), the tick counts as late
and is skipped, and with it the timer's only tick: the callback never runs. A computer player's move waits on
such a timer (with `bot_pause` at a millisecond, as the tests set it, a busy machine lost one and the computer
stopped playing); so does an SSH visitor's farewell. `set_sure_timer` is `set_timer` with `skip=False`: late, it
fires at once.
"""

from __future__ import annotations

from functools import partial

from textual.message_pump import MessagePump
from textual.timer import Timer, TimerCallback


def set_sure_timer(pump: MessagePump, delay: float, callback: TimerCallback, *, name: str | None = None) -> Timer:
    """Call `callback` once, `delay` seconds from now (or as soon after as the process runs), on `pump` as
    `set_timer` does (through `call_next`); stopped with the pump, and by `Timer.stop`."""
    timer = Timer(
        pump,
        delay,
        name=name or f"sure_timer#{Timer._timer_count}",
        callback=partial(pump.call_next, callback),
        repeat=0,
        skip=False,
    )
    timer._start()  # as `MessagePump.set_timer` starts its timers, and keeps them to stop with the pump
    pump._timers.add(timer)
    return timer
