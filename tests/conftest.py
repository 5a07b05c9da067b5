"""Shared helpers for the tests."""

from __future__ import annotations

import textwrap

from fragtui.content.maps import parse_map
from fragtui.engine.board import Board


def board_from(text: str, name: str = "test") -> Board:
    """A board from a grid drawn in a test (indentation removed, a name added)."""
    return parse_map(f"name: {name}\n" + textwrap.dedent(text).strip("\n") + "\n", f"<{name}>")
