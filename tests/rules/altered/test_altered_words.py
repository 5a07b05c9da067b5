"""What players read of the altered cards (J-ALT-01, J-ALT-02): the card lines of the hand and the dialogs,
and the record sheet, read the cards the game plays, so they print the altered text and numbers."""

from __future__ import annotations

import pytest

from fragtui.saves.format import SeatLook
from fragtui.tui.frag.describe import card_line, record_sheet
from tests.rules.altered.test_altered_cards import BURST, FAR_SHOT, MISS, RULESETS, game

LOOK = SeatLook(colour="red", glyph="A")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_j_alt_01_j_alt_02_the_card_lines_print_the_altered_text_and_numbers(ruleset: str) -> None:
    """J-ALT-01/02: with the option the Cannon's line gives its altered text (range beyond 10 treated as 10)
    and the Machine Gun's its two shots an ammo; without it, the printed text and numbers."""
    played = game(FAR_SHOT.format(dice=[]), ruleset=ruleset)
    cannon = card_line(played.cards, "electromagnetic-cannon#1").plain
    assert cannon.startswith("Electromagnetic Cannon (5 dice +1, ammo 3, piercing) — ")
    assert "If range is beyond 10, always treat as 10. Ignores armor, +1 Health damage per hit." in cannon
    gun = card_line(played.cards, "machine-gun#1").plain
    assert (
        gun.startswith("Machine Gun (3 dice, ammo 12, 2 shots an ammo) — ") and "Each ammo counts as two shots" in gun
    )
    printed = game(FAR_SHOT.format(dice=[]), ruleset=ruleset, on=False)
    assert "beyond 10" not in card_line(printed.cards, "electromagnetic-cannon#1").plain
    assert (
        card_line(printed.cards, "machine-gun#1").plain == "Machine Gun (3 dice, ammo 12) — 3 dice of damage. Ammo 12."
    )


@pytest.mark.parametrize("ruleset", RULESETS)
def test_j_alt_02_the_record_sheet_counts_ammo_and_the_gun_is_empty_after_its_last_two_shots(ruleset: str) -> None:
    """J-ALT-02: the sheet's ammo track counts ammo (the card line says two shots an ammo): the last ammo
    fired twice, the sheet says ammo 0 and the view says the gun is empty."""
    played = game(BURST.format(dice=MISS * 2), ruleset=ruleset)
    played.play(["attack 1 machine-gun#1", "attack 1 machine-gun#1"])
    view = played.view(0)
    assert "Machine Gun (ammo 0)" in record_sheet(view, 0, played.cards, LOOK).plain
    (gun,) = [g for g in view.fighters[0].guns if g.weapon == "machine-gun#1"]
    assert (gun.shots_left, gun.loaded) == (0, False)
