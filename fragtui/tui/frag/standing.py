"""Standing orders in Real-Time Frag at one keyboard (issue 33): "ten segments must not mean forty hand-offs a turn".

A player at a shared keyboard may answer his Movement and Combat questions for the rest of the turn at once, as
plan-then-resolve games do: hold (stand still, hold fire), hold and fire at the first enemy in sight (the best shot
whenever one is allowed), or walk a route to a square, spread over the segments by his points (facing the way,
then stepping forward: forward is cheap, J-RT-06), holding fire or firing on the way. The table then answers
those questions for him when they open (`Table.follow_orders`), and he is called to the keyboard again only when
something he could not know when he gave it happens:

- an enemy comes into his sight who was not in it (a new target; an order to fire at the first enemy in sight
  answers that itself, it is what he ordered);
- he is hit (his damage rises) or fragged;
- another fighter plays a card on him;
- the turn ends (an order lasts the turn it was given in).

Questions an order does not cover (a pick-up, a respawn, a reaction to a hit, shooting first when it holds fire,
the hand limit) are asked of him as ever, and the order goes on after them. It is table-side state, as the auto-pass
of reactions is: the engine stays the judge, the order only picks one of the legal actions of his seat when the
question is open, and an action the engine no longer offers ends the order (`Table.follow_orders`).

No Textual here: the bench (`fragtui.bench.realtime_handoffs`) plays with the same orders.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from fragtui.engine.actions import Action, Pass
from fragtui.engine.board import Direction, Square
from fragtui.engine.frag.actions import Attack, PlayCard
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.frag.state import Status, frag_state
from fragtui.engine.game import Game
from fragtui.engine.realtime.decisions import AnswerFirst, CombatOrders, MovementOrders
from fragtui.engine.realtime.facing import CLOCKWISE, Way
from fragtui.engine.realtime.movement import Face, Step
from fragtui.errors import IllegalActionError

__all__ = ["NEW_TURN", "Kind", "RealTimeOrder", "best_attack", "ended_note", "route"]

_PASS = Pass()
NEW_TURN = "a new turn began"
"""Why an order ends at the next turn (`RealTimeOrder.ended`): followed by `: ` and the order in words when it answered
a question of his in its turn (he is reminded), by ` (it answered nothing)` when it never did (nothing to tell)."""


class Kind(StrEnum):
    """What a standing order does with the turn's Movement steps."""

    HOLD = "hold"
    """Stand still."""
    ROUTE = "route"
    """Walk to a square, as far as each segment's points go, then stand there."""


@dataclass
class RealTimeOrder:
    """One player's standing order for the rest of a Real-Time turn (see the module's docstring)."""

    kind: Kind
    fire: bool
    """Fire at the first enemy in sight (the best shot) whenever an attack is allowed; else hold fire."""
    turn: int
    """The turn it was given in: it lasts that turn."""
    seen: frozenset[int]
    """The enemies in his sight when it was given (one coming into sight calls him back, unless he fires)."""
    damage: int
    """His damage when it was given (more: he was hit)."""
    log_at: int
    """The game log's length when it was given (a card played on him since calls him back)."""
    goal: Square | None = None
    """Where a route leads."""
    said: str = field(default="")
    """The order in words, for his screen."""
    answered: int = 0
    """How many of his questions it has answered (`answer`): an order that ran is remembered at the next turn."""

    @classmethod
    def give(cls, game: Game, seat: int, kind: Kind, *, fire: bool, goal: Square | None = None) -> RealTimeOrder:
        """The order `seat` gives now: what he knows now is what it counts as known."""
        player = frag_state(game.state).players[seat]
        return cls(
            kind=kind,
            fire=fire,
            turn=game.state.turn.number,
            seen=frozenset(_in_sight(game, seat)),
            damage=player.damage,
            log_at=len(game.log),
            goal=goal,
            said=words(kind, fire=fire, goal=goal),
        )

    # -- the table's questions (`table.StandingOrder`) ------------------------------------------------------

    def ended(self, game: Game, seat: int) -> str | None:
        """Why the order no longer stands, in words for him, or None while it does."""
        state = frag_state(game.state)
        player = state.players[seat]
        if state.turn.number != self.turn:
            return f"{NEW_TURN}: {self.said}" if self.answered else f"{NEW_TURN} (it answered nothing)"
        if player.status is not Status.IN_PLAY or player.square is None:
            return "you were fragged"
        if player.damage > self.damage:
            return "you were hit"
        self.damage = player.damage  # (healed: a later hit counts from here)
        for entry in game.log[self.log_at :]:
            action = entry.action
            if isinstance(action, PlayCard) and action.target == seat and entry.seat != seat:
                return f"{state.players[entry.seat].name} played a card on you"
        self.log_at = len(game.log)
        seen = frozenset(_in_sight(game, seat))
        new = seen - self.seen
        if new and not self.fire:
            names = ", ".join(state.players[other].name for other in sorted(new))
            return f"{names} came into sight"
        self.seen = seen
        return None

    def answer(self, game: Game, seat: int) -> Action | None:
        """The legal action the order gives `seat` for the question open now, or None: he is asked himself."""
        action = self._answer(game, seat)
        if action is not None:
            self.answered += 1
        return action

    def _answer(self, game: Game, seat: int) -> Action | None:
        pending = game.state.pending
        top = pending[-1] if pending else None
        legal = game.legal_actions(seat)
        if isinstance(top, MovementOrders):
            if self.kind is Kind.ROUTE and self.goal is not None:
                footing = top.footings.get(seat)
                if footing is not None:
                    order = route(game, footing.square, footing.facing, self.goal, legal)
                    if order is not None:
                        return order
            return _PASS
        if isinstance(top, CombatOrders):
            shot = best_attack(game, seat, legal) if self.fire else None
            return shot if shot is not None else _PASS
        if isinstance(top, AnswerFirst) and self.fire:
            return best_attack(game, seat, legal)  # (holding fire, he is asked: shoot first or not)
        return None


def ended_note(why: str) -> str | None:
    """The line his next question opens with after his standing order ended (`Table.orders_ended`): why it ended,
    for what he could not know; at a new turn a reminder that the order he left was for the turn before only, and
    nothing when it never answered a question of his (it simply expired with its turn)."""
    if why.startswith(f"{NEW_TURN}: "):
        said = why.removeprefix(f"{NEW_TURN}: ")
        return f"A new turn: your standing order ({said}) was for the last turn only. o gives one for this turn."
    if why.startswith(NEW_TURN):
        return None
    return f"Your standing order ended: {why}."


def words(kind: Kind, *, fire: bool, goal: Square | None = None) -> str:
    """A standing order in words: `walk to 5,6, firing at the first enemy in sight`."""
    what = f"walk to {goal}" if kind is Kind.ROUTE else "hold still"
    return f"{what}, {'firing at the first enemy in sight' if fire else 'holding fire'}"


def _in_sight(game: Game, seat: int) -> list[int]:
    """The fighters `seat` sees now (Frag's targets: in play, in line of sight, F-ATK-02)."""
    rules = game.rules
    if not isinstance(rules, FragRules) or frag_state(game.state).players[seat].square is None:
        return []
    return rules.targets(seat)


def best_attack(game: Game, seat: int, legal: Sequence[Action]) -> Attack | None:
    """The attack among `legal` with the best exact odds (`Game.forecast`): the likeliest frag, then the most
    Health expected lost, then the likeliest hit; None when none can hit."""
    best: tuple[tuple[Fraction, Fraction, Fraction], Attack] | None = None
    for action in legal:
        if not isinstance(action, Attack):
            continue
        try:
            odds = game.forecast(action, seat)
        except IllegalActionError:
            continue
        key = (odds.p_frag, odds.expected_loss, odds.p_hit)
        if odds.p_hit > 0 and (best is None or key > best[0]):
            best = (key, action)
    return None if best is None else best[1]


def path(game: Game, start: Square, goal: Square) -> list[Square] | None:
    """The shortest walk from `start` to `goal` in steps the map allows (`Geometry.step`: walls, doors, windows),
    the squares after `start` in order; None when there is none."""
    geometry = game.board.geometry
    blocked = game.rules.impassable() if isinstance(game.rules, FragRules) else frozenset()
    came: dict[Square, Square | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            walk: list[Square] = []
            at: Square | None = here
            while at is not None and at != start:
                walk.append(at)
                at = came[at]
            return walk[::-1]
        for direction in CLOCKWISE:
            there = geometry.step(here, direction)
            if there is None or there in came or (there.x, there.y) in blocked:
                continue
            came[there] = here
            queue.append(there)
    return None


def _direction(here: Square, there: Square) -> Direction:
    return next(d for d in CLOCKWISE if (here.x + d.dx, here.y + d.dy) == (there.x, there.y))


def route(game: Game, here: Square, facing: Direction, goal: Square, legal: Sequence[Action]) -> Action | None:
    """The next order of a walk from `here` (facing `facing`) to `goal`, among the `legal` orders: turn to face the
    next square of the shortest walk, then step forward along it as far as the points go (forward is cheap,
    J-RT-06). None when he is there, or no such order is legal (out of points: he holds)."""
    walk = path(game, here, goal)
    if not walk:
        return None
    direction = _direction(here, walk[0])
    if direction is not facing:
        face = Face(facing=direction)
        return face if face in legal else None
    run = 1
    while run < len(walk) and _direction(walk[run - 1], walk[run]) is direction:
        run += 1
    steps = [a for a in legal if isinstance(a, Step) and a.way is Way.FORWARD and a.squares <= run]
    return max(steps, key=lambda step: step.squares, default=None)
