"""The record sheet as a player reads it (issue 13, interface item 10)."""

from __future__ import annotations

from fragtui.tui.frag.describe import record_sheet
from fragtui.tui.seats import default_look
from tests.conftest import game_from

ARMED = """
    map = "pocket"

    [[fighter]]
    name = "Ann"
    at = "2,3"
    weapons = [{ card = "shotgun", ammo = 2 }]

    [[fighter]]
    name = "Bob"
    at = "2,9"
    """


def weapons_line(sheet: str) -> str:
    return next(line for line in sheet.splitlines() if line.startswith("Weapons:"))


def test_the_pistol_stays_on_the_sheet_beside_a_weapon_card__F_ATK_05() -> None:
    """The starting pistol cannot be lost (F-ATK-05): a weapon card in play is listed after it, not instead."""
    game = game_from(ARMED)
    view = game.view(0)
    armed = record_sheet(view, 0, game.cards, default_look(0)).plain
    assert weapons_line(armed) == "Weapons: Pistol (ammo ∞); Shotgun (ammo 2)"
    bare = record_sheet(view, 1, game.cards, default_look(1)).plain
    assert weapons_line(bare) == "Weapons: Pistol (ammo ∞)"
    assert sum(line.startswith("Weapons:") for line in armed.splitlines()) == 1


def test_the_sheet_shows_the_armor_left_that_the_view_carries__F_ATK_09() -> None:
    """Heavy Armor (+2) that has stopped 1 Health adds 1 more: the sheet reads the view's `armor_left`
    (the rules' number), not a sum of its own."""
    game = game_from(ARMED.replace('at = "2,9"', 'at = "2,9"\n    gadgets = [{ card = "heavy-armor", absorbed = 1 }]'))
    view = game.view(0)
    assert view.fighters[1].armor_left == 1
    sheet = record_sheet(view, 1, game.cards, default_look(1)).plain
    assert "Gadgets: Heavy Armor (armor 1/2)" in sheet.splitlines()
