"""Where the heuristic bot moves this turn, and the way there.

Two kinds of plan:

- `aim`: with attacks left, the square within this turn's movement from which a rival can be seen
  and shot best (the estimate of `fragtui.bots.tactics`; the forecast decides the shot itself
  once there);
- `roam`: otherwise, the square worth ending on: counters to pick up, power-ups to cross, a way
  that stays out of acid, closer to power-ups and to the rival it hunts, and out of the sight of
  rivals who could shoot it before its next turn.

A plan is kept and walked move by move while the turn goes as expected (the fighter where the
plan put him, the points it left, nothing new in hand, nobody moved), and made again otherwise:
planning searches the map, walking a plan costs nothing, and a decision must stay quick.

What each thing is worth (a power-up, a step, a rival's shots) is the bot's `Situation.weights`
(`fragtui.bots.weights`).

In a Frag Tag mode both weigh what the mode asks (`Situation.goals`, `fragtui.bots.objective`): a shot by
whom it is at, a square by the flag or hill it is on or nearer to, the rivals' shots by the mode's caution.

Ways come from `fragtui.bots.map_sense`: a dry way (no acid at all) when one fits the points,
else the cheapest way, its acid counted against the square at what it would cost in Health.
"""

from __future__ import annotations

from dataclasses import dataclass

from fragtui.bots.card_sense import card_value, weapon_value
from fragtui.bots.map_sense import MapSense, Walk
from fragtui.bots.objective import FLEE_CAP
from fragtui.bots.situation import Situation
from fragtui.bots.tactics import acid_risk, gun_worth, line_clear
from fragtui.engine.actions import Action
from fragtui.engine.board import Square, distance
from fragtui.engine.frag.state import CounterKind

__all__ = ["Destination", "Plan", "aim", "destinations", "hunted", "roam"]

SIGHT_CHECKS = 60
"""Squares tried, best first, for a line of sight to each rival when aiming."""
SAFETY_CHECKS = 12
"""Best squares checked for rivals' lines of sight when roaming."""


@dataclass(frozen=True)
class Destination:
    """A square the fighter could end this move on, and how he would get there."""

    square: Square
    cost: int
    """Points spent."""
    hazards: int
    """Acid squares entered on the way."""
    walk: Walk
    """The search that found the way."""


@dataclass
class Plan:
    """Moves to walk, and what must not change while walking them."""

    purpose: str
    """`aim` or `roam`."""
    goal: Square
    """Where it leads."""
    worth: float
    """What it was worth when made."""
    moves: list[Action]
    """The moves, in order."""
    squares: list[Square]
    """The square after each move."""
    start: Square
    """Where the fighter stood when it was made."""
    movement: int
    """Movement points then."""
    key: tuple[object, ...]
    """The facts it was made on (turn, attacks, hand, counters, fighters' squares)."""
    done: int = 0
    """Moves handed out so far."""

    def next_move(self, sit: Situation) -> Action | None:
        """The next move if the turn went as the plan expected and the move is legal, else None."""
        if self.done >= len(self.moves) or plan_key(sit) != self.key:
            return None
        expected = self.squares[self.done - 1] if self.done else self.start
        if sit.me.square != expected or sit.view.movement != self.movement - self.done:
            return None
        move = self.moves[self.done]
        if not sit.allows(move):
            return None
        self.done += 1
        return move


def plan_key(sit: Situation) -> tuple[object, ...]:
    """The facts a plan rests on: if one changes, the plan is made again."""
    view = sit.view
    return (
        view.turn_number,
        view.attacks,
        len(sit.hand),
        tuple(c.id for c in view.counters),
        tuple(f.square for s, f in enumerate(view.fighters) if s != sit.seat),
    )


_DESTINATIONS: dict[tuple[int, Square, int, frozenset[Square]], tuple[MapSense, list[Destination]]] = {}
"""`destinations` worked out so far, by the map sense's id (kept beside it, so a new one at an old id is not
mistaken), the fighter's square, his points and the squares others stand on: all they rest on."""
DESTINATIONS_KEPT = 256
"""Answers `_DESTINATIONS` keeps (all forgotten when full)."""


def destinations(sit: Situation) -> list[Destination]:
    """Every square the fighter could end on with his points (his own included), dry ways first.

    The same square, points and fighters around give the same list (the map never changes): worked out once and
    shared (a searching bot's rollouts ask it again and again). Read it, never change it."""
    here = sit.me.square
    if here is None:
        return []
    points = sit.view.movement
    key = (id(sit.sense), here, points, sit.occupied)
    known = _DESTINATIONS.get(key)
    if known is not None and known[0] is sit.sense:
        return known[1]
    found = _destinations(sit, here, points)
    if len(_DESTINATIONS) >= DESTINATIONS_KEPT:
        _DESTINATIONS.clear()
    _DESTINATIONS[key] = (sit.sense, found)
    return found


def _destinations(sit: Situation, here: Square, points: int) -> list[Destination]:
    """The search behind `destinations`."""
    dry = sit.sense.walk(here, points, dry=True)
    wet = sit.sense.walk(here, points) if sit.sense.hazards else dry
    found = []
    for square, cost in wet.cost.items():
        if square in sit.occupied:
            continue
        if square in dry.cost:
            found.append(Destination(square, dry.cost[square], 0, dry))
        else:
            found.append(Destination(square, cost, wet.hazards[square], wet))
    return found


def _plan(sit: Situation, purpose: str, target: Destination, worth: float) -> Plan:
    here = sit.me.square
    assert here is not None
    return Plan(
        purpose=purpose,
        goal=target.square,
        worth=worth,
        moves=target.walk.moves_to(target.square),
        squares=target.walk.squares_to(target.square),
        start=here,
        movement=sit.view.movement,
        key=plan_key(sit),
    )


def aim(sit: Situation, places: list[Destination]) -> Plan | None:
    """The best square to shoot from this turn, with the way there (None: no shot within reach).

    Worth: this turn's attacks times the best shot from there (see `tactics.gun_worth`), less
    the acid on the way. For each rival the squares are tried best first and the first one with
    a line of sight wins, so few lines are drawn.
    """
    view = sit.view
    guns = sit.arsenal(sit.seat)
    w = sit.weights
    acid = acid_risk(sit.me.health, w.frag_worth)
    shots = max(1, view.attacks)
    goals = sit.goals
    here = sit.me.square
    assert here is not None
    staying = goals.square_worth(here) if goals is not None else 0.0
    best: tuple[float, Destination] | None = None
    for rival in sit.rivals:
        fighter = view.fighters[rival]
        there = fighter.square
        assert there is not None
        by_reach: dict[int, float] = {}
        scored: list[tuple[float, int, Destination]] = []
        for n, place in enumerate(places):
            reach = distance(place.square, there)
            worth = by_reach.get(reach)
            if worth is None:
                worth = by_reach[reach] = gun_worth(guns, reach, fighter.health, w.frag_worth)
            if worth > 0:
                value = shots * worth - place.hazards * acid - w.step_cost * place.cost
                if goals is not None:  # the mode: whom a shot is worth, and what leaving his square costs
                    value = shots * worth * goals.weight(rival) - place.hazards * acid - w.step_cost * place.cost
                    value += goals.square_worth(place.square) - staying
                scored.append((value, n, place))
        scored.sort(key=lambda item: (-item[0], item[1]))
        for value, _, place in scored[:SIGHT_CHECKS]:
            if best is not None and value <= best[0]:
                break
            if line_clear(sit.window, view, place.square, there, (sit.seat, rival)):
                best = (value, place)
                break
    if best is None or best[0] <= 0:
        return None
    return _plan(sit, "aim", best[1], best[0])


def hunted(sit: Situation) -> int | None:
    """The rival worth going after: easy to frag with the bot's guns, near, and near winning."""
    view = sit.view
    here = sit.me.square
    reachable = [seat for seat in sit.rivals if view.fighters[seat].square not in sit.sense.stranded]
    goals = sit.goals
    if goals is not None:
        if goals.hunts:  # the mode names him ("it", the flag's holder, the king), or nobody
            return goals.hunt if goals.hunt in reachable else None
        if reachable:  # the rivals most worth shooting, picked among as in Frag
            most = max(goals.weight(seat) for seat in reachable)
            reachable = [seat for seat in reachable if goals.weight(seat) >= most]
    if here is None or not reachable:
        return None
    guns = sit.arsenal(sit.seat)
    w = sit.weights

    def appeal(seat: int) -> float:
        fighter = view.fighters[seat]
        assert fighter.square is not None
        return (
            gun_worth(guns, 3, fighter.health, w.frag_worth)
            + w.hunt_score * sit.score(seat)
            - w.hunt_distance * distance(here, fighter.square)
            - 0.001 * seat
        )

    return max(reachable, key=appeal)


def _pick_up_worth(sit: Situation, square: Square) -> float:
    """What picking up ONE counter on `square` would be worth (F-FRAG-03), 0 if none may be."""
    if square in sit.memory.picked:
        return 0.0  # one counter per square per turn (ruling F-FRAG-03)
    best = 0.0
    for counter in sit.view.counters:
        if counter.square != square:
            continue
        if counter.kind is CounterKind.BLOOD:
            worth = sit.weights.blood_worth
        elif counter.kind is CounterKind.WEAPONS:
            if counter.id in sit.memory.piles or not counter.cards:
                continue
            worth = max(weapon_value(sit.card(card)) for card in counter.cards)
        else:
            if counter.dropped_turn == sit.view.turn_number or not counter.cards:
                continue  # nobody picks up a card the turn it was dropped (F-FRAG-07)
            worth = card_value(sit.card(counter.cards[0]))
        best = max(best, worth)
    return best


def _power_ups_on_way(sit: Situation, walk: Walk, square: Square, memo: dict[Square, int]) -> int:
    """Unchecked power-ups entered on the way to `square` (each is checked once a turn, F-PWR-02)."""
    known = memo.get(square)
    if known is not None:
        return known
    chain = []
    while square not in memo and square != walk.start:
        chain.append(square)
        square = walk.parent[square][0]
    count = memo.get(square, 0)
    for step in reversed(chain):
        count += step in sit.sense.power_ups and step not in sit.memory.entered
        memo[step] = count
    return count


def roam(sit: Situation, places: list[Destination]) -> Plan | None:
    """The best square to end on when there is nothing to shoot from (None: stay where he is)."""
    here = sit.me.square
    if here is None:
        return None
    view = sit.view
    w = sit.weights
    acid = acid_risk(sit.me.health, w.frag_worth)
    prey = hunted(sit)
    prey_square = view.fighters[prey].square if prey is not None else None
    to_prey = sit.sense.walk(prey_square).cost if prey_square is not None else {}
    stocked = len(sit.hand) >= w.well_stocked
    goals = sit.goals
    place_goal = goals.place if goals is not None else None
    to_place = sit.sense.walk(place_goal).cost if place_goal is not None else {}
    memos: dict[int, dict[Square, int]] = {}
    scored: list[tuple[float, int, Destination]] = []
    stay = Destination(here, 0, 0, sit.sense.walk(here, 0))
    for n, place in enumerate([stay, *places]):
        square = place.square
        worth = -place.hazards * acid - w.step_cost * place.cost
        if square != here:
            worth += _pick_up_worth(sit, square)
            memo = memos.setdefault(id(place.walk), {})
            worth += w.power_up_worth * _power_ups_on_way(sit, place.walk, square, memo)
        if not stocked:
            worth -= w.toward_power_up * sit.sense.to_power_up.get(square, 40)
        if prey_square is not None:
            worth -= w.toward_prey * to_prey.get(square, 2 * distance(square, prey_square))
        if goals is not None:
            worth += goals.square_worth(square, to_place.get(square)) + goals.flee * _room(sit, square)
        scored.append((worth, n, place))
    scored.sort(key=lambda item: (-item[0], item[1]))
    best: tuple[float, Destination] | None = None
    caution = w.exposure if goals is None else w.exposure * goals.caution
    for worth, _, place in scored[:SAFETY_CHECKS]:
        value = worth - caution * _exposure(sit, place.square)
        if best is None or value > best[0]:
            best = (value, place)
    if best is None or best[1].square == here:
        return None
    return _plan(sit, "roam", best[1], best[0])


def _room(sit: Situation, square: Square) -> int:
    """Squares between `square` and the nearest rival on the board (up to `objective.FLEE_CAP`): the room a
    fighter who must keep away has."""
    view = sit.view
    nearest = FLEE_CAP
    for rival in sit.rivals:
        there = view.fighters[rival].square
        if there is not None:
            nearest = min(nearest, distance(there, square))
    return nearest


def _exposure(sit: Situation, square: Square) -> float:
    """What the rivals could do to the fighter on `square` before his next turn, from where they
    stand, if they see it (they will move first, so this is a rough guide, not a forecast)."""
    total = 0.0
    view = sit.view
    for rival in sit.rivals:
        there = view.fighters[rival].square
        assert there is not None
        if distance(there, square) > 14 or view.fighters[rival].attacks_per_turn == 0:
            continue
        worth = sit.threat(rival, square)
        if worth > 0 and line_clear(sit.window, view, there, square, (sit.seat, rival)):
            total += worth
    return total
