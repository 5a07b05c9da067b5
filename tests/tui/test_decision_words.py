"""The interface says each decision in its class's words (fragtui.engine.frag.decisions): the title of
the decider's dialog (second person), the status line's short name, and nothing of its own."""

from __future__ import annotations

from fragtui.engine.frag.decisions import LastChance, React
from fragtui.saves.looks import default_look
from fragtui.tui.frag.describe import decision_title, turn_line
from tests.conftest import game_from

HIT = """
dice = [6, 6, 6]
phase = "action"
[[fighter]]
name = "Ann"
at = "2,4"
[[fighter]]
name = "Bob"
at = "2,8"
"""


def test_the_reaction_dialog_and_the_status_line_take_the_words_of_react() -> None:
    game = game_from(HIT)
    game.play(["attack 1 pistol"])
    view = game.view(1)
    assert decision_title(view) == React.you == "you are hit: play a reaction card, or pass"
    looks = [default_look(seat) for seat in range(2)]
    assert f"waiting for Bob: {React.label}" in turn_line(view, looks, game.rules.turn_structure).plain


def test_the_last_chance_title_says_how_much_a_cure_must_restore() -> None:
    """Bob at Health 0 (the pistol's 6 6 against his 1 1): the title comes from `LastChance.prompt`."""
    game = game_from(HIT.replace("[6, 6, 6]", "[6, 6, 6,   1, 1,   6, 6]"))
    game.play(["attack 1 pistol", "pass"])
    view = game.view(1)
    assert isinstance(game.state.pending[-1], LastChance) and view.cure_needed is not None
    assert decision_title(view) == LastChance.prompt(view)
    assert decision_title(view).startswith(f"your Health is 0 or less: a cure must restore {view.cure_needed} Health")
    looks = [default_look(seat) for seat in range(2)]
    assert "waiting for Bob: last chance" in turn_line(view, looks, game.rules.turn_structure).plain


def test_a_turn_without_a_decision_is_your_move() -> None:
    game = game_from(HIT)
    assert decision_title(game.view(0)) == "your move"
