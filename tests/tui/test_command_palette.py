"""The command palette offers the game's commands (issue 13, interface item 12): every key's action,
the help, where the game is saved, and in a replay any turn by number."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette

from fragtui.saves.format import save_of
from fragtui.saves.replay import Replay
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import HelpScreen
from tests.conftest import game_from
from tests.saves.test_replay import real_time_game
from tests.tui.test_game_screen import DUEL, SMALL, WIDE, Keys
from tests.tui.test_replay_screen import LOOKS, finished_game, screen_of, shows


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


def toasts(app: FragApp) -> str:
    return "\n".join(n.message for n in app._notifications)


async def palette(keys: Keys, typed: str) -> list[str]:
    """Open the palette, type `typed`; the commands it offers, best match first."""
    await keys.pilot.press("ctrl+p")
    assert isinstance(keys.app.screen, CommandPalette)
    await keys.pilot.press(*typed)
    await keys.pilot.pause(0.3)  # the palette gathers its hits in a worker
    found = keys.app.screen.query_one(CommandList)
    return [str(option.prompt).splitlines()[0] for option in found.options]


@pytest.mark.parametrize("size", [SMALL, WIDE])
async def test_the_palette_offers_every_key_of_the_game(size: tuple[int, int]) -> None:
    game = game_from(DUEL)
    app = FragApp(Table(game, save_path=None))
    async with app.run_test(size=size, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        offered = await palette(keys, "")
        for name in ("Roll", "Attack (a)", "End turn (e)", "Cards (c)", "Pick up (p)", "Undo (u)", "Next fighter (f)"):
            assert any(name in line for line in offered), (name, offered)
        assert any("Help: the keys and the rules (?)" in line for line in offered)
        assert any("Where is this game saved?" in line for line in offered)
        assert any("Page down (pagedown)" in line for line in offered)  # the map's keys too
        await pilot.press("escape")
        # Choosing a command presses its key: the roll.
        offered = await palette(keys, "roll")
        assert offered[0].startswith("Roll")
        await pilot.press("enter")
        await pilot.pause()
        assert str(game.log[-1].action) == "roll"
        # ... and a key that does not apply now says why, as the key would.
        await palette(keys, "roll")
        await pilot.press("enter")
        await pilot.pause()
        assert "You have already rolled for movement this turn." in toasts(app)
        await palette(keys, "help")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_the_palette_says_where_the_game_is_saved(tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    app = FragApp(Table(game_from(DUEL), save_path=path))
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        offered = await palette(keys, "saved")
        assert offered[0] == "Where is this game saved?"
        await pilot.press("enter")
        await pilot.pause()
        assert f"Saved after every action in {path}" in toasts(app)


async def test_in_a_replay_the_palette_goes_to_a_turn() -> None:
    replay = Replay(save_of(finished_game(), looks=LOOKS))
    assert len(replay.turn_starts) >= 5
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(app, pilot)
        await pilot.pause()
        offered = await palette(keys, "turn 5")
        assert offered[0] == "Go to turn 5"
        await pilot.press("enter")
        await pilot.pause()
        shows(app, replay.turn_start(5), replay)
        assert screen_of(app).replay is replay


async def test_a_frag_replays_palette_offers_no_segment_command_a_real_time_replays_does__J_RT_04() -> None:
    """The segment keys do nothing in a game without segments: the footer leaves them out, and so does the palette
    (it once offered "Next segment (s)" in every replay). A Real-Time Frag replay offers them."""
    frag = FragApp(replay=Replay(save_of(finished_game(), looks=LOOKS)))
    async with frag.run_test(size=WIDE) as pilot:
        await pilot.pause()
        offered = await palette(Keys(frag, pilot), "segment")
        assert not [name for name in offered if "segment" in name.lower()], offered
        assert any(name.startswith("Next turn") for name in await palette_again(Keys(frag, pilot), "turn"))
    real_time = FragApp(replay=Replay(save_of(real_time_game(7, 200), looks=LOOKS)))
    async with real_time.run_test(size=WIDE) as pilot:
        await pilot.pause()
        offered = await palette(Keys(real_time, pilot), "segment")
        assert "Next segment (s)" in offered and "Segment back (S)" in offered, offered


async def palette_again(keys: Keys, typed: str) -> list[str]:
    """The palette closed (Esc) and opened again with `typed`."""
    await keys.pilot.press("escape")
    await keys.pilot.pause()
    return await palette(keys, typed)
