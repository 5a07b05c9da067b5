"""Bad saves found by fuzzing (issue 13, faults 1, 5 and 9): each is one clear line, never a traceback or a hang.

A save is a file anyone can edit or a disk can damage; `verify`, `load`, `replay`, `saves`,
`resume` and the title screen must all survive any of them, and list a bad one as bad.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fragtui.cli import main
from fragtui.errors import SaveFormatError
from fragtui.saves.format import SEAT_COLOURS, SeatLook, parse_save, save_of
from fragtui.saves.store import list_saves, read_save, write_save
from tests.saves.duel import pocket_duel


def _game():
    return pocket_duel(4)


@pytest.fixture(scope="module")
def good() -> dict:
    return json.loads(save_of(_game(), looks=[SeatLook(colour="bright_red", glyph="@")] * 2).model_dump_json())


def _bad(good: dict, **changes: object) -> str:
    return json.dumps({**good, **changes})


BAD_SAVES = {
    "format is a list": lambda g: _bad(g, format=[1]),
    "format is an object": lambda g: _bad(g, format={"v": 1}),
    "format is true": lambda g: _bad(g, format=True),
    "a 5,000-digit integer": lambda g: _bad(g).replace('"seed": ', '"seed": ' + "9" * 5000 + ', "x": ', 1),
    "an unknown seat colour": lambda g: _bad(g, looks=[{"colour": "nocolour", "glyph": "@"}] * 2),
    "a control character as glyph": lambda g: _bad(g, looks=[{"colour": "red", "glyph": "\x1b"}] * 2),
    "looks for three seats": lambda g: _bad(g, looks=[{"colour": "red", "glyph": "@"}] * 3),
    "players that are not the seats": lambda g: _bad(g, players=["Ann", "Zed"]),
    "a winner who is not a player": lambda g: _bad(g, summary={**g["summary"], "winner": "Zed"}),
    "frags past the target": lambda g: _bad(g, summary={**g["summary"], "frags": {"Ann": 40}}),
    "an action by seat 7": lambda g: _bad(g, actions=[{**g["actions"][0], "seat": 7}]),
    "a hash after action 99": lambda g: _bad(g, hashes={"99": "0" * 16}),
    "a date that is not one": lambda g: _bad(g, updated="yesterday"),
    "an escape sequence in a name": lambda g: _bad(
        g,
        config={**g["config"], "seats": [{**g["config"]["seats"][0], "name": "A\x1b[2J"}, g["config"]["seats"][1]]},
        players=["A\x1b[2J", "Bob"],
    ),
    "a ruleset this version does not play": lambda g: _bad(g, config={**g["config"], "ruleset": "deadlands"}),
    "nested a thousand deep": lambda g: "[" * 1000 + "]" * 1000,
    "not JSON": lambda g: "{nope",
}


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_a_bad_save_is_one_line_on_every_command(name: str, good: dict, tmp_path: Path, capsys) -> None:
    """Issue 13, faults 1 and 5: verify, load and replay print one line naming the file, exit 2."""
    path = tmp_path / "bad.json"
    path.write_text(BAD_SAVES[name](good))
    with pytest.raises(SaveFormatError):
        read_save(path)
    for command in ("verify", "load", "replay"):
        assert main([command, str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"fragtui: {path}") and err.count("\n") == 1, err
        assert "Traceback" not in err


def test_an_unknown_colour_is_refused_on_load_not_drawn(good: dict) -> None:
    """Fault 5: the colour is checked with the save, so `verify` refuses what `load` could not draw."""
    with pytest.raises(SaveFormatError, match=r"looks\.0\.colour: unknown colour 'nocolour'"):
        parse_save(_bad(good, looks=[{"colour": "nocolour", "glyph": "@"}] * 2), "x.json")


def test_every_accepted_colour_is_one_rich_can_draw() -> None:
    """What the save accepts is exactly what the interface can draw (and the seats' own colours pass)."""
    from rich.color import Color

    from fragtui.tui.seats import COLOURS

    for colour in (*SEAT_COLOURS, *COLOURS, "color(0)", "color(255)", "#12abEF"):
        SeatLook(colour=colour, glyph="@")
        Color.parse(colour)
    for wrong in ("color(256)", "#12345", "rgb(1,2,3)", "bright_purple", "red on blue"):
        with pytest.raises(ValueError, match="unknown colour"):
            SeatLook(colour=wrong, glyph="@")


def test_bad_saves_in_the_folder_are_listed_as_bad(good: dict, tmp_path: Path, capsys, monkeypatch) -> None:
    """Fault 1: `fragtui saves` lists each bad file with its error; `resume` plays the good one."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    folder = tmp_path / "saves"
    folder.mkdir()
    for n, name in enumerate(BAD_SAVES):
        (folder / f"bad-{n}.json").write_text(BAD_SAVES[name](good))
    os.mkfifo(folder / "pipe.json")
    write_save(parse_save(json.dumps(good)), folder / "good.json")
    found = list_saves()
    assert len(found) == len(BAD_SAVES) + 2
    assert [g.path.name for g in found if g.save is not None] == ["good.json"]
    assert all(g.error for g in found if g.save is None)
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert out.count(": cannot be read — ") == len(BAD_SAVES) + 1 and out.startswith("good  ")
    assert "pipe.json: cannot be read" in out and "named pipe" in out


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_verify_refuses_what_is_not_a_file_at_once(kind: str, tmp_path: Path, capsys) -> None:
    """Fault 9: a FIFO would block for ever, /dev/zero fill the memory: both are refused unread."""
    if kind == "fifo":
        path = tmp_path / "pipe.json"
        os.mkfifo(path)
    elif kind == "device":
        path = Path("/dev/zero")
    else:
        path = tmp_path
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fragtui: {path}: ") and err.count("\n") == 1
    assert {"fifo": "named pipe", "device": "device", "folder": "folder"}[kind] in err


@pytest.mark.parametrize("kind", ["huge", "fifo"])
def test_a_save_naming_a_huge_or_endless_map_is_refused_unread(kind: str, good: dict, tmp_path: Path, capsys) -> None:
    """Fault 4: a save may name any map file, and it is read before the fingerprint can be compared:
    a 1000×1000 map is refused by its size, a FIFO without waiting for a writer."""
    from tests.content.test_limits import open_map

    board = tmp_path / f"{kind}.map"
    if kind == "fifo":
        os.mkfifo(board)
    else:
        board.write_text(open_map(1000, 1000))
    path = tmp_path / "save.json"
    path.write_text(_bad(good, config={**good["config"], "map": str(board)}))
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fragtui: {path}: the game's map or cards cannot be loaded: {board}: ")
    assert ("more than any map can be" if kind == "huge" else "named pipe") in err and err.count("\n") == 1


def test_verify_reads_no_more_than_a_save_can_hold(tmp_path: Path, monkeypatch, capsys) -> None:
    """A file longer than the bound is refused by its size, never read whole."""
    import fragtui.saves.format as save_format  # (the store reads the bound from the format when it reads a save)

    monkeypatch.setattr(save_format, "MAX_SAVE_BYTES", 100)
    path = tmp_path / "long.json"
    path.write_text(" " * 101)
    assert main(["verify", str(path)]) == 2
    assert "101 bytes, more than any save can be" in capsys.readouterr().err


def test_verify_without_hashes_does_not_claim_they_match(good: dict, tmp_path: Path, capsys) -> None:
    """Interface 11: a save with no state hashes is replayed, and `verify` says there was nothing to compare."""
    with_hashes = tmp_path / "with.json"
    with_hashes.write_text(json.dumps(good))
    assert main(["verify", str(with_hashes)]) == 0
    assert len(good["hashes"]) == 1
    assert "its state hash matches" in capsys.readouterr().out
    without = tmp_path / "without.json"
    without.write_text(_bad(good, hashes={}))
    assert main(["verify", str(without)]) == 0
    out = capsys.readouterr().out
    assert "hashes match" not in out and "holds no state hashes" in out


def test_every_command_error_starts_with_the_program_name(tmp_path: Path, capsys) -> None:
    """Interface 11: `maps check` printed its problems without the `fragtui:` every other error has."""
    bad = tmp_path / "bad.map"
    bad.write_text("name: x\n+-+-+\n|1 Q|\n+-+-+\n")
    assert main(["maps", "check", str(bad)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(line.startswith("fragtui: ") for line in lines)
    for argv in (["verify", str(tmp_path / "none.json")], ["cards", "check", str(bad)], ["load", str(bad)]):
        assert main(argv) == 2
        assert all(line.startswith("fragtui: ") for line in capsys.readouterr().err.splitlines())
