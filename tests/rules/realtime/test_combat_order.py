"""Real-Time Frag's combat in a segment (J-RT-10): one attack a segment, none after a card activated, the
turn's attacks from Accuracy still the bound, attacks in initiative order, and a target who may shoot first.

Initiative is rolled with scripted dice as the pre-turn does (J-RT-02), so the order each test relies on is
the one the dice give. The seed's example: "Rocky declares that he will fire on Havoc. Rocky's initiative roll
was 4 and Havoc's was 3, so Rocky will fire before Havoc can do so. Were the initiative values the other way
around, Rocky would announce his intention to fire, and Havoc would have the option to shoot first."
"""

from __future__ import annotations

import pytest

from fragtui.engine.dice import Dice
from fragtui.engine.realtime.combat import ATTACKS_PER_SEGMENT, CombatTally, attack_order, may_answer_first
from fragtui.engine.realtime.initiative import Initiative, roll_initiative

ROCKY, HAVOC, CASS, DREW = 0, 1, 2, 3


def initiative(faces: list[int], fighters: tuple[int, ...] = (ROCKY, HAVOC)) -> Initiative:
    """Initiative for `fighters` rolled with scripted `faces` (roll-offs included), every face used."""
    dice = Dice.scripted(faces)
    rolled = roll_initiative(dice, fighters)
    assert dice.state.script == ()
    return rolled


def test_one_attack_a_segment_whatever_the_turn_allows__J_RT_10() -> None:
    """Accuracy 5: three attacks this turn (F-ATK-01), but after one in this segment no other until the next."""
    tally = CombatTally(attacks_left=3)
    assert tally.may_attack and ATTACKS_PER_SEGMENT == 1
    after = tally.with_attack()
    assert (after.attacks_left, after.attacked) == (2, True)
    assert not after.may_attack and after.attack_refusal() == "he has made his attack this segment (1 a segment)"
    with pytest.raises(ValueError, match="no attack now"):
        after.with_attack()
    following = after.next_segment()
    assert following.may_attack and following.attacks_left == 2


def test_the_turns_attacks_from_accuracy_still_bound_the_total__J_RT_10() -> None:
    """Accuracy 2: one attack a turn. Made in segment 1, segment 2 allows none though it is a new segment."""
    tally = CombatTally(attacks_left=1).with_attack().next_segment()
    assert tally.attacks_left == 0 and not tally.may_attack
    assert tally.attack_refusal() == "he has no attack left this turn"


def test_no_attack_in_a_segment_he_activated_a_card_in__J_RT_10() -> None:
    """ "You can either choose to make an attack or to activate a card", both ways round, for this segment only."""
    carded = CombatTally(attacks_left=2).with_activation()
    assert not carded.may_attack and "activated a card" in (carded.attack_refusal() or "")
    assert carded.next_segment().may_attack
    shot = CombatTally(attacks_left=2).with_attack()
    assert shot.activation_refusal() is not None
    with pytest.raises(ValueError, match="an attack or a card"):
        shot.with_activation()
    assert CombatTally(attacks_left=0).activation_refusal() is None  # a card needs no attack left


def test_attacks_resolve_in_initiative_order__J_RT_10() -> None:
    """Initiative 2, 6, 4, 5: Havoc, Drew, Cass, Rocky. Whoever announces, they attack in that order."""
    order = initiative([2, 6, 4, 5], (ROCKY, HAVOC, CASS, DREW))
    assert order.order == (HAVOC, DREW, CASS, ROCKY)
    assert attack_order([ROCKY, CASS, HAVOC], order) == (HAVOC, CASS, ROCKY)
    assert attack_order([ROCKY], order) == (ROCKY,) and attack_order([], order) == ()


def test_a_tie_in_initiative_orders_attacks_as_the_roll_off_did__J_RT_10_J_RT_02() -> None:
    """Rocky and Havoc both roll 3; Havoc wins the roll-off 5 to 1: his attack comes first."""
    order = initiative([3, 3, 1, 5])
    assert attack_order([ROCKY, HAVOC], order) == (HAVOC, ROCKY)


def test_the_seeds_example_the_lower_target_may_not_shoot_first__J_RT_10() -> None:
    """Rocky 4, Havoc 3: Rocky fires on Havoc before Havoc can."""
    order = initiative([4, 3])
    assert not may_answer_first(HAVOC, ROCKY, order, CombatTally(attacks_left=2), announced=False)


def test_the_seeds_example_the_other_way_round_the_target_may_shoot_first__J_RT_10() -> None:
    """Rocky 3, Havoc 4: Rocky announces, and Havoc has the option to shoot first."""
    order = initiative([3, 4])
    assert may_answer_first(HAVOC, ROCKY, order, CombatTally(attacks_left=2), announced=False)


def test_a_target_who_may_not_attack_or_attacks_anyway_does_not_answer__J_RT_10_ruling() -> None:
    """Havoc has the higher initiative, but no answer if he activated a card, has attacked this segment, has
    no attack left this turn, or announced an attack of his own (made in his own place, before Rocky's)."""
    order = initiative([3, 4])
    fresh = CombatTally(attacks_left=2)
    assert not may_answer_first(HAVOC, ROCKY, order, fresh.with_activation(), announced=False)
    assert not may_answer_first(HAVOC, ROCKY, order, fresh.with_attack(), announced=False)
    assert not may_answer_first(HAVOC, ROCKY, order, CombatTally(attacks_left=0), announced=False)
    assert not may_answer_first(HAVOC, ROCKY, order, fresh, announced=True)


def test_a_tied_target_who_won_the_roll_off_may_shoot_first__J_RT_10_J_RT_02_ruling() -> None:
    """Both roll 5; Havoc wins the roll-off: he has the higher initiative, and may answer Rocky first."""
    order = initiative([5, 5, 2, 6])
    assert order.value(ROCKY) == order.value(HAVOC)
    assert may_answer_first(HAVOC, ROCKY, order, CombatTally(attacks_left=1), announced=False)
    assert not may_answer_first(ROCKY, HAVOC, order, CombatTally(attacks_left=1), announced=False)
