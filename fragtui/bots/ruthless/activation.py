"""A posse's activation (R-ACT-01): each model's next action, one decision at a time.

The models that can shoot from where they stand act first (a kill may spare the others a shot), then the
rest, in deployment order. For one model the bot weighs a few short plans for the actions he has left and
takes the first action of the best:

- *fire* the best shot now (focus fire: a shot's worth is its exact forecast times `hit_worth`, which rises
  as the target nears death), then fire again, or step into cover;
- *aim, then fire* (+1 and the aimed ±1 on the hit location) when he may fire only once;
- *move, then fire*: to the square whose shot is best, cover counting twice (his shot at them, theirs at
  him);
- *move* alone: into cover, or toward the enemy when nobody is in sight and reach;
- *reload* an empty gun (or a half-empty one when nothing is in reach);
- *Got You Covered!* when nothing better: a shot at whoever moves into his sight, out of turn.

A plan's worth is the hits it expects to deal (each weighed by `hit_worth`) less `DANGER` times the hits the
square he ends on may expect back (`Ground.danger`). A Lily Livered model gets his courage up when he may
(courage.py) and otherwise keeps to cover. A model covering is done for the turn (any action would drop the
mark); when no model has anything worth doing the posse ends its activation.
"""

from __future__ import annotations

from collections import defaultdict

from fragtui.bots.ruthless import courage
from fragtui.bots.ruthless.ground import loaded
from fragtui.bots.ruthless.table import Table
from fragtui.engine.actions import (
    Action,
    Aim,
    Courage,
    EndTurn,
    GotYouCovered,
    MoveTo,
    Reload,
    Shoot,
)
from fragtui.engine.board import Square
from fragtui.engine.ruthless.grid import distance
from fragtui.engine.ruthless.pieces import WEAPONS, Location
from fragtui.engine.ruthless.table import Model

__all__ = ["DANGER", "activate", "plan", "shot_worth"]

DANGER = 0.5
"""How much a hit he may take counts against a hit he may deal (the enemy shares its shots among our men)."""
AMMO = 0.05
"""What each extra round of a fanfire costs (rounds must be reloaded, three an action)."""
APPROACH = 0.02
"""What each square too far from the nearest enemy costs, when nobody is in sight and reach."""
COVERED = 0.08
"""What Got You Covered! is worth when an enemy could move into his sight: a shot out of turn, maybe."""
IN_COVER = 0.03
"""A little for standing in cover even where nobody can see him now."""
MANY_MOVES = 80
"""Past this many squares to move to, one in two of the cover squares and one in four of the rest are weighed (the
p99 of a decision stays under 20 ms: the next decision looks again from where he got to)."""
SECOND_SHOT = 0.9
"""A second shot this activation counts a little less (the first may change everything)."""


def shot_worth(table: Table, shot: Shoot) -> float:
    """What a legal shot is worth: its exact expected hits (the engine's forecast) times the worth of a hit
    on the target, less the extra rounds a fanfire burns."""
    odds = table.odds(shot)
    firer = table.model(shot.fighter)
    aimed = firer.markers.aiming and shot.rounds == 1
    return float(odds.expected_hits) * table.worth(table.model(shot.target), shift=aimed) - AMMO * (shot.rounds - 1)


def actions_left(table: Table, model: Model) -> int:
    """Actions he has left this turn: two a turn (R-ACT-01), a third for one model of a 7's player (R-SEQ-03)."""
    bonus = 1 if table.view.bonus[table.seat] else 0
    return max(0, 2 - model.actions) + bonus


def activate(table: Table) -> Action:
    """The posse's next action: the first model with something worth doing does it; else the activation ends."""
    by_model: dict[int, list[Action]] = defaultdict(list)
    for action in table.legal:
        fighter = getattr(action, "fighter", None)
        if isinstance(fighter, int):
            by_model[fighter].append(action)
    shooters = [f for f, acts in by_model.items() if any(isinstance(a, Shoot) for a in acts)]
    order = shooters + [f for f in sorted(by_model) if f not in shooters]
    for fighter in order:
        model = table.model(fighter)
        if model.markers.covering:
            continue
        chosen = plan(table, model, by_model[fighter])
        if chosen is not None:
            return chosen
    return EndTurn()


def plan(table: Table, model: Model, actions: list[Action]) -> Action | None:
    """The first action of the best plan for `model` (None: nothing worth his actions, leave him be)."""
    assert model.square is not None
    if model.markers.lily_livered:
        return _lily_livered(table, model, actions)
    reloads = [a for a in actions if isinstance(a, Reload)]
    if reloads and not loaded(model):
        return max(reloads, key=lambda a: (WEAPONS[model.card.weapons[a.weapon]].reach, -a.weapon))
    left = actions_left(table, model)
    enemies = table.standing_enemies
    here = model.square
    danger_here = table.danger(here)
    options: list[tuple[float, int, Action]] = []  # (worth, preference on ties, action)

    shots = [a for a in actions if isinstance(a, Shoot)]
    moves = [a for a in actions if isinstance(a, MoveTo)]
    best_shot: Shoot | None = None
    best = 0.0
    for shot in shots:
        worth = shot_worth(table, shot)
        if worth > best:
            best, best_shot = worth, shot
    again = left >= 2 and _may_fire_again(model, best_shot)

    if best_shot is not None:
        follow = best * SECOND_SHOT * (left - 1) if again else 0.0
        if moves and left >= 2 and not again:
            safest = min(table.danger(a.to) for a in moves)
            options.append((best - DANGER * safest, 5, best_shot))
        options.append((best + follow - DANGER * danger_here, 6, best_shot))
        aim = next((a for a in actions if isinstance(a, Aim)), None)
        if left >= 2 and aim is not None and not again:
            options.append((_aimed(table, model, shots) - DANGER * danger_here, 4, aim))

    if moves:
        (worth, move), (safe, repose) = _moves(table, model, moves, left)
        if move is not None:
            options.append((worth, 3, move))
        squares = [e.square for e in enemies if e.square is not None]
        stay = -DANGER * danger_here - _gap(here, squares, _range(model))
        stay += IN_COVER if table.ground.sheltered(here) else 0.0
        if repose is not None and safe > stay + 0.01:
            options.append((safe, 1, repose))

    covered = next((a for a in actions if isinstance(a, GotYouCovered)), None)
    if covered is not None and _may_cover(model, enemies):
        options.append((COVERED - DANGER * danger_here, 2, covered))
    if reloads and not shots:
        options.append((0.05 - DANGER * danger_here, 2, reloads[0]))
    if not options:
        return None
    return max(options, key=lambda option: (option[0], option[1]))[2]


def _may_fire_again(model: Model, shot: Shoot | None) -> bool:
    """Whether he could fire a second time this turn after `shot` (an arm wound allows one Shoot, R-HIT-01;
    the rounds must be there)."""
    if shot is None or model.crossed(Location.ARM):
        return False
    ammo = model.ammo[shot.weapon]
    if ammo is None or ammo - shot.rounds >= 1:
        return True
    return any(index != shot.weapon and ammo != 0 for index, ammo in enumerate(model.ammo))


def _aimed(table: Table, model: Model, shots: list[Shoot]) -> float:
    """The best single shot he would have after aiming: one tenth more to hit, and the hit location his to
    shift (R-SHOOT-01, R-HIT-01)."""
    best = 0.0
    for shot in shots:
        if shot.rounds != 1:
            continue
        odds = table.odds(shot)
        chance = min(1.0, float(odds.chance) + 0.1)
        best = max(best, chance * table.worth(table.model(shot.target), shift=True))
    return best


def _moves(
    table: Table, model: Model, moves: list[MoveTo], left: int
) -> tuple[tuple[float, MoveTo | None], tuple[float, MoveTo | None]]:
    """The best square to move to and shoot from (when he has the actions and a loaded gun), and the best
    to move to without shooting (safest, in cover, nearer the fight when it is far), each with its worth."""
    fire = left >= 2 and bool(loaded(model))
    twice = 1 + (SECOND_SHOT if left >= 3 and not model.crossed(Location.ARM) else 0.0)
    near = _range(model)
    squares = [e.square for e in table.standing_enemies if e.square is not None]
    best_fire, fire_move = float("-inf"), None
    best_move, move_to = float("-inf"), None
    if len(moves) > MANY_MOVES:  # a rider's long Move: every cover square, and one square in four of the rest
        moves = [
            m
            for m in moves
            if (m.to.x % 2 == 0 and m.to.y % 2 == 0) or ((m.to.x + m.to.y) % 2 == 0 and table.ground.sheltered(m.to))
        ]
    for move in moves:
        to = move.to
        danger = DANGER * table.danger(to)
        if fire:
            shot = table.offense(model, to)
            if shot > 0.0 and shot * twice - danger > best_fire:
                best_fire, fire_move = shot * twice - danger, move
        worth = -danger - _gap(to, squares, near) + (IN_COVER if table.ground.sheltered(to) else 0.0)
        if worth > best_move:
            best_move, move_to = worth, move
    return (best_fire, fire_move), (best_move, move_to)


def _range(model: Model) -> float:
    """How near he wants to be: his best short range (a loaded gun's, else any gun's)."""
    guns = loaded(model) or [(i, WEAPONS[k]) for i, k in enumerate(model.card.weapons)]
    return max((spec.short or spec.reach) for _, spec in guns)


def _gap(square: Square, enemies: list[Square], near: float) -> float:
    """What standing too far from the fight costs: `APPROACH` a square beyond `near` from the nearest enemy."""
    if not enemies:
        return 0.0
    x, y = square.x, square.y
    nearest = min(
        (dx + dy / 2 if dx >= dy else dy + dx / 2) for dx, dy in ((abs(x - e.x), abs(y - e.y)) for e in enemies)
    )
    return APPROACH * max(0.0, nearest - near)


def _may_cover(model: Model, enemies: list[Model]) -> bool:
    """Whether an enemy stands near enough to move into his sight and reach (a Move of 12 at most)."""
    assert model.square is not None
    guns = loaded(model)
    if not guns:
        return False
    reach = max(spec.reach for _, spec in guns) + 12
    return any(e.square is not None and distance(model.square, e.square) <= reach for e in enemies)


def _lily_livered(table: Table, model: Model, actions: list[Action]) -> Action | None:
    """R-TOUGH-01/R-COUR-01: get his courage up when he may; else keep to cover (his Moves lead there)."""
    courages = [a for a in actions if isinstance(a, Courage)]
    if courages:
        return courage.choose(table, model, courages)
    moves = [a for a in actions if isinstance(a, MoveTo)]
    if moves:
        return min(moves, key=lambda a: (table.danger(a.to), a.to.y, a.to.x))
    return None
