"""The error family: each one a `ValueError` whose message names the bad input.

Every error that can reach a player derives from `FragtuiError`, so the command line and the
interface can show its message in one line instead of a traceback.

A message often quotes what it found in a file or heard from a network peer: a card's id, a map's
name, an action's kind. Such a value is text anyone can write, so it is quoted through `shown`
(escaped, so no escape sequence, control character, line or paragraph separator or bidi override
reaches a terminal or a log, and cut to `QUOTE_LIMIT` characters), and pydantic's own messages,
which quote input values too, through `validation_problem`. As a last guard every `FragtuiError`'s
text is made one printable line of at most `MESSAGE_LIMIT` characters (`one_line`), whatever its
maker forgot (issue 30, items 20 and 21).
"""

from __future__ import annotations

import reprlib
from pathlib import PurePath
from typing import Any

QUOTE_LIMIT = 40
"""The most characters of a quoted value a message shows (then `…`): enough to recognise it."""
MESSAGE_LIMIT = 600
"""The most characters of an error's whole message: one line of a terminal, at most a few."""

PATH_LIMIT = 255
"""The most characters of a file's path an error shows (a save may name a map by any path it likes)."""

_short = reprlib.Repr()
_short.maxstring = _short.maxother = QUOTE_LIMIT
_short.maxlist = _short.maxtuple = _short.maxdict = _short.maxset = 6
_short.maxlevel = 2


def _escape(ch: str) -> str:
    """A character a terminal would act on as its escape: `\\x1b`, `\\n`, `\\u2028`, `\\u202e`."""
    return repr(ch)[1:-1]


def printable(text: str) -> str:
    """`text` with every character a terminal would act on (control characters, escape sequences' ESC,
    line and paragraph separators, bidi overrides) or a log would split on written as its escape."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def cut(text: str, limit: int) -> str:
    """`text`, or its first `limit - 1` characters and `…` when it is longer."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message made safe to print: one line (a newline or U+2028 within is shown as its escape),
    printable, and at most `limit` characters."""
    if len(text) <= limit and text.isprintable():
        return text
    return cut(printable(text[: limit + 1]), limit)


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value from a file or a peer as a message quotes it: `'like this'`, escaped (see `printable`),
    and cut to about `limit` characters with `…` inside the quotes when it is longer.

    Any value may come: a string, a number, or whatever a JSON or TOML file held (a list, a table),
    which is shown the same way, short."""
    if not isinstance(value, str):
        return cut(printable(_short.repr(value)), limit + 2)
    head = value[: limit + 1]
    quote = '"' if "'" in head and '"' not in head else "'"
    body: list[str] = []
    width = 0
    for ch in head:
        piece = "\\" + ch if ch in (quote, "\\") else ch if ch.isprintable() else _escape(ch)
        if width + len(piece) > limit:
            break
        body.append(piece)
        width += len(piece)
    more = "…" if len(body) < len(value) else ""
    return f"{quote}{''.join(body)}{more}{quote}"


def validation_problem(error: Any) -> tuple[str, str]:
    """One of pydantic's `ValidationError.errors()` as (where, what is wrong), both safe to print.

    `where` is the dotted path to the field (a key a file chose is shown escaped and cut); `what` is
    pydantic's message without its `Value error, ` prefix, escaped and cut, with the value it quotes as
    the file wrote it (an unknown union tag: an action's `kind`) quoted through `shown` instead."""
    where = ".".join(cut(printable(str(part)), QUOTE_LIMIT) for part in error["loc"])
    detail = str(error["msg"]).removeprefix("Value error, ")
    quoted = [error.get("input"), (error.get("ctx") or {}).get("tag")]  # what pydantic quotes as it found it
    for value in quoted:
        if isinstance(value, str) and value and f"'{value}'" in detail:
            detail = detail.replace(f"'{value}'", shown(value))
    return where, one_line(detail, MESSAGE_LIMIT // 2)


class FragtuiError(ValueError):
    """Bad input from a file or from a player: the message says what and where.

    Its text is always one printable line (`one_line`), whatever values its maker quoted."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class FileFormatError(FragtuiError):
    """A file that cannot be read: names the file, the line and column, and what is wrong."""

    def __init__(
        self,
        message: str,
        path: str | PurePath | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.message = one_line(message)
        self.path = one_line(str(path), PATH_LIMIT) if path is not None else None
        self.line = line
        self.column = column
        super().__init__(self.location() + message)

    def location(self) -> str:
        """`file:line:col: ` (as much of it as is known) for the front of the message."""
        parts = [p for p in (self.path, self.line, self.column) if p is not None]
        return ":".join(str(p) for p in parts) + ": " if parts else ""


class MapFormatError(FileFormatError):
    """A malformed map file (see docs/map-format.md).

    `errors` holds every problem found, first one first; the message is the first one's.
    """

    def __init__(
        self,
        message: str,
        path: str | PurePath | None = None,
        line: int | None = None,
        column: int | None = None,
        errors: list[MapFormatError] | None = None,
    ) -> None:
        super().__init__(message, path, line, column)
        self.errors: list[MapFormatError] = errors if errors is not None else [self]


class CardFormatError(FileFormatError):
    """A malformed card file: names the file, the card and the field."""


class SaveFormatError(FileFormatError):
    """A save that cannot be loaded: names the file and the first action that diverged."""


class IllegalActionError(FragtuiError):
    """An action the rules do not allow now; the game state is unchanged."""


class ConfigError(FragtuiError):
    """A game set-up that breaks the rules (a fighter design, the number of players, ...)."""


class ScenarioError(FileFormatError):
    """A scenario (a set-up position, see docs/scenarios.md) that cannot be built: names the part that is wrong."""
