"""Interface benchmark: key-to-frame latency, bytes per cursor move, and launch time. Prints figures, asserts nothing.

Run: `python -m fragtui.bench.ui [--moves N] [--quick]`. docs/performance.md ("Interface") explains the method.

Why a driver of our own: under `App.run_test()` Textual uses its headless driver, and `App._display` skips
rendering altogether when the driver is headless, so a headless run never turns the screen into terminal output.
`recording_driver()` makes a driver that says it is *not* headless but writes into memory: the app then composes,
renders its strips and encodes the escape sequences exactly as it would for a terminal, and we timestamp the frame
when Textual flushes it (`_display` calls `driver.flush()` right after writing a frame, before `post_display_hook`).

The app under test is a `Host`: a factory for the app plus the keys that walk it. `map_host()` is the stand-in used
until the game screen exists (a `MapView` of the largest map filling the screen beside a 30-column side panel);
`minimal_host()` is the yardstick measured the same way in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import textual.constants
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.driver import Driver
from textual.drivers.headless_driver import HeadlessDriver
from textual.widgets import Static

from fragtui.content.maps import load_named_map, map_names
from fragtui.engine.board import Board
from fragtui.engine.frag.state import frag_state
from fragtui.tui.glyphs import board_glyphs, legend
from fragtui.tui.map_view import MapView

SIZES: tuple[tuple[int, int], ...] = ((160, 50), (80, 24))
"""The terminal sizes of the issue: a large terminal and the classic 80×24."""

FRAME_PERIOD = 1 / textual.constants.MAX_FPS
"""Textual paints from a timer of this period. A key arriving less than about two periods after the previous frame
waits for the timer's next tick, so the walk lets the app fall quiet for longer than that between keys: what we
measure is the work a key costs, not where it fell on the 60 Hz grid (which is the same for every Textual app)."""

QUIET = 2.5 * FRAME_PERIOD
"""How long no frame must be written before a key's response counts as complete."""

SETTLE_LIMIT = 5.0
"""The longest a key's response (or the start) is waited for while the app still has drawing to do (`unsettled`):
past it the app counts as drawn, so an animation that never settles cannot hang the bench."""

KEY_TIMEOUT = 2.0
"""A key that draws nothing within this many seconds did not move anything: the walk is wrong, so we stop."""

LATENCY_GOAL = 0.005
"""The issue's goals for a cursor move: a median under 5 ms from the key to the frame, and at most twice what the
minimal app takes measured the same way in the same run."""
LATENCY_RATIO_GOAL = 2.0

BYTES_GOAL = 2048
"""The issue's goal for the bytes one cursor move sends to the terminal, at 256 colours."""

SIDE_PANEL_WIDTH = 30
"""The game screen will keep about this many columns beside the map for the players and the log."""


@dataclass
class Frame:
    """What one `App._display` wrote, and when Textual flushed it (`time.perf_counter()`)."""

    at: float
    text: str

    @property
    def bytes(self) -> int:
        """The size on the wire: the real drivers encode as UTF-8. Computed on demand, outside the timed path."""
        return len(self.text.encode("utf-8"))


class FrameRecorder:
    """Collects the frames a `recording_driver()` is given, so the bench can wait for them and measure them."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []
        self.driver: Driver | None = None
        self._pending: list[str] = []
        self._flushed = asyncio.Event()

    def write(self, data: str) -> None:
        self._pending.append(data)

    def flush(self) -> None:
        """End of a frame: the timestamp is taken first, so that nothing the bench does is inside the measurement."""
        at = time.perf_counter()
        if self._pending:
            self.frames.append(Frame(at, "".join(self._pending)))
            self._pending.clear()
            self._flushed.set()

    async def quiet(self, quiet: float = QUIET, limit: float = SETTLE_LIMIT) -> None:
        """Wait until no frame has been written for `quiet` seconds and the app has no drawing left to do.

        The silence alone is not enough on a busy machine: an app the scheduler leaves waiting between two frames
        of one response falls silent with part of it still to draw, and that part was counted as the next key's
        (the roll's last repaint came with the first cursor move after it, 7.5 KB, in a loaded test run). So the
        wait goes on while the app is `unsettled()`, for at most `limit` seconds in all.
        """
        deadline = time.perf_counter() + limit
        while True:
            self._flushed.clear()
            try:
                await asyncio.wait_for(self._flushed.wait(), quiet)
            except TimeoutError:
                app = self.driver._app if self.driver is not None else None
                if app is None or not unsettled(app) or time.perf_counter() >= deadline:
                    return

    async def response(self, quiet: float = QUIET, timeout: float = KEY_TIMEOUT) -> list[Frame]:
        """The frames written from now on: wait for the first, then until the app falls quiet.

        Call it right after posting the key, without awaiting anything in between: the app cannot draw before the
        bench yields to the event loop, so every frame from here on is the key's.
        """
        start = len(self.frames)
        self._flushed.clear()
        try:
            await asyncio.wait_for(self._flushed.wait(), timeout)
        except TimeoutError:
            raise RuntimeError(f"nothing was drawn within {timeout} s of a key: did the key change anything?") from None
        await self.quiet(quiet)
        return self.frames[start:]


def unsettled(app: App[Any]) -> bool:
    """Whether `app` has drawing still to do: a batch of updates open, the top screen with a layout, scroll, repaint
    or recompose pending or widgets marked dirty (what its `_on_idle` checks before it paints: only the top screen
    paints, so a screen under it may stay marked for good), or a message waiting in the queue of the app, the top
    screen or a widget on it. Textual's own attributes: read only."""
    screen = app.screen
    if (
        app._batch_count
        or screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
    ):
        return True
    return any(not node._message_queue.empty() for node in (app, screen, *screen.walk_children()))


def recording_driver(recorder: FrameRecorder) -> type[Driver]:
    """A driver class that renders like a terminal's but hands every frame to `recorder` instead of a tty.

    It is the headless driver (no terminal, size given by `run_test(size=...)`) except that it reports
    `is_headless = False`, which is what makes `App._display` render the screen update to escape sequences.
    A class per recorder, because Textual builds the driver itself from `App.driver_class`.
    """

    class RecordingDriver(HeadlessDriver):
        def __init__(self, app: App[Any], **kwargs: Any) -> None:
            super().__init__(app, **kwargs)
            recorder.driver = self

        @property
        def is_headless(self) -> bool:
            return False

        def write(self, data: str) -> None:
            recorder.write(data)

        def flush(self) -> None:
            recorder.flush()

    return RecordingDriver


@contextmanager
def colour_system(name: str) -> Iterator[None]:
    """Apps built inside this block render with `name` colours ("256", "truecolor", ...).

    Textual reads TEXTUAL_COLOR_SYSTEM once, into `textual.constants`, when it is imported, and each `App` builds its
    console from that constant when it is constructed; so setting the constant around the construction is the same
    as starting the process with TEXTUAL_COLOR_SYSTEM=name, without depending on the terminal the bench runs in.
    """
    setting = "COLOR_SYSTEM"  # a variable, not a literal: the constant is Final to type checkers
    previous = getattr(textual.constants, setting)
    setattr(textual.constants, setting, name)
    try:
        yield
    finally:
        setattr(textual.constants, setting, previous)


def _no_view(app: App[Any]) -> Hashable:
    return None


@dataclass(frozen=True)
class Host:
    """An app to measure: `make()` builds it, already showing what the keys act on; `walk(n)` gives n keys that
    each visibly change the screen (a key that draws nothing stops the bench rather than skewing its figures).

    `view(app)` reads whatever a move can change that makes Textual repaint a whole widget (for a map: its scroll
    offset), so that the figures can tell the moves that scrolled from those that did not: a scrolled widget is
    always redrawn in full (Textual does not use the terminal's scrolling regions), whatever the widget does.
    """

    label: str
    make: Callable[[], App[Any]]
    walk: Callable[[int], list[str]]
    view: Callable[[App[Any]], Hashable] = _no_view


@dataclass
class Move:
    """One key's response: latencies from posting the key to the first and to the last frame, in seconds."""

    first: float
    last: float
    frames: int
    bytes: int
    scrolled: bool


@dataclass
class Run:
    """A host walked at one terminal size."""

    host: Host
    size: tuple[int, int]
    moves: list[Move] = field(default_factory=list)


def largest_map() -> str:
    """The map with the most squares; among equals, the one whose picture changes style most often along its rows
    (the heavier to render and to send: that is Desert over Foundry, both 28×28)."""

    def weight(name: str) -> tuple[int, int]:
        board = load_named_map(name)
        rows = board_glyphs(board)
        runs = sum(1 + sum(a[1] != b[1] for a, b in itertools.pairwise(row)) for row in rows)
        return board.width * board.height, runs

    return max(map_names(), key=weight)


def zigzag(width: int, height: int, moves: int, start: tuple[int, int] = (0, 0)) -> list[str]:
    """Arrow keys for a cursor bouncing diagonally across a width×height board, one step across then one down, and
    turning back at the edges, so that every key moves the cursor and the walk reaches all four sides (at 80×24
    that scrolls the map both ways)."""
    return list(itertools.islice(zigzag_keys(width, height, start), moves))


def zigzag_keys(width: int, height: int, start: tuple[int, int] = (0, 0)) -> Iterator[str]:
    """The keys of `zigzag`, without end, made as they are taken: a walk that lasts as long as someone plays.

    Why not `zigzag` with a large count: the serve bench's scripted players each asked for a million keys at once,
    and making nineteen such lists held their process for 3 s as they began to play; they then sent the keys they
    owed in one burst (175 in 0.2 s), which the observed player's next key met (docs/performance.md)."""
    if width < 2 or height < 2:
        raise ValueError("the walk needs a board at least 2×2")
    (x, y), (dx, dy) = start, (1, 1)
    while True:
        if not 0 <= x + dx < width:
            dx = -dx
        x += dx
        yield "right" if dx > 0 else "left"
        if not 0 <= y + dy < height:
            dy = -dy
        y += dy
        yield "down" if dy > 0 else "up"


class MapHostApp(App[None]):
    """The stand-in for the game screen: the map filling the screen, focused, beside an optional side panel.

    The panel holds the legend and does not change as the cursor moves, so the figures are the map's own.
    """

    CSS = f"""
    #map {{ width: 1fr; height: 1fr; }}
    #side {{ width: {SIDE_PANEL_WIDTH}; height: 1fr; padding: 0 1; background: $panel; }}
    """

    def __init__(self, board: Board, *, side_panel: bool = True) -> None:
        super().__init__()
        self.board = board
        self.side_panel = side_panel

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield MapView(self.board, id="map")
            if self.side_panel:
                text = "\n".join(f"{glyph:<4} {what}" for (glyph, _role), what in legend(self.board))
                yield Static(f"{self.board.name}\n\n{text}", id="side")

    def on_mount(self) -> None:
        self.query_one(MapView).focus()


def map_scroll(app: App[Any]) -> Hashable:
    """The scroll offset of the screen's map: what makes a cursor move a full repaint of the map."""
    return tuple(app.screen.query_one(MapView).scroll_offset)


def map_host(name: str, *, side_panel: bool = True) -> Host:
    """The default host: `MapHostApp` on the named map, walked by `zigzag()` from the cursor's start (0, 0)."""
    board = load_named_map(name)
    return Host(
        label=f"map cursor move, {board.name}",
        make=lambda: MapHostApp(board, side_panel=side_panel),
        walk=lambda n: zigzag(board.width, board.height, n),
        view=map_scroll,
    )


class MinimalApp(App[None]):
    """The yardstick: a counter in a `Static`, bumped by the same arrow keys. Whatever it costs is Textual's floor."""

    BINDINGS = [Binding("up,down,left,right,h,j,k,l", "bump", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("0", id="counter")

    def action_bump(self) -> None:
        self.count += 1
        self.query_one("#counter", Static).update(str(self.count))


def minimal_host(walk: Callable[[int], list[str]]) -> Host:
    """The minimal app, given the keys of the host it is compared with."""
    return Host(label="minimal app", make=MinimalApp, walk=walk)


async def walk_hosts(hosts: Sequence[Host], size: tuple[int, int], moves: int, colours: str = "256") -> list[Run]:
    """Start every host at `size` with a recording driver and wait for its first full paint; then post `moves` keys
    to each, taking turns key by key, the way the terminal driver does (`Driver.send_message`), each key after the
    app has fallen quiet. Taking turns is what makes the comparison fair on a shared machine: whatever else runs
    slows all the hosts alike. While one app answers, the others are idle (their paint timers parked), not busy."""
    runs = [Run(host, size) for host in hosts]
    async with AsyncExitStack() as stack:
        sessions = []
        for host in hosts:
            recorder = FrameRecorder()
            with colour_system(colours):
                app = host.make()
            if app.console.color_system != colours:
                raise RuntimeError(f"the app renders with {app.console.color_system} colours, not {colours}")
            app.driver_class = recording_driver(recorder)
            await stack.enter_async_context(app.run_test(headless=False, size=size))
            await recorder.quiet()
            if not recorder.frames or recorder.driver is None:
                raise RuntimeError(f"{host.label}: the app drew nothing on start")
            sessions.append((app, recorder, recorder.driver, iter(host.walk(moves)), [host.view(app)]))
        for _ in range(moves):
            for run, (app, recorder, driver, keys, view) in zip(runs, sessions, strict=True):
                since = time.perf_counter()
                driver.send_message(events.Key(next(keys), None))
                frames = await recorder.response()
                view.append(run.host.view(app))
                run.moves.append(
                    Move(
                        first=frames[0].at - since,
                        last=frames[-1].at - since,
                        frames=len(frames),
                        bytes=sum(frame.bytes for frame in frames),
                        scrolled=view[-1] != view[-2],
                    )
                )
    return runs


async def walk_host(host: Host, size: tuple[int, int], moves: int, colours: str = "256") -> Run:
    """One host walked alone (see `walk_hosts()`)."""
    (run,) = await walk_hosts([host], size, moves, colours)
    return run


def _p90(values: Sequence[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[8] if len(values) > 1 else values[0]


def latency_line(run: Run, yardstick: Run) -> str:
    """One line: the latency to the first frame after the key (the frame that shows the move)."""
    ms = [move.first * 1000 for move in run.moves]
    base = statistics.median(move.first * 1000 for move in yardstick.moves)
    median = statistics.median(ms)
    width, height = run.size
    met = median < LATENCY_GOAL * 1000 and median <= LATENCY_RATIO_GOAL * base
    line = (
        f"{run.host.label} {width}x{height}: median {median:.1f} ms, p90 {_p90(ms):.1f} ms, max {max(ms):.1f} ms; "
        f"minimal app median {base:.1f} ms ({median / base:.1f}x)"
    )
    extra = [move for move in run.moves if move.frames > 1]
    if extra:
        last = statistics.median(move.last * 1000 for move in run.moves)
        line += f"; {len(extra)} moves drew more than one frame, median to the last {last:.1f} ms"
    return line + ("" if met else " [goal not met]")


def bytes_line(run: Run, yardstick: Run) -> str:
    """One line: bytes written per key at 256 colours; then apart, the moves that scrolled the view and the rest."""
    sizes = [move.bytes for move in run.moves]
    still = [move.bytes for move in run.moves if not move.scrolled]
    scrolled = [move.bytes for move in run.moves if move.scrolled]
    over = sum(size >= BYTES_GOAL for size in sizes)
    width, height = run.size
    base = statistics.median(move.bytes for move in yardstick.moves)
    line = (
        f"bytes per cursor move at 256 colours, {width}x{height}: median {statistics.median(sizes):.0f}, "
        f"max {max(sizes)}; {over} of {len(sizes)} moves at {BYTES_GOAL} or more"
    )
    if still and scrolled:
        line += (
            f"; {len(still)} moves without scrolling: median {statistics.median(still):.0f}, max {max(still)}; "
            f"{len(scrolled)} that scrolled the map: median {statistics.median(scrolled):.0f}"
        )
    met = statistics.median(sizes) < BYTES_GOAL and not [size for size in still if size >= BYTES_GOAL]
    return line + f" (minimal app median {base:.0f})" + ("" if met else " [goal not met]")


LAUNCH_CHILD = """
import json, sys, time
started = time.perf_counter()
QUIET, LIMIT, WHICH = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
if WHICH == "fragtui":
    import fragtui.cli
    import fragtui.tui.app
    from fragtui.tui.app import FragApp as Launched, TitleScreen as Drawn
else:
    from textual.app import App
    from textual.screen import Screen as Drawn
    from textual.widgets import Static

    class Launched(App):
        def compose(self):
            yield Static("fragtui")
imported = time.perf_counter()
from textual.drivers.headless_driver import HeadlessDriver

written = []
frames = []
cpu = []
timer = []

class RecordingDriver(HeadlessDriver):
    is_headless = property(lambda self: False)
    def write(self, data):
        written.append(data)
    def flush(self):
        pass

def post_display_hook(app):
    now = time.perf_counter()
    if written and isinstance(app.screen, Drawn):
        frames.append(now)
        cpu.append(time.process_time())
        if timer:
            timer.pop().stop()
        if now - frames[0] < LIMIT:
            timer.append(app.set_timer(QUIET, app.exit))
        else:
            app.exit()
    written.clear()

Launched.get_driver_class = lambda self: RecordingDriver
Launched.post_display_hook = post_display_hook
if WHICH == "fragtui":
    status = fragtui.cli.main([])
else:
    Launched().run()
    status = 0
print(json.dumps({"started": started, "imported": imported, "frames": frames, "cpu": cpu, "status": status}))
"""
"""Run by `python -c`, with `fragtui` or `minimal` as its third argument. For `fragtui`: the genuine start-up path
(`fragtui.cli.main([])` with no command, as `python -m fragtui` does), except that FragApp gets a driver that renders
into memory (there may be no terminal) and exits once the title screen has stopped changing: no frame for QUIET
seconds. Textual draws the title screen in a few frames (the header, the footer, then the whole screen, then the
footer's bindings again), so "drawn" is the last frame of that burst, not the first, which may hold only the header.
For `minimal`: the yardstick, a bare Textual app (one `Static`) timed the same way. The terminal size comes from
COLUMNS and LINES, which the headless driver's size detection (`shutil.get_terminal_size`) reads. With each frame it
records the CPU time the process has used (`time.process_time()`, every thread, from the interpreter's start).
A script, not this module, so that the child imports no more than the game does."""

LAUNCH_SIZES: tuple[tuple[int, int], ...] = ((120, 40), (80, 24))
"""The sizes the launch is timed at: the issue's 120×40, and the classic 80×24."""

LAUNCH_GOAL = 0.4
"""The issue's goal: the title drawn within 0.4 s of starting the process, at 120×40, for a new player."""

LAUNCH_QUIET = 0.25
"""The title screen counts as drawn when no frame has followed for this long (seconds)."""

LAUNCH_LIMIT = 5.0
"""A title screen still changing this long after its first frame is animating: the launch run fails."""


@dataclass
class Launch:
    """One launch, in seconds from the parent starting the process: `time.perf_counter()` is CLOCK_MONOTONIC on
    Linux (and system-wide on macOS and Windows too), so the parent's and the child's readings compare directly."""

    python: float
    imports: float
    first: float
    drawn: float
    cpu: float = 0.0
    """CPU seconds the process had used when the title was drawn: what the launch costs, whatever else the machine
    runs (a busy machine stretches the other figures, not much this one)."""


def launch_once(size: tuple[int, int], bytecode: str, data: str, which: str = "fragtui") -> Launch:
    """Start a fresh interpreter running `LAUNCH_CHILD` for `which` ("fragtui" or "minimal") and read its timestamps.

    Compiled bytecode goes to the folder `bytecode` (PYTHONPYCACHEPREFIX), even where PYTHONDONTWRITEBYTECODE is
    set, so that after a first run the launches import as an installed fragtui does (pip compiles at install), and
    the work tree is left without __pycache__ folders. The game's data folder is `data` (FRAGTUI_DATA_DIR): the
    caller chooses what is saved there (nothing, for a new player).
    """
    width, height = size
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(
        COLUMNS=str(width),
        LINES=str(height),
        TEXTUAL_COLOR_SYSTEM="256",
        PYTHONPYCACHEPREFIX=bytecode,
        FRAGTUI_DATA_DIR=data,
    )
    command = [sys.executable, "-c", LAUNCH_CHILD, str(LAUNCH_QUIET), str(LAUNCH_LIMIT), which]
    spawned = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False, timeout=60)
    if result.returncode != 0 or not result.stdout.strip():
        raise RuntimeError(f"the launch run failed ({result.returncode}): {result.stderr.strip()[-2000:]}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    frames = report["frames"]
    if not frames or report["status"] != 0:
        raise RuntimeError(f"the title screen was never drawn: {report}")
    if frames[-1] - frames[0] >= LAUNCH_LIMIT:
        raise RuntimeError(f"the title screen was still changing {LAUNCH_LIMIT} s after its first frame")
    python = report["started"] - spawned
    if not 0 <= python < 60:
        raise RuntimeError("time.perf_counter() is not shared between processes here; cannot time the launch")
    return Launch(
        python=python,
        imports=report["imported"] - report["started"],
        first=frames[0] - spawned,
        drawn=frames[-1] - spawned,
        cpu=report["cpu"][-1],
    )


def _ms(values: Sequence[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f} ms"


def launch_line(
    size: tuple[int, int],
    runs: int,
    bytecode: str,
    data: str,
    who: str = "a new player",
    before: Callable[[], None] | None = None,
) -> str:
    """One line: launch to the title screen drawn, median of `runs`, beside the minimal Textual app launched the same
    way in the same run, the two taking turns (so whatever else the machine does slows both alike); one warm-up
    launch of each first, to compile the bytecode. `data` is the data folder the game starts with, `who` says
    whose it is (a new player's is empty); `before`, if given, is called before each launch of the game (to put the
    data folder back as it was)."""
    for which in ("fragtui", "minimal"):
        if before is not None and which == "fragtui":
            before()
        launch_once(size, bytecode, data, which)
    launches, minimal = [], []
    for _ in range(runs):
        if before is not None:
            before()
        launches.append(launch_once(size, bytecode, data))
        minimal.append(launch_once(size, bytecode, data, "minimal"))
    width, height = size
    drawn = statistics.median(x.drawn for x in launches)
    met = drawn <= LAUNCH_GOAL or size != LAUNCH_SIZES[0]
    return (
        f"launch to title screen drawn, {width}x{height}, {who}: median {_ms([x.drawn for x in launches])} over "
        f"{runs} runs (interpreter start {_ms([x.python for x in launches])}, "
        f"import fragtui.tui.app {_ms([x.imports for x in launches])}, "
        f"first frame of the title screen {_ms([x.first for x in launches])}, "
        f"CPU time {_ms([x.cpu for x in launches])}); "
        f"minimal Textual app median {_ms([x.drawn for x in minimal])} "
        f"(import {_ms([x.imports for x in minimal])}, first frame {_ms([x.first for x in minimal])}, "
        f"CPU time {_ms([x.cpu for x in minimal])})"
        + ("" if met else f" [goal of {LAUNCH_GOAL * 1000:.0f} ms not met]")
    )


def returning_players_data(folder: str) -> str:
    """A data folder holding one unfinished game, as a player who has played before has: saved as the table saves
    it, so noted in the saves folder's index (fragtui/saves/index.py), from which the title offers "Resume"
    without reading the save. `forget_the_index` makes it a save the index does not know (written by a version
    before the index): the title then reads it, and so imports the saves' models and the engine."""
    from fragtui.content.library import new_game
    from fragtui.engine.config import GameConfig, Seat
    from fragtui.engine.frag.actions import Place
    from fragtui.engine.frag.design import FighterDesign
    from fragtui.saves.format import save_of
    from fragtui.saves.store import note_save, saves_dir, write_save

    design = FighterDesign(health=3, speed=2, accuracy=2)
    seats = tuple(Seat(name=name, fighter=design) for name in ("Ann", "Bob", "Cat", "Dan"))
    game = new_game(GameConfig(map="foundry", seats=seats), 1)
    while game.state.pending:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    previous = os.environ.get("FRAGTUI_DATA_DIR")
    os.environ["FRAGTUI_DATA_DIR"] = folder
    try:
        save, path = save_of(game), saves_dir() / "returning.json"
        write_save(save, path)
        note_save(save, path)
    finally:
        if previous is None:
            del os.environ["FRAGTUI_DATA_DIR"]
        else:
            os.environ["FRAGTUI_DATA_DIR"] = previous
    return folder


def forget_the_index(folder: str) -> None:
    """Remove the saves folder's index from the data folder `folder` (see `returning_players_data`)."""
    from fragtui.saves.index import INDEX_NAME

    Path(folder, "saves", INDEX_NAME).unlink(missing_ok=True)


def game_host(name: str) -> Host:
    """The real game screen on the named map: four players placed, the first has rolled for movement, so each
    cursor move also redraws the proposed path and the square's description, as in play."""
    from fragtui.content.library import new_game
    from fragtui.engine.config import GameConfig, Seat
    from fragtui.engine.frag.actions import Place, RollMovement
    from fragtui.engine.frag.design import FighterDesign
    from fragtui.table import Table
    from fragtui.tui.app import FragApp

    board = load_named_map(name)
    design = FighterDesign(health=2, speed=4, accuracy=1)
    seats = tuple(Seat(name=n, fighter=design) for n in ("Ann", "Bob", "Cat", "Dan"))

    def table() -> Table:
        game = new_game(GameConfig(map=name, seats=seats), 1)
        while game.state.pending:
            game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
        game.apply(RollMovement())
        made = Table(game)
        made.unlock(game.state.turn.active)
        return made

    first = table().game
    square = frag_state(first.state).players[first.state.turn.active].square
    assert square is not None
    return Host(
        label=f"game screen cursor move, {board.name}",
        make=lambda: FragApp(table()),
        walk=lambda n: zigzag(board.width, board.height, n, start=(square.x, square.y)),
        view=map_scroll,
    )


HOSTS: dict[str, Callable[[str], Host]] = {"map": map_host, "game": game_host}
"""The apps the bench can measure, by name, each made for a map's name: `--host NAME`: the map alone beside a
side panel, or the whole game screen in the middle of a turn."""


async def _interface(moves: int, sizes: Sequence[tuple[int, int]], host: Host) -> list[str]:
    """Walk `host` and the minimal app at each size, side by side (see `walk_hosts()`)."""
    yardstick = minimal_host(host.walk)
    lines = []
    for size in sizes:
        run, base = await walk_hosts([host, yardstick], size, moves)
        lines += [latency_line(run, base), bytes_line(run, base)]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.ui", description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="cursor moves per scenario (default 200; 0 to skip)")
    parser.add_argument("--quick", action="store_true", help="40 moves and 2 launches: a smoke run, not figures")
    parser.add_argument("--map", default=None, help="the map to walk (default: the largest)")
    parser.add_argument("--host", choices=sorted(HOSTS), default="map", help="the app to measure (default map)")
    parser.add_argument("--launches", type=int, default=5, help="launches to time (default 5; 0 to skip)")
    args = parser.parse_args(argv)
    moves = 40 if args.quick else args.moves
    launches = min(2, args.launches) if args.quick else args.launches
    if moves < 0 or launches < 0:
        parser.error("--moves and --launches must be at least 0")
    name = args.map or largest_map()
    print(f"Textual {textual.__version__}, Python {sys.version.split()[0]}, {moves} moves, map {name}", flush=True)
    if moves:
        for line in asyncio.run(_interface(moves, SIZES, HOSTS[args.host](name))):
            print(line, flush=True)
    if not launches:
        return 0
    with tempfile.TemporaryDirectory(prefix="fragtui-bench-launch-") as scratch:
        bytecode, new, returning = (os.path.join(scratch, name) for name in ("pycache", "new", "returning"))
        for size in LAUNCH_SIZES:
            print(launch_line(size, launches, bytecode, new), flush=True)
        returning_players_data(returning)
        print(launch_line(LAUNCH_SIZES[0], launches, bytecode, returning, "one unfinished game saved"), flush=True)
        unknown = "one unfinished game saved that the saves' index does not know (saved before it, read in full)"
        print(
            launch_line(LAUNCH_SIZES[0], launches, bytecode, returning, unknown, lambda: forget_the_index(returning)),
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
