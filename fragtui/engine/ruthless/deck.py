"""The standard 52-card deck Ruthless is played with (R-SEQ-01), its cards named `AS`, `10H`, `7C`.

A card's strength for initiative, snap shots and fisticuffs is its rank, Ace high, ties broken by suit:
Spades, Hearts, Diamonds, Clubs (R-SEQ-01; ruling: the same order breaks every tie between cards).
"""

from __future__ import annotations

from functools import cache

from fragtui.engine.playing_cards import Rank, Suit

__all__ = ["FULL_DECK", "HAND_SIZE", "card_title", "courage_value", "rank_of", "strength", "suit_of"]

HAND_SIZE = 5
"""Cards each player holds at the start of a turn (R-SEQ-01, R-SEQ-02)."""

_SUIT_LETTER = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}
_LETTER_SUIT = {letter: suit for suit, letter in _SUIT_LETTER.items()}

FULL_DECK: tuple[str, ...] = tuple(f"{rank.symbol}{_SUIT_LETTER[suit]}" for suit in _SUIT_LETTER for rank in Rank)
"""The 52 cards, by suit then rank (the order before the first shuffle)."""


@cache
def rank_of(card: str) -> Rank:
    """The rank of a card (`10H` → 10)."""
    return Rank.parse(card[:-1])


@cache
def suit_of(card: str) -> Suit:
    """The suit of a card (`10H` → hearts)."""
    return _LETTER_SUIT[card[-1]]


@cache
def strength(card: str) -> tuple[int, int]:
    """How a card ranks against another: rank first (Ace high), then suit (R-SEQ-01)."""
    return (int(rank_of(card)), suit_of(card).strength)


def courage_value(card: str) -> int | None:
    """What a card adds to a courage roll (R-COUR-01): its number, 2 to 10; None for a face card or an Ace,
    which passes the test outright (a shot of whiskey, R-SEQ-03)."""
    rank = rank_of(card)
    return int(rank) if rank <= Rank.TEN else None


def card_title(card: str) -> str:
    """As players say it: `10♥`, `A♠`."""
    return f"{rank_of(card).symbol}{suit_of(card).symbol}"
