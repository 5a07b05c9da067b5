"""The last set-up, remembered: the next New game starts where the table left off.

Kept in the process (so a read-only data folder still remembers within a session) and in a small
JSON file beside the saves folder, written atomically, so the next launch remembers too. A file
that cannot be read or does not make sense is ignored with a one-line note; the set-up screen then
starts from its defaults. The dice seed is not remembered: a remembered seed would deal the same
dice again, which nobody asks for by starting a new game.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Literal, Protocol

from platformdirs import user_data_dir
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from fragtui.engine.config import DEFAULT_RULESET, seat_part_default
from fragtui.errors import validation_problem
from fragtui.saves.format import SeatLook
from fragtui.saves.store import write_atomically
from fragtui.tui.seats import COLOURS, GLYPHS, TableSetup

__all__ = [
    "STAT_HIGH",
    "STAT_LOW",
    "TARGET_KEY",
    "LastSetup",
    "LedPosse",
    "RememberedPosse",
    "RememberedSeat",
    "SetupMemory",
    "forget",
    "last_setup_path",
    "read_setup",
    "recall",
    "remember",
]

MAX_BYTES = 16_384
"""Six seats take well under 2 KB; a bigger file is not ours, and is not read past this."""


class _Keyed(Protocol):
    """A member of a posse, as far as the memory needs him: his key in the roster."""

    @property
    def key(self) -> str: ...


class LedPosse(Protocol):
    """A posse a seat leads (`Seat.posse`, the model its rule system registered), as far as the memory needs it:
    its name and its members' keys. The memory names no system's model; the system's seat editor rebuilds the
    posse from its roster (Ruthless's: `tui/ruthless/seat_editor.posse_from`)."""

    @property
    def name(self) -> str: ...

    @property
    def gunfighters(self) -> Sequence[_Keyed]: ...


class RememberedPosse(BaseModel):
    """The posse a seat led (rules whose seats lead posses, `Seat.posse`): its name and its gunfighters' keys,
    not their cards, so that the next set-up deals the cards the roster has then."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    """The posse's name (a fixed posse's, or one built by hand: `Ann's posse`)."""
    members: list[str] = Field(min_length=1, max_length=8)
    """Its gunfighters' keys, in the order they deploy."""

    @classmethod
    def of(cls, posse: LedPosse) -> RememberedPosse:
        return cls(name=posse.name, members=[gunfighter.key for gunfighter in posse.gunfighters])


TARGET_KEY = "frag_target"
"""The configuration's part the file's `frag_target` remembers and the set-up's frag target field sets: Frag's frag
target (F-WIN-01), registered by its system (`engine/frag/target.py`) and named here, not imported (a shared
module imports no system); `tests/tui/test_setup_screen.py` holds it to Frag's."""

STAT_LOW, STAT_HIGH = 1, 4
"""The least and the most a remembered seat's stat may be: Frag's F-SETUP-01 (`fragtui.engine.frag.design`'s
`STAT_MIN`, `STAT_MAX`), written here as the file's format 1 holds them, since this shared module imports no rule
system (tests/test_shared_screens_imports.py); tests/tui/test_setup_screen.py holds the two equal."""


class RememberedSeat(BaseModel):
    """One seat as it was set up."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(max_length=24)
    """The player's name."""
    health: int = Field(ge=STAT_LOW, le=STAT_HIGH)
    """The fighter's Health."""
    speed: int = Field(ge=STAT_LOW, le=STAT_HIGH)
    """The fighter's Speed."""
    accuracy: int = Field(ge=STAT_LOW, le=STAT_HIGH)
    """The fighter's Accuracy."""
    look: SeatLook
    """Colour, glyph, and whether the computer plays the seat."""
    character: str | None = Field(default=None, max_length=40, exclude_if=lambda character: character is None)
    """The unique fighter the seat played, under rules with a roster of them (`Seat.character`); a name
    the rules no longer have is dropped when the screen deals the fighters again."""
    posse: RememberedPosse | None = Field(default=None, exclude_if=lambda posse: posse is None)
    """The posse the seat led, under rules whose seats lead posses; one the roster can no longer field is
    dropped when the screen deals the posses again."""


class LastSetup(BaseModel):
    """What the set-up screen starts from next time: seats, rules, map and frag target."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal[1] = 1
    """The file's version."""
    seats: list[RememberedSeat] = Field(min_length=2, max_length=6)
    """The seats in turn order."""
    ruleset: str = Field(default=DEFAULT_RULESET, min_length=1, max_length=64)
    """The rules played (a ruleset's name); rules this version does not play fall back to the default."""
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=64)
    """The ruleset's options set away from their defaults; ones it does not offer fall back to none."""
    map: str = Field(min_length=1, max_length=64)
    """The map's name (a shipped map's stem); a map that no longer loads falls back to the default."""
    frag_target: int = Field(ge=1, le=99)
    """Frags that win."""

    @model_validator(mode="after")
    def _looks_are_the_screens(self) -> LastSetup:
        """Colours and glyphs are ones the screen offers, one per seat, as the screen would have set them."""
        colours = [seat.look.colour for seat in self.seats]
        glyphs = [seat.look.glyph for seat in self.seats]
        if not set(colours) <= set(COLOURS) or len(set(colours)) != len(colours):
            raise ValueError(f"seat colours must be different ones of {', '.join(COLOURS)}")
        if not set(glyphs) <= set(GLYPHS) or len(set(glyphs)) != len(glyphs):
            raise ValueError(f"seat glyphs must be different ones of {' '.join(GLYPHS)}")
        return self

    @classmethod
    def of(cls, setup: TableSetup) -> LastSetup:
        """What to remember of a game that is starting."""
        config = setup.config
        return cls(
            seats=[
                RememberedSeat(
                    name=seat.name,
                    health=(seat.fighter or seat_part_default("fighter")).health,  # (a posse's seat has no design)
                    speed=(seat.fighter or seat_part_default("fighter")).speed,
                    accuracy=(seat.fighter or seat_part_default("fighter")).accuracy,
                    look=look,
                    character=seat.character,
                    posse=RememberedPosse.of(seat.posse) if seat.posse is not None else None,
                )
                for seat, look in zip(config.seats, setup.looks, strict=True)
            ],
            ruleset=config.ruleset,
            options=dict(config.options),
            map=config.map,
            frag_target=config.part(TARGET_KEY),
        )


_in_process: LastSetup | None = None
"""The set-up started last in this process (newer than, or the same as, the file)."""


def last_setup_path() -> Path:
    """`last-setup.json` in the data folder (the saves folder's parent; `FRAGTUI_DATA_DIR` overrides it)."""
    base = os.environ.get("FRAGTUI_DATA_DIR")
    return (Path(base) if base else Path(user_data_dir("fragtui", appauthor=False))) / "last-setup.json"


def remember(setup: TableSetup) -> str | None:
    """Keep a starting game's set-up for the next New game; why the file could not be written, if it could not."""
    global _in_process
    _in_process = LastSetup.of(setup)
    path = last_setup_path()
    try:
        write_atomically(path, _in_process.model_dump_json(indent=1) + "\n")
    except OSError as exc:
        return f"the set-up is remembered until fragtui closes, not after: {path}: {exc.strerror or exc}"
    return None


def forget() -> None:
    """Drop the in-process memory (tests start each from the file alone)."""
    global _in_process
    _in_process = None


def recall() -> tuple[LastSetup | None, str | None]:
    """The last set-up, if any, and a one-line note when a remembered file had to be ignored."""
    if _in_process is not None:
        return _in_process, None
    return read_setup(last_setup_path())


class SetupMemory:
    """Where the set-up screen finds the last set-up and keeps the next: by default this computer's one
    memory (`recall`, `remember`: one player, or friends sharing his keyboard). An app whose visitors are
    strangers to each other (`fragtui serve`) gives each his own (`FragApp.setup_memory`)."""

    def recall(self) -> tuple[LastSetup | None, str | None]:
        """The set-up to open with, and a note when a remembered one had to be ignored."""
        return recall()

    def remember(self, setup: TableSetup) -> str | None:
        """Keep a starting game's set-up; why it is kept only for now, if it is."""
        return remember(setup)


def read_setup(path: Path) -> tuple[LastSetup | None, str | None]:
    """A set-up remembered in `path` (None when there is none), and a one-line note when it is unreadable."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, _ignored(path, exc.strerror or str(exc))
    if not stat.S_ISREG(info.st_mode):
        return None, _ignored(path, "not a regular file")
    if info.st_size > MAX_BYTES:
        return None, _ignored(path, f"{info.st_size} bytes, more than a set-up takes")
    try:
        with path.open("rb") as stream:
            data = json.loads(stream.read(MAX_BYTES).decode("utf-8"))
        return LastSetup.model_validate(data), None
    except ValidationError as exc:
        where, reason = validation_problem(exc.errors()[0])
        return None, _ignored(path, f"{where}: {reason}" if where else reason)
    except OSError as exc:
        return None, _ignored(path, exc.strerror or str(exc))
    except (ValueError, RecursionError) as exc:  # bad UTF-8 or JSON (json's errors are ValueErrors)
        return None, _ignored(path, f"not JSON ({str(exc).splitlines()[0][:80]})")


def _ignored(path: Path, reason: str) -> str:
    return f"The last set-up was not read ({path}: {reason}); the defaults instead."
