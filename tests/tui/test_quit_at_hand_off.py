"""`q` on a hand-off screen leaves the game (issue 13, interface item 8: the footer shows what applies
now, and Quit applies at a hand-off too) without ever opening the screen to the seat called or
showing the hand of the one who left."""

from __future__ import annotations

from pathlib import Path

from fragtui.table import Table
from fragtui.tui.app import FragApp, TitleScreen
from fragtui.tui.dialogs import ConfirmDialog, HandoffScreen
from tests.conftest import game_from
from tests.tui.test_game_screen import DUEL, TURN_ONE, WIDE, Keys, visible_text


async def test_q_at_a_hand_off_asks_then_leaves_with_no_hand_shown(tmp_path: Path) -> None:
    game = game_from(DUEL)
    game.play(TURN_ONE)  # Bob is next: the table opens on his hand-off
    table = Table(game, save_path=tmp_path / "duel.json")
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        assert isinstance(app.screen, HandoffScreen)
        assert "q Quit" in visible_text(app)
        await keys.press("q")  # the privacy check runs after every key
        assert isinstance(app.screen, ConfirmDialog)
        assert "Saved in" in " ".join(visible_text(app).split())
        await keys.press("n")  # no: back to the hand-off, still locked
        assert isinstance(app.screen, HandoffScreen) and table.at_keyboard != 1
        await keys.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert table.at_keyboard != 1 and keys.checks >= 4
    assert (tmp_path / "duel.json").exists()


async def test_q_in_a_decision_asks_and_no_brings_the_decision_back(tmp_path: Path) -> None:
    """A reaction window (or any decision the game waits for) is no trap: q asks to leave; "no" asks
    the decision again, "yes" goes to the title with the game saved."""
    from fragtui.tui.dialogs import ChoiceDialog
    from tests.tui.test_game_screen import TURN_ONE_WOUND, option_texts

    game = game_from(DUEL)
    game.play([*TURN_ONE_WOUND, "attack 1 pistol"])  # Bob is hit: his reaction window
    table = Table(game, save_path=tmp_path / "duel.json")
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Bob")
        assert isinstance(app.screen, ChoiceDialog)
        assert "q Quit" in visible_text(app)
        await keys.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await keys.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and sorted(option_texts(app)) == ["Pass", "Play Dodge"]
        assert game.state.pending[-1].kind == "react"  # nothing decided by the detour
        await keys.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert (tmp_path / "duel.json").exists()
