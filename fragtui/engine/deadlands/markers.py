"""What Frag Deadlands marks on a fighter beyond Frag's record sheet: a held attack, jammed weapons, the
gallows (`DeadlandsMarkers`, the kernel's `Markers` group `deadlands`)."""

from __future__ import annotations

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from fragtui.engine.fighters import MarkerGroup, register_markers

__all__ = ["DeadlandsMarkers"]


@dataclass(config=ConfigDict(extra="forbid"))
class DeadlandsMarkers(MarkerGroup):
    """A Frag Deadlands fighter's markers (read and written as `player.markers.of(DeadlandsMarkers)`)."""

    held_attack: bool = False
    """He holds one attack, saved for a turn not his own: a shootout against a fighter passing in front
    of him (D-SHOOT-01, D-SHOOT-02)."""
    jammed: tuple[str, ...] = ()
    """His weapon cards that jammed this turn (a Frag Deadlands malfunction, D-CARD-05): none of them may
    attack again until the turn ends."""
    hanged: bool = False
    """He hangs on the gallows square he stands on: no one may attack or affect him, and he starts play
    there at his next turn instead of respawning (D-GAL-01)."""
    hard_hit: bool = False
    """The blow that took him to Health 0 or less took at least twice the Health he had left: if the frag
    follows, his attacker hangs him on the gallows (D-GAL-01). Public: the damage was rolled in front of
    everyone."""


register_markers("deadlands", DeadlandsMarkers)
