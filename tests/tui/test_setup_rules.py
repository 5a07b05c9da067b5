"""The set-up screen chooses the rules (issue 14): a Rules field over the ruleset registry, the maps the
chosen ruleset plays on, and a line for each of its options (Pilot)."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import OptionList, Static

from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.frag.target import frag_target
from fragtui.tui import last_setup
from fragtui.tui.deadlands.seat_editor import FighterEditor
from fragtui.tui.last_setup import LastSetup
from fragtui.tui.seat_row import SeatRow
from fragtui.tui.seats import TableSetup
from fragtui.tui.setup import NewGameScreen, _option_words
from fragtui.tui.setup_kit import Stepper
from tests.conftest import OptionedFrag

SMALL, LARGE = (80, 24), (120, 40)


def character(row: SeatRow) -> str | None:
    """The roster fighter the seat plays (its fighter editor's), None where it has none."""
    editor = row.editor(FighterEditor)
    return editor.character if editor is not None else None


class Host(App[None]):
    """A bare app that opens the set-up screen and keeps what it is dismissed with."""

    def __init__(self, last: LastSetup | None = None) -> None:
        super().__init__()
        self.last = last
        self.results: list[TableSetup | None] = []

    def on_mount(self) -> None:
        self.push_screen(NewGameScreen(self.last), self.results.append)


def screen_of(app: Host) -> NewGameScreen:
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


def rules_stepper(app: Host) -> Stepper:
    return screen_of(app).query_one("#setup-ruleset", Stepper)


def shown(app: Host, selector: str) -> str:
    return str(screen_of(app).query_one(selector, Static).render())


def listed(app: Host) -> list[str]:
    maps = screen_of(app).query_one("#setup-map-list", OptionList)
    return [str(maps.get_option_at_index(n).id) for n in range(maps.option_count)]


def started(app: Host) -> TableSetup:
    assert len(app.results) == 1, app.results
    result = app.results[0]
    assert isinstance(result, TableSetup)
    return result


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_the_rules_say_frag_is_played_and_a_frag_game_starts(size: tuple[int, int]) -> None:
    app = Host()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert rules_stepper(app).value_text == "Frag"
        assert shown(app, "#setup-rules-summary") == FragRules.summary
        assert screen.query_one("#setup-options").display  # Frag's one option: the Deadlands cards (D-CARD-06)
        assert screen.option_stepper("deadlands-cards").value_text == "off"
        await pilot.press("ctrl+o")  # Ctrl+O: to the rules, above the options
        assert app.focused is rules_stepper(app)
        assert screen.region.contains_region(rules_stepper(app).region)
        await pilot.press("right")  # the registry's next: Frag Deadlands, and back
        await pilot.pause()
        assert rules_stepper(app).value_text == "Frag Deadlands"
        await pilot.press("left")
        await pilot.pause()
        assert rules_stepper(app).value_text == "Frag"
        assert all(character(row) is None for row in screen.seat_rows)
        frags = [name for name in map_names() if board_named(name).ruleset in FragRules.maps_for]
        assert listed(app) == sorted(frags, key=lambda n: board_named(n).ruleset != "frag")  # (no Ruthless map)
        await pilot.press("enter")
        await pilot.pause()
    config = started(app).config
    assert (config.ruleset, config.options) == ("frag", {})
    assert "options" not in config.model_dump_json()


async def test_another_ruleset_is_chosen_and_its_options_set(optioned_frag: type[OptionedFrag]) -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("ctrl+o", "left")  # registered last: Left from Frag wraps round to it
        await pilot.pause()
        assert rules_stepper(app).value_text == "Optioned Frag"
        assert shown(app, "#setup-rules-summary") == optioned_frag.summary
        panel = screen.query_one("#setup-options")
        assert panel.display
        lines = [" ".join(str(w.render()) for w in line.children) for line in panel.children]
        assert lines == [
            "loud < off > Shout every frag (a switch). (H-TEST-01)",
            "bonus < 0 > A number that changes nothing.",
            "mode < calm > A choice that changes nothing.",
        ]
        await pilot.press("tab")
        assert app.focused is screen.option_stepper("loud")
        await pilot.press("right", "tab", "5", "right", "tab", "right")
        await pilot.pause()
        assert [screen.option_stepper(n).value_text for n in ("loud", "bonus", "mode")] == ["on ", "6", "wild"]
        assert "Ready" in shown(app, "#setup-message")
        await pilot.press("enter")
        await pilot.pause()
    config = started(app).config
    assert config.ruleset == "optioned-frag"
    assert config.options == {"loud": True, "bonus": 6, "mode": "wild"}
    game = new_game(config, started(app).seed)
    assert type(game.rules) is optioned_frag and game.rules.option_value("bonus") == 6


async def test_an_option_stepped_back_to_its_default_is_not_set(optioned_frag: type[OptionedFrag]) -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o", "left", "tab", "right", "left", "tab", "right", "left", "enter")
        await pilot.pause()
    config = started(app).config
    assert (config.ruleset, config.options) == ("optioned-frag", {})


async def test_going_back_to_frag_hides_the_options_and_forgets_them(optioned_frag: type[OptionedFrag]) -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("ctrl+o", "left", "tab", "right")  # Optioned Frag, loud on
        await pilot.press("shift+tab", "right")
        await pilot.pause()
        assert rules_stepper(app).value_text == "Frag"
        assert screen.query_one(
            "#setup-options"
        ).display  # Frag's own options only (house rules too), at their defaults
        defaults = [_option_words(spec, spec.default) for spec in FragRules.options]  # off, frags, 10, 0...
        assert [stepper.value_text for stepper in screen.query("#setup-options Stepper")] == defaults
        assert screen.option_stepper("deadlands-cards").value_text == "off"
        await pilot.press("enter")
        await pilot.pause()
    config = started(app).config
    assert (config.ruleset, config.options) == ("frag", {})


async def test_the_maps_listed_are_the_ones_the_rules_play_on(
    optioned_frag: type[OptionedFrag], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ruleset's `maps_for` decides the list: here one that plays Deadlands maps only."""
    monkeypatch.setattr(optioned_frag, "maps_for", frozenset({"deadlands"}))
    western = [n for n in map_names() if board_named(n).ruleset == "deadlands"]
    assert western and len(western) < len(map_names())
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert screen.map_name == "foundry"
        await pilot.press("ctrl+o", "left")
        await pilot.pause()
        assert listed(app) == western
        assert screen.map_name == western[0]  # Foundry is not played here: the first map that is
        assert board_named(western[0]).name in shown(app, "#setup-map-info")
        await pilot.press("right")  # back to Frag: every map it plays again, its own first
        await pilot.pause()
        frags = [name for name in map_names() if board_named(name).ruleset in FragRules.maps_for]
        assert listed(app) == sorted(frags, key=lambda n: board_named(n).ruleset != "frag")
        assert screen.map_name == western[0]  # Frag plays it too: the choice stays
        await pilot.press("left", "enter")
        await pilot.pause()
    config = started(app).config
    assert (config.ruleset, config.map) == ("optioned-frag", western[0])


async def test_the_next_new_game_remembers_the_rules_and_options(optioned_frag: type[OptionedFrag]) -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o", "left", "tab", "tab", "tab", "right", "enter")
        await pilot.pause()
    assert started(app).config.options == {"mode": "wild"}
    again = Host()  # opens with the set-up remembered in the process
    async with again.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = screen_of(again)
        assert rules_stepper(again).value_text == "Optioned Frag"
        assert screen.option_stepper("mode").value_text == "wild"
        await pilot.press("enter")
        await pilot.pause()
    config = started(again).config
    assert (config.ruleset, config.options) == ("optioned-frag", {"mode": "wild"})


async def test_remembered_rules_that_are_not_played_here_fall_back_with_a_note() -> None:
    remembered, _ = last_setup.recall()
    assert remembered is None
    seats = [
        {"name": n, "health": 3, "speed": 2, "accuracy": 2, "look": {"colour": c, "glyph": g}}
        for n, c, g in (("Ann", "bright_red", "@"), ("Bob", "bright_cyan", "&"))
    ]
    gone = LastSetup.model_validate({"seats": seats, "map": "pocket", "frag_target": 2, "ruleset": "chess"})
    app = Host(gone)
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        assert rules_stepper(app).value_text == "Frag"
        note = shown(app, "#setup-seat-note")
        assert "The last set-up's rules cannot be played here ('chess': this version of fragtui plays only" in note
        await pilot.press("enter")
        await pilot.pause()
    config = started(app).config
    assert (config.ruleset, config.map, frag_target(config)) == ("frag", "pocket", 2)  # the rest is kept
