"""Fighters are not seats: the ids that name fighters, and the markers a fighter may carry.

A seat is a player at the table; a fighter is a figure on the board. Base Frag gives each seat one
fighter at a time, numbered as the seats (`Ruleset.fighters`, `owner`, `fighters_of`), so its actions,
events and saves name a fighter by the same number as his player. Ruthless gives a seat a posse of
several (R-SEQ-02): its ruleset numbers them on its own and answers who owns which. Actions and events
that name a fighter (`Attack.target`, `Event.player`) are typed `FighterId` to say so.

`Markers` is the typed home of what the rule systems mark on a fighter beyond Frag's record sheet; base
Frag sets none of them, and a fighter without any writes nothing of them into the state's JSON.
"""

from __future__ import annotations

import copy
from typing import TypeAlias

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

from fragtui.engine.board import Direction

__all__ = ["FighterId", "Markers"]

FighterId: TypeAlias = int
"""A fighter's id, unique in a game. In base Frag it is his owner's seat (one fighter per seat)."""


def _unset(value: object) -> bool:
    """A marker not set: off, none, or no wounds."""
    return not value


@dataclass(config=ConfigDict(extra="forbid"))
class Markers:
    """The markers on one fighter, each the home of one rule's state; a marker not set is left out of
    the JSON, and so are the markers of a fighter without any (base Frag's JSON is as it always was).

    A pydantic dataclass, not a `BaseModel`: the rules read markers at every decision, and a plain class's
    attributes are read several times faster (see `fragtui.engine.ruthless.table`); validated, saved and
    hashed by pydantic all the same (`TypeAdapter(Markers)` validates one alone)."""

    held_attack: bool = Field(default=False, exclude_if=_unset)
    """He holds one attack, saved for a turn not his own: a shootout against a fighter passing in front
    of him (D-SHOOT-01, D-SHOOT-02)."""
    jammed: tuple[str, ...] = Field(default=(), exclude_if=_unset)
    """His weapon cards that jammed this turn (a Frag Deadlands malfunction, D-CARD-05): none of them may
    attack again until the turn ends."""
    hanged: bool = Field(default=False, exclude_if=_unset)
    """He hangs on the gallows square he stands on: no one may attack or affect him, and he starts play
    there at his next turn instead of respawning (D-GAL-01)."""
    hard_hit: bool = Field(default=False, exclude_if=_unset)
    """The blow that took him to Health 0 or less took at least twice the Health he had left: if the frag
    follows, his attacker hangs him on the gallows (D-GAL-01). Public: the damage was rolled in front of
    everyone."""
    wounds: int = Field(default=0, exclude_if=_unset)
    """Unhealed wounds, taken off his Health (house rule H-WOUND-01)."""
    lily_livered: bool = Field(default=False, exclude_if=_unset)
    """He failed a Toughness check: he heads for cover and stays there until he recovers (R-TOUGH-01,
    R-COUR-01); his shots take −1 (R-SHOOT-01)."""
    covering: bool = Field(default=False, exclude_if=_unset)
    """"Got You Covered!": he may take one un-aimed shot at an enemy who moves in his line of sight
    (R-COVER-01)."""
    aiming: bool = Field(default=False, exclude_if=_unset)
    """He took the Aim action: +1 on his next shot, and its hit location may be shifted (R-SHOOT-01, R-HIT-01)."""
    facing: Direction | None = Field(default=None, exclude_if=_unset)
    """The way he faces; turning costs 1 per 90° (Real-Time Frag, J-RT-05). None where facing is no rule."""

    def copy(self) -> Markers:
        """An independent copy (every marker is an immutable value: a shallow copy is a deep one)."""
        return copy.copy(self)

    @property
    def empty(self) -> bool:
        """Whether no marker is set (the fighter writes none into the JSON)."""
        return self == _NONE


_NONE = Markers()
