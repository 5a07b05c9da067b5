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


def _tag(mode: str, objective: str, fighters: list[tuple[str, str, str]]) -> object:
    """A Real-Time game of the Frag Tag `mode` on the Pocket Arena (its flag and hill on 6,3), at the first
    segment's orders: `fighters` as (name, square, facing). Ann has the highest initiative, and every fighter
    12 Speed points, at least one in each segment (J-RT-03)."""
    dice = [6, 5, 4][: len(fighters)] + [6, 6] * len(fighters) + [3] * 30  # initiative, Speed (2 dice each)
    lines = [f'options = {{ real-time = true, objective = "{mode}" }}', f"dice = {dice}"]
    if objective:
        lines.append(f"[objective]\n{objective}")
    for name, at, facing in fighters:
        lines.append(f'[[fighter]]\nname = "{name}"\nat = "{at}"\nmarkers = {{ facing = "{facing}" }}')
    return game_from("\n".join(lines))


def _order(game: object, seat: int = 0) -> object:
    bot = make_bot("heuristic", 1)
    assert isinstance(bot, HeuristicBot)
    return bot.decide(BotWindow(game, seat))  # type: ignore[arg-type]


@pytest.mark.rule("J-TAG-03")
def test_in_keep_away_the_bot_runs_for_the_flag_rather_than_face_an_enemy_in_sight() -> None:
    """Keep-Away with the flag on the ground at 6,3: Ann (facing east, at 2,8) has Bob in sight to her south. In
    Frag she would turn to face him; here she sets off for the flag first (north or east, never south)."""
    game = _tag("keep-away", "", [("Ann", "2,8", "e"), ("Bob", "2,11", "n")])
    order = _order(game)
    assert order != Face(facing=Direction.S)
    assert order in (Face(facing=Direction.N), Step(way="forward"))
    plain = game_from(
        "options = { real-time = true }\ndice = "
        + str([6, 5] + [6, 6] * 2 + [3] * 30)
        + '\n[[fighter]]\nname = "Ann"\n'
        'at = "2,8"\nmarkers = { facing = "e" }\n[[fighter]]\nname = "Bob"\nat = "2,11"\n'
        'markers = { facing = "n" }'
    )
    assert _order(plain) == Face(facing=Direction.S), "in plain Real-Time Frag she turns to face him"


@pytest.mark.rule("J-TAG-03")
def test_in_keep_away_the_flags_holder_runs_from_the_enemy_instead_of_facing_him() -> None:
    """Ann holds the flag (she may not shoot, J-TAG-03) at 6,6, facing north, with Bob coming from the south at
    6,10. She does not turn to face him: she runs for the square within her reach farthest from him, 10,4 (north
    is the strongroom's wall), and so turns east first."""
    game = _tag("keep-away", 'holder = "Ann"', [("Ann", "6,6", "n"), ("Bob", "6,10", "n")])
    assert _order(game) == Face(facing=Direction.E)
    hunted = _tag("keep-away", 'holder = "Bob"', [("Ann", "6,6", "n"), ("Bob", "6,10", "n")])
    assert _order(hunted) != Face(facing=Direction.E), "without the flag she goes after its holder"


@pytest.mark.rule("J-TAG-01")
def test_in_turn_to_frag_the_bot_goes_after_it_and_not_the_bystander_in_sight() -> None:
    """Turn to Frag, Cat is "it" in the strongroom (5,1), out of Ann's sight; Bob, in her sight at 2,11, is worth
    nothing to her: she does not turn to face Bob but heads for Cat (north, the way to the strongroom's door)."""
    game = _tag("turn-to-frag", 'it = "Cat"', [("Ann", "2,8", "e"), ("Bob", "2,11", "n"), ("Cat", "5,1", "s")])
    order = _order(game)
    assert order != Face(facing=Direction.S)
    assert order in (Face(facing=Direction.N), Step(way="forward"))


@pytest.mark.rule("J-TAG-04")
def test_in_king_of_the_hill_the_bot_on_the_hill_stays_and_faces_a_contender() -> None:
    """King of the Hill with the hill at 6,3: Ann on it, facing east, Bob in sight south of her at 6,8: with her
    segment's one point she turns a quarter to face him (J-RT-05) and does not step off."""
    game = _tag("king-of-the-hill", "", [("Ann", "6,3", "e"), ("Bob", "6,8", "n")])
    assert _order(game) == Face(facing=Direction.S)


@pytest.mark.rule("J-TAG-04")
def test_in_king_of_the_hill_the_bot_off_the_hill_makes_for_it_before_facing_anyone() -> None:
    """Nobody is on the hill (6,3): Ann at 2,8, facing east, has Bob in sight to her south; she makes for the hill
    (east or north) rather than turn to face him."""
    game = _tag("king-of-the-hill", "", [("Ann", "2,8", "e"), ("Bob", "2,11", "n")])
    assert _order(game) in (Face(facing=Direction.N), Step(way="forward"))
