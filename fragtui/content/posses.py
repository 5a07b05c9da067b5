"""Ruthless's character cards and fixed posses from `posses/gunfighters.toml` (docs/rulings.md, "Ruthless — pieces").

Errors name the file and the line of the gunfighter or posse at fault, and what is wrong, as the card
loader's do (`CardFormatError`). Importing `fragtui.content.library` hands the shipped roster to the engine
(`fragtui.engine.ruthless.roster.hand_roster`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from fragtui.content.cards import loads_toml
from fragtui.content.resources import data_dir, read_bounded
from fragtui.engine.ruthless.pieces import Gunfighter, Posse, Roster
from fragtui.engine.ruthless.roster import hand_roster
from fragtui.errors import CardFormatError, shown, validation_problem

__all__ = ["load_roster", "parse_roster", "posse_of", "shipped_roster_path"]

MAX_ROSTER_BYTES = 256 * 1024
"""No roster file is larger than this."""


def shipped_roster_path() -> Path:
    """The shipped roster file."""
    return data_dir("posses") / "gunfighters.toml"


def _table_line(text: str, table: str, index: int) -> int | None:
    """The line where the `index`-th `[[table]]` starts."""
    pattern = re.compile(rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]")
    found = [n for n, line in enumerate(text.splitlines(), start=1) if pattern.match(line)]
    return found[index] if index < len(found) else None


def _message(exc: ValidationError) -> str:
    where, message = validation_problem(exc.errors()[0])
    return f"{where}: {message}" if where else message


def parse_roster(text: str, path: str | Path = "<roster>") -> Roster:
    """The roster in `text`; a `CardFormatError` naming the file, the line and what is wrong."""
    try:
        data: dict[str, Any] = loads_toml(text)
    except ValueError as exc:
        raise CardFormatError(f"not a TOML file: {exc}", path) from None
    unknown = set(data) - {"gunfighter", "posse", "budget"}
    if unknown:
        raise CardFormatError(f"unknown key {shown(sorted(unknown)[0])} (a roster has gunfighter, posse, budget)", path)
    budget = data.get("budget")
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise CardFormatError("budget: the points a posse built by hand may cost, a whole number of at least 1", path)
    gunfighters: dict[str, Gunfighter] = {}
    for index, table in enumerate(data.get("gunfighter", [])):
        line = _table_line(text, "gunfighter", index)
        try:
            gunfighter = Gunfighter.model_validate(table)
        except ValidationError as exc:
            key = table.get("key", f"#{index + 1}") if isinstance(table, dict) else f"#{index + 1}"
            raise CardFormatError(f"gunfighter {shown(key)}: {_message(exc)}", path, line) from None
        if gunfighter.key in gunfighters:
            raise CardFormatError(f"gunfighter {shown(gunfighter.key)} is defined twice", path, line)
        gunfighters[gunfighter.key] = gunfighter
    if not gunfighters:
        raise CardFormatError("no [[gunfighter]]: a roster needs at least one", path)
    posses: list[Posse] = []
    keys: list[str] = []
    hired: dict[str, str] = {}
    for index, table in enumerate(data.get("posse", [])):
        line = _table_line(text, "posse", index)
        if not isinstance(table, dict) or set(table) != {"key", "name", "members"}:
            raise CardFormatError("a [[posse]] has exactly key, name and members", path, line)
        key, members = str(table["key"]), table["members"]
        if key in keys:
            raise CardFormatError(f"posse {shown(key)} is defined twice", path, line)
        if not isinstance(members, list) or not members:
            raise CardFormatError(f"posse {shown(key)}: members is a list of gunfighter keys", path, line)
        for member in members:
            if member not in gunfighters:
                raise CardFormatError(f"posse {shown(key)}: no gunfighter {shown(str(member))}", path, line)
            if member in hired:
                raise CardFormatError(f"posse {shown(key)}: {member} already rides with {hired[member]}", path, line)
            hired[member] = key
        try:
            posse = Posse(name=str(table["name"]), gunfighters=tuple(gunfighters[m] for m in members))
        except ValidationError as exc:
            raise CardFormatError(f"posse {shown(key)}: {_message(exc)}", path, line) from None
        if posse.points > budget:
            raise CardFormatError(
                f"posse {shown(key)} costs {posse.points} points, more than the budget of {budget}", path, line
            )
        posses.append(posse)
        keys.append(key)
    return Roster(gunfighters=tuple(gunfighters.values()), posses=tuple(posses), posse_keys=tuple(keys), budget=budget)


def load_roster(path: str | Path) -> Roster:
    """The roster of the file at `path`."""
    path = Path(path)
    try:
        text = read_bounded(path, MAX_ROSTER_BYTES, "roster").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardFormatError(f"cannot read the roster: not UTF-8 text ({exc.reason})", path) from None
    except OSError as exc:
        raise CardFormatError(f"cannot read the roster: {exc.strerror or exc}", path) from None
    except ValueError as exc:
        raise CardFormatError(str(exc), path) from None
    return parse_roster(text, path)


def posse_of(roster: Roster, spec: str, name: str) -> Posse:
    """A seat's posse from what a player names (`CardFormatError`-free: a `KeyError` naming the unknown
    key): a fixed posse's key (`lawmen`), or gunfighters' keys joined by `+` (`wes-harlan+doc-calloway`),
    called `name`'s posse. Whether it is within the budget is the ruleset's to check (`check_config`)."""
    if spec in roster.posse_keys:
        return roster.posse(spec)
    return Posse(name=f"{name}'s posse"[:40], gunfighters=tuple(roster.gunfighter(key) for key in spec.split("+")))


hand_roster(load_roster(shipped_roster_path()))
