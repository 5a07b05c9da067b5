"""Frag Deadlands' poker draw at a networked table (D-CARD-04): every player draws at once on his own
terminal, and the poker screen of each shows the others' draws as they happen.

Served apps under Textual's Pilot in one event loop, sharing one `TableHub`, as `fragtui serve` runs its
sessions (tests/serve/test_table_screens.py says how); every wait is for the apps to be idle.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.design import FighterDesign
from fragtui.saves.looks import default_look
from fragtui.serve.tables import TableHub
from fragtui.tui.poker_screen import PokerScreen

from .test_table_screens import join, running, served, settle


def deadlands(names: list[str]) -> GameConfig:
    design = FighterDesign(health=3, speed=2, accuracy=2)
    characters = ["agency-operative", "huckster", "saloon-gal", "indian-brave"]
    seats = tuple(Seat(name=n, fighter=design, character=c) for n, c in zip(names, characters, strict=False))
    return GameConfig(ruleset="deadlands", map="town", seats=seats)


def backs(screen: PokerScreen, row: int) -> int:
    """The card backs on the poker table's row of the `row`th player (after the two heading lines)."""
    return str(screen.query_one("#poker-table", Static).render()).splitlines()[2 + row].count("▒▒▒")


async def test_D_CARD_04_each_poker_screen_shows_the_others_draws_as_they_happen(tmp_path: Path) -> None:
    """Ann and Bob draw at once, each on his poker screen. When Bob draws, Ann's screen (still up, waiting for
    her choice) shows his new card's back at once; her own choices are unchanged, and Bob's card stays a back."""
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(deadlands(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    ann_app, bob_app = served(hub, "ann"), served(hub, "bob")
    async with running(ann_app, bob_app) as (ann, bob):
        await join(ann, hosted.code)
        await join(bob, hosted.code)
        await settle(ann, bob)
        game = hosted.table.game
        assert set(game.deciders()) == {0, 1}, "both draw at once"
        ann_screen, bob_screen = ann_app.screen, bob_app.screen
        assert isinstance(ann_screen, PokerScreen) and ann_screen.view.me == 0
        assert isinstance(bob_screen, PokerScreen) and bob_screen.view.me == 1
        options = list(ann_screen.options)
        assert backs(ann_screen, 1) == 0
        for drawn in (1, 2):
            await bob.press("enter")  # Bob draws a card from the deck highlighted
            await settle(ann, bob)
            assert ann_app.screen is ann_screen, "Ann's choice is still hers to make"
            assert backs(ann_screen, 1) == drawn, "Bob's draws show on Ann's screen as he makes them"
            assert ann_screen.options == options
            mine = game.state.pending[-1]
            bob_cards = {game.cards.name(card) for card in mine.hands[1]}  # type: ignore[attr-defined]
            table = str(ann_screen.query_one("#poker-table", Static).render())
            assert not any(name in table for name in bob_cards), "his cards are backs to her"
        await ann.press("enter")  # and Ann draws hers: Bob's screen shows it
        await settle(ann, bob)
        bob_now = bob_app.screen
        assert isinstance(bob_now, PokerScreen)
        assert backs(bob_now, 0) == 1
