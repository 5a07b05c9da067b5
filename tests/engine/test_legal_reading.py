"""Frag's legal actions are worked out while the rules read (`Core.reading`: each fighter's effects gathered once,
nothing changed meanwhile; `FragRules.legal_actions`, for speed: the bots ask them at every decision). Worked out
again without reading, at every state of random games of every Frag ruleset (modes, house rules, Real-Time Frag),
they are the very same actions in the same order: nothing that offers them changes the state."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator

import pytest

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.frag.core import Core
from fragtui.engine.rulesets import find_ruleset

GAMES = [
    ("frag", "foundry", {}),
    ("frag", "pocket", {"objective": "keep-away", "target": 3}),
    ("frag", "foundry", {"objective": "only-one"}),
    ("frag", "pocket", {"real-time": True}),
    ("deadlands", "town", {}),
    ("deadlands", "desert", {"scatter": True}),
]


@contextlib.contextmanager
def _not_reading(self: Core) -> Iterator[None]:
    yield


@pytest.mark.parametrize(("ruleset", "map_name", "options"), GAMES)
def test_legal_actions_worked_out_while_reading_are_those_worked_out_without(
    ruleset: str, map_name: str, options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(f"legal reading/{ruleset}/{map_name}")
    seats = find_ruleset(ruleset).random_seats(rng, 4)
    game = new_game(make_config(ruleset=ruleset, map=map_name, seats=seats, options=options, frag_target=2), 3)
    rules = game.rules
    compared = 0
    for _ in range(700):
        if game.over:
            break
        if rules.choice() is None:
            moves = rules.legal_moves()
            reading = rules.legal_actions(moves)
            with monkeypatch.context() as patch:
                patch.setattr(Core, "reading", _not_reading)
                plain = rules.legal_actions(moves)
            assert reading == plain
            compared += 1
        seats_now = game.deciders()
        game.apply(rng.choice(list(game.legal_actions(seats_now[0]))), seats_now[0])
        rules = game.rules
    assert compared > (10 if "real-time" in options else 100)
