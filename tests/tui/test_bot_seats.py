"""Computer players at the table: they play their seats with a visible pause, never through a hand-off,
and a person's hand stays hidden from the others while they play (hot-seat rules of `Table`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.saves.format import SeatLook
from fragtui.saves.loading import load_game
from fragtui.saves.store import read_save
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog, HandoffScreen
from fragtui.tui.frag.game_over import GameOverScreen
from fragtui.tui.game_screen import GameScreen
from tests.tui.test_game_screen import Keys, game_screen, visible_text

WIDE = (120, 40)
NAMES = ("Ann", "Bob", "Cat", "Dan")
COLOURS = ("bright_red", "cyan", "green", "yellow")


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The pause between a computer's actions is for people; tests need only its order of events."""
    monkeypatch.setattr(GameScreen, "bot_pause", 0.001)
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


def table_of(computers: set[int], seed: int = 3, frag_target: int = 1, save: Path | None = None) -> Table:
    config = make_config(
        map="pocket",
        frag_target=frag_target,
        seats=[{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in NAMES],
    )
    looks = [
        SeatLook(colour=colour, glyph=glyph, computer=seat in computers)
        for seat, (colour, glyph) in enumerate(zip(COLOURS, "@&%$", strict=True))
    ]
    return Table(new_game(config, seed), looks, save_path=save)


async def until(pilot, game, done, idle: int = 3000) -> None:  # type: ignore[no-untyped-def]
    """Wait until `done()`; fail only when the computer players stop playing: `idle` pauses in a row
    with no action added to the game's log. A count of progress, not a time limit, so a busy machine
    that plays slowly still passes and a stalled table still fails."""
    quiet, seen = 0, -1
    while not done():
        log = len(game.log)
        quiet = quiet + 1 if log == seen else 0
        seen = log
        if quiet >= idle:
            raise AssertionError(f"the computer players stopped playing (after {log} actions)")
        await pilot.pause(0.002)


async def test_four_computers_play_a_whole_game_and_save_it(tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    table = table_of({0, 1, 2, 3}, save=path)
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, table.game, lambda: isinstance(app.screen, GameOverScreen | HandoffScreen))
        assert isinstance(app.screen, GameOverScreen)
        assert table.game.over and table.at_keyboard is None
        for _ in range(500):  # the standings filled in (pushed, the screen is mounted a moment later)
            if app.screen.query(DataTable) and app.screen.query_one(DataTable).row_count:
                break
            await pilot.pause(0.01)
        assert app.screen.query_one(DataTable).row_count == len(NAMES)
    save = read_save(path)
    assert [look.computer for look in save.looks] == [True] * 4
    assert load_game(path).state == table.game.state  # a replayable save, every action of the bots in it


async def test_one_person_against_three_computers_is_never_handed_off() -> None:
    """Ann alone: no hand-off screen ever; her hand is on screen throughout; the bots wait for her."""
    table = table_of({1, 2, 3}, seed=5, frag_target=2)
    game: Game = table.game
    app = FragApp(table)
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        turns_played = 0
        for _ in range(400):
            await until(pilot, game, lambda: game.over or (game.decider() == 0 and game_screen(app)._bot_timer is None))
            assert not isinstance(app.screen, HandoffScreen)
            assert table.at_keyboard == 0
            if game.over:
                break
            keys.check_privacy()
            if isinstance(app.screen, ChoiceDialog):  # placement, a reaction, the last chance…
                await keys.press("enter")
            elif game.state.turn.phase.value in ("roll", "respawn"):
                await keys.press("r")
            else:
                log = len(game.log)
                await keys.press("e")  # Ann just ends her turn (asked "again?" when she could still act)
                if len(game.log) == log and game.decider() == 0 and not isinstance(app.screen, ChoiceDialog):
                    await keys.press("e")
                if len(game.log) == log:  # not allowed here (another fighter's square): any action
                    await keys.press("x", "enter")
                turns_played += 1
        assert turns_played >= 3
        assert keys.checks > 10
        computers = [line for line in str(game_screen(app).query_one("#scores", Static).render()).splitlines()]
        assert sum(line.endswith("cpu") for line in computers) == 3


async def test_with_two_people_the_screen_hides_hands_while_the_computers_play() -> None:
    """Ann and Cat at one keyboard, Bob and Dan computers: between Ann and Cat the screen is public."""
    table = table_of({1, 3}, seed=7, frag_target=3)
    game = table.game
    bot_moves: list[int | None] = []
    decide = table.bot_decision

    def watched_decision():  # type: ignore[no-untyped-def]
        seat = table.at_keyboard  # whose hand is on screen while the computer plays
        answering = bool(game.state.pending) and game.state.turn.active == seat  # inside his own turn
        bot_moves.append(None if answering else seat)
        return decide()

    table.bot_decision = watched_decision  # type: ignore[method-assign]
    app = FragApp(table)
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        handoffs: list[int] = []
        for _ in range(300):
            await until(
                pilot,
                game,
                lambda: game.over or isinstance(app.screen, HandoffScreen) or game.decider() == table.at_keyboard,
            )
            if game.over or len(handoffs) >= 8:
                break
            if isinstance(app.screen, HandoffScreen):
                handoffs.append(app.screen.seat)
                assert app.screen.seat in (0, 2)  # never for a computer
                await pilot.pause()  # (pushed, maybe not yet drawn: a busy machine showed it empty)
                assert "Pass the keyboard to" in visible_text(app)
                await keys.press("enter")
                continue
            if table.bot_seat() is not None:
                await pilot.pause(0.001)
                continue
            keys.check_privacy()
            if isinstance(app.screen, ChoiceDialog):
                await keys.press("enter")
            elif game.state.turn.phase.value in ("roll", "respawn"):
                await keys.press("r")
            else:
                await keys.press("e")
                if game.decider() == table.at_keyboard and not isinstance(app.screen, ChoiceDialog):
                    await keys.press("e")  # the "again?" of a turn with movement or an attack left
                if game.decider() == table.at_keyboard and not isinstance(app.screen, ChoiceDialog):
                    await keys.press("x", "enter")
        assert {0, 2} <= set(handoffs)
        assert len(bot_moves) > 10
        # The computers played their own turns with nobody's hand on screen; answering a decision inside a
        # person's turn (a reaction to his shot), that person stays at the keyboard (issue 30, item 3).
        assert set(bot_moves) == {None}
