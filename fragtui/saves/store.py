"""Where saves live and how they are written so that nothing is ever lost.

Saves go to the user's data directory (`platformdirs`: `~/.local/share/fragtui/saves` on Linux,
the platform's own place elsewhere; `FRAGTUI_DATA_DIR` overrides it, for tests and portable
installs). A save is written atomically: the JSON goes to a temporary file in the same folder,
is flushed and fsynced, then renamed over the old save (and the folder fsynced), so a process
killed at any moment leaves either the old complete save or the new complete one.

`platformdirs` is a dependency of Textual already; we name it ourselves because this module
uses it directly (it knows every platform's conventions, which we would otherwise get wrong).
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from platformdirs import user_data_dir

from fragtui.content.resources import read_bounded
from fragtui.errors import FileFormatError, FragtuiError, SaveFormatError

if TYPE_CHECKING:  # the save's model holds the engine's actions: imported when a save is read (`read_save`), so
    # that listing an empty folder, as a new player's title does, imports no engine (tests/tui/test_title_imports.py)
    from fragtui.saves.format import SaveFile

__all__ = [
    "SavedGame",
    "SavesFolderError",
    "fresh_path",
    "list_saves",
    "read_save",
    "read_text",
    "remove_stale_temporaries",
    "saves_dir",
    "saves_folder",
    "tournaments_folder",
    "write_atomically",
    "write_save",
]


class SavesFolderError(FragtuiError):
    """The saves folder cannot be created or written (a read-only home or data folder)."""


def saves_folder() -> Path:
    """Where the saves are, whether or not the folder exists yet."""
    base = os.environ.get("FRAGTUI_DATA_DIR")
    folder = Path(base) if base else Path(user_data_dir("fragtui", appauthor=False))
    return folder / "saves"


def tournaments_folder() -> Path:
    """Where the tournaments are, whether or not the folder exists yet: beside the saves folder."""
    return saves_folder().parent / "tournaments"


def saves_dir() -> Path:
    """The folder of saves, created on first use; `SavesFolderError` when it cannot be."""
    folder = saves_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SavesFolderError(f"the saves folder {folder} cannot be created: {exc.strerror or exc}") from None
    return folder


def write_atomically(path: Path, text: str) -> None:
    """Replace `path` with `text` so that a crash leaves either the old file or the new one, whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    try:
        folder = os.open(path.parent, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms that cannot open a folder (Windows)
        return
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


STALE_AFTER = 60.0
"""Seconds after which a temporary file beside a save is a killed writer's leftover, not a write under way."""


def remove_stale_temporaries(folder: Path, name: str = "*") -> int:
    """Delete the temporary files a writer killed mid-write left in `folder` (for save `name`); returns how many.

    Such a file is never the save: the rename that would have made it one did not happen. A
    write takes milliseconds, so one older than `STALE_AFTER` seconds belongs to no live writer.
    """
    removed = 0
    now = time.time()
    for temp in folder.glob(f".{name}.*.tmp"):
        try:
            if now - temp.stat().st_mtime > STALE_AFTER:
                temp.unlink()
                removed += 1
        except OSError:  # gone already, or not ours to remove: either way not a save
            continue
    return removed


def write_save(save: SaveFile, path: Path) -> None:
    """Write a save atomically (and clear what an earlier, killed write of it left behind)."""
    write_atomically(path, save.model_dump_json(indent=1))
    remove_stale_temporaries(path.parent, path.name)


def fresh_path(folder: Path, names: list[str]) -> Path:
    """A new file's path in `folder`, named for when it was made and who plays (`2026-11-24-131816-Ann-Bob.json`),
    readable in a listing; `-2`, `-3`… when that name is taken."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d-%H%M%S")
    who = "-".join(re.sub(r"[^A-Za-z0-9]+", "", name)[:12] or "player" for name in names)[:60]
    path = folder / f"{stamp}-{who}.json"
    n = 2
    while path.exists():
        path = folder / f"{stamp}-{who}-{n}.json"
        n += 1
    return path


def read_text(path: str | Path, limit: int, what: str) -> str:
    """A save-like file's text (`what`: "save", "tournament"), at most `limit` bytes; every way reading it
    can fail is a one-line `SaveFormatError` naming the file."""
    path = Path(path)
    try:
        return read_bounded(path, limit, what).decode("utf-8")
    except FileNotFoundError:
        raise SaveFormatError("no such file", path) from None
    except UnicodeDecodeError as exc:
        raise SaveFormatError(f"not a UTF-8 text file ({exc.reason} at byte {exc.start})", path) from None
    except ValueError as exc:
        raise SaveFormatError(str(exc), path) from None
    except OSError as exc:
        raise SaveFormatError(f"cannot read the file: {exc.strerror or exc}", path) from None


def read_save(path: str | Path) -> SaveFile:
    """Read and check a save file's shape (not its replay: see `game_from_save`)."""
    from fragtui.saves.format import MAX_SAVE_BYTES, parse_save

    return parse_save(read_text(path, MAX_SAVE_BYTES, "save"), path)


@dataclass(frozen=True)
class SavedGame:
    """A save found in the saves folder, for lists."""

    path: Path
    """The file."""
    save: SaveFile | None
    """Its contents, or None if it cannot be read."""
    error: str | None = None
    """Why it cannot be read."""

    @property
    def finished(self) -> bool:
        return self.save is not None and self.save.summary.winner is not None


def _without_path(error: FragtuiError) -> str:
    """The error for a list that names the file already: `line 3: what is wrong`."""
    if isinstance(error, FileFormatError):
        return (f"line {error.line}: " if error.line else "") + error.message
    return str(error)


def list_saves(folder: Path | None = None) -> list[SavedGame]:
    """Every save in the folder, newest first; unreadable ones are listed with their error."""
    folder = folder or saves_folder()
    if not folder.is_dir():  # nothing saved yet (or no folder we could ever have written to)
        return []
    remove_stale_temporaries(folder)
    found = []
    for path in folder.glob("*.json"):
        try:
            found.append(SavedGame(path, read_save(path)))
        except FragtuiError as exc:  # one bad file is listed as bad, never the end of the list
            found.append(SavedGame(path, None, _without_path(exc)))
    return sorted(found, key=lambda g: (g.save.updated if g.save else "", g.path.name), reverse=True)
