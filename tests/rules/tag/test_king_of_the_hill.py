"""Frag Tag's King of the Hill (J-TAG-04) under base Frag and Frag Deadlands, with scripted dice: the hill
on the map's hill or flag square, a point for standing on it at a turn's end, and the `hill-moves` option
moving it to a rolled respawn point (tests/rules/tag/common.py sets the games up)."""

from __future__ import annotations

import pytest

from fragtui.engine.board import Square
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import Phase
from fragtui.engine.frag.tag import KingOfTheHill
from tests.conftest import game_from, kinds
from tests.rules.tag.common import RULESETS, tag_game, texts

HILL = Square(6, 3)
"""The Pocket Arena's flag square, where the hill starts (it has no hill square)."""
HOYLES = {"frag": [], "deadlands": [1]}
"""The die of the Huckster's Hoyle's Book of Games as Ann's turn begins (Frag Deadlands, D-FTR-04): a 1."""


@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_hill_starts_on_the_flag_square__J_TAG_04(ruleset: str) -> None:
    """Ruling J-TAG-04: on a map without a hill square the hill is the flag square; the view shows it."""
    game = tag_game(ruleset, "king-of-the-hill")
    assert isinstance(game.rules.scoring(), KingOfTheHill)
    view = game.view(1).objective
    assert view is not None and (view.mode, view.title, view.hill, view.flag) == (
        "king-of-the-hill",
        "King of the Hill",
        HILL,
        None,
    )
    assert (view.scores, view.target) == ((0, 0), 10)


@pytest.mark.rule("J-TAG-04")
def test_a_maps_hill_square_is_the_hill__J_TAG_04() -> None:
    """A map with a hill square (K) starts the hill there, not on its flag square."""
    game = game_from("""
        options = { objective = "king-of-the-hill" }
        map_text = '''
        +-+-+-+-+-+
        |1 F . K 2|
        +-+-+-+-+-+
        '''
        [[fighter]]
        name = "Ann"
        at = "0,0"
        [[fighter]]
        name = "Bob"
        at = "4,0"
    """)
    assert game.state.objective is not None and game.state.objective.hill == Square(3, 0)


@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_standing_on_the_hill_at_a_turns_end_scores_a_point__J_TAG_04(ruleset: str) -> None:
    """Ruling J-TAG-04 (turn-based play): Ann steps onto the hill and ends her turn there: a point; Bob's
    turn ends with her still on it: another; Bob, off the hill, scores none."""
    game = tag_game(ruleset, "king-of-the-hill", dice=[3, 3, *HOYLES[ruleset]], ann="6,4", movement=1)
    events = game.play(["step n", "end"])
    scored = [e for e in events if e.kind is FragEventKind.POINT_SCORED]
    assert [(e.text, e.player, e.amount) for e in scored] == [("Ann scores a point on the hill (1 of 10)", 0, 1)]
    events = game.play(["roll", "end"])
    assert "Ann scores a point on the hill (2 of 10)" in texts(events)
    assert game.view(0).objective is not None and game.view(0).objective.scores == (2, 0)


@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_nobody_on_the_hill_scores_nothing__J_TAG_04(ruleset: str) -> None:
    """A turn that ends with nobody on the hill scores nobody a point."""
    game = tag_game(ruleset, "king-of-the-hill", ann="6,4")
    events = game.play(["end"])
    assert "PointScored" not in kinds(events)
    assert game.state.objective is not None and game.state.objective.points == [0, 0]


@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_points_set_before_play_win__J_TAG_04(ruleset: str) -> None:
    """With `target = 3`, Ann's third point on the hill wins at once."""
    game = tag_game(ruleset, "king-of-the-hill", ann="6,3", options=", target = 3", objective="points = { Ann = 2 }")
    events = game.play(["end"])
    assert kinds(events)[-2:] == ["PointScored", "Won"]
    assert events[-1].text == "Ann wins with 3 points!"
    assert game.state.winner == 0 and game.state.turn.phase is Phase.OVER


@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("hill", "dice", "point", "square"),
    [
        ("6,3", [5, 2], 2, Square(10, 1)),  # a 5 names no respawn point of the Pocket Arena: rolled again
        ("1,1", [1, 6, 3], 3, Square(1, 10)),  # a 1 names the hill's own square: rolled again
    ],
)
def test_the_hill_moves_to_a_rolled_respawn_point_after_n_points__J_TAG_04(
    ruleset: str, hill: str, dice: list[int], point: int, square: Square
) -> None:
    """`hill-moves = 2`: Ann earns a point on the hill at the end of her turn and another at the end of
    Bob's; then the hill moves to a respawn point rolled for (another square than its own), the log says
    where, and the count starts again."""
    game = tag_game(
        ruleset,
        "king-of-the-hill",
        dice=[3, 3, *dice, *HOYLES[ruleset], 3, 3],
        ann=hill,
        options=", hill-moves = 2",
        objective=f'hill = "{hill}"',
    )
    events = game.play(["end"])
    assert "HillMoved" not in kinds(events)
    assert game.state.objective is not None and game.state.objective.hill_points == [1, 0]
    events = game.play(["roll", "end"])
    moved = [e for e in events if e.kind is FragEventKind.HILL_MOVED]
    assert [(e.text, e.square) for e in moved] == [
        (f"Ann has earned 2 points on the hill: it moves to respawn point {point} ({square})", square)
    ]
    assert kinds(events).index("PointScored") < kinds(events).index("HillMoved") < kinds(events).index("TurnBegan")
    objective = game.state.objective
    assert (objective.hill, objective.hill_points, objective.points) == (square, [0, 0], [2, 0])
    assert game.view(None).objective is not None and game.view(None).objective.hill == square
    assert game.state.dice.script == (3, 3)  # (only Ann's movement dice left: the hill's were rolled)
    events = game.play(["roll", "end"])  # (Ann, still on the old hill, scores nothing now)
    assert "PointScored" not in kinds(events)
