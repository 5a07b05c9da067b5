"""The sequence of play (R-SEQ-01/02/03), actions (R-ACT-01), movement (R-MOVE-01) and the skedaddle
(R-SKED-01), with hands dealt by hand and scripted d10s."""

from __future__ import annotations

import pytest

from fragtui.engine.actions import Discard, EndTurn, Pass
from fragtui.engine.board import Square
from fragtui.engine.events import CommonEventKind
from fragtui.engine.ruthless.actions import Aim, Mount, MoveTo, PickCard, Reload, Shoot
from fragtui.engine.ruthless.events import RuthlessEventKind
from fragtui.engine.ruthless.grid import distance, reachable
from fragtui.engine.ruthless.pieces import Location
from fragtui.engine.ruthless.table import Condition
from fragtui.errors import IllegalActionError
from tests.rules.ruthless.common import BOARD, actions_of, done, model, pick, refresh, ruthless_game

HANDS = {"Ann": ["KS", "2C", "3H", "7D", "8S"], "Bob": ["KH", "9C", "6S", "3C", "JH"]}
POSSES = {"Ann": [("chet-willis", "1,1"), ("ike-pruitt", "1,3")], "Bob": [("doc-calloway", "10,6")]}


def _game(dice=(), posses=None, hands=None, sundown=0):
    return ruthless_game(posses or POSSES, dice=dice, hands=hands or HANDS, sundown=sundown)


@pytest.mark.rule("R-SEQ-01")
def test_five_cards_each_and_a_pick_face_down__R_SEQ_01() -> None:
    """Each player holds five; a picked card is hidden from the others until all have picked."""
    game = _game()
    assert [len(hand) for hand in game.state.ruthless.hands] == [5, 5]
    assert game.decider() == 0 and set(game.legal_actions()) == {PickCard(card=c) for c in HANDS["Ann"]}
    events = game.apply(PickCard(card="KS"))
    assert events[0].seen_by(1).card is None and events[0].seen_by(0).card == "KS"
    assert game.view(1).ruthless.picks == (None, None) and game.view(0).ruthless.picks == ("KS", None)
    assert game.decider() == 1
    game.apply(PickCard(card="9C"))
    assert game.view(1).ruthless.picks == ("KS", "9C")


@pytest.mark.rule("R-SEQ-01")
def test_the_highest_card_activates_first__R_SEQ_01() -> None:
    game = _game()
    events = pick(game, {"Ann": "2C", "Bob": "9C"})
    assert game.state.ruthless.order == [1, 0]
    assert game.decider() == 1
    assert any(e.kind is CommonEventKind.INITIATIVE for e in events)


@pytest.mark.rule("R-SEQ-01")
def test_ties_go_by_suit_spades_hearts_diamonds_clubs__R_SEQ_01() -> None:
    """Two Kings: Spades beat Hearts (Ann's K♠ before Bob's K♥); two 3s: Diamonds beat Clubs."""
    game = _game()
    pick(game, {"Ann": "KS", "Bob": "KH"})
    assert game.state.ruthless.order == [0, 1]
    game = _game(hands={"Ann": ["3C", "2C", "4H", "7D", "8S"], "Bob": ["KH", "9C", "6S", "3D", "JH"]})
    pick(game, {"Ann": "3C", "Bob": "3D"})
    assert game.state.ruthless.order == [1, 0]


@pytest.mark.rule("R-SEQ-02")
@pytest.mark.rule("R-ACT-01")
def test_the_turn_ends_when_every_model_has_taken_two_actions__R_SEQ_02() -> None:
    """Ann's two models take two actions each; then Bob's; the turn ends, the initiative cards go to the
    discards and everyone draws back to five (a skedaddle roll each)."""
    game = _game(dice=[5, 5])
    pick(game, {"Ann": "KS", "Bob": "9C"})
    for fighter in (0, 1):
        game.apply(Aim(fighter=fighter))
        game.apply(MoveTo(fighter=fighter, to=Square(2, fighter * 2 + 1)))
    assert game.decider() == 1  # Ann's models are done: Bob activates without a word from her
    game.apply(Aim(fighter=2))
    events = game.apply(Aim(fighter=2)) if Aim(fighter=2) in game.legal_actions() else game.apply(EndTurn())
    assert any(e.kind is CommonEventKind.TURN_ENDED for e in events)
    table = game.state.ruthless
    assert [len(hand) for hand in table.hands] == [5, 5]
    assert {"KS", "9C"} <= set(table.discard)
    assert game.state.turn.number == 2 and game.state.turn.phase == "initiative"


@pytest.mark.rule("R-ACT-01")
def test_two_actions_of_any_kind_repeats_allowed__R_ACT_01() -> None:
    game = _game()
    pick(game, {"Ann": "KS", "Bob": "9C"})
    game.apply(MoveTo(fighter=0, to=Square(2, 1)))
    game.apply(MoveTo(fighter=0, to=Square(3, 1)))
    assert not actions_of(game, 0)
    with pytest.raises(IllegalActionError, match="no action left"):
        game.apply(Reload(fighter=0, weapon=0))
    assert actions_of(game, 1)


@pytest.mark.rule("R-ACT-01")
def test_a_player_may_end_his_activation_early__R_ACT_01() -> None:
    game = _game()
    pick(game, {"Ann": "KS", "Bob": "9C"})
    game.apply(EndTurn())
    assert game.decider() == 1
    assert model(game, 0).actions == 0


@pytest.mark.rule("R-ACT-01")
def test_mount_and_dismount__R_ACT_01() -> None:
    """Tom Ketchum starts mounted; Dismount, then Mount again; a model without a horse has neither."""
    posses = {"Ann": [("tom-ketchum", "1,1")], "Bob": [("doc-calloway", "10,6")]}
    game = _game(posses=posses)
    pick(game, {"Ann": "KS", "Bob": "9C"})
    assert model(game, 0).mounted
    game.apply(next(a for a in actions_of(game, 0) if type(a).__name__ == "Dismount"))
    assert not model(game, 0).mounted
    game.apply(Mount(fighter=0))
    assert model(game, 0).mounted
    assert game.decider() == 1  # Tom's two actions were Ann's posse's last
    assert not any(type(a).__name__ in ("Mount", "Dismount") for a in actions_of(game, 1))


@pytest.mark.rule("R-SEQ-03")
def test_a_seven_gives_one_model_a_third_action__R_SEQ_03() -> None:
    game = _game(dice=[5, 5])
    pick(game, {"Ann": "7D", "Bob": "9C"})  # Bob first (9), then Ann with her 7
    done(game)
    for _ in range(3):
        game.apply(Aim(fighter=0)) if Aim(fighter=0) in game.legal_actions() else game.apply(
            MoveTo(fighter=0, to=next(a.to for a in actions_of(game, 0) if isinstance(a, MoveTo)))
        )
    assert model(game, 0).actions == 3
    game.apply(Aim(fighter=1))
    game.apply(MoveTo(fighter=1, to=Square(1, 4)))
    assert game.state.turn.number == 2  # only one model took a third action: the turn ended


@pytest.mark.rule("R-SEQ-03")
@pytest.mark.rule("R-SEQ-02")
def test_a_three_lets_its_player_discard_at_the_end__R_SEQ_02() -> None:
    game = _game(dice=[5, 5])
    pick(game, {"Ann": "3H", "Bob": "9C"})
    done(game)
    done(game)
    assert game.state.turn.phase == "discard" and game.decider() == 0
    assert Pass() in game.legal_actions() and Discard(card="2C") in game.legal_actions()
    game.apply(Discard(card="2C"))
    game.apply(Discard(card="8S"))
    game.apply(Pass())
    hand = game.state.ruthless.hands[0]
    assert len(hand) == 5 and "2C" not in hand and "8S" not in hand
    assert game.state.turn.phase == "initiative"


@pytest.mark.rule("R-SEQ-02")
def test_without_a_three_nobody_discards__R_SEQ_02() -> None:
    game = _game(dice=[5, 5])
    pick(game, {"Ann": "2C", "Bob": "9C"})
    done(game)
    done(game)
    assert game.state.turn.phase == "initiative"


@pytest.mark.rule("R-MOVE-01")
def test_six_on_foot_in_the_open__R_MOVE_01() -> None:
    """A Move on foot reaches every square within 6 over open ground (a diagonal step counts 1½)."""
    found = reachable(BOARD, Square(1, 5), (6.0, 3.0), ())
    assert found[Square(4, 7)] == distance(Square(1, 5), Square(4, 7)) == 4
    assert Square(7, 5) not in found  # the wall between columns 4 and 5 on this row: round by the door


@pytest.mark.rule("R-MOVE-01")
def test_three_through_rough_ground__R_MOVE_01() -> None:
    """Column 6 of rows 0-2 is rough: going through it a Move ends within 3; round it, 6 as usual."""
    found = reachable(BOARD, Square(4, 1), (6.0, 3.0), ())
    assert Square(7, 1) in found and found[Square(7, 1)] == 3  # through the rough, exactly 3
    assert Square(8, 1) not in found or found[Square(8, 1)] > 3  # only round the rough (row 3)
    assert Square(6, 1) in found


@pytest.mark.rule("R-MOVE-01")
def test_twelve_or_eight_mounted__R_MOVE_01() -> None:
    game = _game(posses={"Ann": [("tom-ketchum", "0,7")], "Bob": [("doc-calloway", "11,0")]})
    pick(game, {"Ann": "KS", "Bob": "9C"})
    moves = {a.to for a in actions_of(game, 0) if isinstance(a, MoveTo)}
    assert Square(11, 7) in moves and Square(11, 6) in moves  # 11 and 11½ along the bottom
    game.apply(next(a for a in actions_of(game, 0) if type(a).__name__ == "Dismount"))
    moves = {a.to for a in actions_of(refresh(game), 0) if isinstance(a, MoveTo)}
    assert Square(6, 7) in moves and Square(7, 7) not in moves


@pytest.mark.rule("R-MOVE-01")
def test_no_move_through_or_onto_a_model__R_MOVE_01() -> None:
    found = reachable(BOARD, Square(0, 7), (6.0, 3.0), {Square(1, 7), Square(1, 6), Square(0, 6)})
    assert found == {}


@pytest.mark.rule("R-SKED-01")
def test_a_side_rolling_at_most_its_casualties_skedaddles__R_SKED_01() -> None:
    """Ann has one model Lily Livered and one dead: she rolls 2 (at most 2) and her posse skedaddles; Bob
    wins the showdown."""
    game = _game(dice=[2, 9])
    model(game, 0).markers.lily_livered = True
    model(game, 1).condition, model(game, 1).square = Condition.DEAD, None
    game = refresh(game)
    pick(game, {"Ann": "KS", "Bob": "9C"})
    done(game)
    events = done(game)
    assert game.over and game.state.winner == 1
    assert any(e.kind is RuthlessEventKind.SKEDADDLED for e in events)
    assert game.decider() is None


@pytest.mark.rule("R-SKED-01")
def test_a_roll_above_the_casualties_holds__R_SKED_01() -> None:
    game = _game(dice=[3, 1])
    model(game, 0).markers.lily_livered = True
    model(game, 1).condition, model(game, 1).square = Condition.DEAD, None
    game = refresh(game)
    pick(game, {"Ann": "KS", "Bob": "9C"})
    done(game)
    done(game)
    assert not game.over and game.state.turn.number == 2


@pytest.mark.rule("R-SKED-01")
def test_a_posse_wiped_out_ends_the_showdown__R_SKED_01() -> None:
    game = _game(dice=[9])
    model(game, 2).condition, model(game, 2).square = Condition.DEAD, None
    game = refresh(game)
    pick(game, {"Ann": "KS", "Bob": "9C"})
    done(game)
    assert game.over and game.state.winner == 0


@pytest.mark.rule("R-SKED-01")
def test_sundown_ends_the_showdown_on_the_standing__R_SKED_01() -> None:
    """With `sundown = 1` the showdown ends after the first turn: Ann has two standing to Bob's one."""
    game = _game(dice=[9, 9], sundown=1)
    pick(game, {"Ann": "KS", "Bob": "9C"})
    done(game)
    done(game)
    assert game.over and game.state.winner == 0


@pytest.mark.rule("R-ACT-01")
def test_a_move_may_be_taken_back_a_shot_may_not__R_ACT_01() -> None:
    """Undo (ruling S-SAVE-01) takes back a Move that rolled nothing and told nobody anything; a Shoot rolls."""
    game = _game(dice=[3])
    pick(game, {"Ann": "KS", "Bob": "9C"})
    game.apply(MoveTo(fighter=0, to=Square(2, 1)))
    assert game.undoable() == 1
    game.undo()
    assert model(game, 0).square == Square(1, 1) and model(game, 0).actions == 0
    game.apply(Aim(fighter=0))
    assert game.undoable() == 1
    game.apply(Shoot(fighter=0, target=2))  # a 3 (+1 aiming) misses at long range: a die was rolled
    assert game.undoable() == 0


def test_the_harness_catches_a_broken_promise() -> None:
    """Ruthless's own invariants, checked after every action of every random game: two models on one square,
    wounds past the boxes, a rider without a horse are each reported."""
    game = _game()
    rules = game.rules
    assert rules.broken_promise(rules.promise_snapshot(), None) is None
    model(game, 1).square = model(game, 0).square
    assert rules.broken_promise(None, None) == "two models share a square"
    model(game, 1).square = Square(5, 5)
    model(game, 1).wounds = {Location.LEG: 9}
    assert "leg wounds" in (rules.broken_promise(None, None) or "")
    model(game, 1).wounds = {}
    model(game, 0).mounted = True
    assert "horse" in (rules.broken_promise(None, None) or "")
