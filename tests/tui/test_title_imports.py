"""The title screen comes up without the engine, the content or the game's screens (issue 30, "Start").

A launch imports only what draws the title (Textual, Rich, the title's module, the saves folder's
path); the rest is imported when a screen that needs it is opened. The check runs in a fresh
interpreter, since this test process has imported everything already: it starts the real app at
120×40 on an empty data folder (a new player), waits for the title, and lists the fragtui modules
loaded; then it opens the set-up screen, to show the check sees an import when one happens.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import fragtui.tui.app as app_module
from fragtui.tui.app import SCREEN_MODULES, import_screens

CHILD = """
import asyncio, json, sys

import fragtui.cli
from fragtui.tui.app import FragApp, TitleScreen

def loaded():
    return sorted(name for name in sys.modules if name == "fragtui" or name.startswith("fragtui."))

async def main():
    app = FragApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen), app.screen
        menu = [str(option.prompt) for option in app.screen.query_one("#title-menu").options]
        at_title = loaded()
        await pilot.press("n")
        await pilot.pause()
        opened = type(app.screen).__name__
    print(json.dumps({"menu": menu, "title": at_title, "opened": opened, "after": loaded()}))

asyncio.run(main())
"""

TITLE_MODULES = {
    "fragtui",
    "fragtui.cli",
    "fragtui.errors",
    "fragtui.tui",
    "fragtui.tui.app",
    "fragtui.tui.footer",  # the title's footer (`KeyFooter`): Textual only
    "fragtui.tui.title_header",  # the title's header: Textual only
    "fragtui.tui.too_small",  # "Window too small" under 20×6: Textual only
    "fragtui.tui.terminal",  # the terminal's driver and the hangup watch (tui/terminal.py)
    "fragtui.saves",
    "fragtui.saves.store",  # where the saves folder is, and that it holds nothing to read
    "fragtui.saves.index",  # what the title shows of each save, noted when it was written (no models, no engine)
    "fragtui.content",
    "fragtui.content.resources",  # the bounded file reader the saves folder's module uses (no content)
}
"""Every fragtui module the title may load: nothing of the engine, the maps and cards, or another screen."""


def _launch(data: Path) -> dict[str, Any]:
    env = dict(os.environ, FRAGTUI_DATA_DIR=str(data))
    result = subprocess.run(
        [sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return report


def test_a_new_players_title_loads_no_engine_content_or_game_screen(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)  # folders made by an earlier start, with nothing in them yet
    (data / "tournaments").mkdir()
    report = _launch(data)
    assert report["menu"] == ["New game", "New tournament", "Browse the maps", "Help", "Quit"]
    title = set(report["title"])
    assert title - TITLE_MODULES == set(), f"the title imported {sorted(title - TITLE_MODULES)}"
    assert not title & set(SCREEN_MODULES)  # what a server imports at once (`import_screens`), the title does not
    # The set-up screen, once opened, brought its own modules: the check above would have seen them.
    after = set(report["after"])
    assert report["opened"] == "NewGameScreen"
    assert {"fragtui.tui.setup", "fragtui.engine.config", "fragtui.content.maps"} <= after


ENGINE_AND_SCREENS = {
    "fragtui.engine.frag",
    "fragtui.engine.deadlands",
    "fragtui.engine.ruthless",
    "fragtui.engine.game",
    "fragtui.saves.format",
    "fragtui.tui.game_screen",
}
"""What a save's full reading brought in before the saves folder had an index (the save's models, the engine)."""


def _save_a_game_at_the_table(data: Path) -> Path:
    """An unfinished game saved as the table saves it after every action (noting it in the saves folder's index)."""
    from fragtui.table import Table
    from tests.saves.duel import pocket_duel

    path = data / "saves" / "unfinished.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    Table(pocket_duel(3), save_path=path).save()
    return path


RETURNING_MENU = [
    "New game",
    "Resume a game (1 unfinished)",
    "New tournament",
    "Replays",
    "Browse the maps",
    "Help",
    "Quit",
]


def test_a_returning_players_title_loads_no_engine_content_or_game_screen(tmp_path: Path) -> None:
    """With a game saved at the table, the title offers "Resume" from the saves folder's index: the save's
    models and the engine (about 0.4 s of a launch) wait until the game is resumed (issue 30, "Start")."""
    data = tmp_path / "data"
    _save_a_game_at_the_table(data)
    report = _launch(data)
    assert report["menu"] == RETURNING_MENU
    title = set(report["title"])
    assert title - TITLE_MODULES == set(), f"the title imported {sorted(title - TITLE_MODULES)}"


def test_a_save_the_index_does_not_know_is_read_once_then_listed_from_the_index(tmp_path: Path) -> None:
    """A save written before the index (or by another program): the first title reads it in full, as every title
    did, and notes it; the next title takes it from the index. Both offer the same menu."""
    data = tmp_path / "data"
    path = _save_a_game_at_the_table(data)
    (path.parent / ".saves-index").unlink()
    first = _launch(data)
    assert first["menu"] == RETURNING_MENU
    assert ENGINE_AND_SCREENS - {"fragtui.tui.game_screen"} <= set(first["title"])  # read in full, as before
    second = _launch(data)
    assert second["menu"] == RETURNING_MENU
    assert set(second["title"]) - TITLE_MODULES == set()


def test_a_server_imports_at_once_every_module_the_title_leaves_for_later() -> None:
    """`import_screens` (what `fragtui serve` runs before it listens) names every module app.py imports inside a
    function, but the two the title needs itself: a screen added later is warmed for the server's sessions too."""
    tree = ast.parse(Path(app_module.__file__).read_text(encoding="utf-8"))
    inside = {
        node.module
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("fragtui.")
    }
    assert inside - {"fragtui.saves.store", "fragtui.tui.terminal"} == set(SCREEN_MODULES)
    import_screens()
    assert set(SCREEN_MODULES) <= set(sys.modules)


ARGPARSE_CHILD = """
import json, sys

import fragtui.cli
import fragtui.tui.app

seen = {}
fragtui.tui.app.run = lambda: seen.setdefault("argparse", "argparse" in sys.modules) and 0
status = fragtui.cli.main()
print(json.dumps({"status": status, "argparse": seen["argparse"]}))
"""


def test_a_bare_fragtui_starts_the_game_without_argparse(tmp_path: Path) -> None:
    """`fragtui` with no arguments goes straight to the game: building its parser (and importing argparse) costs
    about 25 ms of CPU that the title would wait for; a command still goes through the parser."""
    env = dict(os.environ, FRAGTUI_DATA_DIR=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-c", ARGPARSE_CHILD], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert json.loads(result.stdout.strip().splitlines()[-1]) == {"status": 0, "argparse": False}
    listed = subprocess.run(
        [sys.executable, "-m", "fragtui", "rulesets"], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert listed.returncode == 0 and "frag" in listed.stdout.lower(), listed.stderr[-3000:]
