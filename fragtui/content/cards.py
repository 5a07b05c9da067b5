"""Card files: `cards/*.toml` read into the engine's `CardDef`s (format: docs/card-format.md).

Every card is validated when it is loaded; a problem is a `CardFormatError` naming the file, the
line, the card and the field, so whoever edits a card file sees where to look.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from pathlib import Path

from pydantic import ValidationError

from fragtui.content.resources import data_dir
from fragtui.engine.cards import CardDef, CardSet
from fragtui.errors import CardFormatError

__all__ = ["card_paths", "load_card_set", "load_cards", "parse_cards", "shipped_cards"]

_TABLE = re.compile(r"^\s*\[\[\s*card\s*\]\]")


def _card_lines(text: str) -> list[int]:
    """The line number (1-based) where each `[[card]]` table starts."""
    return [n for n, line in enumerate(text.splitlines(), start=1) if _TABLE.match(line)]


def _field_line(text: str, start: int, end: int | None, field: str) -> int:
    """The line of `field = …` inside the card table running from `start`, or `start`."""
    lines = text.splitlines()
    pattern = re.compile(rf"^\s*{re.escape(field)}\s*=")
    for n in range(start, (end or len(lines) + 1)):
        if n - 1 < len(lines) and pattern.match(lines[n - 1]):
            return n
    return start


def parse_cards(text: str, path: str | Path = "<cards>") -> list[CardDef]:
    """The cards of one card file's text; `CardFormatError` (file:line: card, field) if one is wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+), column (\d+)", str(exc))
        line, column = (int(match[1]), int(match[2])) if match else (None, None)
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise CardFormatError(f"not valid TOML: {message}", path, line, column) from None
    unknown = sorted(set(data) - {"card"})
    if unknown:
        raise CardFormatError(f"unknown top-level key {unknown[0]!r}: a card file holds [[card]] tables", path, 1)
    tables = data.get("card", [])
    if not isinstance(tables, list):
        raise CardFormatError("`card` must be a list of [[card]] tables", path, 1)
    starts = _card_lines(text)
    cards = []
    for index, table in enumerate(tables):
        start = starts[index] if index < len(starts) else 1
        end = starts[index + 1] if index + 1 < len(starts) else None
        label = f"card {table.get('id', f'#{index + 1}')!r}" if isinstance(table, dict) else f"card #{index + 1}"
        try:
            cards.append(CardDef.model_validate(table))
        except ValidationError as exc:
            error = exc.errors()[0]
            where = [str(part) for part in error["loc"] if not isinstance(part, int)]
            field = where[0] if where else ""
            line = _field_line(text, start, end, field) if field else start
            detail = str(error["msg"]).removeprefix("Value error, ")
            field_text = f", field {'.'.join(where)!r}" if where else ""
            raise CardFormatError(f"{label}{field_text}: {detail}", path, line) from None
    return cards


def load_cards(path: str | Path) -> list[CardDef]:
    """The cards of one file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CardFormatError(f"cannot read the card file: {exc}", path) from None
    return parse_cards(text, path)


def load_card_set(paths: Iterable[str | Path]) -> CardSet:
    """One card set from several files; an id used twice is an error naming both files."""
    seen: dict[str, Path] = {}
    cards: list[CardDef] = []
    for path in paths:
        path = Path(path)
        for card in load_cards(path):
            if card.id in seen:
                raise CardFormatError(f"card {card.id!r} is defined twice (also in {seen[card.id]})", path)
            seen[card.id] = path
            cards.append(card)
    return CardSet(cards)


def card_paths() -> list[Path]:
    """The shipped card files, by name."""
    return sorted(data_dir("cards").glob("*.toml"))


def shipped_cards() -> CardSet:
    """Every shipped card, as one set."""
    return load_card_set(card_paths())
