"""What a game of Real-Time Frag keeps beside Frag's state: the segment, its step, and each fighter's turn.

Real-Time Frag (J-RT-01..10) is Frag with the `real-time` option on: Frag's state (`FragState`) holds one
`RealTime` record in `FragState.realtime` (left out of the JSON while it is None, so every other game hashes
as before). Everything the turn policy (`fragtui.engine.realtime.turn.RealTimeTurn`) answers is here, so a
save, an undo or a replay needs nothing from the policy: the segment and its step, the public initiative, and
for every fighter his Speed roll spread over the segments, the points he has left now, a move under way, his
attacks (`CombatTally`) and the record Frag's rules keep of his turn (what he checked and picked up). The
secret part of a step (the orders given in a Movement step, the attacks announced in a Combat step) is kept
in its pending decision (`fragtui.engine.realtime.decisions`), which no view shows before all are in.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from fragtui.engine.actions import Action
from fragtui.engine.board import Square
from fragtui.engine.frag.turn_record import FragTurn
from fragtui.engine.realtime.combat import CombatTally
from fragtui.engine.realtime.initiative import Initiative
from fragtui.engine.realtime.movement import Progress
from fragtui.engine.realtime.speed import NO_POINTS

__all__ = ["Announced", "RealTime", "RealTimeFighter", "Stage", "put"]


def put(model: BaseModel, name: str, value: object) -> None:
    """`model.name = value` for a field of a model of the game's state or a pending decision (none validates on
    assignment, none is frozen), written as pydantic's own `__setattr__` writes it (the value in the model's
    `__dict__`, the field among those set) without its two Python calls: the Real-Time turn writes a few fields of
    every fighter every segment, and the decider at every order."""
    model.__dict__[name] = value
    model.__pydantic_fields_set__.add(name)


class Stage(StrEnum):
    """Where a Real-Time turn is: the pre-turn's parts (J-RT-01..03), a segment's three steps (J-RT-04), the
    turn's end. The turn policy moves it on whenever nothing waits for an answer."""

    BEGIN = "begin"
    """Each fighter's turn begins, as in Frag: timed cards count it, a lost turn is lost, turn-start cards act."""
    RESPAWN = "respawn"
    """Pre-turn: every fragged fighter draws a Weapon and a Gadget and respawns (J-RT-01)."""
    INITIATIVE = "initiative"
    """Pre-turn: every fighter rolls initiative, in public (J-RT-02)."""
    SPEED = "speed"
    """Pre-turn: every fighter on the board rolls his Speed, spread over the segments (J-RT-03)."""
    MOVEMENT = "movement"
    """A segment's Movement step: everyone orders his moves in secret, carried out together (J-RT-04..08)."""
    POWER_UPS = "power-ups"
    """A segment's Power-ups step: the squares entered act and counters are picked up, in initiative order."""
    COMBAT = "combat"
    """A segment's Combat step: attacks announced together, made in initiative order (J-RT-10)."""
    END = "end"
    """The turn's end: hands discarded down to their limit (F-CARD-03), then the next turn."""


class Announced(BaseModel):
    """One fighter's action of a Combat step, still to be carried out in initiative order (J-RT-10)."""

    model_config = ConfigDict(extra="forbid")

    seat: int
    """Who announced it."""
    action: Action
    """An attack, a card played or the flag put down."""
    asked: bool = False
    """Its target has been offered to shoot first (J-RT-10), so the attack comes next."""


class RealTimeFighter(BaseModel):
    """One fighter's part in the Real-Time turn."""

    model_config = ConfigDict(extra="forbid")

    speed_score: int = 0
    """His Speed score (with cards) when his Speed was last rolled: a change rolls again (J-RT-09)."""
    speed_roll: int = 0
    """The total of his last Speed roll, cards added (public, J-RT-03)."""
    spread: tuple[int, ...] = NO_POINTS
    """His movement points in each of the ten segments (J-RT-03, respread by J-RT-09)."""
    points: int = 0
    """Movement points left in the current segment (lost when it ends, J-RT-08)."""
    progress: Progress | None = None
    """A step paid in part or a jump in the air (J-RT-06, J-RT-07)."""
    progress_at: Square | None = None
    """The square he stood on when that move began: moved off it otherwise (a teleport, a bump), he drops it."""
    tally: CombatTally = Field(default_factory=lambda: CombatTally(attacks_left=0))
    """His attacks: this segment's (one, J-RT-10) and the turn's left (Accuracy, F-ATK-01)."""
    record: FragTurn = Field(default_factory=FragTurn)
    """What Frag's rules keep of his turn (`TurnPolicy.record`): power-ups checked, counters taken, H-ACC-01's
    bonus attacks (its movement and attacks are asked of the policy, never read from it)."""
    skipping: bool = False
    """He sits this turn out: a lost turn (a card), or fragged respawning onto another fighter (J-RT-01)."""
    entered: list[Square] = Field(default_factory=list)
    """Squares he entered in this segment's Movement step, in order, waiting for its Power-ups step."""
    arrived: bool = False
    """He entered a square this segment (or respawned this turn): he may pick up what lies there."""


class RealTime(BaseModel):
    """A Real-Time turn, as everyone sees it (`FragState.realtime`)."""

    model_config = ConfigDict(extra="forbid")

    stage: Stage = Stage.BEGIN
    """Where the turn is."""
    segment: int = Field(default=0, ge=0, le=10)
    """The segment, 1 to 10; 0 in the pre-turn."""
    initiative: Initiative | None = None
    """This turn's initiative, rolled in the pre-turn (J-RT-02)."""
    fighters: list[RealTimeFighter]
    """Every fighter's part, in seat order."""
    queue: list[int] = Field(default_factory=list)
    """The fighters still to go, in order, in a stage taken one fighter at a time."""
    announced: list[Announced] = Field(default_factory=list)
    """In a Combat step: the actions announced and not yet made, in initiative order."""
    announcers: list[int] = Field(default_factory=list)
    """In a Combat step: every fighter who announced an attack, a card or the flag (not one who held fire)."""
