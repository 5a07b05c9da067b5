"""The playing-card primitive: suits, ranks, jokers, their order, and a standard deck as card data.

Ruthless draws initiative from a 52-card deck (R-SEQ-01: highest first, ties by suit: Spades, Hearts,
Diamonds, Clubs); Frag Deadlands prints suit and rank on its cards and shuffles jokers in (D-CARD-03,
D-CARD-04). Both build on `fragtui.engine.playing_cards`.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fragtui.engine.cards import CardDef, CardKind, CardSet, DeckDef, standard_deck
from fragtui.engine.playing_cards import PlayingCard, Rank, Suit

PLAYING = DeckDef(name="cards", singular="playing", plural="playing", deals=CardKind.PLAYING)


def card(text: str) -> PlayingCard:
    """`AS`, `10H`, `2C`: a card by its corner (rank, then the suit's initial)."""
    suit = {s.value[0].upper(): s for s in Suit}[text[-1]]
    return PlayingCard(suit=suit, rank=Rank.parse(text[:-1]))


def test_ranks_order_from_two_up_to_the_ace_high__R_SEQ_01() -> None:
    """2 < 3 < … < 10 < J < Q < K < A, and the order is the numbers' (a straight is a run of values)."""
    symbols = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    ranks = [Rank.parse(symbol) for symbol in symbols]
    assert ranks == sorted(ranks) == list(Rank)
    assert [rank.symbol for rank in ranks] == symbols
    assert [int(rank) for rank in ranks] == list(range(2, 15))
    assert Rank.parse(10) is Rank.TEN and Rank.parse("q") is Rank.QUEEN


@pytest.mark.parametrize("bad", [1, 11, 14, "1", "11", "X", "", True, None, 2.0])
def test_a_rank_is_two_to_ten_or_a_court_letter(bad: object) -> None:
    """Court cards and the Ace are letters only: a bare 1, 11 or 14 could mean either end of the order."""
    with pytest.raises(ValueError, match="a rank is 2 to 10, J, Q, K or A"):
        Rank.parse(bad)


def test_ties_of_rank_break_by_suit_spades_hearts_diamonds_clubs__R_SEQ_01() -> None:
    """Four Kings: the King of Spades activates first, then Hearts, Diamonds, Clubs (R-SEQ-01)."""
    kings = [card("KC"), card("KS"), card("KD"), card("KH")]
    assert sorted(kings, reverse=True) == [card("KS"), card("KH"), card("KD"), card("KC")]
    assert [s.strength for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)] == [4, 3, 2, 1]


def test_rank_comes_before_suit_in_the_order__R_SEQ_01() -> None:
    """The highest card activates first whatever its suit: a 3 of Spades is below a 4 of Clubs."""
    hands = [card("3S"), card("4C"), card("AC"), card("10H"), card("JD")]
    assert max(hands) == card("AC")
    assert sorted(hands) == [card("3S"), card("4C"), card("10H"), card("JD"), card("AC")]
    assert card("3S") < card("4C") and card("4C") > card("3S") and card("2C") <= card("2C") >= card("2C")


def test_jokers_sort_above_every_card_and_tie_with_each_other__D_CARD_03() -> None:
    """A joker has no suit or rank; it sorts above the Ace of Spades, and two jokers are equal."""
    joker = PlayingCard(joker=True)
    assert joker > card("AS") and max([card("AS"), joker, card("2C")]) == joker
    assert joker == PlayingCard(joker=True) and not joker < PlayingCard(joker=True)
    assert (str(joker), str(card("10H")), card("AS").name) == ("Joker", "10♥", "Ace of Spades")
    with pytest.raises(ValidationError, match="a joker has no suit or rank"):
        PlayingCard(joker=True, suit=Suit.SPADES)
    with pytest.raises(ValidationError, match="has a suit and a rank, or is a joker"):
        PlayingCard(suit=Suit.SPADES)


def test_a_standard_deck_with_two_jokers_holds_54_distinct_cards() -> None:
    """52 cards, 13 of each suit, one of each face, and the jokers as copies `joker#1`, `joker#2`."""
    cards = CardSet(standard_deck("cards", jokers=2), [PLAYING])
    instances = cards.instances("cards")
    assert len(instances) == len(set(instances)) == 54
    assert instances[-2:] == ["joker#1", "joker#2"]
    faces = [cards[i].face for i in instances]
    assert all(face is not None for face in faces)
    plain = [face for face in faces if face is not None and not face.joker]
    assert len(set(plain)) == 52
    for suit in Suit:
        assert sorted(face.rank for face in plain if face.suit is suit) == list(Rank)
    assert {cards[i].kind for i in instances} == {CardKind.PLAYING}
    ace = cards["ace-of-spades"]
    assert (ace.name, ace.suit, ace.rank, ace.face) == ("Ace of Spades", Suit.SPADES, Rank.ACE, card("AS"))
    assert cards["10-of-hearts"].face == card("10H")
    assert len(CardSet(standard_deck("cards"), [PLAYING]).instances("cards")) == 52


def test_a_card_has_a_suit_and_a_rank_or_neither() -> None:
    """Half a playing card is an error; so is a joker with a suit, or a plain playing card without a face."""
    base = {"id": "x", "deck": "specials", "name": "X"}
    with pytest.raises(ValidationError, match="both a `suit` and a `rank`, or neither"):
        CardDef.model_validate({**base, "suit": "spades"})
    with pytest.raises(ValidationError, match="a joker has no `suit` or `rank`"):
        CardDef.model_validate({**base, "suit": "spades", "rank": "A", "joker": True})
    with pytest.raises(ValidationError, match="a playing card needs a `suit` and a `rank`"):
        CardDef.model_validate({"id": "x", "deck": "cards", "kind": "playing", "name": "X"})
    assert CardDef.model_validate({**base, "suit": "clubs", "rank": 7}).face == card("7C")
    assert CardDef.model_validate(base).face is None
