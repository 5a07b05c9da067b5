"""The player's terminal: Textual's own driver, made to let go when the terminal goes away.

When a terminal window is closed (or tmux kills its pane), the kernel hangs the terminal up: the
game gets SIGHUP, then SIGCONT, and every later write to the terminal fails (EIO). Textual's
driver (8.2.8) met that in two ways that could leave the game running for ever, with no terminal,
deaf to SIGTERM (issue 30, item 18: 3 launches of 16 closed just after the title appeared):

- its writer thread died on the first failed write, so the interface's next writes filled its
  queue (30 writes) and the event loop blocked on it, leaving the exit, and any signal handler
  waiting on the loop, undone;
- its SIGCONT handler (meant for coming back from Ctrl+Z) started the terminal's application mode
  again, a second writer thread and input thread among them, in the middle of the exit.

`GameTerminal` drops writes to a terminal that is gone instead of dying on them, resumes on SIGCONT
only after its own suspend, and ends the game (as a hangup does) when the terminal can no longer be
read. `HangupWatch` hears SIGHUP and SIGTERM on a thread of its own, so a signal is acted on
whatever the event loop is doing, and ends the process after a deadline if the interface has not
ended by then. `fragtui.tui.app.FragApp` uses both on POSIX terminals.

Nothing is lost by leaving at any moment: a game is saved after every action, atomically (a new
file renamed over the old), so a process ended even mid-write leaves the last complete save.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any, TextIO

from textual.drivers.linux_driver import LinuxDriver

HANGUP_SIGNALS = ("SIGHUP", "SIGTERM")
"""A closed terminal or dropped connection, and a polite kill: both end the game."""

HANGUP_DEADLINE = 3.0
"""Seconds from SIGHUP or SIGTERM to the end of the process if the interface has not ended by then. A clean exit
(the terminal put back as it was) takes a few hundredths of a second; this bounds the exit whatever happens."""


class TerminalOutput:
    """The terminal's output stream for the driver's writer thread: a write or flush that fails because the
    terminal is gone (EIO after a hangup, EBADF, a closed stream) is dropped, and every one after it."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.gone = False
        """Whether a write has failed: the terminal is gone, nothing more is written."""

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self.stream.write(text)
            except (OSError, ValueError):
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self.stream.flush()
            except (OSError, ValueError):
                self.gone = True

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()


class GameTerminal(LinuxDriver):
    """Textual's POSIX terminal driver, for a terminal that may be closed under the game (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What LinuxDriver's writer thread writes to (a stream the driver declares as the TextIOWrapper it
        # takes from sys.__stderr__; its writer thread needs only write, flush and fileno).
        self._file = TerminalOutput(sys.__stderr__ or sys.stderr)  # type: ignore[assignment]
        self._suspended = False

    @property
    def terminal_gone(self) -> bool:
        """Whether a write to the terminal has failed (it was closed, or the connection dropped)."""
        return isinstance(self._file, TerminalOutput) and self._file.gone

    def _sigtstp_application(self, *args: Any) -> None:
        """Ctrl+Z: suspended by the player, so the SIGCONT that follows resumes."""
        self._suspended = True
        super()._sigtstp_application(*args)

    def _sigcont_application(self, *args: Any) -> None:
        """A SIGCONT resumes the game only after a suspend: the one the kernel sends with SIGHUP, when the terminal
        is closed, would start the application mode again on a terminal that is gone, in the middle of the exit."""
        if not self._suspended:
            return
        self._suspended = False
        super()._sigcont_application(*args)

    def _run_input_thread(self) -> None:
        """The terminal cannot be read any more (EIO: it was closed): the game ends as after a hangup, not with
        Textual's crash report, which would be written to the terminal that is gone."""
        try:
            self.run_input_thread()
        except OSError:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the game has ended already
                self._loop.call_soon_threadsafe(self._app.exit)
        except BaseException:  # anything else is a bug, reported as Textual reports it
            import rich.traceback

            self._app.call_later(self._app.panic, rich.traceback.Traceback())


def _heard(signum: int, frame: FrameType | None) -> None:
    """The signal's Python handler does nothing: the handler in C has already written its number to the wakeup
    pipe, which `HangupWatch`'s thread reads (the main thread may be the one that is stuck)."""


class HangupWatch:
    """Ends the game on SIGHUP or SIGTERM, and the process too if the game has not ended `deadline` seconds later.

    A signal may be delivered to any of the process's threads, and Python runs its handlers only on the main
    thread, between two bytecodes: a main thread blocked (on a writer's full queue, a terminal that no longer
    reads) would never run one, nor would an event loop that is not turning. So the signals' numbers are written
    by the interpreter's C handler to a pipe (`signal.set_wakeup_fd`), and a thread of the watch's own reads them:
    it asks the loop to `leave` (thread-safe, which also wakes the loop) and starts the deadline.
    """

    def __init__(
        self, leave: Callable[[], object], loop: asyncio.AbstractEventLoop, deadline: float = HANGUP_DEADLINE
    ) -> None:
        self.leave = leave
        """What ends the game cleanly (the app's exit), called on the loop."""
        self.loop = loop
        self.deadline = deadline
        self.heard: int | None = None
        """The first hangup signal heard, once one has been."""
        self.numbers = {number for name in HANGUP_SIGNALS if (number := getattr(signal, name, None)) is not None}
        self._previous: dict[int, Any] = {}
        self._pipe: tuple[int, int] | None = None

    def start(self) -> bool:
        """Watch from now on; False where it cannot (Windows, not the main thread, the wakeup pipe already taken)."""
        if sys.platform == "win32" or threading.current_thread() is not threading.main_thread():
            return False
        read, write = os.pipe()
        os.set_blocking(write, False)  # the C handler must never wait on it
        try:
            taken = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
        except ValueError:
            taken = -2
        if taken != -1:  # another user of the wakeup pipe (asyncio's own signal handlers): leave it to them
            if taken >= 0:
                signal.set_wakeup_fd(taken)
            os.close(read)
            os.close(write)
            return False
        self._pipe = (read, write)
        for number in self.numbers:
            self._previous[number] = signal.signal(number, _heard)
        threading.Thread(target=self._watch, args=(read,), name="fragtui-hangup", daemon=True).start()
        return True

    def stop(self) -> None:
        """Stop watching (the app has ended): the signals' former handlers back, the pipe closed. A deadline already
        started still stands: the process was asked to end, and ends by then whatever keeps it."""
        if self._pipe is None:
            return
        for number, handler in self._previous.items():
            signal.signal(number, handler)
        self._previous.clear()
        with contextlib.suppress(ValueError):
            current = signal.set_wakeup_fd(-1)
            if current != self._pipe[1]:  # someone has taken the wakeup pipe since: theirs stays
                signal.set_wakeup_fd(current)
        os.close(self._pipe[1])  # the watching thread reads the end of the pipe, closes it and ends
        self._pipe = None

    def _watch(self, read: int) -> None:
        try:
            while chunk := os.read(read, 64):
                for number in chunk:  # every signal with a Python handler is written here: only ours count
                    if number in self.numbers:
                        self._hung_up(number)
        except OSError:
            pass
        finally:
            os.close(read)

    def _hung_up(self, number: int) -> None:
        if self.heard is not None:
            return
        self.heard = number
        deadline = threading.Timer(self.deadline, os._exit, args=(128 + number,))  # the shell's "killed by" status
        deadline.daemon = True
        deadline.start()
        with contextlib.suppress(RuntimeError):  # the loop has closed: the game has ended already
            self.loop.call_soon_threadsafe(self.leave)
