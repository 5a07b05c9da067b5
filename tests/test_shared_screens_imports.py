"""The shared screens import no rule system (issue 32): what every game's interface goes through asks the ruleset or
its front end, never names Frag, Frag Deadlands or Ruthless.

Shared is every module directly in `fragtui/tui/` and `fragtui/serve/`, `fragtui/table.py` and `fragtui/front_end.py`:
the title, the set-up form, the dialogs, the replay, the generic screen, the hosted tables. A system is a package under
the engine (`engine/frag/`, `engine/deadlands/`, `engine/ruthless/`, and any added later), its front end's package
under the interface (`tui/frag/`, `tui/deadlands/`, `tui/ruthless/`), `fragtui/systems/` (the front ends registered),
its bots and bots' windows, and the systems' own screens that still live among the shared ones (`SYSTEM_SCREENS`). A
system reaches the shared code by registering (its `Ruleset`, its `FrontEnd`), which is how the proof ruleset of
tests/test_new_ruleset.py plays on the same screens. Read from the source, as tests/test_kernel_imports.py does for the
kernel: every `import` counts, at the top, inside a function (a lazy import) or under `if TYPE_CHECKING:`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import fragtui

ROOT = Path(fragtui.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SYSTEM_SCREENS = {
    "fragtui.tui.game_screen": "Frag's own game screen (Frag, Frag Tag, Frag Deadlands), named by their front ends",
    "fragtui.tui.poker_screen": "Frag Deadlands' poker draw (D-CARD-04), opened by Frag's game screen",
}
"""Systems' own screens that live in `fragtui/tui/` beside the shared ones, and why they may import their system."""

SYSTEMS = sorted(
    {_module_name(path.parent) for path in (ROOT / "engine").glob("*/__init__.py")}
    | {_module_name(path.parent) for path in (ROOT / "tui").glob("*/__init__.py")}
    | {"fragtui.systems", "fragtui.bots.ruthless", "fragtui.bots.frag_window", "fragtui.bots.heuristic"}
    | set(SYSTEM_SCREENS)
)
"""Every rule system's package or module: the engine's system packages, the interface's front-end packages, the front
ends' registrations, the systems' own bots and windows, and the systems' own screens."""

SHARED = sorted(
    {
        _module_name(path)
        for path in [
            *(ROOT / "tui").glob("*.py"),
            *(ROOT / "serve").glob("*.py"),
            ROOT / "table.py",
            ROOT / "front_end.py",
        ]
    }
    - set(SYSTEM_SCREENS)
)
"""The modules every game goes through."""


def _imports(path: Path) -> set[str]:
    """Every module `path`'s text imports, anywhere in it: the module itself and, for `from package import name`,
    `package.name` too (a module of the package, or a name in it: the system test below tells them apart by prefix)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _path(module: str) -> Path:
    path = ROOT.parent / Path(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _in_system(module: str) -> bool:
    return any(module == system or module.startswith(f"{system}.") for system in SYSTEMS)


def _systems_imported(module: str) -> set[str]:
    return {found for found in _imports(_path(module)) if _in_system(found)}


def test_the_walk_sees_the_shared_modules_and_the_systems() -> None:
    assert {"fragtui.tui.setup", "fragtui.tui.dialogs", "fragtui.tui.describe", "fragtui.serve.table_screen"} <= set(
        SHARED
    )
    assert {"fragtui.engine.frag", "fragtui.engine.ruthless", "fragtui.tui.frag", "fragtui.tui.ruthless"} <= set(
        SYSTEMS
    )
    assert "fragtui.engine.frag.state.Phase" in _systems_imported("fragtui.tui.game_screen")  # (the walk finds them)
    assert "fragtui.tui.frag.walking" in _systems_imported("fragtui.tui.game_screen")
    assert not _in_system("fragtui.front_end") and not _in_system("fragtui.engine.rulesets")


def test_no_shared_screen_imports_a_rule_system() -> None:
    """No shared module imports a system's module, lazily or for its types only: each asks the ruleset (its class
    hooks) or the ruleset's front end (`fragtui.front_end.FrontEnd`: its screen, pictures, seat editors, set-up words,
    help) instead."""
    found = {(module, system) for module in SHARED for system in _systems_imported(module)}
    assert found == set(), f"shared modules import systems: {sorted(found)}"


def test_each_system_screen_left_among_the_shared_ones_is_one() -> None:
    """The modules let off are systems' own screens, each importing its system (else it is shared, and held to it)."""
    for module, why in SYSTEM_SCREENS.items():
        assert _path(module).is_file(), module
        assert _systems_imported(module), f"{module} imports no system: take it off the list ({why})"
