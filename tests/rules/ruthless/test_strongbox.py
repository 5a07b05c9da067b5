"""The strongbox scenario (ruling R-SKED-01: a scenario with an objective besides driving the others off): the
box placed fair between the posses, carried off across the carrier's own home edge only, 3 a Move and one Move
a turn, the skedaddle roll counting the dead, and the posses that run leaving the others to fight on."""

from __future__ import annotations

import random
from functools import cache

import pytest

from fragtui.content.library import board_named, new_game
from fragtui.engine.board import Board, Direction, Square
from fragtui.engine.config import make_config
from fragtui.engine.harness import play_random_game
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.ruthless.actions import Mount, MoveTo, Shoot
from fragtui.engine.ruthless.grid import distance, standable, walk_field
from fragtui.engine.ruthless.home_edges import FAIR, REACH_WEIGHT, edge_cells, home_edge, strongbox_square
from fragtui.engine.ruthless.table import Condition
from fragtui.engine.state import GameState
from tests.rules.ruthless.common import (
    BOARD,
    actions_of,
    done,
    model,
    pick,
    refresh,
    ruthless_game,
    ruthless_scenario,
    texts,
)

HANDS = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "9C", "6S", "5C", "8H"]}
BOX = Square(8, 3)
"""Where the box starts on the test board with two posses: points 1 (1,1) and 2 (10,6), the flag at 7,3."""

THREE_POSSES = """
ruleset: ruthless
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . .|
+                       +
|. 1 . . . . . . . . 2 .|
+                       +
|. . . . . . . . . . . .|
+                       +
|. . . . . . F . . . . .|
+                       +
|. . . . . . . . . . . .|
+                       +
|. . . . . . . . . . . .|
+                       +
|. . . . . 3 . . . . . .|
+                       +
|. . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""


def _game(ann, bob, dice=(), sundown=0):
    game = ruthless_game({"Ann": ann, "Bob": bob}, dice=dice, hands=HANDS, scenario="strongbox", sundown=sundown)
    pick(game, {"Ann": "KS", "Bob": "QH"})
    return game


def _carrying(game, fighter: int):
    """The game with `fighter` holding the strongbox (set by hand, as the tests place models)."""
    table = game.state.ruthless
    table.carrier, table.strongbox = fighter, None
    return refresh(game)


def _unfairness(board: Board, seats: int, square: Square) -> float:
    """The greatest difference between the posses' walks home from `square`, and a quarter of the greatest
    between their walks to it."""
    reaches, homes = _fields(board, seats)
    walks = [field[square.cell] for field in reaches]
    hauls = [field[square.cell] for field in homes]
    return max(hauls) - min(hauls) + (max(walks) - min(walks)) * REACH_WEIGHT


@cache
def _fields(board: Board, seats: int) -> tuple[list[dict[tuple[int, int], float]], list[dict[tuple[int, int], float]]]:
    """Each posse's walk from its point and to its home edge, worked out here (not the module's own)."""
    reaches = [walk_field(board, [board.respawn_points[seat + 1].cell]) for seat in range(seats)]
    homes = [walk_field(board, edge_cells(board, home_edge(board, seat))) for seat in range(seats)]
    return reaches, homes


@pytest.mark.rule("R-SKED-01")
def test_each_posse_has_the_side_nearest_its_point_for_home__R_SKED_01() -> None:
    """Point 1 at 1,1 is one square from the north and the west sides: the tie goes north; point 2 at 10,6 one
    from the east and the south: east. The view tells everyone (the map, the computers)."""
    assert (home_edge(BOARD, 0), home_edge(BOARD, 1)) == (Direction.N, Direction.E)
    game = _game([("chet-willis", "4,3")], [("ike-pruitt", "11,7")])
    assert game.view(None).ruthless.home_edges == (Direction.N, Direction.E)
    assert game.view(None).ruthless.scenario == "strongbox"
    showdown = ruthless_game({"Ann": [("chet-willis", "4,3")], "Bob": [("ike-pruitt", "11,7")]})
    assert showdown.view(None).ruthless.home_edges == () and showdown.state.ruthless.strongbox is None


@pytest.mark.rule("R-SKED-01")
def test_the_strongbox_starts_fair_between_the_posses__R_SKED_01() -> None:
    """The flag square (7,3) is 4 from Ann's north edge and 3½ from Bob's east one: the box starts on 8,3, 3
    from each (and 8 and 4 from their points, a quarter of which counts: the way there is ridden) — fair within
    `FAIR` — the nearest such square to the flag."""
    game = _game([("chet-willis", "4,3")], [("ike-pruitt", "11,7")])
    assert game.state.ruthless.strongbox == BOX == strongbox_square(BOARD, 2)
    assert _unfairness(BOARD, 2, BOX) == FAIR < _unfairness(BOARD, 2, Square(7, 3))
    nearer = [
        Square(x, y)
        for y in range(1, BOARD.height - 1)
        for x in range(1, BOARD.width - 1)
        if standable(BOARD, x, y) and distance(Square(x, y), Square(7, 3)) < distance(BOX, Square(7, 3))
    ]
    assert all(_unfairness(BOARD, 2, square) > FAIR for square in nearer)


@pytest.mark.rule("R-SKED-01")
@pytest.mark.parametrize(("map_name", "seats"), [("main-street", 2), ("main-street", 3), ("dry-creek", 4)])
def test_on_the_shipped_maps_no_square_is_fairer__R_SKED_01(map_name: str, seats: int) -> None:
    """Main Street's flag lies 7 squares below point 3: with three posses the box starts elsewhere, and on every
    map no square off the edge is fairer than the one it starts on (or is as fair and nearer the flag)."""
    board = board_named(map_name)
    box = strongbox_square(board, seats)
    assert box is not None and 0 < box.x < board.width - 1 and 0 < box.y < board.height - 1
    least = min(
        max(_unfairness(board, seats, Square(x, y)), FAIR)
        for y in range(1, board.height - 1)
        for x in range(1, board.width - 1)
        if standable(board, x, y)
    )
    assert max(_unfairness(board, seats, box), FAIR) == least
    if (map_name, seats) == ("main-street", 3):
        assert box != Square(15, 7)


@pytest.mark.rule("R-SKED-01")
def test_a_move_onto_it_takes_it_and_is_his_move_for_the_turn__R_SKED_01() -> None:
    """Chet ends a Move on the box and takes it up; that was his one Move this turn, carrying it (he may still
    shoot); next turn he moves 3 at most."""
    game = _game([("chet-willis", "4,3")], [("ike-pruitt", "11,7")], dice=[9, 9])
    assert (game.view(1).ruthless.strongbox, game.view(1).ruthless.carrier) == (BOX, None)  # public, for the map
    game.apply(MoveTo(fighter=0, to=BOX))
    assert game.state.ruthless.carrier == 0 and game.state.ruthless.strongbox is None
    assert (game.view(None).ruthless.strongbox, game.view(None).ruthless.carrier) == (None, 0)
    assert not [a for a in actions_of(game, 0) if isinstance(a, MoveTo)] and actions_of(game, 0)
    done(game)
    done(game)  # the turn ends (two skedaddle rolls of 9)
    pick(game, {"Ann": "8S", "Bob": "5C"})
    moves = [a.to for a in actions_of(game, 0) if isinstance(a, MoveTo)]
    assert moves and max(distance(BOX, to) for to in moves) == 3


@pytest.mark.rule("R-SKED-01")
def test_a_rider_carrying_it_moves_3_too__R_SKED_01() -> None:
    """Tom Ketchum rides (a Move of 12): carrying the box, 3, as on foot."""
    game = _carrying(_game([("tom-ketchum", "4,3")], [("ike-pruitt", "11,7")]), 0)
    assert model(game, 0).mounted
    moves = [a.to for a in actions_of(game, 0) if isinstance(a, MoveTo)]
    assert moves and max(distance(Square(4, 3), to) for to in moves) == 3


@pytest.mark.rule("R-SKED-01")
def test_only_his_own_home_edge_carries_it_off__R_SKED_01() -> None:
    """Ann's home is the north side: her carrier on the east edge (Bob's) has not carried it off; Bob's carrier
    there has."""
    game = _carrying(_game([("chet-willis", "9,3")], [("ike-pruitt", "1,7")]), 0)
    game.apply(MoveTo(fighter=0, to=Square(11, 3)))
    assert not game.over and game.state.ruthless.carrier == 0
    game = _carrying(_game([("chet-willis", "1,7")], [("ike-pruitt", "9,4")]), 1)
    done(game)  # Ann is done: Bob acts
    events = game.apply(MoveTo(fighter=1, to=Square(11, 4)))
    assert game.over and game.state.winner == 1
    assert "Ike Pruitt (Bob) carries the strongbox off the east edge!" in texts(events)
    assert game.view(0).ruthless.carried_off == 1  # (the game-over screen says how the game was won)


@pytest.mark.rule("R-SKED-01")
def test_the_carrier_on_his_own_edge_wins__R_SKED_01() -> None:
    game = _carrying(_game([("chet-willis", "6,2"), ("doc-calloway", "1,1")], [("ike-pruitt", "1,7")]), 0)
    events = game.apply(MoveTo(fighter=0, to=Square(6, 0)))  # the north edge, through the rough column
    assert game.over and game.state.winner == 0
    assert any("carries the strongbox off the north edge" in text for text in texts(events))
    assert game.rules.phase_title(game.state.turn.phase) == "the fight for the strongbox is over"


@pytest.mark.rule("R-SKED-01")
def test_a_carrier_shot_down_drops_it_where_he_stands__R_SKED_01() -> None:
    """Chet carries it; Ike's shot knocks him out with a severe wound: it lies on his square."""
    game = _carrying(_game([("chet-willis", "8,3")], [("ike-pruitt", "11,3")], dice=[9, 10]), 0)
    done(game)
    game.apply(Shoot(fighter=1, target=0))  # Bob activates: 9 + 2 (shotgun close) hits; severe
    assert not model(game, 0).standing
    assert game.state.ruthless.carrier is None and game.state.ruthless.strongbox == Square(8, 3)


@pytest.mark.rule("R-SKED-01")
def test_mounting_does_not_speed_the_carrier__R_SKED_01() -> None:
    """Mounting gains him nothing (3 a Move either way), though he may: a horse carrying the box is no faster."""
    game = _carrying(_game([("tom-ketchum", "4,3")], [("ike-pruitt", "11,7")]), 0)
    model(game, 0).mounted = False
    game = refresh(game)
    game.apply(Mount(fighter=0))
    moves = [a.to for a in actions_of(game, 0) if isinstance(a, MoveTo)]
    assert moves and max(distance(Square(4, 3), to) for to in moves) == 3


@pytest.mark.rule("R-SKED-01")
def test_the_skedaddle_roll_counts_the_dead_only__R_SKED_01() -> None:
    """Ann has a model Lily Livered and one unconscious, none dead: her roll of 1 holds for the strongbox (it
    would run her off in a showdown); with one dead, it runs."""
    ann = [("chet-willis", "1,1"), ("doc-calloway", "2,1"), ("lucky-lou", "3,1")]
    game = _game(ann, [("ike-pruitt", "11,7")], dice=[1, 9])
    model(game, 0).markers.lily_livered = True
    model(game, 1).condition = Condition.UNCONSCIOUS
    game = refresh(game)
    done(game)
    events = done(game)
    assert not game.over and game.state.turn.number == 2
    assert "Ann: skedaddle: 0 or less runs (d10): 1 = 1" in texts(events)
    game = _game(ann, [("ike-pruitt", "11,7")], dice=[1, 9])
    model(game, 2).condition, model(game, 2).square = Condition.DEAD, None
    game = refresh(game)
    done(game)
    done(game)
    assert game.over and game.state.winner == 1


@pytest.mark.rule("R-SKED-01")
def test_sundown_ends_it_with_the_holder_winning__R_SKED_01() -> None:
    game = _carrying(_game([("chet-willis", "4,3")], [("ike-pruitt", "11,7"), ("doc-calloway", "10,7")],
                           dice=[9, 9], sundown=1), 0)  # fmt: skip
    done(game)
    events = done(game)
    assert game.over and game.state.winner == 0  # holding it, though Bob has more standing
    assert "Sundown: the fight for the strongbox is over" in texts(events)
    assert "Ann wins the fight for the strongbox" in texts(events)


@pytest.mark.rule("R-SKED-01")
def test_a_posse_that_runs_leaves_the_others_to_fight_on__R_SKED_01() -> None:
    """Three posses. Cat's carrier is one of her two men; her other is dead, and she rolls 1: her posse leaves
    the field, the box falls where her carrier stood, and Ann and Bob fight on (Cat picks no card). When Bob runs
    too, Ann, the last in the field, wins."""
    game = ruthless_scenario(
        """
        options = { scenario = "strongbox", sundown = 0 }
        dice = [9, 9, 1, 9, 1, 9]

        [[posse]]
        name = "Ann"
        hand = ["KS", "2C", "3H", "5D", "8S"]
        [[posse.model]]
        gunfighter = "chet-willis"
        at = "1,1"

        [[posse]]
        name = "Bob"
        hand = ["QH", "9C", "6S", "5C", "8H"]
        [[posse.model]]
        gunfighter = "ike-pruitt"
        at = "10,1"

        [[posse]]
        name = "Cat"
        hand = ["JD", "4C", "7H", "10S", "6D"]
        [[posse.model]]
        gunfighter = "tom-ketchum"
        at = "5,6"
        carrying = true
        [[posse.model]]
        gunfighter = "lucky-lou"
        condition = "dead"
        """,
        THREE_POSSES,
    )
    pick(game, {"Ann": "KS", "Bob": "QH", "Cat": "JD"})
    done(game)
    done(game)
    events = done(game)  # skedaddle rolls: Ann 9, Bob 9, Cat 1 (one dead): she runs
    assert not game.over and game.state.turn.number == 2
    assert "Cat's posse leaves the field: the rest fight on for the box" in texts(events)
    assert model(game, 2).condition is Condition.FLED and model(game, 2).square is None
    assert game.state.ruthless.strongbox == Square(5, 6) and game.state.ruthless.carrier is None
    assert game.state.ruthless.hands[2] == [] and game.state.ruthless.skedaddled == [2]
    pick(game, {"Ann": "2C", "Bob": "9C"})  # Cat is not asked
    assert game.state.ruthless.order == [1, 0]
    done(game)
    done(game)  # Ann rolls 9, Bob 1 against none dead: both hold
    assert not game.over
    model(game, 1).condition, model(game, 1).square = Condition.DEAD, None  # Bob's one man is killed
    game = refresh(game)
    pick(game, {"Ann": "8S", "Bob": "6S"})
    events = done(game)  # Bob has nobody to act: the turn ends; Ann rolls 9, Bob is wiped out
    assert game.over and game.state.winner == 0
    assert "Bob's posse is wiped out" in texts(events)


@pytest.mark.rule("R-SKED-01")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_strongbox_games_keep_every_promise__R_SKED_01(seed: int) -> None:
    rng = random.Random(f"strongbox/{seed}")
    config = make_config(
        ruleset="ruthless",
        map="main-street",
        seats=find_ruleset("ruthless").random_seats(rng, 2 + seed),
        options={"scenario": "strongbox"},
    )
    game = new_game(config, seed)
    report = play_random_game(game, rng)
    assert report.winner is not None
    assert game.replay().state == game.state
    assert GameState.model_validate_json(game.state.model_dump_json()) == game.state
    assert game.rules.phase_title(game.state.turn.phase) == "the fight for the strongbox is over"
