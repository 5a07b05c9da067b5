"""The bars above and under the map are never cut: they take the rows their words need (issue 30, item 11).

At 120 columns the square line under the map of a Frag Deadlands turn read "… (twice to go) · a:", the
rest cut off; at 80 columns more of it went. Each bar is checked as the terminal shows it: every word
of the bar's text is on screen, in its rows, in Frag, Frag Deadlands, Ruthless and the replay.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Static

from fragtui.bots import BotWindow, make_bot
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.rulesets import find_ruleset
from fragtui.saves.format import save_of
from fragtui.saves.looks import default_look
from fragtui.saves.replay import Replay
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.replay_screen import ReplayScreen
from fragtui.tui.ruthless.screen import RuthlessScreen
from tests.conftest import game_from
from tests.tui.test_game_screen import visible_text
from tests.tui.test_side_panel_log import DESERT

SIZES = pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])


def bar_is_whole(app: App[Any], bar: Static) -> None:
    """Every word of the bar's text is on screen in the bar's rows, in order."""
    rows = visible_text(app).split("\n")[bar.region.y : bar.region.bottom]
    shown = " ".join(row.strip() for row in rows).split()
    said = str(bar.render()).split()
    assert shown == said, f"the bar shows {shown}, its text is {said}"


@SIZES
async def test_the_square_line_of_a_deadlands_turn_is_whole(size: tuple[int, int]) -> None:
    table = Table(game_from(DESERT), [default_look(n) for n in range(4)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        bar = screen.query_one("#square-line", Static)
        assert "e: end turn" in str(bar.render()), "the keys' reminder fits: it is shown"
        bar_is_whole(app, bar)
        bar_is_whole(app, screen.query_one("#turn-line", Static))


@SIZES
async def test_the_ruthless_square_line_is_whole(size: tuple[int, int]) -> None:
    rng = random.Random(3)
    config = make_config(ruleset="ruthless", map="main-street", seats=find_ruleset("ruthless").random_seats(rng, 3))
    game = new_game(config, 5)
    bots = [make_bot("heuristic", seat) for seat in range(3)]
    while (public := game.view(None)).phase != "activation" or public.decision is not None:
        seat = game.decider()
        assert seat is not None
        game.apply(bots[seat].decide(BotWindow(game, seat)))
    app = FragApp(Table(game))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-off to the posse that acts
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RuthlessScreen), screen
        model = screen.models(screen.view())[screen.selected or 0]
        assert model.square is not None
        screen.map.move_cursor_to((model.square.x, model.square.y))  # his name, the keys' reminder
        await pilot.pause()
        bar = screen.query_one("#square-line", Static)
        assert model.card.name in str(bar.render())
        bar_is_whole(app, bar)
        bar_is_whole(app, screen.query_one("#turn-line", Static))


@SIZES
async def test_the_replays_bars_are_whole(size: tuple[int, int]) -> None:
    game = new_game(
        make_config(
            map="desert", ruleset="deadlands", seats=find_ruleset("deadlands").random_seats(random.Random(2), 4)
        ),
        9,
    )
    bots = [make_bot("heuristic", seat) for seat in range(4)]
    for _ in range(60):
        seat = game.decider()
        assert seat is not None
        game.apply(bots[seat].decide(BotWindow(game, seat)))
    app = FragApp(replay=Replay(save_of(game)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        bar_is_whole(app, screen.query_one("#replay-line", Static))
        bar_is_whole(app, screen.query_one("#action-line", Static))
