"""Real-Time Frag (the `real-time` option, issue 33) on Frag's own game screen: the segment clock and its step on the
turn line, the clock panel (initiative order, each fighter's points by segment and left now, facing, attacks), the
facings beside the fighters on the map (J-RT-05), a fighter part-way to the next square (J-RT-07), the Movement
step's orders with their costs, and each shot's exact odds in the Combat step (J-RT-10), at 120x40 and 80x24."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.realtime.turn import RealTimeView
from fragtui.saves.format import SeatLook
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog, HelpScreen
from fragtui.tui.frag.realtime import ARROWS, RealTimeMap, fraction_glyph
from fragtui.tui.game_screen import GameScreen
from tests.tui.test_game_screen import visible_text

DESIGN = {"health": 3, "speed": 2, "accuracy": 2}
SIZES = [(120, 40), (80, 24)]


def real_time_game(people: int = 1, seed: int = 5) -> tuple[Game, FragApp]:
    """Four fighters on the Pocket Arena, Real-Time Frag: the first `people` seats people, the rest the computer."""
    names = ["Ann", "Bob", "Cat", "Dan"]
    seats = [{"name": name, "fighter": DESIGN} for name in names]
    config = make_config(map="pocket", frag_target=3, seats=seats, options={"real-time": True})
    game = new_game(config, seed)
    looks = [
        SeatLook(colour=colour, glyph=name[0], computer=seat >= people)
        for seat, (name, colour) in enumerate(zip(names, ["red", "blue", "green", "yellow"], strict=True))
    ]
    return game, FragApp(table=Table(game, looks=looks))


def clock(game: Game) -> RealTimeView:
    table = game.view(None).table
    assert isinstance(table, RealTimeView)
    return table


def game_screen(app: FragApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def dialog_lines(app: FragApp) -> list[str]:
    screen = app.screen
    assert isinstance(screen, ChoiceDialog)
    return [str(option.prompt) for option in screen.query_one("OptionList").options]  # type: ignore[attr-defined]


async def play_until(
    app: FragApp, pilot: Pilot[Any], done: Callable[[], bool], answer: Callable[[list[str]], int] | None = None
) -> None:
    """Answer every dialog (the first option, or the line `answer` picks) until `done`."""
    screen = game_screen(app)
    screen.bot_pause = 0.0
    for _ in range(3000):  # (a generous bound: on a loaded machine the computers' moves come slowly)
        if done():
            return
        if isinstance(app.screen, ChoiceDialog):
            pick = answer(dialog_lines(app)) if answer is not None else 0
            for _ in range(pick):
                await pilot.press("down")
            await pilot.press("enter")
        await pilot.pause(0.02)
    raise AssertionError("the game never got there")


def in_movement_of(game: Game, seat: int) -> bool:
    view = game.view(seat)
    return view.decision == "rt-orders" and seat in game.deciders()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_segment_clock_the_initiative_order_points_and_facings_are_on_screen(size: tuple[int, int]) -> None:
    """J-RT-02..05 on screen: the segment of ten and its step on the turn line; in the clock panel the initiative
    order with each roll, every fighter's points in each segment and those left now; an arrow beside each fighter
    on the map on the side he faces, and his facing in words under the cursor."""
    game, app = real_time_game()
    async with app.run_test(size=size) as pilot:
        await play_until(app, pilot, lambda: in_movement_of(game, 0) and isinstance(app.screen, ChoiceDialog))
        turn_line = str(game_screen(app).query_one("#turn-line", Static).render())
        assert "Turn 1 · Segment 1/10" in turn_line and "Movement" in turn_line
        rt = clock(game)
        screen = game_screen(app)
        panel = str(screen.query_one("#clock", Static).render())
        assert "Segment 1/10" in panel and "points by segment" in panel
        everyone = ("Ann", "Bob", "Cat", "Dan")
        rows = [line for line in panel.splitlines() if any(f" {name[0]} {name}" in line for name in everyone)]
        names = [next(name for name in everyone if name in row) for row in rows]
        assert names == [game.state.players[seat].name for seat in rt.order]  # the initiative order, first first
        for place, (seat, row) in enumerate(zip(rt.order, rows, strict=True), start=1):
            part = rt.fighters[seat]
            assert row.startswith(f"{place} ({part.initiative})")
            assert " ".join(map(str, part.spread)) in row  # his points in each of the ten segments
            assert f" {part.points} " in row  # and those left now
            assert part.facing is not None and ARROWS[part.facing] + part.facing.name in row
        # On the map: each fighter's arrow on the side he faces (J-RT-05).
        board_map = screen.map
        assert isinstance(board_map, RealTimeMap)
        shown = visible_text(app)
        for seat, part in enumerate(rt.fighters):
            square = game.state.players[seat].square
            assert square is not None and part.facing is not None
            cell = (2 * square.x + 1 + part.facing.dx, 2 * square.y + 1 + part.facing.dy)
            assert board_map.between()[cell].glyph in (ARROWS[part.facing], None)
        assert any(arrow in shown for arrow in ARROWS.values())
        ann = game.state.players[0].square
        assert ann is not None
        board_map.move_cursor_to((ann.x, ann.y))
        await pilot.pause()
        line = str(screen.query_one("#square-line", Static).render())
        facing = rt.fighters[0].facing
        assert facing is not None and f"faces {dict(n='north', e='east', s='south', w='west')[facing.value]}" in line


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_orders_say_their_cost_and_a_fighter_part_way_is_shown(size: tuple[int, int]) -> None:
    """J-RT-06/07: the Movement step's orders say what each costs and where it leaves him; a sidestep paid in part
    leaves him on his square, shown part-way (½) on the map beside him toward the square ahead and in the panel."""
    game, app = real_time_game()
    async with app.run_test(size=size) as pilot:
        await play_until(app, pilot, lambda: in_movement_of(game, 0) and isinstance(app.screen, ChoiceDialog))
        lines = dialog_lines(app)
        assert lines[0].startswith("Hold: no more moves this segment")
        assert any(line.startswith("Step forward to ") and "(1 point, 0 left)" in line for line in lines)
        assert any(line.startswith("Turn ") and "to face " in line for line in lines)
        sidestep = next(index for index, line in enumerate(lines) if line.startswith("Step left: ½ of the way"))
        start = game.state.players[0].square
        await play_until(
            app,
            pilot,
            lambda: clock(game).fighters[0].part_way is not None,
            lambda options: sidestep if options is lines or options == lines else 0,
        )
        part = clock(game).fighters[0]
        assert game.state.players[0].square == start  # still on his square (ruling J-RT-07)
        assert part.part_way == "1/2" and part.toward is not None and start is not None
        screen = game_screen(app)
        board_map = screen.map
        assert isinstance(board_map, RealTimeMap)
        dx, dy = part.toward.x - start.x, part.toward.y - start.y
        assert board_map.between()[(2 * start.x + 1 + dx, 2 * start.y + 1 + dy)].glyph == fraction_glyph("1/2")
        panel = str(screen.query_one("#clock", Static).render())
        assert f"Ann ½ of the way: step left to {part.toward}, 1 of 2 points paid" in panel


async def test_the_combat_step_gives_each_shot_s_exact_odds_best_first() -> None:
    """J-RT-10 as Frag's attack list: each announced shot with its range, chance to hit, expected Health lost and
    chance to frag (`Game.forecast`), the best chance first after holding fire."""
    game, app = real_time_game()
    async with app.run_test(size=(120, 40)) as pilot:

        def combat_up() -> bool:
            return (
                isinstance(app.screen, ChoiceDialog)
                and game.view(0).decision == "rt-attacks"
                and any(line.startswith("Attack ") for line in dialog_lines(app))
            )

        await play_until(app, pilot, combat_up)
        lines = dialog_lines(app)
        assert lines[0] == "Hold fire this segment"
        attacks = [line for line in lines if line.startswith("Attack ")]
        assert all(" · range " in line and " · hit " in line and " · frag " in line for line in attacks)
        chances = [int(line.split(" · hit ")[1].split("%")[0].lstrip("<")) for line in attacks]
        assert chances == sorted(chances, reverse=True)
        turn_line = str(game_screen(app).query_one("#turn-line", Static).render())
        assert "Combat" in turn_line


async def test_a_frag_game_without_the_option_has_no_clock() -> None:
    """Frag's own turn is drawn as it was: no clock panel, no marks between squares."""
    seats = [{"name": "Ann", "fighter": DESIGN}, {"name": "Bob", "fighter": DESIGN}]
    game = new_game(make_config(map="pocket", frag_target=1, seats=seats), 5)
    looks = [SeatLook(colour="red", glyph="A"), SeatLook(colour="blue", glyph="B", computer=True)]
    app = FragApp(table=Table(game, looks=looks))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert not screen.query("#clock") and not isinstance(screen.map, RealTimeMap)
        assert "Segment" not in visible_text(app)


async def test_a_real_time_game_is_played_on_frag_s_screen_through_its_dialogs() -> None:
    """The generic engine contract holds: the screen asks each of the turn's questions as a list of the legal
    actions, takes the answer, and lets the computer answer its own, without a crash."""
    design = {"health": 3, "speed": 2, "accuracy": 2}
    seats = [{"name": "Ann", "fighter": design}, {"name": "Bob", "fighter": design}]
    config = make_config(map="pocket", frag_target=1, seats=seats, options={"real-time": True})
    game = new_game(config, 5)
    looks = [SeatLook(colour="red", glyph="A"), SeatLook(colour="blue", glyph="B", computer=True)]
    table = Table(game, looks=looks)  # one person against the computer: no hand-off
    app = FragApp(table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        screen.bot_pause = 0.0
        answered = 0
        for _ in range(60):  # placing, then the turn's questions: each a dialog of the legal actions
            if game.rules.state.realtime is not None and game.rules.state.realtime.segment >= 2:
                break
            if isinstance(app.screen, ChoiceDialog):
                await pilot.press("enter")
                answered += 1
            await pilot.pause(0.05)
        assert answered >= 2
        assert game.rules.state.realtime is not None and game.rules.state.realtime.segment >= 1
        assert {entry.seat for entry in game.log} == {0, 1}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_help_explains_the_segments_spread_facing_jumps_and_combat_order(size: tuple[int, int]) -> None:
    """`?` over a Real-Time question shows Frag's help and, after it, how Real-Time Frag's turn runs (J-RT-01..10):
    the pre-turn, the spread of Speed over ten segments, the three steps, facing and its costs, a step part-way,
    jumps over segments, and the combat order; a game without the option has none of it."""
    game, app = real_time_game()
    async with app.run_test(size=size) as pilot:
        await play_until(app, pilot, lambda: in_movement_of(game, 0) and isinstance(app.screen, ChoiceDialog))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.text
        assert "Frag in one screen" in text  # Frag's own help first
        for words in (
            "Real-Time Frag: how this game's turn runs",
            "ten segments",
            "Spread: your Speed total is dealt out over the ten segments",
            "Movement",
            "Power-ups",
            "Combat",
            "go off in initiative order",
            "may fire at you first",
            "A quarter turn costs 1 point, turning around 2",
            "Jumps: forward up to your Speed score",
            "three segments",
            "one a segment at most",
            "Standing orders: at one keyboard, press o",
        ):
            assert words in text, words
        shown = visible_text(app)
        assert "Real-Time Frag" in shown or "Keys" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        game_screen(app).action_help()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "Real-Time Frag: how" in app.screen.text
    seats = [{"name": "Ann", "fighter": DESIGN}, {"name": "Bob", "fighter": DESIGN}]
    plain = new_game(make_config(map="pocket", frag_target=1, seats=seats), 5)
    looks = [SeatLook(colour="red", glyph="A"), SeatLook(colour="blue", glyph="B", computer=True)]
    app = FragApp(table=Table(plain, looks=looks))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Real-Time" not in game_screen(app).help_text()


async def answer_until(app: FragApp, pilot: Pilot[Any], done: Callable[[], bool]) -> None:
    """Two people at the keyboard: every hand-off passed with Enter and every question answered with its first
    line, until `done`."""
    screen = game_screen(app)
    screen.bot_pause = 0.0
    for _ in range(3000):
        if done():
            return
        if app.screen is not screen:
            await pilot.press("enter")
        await pilot.pause(0.02)
    raise AssertionError("the game never got there")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_a_person_s_question_takes_the_cursor_to_his_fighter_and_the_turn_line_keeps_one_row(
    size: tuple[int, int],
) -> None:
    """Issue 33, played: when a person's Real-Time question opened, the map's cursor stayed on the last computer's
    fighter the map had followed (at 80x24 the map shows little else); now it goes to his own, as Frag's turn
    does. And at 120 columns the turn line, naming who is still choosing, wrapped to a second row that a
    question beside the map covered: it keeps to one row, leaving out what does not fit."""
    game, app = real_time_game(people=2)
    async with app.run_test(size=size) as pilot:

        def bob_asked_in_segment_two() -> bool:
            return (
                isinstance(app.screen, ChoiceDialog)
                and game_screen(app).viewer == 1
                and isinstance(game.view(None).table, RealTimeView)
                and clock(game).segment >= 2
                and 1 in game.deciders()
            )

        await answer_until(app, pilot, bob_asked_in_segment_two)
        await pilot.pause()
        screen = game_screen(app)
        bob = game.state.players[1].square
        assert bob is not None and screen.map.cursor == (bob.x, bob.y)
        turn_line = screen.query_one("#turn-line", Static)
        said = str(turn_line.render())
        assert "Segment" in said and "Turn " in said
        assert turn_line.size.height == 1, said  # (at 80 columns too: a row of 24 is dear)
        assert "chosen" in said  # (how far the choice is, still said)
        if size[0] >= 120:
            assert "waiting for" in said  # (and at 120, who is still choosing)
