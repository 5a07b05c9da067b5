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
