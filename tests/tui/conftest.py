"""Every interface test starts from an empty data folder (`_own_folders`, tests/conftest.py) and nothing remembered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

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
