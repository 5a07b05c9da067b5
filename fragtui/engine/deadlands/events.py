"""The kinds of events Frag Deadlands adds to Frag's (the `kind` of their JSON)."""

from __future__ import annotations

from fragtui.engine.events import EventKind, register_event_kinds

__all__ = ["DeadlandsEventKind"]


@register_event_kinds
class DeadlandsEventKind(EventKind):
    """Frag Deadlands' events: its map's beasts and gallows, its shootouts, poker hands and jams."""

    GRABBED = "Grabbed"
    """A tentacle beast grabbed a fighter passing its tentacles and dragged him to its mouth (D-MAP-02)."""
    ATTACK_HELD = "AttackHeld"
    SHOOTOUT = "Shootout"
    POKER_HAND = "PokerHand"
    MALFUNCTION = "Malfunction"
    HANGED = "Hanged"
    """A fragged fighter was hanged on a gallows square (D-GAL-01)."""
