"""Every serve test starts from an empty data folder of its own (saves, host key, remembered set-up)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fragtui.tui import last_setup


@pytest.fixture(autouse=True)
def _fresh_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Without it the apps served in-process would read and write the player's own data folder."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(Path(tmp_path_factory.mktemp("data"))))
    last_setup.forget()
    yield
    last_setup.forget()
