"""`fragtui verify` and `fragtui saves` describe each game as its ruleset plays it (issue 30, item 5): a Frag
Tag mode by its name and what wins it (points, not frags), the options switched on (house rules), each
player's score in the mode's own words; a Ruthless game by its scenario. Frag's plain game reads as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.cli import main
from fragtui.saves.labels import game_words, standing_words
from fragtui.saves.store import read_save


def _simulate(saves: Path, *args: str) -> Path:
    assert main(["simulate", "--players", "3", "--save-dir", str(saves), *args]) == 0
    [path] = sorted(saves.glob("*.json"))
    return path


def test_a_king_of_the_hill_save_verifies_with_its_mode_points_and_house_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A King of the Hill game to 3 points with the wounds house rule: `verify` names the mode, its points
    and the switch, and each player's points (with his frags beside them), never "to 3 frags"."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    path = _simulate(
        tmp_path / "saves",
        *("--map", "pocket", "--seed", "2", "--option", "objective=king-of-the-hill", "--option", "target=3"),
        *("--house", "wounds"),
    )
    capsys.readouterr()
    save = read_save(path)
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "  Frag, map pocket, King of the Hill, to 3 points, seed 2"
    assert out[2] == "  options: wounds"
    assert save.summary.winner is not None and out[3].endswith(f"won by {save.summary.winner}")
    winner = next(line for line in out[4:] if f": {save.summary.winner} " in line)
    assert "  3 points (" in winner and "frag" in winner
    assert all(" point" in line for line in out[4:])


def test_a_keep_away_game_is_listed_with_its_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`fragtui saves` lists a Keep-Away game by its mode and its winner's points, not everyone's 0 frags."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    path = _simulate(
        tmp_path / "saves",
        *("--map", "pocket", "--seed", "2", "--option", "objective=keep-away", "--option", "target=3"),
    )
    save = read_save(path)
    winner = save.summary.winner
    assert winner is not None and save.summary.scores[winner].startswith("3 points (")
    capsys.readouterr()
    assert main(["saves"]) == 0
    [line] = [line for line in capsys.readouterr().out.splitlines() if line.startswith(path.stem)]
    assert "  Keep-Away, to 3 points  " in line and f"won by {winner}" in line
    assert f"[{standing_words(save)}]" in line and f"{winner} 3 points (" in line


def test_a_ruthless_save_is_listed_and_verified_with_its_scenario(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A strongbox game of Ruthless names its scenario in `fragtui saves` (and `verify`, as before)."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    path = _simulate(
        tmp_path / "saves",
        *("--ruleset", "ruthless", "--map", "main-street", "--players", "2", "--option", "scenario=strongbox"),
    )
    save = read_save(path)
    assert game_words(save).startswith("for the strongbox")
    capsys.readouterr()
    assert main(["saves"]) == 0
    [line] = [line for line in capsys.readouterr().out.splitlines() if line.startswith(path.stem)]
    assert f"  {game_words(save)}  " in line
    assert main(["verify", str(path)]) == 0
    assert ", for the strongbox," in capsys.readouterr().out


def test_a_plain_frag_game_still_reads_as_frags(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Base Frag with no option on: `to 3 frags`, no options line, each player's frags."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    path = _simulate(tmp_path / "saves", "--map", "pocket", "--seed", "3")
    save = read_save(path)
    assert game_words(save) == "to 3 frags" and save.summary.scores == {}
    capsys.readouterr()
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "  Frag, map pocket, to 3 frags, seed 3" and not out[2].startswith("  options")
    assert all(" frag" in line and "point" not in line for line in out[3:])
