"""`fragtui simulate`: a game's log, a summary of many, saves that replay, and one-line errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fragtui.cli import main
from fragtui.engine.frag.house import HOUSE_RULES, PLACEMENT_ROLL, SCATTER
from fragtui.engine.frag.rules import FragRules
from fragtui.errors import ConfigError
from fragtui.saves.loading import load_game
from fragtui.saves.store import read_save
from fragtui.simulate import SimulationOptions, parse_house, parse_options, seat_kinds, simulate
from tests.conftest import OptionedFrag


def test_one_game_prints_its_log_and_each_players_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--map", "pocket", "--players", "2", "--bots", "heuristic,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "A game of Frag on Pocket Arena, seed 3, to 3 frags" in out
    assert "0: Ann — " in out and "played by the heuristic bot" in out
    assert "1: Bob — " in out and "played by the random bot" in out
    assert "== Turn 1: " in out and "*** " in out
    assert "player" in out and "frags" in out and "deaths" in out


def test_several_games_print_one_line_each_and_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "4", "--map", "pocket", "--bots", "heuristic,random,random,random"]
    assert main([*argv, "--frag-target", "1", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert sum(line.startswith("game ") for line in lines) == 4  # not a terminal: no bar, a line a game
    assert "4 games of Frag, 4 players on Pocket Arena to 1 frag, seeds 7-10" in out
    header = next(line for line in lines if "win rate" in line and "seat" in line)
    for column in ("wins", "frags/game", "deaths/game", "damage/game", "cards/game"):
        assert column in header
    seats = [line.split() for line in lines if line.strip().split()[:1] in (["0"], ["1"], ["2"], ["3"])]
    assert [row[2] for row in seats] == ["heuristic", "random", "random", "random"]
    assert sum(int(row[3]) for row in seats) == 4  # every game won by someone
    kinds = [line.split() for line in lines if line.strip().startswith(("heuristic", "random"))]
    assert [row[0] for row in kinds] == ["heuristic", "random"]
    assert [int(row[1]) for row in kinds] == [1, 3]


def test_a_single_kind_fills_every_seat() -> None:
    assert seat_kinds(["random"], 5) == ["random"] * 5
    assert seat_kinds(["Heuristic ", "random"], 2) == ["heuristic", "random"]


def test_saves_of_simulated_games_load_and_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "sims"
    argv = ["simulate", "--games", "2", "--players", "3", "--map", "pocket", "--frag-target", "1"]
    assert main([*argv, "--seed", "20", "--save-dir", str(folder)]) == 0
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["pocket-seed-20.json", "pocket-seed-21.json"]
    for name in files:
        game = load_game(folder / name)
        assert game.state.winner is not None
        assert [p.name for p in game.state.players] == ["Ann", "Bob", "Cat"]
    capsys.readouterr()
    assert main(["verify", str(folder / files[0])]) == 0
    assert re.search(
        r"ok — \d+ actions replayed, (its state hash matches|all \d+ state hashes match)", capsys.readouterr().out
    )


def test_one_game_is_saved_too(tmp_path: Path) -> None:
    options = SimulationOptions(map="pocket", players=2, seed=5, frag_target=1, save_dir=tmp_path)
    assert simulate(options, out=lambda line: None) == 0
    assert load_game(tmp_path / "pocket-seed-5.json").state.winner is not None
    looks = read_save(tmp_path / "pocket-seed-5.json").looks
    assert [look.computer for look in looks] == [True, True]  # the replay viewer shows them as computers


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("heuristic,random", "fragtui: --bots names only 2 bots for 4 players"),
        ("heuristic,random,random,random,random", "fragtui: --bots names 5 bots for 4 players"),
        ("heuristic,clever", "fragtui: no bot called 'clever': the bots are heuristic, random"),
        ("heuristic,,random,random", "fragtui: --bots needs a bot kind for each seat"),
    ],
)
def test_bad_bots_are_one_line_and_exit_2(bots: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "4", "--bots", bots]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(message)
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "5", "--map", "pocket"], "has room for 2 to 4 players, not 5"),
        (["--map", "nowhere"], "no map called 'nowhere'"),
        (["--games", "0"], "--games must be at least 1"),
    ],
)
def test_other_bad_options_are_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_save_dir_that_is_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "file"
    plain.write_text("not a folder")
    assert main(["simulate", "--save-dir", str(plain)]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_options_are_checked_before_any_game_is_played(tmp_path: Path) -> None:
    options = SimulationOptions(players=3, bots=("heuristic", "random"), save_dir=tmp_path / "never")
    with pytest.raises(ConfigError, match="only 2 bots for 3 players"):
        simulate(options, out=print)
    assert not (tmp_path / "never").exists()


def test_a_progress_bar_replaces_the_lines_of_each_game() -> None:
    lines: list[str] = []
    options = SimulationOptions(games=2, map="pocket", players=2, frag_target=1, progress=True)
    assert simulate(options, out=lines.append) == 0
    assert not any(line.startswith("game ") for line in lines)
    assert any("2 games of Frag, 2 players" in line for line in lines)


# -- the ruleset played (issue 14) -----------------------------------------------------------------------


def test_the_ruleset_is_chosen_by_name_and_recorded_in_every_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--ruleset", "frag", "--map", "pocket", "--players", "2", "--frag-target", "1"]
    assert main([*argv, "--seed", "4", "--save-dir", str(tmp_path)]) == 0
    assert "A game of Frag on Pocket Arena, seed 4, to 1 frag" in capsys.readouterr().out
    save = read_save(tmp_path / "pocket-seed-4.json")
    assert (save.config.ruleset, save.config.options) == ("frag", {})
    # The default is base Frag: the same game, move for move, as without --ruleset.
    assert main([*argv[:1], *argv[3:], "--seed", "4", "--save-dir", str(tmp_path / "default")]) == 0
    assert read_save(tmp_path / "default" / "pocket-seed-4.json").actions == save.actions


def test_games_of_a_ruleset_with_options_are_played_and_saved_with_them(
    optioned_frag: type[OptionedFrag], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--ruleset", "optioned-frag", "--map", "pocket", "--players", "2", "--frag-target", "1"]
    options = ["--option", "loud", "--option", "bonus=-2", "--option", "mode=wild"]
    assert main([*argv, *options, "--seed", "4", "--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "A game of Optioned Frag with loud, bonus -2, mode wild on Pocket Arena, seed 4" in out
    save = read_save(tmp_path / "pocket-seed-4.json")
    assert save.config.ruleset == "optioned-frag"
    assert save.config.options == {"loud": True, "bonus": -2, "mode": "wild"}
    game = load_game(tmp_path / "pocket-seed-4.json")  # rebuilt through the registry
    assert type(game.rules) is optioned_frag
    assert game.rules.option_value("mode") == "wild" and game.state.winner is not None
    assert main([*argv, "--games", "2", "--option", "mode=calm", "--option", "loud=off"]) == 0
    assert "2 games of Optioned Frag with mode calm, loud off, 2 players on Pocket Arena" in capsys.readouterr().out


def test_switches_numbers_and_choices_are_read_as_their_kind(optioned_frag: type[OptionedFrag]) -> None:
    assert parse_options("optioned-frag", []) == {}
    assert parse_options("optioned-frag", ["loud=yes", "bonus=7", "mode=calm"]) == {
        "loud": True,
        "bonus": 7,
        "mode": "calm",
    }
    assert parse_options("optioned-frag", ["loud=false"]) == {"loud": False}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--ruleset", "ruthless-typo"], "fragtui: 'ruthless-typo': this version of fragtui plays only frag"),
        (["--ruleset", ""], "fragtui: '': this version of fragtui plays only frag"),
        (["--option", "telefrag=on"], "fragtui: Frag has no option 'telefrag' (its options: deadlands-cards, "),
        (["--house", "telefrag"], "fragtui: Frag has no option 'telefrag' (its options: deadlands-cards, "),
        (["--house", "scatter,,"], "fragtui: --house wants house rules separated by commas, not 'scatter,,'"),
        (
            ["--house", "deadlands-cards"],
            "--house deadlands-cards: not a house rule; set it with --option deadlands-cards=VALUE",
        ),
        (
            ["--ruleset", "optioned-frag", "--house", "mode"],
            "--house mode: not a house rule; set it with --option mode=VALUE",
        ),
        (["--option", "=on"], "fragtui: --option wants NAME=VALUE, not '=on'"),
        (
            ["--ruleset", "optioned-frag", "--option", "wounds"],
            "has no option 'wounds' (its options: loud, bonus, mode)",
        ),
        (["--ruleset", "optioned-frag", "--option", "loud=maybe"], "option 'loud' is a switch (true or false)"),
        (["--ruleset", "optioned-frag", "--option", "bonus=lots"], "option 'bonus' takes a whole number, not 'lots'"),
        (["--ruleset", "optioned-frag", "--option", "bonus"], "--option bonus needs a value: --option bonus=VALUE"),
        (["--ruleset", "optioned-frag", "--option", "mode=mad"], "option 'mode' takes one of calm, wild, not 'mad'"),
    ],
)
def test_an_unknown_ruleset_or_option_is_one_line_and_exit_2(
    optioned_frag: type[OptionedFrag], argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--map", "pocket", *argv, "--save-dir", str(tmp_path / "never")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert captured.err.startswith("fragtui: ") and captured.err.count("\n") == 1
    assert "Traceback" not in captured.err
    assert not (tmp_path / "never").exists()  # refused before any game is played


def test_a_map_the_ruleset_does_not_play_on_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A map's `ruleset` header and the game's ruleset agree, or nothing is played (issue 14)."""
    pocket = (Path(__file__).parents[2] / "maps" / "pocket.map").read_text()
    drawn = tmp_path / "posse.map"
    drawn.write_text(pocket.replace("ruleset: frag", "ruleset: ruthless"))
    assert "ruleset: ruthless" in drawn.read_text()
    assert main(["simulate", "--map", str(drawn), "--save-dir", str(tmp_path / "never")]) == 2
    err = capsys.readouterr().err
    assert f"the map {str(drawn)!r} is drawn for ruthless: Frag is not played on it" in err and err.count("\n") == 1
    assert not (tmp_path / "never").exists()


def test_fragtui_rulesets_lists_each_ruleset_and_its_options(
    optioned_frag: type[OptionedFrag], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rulesets"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("frag ") and "Frag — The board game Frag" in lines[0]
    assert "--option deadlands-cards=VALUE" in lines[1] and "(D-CARD-06) [on/off, default off]" in lines[1]
    house = [
        line for line in lines[: lines.index(next(x for x in lines if x.startswith("deadlands ")))] if "--house" in line
    ]
    assert house == [f"  --house {spec.name}  {spec.summary} ({spec.rule}) [off by default]" for spec in HOUSE_RULES]
    deadlands = lines.index(next(line for line in lines if line.startswith("deadlands ")))
    # Frag's options, one line each: deadlands-cards, the house rules, then the modes and the altered cards.
    assert deadlands == 1 + len(FragRules.options) and "Frag Deadlands — The Wild-West edition" in lines[deadlands]
    altered = "  --option altered-cards=VALUE  Altered EM Cannon and Machine Gun (cards of Frag's set) (J-ALT-01)"
    assert [line for line in lines if line.startswith(altered)] == [altered + " [on/off, default off]"] * 2
    assert "--option mixed-sets=VALUE" in lines[deadlands + 1]
    assert [line for line in lines[deadlands + 2 : deadlands + 2 + len(HOUSE_RULES)]] == house
    optioned = lines.index(next(line for line in lines if line.startswith("optioned-frag ")))
    assert "Optioned Frag — " in lines[optioned]
    assert "--option loud=VALUE  Shout every frag (a switch). (H-TEST-01) [on/off, default off]" in lines[optioned + 1]
    assert "--option mode=VALUE" in lines[optioned + 3] and "[calm|wild, default calm]" in lines[optioned + 3]


def test_house_turns_on_each_house_rule_named_by_option_or_rule_id__H_PLACE_01_H_SCATTER_01() -> None:
    """`--house placement-roll,H-SCATTER-01`: each name (or rule ID, any case) is its switch set to true."""
    assert parse_house("frag", "placement-roll, H-scatter-01") == {PLACEMENT_ROLL: True, SCATTER: True}
    assert parse_house("deadlands", "scatter") == {SCATTER: True}
    with pytest.raises(ConfigError, match=r"^Frag Deadlands has no option 'h-nope-01'"):
        parse_house("deadlands", "H-NOPE-01")


def test_games_with_house_rules_are_played_and_saved_with_them__H_PLACE_01_H_SCATTER_01(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`fragtui simulate --house`: the games are played with the switches on, the heading says so, and each
    save keeps them and replays with them (placement by roll: every placement rolled a die)."""
    argv = ["simulate", "--map", "pocket", "--players", "3", "--frag-target", "1", "--seed", "9"]
    assert main([*argv, "--house", "placement-roll,scatter", "--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "A game of Frag with placement-roll, scatter on Pocket Arena, seed 9" in out
    assert out.count("places their fighter on respawn point") == 3
    save = read_save(tmp_path / "pocket-seed-9.json")
    assert save.config.options == {PLACEMENT_ROLL: True, SCATTER: True}
    assert [str(saved.action) for saved in save.actions[:3]] == ["respawn"] * 3
    game = load_game(tmp_path / "pocket-seed-9.json")
    assert game.rules.option_value(PLACEMENT_ROLL) is True and game.state.winner is not None


def test_simulate_without_a_map_plays_on_one_the_ruleset_plays(capsys: pytest.CaptureFixture[str]) -> None:
    """The Foundry by default; Ruthless, not played on Frag's arenas, on the first shipped map drawn for it (its
    own before the Deadlands' maps it plays too)."""
    assert main(["simulate", "--ruleset", "ruthless", "--games", "1", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A game of Ruthless on Dry Creek")  # the first map, by name, drawn for Ruthless
