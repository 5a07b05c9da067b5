"""Hit locations and their effects (R-HIT-01), death (R-HIT-02), Toughness and Lily Livered (R-TOUGH-01),
Get Your Courage Up! (R-COUR-01), unconscious models (R-UNC-01), with scripted d10s.

Chet Willis: Toughness 6, rifle. Ike Pruitt: Toughness 7, shotgun, two severe boxes. Lucky Lou: one leg box.
"""

from __future__ import annotations

import pytest

from fragtui.engine.board import Square
from fragtui.engine.events import CommonEventKind
from fragtui.engine.ruthless.actions import Aim, Courage, Dismount, Mount, MoveTo, PickCard, Shoot
from fragtui.engine.ruthless.events import RuthlessEventKind
from fragtui.engine.ruthless.grid import in_cover
from fragtui.engine.ruthless.pieces import Location
from fragtui.engine.ruthless.table import Condition
from tests.rules.ruthless.common import (
    BOARD,
    actions_of,
    done,
    model,
    pick,
    refresh,
    ruthless_game,
    ruthless_scenario,
)

HANDS = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "9C", "6S", "5C", "JH"]}


def _game(ann, bob, dice, picks=None):
    game = ruthless_game({"Ann": ann, "Bob": bob}, dice=dice, hands=HANDS)
    pick(game, picks or {"Ann": "KS", "Bob": "QH"})
    return game


@pytest.mark.rule("R-HIT-01")
def test_the_hit_table__R_HIT_01() -> None:
    from fragtui.engine.ruthless.pieces import location_of

    assert [location_of(roll).value for roll in range(1, 11)] == [
        "leg", "leg", "arm", "arm", "graze", "graze", "gut", "chest", "chest", "severe",
    ]  # fmt: skip


@pytest.mark.rule("R-HIT-01")
def test_a_leg_wound_allows_one_move_a_turn__R_HIT_01() -> None:
    game = _game([("chet-willis", "1,3")], [("ike-pruitt", "11,7")], [])
    model(game, 0).wounds[Location.LEG] = 1
    game.apply(MoveTo(fighter=0, to=Square(2, 3)))
    assert not any(isinstance(a, MoveTo) for a in actions_of(game, 0))


@pytest.mark.rule("R-HIT-01")
def test_an_arm_wound_allows_one_shoot_a_turn__R_HIT_01() -> None:
    game = _game([("chet-willis", "1,3")], [("ike-pruitt", "8,3")], [1])
    model(game, 0).wounds[Location.ARM] = 1
    game.apply(Shoot(fighter=0, target=1))
    assert not any(isinstance(a, Shoot) for a in actions_of(game, 0))
    assert actions_of(game, 0)  # he still has his second action, of another kind


@pytest.mark.rule("R-HIT-01")
def test_a_chest_wound_forbids_aiming__R_HIT_01() -> None:
    game = _game([("chet-willis", "1,3")], [("ike-pruitt", "8,3")], [])
    assert Aim(fighter=0) in actions_of(game, 0)
    model(game, 0).wounds[Location.CHEST] = 1
    assert Aim(fighter=0) not in actions_of(refresh(game), 0)


@pytest.mark.rule("R-HIT-01")
@pytest.mark.rule("R-UNC-01")
def test_a_severe_wound_knocks_him_unconscious__R_HIT_01() -> None:
    """A severe wound (10) with a box to spare: tipped over, no Toughness roll, no action until revived."""
    game = _game([("chet-willis", "1,3")], [("ike-pruitt", "8,3")], [9, 10, 5, 5])
    game.apply(Shoot(fighter=0, target=1))
    assert model(game, 1).condition is Condition.UNCONSCIOUS
    assert model(game, 1).wounds == {Location.SEVERE: 1}
    events = done(game)  # Bob's only model cannot act: his activation is skipped and the turn ends
    assert any(e.kind is CommonEventKind.TURN_ENDED for e in events)
    assert model(game, 1).condition is Condition.UNCONSCIOUS


@pytest.mark.rule("R-HIT-02")
def test_the_last_box_of_a_location_kills__R_HIT_02() -> None:
    """Lucky Lou has one leg box: a leg hit kills him; he leaves the table."""
    game = _game([("chet-willis", "1,3")], [("lucky-lou", "8,3")], [9, 1])
    events = game.apply(Shoot(fighter=0, target=1))
    assert model(game, 1).condition is Condition.DEAD and model(game, 1).square is None
    assert any(e.kind is RuthlessEventKind.KILLED for e in events)
    assert not any(isinstance(a, Shoot) for a in game.legal_actions())


@pytest.mark.rule("R-HIT-02")
def test_a_horse_lives_through_two_wounds__R_HIT_02() -> None:
    """Two hits on Tom Ketchum's horse (each a Toughness check, kept): it still carries him."""
    game = _game([("chet-willis", "1,3")], [("tom-ketchum", "8,3")], [9, 2, 9, 9, 5, 9])
    game.apply(Shoot(fighter=0, target=1))
    game.apply(Shoot(fighter=0, target=1))
    assert model(game, 1).horse_wounds == 2 and model(game, 1).mounted and not model(game, 1).horse_dead


@pytest.mark.rule("R-HIT-02")
def test_the_third_horse_wound_kills_the_horse__R_HIT_02() -> None:
    game = _game([("chet-willis", "1,3")], [("tom-ketchum", "8,3")], [9, 1, 9])
    model(game, 1).horse_wounds = 2
    events = game.apply(Shoot(fighter=0, target=1))
    tom = model(game, 1)
    assert tom.horse_wounds == 3 and tom.horse_dead and not tom.mounted
    assert any(e.kind is RuthlessEventKind.KILLED and "horse" in e.text for e in events)
    done(game)
    assert Mount(fighter=1) not in actions_of(game, 1) and Dismount(fighter=1) not in actions_of(game, 1)


@pytest.mark.rule("R-TOUGH-01")
def test_a_graze_calls_for_a_toughness_check__R_TOUGH_01() -> None:
    """A graze does no harm, but the check still comes: Ike (Toughness 7) rolls 6 and is Lily Livered; he
    runs at once for the nearest square in cover."""
    game = _game([("chet-willis", "1,3")], [("ike-pruitt", "8,3")], [9, 5, 6])
    events = game.apply(Shoot(fighter=0, target=1))
    ike = model(game, 1)
    assert ike.markers.lily_livered
    assert ike.square is not None and ike.square != Square(8, 3) and in_cover(BOARD, ike.square)
    assert any(e.kind is RuthlessEventKind.NERVE and "Lily Livered" in e.text for e in events)


@pytest.mark.rule("R-TOUGH-01")
def test_a_lily_livered_model_stays_in_cover__R_TOUGH_01() -> None:
    """While Lily Livered, his Moves end only in cover."""
    game = _game([("chet-willis", "1,3")], [("ike-pruitt", "9,2")], [])
    model(game, 1).markers.lily_livered = True
    done(game)
    moves = [a for a in actions_of(game, 1) if isinstance(a, MoveTo)]
    assert moves and all(in_cover(BOARD, a.to) for a in moves)


@pytest.mark.rule("R-TOUGH-01")
def test_seeing_a_friend_killed_calls_for_a_check__R_TOUGH_01() -> None:
    """Lucky Lou is killed in sight of Ike: Ike checks (7: kept)."""
    game = _game([("chet-willis", "1,3")], [("lucky-lou", "8,3"), ("ike-pruitt", "8,5")], [9, 1, 7])
    events = game.apply(Shoot(fighter=0, target=1))
    assert any(e.kind is RuthlessEventKind.NERVE and e.player == 2 for e in events)
    assert not model(game, 2).markers.lily_livered


@pytest.mark.rule("R-COUR-01")
def test_courage_needs_cover_and_reaches_toughness__R_COUR_01() -> None:
    """Ike, Lily Livered in cover: 1d10 + the spent card's value; 2 + 5 = 7 recovers (Toughness 7)."""
    game = _game([("chet-willis", "1,1")], [("ike-pruitt", "9,2")], [2])
    model(game, 1).markers.lily_livered = True
    done(game)
    assert Courage(fighter=1, card="5C") in actions_of(game, 1)
    game.apply(Courage(fighter=1, card="5C"))
    assert not model(game, 1).markers.lily_livered
    assert "5C" not in game.state.ruthless.hands[1]


@pytest.mark.rule("R-COUR-01")
def test_the_courage_line_shows_the_total_it_passed_with__R_COUR_01() -> None:
    """The die alone (2) reads like a failure against Toughness 7: the log adds the card and shows the total."""
    game = _game([("chet-willis", "1,1")], [("ike-pruitt", "9,2")], [2])
    model(game, 1).markers.lily_livered = True
    done(game)
    events = game.apply(Courage(fighter=1, card="5C"))
    lines = [e.text for e in events if e.kind in (RuthlessEventKind.NERVE, CommonEventKind.DICE_ROLLED)]
    assert lines == [
        "Bob: courage against Toughness 7, the card adds 5 (d10): 2 = 2",
        "Ike Pruitt (Bob) gets his courage up (2 + 5 (card) = 7, at least 7)",
    ]


@pytest.mark.rule("R-COUR-01")
def test_courage_fails_short_of_toughness__R_COUR_01() -> None:
    game = _game([("chet-willis", "1,1")], [("ike-pruitt", "9,2")], [6])
    model(game, 1).markers.lily_livered = True
    done(game)
    events = game.apply(Courage(fighter=1))
    assert model(game, 1).markers.lily_livered
    assert "Ike Pruitt (Bob) is still Lily Livered (rolled 6, short of 7)" in [e.text for e in events]


@pytest.mark.rule("R-COUR-01")
@pytest.mark.rule("R-SEQ-03")
def test_a_face_card_is_a_shot_of_whiskey__R_COUR_01() -> None:
    """A Jack spent on courage passes without a roll (no die scripted)."""
    game = _game([("chet-willis", "1,1")], [("ike-pruitt", "9,2")], [])
    model(game, 1).markers.lily_livered = True
    done(game)
    game.apply(Courage(fighter=1, card="JH"))
    assert not model(game, 1).markers.lily_livered


@pytest.mark.rule("R-COUR-01")
def test_no_courage_out_of_cover__R_COUR_01() -> None:
    game = _game([("chet-willis", "1,1")], [("ike-pruitt", "6,7")], [])
    model(game, 1).markers.lily_livered = True
    done(game)
    assert not any(isinstance(a, Courage) for a in actions_of(game, 1))


@pytest.mark.rule("R-UNC-01")
@pytest.mark.rule("R-SEQ-03")
def test_an_ace_or_a_four_for_initiative_revives__R_UNC_01() -> None:
    """Bob's unconscious models come round when he plays a 4 for initiative (all at once)."""
    game = ruthless_scenario(
        """
        dice = []

        [[posse]]
        name = "Ann"
        hand = ["KS", "2C", "3H", "5D", "8S"]
        [[posse.model]]
        gunfighter = "chet-willis"
        at = "1,1"

        [[posse]]
        name = "Bob"
        hand = ["4H", "9C", "6S", "5C", "JH"]
        [[posse.model]]
        gunfighter = "ike-pruitt"
        at = "9,6"
        condition = "unconscious"
        [[posse.model]]
        gunfighter = "lucky-lou"
        at = "10,7"
        condition = "unconscious"
        """
    )
    game.apply(PickCard(card="KS"))
    assert model(game, 1).condition is Condition.UNCONSCIOUS
    events = game.apply(PickCard(card="4H"))
    assert model(game, 1).standing and model(game, 2).standing
    assert sum(1 for e in events if e.kind is RuthlessEventKind.KNOCKED_OUT) == 2


@pytest.mark.rule("R-UNC-01")
def test_another_card_leaves_them_down__R_UNC_01() -> None:
    game = ruthless_game(
        {"Ann": [("chet-willis", "1,1")], "Bob": [("ike-pruitt", "9,6")]},
        hands={"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["4H", "9C", "6S", "5C", "JH"]},
        dice=[5, 5],
    )
    model(game, 1).condition = Condition.UNCONSCIOUS
    pick(game, {"Ann": "KS", "Bob": "9C"})
    assert model(game, 1).condition is Condition.UNCONSCIOUS
    assert not actions_of(game, 1)
    events = done(game)  # Bob's posse cannot act: the turn ends (both sides roll a 5 for skedaddle)
    assert any(e.kind is CommonEventKind.TURN_ENDED for e in events)
    assert model(game, 1).condition is Condition.UNCONSCIOUS
