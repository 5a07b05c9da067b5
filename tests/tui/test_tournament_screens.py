"""Tournaments in the interface (F-WIN-02): New tournament on the title, the standings after each game,
the winner's raise, the record sheet's game boxes, and resuming, end to end with computer seats."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, OptionList, Static

from fragtui.engine.config import make_config
from fragtui.engine.frag.design import Stat
from fragtui.engine.tournament import GameResult
from fragtui.saves.format import SeatLook
from fragtui.saves.store import read_save
from fragtui.saves.tournaments import new_record, read_tournament, write_tournament
from fragtui.tournament import TournamentRun
from fragtui.tui.app import FragApp, TitleScreen
from fragtui.tui.dialogs import ChoiceDialog
from fragtui.tui.frag.game_over import GameOverScreen
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.seats import TableSetup
from fragtui.tui.setup import NewGameScreen
from fragtui.tui.standings import StandingsScreen

WIDE = (120, 40)
NAMES = ("Ann", "Bob", "Cat", "Dan")


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The pause between a computer's actions is for people; tests need only its order of events."""
    monkeypatch.setattr(GameScreen, "bot_pause", 0.001)
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


def setup_of(computers: set[int], seed: int = 3) -> TableSetup:
    config = make_config(
        map="pocket",
        frag_target=1,
        seats=[{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in NAMES],
    )
    looks = [
        SeatLook(colour=colour, glyph=glyph, computer=seat in computers)
        for seat, (colour, glyph) in enumerate(zip(("bright_red", "cyan", "green", "yellow"), "@&%$", strict=True))
    ]
    return TableSetup(config=config, seed=seed, looks=looks)


async def until(pilot, done, steps: int = 20000) -> None:  # type: ignore[no-untyped-def]
    """Wait until `done()`, in short pauses (computers play between them); fail after `steps` pauses."""
    for _ in range(steps):
        if done():
            return
        await pilot.pause(0.002)
    raise AssertionError("waited too long")


def text_of(screen, selector: str) -> str:  # type: ignore[no-untyped-def]
    return str(screen.query_one(selector, Static).render())


async def test_four_computers_play_a_whole_tournament_through_the_screens__F_WIN_02(tmp_path: Path) -> None:
    app = FragApp()
    async with app.run_test(size=WIDE) as pilot:
        app.start_tournament(setup_of({0, 1, 2, 3}), games=2)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert app.screen._bindings.key_to_bindings["enter"][0].description == "Standings"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen))
        standings = app.screen
        assert isinstance(standings, StandingsScreen)
        run = standings.run
        first = run.tournament.results[0]
        title = text_of(standings, "#standings-title")
        assert title.startswith("Game 1 of 2: ") and NAMES[first.winner] in title
        raised = first.raised
        assert raised is not None  # the computer winner raised by its own rule before the screen came up
        assert f"(computer) raised {raised.capitalize()}" in text_of(standings, "#standings-raise")
        table = standings.query_one(DataTable)
        assert table.row_count == 4 and [str(c.label) for c in table.columns.values()][3:5] == ["G1", "G2"]
        await pilot.press("enter")  # game 2 (computers may play it out before the test looks)
        await until(pilot, lambda: any(isinstance(screen, GameScreen) for screen in app.screen_stack))
        game_screen = next(screen for screen in app.screen_stack if isinstance(screen, GameScreen))
        second = game_screen.table.game
        assert second.state.players[first.winner].design == run.tournament.designs()[first.winner]
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen))
        assert run.tournament.finished
        champions = run.tournament.champions()
        assert "the tournament of 2 games!" in text_of(app.screen, "#standings-title")
        assert all(NAMES[seat] in text_of(app.screen, "#standings-title") for seat in champions)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
    assert run.path is not None
    record = read_tournament(run.path)
    assert record.tournament.finished and len(record.saves) == 2
    for number, name in enumerate(record.saves, start=1):
        save = read_save(tmp_path / "data" / "saves" / name)
        assert save.tournament is not None and save.tournament.game == number
        assert save.summary.winner == NAMES[record.tournament.results[number - 1].winner]


def human_won_first_game(tmp_path: Path) -> TournamentRun:
    """A saved tournament of 3 games in which Ann, a person, won the first: her raise is awaited."""
    setup = setup_of({1, 2, 3})
    run = TournamentRun.new(setup.config, setup.looks, 3, seed=5)
    assert run.path is not None
    tournament = run.tournament.model_copy(update={"results": (GameResult(frags=(1, 0, 0, 0), winner=0),)})
    record = new_record(run.tournament, setup.looks)
    record.saves.append("game-one.json")
    write_tournament(record.model_copy(update={"tournament": tournament}), run.path)
    return TournamentRun.open(run.path)


async def test_a_person_who_won_chooses_the_stat_to_raise_past_4__F_WIN_02(tmp_path: Path) -> None:
    run = human_won_first_game(tmp_path)
    app = FragApp(tournament=run)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen))
        screen = app.screen
        assert "Ann won: raise one stat by 1" in text_of(screen, "#standings-raise")
        lines = [str(option.prompt) for option in screen.query_one(OptionList).options]
        assert lines[0].startswith("Health   3 → 4") and lines[1].startswith("Speed    2 → 3")
        await pilot.press("enter")  # Health: 3 → 4 (the list's Enter; no game yet)
        assert isinstance(app.screen, StandingsScreen)
        assert run.tournament.results[0].raised == Stat.HEALTH  # (a str: the ruleset's name for the stat)
        assert "Ann raised Health to 4." in text_of(screen, "#standings-raise")
        assert read_tournament(run.path).tournament.results[0].raised == Stat.HEALTH  # saved at once
        await pilot.press("enter")  # now Enter plays game 2 (Ann is asked at once where to place her fighter)
        await until(pilot, lambda: any(isinstance(screen, GameScreen) for screen in app.screen_stack))
        game_screen = next(screen for screen in app.screen_stack if isinstance(screen, GameScreen))
        assert game_screen.table.game.state.players[0].design.health == 4
        game_screen.table.unlock(0)
        game_screen.sync()
        assert "Games    1 [0] _" in text_of(game_screen, "#sheet")  # the record sheet's game boxes


async def test_escape_leaves_between_games_and_resume_comes_back_to_the_standings__F_WIN_02(tmp_path: Path) -> None:
    run = human_won_first_game(tmp_path)
    app = FragApp()
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        menu = app.screen.query_one("#title-menu", OptionList)
        labels = [str(option.prompt) for option in menu.options]
        assert "New tournament" in labels and "Resume a tournament (1 unfinished)" in labels
        menu.highlighted = labels.index("Resume a tournament (1 unfinished)")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen))
        assert app.screen.query(OptionList)  # Ann's raise is still to choose
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
    assert run.path is not None and read_tournament(run.path).tournament.awaiting_raise == 0


async def test_new_tournament_on_the_title_sets_up_the_seats_then_asks_how_many_games__F_WIN_02() -> None:
    app = FragApp()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        assert app.screen.title == "New tournament"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        options = [str(option.prompt) for option in app.screen.query_one(OptionList).options]
        assert options[0] == "6 games: the record sheet's six boxes" and options[-1] == "1 game"
        await pilot.press("down", "down", "down", "enter")  # 3 games
        await until(pilot, lambda: any(isinstance(screen, GameScreen) for screen in app.screen_stack))
        game_screen = next(screen for screen in app.screen_stack if isinstance(screen, GameScreen))
        assert game_screen.table.tournament is not None
        assert (game_screen.table.tournament.game, game_screen.table.tournament.games) == (1, 3)


def standings_after_two_games(tmp_path: Path) -> TournamentRun:
    """A tournament of 6 games, 2 played: Dan (a computer) won the first and raised Accuracy, Ann won the
    second and is to raise a stat."""
    setup = setup_of({1, 2, 3})
    run = TournamentRun.new(setup.config, setup.looks, 6, seed=5)
    assert run.path is not None
    results = (
        GameResult(frags=(0, 0, 0, 1), winner=3, raised=Stat.ACCURACY),
        GameResult(frags=(1, 0, 1, 0), winner=0),
    )
    record = new_record(run.tournament, setup.looks)
    record.saves += ["one.json", "two.json"]
    write_tournament(
        record.model_copy(update={"tournament": run.tournament.model_copy(update={"results": results})}), run.path
    )
    return TournamentRun.open(run.path)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_standings_screen_with_a_raise_to_choose(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(tournament=standings_after_two_games(tmp_path)), terminal_size=size)


async def test_the_replay_of_a_tournament_game_shows_the_record_sheets_game_boxes__F_WIN_02(tmp_path: Path) -> None:
    from fragtui.saves.replay import open_replay
    from fragtui.tui.replay_screen import ReplayScreen
    from tests.tournament.test_run import new_run, play_tournament

    run = new_run(tmp_path, games=2)
    play_tournament(run)
    first = run.tournament.results[0].frags
    replay = open_replay(tmp_path / "saves" / run.record.saves[1])  # the save alone: no tournament file read
    (tmp_path / "tournament.json").unlink()
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.pause()
        sheet = text_of(app.screen, "#sheet")
        seat = replay.game.state.turn.active if app.screen.viewer is None else app.screen.viewer
        assert f"Games    {first[seat]} [" in sheet
