"""The last chance in words (issue 13, rules item 8): the dialog says how much Health a cure must
bring back, and says so plainly when nothing the fighter holds can save him (ruling F-FRAG-01)."""

from __future__ import annotations

import pytest

from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog
from tests.conftest import game_from
from tests.tui.test_game_screen import DUEL, TURN_ONE_WOUND, WIDE, Keys, option_texts, visible_text


@pytest.mark.rule("F-FRAG-01")
async def test_a_last_chance_with_no_cure_says_nothing_can_save_him__F_FRAG_01() -> None:
    game = game_from(DUEL)
    game.play([*TURN_ONE_WOUND, "attack 1 pistol", "pass"])  # Bob, at Health 1 with only a Dodge, is hit
    assert game.state.pending[-1].kind == "last_chance"
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Bob")
        assert isinstance(app.screen, ChoiceDialog)
        assert option_texts(app) == ["Pass"]  # Dodge is no cure: not offered
        shown = " ".join(visible_text(app).split())
        needed = game.view(1).cure_needed
        assert needed is not None and needed >= 1
        assert f"a cure must restore {needed} Health" in shown
        assert "Nothing you hold can bring your Health above 0" in shown
