"""Whole walks the strong bot weighs against the heuristic's own (issue 34: "set up a frag").

A single step says little, so the strong bot never weighs one step against another. What it weighs instead, once
a turn at the first move its heuristic would make, is where the whole walk ends: the heuristic's own plan (its
quick answer, walked on in the rollouts as the heuristic walks it) against the best square to shoot each rival
from (`planner.aim` with that rival alone) and the best square to end on without a shot (`planner.roam`). Each is
a `Walk`, a candidate of its own: in a rollout all of its moves are played before the heuristic players take
over (`play`), and in the real game, once chosen, the strong bot walks it move by move (`Walking`) while the turn
goes as it expected.

Frag, Frag Deadlands and the Tag modes only (the fighter's own turn, moves by the kernel's `Step`, `Jump` and
`Hop`); Ruthless's moves and Real-Time Frag's orders are not walks of this kind.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass

from fragtui.bots.frag_window import FragWindow
from fragtui.bots.map_sense import sense_of
from fragtui.bots.objective import goals_of
from fragtui.bots.planner import Plan, aim, destinations, roam
from fragtui.bots.situation import Memory, Situation
from fragtui.bots.weights import DEFAULT_WEIGHTS, Weights
from fragtui.bots.window import BotWindow
from fragtui.engine.actions import Action, Hop, Jump, Step
from fragtui.engine.board import Square
from fragtui.engine.game import Game

__all__ = ["Walk", "Walking", "play", "walks"]

FRAG_MOVES = (Step, Jump, Hop)
"""The moves of a fighter's own turn (Frag's phase 3): what a walk is made of."""


@dataclass(frozen=True)
class Walk:
    """A candidate: the whole of a walk this turn, from where the fighter stands to `goal`."""

    goal: Square
    """Where it ends."""
    moves: tuple[Action, ...]
    """The moves, in order."""
    squares: tuple[Square, ...]
    """The square after each move."""
    start: Square
    """Where the fighter stands when it is weighed."""
    movement: int
    """His movement points then."""
    purpose: str
    """Why it was offered: `aim at N` (the best square to shoot seat N from) or `roam` (no shot)."""

    def __str__(self) -> str:
        return f"walk to {self.goal} ({self.purpose}, {len(self.moves)} moves)"


def is_walk_moment(window: BotWindow, quick: Action) -> bool:
    """The heuristic would begin to walk (its quick answer is a move of the fighter's own turn) in Frag's family:
    the moment whole walks are weighed (once a turn: the strong bot keeps count)."""
    return isinstance(quick, FRAG_MOVES) and window.ruleset() != "ruthless"


def walks(
    window: BotWindow, count: int, besides: Square | None = None, weights: Weights = DEFAULT_WEIGHTS
) -> list[Walk]:
    """Up to `count` walks: the best square to shoot each rival from (the best shots first), then the best square
    to end on without a shot; each ending elsewhere than the others, than where the fighter stands and than
    `besides` (where the heuristic's own walk ends: its quick answer is that walk), weighed by `weights`."""
    if count <= 0:
        return []
    view = window.view()
    seat = window.seat
    here = view.fighters[seat].square
    if here is None or view.movement <= 0:
        return []
    goals = goals_of(view, seat)
    sit = Situation(
        FragWindow.of(window), view, window.legal_actions(), sense_of(window.board), Memory(), goals, weights
    )
    places = destinations(sit)
    if not places:
        return []
    plans: list[tuple[str, Plan]] = []
    for rival in sit.rivals:
        alone = copy.copy(sit)
        alone.__dict__["rivals"] = [rival]  # (a cached property: this situation's rivals are him alone)
        plan = aim(alone, places)
        if plan is not None:
            plans.append((f"aim at {rival}", plan))
    plans.sort(key=lambda item: -item[1].worth)
    roaming = roam(sit, places)
    if roaming is not None:
        plans.append(("roam", roaming))
    found: list[Walk] = []
    ends: set[Square] = {here} if besides is None else {here, besides}
    for purpose, plan in plans:
        if plan.goal in ends or not plan.moves or not sit.allows(plan.moves[0]):
            continue
        ends.add(plan.goal)
        found.append(Walk(plan.goal, tuple(plan.moves), tuple(plan.squares), here, view.movement, purpose))
        if len(found) == count:
            break
    return found


def play(game: Game, seat: int, walk: Walk) -> int:
    """Play `walk`'s moves for `seat` in `game` while they stay legal and the decision stays his (a rollout);
    the moves played."""
    played = 0
    for move in walk.moves:
        if game.decider() != seat or move not in game.legal_actions(seat):
            break
        game.apply(move, seat)
        played += 1
    return played


@dataclass
class Walking:
    """A walk the strong bot chose, handed out move by move in the real game."""

    walk: Walk
    seat: int
    """The seat walking it."""
    turn: int
    """The turn it belongs to."""
    done: int = 0
    """Moves handed out so far."""

    def next_move(self, window: BotWindow, legal: Sequence[Action]) -> Action | None:
        """The next move if the turn went as the walk expected (the fighter where its last move put him, the points
        it left) and the move is legal; else None (the walk is over, or given up)."""
        if self.done >= len(self.walk.moves):
            return None
        view = window.view()
        if window.seat != self.seat or view.turn_number != self.turn or view.active != self.seat or view.decision:
            return None
        walk = self.walk
        expected = walk.squares[self.done - 1] if self.done else walk.start
        if view.fighters[self.seat].square != expected or view.movement != walk.movement - self.done:
            return None
        move = walk.moves[self.done]
        if move not in legal:
            return None
        self.done += 1
        return move
