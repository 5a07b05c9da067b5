"""The map format: what it expresses, and the clear errors for what it refuses."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fragtui.cli import main
from fragtui.content.maps import format_map, load_map, load_named_map, map_names, parse_map
from fragtui.engine.board import Diagonal, Direction, EdgeFeature, Side, Square, Terrain
from fragtui.errors import MapFormatError
from tests.conftest import board_from

GOOD = """\
name: Sample
description: every feature at once
players: 2-3
ruleset: deadlands
main street: 0,1 4,1
+-+-+-+-+-+
|1 . W G P|
+ + +-+ + +
|~ : T / 2|
+ +w+^+ +d+
|3 D > T .|
+ + + + + +
|t M H K F|
+ + + + + +
|, c C \\ .|
+-+-+-+-+-+
"""


def _error(text: str) -> MapFormatError:
    with pytest.raises(MapFormatError) as info:
        parse_map(textwrap.dedent(text), "bad.map")
    return info.value


def test_the_format_expresses_every_feature() -> None:
    board = parse_map(GOOD, "good.map")
    assert (board.width, board.height, board.players_min, board.players_max) == (5, 5, 2, 3)
    assert board.ruleset == "deadlands"
    assert board.respawn_points == {1: Square(0, 0), 2: Square(4, 1), 3: Square(0, 2)}
    cell = board.cell
    assert [cell(x, 0).terrain for x in (2, 3, 4)] == [
        Terrain.WEAPON_POWER_UP,
        Terrain.GADGET_POWER_UP,
        Terrain.POWER_UP,
    ]
    assert [cell(x, 1).terrain for x in (0, 1, 2)] == [Terrain.ACID, Terrain.GRATE, Terrain.TELEPORTER]
    assert cell(3, 1).diagonal is Diagonal.SLASH and cell(3, 4).diagonal is Diagonal.BACKSLASH
    assert board.squares(3, 1) == (Square(3, 1, Side.NW), Square(3, 1, Side.SE))
    assert cell(1, 2).terrain is Terrain.DOOR and cell(1, 2).door is None
    assert cell(2, 2).door is Direction.E
    assert board.edge(1, 1, Direction.S).feature is EdgeFeature.WINDOW  # type: ignore[union-attr]
    assert board.edge(2, 1, Direction.S).one_way is Direction.N  # type: ignore[union-attr]
    assert board.edge(4, 1, Direction.S).feature is EdgeFeature.DOOR  # type: ignore[union-attr]
    assert board.edge(1, 0, Direction.S) is None
    assert board.beasts[0].mouth == (1, 3) and board.beasts[0].tentacles == ((0, 3),)
    assert cell(0, 3).beast == 0 and cell(1, 3).beast == 0
    assert [cell(x, 3).terrain for x in (2, 3, 4)] == [Terrain.GALLOWS, Terrain.HILL, Terrain.FLAG]
    assert [cell(x, 4).terrain for x in (0, 1, 2)] == [Terrain.ROUGH, Terrain.SOFT_COVER, Terrain.HARD_COVER]
    assert board.in_main_street(Square(4, 1)) and not board.in_main_street(Square(4, 2))
    assert board.teleporters == (Square(2, 1), Square(3, 2))


def test_format_then_parse_gives_the_same_board() -> None:
    board = parse_map(GOOD, "good.map")
    assert parse_map(format_map(board)) == board


@pytest.mark.parametrize("name", map_names())
def test_every_shipped_map_round_trips(name: str) -> None:
    board = load_named_map(name)
    assert parse_map(format_map(board)) == board


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("name: x\n+-+-+\n|1 Q|\n+-+-+\n", 3, 4, "unknown symbol 'Q' in a square"),
        ("name: x\n+-+-+\n|1 2|\n+-+\n", 4, 4, "ragged row"),
        ("name: x\n+-+-+\n|1 .|\n+-+>+\n|2 .|\n+-+-+\n", 4, 4, "door without a direction"),
        ("name: x\n+-+-+\n|1^.|\n+ + +\n|2 .|\n+-+-+\n", 3, 3, "door without a direction"),
        ("name: x\n+-+-+\n|1-2|\n+-+-+\n", 3, 3, "belongs on a horizontal edge"),
        ("name: x\n+-+-+-+\n|1|. 2|\n+-+-+-+\n", 3, 6, "respawn point 2 cannot be reached"),
        ("name: x\n+-+-+\n|1>2|\n+-+-+\n", 3, 4, "respawn point 2 cannot be reached"),
        ("name: x\n+-+-+-+\n|1 T 2|\n+-+-+-+\n", 3, 4, "teleporter without a partner"),
        ("name: x\n+-+-+-+\n|1 1 2|\n+-+-+-+\n", 3, 4, "respawn point 1 appears twice"),
        ("name: x\n+-+-+-+\n|1 3 .|\n+-+-+-+\n", 2, 1, "missing 2"),
        ("name: x\n+-+-+-+\n|1 . .|\n+-+-+-+\n", 2, 1, "at least two respawn points"),
        ("name: x\n+-+ +\n|1 2|\n+-+-+\n", 2, 4, "border must be wall"),
        ("name: x\n+-+-+\n 1 2|\n+-+-+\n", 3, 1, "border must be wall"),
        ("+-+-+\n|1 2|\n+-+-+\n", 1, 1, "no 'name:'"),
        ("name: x\nsize: 3\n+-+-+\n|1 2|\n+-+-+\n", 2, 1, "unknown key 'size'"),
        ("name: x\nplayers: many\n+-+-+\n|1 2|\n+-+-+\n", 2, 10, "players must be"),
        ("name: x\nplayers: 2-4\n+-+-+\n|1 2|\n+-+-+\n", 2, 1, "only 2 respawn points"),
        ("name: x\nruleset: chess\n+-+-+\n|1 2|\n+-+-+\n", 2, 10, "ruleset must be"),
        ("name: x\nmain street: 0,0 5,0\n+-+-+\n|1 2|\n+-+-+\n", 2, 1, "outside the 2×1 map"),
        ("name: x\n+-+-+-+\n|1 t 2|\n+-+-+-+\n", 3, 4, "no mouth"),
        ("name: x\n+-+-+-+\n|1 M 2|\n+-+-+-+\n", 3, 4, "mouth with no tentacles"),
        ("name: x\n+-+-+-+-+\n|M t M 1|\n+-+-+-+-+\n|2 . . .|\n+-+-+-+-+\n", 3, 2, "2 mouths"),
        ("name: x\n+-+-+\n|1 2|\n+-+-+\n\nmore\n", 6, 1, "text after the grid"),
        ("name: x\n+-+-+\n|1 2|\n+-+-+\n|. .|\n", 5, 1, "even number of lines"),
        ("name: x\n", 1, 1, "no grid"),
        ("name: x\n+-+-+\n|1 2|\n+-+*+\n", 4, 4, "unknown symbol '*' on a horizontal edge"),
        ("name: x\n+-+-+\n|1 2|\n*-+-+\n", 4, 1, "at a corner"),
    ],
)
def test_a_malformed_map_names_file_line_column_and_problem(text: str, line: int, column: int, words: str) -> None:
    error = _error(text)
    assert words in str(error), str(error)
    assert str(error).startswith(f"bad.map:{line}:{column}: "), str(error)


def test_every_problem_is_reported_at_once() -> None:
    error = _error("name: x\n+-+-+-+\n|1 Q Z|\n+-+-+-+\n")
    messages = [str(e) for e in error.errors]
    assert any("'Q'" in m for m in messages) and any("'Z'" in m for m in messages)


def test_an_unreadable_file_is_a_map_format_error(tmp_path: Path) -> None:
    with pytest.raises(MapFormatError, match=r"missing\.map"):
        load_map(tmp_path / "missing.map")
    binary = tmp_path / "binary.map"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(MapFormatError, match=r"binary\.map: not a UTF-8 text file"):
        load_map(binary)


def test_maps_check_exits_0_or_2_with_the_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = tmp_path / "good.map", tmp_path / "bad.map"
    good.write_text(GOOD)
    bad.write_text("name: x\n+-+-+\n|1 Q|\n+-+-+\n")
    assert main(["maps", "check", str(good)]) == 0
    assert "ok" in capsys.readouterr().out
    assert main(["maps", "check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:3:4: unknown symbol 'Q'" in err and "Traceback" not in err
    assert main(["maps", "check", str(tmp_path / "nope.map")]) == 2
    assert "nope.map" in capsys.readouterr().err


def test_maps_lists_and_shows_the_shipped_maps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["maps"]) == 0
    listing = capsys.readouterr().out
    for name in map_names():
        assert name in listing
    assert main(["maps", "show", "pocket"]) == 0
    shown = capsys.readouterr().out
    board = load_named_map("pocket")
    assert board.name in shown and "Legend:" in shown
    for line in format_map(board).splitlines():
        if line.startswith("+"):
            assert line in shown
    assert main(["maps", "show", "no-such-map"]) == 2
    assert "no map called 'no-such-map'" in capsys.readouterr().err


def test_maps_show_board_from_helper() -> None:
    board = board_from(
        """
        +-+-+
        |1 2|
        +-+-+
        """
    )
    assert board.width == 2


_VALID = load_named_map("pocket") if "pocket" in map_names() else parse_map(GOOD)
_VALID_TEXT = format_map(_VALID)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    edits=st.lists(
        st.tuples(st.integers(0, len(_VALID_TEXT) - 1), st.sampled_from(list(" .#~|-+dwTt1M2/\\<>^vxQ\n"))),
        min_size=1,
        max_size=6,
    )
)
def test_fuzzed_maps_raise_only_map_format_errors(edits: list[tuple[int, str]]) -> None:
    """Any mutation of a valid map either parses or raises a MapFormatError — nothing else."""
    chars = list(_VALID_TEXT)
    for where, ch in edits:
        chars[where] = ch
    try:
        board = parse_map("".join(chars), "fuzz.map")
    except MapFormatError as exc:
        assert exc.errors and str(exc).startswith("fuzz.map")
    else:
        assert parse_map(format_map(board)) == board
