"""Many deciders and the simultaneous choice (issue 32, `fragtui.engine.choices`): every seat in the set chooses
at once, in any order, through `Game.deciders()`, `legal_actions(seat)` and `apply(action, seat)`; nobody sees
another's choice before all are in; the choices resolve together, the same whatever order they came in; a seat
not choosing is refused and nothing changes; a log played out of seat order saves, loads and replays."""

from __future__ import annotations

from random import Random

import pytest

from fragtui.content.library import board_named, card_set, new_game
from fragtui.engine.actions import Pass
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.frag.actions import DrawFrom
from fragtui.engine.game import Game, state_hash
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.ruthless.actions import MoveTo, PickCard
from fragtui.engine.ruthless.table import Condition
from fragtui.errors import IllegalActionError
from fragtui.saves.format import game_from_save, parse_save, save_of
from tests.rules.deadlands.test_deck import new_game as deadlands_game
from tests.rules.deadlands.test_deck import stacked
from tests.rules.ruthless.common import model, ruthless_game

HANDS = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "9C", "6S", "5C", "8H"]}


def _showdown() -> Game:
    """Ann's Big Swede on 0,3 and Bob's Ike Pruitt on 3,3, hands as `HANDS`, d10s for a brawl's two hits."""
    return ruthless_game(
        {"Ann": [("big-swede", "0,3")], "Bob": [("ike-pruitt", "3,3")]}, dice=[5, 7, 3, 7], hands=HANDS
    )


# -- R-SEQ-01: the initiative cards ------------------------------------------------------------------------


@pytest.mark.rule("R-SEQ-01")
def test_R_SEQ_01_every_posse_picks_its_initiative_card_at_once_in_any_order() -> None:
    """Both players choose now; Bob picks first, out of seat order: Ann is still asked, sees that Bob has chosen
    and not what, and the cards are shown together only once hers is down."""
    game = _showdown()
    assert game.deciders() == (0, 1) and game.decider() == 0
    assert game.legal_actions(1) == [PickCard(card=card) for card in HANDS["Bob"]]
    events = game.apply(PickCard(card="QH"), seat=1)
    assert events[0].seen_by(0).card is None and events[0].seen_by(1).card == "QH"  # face down
    assert game.deciders() == (0,) and game.legal_actions(1) == []
    anns = game.view(0)
    assert anns.choosing is not None and anns.choosing.chosen == (1,) and anns.choosing.waiting == (0,)
    assert anns.choosing.words() == "1 of 2 has chosen" and anns.choosing.what == "a card for initiative"
    assert anns.ruthless.picks == (None, None) and anns.ruthless.picked == (False, True)  # (his card stays hidden)
    assert game.view(1).ruthless.picks == (None, "QH")
    assert not [event for event in events if event.kind.name == "INITIATIVE"]
    shown = game.apply(PickCard(card="KS"), seat=0)
    assert any(event.text == "Initiative: Ann K♠, Bob Q♥" for event in shown)
    assert game.deciders() == (0,) and game.choosing() is None and game.view(1).choosing is None


@pytest.mark.rule("R-SEQ-01")
def test_R_SEQ_01_the_order_the_picks_come_in_changes_nothing() -> None:
    """The same two cards picked in either order leave exactly the same table (the state's hash)."""
    in_order, out_of_order = _showdown(), _showdown()
    in_order.apply(PickCard(card="KS"))
    in_order.apply(PickCard(card="QH"))
    out_of_order.apply(PickCard(card="QH"), seat=1)
    out_of_order.apply(PickCard(card="KS"), seat=0)
    assert state_hash(in_order.state) == state_hash(out_of_order.state)
    assert [entry.seat for entry in out_of_order.log] == [1, 0]


def test_a_seat_that_is_not_choosing_is_refused_and_nothing_changes() -> None:
    """Bob may not pick twice, nor act in Ann's activation; each refusal names who is awaited."""
    game = _showdown()
    game.apply(PickCard(card="QH"), seat=1)
    before = state_hash(game.state)
    with pytest.raises(IllegalActionError, match=r"not Bob's decision \(waiting for Ann\)"):
        game.apply(PickCard(card="9C"), seat=1)
    with pytest.raises(IllegalActionError, match="there is no seat 7"):
        game.apply(PickCard(card="9C"), seat=7)
    with pytest.raises(IllegalActionError, match="not among Ann's choices"):
        game.apply(PickCard(card="QH"), seat=0)  # (Bob's card, not in her hand)
    assert state_hash(game.state) == before and len(game.log) == 1
    game.apply(PickCard(card="KS"), seat=0)
    assert game.deciders() == (0,)
    with pytest.raises(IllegalActionError, match="not Bob's decision"):
        game.apply(MoveTo(fighter=1, to=Square(4, 3)), seat=1)


# -- R-FIST-01: the fisticuffs cards -----------------------------------------------------------------------


@pytest.mark.rule("R-FIST-01")
def test_R_FIST_01_both_pick_at_once_and_the_defender_may_pick_first() -> None:
    """The Swede moves into contact: both players choose a card now. Bob's comes in first; the fight is the same
    as when Ann's does (the Swede's 5 + 2 against Ike's 6: Ike pushed back 2 and hit twice)."""
    results = []
    for defender_first in (False, True):
        game = _showdown()
        game.apply(PickCard(card="KS"))
        game.apply(PickCard(card="QH"))
        game.apply(MoveTo(fighter=0, to=Square(2, 3)))
        assert game.deciders() == (0, 1) and game.decider() == 0
        picks = [(1, PickCard(card="6S")), (0, PickCard(card="5D"))]
        first, second = picks if defender_first else picks[::-1]
        game.apply(first[1], seat=first[0])
        assert game.deciders() == (second[0],)
        assert game.view(second[0]).choosing.chosen == (first[0],)  # type: ignore[union-attr]
        events = game.apply(second[1], seat=second[0])
        assert any(event.text.startswith("Fisticuffs: 5♦ against 6♠") for event in events)
        ike = model(game, 1)
        assert ike.square is not None and ike.square.x == 5 and ike.condition is Condition.STANDING
        results.append(state_hash(game.state))
    assert results[0] == results[1]


@pytest.mark.rule("R-FIST-01")
def test_R_FIST_01_a_player_without_a_card_is_passed_for_when_his_turn_to_pick_comes() -> None:
    """Bob holds no card: once Ann has picked, he loses without a pick (passed for: no decision is his)."""
    game = _showdown()
    game.apply(PickCard(card="KS"))
    game.apply(PickCard(card="QH"))
    table = game.state.ruthless
    table.draw.extend(table.hands[1])
    table.hands[1] = []
    game = Game.from_state(game.state, board=game.board, cards=game.cards)
    game.apply(MoveTo(fighter=0, to=Square(2, 3)))
    assert game.legal_actions(1) == [Pass()]
    game.apply(PickCard(card="5D"), seat=0)
    assert not game.state.pending and model(game, 1).wounds


# -- D-CARD-04: the poker draw -------------------------------------------------------------------------------


@pytest.mark.rule("D-CARD-04")
def test_D_CARD_04_every_player_draws_his_poker_hand_at_once() -> None:
    """Dan draws all five before Ann has drawn one: his cards are in his hand, hidden from Ann, who sees only
    that he is done; Ann is still the one a one-seat-at-a-time table asks; the hands are shown when the last
    player holds five."""
    game = deadlands_game(stacked())
    assert game.deciders() == (0, 1, 2, 3) and game.decider() == 0
    for _ in range(5):
        game.apply(DrawFrom(deck="weapons"), seat=3)
    assert game.deciders() == (0, 1, 2) and game.decider() == 0
    anns = game.view(0)
    assert anns.poker is not None and anns.poker.seats[3].count == 5 and anns.poker.seats[3].drawn is None
    assert anns.choosing is not None and anns.choosing.chosen == (3,) and anns.choosing.words() == "1 of 4 has chosen"
    dans = game.view(3).poker
    assert dans is not None and dans.seats[3].drawn is not None and len(dans.seats[3].drawn) == 5
    with pytest.raises(IllegalActionError, match="not Dan's decision"):
        game.apply(DrawFrom(deck="weapons"), seat=3)
    for seat in (1, 0, 2):
        for _ in range(5):
            assert game.state.pending[-1].kind is DeadlandsDecisionKind.POKER_DRAW
            game.apply(DrawFrom(deck="gadgets" if seat else "specials"), seat=seat)
    assert game.state.pending[-1].kind is DeadlandsDecisionKind.POKER_KEEP
    assert game.deciders() == (game.decider(),) and game.choosing() is None
    assert game.card_count() == 52


# -- the contract around it ------------------------------------------------------------------------------------


def test_a_game_with_one_decider_has_just_him() -> None:
    """Outside a simultaneous choice the deciders are the decider alone, and another seat has no legal action."""
    config = make_config(map="pocket", seats=find_ruleset("frag").random_seats(Random(2), 4))
    game = new_game(config, seed=3)
    seat = game.decider()
    assert seat is not None and game.deciders() == (seat,) and game.choosing() is None
    other = (seat + 1) % 4
    assert game.legal_actions(other) == [] and game.legal_actions(seat) == game.legal_actions()
    before = state_hash(game.state)
    with pytest.raises(IllegalActionError, match="it is not"):
        game.apply(game.legal_actions()[0], seat=other)
    assert state_hash(game.state) == before


def test_a_log_played_out_of_seat_order_saves_loads_and_replays() -> None:
    """Picks and draws made in any order are recorded with their seats; the save replays them to the same hash."""
    config = make_config(ruleset="ruthless", map="dry-creek", seats=find_ruleset("ruthless").random_seats(Random(5), 2))
    board = board_named("dry-creek")
    game = Game.new(config, seed=11, board=board, cards=card_set(()))
    for seat in (1, 0):
        game.apply(game.legal_actions(seat)[0], seat=seat)
    assert [entry.seat for entry in game.log] == [1, 0]
    loaded = game_from_save(parse_save(save_of(game).model_dump_json()), board, game.cards)
    assert state_hash(loaded.state) == state_hash(game.state) and loaded.log == game.log
    assert state_hash(game.replay().state) == state_hash(game.state)
