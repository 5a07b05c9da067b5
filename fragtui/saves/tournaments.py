"""Where tournaments are kept, and how: one file per tournament, written atomically like a save.

A tournament file (JSON, `format` 1) holds the `Tournament` value (the first game's set-up, the
number of games, the seed, each finished game's frags, winner and raise), how the seats look, and the
file name of each game's save. The games themselves are ordinary saves in the saves folder, each
marked with its `TournamentRecord`: `fragtui replay` and the Replays list play them back one by one.

The tournament file is written *before* a game it names is begun, so a crash at any moment leaves a
tournament that resumes: a game named but never saved is begun again from the tournament's seed (it
is the same game), a game finished but not yet recorded is recorded on opening, and a raise not yet
chosen is asked for again. Tournaments live in `tournaments/` beside `saves/` in the data folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from fragtui.engine.tournament import Tournament
from fragtui.errors import FragtuiError, SaveFormatError, shown
from fragtui.saves.format import SeatLook, checked_model, json_of
from fragtui.saves.store import (
    SavesFolderError,
    fresh_path,
    read_text,
    remove_stale_temporaries,
    tournaments_folder,
    write_atomically,
)

__all__ = [
    "TOURNAMENT_FORMAT",
    "SavedTournament",
    "TournamentFile",
    "list_tournaments",
    "new_tournament_path",
    "parse_tournament",
    "read_tournament",
    "tournaments_dir",
    "tournaments_folder",
    "write_tournament",
]

TOURNAMENT_FORMAT = 1
"""The tournament file format written by this version (and the only one it reads)."""
MAX_TOURNAMENT_BYTES = 1024 * 1024
"""A tournament file larger than this is refused unread: the games are in their own saves."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class TournamentFile(BaseModel):
    """A saved tournament."""

    model_config = ConfigDict(extra="forbid")

    format: int
    """The tournament file format's version."""
    created: str
    """When the tournament began (ISO 8601, UTC)."""
    updated: str
    """When this file was written."""
    tournament: Tournament
    """The tournament as it stands: set-up, games, seed, results and raises."""
    looks: list[SeatLook]
    """How the interface draws each seat (and which are computers), in seat order, every game."""
    saves: list[str] = Field(default_factory=list)
    """The save file name of each game begun, in order (in the saves folder): one per game played,
    and one more while a game is being played."""

    @field_validator("created", "updated")
    @classmethod
    def _a_date(cls, value: str) -> str:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{shown(value)} is not a date and time (ISO 8601)") from None
        return value

    @field_validator("saves")
    @classmethod
    def _file_names(cls, saves: list[str]) -> list[str]:
        for name in saves:
            if not re.fullmatch(r"[^/\\]{1,200}\.json", name) or name.startswith("."):
                raise ValueError(f"{shown(name)} is not a save's file name (NAME.json, no folder)")
        return saves

    @model_validator(mode="after")
    def _consistent(self) -> TournamentFile:
        seats = len(self.tournament.config.seats)
        if len(self.looks) != seats:
            raise ValueError(f"{len(self.looks)} seat looks for {seats} players")
        played = self.tournament.played
        if len(self.saves) not in (played, played + 1):
            raise ValueError(f"{len(self.saves)} game saves named, but {played} games are played")
        if len(self.saves) > self.tournament.games:
            raise ValueError(f"{len(self.saves)} game saves named for a tournament of {self.tournament.games} games")
        return self

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.tournament.config.seats]


def tournaments_dir() -> Path:
    """The folder of tournaments, created on first use; `SavesFolderError` when it cannot be."""
    folder = tournaments_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SavesFolderError(f"the tournaments folder {folder} cannot be created: {exc.strerror or exc}") from None
    return folder


def new_tournament_path(names: list[str], folder: Path | None = None) -> Path:
    """A fresh file name for a new tournament: when it began and who plays, readable in a listing."""
    return fresh_path(folder or tournaments_dir(), names)


def write_tournament(record: TournamentFile, path: Path) -> None:
    """Write a tournament atomically, stamped with the time (a crash leaves the old file or the new)."""
    record.updated = _now()
    write_atomically(path, record.model_dump_json(indent=1))
    remove_stale_temporaries(path.parent, path.name)


def new_record(tournament: Tournament, looks: list[SeatLook]) -> TournamentFile:
    """The file of a tournament about to play its first game."""
    now = _now()
    return TournamentFile(format=TOURNAMENT_FORMAT, created=now, updated=now, tournament=tournament, looks=list(looks))


def parse_tournament(text: str, path: str | Path = "<tournament>") -> TournamentFile:
    """A tournament file's JSON checked for shape; a `SaveFormatError` says what is wrong and where (the
    line of the field at fault, too)."""
    data = json_of(text, path, "tournament file")
    if not isinstance(data, dict) or "tournament" not in data:
        raise SaveFormatError("not a fragtui tournament (no `tournament` field)", path, 1)
    if data.get("format") != TOURNAMENT_FORMAT:
        shown = repr(data.get("format"))[:40]
        raise SaveFormatError(
            f"tournament format {shown} cannot be read by this version of fragtui (it reads {TOURNAMENT_FORMAT})",
            path,
        )
    return checked_model(TournamentFile, data, path, text, "tournament file")


def read_tournament(path: str | Path) -> TournamentFile:
    """Read and check a tournament file."""
    return parse_tournament(read_text(path, MAX_TOURNAMENT_BYTES, "tournament"), path)


@dataclass(frozen=True)
class SavedTournament:
    """A tournament found in the tournaments folder, for lists."""

    path: Path
    """The file."""
    record: TournamentFile | None
    """Its contents, or None if it cannot be read."""
    error: str | None = None
    """Why it cannot be read."""

    @property
    def finished(self) -> bool:
        return self.record is not None and self.record.tournament.finished


def list_tournaments(folder: Path | None = None) -> list[SavedTournament]:
    """Every tournament in the folder, newest first; unreadable ones are listed with their error."""
    folder = folder or tournaments_folder()
    if not folder.is_dir():
        return []
    remove_stale_temporaries(folder)
    found = []
    for path in folder.glob("*.json"):
        try:
            found.append(SavedTournament(path, read_tournament(path)))
        except FragtuiError as exc:
            message = exc.message if isinstance(exc, SaveFormatError) else str(exc)
            line = f"line {exc.line}: " if isinstance(exc, SaveFormatError) and exc.line else ""
            found.append(SavedTournament(path, None, line + message))
    return sorted(found, key=lambda t: (t.record.updated if t.record else "", t.path.name), reverse=True)
