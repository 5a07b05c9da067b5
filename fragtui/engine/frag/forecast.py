"""The exact forecast of an attack before it is declared: range, chance to hit, Health lost, frag.

What the interface shows a player choosing an attack, and what bots weigh: every number is a
`fractions.Fraction` computed by dice convolution (`fragtui.engine.odds`), never sampled.

`forecast_attack` mirrors `Combat.attack`, `Combat.roll_damage` and `Combat.hurt` step by step:

- the declared weapon enters play first if it comes from the hand (F-ATK-03), so its own cards
  count; ammo is paid (F-ATK-04) but changes none of the numbers;
- a card in play may settle the attack without a roll, the last played controlling (F-CARD-10);
  otherwise the Accuracy dice (cards attached to the weapon included) must total at least the
  range (F-ATK-07);
- a hit rolls the weapon's damage dice (cards included) against defence dice equal to the
  target's current Health, armor included unless the attack is piercing, never fewer than 0
  (`Combat.defence_dice`); Health lost is the division plus the printed extra damage (F-ATK-08);
- the attacker's on-hit triggers that hurt the target (poison, a flamethrower's burn) add to that
  damage, even when it was 0: they are part of the hit;
- the target's shields stop their share of the whole first, then armor takes its share (F-ATK-09):
  armor's share still counts as Health lost (his Health includes the armor), so armor lowers the
  chance of a frag only through the defence dice it adds; a piercing attack leaves the armor out
  of the defence dice and of the damage, and he is fragged when his own Health reaches 0, armor or
  not (ruling F-ATK-09, piercing).

The forecast reads only what every player knows: positions, stats and cards in play (public), the
attacker's own hand for a weapon declared from it, and the target's hand size. It never reads the
target's hand, the order of a deck or the dice, and changes nothing in the game.

What it cannot know is said in `AttackForecast.note`: a reaction card from the target's hand that
cancels the hit (the numbers are "before any reaction card"), and a cure from his hand at his
last chance (`p_frag` counts his Health reaching 0). An area weapon's blast on the fighters
beside the target is named (`blast`), not forecast.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from fragtui.engine.board import distance
from fragtui.engine.cards import PISTOL, FlagName, Hurt, Outcome, Skip, TriggerOn, TurnPart
from fragtui.engine.frag.combat import Combat
from fragtui.engine.odds import PLAIN_DIE, damage_distribution, p_at_least

__all__ = ["AttackForecast", "forecast_attack", "with_weapon_in_play"]


class AttackForecast(BaseModel):
    """What an attack will do, exactly, before it is declared (F-ATK-07, F-ATK-08, F-ATK-09)."""

    model_config = ConfigDict(frozen=True)

    target: int
    """The seat attacked."""
    weapon: str
    """`pistol` or the weapon's card instance."""
    whip: bool = False
    """A pistol whip with the weapon (house rule H-WHIP-01), not a shot."""
    range: int
    """Squares to the target, counted orthogonally (F-ATK-06): what the to-hit roll must reach; beyond a
    weapon's range cap, the cap (J-ALT-01: the altered Electromagnetic Cannon treats it as 10), the
    `note` then saying how many squares away the target is."""
    accuracy_dice: int
    """Accuracy dice rolled to hit, cards attached to this weapon included (not rolled when `sure`)."""
    sure: Literal["hit", "miss"] | None
    """`hit` or `miss` when a card in play settles the attack without a roll (F-CARD-10), else None."""
    p_hit: Fraction
    """The chance the attack hits: P(Accuracy dice total >= range), or 1 / 0 when `sure` (F-ATK-07)."""
    attack_dice: int
    """Damage dice of the weapon, cards included (F-ATK-08)."""
    defence_dice: int
    """Defence dice the target rolls: his current Health, armor left out by a piercing attack, never
    fewer than 0 (F-ATK-08)."""
    extra_damage: int
    """Extra damage printed on the weapon, lost even when the division gives 0 (F-ATK-08)."""
    piercing: bool
    """The target's armor neither adds defence dice nor takes the damage."""
    shielded: bool
    """The target has shields in play that stop part of the hit (counted in the numbers)."""
    on_hit_hurt: int
    """Health the attacker's on-hit triggers add to the hit's damage (counted in the numbers)."""
    health: int
    """The Health the target must lose to reach 0: his current Health, armor included unless the
    attack is piercing (ruling F-ATK-09, piercing)."""
    lost_if_hit: dict[int, Fraction]
    """P(the target loses h Health | the attack hits), shields and on-hit triggers included."""
    health_lost: dict[int, Fraction]
    """P(the target loses h Health), given the attack is declared: a miss loses 0."""
    expected_loss: Fraction
    """The mean Health the target loses, given the attack is declared."""
    p_frag: Fraction
    """The chance the target's Health reaches 0 (he then has a last chance to cure himself, F-FRAG-01)."""
    area: bool
    """An area weapon: a hit also attacks the fighters beside the target, who are not forecast here."""
    blast: tuple[int, ...]
    """Area weapons: the seats beside the target the blast would catch now (each rolls his own damage)."""
    note: str
    """What the forecast cannot know (hidden cards) or leaves out, in words for the player."""

    def __repr_args__(self) -> Iterator[tuple[str | None, Any]]:
        """Its fields, `whip` only for a pistol whip: every other forecast reads as it did before H-WHIP-01."""
        for name, value in super().__repr_args__():
            if name != "whip" or value:
                yield name, value


def forecast_attack(table: Combat, seat: int, target: int, weapon: str, *, whip: bool = False) -> AttackForecast:
    """The exact forecast of `seat` attacking `target` with `weapon` (a legal attack of his, now);
    `whip`: a pistol whip with it (H-WHIP-01).

    `Game.forecast` checks the attack is legal and calls this. Nothing is changed and no die is
    rolled: a weapon declared from the hand enters play on a private copy of the attacker only.
    """
    if not whip:
        table = with_weapon_in_play(table, seat, weapon)
    with table.reading():  # (nothing changes while the forecast is worked out)
        return _forecast(table, seat, target, weapon, whip)


def _forecast(table: Combat, seat: int, target: int, weapon: str, whip: bool = False) -> AttackForecast:
    attacker, victim = table.player(seat), table.player(target)
    assert attacker.square is not None and victim.square is not None
    squares = distance(attacker.square, victim.square)
    reach = squares if whip else table.counted_range(weapon, squares)  # (a range cap, J-ALT-01)
    sure = table.sure(seat, target)
    if whip:  # H-WHIP-01, as `Combat` makes it: plain dice, the fighter's Accuracy, Health − 1 damage dice
        accuracy, die = table.accuracy(seat), PLAIN_DIE
        dice, extra, piercing = table.whip_dice(seat), 0, False
    else:
        accuracy, die = table.accuracy(seat, weapon), table.attack_die(seat, weapon)
        dice, extra = table.weapon_damage(seat, weapon)
        piercing = table.has_flag(seat, FlagName.PIERCING) or (weapon != PISTOL and table.card(weapon).piercing)
    p_hit = p_at_least(accuracy, reach, die) if sure is None else Fraction(int(sure is Outcome.HIT))
    health = table.own_health(target) if piercing else table.health(target)
    defence = table.defence_dice(target, piercing=piercing)
    hurts, skips = _on_hit(table, seat, None if whip else weapon)
    lost_if_hit: dict[int, Fraction] = {}
    for lost, p in damage_distribution(dice, defence, extra, die).items():
        total = _after_shields(table, target, lost + hurts)
        lost_if_hit[total] = lost_if_hit.get(total, Fraction(0)) + p
    health_lost: dict[int, Fraction] = {}
    if p_hit < 1:
        health_lost[0] = 1 - p_hit
    if p_hit > 0:
        for total, p in lost_if_hit.items():
            health_lost[total] = health_lost.get(total, Fraction(0)) + p_hit * p
    health_lost = dict(sorted(health_lost.items()))
    area = weapon != PISTOL and not whip and table.card(weapon).area
    blast: list[int] = []
    if area:
        blast = [
            o for o in table.beside(victim.square, besides=(seat, target)) if table.sure(seat, o) is not Outcome.MISS
        ]
    p_frag = p_hit * sum((p for lost, p in lost_if_hit.items() if lost >= health), start=Fraction(0))
    notes = _notes(table, target, sure=sure, p_frag=p_frag, area=area, blast=blast, hurts=hurts, skips=skips)
    if reach < squares:
        notes.insert(0, f"{squares} squares away: {table.card_name(weapon)} treats the range as {reach}.")
    if whip and dice:
        notes.append(_whip_note(table, weapon, dice, p_hit))
    return AttackForecast(
        target=target,
        weapon=weapon,
        whip=whip,
        range=reach,
        accuracy_dice=accuracy,
        sure=sure,
        p_hit=p_hit,
        attack_dice=dice,
        defence_dice=defence,
        extra_damage=extra,
        piercing=piercing,
        shielded=_after_shields(table, target, 1) < 1,
        on_hit_hurt=hurts,
        health=health,
        lost_if_hit=dict(sorted(lost_if_hit.items())),
        health_lost=health_lost,
        expected_loss=sum((lost * p for lost, p in health_lost.items()), start=Fraction(0)),
        p_frag=p_frag,
        area=area,
        blast=tuple(blast),
        note=" ".join(notes),
    )


def with_weapon_in_play(table: Combat, seat: int, weapon: str) -> Combat:
    """The table as the to-hit roll finds it: a weapon declared from the hand has entered play.

    It enters on a copy whose only new objects are the attacker's record sheet and the play counter
    (the card's own effects then count, and it is the latest card played, F-CARD-10); the game is
    untouched. Anything else needs no copy: paying ammo changes none of the numbers.
    """
    if weapon == PISTOL or any(entry.card == weapon for entry in table.player(seat).weapons):
        return table
    players = list(table.state.players)
    players[seat] = players[seat].model_copy(deep=True)
    scratch = copy.copy(table)  # the same ruleset, its hooks (abilities, options) included
    scratch.state = table.state.model_copy(update={"players": players})
    scratch.turn_policy = type(table.turn_policy)(scratch)  # (a policy reads the state of the rules it was made for)
    scratch.events = []
    scratch._reading = None  # (what the table gathered is of the state before the weapon entered play)
    scratch._read_modifiers = {}
    scratch._read_health = {}
    scratch.enter_weapon(seat, weapon)
    return scratch


def _after_shields(table: Combat, seat: int, lost: int) -> int:
    """What is left of a hit of `lost` once `seat`'s shields have stopped their share (`Combat.shields`,
    as `Combat._shield` takes it)."""
    if lost <= 0:
        return lost
    absorbed: dict[int, int] = {}
    for source, shield in table.shields(seat, "attacks"):
        if lost <= 0:
            break
        stopped = min(shield.reduce, lost)
        entry = source.entry
        if entry is not None and shield.capacity is not None:
            so_far = absorbed.get(id(entry), entry.absorbed)
            stopped = min(stopped, shield.capacity - so_far)
            absorbed[id(entry)] = so_far + stopped
        lost -= stopped
    return lost


def _whip_note(table: Combat, weapon: str, dice: int, p_hit: Fraction) -> str:
    """The chance a pistol whip breaks the weapon (H-WHIP-01): it hits, and two or more of its damage
    dice show 1 (its one die, with one)."""
    none = Fraction(5, 6) ** dice
    one = dice * Fraction(1, 6) * Fraction(5, 6) ** (dice - 1)
    breaks = 1 - none if dice == 1 else 1 - none - one
    chance = p_hit * breaks
    return f"A pistol whip: {table.card_name(weapon)} breaks with chance {chance} ({float(chance):.0%})."


def _on_hit(table: Combat, seat: int, weapon: str | None) -> tuple[int, list[TurnPart]]:
    """Health the attacker's on-hit triggers take from the target, and the parts of his turn they
    cost him (`Combat.triggers`, as `Combat.fire_triggers` runs them)."""
    hurts = 0
    skips: list[TurnPart] = []
    for _, trigger in table.triggers(seat, TriggerOn.HIT, weapon):
        for inner in trigger.effects:
            if isinstance(inner, Hurt):
                hurts += inner.amount
            elif isinstance(inner, Skip):
                skips.append(inner.phase)
    return hurts, skips


def _notes(
    table: Combat,
    target: int,
    *,
    sure: Outcome | None,
    p_frag: Fraction,
    area: bool,
    blast: list[int],
    hurts: int,
    skips: list[TurnPart],
) -> list[str]:
    """What the player should know besides the numbers."""
    name = table.name(target)
    victim = table.player(target)
    notes = []
    if sure is Outcome.MISS:
        notes.append("A card in play makes this attack a sure miss (F-CARD-10).")
        return notes
    if sure is Outcome.HIT:
        notes.append("A card in play makes this attack a sure hit: no to-hit roll (F-CARD-10).")
    if victim.hand:  # the hand's size is public; what is in it is not
        notes.append(
            f"Before any reaction card: {name} may cancel a hit with a card from their hand, which the "
            "forecast cannot see."
        )
    else:
        notes.append(f"{name} holds no card, so no reaction can cancel a hit.")
    if hurts:
        notes.append(f"A hit also costs {name} {hurts} Health from on-hit effects, even when the damage roll gives 0.")
    if skips:
        notes.append(f"A hit also costs {name} {', '.join(s.lost_words for s in skips)}.")
    if p_frag > 0:
        cures = []
        if victim.hand:
            cures.append("a healing card from their hand")
        if victim.blood:
            cures.append(f"their {victim.blood} blood counter{'s' * (victim.blood != 1)}")
        if cures:
            notes.append(
                f"At Health 0 {name} may still be cured with {' or '.join(cures)}; "
                "the frag chance is that of their Health reaching 0."
            )
    if area:
        if blast:
            caught = ", ".join(table.name(o) for o in blast)
            notes.append(f"The blast also attacks {caught} (own reactions and damage rolls), not counted here.")
        else:
            notes.append(f"Area weapon: nobody beside {name} would be caught in the blast now.")
    return notes
