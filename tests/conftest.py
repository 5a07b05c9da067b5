"""Shared helpers for the tests."""

from __future__ import annotations

import textwrap

from fragtui.content.maps import parse_map
from fragtui.engine.board import Board


def board_from(text: str, name: str = "test") -> Board:
    """A board from a grid drawn in a test (indentation removed, a name added)."""
    return parse_map(f"name: {name}\n" + textwrap.dedent(text).strip("\n") + "\n", f"<{name}>")


def game_from(scenario: str, **extra: object):  # noqa: ANN201 - returns fragtui.engine.game.Game
    """A game set up by a scenario written in a test (TOML, see docs/scenarios.md)."""
    from fragtui.content.library import scenario_game

    return scenario_game(textwrap.dedent(scenario), "<test scenario>", **extra)  # type: ignore[arg-type]


def kinds(events) -> list[str]:  # noqa: ANN001, ANN201
    """The kinds of a list of events, for compact assertions."""
    return [event.kind.value for event in events]
