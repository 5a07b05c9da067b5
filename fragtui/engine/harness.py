"""Random legal games and the promises every game keeps (OpenSpiel's `random_sim_test`).

`play_random_game` plays a game to its end choosing uniformly among the legal actions, and after
every action checks the invariants below; the test suite runs it over many seeds, player counts
and maps (tests/engine/test_random_games.py), and the save tests use it to write long games.

Invariants: no card is created or lost; a fighter ends a turn only on a square of his own;
Health never exceeds its maximum; frags only rise; the game ends exactly when someone reaches
the frag target; an illegal action changes nothing; the state round-trips through JSON.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from fragtui.engine.actions import Action, EndTurn
from fragtui.engine.events import Event, EventKind
from fragtui.engine.game import Game
from fragtui.engine.state import GameState, Phase, Status

__all__ = ["Before", "GameReport", "InvariantError", "before_of", "check_invariants", "play_random_game"]


class InvariantError(AssertionError):
    """A promise of the engine was broken; the message says which, and after what."""


@dataclass
class GameReport:
    """What a random game did."""

    actions: int = 0
    """Actions applied."""
    turns: int = 0
    """Turns begun."""
    winner: int | None = None
    """The winning seat (None if the action limit was reached first)."""
    events: list[Event] = field(default_factory=list)
    """Every event, set-up first."""


@dataclass(frozen=True)
class Before:
    """What the invariants compare with: the few facts of the state before an action."""

    frags: tuple[int, ...]
    turn: int
    active: int


def before_of(state: GameState) -> Before:
    return Before(tuple(p.frags for p in state.players), state.turn.number, state.turn.active)


def check_invariants(game: Game, before: Before | None, cards: int, after: Action | None = None) -> None:
    """Raise `InvariantError` if the game breaks a promise (`before`: the state before `after`)."""
    where = f" after {after}" if after is not None else ""
    state = game.state
    if game.card_count() != cards:
        raise InvariantError(f"{game.card_count()} cards in the game, not {cards}{where}")
    for seat, player in enumerate(state.players):
        if (player.square is None) == (player.status is Status.IN_PLAY) and player.status is not Status.UNPLACED:
            raise InvariantError(f"{player.name} is {player.status.value} at {player.square}{where}")
        if player.status is Status.IN_PLAY and game.health(seat) > game.max_health(seat):
            raise InvariantError(f"{player.name} has Health {game.health(seat)} above {game.max_health(seat)}{where}")
        if player.damage < 0 or player.blood < 0:
            raise InvariantError(f"{player.name} has negative damage or blood{where}")
        if before is not None and player.frags < before.frags[seat]:
            raise InvariantError(f"{player.name}'s frags fell{where}")
    target = state.config.frag_target
    reached = [p.name for p in state.players if p.frags >= target]
    if bool(reached) != (state.turn.phase is Phase.OVER):
        raise InvariantError(f"frag target {target} reached by {reached} but phase is {state.turn.phase}{where}")
    if before is not None and (isinstance(after, EndTurn) or before.turn != state.turn.number):
        ended = before.active
        if state.players[ended].status is Status.IN_PLAY:
            square = state.players[ended].square
            if square is not None and any(p.square == square for s, p in enumerate(state.players) if s != ended):
                raise InvariantError(f"{state.players[ended].name} ended the turn in an occupied square{where}")


def play_random_game(
    game: Game,
    rng: random.Random,
    *,
    max_actions: int = 20_000,
    check: bool = True,
    on_events: Callable[[list[Event]], None] | None = None,
) -> GameReport:
    """Play `game` to its end with uniformly random legal actions, checking invariants after each."""
    report = GameReport(events=list(game.opening))
    cards = game.card_count()
    if check:
        check_invariants(game, None, cards)
    while game.decider() is not None and report.actions < max_actions:
        actions = game.legal_actions()
        if not actions:
            raise InvariantError(f"{game.name(game.decider() or 0)} must decide but has no legal action")
        action = rng.choice(actions)
        before = before_of(game.state) if check else None
        events = game.apply(action)
        report.actions += 1
        report.events.extend(events)
        if on_events is not None:
            on_events(events)
        if check:
            check_invariants(game, before, cards, action)
    report.turns = game.state.turn.number
    report.winner = game.state.winner
    if report.winner is not None and not any(e.kind is EventKind.WON for e in report.events):
        raise InvariantError("the game has a winner but no Won event")
    return report
