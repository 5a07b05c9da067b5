"""`fragtui tournament list` and `fragtui tournament resume` on the command line (F-WIN-02)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.cli import main
from tests.tournament.test_run import new_run, play_tournament


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    return tmp_path


def test_the_list_shows_each_tournament_and_its_standings__F_WIN_02(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = new_run(data, games=2)
    (data / "tournaments").mkdir()
    run.path = data / "tournaments" / "cup.json"
    run.saves = data / "saves"
    play_tournament(run)
    (data / "tournaments" / "broken.json").write_text("{")
    assert main(["tournament", "list"]) == 0
    out = capsys.readouterr().out
    champions = " and ".join(run.tournament.name(seat) for seat in run.tournament.champions())
    assert "cup  " in out and f"pocket  2 games, won by {champions}" in out
    leader = run.standings()[0]
    boxes = " ".join(str(n) for n in leader.boxes)
    assert f"  1. {leader.name:<12} {leader.wins} won  {leader.frags} frags  [{boxes}]  {leader.design}" in out
    assert "broken: cannot be read — line 1:" in out and "cut short" in out
    assert main(["saves"]) == 0
    assert "(tournament game 2 of 2)" in capsys.readouterr().out


def test_resume_names_what_is_missing_in_one_line__F_WIN_02(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "resume"]) == 2
    assert capsys.readouterr().err == "fragtui: no unfinished tournament at all (see `fragtui tournament list`)\n"
    assert main(["tournament", "resume", "cup"]) == 2
    assert "no unfinished tournament named 'cup'" in capsys.readouterr().err


def test_resume_of_a_tournament_whose_game_save_is_broken_is_one_line__F_WIN_02(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (data / "tournaments").mkdir()
    run = new_run(data, games=2)
    run.path = data / "tournaments" / "cup.json"
    run.saves = data / "saves"
    run.write()
    table = run.table()
    table.act(table.bot_decision())
    assert table.save_path is not None
    table.save_path.write_text("{ broken")
    assert main(["tournament", "resume", "cup"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fragtui: ") and table.save_path.name in err and err.count("\n") == 1


def test_fragtui_resume_leaves_a_tournaments_game_to_its_tournament__F_WIN_02(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = new_run(data, games=2)
    run.saves = data / "saves"
    table = run.table()
    table.act(table.bot_decision())  # an unfinished game, of the tournament
    assert main(["resume"]) == 2
    assert "no unfinished game at all" in capsys.readouterr().err
