"""The strongbox scenario (ruling R-SKED-01: a scenario with an objective besides driving the others off)."""

from __future__ import annotations

import random

import pytest

from fragtui.content.library import new_game
from fragtui.engine.actions import MoveTo, Shoot
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.harness import play_random_game
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.ruthless.grid import distance
from fragtui.engine.state import GameState
from tests.rules.ruthless.common import actions_of, model, pick, ruthless_game

HANDS = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "9C", "6S", "5C", "8H"]}
BOX = Square(7, 3)  # the flag square of the test board


def _game(ann, bob, dice=()):
    game = ruthless_game({"Ann": ann, "Bob": bob}, dice=dice, hands=HANDS, scenario="strongbox")
    pick(game, {"Ann": "KS", "Bob": "QH"})
    return game


@pytest.mark.rule("R-SKED-01")
def test_the_strongbox_starts_on_the_flag_square_and_a_move_onto_it_takes_it__R_SKED_01() -> None:
    game = _game([("chet-willis", "4,3")], [("ike-pruitt", "11,7")])
    assert game.state.ruthless.strongbox == BOX
    assert (game.view(1).ruthless.strongbox, game.view(1).ruthless.carrier) == (BOX, None)  # public, for the map
    game.apply(MoveTo(fighter=0, to=BOX))
    assert game.state.ruthless.carrier == 0 and game.state.ruthless.strongbox is None
    assert (game.view(None).ruthless.strongbox, game.view(None).ruthless.carrier) == (None, 0)
    moves = [a.to for a in actions_of(game, 0) if isinstance(a, MoveTo)]
    assert moves and max(distance(BOX, to) for to in moves) == 3  # laden: as through rough ground


@pytest.mark.rule("R-SKED-01")
def test_the_carrier_who_reaches_the_edge_wins__R_SKED_01() -> None:
    game = _game([("chet-willis", "8,2"), ("doc-calloway", "1,1")], [("ike-pruitt", "1,7")])
    game.apply(MoveTo(fighter=0, to=BOX))  # takes it up
    events = game.apply(MoveTo(fighter=0, to=Square(7, 0)))  # 3, laden: the north edge
    assert game.over and game.state.winner == 0
    assert any("carries the strongbox off" in e.text for e in events)
    assert game.view(1).ruthless.carried_off == 0  # (the game-over screen says how the game was won)


@pytest.mark.rule("R-SKED-01")
def test_a_carrier_shot_down_drops_it_where_he_stands__R_SKED_01() -> None:
    """Chet carries it; Ike's shot knocks him out with a severe wound: it lies on his square."""
    game = _game([("chet-willis", "8,3")], [("ike-pruitt", "11,3")], dice=[9, 10])
    game.apply(MoveTo(fighter=0, to=BOX))
    game.apply(MoveTo(fighter=0, to=Square(7, 4)))
    assert game.state.ruthless.carrier == 0
    game.apply(Shoot(fighter=1, target=0))  # Bob activates: 9 + 2 (shotgun close) hits; severe
    assert not model(game, 0).standing
    assert game.state.ruthless.carrier is None and game.state.ruthless.strongbox == Square(7, 4)


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
