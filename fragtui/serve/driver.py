"""A Textual driver that plays an app over an SSH channel, in the server's own event loop.

Textual's own drivers own the process's terminal: `LinuxDriver` reads stdin in a thread, sets
termios modes and catches SIGWINCH; `WebDriver` speaks a framed protocol on stdout. Over SSH
there is no terminal in the server process: the client's terminal is at the other end of a
channel, its bytes arrive as `data_received` calls and its size as window-change requests. So
each SSH session gets a `ChannelDriver`, which

- feeds the channel's bytes to Textual's input parser (`textual._xterm_parser.XTermParser`,
  private: tests/serve/test_driver.py fails loudly when a Textual upgrade changes what we use),
  a little at a time (`INPUT_BUDGET`), and posts the keys, mouse and paste events to its app;
  a client sending faster than that (a megabyte pasted, a flood of keys) is slowed down, not
  cut short: reading from its channel pauses, so SSH's own flow control holds the rest on the
  client's side and nothing is lost;
- writes what the app draws to the channel, and closes the session when the client stops
  reading and the unsent output passes a bound (so one stalled client cannot grow our memory);
- turns the pty request's size and every window-change into a `Resize`, clamped to sane bounds.

Everything runs on the event loop's thread: no input thread, no writer thread, no signal
handlers (they are the process's, shared by every session).
"""

from __future__ import annotations

import asyncio
import time
from codecs import getincrementaldecoder
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Literal, TextIO

from textual import events
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

__all__ = [
    "MAX_SIZE",
    "MIN_SIZE",
    "WRITE_BUFFER_LIMIT",
    "ChannelDriver",
    "ClientTerminal",
    "SessionParser",
    "clamp_size",
    "driver_for",
]

MIN_SIZE = (1, 1)
"""The smallest window laid out (columns, rows): "unknown" (0) is not a size. A window under
`fragtui.tui.too_small.LEAST` is told so over the whole screen; laid out at a larger size than the
client has, it was drawn past his edges, in pieces."""
MAX_SIZE = (500, 200)
"""The largest window drawn (columns, rows): a client claiming 100000×100000 must not make the
server lay out (and hold) billions of cells."""
WRITE_BUFFER_LIMIT = 4 * 1024 * 1024
"""Bytes of drawn output waiting for a client that does not read before its session is closed."""

INPUT_BUDGET = 0.05
"""Seconds of input parsing a session may use per second, on the loop all sessions share (Textual's
parser takes ~14 µs a key, ~2 µs a pasted character: a player typing or moving the mouse uses
well under 1%; one pasting a megabyte would otherwise stall every session for two seconds)."""
INPUT_BURST = 0.1
"""Seconds of parsing a session may use at once, after a quiet spell."""
INPUT_SLICE = 1024
"""Characters parsed at a time, between looks at the budget."""
INPUT_BACKLOG = 200
"""Messages waiting in the app past which input waits too (the app is behind: more keys only pile up)."""
INPUT_RETRY = 0.05
"""Seconds before input held back is looked at again."""

TICK_SECONDS = 0.1
"""How soon after input the parser is asked again for a lone Escape (the key, not a sequence's start)."""


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """The window size drawn for what the client says, within `MIN_SIZE` and `MAX_SIZE`
    (0 means "unknown" in SSH; it becomes the least size, never a division by zero)."""
    return (
        max(MIN_SIZE[0], min(MAX_SIZE[0], width)),
        max(MIN_SIZE[1], min(MAX_SIZE[1], height)),
    )


@dataclass
class ClientTerminal:
    """The client's side of one session as the driver sees it: where output goes, how big it is.

    The SSH session fills it (`fragtui/serve/server.py`); tests can fill it with a list.
    """

    write: Callable[[bytes], None]
    """Sends bytes to the client's terminal."""
    buffered: Callable[[], int] = lambda: 0
    """How many bytes written are still waiting to be sent (the channel's write buffer)."""
    close: Callable[[], None] = lambda: None
    """Ends the session (the client stopped reading, or the app has exited)."""
    pause: Callable[[bool], None] = lambda paused: None
    """Stops (True) or starts again (False) reading the client's input: SSH flow control then
    holds what he sends on his side."""
    size: tuple[int, int] = (80, 24)
    """The window's columns and rows, already clamped."""
    touch: Callable[[], None] = lambda: None
    """Restarts the session's idle clock without a key (a player waiting at a table for the others)."""
    driver: ChannelDriver | None = field(default=None, repr=False)
    """The driver drawing on this terminal, once the app has started."""


class SessionParser(XTermParser):
    """Textual's input parser, without its cache that outlives the parser.

    `XTermParser._parse_extended_key` is an `lru_cache` on a method: its keys are
    `(parser, sequence)`, in one cache the class shares. Locally there is one parser per process,
    so it does not matter; over SSH every session has its own, and each parser the cache holds
    keeps its session's whole app alive (the parser's generator holds the last key, the key its
    app): up to 1024 finished sessions, 1–4 MB each, never given back (issue 31: RSS grew ~1.8 MB
    per visit to the map browser). The function itself is cheap (one regular expression that
    fails at once for a plain key), so it is called uncached here.
    """

    _parse_extended_key = XTermParser._parse_extended_key.__wrapped__  # type: ignore[assignment]


class ChannelDriver(Driver):
    """Drives one Textual app on one client terminal (see the module's docstring)."""

    terminal: ClientTerminal
    """Set on the class by `driver_for`: Textual builds drivers itself, from a class."""

    def __init__(
        self, app: App[Any], *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.terminal.driver = self
        self._parser = SessionParser(debug=False)  # debug=True would append to keys.log in the server's folder
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._tick: asyncio.TimerHandle | None = None
        self._input_enabled = False
        self._closed = False
        self._pending = ""
        """Input received but not parsed yet (the budget ran out, or the app is behind)."""
        self._budget = INPUT_BURST
        self._refilled = self._loop.time()
        self._draining = False
        self._retry: asyncio.TimerHandle | None = None
        self.paused = False
        """Reading from the client is paused: its input waits on its side."""

    # What the app sends --------------------------------------------------------------------

    def write(self, data: str) -> None:
        """Send drawn output to the client; close the session when it has stopped reading."""
        if self._closed:
            return
        self.terminal.write(data.encode("utf-8", errors="replace"))
        if self.terminal.buffered() > WRITE_BUFFER_LIMIT:
            self._closed = True
            self.terminal.close()

    def flush(self) -> None:
        """Nothing to flush: the channel sends as the client's window allows."""

    def send_message(self, message: Message) -> None:
        """Post to the app directly: we are on its loop's thread (the base class assumes another thread)."""
        self._app.post_message(message)

    # What the client sends -----------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """The client typed (or pasted, or moved the mouse): parse and post the events.

        Bytes that are not UTF-8 become U+FFFD; the parser turns anything it does not know into
        plain keys. Input before the app is ready, or after it stopped, is dropped.
        """
        if not self._input_enabled or self._closed:
            return
        self._pending += self._decode(data)
        if not self._draining:
            self._drain()

    def _drain(self) -> None:
        """Parse what is pending within the session's budget; past it, pause reading and come back.

        Never re-entered: resuming reading may deliver buffered input at once (`feed` then only
        adds it to what is pending).
        """
        self._retry = None
        if not self._input_enabled or self._closed:
            return
        self._draining = True
        try:
            now = self._loop.time()
            self._budget = min(INPUT_BURST, self._budget + (now - self._refilled) * INPUT_BUDGET)
            self._refilled = now
            while self._pending and self._budget > 0 and self._app.message_queue_size <= INPUT_BACKLOG:
                piece, self._pending = self._pending[:INPUT_SLICE], self._pending[INPUT_SLICE:]
                started = time.perf_counter()
                for event in self._parser.feed(piece):
                    self.process_message(event)
                self._budget -= time.perf_counter() - started
            self._set_paused(bool(self._pending))
        finally:
            self._draining = False
        if self._pending:
            wait = max(INPUT_RETRY, -self._budget / INPUT_BUDGET)
            self._retry = self._loop.call_later(wait, self._drain)
        elif self._tick is None:
            self._tick = self._loop.call_later(TICK_SECONDS, self._on_tick)

    def _set_paused(self, paused: bool) -> None:
        if paused != self.paused:
            self.paused = paused
            self.terminal.pause(paused)

    def _on_tick(self) -> None:
        """A lone Escape waits for more bytes; once none came, the parser lets it out as the key.

        The parser times the wait on its own clock: a tick that comes a hair early finds it not
        over, and is made again (without that the Escape waited for the player's next key, and
        the two were read together, Escape then `m` as Alt+M).
        """
        self._tick = None
        if not self._input_enabled:
            return
        for event in self._parser.tick():
            self.process_message(event)
        if self._parser._timeout_time is not None:
            self._tick = self._loop.call_later(TICK_SECONDS / 10, self._on_tick)

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size (window-change): lay the app out again, within bounds."""
        self.terminal.size = clamp_size(width, height)
        size = Size(*self.terminal.size)
        self._app.post_message(events.Resize(size, size))

    # Application mode -------------------------------------------------------------------------

    def start_application_mode(self) -> None:
        """The same terminal modes as Textual's Linux driver, sent down the channel, but for the
        kitty keyboard protocol: a dropped connection never sends the sequence that turns it off,
        and the player's shell would be left receiving escape codes for every key."""
        write = self.write
        write("\x1b[?1049h")  # alternate screen
        if self._mouse:
            write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")  # mouse: clicks, motion, SGR coordinates
        write("\x1b[?25l")  # hide the cursor
        write("\x1b[?1004h")  # focus in/out
        write("\x1b[?2026$p")  # does the terminal do synchronised output? (the parser reads the answer)
        write("\x1b[?2004h")  # bracketed paste
        write("\x1b[?7l")  # no line wrap
        self._input_enabled = True
        size = Size(*self.terminal.size)
        self._app.post_message(events.Resize(size, size))

    def disable_input(self) -> None:
        """Stop posting input: the app is shutting down."""
        self._input_enabled = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        self._pending = ""

    def stop_application_mode(self) -> None:
        """Put the client's terminal back as it was, as Textual's Linux driver does."""
        self.disable_input()
        write = self.write
        write("\x1b[?2004l")  # bracketed paste off
        write("\x1b[?7h")  # line wrap back
        if self._mouse:
            write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        write("\x1b[?1049l")  # leave the alternate screen
        write("\x1b[?25h")  # show the cursor
        write("\x1b[?1004l")

    # What a remote player must never cause on the host -------------------------------------

    def open_url(self, url: str, new_tab: bool = True) -> None:
        """Not opened: Textual's default would start a web browser on the host."""

    def deliver_binary(
        self,
        binary: BinaryIO | TextIO,
        *,
        delivery_key: str,
        save_path: Path,
        open_method: Literal["browser", "download"] = "download",
        encoding: str | None = None,
        mime_type: str | None = None,
        name: str | None = None,
    ) -> None:
        """Refused: Textual's default writes the file on the host's disk (screenshots, downloads)."""
        refusal = PermissionError("no files are written over SSH")
        self._app.post_message(events.DeliveryFailed(key=delivery_key, exception=refusal, name=name))

    def close(self) -> None:
        """The app has finished with the driver: forget the terminal's link to it."""
        self.disable_input()
        self.terminal.driver = None


def driver_for(terminal: ClientTerminal) -> type[ChannelDriver]:
    """A driver class bound to one client terminal: Textual takes a class and builds the driver itself."""
    return type("SessionDriver", (ChannelDriver,), {"terminal": terminal})
