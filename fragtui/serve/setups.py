"""Each visitor's own set-up memory over `fragtui serve`.

At one computer the set-up screen opens with the last set-up started there (`last_setup`): its player,
or friends at his keyboard. A server's visitors are strangers to one another: the next host must not
find the previous visitor's names, rules and posses. So a visitor who logged in with a key has a memory
of his own (a small file named by a digest of his key, beside the saves); one without a key is
remembered for his session only.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from fragtui.saves.store import saves_folder, write_atomically
from fragtui.tui.last_setup import LastSetup, SetupMemory, read_setup
from fragtui.tui.seats import TableSetup

__all__ = ["SETUPS_FOLDER", "VisitorSetups"]

SETUPS_FOLDER = "serve-setups"
"""The folder of the visitors' set-ups, beside the saves folder in the data folder."""


class VisitorSetups(SetupMemory):
    """One visitor's set-up memory: by his key across sessions, else for this session only."""

    def __init__(self, key: str | None, folder: Path | None = None) -> None:
        self.key = key
        """The SSH key fingerprint he logged in with (None: no key, nothing kept past the session)."""
        self.folder = folder
        """Where the keyed memories are kept (None: `SETUPS_FOLDER` in the data folder, looked up when needed)."""
        self._last: LastSetup | None = None
        """The set-up he started last in this session."""

    def path(self) -> Path | None:
        """His file: the digest of his key names it (a fingerprint has characters no file name should)."""
        if self.key is None:
            return None
        folder = self.folder if self.folder is not None else saves_folder().parent / SETUPS_FOLDER
        return folder / f"{hashlib.sha256(self.key.encode()).hexdigest()[:32]}.json"

    def recall(self) -> tuple[LastSetup | None, str | None]:
        """This session's last set-up, else his key's; a file that cannot be read is named to nobody (it is on
        the host's disk), only said."""
        if self._last is not None:
            return self._last, None
        path = self.path()
        if path is None:
            return None, None
        last, note = read_setup(path)
        return last, None if note is None else "Your last set-up could not be read; the defaults instead."

    def remember(self, setup: TableSetup) -> str | None:
        self._last = LastSetup.of(setup)
        path = self.path()
        if path is None:
            return None
        try:
            write_atomically(path, self._last.model_dump_json(indent=1) + "\n")
        except OSError:
            return "Your set-up is remembered until you disconnect, not after (the server could not write it)."
        return None
