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
- under a Frag Tag mode (`Situation.goals`, as in Frag's turn): it runs for the flag or the hill before
  anything else, turns only to whom the mode hunts ("it", the flag's holder, the king of the hill), and with
  the flag it runs from the enemies instead of facing them (its holder may not shoot, J-TAG-03);
- picking up: the flag first, then any counter;
- combat: the attack of best worth by the exact forecast (`turn.best_attack`); with none, it puts a weapon or
  gadget from its hand into play; and it always shoots first when it may.
"""

from __future__ import annotations

from fragtui.bots.map_sense import Walk
from fragtui.bots.situation import Situation
from fragtui.bots.turn import best_attack
from fragtui.engine.actions import Action, Hop, Pass
from fragtui.engine.actions import Step as FragStep
from fragtui.engine.board import Direction, Square
from fragtui.engine.cards import CardKind
from fragtui.engine.frag.actions import PickUp, PlayCard, TakeFlag
from fragtui.engine.frag.state import Status
from fragtui.engine.realtime.facing import way_of
from fragtui.engine.realtime.movement import Face, Step
from fragtui.engine.realtime.movement import Hop as Warp
from fragtui.engine.realtime.turn import RealTimeView

__all__ = ["answer", "attack", "orders", "pick_up", "toward"]

_PASS = Pass()
REFUGE_REACH = 6
"""How far (in walking points) the flag's holder looks for a square farther from the enemies (J-TAG-03)."""


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


def _worth_facing(sit: Situation, enemies: list[tuple[int, Square]]) -> list[Square]:
    """The enemies worth turning to and holding for a shot: all of them in Frag; under a Frag Tag mode those it
    hunts ("it", the flag's holder, the king of the hill), else those worth at least a Frag shot, and nobody for
    a fighter who may not attack (the flag's holder, J-TAG-03)."""
    goals = sit.goals
    if goals is None:
        return [square for _, square in enemies]
    if not goals.fights:
        return []
    if goals.hunts and goals.hunt is not None:
        return [square for seat, square in enemies if seat == goals.hunt]
    best = max((goals.weight(seat) for seat, _ in enemies), default=0.0)
    floor = min(1.0, best)
    return [square for seat, square in enemies if goals.weight(seat) > 0 and goals.weight(seat) >= floor]


def _refuge(sit: Situation, walk: Walk, enemies: list[tuple[int, Square]]) -> Square | None:
    """Where the flag's holder runs to (J-TAG-03: he scores while he holds it and may not shoot): of the squares
    his walk reaches within `REFUGE_REACH` points, the one farthest from the nearest enemy, nearer first."""
    if not enemies:
        return None

    def apart(square: Square) -> int:
        return min(abs(square.x - there.x) + abs(square.y - there.y) for _, there in enemies)

    near = [square for square, cost in walk.cost.items() if cost <= REFUGE_REACH]
    best = max(near, key=lambda square: (apart(square), -walk.cost[square], square), default=None)
    if best is None or apart(best) <= apart(walk.start):
        return None  # (nowhere farther: he stands his ground)
    return best


def _destination(sit: Situation, walk: Walk, enemies: list[tuple[int, Square]]) -> list[Square]:
    """The squares worth walking to, the cheapest first taken: the mode's place (the flag, the hill), the refuge
    of the flag's holder, whoever the mode hunts, else (as in Frag) the nearest enemy, else a power-up."""
    goals = sit.goals
    reached = walk.cost
    if goals is not None:
        place = goals.place
        if place is not None and not (goals.hunts and goals.hunt is not None):
            return [square for square in reached if (square.x, square.y) == (place.x, place.y)]
        if goals.flee > 0:
            refuge = _refuge(sit, walk, enemies)
            return [refuge] if refuge is not None else []
        if goals.hunts:
            hunted = [square for seat, square in enemies if seat == goals.hunt and square in reached]
            if hunted or goals.hunt is None:
                return hunted or [square for square in sit.sense.power_ups if square in reached]
    return [square for _, square in enemies if square in reached]


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
    goals = sit.goals
    place = goals.place if goals is not None else None
    on_place = place is not None and (here.x, here.y) == (place.x, place.y)
    # the flag or the hill first, unless the mode names someone to go after (the king on it)
    rushing = place is not None and not on_place and not (goals is not None and goals.hunt is not None)
    targets = [] if rushing else _worth_facing(sit, enemies)
    in_sight = [square for square in targets if geometry.line_of_sight(here, square)]
    if in_sight and clock.fighters[sit.seat].attacks_left > 0:
        nearest = min(in_sight, key=lambda square: abs(square.x - here.x) + abs(square.y - here.y))
        face = Face(facing=toward(here, nearest))
        return face if sit.allows(face) else _PASS
    if on_place:
        return _PASS  # (on the hill: he stays)
    walk = sit.sense.walk(here)
    goals_at = _destination(sit, walk, enemies)
    if not goals_at and (goals is None or goals.flee == 0):  # (nothing to go after: a power-up)
        goals_at = [square for square in sit.sense.power_ups if square in walk.cost and square != here]
    goals_at = [square for square in goals_at if square != here]
    if not goals_at:
        return _PASS
    goal = min(goals_at, key=lambda square: (walk.cost[square], square))
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
