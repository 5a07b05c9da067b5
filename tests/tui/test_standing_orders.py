"""Standing orders in Real-Time Frag at one keyboard (issue 33): `o` in a Movement or Combat question gives an order
that answers the player's questions for the rest of the turn (hold, hold and fire at the first enemy in sight, a
route picked on the map), and he is called back only when something he could not know happens (`tui.frag.standing`,
`Table.follow_orders`)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from fragtui.bench.realtime_handoffs import play
from fragtui.engine.actions import Pass
from fragtui.engine.events import Event
from fragtui.engine.frag.actions import PlayCard
from fragtui.engine.game import LogEntry
from fragtui.engine.realtime.decisions import MovementOrders
from fragtui.table import StandingOrder
from fragtui.tui.dialogs import ChoiceDialog
from fragtui.tui.frag.standing import Kind, RealTimeOrder, ended_note, path, route
from tests.tui.test_real_time_screen import (
    clock,
    dialog_lines,
    game_screen,
    in_movement_of,
    play_until,
    real_time_game,
)


async def test_o_in_a_movement_question_gives_a_standing_order_that_answers_the_rest_of_the_turn() -> None:
    """Hold still, firing at the first enemy in sight: given in segment 1, it answers Ann's Movement and Combat
    questions in the later segments of the turn; she sees no such dialog of hers while it stands."""
    game, app = real_time_game()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(app, pilot, lambda: in_movement_of(game, 0) and isinstance(app.screen, ChoiceDialog))
        table = game_screen(app).table
        given: list[RealTimeOrder] = []
        give = table.give_order

        def spy(seat: int, order: StandingOrder) -> list[Event]:
            assert isinstance(order, RealTimeOrder)
            given.append(order)
            return give(seat, order)

        table.give_order = spy  # type: ignore[method-assign]
        game_screen(app).bot_pause = 0.2  # (slow enough to read the panel before the turn is over)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        lines = dialog_lines(app)
        assert lines[0] == "Hold still for the rest of the turn, holding fire"
        assert lines[1].startswith("Hold still, firing at the first enemy in sight")
        assert any(line.startswith("Walk to a square you pick on the map") for line in lines)
        logged = len(game.log)
        await pilot.press("down", "enter")
        await pilot.pause()
        [order] = given
        assert order.kind is Kind.HOLD and order.fire and order.turn == 1
        if 0 in table.standing:
            panel = str(game_screen(app).query_one("#clock", Static).render())
            assert "Your standing order: hold still, firing at the first enemy in sight" in panel
        asked_ann: list[str] = []

        def later() -> bool:
            standing = 0 in table.standing
            if standing and isinstance(app.screen, ChoiceDialog) and 0 in game.deciders():
                asked_ann.append(game.view(0).decision or "")
            return not standing or clock(game).segment >= 5 or game.state.turn.number > 1

        await play_until(app, pilot, later)
        assert asked_ann == []  # while it stood, the order answered every one of her questions
        held = [entry for entry in game.log[logged:] if entry.seat == 0 and entry.action == Pass()]
        assert len(held) >= 2  # her holds of this segment and the next ones, by the order


async def test_a_route_is_picked_on_the_map_and_walked_over_the_segments() -> None:
    """Walk to a square picked with the cursor: the order turns her to face the way and steps forward as far as each
    segment's points go; the square line says Enter gives it, Esc goes back."""
    game, app = real_time_game()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(app, pilot, lambda: in_movement_of(game, 0) and isinstance(app.screen, ChoiceDialog))
        start = game.state.players[0].square
        assert start is not None
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # walk there, holding fire
        await pilot.pause()
        screen = game_screen(app)
        assert screen.routing is False and not isinstance(app.screen, ChoiceDialog)
        goal = (start.x, start.y + 3)
        screen.map.move_cursor_to(goal)
        await pilot.pause()
        assert "Enter: walk here (standing order)" in str(screen.query_one("#square-line", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        order = screen.table.standing.get(0)
        assert isinstance(order, RealTimeOrder) and order.kind is Kind.ROUTE and order.goal is not None
        assert (order.goal.x, order.goal.y) == goal and not order.fire
        walked = path(game, start, order.goal)
        assert walked is not None
        await play_until(app, pilot, lambda: clock(game).segment >= 6 or 0 not in screen.table.standing)
        here = game.state.players[0].square
        assert here is not None
        remaining = path(game, here, order.goal)
        assert here == order.goal or (remaining is not None and len(remaining) < len(walked))


def test_an_order_ends_when_something_he_could_not_know_happens() -> None:
    """Called back by: an enemy coming into sight (not when he fires at the first in sight), being hit, a card
    played on him by another, a new turn; the order picks only legal actions (`route` among the legal orders)."""
    game, _ = real_time_game(people=4)
    for _ in range(2000):
        if in_movement_of(game, 0):
            break
        game.apply(game.legal_actions()[0])
    assert in_movement_of(game, 0)
    hold = RealTimeOrder.give(game, 0, Kind.HOLD, fire=False)
    fire = RealTimeOrder.give(game, 0, Kind.HOLD, fire=True)
    assert hold.ended(game, 0) is None and hold.answer(game, 0) == Pass()
    seen = hold.seen
    assert seen, "on the Pocket Arena everyone sees someone at the start"
    hold.seen = fire.seen = frozenset()  # as if none of them had been in sight when it was given
    names = ", ".join(game.state.players[other].name for other in sorted(seen))
    assert hold.ended(game, 0) == f"{names} came into sight"
    assert fire.ended(game, 0) is None  # he fires at whoever comes into sight: what he ordered
    player = game.state.players[0]
    player.damage += 1
    assert fire.ended(game, 0) == "you were hit"
    player.damage -= 1
    card = RealTimeOrder.give(game, 0, Kind.HOLD, fire=True)
    game.log.append(LogEntry(1, PlayCard(card="w-1", target=0), ()))  # (a card of Bob's on her, as the log says it)
    assert card.ended(game, 0) == "Bob played a card on you"
    game.log.pop()
    late = RealTimeOrder.give(game, 0, Kind.HOLD, fire=True)
    unused = RealTimeOrder.give(game, 0, Kind.HOLD, fire=False)
    assert late.answer(game, 0) == Pass()  # (it answers her Movement step: it ran in its turn)
    game.state.turn.number += 1
    assert late.ended(game, 0) == "a new turn began: hold still, firing at the first enemy in sight"
    assert unused.ended(game, 0) == "a new turn began (it answered nothing)"
    game.state.turn.number -= 1
    # A route's next order is one of the legal ones: turn to face the way, or step forward along it.
    top = game.state.pending[-1]
    assert isinstance(top, MovementOrders)
    footing = top.footings[0]
    legal = game.legal_actions(0)
    square = footing.square
    for goal in (type(square)(square.x, square.y + 2), type(square)(square.x + 2, square.y)):
        if path(game, square, goal):
            order = route(game, square, footing.facing, goal, legal)
            assert order is None or order in legal


def test_a_new_turn_reminds_him_of_an_order_that_ran_and_says_nothing_of_one_that_never_did() -> None:
    """The line his next question opens with (`ended_note`): not "ended" at each turn's start, which said nothing he
    did not know; a reminder that the order he left was for the last turn only, when it answered a question of his
    in that turn; nothing when it never did; what he could not know, in so many words."""
    assert ended_note("a new turn began: hold still, holding fire") == (
        "A new turn: your standing order (hold still, holding fire) was for the last turn only."
        " o gives one for this turn."
    )
    assert ended_note("a new turn began (it answered nothing)") is None
    assert ended_note("you were hit") == "Your standing order ended: you were hit."
    assert ended_note("Bob came into sight") == "Your standing order ended: Bob came into sight."


@pytest.mark.parametrize("map_name", ["pocket", "foundry"])
def test_standing_orders_cut_the_hand_offs_of_four_people_at_one_keyboard(map_name: str) -> None:
    """The bench's game (`fragtui.bench.realtime_handoffs`): four scripted people, Real-Time Frag; every question
    asked of each person behind his own hand-off is forty and more a turn, standing orders bring it near one each."""
    without = play(1, standing=False, turns=2, map_name=map_name)
    with_orders = play(1, standing=True, turns=2, map_name=map_name)
    turns = [turn for turn in with_orders.handoffs if turn >= 1]
    assert turns and [turn for turn in without.handoffs if turn >= 1]
    per_turn = sum(with_orders.handoffs[turn] for turn in turns) / len(turns)
    before = sum(count for turn, count in without.handoffs.items() if turn >= 1) / len(turns)
    assert before >= 20
    assert per_turn <= 8


async def test_an_order_that_ends_calls_him_back_and_says_why() -> None:
    """Hold still, holding fire: an enemy he had not seen comes into sight, so at his next question the order is
    gone, and the question's dialog says why he is asked again."""
    game, app = real_time_game()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(app, pilot, lambda: in_movement_of(game, 0) and isinstance(app.screen, ChoiceDialog))
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("enter")  # hold still, holding fire
        await pilot.pause()
        table = game_screen(app).table
        order = table.standing[0]
        assert isinstance(order, RealTimeOrder) and not order.fire
        order.seen = frozenset()  # as if nobody had been in sight when he gave it: the next look finds them new
        asked = ("rt-orders", "rt-attacks")  # (a shot at her first, which holding fire leaves to her, is answered)
        await play_until(
            app,
            pilot,
            lambda: isinstance(app.screen, ChoiceDialog) and 0 in game.deciders() and game.view(0).decision in asked,
        )
        assert 0 not in table.standing
        screen = app.screen
        assert isinstance(screen, ChoiceDialog)
        shown = str(screen.detail)
        assert "Your standing order ended: " in shown and "came into sight" in shown
