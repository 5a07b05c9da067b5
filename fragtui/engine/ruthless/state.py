"""What a game of Ruthless keeps beside every system's state: its table (`GameState` subclassed as `RuthlessState`).

The table (`RuthlessTable`: the posses' models, the playing-card deck, hands and initiative) is written where
it always was, under `ruthless`. The turn record, the players and the state keep the fields Ruthless's saves
have always written (a Frag turn's movement and attacks, Frag's record sheet for each seat, Frag's decks and
counters: unused here, as Frag's kept them when Ruthless came), so their JSON and their hashes are unchanged.
Ruthless names none of Frag's types for them: they are never set.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

from fragtui.engine.board import Square
from fragtui.engine.config import FighterPart
from fragtui.engine.ruthless.table import RuthlessTable
from fragtui.engine.state import GameState, Player, PlayerRecord, Turn

__all__ = ["UNPLACED", "RuthlessPlayer", "RuthlessState", "RuthlessTurn", "table_of"]

UNPLACED = "unplaced"
"""The `status` a seat of Ruthless has always written: Frag's "not yet placed on the board" (its posse's models
stand there, never the seat)."""


@dataclass(config=ConfigDict(extra="forbid"))
class RuthlessTurn(Turn):
    """Whose turn it is and which phase of it (`Phases`), and the fields a game of Ruthless has always written
    for its turn (it kept Frag's turn record when it came): never set, kept so that the JSON is as it was."""

    movement: int = 0
    """Unused (0): written as before."""
    attacks: int = 0
    """Unused (0): written as before."""
    checked: list[Square] = Field(default_factory=list)
    """Unused (empty): written as before."""
    piles_taken: list[int] = Field(default_factory=list)
    """Unused (empty): written as before."""
    squares_taken: list[Square] = Field(default_factory=list)
    """Unused (empty): written as before."""
    may_pick_up: bool = False
    """Unused (false): written as before."""


class RuthlessPlayer(Player):
    """A seat of Ruthless: its name, its tally (the kernel's: kills and the record), and the fields of Frag's record
    sheet its saves have always written (Ruthless's players were Frag's `PlayerState` when it came), in that
    sheet's order: never set, kept so that the JSON is as it was."""

    design: FighterPart
    """The Frag design the seat carries (`DEFAULT_DESIGN_FOR_POSSES`, or its `Seat.fighter`): never read."""
    status: str = UNPLACED
    """Unused (`unplaced`): written as before."""
    square: Square | None = None
    """Unused (None): written as before."""
    damage: int = 0
    """Unused (0): written as before."""
    hand: list[str] = Field(default_factory=list)
    """Unused (empty: the seat's hand is the table's, `RuthlessTable.hands`): written as before."""
    weapons: list[dict[str, Any]] = Field(default_factory=list)
    """Unused (empty): written as before."""
    gadgets: list[dict[str, Any]] = Field(default_factory=list)
    """Unused (empty): written as before."""
    specials: list[dict[str, Any]] = Field(default_factory=list)
    """Unused (empty): written as before."""
    blood: int = 0
    """Unused (0): written as before."""
    frags: int = 0
    """Enemy models his posse has killed (R-*), the kernel's tally where Frag's sheet wrote its frags."""
    skips: dict[str, int] = Field(default_factory=dict)
    """Unused (empty): written as before."""
    record: PlayerRecord = Field(default_factory=PlayerRecord)
    """Shots, hits, wounds dealt and taken, models lost (`deaths`): the game-over table's and `fragtui simulate`'s."""


def _no_piles() -> dict[str, dict[str, list[str]]]:
    """Frag's draw and discard piles as a Ruthless state has always written them: none."""
    return {"draw": {}, "discard": {}}


class RuthlessState(GameState):
    """A game of Ruthless at one moment: every system's state, and Ruthless's table (with the fields of Frag's
    table its saves have always written, after the turn: never set)."""

    written_after_turn: ClassVar[tuple[str, ...]] = ("decks", "counters", "next_counter", "plays")
    """Frag's table, never set, is written where it always was: after the turn."""

    players: list[RuthlessPlayer]
    """One per seat, in seat order."""
    turn: RuthlessTurn = Field(default_factory=RuthlessTurn)
    """Whose turn, and which phase (`Phases`)."""
    decks: dict[str, dict[str, list[str]]] = Field(default_factory=_no_piles)
    """Unused (Frag's empty draw and discard piles: Ruthless's deck is its table's): written as before."""
    counters: list[dict[str, Any]] = Field(default_factory=list)
    """Unused (empty): written as before."""
    next_counter: int = 1
    """Unused (1): written as before."""
    plays: int = 0
    """Unused (0): written as before."""
    ruthless: RuthlessTable | None = Field(default=None, exclude_if=lambda table: table is None)
    """The table (R-*): the posses' models, the playing-card deck, hands and initiative. None only in a state
    not yet set up (a game refuses it: `RuthlessRules.check_content`)."""


def table_of(state: GameState) -> RuthlessTable | None:
    """Ruthless's table in `state`, where a kernel hook hands the state as every system's (a scoring rule's
    `state`); None in another system's state, or one not yet set up."""
    return state.ruthless if isinstance(state, RuthlessState) else None
