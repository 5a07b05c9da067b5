"""Shared helpers for the tests."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

import pytest

from fragtui.content.library import scenario_game
from fragtui.content.maps import parse_map
from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet
from fragtui.engine.events import Event
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.game import Game
from fragtui.engine.rulesets import OptionSpec, ruleset_names


def board_from(text: str, name: str = "test") -> Board:
    """A board from a grid drawn in a test (indentation removed, a name added)."""
    return parse_map(f"name: {name}\n" + textwrap.dedent(text).strip("\n") + "\n", f"<{name}>")


def game_from(scenario: str, cards: CardSet | None = None) -> Game:
    """A game set up by a scenario written in a test (TOML, see docs/scenarios.md)."""
    return scenario_game(textwrap.dedent(scenario), "<test scenario>", cards)


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of a list of events, for compact assertions."""
    return [event.kind.value for event in events]


class OptionedFrag(FragRules):
    """Base Frag with options that change nothing: a ruleset with options before any real one has them
    (issue 17's house rules will be the first), so the command line, the set-up screen and the saves
    can be tested on options of every kind. Registered only by the `optioned_frag` fixture."""

    key = "optioned-frag"
    title = "Optioned Frag"
    summary = "Frag with three options that change nothing (a test ruleset)."
    options = (
        OptionSpec(name="loud", summary="Shout every frag (a switch).", default=False, rule="H-TEST-01"),
        OptionSpec(name="bonus", summary="A number that changes nothing.", default=0),
        OptionSpec(name="mode", summary="A choice that changes nothing.", default="calm", choices=("calm", "wild")),
    )


@pytest.fixture
def optioned_frag(monkeypatch: pytest.MonkeyPatch) -> type[FragRules]:
    """`OptionedFrag` in the ruleset registry for one test (after the built-in ones), gone afterwards."""
    from fragtui.engine import rulesets

    ruleset_names()  # the built-in rulesets first, as in every game
    monkeypatch.setitem(rulesets._REGISTRY, OptionedFrag.key, OptionedFrag)
    return OptionedFrag
