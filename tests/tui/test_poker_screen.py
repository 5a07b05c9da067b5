"""The first-player poker draw on screen (D-CARD-04), from constructed views of the table (`PokerTable`):
the viewer's cards and the others' backs while drawing, then every hand with its ranking and place, the
tie roll, who goes first and the card each kept; the decider's choices are the engine's actions."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import OptionList, Static

from fragtui.engine.actions import Action
from fragtui.engine.cards import CardDef, CardKind, CardSet
from fragtui.engine.deadlands.actions import Keep
from fragtui.engine.deadlands.poker import PokerSeat, PokerTable
from fragtui.engine.frag.actions import DrawFrom
from fragtui.engine.view import PlayerView
from fragtui.saves.looks import default_look
from fragtui.tui.frag.describe import action_label
from fragtui.tui.poker_screen import LEAVE, PokerScreen, poker_table
from tests.tui.deadlands import west

LOOKS = [default_look(n) for n in range(3)]
FACES = [("spades", "A"), ("spades", "K"), ("spades", "Q"), ("spades", "J"), ("spades", "10"),
         ("hearts", "7"), ("clubs", "7"), ("diamonds", "2"), ("hearts", "9"), ("clubs", "K"),
         ("diamonds", "K"), ("hearts", "K"), ("clubs", "3"), ("diamonds", "5")]  # fmt: skip
CARDS = CardSet(
    [
        CardDef(id=f"card-{n}", deck="weapons", kind=CardKind.WEAPON, name=f"Card {n}", damage=2, suit=s, rank=r)
        for n, (s, r) in enumerate(FACES)
    ]
    + [CardDef(id="joker", deck="specials", kind=CardKind.SPECIAL, name="Joker", joker=True)]
)
ROYAL = tuple(f"card-{n}#1" for n in range(5))
SEVENS = ("card-5#1", "card-6#1", "card-7#1", "card-8#1", "joker#1")
KINGS = ("card-9#1", "card-10#1", "card-11#1", "card-12#1", "card-13#1")


def _view(table: PokerTable, decider: int | None = 0, me: int = 0) -> PlayerView:
    return west().view(me).model_copy(update={"poker": table, "decider": decider})


DRAWING = PokerTable(
    seats=(
        PokerSeat(seat=0, drawn=("card-0#1", "joker#1"), count=2),
        PokerSeat(seat=1, drawn=None, count=5),
        PokerSeat(seat=2, drawn=None, count=0),
    ),
    shown=False,
)
"""Ann draws her third card; Bob has drawn five (hidden from Ann), Cat none yet."""
SHOWN = PokerTable(
    seats=(
        PokerSeat(seat=0, drawn=SEVENS, count=5, hand="three of a kind, sevens", place=2),
        PokerSeat(seat=1, drawn=KINGS, count=5, hand="three of a kind, kings", place=1, tie_roll=5, kept="card-9#1"),
        PokerSeat(seat=2, drawn=ROYAL, count=5, hand="three of a kind, kings", place=1, tie_roll=2),
    ),
    shown=True,
    first=1,
)
"""Every hand shown: Bob and Cat tied for the best hand, Bob rolled higher and kept his K♣; Ann keeps next."""
OPTIONS: list[tuple[str, Action]] = [
    ("Draw from Weapons (40 left)", DrawFrom(deck="weapons")),
    ("Draw from Hexes (27 left)", DrawFrom(deck="hexes")),
]


class Host(App[None]):
    """A bare app that shows the poker screen and keeps its answer."""

    def __init__(self, view: PlayerView, options: list[tuple[str, Action]], title: str = "draw a card") -> None:
        super().__init__()
        self.view, self.options, self.title_text = view, options, title
        self.answers: list[Action | str | None] = []

    def on_mount(self) -> None:
        screen = PokerScreen(self.view, LOOKS, CARDS, self.title_text, self.options)
        self.push_screen(screen, self.answers.append)


def test_while_drawing_the_viewer_sees_his_cards_and_the_others_backs() -> None:
    """D-CARD-04: the hands are shown together once all are drawn; until then each sees only his own."""
    lines = poker_table(_view(DRAWING), LOOKS, CARDS).plain.splitlines()
    assert lines[0] == "Who goes first: the poker draw (D-CARD-04)"
    assert "hands are shown when all are drawn" in lines[1]
    assert lines[2].startswith("▶ @ Ann  A♠  Joker") and "2 of 5 drawn" in lines[2]
    assert lines[3].startswith("  & Bob  ▒▒▒ ▒▒▒ ▒▒▒ ▒▒▒ ▒▒▒"), lines[3]
    assert "K♠" not in lines[3]
    assert "0 of 5 drawn" in lines[4]


def test_shown_hands_say_their_ranking_place_tie_roll_and_who_goes_first() -> None:
    """D-CARD-04: best hand first, a d6 breaks the tie, each keeps one card."""
    lines = poker_table(_view(SHOWN), LOOKS, CARDS).plain.splitlines()
    assert "7♥  7♣  2♦  9♥  Joker" in lines[2] and "three of a kind, sevens · 2nd" in lines[2]
    assert "K♣  K♦  K♥  3♣  5♦" in lines[3] and "kings · 1st · tie roll 5 · keeps K♣" in lines[3]
    assert lines[3].startswith("  "), "Bob has kept: the table waits for Ann"
    assert "1st · tie roll 2" in lines[4]
    assert lines[-1] == "Bob goes first."


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_decider_chooses_the_deck_to_draw_from(size: tuple[int, int]) -> None:
    app = Host(_view(DRAWING), OPTIONS, "draw your next card: from which deck?")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        assert screen.region.contains_region(screen.query_one(OptionList).region)
        assert "A♠" in str(screen.query_one("#poker-table", Static).render())
        await pilot.press("down", "enter")
        await pilot.pause()
    assert app.answers == [DrawFrom(deck="hexes")]


async def test_the_decider_keeps_one_card_and_q_asks_to_leave() -> None:
    options: list[tuple[str, Action]] = [(f"Keep {card}", Keep(card=card)) for card in SEVENS]
    app = Host(_view(SHOWN), options, "keep one card of your five")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # the engine's decision: Escape does not back out
        await pilot.pause()
        assert isinstance(app.screen, PokerScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.answers == [LEAVE]


SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@SIZES
def test_poker_draw_while_drawing(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(Host(_view(DRAWING), OPTIONS, "draw your next card: from which deck?"), terminal_size=size)


@SIZES
def test_poker_draw_shown(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    view = _view(SHOWN)
    options: list[tuple[str, Action]] = [(action_label(Keep(card=c), view, CARDS), Keep(card=c)) for c in SEVENS]
    assert snap_compare(Host(view, options, "keep one card of your five"), terminal_size=size)


async def test_a_real_poker_draw_from_the_deal_to_the_first_player() -> None:
    """D-CARD-04 played through the screens at one keyboard: each player, handed the keyboard, draws five
    cards on the poker screen (his own face up, the others' backs), then every hand is shown with its
    ranking and place, the first player keeps first, and the fighters are placed next."""
    from fragtui.content.library import new_game
    from fragtui.engine.config import GameConfig, Seat
    from fragtui.engine.deadlands.deck_decisions import PokerDraw
    from fragtui.engine.deadlands.events import DeadlandsEventKind
    from fragtui.engine.frag.decisions import FragDecisionKind
    from fragtui.engine.frag.design import FighterDesign
    from fragtui.table import Table
    from fragtui.tui.app import FragApp
    from fragtui.tui.dialogs import HandoffScreen
    from fragtui.tui.game_screen import GameScreen

    design = FighterDesign(health=3, speed=2, accuracy=2)
    characters = ["agency-operative", "huckster", "saloon-gal", "indian-brave"]
    names = ["Ann", "Bob", "Cat", "Dan"]
    seats = tuple(Seat(name=n, fighter=design, character=c) for n, c in zip(names, characters, strict=True))
    game = new_game(GameConfig(ruleset="deadlands", map="town", seats=seats), 7)
    looks = [default_look(n) for n in range(4)]
    app = FragApp(Table(game, looks))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for seat in range(4):
            handoff = app.screen
            assert isinstance(handoff, HandoffScreen) and handoff.seat == seat
            assert "the poker draw" in handoff.public.plain, "the hand-off shows the table, in public"
            assert handoff.public.plain.count("▒▒▒") == 5 * seat and not any(
                suit in handoff.public.plain for suit in "♠♥♦♣"
            )
            await pilot.press("enter")
            await pilot.pause()
            for drawn in range(5):
                screen = app.screen
                assert isinstance(screen, PokerScreen) and screen.view.me == seat
                table = screen.view.poker
                assert table is not None and not table.shown
                assert table.seats[seat].drawn is not None and len(table.seats[seat].drawn or ()) == drawn
                assert all(other.drawn is None for other in table.seats if other.seat != seat), "others hidden"
                lines = poker_table(screen.view, looks, game.cards).plain.splitlines()
                assert all(lines[2 + n].count("▒▒▒") == 5 for n in range(seat)), "the ones before him: 5 backs"
                assert screen.title_text == f"draw card {drawn + 1} of 5 for your poker hand: choose the deck"
                await pilot.press("enter")
                await pilot.pause()
            if seat < 3:  # issue 30, item 12: before the keyboard goes on, his whole hand, the fifth card too
                hand = app.screen
                assert isinstance(hand, PokerScreen) and hand.view.me == seat
                pending = game.state.pending[-1]
                assert isinstance(pending, PokerDraw)
                drawn_cards = pending.hands[seat]
                assert len(drawn_cards) == 5
                fifth = game.cards.name(drawn_cards[-1])
                assert hand.title_text.startswith("Your poker hand is drawn: your fifth card is ")
                assert fifth in hand.title_text
                shown = poker_table(hand.view, looks, game.cards).plain
                assert all(game.cards.name(card) in shown for card in drawn_cards), shown
                assert [str(label) for label, _ in hand.options] == ["Done: on with the draw"]
                await pilot.press("enter")
                await pilot.pause()
        first = game.view(None).poker
        assert first is not None and first.shown and first.first is not None
        keepers = [first.first, *(n for n in range(4) if n != first.first)]
        for seat in keepers:
            if isinstance(app.screen, HandoffScreen):
                assert app.screen.seat == seat
                await pilot.press("enter")
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, PokerScreen) and screen.view.decider == seat
            shown = poker_table(screen.view, looks, game.cards).plain
            assert f"{names[first.first]} goes first." in shown
            assert all(name in shown for name in names) and "1st" in shown and "▒▒▒" not in shown
            assert [str(label).startswith("Keep ") for label, _ in screen.options] == [True] * 5
            for label, action in screen.options:  # issue 30, item 12: each card with what it does
                assert isinstance(action, Keep)
                card = game.cards[action.card]
                assert card.name in str(label) and (not card.text or card.text in str(label)), str(label)
            await pilot.press("down", "enter")
            await pilot.pause()
        game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert any(event.kind is DeadlandsEventKind.POKER_HAND for event in game_screen.events), "the hands in the log"
    view = game.view(None)
    assert view.poker is None and view.decision is FragDecisionKind.PLACE


async def test_the_keep_list_says_what_each_card_does() -> None:
    """Issue 30, item 12: keeping one card of five is choosing a card for the hand, so each line gives the
    card's text as the hand and the card menu do, not its name alone (D-CARD-04)."""
    from fragtui.content.library import new_game
    from fragtui.engine.config import GameConfig, Seat
    from fragtui.engine.frag.design import FighterDesign
    from fragtui.table import Table
    from fragtui.tui.app import FragApp
    from fragtui.tui.dialogs import HandoffScreen

    design = FighterDesign(health=3, speed=2, accuracy=2)
    seats = tuple(Seat(name=n, fighter=design, character=c) for n, c in (("Ann", "huckster"), ("Bob", "saloon-gal")))
    game = new_game(GameConfig(ruleset="deadlands", map="town", seats=seats), 7)
    while game.view(None).poker is not None and not game.view(None).poker.shown:  # type: ignore[union-attr]
        game.apply(game.legal_actions()[0])  # every card drawn
    app = FragApp(Table(game, [default_look(n) for n in range(2)]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PokerScreen)
        texts = [game.cards[action.card].text for _, action in screen.options if isinstance(action, Keep)]
        assert len(texts) == 5 and any(texts)
        for label, action in screen.options:
            assert isinstance(action, Keep)
            card = game.cards[action.card]
            assert str(label).startswith("Keep ") and card.name in str(label)
            assert card.text in str(label), f"{label} lacks {card.text!r}"
