"""Frag Deadlands' set-up with its cards: the deal (D-CARD-01), the first-player poker draw (D-CARD-04), and
jokers, wild in poker hands and replaced by a draw from any deck in play (D-CARD-03).

Each game is set up as `Game.new` does, on a small card set of known faces whose decks are stacked before
the deal, with scripted dice (`DiceExhaustedError` for a die the rules do not call for): every card dealt
and drawn is known. Cards are named by deck and face: `w-as` is the Ace of Spades of the weapons deck,
`s-joker` the specials deck's joker.
"""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from fragtui.content.library import board_named
from fragtui.engine.cards import CardDef, CardKind, CardSet, DeckDef, Use
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.actions import Keep
from fragtui.engine.deadlands.deck import DeckRules
from fragtui.engine.deadlands.deck_decisions import JokerDraw, PokerDraw, PokerKeep
from fragtui.engine.deadlands.events import DeadlandsEventKind
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.deadlands.poker import PokerTable
from fragtui.engine.deadlands.rules import DeadlandsRules
from fragtui.engine.dice import Dice
from fragtui.engine.events import CommonEventKind, Event, EventKind
from fragtui.engine.frag.actions import DrawFrom
from fragtui.engine.frag.decisions import FragDecisionKind, PlaceFighter
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.game import Game
from fragtui.engine.playing_cards import Rank, Suit
from fragtui.engine.state import GameState
from fragtui.engine.view import PlayerView
from fragtui.errors import IllegalActionError

DECKS = (
    DeckDef(name="weapons", singular="weapon", plural="weapons", deals=CardKind.WEAPON),
    DeckDef(name="gadgets", singular="gadget", plural="gadgets", deals=CardKind.GADGET),
    DeckDef(name="hexes", singular="hex", plural="hexes", deals=CardKind.SPECIAL),
    DeckDef(name="specials", singular="special", plural="specials", deals=CardKind.SPECIAL),
)
"""Frag Deadlands' four decks, declared in the order of the shipped set."""

_SUITS = {suit.value[0].upper(): suit for suit in Suit}
_PREFIX = {"weapons": "w", "gadgets": "g", "hexes": "h", "specials": "s"}


def _card(deck: str, code: str) -> CardDef:
    """A card of `deck` with the face `code` (`AS`, `10H`, `joker`), named `w-as`, `s-10h`, `h-joker`."""
    fields: dict[str, object] = {"id": f"{_PREFIX[deck]}-{code.lower()}", "deck": deck, "name": f"{deck} {code}"}
    if code == "joker":
        fields.update(joker=True, name="Joker")
    else:
        fields["suit"] = _SUITS[code[-1]]
        fields["rank"] = Rank.parse(code[:-1])
    if deck == "weapons":
        fields.update(kind=CardKind.WEAPON, damage=2)
    elif deck == "gadgets":
        fields.update(kind=CardKind.GADGET, letter="M")
    else:
        fields.update(kind=CardKind.SPECIAL, use=Use.ONCE)
    return CardDef.model_validate(fields)


def card_set(**decks: str) -> CardSet:
    """A set whose decks hold these faces (`weapons="AS KS 2C"`): every code once."""
    return CardSet([_card(deck, code) for deck, codes in decks.items() for code in codes.split()], DECKS)


CARDS = card_set(
    weapons="AS KS QS JS 10S 9S 8S 7S 2C 3C 4C 5C 6C 7C 8C",
    gadgets="AH KH QH JH 10H 9H 8H 7H 2D 3D 4D 5D 6D 7D 8D",
    hexes="AD KD QD JD 10D 9D 2S 3S joker",
    specials="AC KC QC JC 10C 9C 2H 3H 4H 5H 6H 8H joker",
)
"""Enough cards for four players' deal and poker hands, two jokers among them (52 cards)."""

DEALT = {"weapons": ["2C", "3C", "4C", "5C"], "gadgets": ["2D", "3D", "4D", "5D"], "specials": ["2H", "3H", "4H", "5H"]}
"""The cards dealt at set-up when the decks are stacked with them: each seat gets the n-th of each."""


def stacked(weapons: str = "", gadgets: str = "", hexes: str = "AD", specials: str = "") -> dict[str, list[str]]:
    """Deck stacks with the deal (`DEALT`, and the Huckster's hex first of `hexes`) and then these cards
    (`"AS KS"`), drawn in this order after the deal."""
    return {
        "weapons": [f"w-{c.lower()}" for c in [*DEALT["weapons"], *weapons.split()]],
        "gadgets": [f"g-{c.lower()}" for c in [*DEALT["gadgets"], *gadgets.split()]],
        "hexes": [f"h-{c.lower()}" for c in hexes.split()],
        "specials": [f"s-{c.lower()}" for c in [*DEALT["specials"], *specials.split()]],
    }


def instance(card_id: str) -> str:
    return f"{card_id}#1"


CHARACTERS = ("agency-operative", "huckster", "saloon-gal", "indian-brave")
"""Ann, Bob, Cat, Dan: Bob is the Huckster (dealt a hex). None of the four rolls at a turn's start but
the Huckster (Hoyle's Book), and he never goes first here unless a test says so."""

NAMES = ("Ann", "Bob", "Cat", "Dan")


def new_game(
    stacks: dict[str, list[str]] | None = None,
    dice: tuple[int, ...] = (),
    cards: CardSet = CARDS,
    characters: tuple[str, ...] = CHARACTERS,
) -> Game:
    """A new Deadlands game as `Game.new` sets it up, on the pocket arena, with scripted dice; each deck
    named in `stacks` has those cards on top, in order, before the deal (the rest below, as shuffled)."""
    seats = [
        {"name": name, "fighter": {"health": 2, "speed": 2, "accuracy": 3}, "character": character}
        for name, character in zip(NAMES, characters, strict=False)
    ]
    config = make_config(ruleset="deadlands", map="pocket", seats=seats)
    board = board_named("pocket")
    state = DeadlandsRules.initial_state(config, Dice.scripted(dice), board, cards)
    for deck, top in (stacks or {}).items():
        ids = [instance(card) for card in top]
        state.decks.draw[deck] = ids + [card for card in state.decks.draw[deck] if card not in ids]
    game = Game(state, board, cards)
    game.rules.start()
    game.state.dice = game.rules.dice.state
    game.opening = game.rules.events
    game.rules.events = []
    game.initial = game.state.model_copy(deep=True)
    return game


def rules(game: Game) -> DeckRules:
    assert isinstance(game.rules, DeckRules)
    return game.rules


def texts(events: list[Event], kind: EventKind) -> list[str]:
    return [event.text for event in events if event.kind is kind]


def decks_of(game: Game, seat: int) -> list[str]:
    """The deck of each card in a seat's hand, in order."""
    return [game.rules.cards[card].deck for card in game.state.players[seat].hand]


def draw_hands(game: Game, hands: list[list[str]]) -> list[Event]:
    """Every seat draws its poker hand from the decks named, in seat order (`weapons`, `hexes`, …)."""
    events: list[Event] = []
    for seat, decks in enumerate(hands):
        for deck in decks:
            assert game.decider() == seat
            events.extend(game.apply(DrawFrom(deck=deck)))
    return events


FIVE_SPECIALS = ["specials"] * 5


# -- D-CARD-01: the deal -----------------------------------------------------------------------------------


def test_d_card_01_each_player_is_dealt_a_weapon_a_gadget_and_a_special_and_the_huckster_a_hex() -> None:
    """D-CARD-01: one card of the Weapons, Gadgets and Specials decks to each player, deck by deck; the
    Huckster (Bob) also draws one Hex, and nobody else is dealt one."""
    game = new_game(stacked())
    for seat in range(4):
        dealt = decks_of(game, seat)
        expected = ["weapons", "gadgets", "specials"] + (["hexes"] if seat == 1 else [])
        assert dealt == expected, NAMES[seat]
    assert game.state.players[1].hand == ["w-3c#1", "g-3d#1", "s-3h#1", "h-ad#1"]
    assert len(game.state.decks.draw["hexes"]) == 8  # 9 hexes, one dealt to the Huckster
    assert game.card_count() == len(CARDS) == 52


def test_d_card_01_the_deal_is_secret_the_hex_too() -> None:
    """D-CARD-01, F-CARD-02: the cards dealt are hidden from the others, the Huckster's hex as well."""
    game = new_game()
    dealt = [event for event in game.opening if event.kind is CommonEventKind.CARD_DRAWN]
    assert len(dealt) == 13
    assert all(event.secret_for == event.player for event in dealt)
    assert "draws a hex card (dealt at set-up: the Huckster's hex)" in dealt[-1].seen_by(0).text


# -- D-CARD-04: the poker draw for the first player -------------------------------------------------------


def test_d_card_04_the_game_opens_with_the_poker_draw_not_a_roll() -> None:
    """D-CARD-04: no die is rolled for the first player; the first decision is the first seat's poker draw,
    and he may draw from any of the four decks (ruling: the hexes too)."""
    game = new_game(stacked())  # no dice scripted: a roll would fail
    assert game.state.pending[-1].kind is DeadlandsDecisionKind.POKER_DRAW
    assert game.decider() == 0
    assert game.legal_actions() == [DrawFrom(deck=deck) for deck in ("weapons", "gadgets", "hexes", "specials")]
    assert not [event for event in game.opening if event.kind is FragEventKind.FIRST_PLAYER]
    assert texts(game.opening, DeadlandsEventKind.POKER_HAND) == [
        "Poker for the first player: each player draws 5 cards from the decks he chooses; the best hand goes first"
    ]


def test_d_card_04_in_seat_order_each_draws_five_one_at_a_time() -> None:
    """D-CARD-04: Ann draws five cards one at a time, then Bob, Cat and Dan; each card goes into his hand."""
    game = new_game(stacked())
    order = []
    for n in range(20):
        seat = game.decider()
        assert seat is not None
        order.append(seat)
        before = len(game.state.players[seat].hand)
        game.apply(DrawFrom(deck="weapons" if n % 2 else "gadgets"))
        assert len(game.state.players[seat].hand) == before + 1
    assert order == [0] * 5 + [1] * 5 + [2] * 5 + [3] * 5
    assert game.state.pending[-1].kind is DeadlandsDecisionKind.POKER_KEEP


def test_d_card_04_the_hands_stay_hidden_until_every_player_has_drawn_five() -> None:
    """D-CARD-04, F-CARD-02: while the table draws, each viewer sees his own poker cards and only how many
    the others have; the log names the others' cards by deck only."""
    game = new_game(stacked(weapons="7C 8C"))
    events = game.play(["draw weapons", "draw weapons"])
    mine = game.view(0).poker
    theirs = game.view(1).poker
    assert mine is not None and theirs is not None
    assert not mine.shown and not theirs.shown
    assert mine.seats[0].drawn == ("w-7c#1", "w-8c#1")
    assert theirs.seats[0].drawn is None and theirs.seats[0].count == 2
    spectator = game.view(None).poker
    assert spectator is not None and all(seat.drawn is None for seat in spectator.seats)  # no card shown
    assert [event.seen_by(1).text for event in events] == [
        "Ann draws a weapon card (for the poker hand)",
        "Ann draws a weapon card (for the poker hand)",
    ]
    assert PokerDraw.prompt(game.view(0)) == "draw card 3 of 5 for your poker hand: choose the deck"


def test_d_card_04_the_view_of_the_draw_is_frag_deadlands_own_and_reads_back() -> None:
    """Issue 32: `PlayerView.poker` is typed by Frag Deadlands (`register_view_part`), not the kernel: a view
    dumped reads back with its `PokerTable`, the field in its place among the view's."""
    game = new_game(stacked(weapons="7C 8C"))
    game.play(["draw weapons", "draw weapons"])
    view = game.view(0)
    written = view.model_dump_json()
    keys = list(json.loads(written))
    assert keys.index("poker") == keys.index("hit") + 1
    read = PlayerView.model_validate(view.model_dump())  # (its part a mapping: read as the system's model)
    assert isinstance(read.poker, PokerTable) and read == view and read.model_dump_json() == written
    with pytest.raises(ValidationError, match="seats"):
        PlayerView.model_validate({**view.model_dump(), "poker": {"shown": True}})


ONE_DECK_EACH = [["weapons"] * 5, ["gadgets"] * 5, ["specials"] * 5, ["hexes"] * 5]
"""Ann draws her five from the weapons, Bob from the gadgets, Cat from the specials, Dan from the hexes."""


def test_d_card_04_the_best_hand_goes_first_every_hand_shown_then_each_keeps_one() -> None:
    """D-CARD-04: once the last player has drawn, every hand is shown (one event each, in words), the best
    (Cat's royal flush) goes first; each keeps one card, from the first player round the table, the other
    four going to their decks' discard piles; then Frag's placement begins with her (F-SETUP-03)."""
    game = new_game(
        stacked(
            weapons="AS 8C 7C 6C 8S",  # Ann: a pair of eights
            gadgets="KH QH JH 10H 8D",  # Bob: king high
            specials="AC KC QC JC 10C",  # Cat: the royal flush
            hexes="AD KD QD 2S 3S 9D",  # Dan: king high, lower than Bob's
        )
    )
    events = draw_hands(game, ONE_DECK_EACH)
    shown = texts(events, DeadlandsEventKind.POKER_HAND)
    assert shown == [
        "Ann shows A♠ (weapons AS), 8♣ (weapons 8C), 7♣ (weapons 7C), 6♣ (weapons 6C), 8♠ (weapons 8S): pair, eights",
        "Bob shows K♥ (gadgets KH), Q♥ (gadgets QH), J♥ (gadgets JH), 10♥ (gadgets 10H), 8♦ (gadgets 8D): "
        "high card, king",
        "Cat shows A♣ (specials AC), K♣ (specials KC), Q♣ (specials QC), J♣ (specials JC), 10♣ (specials 10C): "
        "royal flush",
        "Dan shows K♦ (hexes KD), Q♦ (hexes QD), 2♠ (hexes 2S), 3♠ (hexes 3S), 9♦ (hexes 9D): high card, king",
        "Cat has the best hand (royal flush): each player now keeps one card of five",
    ]
    keep = game.state.pending[-1]
    assert isinstance(keep, PokerKeep)
    assert (keep.first, keep.player, keep.keepers) == (2, 2, [3, 0, 1])
    assert keep.places == [2, 3, 1, 4]
    table = game.view(0).poker
    assert table is not None and table.shown and table.first == 2
    assert [seat.place for seat in table.seats] == [2, 3, 1, 4]
    assert table.seats[2].hand == "royal flush"
    assert table.seats[3].drawn == ("h-kd#1", "h-qd#1", "h-2s#1", "h-3s#1", "h-9d#1")  # shown to all now
    assert game.legal_actions() == [Keep(card=card) for card in keep.hands[2]]

    events = game.play(["keep s-ac#1"])
    assert texts(events, CommonEventKind.DISCARDED) == ["Cat keeps A♣ (specials AC) and discards the other 4"]
    assert game.state.players[2].hand == ["w-4c#1", "g-4d#1", "s-4h#1", "s-ac#1"]
    assert game.state.decks.discard["specials"] == ["s-kc#1", "s-qc#1", "s-jc#1", "s-10c#1"]
    assert game.view(1).poker is not None and game.view(1).poker.seats[2].kept == "s-ac#1"
    for seat, card in ((3, "h-9d#1"), (0, "w-as#1"), (1, "g-kh#1")):
        assert game.decider() == seat
        game.apply(Keep(card=card))
    assert [len(player.hand) for player in game.state.players] == [4, 5, 4, 4]  # Bob's hex too
    assert game.state.decks.discard["hexes"] == ["h-kd#1", "h-qd#1", "h-2s#1", "h-3s#1"]
    placing = [p.player for p in reversed(game.state.pending) if isinstance(p, PlaceFighter)]
    assert placing == [2, 3, 0, 1]
    assert game.state.first == 2
    assert game.view(0).poker is None  # the draw is over
    assert game.card_count() == 52


def test_d_card_04_tied_best_hands_roll_a_d6_and_tied_dice_roll_again() -> None:
    """D-CARD-04 (ruling): players tied for the best hand each roll a d6, the highest goes first, and those
    whose dice tie for the highest roll again. Ann's and Cat's royal flushes tie: 4-4, then 2-6: Cat."""
    game = new_game(
        stacked(weapons="AS KS QS JS 10S", gadgets="KH 8H 7H 2D 3D", specials="AC KC QC JC 10C", hexes="AD KD 2S"),
        dice=(4, 4, 2, 6),
    )
    events = draw_hands(
        game, [["weapons"] * 5, ["gadgets"] * 5, ["specials"] * 5, ["hexes", "hexes", *["gadgets"] * 3]]
    )
    rolls = [event for event in events if event.kind is CommonEventKind.DICE_ROLLED]
    assert [(event.player, event.roll.total if event.roll else None) for event in rolls] == [
        (0, 4),
        (2, 4),
        (0, 2),
        (2, 6),
    ]
    assert texts(events, DeadlandsEventKind.POKER_HAND)[-1] == (
        "Cat has the best hand (royal flush) and wins the tie: each player now keeps one card of five"
    )
    table = game.view(None).poker
    assert table is not None and table.first == 2
    assert [seat.tie_roll for seat in table.seats] == [2, None, 6, None]
    assert [seat.place for seat in table.seats] == [1, 3, 1, 2]  # (tied hands share a place)


def test_d_card_04_d_card_03_a_joker_is_wild_in_the_poker_hand_and_kept_while_drawing() -> None:
    """D-CARD-03, D-CARD-04: a joker drawn for the poker hand is not discarded (the poker draw is not
    normal play); it stands for the card that makes the best hand: Dan's K♦ Q♦ J♦ Joker 2♠ is a pair of
    kings, not king high."""
    game = new_game(
        stacked(
            weapons="9S 8C 7C 6C 2C", gadgets="8H 7H 6D 2D 3D", specials="AC 9C 6H 8H QC", hexes="AD KD QD JD joker 2S"
        )
    )
    events = draw_hands(game, ONE_DECK_EACH)
    assert not [e for e in events if e.kind is CommonEventKind.DISCARDED]
    assert "h-joker#1" in game.state.players[3].hand
    keep = game.state.pending[-1]
    assert isinstance(keep, PokerKeep)
    assert keep.words[3] == "pair, kings"
    assert texts(events, DeadlandsEventKind.POKER_HAND)[3].startswith(
        "Dan shows K♦ (hexes KD), Q♦ (hexes QD), J♦ (hexes JD), "
    )
    assert "Joker (wild)" in texts(events, DeadlandsEventKind.POKER_HAND)[3]
    assert keep.first == 3


def test_d_card_03_a_joker_kept_from_the_poker_hand_is_discarded_for_a_draw_from_any_deck() -> None:
    """D-CARD-03 (ruling): the card kept of the poker hand is a card in play now: a joker kept is discarded
    at once, and its keeper draws one card from any deck he chooses, before the next player keeps."""
    game = new_game(
        stacked(
            weapons="9S 8C 7C 6C 2C AS",
            gadgets="8H 7H 6D 2D 3D",
            specials="AC 9C 6H 8H QC",
            hexes="AD KD QD JD joker 2S",
        )
    )
    draw_hands(game, ONE_DECK_EACH)
    events = game.play(["keep h-joker#1"])
    assert texts(events, CommonEventKind.DISCARDED) == [
        "Dan keeps Joker (wild) and discards the other 4",
        "Dan drew a Joker: it is discarded, and Dan draws a card from any deck instead",
    ]
    joker = game.state.pending[-1]
    assert isinstance(joker, JokerDraw) and joker.player == 3
    assert game.state.decks.discard["hexes"][-1] == "h-joker#1"
    assert game.view(0).decision is DeadlandsDecisionKind.JOKER
    with pytest.raises(IllegalActionError, match="Dan must first choose the deck to draw from for the Joker"):
        game.apply(Keep(card="w-9s#1"))
    game.play(["draw weapons"])
    assert game.state.players[3].hand[-1] == "w-as#1"
    keep = game.state.pending[-1]
    assert isinstance(keep, PokerKeep) and game.decider() == 0  # Ann keeps next


def test_d_card_03_a_joker_dealt_at_set_up_is_replaced_before_the_poker_draw() -> None:
    """D-CARD-03 (ruling): the deal is normal play: a joker dealt is discarded at once, the deal goes on,
    and its player chooses the deck he draws from instead before the poker draw begins."""
    stacks = stacked(gadgets="AH")
    stacks["specials"] = ["s-joker", *stacks["specials"]]
    game = new_game(stacks)
    assert [p.kind for p in game.state.pending] == [DeadlandsDecisionKind.POKER_DRAW, DeadlandsDecisionKind.JOKER]
    assert game.decider() == 0
    assert decks_of(game, 0) == ["weapons", "gadgets"]
    assert game.state.players[1].hand[2] == "s-2h#1"  # the deal went on
    assert "Ann drew a Joker: it is discarded" in texts(game.opening, CommonEventKind.DISCARDED)[0]
    game.play(["draw gadgets"])
    assert game.state.players[0].hand == ["w-2c#1", "g-2d#1", "g-ah#1"]
    assert game.state.pending[-1].kind is DeadlandsDecisionKind.POKER_DRAW and game.decider() == 0


def test_d_card_04_the_whole_draw_is_played_by_random_choices_and_keeps_every_card() -> None:
    """D-CARD-04: a random player (any legal action) takes the table through the draw and the keep to the
    placement, every card still counted, on the shipped card set too."""
    rng = random.Random(7)
    for cards in (CARDS, None):
        game = new_game(cards=CARDS) if cards is not None else _shipped_game()
        total = game.card_count()
        while game.state.pending and not isinstance(game.state.pending[-1], PlaceFighter):
            game.apply(rng.choice(game.legal_actions()))
            assert game.card_count() == total
        assert game.state.pending[-1].kind is FragDecisionKind.PLACE
        assert game.decider() == game.state.first


def _shipped_game() -> Game:
    from fragtui.content.library import card_set as shipped

    return new_game(cards=shipped(("deadlands",)), characters=(*CHARACTERS, "mad-scientist", "harrowed-gunslinger"))


def test_d_card_04_a_game_saved_mid_draw_and_mid_keep_loads_and_goes_on_the_same() -> None:
    """D-CARD-04: the poker draw and the keep are decisions of the state: a state written to JSON in the
    middle of either (and of a joker's draw) reads back equal, and the game goes on from it the same."""
    game = new_game(cards=CARDS)
    rng = random.Random(2)
    seen = set()
    while game.state.pending and not isinstance(game.state.pending[-1], PlaceFighter):
        seen.add(game.state.pending[-1].kind)
        copy = GameState.model_validate_json(game.state.model_dump_json())
        assert copy == game.state
        action = rng.choice(game.legal_actions())
        again = Game(copy, game.board, game.rules.cards)
        assert again.legal_actions() == game.legal_actions()
        again.apply(action)
        game.apply(action)
        assert again.state == game.state
    assert {DeadlandsDecisionKind.POKER_DRAW, DeadlandsDecisionKind.POKER_KEEP} <= seen
