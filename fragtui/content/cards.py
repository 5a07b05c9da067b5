"""Card files: `cards/*.toml` read into the engine's `CardDef`s (format: docs/card-format.md).

Every card is validated when it is loaded; a problem is a `CardFormatError` naming the file, the
line, the card and the field, so whoever edits a card file sees where to look.

A card file may also declare decks (`[[deck]]` tables: name, singular, plural, the kind of card it
deals). A card set has the decks its files declare, in order; when none does, base Frag's three
(`FRAG_DECKS`), so the shipped files declare nothing and load as they always did.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from fragtui.content.resources import data_dir, read_bounded
from fragtui.engine.cards import FRAG_DECKS, AlteredCard, CardDef, CardSet, DeckDef, deck_problem
from fragtui.errors import CardFormatError, shown, validation_problem

__all__ = [
    "CARD_BOUNDS",
    "EFFECT_BOUNDS",
    "MAX_CARD_FILE_BYTES",
    "card_out_of_bounds",
    "card_paths",
    "load_card_set",
    "load_cards",
    "parse_cards",
    "parse_decks",
    "shipped_cards",
]

_TABLE = re.compile(r"^\s*\[\[\s*card\s*\]\]")
_DECK_TABLE = re.compile(r"^\s*\[\[\s*deck\s*\]\]")

CARD_BOUNDS: dict[str, tuple[int, int]] = {
    "damage": (0, 20),
    "extra_damage": (0, 10),
    "ammo": (1, 99),
    "ammo_per_shot": (1, 10),
    "shots_per_ammo": (1, 10),
    "min_range": (1, 128),
    "max_range": (1, 128),
    "range_cap": (1, 128),
    "duration": (1, 20),
}
"""The range of each number on a card (docs/card-format.md). The shipped cards stay far inside:
damage up to 7 dice, ammo up to 20. Past these a card stops being a card of Frag and starts
being a way to hang the game (a billion damage dice are rolled one by one)."""
EFFECT_BOUNDS: dict[str, tuple[int, int]] = {
    "add": (-10, 10),
    "multiply": (0, 4),
    "bonus": (1, 20),
    "amount": (1, 20),
    "count": (1, 10),
    "points": (1, 20),
    "reduce": (1, 20),
    "capacity": (1, 50),
}
"""The range of each number in an effect, by its field name (the same name means the same bound
in every kind of effect, a trigger's included)."""
MAX_CARD_FILE_BYTES = 1024 * 1024
"""The largest card file read (the shipped ones are about 20 kB each)."""
MAX_NESTING = 20
"""Tables and arrays nested deeper than this are refused before TOML parsing (a card needs 4)."""


def _numbers_of(model: BaseModel) -> Iterator[tuple[str, object]]:
    for name in type(model).model_fields:
        yield name, getattr(model, name)


def card_out_of_bounds(card: CardDef) -> tuple[str, str] | None:
    """The first number of `card` outside its bounds, as (field, what is wrong), or None."""
    for name, value in _numbers_of(card):
        bound = CARD_BOUNDS.get(name)
        if bound is not None and isinstance(value, int) and not bound[0] <= value <= bound[1]:
            return name, f"{value} is outside {bound[0]} to {bound[1]}"
    effects = list(card.effects)
    while effects:
        effect = effects.pop(0)
        for name, value in _numbers_of(effect):
            if name == "effects" and isinstance(value, tuple):
                effects.extend(value)
                continue
            bound = EFFECT_BOUNDS.get(name)
            if (
                bound is not None
                and isinstance(value, int)
                and not isinstance(value, bool)
                and not bound[0] <= value <= bound[1]
            ):
                return f"effects.{name}", f"{value} is outside {bound[0]} to {bound[1]} ({effect.kind})"
    return None


def nesting_depth(text: str) -> int:
    """How deeply brackets and braces nest outside strings and comments: enough to refuse a TOML
    file that would exhaust Python's recursion before `tomllib` could say anything useful."""
    depth = deepest = 0
    at, end = 0, len(text)
    while at < end:
        ch = text[at]
        if ch in "\"'":
            quote = text[at : at + 3] if text.startswith(ch * 3, at) else ch
            at += len(quote)
            while at < end and not text.startswith(quote, at):
                if len(quote) == 1 and text[at] == "\n":
                    break
                at += 2 if text[at] == "\\" and ch == '"' else 1
            at += len(quote)
            continue
        if ch == "#":
            newline = text.find("\n", at)
            at = end if newline < 0 else newline
            continue
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
        at += 1
    return deepest


def loads_toml(text: str) -> dict[str, Any]:
    """`tomllib.loads`, refusing nesting past `MAX_NESTING` first (`ValueError`; `TOMLDecodeError` is one)."""
    if nesting_depth(text) > MAX_NESTING:
        raise ValueError(f"tables or arrays nested more than {MAX_NESTING} deep")
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise ValueError("tables or arrays nested too deeply") from None


def _table_lines(text: str, table: re.Pattern[str]) -> list[int]:
    """The line number (1-based) where each `[[card]]` (or `[[deck]]`) table starts."""
    return [n for n, line in enumerate(text.splitlines(), start=1) if table.match(line)]


def _field_line(text: str, start: int, end: int | None, field: str) -> int:
    """The line of `field = …` (or of its `[card.field]` table) inside the card table running from
    `start`, or `start`."""
    lines = text.splitlines()
    pattern = re.compile(rf"^\s*(?:{re.escape(field)}\s*=|\[\s*card\.{re.escape(field)}\s*\])")
    for n in range(start, (end or len(lines) + 1)):
        if n - 1 < len(lines) and pattern.match(lines[n - 1]):
            return n
    return start


class _CardFile:
    """One card file's text, parsed, with where each of its tables starts."""

    def __init__(self, text: str, path: str | Path) -> None:
        self.text = text
        self.path = path
        try:
            self.data = loads_toml(text)
        except tomllib.TOMLDecodeError as exc:
            match = re.search(r"line (\d+), column (\d+)", str(exc))
            line, column = (int(match[1]), int(match[2])) if match else (None, None)
            message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
            raise CardFormatError(f"not valid TOML: {message}", path, line, column) from None
        except ValueError as exc:
            raise CardFormatError(f"not a card file: {exc}", path) from None
        unknown = sorted(set(self.data) - {"card", "deck"})
        if unknown:
            raise CardFormatError(
                f"unknown top-level key {shown(unknown[0])}: a card file holds [[card]] and [[deck]] tables", path, 1
            )
        if not self.data.get("card") and not self.data.get("deck"):
            # An empty file (or one of comments only) is a mistake, not a set: a wrong file given to
            # `cards check`, or one cut to nothing (issue 30, item 23).
            raise CardFormatError(
                "the file is empty: a card file holds at least one [[card]] or [[deck]] table", path, 1
            )
        self.card_lines = _table_lines(text, _TABLE)
        self.deck_lines = _table_lines(text, _DECK_TABLE)
        self.starts = sorted(self.card_lines + self.deck_lines)
        self.altered: list[CardDef] = []
        """The altered versions of its cards (J-ALT, `[card.altered]` tables), once `cards` has read them."""

    def tables(self, key: str) -> list[Any]:
        tables = self.data.get(key, [])
        if not isinstance(tables, list):
            raise CardFormatError(f"`{key}` must be a list of [[{key}]] tables", self.path, 1)
        return tables

    def span(self, lines: list[int], index: int) -> tuple[int, int | None]:
        """The first line of the `index`-th table of a kind, and the first line of the table after it."""
        start = lines[index] if index < len(lines) else 1
        later = [n for n in self.starts if n > start]
        return start, (later[0] if later else None)

    def error(self, label: str, exc: ValidationError, start: int, end: int | None) -> CardFormatError:
        error = exc.errors()[0]
        where = [str(part) for part in error["loc"] if not isinstance(part, int)]
        field = where[0] if where else ""
        line = _field_line(self.text, start, end, field) if field else start
        _, detail = validation_problem(error)
        field_text = f", field {shown('.'.join(where))}" if where else ""
        return CardFormatError(f"{label}{field_text}: {detail}", self.path, line)

    def decks(self) -> list[DeckDef]:
        decks = []
        for index, table in enumerate(self.tables("deck")):
            start, end = self.span(self.deck_lines, index)
            label = f"deck {table.get('name', f'#{index + 1}')!r}" if isinstance(table, dict) else f"deck #{index + 1}"
            try:
                decks.append(DeckDef.model_validate(table))
            except ValidationError as exc:
                raise self.error(label, exc, start, end) from None
        return decks

    def cards(self, decks: Mapping[str, DeckDef]) -> list[CardDef]:
        cards = []
        self.altered = []
        for index, table in enumerate(self.tables("card")):
            start, end = self.span(self.card_lines, index)
            label = f"card {table.get('id', f'#{index + 1}')!r}" if isinstance(table, dict) else f"card #{index + 1}"
            if isinstance(table, dict) and isinstance(table.get("deck"), str):
                deck = decks.get(table["deck"])
                wrong = None
                if deck is None:
                    wrong = "deck", f"no deck is called {shown(table['deck'])} (the decks are {', '.join(decks)})"
                elif "kind" not in table:
                    table = {**table, "kind": deck.deals.value}  # a card is of the kind its deck deals
                elif table["kind"] != deck.deals.value:
                    wrong = (
                        "kind",
                        f"the {deck.plural} deck deals {deck.deals.value} cards, not {table['kind']!s} cards",
                    )
                if wrong is not None:
                    line = _field_line(self.text, start, end, wrong[0])
                    raise CardFormatError(f"{label}, field {shown(wrong[0])}: {wrong[1]}", self.path, line)
            altered = None
            if isinstance(table, dict) and "altered" in table:  # (read apart: no field of the printed card)
                altered = table["altered"]
                table = {key: value for key, value in table.items() if key != "altered"}
            try:
                card = CardDef.model_validate(table)
            except ValidationError as exc:
                raise self.error(label, exc, start, end) from None
            wrong = card_out_of_bounds(card) or deck_problem(card, decks)
            if wrong is not None:
                field, detail = wrong
                line = _field_line(self.text, start, end, field.split(".")[0])
                raise CardFormatError(f"{label}, field {shown(field)}: {detail}", self.path, line)
            cards.append(card)
            if altered is not None:
                self.altered.append(self._altered(card, altered, label, start, end))
        return cards

    def _altered(self, card: CardDef, table: object, label: str, start: int, end: int | None) -> CardDef:
        """The altered version of `card` its `[card.altered]` table describes (J-ALT), checked as a card."""
        line = _field_line(self.text, start, end, "altered")
        try:
            altered = AlteredCard.model_validate(table).applied_to(card)
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(part) for part in ("altered", *error["loc"]) if not isinstance(part, int))
            _, detail = validation_problem(error)
            raise CardFormatError(f"{label}, field {shown(where)}: {detail}", self.path, line) from None
        wrong = card_out_of_bounds(altered)
        if wrong is not None:
            raise CardFormatError(f"{label}, field 'altered.{wrong[0]}': {wrong[1]}", self.path, line)
        return altered


def parse_decks(text: str, path: str | Path = "<cards>") -> list[DeckDef]:
    """The decks one card file's text declares (`[[deck]]` tables), in order; often none."""
    return _CardFile(text, path).decks()


def parse_cards(text: str, path: str | Path = "<cards>", decks: Iterable[DeckDef] | None = None) -> list[CardDef]:
    """The cards of one card file's text; `CardFormatError` (file:line: card, field) if one is wrong.

    Each card's deck must be one of `decks`; by default, the decks the file declares, or base Frag's
    three when it declares none."""
    file = _CardFile(text, path)
    declared = file.decks()
    known = list(decks) if decks is not None else (declared or list(FRAG_DECKS))
    return file.cards({deck.name: deck for deck in known})


def _read(path: Path) -> str:
    try:
        return read_bounded(path, MAX_CARD_FILE_BYTES, "card").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardFormatError(f"cannot read the card file: not UTF-8 text ({exc.reason})", path) from None
    except OSError as exc:
        raise CardFormatError(f"cannot read the card file: {exc.strerror or exc}", path) from None
    except ValueError as exc:
        raise CardFormatError(str(exc), path) from None


def load_cards(path: str | Path) -> list[CardDef]:
    """The cards of one file."""
    path = Path(path)
    return parse_cards(_read(path), path)


def load_card_set(paths: Iterable[str | Path]) -> CardSet:
    """One card set from several files: the decks they declare (base Frag's three if none does), then
    their cards. An id or a deck name used twice is an error naming both files."""
    files = [_CardFile(_read(Path(path)), Path(path)) for path in paths]
    decks: dict[str, DeckDef] = {}
    declared_in: dict[str, Path | str] = {}
    for file in files:
        for deck in file.decks():
            if deck.name in decks:
                raise CardFormatError(
                    f"deck {shown(deck.name)} is declared twice (also in {declared_in[deck.name]})", file.path
                )
            decks[deck.name] = deck
            declared_in[deck.name] = file.path
    if not decks:
        decks = {deck.name: deck for deck in FRAG_DECKS}
    seen: dict[str, Path | str] = {}
    cards: list[CardDef] = []
    for file in files:
        for card in file.cards(decks):
            if card.id in seen:
                raise CardFormatError(f"card {shown(card.id)} is defined twice (also in {seen[card.id]})", file.path)
            seen[card.id] = file.path
            cards.append(card)
    return CardSet(cards, decks.values(), [card for file in files for card in file.altered])


def card_paths(folders: Iterable[str] = ("",)) -> list[Path]:
    """The shipped card files of `folders` (relative to `cards/`: `""` is base Frag's set, `"deadlands"`
    Frag Deadlands'), folder by folder, by name."""
    root = data_dir("cards")
    return [path for folder in folders for path in sorted((root / folder).glob("*.toml"))]


def shipped_cards(folders: Iterable[str] = ("",)) -> CardSet:
    """The shipped cards of `folders` (base Frag's set by default), as one set."""
    return load_card_set(card_paths(folders))
