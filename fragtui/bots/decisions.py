"""The heuristic bot's answers to the decisions that interrupt a turn, and to where it starts.

Placing and respawning (a point near power-ups and out of rivals' sight), answering a hit (a
reaction card when the hit would hurt), the last chance at Health 0 (a cure if one is enough,
else a parting shot, else pass), taking one weapon from a pile, and discarding down to five.
"""

from __future__ import annotations

import random

from fragtui.bots.card_sense import PISTOL_VALUE, Role, card_value, heal_amount, role_of, weapon_value
from fragtui.bots.situation import Situation
from fragtui.bots.tactics import fighting, gun_worth, line_clear
from fragtui.engine.actions import Action, Discard, Pass
from fragtui.engine.board import Square, distance
from fragtui.engine.cards import PISTOL, Reload, TakeOutOfPlay
from fragtui.engine.frag.actions import ChooseWeapon, Place, PlayCard, Respawn
from fragtui.engine.odds import damage_distribution

__all__ = ["choose_weapon", "discard", "last_chance", "place", "react", "respawn"]


def _spawn_danger(sit: Situation, square: Square) -> float:
    """Rivals on the board who would see a fighter standing on `square`, weighted by their guns."""
    view = sit.view
    danger = 0.0
    for rival in sit.rivals:
        there = view.fighters[rival].square
        assert there is not None
        if distance(there, square) <= 14 and line_clear(sit.window, view, there, square, (sit.seat, rival)):
            guns = sit.arsenal(rival)
            worth = gun_worth(guns, distance(there, square), 2, sit.weights.frag_worth)
            danger += view.fighters[rival].attacks_per_turn * worth
    return danger


def _toward_objective(sit: Situation) -> dict[Square, float]:
    """What starting on each square is worth to the mode (near the flag or the hill: `Goals.square_worth`);
    empty when the mode names no square (or the game is played for frags)."""
    goals = sit.goals
    if goals is None or goals.place is None:
        return {}
    costs = sit.sense.walk(goals.place).cost
    return {square: goals.square_worth(square, cost) for square, cost in costs.items()}


def place(sit: Situation, rng: random.Random) -> Action:
    """Set-up (F-SETUP-03): the free respawn point with most power-ups near it, out of sight (in a mode played
    for a square, near it)."""
    points = sit.sense.board.respawn_points
    toward = _toward_objective(sit)

    def worth(action: Place) -> float:
        square = points[action.point]
        value = sit.sense.spawn_worth.get(action.point, 0.0) - sit.weights.spawn_danger * _spawn_danger(sit, square)
        return value + toward.get(square, 0.0) if toward else value

    places = [a for a in sit.legal if isinstance(a, Place)]
    if not places:
        return sit.legal[0]  # placement by die roll (house rule H-PLACE-01): nothing to choose
    best = max(worth(a) for a in places)
    return rng.choice([a for a in places if worth(a) >= best - 1e-9])


def respawn(sit: Situation, rng: random.Random) -> Action:
    """Phase 1: roll for the point, or choose the best one when a card allows (F-RESP-01)."""
    chosen = [a for a in sit.legal if isinstance(a, Respawn) and a.point is not None]
    if not chosen:
        return sit.legal[0]
    points = sit.sense.board.respawn_points
    toward = _toward_objective(sit)

    def worth(action: Respawn) -> float:
        assert action.point is not None
        square = points[action.point]
        if square in sit.occupied:
            return -10.0  # it would bump him there; a free point is better
        value = sit.sense.spawn_worth.get(action.point, 0.0) - sit.weights.spawn_danger * _spawn_danger(sit, square)
        return value + toward.get(square, 0.0) if toward else value

    best = max(worth(a) for a in chosen)
    return rng.choice([a for a in chosen if worth(a) >= best - 1e-9])


def _incoming(sit: Situation) -> tuple[float, float]:
    """(expected Health lost, chance of a frag) of the hit waiting for damage (`view.hit`: the
    attack's damage dice and extra damage, public once declared and rolled), against the defence
    dice the view gives his fighter: armor left out by a piercing hit, which frags him when his own
    Health reaches 0 (ruling F-ATK-09, piercing)."""
    hit = sit.view.hit
    if hit is None or (hit.damage == 0 and hit.extra == 0):
        return 0.0, 0.0
    me = sit.me
    defence = me.pierced_defence_dice if hit.piercing else me.defence_dice
    health = defence if hit.piercing and me.health > 0 else me.health
    spread = damage_distribution(hit.damage, defence, hit.extra)
    loss = float(sum(lost * p for lost, p in spread.items()))
    frag = float(sum(p for lost, p in spread.items() if lost >= health))
    return loss, frag


def react(sit: Situation) -> Action:
    """A hit waits for damage (F-META-02): spend blood first if hurt (more defence dice, F-FRAG-04), then
    cancel it with a card if it would hurt, else let it be."""
    blood = sit.blood
    if blood is not None and sit.hurt:
        return blood
    cards = [a for a in sit.legal if isinstance(a, PlayCard)]
    if not cards:
        return Pass()
    loss, frag = _incoming(sit)
    if loss < sit.weights.react_if_loss and frag < sit.weights.react_if_frag:
        return Pass()

    def strength(action: PlayCard) -> tuple[int, float]:
        """A card that takes the attacker out of play ends his turn: best. Else the least valuable."""
        card = sit.card(action.card)
        removes = any(isinstance(e, TakeOutOfPlay) for e in card.effects)
        return (int(removes), -card_value(card))

    return max(cards, key=strength)


def last_chance(sit: Situation) -> Action:
    """At Health 0 or less (F-FRAG-01): cure him if the cures in hand and on the sheet can, with the
    least of them; else a parting shot if he holds one; else pass and be fragged."""
    me = sit.me
    need = sit.view.cure_needed if sit.view.cure_needed is not None else 1 - me.health
    cures: list[tuple[int, PlayCard]] = []
    shots: list[PlayCard] = []
    for action in sit.plays:
        if action.target is not None:
            shots.append(action)
            continue
        amount = heal_amount(sit.card(action.card))
        cures.append((need if amount is None else amount, action))
    blood = sit.blood
    blood_left = me.blood if blood is not None else 0
    if blood_left + sum(amount for amount, _ in cures) >= need:
        if blood_left >= need and blood is not None:
            return blood
        enough = [c for c in cures if c[0] >= need]
        if enough:
            return min(enough, key=lambda c: (c[0], card_value(sit.card(c[1].card))))[1]
        if blood is not None:
            return blood
        return max(cures, key=lambda c: c[0])[1]
    # Not at a fighter already at Health 0 or less (at his own last chance): he is as good as
    # fragged, so the shot could change nothing.
    shots = [a for a in shots if a.target is not None and sit.view.fighters[a.target].health > 0]
    if shots:
        return max(shots, key=lambda a: _parting_worth(sit, a))
    return Pass()


def _parting_worth(sit: Situation, action: PlayCard) -> float:
    """The worth of a parting shot with the weapon it names at the fighter who fragged him."""
    view = sit.view
    target = action.target
    if target is None or not fighting(view, target) or sit.me.square is None:
        return 0.0
    there = view.fighters[target].square
    assert there is not None
    weapon = action.weapon or PISTOL
    guns = [g for g in sit.arsenal(sit.seat) if g.weapon == weapon]
    return gun_worth(guns, distance(sit.me.square, there), view.fighters[target].health, sit.weights.frag_worth)


def choose_weapon(sit: Situation) -> Action:
    """ONE weapon from the pile (F-FRAG-05): the best one."""
    options = [a for a in sit.legal if isinstance(a, ChooseWeapon)]
    return max(options, key=lambda a: (weapon_value(sit.card(a.card)), a.card))


def keep_worth(sit: Situation, instance: str) -> float:
    """What a card in hand is worth keeping now: its worth, less when he cannot use it soon."""
    card = sit.card(instance)
    worth = card_value(card)
    role = role_of(card)
    me = sit.me
    if role is Role.WEAPON and worth <= PISTOL_VALUE:
        worth *= 0.5  # no better than the pistol he always has
    elif role is Role.ARMOR and me.armor_left > 0:
        worth *= 0.7  # one suit at a time: this one waits for the worn one to go
    elif role is Role.ATTACHMENT and not me.weapons:
        worth *= 0.6
    elif role is Role.RELOAD and not any(e.ammo is not None for e in me.weapons):
        if not any(isinstance(e, Reload) and e.every for e in card.effects):
            worth *= 0.5
    elif role is Role.HEAL:
        others = sum(1 for c in sit.hand if c != instance and role_of(sit.card(c)) is Role.HEAL)
        worth -= 0.1 * others  # one cure kept for the last chance matters most
    return worth


def discard(sit: Situation) -> Action:
    """Down to five at the end of the turn (F-CARD-03): the card worth least to keep."""
    options = [a for a in sit.legal if isinstance(a, Discard)]
    return min(options, key=lambda a: (keep_worth(sit, a.card), a.card))
