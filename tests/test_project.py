"""The project's promises about itself: the two-command quick start, CI, and the wheel."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

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
    assert "pip install" in test and "[test]" in test and test.endswith("pytest")


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
