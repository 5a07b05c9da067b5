"""What a served session renders for a partial update (fragtui/serve/partial.py) and the lines it makes
(fragtui/serve/strips.py): the same as Textual, with less work (issue 31, item 3).

Behaviour only: every partial update of a real session — the title's menu, the map browser, the way into a
hot-seat game, cursor moves over the map, scrolls included — is rendered both ways and compared, cut by cut,
on every row it sends; so is every update of the four sessions at a Real-Time Frag table (three players
choosing at once in dialogs over their boards, a spectator). That comparison renders Textual's after ours on
each update, which brings every widget's lines up to date whatever ours left: the table is also drawn by ours
alone, and each terminal compared at the end with its screen rendered from nothing. How much faster is the
benchmark's (`python -m fragtui.bench.serve`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from rich.console import Console
from rich.segment import Segment
from textual._compositor import ChopsUpdate, Compositor
from textual._context import visible_screen_stack
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from fragtui.bench import serve as bench
from fragtui.serve import partial, strips
from fragtui.serve.app import ServedApp
from fragtui.serve.driver import ClientTerminal
from fragtui.serve.tables import TableHub
from fragtui.serve.visitor import Visitor
from fragtui.tui.dialogs import ChoiceDialog
from tests.serve.test_ssh_real_time import NAMES, real_time_table


def test_row_runs() -> None:
    rows = [0, 1, 2, 5, 7, 8, 20]
    assert list(partial.row_runs(rows, 0, 24)) == [(0, 3), (5, 6), (7, 9), (20, 21)]
    assert list(partial.row_runs(rows, 2, 8)) == [(2, 3), (5, 6), (7, 8)]
    assert list(partial.row_runs(rows, 9, 20)) == []
    assert list(partial.row_runs([], 0, 24)) == []


def test_a_line_makes_its_caches_only_when_asked() -> None:
    """Textual's `Strip` keeps its seven caches in the slots `strips.CACHES` names (a Textual upgrade that
    changes them fails here); a new line has made none, and one that is cropped has made the crop's alone."""
    assert strips.LAZY
    assert {name for name in Strip.__slots__ if name.endswith("_cache") and name != "_render_cache"} == set(
        strips.CACHES
    )
    line = Strip([Segment("hello "), Segment("world")])
    assert strips.made_caches(line) == 0
    assert line.crop(1, 8).text == "ello wo"
    assert line.crop(1, 8) is line.crop(1, 8)  # the crop's cache answers the second time
    assert strips.made_caches(line) == 1
    assert [piece.text for piece in line.divide([3, 8, 11])] == ["hel", "lo wo", "rld"]
    assert strips.made_caches(line) == 2


class Session(bench.Client):
    """A served app on an in-process terminal, read as the benchmark's clients read theirs."""

    def __init__(
        self, size: tuple[int, int] = (80, 24), hub: TableHub | None = None, visitor: Visitor | None = None
    ) -> None:
        super().__init__(size)
        self.terminal = ClientTerminal(write=self._on_data, size=size)
        self.app = ServedApp(self.terminal, {"TERM": "xterm-256color"}, visitor, hub)

    def send(self, data: bytes) -> None:
        assert self.terminal.driver is not None
        self.terminal.driver.feed(data)

    async def shows(self, *marks: str) -> None:
        """Wait until the screen shows every one of `marks` (at once if it already does)."""
        if not all(mark in self.text() for mark in marks):
            await self.wait_for(*marks)

    def rendered_afresh(self) -> str:
        """The app's screen as a render from nothing draws it: every widget of every screen renders its content
        and every line again (its styles cache dropped), and the whole screen is rendered with the screens under
        it showing through, as Textual's update does (`visible_screen_stack`). Nothing is marked for repaint:
        what the terminal shows is left as the partial updates left it."""
        app = self.app
        with app._context():
            for screen in app.screen_stack:
                for widget in screen.walk_children(Widget, with_self=True):
                    widget._styles_cache.clear()
                    widget._dirty_regions.add(widget.outer_size.region)  # (`render_line` renders the content)
            visible_screen_stack.set(app._background_screens)
            return "\n".join(strip.text for strip in app.screen._compositor.render_strips())

    async def shows_what_is_there(self, within: float = 10.0) -> None:
        """The terminal shows the app's screen as a render from nothing draws it (`rendered_afresh`). Looked at
        once the output has paused, and again as more comes (or every second), for up to `within` seconds: on a
        loaded machine the app can still be at work when its output pauses (a footer recomposed after the
        screen's bindings changed), and what it then sends is part of what the terminal shows. A row a partial
        update left stale stays stale: nothing here asks for a repaint."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while True:
            await self.quiet()
            shown, fresh = self.text(), self.rendered_afresh()
            if shown == fresh or loop.time() > deadline:
                break
            await self._more_than(len(self.chunks), 1.0)
        assert shown == fresh


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, Screen[object]]]]:
    """Every partial update rendered by ours, then by Textual's on the same regions: the same bytes sent.
    Each update compared is listed: the number of spans it sent, and the screen it drew."""
    updates: list[tuple[int, Screen[object]]] = []
    compositor_console = Console(color_system="256", force_terminal=True, width=80, height=24)

    def both(compositor: Compositor) -> ChopsUpdate | None:
        regions = set(compositor._dirty_regions)
        ours = partial.render_partial_update(compositor)
        compositor._dirty_regions.update(regions)
        textual = partial.TEXTUAL_PARTIAL_UPDATE(compositor)
        assert (ours is None) == (textual is None)
        if ours is not None and textual is not None:
            assert ours.spans == textual.spans
            assert ours.render_segments(compositor_console) == textual.render_segments(compositor_console)
            assert isinstance(compositor.root, Screen)
            updates.append((len(ours.spans), compositor.root))
        return ours

    monkeypatch.setattr(Compositor, "render_partial_update", both)
    yield updates


async def test_partial_updates_send_what_textuals_send(compared: list[tuple[int, Screen[object]]]) -> None:
    session = Session()
    run = asyncio.create_task(session.app.run_async())
    try:
        await session.wait_for(*bench.TITLE_MARKS)
        await session.quiet()
        for key in (b"\x1b[B", b"\x1b[B", b"\x1b[A", b"m", b"\x1b[B", b"\x1b[B", b"\x1b"):  # the menu, the map browser
            await session.response(key)
            await session.quiet(bench.NAVIGATION_QUIET)
        await session.wait_for(*bench.TITLE_MARKS)
        board = bench.map_of(await bench.into_game(session))
        moves = len(compared)
        walked = await bench.walk(session, board, 40)  # checks each move took the cursor where it should
        assert len(compared) - moves >= 40
        assert any(move.scrolled for move in walked) or board[0] <= 20  # a scroll too, on a map wider than the view
    finally:
        session.app.exit()
        await run


TABLE_SIZE = (120, 40)
"""The SSH tests' terminals (tests/serve/test_ssh_tables.py): the table's status shows below the dialogs."""


@asynccontextmanager
async def at_a_real_time_table(
    data: Path, *, clock: bool, noted: Callable[[str], object] = lambda step: None
) -> AsyncIterator[list[Session]]:
    """test_ssh_real_time's game, in-process: Ann, Bob and Cat take their seats and a spectator watches; they
    place their fighters, the first Movement step is asked of all three at once (in a dialog over each board,
    with the segment clock counting down in its title when `clock`), Ann holds, then Bob, then Cat, and the
    Combat step is asked of all three. While a player's dialog is up his board shows through it (the dialog's
    screen draws the board's whole render, `BackgroundScreen`): another's choice changes the board behind
    it ("1 of 3 has chosen"), a partial update of the dialog's screen. The four sessions, still running;
    closed on the way out. `noted` is told "Ann holds" as she does, and "seen" once all four show it."""
    code = real_time_table(data).code
    hub = TableHub(data / "fragtui" / "saves", bot_pause=0, segment_seconds=3600 if clock else None)
    players = [Session(TABLE_SIZE, hub, Visitor(code)) for _ in NAMES]
    watcher = Session(TABLE_SIZE, hub, Visitor())
    sessions = [*players, watcher]
    runs: list[asyncio.Task[None]] = []
    try:
        for number, (player, name) in enumerate(zip(players, NAMES, strict=True), start=1):
            runs.append(asyncio.create_task(player.app.run_async()))
            await player.shows("Take which seat?", f"{number}. {name} — free")
            player.send(b"\r")
            await player.shows(f"Table {code}")
        runs.append(asyncio.create_task(watcher.app.run_async()))
        await watcher.shows("Watch a table")
        watcher.send(b"\x1b[B" * 3 + b"\r")  # New game, Host, Join, Watch
        await watcher.shows("Watch which table?")
        watcher.send(b"\r")
        await watcher.shows("You are watching this table")
        for player in players:
            await player.shows("Place your fighter")
            player.send(b"\r")
        for player in players:
            await player.shows("Segment 1/10", *(["s left to choose"] if clock else []))
        await watcher.shows("0 of 3 have chosen")
        ann, bob, cat = players
        noted("Ann holds")
        ann.send(b"\r")  # holds
        await ann.shows("Waiting: 1 of 3 has chosen; still choosing: Cat, Bob")
        await bob.shows("Choosing your moves for this segment: 1 of 3 has chosen")
        await cat.shows("Choosing your moves for this segment: 1 of 3 has chosen")
        await watcher.shows("Waiting: 1 of 3 has chosen")
        noted("seen")
        bob.send(b"\r")
        await cat.shows("Choosing your moves for this segment: 2 of 3 have chosen")
        cat.send(b"\r")
        for player in players:
            await player.shows("announce your attack")
        yield sessions
    finally:
        for session in sessions:
            session.app.exit()
        await asyncio.gather(*runs)


async def test_a_real_time_table_sends_what_textuals_sends(
    data: Path, compared: list[tuple[int, Screen[object]]]
) -> None:
    """Every partial update of the four sessions is Textual's, the dialogs' over the boards included: Bob's and
    Cat's are drawn again when Ann's choice changes the boards behind them."""
    at: dict[str, int] = {}
    async with at_a_real_time_table(data, clock=True, noted=lambda step: at.setdefault(step, len(compared))):
        behind = compared[at["Ann holds"] : at["seen"]]
        assert any(isinstance(screen, ChoiceDialog) for _, screen in behind), "a dialog over a changed board"


async def test_a_table_drawn_by_the_replacement_alone_shows_what_is_there(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawn by ours alone (nothing repairs what a partial update leaves behind, as Textual's render does in
    the comparison), every terminal ends showing its screen as a render from nothing draws it. (No segment
    clock here: its countdown would change a title between the last update and the render.)"""
    monkeypatch.setattr(Compositor, "render_partial_update", partial.render_partial_update)
    async with at_a_real_time_table(data, clock=False) as sessions:
        for session in sessions:
            await session.shows_what_is_there()


def test_the_replacement_is_installed_only_over_the_textual_it_mirrors() -> None:
    """The tests run the pinned Textual (8.2), so the served process uses the replacement; another Textual
    (pyproject allows any 8.x) keeps its own partial update (`partial.REPLACES`)."""
    from importlib.metadata import version

    assert partial.MIRRORS is version("textual").startswith("8.2.")
    installed = partial.REPLACES and partial.MIRRORS
    assert (Compositor.render_partial_update is partial.render_partial_update) is installed
