"""What the first cursor move after rolling for movement costs on the wire, at 256 colours: under 2 KB, like any move.

At 80 columns the roll makes the turn line wrap to two lines, and the layout that follows shrinks the map by a row.
Textual then left the map marked for a whole repaint that the layout had already painted, and the next cursor move
paid for it: 11.6 KB (the map and its scrollbar redrawn) instead of 0.6 KB. MapView._size_updated says why.

Same method as test_map_bytes.py: the app is rendered for real by fragtui.bench.ui's recording driver and the bytes
of each key's frames are counted, which is deterministic. Sending less must not mean drawing less: the terminal's
picture after the roll and the moves (the recorded bytes played through pyte) is checked against the screen painted
whole.
"""

from __future__ import annotations

import pyte
import pytest
from textual import events

from fragtui.bench.ui import BYTES_GOAL, FrameRecorder, Host, colour_system, map_scroll, recording_driver, walk_host
from fragtui.content.library import new_game
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.actions import Place
from fragtui.engine.frag.design import FighterDesign
from fragtui.table import Table
from fragtui.tui.app import FragApp

KEYS = ["r", "right", "down"]
"""Roll for movement, then step the cursor off the active fighter, right and down (the fighter stands near the
map's top left, in view at both sizes: neither move scrolls)."""


def unrolled_game() -> FragApp:
    """The game screen on Foundry, four fighters placed, the first player about to roll for movement."""
    design = FighterDesign(health=2, speed=4, accuracy=1)
    seats = tuple(Seat(name=name, fighter=design) for name in ("Ann", "Bob", "Cat", "Dan"))
    game = new_game(GameConfig(map="foundry", seats=seats), 1)
    while game.state.pending:
        game.apply(next(action for action in game.legal_actions() if isinstance(action, Place)))
    table = Table(game)
    table.unlock(game.state.turn.active)
    return FragApp(table)


@pytest.mark.parametrize("size", [(160, 50), (80, 24)], ids=["160x50", "80x24"])
async def test_the_first_cursor_move_after_the_roll_sends_under_2_kb(size: tuple[int, int]) -> None:
    host = Host(label="roll, then move", make=unrolled_game, walk=lambda n: KEYS[:n], view=map_scroll)
    run = await walk_host(host, size, len(KEYS), colours="256")
    _roll, first, second = run.moves
    assert not first.scrolled and not second.scrolled, "the moves should not scroll the map"
    assert first.bytes < BYTES_GOAL, f"the first cursor move after the roll sent {first.bytes} bytes"
    assert second.bytes < BYTES_GOAL, f"the second cursor move after the roll sent {second.bytes} bytes"


def played(size: tuple[int, int], text: str, screen: pyte.Screen | None = None) -> pyte.Screen:
    """A terminal of `size` (or `screen`) after being sent `text`."""
    screen = screen if screen is not None else pyte.Screen(*size)
    pyte.Stream(screen).feed(text)
    return screen


@pytest.mark.parametrize("size", [(160, 50), (80, 24)], ids=["160x50", "80x24"])
async def test_after_the_roll_and_the_moves_the_terminal_shows_a_fresh_repaint(size: tuple[int, int]) -> None:
    """The bytes saved were redundant: what the terminal shows after the roll and the moves is, cell for cell
    (character, colours, attributes), what the screen looks like when every widget is drawn again from scratch."""
    recorder = FrameRecorder()
    with colour_system("256"):
        app = unrolled_game()
    app.driver_class = recording_driver(recorder)
    async with app.run_test(headless=False, size=size):
        await recorder.quiet()
        assert recorder.driver is not None
        terminal = played(size, "".join(frame.text for frame in recorder.frames))
        for key in KEYS:
            recorder.driver.send_message(events.Key(key, None))
            played(size, "".join(frame.text for frame in await recorder.response()), terminal)
        for widget in [app.screen, *app.screen.walk_children()]:
            widget.refresh()  # every widget drawn afresh, no cached line kept: what the terminal should show
        fresh = played(size, "".join(frame.text for frame in await recorder.response()))
    wrong = [(x, y) for y in range(size[1]) for x in range(size[0]) if terminal.buffer[y][x] != fresh.buffer[y][x]]
    assert not wrong, f"{len(wrong)} cells differ from a fresh repaint, the first at (x, y) = {wrong[0]}"
