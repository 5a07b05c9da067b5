"""Health on the record sheet and the scoreboard as the rulebook says it (issue 13, F-FRAG-01)."""

from __future__ import annotations

import pytest

from fragtui.tui.frag.describe import health_text, record_sheet, scoreboard
from fragtui.tui.seats import default_look
from tests.conftest import game_from

CANNON = """
[[card]]
id = "test-cannon"
deck = "weapons"
name = "Test Cannon"
damage = 12
"""


@pytest.mark.rule("F-FRAG-01")
def test_health_at_or_past_0_reads_0_and_how_far_past_it() -> None:
    """Bob brought to Health -19 by a cannon: at his last chance the scoreboard says "H0/2 (19 past)", never
    "-19/2"; fragged, his sheet says "0/2, 19 past 0" and why it no longer matters, the scoreboard "fragged";
    Ann, unhurt, reads 2/2."""
    assert (health_text(2, 3), health_text(0, 3), health_text(-7, 3)) == ("2/3", "0/3", "0/3, 7 past 0")
    game = game_from(
        """
        dice = [6, 6, 6,   1, 1,   6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["test-cannon"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
        + CANNON
    )
    game.play(["attack 1 test-cannon#1", "pass"])  # his last chance: how far past 0 says what a cure must restore
    assert game.rules.health(1) == -19
    looks = [default_look(0), default_look(1)]
    board = scoreboard(game.view(None), looks).plain
    assert "H0/2 (19 past)" in board and "H2/2" in board and "-19" not in board
    game.play(["pass"])
    view = game.view(None)
    sheet = record_sheet(view, 1, game.cards, default_look(1)).plain
    assert "Health   0/2, 19 past 0" in sheet and "-19" not in sheet
    # Fragged (issue 30, item 13), the Health past 0 no longer counts: he comes back fresh (F-RESP-02).
    assert "fragged: full Health again when he comes back" in sheet
    bob = scoreboard(view, looks).plain.splitlines()[1]
    assert bob.split()[-1] == "fragged" and "past" not in bob and "-19" not in bob
