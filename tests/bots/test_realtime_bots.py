"""The heuristic bot plays Real-Time Frag (the `real-time` option, J-RT-01..10) on its own view: legal, sensible
orders (it turns to face an enemy in sight, spends its points walking toward one, shoots when it can), and four
of them finish a 4-player game to 3 frags under Frag and Frag Deadlands with every promise kept."""

from __future__ import annotations

import random

import pytest

from fragtui.bots import BotWindow, make_bot
from fragtui.bots.heuristic import HeuristicBot
from fragtui.bots.match import play_game
from fragtui.content.library import new_game
from fragtui.engine.actions import Pass
from fragtui.engine.board import Direction
from fragtui.engine.config import make_config
from fragtui.engine.frag.actions import Attack
from fragtui.engine.realtime.movement import Face, Step
from fragtui.engine.rulesets import find_ruleset
from tests.conftest import game_from


@pytest.mark.rule("J-RT-01")
@pytest.mark.parametrize(("ruleset", "map_name", "seed"), [("frag", "desert", 0), ("deadlands", "town", 1)])
def test_four_heuristic_bots_finish_a_real_time_game_to_three_frags(ruleset: str, map_name: str, seed: int) -> None:
    rng = random.Random(f"real-time bots/{ruleset}/{seed}")
    config = make_config(
        ruleset=ruleset,
        map=map_name,
        frag_target=3,
        seats=find_ruleset(ruleset).random_seats(rng, 4),
        options={"real-time": True},
    )
    game = new_game(config, seed)
    bots = [make_bot("heuristic", seed * 10 + n) for n in range(4)]
    report = play_game(game, bots, check=True)
    assert report.finished and game.state.winner is not None
    assert max(p.frags for p in game.state.players) == 3
    assert all(isinstance(bot, HeuristicBot) and bot.slips == 0 for bot in bots)


def _duel(ann_at: str, bob_at: str, ann_facing: str) -> object:
    return game_from(f"""
        options = {{ real-time = true }}
        dice = [5, 2, 5, 5, 5, 5, 6, 6, 6, 3, 3, 3, 3, 3, 3, 3, 3]
        [[fighter]]
        name = "Ann"
        at = "{ann_at}"
        markers = {{ facing = "{ann_facing}" }}
        [[fighter]]
        name = "Bob"
        at = "{bob_at}"
        markers = {{ facing = "n" }}
    """)


def test_the_bot_turns_to_face_an_enemy_in_sight_then_shoots__J_RT_05_J_RT_10() -> None:
    """Ann faces east with Bob in sight to her south: with her segment's 1 point she turns a quarter to face him
    (J-RT-05), which is all she may order; in the Combat step she attacks him."""
    game = _duel("2,4", "2,8", "e")
    bot = make_bot("heuristic", 1)
    order = bot.decide(BotWindow(game, 0))  # type: ignore[arg-type]
    assert order == Face(facing=Direction.S)
    game.apply(order, seat=0)  # type: ignore[attr-defined]
    assert game.deciders() == (1,)  # type: ignore[attr-defined]
    game.apply(Pass(), seat=1)  # type: ignore[attr-defined]
    shot = bot.decide(BotWindow(game, 0))  # type: ignore[arg-type]
    assert isinstance(shot, Attack) and shot.target == 1


def test_the_bot_walks_toward_an_enemy_out_of_sight__J_RT_06() -> None:
    """Bob is out of Ann's sight in the strongroom (5,1): she heads for him, turning first to the way her walk
    goes, then stepping forward (1 point a square, J-RT-06) rather than sideways (2)."""
    game = _duel("0,11", "5,1", "e")
    bot = make_bot("heuristic", 1)
    order = bot.decide(BotWindow(game, 0))  # type: ignore[arg-type]
    assert order in (Step(way="forward"), Face(facing=Direction.N))  # type: ignore[arg-type]
