"""A one-shot timer fires even when the process was held up as it started (`fragtui.tui.timers`).

A computer player's move waits on one: under a loaded test run Textual's `set_timer` lost such a tick and the
computer players stopped playing (`tests/tui/test_bot_seats.py`, seen in CI). The clock here jumps 20 ms at every
reading, as if the process were held up between any two of them."""

from __future__ import annotations

import itertools

import pytest
from textual import _time
from textual.app import App

from fragtui.tui.timers import set_sure_timer


@pytest.fixture
def held_up_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = itertools.count()
    start = _time.get_time()
    monkeypatch.setattr(_time, "get_time", lambda: start + 0.02 * next(ticks))


async def fired_after_a_while(start_timer) -> bool:  # type: ignore[no-untyped-def]
    fired: list[bool] = []
    app: App[None] = App()
    async with app.run_test() as pilot:
        start_timer(app, 0.001, lambda: fired.append(True))
        for _ in range(50):
            await pilot.pause(0.002)
            if fired:
                break
    return bool(fired)


@pytest.mark.usefixtures("held_up_clock")
async def test_a_sure_timer_fires_although_its_start_was_held_up() -> None:
    assert await fired_after_a_while(lambda app, delay, callback: set_sure_timer(app, delay, callback))


@pytest.mark.usefixtures("held_up_clock")
async def test_textuals_own_one_shot_timer_is_lost_so_the_sure_one_is_needed() -> None:
    """Why `set_sure_timer` exists: when this fails, Textual fires late one-shot timers, and it may go."""
    assert not await fired_after_a_while(lambda app, delay, callback: app.set_timer(delay, callback))


async def test_a_sure_timer_stopped_before_its_time_never_fires() -> None:
    fired: list[bool] = []
    app: App[None] = App()
    async with app.run_test() as pilot:
        timer = set_sure_timer(app, 0.05, lambda: fired.append(True))
        timer.stop()
        await pilot.pause(0.1)
    assert not fired
