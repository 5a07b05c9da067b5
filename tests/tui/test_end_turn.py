"""`e` with movement or an attack left asks once before ending the turn (issue 13, interface item 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.engine.frag.state import Phase
from fragtui.table import Table
from fragtui.tui.app import FragApp
from tests.conftest import game_from
from tests.tui.test_game_screen import DUEL, TURN_ONE_WOUND, WIDE, Keys


def toasts(app: FragApp) -> str:
    """The messages of the notifications on screen."""
    return "\n".join(n.message for n in app._notifications)


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


async def test_e_with_movement_and_an_attack_left_asks_once_then_ends() -> None:
    game = game_from(DUEL)
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        await keys.press("r")  # 3 movement points, 2 attacks, Bob and Cat in sight
        await keys.press("e")
        assert game.state.turn.active == 0 and len(game.log) == 1  # nothing ended
        assert "e again to end your turn with 3 movement points and 2 attacks left." in toasts(app)
        await keys.press("e")
        assert str(game.log[-1].action) == "end"
        assert game.state.turn.active == 1


async def test_an_action_between_the_two_es_asks_again() -> None:
    game = game_from(DUEL)
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        await keys.press("r", "e")
        await keys.press("down", "enter", "enter")  # a step: the question is asked again
        await keys.press("e")
        assert str(game.log[-1].action) == "step s"
        assert "with 2 movement points and 2 attacks left." in toasts(app)
        await keys.press("e")
        assert str(game.log[-1].action) == "end"


async def test_e_with_nothing_left_to_use_ends_at_once() -> None:
    game = game_from(DUEL)
    game.play([*TURN_ONE_WOUND, "attack 1 pistol", "pass", "pass"])  # Ann walked 3 and used both attacks
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        assert (game.state.turn.phase, game.state.turn.movement, game.state.turn.attacks) == (Phase.ACTION, 0, 0)
        await keys.press("e")
        assert str(game.log[-1].action) == "end"
