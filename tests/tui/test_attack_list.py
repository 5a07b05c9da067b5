"""The attack dialog lists the best shot first and the hopeless ones last, dimmed (issue 13, interface item 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from fragtui.engine.frag.actions import Attack
from fragtui.table import Table
from fragtui.tui.app import FragApp
from tests.conftest import game_from
from tests.tui.test_game_screen import WIDE, Keys, game_screen, option_texts

RANGES = """
    # Ann (Accuracy 1: one die, one attack) sees Bob at range 4, Cat at range 15 and Dan at range 3.
    map = "pocket"
    phase = "action"
    movement = 0
    dice = [3, 6, 1, 1]     # Ann's shot at Dan hits; he holds no card (passed for him): defence 6, damage 2

    [[fighter]]
    name = "Ann"
    accuracy = 1
    health = 4
    speed = 2
    at = "1,4"

    [[fighter]]
    name = "Bob"
    at = "1,8"

    [[fighter]]
    name = "Cat"
    at = "11,9"

    [[fighter]]
    name = "Dan"
    at = "4,4"
    damage = 1
    """


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


async def test_attacks_sort_by_chance_to_hit_then_damage_and_hopeless_shots_go_last_dimmed() -> None:
    game = game_from(RANGES)
    odds = {a.target: game.forecast(a) for a in game.legal_actions() if isinstance(a, Attack)}
    assert odds[2].p_hit == 0 and odds[3].p_hit > odds[1].p_hit > 0  # Cat is out of reach of one die
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        await keys.press("a")
        texts = option_texts(app)
        assert [t.split(" with ")[0] for t in texts] == ["Attack Dan", "Attack Bob", "Attack Cat"]
        assert "hit 0%" in texts[2] and "(cannot hit)" in texts[2]
        options = app.screen.query_one(OptionList)
        assert options.highlighted == 0  # the cursor starts on the best shot
        prompts = [options.get_option_at_index(n).prompt for n in range(3)]
        assert all("dim" not in str(span.style) for span in prompts[0].spans)  # type: ignore[union-attr]
        assert any("dim" in str(span.style) for span in prompts[2].spans)  # type: ignore[union-attr]
        assert game_screen(app).map.cursor == (4, 4)  # the map shows the highlighted target: Dan
        await keys.press("enter")
        assert [str(entry.action) for entry in game.log[-2:]] == ["attack 3 pistol", "pass"]  # (passed for Dan)
