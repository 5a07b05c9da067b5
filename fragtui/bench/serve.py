"""Benchmark: `fragtui serve` with real SSH clients on 127.0.0.1. Prints figures, asserts nothing.

Run: `python -m fragtui.bench.serve [--sessions 20] [--keys 200] [--title-runs 5] [--rate 5] [--size 80x24]
[--leaving 4]`.
docs/performance.md ("fragtui serve") explains the method and records the figures.

One run, side by side: the time from starting a client to the title screen drawn (the real OpenSSH `ssh` in a
pseudo-terminal, and an asyncssh client asking for a pty), the server's memory per extra session (its RSS, on the
title and in a game), the bytes the server sends per cursor move in a hot-seat game, and the key-to-frame latency
of one observed player (OpenSSH) alone on the server and then beside `--sessions - 1` scripted players who all move
their cursors at `--rate` keys a second in games of their own (p50, p95, p99, the slowest, and the keys over 150 ms),
beside the pauses of the server's garbage collector meanwhile (each full collection, and each other over 5 ms); then
the same walk again while `--leaving` of the scripted players leave, the others playing on (when the server's
collector frees what a departed player held).

Everything real: the server is `python -m fragtui serve` in a process of its own (so its RSS and CPU time are its
own), with a data folder in a temporary directory; the observed player is `ssh` in a pseudo-terminal whose output
is read here, timestamped as it arrives and played into a terminal emulator (pyte) to know what is on the screen;
the other players are asyncssh clients in one more process (`--worker`, started by the bench), so that their work
never delays the observed player's reading.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import math
import os
import platform
import pty
import random
import re
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import asyncssh
import pyte
import textual

from fragtui.bench.ui import zigzag, zigzag_keys
from fragtui.content.maps import load_named_map, map_names

__all__ = ["Figures", "Options", "measure", "report"]

TITLE_GOAL = 1.5
"""Seconds from starting a client to the title screen drawn."""
MEMORY_GOAL = 10.0
"""Megabytes of the server's memory per extra session."""
BYTES_GOAL = 2048
"""Bytes sent over SSH per cursor move."""
LATENCY_GOAL = 0.050
"""Seconds from a key to its frame at the 99th percentile, with all the sessions playing (issue 31, item 3)."""
SLOWEST_GOAL = 0.150
"""Seconds no key may take to its frame, with all the sessions playing: a longer pause is a stall a player feels."""
LEAVE_EVERY = 0.5
"""Seconds between two scripted players leaving, in the walk with departures: four leave within 2 s."""
PAUSE_MARK = 0.050
"""A pause of the server's collector this long or longer is counted apart (the one-key goal is 150 ms)."""

TITLE_MARKS = ("New game", "Browse the maps", "palette")
"""On the emulated screen together: the title screen, footer included, is drawn."""
TURN_MARK = "pick a highlighted square"
"""The game screen's status line once movement is rolled: arrow keys move the map cursor."""

WAIT = 60.0
"""Seconds to wait for a screen: generous, a loaded machine is slow, not broken."""
QUIET = 0.1
"""A response is complete when nothing more has arrived for this long (six of Textual's frame periods)."""
KEY_TIMEOUT = 30.0
"""A key that draws nothing within this long did not move the cursor: the walk is wrong, the bench stops (5 s
was too short on a machine at load 12, where a stalled server took longer: a figure to print, not an error)."""
NAVIGATION_QUIET = 0.3
"""On the way into a game, a screen counts as drawn when nothing more has arrived for this long."""
SETTLE = 1.0
"""Seconds left for the server to finish what it was doing before its memory is read."""

SPREAD_PAUSE = 0.02
"""Seconds between the keys that take a scripted player's cursor to its own point of the zigzag before play."""
ENTERING = 4
"""Scripted players on their way into a game at once: all nineteen at once kept a busy machine's server from
drawing some of them a screen within `WAIT` (the figures are read once everyone is in a game)."""

ARROWS = {"up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D"}
"""The arrow keys as a terminal in normal cursor mode sends them (Textual never asks for application mode)."""

CURSOR = re.compile(r"^ (\d+),(\d+) ", re.MULTILINE)
"""The game screen's status line starts with the map cursor's square."""


# Clients -------------------------------------------------------------------------------------------------------


class Client:
    """One player's terminal: the bytes received (each chunk with its arrival time) and an emulated screen.

    The screen is fed only when asked (`text()`), never in the callback that timestamps a chunk, so that emulating
    the terminal never delays the reading of the next chunk.
    """

    def __init__(self, size: tuple[int, int], *, keep: bool = True) -> None:
        self.size = size
        self.keep = keep
        """Keep the chunks (for the screen and the figures); a load client only counts them."""
        self.chunks: list[tuple[float, bytes]] = []
        self.received = 0
        """Bytes received in all."""
        self.closed = asyncio.Event()
        self._arrived = asyncio.Event()
        self._screen = pyte.Screen(*size)
        self._stream = pyte.ByteStream(self._screen)
        self._parsed = 0

    def _on_data(self, data: bytes) -> None:
        at = time.perf_counter()
        self.received += len(data)
        if self.keep:
            self.chunks.append((at, data))
            self._arrived.set()

    def send(self, data: bytes) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    def text(self) -> str:
        """What the emulated terminal shows now, after every chunk received so far."""
        for _, data in self.chunks[self._parsed :]:
            self._stream.feed(data)
        self._parsed = len(self.chunks)
        return "\n".join(self._screen.display)

    async def _more_than(self, count: int, timeout: float) -> bool:
        """Wait until more than `count` chunks have arrived; False after `timeout` seconds without."""
        deadline = time.perf_counter() + timeout
        while len(self.chunks) <= count:
            self._arrived.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0 or self.closed.is_set():
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), remaining)
        return True

    async def wait_for(self, *marks: str, timeout: float = WAIT) -> float:
        """The arrival time of the chunk after which the screen shows every one of `marks`."""
        deadline = time.perf_counter() + timeout
        while True:
            for at, data in self.chunks[self._parsed :]:
                self._stream.feed(data)
                self._parsed += 1
                if all(mark in "\n".join(self._screen.display) for mark in marks):
                    return at
            if not await self._more_than(len(self.chunks), deadline - time.perf_counter()):
                shown = "\n".join(self._screen.display)
                raise RuntimeError(f"never shown: {marks!r}; the screen shows:\n{shown}")

    async def quiet(self, quiet: float = QUIET) -> None:
        """Wait until nothing has arrived for `quiet` seconds."""
        while await self._more_than(len(self.chunks), quiet):
            pass

    async def response(self, key: bytes, timeout: float = KEY_TIMEOUT) -> Response:
        """Send `key` and collect what it draws: from the first chunk after it until the output falls quiet."""
        count = len(self.chunks)
        sent = time.perf_counter()
        self.send(key)
        if not await self._more_than(count, timeout):
            raise RuntimeError(f"nothing was drawn within {timeout} s of the key {key!r}")
        await self.quiet()
        chunks = self.chunks[count:]
        return Response(
            first=chunks[0][0] - sent, last=chunks[-1][0] - sent, size=sum(len(data) for _, data in chunks), sent=sent
        )


@dataclass
class Response:
    """What one key drew: seconds from sending it to the first and to the last chunk of its response, and bytes."""

    first: float
    last: float
    size: int
    scrolled: bool = False
    sent: float = 0.0
    """When the key was sent (`time.perf_counter()`, the system's monotonic clock: comparable across processes)."""


class OpenSSHClient(Client):
    """The real OpenSSH client in a pseudo-terminal of its own, as a player runs it; its output read here."""

    def __init__(self, size: tuple[int, int], *, keep: bool = True) -> None:
        super().__init__(size, keep=keep)
        self._master = -1
        self._process: asyncio.subprocess.Process | None = None

    async def start(self, port: int, known_hosts: Path) -> None:
        ssh = shutil.which("ssh")
        if ssh is None:
            raise RuntimeError("the OpenSSH client is not installed: `apt install openssh-client` gives `ssh`")
        master, slave = pty.openpty()
        columns, rows = self.size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        options = [
            "-F", "/dev/null",
            "-p", str(port),
            "-o", "StrictHostKeyChecking=accept-new",
            "-o", f"UserKnownHostsFile={known_hosts}",
            # Anonymous: keyboard-interactive with no prompt (BatchMode=yes would turn it off).
            "-o", "PubkeyAuthentication=no",
            "-o", "LogLevel=ERROR",
            "-e", "none",
            "-t", "127.0.0.1",
        ]  # fmt: skip
        environment = {key: value for key, value in os.environ.items() if key not in ("COLORTERM", "NO_COLOR")}
        environment["TERM"] = "xterm-256color"
        self._master = master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._readable)
        self._process = await asyncio.create_subprocess_exec(
            ssh, *options, stdin=slave, stdout=slave, stderr=slave, env=environment, start_new_session=True
        )
        os.close(slave)

    def _readable(self) -> None:
        try:
            data = os.read(self._master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: ssh has exited and the pseudo-terminal is closed
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self._master)
            self.closed.set()
            self._arrived.set()
            return
        self._on_data(data)

    def send(self, data: bytes) -> None:
        os.write(self._master, data)

    async def close(self) -> None:
        process = self._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()
        if self._master >= 0:
            asyncio.get_running_loop().remove_reader(self._master)
            os.close(self._master)
            self._master = -1
        self.closed.set()

    async def finished(self, timeout: float = WAIT) -> None:
        """Wait for ssh to exit by itself (the player quit)."""
        if self._process is not None:
            await asyncio.wait_for(self._process.wait(), timeout)
        await self.close()


class _Channel(asyncssh.SSHClientSession[bytes]):
    def __init__(self, client: AsyncsshClient) -> None:
        self._client = client

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._client._on_data(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self._client.closed.set()
        self._client._arrived.set()


PLAYER_NAME = "fragtui-bench"
"""The scripted players' user name: never a join code (`ssh CODE@HOST` goes straight to a table's seats, and
"bench", five letters of the code's alphabet, was one: every player was sent to look up a table, and the
address's wrong codes were throttled before the twentieth got in)."""

_PLAYER_KEY: list[asyncssh.SSHKey] = []


def _player_key() -> asyncssh.SSHKey:
    """One throw-away ed25519 key for every scripted player of this process."""
    if not _PLAYER_KEY:
        _PLAYER_KEY.append(asyncssh.generate_private_key("ssh-ed25519"))
    return _PLAYER_KEY[0]


class AsyncsshClient(Client):
    """An asyncssh client asking for a pty (xterm-256color) and a shell: the scripted players."""

    def __init__(self, size: tuple[int, int], *, keep: bool = True) -> None:
        super().__init__(size, keep=keep)
        self._connection: asyncssh.SSHClientConnection | None = None
        self._channel: asyncssh.SSHClientChannel[bytes] | None = None

    async def start(self, port: int) -> None:
        self._connection = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=PLAYER_NAME,
            known_hosts=None,
            config=None,
            client_keys=[_player_key()],  # anonymous play learns a key; a client with none must answer
            agent_path=None,  # keyboard-interactive, which asyncssh's client only does when given a handler
            connect_timeout=WAIT,
        )
        self._channel, _ = await self._connection.create_session(
            lambda: _Channel(self), term_type="xterm-256color", term_size=self.size, encoding=None
        )

    def send(self, data: bytes) -> None:
        if self._channel is not None and not self._channel.is_closing():
            self._channel.write(data)

    async def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._connection.wait_closed(), 10)
        self.closed.set()


async def _press(client: Client, key: bytes, before: str) -> str:
    """Send `key` and wait until the screen's text differs from `before` and has then fallen quiet (a new screen
    can take a few frames, some of them redrawing the old one); the screen's text then."""
    client.send(key)
    deadline = time.perf_counter() + WAIT
    while (text := client.text()) == before:
        if not await client._more_than(len(client.chunks), deadline - time.perf_counter()):
            raise RuntimeError(f"the key {key!r} changed nothing on the screen:\n{text}")
    await client.quiet(NAVIGATION_QUIET)
    return client.text()


async def into_game(client: Client) -> str:
    """Keys from the title to a hot-seat game of the default set-up, movement rolled: the map cursor is the
    player's. Each key waits for the screen to change and fall quiet. Returns the name of the set-up's map."""
    await client.wait_for(*TITLE_MARKS)
    await client.quiet(NAVIGATION_QUIET)
    text = await _press(client, b"n", client.text())
    found = re.search(r"players on (.+?), first to", text)
    if found is None:
        raise RuntimeError(f"the set-up screen does not name its map:\n{text}")
    board = found.group(1)
    text = await _press(client, b"\r", text)
    for _ in range(40):
        if TURN_MARK in text:
            return board
        if "Pass the keyboard to" in text or "Place your fighter on" in text:
            text = await _press(client, b"\r", text)  # I'm here; place on the first free respawn point
        elif "r: roll for movement" in text:
            text = await _press(client, b"r", text)
        else:  # the last screen redrawn on the way to the next (a busy server draws it in several frames)
            if not await client._more_than(len(client.chunks), WAIT):
                raise RuntimeError(f"an unexpected screen on the way into a game:\n{text}")
            await client.quiet(NAVIGATION_QUIET)
            text = client.text()
    raise RuntimeError("no turn with movement rolled after 40 screens")


def cursor_of(text: str) -> tuple[int, int]:
    found = CURSOR.search(text)
    if found is None:
        raise RuntimeError(f"the game screen shows no cursor square:\n{text}")
    return int(found.group(1)), int(found.group(2))


def map_of(display_name: str) -> tuple[int, int]:
    """The width and height of the map the set-up screen names."""
    for name in map_names():
        board = load_named_map(name)
        if board.name == display_name:
            return board.width, board.height
    raise RuntimeError(f"no map is called {display_name!r}")


def _map_rows(text: str) -> list[str]:
    """The rows that only a scroll of the map changes on a cursor move (not the header, status line or footer)."""
    return text.splitlines()[2:-4]


async def walk(client: Client, size: tuple[int, int], keys: int) -> list[Response]:
    """`keys` arrow keys zigzagging over the board from the cursor's square, each after the last has fallen quiet;
    each checked to have moved the cursor where it should (read from the screen outside the timing)."""
    text = client.text()
    start = cursor_of(text)
    walked = zigzag(*size, keys, start=start)
    x, y = start
    steps = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
    responses = []
    for key in walked:
        response = await client.response(ARROWS[key])
        after = client.text()
        dx, dy = steps[key]
        x, y = x + dx, y + dy
        if cursor_of(after) != (x, y):
            raise RuntimeError(f"the cursor is on {cursor_of(after)} after {key}, not on {(x, y)}")
        response.scrolled = _map_rows(after) != _map_rows(text)
        text = after
        responses.append(response)
    return responses


# The server ----------------------------------------------------------------------------------------------------


TRACED_SERVER = """
import gc, sys, time
from fragtui.cli import main
started = [0.0, 0.0]
spent = [0.0, 0.0, 0.0]
told = [0.0]
def trace(phase, info):
    if phase == "start":
        started[0], started[1] = time.perf_counter(), time.process_time()
        return
    now = time.perf_counter()
    took = now - started[0]
    spent[info["generation"]] += time.process_time() - started[1]
    if info["generation"] == 2 or took > 0.005:
        print(f"gc-trace {info['generation']} {started[0]:.6f} {took:.6f}", file=sys.stderr, flush=True)
    if now - told[0] >= 0.25:
        told[0] = now
        print(f"gc-spent {now:.6f} {spent[0]:.6f} {spent[1]:.6f} {spent[2]:.6f}", file=sys.stderr, flush=True)
gc.callbacks.append(trace)
sys.exit(main(sys.argv[1:]))
"""
"""`--trace-gc`: the server started through this script, which is `python -m fragtui` with a `gc.callbacks` hook
that writes each full collection, and any other taking over 5 ms, to stderr: generation, start, seconds; and, at
most every quarter second, the CPU seconds every collection so far took, by generation."""


@dataclass(frozen=True)
class Collection:
    """One pause of the server's garbage collector (`--trace-gc`)."""

    generation: int
    start: float
    """`time.perf_counter()` in the server: the system's monotonic clock, comparable with the bench's."""
    seconds: float


class ServerProcess:
    """`python -m fragtui serve` on 127.0.0.1, any free port, its data folder in `data`."""

    def __init__(self, data: Path, max_sessions: int, *, trace_gc: bool = False) -> None:
        self.data = data
        self.max_sessions = max_sessions
        self.trace_gc = trace_gc
        self.port = 0
        self.process: asyncio.subprocess.Process | None = None
        self.errors = data / "serve.stderr"

    async def start(self) -> None:
        environment = {key: value for key, value in os.environ.items() if key != "FRAGTUI_DATA_DIR"}
        environment["XDG_DATA_HOME"] = str(self.data)
        command = [
            *(["-c", TRACED_SERVER] if self.trace_gc else ["-m", "fragtui"]),
            "serve", "--host", "127.0.0.1", "--port", "0",
            "--max-sessions", str(self.max_sessions), "--idle-timeout", "0",
            "--saves-per-player", "0",  # every scripted player has the same key: no cap on its games
        ]  # fmt: skip
        self.data.mkdir(parents=True, exist_ok=True)
        with self.errors.open("wb") as errors:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, *command, env=environment, stdout=asyncio.subprocess.PIPE, stderr=errors
            )
        assert self.process.stdout is not None
        said = ""
        while True:
            line = await asyncio.wait_for(self.process.stdout.readline(), WAIT)
            if not line:
                raise RuntimeError(f"fragtui serve did not start: {said}{self.errors.read_text()[-2000:]}")
            said += line.decode()
            found = re.search(r"ssh -p (\d+) 127\.0\.0\.1", said)
            if found:
                self.port = int(found.group(1))
                return

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def rss(self) -> float:
        """The server's resident memory, in MB (VmRSS of /proc/PID/status)."""
        status = Path(f"/proc/{self.pid}/status").read_text()
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        if found is None:
            raise RuntimeError("no VmRSS in /proc: this benchmark needs Linux")
        return int(found.group(1)) / 1024

    def cpu(self) -> float:
        """Seconds of CPU the server has used (user and system, /proc/PID/stat)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def collections(self) -> list[Collection]:
        """The collector's pauses written so far (`--trace-gc`)."""
        if not self.errors.exists():
            return []
        found = re.findall(r"^gc-trace (\d) (\S+) (\S+)$", self.errors.read_text(), re.MULTILINE)
        return [Collection(int(generation), float(start), float(took)) for generation, start, took in found]

    def collector_cpu(self, at: float) -> tuple[float, float, float]:
        """CPU seconds the collector had taken by `at` (`time.perf_counter()`), by generation (`--trace-gc`): the
        last total written before it."""
        if not self.errors.exists():
            return (0.0, 0.0, 0.0)
        spent = (0.0, 0.0, 0.0)
        for when, *seconds in re.findall(r"^gc-spent (\S+) (\S+) (\S+) (\S+)$", self.errors.read_text(), re.MULTILINE):
            if float(when) > at:
                break
            spent = (float(seconds[0]), float(seconds[1]), float(seconds[2]))
        return spent

    async def stop(self) -> str:
        """Ctrl+C, as the host would; returns what the server wrote to stderr (but the collector's trace)."""
        process = self.process
        if process is not None and process.returncode is None:
            process.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(process.wait(), 30)
            except TimeoutError:
                process.kill()
                await process.wait()
        said = self.errors.read_text() if self.errors.exists() else ""
        return re.sub(r"^gc-(trace|spent) .*\n", "", said, flags=re.MULTILINE)


# The scripted players (`--worker`) -----------------------------------------------------------------------------


async def _line(stream: TextIO) -> str:
    return (await asyncio.to_thread(stream.readline)).strip()


async def worker(port: int, sessions: int, rate: float, size: tuple[int, int], board: tuple[int, int]) -> None:
    """The scripted players, in a process of their own, told what to do on stdin:

    connect `sessions` asyncssh clients and print "title" once each shows the title; on "games", take each into a
    hot-seat game, take each cursor its own share of the zigzag further on (so that the players' map scrolls come
    apart, as independent players' would: all in step, nineteen scrolls came within 0.2 s) and print "games"; on
    "play", send each client's arrow keys at `rate` a second (each at its own phase, never waiting for the frames)
    until "stop"; then print "stopped KEYS BYTES" and disconnect. Meanwhile "leave N": the first N players leave, one
    every `LEAVE_EVERY` seconds (each connection closed, as a player closing his terminal), then print "left".
    """
    clients = [AsyncsshClient(size) for _ in range(sessions)]
    await asyncio.gather(*(client.start(port) for client in clients))
    await asyncio.gather(*(client.wait_for(*TITLE_MARKS) for client in clients))
    print("title", flush=True)
    if await _line(sys.stdin) != "games":
        return
    entering = asyncio.Semaphore(ENTERING)

    async def enter(client: Client) -> None:
        async with entering:
            await into_game(client)

    await asyncio.gather(*(enter(client) for client in clients))
    walks = [zigzag_keys(*board, start=cursor_of(client.text())) for client in clients]
    cycle = 2 * math.lcm(2 * (board[0] - 1), 2 * (board[1] - 1))  # keys before a zigzag is where it began

    async def spread(client: Client, walk: Iterator[str], keys: int) -> None:
        async with entering:
            for _ in range(keys):
                client.send(ARROWS[next(walk)])
                await asyncio.sleep(SPREAD_PAUSE)
            await client.quiet(NAVIGATION_QUIET)

    # Each player's cursor a share of the zigzag further on, so that their map scrolls do not come all at once.
    await asyncio.gather(
        *(spread(c, w, n * cycle // sessions) for n, (c, w) in enumerate(zip(clients, walks, strict=True)))
    )
    for client in clients:
        client.keep = False
        client.chunks.clear()
    print("games", flush=True)
    if await _line(sys.stdin) != "play":
        return
    sent = 0

    async def play(client: Client, walk: Iterator[str], seed: int) -> None:
        nonlocal sent
        period = 1 / rate
        await asyncio.sleep(random.Random(seed).uniform(0, period))
        ticks = time.perf_counter()
        for key in walk:
            client.send(ARROWS[key])
            sent += 1
            ticks += period
            await asyncio.sleep(max(0.0, ticks - time.perf_counter()))

    received = sum(client.received for client in clients)
    tasks = [asyncio.create_task(play(c, w, n)) for n, (c, w) in enumerate(zip(clients, walks, strict=True))]
    while (line := await _line(sys.stdin)).startswith("leave "):
        for n in range(min(int(line.split()[1]), len(clients))):
            tasks[n].cancel()
            await asyncio.gather(tasks[n], return_exceptions=True)
            await clients[n].close()
            await asyncio.sleep(LEAVE_EVERY)
        print("left", flush=True)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(f"stopped {sent} {sum(client.received for client in clients) - received}", flush=True)
    await asyncio.gather(*(client.close() for client in clients))


class Workers:
    """The bench's end of `worker()`."""

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, port: int, sessions: int, rate: float, size: tuple[int, int], board: tuple[int, int]) -> None:
        command = [
            "-m", "fragtui.bench.serve", "--worker", "--port", str(port), "--sessions", str(sessions),
            "--rate", str(rate), "--size", f"{size[0]}x{size[1]}", "--board", f"{board[0]}x{board[1]}",
        ]  # fmt: skip
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        await self.expect("title")

    async def expect(self, word: str, timeout: float = 4 * WAIT) -> str:
        assert self.process is not None and self.process.stdout is not None
        line = (await asyncio.wait_for(self.process.stdout.readline(), timeout)).decode().strip()
        if not line.startswith(word):
            raise RuntimeError(f"the scripted players said {line!r}, not {word!r} (see their stderr above)")
        return line

    def tell(self, word: str) -> None:
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(f"{word}\n".encode())

    async def stop(self) -> None:
        """End of input: the scripted players disconnect and their process ends (also when the run failed)."""
        if self.process is not None and self.process.returncode is None:
            if self.process.stdin is not None:
                self.process.stdin.close()
            try:
                await asyncio.wait_for(self.process.wait(), 30)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


# The run -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """What one run measures."""

    sessions: int = 20
    """Sessions at once in the loaded run: the observed player and `sessions - 1` scripted ones."""
    keys: int = 200
    """Arrow keys the observed player sends alone, and again with the others playing."""
    title_runs: int = 5
    """Connections timed to the title screen, per client."""
    rate: float = 5.0
    """Arrow keys a second each scripted player sends (issue 31 measures 20 sessions at 5)."""
    size: tuple[int, int] = (80, 24)
    """Every client's terminal, columns × rows."""
    trace_gc: bool = True
    """Start the server with a hook that records its garbage collector's pauses (`TRACED_SERVER`)."""
    settle: float = SETTLE
    """Seconds left to the server before each reading of its memory (the test's smallest run, which asserts only
    that each figure is measured, leaves a tenth of a second)."""
    leaving: int = 4
    """Scripted players who leave, one every `LEAVE_EVERY` s, during a third walk after the loaded one (0: none):
    a session's end is when the server's collector walks everything it had frozen (`fragtui/serve/collector.py`)."""


@dataclass
class Figures:
    """What one run measured (seconds, MB, bytes)."""

    options: Options
    title_openssh: list[float] = field(default_factory=list)
    """Seconds to the title drawn, one per OpenSSH connection; the first is the server's first session."""
    title_asyncssh: list[float] = field(default_factory=list)
    """The same with the asyncssh client, after the OpenSSH ones."""
    rss_idle: float = 0.0
    """The server's RSS before any session."""
    rss_one_title: float = 0.0
    """With the observed player on the title."""
    rss_one_game: float = 0.0
    """With the observed player in a game (the baseline of the per-session figures)."""
    rss_title: float = 0.0
    """With the others on the title too."""
    rss_game: float = 0.0
    """With everyone in a game."""
    rss_after: float = 0.0
    """After the loaded walk, everyone still in a game."""
    alone: list[Response] = field(default_factory=list)
    """The observed player's keys with no other session."""
    loaded: list[Response] = field(default_factory=list)
    """The same with the others playing."""
    load_keys: int = 0
    """Keys the scripted players sent during the loaded walk."""
    load_bytes: int = 0
    """Bytes the server sent them meanwhile."""
    load_seconds: float = 0.0
    """How long the loaded walk took."""
    cpu_alone: float = 0.0
    """Server CPU seconds during the walk alone."""
    cpu_loaded: float = 0.0
    """Server CPU seconds during the loaded walk."""
    alone_seconds: float = 0.0
    """How long the walk alone took."""
    server_errors: str = ""
    """What the server wrote to stderr (nothing, when all went well)."""
    load_before: float = 0.0
    """The machine's one-minute load average before the run: other work shares the cores."""
    load_after: float = 0.0
    """And after it."""
    collections: list[Collection] = field(default_factory=list)
    """The server's collector's pauses during the loaded walk (`--trace-gc`; else empty)."""
    collector_cpu: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """CPU seconds the server's collector took during the loaded walk, by generation (`--trace-gc`)."""
    leaving: list[Response] = field(default_factory=list)
    """The observed player's keys while `options.leaving` of the others leave (the rest still playing)."""
    leaving_collections: list[Collection] = field(default_factory=list)
    """The server's collector's pauses during that walk (`--trace-gc`; else empty)."""

    @property
    def per_session_title(self) -> float:
        return (self.rss_title - self.rss_one_game) / max(1, self.options.sessions - 1)

    @property
    def per_session_game(self) -> float:
        return (self.rss_game - self.rss_one_game) / max(1, self.options.sessions - 1)


async def _title_openssh(port: int, known_hosts: Path, size: tuple[int, int]) -> float:
    client = OpenSSHClient(size)
    started = time.perf_counter()
    await client.start(port, known_hosts)
    try:
        drawn = await client.wait_for(*TITLE_MARKS)
        client.send(b"q")
        await client.finished()
    finally:
        await client.close()
    return drawn - started


async def _title_asyncssh(port: int, size: tuple[int, int]) -> float:
    client = AsyncsshClient(size)
    started = time.perf_counter()
    await client.start(port)
    try:
        drawn = await client.wait_for(*TITLE_MARKS)
        client.send(b"q")
        await asyncio.wait_for(client.closed.wait(), WAIT)
    finally:
        await client.close()
    return drawn - started


async def measure(options: Options, progress: TextIO | None = sys.stderr) -> Figures:
    """Start a server and measure every figure on it (see the module's docstring)."""

    def say(what: str) -> None:
        if progress is not None:
            print(f"  … {what}", file=progress, flush=True)

    figures = Figures(options, load_before=os.getloadavg()[0])
    with tempfile.TemporaryDirectory(prefix="fragtui-bench-serve-") as folder:
        server = ServerProcess(Path(folder) / "data", max_sessions=options.sessions + 2, trace_gc=options.trace_gc)
        known_hosts = Path(folder) / "known_hosts"
        observed: OpenSSHClient | None = None
        workers = Workers()
        try:
            await server.start()
            await asyncio.sleep(options.settle)
            figures.rss_idle = server.rss()
            say(f"server on port {server.port}; timing {options.title_runs} connections per client")
            for _ in range(options.title_runs):
                figures.title_openssh.append(await _title_openssh(server.port, known_hosts, options.size))
            for _ in range(options.title_runs):
                figures.title_asyncssh.append(await _title_asyncssh(server.port, options.size))

            observed = OpenSSHClient(options.size)
            await observed.start(server.port, known_hosts)
            await observed.wait_for(*TITLE_MARKS)
            await asyncio.sleep(options.settle)
            figures.rss_one_title = server.rss()
            board = map_of(await into_game(observed))
            await asyncio.sleep(options.settle)
            figures.rss_one_game = server.rss()

            say(f"{options.keys} keys alone")
            cpu, started = server.cpu(), time.perf_counter()
            figures.alone = await walk(observed, board, options.keys)
            figures.cpu_alone, figures.alone_seconds = server.cpu() - cpu, time.perf_counter() - started

            others = options.sessions - 1
            if others > 0:
                say(f"{others} more sessions to the title")
                await workers.start(server.port, others, options.rate, options.size, board)
                await asyncio.sleep(options.settle)
                figures.rss_title = server.rss()
                say(f"{others} more sessions into games")
                workers.tell("games")
                await workers.expect("games", timeout=others * WAIT)
                await asyncio.sleep(options.settle)
                figures.rss_game = server.rss()
                say(f"{options.keys} keys with {others} more playing at {options.rate:g} keys/s each")
                workers.tell("play")
                await asyncio.sleep(2 / options.rate)  # every scripted player has started
                cpu, started = server.cpu(), time.perf_counter()
                figures.loaded = await walk(observed, board, options.keys)
                figures.cpu_loaded, figures.load_seconds = server.cpu() - cpu, time.perf_counter() - started
                figures.collections = [c for c in server.collections() if c.start >= started]
                await asyncio.sleep(0.5)  # the collector's totals are written at most every quarter second
                before, after = server.collector_cpu(started), server.collector_cpu(started + figures.load_seconds)
                figures.collector_cpu = tuple(b - a for a, b in zip(before, after, strict=True))  # type: ignore[assignment]
                leaving = min(options.leaving, others)
                if leaving:
                    say(f"{options.keys} keys while {leaving} of the others leave, one every {LEAVE_EVERY:g} s")
                    workers.tell(f"leave {leaving}")
                    started = time.perf_counter()
                    figures.leaving = await walk(observed, board, options.keys)
                    await workers.expect("left")
                    figures.leaving_collections = [c for c in server.collections() if c.start >= started]
                workers.tell("stop")
                _, keys, sent = (await workers.expect("stopped")).split()
                figures.load_keys, figures.load_bytes = int(keys), int(sent)
                await asyncio.sleep(options.settle)
                figures.rss_after = server.rss()
        finally:
            if observed is not None:
                await observed.close()
            await workers.stop()
            figures.server_errors = (await server.stop()).replace("fragtui serve: stopped", "").strip()
            figures.load_after = os.getloadavg()[0]
    return figures


# The report ----------------------------------------------------------------------------------------------------


def _spread(values: Sequence[float], scale: float = 1.0, unit: str = "s", digits: int = 2) -> str:
    return (
        "/".join(f"{value * scale:.{digits}f}" for value in (min(values), statistics.median(values), max(values)))
        + f" {unit}"
    )


def _p95(values: Sequence[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18] if len(values) > 1 else values[0]


def _p99(values: Sequence[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98] if len(values) > 1 else values[0]


def _latency(responses: Sequence[Response]) -> tuple[str, float]:
    """The key → frame figures in words, and the 99th percentile of "frame complete" (seconds)."""
    first = [r.first * 1000 for r in responses]
    last = [r.last * 1000 for r in responses]
    p99 = _p99(last)
    text = (
        f"frame complete p50 {statistics.median(last):.1f} ms, p95 {_p95(last):.1f} ms, p99 {p99:.1f} ms, "
        f"max {max(last):.1f} ms; first byte p50 {statistics.median(first):.1f} ms, p95 {_p95(first):.1f} ms"
    )
    return text, p99 / 1000


def _pauses(collections: Sequence[Collection]) -> str:
    """The collector's pauses in words: how many, how many full, how many over `PAUSE_MARK` and over `SLOWEST_GOAL`."""
    full = [c for c in collections if c.generation == 2]
    longest = max(collections, key=lambda c: c.seconds, default=None)
    over = sum(c.seconds >= PAUSE_MARK for c in collections)
    stalls = sum(c.seconds > SLOWEST_GOAL for c in collections)
    text = (
        f"{len(full)} full collections (the longest {max((c.seconds for c in full), default=0.0) * 1000:.0f} ms), "
        f"{len(collections) - len(full)} younger ones over 5 ms; {over} over {PAUSE_MARK * 1000:g} ms, "
        f"{stalls} over {SLOWEST_GOAL * 1000:g} ms"
    )
    if longest is not None:
        text += f"; the longest {longest.seconds * 1000:.0f} ms (generation {longest.generation})"
    return text


def _bytes(responses: Sequence[Response]) -> tuple[str, bool]:
    sizes = [r.size for r in responses]
    still = [r.size for r in responses if not r.scrolled]
    scrolled = [r.size for r in responses if r.scrolled]
    over = sum(size > BYTES_GOAL for size in sizes)
    text = f"median {statistics.median(sizes):.0f}, max {max(sizes)}; {over} of {len(sizes)} over 2 KB"
    if still and scrolled:
        text += (
            f"; {len(still)} without a scroll: median {statistics.median(still):.0f}, max {max(still)}; "
            f"{len(scrolled)} scrolled the map: median {statistics.median(scrolled):.0f}"
        )
    met = statistics.median(sizes) <= BYTES_GOAL and all(s <= BYTES_GOAL for s in still)
    return text, met


def machine() -> str:
    model = ""
    with contextlib.suppress(OSError):
        found = re.search(r"^model name\s*:\s*(.+)$", Path("/proc/cpuinfo").read_text(), re.MULTILINE)
        model = f" {found.group(1)}" if found else ""
    ssh = shutil.which("ssh")
    version = ""
    if ssh is not None:
        import subprocess

        said = subprocess.run([ssh, "-V"], capture_output=True, text=True, check=False).stderr.strip()
        version = said.split(",")[0]
    return (
        f"{os.cpu_count()} cores{model}, {platform.system()} {platform.release()}, Python {platform.python_version()}, "
        f"Textual {textual.__version__}, asyncssh {asyncssh.__version__}, {version or 'no ssh'}"
    )


def report(figures: Figures) -> list[str]:
    """The figures as a table, a goal and a verdict beside each."""
    options = figures.options
    rows: list[tuple[str, str, str, str]] = []

    def row(what: str, measured: str, goal: str = "", met: bool | None = None) -> None:
        rows.append((what, measured, goal, "" if met is None else ("met" if met else "MISSED")))

    openssh, asyncssh_ = figures.title_openssh, figures.title_asyncssh
    if openssh:
        later = openssh[1:] or openssh
        row(
            "connect → title, OpenSSH ssh",
            f"min/median/max {_spread(later)} over {len(later)}; first after start {openssh[0]:.2f} s",
            f"≤ {TITLE_GOAL} s",
            max(openssh) <= TITLE_GOAL,
        )
    if asyncssh_:
        row(
            "connect → title, asyncssh",
            f"min/median/max {_spread(asyncssh_)} over {len(asyncssh_)}",
            f"≤ {TITLE_GOAL} s",
            max(asyncssh_) <= TITLE_GOAL,
        )
    row(
        "server RSS",
        f"idle {figures.rss_idle:.1f} MB; 1 session on the title {figures.rss_one_title:.1f} MB, "
        f"in a game {figures.rss_one_game:.1f} MB",
    )
    others = options.sessions - 1
    if others > 0:
        row(
            f"memory per extra session, title ({others})",
            f"{figures.per_session_title:.1f} MB (RSS {figures.rss_one_game:.1f} → {figures.rss_title:.1f} MB)",
            f"≤ {MEMORY_GOAL:g} MB",
            figures.per_session_title <= MEMORY_GOAL,
        )
        row(
            f"memory per extra session, game ({others})",
            f"{figures.per_session_game:.1f} MB (RSS → {figures.rss_game:.1f} MB; "
            f"{figures.rss_after:.1f} MB after the loaded walk)",
            f"≤ {MEMORY_GOAL:g} MB",
            figures.per_session_game <= MEMORY_GOAL,
        )
    if figures.alone:
        text, met = _bytes(figures.alone)
        row(
            "bytes per cursor move over SSH",
            f"{text}; the first move after the roll {figures.alone[0].size}",
            "≤ 2 KB",
            met,
        )
        text, p99 = _latency(figures.alone)
        cpu = 1000 * figures.cpu_alone / len(figures.alone)
        row(
            "key → frame, 1 session",
            f"{text}; server CPU {cpu:.1f} ms a key",
            f"p99 ≤ {LATENCY_GOAL * 1000:g} ms",
            p99 <= LATENCY_GOAL,
        )
    if figures.loaded:
        text, p99 = _latency(figures.loaded)
        row(
            f"key → frame, {options.sessions} sessions",
            text,
            f"p99 ≤ {LATENCY_GOAL * 1000:g} ms",
            p99 <= LATENCY_GOAL,
        )
        slow = [r for r in figures.loaded if r.last > LATENCY_GOAL]
        if slow:
            worst = max(slow, key=lambda r: r.last)
            text = (
                f"{len(slow)} of {len(figures.loaded)}; the slowest {worst.last * 1000:.0f} ms, "
                f"{worst.sent - figures.loaded[0].sent:.1f} s into the walk"
            )
        else:
            text = f"none of {len(figures.loaded)}"
        if options.trace_gc:
            during = sum(
                any(c.start < r.sent + r.last and r.sent < c.start + c.seconds for c in figures.collections)
                for r in slow
            )
            text += f"; {during} of them met a pause of the server's collector"
        row(f"keys over {LATENCY_GOAL * 1000:g} ms, {options.sessions} sessions", text)
        stalled = [r for r in figures.loaded if r.last > SLOWEST_GOAL]
        row(
            f"keys over {SLOWEST_GOAL * 1000:g} ms, {options.sessions} sessions",
            f"{len(stalled)} of {len(figures.loaded)}",
            "none",
            not stalled,
        )
        if options.trace_gc:
            collector = sum(figures.collector_cpu)
            share = 100 * collector / figures.cpu_loaded if figures.cpu_loaded else 0.0
            by_generation = " / ".join(f"{1000 * seconds:.0f}" for seconds in figures.collector_cpu)
            row(
                f"server collector, {options.sessions} sessions",
                f"{_pauses(figures.collections)}, in the {figures.load_seconds:.0f} s of the walk; its CPU "
                f"{collector:.2f} s, {share:.0f}% of the server's (generations 0 / 1 / 2: {by_generation} ms)",
            )
        if figures.leaving:
            text, _ = _latency(figures.leaving)
            stalled = [r for r in figures.leaving if r.last > SLOWEST_GOAL]
            text += f"; {len(stalled)} of {len(figures.leaving)} over {SLOWEST_GOAL * 1000:g} ms"
            if options.trace_gc:
                text += f"; the collector: {_pauses(figures.leaving_collections)}"
            row(f"key → frame while {min(options.leaving, others)} of them leave", text)
        seconds = figures.load_seconds or 1.0
        keys = figures.load_keys + len(figures.loaded)
        row(
            f"server while {options.sessions} played",
            f"{keys / seconds:.0f} keys/s in all, {100 * figures.cpu_loaded / seconds:.0f}% of a core, "
            f"{1000 * figures.cpu_loaded / keys:.1f} ms CPU a key, {figures.load_bytes / seconds / 1024:.0f} KB/s to "
            f"the scripted players",
        )
    width = max(len(r[0]) for r in rows)
    goal_width = max(len(r[2]) for r in rows)
    lines = [
        f"fragtui serve benchmark: {machine()}",
        f"load average (1 min) at the start {figures.load_before:.2f}, at the end {figures.load_after:.2f}",
        f"{options.size[0]}x{options.size[1]} terminals, {options.sessions} sessions, {options.keys} keys, "
        f"scripted players at {options.rate:g} keys/s each",
    ]
    lines += [
        f"{what:<{width}}  {goal:<{goal_width}}  {verdict:<6}  {measured}" for what, measured, goal, verdict in rows
    ]
    if figures.server_errors:
        lines.append(f"the server wrote to stderr: {figures.server_errors[-1000:]}")
    return lines


def _size(text: str) -> tuple[int, int]:
    columns, _, rows = text.partition("x")
    return int(columns), int(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.serve", description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20, help="sessions at once in the loaded run (default 20)")
    parser.add_argument("--keys", type=int, default=200, help="keys the observed player sends per run (default 200)")
    parser.add_argument("--title-runs", type=int, default=5, help="connections timed per client (default 5)")
    parser.add_argument("--rate", type=float, default=5.0, help="keys a second per scripted player (default 5)")
    parser.add_argument("--size", type=_size, default=(80, 24), help="terminal COLUMNSxROWS (default 80x24)")
    parser.add_argument(
        "--trace-gc",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="record the server's garbage-collector pauses (a hook in the server; on by default)",
    )
    parser.add_argument(
        "--leaving", type=int, default=4, help="scripted players who leave during a third walk (default 4; 0: none)"
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--board", type=_size, default=(0, 0), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        asyncio.run(worker(args.port, args.sessions, args.rate, args.size, args.board))
        return 0
    if args.sessions < 1 or args.keys < 1 or args.title_runs < 1 or args.rate <= 0:
        parser.error("--sessions, --keys and --title-runs must be at least 1, --rate above 0")
    options = Options(
        sessions=args.sessions,
        keys=args.keys,
        title_runs=args.title_runs,
        rate=args.rate,
        size=args.size,
        trace_gc=args.trace_gc,
        leaving=max(0, args.leaving),
    )
    figures = asyncio.run(measure(options))
    for line in report(figures):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
