"""Initiative (J-RT-02): every fighter's public roll at the turn's start, and the order it makes.

The order decides whose attack comes first in a segment and who may shoot first when attacked (J-RT-10), so
it must be total: the seed names no dice and no tie rule. Ruling J-RT-02 (docs/rulings.md): one die each, as
the seed's example reads ("Rocky's initiative roll was 4 and Havoc's was 3"), nothing added; the highest
goes first; fighters tied roll one die each again, in public, and only among themselves, until every tie is
broken. The tie-break orders the tied fighters; their initiative value stays the roll they made.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from pydantic import BaseModel, ConfigDict, model_validator

from fragtui.engine.dice import Dice, Roll
from fragtui.engine.fighters import FighterId

__all__ = ["INITIATIVE_DICE", "Initiative", "InitiativeRoll", "roll_initiative"]

INITIATIVE_DICE = 1
"""Dice each fighter rolls for initiative, and again in a roll-off (ruling J-RT-02)."""


class InitiativeRoll(BaseModel):
    """One fighter's roll for initiative, or in a roll-off among fighters tied."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    fighter: FighterId
    """Who rolled."""
    roll: Roll
    """The dice, recorded for all to see."""


class Initiative(BaseModel):
    """A turn's initiative: every roll made, in public, and the order they give (J-RT-02)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rolls: tuple[InitiativeRoll, ...]
    """Each fighter's initiative roll, in the order the fighters rolled; its total is his initiative value."""
    roll_offs: tuple[InitiativeRoll, ...] = ()
    """The roll-offs that broke ties, in the order rolled (a fighter may roll more than once)."""
    order: tuple[FighterId, ...]
    """Every fighter, the first to act first: highest value first, ties as the roll-offs broke them."""

    @model_validator(mode="after")
    def _everyone_once(self) -> Initiative:
        rolled = [entry.fighter for entry in self.rolls]
        if sorted(rolled) != sorted(self.order) or len(set(rolled)) != len(rolled):
            raise ValueError(f"the order {self.order} must name each fighter who rolled once: {rolled}")
        return self

    def value(self, fighter: FighterId) -> int:
        """His initiative value: the total of his roll (the public figure; ties are broken by `order`)."""
        for entry in self.rolls:
            if entry.fighter == fighter:
                return entry.roll.total
        raise KeyError(fighter)

    def rank(self, fighter: FighterId) -> int:
        """His place in the order, 0 for the first to act."""
        return self.order.index(fighter)

    def before(self, first: FighterId, second: FighterId) -> bool:
        """Whether `first` has the higher initiative: he comes before `second` in the order (ties broken)."""
        return self.rank(first) < self.rank(second)


def roll_initiative(dice: Dice, fighters: Sequence[FighterId]) -> Initiative:
    """Every fighter in `fighters` rolls for initiative, in that order, and ties are rolled off (J-RT-02).

    The roll-offs go by tied group, the group of the highest value first; in a group the fighters roll in
    the order of `fighters`, and any still tied among themselves roll again.
    """
    if len(set(fighters)) != len(fighters):
        raise ValueError(f"a fighter rolls initiative once: {list(fighters)}")
    rolls = tuple(InitiativeRoll(fighter=f, roll=dice.roll(INITIATIVE_DICE, "initiative")) for f in fighters)
    roll_offs: list[InitiativeRoll] = []
    order = _ranked(dice, [(entry.fighter, entry.roll.total) for entry in rolls], roll_offs)
    return Initiative(rolls=rolls, roll_offs=tuple(roll_offs), order=tuple(order))


def _ranked(dice: Dice, scored: list[tuple[FighterId, int]], roll_offs: list[InitiativeRoll]) -> list[FighterId]:
    """The fighters of `scored` (fighter, value) highest value first, each tied group rolled off in turn."""
    order: list[FighterId] = []
    by_value = sorted(scored, key=lambda pair: -pair[1])  # (stable: a tied group keeps the rolling order)
    for _, group in groupby(by_value, key=lambda pair: pair[1]):
        tied = [fighter for fighter, _ in group]
        if len(tied) == 1:
            order.extend(tied)
            continue
        again = []
        for fighter in tied:
            roll = dice.roll(INITIATIVE_DICE, "initiative roll-off")
            roll_offs.append(InitiativeRoll(fighter=fighter, roll=roll))
            again.append((fighter, roll.total))
        order.extend(_ranked(dice, again, roll_offs))
    return order
