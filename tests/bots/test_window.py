"""A bot's window shows its seat what that player may know, and nothing leads from it to the state."""

from __future__ import annotations

import pytest

from fragtui.bots import BotWindow
from fragtui.bots.frag_window import FragWindow
from fragtui.engine.board import Board
from fragtui.engine.dice import DiceState
from fragtui.engine.frag.actions import Attack
from fragtui.engine.frag.state import Decks, PlayerState
from fragtui.engine.game import Game
from fragtui.engine.geometry import Geometry
from fragtui.engine.state import GameState
from fragtui.errors import IllegalActionError
from tests.bots.helpers import seeded_game
from tests.conftest import game_from

SECRETS = (Game, GameState, PlayerState, Decks, DiceState)
"""What holds the hands, the order of the decks, or the dice to come."""


def _public_reach(start: object, depth: int = 4) -> list[object]:
    """Every object reached from `start` through public attributes (names not starting with `_`),
    properties read, methods not called, down to `depth` steps."""
    seen: dict[int, object] = {}
    frontier = [start]
    for _ in range(depth):
        found = []
        for obj in frontier:
            if id(obj) in seen or isinstance(obj, str | int | float | bool | type(None)):
                continue
            seen[id(obj)] = obj
            items: list[object] = []
            if isinstance(obj, dict):
                items.extend(obj.keys())
                items.extend(obj.values())
            elif isinstance(obj, list | tuple | set | frozenset):
                items.extend(obj)
            else:
                for name in dir(obj):
                    if name.startswith(("_", "model_")):  # pydantic's own bookkeeping
                        continue
                    try:
                        value = getattr(obj, name)
                    except Exception:
                        continue
                    if callable(value) and not isinstance(value, Board | Geometry):
                        continue
                    items.append(value)
            found.extend(items)
        frontier = found
    return list(seen.values())


def test_nothing_public_on_the_window_leads_to_the_game_state() -> None:
    game = seeded_game("pocket", 4, seed=1)
    window = BotWindow(game, 1)
    reached = _public_reach(window)
    assert any(isinstance(obj, Board) for obj in reached), "the walk should at least reach the map"
    leaks = [type(obj).__name__ for obj in reached if isinstance(obj, SECRETS)]
    assert leaks == []


def test_the_window_keeps_the_game_in_a_slot_and_has_no_dict() -> None:
    window = BotWindow(seeded_game("pocket", 2, seed=1), 0)
    assert not hasattr(window, "__dict__")
    with pytest.raises(AttributeError):
        window.game = None  # type: ignore[attr-defined]


def test_the_view_is_the_seats_own_with_other_hands_hidden() -> None:
    game = seeded_game("pocket", 4, seed=2)
    view = BotWindow(game, 2).view()
    assert view == game.view(2)
    assert view.fighters[2].hand == tuple(game.state.players[2].hand)
    assert all(f.hand is None for seat, f in enumerate(view.fighters) if seat != 2)


def test_a_seat_that_does_not_decide_has_no_actions_forecasts_or_routes() -> None:
    game = game_from(
        """
        phase = "action"
        movement = 4
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    ann, bob = FragWindow(game, 0), FragWindow(game, 1)
    assert ann.deciding() and not bob.deciding()
    assert ann.legal_actions() == game.legal_actions()
    assert bob.legal_actions() == []
    assert bob.routes() == {}
    assert ann.routes() == game.rules.routes(0)
    attack = Attack(target=1, weapon="pistol")
    assert ann.forecast(attack) == game.forecast(attack)
    with pytest.raises(IllegalActionError, match="not seat 1's decision"):
        bob.forecast(Attack(target=0, weapon="pistol"))


def test_routes_are_empty_before_the_movement_roll() -> None:
    game = game_from(
        """
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    assert FragWindow(game, 0).routes() == {}


def test_a_seat_outside_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 4"):
        BotWindow(seeded_game("pocket", 4, seed=1), 4)
