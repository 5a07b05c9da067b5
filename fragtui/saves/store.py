"""Where saves live and how they are written so that nothing is ever lost.

Saves go to the user's data directory (`platformdirs`: `~/.local/share/fragtui/saves` on Linux,
the platform's own place elsewhere; `FRAGTUI_DATA_DIR` overrides it, for tests and portable
installs). A save is written atomically: the JSON goes to a temporary file in the same folder,
is flushed and fsynced, then renamed over the old save (and the folder fsynced), so a process
killed at any moment leaves either the old complete save or the new complete one.

`platformdirs` is a dependency of Textual already; we name it ourselves because this module
uses it directly (it knows every platform's conventions, which we would otherwise get wrong).

Beside the saves, the folder's index (`fragtui.saves.index`) remembers what a list shows of each
save, so the title lists them without reading them (`listed_saves`); a game at the table notes
each save it writes there (`note_save`).
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from platformdirs import user_data_dir

from fragtui.content.resources import read_bounded
from fragtui.errors import FileFormatError, FragtuiError, SaveFormatError
from fragtui.saves.index import FileMark, SaveFacts, facts_of, mark_of, note, read_index

if TYPE_CHECKING:  # the save's model holds the engine's actions: imported when a save is read (`read_save`), so
    # that listing an empty folder, as a new player's title does, imports no engine (tests/tui/test_title_imports.py)
    from fragtui.saves.format import SaveFile

__all__ = [
    "SavedGame",
    "SavesFolderError",
    "fresh_path",
    "list_saves",
    "listed_saves",
    "note_save",
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


class SavedGame:
    """A save found in the saves folder, for lists.

    What a list shows of it (`readable`, `finished`, `tournament`, `hosted`, when it was written) is known at once;
    its contents (`save`) are either given or, for a save listed from the saves folder's index (`listed_saves`),
    read when first asked for. A save the index called readable that no longer reads (changed behind the index's
    back) then reads as a bad one: `save` None, `error` saying why.
    """

    __slots__ = ("_error", "_facts", "_save", "_unread", "path")

    def __init__(
        self, path: Path, save: SaveFile | None = None, error: str | None = None, *, facts: SaveFacts | None = None
    ) -> None:
        self.path = path
        """The file."""
        self._save = save
        self._error = error
        self._unread = save is None and error is None and facts is not None and facts.readable
        if save is not None:
            facts = facts_of(save)
        elif facts is None or not facts.readable:
            facts = SaveFacts(error=error or (facts.error if facts else None) or "cannot be read")
            self._error = facts.error
        self._facts = facts

    @property
    def save(self) -> SaveFile | None:
        """Its contents, or None if it cannot be read."""
        if self._unread:
            self._unread = False
            noted: dict[str, tuple[FileMark, SaveFacts]] = {}
            read = _read_and_note(self.path, noted)
            self._save, self._error, self._facts = read._save, read._error, read._facts
            if not read.readable:  # the index was wrong about it: mend it, so the next list says so at once
                note(self.path.parent, noted)
        return self._save

    @property
    def error(self) -> str | None:
        """Why it cannot be read."""
        return self._error

    @property
    def facts(self) -> SaveFacts:
        """What a list shows of it, without its contents."""
        return self._facts

    @property
    def readable(self) -> bool:
        return self._facts.readable

    @property
    def finished(self) -> bool:
        return self._facts.finished

    @property
    def tournament(self) -> bool:
        """It is one game of a tournament."""
        return self._facts.tournament

    @property
    def hosted(self) -> bool:
        """It is a table of `fragtui serve`."""
        return self._facts.hosted

    def __repr__(self) -> str:
        return f"SavedGame({str(self.path)!r}, {'unread' if self._unread else 'read'}, {self._facts})"


def _without_path(error: FragtuiError) -> str:
    """The error for a list that names the file already: `line 3: what is wrong`."""
    if isinstance(error, FileFormatError):
        return (f"line {error.line}: " if error.line else "") + error.message
    return str(error)


def _newest_first(found: list[SavedGame]) -> list[SavedGame]:
    return sorted(found, key=lambda g: (g.facts.updated if g.readable else "", g.path.name), reverse=True)


def _read_and_note(path: Path, noted: dict[str, tuple[FileMark, SaveFacts]]) -> SavedGame:
    """The save at `path`, read in full; its facts noted (under its identity before the read) for the index."""
    mark = mark_of(path)  # (before the read: a file replaced meanwhile is then read again next time)
    try:
        saved = SavedGame(path, read_save(path))
    except FragtuiError as exc:  # one bad file is listed as bad, never the end of the list
        saved = SavedGame(path, None, _without_path(exc))
    if mark is not None:
        noted[path.name] = (mark, saved.facts)
    return saved


def list_saves(folder: Path | None = None) -> list[SavedGame]:
    """Every save in the folder, read, newest first; unreadable ones are listed with their error."""
    folder = folder or saves_folder()
    if not folder.is_dir():  # nothing saved yet (or no folder we could ever have written to)
        return []
    remove_stale_temporaries(folder)
    noted: dict[str, tuple[FileMark, SaveFacts]] = {}
    found = [_read_and_note(path, noted) for path in folder.glob("*.json")]
    if read_index(folder) != noted:  # (what it read is the whole truth: the next title need read none of it)
        note(folder, noted, keep=set(noted))
    return _newest_first(found)


def listed_saves(folder: Path | None = None) -> list[SavedGame]:
    """Every save in the folder, newest first, as `list_saves` lists them, but each file the index knows unchanged
    is taken from the index and read only when its contents are asked for (the title: issue 30, "Start")."""
    folder = folder or saves_folder()
    if not folder.is_dir():
        return []
    remove_stale_temporaries(folder)
    paths = list(folder.glob("*.json"))
    if not paths:  # (a new player's: nothing to look up)
        return []
    index = read_index(folder)
    noted: dict[str, tuple[FileMark, SaveFacts]] = {}
    found = []
    names = set()
    for path in paths:
        names.add(path.name)
        known = index.get(path.name)
        if known is not None and known[0] == mark_of(path):
            found.append(SavedGame(path, facts=known[1]))
        else:
            found.append(_read_and_note(path, noted))
    if noted or set(index) - names:
        note(folder, noted, keep=names)
    return _newest_first(found)


def note_save(save: SaveFile, path: Path) -> None:
    """Note in its folder's index a save just written to `path`, so the next list need not read it."""
    mark = mark_of(path)
    if mark is not None:
        note(path.parent, {path.name: (mark, facts_of(save))})
