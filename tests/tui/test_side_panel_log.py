"""The log beside the map is always on screen (or a key away) and wraps to its width (issue 30, items 1 and 4).

Item 1: Frag Deadlands on the desert, Ann holding four long cards on her turn at 120x40: the side panel
ended under her hand and the log lay below the screen, Tab doing nothing at that width. Item 4: a log
written at 120 columns and read at 80 was cut at the new edge ("Dan opens a shootout on Bob wit").
"""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from fragtui.bots import BotWindow, make_bot
from fragtui.content.library import new_game
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.rulesets import find_ruleset
from fragtui.saves.looks import default_look
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.game_log import GameLog
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.ruthless.screen import RuthlessScreen
from tests.conftest import game_from
from tests.tui.test_game_screen import visible_text

DESERT = """
ruleset = "deadlands"
map = "desert"
phase = "action"
movement = 6
[[fighter]]
name = "Ann"
character = "agency-operative"
at = "3,8"
hand = ["revolver", "derringer", "snake-oil", "laudanum"]
[[fighter]]
name = "Bob"
character = "huckster"
at = "3,12"
[[fighter]]
name = "Cat"
character = "indian-brave"
at = "14,14"
[[fighter]]
name = "Dan"
character = "saloon-gal"
at = "10,10"
"""
"""Ann (the Agency Operative, a hand limit of 4 and a long sheet) to move, holding four cards of long texts."""


def rows(log: GameLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


def words(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


async def _walked(app: FragApp, pilot: Pilot[None]) -> tuple[GameScreen, GameLog]:
    """Ann walks her six squares (a line each in the log): the screen and its log."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    far = Square(2, 3)  # north, clear of the beast's tentacles
    assert screen.routes[far].cost == 6
    screen.map.move_cursor_to((far.x, far.y))
    await pilot.press("enter", "enter")  # the path shown, then walked
    await pilot.pause()
    assert screen.game.state.players[0].square == far
    return screen, screen.query_one("#log", GameLog)


async def test_the_logs_last_lines_show_beside_a_long_deadlands_hand_at_120x40() -> None:
    table = Table(game_from(DESERT), [default_look(n) for n in range(4)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, log = await _walked(app, pilot)
        assert not screen.query_one("#side").has_class("narrow"), "120 columns show every part at once"
        side = screen.query_one("#side").region
        assert log.region.height >= 6 and side.y <= log.region.y and log.region.bottom <= side.bottom
        shown = visible_text(app)
        last = rows(log)[-1]
        assert "steps" in last and last in shown, "the log's last line is on screen"
        assert "Your hand (4)" in shown


async def test_the_log_wraps_again_when_the_terminal_narrows_and_widens() -> None:
    table = Table(game_from(DESERT), [default_look(n) for n in range(4)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        _, log = await _walked(app, pilot)
        written = rows(log)
        assert len(written) >= 6 and all("movement left)" in line for line in written)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("tab", "tab")  # the log's group of the side panel
        await pilot.pause()
        assert log.display
        width = log.scrollable_content_region.width
        assert all(len(row) <= width for row in rows(log)), f"a row cut at {width} columns: {rows(log)}"
        assert words(rows(log)) == words(written), "every word of every line, in order"
        assert len(rows(log)) > len(written), "the lines were wrapped to the narrower log"
        shown = visible_text(app)
        assert rows(log)[-1] in shown
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert rows(log) == written, "back at 120 columns, one row a line again"


class _LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


async def test_a_line_written_while_the_log_is_hidden_is_wrapped_to_its_width_when_shown() -> None:
    """On a small screen the log is one group of the side panel: lines written while another group shows
    were wrapped at the log's least width (20 columns) and stayed so."""
    app = _LogApp()
    async with app.run_test(size=(80, 10)) as pilot:
        log = app.query_one(GameLog)
        await pilot.pause()
        log.display = False
        await pilot.pause()
        line = "Dan opens a shootout on Bob with his held attack"
        log.write(Text(line))
        log.display = True
        await pilot.pause()
        assert rows(log) == [line]


async def test_a_line_is_wrapped_at_the_logs_width_whatever_the_console_of_the_process() -> None:
    """Textual's console takes its width from the terminal the process started in (or `COLUMNS`): a
    recording made in a 25-column terminal wrapped the log at 25 columns, so the same save gave other
    bytes in another process (S-SAVE-01's cast)."""
    app = _LogApp()
    async with app.run_test(size=(80, 10)) as pilot:
        app.console.size = (25, 10)
        log = app.query_one(GameLog)
        await pilot.pause()
        line = "Cat steps e to 2,2 (2 movement left), and then a few more words"
        log.write(Text(line))
        await pilot.pause()
        assert rows(log) == [line], f"wrapped at the console's 25 columns: {rows(log)}"


async def test_lines_written_before_the_log_has_a_size_are_kept_once() -> None:
    """`RichLog` holds back what is written before its first size and writes it again through `write`:
    kept twice, every line came back doubled when the log was wrapped again."""

    class Early(App[None]):
        def compose(self) -> ComposeResult:
            log = GameLog(id="log")
            log.write(Text("Ann draws a weapon card (dealt at set-up)"))
            log.write(Text("Bob draws a weapon card (dealt at set-up)"))
            yield log

    app = Early()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        log = app.query_one(GameLog)
        assert len(log._kept) == 2
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        both = ["Ann draws a weapon card (dealt at set-up)", "Bob draws a weapon card (dealt at set-up)"]
        assert words(rows(log)) == words(both)


async def test_the_ruthless_log_keeps_its_lines_on_a_short_wide_screen() -> None:
    """Ruthless, three posses, at 120x30: the roster and the hand leave the log its lines."""
    rng = random.Random(3)
    config = make_config(ruleset="ruthless", map="main-street", seats=find_ruleset("ruthless").random_seats(rng, 3))
    game = new_game(config, 5)
    bots = [make_bot("heuristic", seat) for seat in range(3)]
    for _ in range(12):
        seat = game.decider()
        assert seat is not None
        game.apply(bots[seat].decide(BotWindow(game, seat)))
    app = FragApp(Table(game))
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, RuthlessScreen))
        log = screen.query_one("#log", GameLog)
        side = screen.query_one("#side").region
        assert log.region.height >= 6 and log.region.bottom <= side.bottom
