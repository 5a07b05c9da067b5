"""The pieces of `fragtui.tui.terminal` that let go of a closed terminal, each on its own (issue 30, item 18).

tests/tui/test_closed_terminal.py closes a real terminal under the real program; the hang it guards
against was a race. These show each cause without one: Textual's writer thread dies on a terminal
that is gone and then blocks whoever writes; ours drains; SIGCONT restarts nothing it did not stop.
"""

from __future__ import annotations

import errno
import io
import signal
import sys
import threading
from collections.abc import Iterator
from typing import IO, Any, cast

import pytest
from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread

from fragtui.tui.terminal import GameTerminal, TerminalOutput

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="Textual's POSIX driver")


class ClosedTerminal(io.StringIO):
    """A terminal after a hangup: every write fails with EIO."""

    def write(self, text: str) -> int:
        raise OSError(errno.EIO, "Input/output error")


def _writes(writer: WriterThread, count: int, within: float = 5.0) -> bool:
    """Whether `count` writes to `writer` all return within `within` seconds (made from a thread of their own)."""
    done = threading.Event()

    def write() -> None:
        for _ in range(count):
            writer.write("frame")
        done.set()

    threading.Thread(target=write, daemon=True).start()
    return done.wait(within)


def test_textuals_writer_thread_dies_on_a_closed_terminal_and_then_blocks_the_interface() -> None:
    """Why GameTerminal exists: with the terminal's own stream, the writer's first failed write ends its thread,
    and the interface's writes block once its queue is full (the event loop stopped there, for ever)."""
    writer = WriterThread(ClosedTerminal())
    previous = threading.excepthook
    threading.excepthook = lambda args: None  # the thread's death is expected here
    try:
        writer.start()
        assert not _writes(writer, MAX_QUEUED_WRITES + 2, within=0.5)  # blocked for good: nobody reads the queue
        assert not writer.is_alive()
    finally:
        threading.excepthook = previous


def test_the_game_terminals_writer_drops_what_a_closed_terminal_cannot_take() -> None:
    output = TerminalOutput(ClosedTerminal())
    writer = WriterThread(cast(IO[str], output))  # (it takes any stream with write, flush and fileno)
    writer.start()
    assert _writes(writer, 10 * MAX_QUEUED_WRITES)
    writer.stop()  # returns: the thread drained every write and ended when asked
    assert not writer.is_alive()
    assert output.gone


def test_a_terminal_that_works_gets_every_write() -> None:
    stream = io.StringIO()
    output = TerminalOutput(stream)
    output.write("abc")
    output.flush()
    assert stream.getvalue() == "abc"
    assert not output.gone


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """What GameTerminals do when suspended and resumed (recorded, not done); the process's signals put back
    afterwards (a driver installs its SIGTSTP and SIGCONT handlers when it is made)."""
    before = {number: signal.getsignal(number) for number in (signal.SIGTSTP, signal.SIGCONT)}
    calls: list[str] = []
    monkeypatch.setattr(GameTerminal, "resume_application_mode", lambda self: calls.append("resume"))
    monkeypatch.setattr(GameTerminal, "suspend_application_mode", lambda self: calls.append("suspend"))
    monkeypatch.setattr("textual.drivers.linux_driver.os.kill", lambda pid, number: calls.append("stopped"))
    try:
        yield calls
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


class _NoApp:
    """The driver keeps a reference to its app and uses none of it here."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the driver used app.{name}")


async def test_sigcont_after_a_hangup_does_not_start_the_terminal_again(calls: list[str]) -> None:
    driver = GameTerminal(_NoApp())  # (made on a running loop, as Textual makes it)
    driver._sigcont_application()  # the SIGCONT the kernel sends with SIGHUP when the terminal is closed
    assert calls == []


async def test_sigcont_after_ctrl_z_resumes_the_game(calls: list[str]) -> None:
    driver = GameTerminal(_NoApp())
    driver._sigtstp_application()
    driver._sigcont_application()
    driver._sigcont_application()  # a second one, with no suspend before it, resumes nothing more
    assert calls == ["suspend", "stopped", "resume"]
