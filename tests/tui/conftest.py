"""Every interface test starts from an empty data folder and no remembered set-up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fragtui.tui import last_setup


@pytest.fixture(autouse=True)
def _fresh_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A data folder of the test's own (a module's fixture may set another), and nothing remembered in the process.

    Without it a set-up started by one test would be the next test's defaults, and tests would
    write into the player's own data folder.
    """
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(Path(tmp_path_factory.mktemp("data"))))
    last_setup.forget()
    yield
    last_setup.forget()


@pytest.fixture(autouse=True)
def _terminal_of_256_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app starts as in a terminal of 256 colours, whatever the terminal running the tests: the map
    draws pieces otherwise in 16 colours (`seats.piece_style`), and a snapshot must not depend on TERM.
    A test of 16 colours sets TERM=xterm itself (tests/tui/test_colour_systems.py)."""
    monkeypatch.setenv("TERM", "xterm-256color")
