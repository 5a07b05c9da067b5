"""The heuristic bot plays for Frag Tag's objective (J-TAG-01..04), from set positions (docs/scenarios.md) under base
Frag and Frag Deadlands: it shoots "it" rather than an easier rival, walks to the flag and takes it up, keeps away
with it, hunts its holder, steps onto the hill and stays there, and shoots the king off it. The `hunter` bot (the same
bot ignoring the mode) makes the other choice in the same positions, so each test shows the mode is what decides.

The Pocket Arena (tests/rules/tag/common.py): the flag square (and so the hill) at 6,3, acid at 5,5-6,6.
"""

from __future__ import annotations

import random

import pytest

from fragtui.bots import BotWindow, HeuristicBot, make_bot
from fragtui.bots.map_sense import sense_of
from fragtui.bots.objective import goals_of
from fragtui.bots.situation import Memory, Situation
from fragtui.bots.turn import best_attack
from fragtui.content.library import new_game
from fragtui.engine.actions import Action, EndTurn, Pass
from fragtui.engine.board import Square, distance
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.actions import HoldAttack
from fragtui.engine.frag.actions import Attack, DropFlag, Place, TakeFlag
from fragtui.engine.frag.decisions import FragDecisionKind
from fragtui.engine.frag.state import Phase
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset
from tests.bots.helpers import play_turn
from tests.rules.tag.common import RULESETS, tag_game

FLAG = Square(6, 3)
"""The Pocket Arena's flag square, where the hill is too."""


def choice(game: Game, objective: bool = True) -> Action:
    """What the heuristic bot (or, with `objective` False, the hunter) chooses for the seat deciding now."""
    seat = game.decider()
    assert seat is not None
    return HeuristicBot(0, objective=objective).decide(BotWindow(game, seat))


def situation(game: Game) -> Situation:
    """The decision in front of seat 0, as the objective-aware bot sees it."""
    window = BotWindow(game, 0)
    view = window.view()
    return Situation(window, view, window.legal_actions(), sense_of(window.board), Memory(), goals_of(view, 0))


def own_turn(game: Game, objective: bool = True) -> list[Action]:
    """Seat 0 plays the rest of its turn with the bot (the others pass when a shot asks them to react): the
    actions seat 0 took, in order."""
    bot = HeuristicBot(0, objective=objective)
    window = BotWindow(game, 0)
    taken: list[Action] = []
    for _ in range(100):
        decider = game.decider()
        if decider != 0:
            if decider is None or game.state.turn.active != 0 or Pass() not in game.legal_actions():
                break
            game.apply(Pass())
            continue
        action = bot.decide(window)
        taken.append(action)
        game.apply(action)
        if isinstance(action, EndTurn):
            break
    return taken


# -- J-TAG-01 / J-TAG-02: "it" --------------------------------------------------------------------------


@pytest.mark.rule("J-TAG-01")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_not_it_it_shoots_it_rather_than_an_easier_rival__J_TAG_01(ruleset: str) -> None:
    """A Turn To Frag: Bob is "it" at range 4, Cat stands at range 2 (the easier shot). Only fragging "it" makes
    Ann "it", the one who scores: the bot shoots Bob; the hunter, playing Frag, shoots Cat."""
    game = tag_game(ruleset, "turn-to-frag", objective='it = "Bob"', cat="4,4")
    aware = choice(game)
    assert isinstance(aware, Attack) and aware.target == 1
    blind = choice(game, objective=False)
    assert isinstance(blind, Attack) and blind.target == 2


@pytest.mark.rule("J-TAG-02")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_everyone_shoots_it_when_only_frags_of_it_count__J_TAG_02(ruleset: str) -> None:
    """There Shall Be Only One: Bob is "it" (+2 on every attribute) at range 4, Cat at range 2: the bot shoots
    Bob, the only fighter whose frag counts; the hunter shoots the easier Cat."""
    game = tag_game(ruleset, "only-one", objective='it = "Bob"', cat="4,4")
    chosen = best_attack(situation(game))
    assert chosen is not None and chosen[0].target == 1
    aware = choice(game)  # (a poor shot at "it" may be held for a shootout in Frag Deadlands, D-SHOOT-01)
    assert isinstance(aware, Attack | HoldAttack) and getattr(aware, "target", 1) == 1
    blind = choice(game, objective=False)
    assert isinstance(blind, Attack) and blind.target == 2


@pytest.mark.rule("J-TAG-02")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_it_keeps_away_and_fights_back_when_only_frags_of_it_count__J_TAG_02(ruleset: str) -> None:
    """There Shall Be Only One: Ann is "it" and scores nothing herself; the goals send her after nobody and weigh
    the rivals' shots more, and she still shoots Bob in sight (fighting back)."""
    game = tag_game(ruleset, "only-one", objective='it = "Ann"')
    goals = goals_of(game.view(0), 0)
    assert goals is not None and goals.hunts and goals.hunt is None and goals.caution > 1
    action = choice(game)
    assert isinstance(action, Attack) and action.target == 1


@pytest.mark.rule("J-TAG-01")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_it_hunts_the_others_who_score_for_it__J_TAG_01(ruleset: str) -> None:
    """A Turn To Frag: Ann is "it", so every frag she makes scores: every rival is worth a shot as in Frag, and
    she is warier of their shots (all of them hunt her)."""
    game = tag_game(ruleset, "turn-to-frag", objective='it = "Ann"', cat="4,4")
    goals = goals_of(game.view(0), 0)
    assert goals is not None and not goals.hunts and goals.caution > 1
    assert goals.weight(1) == goals.weight(2) == 1.0
    assert isinstance(choice(game), Attack)


# -- J-TAG-03: the flag ---------------------------------------------------------------------------------


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_it_walks_to_the_flag_and_takes_it_up__J_TAG_03(ruleset: str) -> None:
    """Keep-Away: Ann at 6,8 with 5 points of movement, the flag 5 squares north at 6,3, Bob far at 11,11: she
    walks onto the flag's square and takes it up; the hunter leaves it lying."""
    game = tag_game(ruleset, "keep-away", ann="6,8", bob="11,11", movement=5)
    taken = own_turn(game)
    assert TakeFlag() in taken
    objective = game.state.objective
    assert objective is not None and objective.holder == 0 and objective.flag is None
    game = tag_game(ruleset, "keep-away", ann="6,8", bob="11,11", movement=5)
    assert TakeFlag() not in own_turn(game, objective=False)
    assert game.state.objective is not None and game.state.objective.holder is None


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_it_moves_toward_the_flag_out_of_reach__J_TAG_03(ruleset: str) -> None:
    """Keep-Away: with only 3 points of movement the flag (5 squares off) is out of reach: she ends her move
    nearer it."""
    game = tag_game(ruleset, "keep-away", ann="6,8", bob="11,11", movement=3)
    own_turn(game)
    square = game.state.players[0].square
    assert square is not None and distance(square, FLAG) < distance(Square(6, 8), FLAG)


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_holder_keeps_the_flag_and_keeps_away__J_TAG_03(ruleset: str) -> None:
    """Keep-Away: Ann holds the flag (so she may not attack) with Bob 4 squares off: she keeps the flag and ends
    her move farther from him; she never walks to shoot."""
    game = tag_game(ruleset, "keep-away", objective='holder = "Ann"', ann="6,3", bob="6,7", movement=5)
    taken = own_turn(game)
    assert DropFlag() not in taken and not any(isinstance(a, Attack) for a in taken)
    assert game.state.objective is not None and game.state.objective.holder == 0
    square = game.state.players[0].square
    assert square is not None and distance(square, Square(6, 7)) > 4


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_it_shoots_the_holder_rather_than_an_easier_rival__J_TAG_03(ruleset: str) -> None:
    """Keep-Away: Bob holds the flag at range 4, Cat stands at range 2: the bot shoots Bob (fragged, he drops the
    flag); the hunter shoots the easier Cat."""
    game = tag_game(ruleset, "keep-away", objective='holder = "Bob"', cat="4,4")
    aware = choice(game)
    assert isinstance(aware, Attack) and aware.target == 1
    blind = choice(game, objective=False)
    assert isinstance(blind, Attack) and blind.target == 2


# -- J-TAG-04: the hill ---------------------------------------------------------------------------------


@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_it_steps_onto_the_hill_and_ends_its_turn_there__J_TAG_04(ruleset: str) -> None:
    """King of the Hill: Ann 5 squares from the hill with 5 points of movement, Bob far off: she ends her turn on
    the hill (and scores its point); the hunter does not go there."""
    game = tag_game(ruleset, "king-of-the-hill", ann="6,8", bob="11,11", movement=5)
    own_turn(game)
    assert game.state.players[0].square == FLAG
    assert game.state.objective is not None and game.state.objective.points[0] == 1
    game = tag_game(ruleset, "king-of-the-hill", ann="6,8", bob="11,11", movement=5)
    own_turn(game, objective=False)
    assert game.state.players[0].square != FLAG


@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_king_stays_on_the_hill_and_shoots_from_there__J_TAG_04(ruleset: str) -> None:
    """King of the Hill: Ann on the hill with movement left and Bob in sight: she shoots from the hill and ends
    her turn on it."""
    game = tag_game(ruleset, "king-of-the-hill", ann="6,3", bob="6,7", movement=4)
    taken = own_turn(game)
    assert any(isinstance(a, Attack) for a in taken)
    assert game.state.players[0].square == FLAG or game.state.turn.active != 0
    assert game.state.objective is not None and game.state.objective.points[0] >= 1


@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_it_shoots_the_king_off_the_hill__J_TAG_04(ruleset: str) -> None:
    """King of the Hill: Bob stands on the hill (6,3) at range 4 from Ann (6,7), Cat at range 2: the bot shoots
    Bob; the hunter shoots the easier Cat."""
    game = tag_game(ruleset, "king-of-the-hill", ann="6,7", bob="6,3", cat="8,7")
    aware = choice(game)
    assert isinstance(aware, Attack) and aware.target == 1
    blind = choice(game, objective=False)
    assert isinstance(blind, Attack) and blind.target == 2


# -- the yardstick, and games ---------------------------------------------------------------------------


def test_the_hunter_is_the_heuristic_bot_ignoring_the_mode() -> None:
    """`make_bot("hunter")` is a yardstick: named so in reports, it has no goals even in a mode."""
    hunter = make_bot("hunter", 1)
    assert hunter.name == "hunter" and make_bot("heuristic", 1).name == "heuristic"
    game = tag_game("frag", "keep-away", ann="6,4", movement=1)
    game.play(["step n"])
    assert TakeFlag() in game.legal_actions()
    assert choice(game) == TakeFlag()
    assert choice(game, objective=False) != TakeFlag()


def test_a_game_played_for_frags_has_no_goals() -> None:
    """`objective = frags`: the view carries no objective, so the bot plays Frag exactly as before."""
    game = tag_game("frag", "frags")
    assert game.view(0).objective is None and goals_of(game.view(0), 0) is None
    assert game.state.turn.phase is Phase.ACTION
    assert play_turn(game, HeuristicBot(0), 0)


@pytest.mark.rule("J-TAG-03")
@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("mode", ["keep-away", "king-of-the-hill"])
def test_it_places_its_fighter_near_the_flag_or_the_hill(mode: str) -> None:
    """Set-up (F-SETUP-03) of a mode played for a square: the bot places its fighter on one of the two respawn
    points nearest the flag square (where the hill is too: 1,1 is 7 points away, 10,1 is 6; it weighs the
    power-up near 1,1 too); the hunter places by power-ups alone, as in Frag, farther from it (10,10: 11)."""
    seats = find_ruleset("frag").random_seats(random.Random(1), 2)
    config = make_config(map="pocket", options={"objective": mode}, seats=seats)
    game = new_game(config, 1)
    seat = game.decider()
    assert seat is not None and game.view(seat).decision == FragDecisionKind.PLACE
    window = BotWindow(game, seat)
    costs = sense_of(window.board).walk(FLAG).cost
    points = window.board.respawn_points
    nearest = sorted(points, key=lambda point: costs[points[point]])[:2]
    aware, blind = choice(game), choice(game, objective=False)
    assert isinstance(aware, Place) and isinstance(blind, Place)
    assert aware.point in nearest
    assert costs[points[aware.point]] < costs[points[blind.point]]
