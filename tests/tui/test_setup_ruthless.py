"""The set-up screen under rules whose seats lead posses (Ruthless, R-SEQ-02): each seat picks one of the
roster's fixed posses or builds one by hand within the budget, a gunfighter in one posse only; 2 to 4 seats;
only the maps Ruthless plays on; the posse's cards shown; the game set up as the rules accept it (Pilot)."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from fragtui.bots import designs
from fragtui.bots.designs import own_posse
from fragtui.content.library import board_named, new_game
from fragtui.engine.config import GameConfig
from fragtui.engine.rulesets import find_ruleset, ruleset_names
from fragtui.engine.ruthless.pieces import Posse
from fragtui.engine.ruthless.rules import DEFAULT_BUDGET
from fragtui.tui import last_setup
from fragtui.tui.ruthless.posse_dialog import PosseDialog
from fragtui.tui.ruthless.seat_editor import PosseEditor
from fragtui.tui.seat_row import SeatRow
from fragtui.tui.setup_kit import Stepper
from tests.tui.test_setup_rules import LARGE, SMALL, Host, listed, rules_stepper, screen_of, shown, started

RUTHLESS = find_ruleset("ruthless")
ROSTER = RUTHLESS.posse_roster()
assert ROSTER is not None
FIXED = [posse.name for posse in ROSTER.posses]


async def _to_ruthless(app: Host, pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.press("ctrl+o")  # Ctrl+O: the rules; Right steps through the registry's (in the order imported)
    for _ in ruleset_names():
        if rules_stepper(app).value_text == "Ruthless":
            break
        await pilot.press("right")
        await pilot.pause()
    assert rules_stepper(app).value_text == "Ruthless"


def _posse(row: SeatRow) -> Posse | None:
    """The posse the seat leads (its posse editor's), None where it has no posse editor."""
    editor = row.editor(PosseEditor)
    return editor.posse if editor is not None else None


def _posses(app: Host) -> list[str | None]:
    return [posse.name if (posse := _posse(row)) else None for row in screen_of(app).seat_rows]


async def _build(app: Host, pilot, row: SeatRow) -> PosseDialog:  # type: ignore[no-untyped-def]
    """`b` on the seat's posse: the posse builder over the screen."""
    row.query_one(".seat-posse", Stepper).focus()
    await pilot.pause()
    await pilot.press("b")
    await pilot.pause()
    assert isinstance(app.screen, PosseDialog)
    return app.screen


async def _highlight(app: Host, pilot, key: str) -> None:  # type: ignore[no-untyped-def]
    """Move the builder's cursor to the gunfighter `key` with the arrow keys."""
    dialog = app.screen
    assert isinstance(dialog, PosseDialog)
    options = dialog.query_one("#posse-list")
    wanted = [g.key for g in ROSTER.gunfighters].index(key)
    while options.highlighted != wanted:
        await pilot.press("down" if options.highlighted < wanted else "up")


def test_the_ruleset_says_seats_lead_posses_and_frag_leaves_it_to_the_designs() -> None:
    """R-SEQ-02: the seams the set-up asks (no ruleset's name in it): Ruthless seats 2 to 4 posses of its
    roster within the budget, is not won at a frag target, and words its game by posse and scenario."""
    assert RUTHLESS.player_counts == (2, 4) and not RUTHLESS.frag_target_played
    assert RUTHLESS.posse_budget({}) == DEFAULT_BUDGET and RUTHLESS.posse_budget({"budget": 40}) == 40
    assert len(FIXED) == 5 and FIXED[0] == "The Harlan Gang"
    frag = find_ruleset("frag")
    assert frag.player_counts == (2, 6) and frag.frag_target_played
    assert frag.posse_roster() is None and frag.posse_budget({}) is None
    assert find_ruleset("deadlands").posse_roster() is None


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_four_seats_each_lead_a_fixed_posse_and_the_game_starts_with_them(size: tuple[int, int]) -> None:
    """R-SEQ-02: choosing Ruthless deals each seat a different fixed posse, hides the stats and the frag target,
    lists only the maps Ruthless plays on; Enter starts a game the rules and the engine accept."""
    app = Host()
    async with app.run_test(size=size) as pilot:
        await _to_ruthless(app, pilot)
        screen = screen_of(app)
        assert _posses(app) == FIXED[:4]
        row = screen.seat_rows[0]
        assert not row.query_one(".seat-stats-line").display and row.query_one(".seat-posse-line").display
        assert not screen.query_one("#setup-frag-target-field").display
        assert all(board_named(name).ruleset in {"ruthless", "deadlands"} for name in listed(app))
        assert board_named(listed(app)[0]).ruleset == "ruthless"  # its own maps first
        message = shown(app, "#setup-message")
        assert "Ready: Ruthless, a showdown on Dry Creek, sundown at turn 12, 4 posses. Enter starts." in message
        card = shown(app, "#setup-fighter-card")
        assert "1. Ann: The Harlan Gang — 4 gunfighters, 50 of 66 points" in card
        assert "Wes Harlan · 19 points · Toughness 4 · horse · Quick Hands +1 hit" in card
        assert "Revolver ×2 8/12 (6) · wounds 2/2/3/2/2/2" in card
        await pilot.press("enter")
        await pilot.pause()
    config = started(app).config
    assert config.ruleset == "ruthless" and config.map == "dry-creek"
    assert [seat.posse.name if seat.posse else None for seat in config.seats] == FIXED[:4]
    RUTHLESS.check_config(config)
    game = new_game(config, 1)  # the engine sets it up: every gunfighter deployed, owned by his seat
    assert game.state.ruthless is not None and len(game.state.ruthless.models) == 16


async def test_two_seats_and_no_fewer_nor_more_than_four() -> None:
    """R-SEQ-02: Ruthless is played by 2 to 4 posses: `x` stops at 2, `a` at 4, each refusal in words."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_ruthless(app, pilot)
        screen_of(app).query_one("#setup-add").focus()
        await pilot.press("a")
        await pilot.pause()
        assert "Ruthless seats at most 4 players" in shown(app, "#setup-message")
        await pilot.press("x", "x")
        await pilot.pause()
        assert _posses(app) == FIXED[:2]
        await pilot.press("x")
        await pilot.pause()
        assert "Ruthless needs at least 2 players" in shown(app, "#setup-message")
        assert len(screen_of(app).seat_rows) == 2
        await pilot.press("a")  # a third seat gets a posse nobody leads
        await pilot.pause()
        assert _posses(app) == FIXED[:3]
        await pilot.press("x")
        await pilot.pause()
        assert "2 seats, 2 to 4" in shown(app, "#setup-seat-note")
        assert "Ready: Ruthless, a showdown on Dry Creek, sundown at turn 12, 2 posses" in shown(app, "#setup-message")
        await pilot.press("ctrl+n", "enter")  # (Enter on a button presses it: from a name, Enter starts)
        await pilot.pause()
    config = started(app).config
    assert len(config.seats) == 2 and [seat.posse.name for seat in config.seats if seat.posse] == FIXED[:2]


async def test_six_frag_seats_cannot_start_ruthless_until_two_go() -> None:
    """Six seats of Frag, then Ruthless: the screen says how many Ruthless takes and does not start."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen_of(app).query_one("#setup-add").focus()
        await pilot.press("a", "a")
        await _to_ruthless(app, pilot)
        assert "Ruthless is played by 2 to 4 players, not 6" in shown(app, "#setup-message")
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        screen_of(app).query_one("#setup-remove").focus()
        await pilot.press("x", "x", "ctrl+n", "enter")
        await pilot.pause()
    assert len(started(app).config.seats) == 4


async def test_stepping_a_posse_skips_the_ones_taken_and_the_card_follows() -> None:
    """R-SEQ-02: a gunfighter rides with one posse: Right on seat 1 passes over the posses seats 2-4 lead."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_ruthless(app, pilot)
        screen = screen_of(app)
        screen.seat_rows[0].query_one(".seat-posse", Stepper).focus()
        await pilot.press("right")
        await pilot.pause()
        assert _posses(app) == ["The Hired Guns", *FIXED[1:4]]
        assert "1. Ann: The Hired Guns — 4 gunfighters, 66 of 66 points" in shown(app, "#setup-fighter-card")
        await pilot.press("right")  # round past the three taken to the Harlan Gang
        await pilot.pause()
        assert _posses(app)[0] == "The Harlan Gang"
        screen.seat_rows[2].query_one(".seat-posse", Stepper).focus()
        await pilot.pause()
        assert "3. Cat: The Brannigans" in shown(app, "#setup-fighter-card")


async def test_a_posse_built_over_the_budget_is_refused_with_the_reason() -> None:
    """R-SEQ-02: the builder refuses a gunfighter who would take the posse over the budget, and one who rides
    with another seat, each in words, the posse unchanged; within the budget the seat leads what was built."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_ruthless(app, pilot)
        row = screen_of(app).seat_rows[0]
        dialog = await _build(app, pilot, row)
        assert dialog.members == ["wes-harlan", "kid-dalton", "lucky-lou", "ike-pruitt"]  # from the posse led
        assert "4 gunfighters, 50 of 66 points" in str(dialog.query_one("#posse-total").render())
        await _highlight(app, pilot, "widow-maker")  # 18 more: 68
        await pilot.press("space")
        await pilot.pause()
        total = str(dialog.query_one("#posse-total").render())
        assert "Widow Maker costs 18: 50 + 18 = 68 points, over the budget of 66" in total
        assert dialog.members == ["wes-harlan", "kid-dalton", "lucky-lou", "ike-pruitt"]
        await _highlight(app, pilot, "doc-calloway")  # Cat's Brannigans have him
        await pilot.press("enter")
        await pilot.pause()
        assert "Doc Calloway rides with Cat's posse" in str(dialog.query_one("#posse-total").render())
        assert "doc-calloway" not in dialog.members
        await _highlight(app, pilot, "ike-pruitt")
        await pilot.press("space")  # drop Ike (9): 41
        await _highlight(app, pilot, "widow-maker")
        await pilot.press("space")  # take the Widow Maker (18): 59
        await pilot.pause()
        assert dialog.members == ["wes-harlan", "kid-dalton", "lucky-lou", "widow-maker"]
        assert "4 gunfighters, 59 of 66 points" in str(dialog.query_one("#posse-total").render())
        name = dialog.query_one("#posse-name", Input)
        assert name.value == "Ann's posse"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert screen_of(app) is app.screen
        posse = _posse(row)
        assert posse is not None and posse.name == "Ann's posse" and posse.points == 59
        assert "1. Ann: Ann's posse — 4 gunfighters, 59 of 66 points" in shown(app, "#setup-fighter-card")
        await pilot.press("enter")
        await pilot.pause()
    config = started(app).config
    posse = config.seats[0].posse
    assert posse is not None and [g.key for g in posse.gunfighters] == [
        "wes-harlan",
        "kid-dalton",
        "lucky-lou",
        "widow-maker",
    ]
    RUTHLESS.check_config(config)


async def test_an_empty_posse_is_refused_and_escape_keeps_the_posse_led() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_ruthless(app, pilot)
        row = screen_of(app).seat_rows[1]
        dialog = await _build(app, pilot, row)
        for key in list(dialog.members):
            await _highlight(app, pilot, key)
            await pilot.press("space")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog
        assert "take at least one gunfighter first" in str(dialog.query_one("#posse-total").render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen_of(app) and (posse := _posse(row)) is not None and posse.name == "The Lawmen"


async def test_a_budget_lowered_below_a_posse_stops_the_start_with_the_reason() -> None:
    """R-SEQ-02: the budget option holds every posse, fixed or built: lowered under the Harlan Gang's 50, the
    screen says whose posse costs what, and Enter does not start."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_ruthless(app, pilot)
        screen = screen_of(app)
        screen.option_stepper("budget").focus()
        await pilot.press("4")  # a digit on a number option sets it
        await pilot.pause()
        assert screen.option_values == {"budget": 4}
        assert "Ann's posse costs 50 points: the budget is 4" in shown(app, "#setup-message")
        assert "4 gunfighters, 50/4 points (over)" in str(screen.seat_rows[0].query_one(".seat-posse-points").render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []


async def test_a_computer_seat_and_the_frag_target_key() -> None:
    """A computer leads a posse as a person does (the table seats the ruleset's bot); Ctrl+F says Ruthless has
    no frag target instead of jumping to a hidden field."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_ruthless(app, pilot)
        screen = screen_of(app)
        screen.seat_rows[3].query_one(".seat-kind", Stepper).focus()
        await pilot.press("right", "ctrl+f")
        await pilot.pause()
        assert "Ruthless is not won by frags: there is no frag target to set" in shown(app, "#setup-message")
        await pilot.press("enter")
        await pilot.pause()
    setup = started(app)
    assert [look.computer for look in setup.looks] == [False, False, False, True]
    assert setup.config.seats[3].posse is not None


async def test_the_next_new_game_remembers_each_seats_posse() -> None:
    """The last set-up keeps each posse by its gunfighters' keys: a fixed posse and one built by hand return."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _to_ruthless(app, pilot)
        screen_of(app).query_one("#setup-remove").focus()
        await pilot.press("x")
        await _build(app, pilot, screen_of(app).seat_rows[0])
        await _highlight(app, pilot, "wes-harlan")
        await pilot.press("space")  # drop Wes: 31 points, three gunfighters
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert _posse(screen_of(app).seat_rows[0]) is not None  # (the set-up screen is back on top)
        await pilot.press("enter")
        await pilot.pause()
    first: GameConfig = started(app).config
    remembered, _ = last_setup.recall()
    assert remembered is not None and remembered.ruleset == "ruthless"
    seat = remembered.seats[0].posse
    assert seat is not None and seat.name == "Ann's posse" and seat.members == ["kid-dalton", "lucky-lou", "ike-pruitt"]
    last_setup.forget()  # from the file this time
    again = Host()
    async with again.run_test(size=LARGE) as pilot:
        await pilot.pause()
        assert rules_stepper(again).value_text == "Ruthless"
        assert _posses(again) == ["Ann's posse", *FIXED[1:3]]
        await pilot.press("enter")
        await pilot.pause()
    assert started(again).config.seats == first.seats


async def test_a_remembered_posse_the_roster_cannot_field_is_dealt_again() -> None:
    """A hand-edited file: a gunfighter the roster does not have, or one in two posses: each seat still leads
    a posse of its own."""
    seats = [
        {"name": n, "health": 3, "speed": 2, "accuracy": 2, "look": {"colour": c, "glyph": g}, "posse": p}
        for n, c, g, p in (
            ("Ann", "bright_red", "@", {"name": "Mine", "members": ["wes-harlan", "nobody-at-all"]}),
            ("Bob", "bright_cyan", "&", {"name": "The Lawmen", "members": ["marshal-reyes", "cal-mercer"]}),
            ("Cat", "bright_yellow", "%", {"name": "Twice", "members": ["cal-mercer"]}),
        )
    ]
    remembered = last_setup.LastSetup.model_validate(
        {"seats": seats, "map": "main-street", "frag_target": 3, "ruleset": "ruthless"}
    )
    app = Host(remembered)
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        posses = _posses(app)
        assert posses[0] == "The Harlan Gang"  # Wes's posse names a gunfighter nobody has: a fixed one
        assert posses[1] == "The Lawmen"  # two of the Lawmen, as remembered
        assert posses[2] not in (None, "Twice", "The Harlan Gang")  # Cal rides with Bob
        await pilot.press("enter")
        await pilot.pause()
    RUTHLESS.check_config(started(app).config)


async def test_back_to_frag_the_seats_design_fighters_again() -> None:
    """From Ruthless back to Frag: the posses go, the stats and the frag target return, and Frag starts with
    the designs (no posse in its configuration, which base Frag refuses)."""
    app = Host()
    async with app.run_test(size=SMALL) as pilot:
        await _to_ruthless(app, pilot)
        screen = screen_of(app)
        while rules_stepper(app).value_text != "Frag":
            await pilot.press("left")
            await pilot.pause()
        row = screen.seat_rows[0]
        assert _posse(row) is None and row.query_one(".seat-stats-line").display
        assert not row.query_one(".seat-posse-line").display
        assert screen.query_one("#setup-frag-target-field").display
        assert "Ready: 4 players on" in shown(app, "#setup-message")
        await pilot.press("ctrl+n", "enter")
        await pilot.pause()
    config = started(app).config
    assert config.ruleset == "frag" and all(seat.posse is None for seat in config.seats)


async def test_ruthless_shows_its_own_map_facts_and_no_frag_target_key() -> None:
    """Issue 30 item 8: under Ruthless the map box counts posses and deployment points (not "4-6 players, 6
    respawn points": the Deadlands Town seats 4 posses), and the footer offers no Ctrl+F frag target; back
    under Frag, both as before."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        assert "players" in shown(app, "#setup-map-info") and "respawn points" in shown(app, "#setup-map-info")
        assert "Frag target" in {binding.binding.description for binding in app.screen.active_bindings.values()}
        await _to_ruthless(app, pilot)
        info = shown(app, "#setup-map-info")
        assert "2-4 posses, 4 deployment points" in info and "respawn" not in info
        assert "Frag target" not in {binding.binding.description for binding in app.screen.active_bindings.values()}
        screen_of(app).query_one("#setup-map-list").focus()
        while "Town" not in shown(app, "#setup-map-info"):
            await pilot.press("down")
            await pilot.pause()
        assert "4 posses, 6 deployment points" in shown(app, "#setup-map-info")


async def _ann_to_strong(app: Host, pilot) -> set[str]:  # type: ignore[no-untyped-def]
    """Ruthless at four seats (Ann to Dan dealt the first four fixed posses), Bob a plain computer, then Ann stepped
    from a person back round to the strong computer; the keys of the gunfighters the other seats lead."""
    await _to_ruthless(app, pilot)
    kinds = list(screen_of(app).query(".seat-kind").results(Stepper))
    kinds[1].focus()
    await pilot.press("right")
    await pilot.pause()
    assert _posses(app) == FIXED[:4]
    kinds[0].focus()
    await pilot.press("left")  # from a person back round to the strong computer
    await pilot.pause()
    return {g.key for posse in ROSTER.posses[1:4] for g in posse.gunfighters}


async def test_the_strong_computer_builds_its_posse_of_the_free_gunfighters_worth_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seat stepped to "computer (strong)" leads the posse `own_posse` builds of the gunfighters no other seat's
    posse has (here of the Harlan Gang's and the Hired Guns'), called after its player, kept among the seat's
    choices as a posse built by hand, and the screen says so; the plain computer keeps its posse. (Lucky Lou is
    made worth most, so what is built is no fixed posse whatever the fitted worths say.)"""
    monkeypatch.setitem(designs.GUNFIGHTER_WORTH, "lucky-lou", 1.0)
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        riding = await _ann_to_strong(app, pilot)
        mine = own_posse(ROSTER, riding, DEFAULT_BUDGET, "Ann")
        assert mine is not None and mine.name == "Ann's posse" and mine not in ROSTER.posses
        assert "lucky-lou" in {g.key for g in mine.gunfighters} and mine.points <= DEFAULT_BUDGET
        assert _posses(app) == ["Ann's posse", *FIXED[1:4]]
        screen = screen_of(app)
        assert _posse(screen.seat_rows[0]) == mine
        editor = screen.seat_rows[0].editor(PosseEditor)
        assert editor is not None and editor.built == mine
        message = shown(app, "#setup-message")
        count, points = len(mine.gunfighters), mine.points
        assert f"Ann's computer (strong) builds Ann's posse ({count} gunfighters, {points} points)" in message
        await pilot.press("enter")
        await pilot.pause()
    config = started(app).config
    assert [seat.posse for seat in config.seats] == [mine, *ROSTER.posses[1:4]]


async def test_the_strong_computer_leads_a_fixed_posse_by_its_name_when_that_is_worth_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the gunfighters worth most are a fixed posse's (the Hired Guns', made so here), the strong seat leads
    that posse by its own name, not as one built by hand, and the screen says so."""
    hired = ROSTER.posses[4]
    for gunfighter in hired.gunfighters:
        monkeypatch.setitem(designs.GUNFIGHTER_WORTH, gunfighter.key, 1.0)
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await _ann_to_strong(app, pilot)
        assert _posses(app) == [hired.name, *FIXED[1:4]]
        editor = screen_of(app).seat_rows[0].editor(PosseEditor)
        assert editor is not None and editor.built is None
        message = shown(app, "#setup-message")
        assert f"Ann's computer (strong) leads {hired.name} ({hired.points} points), the free posse" in message
        await pilot.press("enter")
        await pilot.pause()
    assert [seat.posse for seat in started(app).config.seats] == [hired, *ROSTER.posses[1:4]]
