"""Fisticuffs (R-FIST-01): a Move into contact, a card each face down, the loser pushed back 2 and hit twice."""

from __future__ import annotations

import pytest

from fragtui.engine.actions import Pass
from fragtui.engine.board import Square
from fragtui.engine.events import CommonEventKind
from fragtui.engine.ruthless.actions import MoveTo, PickCard, Snap
from fragtui.engine.ruthless.pieces import Location
from fragtui.engine.ruthless.table import Condition
from tests.rules.ruthless.common import model, pick, ruthless_game, ruthless_scenario

HANDS = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "9C", "6S", "5C", "8H"]}


def _brawl(ann: str, dice: list[int], bob_square: str = "3,3"):
    """Ann's `ann` (on 0,3) moves next to Bob's Ike Pruitt (Toughness 7): fisticuffs."""
    game = ruthless_game({"Ann": [(ann, "0,3")], "Bob": [("ike-pruitt", bob_square)]}, dice=dice, hands=HANDS)
    pick(game, {"Ann": "KS", "Bob": "QH"})
    events = game.apply(MoveTo(fighter=0, to=Square(2, 3)))
    return game, events


@pytest.mark.rule("R-FIST-01")
def test_contact_starts_fisticuffs_and_the_higher_card_wins__R_FIST_01() -> None:
    """Big Swede (Brawler, +2) plays a 5 (7) against Ike's 6: Ike is pushed back 2 and takes two hits
    (a graze and an arm; his nerve holds on 7s)."""
    game, events = _brawl("big-swede", [5, 7, 3, 7])
    assert any(e.kind is CommonEventKind.ATTACKED and "Fisticuffs" in e.text for e in events)
    assert game.decider() == 0 and PickCard(card="5D") in game.legal_actions() and Pass() in game.legal_actions()
    picked = game.apply(PickCard(card="5D"))
    assert picked[0].seen_by(1).card is None  # face down
    assert game.decider() == 1
    game.apply(PickCard(card="6S"))
    ike = model(game, 1)
    assert ike.wounds == {Location.GRAZE: 1, Location.ARM: 1}
    assert ike.square is not None and ike.square.x == 5  # 2 back, away from the Swede
    assert {"5D", "6S"} <= set(game.state.ruthless.discard)
    assert not game.state.pending and game.decider() == 0


@pytest.mark.rule("R-FIST-01")
def test_a_two_of_the_same_suit_is_a_low_blow__R_FIST_01() -> None:
    game, _ = _brawl("chet-willis", [5, 7, 3, 7])
    game.apply(PickCard(card="2C"))
    events = game.apply(PickCard(card="9C"))
    assert any("Low Blow" in e.text for e in events)
    assert model(game, 1).wounds == {Location.GRAZE: 1, Location.ARM: 1}


@pytest.mark.rule("R-FIST-01")
def test_the_loser_is_the_one_hit__R_FIST_01() -> None:
    """Chet's 3 against Ike's 9: Chet is pushed back and hit (a gut punch knocks him out; a graze follows)."""
    game, _ = _brawl("chet-willis", [7, 5])
    game.apply(PickCard(card="3H"))
    game.apply(PickCard(card="9C"))
    chet = model(game, 0)
    assert chet.condition is Condition.UNCONSCIOUS
    assert chet.wounds == {Location.GUT: 1, Location.GRAZE: 1}
    assert chet.square == Square(0, 3)


@pytest.mark.rule("R-FIST-01")
def test_mounted_adds_one__R_FIST_01() -> None:
    """Tom Ketchum rides: his 8 (+1 = 9) ties Ike's 9 and the Spade beats the Club."""
    game, _ = _brawl("tom-ketchum", [5, 7, 3, 7])
    game.apply(PickCard(card="8S"))
    game.apply(PickCard(card="9C"))
    assert model(game, 1).wounds == {Location.GRAZE: 1, Location.ARM: 1} and model(game, 0).wounds == {}


@pytest.mark.rule("R-FIST-01")
def test_no_card_loses_automatically__R_FIST_01() -> None:
    """Bob holds no card: Ike loses without a pick."""
    game = ruthless_scenario(
        """
        phase = "activation"
        dice = [5, 7, 3, 7]

        [[posse]]
        name = "Ann"
        pick = "KS"
        hand = ["2C", "3H", "5D", "8S"]
        [[posse.model]]
        gunfighter = "chet-willis"
        at = "0,3"

        [[posse]]
        name = "Bob"
        pick = "QH"
        hand = []
        [[posse.model]]
        gunfighter = "ike-pruitt"
        at = "3,3"
        """
    )
    game.apply(MoveTo(fighter=0, to=Square(2, 3)))
    game.apply(PickCard(card="3H"))
    assert model(game, 1).wounds == {Location.GRAZE: 1, Location.ARM: 1}
    assert not game.state.pending


@pytest.mark.rule("R-FIST-01")
def test_an_unconscious_model_loses_automatically__R_FIST_01() -> None:
    game = ruthless_game({"Ann": [("chet-willis", "0,3")], "Bob": [("ike-pruitt", "3,3")]}, dice=[5, 3],
                         hands=HANDS)  # fmt: skip
    model(game, 1).condition = Condition.UNCONSCIOUS
    pick(game, {"Ann": "KS", "Bob": "QH"})
    game.apply(MoveTo(fighter=0, to=Square(2, 3)))
    game.apply(PickCard(card="3H"))
    assert model(game, 1).wounds == {Location.GRAZE: 1, Location.ARM: 1}
    assert "QH" not in game.state.ruthless.hands[1] and len(game.state.ruthless.hands[1]) == 4


@pytest.mark.rule("R-SNAP-01")
@pytest.mark.rule("R-FIST-01")
def test_a_higher_card_ducks_out_of_the_brawl__R_SNAP_01() -> None:
    """Bob holds the Ace of Clubs, higher than Ann's King: before the picks he may snap; Ike ducks away to
    cover and the fisticuffs are off."""
    hands = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "AC", "6S", "5C", "8H"]}
    game = ruthless_game({"Ann": [("chet-willis", "0,3")], "Bob": [("ike-pruitt", "3,3")]}, hands=hands)
    pick(game, {"Ann": "KS", "Bob": "QH"})
    game.apply(MoveTo(fighter=0, to=Square(2, 3)))
    assert game.decider() == 1 and game.state.pending[-1].kind == "snap_brawl"
    ducks = [a for a in game.legal_actions() if isinstance(a, Snap) and a.to is not None]
    away = next(a for a in ducks if a.to is not None and max(abs(a.to.x - 2), abs(a.to.y - 3)) > 1)
    game.apply(away)
    assert not game.state.pending and model(game, 1).square == away.to
    assert model(game, 1).wounds == {} and model(game, 0).wounds == {}


@pytest.mark.rule("R-SNAP-01")
@pytest.mark.rule("R-FIST-01")
def test_taking_on_the_brawl_goes_to_the_picks__R_SNAP_01() -> None:
    hands = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "AC", "6S", "5C", "8H"]}
    game = ruthless_game({"Ann": [("chet-willis", "0,3")], "Bob": [("ike-pruitt", "3,3")]}, hands=hands)
    pick(game, {"Ann": "KS", "Bob": "QH"})
    game.apply(MoveTo(fighter=0, to=Square(2, 3)))
    game.apply(Pass())
    assert game.state.pending[-1].kind == "fisticuffs" and game.decider() == 0
