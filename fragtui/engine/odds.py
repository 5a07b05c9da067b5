"""Exact dice odds: what bots weigh and what the interface shows before a player shoots.

Everything is a `fractions.Fraction`, never a float, so "exactly 21/36" is what a test asserts
and two bots given the same position always agree. Distributions are computed once by
convolution and cached; callers get a fresh dict each time, so they may change it freely.

The rules behind the numbers:

- F-MOVE-01: movement points are the total of the Speed dice -> `sum_distribution(speed)`.
- F-ATK-07: an attack hits when the Accuracy dice total at least the range ->
  `p_at_least(accuracy, range)`.
- F-ATK-08: Health lost = attack total // defence total (0 when defence exceeds attack), plus
  the weapon's printed extra damage, which counts even when the division gives 0 ->
  `health_lost`, `damage_distribution`, `expected_damage`, `p_frag`.
- F-MAP-01: acid is an attack worth 2 dice against the fighter's Health ->
  `damage_distribution(2, health)`.

**Ruling (F-ATK-08, defence of 0 dice):** a defence roll of no dice totals 0; the division then
uses 1 instead, so the fighter loses the whole attack total (plus extra). Any attack of at
least one die therefore frags a fighter with 0 Health left to defend with, as a computer game
would have it (F-META-04).
"""

from __future__ import annotations

import threading
from fractions import Fraction
from functools import lru_cache

from fragtui.engine.dice import FACES

__all__ = [
    "PLAIN_DIE",
    "REROLLED_ONES",
    "Die",
    "damage_distribution",
    "expected_damage",
    "health_lost",
    "p_at_least",
    "p_frag",
    "sum_distribution",
]

Die = tuple[int, ...]
"""How one die falls: the weight of each face, 1 to 6, out of their sum (a plain d6: one each)."""
PLAIN_DIE: Die = (1,) * FACES
"""A plain six-sided die: every face as likely."""
REROLLED_ONES: Die = (1, *(FACES + 1,) * (FACES - 1))
"""A die whose 1 is rolled again once (Frag Deadlands' Agency Operative, D-FTR-02): out of 36, a 1 stays
1 in 36 times, each other face comes up 7 in 36 (6 at once, 1 more after a 1)."""

_counts: list[tuple[int, ...]] = [(1,)]
"""`_counts[n][t]`: in how many of the 6**n ways n dice total t (index 0..6n). Grows on demand."""
_counts_lock = threading.Lock()


def _sum_counts(n: int) -> tuple[int, ...]:
    """Ways for n dice to make each total, by repeated convolution with one die (cached)."""
    if n < 0:
        raise ValueError(f"cannot roll a negative number of dice ({n})")
    if n < len(_counts):
        return _counts[n]
    with _counts_lock:  # bots may compute odds on worker threads; keep the list's indices right
        while len(_counts) <= n:
            previous = _counts[-1]
            nxt = [0] * (len(previous) + FACES)
            for total, ways in enumerate(previous):
                if ways:
                    for face in range(1, FACES + 1):
                        nxt[total + face] += ways
            _counts.append(tuple(nxt))
    return _counts[n]


@lru_cache(maxsize=256)
def _weighted_counts(n: int, die: Die) -> tuple[int, ...]:
    """Ways (weighted by `die`) for n such dice to make each total: `_sum_counts` for an uneven die."""
    counts: tuple[int, ...] = (1,)
    for _ in range(n):
        nxt = [0] * (len(counts) + FACES)
        for total, ways in enumerate(counts):
            if ways:
                for face, weight in enumerate(die, start=1):
                    nxt[total + face] += ways * weight
        counts = tuple(nxt)
    return counts


def _check_dice(name: str, n: int) -> None:
    if n < 0:
        raise ValueError(f"{name} must be 0 or more dice, got {n}")


def _check_damage(attack_dice: int, defence_dice: int, extra: int) -> None:
    _check_dice("attack_dice", attack_dice)
    _check_dice("defence_dice", defence_dice)
    if extra < 0:
        raise ValueError(f"extra damage cannot be negative, got {extra}")


def sum_distribution(n: int) -> dict[int, Fraction]:
    """P(total = t) for the sum of n six-sided dice, for every possible t (F-MOVE-01, F-ATK-07).

    No dice total 0 with certainty: `sum_distribution(0) == {0: Fraction(1)}`.
    """
    _check_dice("n", n)
    return dict(_sum_distribution(n))


@lru_cache(maxsize=256)
def _sum_distribution(n: int) -> tuple[tuple[int, Fraction], ...]:
    outcomes = FACES**n
    return tuple((t, Fraction(w, outcomes)) for t, w in enumerate(_sum_counts(n)) if w)


def p_at_least(n: int, target: int, die: Die = PLAIN_DIE) -> Fraction:
    """P(the total of n dice >= target): the chance to hit at range `target` with Accuracy n (F-ATK-07).

    `die`: how each die falls, when not a plain d6 (`REROLLED_ONES`)."""
    _check_dice("n", n)
    if die != PLAIN_DIE:
        return Fraction(sum(_weighted_counts(n, die)[max(target, 0) :]), sum(die) ** n)
    return _p_at_least(n, target)


@lru_cache(maxsize=4096)
def _p_at_least(n: int, target: int) -> Fraction:
    ways = sum(_sum_counts(n)[max(target, 0) :])
    return Fraction(ways, FACES**n)


def health_lost(attack_total: int, defence_total: int, extra: int = 0) -> int:
    """The Health a target loses from one damage roll (F-ATK-08).

    `attack_total // defence_total` (remainder dropped, so 0 when the defence exceeds the
    attack) plus the weapon's printed `extra` damage, which counts even when the division
    gives 0. Ruling: a defence total of 0 (no defence dice) divides by 1 instead.
    The seed's example, defence 8: attack 8-15 -> 1, 16-23 -> 2, 24-31 -> 3.
    """
    if attack_total < 0 or defence_total < 0:
        raise ValueError(f"dice totals cannot be negative (attack {attack_total}, defence {defence_total})")
    if extra < 0:
        raise ValueError(f"extra damage cannot be negative, got {extra}")
    return attack_total // max(defence_total, 1) + extra


def damage_distribution(
    attack_dice: int, defence_dice: int, extra: int = 0, attack_die: Die = PLAIN_DIE
) -> dict[int, Fraction]:
    """P(Health lost = h) when `attack_dice` damage dice meet `defence_dice` defence dice (F-ATK-08).

    `defence_dice` is the target's current Health (armour included, F-ATK-09); `extra` is the
    weapon's printed extra damage. Acid (F-MAP-01) is `damage_distribution(2, health)`. `attack_die`:
    how each damage die falls, when not a plain d6 (`REROLLED_ONES`).
    """
    _check_damage(attack_dice, defence_dice, extra)
    if attack_die != PLAIN_DIE:
        return dict(_damage_distribution(attack_dice, defence_dice, extra, attack_die))
    return dict(_damage_distribution(attack_dice, defence_dice, extra))


@lru_cache(maxsize=1024)
def _damage_distribution(
    attack_dice: int, defence_dice: int, extra: int, attack_die: Die = PLAIN_DIE
) -> tuple[tuple[int, Fraction], ...]:
    # Integer counts over every pair of totals, one division at the end: exact and quick.
    plain = attack_die == PLAIN_DIE
    attack = _sum_counts(attack_dice) if plain else _weighted_counts(attack_dice, attack_die)
    defence = _sum_counts(defence_dice)
    ways: dict[int, int] = {}
    for d_total, d_ways in enumerate(defence):
        if not d_ways:
            continue
        divisor = max(d_total, 1)
        for a_total, a_ways in enumerate(attack):
            if a_ways:
                lost = a_total // divisor + extra
                ways[lost] = ways.get(lost, 0) + a_ways * d_ways
    outcomes = sum(attack_die) ** attack_dice * FACES**defence_dice
    return tuple((lost, Fraction(w, outcomes)) for lost, w in sorted(ways.items()))


def expected_damage(attack_dice: int, defence_dice: int, extra: int = 0) -> Fraction:
    """The mean Health lost from one damage roll (F-ATK-08), exactly."""
    _check_damage(attack_dice, defence_dice, extra)
    return _expected_damage(attack_dice, defence_dice, extra)


@lru_cache(maxsize=1024)
def _expected_damage(attack_dice: int, defence_dice: int, extra: int) -> Fraction:
    distribution = _damage_distribution(attack_dice, defence_dice, extra)
    return sum((lost * p for lost, p in distribution), start=Fraction(0))


def p_frag(attack_dice: int, defence_dice: int, health: int, extra: int = 0) -> Fraction:
    """P(one damage roll takes at least `health`): the chance this hit frags (F-ATK-08, F-FRAG-01).

    `health` is separate from `defence_dice` because they can differ (armour adds defence dice
    and is itself lost first, F-ATK-09; a caller passes the Health that must go). A target
    with `health <= 0` is certain to be fragged.
    """
    _check_damage(attack_dice, defence_dice, extra)
    return _p_frag(attack_dice, defence_dice, health, extra)


@lru_cache(maxsize=4096)
def _p_frag(attack_dice: int, defence_dice: int, health: int, extra: int) -> Fraction:
    distribution = _damage_distribution(attack_dice, defence_dice, extra)
    return sum((p for lost, p in distribution if lost >= health), start=Fraction(0))
