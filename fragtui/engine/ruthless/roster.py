"""The roster the engine is handed: the character cards and fixed posses of `posses/gunfighters.toml`.

The engine reads no files. The content package reads the roster (`fragtui.content.posses`) and hands it
here when it is imported, as it hands a game its board and cards; what needs the shipped roster inside
the engine — `RuthlessRules.random_seats`, for the random games and the determinism pins — asks
`shipped_roster`. A game itself never does: its seats carry their posses' cards whole (`Seat.posse`).
"""

from __future__ import annotations

from fragtui.engine.ruthless.pieces import Roster
from fragtui.errors import ConfigError

__all__ = ["hand_roster", "shipped_roster"]

_HANDED: list[Roster] = []


def hand_roster(roster: Roster) -> None:
    """Give the engine the shipped roster (the content loader does, once)."""
    _HANDED[:] = [roster]


def shipped_roster() -> Roster:
    """The roster handed over; a `ConfigError` if the content was never loaded."""
    if not _HANDED:
        raise ConfigError("no Ruthless roster was loaded (import fragtui.content.posses first)")
    return _HANDED[0]
