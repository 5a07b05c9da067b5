"""The strong bot's value of a Ruthless position just after a turn's end (`fragtui.bots.ruthless.worlds`): the
skedaddle rolls (R-SKED-01) weighed at their exact odds, not as the one roll of a rollout fell."""

from __future__ import annotations

import pytest

from fragtui.bots import make_bot
from fragtui.bots.ruthless.worlds import RuthlessWorlds, just_ended, turn_end_value
from fragtui.bots.window import BotWindow
from fragtui.engine.game import Game
from fragtui.engine.ruthless.sequence import Phases
from fragtui.engine.ruthless.state import table_of
from fragtui.engine.ruthless.table import Condition
from tests.bots.helpers import seeded_ruleset_game

GOING_ON = 0.25
"""What the stand-in for a game that goes on says it is worth to seat 0 (and the opposite to seat 1)."""


def _going_on(game: Game, seat: int) -> float:
    return GOING_ON if seat == 0 else -GOING_ON


def _first_turn_ended() -> Game:
    """A two-posse showdown on Main Street played by heuristic bots to just after its first turn's end, every model
    still in the fight; then seat 0 has lost one man and seat 1 two (killed where they stood)."""
    game = seeded_ruleset_game("ruthless", "main-street", 2, 6, options={"sundown": 12})
    bots = [make_bot("heuristic", seat) for seat in range(2)]
    while not just_ended(game):
        seat = game.decider()
        assert seat is not None, "the first turn should end with the showdown going on"
        game.apply(bots[seat].decide(BotWindow(game, seat)), seat)
    table = table_of(game.state)
    assert table is not None
    assert game.state.turn.number == 2 and not table.skedaddled
    for owner, dead in ((0, 1), (1, 2)):
        for model in [m for m in table.models if m.owner == owner][:dead]:
            model.condition, model.square = Condition.DEAD, None
    assert not any(m.out_of_the_fight for m in table.models if m not in _dead(game))
    return game


def _dead(game: Game) -> list[object]:
    table = table_of(game.state)
    assert table is not None
    return [m for m in table.models if m.condition is Condition.DEAD]


def test_R_SKED_01_a_turn_ends_value_weighs_each_way_the_skedaddle_rolls_could_fall() -> None:
    """Seat 0 runs on a 1 (one man out), seat 1 on 1-2 (two out): nobody runs 0.9 x 0.8, only seat 0 0.1 x 0.8 (a
    loss), only seat 1 0.9 x 0.2 (a win), both 0.1 x 0.2 (the showdown: seat 0 has more men standing, a win)."""
    game = _first_turn_ended()
    expected = 0.72 * GOING_ON - 0.08 + 0.18 + 0.02
    assert turn_end_value(game, 0, _going_on) == pytest.approx(expected)
    assert turn_end_value(game, 1, _going_on) == pytest.approx(-expected)


def test_R_SKED_01_at_sundown_nobody_running_is_decided_by_the_men_standing() -> None:
    game = _first_turn_ended()
    table = table_of(game.state)
    assert table is not None
    table.turn_limit = 1  # (the turn that just ended was the last)
    assert turn_end_value(game, 0, _going_on) == pytest.approx(0.72 - 0.08 + 0.18 + 0.02)


def test_R_SKED_01_the_rolls_luck_is_taken_out_a_posse_that_ran_is_valued_as_one_that_did_not() -> None:
    """The same men down, but seat 1's roll came up 1 and his posse ran: the scenario is over and seat 0 won. The
    value is the same as where nobody ran, and the game is left as it was."""
    game = _first_turn_ended()
    going_on = turn_end_value(game, 0, _going_on)
    state = game.state
    table = table_of(state)
    assert table is not None
    state.turn.number -= 1  # (as `finish_turn` leaves it: no new turn begun)
    state.turn.phase = Phases.OVER
    table.skedaddled, state.winner = [1], 0
    assert just_ended(game)
    assert turn_end_value(game, 0, _going_on) == pytest.approx(going_on)
    assert table.skedaddled == [1] and state.winner == 0
    assert RuthlessWorlds().value(game, 0) < 1.0, "not the win the one roll gave"


def test_a_position_in_the_middle_of_a_turn_has_no_turn_end_to_weigh() -> None:
    game = seeded_ruleset_game("ruthless", "main-street", 2, 6, options={"sundown": 12})
    assert not just_ended(game)
    assert turn_end_value(game, 0, _going_on) is None
