"""The strongbox scenario as the bot reckons it (ruling R-SKED-01, `engine/ruthless/objectives.py`).

The view says where the strongbox lies (`RuthlessView.strongbox`) and who carries it (`carrier`). What it is
worth goes into the plans' own scoring (activation.py), never beside it:

- *the runner*: while the box lies, the one model of ours who would reach it first (walking, a rider twice as
  fast) is drawn to it: each square of walk nearer it is worth `BOX_PULL`, ending a Move on it (taking it up)
  `TAKE_UP`;
- *the carrier*: ours is drawn to our home edge (the side of the map he may carry it off across,
  `RuthlessView.home_edges`) by walk: each square nearer is worth `EDGE_PULL` (he walks as through rough ground),
  ending a Move on it (carrying it off: the game won) `CARRY_OFF`;
- *the stakes of a hit*: a hit on the enemy's carrier is worth `CARRIER_STAKES` times a plain one (he drops
  it when he falls or loses his nerve), a hit on an enemy who could shoot our carrier `GUARD_STAKES` times.

Walk is the length of the shortest path by the board's steps (`grid.walk_field`: walls and rocks in the way,
a rough step counting double, models left out), worked out once per board and goal (`Walks`).
"""

from __future__ import annotations

from fragtui.bots.ruthless.ground import kept_per_board
from fragtui.engine.board import Board, Direction, Square
from fragtui.engine.ruthless.grid import walk_field
from fragtui.engine.ruthless.home_edges import home_field, on_side

__all__ = [
    "BOX_PULL",
    "CARRIER_STAKES",
    "CARRY_OFF",
    "EDGE_PULL",
    "GUARD_STAKES",
    "TAKE_UP",
    "UNREACHABLE",
    "Walks",
    "walks_of",
]

BOX_PULL = 0.12
"""What each square of walk nearer the lying strongbox is worth to the runner (a Move of 6: 0.72, a good shot)."""
TAKE_UP = 3.0
"""What ending a Move on the strongbox (taking it up) is worth to the runner."""
EDGE_PULL = 0.6
"""What each square of walk nearer the map's edge is worth to our carrier (a laden Move of 3: 1.8, more than most
shots)."""
CARRY_OFF = 30.0
"""Ending a Move on the edge with the strongbox: the game won."""
CARRIER_STAKES = 3.0
"""A hit on the enemy's carrier counts this many times a plain one: he may drop the box, and he is winning."""
GUARD_STAKES = 1.5
"""A hit on an enemy who could shoot our carrier counts this many times a plain one."""
UNREACHABLE = 1000.0
"""The walk to a square no path reaches."""


class Walks:
    """One board's walking distances: to each side of the map (a posse's home edge), and to any square asked
    for (the strongbox's)."""

    def __init__(self, board: Board) -> None:
        """The walks of `board` (each field worked out when first asked)."""
        self.board = board
        self._to: dict[Square, dict[tuple[int, int], float]] = {}

    def on_home(self, side: Direction, square: Square) -> bool:
        """Whether `square` is on the `side` edge (where a posse whose home edge it is carries the box off)."""
        return on_side(self.board, square, side)

    def to_home(self, side: Direction, square: Square) -> float:
        """The walk from `square` to the `side` edge."""
        return home_field(self.board, side).get((square.x, square.y), UNREACHABLE)

    def to(self, goal: Square, square: Square) -> float:
        """The walk from `square` to `goal`."""
        field = self._to.get(goal)
        if field is None:
            if len(self._to) > 64:
                self._to.clear()
            field = self._to[goal] = walk_field(self.board, [(goal.x, goal.y)])
        return field.get((square.x, square.y), UNREACHABLE)


_WALKS: dict[int, tuple[Board, Walks]] = {}


def walks_of(board: Board) -> Walks:
    """The `Walks` of `board`, made once per board and shared by every bot."""
    return kept_per_board(_WALKS, board, Walks)
