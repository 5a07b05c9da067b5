"""Poker hands with wild jokers: who goes first in Frag Deadlands (D-CARD-04, D-CARD-03).

The evaluator (`fragtui.engine.deadlands.poker`) is checked three ways: against the known count of every hand
category over all 2,598,960 five-card hands of a 52-card deck; by examples of how hands order
(kickers, the wheel, the royal flush); and, with jokers, against brute force — every card each joker
could stand for, tried, the best kept, ranked by the plain evaluator written out below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fragtui.engine.deadlands.poker import HandCategory, HandValue, best_hands, describe, evaluate
from fragtui.engine.playing_cards import PlayingCard, Rank, Suit

DECK = [PlayingCard(suit=suit, rank=rank) for suit in Suit for rank in Rank]
JOKER = PlayingCard(joker=True)


def card(text: str) -> PlayingCard:
    """`AS`, `10H`, `2C`, `*` (a joker): a card by its corner, rank then the suit's initial."""
    if text == "*":
        return JOKER
    suit = {s.value[0].upper(): s for s in Suit}[text[-1]]
    return PlayingCard(suit=suit, rank=Rank.parse(text[:-1]))


def hand(text: str) -> list[PlayingCard]:
    """`AS KS QS JS *`: five cards written out."""
    return [card(word) for word in text.split()]


def value(text: str) -> HandValue:
    return evaluate(hand(text))


C = HandCategory
R = Rank


# ---------------------------------------------------------------------------------------------------
# A plain evaluator, written out the long way: the reference the jokers are checked against.

Score = tuple[int, tuple[int, ...]]


def reference(cards: Sequence[PlayingCard]) -> Score:
    """(category, tie-breaking ranks) of five natural cards, by the definitions of the ten hands.

    Faces may repeat (a joker may copy a card in the hand; Deadlands decks print faces twice): five
    of one rank is four of a kind with a kicker of that rank, and a flush may hold a pair."""
    values = sorted((int(c.rank) for c in cards if c.rank is not None), reverse=True)
    assert len(values) == 5
    one_suit = len({c.suit for c in cards}) == 1
    distinct = sorted(set(values), reverse=True)
    straight_high = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight_high = distinct[0]
    elif distinct == [14, 5, 4, 3, 2]:
        straight_high = 5
    count = Counter(values)
    # ranks grouped: the most numerous first, the higher first among equals
    grouped = sorted(count, key=lambda v: (count[v], v), reverse=True)
    sizes = sorted(count.values(), reverse=True)
    if one_suit and straight_high == 14:
        return (10, (14,))
    if one_suit and straight_high is not None:
        return (9, (straight_high,))
    if sizes == [5]:
        return (8, (values[0], values[0]))
    if sizes == [4, 1]:
        return (8, tuple(grouped))
    if sizes == [3, 2]:
        return (7, tuple(grouped))
    if one_suit:
        return (6, tuple(values))
    if straight_high is not None:
        return (5, (straight_high,))
    if sizes == [3, 1, 1]:
        return (4, tuple(grouped))
    if sizes == [2, 2, 1]:
        return (3, tuple(grouped))
    if sizes == [2, 1, 1, 1]:
        return (2, tuple(grouped))
    return (1, tuple(values))


def as_score(hand_value: HandValue) -> Score:
    return (int(hand_value.category), tuple(int(rank) for rank in hand_value.ranks))


def brute_force(naturals: Sequence[PlayingCard], jokers: int) -> Score:
    """Each joker replaced by each of the 52 cards in turn (even one already in the hand), the best kept.

    The order the jokers take their cards in does not matter (`reference` sorts the ranks, and the suits are a
    set), so each multiset of stand-ins is tried once: the same best as every ordered pair, in half the work."""
    return max(reference([*naturals, *stand_ins]) for stand_ins in combinations_with_replacement(DECK, jokers))


# ---------------------------------------------------------------------------------------------------
# 1. Every five-card hand of a deck.


def test_every_five_card_hand_of_a_deck_is_counted_in_its_category__D_CARD_04() -> None:
    """The 2,598,960 hands of a 52-card deck fall into the ten categories in the known numbers, and
    into the 7,462 values that poker tells apart (so every tie-break is right: two hands are equal
    exactly when poker says they tie)."""
    values = Counter(map(evaluate, combinations(DECK, 5)))
    hands = Counter[HandCategory]()
    distinct = Counter[HandCategory]()
    for hand_value, n in values.items():
        hands[hand_value.category] += n
        distinct[hand_value.category] += 1
    assert hands == {
        C.ROYAL_FLUSH: 4,
        C.STRAIGHT_FLUSH: 36,
        C.FOUR_OF_A_KIND: 624,
        C.FULL_HOUSE: 3_744,
        C.FLUSH: 5_108,
        C.STRAIGHT: 10_200,
        C.THREE_OF_A_KIND: 54_912,
        C.TWO_PAIR: 123_552,
        C.PAIR: 1_098_240,
        C.HIGH_CARD: 1_302_540,
    }
    assert sum(hands.values()) == 2_598_960
    assert distinct == {
        C.ROYAL_FLUSH: 1,
        C.STRAIGHT_FLUSH: 9,
        C.FOUR_OF_A_KIND: 156,
        C.FULL_HOUSE: 156,
        C.FLUSH: 1_277,
        C.STRAIGHT: 10,
        C.THREE_OF_A_KIND: 858,
        C.TWO_PAIR: 858,
        C.PAIR: 2_860,
        C.HIGH_CARD: 1_277,
    }


def test_the_ten_categories_rank_as_the_rules_list_them__D_CARD_04() -> None:
    """Royal flush > straight flush > four of a kind > full house > flush > straight > three of a kind >
    two pair > pair > high card, each shown by a hand that loses to the next."""
    worst_to_best = [
        "AS KH QD JC 9S",  # high card, the best there is
        "2S 2H 3D 4C 5S",  # pair of twos
        "2S 2H 3D 3C 4S",
        "2S 2H 2D 3C 4S",
        "AS 2H 3D 4C 5S",  # the wheel, the lowest straight
        "2S 3S 4S 5S 7S",  # the lowest flush
        "2S 2H 2D 3C 3S",
        "2S 2H 2D 2C 3S",
        "AS 2S 3S 4S 5S",  # the steel wheel, the lowest straight flush
        "10H JH QH KH AH",
    ]
    values = [value(text) for text in worst_to_best]
    assert [v.category for v in values] == list(HandCategory)
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert [c.label for c in HandCategory] == [
        "high card",
        "pair",
        "two pair",
        "three of a kind",
        "straight",
        "flush",
        "full house",
        "four of a kind",
        "straight flush",
        "royal flush",
    ]


# ---------------------------------------------------------------------------------------------------
# 2. How hands of one category order.


@pytest.mark.parametrize(
    ("worse", "better"),
    [
        ("AS 2H 3D 4C 5S", "2S 3H 4D 5C 6S"),  # the wheel is below the six-high straight
        ("AS AH AD 4C 5S", "AS 2H 3D 4C 5S"),  # …but still a straight, above three Aces
        ("9S 10H JD QC KS", "10S JH QD KC AS"),  # the Ace plays high at the top
        ("AS 2S 3S 4S 5S", "2H 3H 4H 5H 6H"),  # steel wheel below the six-high straight flush
        ("9S 10S JS QS KS", "10D JD QD KD AD"),  # king-high straight flush below the royal flush
        ("8S 8H AD 7C 5S", "8D 8C AH 9C 2S"),  # pair of eights, second kicker decides
        ("8S 8H KD QC JS", "8D 8C AH 3C 2S"),  # pair of eights, Ace kicker beats King
        ("2S 2H 8D 9C 10S", "3S 3H 4D 5C 6S"),  # pair against pair: the pair first
        ("KS KH 5D 5C QS", "KD KC 5H 5S AS"),  # two pair, the kicker decides
        ("KS KH 5D 5C QS", "KD KC 6H 6S 2S"),  # …after the lower pair
        ("QS QH QD AC AS", "KD KC KH 2S 2H"),  # full house: the three first
        ("KS KH KD 2C 2S", "KD KC KH 3S 3H"),  # …then the two (decks printing a face twice)
        ("AH KH 9H 7H 2H", "AS KS 9S 7S 3S"),  # flush: down to the last card
        ("5S 5H 5D 5C KS", "5S 5H 5D 5C AS"),  # four of a kind, the kicker
        ("5S 5H 5D 5C AS", "6S 6H 6D 6C 2S"),  # …after the four
        ("AS KH QD JC 9S", "2S 2H 3D 4C 5S"),  # the best high card below the worst pair
        ("QS KH AD 2C 3S", "2S 2H 3D 4C 5S"),  # Q-K-A-2-3 does not turn the corner: high card
        ("7S 7H 7D AC KS", "8S 8H 8D 2C 3S"),
    ],
)
def test_hands_of_a_category_order_by_their_ranks__D_CARD_04(worse: str, better: str) -> None:
    """Standard poker's tie-breaks: the ranks that make the hand, then the kickers."""
    assert value(worse) < value(better)


def test_royal_flush_is_the_ace_high_straight_flush_and_the_wheel_is_five_high__D_CARD_04() -> None:
    assert value("10S JS QS KS AS") == HandValue(C.ROYAL_FLUSH, (R.ACE,))
    assert value("AS 2H 3D 4C 5S") == HandValue(C.STRAIGHT, (R.FIVE,))
    assert value("AC 2C 3C 4C 5C") == HandValue(C.STRAIGHT_FLUSH, (R.FIVE,))
    assert value("QS KH AD 2C 3S") == HandValue(C.HIGH_CARD, (R.ACE, R.KING, R.QUEEN, R.THREE, R.TWO))
    assert value("KD KC 5H 5S AS") == HandValue(C.TWO_PAIR, (R.KING, R.FIVE, R.ACE))
    assert value("3S 8H 3D KC 3H") == HandValue(C.THREE_OF_A_KIND, (R.THREE, R.KING, R.EIGHT))


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("AS KS QS JS 9S", "AH KH QH JH 9H"),
        ("10S JS QS KS AS", "AC KC QC JC 10C"),
        ("8S 8H AD 7C 5S", "5D 7D 8C AC 8D"),
        ("AS 2H 3D 4C 5S", "5H 4H 3H 2H AD"),
    ],
)
def test_suits_never_break_a_tie_between_equal_hands__D_CARD_04(one: str, other: str) -> None:
    """D-CARD-04 breaks a tie with a die: hands of the same ranks are equal, whatever their suits and
    in whatever order they are held."""
    assert value(one) == value(other)


@pytest.mark.parametrize("text", ["AS KS QS JS", "AS KS QS JS 10S 9S", ""])
def test_a_poker_hand_is_five_cards__D_CARD_04(text: str) -> None:
    with pytest.raises(ValueError, match="a poker hand is 5 cards, not"):
        value(text)


# ---------------------------------------------------------------------------------------------------
# 3. Jokers are wild.


@settings(max_examples=200, deadline=None)
@given(naturals=st.lists(st.sampled_from(DECK), min_size=4, max_size=4))
def test_one_joker_makes_the_best_hand_of_any_card_it_could_be__D_CARD_03(naturals: list[PlayingCard]) -> None:
    """A joker stands for any of the 52 cards, even one already in the hand; the hand is worth the best
    of the 52. (The four other cards may repeat a face: the Deadlands decks print faces twice.)"""
    best = brute_force(naturals, 1)  # (the same four cards wherever the joker is held: worked out once)
    for at in range(5):  # wherever the joker is held
        cards = [*naturals[:at], JOKER, *naturals[at:]]
        assert as_score(evaluate(cards)) == best


@settings(max_examples=60, deadline=None)
@given(naturals=st.lists(st.sampled_from(DECK), min_size=3, max_size=3), first=st.integers(0, 4))
def test_two_jokers_make_the_best_hand_of_any_two_cards__D_CARD_03(naturals: list[PlayingCard], first: int) -> None:
    """Two jokers: every pair of the 52 cards (the same card twice included), the best kept."""
    cards = [*naturals]
    cards.insert(first % 4, JOKER)
    cards.insert(first, JOKER)
    assert as_score(evaluate(cards)) == brute_force(naturals, 2)


@settings(max_examples=8, deadline=None)
@given(naturals=st.lists(st.sampled_from(DECK), min_size=2, max_size=2))
def test_three_jokers_make_the_best_hand_of_any_three_cards__D_CARD_03(naturals: list[PlayingCard]) -> None:
    """Three jokers, by brute force too (the order the jokers take their cards in does not matter, so
    each set of three cards is tried once)."""
    cards = [JOKER, naturals[0], JOKER, naturals[1], JOKER]
    best = max(reference([*naturals, *stand_ins]) for stand_ins in combinations_with_replacement(DECK, 3))
    assert as_score(evaluate(cards)) == best


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.sampled_from(DECK), min_size=5, max_size=5))
def test_repeated_faces_rank_as_the_rulings_say__D_CARD_04(cards: list[PlayingCard]) -> None:
    """Any five faces, repeated or not (two decks may print the same face), rank as the reference does."""
    assert as_score(evaluate(cards)) == reference(cards)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KS QS JS 10S *", HandValue(C.ROYAL_FLUSH, (R.ACE,))),  # the joker is the Ace of Spades
        ("AS KS * JS 10S", HandValue(C.ROYAL_FLUSH, (R.ACE,))),  # …or the Queen
        ("7S 7H 2C * *", HandValue(C.FOUR_OF_A_KIND, (R.SEVEN, R.TWO))),  # two jokers and a pair
        ("7S 7H * * *", HandValue(C.FOUR_OF_A_KIND, (R.SEVEN, R.ACE))),  # an Ace kicker beats a fifth seven
        ("AS AH AD AC *", HandValue(C.FOUR_OF_A_KIND, (R.ACE, R.ACE))),  # no five of a kind
        ("AS AS AH AD AC", HandValue(C.FOUR_OF_A_KIND, (R.ACE, R.ACE))),  # …nor with a repeated face
        ("AS 2H * * *", HandValue(C.FOUR_OF_A_KIND, (R.ACE, R.TWO))),
        ("2C * * * *", HandValue(C.STRAIGHT_FLUSH, (R.SIX,))),  # 2 to 6 of Clubs beats four twos
        ("AC * * * *", HandValue(C.ROYAL_FLUSH, (R.ACE,))),
        ("* * * * *", HandValue(C.ROYAL_FLUSH, (R.ACE,))),
        ("2C 3D 4H 5S *", HandValue(C.STRAIGHT, (R.SIX,))),  # a six, not an Ace for the wheel
        ("AC 3D 4H 5S *", HandValue(C.STRAIGHT, (R.FIVE,))),  # the wheel, the joker its two
        ("2C 3C 4C 5C *", HandValue(C.STRAIGHT_FLUSH, (R.SIX,))),
        ("9S 9H 4D 4C *", HandValue(C.FULL_HOUSE, (R.NINE, R.FOUR))),
        ("AS KS QS 9S *", HandValue(C.FLUSH, (R.ACE, R.ACE, R.KING, R.QUEEN, R.NINE))),  # double-ace flush
        ("3H 8C JD KS *", HandValue(C.PAIR, (R.KING, R.JACK, R.EIGHT, R.THREE))),
        ("3H 8C JD * *", HandValue(C.THREE_OF_A_KIND, (R.JACK, R.EIGHT, R.THREE))),
        ("2H 9C * * KD", HandValue(C.THREE_OF_A_KIND, (R.KING, R.NINE, R.TWO))),
        ("10H 9H * * 6H", HandValue(C.STRAIGHT_FLUSH, (R.TEN,))),
    ],
)
def test_jokers_are_wild__D_CARD_03(text: str, expected: HandValue) -> None:
    """Each joker becomes the card that makes the best of the ten hands."""
    assert value(text) == expected


def test_a_joker_may_copy_a_card_in_the_hand__D_CARD_03() -> None:
    """The joker beside A♠ K♠ Q♠ 9♠ is best as a second A♠: that flush beats every flush of a deck but
    the ones with a pair in them, and four Aces and a joker beat four Aces and a King."""
    double_ace = value("AS KS QS 9S *")
    assert double_ace > value("AH KH QH JH 9H")
    assert double_ace < value("2S 2H 2D 3C 3S")
    assert value("AS AH AD AC *") > value("AS AH AD AC KS")
    assert value("AS AH AD AC *") < value("2S 3S 4S 5S 6S")


# ---------------------------------------------------------------------------------------------------
# 4. Who goes first.


def test_the_best_hand_goes_first__D_CARD_04() -> None:
    hands = [hand("AS AH 3D 4C 5S"), hand("KS KH KD 2C 2S"), hand("2S 3S 4S 5S 7S")]
    assert best_hands(hands) == [1]


def test_equal_hands_tie_for_the_die_to_settle__D_CARD_04() -> None:
    """Ties are kept, all of them, in seat order: a d6 settles them, not the suits."""
    hands = [
        hand("8S 8H AD 7C 5S"),
        hand("KS KH KD 2C 3S"),
        hand("KC KH KD 2H 3D"),
        hand("2S 3S 4S 9S 7H"),
        hand("KS KD * 3C 2C"),  # the joker is the third King
    ]
    assert best_hands(hands) == [1, 2, 4]
    royal = [hand("10S JS QS KS AS"), hand("* JH QH KH AH"), hand("AS AH AD AC *")]
    assert best_hands(royal) == [0, 1]
    assert best_hands([hand("2S 3H 4D 5C 7S")]) == [0]
    assert best_hands([]) == []


# ---------------------------------------------------------------------------------------------------
# Said at the table.


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("10S JS QS KS AS", "royal flush"),
        ("* 10D JD QD KD", "royal flush"),
        ("5S 6S 7S 8S 9S", "straight flush, nine high"),
        ("AC 2C 3C 4C 5C", "straight flush, five high"),
        ("AS AH AD AC KS", "four of a kind, aces"),
        ("KS KH KD 3C 3S", "full house, kings over threes"),
        ("6S 6H 6D QC QS", "full house, sixes over queens"),
        ("AH KH 9H 7H 2H", "flush, ace high"),
        ("AS 2H 3D 4C 5S", "straight, five high"),
        ("10S JH QD KC AS", "straight, ace high"),
        ("7S 7H 7D AC KS", "three of a kind, sevens"),
        ("JS JH 4D 4C 9S", "two pair, jacks and fours"),
        ("8S 8H AD 7C 5S", "pair, eights"),
        ("AS KH 9D 7C 5S", "high card, ace"),
    ],
)
def test_a_hand_is_described_in_a_few_words__D_CARD_04(text: str, said: str) -> None:
    """What the first-player draw shows beside each revealed hand."""
    assert describe(value(text)) == said
