"""Get Your Courage Up! (R-COUR-01): which card, if any, a Lily Livered model spends on the roll.

1d10 + the card's number must reach his Toughness (less his trait's nerve bonus); a face card or an Ace
passes outright. A card spent is a card gone from the hand that picks initiative and snap shots, so each
card costs a little by its rank; the bot takes the choice with the best chance of passing less that cost.
"""

from __future__ import annotations

from fragtui.bots.ruthless.table import Table
from fragtui.engine.ruthless.actions import Courage
from fragtui.engine.ruthless.deck import courage_value, strength
from fragtui.engine.ruthless.table import Model

__all__ = ["CARD_COST", "choose", "pass_chance"]

CARD_COST = 0.02
"""What a card costs to spend, per rank (an Ace 0.28, a 2 0.04): a nerve back is worth about 1."""


def pass_chance(model: Model, card: str | None) -> float:
    """The chance his courage roll passes with `card` spent (None: the roll alone)."""
    if card is None:
        value = 0
    else:
        number = courage_value(card)
        if number is None:
            return 1.0
        value = number
    need = model.card.toughness - model.card.nerve_bonus - value
    return min(10, max(0, 11 - need)) / 10


def choose(table: Table, model: Model, courages: list[Courage]) -> Courage:
    """The courage action with the best chance less what its card costs."""

    def worth(action: Courage) -> tuple[float, tuple[int, int]]:
        cost = CARD_COST * strength(action.card)[0] if action.card is not None else 0.0
        return (pass_chance(model, action.card) - cost, (0, 0) if action.card is None else strength(action.card))

    # ties go to the weaker card (or none)
    return max(courages, key=lambda a: (worth(a)[0], tuple(-x for x in worth(a)[1])))
