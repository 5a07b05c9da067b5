"""Shared helpers for the tests."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from fragtui.content.library import scenario_game
from fragtui.content.maps import parse_map
from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet
from fragtui.engine.events import Event
from fragtui.engine.game import Game


def board_from(text: str, name: str = "test") -> Board:
    """A board from a grid drawn in a test (indentation removed, a name added)."""
    return parse_map(f"name: {name}\n" + textwrap.dedent(text).strip("\n") + "\n", f"<{name}>")


def game_from(scenario: str, cards: CardSet | None = None) -> Game:
    """A game set up by a scenario written in a test (TOML, see docs/scenarios.md)."""
    return scenario_game(textwrap.dedent(scenario), "<test scenario>", cards)


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of a list of events, for compact assertions."""
    return [event.kind.value for event in events]
