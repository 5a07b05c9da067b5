"""The heuristic bot in Real-Time Frag (the `real-time` option, J-RT-01..10): its orders, pick-ups and attacks.

Real-Time Frag asks a fighter other questions than Frag's turn: his moves for each of ten segments, given in
secret (`rt-orders`), what to pick up where he arrived (`rt-pick-up`), one attack a segment announced in secret
(`rt-attacks`), whether to shoot first at an attacker (`rt-answer`), the hand limit at the turn's end. The bot
answers them on its own view, as a player would:

- moving: with an attack left and an enemy in sight, it holds its ground and turns to face him; otherwise it
  heads for the nearest enemy (or the nearest power-up when nobody is on the board) by the cheapest walk
  (`MapSense.walk`), turning to face the way first and then stepping forward as far as its points go
  (forward is cheap, J-RT-06), a teleporter hop where the walk takes one. It gives one order a segment,
  then holds: what it ordered is secret, so it remembers it had its say (`Memory.ordered`);
- picking up: the flag first, then any counter;
- combat: the attack of best worth by the exact forecast (`turn.best_attack`); with none, it puts a weapon or
  gadget from its hand into play; and it always shoots first when it may.
"""

from __future__ import annotations

from fragtui.bots.situation import Situation
from fragtui.bots.turn import best_attack
from fragtui.engine.actions import Action, Hop, Pass
from fragtui.engine.actions import Step as FragStep
from fragtui.engine.board import Direction, Square
from fragtui.engine.cards import CardKind
from fragtui.engine.frag.actions import PickUp, PlayCard, TakeFlag
from fragtui.engine.realtime.facing import way_of
from fragtui.engine.realtime.movement import Face, Step
from fragtui.engine.realtime.movement import Hop as Warp
from fragtui.engine.realtime.turn import RealTimeView
from fragtui.engine.state import Status

__all__ = ["answer", "attack", "orders", "pick_up", "toward"]

_PASS = Pass()


def toward(here: Square, there: Square) -> Direction:
    """The map direction from `here` most toward `there` (the longer way across; east or west on a tie)."""
    dx, dy = there.x - here.x, there.y - here.y
    if abs(dx) >= abs(dy):
        return Direction.E if dx >= 0 else Direction.W
    return Direction.S if dy > 0 else Direction.N


def _clock(sit: Situation) -> RealTimeView | None:
    table = sit.view.table
    return table if isinstance(table, RealTimeView) else None


def _enemies(sit: Situation) -> list[tuple[int, Square]]:
    return [
        (seat, fighter.square)
        for seat, fighter in enumerate(sit.view.fighters)
        if seat != sit.seat and fighter.status is Status.IN_PLAY and fighter.square is not None
    ]


def orders(sit: Situation) -> Action:
    """One order a segment (`rt-orders`), then hold."""
    clock = _clock(sit)
    here = sit.me.square
    if clock is None or here is None:
        return _PASS
    said = (sit.view.turn_number, clock.segment)
    if sit.memory.ordered == said:
        return _PASS  # (its order of this segment is in: it holds)
    sit.memory.ordered = said
    facing = clock.fighters[sit.seat].facing or Direction.N
    enemies = _enemies(sit)
    geometry = sit.sense.board.geometry
    in_sight = [square for _, square in enemies if geometry.line_of_sight(here, square)]
    if in_sight and clock.fighters[sit.seat].attacks_left > 0:
        nearest = min(in_sight, key=lambda square: abs(square.x - here.x) + abs(square.y - here.y))
        face = Face(facing=toward(here, nearest))
        return face if sit.allows(face) else _PASS
    walk = sit.sense.walk(here)
    goals = [square for _, square in enemies if square in walk.cost]
    if not goals:
        goals = [square for square in sit.sense.power_ups if square in walk.cost and square != here]
    if not goals:
        return _PASS
    goal = min(goals, key=lambda square: (walk.cost[square], square))
    moves = walk.moves_to(goal)
    if not moves:
        return _PASS
    first = moves[0]
    if isinstance(first, Hop):
        warp = Warp(to=first.to)
        return warp if sit.allows(warp) else _PASS
    if not isinstance(first, FragStep):
        return _PASS
    direction = first.direction
    if direction is not facing:
        face = Face(facing=direction)
        if sit.allows(face):
            return face
        side = Step(way=way_of(facing, direction))
        return side if sit.allows(side) else _PASS
    ahead = 0  # (the moves straight on along the walk, short of the enemy's own square)
    for move in moves[:-1] if goal in (square for _, square in enemies) else moves:
        if not isinstance(move, FragStep) or move.direction is not direction:
            break
        ahead += 1
    steps = [a for a in sit.legal if isinstance(a, Step) and a.way == "forward" and a.squares <= max(ahead, 1)]
    return max(steps, key=lambda a: a.squares) if steps else _PASS


def pick_up(sit: Situation) -> Action:
    """The flag first, then any counter (`rt-pick-up`)."""
    for action in sit.legal:
        if isinstance(action, TakeFlag):
            return action
    for action in sit.legal:
        if isinstance(action, PickUp):
            return action
    return _PASS


def attack(sit: Situation) -> Action:
    """The attack of best worth; with none, a weapon or gadget into play; else hold fire (`rt-attacks`)."""
    best = best_attack(sit)
    if best is not None:
        return best[0]
    gear = (CardKind.WEAPON, CardKind.GADGET)
    own = [a for a in sit.legal if isinstance(a, PlayCard) and a.target is None and a.weapon is None]
    return next((play for play in own if sit.card(play.card).kind in gear), _PASS)


def answer(sit: Situation) -> Action:
    """Shoot first whenever it may (`rt-answer`)."""
    best = best_attack(sit)
    return best[0] if best is not None else _PASS
