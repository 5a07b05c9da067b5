"""A tournament at the table, end to end with computer seats (F-WIN-02): played, saved as a whole,
resumed after an interruption at any step, and every game replayable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fragtui.engine.config import make_config
from fragtui.engine.frag.design import Stat
from fragtui.engine.game import state_hash
from fragtui.errors import IllegalActionError, SaveFormatError
from fragtui.saves.format import SeatLook
from fragtui.saves.loading import load_game
from fragtui.saves.store import read_save
from fragtui.saves.tournaments import list_tournaments, read_tournament
from fragtui.table import Table
from fragtui.tournament import TournamentRun

NAMES = ("Ann", "Bob", "Cat", "Dan")


def looks(computers: set[int]) -> list[SeatLook]:
    colours = ("bright_red", "cyan", "green", "yellow")
    return [
        SeatLook(colour=colour, glyph=glyph, computer=seat in computers)
        for seat, (colour, glyph) in enumerate(zip(colours, "@&%$", strict=True))
    ]


def new_run(tmp_path: Path, games: int = 3, seed: int = 7, ruleset: str = "frag") -> TournamentRun:
    seats: list[dict[str, object]] = [{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in NAMES]
    if ruleset == "deadlands":
        for seat, character in zip(seats, ("huckster", "saloon-gal", "indian-brave", "mad-scientist"), strict=True):
            seat["character"] = character
    config = make_config(
        ruleset=ruleset, map="town" if ruleset == "deadlands" else "pocket", frag_target=1, seats=seats
    )
    return TournamentRun.new(
        config, looks({0, 1, 2, 3}), games, seed=seed, path=tmp_path / "tournament.json", saves=tmp_path / "saves"
    )


def play_out(table: Table, stop_after: int | None = None) -> None:
    """The computer players play the game to its end (or until its log holds `stop_after` actions: the table
    adds the passes it makes for a player with nothing to play)."""
    while not table.game.over and (stop_after is None or len(table.game.log) < stop_after):
        table.act(table.bot_decision())


def play_tournament(run: TournamentRun) -> list[Stat | None]:
    raises = []
    if run.tournament.awaiting_raise is not None:  # resumed between a computer's win and his raise
        run.raise_for_computer()
    while not run.tournament.finished:
        table = run.table()
        play_out(table)
        run.record_game(table.game)
        raises.append(run.raise_for_computer())
    return raises


def test_four_computers_play_a_whole_tournament_saved_game_by_game__F_WIN_02(tmp_path: Path) -> None:
    run = new_run(tmp_path, games=3)
    raises = play_tournament(run)
    t = run.tournament
    assert t.finished and len(t.results) == 3
    assert raises[:2] == [result.raised for result in t.results[:2]] and raises[2] is None
    assert all(stat is not None for stat in raises[:2])  # each game's winner raised before the next
    record = read_tournament(tmp_path / "tournament.json")
    assert record.tournament == t  # the file holds the whole tournament as it ended
    assert len(record.saves) == 3
    for number, name in enumerate(record.saves, start=1):
        path = tmp_path / "saves" / name
        save = read_save(path)
        assert save.tournament is not None and (save.tournament.game, save.tournament.games) == (number, 3)
        assert save.tournament.file == "tournament.json"
        game = load_game(path)  # every game replays
        result = t.results[number - 1]
        assert tuple(p.frags for p in game.state.players) == result.frags
        assert game.state.winner == result.winner
        # the game was played with every raise won before it
        expected = t.model_copy(update={"results": t.results[: number - 1]}).designs()
        assert tuple(p.design for p in game.state.players) == expected
    for line in run.standings():
        assert line.boxes == tuple(result.frags[line.seat] for result in t.results)


def test_the_record_sheet_boxes_of_a_game_hold_the_earlier_games_frags__F_WIN_02(tmp_path: Path) -> None:
    run = new_run(tmp_path, games=3)
    first = run.table()
    assert first.game_boxes(0) == ((), 3)
    play_out(first)
    run.record_game(first.game)
    run.raise_for_computer()
    second = run.table()
    assert [second.game_boxes(seat) for seat in range(4)] == [
        ((frags,), 3) for frags in run.tournament.results[0].frags
    ]
    assert Table(second.game).game_boxes(0) is None  # a game on its own has no game boxes


def interrupted_at(tmp_path: Path, step: str) -> tuple[TournamentRun, int]:
    """Play game 1 to `step`, drop everything in memory (a killed terminal) and open the file again; with the
    number of actions game 1 had when it was left."""
    run = new_run(tmp_path)
    left_at = 0
    if step == "named, never saved":
        run.record.saves.append("never-written.json")
        run.write()
    else:
        table = run.table()
        if step == "mid-game":
            play_out(table, stop_after=25)
        else:
            play_out(table)
            if step in ("awaiting the raise", "raised"):
                run.record_game(table.game)
            if step == "raised":
                run.raise_for_computer()
        left_at = len(table.game.log)
    return TournamentRun.open(tmp_path / "tournament.json", saves=tmp_path / "saves"), left_at


@pytest.mark.parametrize(
    "step", ["named, never saved", "mid-game", "game over, not recorded", "awaiting the raise", "raised"]
)
def test_a_tournament_resumes_after_an_interruption_at_any_step_and_ends_as_if_never_left__F_WIN_02(
    tmp_path: Path, step: str
) -> None:
    whole = new_run(tmp_path / "whole")
    play_tournament(whole)
    resumed, left_at = interrupted_at(tmp_path / "cut", step)
    if step == "mid-game":
        table = resumed.table()
        assert 25 <= left_at < 30 and len(table.game.log) == left_at  # it goes on from the action it was left at
    play_tournament(resumed)
    assert resumed.tournament == whole.tournament  # the same games, results and raises
    for mine, theirs in zip(resumed.record.saves, whole.record.saves, strict=True):
        a, b = load_game(tmp_path / "cut" / "saves" / mine), load_game(tmp_path / "whole" / "saves" / theirs)
        assert state_hash(a.state) == state_hash(b.state)


def test_a_game_cannot_begin_while_the_winner_has_not_raised__F_WIN_02(tmp_path: Path) -> None:
    run = new_run(tmp_path)
    table = run.table()
    play_out(table)
    run.record_game(table.game)
    run.record_game(table.game)  # seen twice (the screen and a resume): recorded once
    assert run.tournament.played == 1
    with pytest.raises(IllegalActionError, match="must first raise a stat"):
        run.table()


def test_frag_deadlands_plays_a_tournament_too__F_WIN_02(tmp_path: Path) -> None:
    run = new_run(tmp_path, games=2, ruleset="deadlands")
    play_tournament(run)
    assert run.tournament.finished
    second = load_game(tmp_path / "saves" / run.record.saves[1])
    first_winner = run.tournament.results[0].winner
    raised = run.tournament.results[0].raised
    assert raised is not None
    assert getattr(second.state.players[first_winner].design, raised) == 3  # 2, raised by 1
    assert second.state.config.seats[first_winner].character is not None


def test_unfinished_and_finished_tournaments_are_listed_and_a_bad_file_names_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    done = new_run(tmp_path / "a", games=1)
    play_tournament(done)
    (folder / "done.json").write_text((tmp_path / "a" / "tournament.json").read_text())
    data = json.loads((folder / "done.json").read_text())
    data["tournament"]["games"] = 9
    (folder / "bad.json").write_text(json.dumps(data, indent=1))
    (folder / "cut.json").write_text((folder / "done.json").read_text()[:200])
    found = {saved.path.name: saved for saved in list_tournaments(folder)}
    assert found["done.json"].finished
    bad = found["bad.json"]
    assert bad.record is None and bad.error is not None
    line = next(n for n, text in enumerate((folder / "bad.json").read_text().splitlines(), 1) if '"games": 9' in text)
    assert bad.error.startswith(f"line {line}: tournament.games: ")
    assert "cut short" in str(found["cut.json"].error)
    with pytest.raises(SaveFormatError, match=r"bad\.json.*tournament\.games"):
        read_tournament(folder / "bad.json")


def test_a_tournament_file_that_cannot_be_written_is_said_and_the_games_go_on__F_WIN_02(tmp_path: Path) -> None:
    run = new_run(tmp_path, games=2)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the tournaments folder should be")
    run.path = blocker / "tournament.json"
    table = run.table()  # naming game 1 cannot be written: said, and the game is played and saved all the same
    assert run.save_error is not None and "could not be saved to" in run.save_error and str(blocker) in run.save_error
    run.folders_shown = False  # over SSH a player is told the file's name, never the host's folders
    run.write()
    assert run.save_error is not None and str(tmp_path) not in run.save_error
    assert "tournament.json on the server" in run.save_error
    play_out(table)
    assert table.save_error is None and table.save_path is not None and table.save_path.exists()
    run.path = tmp_path / "tournament.json"
    run.record_game(table.game)  # writable again: the next write succeeds and the error is gone
    assert run.save_error is None and read_tournament(run.path).tournament.played == 1
