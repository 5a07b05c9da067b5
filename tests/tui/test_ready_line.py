"""The set-up's ready line says the game each ruleset sets up (issue 30, item 6): Frag Deadlands was
announced as plain Frag ("Ready: 4 players on Foundry, first to 3 frags wins")."""

from __future__ import annotations

import random

import pytest
from textual import events

from fragtui.engine.config import make_config
from fragtui.engine.rulesets import find_ruleset, ruleset_names
from fragtui.tui.setup import NewGameScreen
from tests.tui.test_setup_rules import SMALL, Host, rules_stepper, screen_of, shown


@pytest.mark.parametrize(
    ("ruleset", "options", "said"),
    [
        ("frag", {}, "4 players on Foundry, first to 3 frags wins"),
        ("deadlands", {}, "Frag Deadlands, 4 players on Foundry, first to 3 frags wins"),
        ("frag", {"objective": "turn-to-frag"}, "4 players on Foundry, first to 3 frags wins (A Turn To Frag)"),
        ("frag", {"objective": "keep-away"}, "4 players on Foundry, first to 10 points wins (Keep-Away)"),
        (
            "deadlands",
            {"objective": "king-of-the-hill", "target": 1},
            "Frag Deadlands, 4 players on Foundry, first to 1 point wins (King of the Hill)",
        ),
        ("frag", {"real-time": True}, "Real-Time, 4 players on Foundry, first to 3 frags wins"),
        (
            "deadlands",
            {"real-time": True, "objective": "keep-away"},
            "Frag Deadlands, Real-Time, 4 players on Foundry, first to 10 points wins (Keep-Away)",
        ),
    ],
)
def test_each_ruleset_words_its_own_game(ruleset: str, options: dict[str, object], said: str) -> None:
    """J-TAG-01..04: a Frag Tag mode by its name and what wins it; Frag Deadlands by its name; Real-Time Frag
    (J-RT-01, issue 33: the ready line did not say a table was Real-Time) by its name."""
    rules = find_ruleset(ruleset)
    seats = rules.random_seats(random.Random(1), 4)
    config = make_config(ruleset=ruleset, map="foundry", seats=seats, options=options)
    assert rules.table_words(config, "Foundry") == said


async def test_the_ready_line_names_frag_deadlands() -> None:
    app = Host()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        for _ in ruleset_names():
            if rules_stepper(app).value_text == "Frag Deadlands":
                break
            await pilot.press("right")
            await pilot.pause()
        await pilot.pause()
        board = screen_of(app).boards[screen_of(app).map_name or ""]
        assert f"Ready: Frag Deadlands, 4 players on {board.name}, first to 3 frags wins." in shown(
            app, "#setup-message"
        )


class ServedHost(Host):
    """The set-up a visitor of `fragtui serve --segment-seconds 20` hosts a table with."""

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # (not Host's screen too)
        self.push_screen(NewGameScreen(self.last, clock_seconds=20), self.results.append)


async def test_the_ready_line_says_real_time_and_a_served_table_s_segment_clock() -> None:
    """J-RT-01, issue 33: "Ready: 4 players on Pocket Arena, first to 1 frag wins" said nothing of Real-Time; now
    the line names it, and on a server with a segment clock, the clock's seconds (a Frag game has no clock)."""
    for app, clock in ((Host(), ""), (ServedHost(), ", 20 s a segment")):
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            screen = screen_of(app)
            board = screen.boards[screen.map_name or ""]
            assert "Real-Time" not in shown(app, "#setup-message") and "s a segment" not in shown(app, "#setup-message")
            screen.option_values["real-time"] = True
            screen._refresh()
            await pilot.pause()
            assert f"Ready: Real-Time, 4 players on {board.name}, first to 3 frags wins{clock}." in shown(
                app, "#setup-message"
            )
