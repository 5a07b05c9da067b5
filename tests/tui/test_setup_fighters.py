"""The set-up screen under rules with a roster of unique fighters (Frag Deadlands, D-FTR-01): each seat picks
a fighter, shown with his portrait, drawback, Cheatin' and starting gear, no two seats the same (Pilot)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from fragtui.engine.config import GameConfig
from fragtui.engine.rulesets import find_ruleset
from fragtui.tui import last_setup
from fragtui.tui.setup_kit import Stepper
from tests.tui.test_setup_rules import LARGE, SMALL, Host, character, rules_stepper, screen_of, shown, started

DEADLANDS = find_ruleset("deadlands")


async def _to_deadlands(app: Host, pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.press("ctrl+o", "right")  # Ctrl+O: to the rules
    await pilot.pause()
    assert rules_stepper(app).value_text == "Frag Deadlands"


def _characters(app: Host) -> list[str | None]:
    return [character(row) for row in screen_of(app).seat_rows]


def test_the_roster_seam_lists_deadlands_fighters_and_none_for_frag() -> None:
    """D-FTR-01: the six fighters, as the rules' roster words them; base Frag designs its fighters only."""
    roster = DEADLANDS.roster()
    assert [entry.title for entry in roster] == [
        "Agency Operative",
        "Mad Scientist",
        "Huckster",
        "Harrowed Gunslinger",
        "Saloon Gal",
        "Indian Brave",
    ]
    operative = roster[0]
    assert operative.key == "agency-operative" and operative.weapon == "Gatling Pistol"
    assert [heading for heading, _ in operative.lines] == ["Drawback", "Cheatin'", "Gear"]
    assert "hand limit of 4" in operative.lines[0][1]
    assert find_ruleset("frag").roster() == ()


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_each_seat_gets_a_different_fighter_and_the_game_starts_with_them(size: tuple[int, int]) -> None:
    """D-FTR-01: choosing Frag Deadlands deals each seat a different fighter; Enter starts with them."""
    app = Host()
    async with app.run_test(size=size) as pilot:
        await _to_deadlands(app, pilot)
        characters = _characters(app)
        assert characters == ["agency-operative", "mad-scientist", "huckster", "harrowed-gunslinger"]
        assert "Ready" in shown(app, "#setup-message")
        await pilot.press("enter")
        await pilot.pause()
    config = started(app).config
    assert config.ruleset == "deadlands"
    assert [seat.character for seat in config.seats] == characters
    DEADLANDS.check_config(config)  # the rules accept what the screen built


async def test_stepping_a_fighter_skips_the_ones_taken_and_shows_his_portrait() -> None:
    """D-FTR-01: no two seats the same: Right on seat 1 passes over the three fighters seats 2-4 play."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_deadlands(app, pilot)
        screen = screen_of(app)
        first = screen.seat_rows[0]
        stepper = first.query_one(".seat-character", Stepper)
        stepper.focus()
        await pilot.pause()
        card = shown(app, "#setup-fighter-card")
        assert "1. Ann: Agency Operative" in card and "Drawback: Federal budget limits" in card
        assert "Gear: Gatling Pistol: 3 dice of damage" in card
        await pilot.press("right")
        await pilot.pause()
        assert character(first) == "saloon-gal"
        assert stepper.value_text.strip() == "Saloon Gal"
        card = shown(app, "#setup-fighter-card")
        assert "Saloon Gal — She runs the faro table" in card
        assert "Cheatin': Discard one card from hand to add one die to any die roll." in card
        assert "May not use the shootout rules." in card
        portrait = first.query_one(".seat-portrait", Static)
        assert "faro table" in str(portrait.render())
        await pilot.press("right", "right")  # Indian Brave, then round past the taken ones to the Operative
        await pilot.pause()
        assert character(first) == "agency-operative"
        await pilot.press("left")
        await pilot.pause()
        assert character(first) == "indian-brave"
        assert len(set(_characters(app))) == 4
        second = screen.seat_rows[1].query_one(".seat-character", Stepper)
        second.focus()
        await pilot.pause()
        assert "2. Bob: Mad Scientist" in shown(app, "#setup-fighter-card"), "the card follows the seat edited"


async def test_six_seats_take_all_six_fighters_and_a_seventh_is_refused() -> None:
    """D-FTR-01: one fighter per player, six fighters: every seat added gets one nobody has."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_deadlands(app, pilot)
        screen_of(app).query_one("#setup-add").focus()
        await pilot.press("a", "a")
        await pilot.pause()
        characters = _characters(app)
        assert sorted(c for c in characters if c) == sorted(entry.key for entry in DEADLANDS.roster())
        assert len(characters) == 6
        await pilot.press("a")
        await pilot.pause()
        assert "Frag Deadlands has 6 fighters: at most 6 players" in shown(app, "#setup-message")
        screen_of(app).seat_rows[5].query_one(".seat-character", Stepper).focus()
        await pilot.press("right")
        await pilot.pause()
        assert "every other fighter is taken" in shown(app, "#setup-message")
        assert _characters(app) == characters


async def test_a_computer_seat_plays_a_fighter_too_and_back_to_frag_drops_them() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_deadlands(app, pilot)
        row = screen_of(app).seat_rows[3]
        row.query_one(".seat-kind", Stepper).focus()
        await pilot.press("right")
        await pilot.pause()
        assert row.computer and character(row) == "harrowed-gunslinger"
        assert row.query_one(".seat-fighter-line").display
        rules_stepper(app).focus()
        await pilot.press("left")
        await pilot.pause()
        assert _characters(app) == [None] * 4
        assert not row.query_one(".seat-fighter-line").display
        assert not screen_of(app).query_one("#setup-fighter-card").display
        await pilot.press("enter")
        await pilot.pause()
    config = started(app).config
    assert config.ruleset == "frag" and all(seat.character is None for seat in config.seats)


async def test_the_next_new_game_remembers_each_seats_fighter() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_deadlands(app, pilot)
        screen_of(app).seat_rows[0].query_one(".seat-character", Stepper).focus()
        await pilot.press("left")  # the Operative -> the Indian Brave (the last, round the roster)
        await pilot.press("enter")
        await pilot.pause()
    first = started(app).config
    assert first.seats[0].character == "indian-brave"
    remembered, _ = last_setup.recall()
    assert remembered is not None and remembered.seats[0].character == "indian-brave"
    last_setup.forget()  # from the file this time
    again = Host()
    async with again.run_test(size=LARGE) as pilot:
        await pilot.pause()
        assert rules_stepper(again).value_text == "Frag Deadlands"
        assert _characters(again) == [seat.character for seat in first.seats]
        await pilot.press("enter")
        await pilot.pause()
    assert started(again).config.seats == first.seats


async def test_a_remembered_fighter_twice_or_unknown_is_dealt_again() -> None:
    """A hand-edited file naming one fighter twice, or one the rules do not have: each seat still gets its own."""
    seats = [
        {"name": n, "health": 3, "speed": 2, "accuracy": 2, "look": {"colour": c, "glyph": g}, "character": ch}
        for n, c, g, ch in (
            ("Ann", "bright_red", "@", "huckster"),
            ("Bob", "bright_cyan", "&", "huckster"),
            ("Cat", "bright_yellow", "%", "gunfighter"),
            ("Dan", "bright_magenta", "$", None),
        )
    ]
    remembered = last_setup.LastSetup.model_validate(
        {"seats": seats, "map": "town", "frag_target": 3, "ruleset": "deadlands"}
    )
    app = Host(remembered)
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        characters = _characters(app)
        assert characters[0] == "huckster"
        assert len(set(characters)) == 4 and None not in characters
        await pilot.press("enter")
        await pilot.pause()
    config: GameConfig = started(app).config
    DEADLANDS.check_config(config)


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_an_options_words_wrap_within_the_screen(size: tuple[int, int]) -> None:
    """D-CARD-06's option line: its words beside its stepper, none of them past the screen's edge; on a
    narrow screen one line (a dozen house rules fit), the full text a `?` away (issue 17)."""
    app = Host()
    async with app.run_test(size=size) as pilot:
        await _to_deadlands(app, pilot)
        screen = screen_of(app)
        hint = screen.query_one("#setup-options .setup-hint", Static)
        assert hint.region.right <= screen.region.right
        spec = DEADLANDS.options[0]
        assert str(hint.render()) == f"{spec.summary} ({spec.rule})"
        if size == SMALL:
            assert hint.region.height == 1
