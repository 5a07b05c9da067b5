"""Got You Covered! (R-COVER-01) and snap shots (R-SNAP-01): response windows, with scripted d10s."""

from __future__ import annotations

import pytest

from fragtui.engine.actions import Pass
from fragtui.engine.board import Square
from fragtui.engine.events import CommonEventKind
from fragtui.engine.ruthless.actions import Aim, GotYouCovered, MoveTo, Shoot, Snap
from fragtui.engine.ruthless.grid import in_cover
from fragtui.engine.ruthless.pieces import Location
from fragtui.engine.ruthless.seen import Answering
from tests.rules.ruthless.common import BOARD, done, model, pick, ruthless_game

HANDS = {"Ann": ["QS", "2C", "3H", "5D", "8S"], "Bob": ["KH", "9C", "6S", "AC", "2H"]}


def _game(ann, bob, dice, picks):
    game = ruthless_game({"Ann": ann, "Bob": bob}, dice=dice, hands=HANDS)
    pick(game, picks)
    return game


@pytest.mark.rule("R-COVER-01")
def test_a_covering_model_shoots_at_a_mover_in_sight__R_COVER_01() -> None:
    """Bob's Doc covers (first, with his King); Ann's Chet moves in his sight: Bob may shoot him, un-aimed,
    with no action of Doc's; the mark goes with the shot."""
    game = _game([("chet-willis", "1,3")], [("doc-calloway", "8,3")], [8, 5, 9], {"Ann": "2C", "Bob": "KH"})
    game.apply(GotYouCovered(fighter=1))
    done(game)
    assert model(game, 1).markers.covering
    game.apply(MoveTo(fighter=0, to=Square(3, 3)))
    assert game.decider() == 1 and game.state.pending[-1].kind == "covered_shot"
    assert Shoot(fighter=1, target=0, weapon=0) in game.legal_actions() and Pass() in game.legal_actions()
    for seat in (0, 1, None):  # announced at the table: everyone's view names the mover
        assert game.view(seat).ruthless.answering == Answering(firer=None, target=0)
    events = game.apply(Shoot(fighter=1, target=0, weapon=0))
    assert any(e.kind is CommonEventKind.HIT for e in events)  # 8 + 2 (shotgun at close) hits; a graze; nerve 9
    assert model(game, 0).wounds == {Location.GRAZE: 1}
    assert not model(game, 1).markers.covering and model(game, 1).actions == 1
    assert game.decider() == 0  # Ann goes on with her activation


@pytest.mark.rule("R-COVER-01")
def test_the_covering_player_may_let_him_go__R_COVER_01() -> None:
    game = _game([("chet-willis", "1,3")], [("doc-calloway", "8,3")], [], {"Ann": "2C", "Bob": "KH"})
    game.apply(GotYouCovered(fighter=1))
    done(game)
    game.apply(MoveTo(fighter=0, to=Square(3, 3)))
    game.apply(Pass())
    assert not game.state.pending and model(game, 1).markers.covering


@pytest.mark.rule("R-COVER-01")
def test_another_action_takes_the_mark_off__R_COVER_01() -> None:
    game = _game([("chet-willis", "1,3")], [("doc-calloway", "8,3")], [], {"Ann": "2C", "Bob": "KH"})
    game.apply(GotYouCovered(fighter=1))
    game.apply(Aim(fighter=1))
    assert not model(game, 1).markers.covering
    game.apply(MoveTo(fighter=0, to=Square(3, 3)))
    assert not game.state.pending


@pytest.mark.rule("R-COVER-01")
def test_no_covered_shot_out_of_sight__R_COVER_01() -> None:
    """Behind the wall between columns 4 and 5 (rows 4-5) the mover is out of Doc's sight."""
    game = _game([("chet-willis", "3,3")], [("doc-calloway", "8,5")], [], {"Ann": "2C", "Bob": "KH"})
    game.apply(GotYouCovered(fighter=1))
    done(game)
    game.apply(MoveTo(fighter=0, to=Square(0, 5)))
    assert not game.state.pending


@pytest.mark.rule("R-SNAP-01")
def test_a_higher_card_gets_the_draw__R_SNAP_01() -> None:
    """Ann (Queen for initiative) shoots at Doc; Bob plays his King (higher than her Queen): Doc's snap
    shot goes first (hit 9 + 2, severe: unconscious, so Chet's shot is lost)."""
    game = _game([("chet-willis", "1,3")], [("doc-calloway", "7,3")], [9, 10], {"Ann": "QS", "Bob": "9C"})
    game.apply(Shoot(fighter=0, target=1))
    assert game.decider() == 1 and game.state.pending[-1].kind == "snap_shot"
    assert game.view(1).ruthless.answering == Answering(firer=0, target=1)  # who shoots at whom: public
    snaps = [a for a in game.legal_actions() if isinstance(a, Snap)]
    assert {a.card for a in snaps} == {"KH", "AC"}  # the 9, 6 and 2 do not beat the Queen
    events = game.apply(Snap(card="KH", weapon=0))
    assert model(game, 0).wounds == {Location.SEVERE: 1} and not model(game, 0).standing
    assert any("shot is lost" in e.text for e in events)
    assert model(game, 0).ammo == [10]  # the lost shot fired no round
    assert "KH" not in game.state.ruthless.hands[1]


@pytest.mark.rule("R-SNAP-01")
def test_ducking_for_cover_then_the_shot_goes_off__R_SNAP_01() -> None:
    """Doc ducks up to 3 toward the soft cover at 9,1 (to 8,2, beside it: in cover for his nerve, though the
    barrel is not between him and Chet); Chet's shot then goes off at him there: a 5 misses."""
    game = _game([("chet-willis", "1,3")], [("doc-calloway", "8,3")], [5], {"Ann": "QS", "Bob": "9C"})
    game.apply(Shoot(fighter=0, target=1))
    ducks = [a for a in game.legal_actions() if isinstance(a, Snap) and a.to is not None]
    assert ducks and all(in_cover(BOARD, a.to) for a in ducks if a.to is not None)
    events = game.apply(Snap(card="AC", to=Square(8, 2)))
    assert model(game, 1).square == Square(8, 2)
    assert any(e.kind is CommonEventKind.MISSED for e in events)
    assert model(game, 0).ammo == [9]


@pytest.mark.rule("R-SNAP-01")
def test_taking_the_shot_lets_it_go_off__R_SNAP_01() -> None:
    game = _game([("chet-willis", "1,3")], [("doc-calloway", "8,3")], [4], {"Ann": "QS", "Bob": "9C"})
    game.apply(Shoot(fighter=0, target=1))
    events = game.apply(Pass())
    assert any(e.kind is CommonEventKind.MISSED for e in events) and not game.state.pending


@pytest.mark.rule("R-SNAP-01")
def test_no_snap_without_a_higher_card__R_SNAP_01() -> None:
    """Bob (King of Hearts for initiative) shoots at Chet: nothing in Ann's hand beats the King, so no window
    opens and the shot goes off."""
    game = _game([("chet-willis", "1,3")], [("doc-calloway", "7,3")], [3], {"Ann": "QS", "Bob": "KH"})
    events = game.apply(Shoot(fighter=1, target=0))
    assert not game.state.pending and any(e.kind is CommonEventKind.MISSED for e in events)


def test_the_view_names_the_activating_seat_while_another_answers_a_window__R_SNAP_01() -> None:
    """A snap-shot window in Ann's activation is Bob's decision, but it is still Ann's activation: the view's
    `acting` says so (the roster marks her posse acting), `decider` names Bob."""
    game = _game([("chet-willis", "1,3")], [("doc-calloway", "7,3")], [9, 10], {"Ann": "QS", "Bob": "9C"})
    game.apply(Shoot(fighter=0, target=1))
    view = game.view(None)
    assert view.decider == 1 and view.ruthless.acting == 0
