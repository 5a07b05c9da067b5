"""The project's promises about itself: the two-command quick start, CI, and the wheel."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _command_after(marker: str) -> str:
    text = (ROOT / "README.md").read_text()
    match = re.search(rf"<!-- {marker} -->\s*```sh\n(.+?)\n```", text)
    assert match, f"README has no command after <!-- {marker} -->"
    return match.group(1)


def test_readme_quick_start_is_two_single_line_commands() -> None:
    play = _command_after("play-command")
    test = _command_after("test-command")
    assert "\n" not in play and "\n" not in test
    assert "pip install" in play and play.endswith("fragtui")
    assert "pip install" in test and "[test]" in test and ".venv/bin/pytest -n auto" in test


def test_the_test_command_runs_every_test_in_parallel() -> None:
    """The README's test command spreads the suite over a worker per core (pytest-xdist, in the `test` extra),
    and selects nothing away: no `-m`, `-k` or `--deselect` in it or in pytest's own options, so the soak
    runs are run too."""
    test = _command_after("test-command")
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'"pytest-xdist>=[0-9.]+"', pyproject)
    addopts = re.search(r'^addopts = "(.*)"$', pyproject, re.MULTILINE)
    assert addopts is not None
    pytest_arguments = test.rpartition(".venv/bin/pytest")[2]
    assert pytest_arguments.split()[:2] == ["-n", "auto"]
    for selecting in ("-m", "-k", "--deselect", "--ignore", "-x", "--maxfail"):
        assert selecting not in (pytest_arguments + " " + addopts.group(1)).split(), selecting


def test_ci_runs_the_readme_test_command_exactly() -> None:
    script = (ROOT / ".ci" / "run").read_text()
    assert "<!-- test-command -->" in script
    awk = re.search(r"cmd=\$\(awk '(.+?)' README.md\)", script)
    assert awk, ".ci/run no longer extracts the command from README.md"
    extracted = subprocess.run(
        ["awk", awk.group(1), "README.md"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert extracted == _command_after("test-command")


def test_the_wheel_carries_the_maps_and_cards(tmp_path: Path) -> None:
    """A plain (non-editable) install must find the maps: they ship inside the package."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("fragtui-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    shipped = sorted(p.name for p in (ROOT / "maps").glob("*.map"))
    assert shipped
    assert sorted(n.rsplit("/", 1)[1] for n in names if n.startswith("fragtui/data/maps/")) == shipped
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    listed = subprocess.run(
        [sys.executable, "-c", "from fragtui.content.maps import map_paths; print([str(p) for p in map_paths()])"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(unpacked), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert str(unpacked / "fragtui" / "data" / "maps") in listed
    assert listed.count(".map") == len(shipped)


RULES = ROOT.parent / "shared" / "RULES.md"
"""The rule index the tests name IDs from; CI has it beside the checkout, a bare clone may not."""

RULE_ID = re.compile(r"(?<![A-Za-z0-9])([A-Z])[-_]([A-Z]+)[-_](\d+)(?![0-9])")
"""A rule ID as RULES.md writes it (`F-ATK-06`) or as a test name carries it (`F_ATK_06`), also where a name goes
on after it (`__F_ATK_08_ruling`, `__F_ATK_02_F_ATK_06`: an underscore is a word character, so `\b` would miss
those and a mistyped ID there would pass unnoticed)."""


def _rule_ids_named_by_tests() -> dict[str, list[str]]:
    """Each rule ID the tests name, by marker or by name suffix (tests/README.md) → where."""
    named: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(), str(path))
        where = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "pytest.mark.rule":
                for arg in node.args:
                    assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), (
                        f"{where}:{node.lineno}: pytest.mark.rule takes the ID as a string"
                    )
                    named.setdefault(arg.value, []).append(f"{where}:{node.lineno}")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                _, _, tail = node.name.partition("__")
                for letter, part, number in RULE_ID.findall(tail):
                    named.setdefault(f"{letter}-{part}-{number}", []).append(f"{where}:{node.lineno} {node.name}")
    return named


def test_every_rule_id_a_test_names_is_in_the_rule_index() -> None:
    """A test that names a rule (`@pytest.mark.rule("F-ATK-06")` or `..._F_ATK_06`) names a real one.

    A mistyped ID would leave the rule untested while the suite claims otherwise.
    """
    if not RULES.is_file():
        pytest.skip(f"{RULES} is not beside this checkout")
    indexed = {f"{a}-{b}-{c}" for a, b, c in re.findall(r"^\| ([A-Z])-([A-Z]+)-(\d+) \|", RULES.read_text(), re.M)}
    assert len(indexed) > 100, "RULES.md was not read as a table of IDs"
    named = _rule_ids_named_by_tests()
    assert "F-ATK-06" in named and "F-SETUP-01" in named  # both ways of naming are seen
    unknown = {rule: places for rule, places in named.items() if rule not in indexed}
    assert not unknown, f"rule IDs not in RULES.md: {unknown}"
