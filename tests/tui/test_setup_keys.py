"""The set-up screen's keys (issue 13): Enter starts from anywhere, every field is a few keys away,
no typed digit is lost, and the next New game starts from the last set-up (Pilot)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.widgets import Button, Input, OptionList, Static

from fragtui.content.library import board_named
from fragtui.engine.frag.design import Stat
from fragtui.engine.frag.target import frag_target
from fragtui.tui import last_setup
from fragtui.tui.frag.seat_editor import DesignEditor
from fragtui.tui.last_setup import LastSetup, last_setup_path, recall
from fragtui.tui.map_view import MapView
from fragtui.tui.seats import TableSetup
from fragtui.tui.setup import NewGameScreen
from fragtui.tui.setup_kit import Stepper

SMALL, LARGE = (80, 24), (120, 40)


class Again(App[None]):
    """Opens the set-up screen, and again each time it is dismissed, keeping every result.

    `again=False` opens it once: a test that only starts one game need not build a second screen (some
    1.5 s of CPU each). `install=True` shows the same screen again instead of a new one: the real
    dismiss and callback each time, without rebuilding its couple of hundred widgets."""

    NOTIFICATION_TIMEOUT = 3600
    """A notification stays until the test reads it: 5 s (Textual's) could pass on a loaded machine."""

    def __init__(self, *, again: bool = True, install: bool = False) -> None:
        super().__init__()
        self.results: list[TableSetup | None] = []
        self.again = again
        self.install = install

    def on_mount(self) -> None:
        if self.install:
            self.install_screen(NewGameScreen(), "setup")
        self.open()

    def open(self) -> None:
        self.push_screen("setup" if self.install else NewGameScreen(), self._done)

    def _done(self, result: TableSetup | None) -> None:
        self.results.append(result)
        if self.again:
            self.open()


def screen_of(app: App[None]) -> NewGameScreen:
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


def message(app: App[None]) -> str:
    return str(screen_of(app).query_one("#setup-message", Static).render())


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_enter_starts_from_every_field(size: tuple[int, int]) -> None:
    """Every focus stop but the other buttons (Add, Remove, Back press themselves): Enter starts the game.

    Each start dismisses the screen through the app's callback, and the same screen is shown again for
    the next stop (a new screen for each of the fifty stops took minutes of CPU)."""
    app = Again(install=True)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        stops = [w for w in screen.focus_chain if not isinstance(w, Button) or w.id == "setup-start"]
        assert {type(w).__name__ for w in stops} >= {"Input", "DigitField", "Stepper", "OptionList", "Button"}
        for n, widget in enumerate(stops):
            assert screen_of(app) is screen and screen.is_current
            widget.focus()
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert len(app.results) == n + 1, f"Enter on {widget!r} did not start"
            assert isinstance(app.results[-1], TableSetup)


async def test_enter_after_a_click_on_the_map_preview_starts() -> None:
    app = Again(again=False)
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        preview = screen_of(app).query_one("#setup-preview", MapView)
        # (below a ruleset's options the preview may start under the screen's edge: brought into view first)
        screen_of(app).query_one("#setup-form").scroll_to_widget(preview, animate=False, immediate=True)
        await pilot.pause()
        await pilot.click(preview)
        await pilot.press("enter")
        await pilot.pause()
    assert len(app.results) == 1 and isinstance(app.results[0], TableSetup)


async def test_every_field_is_a_few_keys_away() -> None:
    """Ctrl+G, Ctrl+F, Ctrl+R: one key each; Ctrl+N k times: seat k's name, its other fields a few Tabs on."""
    app = Again()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("ctrl+f")
        assert app.focused is screen.query_one("#setup-frag-target")
        await pilot.press(*"12")  # the field's 3 is selected on arrival: the typed number replaces it
        assert screen.query_one("#setup-frag-target", Input).value == "12"
        await pilot.press("ctrl+g")
        assert app.focused is screen.query_one("#setup-map-list")
        await pilot.press("ctrl+r")
        assert app.focused is screen.query_one("#setup-seed")
        await pilot.press("a", "a")  # six seats (typed in the seed field? no: `a` is text there)
        await pilot.press("ctrl+n")
        assert app.focused is screen.seat_rows[0].query_one(".seat-name")
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+n")
        seat = screen.seat_rows[3]
        row = seat.editor(DesignEditor)
        assert row is not None
        assert app.focused is seat.query_one(".seat-name")
        for _ in range(6):  # colour, glyph, kind, Health, Speed, Accuracy
            await pilot.press("tab")
        assert app.focused is row.stat_stepper(Stat.ACCURACY)
        assert app.focused.region.height == 1 and screen.region.contains_region(app.focused.region)
        await pilot.press("ctrl+n")
        assert app.focused is screen.seat_rows[0].query_one(".seat-name"), "seat 4 of 4: round to seat 1"


async def test_a_digit_typed_into_a_full_frag_target_is_kept() -> None:
    app = Again(again=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        field = screen_of(app).query_one("#setup-frag-target", Input)
        await pilot.press("ctrl+f", "end", "1")  # the cursor after the 3: "31", the field full
        assert field.value == "31"
        await pilot.press("2")
        assert field.value == "12", "the digits typed last are kept"
        assert "first to 12 frags" in message(app)
        await pilot.press("enter")
        await pilot.pause()
    result = app.results[0]
    assert isinstance(result, TableSetup) and frag_target(result.config) == 12


async def test_a_digit_on_a_stat_sets_it_and_elsewhere_says_where_digits_go() -> None:
    app = Again()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        seat = screen.seat_rows[0]
        row = seat.editor(DesignEditor)
        assert row is not None
        row.stat_stepper(Stat.HEALTH).focus()
        await pilot.press("1")
        await pilot.pause()
        assert row.stats[Stat.HEALTH] == 1
        row.stat_stepper(Stat.SPEED).focus()
        await pilot.press("4")
        await pilot.pause()
        assert (row.stats[Stat.SPEED], row.stat_stepper(Stat.SPEED).value_text) == (4, "4")
        assert "Ready" in message(app)
        await pilot.press("5")
        await pilot.pause()
        assert row.stats[Stat.SPEED] == 4
        assert "Speed stays 4: each stat gets 1 to 4 points" in message(app)
        row.stat_stepper(Stat.ACCURACY).focus()
        await pilot.press("4")  # 2 more points, none left: refused in words
        await pilot.pause()
        assert row.stats[Stat.ACCURACY] == 2
        assert "Accuracy 4 needs 2 more points and 0 are left" in message(app)
        seat.query_one(".seat-colour", Stepper).focus()
        await pilot.press("7")
        await pilot.pause()
        assert "7 was not typed anywhere: digits go in a stat, the map list, the frag target (Ctrl+F)" in message(app)
        await pilot.press("ctrl+g", "2")
        await pilot.pause()
        maps = screen.query_one("#setup-map-list", OptionList)
        assert maps.highlighted == 1
        assert screen.map_name == maps.get_option_at_index(1).id


async def _start_a_changed_table(app: Again) -> TableSetup:
    """Two seats, a renamed computer player, another map, 5 frags: started with Enter."""
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("x", "x")  # two seats
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+u", *"Zed", "tab", "right", "tab", "tab", "right")
        await pilot.press("tab", "2", "tab", "3")  # Bob: Health 2, Speed 3
        maps = screen.query_one("#setup-map-list", OptionList)
        pocket = next(i for i in range(maps.option_count) if maps.get_option_at_index(i).id == "pocket")
        await pilot.press("ctrl+g", str(pocket + 1), "ctrl+f", "5")
        await pilot.pause()
        assert "Ready: 2 players on Pocket Arena, first to 5 frags" in message(app)
        await pilot.press("enter")
        await pilot.pause()
        started = app.results[-1]
        assert isinstance(started, TableSetup)
    return started


Shown = tuple[list[str], list[tuple[str, str, bool]], list[dict[Stat, int]], str | None, str]


def _shown(screen: NewGameScreen) -> Shown:
    rows = screen.seat_rows
    return (
        [row.player_name for row in rows],
        [(row.colour, row.glyph, row.computer) for row in rows],
        [dict(row.editor(DesignEditor).stats) for row in rows],  # type: ignore[union-attr]
        screen.map_name,
        screen.query_one("#setup-frag-target", Input).value,
    )


async def test_the_next_new_game_remembers_the_last_set_up_in_process_and_across_launches() -> None:
    started = await _start_a_changed_table(Again(again=False))
    expected = (
        ["Ann", "Zed"],
        [(look.colour, look.glyph, look.computer) for look in started.looks],
        [{Stat.HEALTH: 3, Stat.SPEED: 2, Stat.ACCURACY: 2}, {Stat.HEALTH: 2, Stat.SPEED: 3, Stat.ACCURACY: 2}],
        "pocket",
        "5",
    )
    assert started.looks[1].computer and started.config.seats[1].name == "Zed"
    for across_launches in (False, True):
        if across_launches:
            last_setup.forget()  # a new process: only the file remembers
        app = Again()
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert _shown(screen_of(app)) == expected
            assert "Ready: 2 players on Pocket Arena, first to 5 frags" in message(app)
    saved = json.loads(last_setup_path().read_text())
    assert saved["map"] == "pocket" and [seat["name"] for seat in saved["seats"]] == ["Ann", "Zed"]
    assert "seed" not in saved
    assert not [p for p in last_setup_path().parent.iterdir() if p.name.endswith(".tmp")], "written atomically"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "not JSON"),
        ('{"format": 1, "seats": [], "map": "pocket", "frag_target": 3}', "seats: List should have at least 2"),
        (
            json.dumps(
                {
                    "format": 1,
                    "map": "pocket",
                    "frag_target": 3,
                    "seats": [
                        {"name": n, "health": 3, "speed": 2, "accuracy": 2, "look": {"colour": c, "glyph": g}}
                        for n, c, g in (("Ann", "bright_red", "@"), ("Bob", "bright_red", "&"))
                    ],
                }
            ),
            "seat colours must be different ones of",
        ),
        ("[" * 5000, "not JSON"),
        ("x" * 20_000, "more than a set-up takes"),
    ],
)
async def test_a_bad_remembered_set_up_is_ignored_with_a_note(content: str, reason: str) -> None:
    path = last_setup_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    app = Again(again=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert [row.player_name for row in screen.seat_rows] == ["Ann", "Bob", "Cat", "Dan"], "the defaults"
        shown = str(screen.query_one("#setup-seat-note", Static).render())
        assert "The last set-up was not read" in shown and reason in shown, shown
        await pilot.press("enter")  # the defaults start, and are remembered in place of the bad file
        await pilot.pause()
    assert recall()[1] is None
    last_setup.forget()
    remembered, note = recall()
    assert note is None and remembered is not None and len(remembered.seats) == 4


async def test_a_map_that_is_gone_falls_back_with_a_note() -> None:
    setup = LastSetup.model_validate(
        {
            "map": "atlantis",
            "frag_target": 4,
            "seats": [
                {"name": n, "health": 3, "speed": 2, "accuracy": 2, "look": {"colour": c, "glyph": g}}
                for n, c, g in (("Ann", "bright_red", "@"), ("Bob", "bright_cyan", "&"), ("Cy", "bright_blue", "+"))
            ],
        }
    )
    app = App[None]()
    async with app.run_test(size=SMALL) as pilot:
        screen = NewGameScreen(setup)
        app.push_screen(screen)
        await pilot.pause()
        assert [row.player_name for row in screen.seat_rows] == ["Ann", "Bob", "Cy"]
        assert screen.query_one("#setup-frag-target", Input).value == "4"
        assert "map 'atlantis' is not here any more" in str(screen.query_one("#setup-seat-note", Static).render())
        assert screen.map_name is not None and board_named(screen.map_name).players_max >= 3


async def test_a_data_folder_that_cannot_be_written_still_remembers_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The data folder under a plain file: no one, not even root, can write there."""
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "file" / "data"))
    app = Again()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+f", "7", "enter")
        await pilot.pause()
        assert isinstance(app.results[0], TableSetup)
        assert any("remembered until fragtui closes" in str(n.message) for n in app._notifications)
        assert screen_of(app).query_one("#setup-frag-target", Input).value == "7"


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_seats_added_as_fast_as_keys_come_start_a_six_player_game(size: tuple[int, int]) -> None:
    """`a a Enter` sent at once (tmux send-keys) once crashed: a row was checked before its fields were mounted."""
    app = Again(again=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key, character in (("a", "a"), ("a", "a"), ("enter", "\r")):
            app.post_message(events.Key(key, character))  # all queued at once, as a terminal sends them
        await pilot.pause(0.2)
        await pilot.pause()
    result = app.results[0]
    assert isinstance(result, TableSetup)
    assert [seat.name for seat in result.config.seats] == ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


async def test_a_digit_too_many_in_the_seed_shows_and_is_refused_in_words() -> None:
    app = Again(again=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+r", *"184467440737095516150")  # 2**64 - 1 and one digit more
        await pilot.pause()
        assert screen_of(app).query_one("#setup-seed", Input).value == "184467440737095516150"
        assert "seed: digits only, 0 to 18446744073709551615" in message(app)
        await pilot.press("backspace", "enter")
        await pilot.pause()
    result = app.results[0]
    assert isinstance(result, TableSetup) and result.seed == 2**64 - 1


async def _queued(app: App[None], *keys: tuple[str, str | None]) -> None:
    """Keys queued at once, as a terminal sends what was typed quickly (tmux send-keys C-f 1 2)."""
    for key, character in keys:
        app.post_message(events.Key(key, character))


@pytest.mark.parametrize(
    ("jump", "field", "typed", "expected"),
    [
        ("ctrl+f", "#setup-frag-target", "12", "12"),
        ("ctrl+r", "#setup-seed", "77", "77"),
    ],
)
async def test_digits_typed_right_after_a_jump_key_land_in_its_field(
    jump: str, field: str, typed: str, expected: str
) -> None:
    """A jump key then digits, all in one read: the digits once went to the field the focus was leaving."""
    app = Again()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        names = [row.player_name for row in screen.seat_rows]
        await _queued(app, (jump, None), *((digit, digit) for digit in typed))
        await pilot.pause(0.2)
        await pilot.pause()
        assert screen.query_one(field, Input).value == expected
        assert [row.player_name for row in screen.seat_rows] == names


async def test_a_name_typed_right_after_ctrl_n_lands_in_the_name() -> None:
    app = Again()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await _queued(app, ("ctrl+n", None), *((c, c) for c in "Zoe"))
        await pilot.pause(0.2)
        await pilot.pause()
        assert screen.seat_rows[0].player_name == "Zoe", "typed over the selected name"
