"""Nothing a player needs is cut, at 80x24 and 120x40, and what scrolls shows that it scrolls (issue 13).

Each test reads what the terminal shows (the composed screen as text) or a widget's own geometry:
a line that does not fit wraps, a part taller than its room has a scrollbar, the map takes only the
columns its board needs, and a dialog about squares on the map leaves the map uncovered.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console
from textual.app import App
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList, Static

from fragtui.content.library import new_game
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.design import FighterDesign
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog, HelpScreen, help_renderable
from fragtui.tui.frag.help import HELP_TEXT
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.replay_screen import REPLAY_HELP
from tests.conftest import game_from
from tests.tui.test_game_screen import DUEL, visible_text

SMALL, WIDE = (80, 24), (120, 40)
SIZES = pytest.mark.parametrize("size", [SMALL, WIDE], ids=["80x24", "120x40"])

CARDS = """
    # Ann holds five cards and a shotgun: three of them can be played now, with long rules texts.
    map = "pocket"
    seed = 3
    [[fighter]]
    name = "Ann"
    at = "2,3"
    hand = ["ammo-belt", "dodge", "medpack", "heavy-armor", "sniper-scope"]
    weapons = [{ card = "shotgun", ammo = 1 }]
    [[fighter]]
    name = "Bob"
    at = "2,9"
    [[fighter]]
    name = "Cat"
    at = "4,7"
    """


def flat(text: str) -> str:
    """Text with every run of whitespace made one space: a wrapped line reads as the line it was."""
    return re.sub(r"\s+", " ", text).strip()


def shown_in(app: App[Any], widget: Widget) -> str:
    """What the terminal shows inside a widget's content region, its wrapped lines joined."""
    region = widget.content_region
    rows = visible_text(app).splitlines()[region.y : region.bottom]
    return flat(" ".join(row[region.x : region.right] for row in rows))


def scrolls_visibly_or_fits(widget: Widget) -> bool:
    """Whether everything in the widget is on screen, or it scrolls and shows a scrollbar saying so."""
    return widget.max_scroll_y == 0 or widget.show_vertical_scrollbar


@SIZES
async def test_the_top_bar_says_the_frag_target_in_full(size: tuple[int, int]) -> None:
    app = FragApp(Table(game_from(DUEL)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter", "r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        line = screen.query_one("#turn-line", Static)
        assert "first to 2 frags" in shown_in(app, line)
        assert "a: attack · e: end turn" in shown_in(app, screen.query_one("#square-line")), "the hint's end too"


@SIZES
async def test_attack_rows_show_the_frag_chance_and_the_map_stays_uncovered(size: tuple[int, int]) -> None:
    app = FragApp(Table(game_from(DUEL)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter", "r", "a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        options = dialog.query_one(OptionList)
        shown = shown_in(app, options)
        prompts = [flat(str(option.prompt)) for option in options.options]
        assert len(prompts) == 2 and all(re.search(r"frag \d+%$", p) for p in prompts), prompts
        for prompt in prompts:
            assert prompt in shown, f"cut: {prompt!r} not in {shown!r}"
        detail = flat(str(dialog.query_one("#choice-detail", Static).render()))
        assert detail.endswith("before any reaction card.") and detail in shown_in(
            app, dialog.query_one("#choice-detail")
        )
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        box = dialog.query_one("Vertical")
        assert not box.region.overlaps(game.map.region), "the attack dialog sits beside the map, over the side panel"


@SIZES
async def test_the_card_dialog_shows_every_card_text_whole(size: tuple[int, int]) -> None:
    app = FragApp(Table(game_from(CARDS)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter", "r", "c")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        options = dialog.query_one(OptionList)
        assert options.option_count == 3
        assert dialog.query_one("Vertical").region.right <= size[0]
        shown = shown_in(app, options)
        for option in options.options:
            assert flat(str(option.prompt)) in shown, f"cut: {option.prompt!r}"


@SIZES
async def test_a_long_hand_is_whole_or_scrolls_with_a_scrollbar_and_the_map_leaves_no_empty_band(
    size: tuple[int, int],
) -> None:
    app = FragApp(Table(game_from(CARDS)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter", "r")
        if size == SMALL:
            await pilot.press("tab")  # the hand's group of the side panel
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        box = screen.query_one("#hand-box", VerticalScroll)
        assert scrolls_visibly_or_fits(box)
        if box.max_scroll_y == 0:
            for name in ("Ammo Belt", "Dodge", "Medpack", "Heavy Armor", "Sniper Scope"):
                assert name in shown_in(app, box)
        side = screen.query_one("#side")
        assert scrolls_visibly_or_fits(side)
        board_columns = 2 * screen.game.board.width + 1
        assert screen.map.region.width <= board_columns + 2, "the map takes the columns its board needs"
        assert side.region.x == screen.map.region.right and side.region.right == size[0], "the side panel the rest"
        if size == WIDE:
            assert box.max_scroll_y == 0, "at 120x40 five cards fit"


@SIZES
async def test_the_placement_dialog_covers_no_respawn_point(size: tuple[int, int]) -> None:
    seats = tuple(
        Seat(name=n, fighter=FighterDesign(health=3, speed=2, accuracy=2)) for n in ["Ann", "Bob", "Cat", "Dan"]
    )
    app = FragApp(Table(new_game(GameConfig(map="foundry", seats=seats), 7)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        box = dialog.query_one("Vertical")
        for n in range(dialog.query_one(OptionList).option_count):
            if n:
                await pilot.press("down")
                await pilot.pause()
            x, y = game.map.cursor
            point = game.game.board.respawn_points[n + 1]
            assert (x, y) == (point.x, point.y)
            scroll_x, scroll_y = game.map.scroll_offset
            cell = (
                game.map.content_region.x + 2 * x + 1 - int(scroll_x),
                game.map.content_region.y + 2 * y + 1 - int(scroll_y),
            )
            assert game.map.content_region.contains(*cell), f"respawn point {n + 1} is scrolled into view"
            assert not box.region.contains(*cell), f"the dialog covers respawn point {n + 1}"


def _help_lines(text: str, width: int) -> list[str]:
    console = Console(width=width, file=None, color_system=None, record=True, legacy_windows=False)
    with console.capture() as capture:
        console.print(help_renderable(text))
    return capture.get().splitlines()


@pytest.mark.parametrize("text", [HELP_TEXT, REPLAY_HELP], ids=["game", "replay"])
@pytest.mark.parametrize("width", [74, 96])
def test_help_text_wraps_in_its_columns_never_into_column_0(text: str, width: int) -> None:
    """Every line is a heading, indented, or part of a paragraph written from column 0; no word is lost."""
    lines = _help_lines(text, width)
    source = [re.sub(r"\[/?b\]", "", line) for line in text.splitlines()]
    headings = {line.strip() for line in source if line and not line.startswith(" ")}
    unindented = {word for line in source if line and not line.startswith(" ") for word in line.split()}
    for line in lines:
        assert len(line) <= width
        if line.strip() and not line.startswith("  ") and line.strip() not in headings:
            assert line.split()[0] in unindented, f"wrapped into column 0: {line!r}"
    words = flat(re.sub(r"\[/?b\]", "", text)).split()
    shown = flat(" ".join(lines)).split()
    assert sorted(words) == sorted(shown), "no word lost"
    key_rows = [line for line in lines if line.startswith("  d ")]
    if text is HELP_TEXT:
        assert key_rows and "drop a weapon or gadget" in key_rows[0], "the second key of a line gets a row of its own"


@SIZES
async def test_the_help_scrolls_with_a_scrollbar_when_it_is_taller_than_the_screen(size: tuple[int, int]) -> None:
    app = FragApp(Table(game_from(DUEL)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one(VerticalScroll)
        assert scrolls_visibly_or_fits(box)
        if size == SMALL:
            assert box.max_scroll_y > 0 and box.show_vertical_scrollbar
            await pilot.press("end")
            await pilot.pause()
        assert "Reaction cards are played when hit." in shown_in(app, box)


@SIZES
async def test_the_replay_lines_are_whole(size: tuple[int, int]) -> None:
    """The replay's top line (speed, eyes, turn, phase, movement) and its action line, at any step."""
    from fragtui.saves.replay import Replay
    from fragtui.tui.replay_screen import ReplayScreen
    from tests.tui.test_replay_screen import LOOKS, finished_game, save_of

    app = FragApp(replay=Replay(save_of(finished_game(), looks=LOOKS)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        long_seen = False
        for key in ["down"] * 8 + ["right"] * 6 + ["end"]:
            await pilot.press(key)
            await pilot.pause()
            for line_id in ("#replay-line", "#action-line"):
                line = screen.query_one(line_id, Static)
                whole = flat(str(line.render()))
                long_seen |= len(whole) > size[0] - 2
                assert whole in shown_in(app, line), f"cut: {whole!r}"
        assert long_seen or size == WIDE, "a line longer than the screen was tried"
