"""Whose saves are on a server, how many each may have, and the archive old ones move to.

Every table hosted and every hot-seat game played over `fragtui serve` writes a save on the host's
disk. Left alone, strangers would fill it, and abandoned tables would be offered again at every restart
forever. So:

- **Expiry.** A table (or a hot-seat game played over SSH) whose save has not changed for `days` days
  moves to `saves/archive/` when the server starts: it is offered no more, and its file is kept for the
  host, who prunes the archive as he likes (its files are ordinary saves: `fragtui replay` plays them).
  A finished table is never offered again in any case; it expires the same way.
- **A cap per player.** The ledger (`serve-saves.json` in the data folder) notes who made each save:
  the SSH key he logged in with, else his address. One who has `cap` saves on the server is told so
  when he would make another, until one expires.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from fragtui.errors import FragtuiError
from fragtui.saves.store import saves_folder, write_atomically
from fragtui.serve.visitor import Visitor

__all__ = ["ARCHIVE", "LEDGER_NAME", "SaveCapReached", "SaveLedger"]

ARCHIVE = "archive"
"""The folder, inside the saves folder, that expired saves move to."""
LEDGER_NAME = "serve-saves.json"
"""The ledger's file, in the data folder."""
DAY = 86400.0


class SaveCapReached(FragtuiError):
    """A player has as many saves on the server as one may have."""


class SaveLedger:
    """Who made which save on this server (see the module's docstring)."""

    def __init__(
        self,
        folder: Path | None = None,
        *,
        days: float = 14.0,
        cap: int = 10,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.folder = folder
        """The saves folder (None: the data folder's, looked up when needed)."""
        self.days = days
        """Days without a change after which a save moves to the archive (0: never)."""
        self.cap = cap
        """Saves one player may have on the server (0: no cap)."""
        self.clock = clock
        """Seconds since the epoch, as file times are (a test's own clock)."""
        self._owners: dict[str, str] | None = None
        """By save file name: who made it (`owner`); read from the ledger's file when first needed."""

    def _folder(self) -> Path:
        return self.folder if self.folder is not None else saves_folder()

    def _path(self) -> Path:
        return self._folder().parent / LEDGER_NAME

    def owners(self) -> dict[str, str]:
        """By save name, who made it (an unreadable ledger is an empty one: nobody is capped by mistake)."""
        if self._owners is None:
            self._owners = {}
            with contextlib.suppress(OSError, ValueError):
                data = json.loads(self._path().read_text(encoding="utf-8"))
                if isinstance(data, dict):
                    self._owners = {str(name): str(owner) for name, owner in data.items()}
        return self._owners

    def _write(self) -> None:
        with contextlib.suppress(OSError):  # the cap is a courtesy to the disk; losing it loses no game
            write_atomically(self._path(), json.dumps(self.owners(), indent=1, sort_keys=True) + "\n")

    @staticmethod
    def owner(visitor: Visitor) -> str:
        """Whom a visitor's saves are counted for: his key, else his address."""
        return f"key {visitor.key}" if visitor.key else f"address {visitor.address or 'unknown'}"

    def count(self, owner: str) -> int:
        """His saves still in the saves folder (archived ones are not counted)."""
        folder = self._folder()
        return sum(1 for name, who in self.owners().items() if who == owner and (folder / name).exists())

    def check(self, owner: str) -> None:
        """Raises `SaveCapReached`, in words for the player, when he may make no more saves."""
        if self.cap and self.count(owner) >= self.cap:
            after = f"{self.days:g} days after its last move" if self.days else "when the host removes it"
            games = f"{self.cap} game{'s' if self.cap != 1 else ''}"
            raise SaveCapReached(
                f"you have {games} saved on this server, the most one player may have: finish one, or wait; "
                f"a game leaves the server {after}"
            )

    def add(self, owner: str, path: Path) -> None:
        """Note a new save as his (a save already noted keeps its first owner)."""
        if path.name not in self.owners():
            self.owners()[path.name] = owner
            self._write()

    def expired(self, path: Path) -> bool:
        """Whether the save has not changed for `days` days."""
        if not self.days:
            return False
        try:
            return path.stat().st_mtime < self.clock() - self.days * DAY
        except OSError:
            return False

    def archive(self, paths: Iterable[Path]) -> list[Path]:
        """Move the expired of `paths`, and the expired saves the ledger knows, to the archive; the moved."""
        folder = self._folder()
        candidates = {path.name: path for path in paths}
        for name in self.owners():
            candidates.setdefault(name, folder / name)
        moved = []
        for name, path in sorted(candidates.items()):
            if not self.expired(path):
                continue
            target = folder / ARCHIVE / name
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                path.replace(target)
            except OSError:
                continue
            moved.append(path)
            self.owners().pop(name, None)
        if moved:
            self._write()
        return moved
