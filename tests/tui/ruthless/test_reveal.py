"""The initiative reveal (fragtui/tui/ruthless/reveal.py): the cards shown together in activation order, ties
of rank by suit explained, each card's power said (R-SEQ-01, R-SEQ-03).

Accept a deliberate change of the snapshots after looking at them:
`pytest tests/tui/ruthless/test_reveal.py --snapshot-update`.
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from fragtui.engine.game import Game
from fragtui.engine.view import PlayerView
from fragtui.tui.ruthless.reveal import RevealScreen, reveal_text
from tests.rules.ruthless.common import OPEN_GROUND, pick, ruthless_game

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
NAMES = ["Ann", "Bob", "Cat", "Dan"]
FOUR_CORNERS = OPEN_GROUND.replace("|. . . . . . , . . . . .|", "|3 . . . . . , . . . . 4|", 1)
"""The rules tests' open ground with a deployment point for a third and a fourth posse."""


def four_posses_revealed() -> Game:
    """Ann plays the King of Hearts, Bob the 7 of Diamonds, Cat the King of Spades, Dan the 4 of Clubs."""
    game = ruthless_game(
        {
            "Ann": [("chet-willis", "1,1")],
            "Bob": [("ike-pruitt", "10,6")],
            "Cat": [("old-jeb", "1,6")],
            "Dan": [("rosa-vega", "10,1")],
        },
        hands={
            "Ann": ["KH", "2C", "3H", "5D", "8S"],
            "Bob": ["7D", "9C", "6S", "5C", "JH"],
            "Cat": ["KS", "QC", "2H", "9D", "10S"],
            "Dan": ["4C", "3S", "AH", "8D", "6H"],
        },
        board_text=FOUR_CORNERS,
    )
    pick(game, {"Ann": "KH", "Bob": "7D", "Cat": "KS", "Dan": "4C"})
    return game


@pytest.mark.rule("R-SEQ-01")
def test_the_cards_in_activation_order_with_the_tie_by_suit__R_SEQ_01() -> None:
    lines = reveal_text(four_posses_revealed().view(0), NAMES).plain.split("\n")
    places = [line for line in lines if line[:2] in ("1.", "2.", "3.", "4.")]
    assert places == [
        "1. Cat — King of Spades K♠",
        "2. Ann — King of Hearts K♥",
        "3. Bob — 7 of Diamonds 7♦",
        "4. Dan — 4 of Clubs 4♣",
    ]
    assert lines[lines.index("2. Ann — King of Hearts K♥") + 1] == "   after Cat's K♠: same rank, Spades beat Hearts"


@pytest.mark.rule("R-SEQ-03")
def test_each_card_says_what_it_gives_its_player__R_SEQ_03() -> None:
    text = reveal_text(four_posses_revealed().view(2), NAMES).plain
    lines = text.split("\n")
    assert lines[lines.index("3. Bob — 7 of Diamonds 7♦") + 1] == "   one of his models may take a third action"
    assert lines[lines.index("4. Dan — 4 of Clubs 4♣") + 1] == "   his unconscious come round"
    assert lines[lines.index("1. Cat — King of Spades K♠") + 1].startswith("2.")  # a king only ranks here
    assert "an A, K, Q or J passes Get Your Courage Up!" in text and "a 2 is a Low Blow" in text


def test_before_the_reveal_nothing_is_shown() -> None:
    game = ruthless_game({"Ann": [("chet-willis", "1,1")], "Bob": [("ike-pruitt", "10,6")]})
    assert reveal_text(game.view(0), NAMES).plain == "The initiative cards are not revealed yet."


class RevealApp(App[None]):
    """The reveal over a stand-in for the game screen."""

    def __init__(self, view: PlayerView) -> None:
        super().__init__()
        self.seen = view
        self.closed = False

    def compose(self) -> ComposeResult:
        yield Static("the game screen")

    def on_mount(self) -> None:
        self.push_screen(RevealScreen(self.seen, NAMES), lambda _: setattr(self, "closed", True))


@SIZES
def test_reveal_screen_snapshot(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """Four cards, a tie of kings broken by suit, a 7's and a 4's powers."""
    assert snap_compare(RevealApp(four_posses_revealed().view(0)), terminal_size=size)


@pytest.mark.parametrize("key", ["enter", "escape"])
async def test_enter_or_escape_closes_the_reveal(key: str) -> None:
    app = RevealApp(four_posses_revealed().view(0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        await pilot.press(key)
        await pilot.pause()
        assert app.closed and not isinstance(app.screen, RevealScreen)
