"""The saves folder's index: what a list says of each save, kept beside the saves so the title need not read them.

The title offers "Resume a game (N unfinished)" and "Replays", and counts the saves it cannot read. Reading a save
to know that means checking it against the save's models, which hold the engine's actions and configuration:
importing them is most of a launch's time for a player with a game saved (issue 30, "Start"). So whatever reads or
writes a save notes here the few facts a list shows (`SaveFacts`), under the file's identity (`FileMark`: its size,
modification time, inode and a checksum of its end); a later list takes the facts for any file whose identity is
unchanged, and reads the others in full, as before, noting them for next time.

The index is a cache, never the truth: a file it does not know, or knows under another identity, is read; an
index that is missing, unreadable or from another version counts as empty; and it is written with a rename (so it
is whole or absent) but not flushed to the disk, since losing it costs one slower title and nothing else. Two
processes writing it at once may lose one's entry: that file is read again the next time. Its name does not end
in `.json`, so nothing that lists the saves takes it for one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fragtui.content.resources import read_bounded

if TYPE_CHECKING:
    from fragtui.saves.format import SaveFile

__all__ = ["INDEX_NAME", "FileMark", "SaveFacts", "facts_of", "mark_of", "note", "read_index"]

INDEX_NAME = ".saves-index"
"""The index's file in the saves folder (hidden, and not a `*.json`: never listed as a save)."""

VERSION = 1
"""The index's layout; an index of another version is ignored (and replaced at the next write)."""

MAX_INDEX_BYTES = 8 * 1024 * 1024
"""An index larger than this is not read (a folder of tens of thousands of saves stays well under it)."""

TAIL = 4096
"""How many bytes at the end of a save its identity sums: where a save keeps its summary (the winner)."""

ERROR_LIMIT = 500
"""The longest reason for a bad save kept in the index (a reason quotes from the file, cut already)."""


@dataclass(frozen=True)
class SaveFacts:
    """What a list shows of a save without its contents."""

    error: str | None = None
    """Why it cannot be read; None for a save that reads."""
    finished: bool = False
    """Someone has won it."""
    tournament: bool = False
    """It is one game of a tournament (resumed with its tournament, not on its own)."""
    hosted: bool = False
    """It is a table of `fragtui serve`."""
    updated: str = ""
    """When it was written (the lists' order: newest first)."""

    @property
    def readable(self) -> bool:
        return self.error is None


def facts_of(save: SaveFile) -> SaveFacts:
    """The facts of a save that reads (its models are already imported by whoever holds one)."""
    return SaveFacts(
        finished=save.summary.winner is not None,
        tournament=save.tournament is not None,
        hosted=save.hosted is not None,
        updated=save.updated,
    )


FileMark = tuple[int, int, int, int]
"""A file's identity: size, modification time (ns), inode, and the CRC-32 of its last `TAIL` bytes. A save is
replaced by a rename (a new inode, a new time); the checksum tells apart two writes of the same size within one
tick of the file system's clock that happen to reuse an inode."""


def mark_of(path: Path) -> FileMark | None:
    """`path`'s identity now; None if it is not a regular file or cannot be read (then it is read in full, and
    refused there in its own words). Opened without blocking, and checked to be a file before a byte is read, as
    `read_bounded` does: a FIFO named like a save must not hold up the title."""
    import zlib  # (this module is imported for a new player's title too, who has no save to mark)

    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            return None
        tail = os.pread(descriptor, TAIL, max(0, info.st_size - TAIL))
    except OSError:
        return None
    finally:
        os.close(descriptor)
    return info.st_size, info.st_mtime_ns, info.st_ino, zlib.crc32(tail)


def _entry(raw: object) -> tuple[FileMark, SaveFacts] | None:
    """One entry of the index file, or None if it is not one this version wrote (the file may have been edited)."""
    if not isinstance(raw, dict):
        return None
    mark, error, updated = raw.get("mark"), raw.get("error"), raw.get("updated")
    finished, tournament, hosted = (raw.get(name) for name in ("finished", "tournament", "hosted"))
    if not (isinstance(mark, list) and len(mark) == 4 and all(type(n) is int for n in mark)):
        return None
    if not (error is None or (isinstance(error, str) and len(error) <= ERROR_LIMIT)) or not isinstance(updated, str):
        return None
    if not (type(finished) is bool and type(tournament) is bool and type(hosted) is bool):
        return None
    return (mark[0], mark[1], mark[2], mark[3]), SaveFacts(error, finished, tournament, hosted, updated[:64])


def _raw_index(folder: Path) -> dict[str, Any]:
    """The entries of `folder`'s index file as written, unchecked (empty when there is none, or it is not one)."""
    import json  # (as `zlib` above: only once there is a save)

    try:
        data = json.loads(read_bounded(folder / INDEX_NAME, MAX_INDEX_BYTES, "index"))
    except (OSError, ValueError, RecursionError):  # (json's errors are ValueErrors)
        return {}
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("saves"), dict):
        return {}
    saves: dict[str, Any] = data["saves"]
    return saves


def read_index(folder: Path) -> dict[str, tuple[FileMark, SaveFacts]]:
    """The index of `folder`, by file name; empty when there is none or it cannot be read (an entry that is not
    one this version writes is left out: its file is read)."""
    entries = {}
    for name, raw in _raw_index(folder).items():
        entry = _entry(raw)
        if entry is not None:
            entries[name] = entry
    return entries


def _raw(mark: FileMark, facts: SaveFacts) -> dict[str, Any]:
    error = facts.error if facts.error is None else facts.error[:ERROR_LIMIT]
    return {
        "mark": list(mark),
        "error": error,
        "finished": facts.finished,
        "tournament": facts.tournament,
        "hosted": facts.hosted,
        "updated": facts.updated,
    }


def note(folder: Path, noted: dict[str, tuple[FileMark, SaveFacts]], keep: set[str] | None = None) -> None:
    """Add `noted` to `folder`'s index (replacing what it said of those files); with `keep`, also drop the
    entries of every other file not in `keep` (a listing of the whole folder knows which files are gone).

    Never raises: the index is only a shortcut (a read-only folder simply has none)."""
    import json

    saves = _raw_index(folder)  # (as written: the game notes a save after every action, so no more work than that)
    if keep is not None:
        saves = {name: entry for name, entry in saves.items() if name in keep}
    saves.update((name, _raw(mark, facts)) for name, (mark, facts) in noted.items())
    text = json.dumps({"version": VERSION, "saves": saves}, separators=(",", ":"))
    try:
        handle, temp = tempfile.mkstemp(prefix=f"{INDEX_NAME}.", suffix=".tmp", dir=folder)
    except OSError:
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temp, folder / INDEX_NAME)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)
