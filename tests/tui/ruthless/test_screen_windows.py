"""Answers out of turn through the Ruthless screen, each a dialog for the deciding seat behind a hand-off when
the decider changes: a covered shot at a mover (R-COVER-01), an aimed hit's shift (R-HIT-01), the fisticuffs
cards (R-FIST-01), and the discard a 3 allows (R-SEQ-02)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from fragtui.engine.board import Square
from fragtui.engine.events import CommonEventKind
from fragtui.engine.ruthless.pieces import Location
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog, ConfirmDialog, HandoffScreen
from tests.rules.ruthless.common import model
from tests.tui.ruthless.test_screen import WIDE, duel, options, picked_and_revealed, press, quick_bots

__all__ = ["quick_bots"]  # (the fixture, used by every test here)


async def choose(pilot, app: FragApp, start: str) -> None:  # type: ignore[no-untyped-def]
    """Highlight the dialog's line that starts with `start`, and take it."""
    lines = options(app)
    index = next(n for n, line in enumerate(lines) if line.startswith(start))
    await press(pilot, *["down"] * index, "enter")


@pytest.mark.rule("R-COVER-01")
async def test_a_covered_shot_is_asked_of_the_coverer() -> None:
    """Bob (King) acts first: Doc covers from the action list. Ann's Chet moves in his sight: Bob is called to
    the keyboard, lets him go or shoots; he shoots."""
    game = duel()
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        screen = await picked_and_revealed(pilot, app, ann=1, bob=1)
        assert screen.viewer == 1 and screen.selected == 1
        await press(pilot, "a")
        await choose(pilot, app, "Got You Covered!")
        assert model(game, 1).markers.covering
        await press(pilot, "e")
        assert isinstance(app.screen, ConfirmDialog)  # Doc has an action left
        await press(pilot, "y")
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0
        await press(pilot, "enter")
        screen.map.move_cursor_to((3, 3))
        await press(pilot, "enter")
        assert model(game, 0).square == Square(3, 3)
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 1  # the covered shot is Bob's
        await press(pilot, "enter")
        lines = options(app)
        assert lines[0] == "Let him go"
        assert any(line.startswith("Doc Calloway: shoot Chet Willis (Shotgun): ") for line in lines)
        await choose(pilot, app, "Doc Calloway: shoot Chet Willis")
        assert any(e.text == 'Doc Calloway (Bob): "Got you covered!"' for e in screen.events)
        assert not model(game, 1).markers.covering


@pytest.mark.rule("R-HIT-01")
async def test_an_aimed_hit_is_shifted_by_its_firer() -> None:
    """Chet aims, then shoots (Bob takes the shot as it comes); the hit rolls a 5 (graze): Ann is asked where
    it lands, each choice with its location; −1 puts it in the arm."""
    game = duel(dice=[9, 5, 9, 9, 9, 9, 9, 9, 9, 9])
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        await picked_and_revealed(pilot, app)
        await press(pilot, "a")
        await choose(pilot, app, "Aim")
        await press(pilot, "s", "enter")
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 1  # Bob's snap window first
        await press(pilot, "enter", "enter")
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0  # the shift is Ann's
        await press(pilot, "enter")
        lines = options(app)
        assert lines == ["Leave the hit where it lands: a graze (5)", "Shift the hit −1: the arm (4)",
                         "Shift the hit +1: a graze (6)"]  # fmt: skip
        await choose(pilot, app, "Shift the hit −1")
        assert model(game, 1).wounds == {Location.ARM: 1}


@pytest.mark.rule("R-FIST-01")
async def test_fisticuffs_cards_are_picked_by_each_side() -> None:
    """Chet moves into contact with Doc: Bob may get the draw (he plays none). Then both pick their cards at once
    (issue 32): Bob, at the keyboard already, picks his with no second hand-off, then Ann behind hers; the fight
    is told in the log."""
    game = duel()
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        screen = await picked_and_revealed(pilot, app)
        screen.map.move_cursor_to((6, 3))
        await press(pilot, "enter")
        assert any(e.text.startswith("Fisticuffs!") for e in screen.events)
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 1
        await press(pilot, "enter")
        assert options(app)[0] == "Play no card: fisticuffs as they come"
        await press(pilot, "enter")
        assert isinstance(app.screen, ChoiceDialog) and screen.viewer == 1  # his card, at once
        turn_line = str(screen.query_one("#turn-line", Static).render())
        assert "choosing a card for fisticuffs: 0 of 2 have chosen, waiting for" in turn_line
        await choose(pilot, app, "Fight with the K♥")
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0
        await press(pilot, "enter")
        lines = options(app)
        assert lines[0] == "Play no card (you lose unless he plays none either)"
        assert "Fight with the 8♠: 8" in lines  # Chet on foot, no fist trait: the card's rank
        await choose(pilot, app, "Fight with the 8♠")
        assert any(e.text.startswith("Fisticuffs: ") and e.kind in (CommonEventKind.HIT, CommonEventKind.MISSED)
                   for e in screen.events)  # fmt: skip


@pytest.mark.rule("R-SEQ-02")
async def test_a_three_lets_its_player_discard_at_the_turn_end() -> None:
    game = duel()
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        screen = await picked_and_revealed(pilot, app, ann=2)  # Ann's 3 against Bob's 9: Bob first
        assert screen.viewer == 1
        await press(pilot, "e", "y")
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0
        await press(pilot, "enter", "e", "y")
        assert isinstance(app.screen, ChoiceDialog)  # Ann at the keyboard already: her discard
        lines = options(app)
        assert lines[0] == "Keep every card" and "Discard the 2♣" in lines
        await choose(pilot, app, "Discard the 2♣")
        assert any(e.kind is CommonEventKind.DISCARDED for e in screen.events)
        await press(pilot, "enter")  # keep the rest
        assert game.state.turn.number == 2
