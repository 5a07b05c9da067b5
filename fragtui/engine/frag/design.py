"""A fighter as designed on Frag's record sheet (F-SETUP-01), and what a tournament raises of him (F-WIN-02).

Frag's own part of a seat: the kernel's `Seat.fighter` holds it without naming it (issue 32). This module
registers it as the seat's `fighter` (`register_seat_part`) when imported, which every Frag ruleset, Frag
Deadlands and Ruthless (whose record sheets still carry a design) do; a seat read from JSON validates its
`fighter` as a `FighterDesign` whatever was imported first, since the seam loads the built-in systems.
"""

from __future__ import annotations

from enum import StrEnum
from itertools import product

from pydantic import BaseModel, ConfigDict, model_validator

from fragtui.engine.config import register_seat_part

__all__ = [
    "DEFAULT_DESIGN_FOR_POSSES",
    "DESIGN_POINTS",
    "RAISE_WORDS",
    "STAT_MAX",
    "STAT_MIN",
    "FighterDesign",
    "Stat",
    "all_designs",
]

DESIGN_POINTS = 7
"""Points a starting fighter divides between Health, Speed and Accuracy (F-SETUP-01)."""
STAT_MIN, STAT_MAX = 1, 4
"""Each stat of a starting fighter gets at least 1 point and at most 4 (F-SETUP-01)."""


class Stat(StrEnum):
    """The three stats on a fighter's record sheet."""

    HEALTH = "health"
    SPEED = "speed"
    ACCURACY = "accuracy"


RAISE_WORDS: dict[Stat, str] = {
    Stat.HEALTH: "defence dice, and Health to lose",
    Stat.SPEED: "movement dice, and the longest jump",
    Stat.ACCURACY: "to-hit dice; attacks are half of it, rounded up",
}
"""What raising each stat buys, as the record sheet says it (F-SETUP-01, F-ATK-01): the tournament's raise menu
(`Ruleset.raises`, F-WIN-02)."""


class FighterDesign(BaseModel):
    """A fighter as designed on the record sheet, before any card changes him."""

    model_config = ConfigDict(frozen=True)

    health: int
    """Defence dice, and the Health he can lose before he is fragged."""
    speed: int
    """Movement dice each turn, and the longest jump."""
    accuracy: int
    """To-hit dice; attacks per turn are half of it, rounded up."""
    raised: tuple[Stat, ...] = ()
    """Stats raised by 1 for each tournament game won (F-WIN-02): these may take a stat past 4."""
    free: bool = False
    """Set up by a scenario (docs/scenarios.md), which may give any stats: not held to F-SETUP-01."""

    @model_validator(mode="after")
    def _seven_points_one_to_four(self) -> FighterDesign:
        if self.free:
            return self
        health, speed, accuracy = self.health, self.speed, self.accuracy
        if (
            not self.raised
            and STAT_MIN <= health <= STAT_MAX
            and STAT_MIN <= speed <= STAT_MAX
            and STAT_MIN <= accuracy <= STAT_MAX
            and health + speed + accuracy == DESIGN_POINTS
        ):
            return self  # (a design as most are, checked at once: every view's record sheets check theirs)
        base = {stat: getattr(self, stat.value) - self.raised.count(stat) for stat in Stat}
        for stat, value in base.items():
            if not STAT_MIN <= value <= STAT_MAX:
                raised = f" before {self.raised.count(stat)} tournament raise(s)" if stat in self.raised else ""
                raise ValueError(
                    f"{stat.value.capitalize()} is {value}{raised}: each stat gets {STAT_MIN} to {STAT_MAX} points"
                )
        total = sum(base.values())
        if total != DESIGN_POINTS:
            raise ValueError(
                f"the stats add up to {total}{' before tournament raises' if self.raised else ''}: "
                f"a fighter divides exactly {DESIGN_POINTS} points between Health, Speed and Accuracy"
            )
        return self

    def raise_stat(self, stat: Stat) -> FighterDesign:
        """The design after winning a tournament game and raising `stat` by 1 (F-WIN-02)."""
        return self.model_copy(update={stat.value: getattr(self, stat.value) + 1, "raised": (*self.raised, stat)})

    def __str__(self) -> str:
        return f"H{self.health} S{self.speed} A{self.accuracy}"


DEFAULT_DESIGN_FOR_POSSES = FighterDesign(health=3, speed=2, accuracy=2)
"""The Frag design a seat that leads a posse once had to carry (`Seat.fighter` was required in every game) and
the one its `PlayerState` still carries (`PlayerState.design` is Frag's record sheet); a ruleset of posses,
Ruthless, never reads it, and a seat of it needs none (`Ruleset.designs_fighters`). It is also the seat part's
default (`seat_part_default("fighter")`): the design the set-up form gives a seat its editors design nothing for."""


def all_designs() -> list[FighterDesign]:
    """Every legal starting fighter (twelve of them), most Health first."""
    return [
        FighterDesign(health=h, speed=s, accuracy=a)
        for h, s, a in product(range(STAT_MAX, STAT_MIN - 1, -1), repeat=3)
        if h + s + a == DESIGN_POINTS
    ]


register_seat_part("fighter", FighterDesign, default=DEFAULT_DESIGN_FOR_POSSES)
