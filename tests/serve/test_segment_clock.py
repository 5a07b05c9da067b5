"""Real-Time Frag over SSH (issue 33): the segment clock (`fragtui serve --segment-seconds`, off by default). When it
runs out on a Movement or Combat step, every person still choosing holds: he stands still and holds fire (`pass`),
and every connection's log says so; without it the table waits for every order."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from textual._context import active_app
from textual.widgets import Static

from fragtui.engine.actions import Pass
from fragtui.engine.config import make_config
from fragtui.engine.realtime.decisions import AnswerFirst, CombatOrders, MovementOrders
from fragtui.serve.app import ServedApp
from fragtui.serve.driver import ClientTerminal
from fragtui.serve.lobby import table_label, table_title
from fragtui.serve.tables import HostedTable, TableHub, TableSeat
from fragtui.table import clock_words
from fragtui.tui.dialogs import ChoiceDialog
from tests.serve.test_table_screens import join, log_lines, running, served, settle, table_screen
from tests.serve.test_tables import Connection, looks


def real_time_table(
    tmp_path: Path, seconds: float | None, seed: int = 11
) -> tuple[HostedTable, TableSeat, TableSeat, Connection]:
    """Ann and Bob at a hosted table of Real-Time Frag on the Pocket Arena, Cat a computer."""
    design = {"health": 3, "speed": 2, "accuracy": 2}
    seats = [{"name": name, "fighter": design} for name in ("Ann", "Bob", "Cat")]
    config = make_config(map="pocket", frag_target=3, seats=seats, options={"real-time": True})
    hub = TableHub(tmp_path, bot_pause=0, segment_seconds=seconds)
    hosted = hub.host(config, seed, looks({2}, 3))
    ann = Connection()
    return hosted, hosted.sit(0, ann), hosted.sit(1, Connection()), ann


async def to_the_first_step(hosted: HostedTable, ann: TableSeat, bob: TableSeat) -> None:
    """Place the fighters (the first legal action of whoever must) until a Movement or Combat step waits for a
    person."""
    game = hosted.table.game
    faces = {0: ann, 1: bob}
    for _ in range(200):
        await hosted.settled()
        top = game.state.pending[-1] if game.state.pending else None
        if isinstance(top, MovementOrders | CombatOrders) and {0, 1} & set(game.deciders()):
            return
        decider = game.decider()
        assert decider is not None
        if decider in faces:
            faces[decider].act(game.legal_actions(decider)[0])
        await asyncio.sleep(0)
    raise AssertionError("no Movement or Combat step opened")


async def test_when_the_segment_clock_runs_out_whoever_has_not_ordered_holds(tmp_path: Path) -> None:
    hosted, ann, bob, told = real_time_table(tmp_path, 0.05)
    game = hosted.table.game
    await to_the_first_step(hosted, ann, bob)
    top = game.state.pending[-1]
    waiting = [seat for seat in game.deciders() if seat in (0, 1)]
    before = len(game.log)
    await asyncio.sleep(0.3)
    await hosted.settled()
    held = [entry.seat for entry in game.log[before:] if entry.action == Pass() and entry.seat in (0, 1)]
    assert set(waiting) <= set(held)  # each person still choosing held: stood still, or held fire
    assert top not in game.state.pending  # the step resolved without them
    lines = [change.log_line for change in told.told if change.log_line]
    assert any(line.startswith("The segment clock ran out: ") for line in lines)


async def test_the_clock_and_the_computers_carry_no_players_app(tmp_path: Path) -> None:
    """A table's clock and its computers' task are made while some player's app changes the table, in that app's
    context (Textual's `active_app`); a callback keeps its context until its time, cancelled or not. They are made in
    contexts of their own, so a player who leaves is not kept alive (frozen, in the server) by the table he left."""
    hosted, ann, bob, _ = real_time_table(tmp_path, 1000)
    computers = hosted._computers_play
    seen: list[object] = []

    async def told() -> None:
        seen.append(active_app.get(None))
        await computers()

    hosted._computers_play = told  # type: ignore[method-assign]
    token = active_app.set(ServedApp(ClientTerminal(write=lambda _: None), {}))  # Ann's app, changing the table
    try:
        await to_the_first_step(hosted, ann, bob)
        assert hosted._clock is not None
        clock = hosted._clock[1]
        assert active_app not in clock._context  # type: ignore[attr-defined]
    finally:
        active_app.reset(token)
    assert seen and seen == [None] * len(seen), "the computers played in a context of their own"
    hosted.close()


async def test_without_the_clock_the_table_waits_for_every_order(tmp_path: Path) -> None:
    hosted, ann, bob, _ = real_time_table(tmp_path, None)
    game = hosted.table.game
    await to_the_first_step(hosted, ann, bob)
    top = game.state.pending[-1]
    before = len(game.log)
    await asyncio.sleep(0.2)
    await hosted.settled()
    assert game.state.pending[-1] is top and len(game.log) == before
    hosted.close()


async def test_an_order_given_in_time_is_not_overruled(tmp_path: Path) -> None:
    """Ann orders before the clock runs out: her order stands; the clock holds only for those who did not."""
    hosted, ann, bob, told = real_time_table(tmp_path, 0.3)
    game = hosted.table.game
    await to_the_first_step(hosted, ann, bob)
    step = game.state.pending[-1]
    others = [seat for seat in game.deciders() if seat == 1]
    if 0 in game.deciders():
        ann.act(game.legal_actions(0)[0])  # (an order of hers, or holding if that is first)
        while step in game.state.pending and 0 in game.deciders():  # (she holds after her first order)
            ann.act(Pass())
    await asyncio.sleep(0.45)
    await hosted.settled()
    lines = [change.log_line for change in told.told if change.log_line and "segment clock" in change.log_line]
    if others:
        assert lines and "Bob" in lines[0] and "Ann" not in lines[0]
    else:  # (Bob had nothing to order in this step: the step went on when Ann had ordered)
        assert step not in game.state.pending
    hosted.close()


async def test_each_chooser_sees_the_clock_count_down_and_a_question_the_clock_answered_goes(tmp_path: Path) -> None:
    """The segment clock on screen: Ann's and Bob's questions (a Movement or Combat step, each on his own terminal)
    say the seconds left; once Ann has chosen, her screen has no countdown. The clock runs out: Bob holds, and his
    dialog of that question is taken down (an answer to it can never go to the next question); his log says why."""
    hub = TableHub(tmp_path, bot_pause=0, segment_seconds=1000)  # (run out by hand below: nothing waits on time)
    design = {"health": 3, "speed": 2, "accuracy": 2}
    seats = [{"name": name, "fighter": design} for name in ("Ann", "Bob", "Cat")]
    config = make_config(map="pocket", frag_target=3, seats=seats, options={"real-time": True})
    hosted = hub.host(config, 11, looks({2}, 3))
    game = hosted.table.game
    ann_app, bob_app = served(hub, "ann"), served(hub, "bob")
    async with running(ann_app, bob_app) as (ann, bob):
        await join(ann, hosted.code)
        await join(bob, hosted.code)
        pilots = {0: ann, 1: bob}
        for _ in range(300):  # every question of Ann's or Bob's answered with Enter until a step asks both at once
            await settle(ann, bob)
            top = game.state.pending[-1] if game.state.pending else None
            if isinstance(top, MovementOrders | CombatOrders) and {0, 1} <= set(game.deciders()):
                break
            for seat in {0, 1} & set(game.deciders()):
                await pilots[seat].press("enter")
        else:
            raise AssertionError("no step asked Ann and Bob at once")
        step = game.state.pending[-1]
        dialogs = {seat: app.screen for seat, app in ((0, ann_app), (1, bob_app))}
        for dialog in dialogs.values():
            assert isinstance(dialog, ChoiceDialog)
            title = str(dialog.query_one("#choice-title", Static).render())
            assert re.search(r"\n\d+ s left to choose, then you hold", title), title
        await ann.press("enter")  # Ann holds: her question, and its countdown, are gone
        await settle(ann, bob)
        assert step in game.state.pending and game.deciders() == (1,)
        assert ann_app.screen is not dialogs[0] and table_screen(ann_app)._countdown is None
        assert hosted.seconds_left(0) is None and hosted.seconds_left(1) is not None
        assert hosted.clock_ran_out(step) == [1]
        await settle(ann, bob)
        assert bob_app.screen is not dialogs[1], "the question the clock answered is no longer up"
        said = "The segment clock ran out: Bob holds, not having chosen their "
        assert any(line.startswith(said) for line in log_lines(bob_app))
        hosted.close()


async def test_the_clock_runs_on_a_shot_first_too_and_the_log_says_what_was_not_answered(tmp_path: Path) -> None:
    """A shoot-first question (J-RT-10) is one person's, not a simultaneous choice: the clock runs on it too, else a
    player away from his keyboard holds up the whole table; when it runs out he lets the attack come."""
    for seed in range(1, 40):
        hosted, ann, bob, told = real_time_table(tmp_path / str(seed), 1000, seed)
        game = hosted.table.game
        faces = {0: ann, 1: bob}
        asked = None
        for _ in range(400):  # Ann and Bob hold in every step (never announcing a shot): Cat shoots at them
            await hosted.settled()
            top = game.state.pending[-1] if game.state.pending else None
            if game.over or (isinstance(top, AnswerFirst) and top.player in faces):
                asked = top
                break
            decider = game.decider()
            if decider in faces:
                legal = game.legal_actions(decider)
                faces[decider].act(Pass() if Pass() in legal else legal[0])
            await asyncio.sleep(0)
        if isinstance(asked, AnswerFirst):
            break
        hosted.close()
    else:
        raise AssertionError("no seed has Cat shoot at Ann or Bob first")
    assert hosted.seconds_left(asked.player) is not None, "the clock runs on his question"
    assert hosted.clock_ran_out(asked) == [asked.player]
    assert asked not in game.state.pending
    name = game.state.players[asked.player].name
    lines = [change.log_line for change in told.told if change.log_line]
    assert f"The segment clock ran out: {name} holds, not having answered (shoot first)." in lines
    hosted.close()


def test_the_watch_list_and_the_seat_list_say_real_time_and_its_clock(tmp_path: Path) -> None:
    """Issue 33: the served lists named a Real-Time table as any other ("pocket · Ann, Bob, Cat · turn 1"); now
    they say Real-Time, and the segment clock's seconds where the server runs one (`--segment-seconds`)."""
    clocked, *_ = real_time_table(tmp_path / "clocked", 30)
    assert clocked.kind == "Real-Time, 30 s a segment"
    assert "pocket · Ann, Bob, Cat · Real-Time, 30 s a segment · " in table_label(clocked)
    assert table_title(clocked).startswith("pocket · Ann, Bob, Cat · Real-Time, 30 s a segment · ")
    free, *_ = real_time_table(tmp_path / "free", None)
    assert free.kind == "Real-Time"
    assert " · Real-Time · " in table_label(free)
    design = {"health": 3, "speed": 2, "accuracy": 2}
    seats = [{"name": name, "fighter": design} for name in ("Ann", "Bob")]
    plain = TableHub(tmp_path / "plain", bot_pause=0, segment_seconds=30).host(
        make_config(map="pocket", frag_target=3, seats=seats), 1, looks(set(), 2)
    )
    assert plain.kind is None and "Real-Time" not in table_label(plain)  # (Frag's turns: no clock to tell)
    for hosted in (clocked, free, plain):
        hosted.close()


def test_the_hosts_ready_line_says_real_time_and_the_clock() -> None:
    """The set-up a server's visitor hosts a table with says the clock its Real-Time game will play under."""
    design = {"health": 3, "speed": 2, "accuracy": 2}
    seats = [{"name": name, "fighter": design} for name in ("Ann", "Bob", "Cat", "Dan")]
    real_time = make_config(map="pocket", frag_target=1, seats=seats, options={"real-time": True})
    assert clock_words(real_time, 20) == "20 s a segment"
    assert clock_words(real_time, None) is None
    assert clock_words(make_config(map="pocket", frag_target=1, seats=seats), 20) is None
