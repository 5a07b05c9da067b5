"""What keeps the set-up screen cheap to build and to type into (docs/performance.md, "The set-up screen").

Nothing here is timed: each test holds one of the changes that took work away (a layout, a restyle of every
widget), counted, so that it stays taken away. The figures are `python -m fragtui.bench.setup_screen`'s.
"""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.screen import Screen

from fragtui.bench import setup_screen
from fragtui.tui.setup import NewGameScreen
from fragtui.tui.setup_kit import SteadyStatic
from tests.tui.test_setup_rules import LARGE, SMALL


async def test_a_steady_static_redraws_only_a_change() -> None:
    """The same text again (a new `Text` with the same characters, spans and style) asks for no layout; another
    style, or other words, is drawn."""
    refreshed: list[bool] = []

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield SteadyStatic(Text("Ready", style="green"), id="line")

    app = Host()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        line = app.query_one("#line", SteadyStatic)
        drawn = line.refresh
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(line, "refresh", lambda *regions, **how: refreshed.append(how["layout"]) or drawn(**how))
            line.update(Text("Ready", style="green"))
            assert refreshed == []
            line.update(Text("Ready", style="red"))
            line.update(Text.assemble(("Ready", "red"), "."))
            line.update("Ready")
            assert refreshed == [True, True, True]
        await pilot.pause()
        assert str(line.render()) == "Ready"


@pytest.mark.parametrize(("size", "classes"), [(SMALL, {"-narrow", "-short"}), (LARGE, {"-wide", "-tall"})])
async def test_the_breakpoint_classes_are_there_at_the_first_layout(size: tuple[int, int], classes: set[str]) -> None:
    """The screen lays itself out the first time with the classes of its size (Textual sets them only when the
    screen is resized after that layout, and every widget was styled and laid out again)."""
    first: list[set[str]] = []
    laid_out = Screen._refresh_layout

    def recording(screen: Screen[object], *args: object, **kwargs: object) -> None:
        if isinstance(screen, NewGameScreen) and not first:
            first.append(set(screen.classes))
        laid_out(screen, *args, **kwargs)  # type: ignore[arg-type]

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(NewGameScreen(recall_last=False))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Screen, "_refresh_layout", recording)
        app = Host()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
    assert first and classes <= first[0], first


def test_the_bench_measures_a_build_and_a_key() -> None:
    """The bench's smallest run: a build counted, and digits typed into the seed each timed."""
    assert len(setup_screen.build_seconds(SMALL, 1)) == 1
    times, layouts = setup_screen.seed_key(SMALL, 2)
    assert len(times) == 2 and layouts > 0
