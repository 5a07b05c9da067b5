"""The exact odds of a shot in Ruthless (R-SHOOT-01, R-WPN-01/02), as Frag's forecast gives an attack's.

A shot is 1d10 + modifiers against 6 at short range or 8 at long (R-SHOOT-01); fanfire rolls a d10 a round,
each 10 a hit, modifiers ignored (R-WPN-02, ruling). No roll hits or misses automatically (ruling).
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import BaseModel, ConfigDict

__all__ = ["LONG_NEED", "SHORT_NEED", "ShotOdds", "chance_to_hit", "fanfire_odds"]

SHORT_NEED = 6
"""What a shot at short range needs (R-SHOOT-01)."""
LONG_NEED = 8
"""What a shot at long range needs (R-SHOOT-01)."""
FANFIRE_NEED = 10
"""What each fanfired round needs, on the die alone (R-WPN-02)."""


def chance_to_hit(need: int, modifier: int) -> Fraction:
    """The chance that 1d10 + `modifier` reaches `need`: exact, in tenths."""
    faces = sum(1 for face in range(1, 11) if face + modifier >= need)
    return Fraction(faces, 10)


def fanfire_odds(rounds: int) -> tuple[Fraction, Fraction]:
    """Fanfiring `rounds` rounds: the chance of at least one hit, and the hits expected (R-WPN-02)."""
    miss = Fraction(9, 10) ** rounds
    return 1 - miss, Fraction(rounds, 10)


class ShotOdds(BaseModel):
    """What a shot may do, before it is taken: for the interface's action list and for bots."""

    model_config = ConfigDict(frozen=True)

    short: bool
    """At short range (else long)."""
    need: int
    """What the die (plus modifiers) must reach: 6, 8, or 10 on the die alone when fanfiring."""
    modifier: int
    """The sum of the modifiers (0 when fanfiring)."""
    modifiers: tuple[tuple[str, int], ...]
    """Each modifier with its reason (`aiming`, +1), in the order R-SHOOT-01 lists them."""
    rounds: int
    """Rounds fired."""
    chance: Fraction
    """The chance of at least one hit."""
    expected_hits: Fraction
    """The hits expected."""
