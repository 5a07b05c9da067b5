"""Ruthless at a hosted table (`fragtui serve`): each connection plays on Ruthless's own screen with what a
networked seat adds (`table_screen_for`), sees its own hand and never another's, and the initiative cards
stay face down until every player has picked, then are revealed on every screen at once (R-SEQ-01).

In process, as tests/serve/test_table_screens.py does (two served apps in one event loop); the same table
over the real OpenSSH client is tests/serve/test_ssh_tables.py's `test_ruthless_over_ssh_*`."""

from __future__ import annotations

import random
from pathlib import Path

from fragtui.engine.actions import EndTurn
from fragtui.engine.config import make_config
from fragtui.engine.ruthless.actions import PickCard
from fragtui.engine.ruthless.deck import card_title, strength
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.saves.looks import default_look
from fragtui.serve.table_screen import SeatAtTable
from fragtui.serve.tables import SeatStatus, TableHub
from fragtui.tui.dialogs import ChoiceDialog
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.ruthless.reveal import RevealScreen
from fragtui.tui.ruthless.screen import RuthlessScreen
from tests.serve.test_table_screens import join, running, served, settle
from tests.serve.test_tables import Connection


def ruthless_config():  # type: ignore[no-untyped-def]
    seats = RuthlessRules.random_seats(random.Random(5), 2)
    for seat, name in zip(seats, ("Ann", "Bob"), strict=True):
        seat["name"] = name
    return make_config(ruleset="ruthless", map="main-street", seats=seats)


def at_table(app) -> SeatAtTable:  # type: ignore[no-untyped-def]
    screens = [screen for screen in app.screen_stack if isinstance(screen, SeatAtTable)]
    assert len(screens) == 1, app.screen_stack
    return screens[0]


def hand_text(app) -> str:  # type: ignore[no-untyped-def]
    return str(at_table(app).query_one("#hand").render())


def turn_text(app) -> str:  # type: ignore[no-untyped-def]
    """The line above the map (turn, phase, who is still choosing)."""
    return str(at_table(app).query_one("#turn-line").render())


def status_text(app) -> str:  # type: ignore[no-untyped-def]
    """The table's status panel (its code, who is away, who is still choosing)."""
    return str(at_table(app).query_one("#table-status").render())


async def test_each_connection_sees_its_own_hand_and_the_picks_revealed_together__R_SEQ_01(tmp_path: Path) -> None:
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(ruthless_config(), 7, [default_look(0), default_look(1)])
    ann_app, bob_app = served(hub, "ann"), served(hub, "bob")
    async with running(ann_app, bob_app) as (ann, bob):
        await join(ann, hosted.code)
        await join(bob, hosted.code)
        await settle(ann, bob)
        assert [info.status for info in hosted.seats()] == [SeatStatus.PLAYING, SeatStatus.PLAYING]
        apps = {0: ann_app, 1: bob_app}
        for app in apps.values():  # Ruthless's own screen, at the table: not Frag's
            screen = at_table(app)
            assert isinstance(screen, RuthlessScreen) and not isinstance(screen, GameScreen)
        game = hosted.table.game
        hands = {seat: set(game.state.ruthless.hands[seat]) for seat in (0, 1)}
        for seat, app in apps.items():  # each his own hand, never the other's cards
            shown = hand_text(app)
            assert all(card_title(card) in shown for card in hands[seat])
            assert not any(card_title(card) in shown for card in hands[1 - seat] - hands[seat])
        # Both are asked at once, each on his own terminal (issue 32): Bob picks first, out of seat order. Ann,
        # still asked, is told that one of two has chosen, and sees no card of his.
        assert isinstance(ann_app.screen, ChoiceDialog) and isinstance(bob_app.screen, ChoiceDialog)
        assert game.deciders() == (0, 1)
        await bob.press("enter")
        await settle(ann, bob)
        bob_card = game.state.ruthless.picks[1]
        assert bob_card is not None and game.state.ruthless.picks[0] is None
        assert card_title(bob_card) not in hand_text(ann_app)  # face down to Ann
        assert isinstance(ann_app.screen, ChoiceDialog) and not isinstance(bob_app.screen, ChoiceDialog)
        assert "pick a card for initiative · 1 of 2 has chosen, waiting for Ann" in turn_text(ann_app)
        assert "Waiting: 1 of 2 has chosen; still choosing: Ann" in status_text(bob_app)
        assert "Choosing a card for initiative: 1 of 2 has chosen; still choosing: you" in status_text(ann_app)
        await ann.press("enter")
        await settle(ann, bob)
        ann_card = game.state.ruthless.last_picks[0] or game.state.ruthless.picks[0]
        assert ann_card is not None
        assert [entry.seat for entry in game.log[:2]] == [1, 0]
        # Both picked: revealed together, on both screens.
        for app in apps.values():
            reveal = next(screen for screen in app.screen_stack if isinstance(screen, RevealScreen))
            shown = str(reveal.query_one("#reveal-text").render())
            assert card_title(ann_card) in shown and card_title(bob_card) in shown


async def test_the_bell_rings_on_every_terminal_a_choice_is_opened_to__R_SEQ_01(tmp_path: Path) -> None:
    """Issue 32: Ann and Bob at their terminals, Cat's seat at a third connection; the table is played through
    its seats (every choice made at once, in any order). Cat picks his lowest card, so his posse acts last: his
    end of the turn opens the next turn's picks to all three at once (`turned_to` names every seat newly
    choosing), and both Ann's and Bob's terminals ring. Every change rings exactly the terminals it turned to,
    never the one that acted."""
    seats = RuthlessRules.random_seats(random.Random(5), 3)
    for seat, name in zip(seats, ("Ann", "Bob", "Cat"), strict=True):
        seat["name"] = name
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(
        make_config(ruleset="ruthless", map="main-street", seats=seats), 7, [default_look(n) for n in range(3)]
    )
    ann_app, bob_app = served(hub, "ann"), served(hub, "bob")
    rung = {0: 0, 1: 0}
    ann_app.bell = lambda: rung.__setitem__(0, rung[0] + 1)  # type: ignore[method-assign]
    bob_app.bell = lambda: rung.__setitem__(1, rung[1] + 1)  # type: ignore[method-assign]
    async with running(ann_app, bob_app) as (ann, bob):
        await join(ann, hosted.code)
        await join(bob, hosted.code)
        cat = Connection()
        hosted.sit(2, cat)
        await settle(ann, bob)
        game = hosted.table.game
        assert game.deciders() == (0, 1, 2)
        expected = {0: 0, 1: 0}
        opened: list[tuple[int, ...]] = []
        while game.state.turn.number < 2 and not game.over:
            seat = game.deciders()[-1]  # (in a choice, the last seat first: Cat picks before Ann and Bob)
            legal = game.legal_actions(seat)
            picks = [action for action in legal if isinstance(action, PickCard)]
            if picks:
                ranked = sorted(picks, key=lambda pick: strength(pick.card))
                action = ranked[0] if seat == 2 else ranked[-1]
            else:
                action = EndTurn() if EndTurn() in legal else legal[0]
            before = game.deciders()
            hosted.act(seat, action)
            told = cat.told[-1].turned_to if seat != 2 else ()
            newly = tuple(other for other in game.deciders() if other not in before)
            assert seat == 2 or told == newly
            for viewer in (0, 1):
                expected[viewer] += viewer in newly and viewer != seat
            if len(newly) > 1:
                opened.append(newly)
            await settle(ann, bob)
        assert game.state.turn.number == 2 and game.deciders() == (0, 1, 2)
        assert opened and set(opened[-1]) >= {0, 1}, "the next turn's picks opened to Ann and Bob at once"
        assert rung == expected and min(rung.values()) >= 1
