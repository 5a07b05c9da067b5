"""The save file: a game is its configuration, its seed and its actions; the state is rebuilt by replay.

A save (JSON, `format` 1) holds the configuration, the seed, the players' names, every action
with the dice it rolled, and a hash of the state every `HASH_EVERY` actions and at the end.
Loading replays the actions through the checked `Game.apply`: an illegal action, dice that
differ from those recorded, or a state hash that does not match is a `SaveFormatError` naming
the first action that diverged. The save also records fingerprints of the map and the card set
it was played with, so a game saved before the cards changed says so instead of diverging.

The configuration names the game's ruleset and the options it was played with (`options` is left
out when none are set, so a base Frag save reads as it did before issue 14). Loading finds that
ruleset in the registry (`fragtui.engine.rulesets`), so a save of any rule system rebuilds its own
game; a ruleset this version does not play, or an option it does not offer, is a one-line
`SaveFormatError` naming the file (tests/saves/test_save_rulesets.py, and a save written before
issue 14 in tests/saves/test_before_issue_14.py).
"""

from __future__ import annotations

import hashlib
import json
import re
from array import array
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, overload

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import core_schema

from fragtui.engine.actions import Action
from fragtui.engine.board import Board, Cell, Terrain
from fragtui.engine.cards import CardSet
from fragtui.engine.config import GameConfig
from fragtui.engine.events import Event
from fragtui.engine.game import CHECKPOINT_EVERY, Game, state_hash
from fragtui.engine.rulesets import find_ruleset
from fragtui.errors import (
    QUOTE_LIMIT,
    FragtuiError,
    SaveFormatError,
    cut,
    printable,
    shown,
    validation_problem,
)
from fragtui.saves.json_scan import element_at, split_object

__all__ = [
    "FORMAT",
    "HASH_EVERY",
    "JOIN_CODE_ALPHABET",
    "MAX_SAVE_BYTES",
    "SEAT_COLOURS",
    "HostedRecord",
    "SaveFile",
    "SaveSummary",
    "SavedAction",
    "SavedActions",
    "SeatLook",
    "TournamentRecord",
    "checked_model",
    "content_fingerprint",
    "game_from_save",
    "json_of",
    "parse_save",
    "save_of",
    "state_hash",
]

M = TypeVar("M", bound=BaseModel)

FORMAT = 1
"""The save format written by this version; loading accepts exactly the versions listed in `_READABLE`."""
_READABLE = frozenset({1})
HASH_EVERY = CHECKPOINT_EVERY
"""A state hash is stored after every this many actions (and after the last)."""
MAX_SAVE_BYTES = 64 * 1024 * 1024
"""A save larger than this is refused before it is read: no game of Frag comes near it."""


SEAT_COLOURS: tuple[str, ...] = tuple(
    f"{bright}{hue}"
    for bright in ("", "bright_")
    for hue in ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")
)
"""The 16 ANSI colour names a seat's look may use; `color(N)` (0-255) and `#rrggbb` are accepted too."""
_COLOUR_FORMS = re.compile(r"color\((\d{1,3})\)|#[0-9a-fA-F]{6}")


def _is_seat_colour(colour: str) -> bool:
    """A colour every terminal library we draw with understands (checked without importing one)."""
    if colour in SEAT_COLOURS:
        return True
    form = _COLOUR_FORMS.fullmatch(colour)
    return form is not None and (form.group(1) is None or int(form.group(1)) <= 255)


class SavedAction(BaseModel):
    """One action of the log."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int = Field(ge=0)
    """Who took it."""
    action: Action
    """What was done."""
    dice: tuple[int, ...] = ()
    """The faces it rolled, checked on replay."""


class SavedActions(Sequence[SavedAction]):
    """A save's actions, in order: a list of them (a game being saved), or, for a save read from a file,
    its text and where each action starts in it, each action read and checked again when it is reached.

    A save may hold hundreds of thousands of actions (a 45 MB file is 600,000). Held as models they
    took twenty times the file's size, before the replay found the first illegal one (issue 30,
    item 22); read one at a time, the replay holds one, and a bad action is found without the rest.
    `read` checks every action's shape as it streams through them, so a save that reads is one whose
    every action reads (the replay checks them against the rules).
    """

    __slots__ = ("_held", "_starts", "_text")

    def __init__(self, held: list[SavedAction] | None = None, text: str = "", starts: array[int] | None = None):
        self._held = held
        self._text = text
        self._starts = starts if starts is not None else array("q")

    @classmethod
    def read(cls, text: str, starts: array[int], path: str | Path, seats: int | None) -> SavedActions:
        """The actions whose JSON begins at `starts` in `text`, each checked as it is read and dropped:
        the first that is not an action (or, given the number of `seats`, is by no seat) is a
        `SaveFormatError` naming its file and line."""
        for index, start in enumerate(starts):
            _checked_action(text, start, element_at(text, start), index, path, seats)
        return cls(None, text, starts)

    def held(self) -> Sequence[SavedAction]:
        """The actions held as models: all of them for a save being made, none for a save read (`read`
        checked each of those as it streamed past)."""
        return self._held if self._held is not None else ()

    def __len__(self) -> int:
        return len(self._held) if self._held is not None else len(self._starts)

    @overload
    def __getitem__(self, index: int) -> SavedAction: ...
    @overload
    def __getitem__(self, index: slice) -> list[SavedAction]: ...
    def __getitem__(self, index: int | slice) -> SavedAction | list[SavedAction]:
        if self._held is not None:
            return self._held[index]
        if isinstance(index, slice):
            return [self._at(n) for n in range(*index.indices(len(self._starts)))]
        return self._at(range(len(self._starts))[index])

    def _at(self, index: int) -> SavedAction:
        start = self._starts[index]  # (checked when the save was read: it reads the same again)
        return _checked_action(self._text, start, element_at(self._text, start), index, "<save>", None)

    def __iter__(self) -> Iterator[SavedAction]:
        if self._held is not None:
            yield from self._held
        else:
            for index in range(len(self._starts)):
                yield self._at(index)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str) or len(other) != len(self):
            return False
        return all(mine == theirs for mine, theirs in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # (equal to a list, as mutable as one: no hash)

    def __repr__(self) -> str:
        return f"SavedActions({len(self)} actions)"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        """Validated from a list of actions (or kept as it is when it is one already, read by `read`);
        written as the list."""
        as_list = handler.generate_schema(list[SavedAction])
        return core_schema.no_info_wrap_validator_function(
            cls._validated,
            as_list,
            serialization=core_schema.plain_serializer_function_ser_schema(list, return_schema=as_list),
        )

    @classmethod
    def _validated(cls, value: object, inner: core_schema.ValidatorFunctionWrapHandler) -> SavedActions:
        return value if isinstance(value, SavedActions) else cls(inner(value))


def _checked_action(
    text: str, start: int, element: object, index: int, path: str | Path, seats: int | None
) -> SavedAction:
    """The `index`-th action of a save (from 0), read as `element` from `start` in its `text`, checked; given
    the number of `seats`, checked to be by one of them. What is wrong is a `SaveFormatError` naming the line."""
    try:
        saved = SavedAction.model_validate(element)
    except ValidationError as exc:
        where, detail = validation_problem(exc.errors()[0])
        line = text.count("\n", 0, start) + 1
        raise SaveFormatError(f"actions.{index}.{where}: {detail}" if where else detail, path, line) from None
    except RecursionError:
        raise SaveFormatError(f"actions.{index}: nested too deeply", path) from None
    if seats is not None and saved.seat >= seats:
        raise SaveFormatError(
            f"action {index + 1} is by seat {saved.seat}, but there are {seats} players",
            path,
            text.count("\n", 0, start) + 1,
        )
    return saved


class _ActionChecks:
    """Checks each action of a save as `split_object` reads it, so that a save's text is read once: when
    the format (one this version reads) and the players come before the actions, as every save written
    puts them. Otherwise the actions are left unchecked here (`count` stays 0), and `parse_save` checks
    them after the format, in a second pass (`SavedActions.read`)."""

    def __init__(self, text: str, path: str | Path) -> None:
        self.text = text
        self.path = path
        self.count = 0
        """How many actions have been checked."""

    def __call__(self, data: dict[str, Any], start: int, element: object) -> None:
        players = data.get("players")
        version = data.get("format")
        if type(version) is not int or version not in _READABLE or not isinstance(players, list) or not players:
            return  # not known yet, or wrong: the format check speaks first, then `SavedActions.read`
        _checked_action(self.text, start, element, self.count, self.path, len(players))
        self.count += 1


class SaveSummary(BaseModel):
    """What `fragtui saves` lists without replaying the game."""

    model_config = ConfigDict(extra="forbid")

    turn: int = 0
    """Turns begun."""
    frags: dict[str, int] = Field(default_factory=dict)
    """Frags by player name."""
    scores: dict[str, str] = Field(default_factory=dict, exclude_if=lambda scores: not scores)
    """Each player's score in his game's own words, by name, where the frags do not say it (`3 points (1
    frag)` in King of the Hill: the ruleset's `scores_to_keep`); empty otherwise, and in a save written before
    it was kept: the lists then show the frags. Left out of the JSON when empty, so a game won by frags is
    saved as it always was."""
    winner: str | None = None
    """The winner's name, once there is one."""


class SeatLook(BaseModel):
    """How the interface draws one seat; kept in the save so a resumed game looks the same.

    The rules never read it: two seats may even look alike in a save written by hand.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    colour: str = Field(min_length=1, max_length=32)
    """A colour name the terminal knows in 16 colours (`bright_red`, `cyan`, …)."""
    glyph: str = Field(min_length=1, max_length=1)
    """The single-width character that marks the fighter on the map (besides the colour)."""
    computer: bool = False
    """Played by a bot rather than a person at the keyboard."""
    bot: str | None = Field(default=None, max_length=32, exclude_if=lambda bot: bot is None)
    """The kind of computer player (`strong`, `fragtui.bots.kinds.SEARCH_KINDS`) when not the ruleset's own
    default bot; None: the default. Left out of the JSON when None, so saves read and hash as before."""

    @field_validator("colour")
    @classmethod
    def _known_colour(cls, colour: str) -> str:
        # A save is a file anyone can edit: an unknown colour must be refused here, in one line,
        # not discovered by the drawing code as a traceback mid-screen.
        if not _is_seat_colour(colour):
            raise ValueError(
                f"unknown colour {shown(colour)}: use one of {', '.join(SEAT_COLOURS)}, color(0-255) or #rrggbb"
            )
        return colour

    @field_validator("glyph")
    @classmethod
    def _printable_glyph(cls, glyph: str) -> str:
        if not ("!" <= glyph <= "~"):
            raise ValueError(f"the glyph {shown(glyph)} is not a visible single-width character (ASCII ! to ~)")
        return glyph


JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The letters of a join code: no 0/O, 1/I/L, so a code read aloud or off a screen is typed right."""


class HostedRecord(BaseModel):
    """What makes a save a table of `fragtui serve`: its join code and who took which seat.

    Kept in the save so a restarted server offers the table again under the same code and each
    player's key takes his seat back; a hot-seat game has none (and its JSON no such field).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str = Field(pattern=f"^[{JOIN_CODE_ALPHABET}]{{4,8}}$")
    """The join code players type (`Join a table`, or `ssh CODE@HOST`)."""
    keys: list[str | None] = Field(default_factory=list)
    """By seat: the SSH key fingerprint that last took it (None: taken by name and code, or never)."""

    @field_validator("keys")
    @classmethod
    def _fingerprints(cls, keys: list[str | None]) -> list[str | None]:
        for key in keys:
            if key is not None and not re.fullmatch(r"SHA256:[A-Za-z0-9+/=]{1,64}", key):
                raise ValueError(f"{shown(key)} is not an SSH key fingerprint (SHA256:…)")
        return keys


class TournamentRecord(BaseModel):
    """What makes a save one game of a tournament (F-WIN-02): which tournament, and which of its games.

    The tournament itself (results, raises, standings) is its own file in the tournaments folder
    (fragtui/saves/tournaments.py); this lets a game's save lead back to it, so resuming the game
    resumes the tournament and a replay can say which game it was. A lone game has none.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str = Field(pattern=r"^[^/\\]{1,200}\.json$")
    """The tournament file's name in the tournaments folder (a name, never a path)."""
    game: int = Field(ge=1, le=6)
    """Which game of the tournament this is, from 1."""
    games: int = Field(ge=1, le=6)
    """How many games the tournament is."""
    earlier: tuple[tuple[int, ...], ...] = ()
    """Each earlier game's frags, seat by seat: the record sheet's filled game boxes, kept in the save
    so that its replay shows them without the tournament file."""

    @model_validator(mode="after")
    def _game_of_the_tournament(self) -> TournamentRecord:
        if self.game > self.games:
            raise ValueError(f"game {self.game} of a tournament of {self.games} games")
        if len(self.earlier) != self.game - 1:
            raise ValueError(f"{len(self.earlier)} earlier games' frags for game {self.game}")
        return self

    def boxes(self, seat: int) -> tuple[tuple[int, ...], int]:
        """`seat`'s record sheet game boxes: his frags in each earlier game, and how many games there are."""
        return tuple(frags[seat] for frags in self.earlier), self.games


class SaveFile(BaseModel):
    """A saved game."""

    model_config = ConfigDict(extra="forbid")

    format: int
    """The save format's version."""
    created: str
    """When the game began (ISO 8601, UTC)."""
    updated: str
    """When this save was written."""
    config: GameConfig
    """The game's set-up."""
    seed: int = Field(ge=0, lt=2**64)
    """The seed of the dice."""
    players: list[str]
    """The players' names, in seat order."""
    content: dict[str, str]
    """Fingerprints of the map and the card set the game was played with."""
    actions: SavedActions
    """Every action, in order (a list of them, when a save is made: see `SavedActions`)."""
    hashes: dict[int, str]
    """State hash after that many actions."""
    summary: SaveSummary = Field(default_factory=SaveSummary)
    """Turn, frags and winner at the end of the log."""
    looks: list[SeatLook] = Field(default_factory=list)
    """How the interface drew each seat, in seat order (empty for saves written without it)."""
    hosted: HostedRecord | None = Field(default=None, exclude_if=lambda value: value is None)
    """The table of `fragtui serve` this game is played at (None, and absent from the JSON: hot-seat)."""
    tournament: TournamentRecord | None = Field(default=None, exclude_if=lambda value: value is None)
    """The tournament this game is one of (None, and absent from the JSON: a game on its own)."""

    @field_validator("created", "updated")
    @classmethod
    def _a_date(cls, value: str) -> str:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{shown(value)} is not a date and time (ISO 8601)") from None
        return value

    @model_validator(mode="after")
    def _consistent(self) -> SaveFile:
        """Everything a save holds agrees with itself, so lists and the interface may trust it.

        The replay checks the actions and hashes against the rules; this checks what the replay
        never reads: the names, the looks, the summary shown in lists, the hashes' positions.
        """
        seats = [seat.name for seat in self.config.seats]
        for name in seats:
            if not name.isprintable():  # a name is printed to terminals: no escape sequences, no line breaks
                raise ValueError(f"the player's name {shown(name)} holds a control character")
        if self.players != seats:
            raise ValueError("`players` must name the seats of `config`, in the same order")
        if self.looks and len(self.looks) != len(seats):
            raise ValueError(f"{len(self.looks)} seat looks for {len(seats)} players")
        if self.hosted is not None and len(self.hosted.keys) not in (0, len(seats)):
            raise ValueError(f"hosted.keys names {len(self.hosted.keys)} seats, but there are {len(seats)} players")
        for number, saved in enumerate(self.actions.held(), start=1):  # (a save read has had them checked)
            if saved.seat >= len(seats):
                raise ValueError(f"action {number} is by seat {saved.seat}, but there are {len(seats)} players")
        for count, digest in self.hashes.items():
            if not 0 <= count <= len(self.actions):
                raise ValueError(f"a hash after action {count}, but the save has {len(self.actions)} actions")
            if not re.fullmatch(r"[0-9a-f]{16}", digest):
                raise ValueError(f"the hash after action {count} is not 16 hexadecimal digits")
        if not {"map", "cards"} <= set(self.content) <= {"map", "cards", "objectives"}:
            raise ValueError("content must hold the fingerprints `map` and `cards` (and `objectives` only)")
        summary = self.summary
        if summary.turn < 0:
            raise ValueError("summary.turn is negative")
        # (a game not played to a frag target, Ruthless, counts its kills there: no target bounds them)
        rules = find_ruleset(self.config.ruleset)
        most = rules.target_of(self.config) if rules.frag_target_played else None
        for name, frags in summary.frags.items():
            if name not in seats:
                raise ValueError(f"summary.frags names {shown(name)}, who is not a player")
            if frags < 0 or (most is not None and frags > most):
                raise ValueError(f"summary.frags: {name} has {frags}, outside 0 to the frag target")
        if summary.winner is not None and summary.winner not in seats:
            raise ValueError(f"summary.winner {shown(summary.winner)} is not a player")
        return self


_fingerprints: dict[tuple[int, int], tuple[Board, CardSet, dict[str, str]]] = {}
"""Fingerprints by the identity of the board and card set (kept alive here, so ids stay theirs):
an autosave after every action must not serialise the whole card set each time."""


def content_fingerprint(board: Board, cards: CardSet) -> dict[str, str]:
    """Fingerprints of what the rules were played on: a changed map or card set replays differently."""
    known = _fingerprints.get((id(board), id(cards)))
    if known is not None and known[0] is board and known[1] is cards:
        return dict(known[2])
    fingerprint = _compute_fingerprint(board, cards)
    if len(_fingerprints) > 64:
        _fingerprints.clear()
    _fingerprints[(id(board), id(cards))] = (board, cards, fingerprint)
    return dict(fingerprint)


def _compute_fingerprint(board: Board, cards: CardSet) -> dict[str, str]:
    """The map's fingerprint reads its flag squares (Frag Tag's, J-TAG-03/04) as the floor they are in every
    other game, so that adding them to a shipped map left every save made before on that map playable;
    where the flags stand is an `objectives` part of its own, checked when a save has it."""
    flags = sorted(
        (x, y) for y, row in enumerate(board.cells) for x, cell in enumerate(row) if cell.terrain is Terrain.FLAG
    )
    if flags:
        floor = Cell()
        cells = tuple(tuple(floor if cell.terrain is Terrain.FLAG else cell for cell in row) for row in board.cells)
        board = board.model_copy(update={"cells": cells})
    board_text = board.model_dump_json()
    dumped: object = [card.model_dump(mode="json") for card in cards]
    if not cards.frag_decks:  # base Frag's three decks go unsaid, so its fingerprint is what it always was
        dumped = {"decks": [deck.model_dump(mode="json") for deck in cards.decks.values()], "cards": dumped}
    card_text = json.dumps(dumped, sort_keys=True)
    fingerprint = {
        "map": hashlib.sha256(board_text.encode()).hexdigest()[:16],
        "cards": hashlib.sha256(card_text.encode()).hexdigest()[:16],
    }
    if flags:
        fingerprint["objectives"] = hashlib.sha256(json.dumps(flags).encode()).hexdigest()[:16]
    return fingerprint


def _content_of(game: Game) -> dict[str, str]:
    """The fingerprints a save of `game` keeps: where the flags stand only when the game plays for them
    (a Frag Tag objective), so a save of any other game is written as it always was."""
    content = content_fingerprint(game.board, game.cards)
    if not game.rules.plays_flag_squares():
        content.pop("objectives", None)
    return content


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def save_of(
    game: Game,
    created: str | None = None,
    looks: list[SeatLook] | None = None,
    hosted: HostedRecord | None = None,
    tournament: TournamentRecord | None = None,
) -> SaveFile:
    """The save of a game begun with `Game.new` (its initial state is the seed's)."""
    hashes = dict(game.checkpoints)  # kept by the game as it is played: no replay per save
    hashes[len(game.log)] = state_hash(game.state)
    state = game.state
    return SaveFile(
        format=FORMAT,
        created=created or _now(),
        updated=_now(),
        config=state.config,
        seed=game.initial.dice.seed,
        players=[p.name for p in state.players],
        content=_content_of(game),
        actions=[SavedAction(seat=e.seat, action=e.action, dice=e.dice) for e in game.log],
        hashes=hashes,
        summary=SaveSummary(
            turn=state.turn.number,
            frags={p.name: p.frags for p in state.players},
            scores={state.players[seat].name: words for seat, words in game.rules.scores_to_keep().items()},
            winner=state.players[state.winner].name if state.winner is not None else None,
        ),
        looks=list(looks or []),
        hosted=hosted,
        tournament=tournament,
    )


T = TypeVar("T")


def json_of(text: str, path: str | Path, what: str = "save") -> Any:
    """The JSON of a save-like file (`what`: a save, a tournament file), every way it can fail a one-line
    `SaveFormatError` naming the file, and the line and column where JSON itself says where."""
    return _decoded(lambda: json.loads(text), text, path, what)


def _decoded(read: Callable[[], T], text: str, path: str | Path, what: str) -> T:
    """`read()`, which decodes the JSON `text`, every way it can fail a `SaveFormatError` (see `json_of`)."""
    try:
        return read()
    except SaveFormatError:  # (an action `read` checked as it went)
        raise
    except json.JSONDecodeError as exc:
        whole = text.rstrip()
        cut = exc.pos >= len(whole) or not whole.endswith("}")  # the file stops before its object closes
        message = "the file is cut short (truncated)" if cut else f"not valid JSON: {exc.msg}"
        raise SaveFormatError(message, path, exc.lineno, exc.colno) from None
    except RecursionError:
        raise SaveFormatError(f"not a {what}: nested too deeply", path) from None
    except ValueError as exc:  # an integer of thousands of digits: Python refuses to convert it
        reason = str(exc).split(";")[0]
        raise SaveFormatError(f"not a {what}: it holds a number too long to read ({reason})", path) from None


def checked_model(model: type[M], data: object, path: str | Path, text: str | None = None, what: str = "save") -> M:
    """`data` read as `model`; the first thing wrong is a one-line `SaveFormatError` naming the field (and,
    given the file's `text`, the line where that field is written)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        where, detail = validation_problem(error)
        line = _line_of(text, error["loc"]) if text is not None else None
        raise SaveFormatError(f"{where}: {detail}" if where else detail, path, line) from None
    except RecursionError:
        raise SaveFormatError(f"not a {what}: nested too deeply", path) from None


def _line_of(text: str, loc: tuple[int | str, ...]) -> int | None:
    """The line where the innermost named field of `loc` is written (its first mention after its parents'),
    so an error can name a line; None when it cannot be found."""
    position, found = 0, None
    for part in loc:
        if not isinstance(part, str):
            continue
        at = text.find(f'"{part}"', position)
        if at < 0:
            break
        position, found = at, at
    return None if found is None else text.count("\n", 0, found) + 1


def parse_save(text: str, path: str | Path = "<save>") -> SaveFile:
    """A save's JSON checked for shape; a `SaveFormatError` says plainly what is wrong and where."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveFormatError(f"the file is {len(text):,} bytes, more than any save can be", path)
    checks = _ActionChecks(text, path)
    data, starts = _decoded(lambda: split_object(text, "actions", checks), text, path, "save")
    if not isinstance(data, dict) or "format" not in data:
        raise SaveFormatError("not a fragtui save (no `format` field)", path, 1)
    version = data["format"]
    if type(version) is not int or version not in _READABLE:  # a list or an object is not a version either
        shown = repr(version) if isinstance(version, int | str | float | None) else f"of type {type(version).__name__}"
        raise SaveFormatError(
            f"save format {shown[:40]} cannot be read by this version of fragtui (it reads format "
            f"{', '.join(map(str, sorted(_READABLE)))})",
            path,
        )
    if starts is not None:  # read one at a time, never all held (issue 30, item 22)
        if checks.count == len(starts):
            data["actions"] = SavedActions(None, text, starts)
        else:
            players = data.get("players")
            seats = len(players) if isinstance(players, list) and players else None
            data["actions"] = SavedActions.read(text, starts, path, seats)
    return checked_model(SaveFile, data, path)


def game_from_save(
    save: SaveFile,
    board: Board,
    cards: CardSet,
    path: str | Path = "<save>",
    watch: Callable[[Game, list[Event]], None] | None = None,
) -> Game:
    """Replay a save through the checked `apply`; the first action that diverges is named in the error.

    `watch`, if given, is called after each action with the game and the action's events (the
    replay viewer indexes the game in the same pass that checks it).
    """
    fingerprint = content_fingerprint(board, cards)
    for part in ("map", "cards", "objectives"):
        if part == "objectives" and part not in save.content:
            continue  # saved before maps had flag squares: their squares were floor, as the map reads them now
        if save.content.get(part) != fingerprint.get(part):
            which = "the card set" if part == "cards" else f"the map {shown(save.config.map)}"
            raise SaveFormatError(
                f"this game was played with a different version of {which}; it cannot be replayed", path
            )
    try:
        game = Game.new(save.config, save.seed, board=board, cards=cards)
    except FragtuiError as exc:
        raise SaveFormatError(f"the game cannot be set up: {exc}", path) from None
    for number, saved in enumerate(save.actions, start=1):
        who = game.rules.name(saved.seat) if saved.seat < len(save.players) else f"seat {saved.seat}"
        where = f"action {number} ({cut(printable(str(saved.action)), QUOTE_LIMIT)}, by {who})"
        if saved.seat not in game.deciders():
            raise SaveFormatError(f"{where}: it was not that player's decision", path)
        try:
            events = game.apply(saved.action, saved.seat)
        except FragtuiError as exc:
            raise SaveFormatError(f"{where} is illegal: {exc}", path) from None
        if game.log[-1].dice != saved.dice:
            raise SaveFormatError(
                f"{where} rolled {list(game.log[-1].dice)}, the save says {list(saved.dice)}: the game diverged", path
            )
        expected = save.hashes.get(number)
        if expected is not None and expected != state_hash(game.state):
            raise SaveFormatError(f"{where}: the state differs from the one saved (hash mismatch)", path)
        if watch is not None:
            watch(game, events)
    return game
