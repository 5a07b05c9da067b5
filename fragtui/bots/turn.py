"""The heuristic bot's own turn: phase 2 (roll, or teleport) and phase 3 (everything else).

Phase 3 is a list of priorities, tried in order at every decision (each decision is one action):

1. look after the fighter: spend blood and play a healing card when hurt, wear armor, put good
   cards into play (boosts, shields, backpacks, scopes onto weapons), reload a weapon running
   low, spoil the leading rival's next turn with a card played on him;
2. pick up the counter he stands on if it is worth it (ONE per entry, F-FRAG-03);
3. shoot: the attack of best worth by the exact forecast, unless a square within this turn's
   movement gives a clearly better shot (then walk there first); cards that make this turn's
   attacks better are played just before;
4. with attacks left but nobody in sight, walk to the best square to shoot from;
5. otherwise roam: counters, power-ups, away from acid, toward prey, out of rivals' sight;
6. end the turn: first the defensive cards (they last until his next turn), and cards played
   rather than thrown away when the hand is over five.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from fragtui.bots import deadlands
from fragtui.bots.card_sense import Role, card_value, heal_amount, role_of, weapon_value
from fragtui.bots.decisions import keep_worth
from fragtui.bots.planner import Destination, Plan, aim, destinations, roam
from fragtui.bots.situation import Situation
from fragtui.bots.tactics import (
    attack_worth,
    gun_worth,
    in_sight,
    line_clear,
)
from fragtui.engine.actions import Action, action_of_move
from fragtui.engine.board import Square, distance
from fragtui.engine.cards import (
    PISTOL,
    CardDef,
    Flag,
    FlagName,
    Hurt,
    Modify,
    ModStat,
    Outcome,
    Scope,
    Shield,
    Sure,
    Use,
)
from fragtui.engine.frag.actions import Attack, Drop, PickUp, PlayCard, RollMovement, TakeFlag
from fragtui.engine.frag.forecast import AttackForecast
from fragtui.engine.frag.state import CounterKind

__all__ = ["act", "best_attack", "roll"]


# -- phase 2 ---------------------------------------------------------------------------------------


def roll(sit: Situation) -> Action:
    """Phase 2: blood if hurt, a teleport next to easy prey, boosts to Speed, then roll."""
    blood = sit.blood
    if blood is not None and sit.hurt:
        return blood
    swap = deadlands.swap_for_hex(sit)
    if swap is not None:
        return swap
    teleport = _teleport(sit)
    if teleport is not None:
        return teleport
    boosts = [p for p in sit.plays if p.to is None and role_of(sit.card(p.card)) is Role.BEFORE_ROLL]
    if boosts:
        return max(boosts, key=lambda p: (card_value(sit.card(p.card)), p.card))
    return RollMovement()


def _teleport(sit: Situation) -> Action | None:
    """A teleport card to a square near a rival he can shoot well from, if one is good enough."""
    plays = {p.to: p for p in sorted(sit.plays, key=lambda p: -card_value(sit.card(p.card))) if p.to is not None}
    if not plays or not sit.rivals or (sit.goals is not None and not sit.goals.fights):
        return None
    view = sit.view
    guns = sit.arsenal(sit.seat)
    shots = sit.me.attacks_per_turn
    best: tuple[float, PlayCard] | None = None
    for rival in sit.rivals:
        fighter = view.fighters[rival]
        there = fighter.square
        assert there is not None
        for dx in range(-3, 4):
            for dy in range(-3, 4):
                reach = abs(dx) + abs(dy)
                square = Square(there.x + dx, there.y + dy)
                play = plays.get(square)
                if not 1 <= reach <= 3 or play is None or square in sit.occupied or square in sit.sense.hazards:
                    continue
                if square in sit.sense.stranded:
                    continue  # walled in: he could never leave it
                worth = shots * gun_worth(guns, reach, fighter.health, sit.weights.frag_worth) * sit.prey(rival)
                if (best is None or worth > best[0]) and line_clear(sit.window, view, square, there, (sit.seat,)):
                    best = (worth, play)
    if best is None or best[0] < sit.weights.teleport_worth:
        return None
    return best[1]


# -- phase 3 ---------------------------------------------------------------------------------------


def act(sit: Situation, rng: random.Random) -> Action:
    """Phase 3: one action, by the priorities of the module's docstring."""
    view = sit.view
    blood = sit.blood
    if blood is not None and sit.hurt:
        return blood
    for choose in (_heal, deadlands.swap_for_hex, _equip, _take_flag, _pick_up):
        action = choose(sit)
        if action is not None:
            return action
    places: list[Destination] | None = None

    def reachable() -> list[Destination]:
        nonlocal places
        if places is None:
            places = destinations(sit)
        return places

    if sit.attacks:
        if view.movement > 0:
            move = _walk(sit, "aim", reachable, better_than=_shot_here(sit))
            if move is not None:
                return move
        chosen = best_attack(sit)
        if chosen is not None and deadlands.hold(sit, attack_worth(chosen[1], sit.weights.frag_worth)) is None:
            offence = _offence(sit, chosen[1])
            return offence if offence is not None else chosen[0]
    fights = sit.goals is None or sit.goals.fights
    if view.attacks > 0 and view.movement > 0 and sit.rivals and fights:
        move = _walk(sit, "aim", reachable)
        if move is not None:
            return move
    if view.attacks == 0 and fights:
        extra = _extra_attack(sit)
        if extra is not None:
            return extra
    if view.movement > 0:
        move = _walk(sit, "roam", reachable)
        if move is not None:
            return move
    held = deadlands.hold(sit, None)
    if held is not None:
        return held  # his movement is spent or not worth spending: he waits here for a shootout
    for choose in (_defence, _before_discarding):
        action = choose(sit)
        if action is not None:
            return action
    end = sit.end
    if end is not None:
        return end
    return _unstick(sit, rng)


def best_attack(sit: Situation) -> tuple[Attack, AttackForecast] | None:
    """The legal attack of best worth by the exact forecast (F-ATK-07/08), None if none can be forecast.

    For each target the weapon of best expected Health loss (ties: the better frag chance, then
    a weapon that spends no ammo); then the target whose shot is worth most.
    """
    best: dict[int, tuple[tuple[float, float, int, str], Attack, AttackForecast]] = {}
    for attack in sit.attacks:
        forecast = sit.window.forecast(attack)
        # (a pistol whip, H-WHIP-01, spends no ammo but risks the weapon: a shot as good is preferred)
        spends = attack.whip or (attack.weapon != PISTOL and sit.card(attack.weapon).ammo is not None)
        rank = (float(forecast.expected_loss), float(forecast.p_frag), -int(spends), attack.weapon)
        known = best.get(attack.target)
        if known is None or rank > known[0]:
            best[attack.target] = (rank, attack, forecast)
    view = sit.view
    w = sit.weights

    def appeal(item: tuple[tuple[float, float, int, str], Attack, AttackForecast]) -> tuple[float, int]:
        _, attack, forecast = item
        worth = attack_worth(forecast, w.frag_worth)
        if sit.goals is not None:  # the mode: whom a shot is worth (its scores break ties)
            return (worth * sit.prey(attack.target) + w.frag_tiebreak * sit.score(attack.target), -attack.target)
        return (worth + w.frag_tiebreak * view.fighters[attack.target].frags, -attack.target)

    if not best:
        return None
    _, attack, forecast = max(best.values(), key=appeal)
    return attack, forecast


def _shot_here(sit: Situation) -> float:
    """The estimated worth of this turn's attacks from where he stands (the measure `aim` uses)."""
    here = sit.me.square
    if here is None:
        return 0.0
    guns = sit.arsenal(sit.seat)
    targets = {attack.target for attack in sit.attacks}
    best = 0.0
    for rival in targets:
        fighter = sit.view.fighters[rival]
        if fighter.square is not None:
            reach = distance(here, fighter.square)
            best = max(best, sit.prey(rival) * gun_worth(guns, reach, fighter.health, sit.weights.frag_worth))
    return max(1, sit.view.attacks) * best


def _walk(
    sit: Situation, purpose: str, reachable: Callable[[], list[Destination]], better_than: float | None = None
) -> Action | None:
    """The next move of the plan for `purpose` (`aim` or `roam`), made again if the turn went
    otherwise than it expected. With `better_than`, an aim plan is walked only if it beats that."""
    memory = sit.memory
    plan = memory.plan if isinstance(memory.plan, Plan) and memory.plan.purpose == purpose else None
    if plan is not None and (better_than is None or _beats(plan, sit, better_than)):
        move = plan.next_move(sit)
        if move is not None:
            return move
    places = reachable()
    plan = aim(sit, places) if purpose == "aim" else roam(sit, places)
    memory.plan = plan
    if plan is None or (better_than is not None and not _beats(plan, sit, better_than)):
        return None
    move = plan.next_move(sit)
    if move is not None:
        return move
    return _engine_way(sit, plan.goal)


def _beats(plan: Plan, sit: Situation, worth: float) -> bool:
    w = sit.weights
    return plan.goal != sit.me.square and plan.worth > worth * w.move_for_better_shot + w.move_for_shot_margin


def _engine_way(sit: Situation, goal: Square) -> Action | None:
    """The engine's own route to `goal` when the bot's way has a move that is not legal now (a
    fighter's square he could not have left, F-MOVE-03)."""
    route = sit.window.routes().get(goal)
    if route is None or not route.moves:
        return None
    move = action_of_move(route.moves[0])
    return move if sit.allows(move) else None


def _heal(sit: Situation) -> Action | None:
    """A healing card when hurt: the biggest that wastes nothing, any of them at Health 1."""
    hurt = sit.hurt
    if not hurt:
        return None
    heals: list[tuple[int, PlayCard]] = []
    for play in sit.plays:
        card = sit.card(play.card)
        if role_of(card) is Role.HEAL and play.target is None:
            amount = heal_amount(card)
            heals.append((hurt if amount is None else amount, play))
    if not heals:
        return None
    fitting = [h for h in heals if h[0] <= hurt and (heal_amount(sit.card(h[1].card)) is not None or hurt >= 2)]
    if fitting:
        return max(fitting, key=lambda h: (h[0], -card_value(sit.card(h[1].card))))[1]
    if sit.me.health <= 1:
        return min(heals, key=lambda h: (h[0], card_value(sit.card(h[1].card))))[1]
    return None


def _leader(sit: Situation, seats: set[int]) -> int:
    """Of `seats`, the rival to spoil: the highest score (frags in Frag), then the most dangerous to him,
    then the nearest."""
    view = sit.view
    here = sit.me.square

    def rank(seat: int) -> tuple[int, float, int]:
        fighter = view.fighters[seat]
        danger = 0.0
        if here is not None and fighter.square is not None:
            danger = sit.threat(seat, here)
        return (sit.score(seat), danger, -seat)

    return max(seats, key=rank)


def _equip(sit: Situation) -> Action | None:
    """The best card to put into play now: armor, boosts, scopes, reloads, a spoiler on the leader."""
    rivals = {p.target for p in sit.plays if p.target is not None}
    leader = _leader(sit, rivals) if rivals else None
    best: tuple[float, str, PlayCard] | None = None
    for play in sit.plays:
        card = sit.card(play.card)
        role = role_of(card)
        score = 0.0
        if role is Role.ARMOR:
            score = 2.0 + card.armor
        elif role is Role.NOW:
            score = 1.0
        elif role is Role.BEFORE_ROLL and card.duration is None:
            score = 0.8  # a lasting boost (jump boots): good from now on
        elif role is Role.DEFENCE and card.duration is None and any(isinstance(e, Shield) for e in card.effects):
            score = 0.9
        elif role is Role.ATTACHMENT and play.weapon is not None:
            score = 0.5 + weapon_value(sit.card(play.weapon))
        elif role is Role.RELOAD:
            score = _reload_worth(sit, play)
        elif role is Role.ON_RIVAL and play.target is not None and _harm(card) > 0:
            score = _harm_worth(sit, play.target, _harm(card))
        elif role is Role.ON_RIVAL and leader is not None and play.target == leader:
            # a lasting spoiler (lag) any time; taking him off the board only when he nears winning
            score = 0.9 if card.use is not Use.ONCE else 0.7 * _near_winning(sit, leader)
        if score > 0 and play.target is None:
            score -= _drawback(sit, card)
        if score > 0 and (best is None or (score, play.card) > best[:2]):
            best = (score, play.card, play)
    if best is not None:
        return best[2]
    return _unburden(sit)


def _harm(card: CardDef) -> int:
    """Health a card played on another fighter takes from him at once, no roll (a hex's bolt)."""
    return sum(e.amount for e in card.effects if isinstance(e, Hurt))


def _harm_worth(sit: Situation, target: int, harm: int) -> float:
    """Health taken from a rival with no roll: played when it frags him (most of all one near winning),
    or leaves him at 1 Health for a shot to finish; otherwise kept for such a moment."""
    fighter = sit.view.fighters[target]
    if fighter.health <= 0:
        return 0.0  # at his last chance already
    if fighter.health <= harm:
        return 3.0 + 0.1 * sit.score(target)
    if fighter.health - harm <= 1:
        return 0.9 + 0.1 * sit.score(target)
    return 0.0


def _drawback(sit: Situation, card: CardDef) -> float:
    """What a card's own penalties cost him (Riot Armor's -1 Speed): too much if a stat would reach 0."""
    cost = 0.0
    stats = {ModStat.SPEED: sit.me.speed, ModStat.ACCURACY: sit.me.accuracy}
    for effect in card.effects:
        if isinstance(effect, Modify) and effect.stat in stats and effect.scope is Scope.SELF:
            after = stats[effect.stat] * effect.multiply + effect.add
            if after < 1:
                return 100.0  # a fighter with no Speed dice never moves again; no Accuracy, never hits
            cost += 0.5 * max(0, stats[effect.stat] - after)
    return cost


def _unburden(sit: Situation) -> Action | None:
    """Drop a card in play that leaves him without Speed or Accuracy (F-FRAG-07), should he wear one."""
    if sit.me.speed >= 1 and sit.me.accuracy >= 1:
        return None
    for action in sit.legal:
        if isinstance(action, Drop):
            card = sit.card(action.card)
            if any(
                isinstance(e, Modify) and e.stat in (ModStat.SPEED, ModStat.ACCURACY) and e.add < 0
                for e in card.effects
            ):
                return action
    return None


def _near_winning(sit: Situation, seat: int) -> bool:
    """Whether `seat` is a frag or two (a point or two in a mode won by points) from winning."""
    return sit.score(seat) >= sit.view.frag_target - 2


def _reload_worth(sit: Situation, play: PlayCard) -> float:
    """A reload is worth playing when a weapon in play is empty or down to a third of its ammo."""
    low = []
    for entry in sit.me.weapons:
        full = sit.card(entry.card).ammo
        if entry.ammo is not None and full is not None and entry.ammo * 3 <= full:
            low.append(entry.card)
    if play.weapon is not None:
        return 1.5 + weapon_value(sit.card(play.weapon)) if play.weapon in low else 0.0
    return 1.0 if low else 0.0


def _take_flag(sit: Situation) -> Action | None:
    """Keep-Away (J-TAG-03): take the flag up when the mode wants it and the rules offer it (before any
    counter there: one thing from a square a turn)."""
    if sit.goals is None or not sit.goals.take_flag:
        return None
    take = TakeFlag()
    return take if sit.allows(take) else None


def _pick_up(sit: Situation) -> Action | None:
    """The counter on his square worth most, if worth anything (ONE per entry, F-FRAG-03)."""
    if not sit.pick_ups:
        return None
    best: tuple[float, PickUp] | None = None
    for action in sit.pick_ups:
        counter = next((c for c in sit.view.counters if c.id == action.counter), None)
        if counter is None:
            continue
        if counter.kind is CounterKind.BLOOD:
            worth = 0.8 + 0.3 * (sit.hurt > 0)
        elif counter.kind is CounterKind.WEAPONS:
            worth = max((weapon_value(sit.card(c)) for c in counter.cards), default=0.0)
        else:
            worth = card_value(sit.card(counter.cards[0])) if counter.cards else 0.0
        if best is None or worth > best[0]:
            best = (worth, action)
    if best is None or best[0] < sit.weights.pick_up_worth:
        return None
    counter_id = best[1].counter
    if any(c.id == counter_id and c.kind is CounterKind.WEAPONS for c in sit.view.counters):
        sit.memory.piles.add(counter_id)
    sit.memory.picked.update(c.square for c in sit.view.counters if c.id == counter_id)
    return best[1]


def _offence(sit: Situation, forecast: AttackForecast) -> Action | None:
    """A card that makes this turn's attacks better, played just before a shot worth making."""
    if attack_worth(forecast, sit.weights.frag_worth) < sit.weights.offence_worth:
        return None
    for play in sit.plays:
        card = sit.card(play.card)
        if role_of(card) is not Role.OFFENCE or play.target is not None:
            continue
        sure_hit = any(isinstance(e, Sure) and e.outcome is Outcome.HIT for e in card.effects)
        if sure_hit and forecast.p_hit >= 1:
            continue
        piercing = any(isinstance(e, Flag) and e.flag is FlagName.PIERCING for e in card.effects)
        armored = sit.view.fighters[forecast.target].armor_left > 0
        if piercing and (forecast.piercing or not armored):
            continue
        if any(isinstance(e, Flag) and e.flag is FlagName.SEE_THROUGH_FIGHTERS for e in card.effects):
            continue  # he already sees his target
        return play
    return None


def _extra_attack(sit: Situation) -> Action | None:
    """One more attack (a card), when the attacks are spent and a rival is still in sight."""
    plays = [p for p in sit.plays if role_of(sit.card(p.card)) is Role.EXTRA_ATTACK]
    here = sit.me.square
    if not plays or here is None:
        return None
    guns = sit.arsenal(sit.seat)
    for rival in sit.rivals:
        fighter = sit.view.fighters[rival]
        assert fighter.square is not None
        worth = gun_worth(guns, distance(here, fighter.square), fighter.health, sit.weights.frag_worth)
        if worth >= sit.weights.extra_attack_worth and in_sight(sit.window, sit.view, sit.seat, here, rival):
            return plays[0]
    return None


def _defence(sit: Situation) -> Action | None:
    """Before ending the turn: cards that protect him until his next turn, when he is in danger
    (or his hand is full anyway)."""
    here = sit.me.square
    if here is None:
        return None
    full = len(sit.hand) >= sit.me.hand_limit
    danger: float | None = None
    for play in sit.plays:
        card = sit.card(play.card)
        if role_of(card) is not Role.DEFENCE or play.target is not None:
            continue
        if card.duration is None or full:
            return play
        if danger is None:
            danger = sum(
                sit.threat(rival, here)
                for rival in sit.rivals
                if in_sight(sit.window, sit.view, rival, sit.view.fighters[rival].square or here, sit.seat)
            )
        if danger >= sit.weights.defence_danger:
            return play
    return None


def _before_discarding(sit: Situation) -> Action | None:
    """With more cards than his hand limit at the end of the turn (F-CARD-03: five; the Agency Operative
    four, D-FTR-02), play what can be played rather than throw it away: the best weapon into play first,
    then the card worth least in hand."""
    if len(sit.hand) <= sit.me.hand_limit:
        return None
    weapons = [p for p in sit.plays if role_of(sit.card(p.card)) is Role.WEAPON]
    if weapons:
        return max(weapons, key=lambda p: (weapon_value(sit.card(p.card)), p.card))
    usable = (Role.DEFENCE, Role.NOW, Role.SHARED, Role.OFFENCE, Role.ATTACHMENT, Role.BEFORE_ROLL)
    others = [p for p in sit.plays if role_of(sit.card(p.card)) in usable and p.target is None]
    if not others:
        return None
    return min(others, key=lambda p: (keep_worth(sit, p.card), p.card))


def _unstick(sit: Situation, rng: random.Random) -> Action:
    """He may not end his turn in another fighter's square (F-MOVE-03): the nearest way out."""
    routes = sit.window.routes()
    if routes:
        nearest = min(routes.items(), key=lambda item: (item[1].cost, item[1].hazards, str(item[0])))
        move = action_of_move(nearest[1].moves[0])
        if sit.allows(move):
            return move
    return sit.moves[0] if sit.moves else rng.choice(sit.legal)
