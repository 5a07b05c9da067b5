"""The card picked for fisticuffs (R-FIST-01): the one that scores highest.

The loser is pushed back and takes two hits, which is worth any card: the bot never passes while it holds
one. A card's score is its rank (Ace 14), +1 mounted, + the trait's fisticuffs bonus; a 2 is a Low Blow that
wins only against the same suit, so it counts as what it is — a 2.
"""

from __future__ import annotations

from fragtui.bots.ruthless.table import Table
from fragtui.bots.ruthless.windows import fallback
from fragtui.engine.actions import Action
from fragtui.engine.ruthless.actions import PickCard
from fragtui.engine.ruthless.deck import strength

__all__ = ["pick"]


def pick(table: Table) -> Action:
    """The strongest card in hand (ties by suit, as the rules break them)."""
    cards = [a for a in table.legal if isinstance(a, PickCard)]
    if not cards:
        return fallback(table)
    return max(cards, key=lambda a: strength(a.card))
