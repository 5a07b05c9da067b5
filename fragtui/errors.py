"""The error family: each one a `ValueError` whose message names the bad input.

Every error that can reach a player derives from `FragtuiError`, so the command line and the
interface can show its message in one line instead of a traceback.
"""

from __future__ import annotations

from pathlib import PurePath


class FragtuiError(ValueError):
    """Bad input from a file or from a player: the message says what and where."""


class FileFormatError(FragtuiError):
    """A file that cannot be read: names the file, the line and column, and what is wrong."""

    def __init__(
        self,
        message: str,
        path: str | PurePath | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.message = message
        self.path = str(path) if path is not None else None
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
