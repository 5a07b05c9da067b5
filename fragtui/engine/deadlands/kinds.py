"""The kinds of decision Frag Deadlands adds to Frag's (the `kind` of their JSON)."""

from __future__ import annotations

from fragtui.engine.decisions import DecisionKind

__all__ = ["DeadlandsDecisionKind"]


class DeadlandsDecisionKind(DecisionKind):
    """Frag Deadlands' decisions; each part of the rules registers the class of its own."""

    POKER_DRAW = "poker_draw"
    """Set-up: a player draws five cards from the decks he chooses, one at a time (D-CARD-04)."""
    POKER_KEEP = "poker_keep"
    """Set-up: a player keeps one card of his poker hand and discards the rest (D-CARD-04)."""
    JOKER = "joker"
    """A joker was drawn and discarded: its drawer chooses the deck he draws from instead (D-CARD-03)."""
    GALLOWS = "gallows"
    """A fighter is hanged: his attacker chooses the gallows square (D-GAL-01)."""
    SHOOTOUT = "shootout"
    """A fighter holding an attack may open a shootout on one passing in front of him (D-SHOOT-02)."""
    EXTRA_DIE = "extra_die"
    """The Saloon Gal may discard a card to add a die to the roll just made (D-FTR-06)."""
