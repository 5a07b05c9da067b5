"""Attacking: declaring a weapon, ammo, to-hit, the target's reaction, damage, armor, frags.

F-ATK-01..10, F-FRAG-01/02/06, F-WIN-01, F-META-02, F-CARD-05 (weapons in play within Health + 1
when one enters), F-CARD-10 (sure hits and misses: the last card played controls).
"""

from __future__ import annotations

from fragtui.engine.board import distance
from fragtui.engine.cards import PISTOL, CancelHit, Deck, TakeOutOfPlay
from fragtui.engine.events import EventKind
from fragtui.engine.frag.leftovers import Leftovers
from fragtui.engine.odds import health_lost
from fragtui.engine.state import AttackContext, InPlay, LastChance, Phase, React, Status

__all__ = ["Combat"]


class Combat(Leftovers):
    """Attacks and what they do."""

    # -- what may be attacked with what --------------------------------------------------------

    def weapon_slots(self, seat: int) -> int:
        """Weapons in play allowed when one more enters: current Health + 1 (F-CARD-05 ruling)."""
        return self.health(seat) + 1

    def can_add_weapon(self, seat: int) -> bool:
        return len(self.player(seat).weapons) < self.weapon_slots(seat)

    def loaded(self, entry: InPlay) -> bool:
        """Whether a weapon in play has ammo for one more attack (F-ATK-04)."""
        return entry.ammo is None or entry.ammo >= self.card(entry.card).ammo_per_shot

    def declarable_weapons(self, seat: int) -> list[str]:
        """The weapons `seat` may declare: the pistol, loaded weapons in play, weapons from hand (F-ATK-03)."""
        player = self.player(seat)
        weapons = [PISTOL]
        weapons.extend(entry.card for entry in player.weapons if self.loaded(entry))
        if self.can_add_weapon(seat):
            weapons.extend(card for card in player.hand if self.card(card).deck is Deck.WEAPONS)
        return weapons

    def targets(self, seat: int) -> list[int]:
        """Fighters `seat` can attack: in play, in line of sight (F-ATK-02), from a square he has alone (F-MOVE-03)."""
        me = self.player(seat)
        if me.square is None or self.occupant(me.square, besides=seat) is not None:
            return []
        found = []
        occupied = [p.square for p in self.state.players if p.square is not None]
        for other, player in enumerate(self.state.players):
            if other == seat or player.square is None or player.status is not Status.IN_PLAY:
                continue
            blockers = [s for s in occupied if s not in (me.square, player.square)]
            if self.board.geometry.line_of_sight(me.square, player.square, blockers):
                found.append(other)
        return found

    # -- the attack -------------------------------------------------------------------------------

    def enter_weapon(self, seat: int, card: str) -> InPlay:
        """A weapon from hand enters play with a full load of ammo (F-ATK-03, F-FRAG-05)."""
        player = self.player(seat)
        player.hand.remove(card)
        entry = InPlay(card=card, played=self.next_play(), ammo=self.card(card).ammo)
        player.weapons.append(entry)
        player.record.cards_played += 1
        self.emit(
            EventKind.CARD_PLAYED,
            f"{player.name} puts {self.card_name(card)} into play",
            player=seat,
            card=card,
        )
        return entry

    def attack(self, seat: int, target: int, weapon: str) -> None:
        """Declare, pay ammo, roll to hit (F-ATK-03/04/07); a hit waits for the target's reaction."""
        attacker = self.player(seat)
        victim = self.player(target)
        assert attacker.square is not None and victim.square is not None
        if weapon != PISTOL:
            entry = next((e for e in attacker.weapons if e.card == weapon), None)
            if entry is None:
                entry = self.enter_weapon(seat, weapon)
            if entry.ammo is not None:
                entry.ammo -= self.card(weapon).ammo_per_shot  # before rolling to hit (F-ATK-04)
        self.state.turn.attacks -= 1
        attacker.record.shots += 1
        reach = distance(attacker.square, victim.square)
        name = self.card_name(weapon)
        self.emit(
            EventKind.ATTACKED,
            f"{attacker.name} attacks {victim.name} with {name} at range {reach}",
            player=seat,
            other=target,
            card=None if weapon == PISTOL else weapon,
            amount=reach,
        )
        sure = self.sure(seat, target)
        if sure is not None:
            hit = sure == "hit"
            how = "a card makes it " + ("a sure hit" if hit else "a sure miss")
            roll = None
        else:
            accuracy = self.accuracy(seat)
            roll = self.roll(accuracy, f"to hit ({accuracy} Accuracy dice, range {reach})", seat)
            hit = roll.total >= reach
            how = f"rolled {roll.total} against range {reach}"
        if not hit:
            self.emit(
                EventKind.MISSED, f"{attacker.name} misses {victim.name} ({how})", player=seat, other=target, roll=roll
            )
            return
        attacker.record.hits += 1
        self.emit(EventKind.HIT, f"{attacker.name} hits {victim.name} ({how})", player=seat, other=target, roll=roll)
        dice, extra = self.weapon_damage(seat, weapon)
        self.push(
            React(
                player=target,
                attack=AttackContext(attacker=seat, target=target, weapon=weapon, damage=dice, extra=extra),
            )
        )

    def reaction_cards(self, seat: int) -> list[str]:
        """Cards `seat` may play when hit, before damage is rolled (F-META-02)."""
        return [
            card
            for card in self.player(seat).hand
            if any(isinstance(e, CancelHit | TakeOutOfPlay) for e in self.card(card).effects)
        ]

    def react(self, seat: int, card: str | None) -> None:
        """The target answers the hit: a reaction card, or nothing and damage is rolled."""
        pending = self.state.pending.pop()
        assert isinstance(pending, React)
        attack = pending.attack
        if card is None:
            self.emit(EventKind.PASSED, f"{self.name(seat)} plays no reaction", player=seat)
            self.roll_damage(attack)
            return
        player = self.player(seat)
        player.hand.remove(card)
        player.record.cards_played += 1
        self.discard(card)
        effects = self.card(card).effects
        self.emit(
            EventKind.REACTED,
            f"{player.name} plays {self.card_name(card)}: the hit does no damage",
            player=seat,
            other=attack.attacker,
            card=card,
        )
        if any(isinstance(e, TakeOutOfPlay) for e in effects):
            self.take_out_of_play(attack.attacker, f"{player.name}'s {self.card_name(card)}")

    def take_out_of_play(self, seat: int, cause: str) -> None:
        """Off the board until his next turn; his rolls stand and he keeps his cards (F-META-02)."""
        player = self.player(seat)
        if player.status is not Status.IN_PLAY:
            return
        square = player.square
        player.square = None
        player.status = Status.OUT_OF_PLAY
        self.emit(
            EventKind.OUT_OF_PLAY,
            f"{player.name} is taken out of play by {cause} until his next turn",
            player=seat,
            square=square,
        )

    def roll_damage(self, attack: AttackContext) -> None:
        """Defence (current Health dice) against the weapon's dice; the quotient is lost (F-ATK-08)."""
        if not self.on_board(attack.target):
            return
        health = self.health(attack.target)
        defence = self.roll(health, f"defence ({health} Health dice)", attack.target)
        attack_roll = self.roll(
            attack.damage, f"damage ({self.card_name(attack.weapon)}, {attack.damage} dice)", attack.attacker
        )
        lost = health_lost(attack_roll.total, defence.total, attack.extra)
        cause = f"{self.name(attack.attacker)}'s {self.card_name(attack.weapon)}"
        self.hurt(attack.target, lost, attack.attacker, cause)

    def hurt(self, seat: int, lost: int, by: int | None, cause: str) -> None:
        """Take `lost` Health; armor takes its share first and is discarded when used up (F-ATK-09)."""
        player = self.player(seat)
        absorbed = 0
        suit = self.armor(seat)
        if suit is not None and lost > 0:
            bonus = self.card(suit.card).armor
            absorbed = min(lost, bonus - suit.absorbed)
            suit.absorbed += absorbed
            if suit.absorbed >= bonus:
                player.gadgets.remove(suit)
                self.discard(suit.card)
        player.damage += lost - absorbed
        player.record.damage_taken += lost
        if by is not None and by != seat:
            self.player(by).record.damage_dealt += lost
        health = self.health(seat)
        self.emit(
            EventKind.DAMAGED,
            f"{player.name} loses {lost} Health to {cause}: Health {health}",
            player=seat,
            other=by,
            amount=lost,
        )
        if suit is not None and suit.absorbed >= self.card(suit.card).armor:
            self.emit(
                EventKind.ARMOR_LOST,
                f"{player.name}'s {self.card_name(suit.card)} is used up and discarded",
                player=seat,
                card=suit.card,
            )
        if health <= 0:
            self.push(LastChance(player=seat, by=by, cause=cause))

    def cure_cards(self, seat: int) -> list[str]:
        """Cards that restore Health, playable at Health 0 to escape the frag (F-FRAG-01)."""
        return [card for card in self.player(seat).hand if self.card(card).heals]

    def check_survival(self, seat: int) -> None:
        """After a cure at Health 0: still standing if Health is now above 0."""
        top = self.state.pending[-1] if self.state.pending else None
        if isinstance(top, LastChance) and top.player == seat and self.health(seat) > 0:
            self.state.pending.pop()

    def give_up(self, seat: int) -> None:
        """No cure: the fighter at Health 0 or less is fragged."""
        pending = self.state.pending.pop()
        assert isinstance(pending, LastChance)
        self.frag(seat, pending.by, pending.cause)

    def frag(self, seat: int, by: int | None, cause: str) -> None:
        """Out until his next turn; leftovers; a frag for the attacker, never for oneself (F-FRAG-01..03, F-WIN-01)."""
        victim = self.player(seat)
        square = victim.square
        assert square is not None
        victim.square = None
        victim.status = Status.FRAGGED
        victim.record.deaths += 1
        self.emit(EventKind.FRAGGED, f"{victim.name} is fragged by {cause}!", player=seat, other=by, square=square)
        self.leave_leftovers(seat, square)
        if by is None or by == seat:
            return
        scorer = self.player(by)
        scorer.frags += 1
        self.emit(
            EventKind.FRAG_SCORED,
            f"{scorer.name} scores a frag ({scorer.frags} of {self.state.config.frag_target})",
            player=by,
            other=seat,
            amount=scorer.frags,
        )
        if scorer.frags >= self.state.config.frag_target:
            self.state.winner = by
            self.state.turn.phase = Phase.OVER
            self.state.pending.clear()
            self.emit(EventKind.WON, f"{scorer.name} wins with {scorer.frags} frags!", player=by, amount=scorer.frags)
            return
        self.draw(by, Deck.SPECIALS, "for the frag")
