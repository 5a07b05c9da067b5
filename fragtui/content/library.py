"""Games from shipped content: the map and the cards named by a configuration or a scenario.

The engine reads no files; this module loads what it needs (once per map and card set) and hands
it over. `new_game(config, seed)` is what the interface and the command line call;
`scenario_game(text)` is what the tests and docs/scenarios.md use.
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ValidationError

from fragtui.content import posses as _posses  # noqa: F401  (hands the engine Ruthless's roster)
from fragtui.content.cards import card_out_of_bounds, loads_toml, shipped_cards
from fragtui.content.maps import load_named_map, parse_map
from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet
from fragtui.engine.config import DEFAULT_RULESET, GameConfig
from fragtui.engine.frag.scenario import Scenario
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset
from fragtui.errors import ConfigError, FragtuiError, MapFormatError, ScenarioError, shown, validation_problem

__all__ = ["board_named", "card_set", "cards_for", "load_scenario", "new_game", "scenario_game"]


@lru_cache(maxsize=16)
def board_named(name: str) -> Board:
    """A shipped map by name (or a .map file's path), loaded once."""
    return load_named_map(name)


@lru_cache(maxsize=8)
def card_set(folders: tuple[str, ...] = ("",)) -> CardSet:
    """The shipped cards of `folders` (`Ruleset.card_folders`; base Frag's set by default), loaded once."""
    return shipped_cards(folders)


def cards_for(config: GameConfig) -> CardSet:
    """The shipped cards the configuration's ruleset plays with under its options, as it plays them
    (`Ruleset.played_cards`: the altered cards, J-ALT): the set a save of the game is fingerprinted with."""
    ruleset = find_ruleset(config.ruleset)
    return ruleset.played_cards(card_set(ruleset.card_folders(config.options)), config.options)


def new_game(config: GameConfig, seed: int) -> Game:
    """A new game on the configuration's map with the shipped cards its ruleset plays with."""
    return Game.new(config, seed, board=board_named(config.map), cards=cards_for(config))


def _key_line(text: str, key: str, index: int | None = None, inner: str | None = None) -> int | None:
    """The line of `key` (of the `index`-th `[[key]]` table, and of `inner` inside it, when given)."""
    pattern = re.compile(rf"^\s*(\[\[?\s*)?{re.escape(key)}\b")
    lines = text.splitlines()
    found = [n for n, line in enumerate(lines, start=1) if pattern.match(line)]
    if not found:
        return None
    if index is None or index >= len(found):
        return found[0]
    start = found[index]
    if inner is not None:
        inner_pattern = re.compile(rf"^\s*{re.escape(inner)}\s*=")
        for n in range(start + 1, len(lines) + 1):
            if lines[n - 1].lstrip().startswith("["):
                break
            if inner_pattern.match(lines[n - 1]):
                return n
    return start


@runtime_checkable
class ScenarioShape(Protocol):
    """What the loader reads of any ruleset's scenario: which rules, which options, which map."""

    @property
    def ruleset(self) -> str: ...
    @property
    def options(self) -> dict[str, bool | int | str]: ...
    @property
    def map(self) -> str: ...


def _scenario_model(data: dict[str, object]) -> type[BaseModel]:
    """The model the scenario's ruleset reads its scenarios as: its `scenario_model` (Ruthless's), else Frag's
    (base Frag and Frag Deadlands, and a ruleset this version does not know: Frag's model then says so)."""
    name = data.get("ruleset", DEFAULT_RULESET)
    try:
        rules = find_ruleset(name) if isinstance(name, str) else None
    except ConfigError:
        rules = None
    model = rules.scenario_model if rules is not None else None
    return model if model is not None else Scenario


def load_scenario(text: str, path: str | Path = "<scenario>") -> tuple[ScenarioShape, Board]:
    """Read a scenario's TOML (docs/scenarios.md) and its board; `ScenarioError` names what is wrong.

    `map` names a shipped map, or `map_text` gives a whole map inline (for tests of odd corners). The
    scenario is read as its ruleset's model (`_scenario_model`): Frag's `Scenario`, Ruthless's
    `RuthlessScenario`.
    """
    try:
        data = loads_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"not valid TOML: {exc}", path) from None
    except ValueError as exc:  # nested past any scenario's needs
        raise ScenarioError(f"not a scenario: {exc}", path) from None
    map_text = data.pop("map_text", None)
    model = _scenario_model(data)
    try:
        scenario = model.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        # A card in play is an id or a table: report what is wrong with the table, not that it is no string.
        error = next((e for e in errors if e["type"] != "string_type"), errors[0])
        parts = [part for part in error["loc"] if part not in ("str", "ScenarioCard", "literal['ruthless']")]
        loc = [str(part) for part in parts]
        index = parts[1] if len(parts) > 1 and isinstance(parts[1], int) else None
        inner = loc[2] if index is not None and len(loc) > 2 else None
        line = _key_line(text, loc[0], index, inner) if loc else None
        where, detail = validation_problem({**error, "loc": parts})
        raise ScenarioError(f"{where}: {detail}", path, line) from None
    for card in scenario.cards if isinstance(scenario, Scenario) else ():  # (Frag's `[[card]]` tables)
        wrong = card_out_of_bounds(card)
        if wrong is not None:
            raise ScenarioError(
                f"card {shown(card.id)}, field {shown(wrong[0])}: {wrong[1]}", path, _key_line(text, "card")
            )
    if not isinstance(scenario, ScenarioShape):  # (a ruleset's model without them: never one of ours)
        raise ScenarioError(f"{type(scenario).__name__} is no scenario: it names no ruleset, options or map", path)
    if map_text is not None:
        if not isinstance(map_text, str):
            raise ScenarioError("map_text: a map's text, in a string", path, _key_line(text, "map_text"))
        board = parse_map(map_text if "name:" in map_text else f"name: {scenario.map}\n{map_text}", f"{path}:map_text")
    else:
        try:
            board = board_named(scenario.map)
        except MapFormatError as exc:
            raise ScenarioError(f"map: {exc}", path, _key_line(text, "map")) from None
    return scenario, board


def scenario_game(text: str, path: str | Path = "<scenario>", cards: CardSet | None = None) -> Game:
    """A game set up as the scenario's TOML says."""
    scenario, board = load_scenario(text, path)
    try:
        if cards is None:
            cards = card_set(find_ruleset(scenario.ruleset).card_folders(scenario.options))
        return Game.from_scenario(scenario, board=board, cards=cards)
    except ConfigError as exc:
        raise ScenarioError(str(exc), path, _key_line(text, "ruleset")) from None
    except ScenarioError as exc:
        raise ScenarioError(exc.message, path, exc.line) from None
    except FragtuiError:
        raise
    except ValidationError as exc:  # a position the state's own models refuse: one line, not a dump
        where, detail = validation_problem(exc.errors()[0])
        raise ScenarioError(f"{where}: {detail}" if where else detail, path) from None
