"""Real-Time Frag's initiative (J-RT-02): one public die each at the turn's start, ties rolled off in public.

Every case rolls scripted dice and checks that the script is used up exactly: a die the ruling does not call
for is a `DiceExhaustedError`, one it calls for but the code skips is left over.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fragtui.engine.dice import Dice, Roll
from fragtui.engine.realtime.initiative import INITIATIVE_DICE, Initiative, InitiativeRoll, roll_initiative


def used_up(dice: Dice) -> bool:
    return dice.state.script == ()


def test_each_fighter_rolls_one_die_and_the_highest_goes_first__J_RT_02() -> None:
    """The seed's example: Rocky (0) rolled 4 and Havoc (1) 3, so Rocky acts first."""
    dice = Dice.scripted([4, 3])
    initiative = roll_initiative(dice, [0, 1])
    assert used_up(dice) and INITIATIVE_DICE == 1
    assert initiative.order == (0, 1)
    assert (initiative.value(0), initiative.value(1)) == (4, 3)
    assert initiative.before(0, 1) and not initiative.before(1, 0)
    assert initiative.roll_offs == ()


def test_the_rolls_are_public_records_in_the_order_rolled__J_RT_02() -> None:
    dice = Dice.scripted([2, 6, 5])
    initiative = roll_initiative(dice, [3, 1, 2])
    assert [(entry.fighter, entry.roll.dice, entry.roll.reason) for entry in initiative.rolls] == [
        (3, (2,), "initiative"),
        (1, (6,), "initiative"),
        (2, (5,), "initiative"),
    ]
    assert initiative.order == (1, 2, 3) and [initiative.rank(f) for f in (1, 2, 3)] == [0, 1, 2]
    assert [str(roll) for roll in dice.history] == ["initiative: 2 = 2", "initiative: 6 = 6", "initiative: 5 = 5"]
    assert Initiative.model_validate_json(initiative.model_dump_json()) == initiative


def test_a_tie_is_broken_by_a_public_roll_off_among_the_tied_only__J_RT_02_ruling() -> None:
    """0 and 2 both roll 5, 1 rolls 2: 0 and 2 roll off (3 against 6), so 2 goes first; 1 does not roll again.
    The values stay the rolls made (both 5)."""
    dice = Dice.scripted([5, 2, 5, 3, 6])
    initiative = roll_initiative(dice, [0, 1, 2])
    assert used_up(dice)
    assert initiative.order == (2, 0, 1)
    assert [(entry.fighter, entry.roll.total, entry.roll.reason) for entry in initiative.roll_offs] == [
        (0, 3, "initiative roll-off"),
        (2, 6, "initiative roll-off"),
    ]
    assert initiative.value(0) == initiative.value(2) == 5
    assert initiative.before(2, 0)


def test_a_roll_off_tied_again_is_rolled_again_until_broken__J_RT_02_ruling() -> None:
    """All four roll 4. The roll-off: 0 and 3 roll 6, 1 rolls 1, 2 rolls 5; 0 and 3 roll again, 2 and 2, then
    1 and 4: 3 first, then 0, 2 and 1."""
    dice = Dice.scripted([4, 4, 4, 4, 6, 1, 5, 6, 2, 2, 1, 4])
    initiative = roll_initiative(dice, [0, 1, 2, 3])
    assert used_up(dice)
    assert initiative.order == (3, 0, 2, 1)
    assert [entry.fighter for entry in initiative.roll_offs] == [0, 1, 2, 3, 0, 3, 0, 3]


def test_two_ties_are_rolled_off_the_higher_group_first__J_RT_02_ruling() -> None:
    """0 and 1 roll 6, 2 and 3 roll 2: the 6s roll off first (1 wins), then the 2s (2 wins)."""
    dice = Dice.scripted([6, 6, 2, 2, 3, 5, 4, 1])
    initiative = roll_initiative(dice, [0, 1, 2, 3])
    assert used_up(dice)
    assert initiative.order == (1, 0, 2, 3)
    assert [entry.fighter for entry in initiative.roll_offs] == [0, 1, 2, 3]


def test_one_fighter_or_none_needs_no_roll_off__J_RT_02() -> None:
    dice = Dice.scripted([1])
    assert roll_initiative(dice, [5]).order == (5,) and used_up(dice)
    assert roll_initiative(Dice.scripted([]), []).order == ()


def test_an_initiative_names_each_fighter_once__J_RT_02() -> None:
    with pytest.raises(ValueError, match="once"):
        roll_initiative(Dice.scripted([1, 2]), [0, 0])
    rolls = (InitiativeRoll(fighter=0, roll=Roll.of([3], "initiative")),)
    with pytest.raises(ValidationError, match="each fighter who rolled once"):
        Initiative(rolls=rolls, order=(0, 1))
