"""Keys typed faster than the screen handles them keep their order in a choice: "down, down, enter" in one
burst (a fast typist, a terminal's paste, tmux) chooses the third line, not the first. The dialogs' Enter has
priority (so their footer shows it), and a priority binding runs as the key arrives, before the arrows typed
just ahead of it have reached the list; the dialog now hands Enter to the list to travel behind them."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App

from fragtui.engine.actions import Action
from fragtui.engine.frag.actions import DrawFrom
from fragtui.tui.dialogs import ChoiceDialog
from fragtui.tui.poker_screen import PokerScreen
from tests.tui.test_poker_screen import CARDS, DRAWING, LOOKS, _view


class Host(App[None]):
    def __init__(self, screen: ChoiceDialog[str] | PokerScreen) -> None:
        super().__init__()
        self.dialog = screen
        self.answers: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.answers.append)


async def _burst(app: Host, *keys: str) -> None:
    """The keys posted at once, as a terminal delivers a burst, then handled."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:
            app.post_message(events.Key(key, "\r" if key == "enter" else None))
        await pilot.pause(0.3)


@pytest.mark.parametrize(("keys", "chosen"), [(("down", "down", "enter"), "c"), (("enter",), "a")])
async def test_a_burst_of_keys_chooses_the_line_the_arrows_reached(keys: tuple[str, ...], chosen: str) -> None:
    app = Host(ChoiceDialog("Which?", [("A", "a"), ("B", "b"), ("C", "c")], forced=True))
    await _burst(app, *keys)
    assert app.answers == [chosen]


async def test_the_poker_screen_keeps_the_order_too() -> None:
    options: list[tuple[str, Action]] = [(f"Draw from {d}", DrawFrom(deck=d)) for d in ("weapons", "gadgets", "hexes")]
    app = Host(PokerScreen(_view(DRAWING), LOOKS, CARDS, "draw", options))
    await _burst(app, "down", "enter")
    assert app.answers == [DrawFrom(deck="gadgets")]
