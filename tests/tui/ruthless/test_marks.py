"""The models of Ruthless on the map (fragtui/tui/ruthless/marks.py): a letter each in his posse's colour,
lower case when unconscious, reversed when mounted, underlined when Lily Livered; the strongbox as `$`."""

from __future__ import annotations

import pytest

from fragtui.engine.board import Square
from fragtui.engine.ruthless.actions import MoveTo
from fragtui.engine.ruthless.table import Condition
from fragtui.tui.ruthless.marks import glyphs, model_marks, strongbox_marks
from fragtui.tui.ruthless.roster import roster_text
from fragtui.tui.ruthless.words import model_line
from fragtui.tui.seats import SEAT_RGB
from tests.rules.ruthless.common import model, ruthless_game
from tests.rules.ruthless.test_strongbox import BOX
from tests.rules.ruthless.test_strongbox import _game as strongbox_game


def _game():  # type: ignore[no-untyped-def]
    return ruthless_game(
        {
            "Ann": [("chet-willis", "1,1"), ("cal-mercer", "2,1"), ("wes-harlan", "3,1")],
            "Bob": [("ike-pruitt", "10,6"), ("doc-calloway", "9,6")],
        }
    )


def test_each_model_has_a_letter_of_his_own_and_no_map_letter_while_another_is_free() -> None:
    game = _game()
    letters = glyphs(game.view(0).ruthless.models)  # type: ignore[union-attr]
    # Chet Willis: C is hard cover and W a weapon power-up, so E; Cal Mercer: C, M (a mouth), A; Wes Harlan:
    # W, H (the gallows), E taken, S; Ike Pruitt: I; Doc Calloway: D (a door), C, O.
    assert letters == {0: "E", 1: "A", 2: "S", 3: "I", 4: "O"}
    assert len(set(letters.values())) == len(letters)


def test_models_are_drawn_in_their_posse_colour_where_they_stand() -> None:
    game = _game()
    marks = model_marks(game.view(None))
    assert set(marks) == {(1, 1), (2, 1), (3, 1), (10, 6), (9, 6)}
    ann, bob = marks[(1, 1)].style.color, marks[(10, 6)].style.color
    assert ann is not None and ann.triplet is not None and ann.triplet.hex == SEAT_RGB["bright_red"]
    assert bob is not None and bob.triplet is not None and bob.triplet.hex == SEAT_RGB["bright_cyan"]
    assert marks[(1, 1)].style.bold


def test_unconscious_lower_case_mounted_reversed_lily_livered_underlined_dead_gone() -> None:
    game = _game()
    model(game, 0).condition = Condition.UNCONSCIOUS
    model(game, 3).markers.lily_livered = True
    model(game, 4).condition = Condition.DEAD
    model(game, 4).square = None
    marks = model_marks(game.view(None))
    assert marks[(1, 1)].glyph == "e"  # Chet Willis tipped over
    assert not marks[(1, 1)].style.reverse
    assert marks[(3, 1)].glyph == "S" and marks[(3, 1)].style.reverse  # Wes Harlan rides (he has a horse)
    assert marks[(10, 6)].style.underline and not marks[(2, 1)].style.underline
    assert (9, 6) not in marks


def test_under_no_color_the_letters_and_attributes_still_tell_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    game = _game()
    model(game, 1).condition = Condition.UNCONSCIOUS
    marks = model_marks(game.view(None))
    assert marks[(2, 1)].glyph == "a"
    assert marks[(1, 1)].style.color == marks[(10, 6)].style.color  # one white: the letter tells them apart
    assert marks[(3, 1)].style.reverse


def test_the_strongbox_lying_on_the_map_is_a_reversed_dollar() -> None:
    marks = strongbox_marks(Square(7, 3))
    assert marks[(7, 3)].glyph == "$" and marks[(7, 3)].style.reverse
    assert strongbox_marks(None) == {}


def test_the_strongbox_scenario_shows_the_box_where_it_lies_then_its_carrier() -> None:
    """R-SKED-01 (the strongbox): the `$` on its square while it lies there; carried, no `$`, and the
    carrier's card and cursor line say "strongbox"."""
    game = strongbox_game([("chet-willis", "4,3")], [("ike-pruitt", "11,7")])
    assert model_marks(game.view(0))[BOX.cell].glyph == "$"
    assert "strongbox" not in roster_text(game.view(0), 0, None, 60).plain
    game.apply(MoveTo(fighter=0, to=BOX))
    view = game.view(1)
    assert model_marks(view)[BOX.cell].glyph != "$"  # Chet stands there, box in hand
    assert "strongbox" in model_line(view, 0).plain and "strongbox" not in model_line(view, 1).plain
    assert "strongbox" in roster_text(view, 1, None, 60).plain
