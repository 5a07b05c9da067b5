"""`fragtui simulate`, `verify` and `saves` word a game of Ruthless as Ruthless is played (R-SEQ-02, R-SKED-01):
each seat by the posse it leads and its points, the game by its scenario and sundown, the figures as kills,
losses and wounds; never Frag's fighter designs or frag target. Frag's wording is unchanged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fragtui.cli import main
from fragtui.engine.config import make_config
from fragtui.engine.frag.design import DEFAULT_DESIGN_FOR_POSSES
from fragtui.engine.rulesets import find_ruleset
from fragtui.saves.labels import resume_words, standing_words
from fragtui.saves.store import list_saves, read_save

RUTHLESS = find_ruleset("ruthless")
FRAG = find_ruleset("frag")


def test_the_ruleset_words_a_seat_and_the_goal() -> None:
    """The seams `simulate` asks: Frag's design and frag target; Ruthless's posse and scenario."""
    roster = RUTHLESS.posse_roster()
    assert roster is not None
    config = make_config(
        ruleset="ruthless",
        map="main-street",
        options={"scenario": "strongbox", "sundown": 0},
        seats=[
            {"name": "Ann", "fighter": DEFAULT_DESIGN_FOR_POSSES, "posse": roster.posse("lawmen")},
            {"name": "Bob", "fighter": DEFAULT_DESIGN_FOR_POSSES, "posse": roster.posse("drifters")},
        ],
    )
    assert RUTHLESS.seat_words(config.seats[0]) == "The Lawmen (4 gunfighters, 58 points)"
    assert RUTHLESS.goal_words(config.options, RUTHLESS.target_of(config)) == "for the strongbox, no sundown"
    assert RUTHLESS.goal_words({}, 3) == "for a showdown, sundown at turn 12"
    assert RUTHLESS.table_words(config, "Main Street") == "Ruthless, the strongbox on Main Street, no sundown, 2 posses"
    assert RUTHLESS.tally_words == ("kills", "losses", "wounds")
    designs = [{"health": 3, "speed": 2, "accuracy": 2}, {"health": 2, "speed": 4, "accuracy": 1}]
    frag = make_config(map="pocket", seats=[{"name": n, "fighter": d} for n, d in zip("AB", designs, strict=True)])
    assert [FRAG.seat_words(seat) for seat in frag.seats] == ["H3 S2 A2", "H2 S4 A1"]
    deadlands = make_config(
        ruleset="deadlands",
        map="town",
        seats=[{"name": n, "fighter": designs[0], "character": c} for n, c in (("A", "huckster"), ("B", "saloon-gal"))],
    )
    assert find_ruleset("deadlands").seat_words(deadlands.seats[0]) == "Huckster, H3 S2 A2"
    assert FRAG.goal_words({}, 1) == "to 1 frag"
    assert FRAG.table_words(frag, "Pocket Arena") == "2 players on Pocket Arena, first to 3 frags wins"  # (issue 30)


def test_one_game_of_ruthless_names_the_posses_and_the_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "ruthless", "--map", "main-street", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "A game of Ruthless on Main Street, seed 2, for a showdown, sundown at turn 12" in out
    roster = RUTHLESS.posse_roster()
    assert roster is not None
    seats = [line for line in out.splitlines() if line.startswith(("  0: ", "  1: ", "  2: "))]
    assert len(seats) == 3
    for line in seats:
        posse = next(p for p in roster.posses if f"— {p.name} (" in line)
        assert f"({len(posse.gunfighters)} gunfighters, {posse.points} points)" in line
        assert f"played by the {RUTHLESS.default_bot} bot" in line
    assert "H3 S2 A2" not in out and "frag" not in out.lower()
    header = next(line for line in out.splitlines() if line.strip().startswith("player"))
    assert header.split()[2:4] == ["kills", "losses"]


def test_several_games_of_ruthless_sum_up_in_its_words(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--ruleset", "ruthless", "--map", "main-street", "--players", "2", "--games", "2"]
    assert main([*argv, "--option", "scenario=strongbox", "--option", "sundown=6"]) == 0
    out = capsys.readouterr().out
    assert (
        "2 games of Ruthless with scenario strongbox, sundown 6, 2 players on Main Street for the strongbox, "
        "sundown at turn 6, seeds 1-2" in out
    )
    header = next(line for line in out.splitlines() if "win rate" in line and "seat" in line)
    assert "kills/game" in header and "losses/game" in header and "wounds/game" in header
    assert "frag" not in out.lower()


def test_verify_and_the_saves_lists_name_the_posses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Ruthless save in `fragtui verify`, `fragtui saves` and the title's Resume line: each player with his
    posse, not frags; a Frag save keeps its frags."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    saves = tmp_path / "saves"
    assert (
        main(["simulate", "--ruleset", "ruthless", "--map", "main-street", "--players", "2", "--save-dir", str(saves)])
        == 0
    )
    assert main(["simulate", "--map", "pocket", "--players", "2", "--save-dir", str(saves)]) == 0
    capsys.readouterr()
    ruthless = read_save(saves / "main-street-seed-1.json")
    posses = [seat.posse.name for seat in ruthless.config.seats if seat.posse is not None]
    assert len(posses) == 2
    assert main(["verify", str(saves / "main-street-seed-1.json")]) == 0
    out = capsys.readouterr().out
    assert "Ruthless, map main-street, for a showdown, sundown at turn 12, seed 1" in out
    assert f"0: Ann          {posses[0]} (4 gunfighters" in out and " kills, " in out and "frag" not in out
    assert main(["saves"]) == 0
    listed = capsys.readouterr().out.splitlines()
    ruthless_line = next(line for line in listed if line.startswith("main-street-seed-1"))
    assert ruthless_line.endswith(f"[Ann: {posses[0]}, Bob: {posses[1]}]")
    frag_line = next(line for line in listed if line.startswith("pocket-seed-1"))
    frag = read_save(saves / "pocket-seed-1.json")
    assert frag_line.endswith(f"[Ann {frag.summary.frags['Ann']}, Bob {frag.summary.frags['Bob']}]")
    assert standing_words(ruthless) == f"Ann: {posses[0]}, Bob: {posses[1]}"
    assert resume_words(ruthless).startswith(f"Ann: {posses[0]}, Bob: {posses[1]} · ")
    assert resume_words(ruthless).endswith(f" · main-street · turn {ruthless.summary.turn}")
    assert resume_words(frag).startswith("Ann, Bob · ") and resume_words(frag).endswith(standing_words(frag))
    assert len(list_saves()) == 2


def test_the_rules_are_offered_in_the_same_order_whatever_was_imported_first() -> None:
    """The set-up screen steps through `ruleset_names`: importing Ruthless's rules before the registry is asked
    must not put Ruthless before Frag Deadlands (keys would reach other rules from one run to the next)."""
    code = (
        "import fragtui.engine.ruthless.rules\n"
        "from fragtui.engine.rulesets import ruleset_names\n"
        "print(','.join(ruleset_names()))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "frag,deadlands,ruthless"
