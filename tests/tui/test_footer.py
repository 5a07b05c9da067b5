"""The footer shows the keys that apply now, and never loses Help and Quit (issue 13, interface item 8)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.saves.format import save_of
from fragtui.saves.replay import Replay
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog
from tests.conftest import game_from
from tests.tui.test_game_screen import DUEL, SMALL, WIDE, Keys, game_screen, visible_text
from tests.tui.test_replay_screen import LOOKS, finished_game, screen_of

BUSY = """
    # Ann, wounded with a blood counter, a card to play and a gadget in play, stands on a blood
    # counter she may pick up, with 3 movement points and Bob in sight.
    map = "pocket"
    phase = "action"
    movement = 3
    may_pick_up = true
    dice = [1, 1, 1]

    [[fighter]]
    name = "Ann"
    at = "2,3"
    damage = 1
    blood = 1
    hand = ["medpack"]
    gadgets = ["jump-boots"]

    [[fighter]]
    name = "Bob"
    at = "2,9"

    [[counter]]
    blood = true
    at = "2,3"
    """


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


def footer(app: App[object]) -> str:
    """The bottom line of the terminal: the footer of whatever screen is on top."""
    return visible_text(app).rstrip("\n").splitlines()[-1]


def keys_in(line: str) -> set[str]:
    names = ["Help", "Quit", "Roll", "Attack", "End turn", "Cards", "Pick up", "Undo", "Drop", "Blood"]
    names += ["All", "Auto-pass", "Panel", "Choose", "Back", "I'm here"]
    return {name for name in names if f" {name}" in f" {line}"}


@pytest.mark.parametrize("size", [SMALL, WIDE])
async def test_the_footer_follows_the_turn(size: tuple[int, int]) -> None:
    # Cat holds a Dodge too: her reaction window is a choice, so she is called to it (with nothing to play the
    # table would pass for her, issue 30, item 3).
    dodging = DUEL.replace('hand = ["sniper-scope", "packet-loss"]', 'hand = ["sniper-scope", "packet-loss", "dodge"]')
    assert dodging != DUEL
    game = game_from(dodging)
    app = FragApp(Table(game))
    narrow = {"Panel"} if size == SMALL else set()
    async with app.run_test(size=size) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        assert keys_in(footer(app)) == {"I'm here", "Help", "Quit"}
        await keys.hand_to("Ann")
        # Phase 2: only the roll applies (no attack, no end of turn before rolling).
        assert keys_in(footer(app)) == {"Help", "Quit", "Roll", "All", "Auto-pass"} | narrow
        await keys.press("r")
        assert keys_in(footer(app)) == {"Help", "Quit", "Attack", "End turn", "All", "Auto-pass"} | narrow
        await keys.press("down", "enter", "enter")  # one step: it may be taken back
        assert "Undo" in keys_in(footer(app))
        await keys.press("a")  # a dialog: its own keys, and nothing of the game's that would not work
        assert isinstance(app.screen, ChoiceDialog)
        assert keys_in(footer(app)) == {"Choose", "Back", "Help"}
        await keys.choose("Attack Cat")
        await keys.hand_to("Cat")
        # The reaction window: no Roll, no Attack; the window's keys, auto-pass among them.
        line = footer(app)
        assert keys_in(line) == {"Choose", "Help", "Auto-pass", "Quit"}, line
        assert "Roll" not in line and "Attack" not in line
        await keys.press("t")  # answers this window and every later one of Cat's
        assert game_screen(app).table.auto_pass == {2}
        assert (game.log[-1].seat, str(game.log[-1].action)) == (2, "pass")


async def test_placement_windows_show_no_roll_or_attack() -> None:
    fighter = {"health": 3, "speed": 2, "accuracy": 2}
    config = make_config(map="pocket", seats=[{"name": "Ann", "fighter": fighter}, {"name": "Bob", "fighter": fighter}])
    app = FragApp(Table(new_game(config, 1)))
    async with app.run_test(size=SMALL) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.press("enter")  # the first to place comes to the keyboard
        assert isinstance(app.screen, ChoiceDialog)
        assert keys_in(footer(app)) == {"Choose", "Help", "Quit"}  # a forced decision: no Back, but Quit asks to leave


@pytest.mark.parametrize("size", [SMALL, WIDE])
async def test_blood_pick_up_cards_and_drop_show_when_they_apply_and_help_and_quit_always_fit(
    size: tuple[int, int],
) -> None:
    app = FragApp(Table(game_from(BUSY)))
    async with app.run_test(size=size) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        shown = keys_in(footer(app))
        assert {"Help", "Quit", "Attack", "End turn", "Cards", "Pick up"} <= shown
        if size == WIDE:  # everything that applies fits
            assert shown == {
                "Help",
                "Quit",
                "Attack",
                "End turn",
                "Cards",
                "Pick up",
                "Drop",
                "Blood",
                "All",
                "Auto-pass",
            }
        assert "Roll" not in shown and "Undo" not in shown
        # A key left out of the narrow footer still works: b spends the blood counter.
        await keys.press("b")
        assert game_screen(app).game.state.players[0].blood == 0
        await keys.press("p")  # ...and the pick up empties the square: Pick up goes
        assert "Pick up" not in keys_in(footer(app))
        await keys.press("t")  # shown or left out for room, t switches auto-pass
        assert game_screen(app).table.auto_pass == {0}


@pytest.mark.parametrize("size", [SMALL, WIDE])
async def test_the_replay_footer_shows_help_and_leave_and_no_cut_word(size: tuple[int, int]) -> None:
    replay = Replay(save_of(finished_game(), looks=LOOKS))
    app = FragApp(replay=replay)
    async with app.run_test(size=size) as pilot:
        for _ in range(100):  # (the replay indexes the game before its footer is drawn: slower on a busy machine)
            await pilot.pause(0.05)
            if footer(app).strip():
                break
        line = footer(app).split("▏")[0].strip()
        assert line.startswith("? Help q Leave → Next ← Back ↓ Next turn f Next frag t Turn…")
        last_words = {"Turn…", "Play/pause", "Faster", "Slower", "View"}
        assert line.split()[-1] in last_words, line  # the footer ends on a whole key, never mid-word
        if size == WIDE:
            assert line.endswith("space Play/pause + Faster - Slower v View")
        await pilot.press("space")  # a key left out of the narrow footer still works
        assert screen_of(app).playing
        await pilot.press("space")


@pytest.mark.parametrize("size", [SMALL, WIDE])
async def test_the_game_footer_never_ends_mid_word(size: tuple[int, int]) -> None:
    app = FragApp(Table(game_from(BUSY)))
    async with app.run_test(size=size) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        line = footer(app).split("▏")[0].strip()
        words = {"Help", "Quit", "Attack", "turn", "Cards", "up", "Drop", "Blood", "All", "Auto-pass", "Panel"}
        assert line.split()[-1] in words, line
