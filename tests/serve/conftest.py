"""Every serve test starts from an empty data folder of its own (tests/conftest.py's `_own_folders`: saves, host
key, remembered set-up) and no set-up remembered in the process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fragtui.tui import last_setup


@pytest.fixture(autouse=True)
def _nothing_remembered() -> Iterator[None]:
    """The apps served in-process remember a set-up in the process; one test's must not be the next test's."""
    last_setup.forget()
    yield
    last_setup.forget()
