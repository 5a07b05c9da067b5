"""The kinds of events Frag tells beyond the kernel's common ones (`CommonEventKind`); the `kind` of their JSON."""

from __future__ import annotations

from fragtui.engine.events import EventKind, register_event_kinds

__all__ = ["FragEventKind"]


@register_event_kinds
class FragEventKind(EventKind):
    """Frag's events (and Frag Tag's), named as DESIGN.md names them."""

    FIRST_PLAYER = "FirstPlayer"
    PLACED = "Placed"
    RESPAWNED = "Respawned"
    BUMPED = "Bumped"
    MOVEMENT_ROLLED = "MovementRolled"
    TELEPORTED = "Teleported"
    POWER_UP = "PowerUpChecked"
    REACTED = "Reacted"
    ARMOR_LOST = "ArmorLost"
    HEALED = "Healed"
    FRAGGED = "Fragged"
    FRAG_SCORED = "FragScored"
    FRAG_WITHHELD = "FragWithheld"
    """A frag that scores nothing in the game's mode (Frag Tag, J-TAG-01..04), and why."""
    LEFTOVERS = "Leftovers"
    EXPIRED = "Expired"
    OUT_OF_PLAY = "OutOfPlay"
    IT = "It"
    """Frag Tag (J-TAG-01, J-TAG-02): a fighter is "it" now (the first player at set-up, or who fragged "it")."""
    FLAG_TAKEN = "FlagTaken"
    """Keep-away (J-TAG-03): a fighter took up the flag."""
    FLAG_DROPPED = "FlagDropped"
    """Keep-away (J-TAG-03): the flag was put down, or dropped where its holder was fragged."""
    HILL_MOVED = "HillMoved"
    """King of the hill (J-TAG-04): the hill moved to a respawn point (the `hill-moves` option)."""
    POINT_SCORED = "PointScored"
    """Keep-away or king of the hill (J-TAG-03, J-TAG-04): a fighter scored a point at a turn's end."""
