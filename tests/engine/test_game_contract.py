"""The engine's contract (DESIGN.md "The engine contract"): checked apply, decider, views, state, log."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fragtui.engine.actions as actions_module
import fragtui.engine.deadlands.actions as deadlands_actions
import fragtui.engine.frag.actions as frag_actions
import fragtui.engine.ruthless.actions as ruthless_actions
from fragtui.content.library import board_named, card_set, new_game
from fragtui.engine.actions import EndTurn, Step, action_adapter, parse_action
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.dice import DiceExhaustedError
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack, RollMovement
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import Phase
from fragtui.engine.game import Game
from fragtui.engine.state import GameState
from fragtui.errors import IllegalActionError
from tests.conftest import game_from

PASTE_NAMESPACE = {
    **vars(actions_module),
    **vars(frag_actions),
    **vars(deadlands_actions),
    **vars(ruthless_actions),
    "Square": Square,
}
"""What `repr(action)` may be pasted into (python-chess style reprs)."""


def four_players(map_name: str = "pocket", frag_target: int = 3):
    return make_config(
        map=map_name,
        frag_target=frag_target,
        seats=[
            {"name": name, "fighter": {"health": 2, "speed": 2, "accuracy": 3}} for name in ("Ann", "Bob", "Cat", "Dan")
        ],
    )


def advance(game: Game, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if game.decider() is None:
            return
        game.apply(rng.choice(game.legal_actions()))


def test_new_game_starts_with_placement_by_the_first_player():
    game = new_game(four_players(), seed=11)
    assert game.state.turn.phase is Phase.SETUP
    assert game.decider() == game.state.first
    assert all(str(a).startswith("place ") for a in game.legal_actions())
    assert any(e.kind is FragEventKind.FIRST_PLAYER for e in game.opening)


def test_illegal_action_raises_and_changes_nothing():
    game = new_game(four_players(), seed=3)
    advance(game, random.Random(3), 12)
    before = game.state.model_dump_json()
    log_length = len(game.log)
    candidates = [
        Attack(target=99, weapon="pistol"),
        *(Step(direction=d) for d in "nesw"),
        EndTurn(),
        RollMovement(),
        parse_action("discard nothing#1"),
        parse_action("place 42"),
    ]
    illegal = [action for action in candidates if action not in game.legal_actions()]
    assert len(illegal) >= 4
    for action in illegal:
        with pytest.raises(IllegalActionError):
            game.apply(action)
    assert game.state.model_dump_json() == before
    assert len(game.log) == log_length


def test_illegal_action_says_why():
    game = game_from(
        """
        dice = []
        [[fighter]]
        name = "Ann"
        at = "1,4"
        [[fighter]]
        name = "Bob"
        at = "8,8"
        """
    )
    with pytest.raises(IllegalActionError, match="must roll for movement"):
        game.apply(Step(direction="e"))


def test_exhausted_scripted_dice_raise_and_leave_the_state_as_it_was():
    game = game_from(
        """
        dice = [3]
        [[fighter]]
        name = "Ann"
        at = "1,4"
        [[fighter]]
        name = "Bob"
        at = "8,8"
        """
    )
    before = game.state.model_dump_json()
    with pytest.raises(DiceExhaustedError):
        game.apply(RollMovement())  # Speed 2 needs two dice, one was scripted
    assert game.state.model_dump_json() == before
    assert game.log == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400), map_name=st.sampled_from(["pocket", "foundry", "town"]))
def test_state_round_trips_through_json_exactly(seed, steps, map_name):
    game = new_game(four_players(map_name), seed)
    advance(game, random.Random(seed), steps)
    text = game.state.model_dump_json()
    again = GameState.model_validate_json(text)
    assert again == game.state
    assert again.model_dump_json() == text
    # and the game continues identically from the restored state
    twin = Game.from_state(again, board=game.board, cards=game.cards)
    assert twin.legal_actions() == game.legal_actions()
    if game.decider() is not None:
        action = game.legal_actions()[0]
        assert [e.text for e in twin.apply(action)] == [e.text for e in game.apply(action)]
        assert twin.state == game.state


def test_replaying_the_log_reproduces_the_state():
    game = new_game(four_players("foundry"), seed=5)
    advance(game, random.Random(5), 600)
    assert game.replay().state == game.state


def test_every_legal_action_has_a_notation_that_reads_back_and_a_json_form():
    game = new_game(four_players("reactor"), seed=8)
    rng = random.Random(8)
    seen = set()
    for _ in range(800):
        if game.decider() is None:
            break
        for action in game.legal_actions():
            assert parse_action(str(action)) == action
            assert action_adapter.validate_json(action_adapter.dump_json(action)) == action
            assert eval(repr(action), PASTE_NAMESPACE) == action
            seen.add(action.kind)
        game.apply(rng.choice(game.legal_actions()))
    assert {"place", "roll", "step", "attack", "end"} <= seen


def test_view_hides_other_hands_deck_order_and_dice():
    game = new_game(four_players(), seed=21)
    view = game.view(0)
    assert view.fighters[0].hand == tuple(game.state.players[0].hand)
    for other in view.fighters[1:]:
        assert other.hand is None
        assert other.hand_size == 3
    text = view.model_dump_json()
    for seat in (1, 2, 3):
        for card in game.state.players[seat].hand:
            if card not in game.state.players[0].hand:
                assert card not in text
    for deck, pile in game.state.decks.draw.items():
        assert view.deck_sizes[deck] == len(pile)
        assert all(card not in text for card in pile)
    assert "pcg" not in text and "seed" not in text
    spectator = game.view(None)
    assert all(f.hand is None for f in spectator.fighters)


def test_secret_events_are_redacted_for_other_seats():
    game = new_game(four_players(), seed=2)
    drawn = [e for e in game.opening if e.kind is CommonEventKind.CARD_DRAWN]
    assert len(drawn) == 12
    for event in drawn:
        own = event.seen_by(event.player)
        other = event.seen_by((event.player + 1) % 4)
        assert own.card is not None and own.private_text
        assert other.card is None and other.private_text is None
        assert game.cards.name(event.card) not in other.text_for((event.player + 1) % 4)


def test_decider_follows_pending_decisions_and_returns():
    game = game_from(
        """
        dice = [6, 6, 6, 6, 6, 1, 1]
        phase = "action"
        movement = 0
        [[fighter]]
        name = "Ann"
        at = "1,4"
        [[fighter]]
        name = "Bob"
        at = "1,8"
        """
    )
    assert game.decider() == 0
    game.apply(parse_action("attack 1 pistol"))
    assert game.decider() == 1  # Bob answers the hit
    assert game.view(0).decision == "react"
    game.apply(parse_action("pass"))
    assert game.decider() == 0  # and the turn goes back to Ann


def test_game_over_has_no_decider_and_no_actions():
    game = game_from(
        """
        frag_target = 1
        dice = [6, 6, 6, 1, 6, 6]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "1,4"
        [[fighter]]
        name = "Bob"
        at = "1,6"
        health = 1
        """
    )
    game.play(["attack 1 pistol", "pass", "pass"])
    assert game.state.winner == 0
    assert game.decider() is None
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(EndTurn())


def test_log_records_each_action_with_its_dice():
    game = game_from(
        """
        dice = [4, 2]
        [[fighter]]
        name = "Ann"
        at = "1,4"
        [[fighter]]
        name = "Bob"
        at = "8,8"
        """
    )
    game.apply(RollMovement())
    assert len(game.log) == 1
    assert game.log[0].dice == (4, 2)
    assert game.log[0].seat == 0
    assert str(game.log[0]) == "0: roll  [4 2]"


def test_engine_is_handed_its_board_and_cards():
    board = board_named("pocket")
    game = Game.new(four_players(), 1, board=board, cards=card_set())
    assert game.board is board
