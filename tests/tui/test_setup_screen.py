"""The new-game screen as a table meets it: defaults that start at once, and every rule said in words (Pilot)."""

from __future__ import annotations

import random

import pytest
from textual.app import App
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Static

from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine.config import DEFAULT_RULESET, Seat, make_config
from fragtui.engine.frag.design import DESIGN_POINTS, STAT_MAX, STAT_MIN, FighterDesign, Stat, all_designs
from fragtui.engine.frag.target import DEFAULT_FRAG_TARGET, FRAG_TARGET_PART, frag_target
from fragtui.errors import ConfigError
from fragtui.tui import last_setup
from fragtui.tui.frag.seat_editor import DEFAULT_DESIGN, DesignEditor
from fragtui.tui.map_view import MapView
from fragtui.tui.seat_row import SeatRow
from fragtui.tui.seats import COLOURS, DEFAULT_NAMES, GLYPHS, TableSetup, default_look
from fragtui.tui.setup import MAX_SEATS, MIN_SEATS, NewGameScreen
from fragtui.tui.setup_kit import Stepper

SMALL, LARGE = (80, 24), (120, 40)


class Host(App[None]):
    """A bare app that opens the set-up screen and keeps what it is dismissed with."""

    def __init__(self) -> None:
        super().__init__()
        self.results: list[TableSetup | None] = []

    def on_mount(self) -> None:
        self.push_screen(NewGameScreen(), self.results.append)


def screen_of(app: Host) -> NewGameScreen:
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


def focused(app: Host) -> Widget | None:
    """The focused widget, read afresh (mypy would otherwise keep an earlier `is` narrowing)."""
    return app.focused


def message(app: Host) -> str:
    return str(screen_of(app).query_one("#setup-message", Static).render())


def listed_maps() -> list[str]:
    """The maps in the order the screen lists them: base Frag's own maps first, then the others."""
    return sorted(map_names(), key=lambda n: board_named(n).ruleset != DEFAULT_RULESET)


def first_map_for(players: int) -> str:
    return next(n for n in listed_maps() if board_named(n).players_min <= players <= board_named(n).players_max)


def only_result(app: Host) -> TableSetup:
    assert len(app.results) == 1, app.results
    result = app.results[0]
    assert isinstance(result, TableSetup)
    return result


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_enter_with_the_defaults_starts_a_four_player_game(size: tuple[int, int]) -> None:
    app = Host()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert focused(app) is screen_of(app).query_one("#setup-start", Button)
        assert "Ready" in message(app)
        await pilot.press("enter")
        await pilot.pause()
    setup = only_result(app)
    config = setup.config
    assert [seat.name for seat in config.seats] == list(DEFAULT_NAMES[:4])
    assert all(seat.fighter == DEFAULT_DESIGN for seat in config.seats)
    assert config.map == first_map_for(4)
    assert frag_target(config) == DEFAULT_FRAG_TARGET
    assert setup.looks == [default_look(i) for i in range(4)]
    assert not any(look.computer for look in setup.looks)
    assert 0 <= setup.seed < 2**63
    game = new_game(config, setup.seed)
    assert [player.name for player in game.state.players] == list(DEFAULT_NAMES[:4])


@pytest.mark.rule("F-SETUP-01")
def test_the_default_design_is_a_legal_balanced_one() -> None:
    """F-SETUP-01: everyone starts with one of the twelve legal designs, Health first."""
    assert DEFAULT_DESIGN in all_designs()
    assert (DEFAULT_DESIGN.health, DEFAULT_DESIGN.speed, DEFAULT_DESIGN.accuracy) == (3, 2, 2)


@pytest.mark.rule("F-SETUP-01")
def test_a_remembered_seats_stats_are_held_to_frags_bounds() -> None:
    """The remembered set-up (a shared module, which imports no rule system) writes F-SETUP-01's 1 to 4 itself: they
    are Frag's."""
    assert (last_setup.STAT_LOW, last_setup.STAT_HIGH) == (STAT_MIN, STAT_MAX)


@pytest.mark.rule("F-WIN-01")
def test_the_remembered_frag_target_is_frags() -> None:
    """The remembered set-up and the set-up's frag target field name the configuration's part they set (a shared
    module imports no rule system): it is Frag's frag target, 1 to 99 frags, 3 unless chosen."""
    assert last_setup.TARGET_KEY == FRAG_TARGET_PART.key == "frag_target"
    assert FRAG_TARGET_PART.bounds() == (1, 99) and FRAG_TARGET_PART.default == DEFAULT_FRAG_TARGET == 3


async def test_seats_are_added_and_removed_within_two_to_six() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("a", "a")
        assert len(screen.seat_rows) == MAX_SEATS == 6
        await pilot.press("a")
        assert len(screen.seat_rows) == 6
        assert "at most 6 players" in message(app)
        for count in (5, 4, 3, 2):
            await pilot.press("x")
            assert len(screen.seat_rows) == count
        await pilot.press("x")
        assert len(screen.seat_rows) == MIN_SEATS == 2
        assert "at least 2 players" in message(app)
        note = str(screen.query_one("#setup-seat-note", Static).render())
        assert "best with 4 to 6 players" in note
        # The buttons do the same as the keys.
        await pilot.click("#setup-add")
        await pilot.pause()
        assert len(screen.seat_rows) == 3
        await pilot.click("#setup-remove")
        await pilot.pause()
        assert len(screen.seat_rows) == 2


async def test_six_seats_get_six_names_colours_and_glyphs() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        await pilot.press("a", "a", "enter")
        await pilot.pause()
    setup = only_result(app)
    assert [seat.name for seat in setup.config.seats] == list(DEFAULT_NAMES)
    assert {look.colour for look in setup.looks} == set(COLOURS)
    assert {look.glyph for look in setup.looks} == set(GLYPHS)
    new_game(setup.config, setup.seed)


async def test_a_name_is_typed_and_enter_in_a_text_field_starts() -> None:
    """Enter starts from a name field as from anywhere (issue 13); Tab is what moves on."""
    app = Host()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("tab", "tab", "tab", "tab")  # Start, Add, Remove, Back, then the first name
        first = screen.seat_rows[0]
        assert focused(app) is first.query_one(".seat-name", Input)
        await pilot.press(*"Zoe", "tab")
        assert focused(app) is first.query_one(".seat-colour", Stepper)
        await pilot.press("shift+tab", "enter")
        await pilot.pause()
    assert [seat.name for seat in only_result(app).config.seats] == ["Zoe", "Bob", "Cat", "Dan"]


async def test_duplicate_names_are_refused_with_the_game_config_message() -> None:
    try:
        make_config(map="desert", seats=(Seat(name="Ann", fighter=DEFAULT_DESIGN),) * 2)
    except ConfigError as exc:
        expected = str(exc)
    else:
        pytest.fail("GameConfig accepted two players called Ann")
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        second = screen_of(app).seat_rows[1].query_one(".seat-name", Input)
        second.focus()
        await pilot.pause()
        await pilot.press(*"ANN")
        await pilot.pause()
        assert expected in message(app)
        screen_of(app).query_one("#setup-start", Button).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        assert "Cannot start" in message(app)
        assert expected in message(app)


async def test_a_blank_name_is_refused() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        name = screen_of(app).seat_rows[2].query_one(".seat-name", Input)
        name.focus()
        await pilot.press("backspace")  # the name is selected on focus: one key clears it
        await pilot.pause()
        assert name.value == ""
        assert "seat 3: a player's name cannot be blank" in message(app)
        await pilot.click("#setup-start")
        await pilot.pause()
        assert app.results == []


@pytest.mark.rule("F-SETUP-01")
async def test_a_fighter_short_of_seven_points_cannot_start() -> None:
    """F-SETUP-01: the stats add up to exactly 7; short of it, the validator's words are shown and Start refuses."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        row = screen_of(app).seat_rows[0].editor(DesignEditor)
        assert row is not None
        health = row.stat_stepper(Stat.HEALTH)
        health.focus()
        await pilot.press("left")
        assert row.stats[Stat.HEALTH] == 2
        assert health.value_text == "2"
        assert "1 point left" in str(row.query_one(".seat-points", Static).render())
        shown = message(app)
        assert f"Ann's fighter: the stats add up to {DESIGN_POINTS - 1}" in shown
        assert f"exactly {DESIGN_POINTS} points between Health, Speed and Accuracy" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        assert "Cannot start: Ann's fighter" in message(app)
        # Spending the point on Speed makes the fighter legal again: H2 S3 A2.
        await pilot.press("down")
        assert focused(app) is row.stat_stepper(Stat.SPEED)
        await pilot.press("plus")
        assert "Ready" in message(app)
        await pilot.press("enter")
        await pilot.pause()
    assert only_result(app).config.seats[0].fighter == FighterDesign(health=2, speed=3, accuracy=2)


@pytest.mark.rule("F-SETUP-01")
async def test_no_stat_leaves_one_to_four_and_no_fighter_gets_an_eighth_point() -> None:
    """F-SETUP-01: each stat 1..4 and at most 7 points: such steps are refused, and the message names the limit."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        row = screen_of(app).seat_rows[1].editor(DesignEditor)
        assert row is not None
        row.stat_stepper(Stat.HEALTH).focus()
        await pilot.press("right")  # all 7 points are spent
        assert row.stats[Stat.HEALTH] == 3
        assert f"no points left: a fighter divides exactly {DESIGN_POINTS} points" in message(app)
        row.stat_stepper(Stat.ACCURACY).focus()
        await pilot.press("left")
        await pilot.press("left")  # Accuracy would fall to 0
        assert row.stats[Stat.ACCURACY] == STAT_MIN
        assert f"each stat gets {STAT_MIN} to {STAT_MAX} points" in message(app)
        row.stat_stepper(Stat.HEALTH).focus()
        await pilot.press("right", "right")  # H4 S2 A1 is legal; H5 is not
        assert row.stats[Stat.HEALTH] == STAT_MAX
        assert f"Bob: Health stays {STAT_MAX}: each stat gets {STAT_MIN} to {STAT_MAX} points" in message(app)
        # However the steps come (the keys above reach `step_stat`), the design never leaves F-SETUP-01's bounds.
        rng = random.Random(7)
        for _ in range(200):
            row.step_stat(rng.choice(list(Stat)), rng.choice([-1, 1]))
            assert all(STAT_MIN <= value <= STAT_MAX for value in row.stats.values())
            assert sum(row.stats.values()) <= DESIGN_POINTS
        for stat in Stat:  # put it back to a legal 7 points, then start
            while row.points_left() > 0 and row.stats[stat] < STAT_MAX:
                assert row.step_stat(stat, 1) is None
        assert row.design() in all_designs()
        await pilot.press("enter")
        await pilot.pause()
    assert only_result(app).config.seats[1].fighter in all_designs()


async def test_a_map_that_does_not_take_the_seats_refuses_to_start() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        default = board_named(first_map_for(4))
        await pilot.press("x")  # 3 seats
        expected = f"{default.name} is for {default.players_min}-{default.players_max} players, not 3"
        assert expected in message(app)
        assert "Not for 3 players" in str(screen.query_one("#setup-map-info", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        assert "Cannot start" in message(app)
        # Pocket Arena takes 2-4 players: choosing it in the list shows it, and Enter there starts.
        maps = screen.query_one("#setup-map-list", OptionList)
        maps.focus()
        for _ in range(listed_maps().index("pocket") - listed_maps().index(first_map_for(4))):
            await pilot.press("down")
        await pilot.pause()
        assert screen.map_name == "pocket"
        assert screen.query_one(MapView).board == board_named("pocket")
        assert "Ready" in message(app)
        await pilot.press("enter")
        await pilot.pause()
    setup = only_result(app)
    assert setup.config.map == "pocket"
    assert len(setup.config.seats) == 3
    new_game(setup.config, setup.seed)


async def test_too_many_seats_for_a_small_map_are_refused() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        screen.query_one("#setup-map-list", OptionList).highlighted = listed_maps().index("pocket")
        await pilot.press("a")
        await pilot.pause()
        assert "Pocket Arena is for 2-4 players, not 5" in message(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []


async def test_a_typed_seed_is_used_and_a_bad_one_is_refused() -> None:
    app = Host()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        seed = screen_of(app).query_one("#setup-seed", Input)
        seed.focus()
        await pilot.press(*"12x")
        await pilot.pause()
        assert "seed: digits only" in message(app)
        await pilot.press("enter")  # starts from the seed field, which is refused, with the reason
        await pilot.pause()
        assert app.results == []
        assert "Cannot start: seed: digits only" in message(app)
        seed.focus()
        await pilot.press("end", "backspace", *"345")
        await pilot.pause()
        assert seed.value == "12345"
        assert "Ready" in message(app)
        await pilot.press("enter")
        await pilot.pause()
    setup = only_result(app)
    assert setup.seed == 12345
    assert new_game(setup.config, setup.seed).state.dice.seed == 12345


async def test_a_blank_seed_draws_a_random_one() -> None:
    seeds = []
    for _ in range(2):
        app = Host()
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert screen_of(app).query_one("#setup-seed", Input).value == ""
            await pilot.press("enter")
            await pilot.pause()
        seeds.append(only_result(app).seed)
    assert all(isinstance(seed, int) and 0 <= seed < 2**63 for seed in seeds)
    assert seeds[0] != seeds[1]


async def test_the_frag_target_is_typed_within_its_bounds() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        target = screen_of(app).query_one("#setup-frag-target", Input)
        target.focus()
        await pilot.press("0")  # replaces the selected 3
        await pilot.pause()
        assert target.value == "0"
        assert "frag target: a number from 1 to 99" in message(app)
        await pilot.press("backspace", *"12")
        await pilot.pause()
        assert "first to 12 frags" in message(app)
        await pilot.click("#setup-start")
        await pilot.pause()
    assert frag_target(only_result(app).config) == 12


async def test_colours_and_glyphs_cycle_past_the_taken_ones() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        first = screen.seat_rows[0]
        first.query_one(".seat-colour", Stepper).focus()
        await pilot.press("right")
        assert first.colour == COLOURS[4]  # the next three are seats 2-4's
        first.query_one(".seat-glyph", Stepper).focus()
        await pilot.press("left")
        assert first.glyph == GLYPHS[-1]
        await pilot.press("a")  # the fifth seat's green is taken: it gets the red the first seat left
        await pilot.pause()
        fifth = screen.seat_rows[4]
        assert (fifth.colour, fifth.glyph) == (COLOURS[0], GLYPHS[4])  # its own glyph is still free
        await pilot.click(first.query_one(".seat-colour", Stepper), offset=(1, 0))  # the "<" side
        await pilot.pause()
        assert first.colour == COLOURS[-1]
        await pilot.press("enter")
        await pilot.pause()
    looks = only_result(app).looks
    assert len({look.colour for look in looks}) == len({look.glyph for look in looks}) == len(looks) == 5


async def test_seats_can_be_played_by_the_computer() -> None:
    """←/→ on a seat's human/computer field switches it; the table's looks say which seats the computer plays."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        kinds = list(screen.query(".seat-kind").results(Stepper))
        assert [k.value_text.strip() for k in kinds] == ["human"] * 4
        for kind in kinds[1:]:
            kind.focus()
            await pilot.press("right")
        await pilot.pause()
        assert [k.value_text.strip() for k in kinds] == ["human", "computer", "computer", "computer"]
        assert "(3 computers)" in str(screen.query_one("#setup-seat-note", Static).render())
        kinds[3].focus()
        await pilot.press("left")  # and back
        await pilot.pause()
        assert kinds[3].value_text.strip() == "human"
        screen.query_one("#setup-start", Button).focus()
        await pilot.press("enter")
        await pilot.pause()
    assert [look.computer for look in only_result(app).looks] == [False, True, True, False]


async def test_escape_goes_back_without_a_game() -> None:
    app = Host()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)
    assert app.results == [None]


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_the_start_button_is_on_screen_at_both_sizes(size: tuple[int, int]) -> None:
    app = Host()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("a", "a")  # six seats: the longest form
        await pilot.pause()
        start = screen.query_one("#setup-start", Button)
        assert screen.region.contains_region(start.region)
        assert start.region.area > 0
        assert screen.query_one(MapView).display == (size[0] >= 100)
        form = screen.query_one("#setup-form")
        await pilot.press("pagedown")  # the text between fields can be read with the keyboard too
        await pilot.pause()
        assert form.scroll_y > 0
        assert all(isinstance(row, SeatRow) for row in screen.seat_rows)
        await pilot.click("#setup-start")
        await pilot.pause()
    assert len(only_result(app).config.seats) == 6
