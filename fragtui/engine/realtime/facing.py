"""Facing (J-RT-05): which way a fighter looks, what turning costs, and moves named from where he looks.

In Real-Time Frag a move's cost depends on its direction relative to the fighter's facing (forward is
cheap, backward and sideways dear, J-RT-06), so a fighter always faces one of the map's four directions
(`board.Direction`: north is the map's up, east its right) and a move is named as he would name it: forward,
backward, left or right. The facing itself is kept on the fighter (`RealTimeMarkers.facing`, Real-Time
Frag's group of the kernel's `Markers`).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from fragtui.engine.board import Direction
from fragtui.engine.fighters import MarkerGroup, register_markers

__all__ = ["CLOCKWISE", "TURN_COST", "RealTimeMarkers", "Way", "heading", "turn_cost", "way_of"]

TURN_COST = 1
"""Movement points per quarter turn (90°): "one point per facing change (two points to turn around)"."""

CLOCKWISE = (Direction.N, Direction.E, Direction.S, Direction.W)
"""The four facings in clockwise order as seen on the map (north up): a quarter turn right goes one on."""


@dataclass(config=ConfigDict(extra="forbid"))
class RealTimeMarkers(MarkerGroup):
    """What Real-Time Frag marks on a fighter (read and written as `player.markers.of(RealTimeMarkers)`)."""

    facing: Direction | None = None
    """The way he faces; turning costs 1 per 90° (J-RT-05). None where facing is no rule, and before he
    first stands on the board."""


register_markers("realtime", RealTimeMarkers)


_INDEX = {direction: index for index, direction in enumerate(CLOCKWISE)}


class Way(StrEnum):
    """A direction as the fighter sees it, from his facing (the seed's forward, backward, right and left)."""

    FORWARD = "forward"
    BACKWARD = "backward"
    LEFT = "left"
    RIGHT = "right"

    @property
    def quarters(self) -> int:
        """Quarter turns clockwise from the facing to this way (forward 0, right 1, backward 2, left 3)."""
        return _QUARTERS[self]


_QUARTERS = {Way.FORWARD: 0, Way.RIGHT: 1, Way.BACKWARD: 2, Way.LEFT: 3}
_BY_QUARTERS = {quarters: way for way, quarters in _QUARTERS.items()}


def heading(facing: Direction, way: Way) -> Direction:
    """The map direction of `way` for a fighter facing `facing` (facing east, his left is north)."""
    return CLOCKWISE[(_INDEX[facing] + way.quarters) % 4]


def way_of(facing: Direction, direction: Direction) -> Way:
    """How a fighter facing `facing` names a move in the map direction `direction` (the inverse of `heading`)."""
    return _BY_QUARTERS[(_INDEX[direction] - _INDEX[facing]) % 4]


def turn_cost(start: Direction, end: Direction) -> int:
    """Points to turn from facing `start` to facing `end` (J-RT-05): 1 per 90° the short way round, so 0 to
    stay, 1 for a quarter turn either way, 2 to turn around."""
    quarters = (_INDEX[end] - _INDEX[start]) % 4
    return TURN_COST * min(quarters, 4 - quarters)
