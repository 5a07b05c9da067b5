"""Every interface test starts from an empty data folder (`_own_folders`, tests/conftest.py) and nothing remembered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.widgets import Input

from fragtui.tui import last_setup


@pytest.fixture(autouse=True)
def _nothing_remembered() -> Iterator[None]:
    """Nothing remembered in the process: without it a set-up started by one test would be the next test's defaults."""
    last_setup.forget()
    yield
    last_setup.forget()


@pytest.fixture(autouse=True)
def _terminal_of_256_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app starts as in a terminal of 256 colours, whatever the terminal running the tests: the map
    draws pieces otherwise in 16 colours (`seats.piece_style`), and a snapshot must not depend on TERM.
    A test of 16 colours sets TERM=xterm itself (tests/tui/test_colour_systems.py)."""
    monkeypatch.setenv("TERM", "xterm-256color")


@pytest.fixture(autouse=True)
def _a_cursor_that_does_not_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text field's cursor stays shown: it blinks every 0.5 s, so on a loaded machine a snapshot taken
    later than usual caught it hidden and differed (`test_new_game_screen_with_jump_keys`, the frag
    target field focused by Ctrl+F)."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
