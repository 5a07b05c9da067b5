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

from pydantic import ValidationError

from fragtui.content.cards import shipped_cards
from fragtui.content.maps import load_named_map, parse_map
from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet
from fragtui.engine.config import GameConfig
from fragtui.engine.game import Game
from fragtui.engine.scenario import Scenario
from fragtui.errors import FragtuiError, ScenarioError

__all__ = ["board_named", "card_set", "load_scenario", "new_game", "scenario_game"]


@lru_cache(maxsize=16)
def board_named(name: str) -> Board:
    """A shipped map by name (or a .map file's path), loaded once."""
    return load_named_map(name)


@lru_cache(maxsize=1)
def card_set() -> CardSet:
    """The shipped cards, loaded once."""
    return shipped_cards()


def new_game(config: GameConfig, seed: int) -> Game:
    """A new game on the configuration's map with the shipped cards."""
    return Game.new(config, seed, board=board_named(config.map), cards=card_set())


def _key_line(text: str, key: str) -> int | None:
    pattern = re.compile(rf"^\s*(\[\[?\s*)?{re.escape(key)}\b")
    for n, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return n
    return None


def load_scenario(text: str, path: str | Path = "<scenario>") -> tuple[Scenario, Board]:
    """Read a scenario's TOML (docs/scenarios.md) and its board; `ScenarioError` names what is wrong.

    `map` names a shipped map, or `map_text` gives a whole map inline (for tests of odd corners).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"not valid TOML: {exc}", path) from None
    map_text = data.pop("map_text", None)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        loc = [str(part) for part in error["loc"]]
        line = _key_line(text, loc[0]) if loc else None
        detail = str(error["msg"]).removeprefix("Value error, ")
        raise ScenarioError(f"{'.'.join(loc)}: {detail}", path, line) from None
    if map_text is not None:
        board = parse_map(map_text if "name:" in map_text else f"name: {scenario.map}\n{map_text}", f"{path}:map_text")
    else:
        board = board_named(scenario.map)
    return scenario, board


def scenario_game(text: str, path: str | Path = "<scenario>", cards: CardSet | None = None) -> Game:
    """A game set up as the scenario's TOML says."""
    scenario, board = load_scenario(text, path)
    try:
        return Game.from_scenario(scenario, board=board, cards=cards or card_set())
    except ScenarioError as exc:
        raise ScenarioError(exc.message, path, exc.line) from None
    except FragtuiError:
        raise
