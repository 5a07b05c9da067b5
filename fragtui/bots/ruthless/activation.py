"""A posse's activation (R-ACT-01): each model's next action, one decision at a time.

The models that can shoot from where they stand act first (a kill may spare the others a shot), then the
rest, in deployment order. For one model the bot weighs a few short plans for the actions he has left and
takes the first action of the best:

- *fire* the best shot now (focus fire: a shot's worth is its exact forecast times `hit_worth`, which rises
  as the target nears death), then fire again, or step into cover;
- *aim, then fire* (+1 and the aimed ±1 on the hit location) when he may fire only once;
- *move, then fire*: to the square whose shot is best, cover counting twice (his shot at them, theirs at
  him);
- *move* alone: into cover, or toward the enemy when nobody is in sight and reach, or toward his `Goal` for
  the strongbox (strongbox.py: the runner to the box, the carrier to his home edge);
- *dismount, then fire* (a rider shoots at −2) and *mount* (a rider's Move is 12, not 6: worth it when the
  way is long), weighed by `_dismount` and `Goal.gain`;
- a Move into contact is weighed by the fisticuffs it starts (contact.py);
- *reload* an empty gun (or a half-empty one when nothing is in reach);
- *Got You Covered!* when nothing better: a shot at whoever moves into his sight, out of turn.

A plan's worth is the hits it expects to deal (each weighed by `hit_worth`, and by what rides on the target for
the strongbox, `Table.stakes`) less `DANGER` times the hits the square he ends on may expect back
(`Ground.danger`) times his exposure (a rider's horse takes half the hits, `_exposure`), plus the strongbox's
progress (`_progress`). A Lily Livered model gets his courage up when he may (courage.py) and otherwise keeps
to cover. A model covering is done for the turn (any action would drop the mark); when no model has anything
worth doing the posse ends its activation.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from fragtui.bots.ruthless import courage
from fragtui.bots.ruthless.contact import brawl_worth, in_contact
from fragtui.bots.ruthless.ground import NERVE_WORTH, loaded, nerve_fails, section
from fragtui.bots.ruthless.strongbox import BOX_PULL, CARRY_OFF, EDGE_PULL, TAKE_UP, UNREACHABLE
from fragtui.bots.ruthless.table import Table
from fragtui.engine.actions import Action, EndTurn
from fragtui.engine.board import Direction, Square
from fragtui.engine.ruthless.actions import Aim, Courage, Dismount, GotYouCovered, Mount, MoveTo, Reload, Shoot
from fragtui.engine.ruthless.grid import FOOT, MOUNTED, distance
from fragtui.engine.ruthless.objectives import LADEN
from fragtui.engine.ruthless.odds import chance_to_hit
from fragtui.engine.ruthless.pieces import HORSE_WOUNDS, WEAPONS, Location
from fragtui.engine.ruthless.table import Model

__all__ = ["DANGER", "Goal", "activate", "plan", "ranked", "shot_worth"]

Option = tuple[float, int, Action]
"""A plan weighed: its worth, a preference on ties, its first action."""

DANGER = 0.5
"""How much a hit he may take counts against a hit he may deal (the enemy shares its shots among our men)."""
AMMO = 0.05
"""What each extra round of a fanfire costs (rounds must be reloaded, three an action)."""
APPROACH = 0.02
"""What each square too far from the nearest enemy costs, when nobody is in sight and reach."""
CHASE = 0.08
"""The same, from the enemy who carries the strongbox: he must be caught before he reaches his home edge."""
CARRIER_CARE = 2.0
"""Our carrier weighs the danger of each square twice: the strongbox falls with him."""
RUNNER_CARE = 3.0
"""Our runner weighs the danger of each square three times: rushing alone into the open for the box gets him shot
before anyone can cover him (the strongbox bench: the median game went from 3½ turns to 4 on Main Street)."""
COVERED = 0.08
"""What Got You Covered! is worth when an enemy could move into his sight: a shot out of turn, maybe."""
IN_COVER = 0.03
"""A little for standing in cover even where nobody can see him now."""
MANY_MOVES = 80
"""Past this many squares to move to, one in two of the cover squares and one in four of the rest are weighed (the
p99 of a decision stays under 20 ms: the next decision looks again from where he got to)."""
SECOND_SHOT = 0.9
"""A second shot this activation counts a little less (the first may change everything)."""
RELOADED = 0.5
"""What getting an empty gun loaded is worth (a shot to come): a Move into fisticuffs must beat it first."""
STEP = (-1, 0, 1)
"""A square's neighbours, one step each way (contact, R-FIST-01)."""
STAND = 0.5
"""How much the next turn counts beside this one, for what being on foot or mounted will give then."""
MOUNT_COST = 0.05
"""What mounting costs beyond its action: he must get off again to shoot well."""
HORSE_HIT = 0.4
"""What a hit on his horse costs him beside a hit on himself (1): the horse nearer death, then he walks."""
FOOT_MOVE, MOUNTED_MOVE = FOOT[0], MOUNTED[0]
"""A Move on foot and mounted over open ground (R-MOVE-01: 6 and 12)."""
LADEN_MOVE = LADEN[0]
"""A Move carrying the strongbox, on foot or mounted (ruling R-SKED-01: 3)."""


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
    for model, actions in _acting(table):
        chosen = plan(table, model, actions)
        if chosen is not None:
            return chosen
    return EndTurn()


def ranked(table: Table) -> list[Action]:
    """The first actions of the plans weighed for the first model with something worth doing, best first, and then
    ending the activation; ending it alone when no model has anything worth doing. `activate` answers the first
    (by `max`, without this sort: it is asked at every decision of every rollout); a searching bot weighs the next
    ones against it (`RuthlessBot.alternatives`)."""
    for model, actions in _acting(table):
        options = _weigh(table, model, actions)
        if options:
            options.sort(key=_rank, reverse=True)  # (stable: the first of equals first, as `max` takes it)
            return [*dict.fromkeys(action for _, _, action in options), EndTurn()]
    return [EndTurn()]


def _acting(table: Table) -> Iterator[tuple[Model, list[Action]]]:
    """The models that may act, each with his legal actions, in the order they are asked: those who can shoot
    from where they stand first (a kill may spare the others a shot), then the rest in deployment order; a model
    covering is done for the turn."""
    by_model: dict[int, list[Action]] = defaultdict(list)
    for action in table.legal:
        fighter = getattr(action, "fighter", None)
        if isinstance(fighter, int):
            by_model[fighter].append(action)
    shooters = [f for f, acts in by_model.items() if any(isinstance(a, Shoot) for a in acts)]
    for fighter in shooters + [f for f in sorted(by_model) if f not in shooters]:
        model = table.model(fighter)
        if not model.markers.covering:
            yield model, by_model[fighter]


def _rank(option: Option) -> tuple[float, int]:
    """A plan's worth, then its preference on ties."""
    return option[0], option[1]


def plan(table: Table, model: Model, actions: list[Action]) -> Action | None:
    """The first action of the best plan for `model` (None: nothing worth his actions, leave him be)."""
    options = _weigh(table, model, actions)
    return max(options, key=_rank)[2] if options else None


def _weigh(table: Table, model: Model, actions: list[Action]) -> list[Option]:
    """The plans weighed for `model` (none: nothing worth his actions); one alone where his case leaves no choice
    worth weighing (Lily Livered, or an empty gun to load)."""
    assert model.square is not None
    if model.markers.lily_livered:
        lily = _lily_livered(table, model, actions)
        return [] if lily is None else [(0.0, 0, lily)]
    reloads = [a for a in actions if isinstance(a, Reload)]
    if reloads and not loaded(model):
        brawl = _brawl(table, model, [a for a in actions if isinstance(a, MoveTo)])
        if brawl is not None and brawl[0] > RELOADED:
            return [(0.0, 0, brawl[1])]
        return [(0.0, 0, max(reloads, key=lambda a: (WEAPONS[model.card.weapons[a.weapon]].reach, -a.weapon)))]
    left = actions_left(table, model)
    enemies = table.standing_enemies
    here = model.square
    exposure = _exposure(model, model.mounted)
    danger_here = table.danger(here) * exposure
    options: list[Option] = []

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
            safest = min(table.danger(a.to) for a in moves) * exposure
            options.append((best - DANGER * safest, 5, best_shot))
        options.append((best + follow - DANGER * danger_here, 6, best_shot))
        aim = next((a for a in actions if isinstance(a, Aim)), None)
        if left >= 2 and aim is not None and not again:
            options.append((_aimed(table, model, shots) - DANGER * danger_here, 4, aim))
        dismount = next((a for a in actions if isinstance(a, Dismount)), None)
        if dismount is not None:
            options.extend(_dismount(table, model, shots, best, left, dismount))

    goal = _goal(table, model)
    if moves:
        (worth, move), (safe, repose) = _moves(table, model, moves, left, goal)
        if move is not None:
            options.append((worth, 3, move))
        stay = -DANGER * danger_here - (0.0 if goal.pull else _gap(here, goal.enemies, _range(model), goal.approach))
        stay += IN_COVER if table.ground.sheltered(here) else 0.0
        if repose is not None and safe > stay + 0.01:
            options.append((safe, 1, repose))
        mount = next((a for a in actions if isinstance(a, Mount)), None)
        if mount is not None and (best_shot is None or goal.pull):
            gain = goal.gain()
            if gain > 0.0:
                options.append((max(worth, safe) + gain - MOUNT_COST, 2, mount))

    covered = next((a for a in actions if isinstance(a, GotYouCovered)), None)
    if covered is not None and _may_cover(model, enemies):
        options.append((COVERED - DANGER * danger_here, 2, covered))
    if reloads and not shots:
        options.append((0.05 - DANGER * danger_here, 2, reloads[0]))
    return options


def _brawl(table: Table, model: Model, moves: list[MoveTo]) -> tuple[float, MoveTo] | None:
    """The best Move into contact (contact.py's `brawl_worth`, less the danger where it ends), if any."""
    enemies = [e for e in table.enemies if e.square is not None]
    exposure = DANGER * _exposure(model, model.mounted)
    best: tuple[float, MoveTo] | None = None
    for move in moves:
        if any(in_contact(move.to, e.square) for e in enemies if e.square is not None):
            worth = brawl_worth(table, model, move.to, enemies) - exposure * table.danger(move.to)
            if best is None or worth > best[0]:
                best = (worth, move)
    return best


def _exposure(model: Model, mounted: bool) -> float:
    """What a hit aimed at him costs, a hit on his own body counting 1: on foot 1; mounted, half the hits find
    the horse (R-SHOOT-02), which costs its own wound (`HORSE_HIT`, more as it nears death) and a nerve check
    (R-TOUGH-01)."""
    if not mounted:
        return 1.0
    horse = HORSE_HIT * (1 + model.horse_wounds / HORSE_WOUNDS) + NERVE_WORTH * nerve_fails(model)
    return 0.5 + 0.5 * min(1.0, horse)


def _dismount(
    table: Table, model: Model, shots: list[Shoot], best: float, left: int, dismount: Dismount
) -> list[Option]:
    """*Dismount, then fire*: a rider's shot is at −2 (R-SHOOT-01; a fanfire ignores it, R-WPN-02). On foot his
    best shot (the forecast's need without the −2, or the fanfire as it is) beats `best`, the best he has from
    the saddle, by as much now (if a second action is left to take it) and twice over next turn (`STAND`);
    against that, every hit aimed at him then finds him, not the horse."""
    afoot = best
    for shot in shots:
        odds = table.odds(shot)
        if odds.rounds != 1 or ("mounted", -2) not in odds.modifiers:
            continue
        chance = float(chance_to_hit(odds.need, odds.modifier + 2))
        afoot = max(afoot, chance * table.worth(table.model(shot.target), shift=model.markers.aiming))
    gain = afoot - best
    if gain <= 0.0:
        return []
    assert model.square is not None
    danger = DANGER * table.danger(model.square)
    foot, mounted = danger * _exposure(model, False), danger * _exposure(model, True)
    worth = (afoot if left >= 2 else 0.0) - foot + STAND * (2 * gain - (foot - mounted))
    return [(worth, 4, dismount)]


@dataclass(frozen=True)
class Goal:
    """Where a model's Moves should take him, and what each square of the way is worth: for the strongbox,
    our home edge (our carrier) or the box (our runner); else the fight (the nearest enemy, or the enemy's
    carrier), to within his range."""

    walk: float
    """How far he has to go (squares of walk, or beyond his range from the fight)."""
    pull: float
    """What a square nearer is worth for the strongbox (0: the fight's `_gap` prices his squares)."""
    slow: float
    """His Move on foot (`LADEN_MOVE` carrying the strongbox, else 6)."""
    fast: float
    """His Move mounted (`LADEN_MOVE` carrying, else 12)."""
    enemies: list[Square]
    """The squares he closes on, for the fight's `_gap`."""
    home: Direction | None = None
    """He carries the strongbox: a Move ending on this side of the map, his posse's home edge, carries it off."""
    box: Square | None = None
    """He is our runner: the strongbox lies there."""
    approach: float = APPROACH
    """What each square too far from the fight costs (`CHASE` when the enemy carries the strongbox)."""

    def gain(self) -> float:
        """What mounting now gains over walking on (R-MOVE-01: Moves of `fast` instead of `slow`, one action
        spent on the Mount): the actions saved on the way, each worth a Move on foot of squares nearer times
        the pull (negative: walking gets him there as soon; nothing when no path leads there)."""
        if self.walk >= UNREACHABLE:
            return 0.0
        walked = math.ceil(self.walk / self.slow)
        ridden = 1 + math.ceil(self.walk / self.fast)
        return (walked - ridden) * self.slow * (self.pull or self.approach)


def _goal(table: Table, model: Model) -> Goal:
    """`model`'s `Goal` now."""
    assert model.square is not None
    here = model.square
    carrier = table.carrier
    if carrier is not None and carrier.id == model.id:
        return Goal(table.walk_home(model), EDGE_PULL, LADEN_MOVE, LADEN_MOVE, [], home=table.home(model.owner))
    box = table.view.strongbox
    if box is not None and table.runner == model.id:
        return Goal(table.walks.to(box, here), BOX_PULL, FOOT_MOVE, MOUNTED_MOVE, [], box=box)
    if carrier is not None and carrier.owner != table.seat and carrier.square is not None:
        squares, approach = [carrier.square], CHASE
    else:
        squares, approach = [e.square for e in table.standing_enemies if e.square is not None], APPROACH
    far = _gap(here, squares, _range(model), approach) / approach
    return Goal(far, 0.0, FOOT_MOVE, MOUNTED_MOVE, squares, approach=approach)


def _progress(table: Table, goal: Goal, here: Square, to: Square) -> float:
    """What a Move from `here` to `to` is worth for the strongbox: squares of walk nearer the goal times its
    pull, and taking the box up or carrying it off."""
    if goal.home is not None:
        walks = table.walks
        if walks.on_home(goal.home, to):
            return CARRY_OFF
        return EDGE_PULL * (walks.to_home(goal.home, here) - walks.to_home(goal.home, to))
    if goal.box is not None:
        walks = table.walks
        if to == goal.box:
            return TAKE_UP + BOX_PULL * walks.to(goal.box, here)
        return BOX_PULL * (walks.to(goal.box, here) - walks.to(goal.box, to))
    return 0.0


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
    table: Table, model: Model, moves: list[MoveTo], left: int, goal: Goal
) -> tuple[tuple[float, MoveTo | None], tuple[float, MoveTo | None]]:
    """The best square to move to and shoot from (when he has the actions and a loaded gun), and the best
    to move to without shooting (safest, in cover, nearer the fight when it is far, nearer his goal for the
    strongbox), each with its worth."""
    assert model.square is not None
    here = model.square
    fire = left >= 2 and bool(loaded(model))
    twice = 1 + (SECOND_SHOT if left >= 3 and not model.crossed(Location.ARM) else 0.0)
    near = _range(model)
    squares = goal.enemies
    care = CARRIER_CARE if goal.home is not None else RUNNER_CARE if goal.box is not None else 1.0
    exposure = DANGER * _exposure(model, model.mounted) * care
    enemies = [e for e in table.enemies if e.square is not None]
    touch = {Square(e.square.x + dx, e.square.y + dy) for e in enemies if e.square for dx in STEP for dy in STEP}
    best_fire, fire_move = float("-inf"), None
    best_move, move_to = float("-inf"), None
    if len(moves) > MANY_MOVES:  # a rider's long Move: every cover square, and one square in four of the rest
        moves = [
            m
            for m in moves
            if (m.to.x % 2 == 0 and m.to.y % 2 == 0)
            or ((m.to.x + m.to.y) % 2 == 0 and table.ground.sheltered(m.to))
            or m.to == goal.box
            or (goal.home is not None and table.walks.on_home(goal.home, m.to))
        ]
    gaps = None if goal.pull else _gaps(squares, near, goal.approach)
    for move in moves:
        to = move.to
        danger = exposure * table.danger(to)
        progress = _progress(table, goal, here, to) if goal.pull else 0.0
        if to in touch:  # fisticuffs (R-FIST-01)
            progress += brawl_worth(table, model, to, enemies)
        if fire:
            shot = table.offense(model, to)
            if shot > 0.0 and shot * twice - danger + progress > best_fire:
                best_fire, fire_move = shot * twice - danger + progress, move
        worth = -danger + progress + (IN_COVER if table.ground.sheltered(to) else 0.0)
        if gaps is not None:
            gap = gaps.get(to)
            if gap is None:
                gap = gaps[to] = _gap(to, squares, near, goal.approach)
            worth -= gap
        if worth > best_move:
            best_move, move_to = worth, move
    return (best_fire, fire_move), (best_move, move_to)


def _range(model: Model) -> float:
    """How near he wants to be: his best short range (a loaded gun's, else any gun's)."""
    guns = loaded(model) or [(i, WEAPONS[k]) for i, k in enumerate(model.card.weapons)]
    return max((spec.short or spec.reach) for _, spec in guns)


_GAPS: dict[tuple[tuple[Square, ...], float, float], dict[Square, float]] = {}
"""`_gap` of each square worked out so far, by the enemies' squares, the range wanted and the cost a square
(`_gaps`): the same for every Move weighed while the enemy stands still, decision after decision."""
GAPS_KEPT = 256
"""Sets of enemy squares (with a range and a cost) whose gaps `_GAPS` keeps (all forgotten when full)."""


def _gaps(enemies: list[Square], near: float, per: float) -> dict[Square, float]:
    """The gaps (`_gap`) worked out so far for `enemies`, `near` and `per`: filled in by the caller."""
    return section(_GAPS, (tuple(enemies), near, per), GAPS_KEPT)


def _gap(square: Square, enemies: list[Square], near: float, per: float = APPROACH) -> float:
    """What standing too far from the fight costs: `per` a square beyond `near` from the nearest enemy."""
    if not enemies:
        return 0.0
    x, y = square.x, square.y
    nearest = min(
        (dx + dy / 2 if dx >= dy else dy + dx / 2) for dx, dy in ((abs(x - e.x), abs(y - e.y)) for e in enemies)
    )
    return per * max(0.0, nearest - near)


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
