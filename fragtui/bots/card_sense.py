"""What a card is good for and when to play it, read from its effects (never from its name).

The heuristic bot sorts every card into a `Role` by the engine's effect vocabulary, so a card
added to `cards/*.toml` is understood without a line of bot code, and puts a rough worth on it
(`card_value`) for the two choices the rules force — which weapon to take from a pile, and which
card to throw away when the hand is over five — and for weighing a pick-up against a power-up.

The numbers are a player's rules of thumb on one scale (a 3-dice weapon with plenty of ammo is
about 1), not odds: the exact odds of an attack come from `Game.forecast`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import StrEnum
from typing import TypeVar

from fragtui.engine.cards import (
    PISTOL_DAMAGE,
    CancelHit,
    CardDef,
    CardKind,
    Draw,
    ExtraAttack,
    ExtraMovement,
    Flag,
    FlagName,
    Heal,
    Hurt,
    MalfunctionKind,
    Modify,
    ModStat,
    Outcome,
    Reload,
    Scope,
    Shield,
    Skip,
    Sure,
    TakeOutOfPlay,
    Trigger,
    TriggerOn,
    Use,
)
from fragtui.engine.kept import kept_by_identity

__all__ = [
    "PISTOL_VALUE",
    "Role",
    "card_value",
    "heal_amount",
    "malfunction_chance",
    "role_of",
    "weapon_power",
    "weapon_value",
]

T = TypeVar("T")


def _per_card(fn: Callable[[CardDef], T]) -> Callable[[CardDef], T]:
    """Remember `fn`'s answer for each card definition object.

    Keyed by the object's identity (a card set's definitions live as long as the game), and the
    object is kept beside the answer so that an id reused after a collection cannot be mistaken:
    hashing a whole pydantic card on every look-up would cost more than the answer itself.
    """
    return kept_by_identity(4096)(fn)


class Role(StrEnum):
    """When a card is worth playing."""

    WEAPON = "weapon"
    """Kept in hand and declared from it when attacking: in hand it survives a frag, in play it does not."""
    ARMOR = "armor"
    """Worn at once when no armor is (one suit at a time)."""
    HEAL = "heal"
    """Restores Health: played when hurt, and kept as a cure for the last chance."""
    RELOAD = "reload"
    """Refills a weapon in play: played when one runs low."""
    ATTACHMENT = "attachment"
    """Fixed onto a weapon in play (a scope, an amplifier)."""
    NOW = "now"
    """Good whenever it is played (a Health booster, a backpack, a draw, more movement)."""
    BEFORE_ROLL = "before_roll"
    """Adds Speed or movement: played before rolling for movement."""
    OFFENCE = "offence"
    """Makes this turn's attacks better (sure hits, more damage): played just before attacking."""
    EXTRA_ATTACK = "extra_attack"
    """One more attack at once: played when the attacks are spent and a target is still in sight."""
    DEFENCE = "defence"
    """Protects until the next turn (shields, sure misses on him): played before ending the turn."""
    ON_RIVAL = "on_rival"
    """Played on another fighter to spoil his next turn or take him off the board."""
    REACTION = "reaction"
    """Cancels a hit on him: kept for when a hit would hurt."""
    LAST_CHANCE = "last_chance"
    """A parting shot: played at Health 0 when no cure is left."""
    TELEPORT = "teleport"
    """Instead of rolling for movement: straight to any square."""
    SHARED = "shared"
    """Reaches every fighter alike: played only rather than thrown away."""


PISTOL_VALUE = PISTOL_DAMAGE / 3
"""The starting pistol on the `weapon_value` scale: every fighter has it, so a weapon must beat it."""


@_per_card
def role_of(card: CardDef) -> Role:
    """The role of a card, from its kind (weapon, gadget, special), its `use` and its effects."""
    effects = card.effects
    if card.kind is CardKind.WEAPON:
        return Role.WEAPON
    if card.use is Use.REACTION:
        return Role.REACTION
    if card.use is Use.FRAGGED:
        return Role.HEAL if card.heals else Role.LAST_CHANCE
    if card.use is Use.MOVEMENT:
        return Role.TELEPORT
    if card.armor:
        return Role.ARMOR
    if card.played_on == "other":
        return Role.ON_RIVAL
    if card.attaches:
        return Role.ATTACHMENT
    if card.use is Use.ONCE:
        if any(isinstance(e, Heal) for e in effects):
            return Role.HEAL
        if any(isinstance(e, Reload) for e in effects):
            return Role.RELOAD
        if any(isinstance(e, ExtraAttack) for e in effects):
            return Role.EXTRA_ATTACK
        return Role.NOW
    modifies = [e for e in effects if isinstance(e, Modify)]
    if any(e.scope is Scope.ALL for e in modifies):
        return Role.SHARED
    if any(e.stat in (ModStat.SPEED, ModStat.MOVEMENT) for e in modifies):
        return Role.BEFORE_ROLL
    if any(isinstance(e, Shield) for e in effects) or any(
        isinstance(e, Sure) and e.against == "me" and e.outcome is Outcome.MISS for e in effects
    ):
        return Role.DEFENCE
    if any(isinstance(e, Flag) and e.flag is FlagName.CHOOSE_RESPAWN for e in effects):
        return Role.DEFENCE
    offensive = (
        any(isinstance(e, Sure) and e.against == "mine" and e.outcome is Outcome.HIT for e in effects)
        or any(isinstance(e, Flag) and e.flag in (FlagName.PIERCING, FlagName.SEE_THROUGH_FIGHTERS) for e in effects)
        or any(e.stat in (ModStat.DAMAGE, ModStat.AMMO_COST) for e in modifies)
        or any(isinstance(e, Trigger) and e.on in (TriggerOn.HIT, TriggerOn.FRAG) for e in effects)
    )
    if offensive:
        return Role.OFFENCE
    return Role.NOW


def heal_amount(card: CardDef) -> int | None:
    """Health a healing card restores (None: all of it); 0 for a card that does not heal."""
    total = 0
    for effect in card.effects:
        if isinstance(effect, Heal):
            if effect.amount is None:
                return None
            total += effect.amount
    return total


@_per_card
def weapon_power(card: CardDef) -> float:
    """How hard a weapon hits, in damage dice: printed extra damage, piercing, a blast and on-hit
    effects counted as the dice they are roughly worth."""
    power = float(card.damage or 0) + 2.5 * card.extra_damage
    power += 1.0 * card.piercing + 0.5 * card.area
    for effect in card.effects:
        if isinstance(effect, Trigger) and effect.on is TriggerOn.HIT:
            for inner in effect.effects:
                if isinstance(inner, Hurt):
                    power += 2.0 * inner.amount
                elif isinstance(inner, Skip):
                    power += 0.5
        elif isinstance(effect, Modify) and effect.stat is ModStat.DAMAGE and effect.scope is not Scope.ALL:
            power = power * effect.multiply + effect.add
    return power


@_per_card
def weapon_value(card: CardDef) -> float:
    """A weapon's worth on the bot's scale: its power, cut for little ammo, a narrow range and the
    malfunction printed on it (Frag Deadlands, D-CARD-05)."""
    value = weapon_power(card) / 3
    if card.ammo is None:
        value *= 1.2
    else:
        shots = card.ammo * card.shots_per_ammo / card.ammo_per_shot
        value *= min(1.0, 0.6 + shots / 15)
    if card.max_range is not None:
        value *= 0.6 if card.max_range <= 2 else 0.85 if card.max_range <= 4 else 0.95
    if card.min_range >= 3:
        value *= 0.8
    if card.malfunction is not None:
        value *= max(0.3, 1 - malfunction_chance(card) * _MALFUNCTION_COST[card.malfunction.kind])
    return value


_MALFUNCTION_COST = {
    MalfunctionKind.BREAK: 3.0,  # the weapon is lost: the shots it would have fired
    MalfunctionKind.BACKFIRE: 1.5,  # Health of his own
    MalfunctionKind.DUD: 1.0,  # the shot's damage
    MalfunctionKind.JAM: 0.5,  # the turn's other shots with it
    MalfunctionKind.EMPTY: 0.5,  # ammo
}
"""What a malfunction costs (D-CARD-05), in shots' worth, by what it does."""


def malfunction_chance(card: CardDef) -> float:
    """The chance a shot with the weapon malfunctions (D-CARD-05): at least `ones` of its damage dice come
    up 1 (0 for a weapon with no malfunction printed)."""
    rule = card.malfunction
    dice = card.damage or 0
    if rule is None or dice < rule.ones:
        return 0.0
    return sum(math.comb(dice, k) * (1 / 6) ** k * (5 / 6) ** (dice - k) for k in range(rule.ones, dice + 1))


_ROLE_VALUE = {
    Role.REACTION: 1.3,
    Role.OFFENCE: 0.9,
    Role.DEFENCE: 0.9,
    Role.NOW: 0.8,
    Role.ON_RIVAL: 0.8,
    Role.EXTRA_ATTACK: 0.8,
    Role.BEFORE_ROLL: 0.6,
    Role.ATTACHMENT: 0.6,
    Role.TELEPORT: 0.6,
    Role.LAST_CHANCE: 0.6,
    Role.RELOAD: 0.5,
    Role.SHARED: 0.3,
}


@_per_card
def card_value(card: CardDef) -> float:
    """A card's worth in hand on one scale (a 3-dice weapon with plenty of ammo is about 1); a joker,
    which does nothing in hand (Frag Deadlands: wild only in a poker hand, D-CARD-03), nothing."""
    if card.joker:
        return 0.0
    role = role_of(card)
    if role is Role.WEAPON:
        return weapon_value(card)
    if role is Role.ARMOR:
        return 0.5 + 0.4 * card.armor
    if role is Role.HEAL:
        amount = heal_amount(card)
        return 0.7 + 0.2 * (3 if amount is None else min(amount, 3))
    if role is Role.REACTION and any(isinstance(e, TakeOutOfPlay) for e in card.effects):
        return 1.5
    if role is Role.REACTION and any(isinstance(e, CancelHit) for e in card.effects):
        return 1.3
    if role is Role.NOW and any(isinstance(e, Draw) for e in card.effects):
        return 0.9
    if role is Role.NOW and any(isinstance(e, ExtraMovement) for e in card.effects):
        return 0.5
    return _ROLE_VALUE.get(role, 0.5)
