"""The Ruthless game screen played through its keys: the initiative picks behind hand-offs and their reveal,
a model chosen and moved on the map, a shot from the list with its exact odds, a snap-shot window answered
by the seat it asks, the end of the activation and of the turn with its skedaddle line; undo; computers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import OptionList, RichLog, Static

from fragtui.content.library import new_game
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.events import CommonEventKind
from fragtui.engine.game import Game
from fragtui.engine.ruthless.actions import MoveTo, Shoot
from fragtui.engine.ruthless.deck import card_title
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.saves.format import SeatLook
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog, ConfirmDialog, HandoffScreen
from fragtui.tui.ruthless.pieces import OverScreen
from fragtui.tui.ruthless.reveal import RevealScreen
from fragtui.tui.ruthless.screen import RuthlessScreen
from tests.rules.ruthless.common import OPEN_GROUND, model, pick, ruthless_game

WIDE = (120, 40)
HANDS = {"Ann": ["QS", "2C", "3H", "5D", "8S"], "Bob": ["9C", "KH", "6S", "AC", "2H"]}


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The computers' pause is for people; tests need only the order of events."""
    monkeypatch.setattr(RuthlessScreen, "bot_pause", 0.001)
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


def duel(dice: list[int] | None = None) -> Game:
    """Ann's Chet Willis at 1,3 and Bob's Doc Calloway at 7,3 on the open ground, in sight of each other."""
    return ruthless_game(
        {"Ann": [("chet-willis", "1,3")], "Bob": [("doc-calloway", "7,3")]},
        dice=dice if dice is not None else [9] * 30,
        hands=HANDS,
    )


def options(app: FragApp) -> list[str]:
    """The lines of the dialog on top."""
    found = app.screen.query_one(OptionList)
    return [str(found.get_option_at_index(n).prompt) for n in range(found.option_count)]


def log_text(screen: RuthlessScreen) -> str:
    return "\n".join(strip.text for strip in screen.query_one("#log", RichLog).lines)


async def press(pilot, *keys: str) -> None:  # type: ignore[no-untyped-def]
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
    await pilot.pause()


async def picked_and_revealed(pilot, app: FragApp, ann: int = 0, bob: int = 0) -> RuthlessScreen:  # type: ignore[no-untyped-def]
    """Ann and Bob pick a card each behind a hand-off (by default her Queen, his 9: the `ann`-th and `bob`-th
    of `HANDS`); the reveal shows both; the first to act is called to the keyboard."""
    await pilot.pause()
    assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0
    await press(pilot, "enter")
    assert isinstance(app.screen, ChoiceDialog)
    assert options(app)[0] == "Pick the Q♠" and "Pick the 3♥ — you may discard at the turn's end" in options(app)
    await press(pilot, *["down"] * ann, "enter")
    assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 1  # Ann's hand is off the screen
    await press(pilot, "enter")
    assert options(app)[0] == "Pick the 9♣"
    await press(pilot, *["down"] * bob, "enter")
    assert isinstance(app.screen, RevealScreen)  # both cards at once, for everyone
    shown = str(app.screen.query_one("#reveal-text").render())
    if (ann, bob) == (0, 0):
        assert shown.index("Ann") < shown.index("Bob") and "Queen of Spades" in shown and "9 of Clubs" in shown
    await press(pilot, "enter")
    assert isinstance(app.screen, HandoffScreen)  # the reveal hid both hands
    await press(pilot, "enter")
    screen = app.screen
    assert isinstance(screen, RuthlessScreen)
    return screen


@pytest.mark.rule("R-SEQ-01")
async def test_a_turn_played_through_the_screen() -> None:
    """Pick, reveal, move on the map, shoot with the odds in the list, Bob's snap-shot window (behind a
    hand-off) answered, the activations ended with `e`, the turn's end with its skedaddle lines."""
    game = duel()
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        screen = await picked_and_revealed(pilot, app)
        assert screen.selected == 0 and Square(2, 3) in screen.reach
        screen.map.move_cursor_to((2, 3))
        await press(pilot, "enter")
        assert model(game, 0).square == Square(2, 3)
        odds = game.forecast(Shoot(fighter=0, target=1))
        await press(pilot, "s")
        assert isinstance(app.screen, ChoiceDialog)
        first = options(app)[0]
        assert first.startswith("Shoot Doc Calloway (Repeating Rifle): ")
        assert f"{float(odds.chance) * 100:.0f}% to hit" in first and f"{odds.need}+" in first
        for reason, value in odds.modifiers:
            assert f"{reason} {value:+d}" in first
        await press(pilot, "enter")
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 1  # Bob may get the draw
        await press(pilot, "enter")
        assert isinstance(app.screen, ChoiceDialog)
        lines = options(app)
        assert lines[0] == "Play no card: take the shot as it comes"
        assert "Play the K♥: Doc Calloway snap-shoots first with the Shotgun" in lines
        await press(pilot, "enter")
        assert any(e.kind in (CommonEventKind.HIT, CommonEventKind.MISSED) for e in screen.events)
        # Chet's two actions are spent, so Ann's activation is over: Bob, at the keyboard already, acts.
        assert app.screen is screen and screen.viewer == 1 and game.view(1).active == 1
        await press(pilot, "e")
        assert isinstance(app.screen, ConfirmDialog)  # Doc may still act: asked first
        await press(pilot, "y")
        while isinstance(app.screen, HandoffScreen | RevealScreen):
            await press(pilot, "enter")
        assert game.state.turn.number == 2
        assert "Skedaddle: Ann rolls 9 against 0 out of the fight: it stands its ground" in log_text(screen)


async def test_undo_takes_a_move_back() -> None:
    game = duel()
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        screen = await picked_and_revealed(pilot, app)
        screen.map.move_cursor_to((2, 4))
        await press(pilot, "enter")
        assert model(game, 0).square == Square(2, 4)
        await press(pilot, "u")
        assert model(game, 0).square == Square(1, 3) and model(game, 0).actions == 0


async def test_end_asks_first_with_actions_left() -> None:
    game = duel()
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        await picked_and_revealed(pilot, app)
        await press(pilot, "e")
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "n")
        assert game.decider() == 0 and game.view(0).active == 0


async def test_the_action_list_and_the_ranges() -> None:
    """`a` lists the chosen model's actions (the moves as one line, chosen on the map); `r` marks his ranges."""
    game = duel()
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        screen = await picked_and_revealed(pilot, app)
        await press(pilot, "a")
        lines = options(app)
        assert lines[0].startswith("Move (choose one of")
        assert any(line.startswith("Aim (+1 on his next shot") for line in lines)
        await press(pilot, "escape", "r")
        assert screen.show_range and screen.map.marks("path")


async def test_a_computer_posse_plays_its_turn() -> None:
    """Bob is a computer: he picks and plays his activation himself; Ann is never handed off. Every d10 a 2, so
    Bob's shots miss and the game goes on to Ann's activation and the next turn."""
    game = duel(dice=[2] * 80)
    looks = [SeatLook(colour="bright_red", glyph="@"), SeatLook(colour="cyan", glyph="&", computer=True)]
    table = Table(game, looks)
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)  # no hand-off: Ann alone at the table
        await press(pilot, "enter")
        for _ in range(200):
            if isinstance(app.screen, RevealScreen):
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, RevealScreen)
        await press(pilot, "enter")
        for _ in range(2000):  # Ann's activation (Q) first; she ends it; then Bob's, played by the computer
            if isinstance(app.screen, RuthlessScreen) and game.decider() == 0 and game.view(0).active == 0:
                break
            assert not game.over, "Bob's shots miss: the duel goes on"
            await pilot.pause(0.01)
        assert game.view(0).active == 0, "Ann's activation comes, at her own keyboard"
        await press(pilot, "e", "y")
        for _ in range(3000):
            if game.state.turn.number == 2 or game.over or isinstance(app.screen, OverScreen):
                break
            if isinstance(app.screen, RevealScreen | ChoiceDialog):
                await press(pilot, "enter")  # Ann's windows and the next turn's pick
            await pilot.pause(0.01)
        assert game.state.turn.number == 2 and not game.over
        assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)


@pytest.mark.rule("R-SKED-01")
async def test_computers_play_to_the_game_over_screen() -> None:
    """Two computer posses play to sundown (turn 3) or a skedaddle; the game-over screen names the winner's
    posse (or says the showdown is over) with each posse's end; the log has a skedaddle line each turn."""
    seats = RuthlessRules.random_seats(random.Random(3), 2)
    config = make_config(ruleset="ruthless", map="main-street", seats=seats, options={"sundown": 3})
    looks = [SeatLook(colour="bright_red", glyph="@", computer=True), SeatLook(colour="cyan", glyph="&", computer=True)]
    table = Table(new_game(config, 5), looks)
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        quiet, seen = 0, -1  # (a count of pauses without a new action, not of time: a busy machine plays slowly)
        while not isinstance(app.screen, OverScreen) and quiet < 3000:
            if isinstance(app.screen, RevealScreen):
                await press(pilot, "enter")
            quiet, seen = (quiet + 1 if len(table.game.log) == seen else 0), len(table.game.log)
            await pilot.pause(0.002)
        assert isinstance(app.screen, OverScreen) and table.game.over, f"stalled after {len(table.game.log)} actions"
        shown = str(app.screen.query_one("Static").render())
        winner = table.game.state.winner
        if winner is not None:
            assert f"{table.name(winner)}'s posse, {seats[winner]['posse'].name}, wins the showdown!" in shown  # type: ignore[union-attr]
        assert "P1:" in shown and "P2" in shown and "standing" in shown
        screen = app.screen_stack[-2]
        assert isinstance(screen, RuthlessScreen)
        assert log_text(screen).count("Skedaddle: P1 rolls") == table.game.state.turn.number


@pytest.mark.rule("R-SEQ-01")
async def test_with_two_people_and_a_computer_the_computer_picks_at_once_and_each_person_behind_a_hand_off() -> None:
    """Issue 32, hot seat: the three posses pick at once. The computer (seated between Ann and Bob) picks first,
    with no hand-off; then Ann is called, then Bob, one hand-off each, and every hand-off and the status line
    say how many have chosen and who is still choosing, never what. The cards are shown together."""
    game = ruthless_game(
        {"Ann": [("chet-willis", "1,3")], "Cpu": [("big-swede", "4,0")], "Bob": [("doc-calloway", "7,3")]},
        dice=[9] * 30,
        hands={**HANDS, "Cpu": ["JD", "4S", "7C", "5H", "3C"]},
        board_text=OPEN_GROUND.replace("|. . . . . . . . . . . .|\n+-+", "|. . . . . . . . 3 . . .|\n+-+"),
    )
    looks = [
        SeatLook(colour="bright_red", glyph="@"),
        SeatLook(colour="green", glyph="%", computer=True),
        SeatLook(colour="cyan", glyph="&"),
    ]
    table = Table(game, looks)
    assert game.deciders() == (0, 1, 2)
    called: list[int] = []
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        for _ in range(200):
            if isinstance(app.screen, HandoffScreen) and app.screen.query("#handoff-public"):
                break  # (the hand-off up and composed: pushed, its words are mounted a moment later)
            await pilot.pause(0.01)
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0
        picked = [card is not None for card in game.state.ruthless.picks]
        assert picked == [False, True, False]  # the computer's, before anyone was called
        called.append(app.screen.seat)
        public = str(app.screen.query_one("#handoff-public").render())
        assert "1 of 3 has chosen, waiting for Ann and Bob" in public
        await press(pilot, "enter")
        assert isinstance(app.screen, ChoiceDialog) and options(app)[0] == "Pick the Q♠"
        screen = next(s for s in app.screen_stack if isinstance(s, RuthlessScreen))
        turn_line = str(screen.query_one("#turn-line", Static).render())
        assert "1 of 3 has chosen, waiting for Ann and Bob" in turn_line
        await press(pilot, "enter")
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 2
        called.append(app.screen.seat)
        public = str(app.screen.query_one("#handoff-public").render())
        assert "2 of 3 have chosen, waiting for Bob" in public and "Q♠" not in public
        await press(pilot, "enter")
        assert options(app)[0] == "Pick the 9♣"
        await press(pilot, "enter")
        assert isinstance(app.screen, RevealScreen)  # every card at once
        assert called == [0, 2]
        assert [entry.seat for entry in game.log[:3]] == [1, 0, 2]


async def test_the_side_panel_switches_at_80x24() -> None:
    """At 80 columns the side panel shows the posses, or the hand and the log: `p` switches, whatever the
    footer has room for; Tab still chooses the next model."""
    game = duel()
    app = FragApp(Table(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await picked_and_revealed(pilot, app)
        assert screen.query_one("#roster-box").display and not screen.query_one("#log").display
        await press(pilot, "p")
        assert not screen.query_one("#roster-box").display and screen.query_one("#log").display
        await press(pilot, "tab")
        assert screen.selected == 0 and app.focused is screen.map


async def test_the_deal_is_one_line_a_player() -> None:
    """Five cards each at the start: `P2 draws 5 cards`, and to P1 alone the cards he drew."""
    seats = RuthlessRules.random_seats(random.Random(3), 2)
    game = new_game(make_config(ruleset="ruthless", map="main-street", seats=seats, options={}), 5)
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        await press(pilot, "enter")
        screen = app.screen_stack[-2]
        assert isinstance(screen, RuthlessScreen) and screen.viewer == 0
        dealt = log_text(screen)
        hand = game.view(0).ruthless.hand  # type: ignore[union-attr]
        assert "P2 draws 5 cards" in dealt and "P2 draws a card" not in dealt
        named = ", ".join(f"the {card_title(card)}" for card in hand[:-1])
        assert f"You draw {named} and the {card_title(hand[-1])}" in dealt


@pytest.mark.rule("R-SKED-01")
async def test_the_game_over_screen_says_the_strongbox_was_carried_off() -> None:
    """A strongbox carried off the map wins the game: the game-over screen says so, not "wins the showdown"."""
    from textual.app import App

    hands = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "9C", "6S", "5C", "8H"]}
    game = ruthless_game({"Ann": [("chet-willis", "8,2")], "Bob": [("ike-pruitt", "1,7")]}, hands=hands,
                         scenario="strongbox")  # fmt: skip
    pick(game, {"Ann": "KS", "Bob": "QH"})
    table = game.state.ruthless
    assert table is not None
    table.carrier, table.strongbox = 0, None  # (Chet took it up last turn)
    game = Game.from_state(game.state, board=game.board, cards=game.cards)
    game.apply(MoveTo(fighter=0, to=Square(7, 0)))  # off the north edge, Ann's home edge
    assert game.over
    looks = [SeatLook(colour="bright_red", glyph="@"), SeatLook(colour="cyan", glyph="&")]

    class Shown(App[None]):
        def on_mount(self) -> None:
            self.push_screen(OverScreen(game.view(None), looks, "saved", "Back to the title", ("The Gang", "The Law")))

    app = Shown()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one("Static").render())
    assert "Ann's posse, The Gang, carries the strongbox off and wins!" in shown
    assert "wins the showdown" not in shown


async def test_the_map_shows_no_respawn_points_and_the_cursor_names_none() -> None:
    """Issue 30 item 8: a Ruthless map in play draws its numbered points (where the posses deployed) and its flag
    square as the ground they are, and the square line under the cursor says "floor", not "respawn point 1"."""
    game = ruthless_game({"Ann": [("chet-willis", "1,3")], "Bob": [("doc-calloway", "5,3")]}, dice=[9] * 30,
                         hands=HANDS)  # fmt: skip
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        screen = await picked_and_revealed(pilot, app)
        for square in ((1, 1), (10, 6), (7, 3)):  # points 1 and 2, the flag square
            screen.map.move_cursor_to(square)
            await pilot.pause()
            line = str(screen.query_one("#square-line", Static).render())
            assert line.startswith(f"{square[0]},{square[1]}  floor"), line
            assert screen.map._square_segment(*square).text == "·"
            assert "respawn" not in line and "flag" not in line


async def test_a_finished_strongbox_game_does_not_say_the_showdown_is_over() -> None:
    """Issue 30 item 2: the status line of a strongbox game won says the fight for the strongbox is over."""
    hands = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "9C", "6S", "5C", "8H"]}
    game = ruthless_game({"Ann": [("chet-willis", "8,2")], "Bob": [("ike-pruitt", "1,7")]}, hands=hands,
                         scenario="strongbox")  # fmt: skip
    pick(game, {"Ann": "KS", "Bob": "QH"})
    table = game.state.ruthless
    assert table is not None
    table.carrier, table.strongbox = 0, None
    game = Game.from_state(game.state, board=game.board, cards=game.cards)
    game.apply(MoveTo(fighter=0, to=Square(8, 0)))  # off Ann's home edge, the north side
    assert game.over
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, RuthlessScreen))
        line = str(screen.query_one("#turn-line", Static).render())
        assert "the fight for the strongbox is over" in line and "showdown" not in line
