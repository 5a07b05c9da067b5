"""Frag's turn record (`FragTurn`) and phases (`Phase`), apart from Frag's state so that a turn of another
shape (Real-Time Frag's per-fighter records, `fragtui.engine.realtime.state`) keeps the same record without
importing the state that holds it."""

from __future__ import annotations

from enum import StrEnum

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

from fragtui.engine.board import Square
from fragtui.engine.state import Turn
from fragtui.engine.turn_structure import PhaseName

__all__ = ["FragTurn", "Phase"]


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
