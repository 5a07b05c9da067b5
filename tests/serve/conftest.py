"""Every serve test starts from an empty data folder of its own (tests/conftest.py's `_own_folders`: saves, host
key, remembered set-up) and no set-up remembered in the process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fragtui.tui import last_setup
from tests.serve.test_ssh import Server


@pytest.fixture(autouse=True)
def _nothing_remembered() -> Iterator[None]:
    """The apps served in-process remember a set-up in the process; one test's must not be the next test's."""
    last_setup.forget()
    yield
    last_setup.forget()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """The data folder a test's server is started on (saves, host key)."""
    return tmp_path / "data"


@pytest.fixture
def server(data: Path) -> Iterator[Server]:
    """A `fragtui serve` on 127.0.0.1 over `data`, stopped at the test's end whatever happened."""
    running = Server(data)
    try:
        yield running
    finally:
        running.stop()
