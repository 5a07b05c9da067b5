"""Seeking fisticuffs (R-FIST-01): what a Move ending in contact with enemies is worth, weighed among the Moves
of activation.py (and against a reload, for a man whose guns are empty).

A Move that ends beside an enemy starts fisticuffs with him. The bot's best card (its score as the rules count
it: rank, +1 mounted, + the trait's bonus) is set against the enemy's best of the cards he holds, each taken as
any rank alike (his hand is hidden); an unconscious enemy, or one with no card, loses without a pick. Winning
deals two hits on the hit table (no horse-or-rider roll: a fist finds the man), losing takes two; the card
spent costs `CARD_COST` a rank. A brawl is worth its chance of winning times two hits on him, less its chance
of losing times two hits on ours, less the card.
"""

from __future__ import annotations

import dataclasses

from fragtui.bots.ruthless.ground import hit_worth
from fragtui.bots.ruthless.table import Table
from fragtui.engine.board import Square
from fragtui.engine.ruthless.deck import rank_of, strength
from fragtui.engine.ruthless.fisticuffs import fist_score
from fragtui.engine.ruthless.table import Model

__all__ = ["BRAWL_HITS", "CARD_COST", "brawl_worth", "in_contact", "win_chance"]

BRAWL_HITS = 2
"""The hits the loser of fisticuffs takes (R-FIST-01)."""
CARD_COST = 0.03
"""What a card from hand costs, per rank (as a snap shot's card, windows.py): the hand picks initiative."""
RANKS = range(2, 15)
"""A card's rank, 2 to the Ace (14)."""


def win_chance(score: int, enemy: Model, cards: int) -> float:
    """The chance our card of `score` beats the best of `cards` cards in `enemy`'s hand, each taken as any rank
    alike (an equal score going either way by suit, half and half); sure against a man down or empty-handed."""
    if not enemy.standing or cards == 0:
        return 1.0
    bonus = (1 if enemy.mounted else 0) + enemy.card.fist_bonus
    below = sum(1.0 if rank + bonus < score else 0.5 if rank + bonus == score else 0.0 for rank in RANKS)
    return float((below / len(RANKS)) ** cards)


def in_contact(square: Square, other: Square) -> bool:
    """Base to base: `other` is one of the eight squares around `square` (R-FIST-01's ruling)."""
    return square != other and abs(square.x - other.x) <= 1 and abs(square.y - other.y) <= 1


def brawl_worth(table: Table, model: Model, square: Square, enemies: list[Model]) -> float:
    """What the fisticuffs a Move of `model` ending on `square` starts are worth: one with each enemy of
    `enemies` in contact there, in turn (by id), each with the best card left in hand."""
    contact = [e for e in enemies if e.square is not None and in_contact(square, e.square)]
    if not contact:
        return 0.0
    hand = sorted(table.view.hand, key=strength, reverse=True)
    mine = BRAWL_HITS * hit_worth(dataclasses.replace(model, mounted=False))
    worth = 0.0
    for enemy in sorted(contact, key=lambda e: e.id):
        if not enemy.standing:  # he loses without a pick
            card = None
        elif hand:
            card = hand.pop(0)
        else:  # no card: ours loses without a pick
            worth -= mine
            continue
        score = fist_score(card, model) if card is not None else 0
        chance = win_chance(score, enemy, table.view.hand_sizes[enemy.owner])
        theirs = BRAWL_HITS * hit_worth(dataclasses.replace(enemy, mounted=False)) * table.stakes(enemy)
        worth += chance * theirs - (1 - chance) * mine - (CARD_COST * int(rank_of(card)) if card else 0.0)
    return worth
