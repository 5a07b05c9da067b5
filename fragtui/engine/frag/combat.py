"""Attacking: declaring a weapon, ammo, to-hit, the target's reaction, damage, armor, frags.

F-ATK-01..10, F-FRAG-01/02/06, F-WIN-01, F-META-02, F-CARD-05 (weapons in play within Health + 1
when one enters), F-CARD-10 (sure hits and misses: the last card played controls).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from fragtui.engine.board import Square, distance
from fragtui.engine.cards import (
    PISTOL,
    SPECIALS_DECK,
    CancelHit,
    CardKind,
    Draw,
    Effect,
    ExtraAttack,
    ExtraMovement,
    FlagName,
    Heal,
    Hurt,
    ModStat,
    Outcome,
    Reload,
    Scope,
    Shield,
    Skip,
    TakeOutOfPlay,
    Trigger,
    TriggerOn,
    TurnPart,
)
from fragtui.engine.decisions import WindowContext, WindowPoint
from fragtui.engine.dice import Roll
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.decisions import AttackContext, LastChance, React
from fragtui.engine.frag.effects import EffectSource
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.house import (
    ATTACKS_PER_WEAPON,
    BURN_THROUGH_FIRST,
    INSTANT_RESPAWN,
    PISTOL_WHIP,
    SEVERAL_SETS,
    WOUNDS,
    HouseMarkers,
)
from fragtui.engine.frag.leftovers import Leftovers
from fragtui.engine.frag.state import InPlay, Status
from fragtui.engine.frag.target import frag_target
from fragtui.engine.odds import PLAIN_DIE, Die, health_lost

__all__ = ["Combat", "HurtSource"]

EXOSKELETON = "Exoskeleton"
"""The gadget a fighter may have only one of in play with several card sets (H-MULTI-01)."""
ENERGY_SHIELD = "Energy Shield"
"""The shield whose copies do not add to each other with several card sets (H-MULTI-01)."""

# Enum members read on the hot paths below, kept as module globals: in Python 3.11 a member read off its enum
# (`Status.IN_PLAY`) goes through the enum metaclass's attribute hook, several times dearer than a global.
_WEAPON_SLOTS = ModStat.WEAPON_SLOTS
_AMMO_COST = ModStat.AMMO_COST
_WEAPON = CardKind.WEAPON
_SEE_THROUGH_FIGHTERS = FlagName.SEE_THROUGH_FIGHTERS
_IN_PLAY = Status.IN_PLAY

HurtSource = Literal["attacks", "acid", "other"]
"""Where lost Health comes from, as shields tell it apart (`Shield.against`): fighters' attacks, acid,
or anything else (a card's hurt, which no shield stops)."""


class Combat(Leftovers):
    """Attacks and what they do."""

    # -- what may be attacked with what --------------------------------------------------------

    def weapon_slots(self, seat: int) -> int:
        """Weapons in play allowed when one more enters: current Health + 1 (F-CARD-05 ruling), and backpacks."""
        return self.health(seat) + 1 + self.modified(seat, _WEAPON_SLOTS, 0)

    def can_add_weapon(self, seat: int) -> bool:
        return len(self.player(seat).weapons) < self.weapon_slots(seat)

    def ammo_cost(self, seat: int, weapon: str) -> int:
        """Ammo one attack with `weapon` uses (F-ATK-04), cards included (infinite-ammo cheats)."""
        return self.modified(seat, _AMMO_COST, self.card(weapon).ammo_per_shot, weapon)

    def loaded(self, entry: InPlay, seat: int | None = None) -> bool:
        """Whether a weapon in play has ammo for one more attack (F-ATK-04)."""
        if entry.ammo is None or entry.free_shots > 0:
            return True
        cost = self.card(entry.card).ammo_per_shot if seat is None else self.ammo_cost(seat, entry.card)
        return entry.ammo >= cost

    def shots_left(self, seat: int, entry: InPlay) -> int | None:
        """The attacks a weapon in play of `seat`'s can still make on its ammo (F-ATK-04): a shot already
        paid for, then each shot's ammo, each ammo paying for `shots_per_ammo` shots (the altered Machine
        Gun's two, J-ALT-02); None when its ammo is unlimited or a shot costs nothing."""
        cost = self.ammo_cost(seat, entry.card)
        if entry.ammo is None or cost == 0:
            return None
        return entry.free_shots + entry.ammo // cost * self.card(entry.card).shots_per_ammo

    def pay_ammo(self, seat: int, entry: InPlay) -> None:
        """Spend a shot's ammo before the to-hit roll; several shots per ammo use the paid ones first.
        A shot that costs nothing (infinite ammo) leaves ammo and paid shots as they were."""
        if entry.ammo is None or self.ammo_cost(seat, entry.card) == 0:
            return
        if entry.free_shots > 0:
            entry.free_shots -= 1
            return
        entry.ammo -= self.ammo_cost(seat, entry.card)
        entry.free_shots = self.card(entry.card).shots_per_ammo - 1

    def in_range(self, weapon: str, reach: int) -> bool:
        """Whether `weapon` may fire at a target `reach` squares away (its range limits)."""
        if weapon == PISTOL:
            return True
        card = self.card(weapon)
        return card.min_range <= reach and (card.max_range is None or reach <= card.max_range)

    def counted_range(self, weapon: str, reach: int) -> int:
        """The range a to-hit roll with `weapon` must reach when its target is `reach` squares away
        (F-ATK-07): the squares, or the weapon's range cap when they are beyond it (`CardDef.range_cap`:
        the altered Electromagnetic Cannon treats any range beyond 10 as 10, J-ALT-01)."""
        if weapon == PISTOL:
            return reach
        cap = self.card(weapon).range_cap
        return reach if cap is None or reach <= cap else cap

    def range_words(self, weapon: str, reach: int) -> str:
        """The range an attack's to-hit roll is against, for the log (`range 7`; beyond a weapon's range
        cap, J-ALT-01: `range 10 (14 squares)`)."""
        counted = self.counted_range(weapon, reach)
        return f"range {reach}" if counted == reach else f"range {counted} ({reach} squares)"

    def may_enter_play(self, holder: int, card: str) -> bool:
        """Whether `card` may enter `holder`'s play area now: the one place of the checks every card
        entering play passes, however it is played (before the roll, in phase 3, declared for an attack,
        on another fighter). A weapon needs room (F-CARD-05: Health + 1); armor, a body without a suit
        (F-ATK-09: one suit at a time); with several card sets (H-MULTI-01), an Exoskeleton, a fighter
        without one."""
        definition = self.card(card)
        if definition.kind is _WEAPON and not self.can_add_weapon(holder):
            return False
        several = definition.name == EXOSKELETON and self.house(SEVERAL_SETS)
        if several and any(self.card(entry.card).name == EXOSKELETON for entry in self.in_play(holder)):
            return False
        return not (self.counts_as_armor(card) and self.armor(holder) is not None)

    def declarable_weapons(self, seat: int) -> list[str]:
        """The weapons `seat` may declare: the pistol, loaded weapons in play, weapons from hand (F-ATK-03)
        that may enter play (`may_enter_play`)."""
        player = self.player(seat)
        weapons = [PISTOL]
        weapons.extend(entry.card for entry in player.weapons if self.loaded(entry, seat))
        from_hand = [card for card in player.hand if self.card(card).kind is _WEAPON]
        if from_hand and self.can_add_weapon(seat):  # (every weapon from hand passes or fails alike)
            weapons.extend(card for card in from_hand if self.may_enter_play(seat, card))
        return weapons

    def targets(self, seat: int) -> list[int]:
        """Fighters `seat` can attack: in play, in line of sight (F-ATK-02), from a square he has alone (F-MOVE-03)."""
        me = self.player(seat)
        if me.square is None or self.occupant(me.square, besides=seat) is not None:
            return []
        found = []
        see_through = self.has_flag(seat, _SEE_THROUGH_FIGHTERS)
        occupied = [] if see_through else [p.square for p in self.state.players if p.square is not None]
        for other, player in enumerate(self.state.players):
            if other == seat or player.square is None or player.status is not _IN_PLAY:
                continue
            # Fighters on the two ends of the line never block it (line_of_sight leaves them out).
            if self.board.geometry.line_of_sight(me.square, player.square, occupied):
                found.append(other)
        return found

    # -- Franklin's house rules on attacks (H-ACC-01, H-WHIP-01) ---------------------------------------

    def weapon_bonus_attacks(self, seat: int) -> dict[str, int]:
        """H-ACC-01: the extra attacks each weapon of `seat`'s in play grants by the Accuracy bonus of its
        own (a targeting system): half its effective Accuracy rounded up, less the regular half of his
        Accuracy. Only weapons with at least one (the seed's example: Heavy Beam Pistol 1, Tranquilizer 2)."""
        regular = -(-self.accuracy(seat) // 2)
        found = {}
        for entry in self.player(seat).weapons:
            extra = -(-self.accuracy(seat, entry.card) // 2) - regular
            if extra > 0:
                found[entry.card] = extra
        return found

    def start_actions(self, seat: int, movement: int) -> None:
        """Frag's phase 3 begins (F-ATK-01: attacks counted now); with H-ACC-01 each weapon's bonus attacks
        are counted too, and a stun that takes the turn's attacks takes them as well."""
        stunned = TurnPart.ATTACKS in self.player(seat).skips
        super().start_actions(seat, movement)
        if self.house(ATTACKS_PER_WEAPON) and not stunned:
            self.turn_policy.grant_weapon_attacks(seat, self.weapon_bonus_attacks(seat))

    def attacks_left(self, seat: int) -> int:
        """`seat`'s attacks left: the regular ones, and with H-ACC-01 the bonus ones after them (as many as the
        weapon with the most still allows)."""
        policy = self.turn_policy
        return policy.attacks(seat) + max(policy.weapon_attacks(seat).values(), default=0)

    def bonus_weapons(self, seat: int) -> list[str]:
        """H-ACC-01: the weapons `seat`'s next attack may be made with once his regular attacks are spent
        (empty while any are left, or with none of his weapons granting one)."""
        policy = self.turn_policy
        return [] if policy.attacks(seat) > 0 else list(policy.weapon_attacks(seat))

    def whip_weapons(self, seat: int) -> list[str]:
        """H-WHIP-01: the weapon cards `seat` may swing as a club now: every weapon in play, empty or jammed
        (a club needs no ammo and fires nothing), while a regular attack is left (weapon-specific bonus
        attacks may not be used for it) and his Health is at least 2 (Health − 1 damage dice: at Health 1
        the club would roll none, ruling H-WHIP-01)."""
        if not self.house(PISTOL_WHIP) or self.turn_policy.attacks(seat) < 1 or self.health(seat) < 2:
            return []
        if not self.turn_policy.may_attack_now(seat):
            return []
        if not self.may_attack(seat):
            return []
        return [entry.card for entry in self.player(seat).weapons]

    def whip_targets(self, seat: int) -> list[int]:
        """H-WHIP-01: the fighters `seat` may club: in sight (`targets`) and orthogonally adjacent (range 1,
        F-ATK-06's count; a wall between blocks the sight, so the club too)."""
        here = self.player(seat).square
        if here is None:
            return []
        found = []
        for other in self.targets(seat):
            there = self.player(other).square
            if there is not None and distance(here, there) == 1:
                found.append(other)
        return found

    def whip_breaks(self, damage: Roll) -> bool:
        """H-WHIP-01: the club breaks when two or more of its damage dice show 1, or its one die does."""
        ones = damage.dice.count(1)
        return ones >= 2 or (len(damage.dice) == 1 and ones == 1)

    def break_weapon(self, seat: int, weapon: str, damage: Roll) -> None:
        """H-WHIP-01: the weapon swung as a club breaks and is discarded, its attachments with it."""
        player = self.player(seat)
        if not any(entry.card == weapon for entry in player.weapons):
            return
        before = self.healths()
        self.take_from_play(seat, weapon)
        self.detach(seat, weapon)
        self.discard(weapon)
        self.keep_health(before)
        ones = damage.dice.count(1)
        self.emit(
            CommonEventKind.DISCARDED,
            f"{player.name}'s {self.card_name(weapon)} breaks ({ones} damage {'die' if ones == 1 else 'dice'} "
            "came up 1) and is discarded",
            player=seat,
            card=weapon,
        )

    # -- the attack -------------------------------------------------------------------------------

    def enter_weapon(self, seat: int, card: str) -> InPlay:
        """A weapon from hand enters play with a full load of ammo (F-ATK-03, F-FRAG-05)."""
        player = self.player(seat)
        player.hand.remove(card)
        entry = InPlay(card=card, played=self.next_play(), ammo=self.card(card).ammo)
        player.weapons.append(entry)
        player.record.cards_played += 1
        self.emit(
            CommonEventKind.CARD_PLAYED,
            f"{player.name} puts {self.card_name(card)} into play",
            player=seat,
            card=card,
        )
        return entry

    def attack(self, seat: int, target: int, weapon: str, *, parting: bool = False, whip: bool = False) -> None:
        """Declare, pay ammo, roll to hit (F-ATK-03/04/07); a hit waits for the target's reaction.

        `parting`: a parting shot made at one's last chance, outside the turn's attacks. `whip`: a pistol
        whip (H-WHIP-01), the weapon in play swung as a club: no ammo paid, one of the regular attacks.
        """
        attacker = self.player(seat)
        victim = self.player(target)
        assert attacker.square is not None and victim.square is not None
        if weapon != PISTOL and not whip:
            entry = next((e for e in attacker.weapons if e.card == weapon), None)
            if entry is None:
                entry = self.enter_weapon(seat, weapon)
            self.pay_ammo(seat, entry)  # before rolling to hit (F-ATK-04)
        if not parting:  # (a regular attack, else a weapon's bonus one: H-ACC-01)
            self.turn_policy.spend_attack(seat)
        attacker.record.shots += 1
        reach = distance(attacker.square, victim.square)
        name = self.weapon_name(seat, weapon)
        how = f"attacks {victim.name} with {name} at range {reach}"
        if whip:
            how = f"pistol-whips {victim.name} with {name}"
        self.emit(
            CommonEventKind.ATTACKED,
            f"{attacker.name} {how}",
            player=seat,
            other=target,
            card=None if weapon == PISTOL else weapon,
            amount=reach,
        )
        point = WindowPoint.BEFORE_ATTACK
        if point in self.windows and self.open_window(
            point, WindowContext(actor=seat, target=target, weapon=weapon, whip=whip)
        ):
            return  # answered first; the window's `close` goes on with `roll_to_hit`
        self.roll_to_hit(seat, target, weapon, whip=whip)

    def roll_to_hit(self, seat: int, target: int, weapon: str, *, whip: bool = False) -> None:
        """A declared attack's to-hit (F-ATK-07); a hit opens the window after a hit (F-META-02)."""
        attacker = self.player(seat)
        victim = self.player(target)
        assert attacker.square is not None and victim.square is not None
        reach = distance(attacker.square, victim.square)
        sure = self.sure(seat, target)
        if sure is not None:
            self.judge_to_hit(seat, target, weapon, None, sure=sure, whip=whip)
            return
        accuracy = self.accuracy(seat, None if whip else weapon)  # a club: no sight of the gun's counts
        why = f"to hit ({accuracy} Accuracy {'die' if accuracy == 1 else 'dice'}, {self.range_words(weapon, reach)})"
        roll = self.roll(accuracy, why, seat) if whip else self.roll_attack_dice(seat, weapon, accuracy, why)
        point = WindowPoint.AFTER_ATTACK_ROLL
        if point in self.windows and self.open_window(
            point, WindowContext(actor=seat, target=target, weapon=weapon, roll=roll, whip=whip)
        ):
            return  # answered first; the window's `close` goes on with `judge_to_hit`
        self.judge_to_hit(seat, target, weapon, roll, whip=whip)

    def roll_attack_dice(self, seat: int, weapon: str, dice: int, why: str) -> Roll:
        """Roll `seat`'s to-hit or damage dice for an attack with `weapon` (F-ATK-07, F-ATK-08): the seam
        where a fighter's ability changes an attack's dice (the Agency Operative's rerolled 1s, D-FTR-02);
        `attack_die` says how they fall, for the forecast."""
        return self.roll(dice, why, seat)

    def attack_die(self, seat: int, weapon: str) -> Die:
        """How each of `seat`'s to-hit and damage dice falls on an attack with `weapon`, as
        `roll_attack_dice` rolls them (the forecast's odds): a plain d6."""
        return PLAIN_DIE

    def judge_to_hit(
        self,
        seat: int,
        target: int,
        weapon: str,
        roll: Roll | None,
        *,
        sure: Outcome | None = None,
        whip: bool = False,
    ) -> None:
        """The to-hit `roll` against the range, or the `sure` outcome a card settles it with (F-ATK-07,
        F-CARD-10); a hit opens the window after a hit (F-META-02)."""
        attacker = self.player(seat)
        victim = self.player(target)
        assert attacker.square is not None and victim.square is not None
        reach = distance(attacker.square, victim.square)
        if roll is None:
            hit = sure is Outcome.HIT
            how = "a card makes it " + ("a sure hit" if hit else "a sure miss")
        else:
            hit = roll.total >= self.counted_range(weapon, reach)
            how = f"rolled {roll.total} against {self.range_words(weapon, reach)}"
        if not hit:
            self.emit(
                CommonEventKind.MISSED,
                f"{attacker.name} misses {victim.name} ({how})",
                player=seat,
                other=target,
                roll=roll,
            )
            return
        attacker.record.hits += 1
        self.emit(
            CommonEventKind.HIT, f"{attacker.name} hits {victim.name} ({how})", player=seat, other=target, roll=roll
        )
        if whip:  # H-WHIP-01: Health − 1 dice, nothing else (a club is no shot: not piercing, no blast)
            context = AttackContext(
                attacker=seat, target=target, weapon=weapon, damage=self.whip_dice(seat), extra=0, whip=True
            )
            if not self.open_window(WindowPoint.AFTER_HIT, WindowContext(actor=seat, target=target), attack=context):
                self.roll_damage(context)
            return
        dice, extra = self.weapon_damage(seat, weapon)
        piercing = self.has_flag(seat, FlagName.PIERCING) or (weapon != PISTOL and self.card(weapon).piercing)
        hit_targets = [target]
        if weapon != PISTOL and self.card(weapon).area:
            blast = self.beside(victim.square, besides=(seat, target))
            hit_targets += [other for other in blast if self.sure(seat, other) is not Outcome.MISS]  # F-CARD-10
        for other in reversed(hit_targets):  # the target answers first, then those beside him
            if other != target:
                self.emit(
                    CommonEventKind.HIT,
                    f"The blast also catches {self.name(other)}",
                    player=seat,
                    other=other,
                )
            context = AttackContext(
                attacker=seat, target=other, weapon=weapon, damage=dice, extra=extra, piercing=piercing
            )
            if not self.open_window(WindowPoint.AFTER_HIT, WindowContext(actor=seat, target=other), attack=context):
                self.roll_damage(context)  # nobody may answer: the damage at once

    def whip_dice(self, seat: int) -> int:
        """H-WHIP-01: a pistol whip's damage dice, the attacker's current Health − 1 (never fewer than 0)."""
        return max(0, self.health(seat) - 1)

    def reaction_cards(self, seat: int) -> list[str]:
        """Cards `seat` may play when hit, before damage is rolled (F-META-02)."""
        return [
            card
            for card in self.player(seat).hand
            if any(isinstance(e, CancelHit | TakeOutOfPlay) for e in self.card(card).effects)
        ]

    def react(self, seat: int, card: str | None) -> None:
        """A seat answers the hit (the target, in Frag): a reaction card, or nothing; after the last
        seat passes, damage is rolled."""
        pending = self.state.pending[-1]
        assert isinstance(pending, React)
        attack = pending.attack
        if card is None:
            self.emit(CommonEventKind.PASSED, f"{self.name(seat)} plays no reaction", player=seat)
            if not pending.next_responder():
                self.state.pending.pop()
                self.roll_damage(attack)
            return
        self.state.pending.pop()
        player = self.player(seat)
        player.hand.remove(card)
        player.record.cards_played += 1
        self.discard(card)
        effects = self.card(card).effects
        self.emit(
            FragEventKind.REACTED,
            f"{player.name} plays {self.card_name(card)}: the hit does no damage",
            player=seat,
            other=attack.attacker,
            card=card,
        )
        if any(isinstance(e, TakeOutOfPlay) for e in effects):
            self.take_out_of_play(attack.attacker, f"{player.name}'s {self.card_name(card)}")

    def take_out_of_play(self, seat: int, cause: str) -> None:
        """Off the board until his next turn; his rolls stand and he keeps his cards (F-META-02).

        A fighter at his last chance (a parting shot answered by Disconnect) is fragged instead, where
        he stands and by whoever brought him to Health 0: he could not come back "as he was" at Health
        0 or less, and a parting shot is followed by its shooter's frag (ruling F-META-02).
        """
        player = self.player(seat)
        if player.status is not Status.IN_PLAY:
            return
        self.cancel_attacks_of(seat)
        for index, pending in enumerate(self.state.pending):
            if isinstance(pending, LastChance) and pending.player == seat:
                del self.state.pending[index]
                self.emit(
                    FragEventKind.OUT_OF_PLAY,
                    f"{cause} ends {player.name}'s last chance ({self.health_words(seat)}): the frag follows at once",
                    player=seat,
                )
                self.frag(seat, pending.by, pending.cause)
                return
        square = player.square
        player.square = None
        player.status = Status.OUT_OF_PLAY
        self.emit(
            FragEventKind.OUT_OF_PLAY,
            f"{player.name} is taken out of play by {cause} until their next turn",
            player=seat,
            square=square,
        )

    def cancel_attacks_of(self, seat: int) -> None:
        """`seat` is taken out of play before damage: every hit of his still waiting for damage (an
        area weapon's blast victims) does nothing, and so can score no frag (ruling F-META-02)."""
        waiting = [p for p in self.state.pending if isinstance(p, React) and p.attack.attacker == seat]
        for pending in waiting:
            self.state.pending.remove(pending)
            self.emit(
                FragEventKind.REACTED,
                f"{self.name(pending.player)} takes no damage: {self.name(seat)} is out of play before it is rolled",
                player=pending.player,
                other=seat,
            )

    def roll_damage(self, attack: AttackContext) -> None:
        """Defence (current Health dice) against the weapon's dice; the quotient is lost (F-ATK-08).

        A piercing attack leaves the target's armor out of his defence dice and out of the damage.
        After the damage the attacker's on-hit triggers fire (a dart's lag, poison, a vampire's heal).
        """
        if not self.on_board(attack.target):
            return
        dice = self.defence_dice(attack.target, piercing=attack.piercing)
        defence = self.roll(dice, f"defence ({dice} Health {'die' if dice == 1 else 'dice'})", attack.target)
        weapon = self.weapon_name(attack.attacker, attack.weapon)
        if attack.whip:
            weapon = f"pistol whip with {weapon}"
        why = f"damage ({weapon}, {attack.damage} {'die' if attack.damage == 1 else 'dice'})"
        if attack.whip:  # a club's plain dice: no ability that changes a gun's dice (ruling H-WHIP-01)
            damage = self.roll(attack.damage, why, attack.attacker)
        else:
            damage = self.roll_attack_dice(attack.attacker, attack.weapon, attack.damage, why)
        point = WindowPoint.AFTER_ATTACK_ROLL
        if point in self.windows and self.open_window(
            point,
            WindowContext(
                actor=attack.attacker, target=attack.target, weapon=attack.weapon, roll=damage, defence=defence
            ),
            attack=attack,
        ):
            return  # answered first; the window's `close` goes on with `deal_damage`
        self.deal_damage(attack, defence, damage)

    def deal_damage(self, attack: AttackContext, defence: Roll, damage: Roll) -> None:
        """The Health a hit costs, from its defence and damage rolls (F-ATK-08), poison added; then the
        attacker's on-hit triggers fire. A pistol whip (H-WHIP-01) fires none of the weapon's own on-hit
        effects (no shot was fired), and then may break the weapon."""
        lost = health_lost(damage.total, defence.total, attack.extra)
        cause = f"{self.name(attack.attacker)}'s {self.weapon_name(attack.attacker, attack.weapon)}"
        fired = None if attack.whip else attack.weapon
        if attack.whip:
            cause += " (a pistol whip)"
        poison = self.on_hit_hurt(attack.attacker, fired)
        if poison:  # part of the hit: shields stop their share of the whole (ruling F-ATK-09, shields)
            lost += poison
            cause += f" ({poison} of it poison or burning, with no roll)"
        self.hurt(attack.target, lost, attack.attacker, cause, source="attacks", piercing=attack.piercing)
        self.fire_triggers(attack.attacker, TriggerOn.HIT, attack.target, fired, hurts=False)
        if attack.whip and not self.over and self.whip_breaks(damage):
            self.break_weapon(attack.attacker, attack.weapon, damage)

    def triggers(self, seat: int, on: TriggerOn, weapon: str | None = None) -> list[tuple[EffectSource, Trigger]]:
        """The `on` triggers reaching `seat` (`effect_sources`), in the order they act: gadgets, specials,
        and of his weapons only the one fired when he hits (`weapon`); then abilities and options."""
        found = []
        for source in self.effect_sources(seat):
            effect = source.effect
            if type(effect) is not Trigger or effect.on is not on or source.holder != seat:
                continue
            if on is TriggerOn.HIT and source.weapon and source.card != weapon:
                continue  # another weapon's on-hit effects act only when it is fired
            found.append((source, effect))
        return found

    def on_hit_hurt(self, seat: int, weapon: str | None) -> int:
        """Health that `seat`'s on-hit triggers take from the fighter he hits with `weapon`, with no roll
        (poison, burning): added to the hit's damage, as one hit (`roll_damage`)."""
        total = 0
        for _, trigger in self.triggers(seat, TriggerOn.HIT, weapon):
            total += sum(e.amount for e in trigger.effects if isinstance(e, Hurt))
        return total

    def shields(self, seat: int, source: HurtSource) -> list[tuple[EffectSource, Shield]]:
        """The shields reaching `seat` that stop Health lost to `source`, in the order they take their
        share (gadgets, then specials; then abilities and options). None stops `other` hurts.

        With several card sets (H-MULTI-01) several shields may be in play, but Energy Shields do not add
        to each other: only the first in play takes its share."""
        if source == "other":
            return []
        found = []
        one_energy_shield = self.house(SEVERAL_SETS)
        energy_shield = False
        for origin in self.effect_sources(seat):
            effect = origin.effect
            if type(effect) is not Shield or origin.weapon or origin.holder != seat:
                continue
            if effect.against == "all" or effect.against == source:
                if one_energy_shield and origin.card is not None and self.card_name(origin.card) == ENERGY_SHIELD:
                    if energy_shield:
                        continue
                    energy_shield = True
                found.append((origin, effect))
        return found

    def defence_dice(self, seat: int, *, piercing: bool = False) -> int:
        """The dice `seat` defends with: his current Health, armor left out by a piercing attack (F-ATK-08).

        Never fewer than 0 (ruling F-ATK-08): a fighter at Health 0 or less (shot at his own last
        chance) or one whom only his armor keeps standing against a piercing attack rolls no dice.
        `forecast_attack` counts the same dice.
        """
        health = self.own_health(seat) if piercing else self.health(seat)
        return max(health, 0)

    def armor_left(self, seat: int) -> int:
        """Health the worn armor still adds."""
        return self.armor_bonus(seat)

    def _shield(self, seat: int, lost: int, source: HurtSource) -> int:
        """Shields take their share of a hit first; returns what is left of it.

        A shield card stops Health up to its capacity and is then discarded; a shield an ability or an
        option gives has no card to wear out, so its capacity does not count.
        """
        player = self.player(seat)
        for origin, effect in self.shields(seat, source):
            if lost <= 0:
                continue
            stopped = min(effect.reduce, lost)
            entry = origin.entry
            if entry is not None and effect.capacity is not None:
                stopped = min(stopped, effect.capacity - entry.absorbed)
            lost -= stopped
            if entry is not None:
                entry.absorbed += stopped
            self.emit(
                CommonEventKind.DAMAGED,
                f"{player.name}'s {self.source_name(origin)} stops {stopped} Health",
                player=seat,
                card=origin.card,
                amount=0,
            )
            if entry is not None and effect.capacity is not None and entry.absorbed >= effect.capacity:
                pile = player.gadgets if origin.pile == "gadgets" else player.specials
                if entry in pile:
                    pile.remove(entry)
                    self.discard(entry.card)
                    self.announce_used_up(seat, entry.card)
        return lost

    def announce_used_up(self, seat: int, card: str) -> None:
        """Say that armor or a shield has stopped all it can and is discarded."""
        self.emit(
            FragEventKind.ARMOR_LOST,
            f"{self.name(seat)}'s {self.card_name(card)} is used up and discarded",
            player=seat,
            card=card,
        )

    def hurt(
        self, seat: int, lost: int, by: int | None, cause: str, *, source: HurtSource = "other", piercing: bool = False
    ) -> None:
        """Take `lost` Health: shields stop their share, then armor takes its share first and is
        discarded when used up (F-ATK-09); at Health 0 the fighter gets his last chance.

        `source` is `attacks` or `acid` (what shields stop) or `other`; `piercing` skips the armor.

        H-WOUND-01 (`wounds`): each Health lost is a wound, and his hoard of blood counters cancels
        wounds one for one as they arrive: before the armor takes any, unless H-WOUND-02
        (`burn-through-first`) checks the armor's burn-through first; then the hoard cancels only
        what got past the armor.
        """
        player = self.player(seat)
        if lost > 0 and source != "other":
            lost = self._shield(seat, lost, source)
        wounds = self.house(WOUNDS)
        burn_first = self.house(BURN_THROUGH_FIRST)
        cancelled = self._cancel_wounds(seat, lost) if wounds and not burn_first else 0
        absorbed = 0
        used_up: list[InPlay] = []
        arriving = lost - cancelled
        for suit in () if piercing or arriving <= 0 else self.suits(seat):  # each suit in turn (D-ARM-01: two)
            bonus = self.card(suit.card).armor
            share = min(arriving - absorbed, bonus - suit.absorbed)
            suit.absorbed += share
            absorbed += share
            if suit.absorbed >= bonus:
                player.gadgets.remove(suit)
                self.discard(suit.card)
                used_up.append(suit)
            if absorbed >= arriving:
                break
        if wounds and burn_first:
            cancelled = self._cancel_wounds(seat, arriving - absorbed)
        absorbed += cancelled
        player.damage += lost - absorbed
        player.record.damage_taken += lost
        if by is not None and by != seat:
            self.player(by).record.damage_dealt += lost
        health = self.health(seat)
        self.emit(
            CommonEventKind.DAMAGED,
            f"{player.name} loses {lost} Health to {cause}: {self.health_words(seat)}",
            player=seat,
            other=by,
            amount=lost,
        )
        for suit in used_up:
            self.announce_used_up(seat, suit.card)
        if cancelled:
            self.emit(
                FragEventKind.HEALED,
                f"{player.name} spends {cancelled} blood counter{'s' * (cancelled > 1)} against as many wounds:"
                f" {self.health_words(seat)}",
                player=seat,
                amount=cancelled,
            )
        self.count_wounds(seat)
        if health <= 0 and not any(isinstance(p, LastChance) and p.player == seat for p in self.state.pending):
            self.push(LastChance(player=seat, by=by, cause=cause))

    def _cancel_wounds(self, seat: int, wounds: int) -> int:
        """H-WOUND-01: his hoard of blood counters cancels up to `wounds` arriving wounds, one for one;
        how many it cancelled (the counters are spent)."""
        player = self.player(seat)
        cancelled = min(player.blood, max(wounds, 0))
        player.blood -= cancelled
        return cancelled

    # -- effects that happen at once (cards played, triggers) ---------------------------------

    def healing(self, seat: int, amount: int | None) -> int | None:
        """The Health a healing card that prints `amount` (None: all) restores to `seat` (F-ATK-10): what
        it prints. The seam where a fighter's ability changes it (the Indian Brave's +1, D-FTR-07)."""
        return amount

    def heal(self, seat: int, amount: int | None) -> None:
        """Restore lost Health, never above the maximum (F-ATK-10)."""
        player = self.player(seat)
        healed = player.damage if amount is None else min(amount, player.damage)
        if healed <= 0:
            return  # nothing was lost (a turn-start heal at full Health): nothing to say
        player.damage -= healed
        self.count_wounds(seat)
        self.emit(
            FragEventKind.HEALED,
            f"{player.name} restores {healed} Health: {self.health_words(seat)}",
            player=seat,
            amount=healed,
        )
        self.check_survival(seat)  # (a vampire's heal on a parting shot's hit saves him too: ruling F-FRAG-01)

    def reload(self, seat: int, weapon: str, amount: int | None) -> None:
        """Refill a weapon in play (F-ATK-04)."""
        entry = next(e for e in self.player(seat).weapons if e.card == weapon)
        full = self.card(weapon).ammo
        if full is None or entry.ammo is None:
            return
        entry.ammo = full if amount is None else min(full, entry.ammo + amount)
        self.emit(
            CommonEventKind.RELOADED,
            f"{self.name(seat)} reloads {self.card_name(weapon)}: {entry.ammo} of {full}",
            player=seat,
            card=weapon,
            amount=entry.ammo,
        )

    def skip(self, seat: int, phase: TurnPart, cause: str) -> None:
        """`seat` loses part of his next turn (lag, a dart), stamped in play order (F-CARD-10).

        "His next turn" names one turn: a second dart before it comes loses nothing more (ruling), but
        its later stamp wipes what cards played between the two would have given back.
        """
        skips = self.player(seat).skips
        again = phase in skips
        skips[phase] = self.next_play()
        what = phase.lost_words
        text = f"{self.name(seat)} already loses {what}" if again else f"{self.name(seat)} loses {what}"
        self.emit(FragEventKind.OUT_OF_PLAY, f"{text} ({cause})", player=seat)

    def run_effects(
        self, seat: int, effects: Iterable[Effect], other: int | None, cause: str, *, hurts: bool = True
    ) -> None:
        """Effects that happen at once: the holder's own (heal, draw, more attacks or movement, reloads)
        and those on the other fighter (`skip`, `hurt`; `hurts` False: the hurts were already dealt)."""
        for effect in effects:
            if isinstance(effect, Hurt) and not hurts:
                continue
            if isinstance(effect, Heal):
                self.heal(seat, self.healing(seat, effect.amount))
            elif isinstance(effect, Draw):
                for _ in range(effect.count):
                    self.draw(seat, effect.deck, cause)
            elif isinstance(effect, ExtraAttack):
                self.turn_policy.give_attacks(seat, effect.count)
            elif isinstance(effect, ExtraMovement):
                self.turn_policy.give_movement(seat, effect.points)
            elif isinstance(effect, Reload) and effect.every:
                owners = list(self.seats()) if effect.scope is Scope.ALL else [seat]
                for owner in owners:
                    for entry in list(self.player(owner).weapons):
                        self.reload(owner, entry.card, effect.amount)
            elif isinstance(effect, Skip) and other is not None:
                self.skip(other, effect.phase, cause)
            elif isinstance(effect, Hurt) and other is not None and self.on_board(other):
                self.hurt(other, effect.amount, seat, cause)

    def fire_triggers(
        self, seat: int, on: TriggerOn, other: int | None, weapon: str | None = None, *, hurts: bool = True
    ) -> None:
        """`seat`'s triggers on `on` do their effects (`triggers`: a weapon's own only when it is used).

        `hurts` False: their `hurt` effects were already dealt as part of the hit (`on_hit_hurt`)."""
        for source, trigger in self.triggers(seat, on, weapon):
            self.run_effects(seat, trigger.effects, other, self.source_name(source), hurts=hurts)

    def beside(self, square: Square, besides: tuple[int, ...]) -> list[int]:
        """Fighters in play in a square orthogonally next to `square` (an area weapon's blast), unless a
        wall or door between stops it (F-MAP-06: walls stop weapon effects; it passes where sight does)."""
        found = []
        for seat, player in enumerate(self.state.players):
            if seat in besides or player.square is None or player.status is not Status.IN_PLAY:
                continue
            if distance(square, player.square) == 1 and self.board.geometry.line_of_sight(square, player.square):
                found.append(seat)
        return found

    def cure_cards(self, seat: int) -> list[str]:
        """Cards that restore Health, playable at Health 0 to escape the frag (F-FRAG-01): offered only
        when his cures together can bring his Health above 0 (`can_be_cured`, ruling F-FRAG-01)."""
        if not self.can_be_cured(seat):
            return []
        return [card for card in self.playable_cards(seat) if self.card(card).heals]

    def playable_cards(self, seat: int) -> list[str]:
        """The cards of `seat`'s hand he may play at all: every one in Frag. The seam for cards only some
        may play (Frag Deadlands' hexes, D-CARD-02), asked where a cure is counted and offered."""
        return self.player(seat).hand

    def health_needed(self, seat: int) -> int:
        """Health a fighter at his last chance must restore to stay in the game (1 at Health 0)."""
        return max(0, 1 - self.health(seat))

    def can_be_cured(self, seat: int) -> bool:
        """Whether the cures `seat` holds (healing cards in hand and blood counters) can together bring
        his Health above 0. If they cannot, none is offered: a cure that cannot save him would be lost
        for nothing (ruling F-FRAG-01)."""
        total = self.player(seat).blood
        for card in self.playable_cards(seat):
            for effect in self.card(card).effects:
                if isinstance(effect, Heal):
                    amount = self.healing(seat, effect.amount)
                    if amount is None:
                        return True
                    total += amount
        return total >= self.health_needed(seat)

    def check_survival(self, seat: int) -> None:
        """After Health is restored: a fighter at his last chance whose Health is now above 0 is still standing, and
        his last chance is over, wherever it waits on the stack. A cure is played with his last chance on top; the
        Vampire's heal on a hit of his parting shot comes with the shot still resolving, and the frag must not
        follow all the same (ruling F-FRAG-01: if his Health is above 0 afterwards he fights on)."""
        if self.health(seat) <= 0:
            return
        for index, pending in enumerate(self.state.pending):
            if isinstance(pending, LastChance) and pending.player == seat:
                del self.state.pending[index]
                return

    def give_up(self, seat: int) -> None:
        """No cure: the fighter at Health 0 or less is fragged."""
        pending = self.state.pending.pop()
        assert isinstance(pending, LastChance)
        self.frag(seat, pending.by, pending.cause)

    def frag(self, seat: int, by: int | None, cause: str) -> None:
        """Out until his next turn; leftovers; a frag for the attacker, never for oneself (F-FRAG-01..03, F-WIN-01).

        The scoring rule hears of every frag (`on_fragged`: keep-away's holder drops the flag, J-TAG-03),
        says whether a frag of another fighter counts toward the scorer's frags (`frag_counts`: Frag Tag's
        modes withhold some, J-TAG-01..04) and then who has won (`on_frag`). A frag that does not count is
        still a frag: its scorer draws his Special all the same (ruling J-TAG-01)."""
        victim = self.player(seat)
        square = victim.square
        assert square is not None
        victim.square = None
        victim.status = Status.FRAGGED
        victim.record.deaths += 1
        victim.markers.of(HouseMarkers).wounds = 0  # (H-WOUND-01: wounds last until healed or fragged)
        self.emit(FragEventKind.FRAGGED, f"{victim.name} is fragged by {cause}!", player=seat, other=by, square=square)
        self.leave_leftovers(seat, square)
        scoring = self.scoring()
        scoring.on_fragged(self, seat, square)
        if by is None or by == seat:
            self.respawn_at_once(seat, by)
            return
        scorer = self.player(by)
        if scoring.frag_counts(self, by, seat):
            scorer.frags += 1
            self.emit(
                FragEventKind.FRAG_SCORED,
                f"{scorer.name} scores a frag ({scorer.frags} of {frag_target(self.state.config)})",
                player=by,
                other=seat,
                amount=scorer.frags,
            )
        else:
            why = scoring.withheld_words(self, by, seat)
            self.emit(FragEventKind.FRAG_WITHHELD, f"{scorer.name} scores no frag: {why}", player=by, other=seat)
        winner = scoring.on_frag(self, by, seat)  # F-WIN-01 for base Frag
        if winner is not None:
            self.win(winner)
            return
        self.respawn_at_once(seat, by)  # (H-INSTANT-01: before the shooter draws his Special)
        self.draw(by, SPECIALS_DECK.name, "for the frag")
        self.fire_triggers(by, TriggerOn.FRAG, seat)

    def end_last_chances(self, last_chances: list[LastChance]) -> None:
        """Ruling F-WIN-01: a parting shot (or any frag) that wins the game ends it at once, and whoever was
        still at his last chance then — the parting shot's own shooter, whose frag was to follow it, or a
        blast victim still at Health 0 or less — is fragged where he stands, as his last chance said he
        would be: his leftovers are left, but his frag scores for nobody (nothing is scored once the game
        is won). So the final scoreboard never shows a fighter in play at Health 0 or less."""
        for chance in reversed(last_chances):
            seat = chance.player
            if self.on_board(seat) and self.health(seat) <= 0:
                self.frag(seat, None, f"{chance.cause}, after the winning frag (it scores for nobody)")

    def respawns_at_once(self, seat: int, by: int | None) -> bool:
        """Whether `seat`, just fragged by `by`, respawns at once: with `instant-respawn` (H-INSTANT-01).
        The seam for a frag that keeps him off the board all the same (Frag Deadlands' gallows, D-GAL-01)."""
        return self.house(INSTANT_RESPAWN)

    def respawn_at_once(self, seat: int, by: int | None) -> None:
        """Instant respawn (H-INSTANT-01): the fragged fighter rolls his respawn point and comes back
        fresh at once, in the order the frags happen, before the shooter draws his Special.

        He is a fighter like any other from then on: he may be attacked and fragged again this very
        turn, and, the active player, he goes on with the movement and attacks his turn still holds
        (`settle` ends a turn only for a fighter off the board). Ruling H-INSTANT-01: the point is
        rolled even for a fighter who would choose it (the Harrowed Gunslinger, D-FTR-05: no time to
        choose in the middle of a shot); landing on an occupied point bumps its occupant (F-RESP-03);
        his turn-start abilities wait for his turn.
        """
        if not self.over and self.respawns_at_once(seat, by):
            self.instant_respawn(seat)

    def instant_respawn(self, seat: int) -> None:
        """`seat`, fragged, rolls his respawn point and is back on the board at once (H-INSTANT-01)."""
        player = self.player(seat)
        point = self.roll_respawn_point(seat, "instant respawn point")
        square = self.board.respawn_points[point]
        player.damage = 0  # a fresh fighter: starting stats, the pistol only (his cards went at the frag)
        player.status = Status.IN_PLAY
        player.square = square
        self.emit(
            FragEventKind.RESPAWNED,
            f"{player.name} respawns at once on respawn point {point}",
            player=seat,
            square=square,
        )
        self.arrive(seat, square)
