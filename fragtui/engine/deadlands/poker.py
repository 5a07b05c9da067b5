"""Poker hands with wild jokers: who goes first in Frag Deadlands.

D-CARD-04: each player draws five cards, the best poker hand goes first (a d6 breaks ties).
D-CARD-03: jokers are wild in poker hands. No maintained library ranks hands with wild cards, so the
evaluator is ours, built on `fragtui.engine.playing_cards`.

A hand's value is a `HandValue`: its `HandCategory` (the ten ranks of D-CARD-04, high card to royal
flush), then the ranks that break a tie between two hands of that category, most telling first (the
kickers of standard poker). Values compare as tuples, so `max` finds the best hand; two hands of the
same ranks are equal whatever their suits, because D-CARD-04 breaks ties with a die, not with suits.

Rulings (docs/rulings.md, D-CARD-04): a joker stands for any card at all, even one already in the hand,
and takes the value that makes the best of the ten hands; five cards of one rank (four Aces and a
joker, or two Deadlands cards with the same face) are four of a kind with a kicker of that rank; a
flush may hold a repeated rank (a "double-ace flush") and ranks by its five cards; the wheel
A-2-3-4-5 is the lowest straight (five high) and an ace-high straight flush is the royal flush.

How it is fast: a hand's value depends only on the multiset of its ranks and on whether it is one suit.
Each rank has a prime, so the product of five primes names the multiset whatever the order; two tables,
one for suited hands and one for the rest, map each of the 6,188 products to its value, built once on
first use. A joker-free hand is then a few integer operations and one dictionary look-up. With jokers,
only ranks need trying: if the natural cards share a suit (or there are none) every joker takes that
suit, which only adds the flush, else no flush is possible and suits do not matter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from functools import cache
from itertools import combinations_with_replacement, groupby
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from fragtui.engine.playing_cards import PlayingCard, Rank, Suit

__all__ = ["HAND_SIZE", "HandCategory", "HandValue", "PokerSeat", "PokerTable", "best_hands", "describe", "evaluate"]

HAND_SIZE = 5
"""A poker hand is five cards (D-CARD-04: each player draws five)."""


class HandCategory(IntEnum):
    """The ten poker hands of D-CARD-04, worst to best; a higher category beats any lower one."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10

    @property
    def label(self) -> str:
        """As said at the table: `full house`, `two pair`, `royal flush`."""
        return self.name.lower().replace("_", " ")


class HandValue(NamedTuple):
    """What a five-card hand is worth: compare two values to know which hand wins.

    Values order by category, then by `ranks`, element by element, as poker breaks ties:
    four of a kind (the four, the kicker); full house (the three, the two); flush and high card (the
    five ranks, highest first); straight and straight flush (the highest card: Five for the wheel);
    three of a kind (the three, then the two kickers, highest first); two pair (the higher pair, the
    lower, the kicker); pair (the pair, then the three kickers); royal flush (the Ace)."""

    category: HandCategory
    """Which of the ten hands."""
    ranks: tuple[Rank, ...]
    """The ranks that break a tie within the category, most telling first."""


# ---------------------------------------------------------------------------------------------------
# Ranking a multiset of ranks: the plain definition, run once per multiset to fill the tables.

_WHEEL = (Rank.ACE, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)
"""A-2-3-4-5, the lowest straight: the Ace plays low and the Five is its highest card."""


def _rank_multiset(ranks: tuple[Rank, ...]) -> tuple[HandValue, HandValue]:
    """The best of the ten hands five ranks make (highest first): not all of one suit, then of one suit.

    Any five faces are ranked, even repeated ones (a joker may copy a card in the hand, and the
    Deadlands decks print some faces twice): each is the best category it satisfies."""
    # (count, rank), the most numerous first, the higher first among equals: the pattern (4, 1),
    # (3, 2), … and the ranks in tie-breaking order.
    groups = sorted(((len(list(run)), rank) for rank, run in groupby(ranks)), reverse=True)
    shape = [n for n, _ in groups]
    by_group = tuple(rank for _, rank in groups)
    high = None
    if ranks == _WHEEL:
        high = Rank.FIVE
    elif len(groups) == HAND_SIZE and ranks[0] - ranks[-1] == HAND_SIZE - 1:
        high = ranks[0]
    if shape[0] == HAND_SIZE:  # five of one rank: four of a kind, the fifth its own kicker
        plain = HandValue(HandCategory.FOUR_OF_A_KIND, (ranks[0], ranks[0]))
    elif shape[0] == 4:
        plain = HandValue(HandCategory.FOUR_OF_A_KIND, by_group)
    elif shape == [3, 2]:
        plain = HandValue(HandCategory.FULL_HOUSE, by_group)
    elif high is not None:
        plain = HandValue(HandCategory.STRAIGHT, (high,))
    elif shape[0] == 3:
        plain = HandValue(HandCategory.THREE_OF_A_KIND, by_group)
    elif shape[1] == 2:
        plain = HandValue(HandCategory.TWO_PAIR, by_group)
    elif shape[0] == 2:
        plain = HandValue(HandCategory.PAIR, by_group)
    else:
        plain = HandValue(HandCategory.HIGH_CARD, ranks)
    if high is Rank.ACE:
        suited = HandValue(HandCategory.ROYAL_FLUSH, (Rank.ACE,))
    elif high is not None:
        suited = HandValue(HandCategory.STRAIGHT_FLUSH, (high,))
    elif plain.category > HandCategory.FLUSH:  # four of a kind, full house: better than the flush
        suited = plain
    else:
        suited = HandValue(HandCategory.FLUSH, ranks)
    return plain, suited


# ---------------------------------------------------------------------------------------------------
# The tables.

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_PRIME = {rank: prime for rank, prime in zip(Rank, _PRIMES, strict=True)}
"""Each rank's prime: the product of a hand's primes names its multiset of ranks."""
_PRIME_MASK = 0xFF
_SUIT_BIT = {suit: 1 << (8 + i) for i, suit in enumerate(Suit)}
"""Each suit's bit above the prime: five codes ANDed keep a suit bit only if all five share it."""
_SUIT_MASK = 0xF00

_CODE: dict[Suit, list[int]] = {suit: [0, 0] + [_PRIME[rank] | _SUIT_BIT[suit] for rank in Rank] for suit in Suit}
"""A card's code, `_CODE[suit][rank]`: its rank's prime and its suit's bit."""


_PLAIN: dict[int, HandValue] = {}
"""Value by product of primes, for five ranks not all of one suit; filled on first use."""
_SUITED: dict[int, HandValue] = {}
"""Value by product of primes, for five ranks of one suit; filled on first use."""


def _fill_tables() -> None:
    """Rank every multiset of five ranks (6,188 of them), plain and suited: about 30 ms, done on the
    first evaluation rather than at import, so that importing the engine costs nothing."""
    for ranks in combinations_with_replacement(reversed(Rank), HAND_SIZE):
        key = _product(_PRIME[rank] for rank in ranks)
        _PLAIN[key], _SUITED[key] = _rank_multiset(ranks)


def _product(numbers: Iterable[int]) -> int:
    result = 1
    for number in numbers:
        result *= number
    return result


# ---------------------------------------------------------------------------------------------------
# Evaluating hands.


def evaluate(cards: Iterable[PlayingCard]) -> HandValue:
    """The value of a five-card poker hand, jokers wild (D-CARD-03, D-CARD-04).

    Each joker stands for whichever card makes the best hand, even a card already in the hand.
    Raises ValueError unless there are exactly five cards."""
    codes: list[int] = []
    jokers = 0
    for card in cards:
        suit = card.suit  # None only for a joker (PlayingCard checks it): one attribute read fewer a card
        if suit is None:
            jokers += 1
        else:
            codes.append(_CODE[suit][card.rank])  # type: ignore[index]
    if len(codes) + jokers != HAND_SIZE:
        raise ValueError(f"a poker hand is {HAND_SIZE} cards, not {len(codes) + jokers}")
    if not _PLAIN:
        _fill_tables()
    if jokers:
        suits = _SUIT_MASK
        key = 1
        for code in codes:
            suits &= code
            key *= code & _PRIME_MASK
        return _with_jokers(key, jokers, bool(suits))
    a, b, c, d, e = codes
    key = (a & _PRIME_MASK) * (b & _PRIME_MASK) * (c & _PRIME_MASK) * (d & _PRIME_MASK) * (e & _PRIME_MASK)
    if a & b & c & d & e & _SUIT_MASK:
        return _SUITED[key]
    return _PLAIN[key]


@cache
def _with_jokers(key: int, jokers: int, suited: bool) -> HandValue:
    """The best value of the natural cards (product of primes `key`, all of one suit or not) with
    `jokers` wild cards: every multiset of ranks the jokers may take, tried, the best kept.

    The suit a joker takes matters only for a flush; if the natural cards share a suit, every joker
    takes it (a flush is never worse than the same ranks unsuited), else no flush can be made."""
    table = _SUITED if suited else _PLAIN
    return max(table[key * _product(ranks)] for ranks in combinations_with_replacement(_PRIMES, jokers))


def best_hands(hands: Sequence[Iterable[PlayingCard]]) -> list[int]:
    """The positions in `hands` of the best poker hands, in order: one, or several that tie (D-CARD-04:
    a die then breaks the tie). Empty for no hands."""
    values = [evaluate(hand) for hand in hands]
    if not values:
        return []
    best = max(values)
    return [i for i, value in enumerate(values) if value == best]


# ---------------------------------------------------------------------------------------------------
# Saying it.

_RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_WORD = dict(zip(Rank, _RANK_WORDS, strict=True))
"""Each rank as said in a hand's name: `kings over threes`."""


def _plural(rank: Rank) -> str:
    word = _WORD[rank]
    return word + ("es" if word.endswith("x") else "s")


def describe(value: HandValue) -> str:
    """A short wording of a hand for the table: `full house, kings over threes`, `two pair, jacks and
    fours`, `straight, five high`, `royal flush`. Kickers are left out."""
    category, ranks = value
    first = ranks[0]
    match category:
        case HandCategory.ROYAL_FLUSH:
            return category.label
        case HandCategory.STRAIGHT_FLUSH | HandCategory.STRAIGHT | HandCategory.FLUSH:
            return f"{category.label}, {_WORD[first]} high"
        case HandCategory.FULL_HOUSE:
            return f"{category.label}, {_plural(first)} over {_plural(ranks[1])}"
        case HandCategory.TWO_PAIR:
            return f"{category.label}, {_plural(first)} and {_plural(ranks[1])}"
        case HandCategory.HIGH_CARD:
            return f"{category.label}, {_WORD[first]}"
        case _:  # four of a kind, three of a kind, pair
            return f"{category.label}, {_plural(first)}"


class PokerSeat(BaseModel):
    """One player's poker hand at the table, as one viewer may see it (D-CARD-04)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    """The player's seat."""
    drawn: tuple[str, ...] | None
    """The card instances he has drawn so far, in order; None while they are hidden from the viewer (the
    hands are shown together once every player has drawn five)."""
    count: int
    """How many he has drawn (public: the table sees the cards come off the decks)."""
    hand: str | None = None
    """His hand in words once shown (`Two pair, kings and sevens`); None before."""
    place: int | None = None
    """Once shown, his hand's place at the table: 1 for the best (tied hands share a place)."""
    tie_roll: int | None = None
    """The d6 he rolled to break a tie for the best hand, if he had to."""
    kept: str | None = None
    """The card he kept of the five, once he has chosen (public: he keeps it in his hand, ruling D-CARD-04)."""


class PokerTable(BaseModel):
    """The first-player poker draw as one viewer sees it (D-CARD-04): every hand, and who goes first."""

    model_config = ConfigDict(frozen=True)

    seats: tuple[PokerSeat, ...]
    """Every player's hand, in seat order."""
    shown: bool
    """Whether the hands have been shown (every player has drawn five)."""
    first: int | None = None
    """The seat who goes first, once the hands are shown and any tie broken."""
