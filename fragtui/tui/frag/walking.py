"""Frag's walk along a route at the table: where the active fighter may end his movement, and the route walked
move by move through the engine. Frag's game screen (`GameScreen`) walks with these; the shared `Table` knows
no fighter and no movement."""

from __future__ import annotations

from fragtui.engine.actions import action_of_move
from fragtui.engine.board import Square
from fragtui.engine.events import Event
from fragtui.engine.frag.state import frag_state
from fragtui.engine.geometry import Route
from fragtui.table import Table

__all__ = ["routes", "walk"]


def routes(table: Table) -> dict[Square, Route]:
    """Where the active fighter may end his movement now, with the cheapest way there."""
    game = table.game
    if game.over or game.state.pending:
        return {}
    return game.rules.routes(game.state.turn.active)


def walk(table: Table, route: Route) -> tuple[list[Event], str | None]:
    """Walk a route move by move through the engine (each move through `Table.act`: checked and saved); stop early
    when the board changes plans.

    Power-ups, acid and bumps happen on the way as the engine resolves each move. The walk stops (returning why)
    when a decision interrupts it, the fighter leaves the board, or the next move is no longer legal — never does
    the interface move a fighter itself.
    """
    game = table.game
    events: list[Event] = []
    seat = game.state.turn.active
    for move in route.moves:
        action = action_of_move(move)
        if game.over or game.state.pending or game.decider() != seat:
            return events, "the move was interrupted"
        if move not in game.rules.moves(seat):  # a step is only a direction: check where it starts
            return events, "stopped: the route no longer starts where the fighter stands"
        if not game.is_legal(action):
            return events, f"stopped: {game.why_illegal(action)}"
        events += table.act(action)
        if frag_state(game.state).players[seat].square != move.to:
            return events, "the move was interrupted"
    return events, None
