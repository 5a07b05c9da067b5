"""What a game of Ruthless keeps beside the kernel's state: the models on the table, the deck, the hands,
the initiative cards and who is acting (`RuthlessState.ruthless`).

A model is one gunfighter of one posse on the board; `Model.id` is his `FighterId` (numbered over every
posse, seat by seat, in deployment order). Hands, the draw pile and the discard pile hold playing cards by
their names (`AS`, `10H`, `7C`: `deck.py`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

from fragtui.engine.board import Square
from fragtui.engine.fighters import FighterId
from fragtui.engine.ruthless.pieces import Gunfighter, Location

__all__ = ["Condition", "Model", "RuthlessMarkers", "RuthlessTable", "shallow_copy"]


_RECORD = ConfigDict(extra="forbid")
"""The table's records are pydantic dataclasses, not `BaseModel`s: the rules read a model's fields dozens of
times at every decision, and a `BaseModel`'s `__getattr__` keeps Python 3.11+ from specialising those reads (a
read costs three times a plain attribute's; a write through its `__setattr__` ten times). Nested in the state,
they are validated, copied, saved and hashed by pydantic as before, to the same JSON."""


class Condition(StrEnum):
    """Whether a model is in the fight."""

    STANDING = "standing"
    UNCONSCIOUS = "unconscious"
    """Tipped over (R-HIT-01 severe wound): takes no action until his player's Ace or 4 (R-UNC-01)."""
    DEAD = "dead"
    """The last box of a location crossed off (R-HIT-02): off the table."""
    FLED = "fled"
    """His posse skedaddled and the others fight on for the strongbox (ruling R-SKED-01): off the table, alive."""


def _unset(value: object) -> bool:
    """A mark not set: off."""
    return not value


_T = TypeVar("_T")


def shallow_copy(record: _T) -> _T:
    """`copy.copy(record)` for one of these records (a dataclass with neither slots nor copy hooks of its own): a new
    instance holding the same attributes, made at once rather than through `__reduce_ex__` (five times as long; a
    view copies every model, and its marks, at every decision of every bot)."""
    seen = object.__new__(type(record))
    seen.__dict__.update(record.__dict__)
    return seen


@dataclass(config=_RECORD)
class RuthlessMarkers:
    """The marks a Ruthless model carries beside his wounds: Ruthless's own, on its own `Model` (the kernel's
    `Markers` is for the fighters of Frag's record sheet, `PlayerState`). A mark not set is left out of the JSON."""

    lily_livered: bool = Field(default=False, exclude_if=_unset)
    """He failed a Toughness check: he heads for cover and stays there until he recovers (R-TOUGH-01,
    R-COUR-01); his shots take −1 (R-SHOOT-01)."""
    covering: bool = Field(default=False, exclude_if=_unset)
    """"Got You Covered!": he may take one un-aimed shot at an enemy who moves in his line of sight
    (R-COVER-01)."""
    aiming: bool = Field(default=False, exclude_if=_unset)
    """He took the Aim action: +1 on his next shot, and its hit location may be shifted (R-SHOOT-01, R-HIT-01)."""

    def copy(self) -> RuthlessMarkers:
        """An independent copy (every mark is a bool: a shallow copy is a deep one)."""
        return shallow_copy(self)


@dataclass(config=_RECORD)
class Model:
    """One gunfighter on the table."""

    id: FighterId
    """His id in actions and events."""
    owner: int
    """The seat whose posse he belongs to."""
    card: Gunfighter
    """His character card."""
    square: Square | None = None
    """Where he stands; None once dead (or fled)."""
    condition: Condition = Condition.STANDING
    """Standing, unconscious or dead."""
    wounds: dict[Location, int] = Field(default_factory=dict)
    """Boxes crossed off, by location (R-HIT-01/02)."""
    ammo: list[int | None] = Field(default_factory=list)
    """Rounds left in each of his weapons, in his card's order; None for a weapon without rounds (the bow)."""
    mounted: bool = False
    """On horseback (R-MOVE-01 12/8, R-SHOOT-01 −2, R-SHOOT-02 the horse-or-rider roll)."""
    horse_wounds: int = 0
    """Wounds his horse has taken (R-HIT-02: it dies at three)."""
    horse_dead: bool = False
    """His horse is dead: he fights on foot for the rest of the scenario."""
    actions: int = 0
    """Actions taken this turn (R-ACT-01: two; three for one model with a 7, R-SEQ-03)."""
    moves: int = 0
    """Move actions taken this turn (a leg wound allows one, R-HIT-01)."""
    shots: int = 0
    """Shoot actions taken this turn (an arm wound allows one, R-HIT-01)."""
    markers: RuthlessMarkers = Field(default_factory=RuthlessMarkers)
    """Lily Livered, Got You Covered!, Aiming (R-TOUGH-01, R-COVER-01, R-SHOOT-01)."""

    @property
    def standing(self) -> bool:
        """On the table and conscious: he may act, shoot and be counted as standing."""
        return self.condition is Condition.STANDING

    @property
    def on_table(self) -> bool:
        """Standing or tipped over: a target, a body in the way."""
        return self.condition is Condition.STANDING or self.condition is Condition.UNCONSCIOUS

    def crossed(self, location: Location) -> int:
        """Boxes crossed off at `location`."""
        return self.wounds.get(location, 0)

    @property
    def out_of_the_fight(self) -> bool:
        """Dead, Lily Livered or unconscious: what the skedaddle roll counts (R-SKED-01)."""
        return not self.standing or self.markers.lily_livered


@dataclass(config=_RECORD)
class RuthlessTable:
    """The table of a game of Ruthless."""

    models: list[Model] = Field(default_factory=list)
    """Every model of every posse, by id."""
    draw: list[str] = Field(default_factory=list)
    """The face-down deck, top first."""
    discard: list[str] = Field(default_factory=list)
    """Cards played and discarded, most recent last; shuffled into an empty deck."""
    hands: list[list[str]] = Field(default_factory=list)
    """Each seat's hand (hidden from the others), five at the start of a turn (R-SEQ-01)."""
    picks: list[str | None] = Field(default_factory=list)
    """Each seat's card picked for initiative this turn, face down until all have picked (R-SEQ-01)."""
    last_picks: list[str | None] = Field(default_factory=list)
    """The cards the seats played for initiative in the last turn revealed (the showdown's last tie-break)."""
    order: list[int] = Field(default_factory=list)
    """The seats in the order they activate this turn, highest card first (R-SEQ-01); empty before the reveal."""
    acting: int = 0
    """Where in `order` the activation is."""
    bonus: list[bool] = Field(default_factory=list)
    """Each seat's unused third action this turn (a 7 for initiative, R-SEQ-03)."""
    discarding: list[int] = Field(default_factory=list)
    """Seats still to discard at the turn's end (a 3 for initiative, R-SEQ-02), in activation order."""
    skedaddled: list[int] = Field(default_factory=list)
    """Seats whose posse skedaddled (R-SKED-01) or was wiped out."""
    turn_limit: int = 0
    """The scenario's last turn (sundown); 0: no limit."""
    strongbox: Square | None = Field(default=None, exclude_if=lambda square: square is None)
    """The strongbox scenario: where the strongbox lies (None while carried, and in a showdown)."""
    carrier: int | None = Field(default=None, exclude_if=lambda model: model is None)
    """The strongbox scenario: the model carrying the strongbox."""
    carried_off: int | None = Field(default=None, exclude_if=lambda seat: seat is None)
    """The strongbox scenario: the seat whose model carried it off the map (it wins)."""
