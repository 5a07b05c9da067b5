"""At a hosted table a computer that thinks long (the strong bot, issue 34) thinks in a thread, off the server's event
loop, and every connection reads "Cpu (computer) is thinking… 40 %" meanwhile; a person's screen still answers keys.

No test here depends on the clock: the computer waits for the test to let it finish (`HeldStrongBot`)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from fragtui.saves.looks import default_look
from fragtui.serve.tables import TableChange, TableHub
from fragtui.tui.dialogs import ChoiceDialog, HelpScreen
from tests.serve.test_table_screens import config, join, running, served, settle, table_screen
from tests.tui.test_thinking import HeldStrongBot


async def test_everyone_at_a_hosted_table_sees_the_computer_think_and_the_screen_answers_keys(tmp_path: Path) -> None:
    hub = TableHub(tmp_path, bot_pause=0)
    looks = [default_look(0), default_look(1).model_copy(update={"computer": True})]
    hosted = hub.host(config(["Ann", "Cpu"]), 7, looks)
    held = HeldStrongBot()
    hosted.table.bots[1] = held
    told: list[TableChange] = []

    class Watcher:
        def table_changed(self, change: TableChange) -> None:
            told.append(change)

    hosted.watch(Watcher())  # a spectator is told too
    app = served(hub, "ann")
    game = hosted.table.game
    async with running(app) as (pilot,):
        await join(pilot, hosted.code)
        for _ in range(400):  # Ann plays until the computer must decide (she places first, or it does)
            await settle(pilot)
            if held.thinking.is_set():
                break
            if game.decider() == 0:
                if isinstance(app.screen, ChoiceDialog):
                    await pilot.press("enter")
                else:
                    await pilot.press("r", "e", "e")
        assert held.thinking.is_set(), "the computer never had to decide"
        screen = table_screen(app)
        thinking = "Cpu (computer) is thinking… 40 %"
        # The table tells every connection at once, then every quarter second (`THINKING_EVERY`), while it thinks.
        # Its first words go out as the thread starts, before the bot has said how far it is ("Cpu (computer) is
        # thinking…"): wait for the words that carry its 40 %, told at the next quarter second.
        for _ in range(400):
            await pilot.pause(0.01)
            line = screen.query_one("#thinking", Static)
            if line.display and str(line.render()) == thinking:
                break
        assert line.display and str(line.render()) == thinking
        assert thinking in [change.thinking for change in told]
        await pilot.press("question_mark")  # the server's loop is free: Ann's screen answers her key
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        count = len(game.log)
        held.go.set()
        await hosted.settled()
        await settle(pilot)
        assert len(game.log) > count and any(entry.seat == 1 for entry in game.log[count:])
        assert not table_screen(app).query_one("#thinking", Static).display, "the words go with its move"
    assert held.threads and held.threads[0] != "MainThread", "it decided off the event loop's thread"
