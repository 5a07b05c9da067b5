"""What a game of Ruthless keeps beside every system's state: its table (`GameState` subclassed as `RuthlessState`).

The table (`RuthlessTable`: the posses' models, the playing-card deck, hands and initiative) is written where
it always was, under `ruthless`, and the turn record keeps the fields Ruthless's saves have always written (a
Frag turn's movement and attacks, unused here), so their JSON and their hashes are unchanged.
"""

from __future__ import annotations

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

from fragtui.engine.board import Square
from fragtui.engine.ruthless.table import RuthlessTable
from fragtui.engine.state import GameState, Turn

__all__ = ["RuthlessState", "RuthlessTurn", "table_of"]


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


class RuthlessState(GameState):
    """A game of Ruthless at one moment: every system's state, and Ruthless's table."""

    turn: RuthlessTurn = Field(default_factory=RuthlessTurn)
    """Whose turn, and which phase (`Phases`)."""
    ruthless: RuthlessTable | None = Field(default=None, exclude_if=lambda table: table is None)
    """The table (R-*): the posses' models, the playing-card deck, hands and initiative. None only in a state
    not yet set up (a game refuses it: `RuthlessRules.check_content`)."""


def table_of(state: GameState) -> RuthlessTable | None:
    """Ruthless's table in `state`, where a kernel hook hands the state as every system's (a scoring rule's
    `state`); None in another system's state, or one not yet set up."""
    return state.ruthless if isinstance(state, RuthlessState) else None
