"""What a served session renders for a partial update (fragtui/serve/partial.py) and the lines it makes
(fragtui/serve/strips.py): the same as Textual, with less work (issue 31, item 3).

Behaviour only: every partial update of a real session — the title's menu, the map browser, the way into a
hot-seat game, cursor moves over the map, scrolls included — is rendered both ways and compared, cut by cut,
on every row it sends. How much faster is the benchmark's (`python -m fragtui.bench.serve`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from rich.console import Console
from rich.segment import Segment
from textual._compositor import ChopsUpdate, Compositor
from textual.strip import Strip

from fragtui.bench import serve as bench
from fragtui.serve import partial, strips
from fragtui.serve.app import ServedApp
from fragtui.serve.driver import ClientTerminal


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

    def __init__(self) -> None:
        super().__init__((80, 24))
        self.terminal = ClientTerminal(write=self._on_data, size=(80, 24))
        self.app = ServedApp(self.terminal, {"TERM": "xterm-256color"})

    def send(self, data: bytes) -> None:
        assert self.terminal.driver is not None
        self.terminal.driver.feed(data)


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every partial update rendered by ours, then by Textual's on the same regions: the same bytes sent."""
    updates: list[int] = []
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
            updates.append(len(ours.spans))
        return ours

    monkeypatch.setattr(Compositor, "render_partial_update", both)
    yield updates


async def test_partial_updates_send_what_textuals_send(compared: list[int]) -> None:
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


def test_the_replacement_is_installed_only_over_the_textual_it_mirrors() -> None:
    """The tests run the pinned Textual (8.2), so the served process uses the replacement; another Textual
    (pyproject allows any 8.x) keeps its own partial update (`partial.REPLACES`)."""
    from importlib.metadata import version

    assert partial.MIRRORS is version("textual").startswith("8.2.")
    installed = partial.REPLACES and partial.MIRRORS
    assert (Compositor.render_partial_update is partial.render_partial_update) is installed
