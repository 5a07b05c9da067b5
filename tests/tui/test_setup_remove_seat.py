"""`x` on the set-up screen removes the seat being edited, and Ctrl+X does so from its name (issue 30, item 14).

`x` removed the last seat wherever the focus was, and in a name field typed an x instead."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from fragtui.tui.setup_kit import Stepper
from tests.tui.test_setup_rules import LARGE, SMALL, Host, screen_of


def names(app: Host) -> list[str]:
    return [row.player_name for row in screen_of(app).seat_rows]


def numbers(app: Host) -> list[str]:
    return [str(row.query_one(".seat-number", Static).render()) for row in screen_of(app).seat_rows]


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_x_removes_the_seat_being_edited_and_the_same_field_of_the_next_takes_the_focus(
    size: tuple[int, int],
) -> None:
    app = Host()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert names(app) == ["Ann", "Bob", "Cat", "Dan"]
        bob = screen_of(app).seat_rows[1]
        bob.query_one(".seat-colour", Stepper).focus()
        await pilot.press("x")
        await pilot.pause()
        assert names(app) == ["Ann", "Cat", "Dan"], "Bob's seat, not Dan's"
        assert numbers(app) == ["1.", "2.", "3."]
        cat = screen_of(app).seat_rows[1]
        assert app.focused is cat.query_one(".seat-colour", Stepper), "Cat's colour, where Bob's was"
        screen_of(app).query_one("#setup-start").focus()
        await pilot.press("x")  # on no seat's field: the last seat
        await pilot.pause()
        assert names(app) == ["Ann", "Cat"] and numbers(app) == ["1.", "2."]


async def test_in_a_name_x_is_a_letter_and_ctrl_x_removes_the_seat() -> None:
    app = Host()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        cat = screen_of(app).seat_rows[2]
        name = cat.query_one(Input)
        name.focus()
        await pilot.press("end", "x")
        await pilot.pause()
        assert names(app) == ["Ann", "Bob", "Catx", "Dan"], "a name may hold an x"
        await pilot.press("ctrl+x")
        await pilot.pause()
        assert names(app) == ["Ann", "Bob", "Dan"]
        assert app.focused is screen_of(app).seat_rows[2].query_one(Input), "Dan's name, where Cat's was"
        assert "x or ^X: remove this seat" in str(screen_of(app).query_one("#setup-seat-note", Static).render())


async def test_ctrl_x_right_after_ctrl_n_removes_the_seat_not_its_name_and_cuts_what_the_player_selected() -> None:
    """Ctrl+N enters a name with the whole of it selected (so typing replaces it): that selection is the field's,
    and Ctrl+X removes the seat. Text the player selected himself (the shift-arrows, Shift+Home, Ctrl+Shift+A) is
    cut, as in any text field."""
    app = Host()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")  # Ann's name, selected whole
        await pilot.pause()
        ann = screen_of(app).seat_rows[0].query_one(Input)
        assert app.focused is ann and ann.selected_text == "Ann"
        await pilot.press("ctrl+x")
        await pilot.pause()
        assert names(app) == ["Bob", "Cat", "Dan"], "the seat went, not its name"
        bob = screen_of(app).seat_rows[0].query_one(Input)
        bob.focus()
        await pilot.pause()
        await pilot.press("end", "shift+left", "shift+left")  # the player selects "ob"
        await pilot.press("ctrl+x")
        await pilot.pause()
        assert names(app) == ["B", "Cat", "Dan"], "what the player selected is cut; the seat stays"
        await pilot.press("shift+home", "ctrl+x")  # all that is left, selected by the player
        await pilot.pause()
        assert names(app) == ["", "Cat", "Dan"]
