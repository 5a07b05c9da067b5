"""What a game of Frag keeps beside every system's state: the turn record and Frag Tag's objective.

Frag's state (`FragState`, the `state_type` of Frag's rules and of the systems built on them, Frag
Deadlands) is the kernel's `GameState` with Frag's own turn record (`FragTurn`: movement and attacks
left, squares checked, counters taken) and a Frag Tag mode's state (`Objective`, J-TAG-01..04). Its JSON
is the kernel's with these fields where they always were, so saves and their hashes are unchanged.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field
from pydantic.dataclasses import dataclass

from fragtui.engine.board import Square
from fragtui.engine.state import GameState, Turn
from fragtui.engine.turn_structure import PhaseName

__all__ = ["FragState", "FragTurn", "Objective", "Phase", "frag_state"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Phase(StrEnum):
    """Base Frag's phases, the names its turn structure declares (`FragRules.turn_structure`, F-TURN-01
    names phases 1–3; phase 4 is the `EndTurn` action). `FragTurn.phase` holds one of them in a Frag game;
    what each allows is the structure's to say, not tested here."""

    SETUP = "setup"
    """Players place their fighters on respawn points (F-SETUP-03)."""
    RESPAWN = "respawn"
    """Phase 1: a fighter out of play rolls for his respawn point."""
    ROLL = "roll"
    """Phase 2: roll for movement, or declare a teleport card, before anything else."""
    ACTION = "action"
    """Phase 3: move, power up, attack, play cards, in any order."""
    OVER = "over"
    """Someone reached the frag target."""


@dataclass(config=ConfigDict(extra="forbid"))
class FragTurn(Turn):
    """Who is playing and what he has left this turn: the kernel's turn context (number, active seat,
    phase), and Frag's movement points, attacks and what he has picked up or checked."""

    phase: PhaseName = Phase.SETUP
    """The phase of that turn: one of Frag's (`Phase`), or of the turn structure of a system built on it."""
    movement: int = 0
    """Movement points left (F-MOVE-04)."""
    attacks: int = 0
    """Attacks left (F-ATK-01): the regular ones, made with any weapon."""
    weapon_attacks: dict[str, int] = Field(default_factory=dict, exclude_if=lambda left: not left)
    """House rule H-ACC-01: the extra attacks an Accuracy bonus of one weapon grants, counted when phase 3
    begins, by weapon instance (`shotgun#1`: how many of the extra attacks still left it may make). They
    come after the regular attacks; each one made takes one from every weapon's count. Left out of the
    JSON when empty, so games without the rule hash as before."""
    checked: list[Square] = Field(default_factory=list)
    """Power-up squares already checked this turn (F-PWR-02)."""
    piles_taken: list[int] = Field(default_factory=list)
    """Weapon counters already picked from this turn (F-FRAG-05)."""
    squares_taken: list[Square] = Field(default_factory=list)
    """Squares a counter was already picked up from this turn: one counter per leftovers square per
    turn, whatever the path (ruling F-FRAG-03)."""
    may_pick_up: bool = False
    """Whether the fighter may pick up a counter where he stands: set on entering a square, cleared
    when he picks one up (F-FRAG-03: counters are picked up on entering, never by standing still)."""
    jump_pad: Square | None = Field(default=None, exclude_if=lambda square: square is None)
    """The jump pad the active fighter entered last this turn, while he stands on it (H-JUMP-01);
    it throws him only if it is among `checked` too (a pad works once per turn)."""
    jump_pad_die: int = Field(default=0, exclude_if=lambda die: die == 0)
    """The die rolled on entering that jump pad: the squares it adds to a jump from it (0 with
    `jump-after-commit`: rolled only once the jump is chosen, H-JUMP-01)."""


class Objective(_Model):
    """What a Frag Tag mode keeps beside the frags (J-TAG-01..04): who is "it", each seat's points, where
    the flag lies or who holds it, where the hill is. Only the fields a mode uses are set; the others are
    left out of the JSON (and so of the state's hash)."""

    it: int | None = Field(default=None, exclude_if=lambda seat: seat is None)
    """The seat that is "it" (J-TAG-01, J-TAG-02); None in the other modes."""
    points: list[int] = Field(default_factory=list, exclude_if=lambda points: not points)
    """Each seat's points, in seat order (J-TAG-03 keep-away points, J-TAG-04 King points); empty in the
    modes that score frags."""
    flag: Square | None = Field(default=None, exclude_if=lambda square: square is None)
    """Where the flag (keep-away's coveted object, J-TAG-03) lies on the board; None while someone holds it."""
    holder: int | None = Field(default=None, exclude_if=lambda seat: seat is None)
    """The seat whose fighter holds the flag as his weapon (J-TAG-03); None while it lies on the board."""
    dropped_turn: int | None = Field(default=None, exclude_if=lambda turn: turn is None)
    """The turn its holder dropped the flag in: nobody may take it up again in that turn (as a dropped
    card, F-FRAG-07); None when it was never dropped so, or was left by a frag."""
    hill: Square | None = Field(default=None, exclude_if=lambda square: square is None)
    """The hill's square (J-TAG-04); None in the other modes."""
    hill_points: list[int] = Field(default_factory=list, exclude_if=lambda points: not points)
    """King points each seat has earned on the hill since it last moved (J-TAG-04's `hill-moves`: at N
    it moves to a random respawn point); empty while the hill never moves."""


class FragState(GameState):
    """A game of Frag (or of a system built on it), at one moment: every system's state, Frag's turn
    record, and a Frag Tag mode's objective."""

    turn: FragTurn = Field(default_factory=FragTurn)
    """Whose turn, which phase, what is left."""
    objective: Objective | None = Field(default=None, exclude_if=lambda objective: objective is None)
    """A Frag Tag mode's own state (J-TAG-01..04): "it", points, the flag, the hill. None when the game is
    played for frags (F-WIN-01), and then left out of the JSON, so such games hash as before."""


def frag_state(state: GameState) -> FragState:
    """`state` as Frag's, where a kernel hook hands the state as every system's (a scoring rule's `state`)."""
    assert isinstance(state, FragState), f"a {type(state).__name__} is not a game of Frag"
    return state
