"""A computer that thinks long (the strong bot, issue 34) thinks in a worker thread at the hot-seat table: the table
reads "Cat (computer) is thinking… 40 %" meanwhile, and the screen still answers keys (the help opens and closes).

No test here depends on the clock: the computer waits for the test to let it finish, and says how far it has got."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.widgets import Static

from fragtui.bots import BotWindow, thinking_words, thinks
from fragtui.bots.strong import StrongBot
from fragtui.engine.actions import Action
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import HelpScreen
from fragtui.tui.game_screen import GameScreen
from tests.tui.test_bot_seats import WIDE, table_of
from tests.tui.test_game_screen import game_screen


class HeldStrongBot(StrongBot):
    """A strong bot that, at its first decision, says it is 40 % through and waits for the test to let it go on."""

    def __init__(self) -> None:
        super().__init__(1, worlds=2)
        self.go = threading.Event()
        self.thinking = threading.Event()
        self.threads: list[str] = []

    def decide(self, window: BotWindow) -> Action:
        self.threads.append(threading.current_thread().name)
        if not self.go.is_set():
            self.progress = 0.4
            self.thinking.set()
            assert self.go.wait(timeout=60), "the test never let the computer finish"
        return super().decide(window)


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(GameScreen, "bot_pause", 0.001)
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


def test_the_words_say_who_thinks_and_how_far() -> None:
    bot = StrongBot(1)
    assert thinks(bot) and not thinks(object())
    assert thinking_words("Cat", bot) == "Cat (computer) is thinking…"
    bot.progress = 0.4
    assert thinking_words("Cat", bot) == "Cat (computer) is thinking… 40 %"


async def test_a_strong_computer_thinks_off_the_screen_which_still_answers_keys() -> None:
    table = table_of({0, 1, 2})
    game = table.game
    seat = game.decider()
    assert seat is not None and seat in table.bots
    held = HeldStrongBot()
    table.bots[seat] = held
    name = table.name(seat)
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        for _ in range(500):
            await pilot.pause(0.01)
            line = game_screen(app).query_one("#thinking", Static)
            if held.thinking.is_set() and line.display and "40 %" in str(line.render()):
                break
        line = game_screen(app).query_one("#thinking", Static)
        assert line.display
        assert str(line.render()) == f"{name} (computer) is thinking… 40 %"
        assert len(game.log) == 0, "it is still thinking"
        await pilot.press("question_mark")  # the screen answers a key while the computer thinks
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        held.go.set()
        for _ in range(1000):
            if game.log:
                break
            await pilot.pause(0.01)
        assert game.log and game.log[0].seat == seat, "its decision was played once it was thought out"
        screen = game_screen(app)
        for _ in range(3000):  # on to the person's decision (seat 3): nobody thinks then
            if game.decider() == 3 and screen._thinking is None and screen._bot_timer is None:
                break
            await pilot.pause(0.01)
        assert game.decider() == 3
        assert not screen.query_one("#thinking", Static).display, "the words go once it has thought"
    assert held.threads[0] != threading.main_thread().name, "it decided in a worker thread"
