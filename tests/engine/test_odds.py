"""Exact dice odds: sums of dice, chance to hit, damage, chance to frag."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fragtui.engine.odds import (
    damage_distribution,
    expected_damage,
    health_lost,
    p_at_least,
    p_frag,
    sum_distribution,
)

F = Fraction


def _brute_force_damage(attack_dice: int, defence_dice: int, extra: int) -> dict[int, Fraction]:
    """Every way the dice can fall, counted one by one."""
    outcomes = list(itertools.product(range(1, 7), repeat=attack_dice + defence_dice))
    counts = Counter(health_lost(sum(faces[:attack_dice]), sum(faces[attack_dice:]), extra) for faces in outcomes)
    return {lost: F(n, len(outcomes)) for lost, n in counts.items()}


@pytest.mark.parametrize("n", range(0, 9))
def test_sum_distributions_sum_to_one(n: int) -> None:
    distribution = sum_distribution(n)
    assert sum(distribution.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in distribution.values())
    assert min(distribution) == n and max(distribution) == 6 * n


def test_two_dice_table_is_exact() -> None:
    assert sum_distribution(2) == {t: F(6 - abs(t - 7), 36) for t in range(2, 13)}
    assert sum_distribution(1) == {t: F(1, 6) for t in range(1, 7)}
    assert sum_distribution(0) == {0: F(1)}


def test_sum_distribution_returns_a_copy_callers_may_change() -> None:
    sum_distribution(3).clear()
    assert sum(sum_distribution(3).values()) == 1


def test_movement_points_are_the_total_of_the_speed_dice__F_MOVE_01() -> None:
    speed_3 = sum_distribution(3)
    assert speed_3[10] == speed_3[11] == F(27, 216)
    assert sum(t * p for t, p in speed_3.items()) == F(21, 2)


def test_to_hit_is_total_at_least_range__F_ATK_07() -> None:
    assert p_at_least(2, 7) == F(21, 36)
    assert p_at_least(2, 2) == 1  # range 2 with two dice: a sure hit
    assert p_at_least(2, 12) == F(1, 36)
    assert p_at_least(2, 13) == 0
    assert p_at_least(1, 1) == 1
    assert p_at_least(3, 10) == sum(p for t, p in sum_distribution(3).items() if t >= 10)
    assert p_at_least(0, 1) == 0  # no Accuracy dice never reach range 1
    with pytest.raises(ValueError):
        p_at_least(-1, 3)


@pytest.mark.parametrize(
    ("attack_totals", "expected"),
    [(range(0, 8), 0), (range(8, 16), 1), (range(16, 24), 2), (range(24, 32), 3)],
)
def test_health_lost_seed_example_defence_8__F_ATK_08(attack_totals: range, expected: int) -> None:
    for attack in attack_totals:
        assert health_lost(attack, 8) == expected, attack


def test_health_lost_is_zero_when_defence_exceeds_attack__F_ATK_08() -> None:
    assert health_lost(7, 8) == 0
    assert health_lost(2, 12) == 0


def test_extra_damage_counts_even_when_the_division_gives_zero__F_ATK_08() -> None:
    assert health_lost(3, 8, extra=1) == 1
    assert health_lost(17, 8, extra=2) == 4
    assert damage_distribution(1, 7, extra=1) == {1: F(1)}  # 1 die never reaches 7 dice: division 0


def test_defence_of_no_dice_divides_by_one__F_ATK_08_ruling() -> None:
    assert health_lost(9, 0) == 9
    assert health_lost(0, 0, extra=1) == 1
    assert damage_distribution(1, 0) == {t: F(1, 6) for t in range(1, 7)}
    assert p_frag(1, 0, health=0) == 1


def test_negative_inputs_are_errors__F_ATK_08() -> None:
    with pytest.raises(ValueError):
        health_lost(-1, 3)
    with pytest.raises(ValueError):
        health_lost(3, 3, extra=-1)
    with pytest.raises(ValueError):
        damage_distribution(2, -1)


@pytest.mark.parametrize(("attack_dice", "defence_dice"), [(0, 0), (1, 1), (2, 4), (6, 4), (3, 8)])
def test_damage_distributions_sum_to_one__F_ATK_08(attack_dice: int, defence_dice: int) -> None:
    assert sum(damage_distribution(attack_dice, defence_dice).values()) == 1
    assert sum(damage_distribution(attack_dice, defence_dice, extra=2).values()) == 1


@settings(max_examples=60, deadline=None)
@given(
    attack_dice=st.integers(min_value=0, max_value=3),
    defence_dice=st.integers(min_value=0, max_value=2),
    extra=st.integers(min_value=0, max_value=3),
)
def test_damage_distribution_matches_brute_force__F_ATK_08(attack_dice: int, defence_dice: int, extra: int) -> None:
    assert damage_distribution(attack_dice, defence_dice, extra) == _brute_force_damage(
        attack_dice, defence_dice, extra
    )


def test_expected_damage_and_chance_to_frag__F_ATK_08() -> None:
    # 1 die vs 1 die: lost = a // d, averaged over the 36 pairs.
    assert expected_damage(1, 1) == F(sum(a // d for a in range(1, 7) for d in range(1, 7)), 36)
    assert expected_damage(1, 1, extra=1) == expected_damage(1, 1) + 1
    distribution = damage_distribution(6, 4, extra=1)
    for health in range(0, 12):
        assert p_frag(6, 4, health, extra=1) == sum(p for lost, p in distribution.items() if lost >= health)
    assert p_frag(6, 4, health=0) == 1
    assert p_frag(2, 4, health=100) == 0


def test_acid_is_a_two_dice_attack_against_health__F_MAP_01() -> None:
    # Health 1: one defence die; 2 dice (at least 2) beat it unless the die shows more.
    expected = F(sum(1 for a, b, d in itertools.product(range(1, 7), repeat=3) if a + b >= d), 216)
    assert p_frag(2, 1, health=1) == expected
    assert damage_distribution(2, 4) == _brute_force_damage(2, 4, 0)
