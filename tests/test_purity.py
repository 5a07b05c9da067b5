"""The engine and the content loaders never import Textual or Rich, and the engine reads no content files (DESIGN.md):
its board, cards and rosters are handed to it. The one thing it reads itself is what it ships inside its own package,
the maps' line-of-sight tables (`fragtui/engine/sightlines.py`), worked out from a board and named by its digest."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import fragtui.engine

ENGINE_MODULES = sorted(name for _, name, _ in pkgutil.walk_packages(fragtui.engine.__path__, prefix="fragtui.engine."))
HEADLESS = [
    "fragtui.engine",
    *ENGINE_MODULES,
    "fragtui.content",
    "fragtui.content.maps",
    "fragtui.content.map_text",
    "fragtui.content.cards",
    "fragtui.content.library",
    "fragtui.saves.format",
    "fragtui.saves.looks",
    "fragtui.saves.store",
    "fragtui.simulate",
    "fragtui.table",
    "fragtui.cli",
]


def test_every_engine_module_is_checked():
    assert {"fragtui.engine.game", "fragtui.engine.frag.combat", "fragtui.engine.view"} <= set(ENGINE_MODULES)


def test_headless_modules_do_not_import_textual_or_rich() -> None:
    """All of them at once, and a simulated game played: if together they pull in nothing, so does each."""
    code = (
        f"import sys, {', '.join(HEADLESS)}\n"
        "from fragtui.simulate import SimulationOptions, simulate\n"
        "simulate(SimulationOptions(map='pocket', seed=4, frag_target=1), out=lambda line: None)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"the headless modules pulled in {result.stdout.strip()}"


def test_the_engine_does_not_load_content() -> None:
    """The engine is handed its board and cards; it never imports the loaders that read files."""
    code = (
        f"import sys, {', '.join(ENGINE_MODULES)}\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('fragtui.content'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"the engine pulled in {result.stdout.strip()}"


def test_simulate_saving_its_games_loads_no_interface(tmp_path) -> None:
    """`fragtui simulate --save-dir` gives each seat its default look without the interface (issue 14).

    The look is plain data (`fragtui.saves.looks`); only `fragtui.tui` draws it, with Rich. Rich is
    still what draws simulate's progress bar over several games on a terminal, imported then alone.
    """
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from fragtui.simulate import SimulationOptions, simulate\n"
        f"simulate(SimulationOptions(map='pocket', seed=4, frag_target=1, save_dir=Path({str(tmp_path)!r})),"
        " out=lambda line: None)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')\n"
        "             or m.startswith('fragtui.tui'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"simulate pulled in {result.stdout.strip()}"
    assert len(list(tmp_path.glob("*.json"))) == 1, "the simulated game was saved"


def test_the_table_loads_no_interface() -> None:
    """The hot-seat table (whose eyes, computer seats, saving, walking routes) is game logic, not a screen:
    it imports neither Textual nor Rich nor any module of `fragtui.tui` (issue 14 moved it out of `tui/`)."""
    code = (
        "import sys\n"
        "from fragtui.content.library import new_game\n"
        "from fragtui.engine.config import make_config\n"
        "from fragtui.table import Table\n"
        "seats = [{'name': n, 'fighter': {'health': 3, 'speed': 2, 'accuracy': 2}} for n in ('Ann', 'Bob')]\n"
        "table = Table(new_game(make_config(map='pocket', seats=seats), 5))\n"
        "table.act(table.game.legal_actions()[0])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')\n"
        "             or m.startswith('fragtui.tui'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"the table pulled in {result.stdout.strip()}"
