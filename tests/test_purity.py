"""The engine and the content loaders never import Textual or Rich (DESIGN.md)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "fragtui.engine",
        "fragtui.engine.board",
        "fragtui.engine.geometry",
        "fragtui.engine.sight",
        "fragtui.content",
        "fragtui.content.maps",
        "fragtui.content.map_text",
        "fragtui.cli",
    ],
)
def test_headless_modules_do_not_import_textual_or_rich(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "from fragtui.content.maps import load_named_map\n"
        "load_named_map('pocket').geometry.line_of_sight(*list(load_named_map('pocket').respawn_points.values())[:2])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"{module} pulled in {result.stdout.strip()}"
