"""The game's log: complete after a resume, and after every action however fast the keys come (Pilot).

Issue 13, interface items 1 and 2: a resumed game showed only the set-up's lines, and Enter, Enter
through a reaction hand-off left the defence, damage and loss out of the attacker's log (a second
Enter dismissed the dialog twice, and Textual popped the screen under it).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual import events

from fragtui.bots import BotWindow, make_bot
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.events import CommonEventKind, Event, event_kind
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.game import Game
from fragtui.saves.loading import load_game
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.pieces import _EVENT_STYLES, event_line, history
from tests.conftest import game_from
from tests.tui.test_game_screen import DUEL, TURN_ONE_WOUND, WIDE, Keys, game_screen, log_text


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No test writes into the real saves folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(folder))
    return folder


def told(events: list[Event], viewer: int | None) -> str:
    return " ".join(event_line(event, viewer).plain for event in events)


def played_game(actions: int) -> tuple[Game, list[Event]]:
    """A real four-seat game, `actions` of its players' choices into it (heuristic bots, playing at a table,
    which passes for whoever has nothing to play and says so), and every event it told."""
    config = make_config(
        map="pocket",
        frag_target=3,
        seats=[{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in ("Ann", "Bob", "Cat", "Dan")],
    )
    game = new_game(config, 7)
    table = Table(game)
    told_events = list(game.opening)
    bots = [make_bot("heuristic", seat) for seat in range(4)]
    for _ in range(actions):
        seat = game.decider()
        assert seat is not None
        told_events += table.act(bots[seat].decide(BotWindow(game, seat)))
    return game, told_events


def test_the_history_of_a_game_is_every_event_it_told() -> None:
    game, told_events = played_game(120)
    assert any(e.text.endswith("who has nothing to play") for e in told_events)  # passes the table made
    assert [e.model_dump() for e in history(game)] == [e.model_dump() for e in told_events]


def test_the_logs_styles_name_registered_kinds() -> None:
    """The log's styles name a system's kinds by their values (issue 32): each is a kind some system registered."""
    assert all(event_kind(kind) == kind for kind in _EVENT_STYLES)
    assert event_line(Event(kind=FragEventKind.FRAGGED, text="Ann frags Bob"), None).style == "bold red"


async def test_a_resumed_game_shows_the_whole_games_log(tmp_path: Path) -> None:
    """Item 1: the log after a load holds every action's lines, not only the set-up's."""
    game, told_events = played_game(120)
    assert any(e.kind is CommonEventKind.HIT for e in told_events)  # a game with fights in it
    path = tmp_path / "g.json"
    Table(game, save_path=path).save()
    resumed = load_game(path)
    app = FragApp(Table(resumed, save_path=path))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-off to whoever decides
        await pilot.pause()
        screen = game_screen(app)
        assert [e.model_dump() for e in screen.events] == [e.model_dump() for e in told_events]
        shown = log_text(app)
        expected = told(told_events, screen.viewer)
        assert " ".join(shown.split()) == " ".join(expected.split())


async def press_fast(app: FragApp, keys: list[str], ticks: int) -> None:
    """Send keys as a fast typist would: `ticks` turns of the event loop apart, not waiting for the screen."""
    assert app._driver is not None
    for key in keys:
        app._driver.send_message(events.Key(key, "\r" if key == "enter" else key))
        for _ in range(ticks):
            await asyncio.sleep(0)


@pytest.mark.parametrize("ticks", [0, 1, 2, 3, 5, 8, 30])
async def test_enter_enter_through_a_reaction_hand_off_keeps_the_log_complete(ticks: int) -> None:
    """Item 2: whatever the key speed, the game never loses a screen, and the log holds every event."""
    game = game_from(DUEL)
    game.play(TURN_ONE_WOUND[:4])  # Ann rolled and walked: she may attack Bob or Cat
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        await keys.press("a")
        await keys.choose("Attack Cat")
        # Cat's hand-off, her Pass, Ann's hand-off, and then some: all typed ahead.
        await press_fast(app, ["enter"] * 8, ticks)
        await pilot.pause(0.2)
        screen = game_screen(app)
        assert screen in app.screen_stack  # never popped by an Enter meant for a dialog
        for _ in range(6):  # finish whatever the fast keys left: each screen still answers
            if game.state.pending or game.decider() != screen.viewer:
                await keys.press("enter")
        assert [str(e.action) for e in game.log][4:6] == ["attack 2 pistol", "pass"]
        assert screen.viewer == 0 and app.screen is screen
        engine_events = history(game)
        assert [e.model_dump() for e in screen.events] == [e.model_dump() for e in engine_events]
        shown = " ".join(log_text(app).split())
        assert shown == " ".join(told(engine_events, 0).split())
        assert "Cat loses 1 Health to Ann's Pistol" in shown
