"""Undo within one's own turn (ruling S-SAVE-01 in docs/rulings.md): back to, never past, the last die
roll, card draw or hand-off, so undo can never re-roll a die or un-see a card.

The Pocket Arena (maps/pocket.map), x,y from 0 at the north-west: acid 5,5 6,5 5,6 6,6; weapon
power-ups 6,8 and 5,0; gadget power-ups 2,5 and 9,6; teleporters 0,4 and 11,7.
"""

from __future__ import annotations

import random

import pytest

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.frag.design import all_designs
from fragtui.engine.game import state_hash
from fragtui.errors import IllegalActionError
from tests.conftest import game_from, kinds

AFTER_ROLL = """
dice = [3, 4]
[[fighter]]
name = "Ann"
speed = 2
at = "3,3"
[[fighter]]
name = "Bob"
at = "9,9"
"""


def test_steps_after_the_roll_can_be_taken_back_one_by_one__S_SAVE_01() -> None:
    """Two steps after the movement roll: two undos, each restoring the state exactly; the roll stays."""
    game = game_from(AFTER_ROLL)
    game.play(["roll"])
    assert game.undoable() == 0  # the roll itself can never be taken back
    rolled = state_hash(game.state)
    game.play(["step e"])
    after_one = state_hash(game.state)
    game.play(["step e"])
    assert game.undoable() == 2
    assert str(game.rules.player(0).square) == "5,3"

    events = game.undo()
    assert kinds(events) == ["Undone"]
    assert events[0].text == "Ann takes back their last action (step e)"
    assert state_hash(game.state) == after_one
    assert len(game.log) == 2 and game.undoable() == 1

    game.undo()
    assert state_hash(game.state) == rolled
    assert game.state.turn.movement == 7
    assert game.undoable() == 0
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.undo()
    assert state_hash(game.state) == rolled  # refused: nothing changed


def test_undo_never_goes_past_a_power_up_roll_or_a_card_drawn__S_SAVE_01() -> None:
    """Stepping onto a power-up rolls a die (and draws): the steps before it cannot be taken back after it."""
    game = game_from(
        """
        dice = [5]
        phase = "action"
        movement = 4
        decks.weapons = ["shotgun"]
        [[fighter]]
        name = "Ann"
        at = "7,7"
        [[fighter]]
        name = "Bob"
        at = "1,1"
        """
    )
    game.play(["step e"])
    assert game.undoable() == 1
    game.undo()
    game.play(["step w", "step s"])  # 7,7 → 6,7 → 6,8, the weapon power-up: a die, then a card
    assert game.rules.player(0).hand == ["shotgun#1"]
    assert game.undoable() == 0
    game.play(["step e"])
    assert game.undoable() == 1
    game.undo()
    assert game.rules.player(0).hand == ["shotgun#1"]  # the card drawn stays drawn
    with pytest.raises(IllegalActionError):
        game.undo()


def test_a_play_that_hands_the_decision_over_cannot_be_undone__S_SAVE_01() -> None:
    """Ending the turn passes the keyboard: the next player decides, and nothing may be undone."""
    game = game_from(AFTER_ROLL.replace("dice = [3, 4]", "dice = [3, 4, 1, 1]"))
    game.play(["roll", "step e", "end"])
    assert game.decider() == 1
    assert game.undoable() == 0
    with pytest.raises(IllegalActionError):
        game.undo()


@pytest.mark.parametrize("quick", [True, False], ids=["quick-undo", "full-replay"])
def test_undo_in_a_real_game_equals_never_having_played_the_move__S_SAVE_01(quick: bool) -> None:
    """Over seeded random games: whenever undo is offered, undoing then replaying the same action
    gives exactly the state (hash) and the dice of the game that never undid — with the copies
    kept for a quick undo (as the interface plays) and without them (a full replay)."""
    designs = all_designs()
    config = make_config(
        map="foundry",
        frag_target=2,
        seats=[{"name": name, "fighter": designs[n]} for n, name in enumerate(["Ann", "Bob", "Cat"])],
    )
    undone = 0
    for seed in (1, 2, 3):
        game = new_game(config, seed)
        game.quick_undo = quick
        rng = random.Random(seed)
        while not game.over and len(game.log) < (700 if quick else 250):
            if game.undoable() and rng.random() < 0.3:
                entry = game.log[-1]
                before = state_hash(game.state)
                game.undo()
                assert game.decider() == entry.seat
                assert entry.action in game.legal_actions()
                game.apply(entry.action)
                assert state_hash(game.state) == before
                undone += 1
                continue
            game.apply(rng.choice(game.legal_actions()))
        replayed = game.replay()
        assert state_hash(replayed.state) == state_hash(game.state)
        assert replayed.log == game.log
    assert undone > (50 if quick else 15)
