"""A posse's chance to win (`fragtui.bots.ruthless.win_chance`), the strong bot's value of a Ruthless game that goes
on: the shipped fit says what the table shows the way games do (a man down, a wound: less chance), it reads only
what the whole table sees, and a scenario without a fit keeps the hand-made strength."""

from __future__ import annotations

import math
import random

import pytest

from fragtui.bench.win_chance import positions
from fragtui.bots import BotWindow, make_bot
from fragtui.bots.ruthless.win_chance import FEATURES, FITS, READING, features, fit_key
from fragtui.bots.ruthless.worlds import RuthlessWorlds, strength
from fragtui.bots.win_chance import chances
from fragtui.engine.game import Game
from fragtui.engine.ruthless.pieces import Location
from fragtui.engine.ruthless.state import table_of
from fragtui.engine.ruthless.table import Condition
from tests.bots.helpers import seeded_ruleset_game
from tests.bots.test_worlds import _ruthless_twin


def _second_turn(options: dict[str, object] | None = None) -> Game:
    """Two posses on Main Street, played by heuristic bots to the start of the second turn."""
    game = seeded_ruleset_game("ruthless", "main-street", 2, 6, options=options or {"sundown": 12})
    bots = [make_bot("heuristic", seat) for seat in range(2)]
    while game.state.turn.number < 2:
        seat = game.decider()
        assert seat is not None
        game.apply(bots[seat].decide(BotWindow(game, seat)), seat)
    return game


def test_the_showdowns_fit_has_a_weight_per_feature_and_beats_the_uniform_guess() -> None:
    shipped = FITS["ruthless/showdown"]
    assert len(shipped.weights) == len(FEATURES)
    assert shipped.held_out_log_loss < math.log(2)
    assert shipped.positions > shipped.games > 0


def test_R_SKED_01_a_man_killed_or_wounded_is_less_chance_and_dead_is_worse_than_out_cold() -> None:
    """A model dead counts against the skedaddle roll for good (R-SKED-01); one out cold may come round (R-UNC-01);
    a wound (R-HIT-01) weakens one still in the fight. The fit weighs them in that order."""
    game = _second_turn()
    fit = READING.fit_for(game)
    assert fit is not None
    table = table_of(game.state)
    assert table is not None
    before = READING.value(game, 1, fit)
    model = next(m for m in table.models if m.owner == 1 and m.standing)
    model.wounds = {Location.CHEST: 1}
    wounded = READING.value(game, 1, fit)
    model.condition = Condition.UNCONSCIOUS
    out_cold = READING.value(game, 1, fit)
    model.condition, model.square = Condition.DEAD, None
    dead = READING.value(game, 1, fit)
    assert dead < out_cold < wounded < before
    odds = chances(features(game), fit.weights)
    assert math.fsum(odds) == pytest.approx(1.0) and odds[0] > odds[1]
    assert READING.value(game, 0, fit) == pytest.approx(-dead)


def test_a_game_that_goes_on_is_valued_by_the_fit_the_strongbox_by_the_posses_strength() -> None:
    game = _second_turn()
    assert fit_key(game) == "ruthless/showdown"
    fit = READING.fit_for(game)
    assert fit is not None
    assert RuthlessWorlds().going_on(game, 0) == pytest.approx(READING.value(game, 0, fit))
    box = _second_turn({"sundown": 12, "scenario": "strongbox"})
    assert fit_key(box) == "ruthless/strongbox"
    assert READING.fit_for(box) is None
    assert RuthlessWorlds().going_on(box, 0) == pytest.approx(strength(box, 0))


def test_two_games_the_posse_cannot_tell_apart_are_worth_the_same() -> None:
    """Its reading is the table's: the other hand and the deck's order changed, the same features."""
    game = _second_turn()
    twin = _ruthless_twin(game, 0, random.Random(4))
    assert features(twin) == features(game)


def test_a_self_play_game_gives_one_position_a_turn_each_with_the_winner() -> None:
    found = positions("ruthless", 7)
    assert found
    assert len({winner for _, winner in found}) == 1
    assert all(len(table) == 2 and all(len(row) == len(FEATURES) for row in table) for table, _ in found)
