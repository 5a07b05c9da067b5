"""Soak: visitors come and go, and the server's memory comes back to where it was (issue 31, item 1).

The server is `python -m fragtui serve` in a process of its own (its RSS is its own, read from
`/proc`), started through a few lines that add one thing: on SIGUSR1 it runs `gc.collect()` and
prints its RSS, so a reading is taken after a full collection, as the issue asks. The visitors
are the real OpenSSH client under pexpect, several at once (the cycles are independent; running
four side by side makes the soak four times shorter and proves the same).

Before the fix a connect → Browse the maps → Esc → disconnect cycle kept ~1.8 MB for good (each
finished session's whole app, held by Textual caches on methods), and every screen opened inside a
session stayed until the session ended (its Header watching the app's title, its footer keys
watching the footer): 100 cycles grew the server by well over 100 MB.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pyte
import pytest

from fragtui.serve.tables import CODE_LENGTH
from tests.serve.test_ssh import SSH, WAIT, pexpect, ssh

pytestmark = [
    pytest.mark.soak,
    pytest.mark.skipif(SSH is None, reason="the OpenSSH client is not installed"),
    pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the server's RSS from /proc"),
]

CYCLES = 100
"""Connect → visit → disconnect cycles per soak, as the issue asks."""
SCREEN_CYCLES = 12
"""Cycles through every screen (each opens seven screens and plays into a game: a leak of the
kind fixed shows within a few)."""
AT_ONCE = 4
"""Visitors connected side by side (the server's `--max-sessions` is this)."""
WARM_UP = 2 * AT_ONCE
"""Cycles through every screen before the first reading: the first visits import screens and fill Textual's
caches for good."""
BROWSE_WARM_UP = 12 * AT_ONCE
"""Browse-the-maps cycles before the first reading. The server's RSS climbs for its first 50 or so short visits
and then stays put: read every 8 cycles after an 8-cycle warm-up it went 94.6 → 96.1 MB over 64 cycles, in
another run 94.6 → 98.2 over the first 48 and then 98.6–99.4 for 240 more (every reading after a full
collection; the thread count, 4, and the glibc arenas were settled by then, the growth in the anonymous
mappings pymalloc's arenas live in). Its high-water mark waits for four visits' peaks to fall together, which
a few cycles seldom bring: with 8 the soak read +4.4 to +6.9 MB, with 48 it read +0.1, -1.0 and +2.0 (a
leak of 60 KB a visit still fails it)."""
ALLOWED_MB = 6.0
"""Growth allowed after the soak, over the reading after the warm-up (the allocator's fragmentation
is a few MB; the leak was well over 100)."""

QUIET = 0.15
"""Seconds without output after which a screen counts as drawn."""

SERVER = """
import gc, signal, sys
def report(signum, frame):
    gc.collect()
    rss = next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmRSS"))
    print(f"rss-kb {rss}", flush=True)
signal.signal(signal.SIGUSR1, report)
from fragtui.cli import main
sys.exit(main(sys.argv[1:]))
"""
"""`python -m fragtui`, and on SIGUSR1 a full collection and the RSS printed."""


class MeasuredServer:
    """`fragtui serve` on a free port of 127.0.0.1 that reports its RSS after a collection when asked."""

    def __init__(self, data: Path) -> None:
        environment = {key: value for key, value in os.environ.items() if key != "FRAGTUI_DATA_DIR"}
        environment["XDG_DATA_HOME"] = str(data)
        arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--max-sessions", str(AT_ONCE)]
        arguments += ["--saves-per-player", "0"]  # (every visit from 127.0.0.1 starts a game: no cap to reach)
        self.process = pexpect.spawn(
            sys.executable, ["-c", SERVER, *arguments], env=environment, encoding="utf-8", timeout=WAIT
        )
        self.process.expect(r"ssh -p (\d+) 127\.0\.0\.1")
        self.port = int(self.process.match.group(1))
        self.process.expect("who may log in")

    def rss_mb(self) -> float:
        """The server's RSS in MB, just after a full collection."""
        os.kill(self.process.pid, signal.SIGUSR1)
        self.process.expect(r"rss-kb (\d+)")
        return int(self.process.match.group(1)) / 1024

    def stop(self) -> None:
        if self.process.isalive():
            self.process.sendintr()
            self.process.expect(pexpect.EOF)
        self.process.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[MeasuredServer]:
    running = MeasuredServer(tmp_path / "data")
    try:
        yield running
    finally:
        running.stop()


Visit = Callable[["pexpect.spawn"], None]
"""What a visitor does between the title and leaving it: keys sent, screens awaited."""


ESCAPES = re.compile(r"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|.)")
"""The terminal's control sequences (CSI, OSC, charset, two-byte): what is left of the output is its text."""


def on_screen(client: pexpect.spawn, mark: str, what: str) -> None:
    """Wait until `mark` is on the client's screen, or gone from it when it starts with "!" (a
    dialog closed: what it covered was on the screen all along).

    A mark the output drawn since the last look holds in its text (a new screen, drawn whole) is
    there. Otherwise the output is played into a terminal emulator, and the mark looked for on its
    screen: a screen closing redraws only what it covered, so the raw bytes may never repeat the mark.
    The emulator is fed only then, everything since it was last fed, in order (it is pure Python:
    feeding it every frame of a hundred visits was most of the test's own CPU)."""
    gone = mark.startswith("!")
    mark = mark.removeprefix("!")
    emulated: tuple[pyte.Screen, pyte.ByteStream, bytearray] | None = getattr(client, "emulated", None)
    if emulated is None:
        screen = pyte.Screen(80, 24)
        emulated = client.emulated = (screen, pyte.ByteStream(screen), bytearray())
    screen, stream, unfed = emulated
    deadline = time.monotonic() + WAIT
    while True:
        drawn: list[str] = []
        try:  # what has come, until a quiet spell: the screen as drawn, not half of it
            while True:
                drawn.append(client.read_nonblocking(65536, timeout=QUIET))
        except pexpect.TIMEOUT:
            pass
        text = "".join(drawn)
        unfed += text.encode("utf-8", "surrogateescape")
        if not gone and mark in ESCAPES.sub("", text):
            return
        stream.feed(bytes(unfed))
        unfed.clear()
        if (mark in "\n".join(screen.display)) != gone:
            return
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: {mark!r} never came; the screen:\n" + "\n".join(screen.display))


def steps(client: pexpect.spawn, *sent: tuple[str, str, str]) -> None:
    """Send each step's keys and wait for its mark to be on the screen."""
    for keys, mark, what in sent:
        client.send(keys)
        if mark:
            on_screen(client, mark, what)
        else:  # nothing on the screen says the key was taken: a pause, so the next is not read with it
            time.sleep(0.5)
        if keys.endswith("\x1b"):  # a lone Escape is held 0.1 s for a sequence's rest: a key sooner is Alt+key
            time.sleep(0.2)


TITLE = "Browse the maps"
"""On the title's menu: the title is drawn again."""


def browse_the_maps(client: pexpect.spawn) -> None:
    steps(client, ("m", ", ruleset ", "the map browser"), ("\x1b", TITLE, "back from the maps"))


def every_screen(client: pexpect.spawn) -> None:
    """Every screen the title leads a visitor to without a table in play, and back: the maps,
    help, a hot-seat set-up and game, a table's set-up, the join code."""
    browse_the_maps(client)
    steps(
        client,
        ("?", "move the cursor on the map", "help"),
        ("\x1b", "!move the cursor on the map", "help closed"),
        ("n", "Start", "a new game's set-up"),
        ("\r", "Pass the keyboard to", "a hot-seat game"),
        ("q", "Leave the game", "leaving the game"),
        ("y", TITLE, "back from the game"),
        ("\x1b[B\r", "Start", "a table's set-up (Host a table)"),
        ("\x1b", TITLE, "back from the table's set-up"),
        ("\x1b[B\x1b[B\r", f"join code ({CODE_LENGTH} letters)", "the join code (Join a table)"),
        ("\x1b", f"!join code ({CODE_LENGTH} letters)", "the join code closed"),
    )


def soak(server: MeasuredServer, known_hosts: Path, visit: Visit, cycles: int, warm_up: int) -> tuple[float, float]:
    """`warm_up`, then `cycles` connect → visit → disconnect, `AT_ONCE` at a time; the RSS after the warm-up and
    at the end."""

    def cycle() -> None:
        client = ssh(server.port, known_hosts, "-t", "127.0.0.1")
        try:
            on_screen(client, TITLE, "the title")
            visit(client)
            client.send("q")
            client.expect(pexpect.EOF)
        finally:
            client.close(force=True)

    def run(count: int) -> None:
        failures: list[BaseException] = []

        def visitor(turns: int) -> None:
            try:
                for _ in range(turns):
                    cycle()
            except BaseException as exc:  # reported in the test's thread below
                failures.append(exc)

        shares = [count // AT_ONCE + (1 if n < count % AT_ONCE else 0) for n in range(AT_ONCE)]
        threads = [threading.Thread(target=visitor, args=(share,)) for share in shares if share]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if failures:
            raise failures[0]

    run(warm_up)
    before = server.rss_mb()
    run(cycles)
    return before, server.rss_mb()


def grown(before: float, after: float) -> str:
    return f"RSS {before:.1f} → {after:.1f} MB after the soak ({after - before:+.1f} MB)"


@pytest.mark.parametrize(
    ("visit", "cycles", "warm_up"),
    [(browse_the_maps, CYCLES, BROWSE_WARM_UP), (every_screen, SCREEN_CYCLES, WARM_UP)],
    ids=["browse-the-maps", "every-screen"],
)
def test_visitors_leave_no_memory_behind(
    server: MeasuredServer,
    tmp_path: Path,
    visit: Visit,
    cycles: int,
    warm_up: int,
    record_property: Callable[..., None],
) -> None:
    """S-SSH: connect → a screen (or every one) → disconnect, over and over: the server's RSS after a
    full collection is within a few MB of where it was after the first visits."""
    before, after = soak(server, tmp_path / "known_hosts", visit, cycles, warm_up)
    record_property("rss", grown(before, after))
    assert after - before <= ALLOWED_MB, grown(before, after)


def test_screens_opened_in_one_session_are_let_go(
    server: MeasuredServer, tmp_path: Path, record_property: Callable[..., None]
) -> None:
    """Inside one session, opening and closing screens again and again does not hold them: every
    Header and footer key once kept (watching the app and the footer) for the session's life."""
    client = ssh(server.port, tmp_path / "known_hosts", "-t", "127.0.0.1")
    try:
        on_screen(client, TITLE, "the title")
        for _ in range(2):
            every_screen(client)
        before = server.rss_mb()
        for _ in range(SCREEN_CYCLES):
            every_screen(client)
        after = server.rss_mb()
        client.send("q")
        client.expect(pexpect.EOF)
    finally:
        client.close(force=True)
    record_property("rss", grown(before, after))
    assert after - before <= ALLOWED_MB, grown(before, after)
