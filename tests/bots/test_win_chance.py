"""A seat's chance to win (`fragtui.bots.win_chance`), the strong bot's value at a rollout's horizon: the fitter
finds the weights games were drawn from, the shipped fits say what a table shows the way games do (a frag more, a
wound less, a card more, moving sooner: a better chance), and a world's value reads only what its seat may see."""

from __future__ import annotations

import math
import random

import pytest

from fragtui.bench.win_chance import fit, log_loss, positions
from fragtui.bots import BotWindow, make_bot
from fragtui.bots.frag_worlds import FragWorlds, summed
from fragtui.bots.win_chance import FEATURES, FITS, chances, features, fit_for, fit_key, value
from fragtui.engine.frag.state import Status, frag_state
from fragtui.engine.game import Game
from tests.bots.helpers import seeded_ruleset_game
from tests.bots.test_hidden_information import scrambled


def _placed(ruleset: str = "frag", options: dict[str, object] | None = None) -> Game:
    """A 4-player game whose fighters are all placed, at the first turn's start."""
    game = seeded_ruleset_game(ruleset, "foundry", 4, 11, options=options)
    bots = [make_bot("heuristic", seat) for seat in range(4)]
    while game.state.turn.number < 1:
        seat = game.decider()
        assert seat is not None
        game.apply(bots[seat].decide(BotWindow(game, seat)))
    return game


def test_the_fitter_finds_the_weights_the_winners_were_drawn_from() -> None:
    """Tables of four seats with two features, each winner drawn by the softmax of known weights: Newton's method
    on 4,000 tables gives them back within a tenth, and predicts better than the uniform guess."""
    rng = random.Random(3)
    truth = (1.5, -0.8)
    data = []
    for _ in range(4000):
        table = [(rng.random() * 2, float(rng.random() < 0.5)) for _ in range(4)]
        odds = chances(table, truth)
        data.append((table, rng.choices(range(4), weights=odds)[0]))
    found = fit(data)
    assert found == pytest.approx(truth, abs=0.1)
    assert log_loss(data, found) < math.log(4) - 0.03


def test_every_shipped_fit_has_a_weight_per_feature_and_beats_the_uniform_guess() -> None:
    assert {"frag/frags", "deadlands/frags"} <= FITS.keys()
    for key, shipped in FITS.items():
        assert len(shipped.weights) == len(FEATURES), key
        assert shipped.held_out_log_loss < math.log(4), key
        assert shipped.positions > shipped.games > 0, key


def test_a_frag_more_a_card_more_and_moving_sooner_are_better_chances() -> None:
    """What the plain game's fit says of a table: each thing games show is worth having is worth having."""
    weights = dict(zip(FEATURES, FITS["frag/frags"].weights, strict=True))
    assert weights["score"] > 0
    assert weights["hand"] > 0
    assert weights["weapons_in_play"] > 0
    assert weights["blood"] > 0
    assert weights["moves_first"] > weights["moves_second"] > weights["moves_third"] > 0


def test_chances_add_up_to_one_and_the_leader_is_favoured() -> None:
    game = _placed()
    state = frag_state(game.state)
    state.players[2].frags = 2
    odds = chances(features(game), FITS["frag/frags"].weights)
    assert math.fsum(odds) == pytest.approx(1.0)
    assert max(range(4), key=odds.__getitem__) == 2
    assert value(game, 2, FITS["frag/frags"]) == pytest.approx(2 * odds[2] - 1)


def test_a_fighter_hurt_or_fragged_has_less_chance() -> None:
    """A wound lowers the chance; a frag (F-FRAG-02: the scorer marks it, F-CARD-07: the fighter's weapons and
    gadgets in play are lost) lowers it more, though a fighter out of play cannot be hurt again before he
    respawns: the fit alone weighs a fighter out of play a little above one in play at low Health, all else equal."""
    game = _placed()
    fit_ = fit_for(game)
    assert fit_ is not None
    state = frag_state(game.state)
    before = value(game, 1, fit_)
    state.players[1].damage = 1
    hurt = value(game, 1, fit_)
    state.players[1].status = Status.FRAGGED
    state.players[3].frags += 1
    assert value(game, 1, fit_) < hurt < before


def test_a_mode_is_judged_by_its_own_fit_else_by_plain_frags() -> None:
    assert fit_key(_placed()) == "frag/frags"
    assert fit_key(_placed("deadlands")) == "deadlands/frags"
    tag = _placed(options={"objective": "keep-away", "target": 3})
    assert fit_key(tag) == "frag/keep-away"
    assert fit_for(tag) is FITS.get("frag/keep-away", FITS["frag/frags"])


def test_a_won_game_is_worth_one_and_an_open_one_less() -> None:
    game = _placed()
    sampler = FragWorlds()
    assert -1.0 < sampler.value(game, 0) < 1.0
    assert sampler.value(game, 0) != pytest.approx(summed(game, 0))
    frag_state(game.state).winner = 3
    assert sampler.value(game, 3) == 1.0
    assert sampler.value(game, 0) == -1.0


def test_two_games_the_seat_cannot_tell_apart_are_worth_the_same() -> None:
    """The value reads what the whole table sees: other hands' cards and deck orders scrambled, the same value."""
    game = _placed()
    twin = scrambled(game, 0, random.Random(8))
    assert [p.hand for p in twin.state.players] != [p.hand for p in game.state.players]
    fit_ = fit_for(game)
    assert fit_ is not None
    assert [value(twin, seat, fit_) for seat in range(4)] == [value(game, seat, fit_) for seat in range(4)]


def test_a_self_play_game_gives_one_position_a_turn_each_with_the_winner() -> None:
    found = positions("frag", 5)
    assert found
    winners = {winner for _, winner in found}
    assert len(winners) == 1
    assert all(len(table) == 4 and all(len(row) == len(FEATURES) for row in table) for table, _ in found)
