"""Snapshots of Real-Time Frag on Frag's game screen (issue 33): Ann's Movement step in segment 3, the three
computers' orders in (fixed seed, fixed size): the segment clock on the turn line, the orders with their costs in
the dialog beside the map, the facings beside the fighters. Accept a deliberate change with `--snapshot-update`
after looking at the new picture."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.realtime.decisions import MovementOrders
from fragtui.saves.format import SeatLook
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog
from fragtui.tui.game_log import GameLog

SEED = 5
DESIGN = {"health": 3, "speed": 2, "accuracy": 2}


@pytest.fixture(autouse=True)
def _empty_saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))


def _at_anns_movement(segment: int) -> Table:
    """Ann (a person) and three computers on the Pocket Arena, every question before it answered with the first legal
    action, up to Ann's Movement step of `segment`, the computers' orders in."""
    names = ["Ann", "Bob", "Cat", "Dan"]
    seats = [{"name": name, "fighter": DESIGN} for name in names]
    game: Game = new_game(make_config(map="pocket", frag_target=3, seats=seats, options={"real-time": True}), SEED)
    for _ in range(5000):
        top = game.state.pending[-1] if game.state.pending else None
        rt = game.rules.state.realtime  # type: ignore[attr-defined]
        if isinstance(top, MovementOrders) and rt is not None and rt.segment >= segment and game.deciders() == (0,):
            break
        deciders = game.deciders()
        seat = next((s for s in deciders if s != 0), deciders[0])
        game.apply(game.legal_actions(seat)[0], seat)
    else:
        raise AssertionError("Ann's Movement step never came")
    looks = [
        SeatLook(colour=c, glyph=n[0], computer=s > 0)
        for s, (n, c) in enumerate(zip(names, ["red", "blue", "green", "yellow"], strict=True))
    ]
    return Table(game, looks=looks)


def test_real_time_movement_step_at_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(_at_anns_movement(3)), terminal_size=(120, 40))


def test_real_time_movement_step_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(_at_anns_movement(3)), terminal_size=(80, 24))


async def test_the_log_under_the_question_is_drawn_after_a_batch_of_updates() -> None:
    """The game screen shows under the question beside the map: a change to it made while a batch of updates is
    open (as the dialog's footer opens one rebuilding its keys, `Widget.recompose`) is drawn once the batch is over.

    Textual's screen skips its drawing while a batch is open, and the batch's end wakes the app, not the screens:
    the log's scroll to its last line, taken by the game screen in such a batch, stayed undrawn, and the snapshots
    above caught the log's first lines about 1 run in 3 (`FragApp.batch_update` wakes every screen on view)."""
    app = FragApp(_at_anns_movement(3))
    first_line = "Ann draws Sniper Rifle (dealt at set-up)"
    async with app.run_test(size=(120, 40)) as pilot:
        game = next(screen for screen in app.screen_stack if screen.query("#log"))
        log = game.query_one("#log", GameLog)
        for _ in range(500):  # the question up, the log scrolled to its end and drawn so under it
            await pilot.pause(0.01)
            at_end = log.scroll_offset.y == log.max_scroll_y > 0
            if isinstance(app.screen, ChoiceDialog) and at_end and first_line not in _shown(app):
                break
        assert isinstance(app.screen, ChoiceDialog) and first_line not in _shown(app)
        with app.batch_update():
            log.scroll_home(animate=False, immediate=True)
            for _ in range(500):  # until the game screen has taken the change and holds it back for the batch
                await asyncio.sleep(0.01)
                if log in game._dirty_widgets and game._message_queue.empty():
                    break
            assert log in game._dirty_widgets
        for _ in range(100):  # the game screen draws it in its next frame, then the question over it
            await pilot.pause(0.01)
            if first_line in _shown(app):
                break
        assert first_line in _shown(app), "the log's scroll, made in the batch, is drawn under the question"


def _shown(app: FragApp) -> str:
    """The words on the app's screen now, as a snapshot takes them (the screen on top over those it shows under it;
    a space is `&#160;` in the picture)."""
    return app.export_screenshot().replace("&#160;", " ")
