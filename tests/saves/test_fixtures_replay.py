"""Saves written before issue 32 reshaped the kernel load, replay to the end they were saved at, and say so.

The files of `data/fixtures/` were written by `make_fixtures.py` with the code of the commit that
added them, before issue 32's first change: computers played each game to its end (a base Frag game,
a Frag Deadlands game with four house rules on, a Frag Tag game of King of the Hill with the altered
cards and a moving hill, a Ruthless strongbox game of three posses, and a tournament of two Frag games
with the first game's winner's raise). Each is loaded here the way the app loads a save (`load_game`,
the replay viewer's `open_replay`, `fragtui verify`, and a tournament's `TournamentRun.open`): every
action replayed through the checked apply, its dice and every stored state hash compared. The figures
pinned below are those the old code computed; never write the fixtures again to make this pass.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from fragtui.cli import main
from fragtui.engine.frag.design import Stat
from fragtui.engine.game import state_hash
from fragtui.saves.format import save_of
from fragtui.saves.loading import load_game
from fragtui.saves.replay import open_replay
from fragtui.saves.store import read_save
from fragtui.saves.tournaments import read_tournament
from fragtui.tournament import TournamentRun

FIXTURES = Path(__file__).parent / "data" / "fixtures"


@dataclass(frozen=True)
class Saved:
    """What the old code wrote of one game, pinned."""

    file: str
    """The save's path under `data/fixtures/`."""
    ruleset: str
    """The rule system it names."""
    options: dict[str, object]
    """The options it was played with."""
    actions: int
    """How many actions it holds."""
    final_hash: str
    """The state hash after its last action, as the old code computed it."""
    winner: str
    """The winner's name."""
    frags: dict[str, int]
    """Each player's frags (kills, in Ruthless) at the end."""


GAMES = (
    Saved("frag.json", "frag", {}, 205, "0a8cba7b02655207", "Cat", {"Ann": 1, "Bob": 0, "Cat": 2}),
    Saved(
        "deadlands-house-rules.json",
        "deadlands",
        {"scatter": True, "wounds": True, "pistol-whip": True, "attacks-per-weapon": True},
        139,
        "131c44b567e38db6",
        "Dan",
        {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 2},
    ),
    Saved(
        "frag-tag-king-of-the-hill.json",
        "frag",
        {"objective": "king-of-the-hill", "target": 3, "hill-moves": 2, "altered-cards": True},
        164,
        "9278b5e75448288c",
        "Cat",
        {"Ann": 0, "Bob": 0, "Cat": 0},
    ),
    Saved(
        "ruthless-strongbox.json",
        "ruthless",
        {"scenario": "strongbox", "sundown": 6},
        155,
        "f157a3fe7e4b37c7",
        "Bob",
        {"Ann": 3, "Bob": 0, "Cat": 1},
    ),
    Saved("tournament/saves/game1.json", "frag", {}, 127, "c666b0ffaa8cc7b1", "Ann", {"Ann": 1, "Bob": 0}),
    Saved("tournament/saves/game2.json", "frag", {}, 86, "60085dc2bdd16c91", "Ann", {"Ann": 1, "Bob": 0}),
)


@pytest.mark.parametrize("saved", GAMES, ids=lambda saved: saved.file)
def test_each_save_loads_and_replays_to_its_saved_end__S_SAVE_01(saved: Saved) -> None:
    path = FIXTURES / saved.file
    save = read_save(path)
    assert (save.config.ruleset, save.config.options) == (saved.ruleset, saved.options)
    game = load_game(path)  # every action through the checked apply, its dice and every stored hash compared
    assert len(game.log) == len(save.actions) == saved.actions
    assert state_hash(game.state) == save.hashes[saved.actions] == saved.final_hash
    assert game.over and game.state.winner is not None
    assert game.rules.name(game.state.winner) == save.summary.winner == saved.winner
    assert save_of(game).summary == save.summary  # turn, frags, scores (King of the Hill's points) as saved
    assert save.summary.frags == saved.frags


def test_the_king_of_the_hill_save_keeps_its_points__S_SAVE_01() -> None:
    save = read_save(FIXTURES / "frag-tag-king-of-the-hill.json")
    assert save.summary.scores == {
        "Ann": "2 points (0 frags)",
        "Bob": "0 points (0 frags)",
        "Cat": "3 points (0 frags)",
    }
    assert "objectives" in save.content  # where the map's flag squares stood is fingerprinted too


@pytest.mark.parametrize("saved", GAMES, ids=lambda saved: saved.file)
def test_the_replay_viewer_opens_each_and_reaches_its_end__S_SAVE_01(saved: Saved) -> None:
    replay = open_replay(FIXTURES / saved.file)
    assert len(replay) == saved.actions
    assert state_hash(replay.at(len(replay)).state) == saved.final_hash
    assert replay.turn_starts and replay.frags  # each game has turns and a frag (a kill) to step to
    hashes = replay.save.hashes
    for position in sorted(hashes, reverse=True):  # seeking back, moment by moment, from the replay's snapshots
        assert state_hash(replay.at(position).state) == hashes[position], position


def test_fragtui_verify_accepts_every_fixture(capsys: pytest.CaptureFixture[str]) -> None:
    for saved in GAMES:
        assert main(["verify", str(FIXTURES / saved.file)]) == 0
        assert f"ok — {saved.actions} actions replayed" in capsys.readouterr().out


def test_the_tournament_opens_with_its_results_and_its_games_replay_to_them__F_WIN_02(tmp_path: Path) -> None:
    folder = tmp_path / "tournament"
    shutil.copytree(FIXTURES / "tournament", folder)  # opening may put a tournament right: never the fixture
    record = read_tournament(folder / "tournament.json")
    run = TournamentRun.open(folder / "tournament.json", saves=folder / "saves")
    tournament = run.tournament
    assert tournament == record.tournament and tournament.finished and tournament.games == 2
    assert [(result.frags, result.winner, result.raised) for result in tournament.results] == [
        ((1, 0), 0, Stat.SPEED),
        ((1, 0), 0, None),
    ]
    for number in (1, 2):
        path = run.game_path(number)
        assert path is not None and path.name == f"game{number}.json"
        save = read_save(path)
        mark = save.tournament
        assert mark is not None and (mark.file, mark.game) == ("tournament.json", number)
        game = load_game(path)
        result = tournament.results[number - 1]
        assert tuple(p.frags for p in game.state.players) == result.frags and game.state.winner == result.winner
    # Game 2 was played with game 1's winner's raise: Ann one faster.
    first, second = (load_game(run.game_path(number) or Path()).state.players[0].design for number in (1, 2))
    assert second.speed == first.speed + 1
    [champion] = tournament.champions()
    assert champion == 0 and [line.boxes for line in run.standings()] == [(1, 1), (0, 0)]
