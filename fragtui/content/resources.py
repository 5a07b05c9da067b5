"""Where the shipped maps and cards are, installed or in a checkout.

A wheel carries `maps/` and `cards/` inside the package as `fragtui/data/maps` and
`fragtui/data/cards` (see pyproject.toml); a source checkout or an editable install reads the
top-level folders directly. Everything that loads shipped content goes through `data_dir`, and
every file a player may name (a map, a card file, a save) is read through `read_bounded`.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def data_dir(kind: str) -> Path:
    """The folder of shipped `kind` files (`"maps"` or `"cards"`)."""
    installed = _PACKAGE / "data" / kind
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / kind


def read_bounded(path: Path, limit: int, what: str) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; `OSError` or `ValueError` saying why not.

    Opened without blocking and checked to be a regular file before a byte is read, so a FIFO
    (which would wait for a writer for ever) or a device such as /dev/zero (endless) is refused
    at once; and never more than `limit + 1` bytes are read, whatever the file claims its size is.
    """
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):
        os.close(descriptor)
        kind = (
            "a folder"
            if stat.S_ISDIR(info.st_mode)
            else "a named pipe (FIFO)"
            if stat.S_ISFIFO(info.st_mode)
            else "a device or a socket"
        )
        raise ValueError(f"{kind}, not a {what} file")
    with os.fdopen(descriptor, "rb") as stream:
        if info.st_size > limit:
            raise ValueError(f"the file is {info.st_size:,} bytes, more than any {what} can be ({limit:,} at most)")
        # What the file says it holds, and one byte more to see that it holds no more: reading
        # `limit + 1` at once would take the whole bound's memory for any file (64 MB for a save).
        want = min(limit, info.st_size) + 1
        data = stream.read(want)
        if len(data) == want and want <= limit:  # longer than it said (growing, or /proc): on to the bound
            data += stream.read(limit + 1 - len(data))
    if len(data) > limit:
        raise ValueError(f"the file is more than {limit:,} bytes, more than any {what} can be")
    return data
