"""One model's Move actions as a described space (R-MOVE-01): a MoveTo for each square his Move may end on, read off
the squares' bits only when someone asks for them.

A model on the desert reaches a hundred squares and more on foot; every decision of his posse's activation offers
them all. A random player or a bot that picks one of them needs the others counted, not made, and the action handed
back is found from its square's bit (`position`), not by a search of the list.
"""

from __future__ import annotations

from collections.abc import Mapping

from fragtui.engine.actions import Action
from fragtui.engine.board import Square
from fragtui.engine.legal import ActionSpace
from fragtui.engine.ruthless.actions import MoveTo
from fragtui.engine.ruthless.grid import BitTable, nth_bit

__all__ = ["Moves"]


class Moves(ActionSpace):
    """A model's MoveTo actions, one for each bit of `bits` (squares in the board's bit order, `grid.square_bits`):
    the order the legal actions list them in."""

    __slots__ = ("_bits", "_fighter", "_listed", "_size", "_square_bit", "_table")

    def __init__(self, fighter: int, bits: int, table: BitTable[MoveTo], square_bit: Mapping[Square, int]) -> None:
        self._fighter = fighter
        """The model moving."""
        self._bits = bits
        """The squares his Move may end on."""
        self._table = table
        """His MoveTo action for each square's bit, made once per board (`grid.bit_table`)."""
        self._square_bit = square_bit
        """Each square's bit (`grid.square_bit`), to find an action handed back."""
        self._size = bits.bit_count()
        """How many squares."""
        self._listed: tuple[Action, ...] | None = None
        """Every action, once someone has read them all."""

    @property
    def bits(self) -> int:
        """The squares his Move may end on, as bits."""
        return self._bits

    @property
    def table(self) -> BitTable[MoveTo]:
        """His MoveTo action for each square's bit (the board's, `grid.bit_table`)."""
        return self._table

    def __len__(self) -> int:
        return self._size

    def action(self, index: int) -> Action:
        listed = self._listed
        if listed is not None:
            return listed[index]
        return self._table.one(nth_bit(self._bits, index))

    def position(self, action: object) -> int | None:
        if not isinstance(action, MoveTo) or action.fighter != self._fighter:
            return None
        bit = self._square_bit.get(action.to)
        if bit is None or not self._bits & bit:
            return None
        return (self._bits & (bit - 1)).bit_count()

    def listed(self) -> tuple[Action, ...]:
        listed = self._listed
        if listed is None:
            listed = self._listed = tuple(self._table.of(self._bits))
        return listed
