"""Playing cards: suit, rank and joker, and the order they beat one another in.

Base Frag's cards have no suit or rank. Frag Deadlands prints a suit and rank on every card and
shuffles jokers in (D-CARD-03: jokers are wild in poker hands, D-CARD-04: the best poker hand goes
first), and Ruthless decides who activates with a plain 52-card deck (R-SEQ-01: the highest card
first, ties by suit). Both build on this small typed model instead of comparing strings: a card
definition carries an optional `suit`, `rank` and `joker` (`fragtui.engine.cards.CardDef`), and
its `face` is a `PlayingCard`.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from pydantic import BaseModel, ConfigDict, model_validator

from fragtui.errors import shown

__all__ = ["JOKER_ORDER", "PlayingCard", "Rank", "Suit"]


class Suit(StrEnum):
    """The four suits; card files spell them in lower case."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"

    @property
    def strength(self) -> int:
        """How the suit breaks a tie of ranks: Spades beat Hearts beat Diamonds beat Clubs (R-SEQ-01)."""
        return _SUIT_STRENGTH[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]


_SUIT_STRENGTH = {Suit.SPADES: 4, Suit.HEARTS: 3, Suit.DIAMONDS: 2, Suit.CLUBS: 1}
_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(IntEnum):
    """The thirteen ranks, valued 2 to 14 so that they order and run in straights as the numbers do:
    2 < 3 < … < 10 < J < Q < K < A (the Ace is high). Card files write 2 to 10 (number or text), J, Q, K, A."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """As printed in a card's corner and written in card files: `2`…`10`, `J`, `Q`, `K`, `A`."""
        return str(self.value) if self.value <= 10 else "JQKA"[self.value - 11]

    @property
    def word(self) -> str:
        """As said: `2`…`10`, `Jack`, `Queen`, `King`, `Ace`."""
        return str(self.value) if self.value <= 10 else ("Jack", "Queen", "King", "Ace")[self.value - 11]

    @classmethod
    def parse(cls, value: object) -> Rank:
        """A rank as a card file writes it: 2 to 10 (a number or its text), or J, Q, K, A.

        Court cards and the Ace are letters only: a bare 1, 11 or 14 could mean either end of the order."""
        if isinstance(value, Rank):
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 10:
            return cls(value)
        if isinstance(value, str):
            text = value.strip().upper()
            if text.isdigit() and 2 <= int(text) <= 10:
                return cls(int(text))
            if len(text) == 1 and text in "JQKA":
                return cls(11 + "JQKA".index(text))
        raise ValueError(f"a rank is 2 to 10, J, Q, K or A, not {shown(value)}")


JOKER_ORDER = 15
"""Where a joker sorts: above every Ace. Two jokers tie; the rules that use them break the tie."""


class PlayingCard(BaseModel):
    """The face of a playing card: a suit and a rank, or a joker.

    Cards order by rank, then by suit (R-SEQ-01: ties by suit, Spades, Hearts, Diamonds, Clubs), so
    `max(cards)` is the one that activates first in Ruthless. A joker sorts above every card; it has
    no suit, and two jokers are equal."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    suit: Suit | None = None
    """The suit; None for a joker."""
    rank: Rank | None = None
    """The rank; None for a joker."""
    joker: bool = False
    """A joker (D-CARD-03: wild in poker hands)."""

    @model_validator(mode="after")
    def _suit_and_rank_or_joker(self) -> PlayingCard:
        if self.joker and (self.suit is not None or self.rank is not None):
            raise ValueError("a joker has no suit or rank")
        if not self.joker and (self.suit is None or self.rank is None):
            raise ValueError("a playing card has a suit and a rank, or is a joker")
        return self

    @property
    def order(self) -> tuple[int, int]:
        """The sort key: (rank, suit strength); a joker is (JOKER_ORDER, 0)."""
        if self.joker:
            return (JOKER_ORDER, 0)
        assert self.rank is not None and self.suit is not None
        return (int(self.rank), self.suit.strength)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, PlayingCard):
            return NotImplemented
        return self.order < other.order

    def __le__(self, other: object) -> bool:
        if not isinstance(other, PlayingCard):
            return NotImplemented
        return self.order <= other.order

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, PlayingCard):
            return NotImplemented
        return self.order > other.order

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, PlayingCard):
            return NotImplemented
        return self.order >= other.order

    @property
    def name(self) -> str:
        """`Ace of Spades`, `10 of Hearts`, `Joker`."""
        if self.joker:
            return "Joker"
        assert self.rank is not None and self.suit is not None
        return f"{self.rank.word} of {self.suit.value.capitalize()}"

    def __str__(self) -> str:
        """`A♠`, `10♥`, `Joker`."""
        if self.joker:
            return "Joker"
        assert self.rank is not None and self.suit is not None
        return f"{self.rank.symbol}{self.suit.symbol}"
