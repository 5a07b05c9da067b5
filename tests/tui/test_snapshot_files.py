"""Every screen snapshot on disk belongs to a test that is still there.

syrupy fails a run on a snapshot no test asserts any more (a test renamed or removed, a parameter
changed) and `--snapshot-update` deletes it, but only in a run without workers: under pytest-xdist
(the README's test command) each worker sees a part of the suite and syrupy leaves the check out. This
test keeps it in every run, from the list of tests collected (every worker collects the whole suite).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import COLLECTED

TESTS = Path(__file__).resolve().parent.parent


def _snapshot_names(collected: frozenset[str], root: Path) -> dict[Path, set[str]]:
    """The snapshot names syrupy gives the collected tests (`test_x[120x40]`, `Class.test_x`), by test module."""
    names: dict[Path, set[str]] = {}
    for nodeid in collected:
        path, _, name = nodeid.partition("::")
        names.setdefault((root / path).resolve(), set()).add(name.replace("::", "."))
    return names


def test_every_snapshot_belongs_to_a_collected_test(request: pytest.FixtureRequest) -> None:
    collected = request.config.stash.get(COLLECTED, frozenset())
    names = _snapshot_names(collected, request.config.rootpath)
    # A module named with `::` on the command line was collected in part: its snapshots are not judged.
    root = request.config.rootpath
    partial = {(root / arg.partition("::")[0]).resolve() for arg in request.config.args if "::" in arg}
    judged = 0
    for snapshots in TESTS.rglob("__snapshots__"):
        for folder in sorted(snapshots.iterdir()):
            module = snapshots.parent / f"{folder.name}.py"
            assert module.is_file(), f"{folder} holds the snapshots of {module.name}, which no longer exists"
            if module not in names or module in partial:
                continue
            orphans = sorted(file.name for file in folder.iterdir() if file.stem not in names[module])
            assert not orphans, f"snapshots of no test in {module.name}: {orphans}"
            judged += 1
    assert judged or not any(path.name.startswith("test_snapshots") for path in names)


def test_a_renamed_test_leaves_its_snapshot_an_orphan(tmp_path: Path) -> None:
    """The names the check compares: a parametrized test's snapshots match; one of a test gone does not."""
    names = _snapshot_names(
        frozenset({"tests/tui/test_x.py::test_screen[80x24]", "tests/tui/test_x.py::Screens::test_help"}), tmp_path
    )
    module = (tmp_path / "tests/tui/test_x.py").resolve()
    assert names == {module: {"test_screen[80x24]", "Screens.test_help"}}
    assert Path("test_screen[120x40].svg").stem not in names[module]
