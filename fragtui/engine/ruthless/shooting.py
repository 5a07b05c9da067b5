"""Shooting and wounds in Ruthless: R-SHOOT-01/02, R-WPN-01/02, R-HIT-01/02, R-ACT-01's Aim and Reload.

`Shooting.shot_odds` gives the exact chance of a shot before it is taken (odds.py). A hit on a mounted
model rolls for horse or rider (R-SHOOT-02); a hit on the rider rolls his location (R-HIT-01), which the
firer of an aimed shot may shift by one (the `AimedHit` decision); crossing off the last box of a location
kills (R-HIT-02). Every hit then asks the nerve rules (`Nerve`, nerve.py) for a Toughness check.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar, Literal

from fragtui.engine.actions import Action
from fragtui.engine.board import Square
from fragtui.engine.decisions import Decision, DecisionKind, register_decision
from fragtui.engine.events import CommonEventKind
from fragtui.engine.fighters import FighterId
from fragtui.engine.geometry import Move
from fragtui.engine.rulesets import Ruleset
from fragtui.engine.ruthless.actions import Shift, Shoot
from fragtui.engine.ruthless.events import RuthlessEventKind
from fragtui.engine.ruthless.grid import cover_of
from fragtui.engine.ruthless.odds import (
    FANFIRE_NEED,
    LONG_NEED,
    SHORT_NEED,
    ShotOdds,
    chance_to_hit,
    fanfire_odds,
)
from fragtui.engine.ruthless.pieces import HORSE_WOUNDS, WEAPONS, Location, location_of
from fragtui.engine.ruthless.posse import Posses
from fragtui.engine.ruthless.seen import Answering
from fragtui.engine.ruthless.sightlines import SightTable
from fragtui.engine.ruthless.table import Condition, Model

__all__ = ["AimedHit", "RuthlessKind", "Shooting"]

FANFIRE_MAX = 6
"""Rounds a fanfire may fire in one action (R-WPN-02)."""
RELOAD = 3
"""Rounds one Reload action puts back (R-ACT-01)."""
_KEPT = 4096
_SPOTS = 1024
"""Where the enemies stand, read as sight-table bits (`Shooting._seen`), kept for so many placings (all forgotten
when full)."""
"""A game's remembered answers of `Shooting.shots` (all forgotten when full)."""


@lru_cache(maxsize=1 << 14)
def _shoot(fighter: int, target: int, weapon: int, rounds: int) -> Shoot:
    """A Shoot action, made once (actions are immutable; every decision offers the same ones again)."""
    if rounds == 1:
        return Shoot(fighter=fighter, target=target, weapon=weapon)
    return Shoot(fighter=fighter, target=target, weapon=weapon, rounds=rounds)


class RuthlessKind(DecisionKind):
    """The decisions Ruthless adds."""

    AIMED_HIT = "aimed_hit"
    COVERED_SHOT = "covered_shot"
    SNAP_SHOT = "snap_shot"
    FISTICUFFS = "fisticuffs"
    SNAP_BRAWL = "snap_brawl"


@register_decision
class AimedHit(Decision):
    """The firer of an aimed shot that hit may shift its location roll by one (R-HIT-01)."""

    kind: Literal[RuthlessKind.AIMED_HIT] = RuthlessKind.AIMED_HIT
    label: ClassVar[str] = "aimed hit"
    you: ClassVar[str] = "shift the hit location of your aimed shot by one, or leave it"
    they: ClassVar[str] = "{name} places an aimed hit."
    must: ClassVar[str] = "place the aimed hit"
    firer: int
    """The model who fired."""
    target: int
    """The model hit."""
    roll: int
    """The location roll, 1–10, before the shift."""

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        return {"answering": Answering(firer=self.firer, target=self.target, roll=self.roll)}

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return [Shift(by=by) for by in (0, -1, 1) if 1 <= self.roll + by <= 10]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if not isinstance(action, Shift) or not isinstance(rules, Shooting):
            return False
        rules.state.pending.remove(self)
        rules.land_hit(rules.model(self.firer), rules.model(self.target), self.roll + action.by)
        return True


class Shooting(Posses):
    """Shooting, hits and wounds."""

    # -- the odds ----------------------------------------------------------------------------------------

    def shot_odds(self, action: Shoot, *, aiming: bool | None = None) -> ShotOdds:
        """The exact odds of `action` (a Shoot the rules would allow, range and line of sight aside: those
        are the legal actions' to check); `aiming`: whether the firer aims (None: as his marker says)."""
        firer, target = self.model(action.fighter), self.model(action.target)
        assert firer.square is not None and target.square is not None
        spec = WEAPONS[firer.card.weapons[action.weapon]]
        reach = self.span(firer.square, target.square)
        short = spec.short is not None and reach <= spec.short
        if action.rounds > 1:
            chance, expected = fanfire_odds(action.rounds)
            return ShotOdds(short=True, need=FANFIRE_NEED, modifier=0, modifiers=(), rounds=action.rounds,
                            chance=chance, expected_hits=expected)  # fmt: skip
        modifiers: list[tuple[str, int]] = []
        if firer.markers.aiming if aiming is None else aiming:
            modifiers.append(("aiming", 1))
        if firer.markers.lily_livered:
            modifiers.append(("Lily Livered", -1))
        cover = cover_of(self.board, target.square, firer.square)
        if cover:
            modifiers.append(("hard cover" if cover == 2 else "soft cover", -cover))
        if firer.mounted:
            modifiers.append(("mounted", -2))
        bonus = spec.close_bonus if short else spec.long_bonus
        if bonus:
            modifiers.append((f"{spec.title} at {'close' if short else 'long'} range", bonus))
        if firer.card.shoot_bonus:
            modifiers.append((firer.card.trait or "trait", firer.card.shoot_bonus))
        modifier = sum(value for _, value in modifiers)
        need = SHORT_NEED if short else LONG_NEED
        chance = chance_to_hit(need, modifier)
        return ShotOdds(short=short, need=need, modifier=modifier, modifiers=tuple(modifiers), rounds=1,
                        chance=chance, expected_hits=chance)  # fmt: skip

    # -- what a model may shoot at ----------------------------------------------------------------------

    def shots(self, model: Model, enemies: tuple[Square | None, ...] | None = None) -> list[Shoot]:
        """Every Shoot `model` may take now: each loaded weapon at each enemy in sight and reach, and the
        fanfires a revolver or a Buntline has at short range (R-SHOOT-01, R-WPN-01/02).

        Kept by everything they depend on (`Posses._shots`): a decision after a friend's Move offers the
        same shots again without measuring a range or a line of sight. `enemies`: `enemy_squares(model.owner)`,
        when the caller has it."""
        if model.square is None:
            return []
        if enemies is None:
            enemies = self.enemy_squares(model.owner)
        key = (model.id, model.square, tuple(model.ammo), enemies)
        known = self._shots.get(key)
        if known is None:
            known = tuple(self._shots_now(model, enemies))
            if len(self._shots) >= _KEPT:
                self._shots.clear()
            self._shots[key] = known
        return list(known)

    def _shots_now(self, model: Model, enemies: tuple[Square | None, ...]) -> list[Shoot]:
        """`shots`, worked out: the enemies he sees read off his square's row of the map's sight table at once
        (`_seen`), each one's range measured once for all the model's weapons (`grid.distance`, written out here:
        this is asked whenever a model or an enemy has moved)."""
        here = model.square
        assert here is not None
        fighter = model.id
        weapons: list[tuple[int, float, int, float | None]] = []  # (weapon, reach, fanfire rounds, short range)
        for index, kind in enumerate(model.card.weapons):
            ammo = model.ammo[index]
            if ammo == 0:
                continue
            spec = WEAPONS[kind]
            fans = min(FANFIRE_MAX, ammo) if spec.fanfire and spec.short is not None and ammo is not None else 0
            weapons.append((index, spec.reach, fans, spec.short))
        if not weapons:
            return []
        farthest = max(weapon[1] for weapon in weapons)
        x, y = here.x, here.y
        targets: list[tuple[int, float]] = []
        for enemy, there in self._seen(model, enemies):
            dx, dy = abs(there.x - x), abs(there.y - y)
            reach = dx + dy / 2 if dx >= dy else dy + dx / 2
            if reach <= farthest:
                targets.append((enemy, reach))
        found: list[Shoot] = []
        for index, farthest, fans, short in weapons:
            for target, reach in targets:
                if reach > farthest:
                    continue
                found.append(_shoot(fighter, target, index, 1))
                if fans and short is not None and reach <= short:
                    found.extend(_shoot(fighter, target, index, rounds) for rounds in range(2, fans + 1))
        return found

    def _seen(self, model: Model, enemies: tuple[Square | None, ...]) -> list[tuple[int, Square]]:
        """The enemies on the table `model` sees (ruling R-SHOOT-01: models block no sight), in id order, with their
        squares: `enemies` (`enemy_squares(model.owner)`) and the posse's enemies' ids matched, and those seen
        picked out by his square's row of the map's sight table (one shift an enemy) where the table has it."""
        here = model.square
        assert here is not None
        ids = self._enemy_ids.get(model.owner)
        if ids is None:
            ids = self._enemy_ids[model.owner] = tuple(m.id for m in self.table.models if m.owner != model.owner)
        table = self._sight_table
        row = None if table is None else table.row(here)
        spots = None if table is None or row is None else self._spots_of(table, ids, enemies)
        if spots is None or row is None:
            pairs = zip(ids, enemies, strict=True)
            return [(enemy, there) for enemy, there in pairs if there is not None and self.sees(here, there)]
        found = []
        for bit, spot in spots.items():  # (in id order: the dict was filled so)
            if row >> bit & 1:
                found.append(spot)
        return found

    def _spots_of(
        self, table: SightTable, ids: tuple[FighterId, ...], enemies: tuple[Square | None, ...]
    ) -> dict[int, tuple[FighterId, Square]] | None:
        """The enemies on the table by their squares' bits in `table`, in id order; None when one is not in it
        (or two share a square): kept by `enemies`, since every model of the posse asks it at a decision."""
        spots = self._spots.get(enemies)
        if spots is None and enemies not in self._spots:
            spots = {}
            for enemy, there in zip(ids, enemies, strict=True):
                if there is not None:
                    bit = table.bit(there)
                    if bit is None or bit in spots:
                        spots = None
                        break
                    spots[bit] = (enemy, there)
            if len(self._spots) >= _SPOTS:
                self._spots.clear()
            self._spots[enemies] = spots
        return spots

    def reloads(self, model: Model) -> list[int]:
        """The weapons `model` may reload: those with rounds to count and not full (R-ACT-01)."""
        return [
            index
            for index, kind in enumerate(model.card.weapons)
            if (rounds := WEAPONS[kind].rounds) is not None and (model.ammo[index] or 0) < rounds
        ]

    # -- resolving ------------------------------------------------------------------------------------------

    def shoot(self, action: Shoot) -> None:
        """A Shoot action (R-SHOOT-01): declared, and the target's player may get the draw on the firer first
        (R-SNAP-01: `snap_window`); then fired."""
        firer, target = self.model(action.fighter), self.model(action.target)
        aimed = firer.markers.aiming and action.rounds == 1
        firer.markers.aiming = False
        firer.shots += 1
        weapon = WEAPONS[firer.card.weapons[action.weapon]].title
        self.emit(
            CommonEventKind.ATTACKED,
            f"{self.who(firer)} {'fanfires' if action.rounds > 1 else 'shoots'} at {self.who(target)} "
            f"with the {weapon}" + (f", {action.rounds} rounds" if action.rounds > 1 else ""),
            player=firer.id,
            other=target.id,
        )
        if self.snap_window(firer, target, action, aimed):
            return
        self.fire(action, aimed=aimed)

    def snap_window(self, firer: Model, target: Model, action: Shoot, aimed: bool) -> bool:
        """Open the target's snap-shot window before the shot, if he may answer (reactions.py); False: fire."""
        return False

    def may_fire(self, action: Shoot) -> bool:
        """Whether a declared shot can still be fired: the firer standing, the target on the table, in sight
        and in reach, the rounds there (after a snap shot or a duck, R-SNAP-01)."""
        firer, target = self.model(action.fighter), self.model(action.target)
        if not firer.standing or firer.square is None or target.square is None:
            return False
        ammo = firer.ammo[action.weapon]
        spec = WEAPONS[firer.card.weapons[action.weapon]]
        reach = self.span(firer.square, target.square)
        if action.rounds > 1 and (spec.short is None or reach > spec.short):
            return False
        return (
            (ammo is None or ammo >= action.rounds) and reach <= spec.reach and self.sees(firer.square, target.square)
        )

    def fire(self, action: Shoot, *, aimed: bool = False) -> None:
        """The shot fired: rounds crossed off, the to-hit rolled, each hit resolved (R-SHOOT-01, R-WPN-02)."""
        firer, target = self.model(action.fighter), self.model(action.target)
        if not self.may_fire(action):
            self.emit(CommonEventKind.MISSED, f"{self.who(firer)}'s shot is lost", player=firer.id, other=target.id)
            return
        odds = self.shot_odds(action, aiming=aimed)
        ammo = firer.ammo[action.weapon]
        if ammo is not None:
            firer.ammo[action.weapon] = ammo - action.rounds
        self.state.players[firer.owner].record.shots += 1
        if action.rounds > 1:
            roll = self.roll(action.rounds, f"fanfire: a 10 hits ({action.rounds} rounds)", firer.owner, sides=10)
            hits = sum(1 for face in roll.dice if face >= FANFIRE_NEED)
        else:
            reason = f"to hit: {odds.need}+" + (f", {odds.modifier:+d}" if odds.modifier else "")
            roll = self.roll(1, reason, firer.owner, sides=10)
            hits = 1 if roll.total + odds.modifier >= odds.need else 0
        self.state.players[firer.owner].record.hits += hits
        if not hits:
            self.emit(CommonEventKind.MISSED, f"{self.who(firer)} misses", player=firer.id, other=target.id)
            return
        self.emit(
            CommonEventKind.HIT, f"{self.who(firer)} hits {hits} time(s)", player=firer.id, other=target.id, amount=hits
        )
        for _ in range(hits):
            if not target.on_table:
                break
            self.hit(firer, target, aimed=aimed)

    def hit(self, firer: Model | None, target: Model, *, aimed: bool = False, fisticuffs: bool = False) -> None:
        """One hit on `target`: horse or rider if he is mounted (R-SHOOT-02), then the location (R-HIT-01),
        which the firer of an aimed shot may shift (a decision)."""
        if target.mounted and not fisticuffs:
            horse = self.roll(1, "horse (1-5) or rider (6-10)", target.owner, sides=10)
            if horse.total <= 5:
                self.wound_horse(target)
                return
        roll = self.roll(1, "hit location", target.owner, sides=10).total
        if aimed and firer is not None:
            self.state.pending.append(AimedHit(player=firer.owner, firer=firer.id, target=target.id, roll=roll))
            return
        self.land_hit(firer, target, roll, fisticuffs=fisticuffs)

    def land_hit(self, firer: Model | None, target: Model, roll: int, *, fisticuffs: bool = False) -> None:
        """The hit lands where `roll` says (R-HIT-01): a box crossed off, death at the last one (R-HIT-02),
        unconscious on a severe wound (or a gut punch in fisticuffs); then the Toughness check (R-TOUGH-01)."""
        location = location_of(roll)
        target.wounds[location] = target.crossed(location) + 1
        self.state.players[target.owner].record.damage_taken += 1
        if firer is not None:
            self.state.players[firer.owner].record.damage_dealt += 1
        target.markers.covering = False  # the mark goes when he is wounded (R-COVER-01)
        boxes = target.card.wounds[location]
        self.emit(
            CommonEventKind.DAMAGED,
            f"{self.who(target)} is hit in the {location.value} ({target.crossed(location)} of {boxes})",
            player=target.id,
            amount=1,
        )
        if target.crossed(location) >= boxes:
            if firer is not None and firer.owner != target.owner:
                self.state.players[firer.owner].frags += 1
            self.kill(target, f"{self.who(target)} is killed")
            return
        if location is Location.SEVERE or (fisticuffs and location is Location.GUT):
            self.knock_out(target)
            return
        self.toughness_check(target)

    def wound_horse(self, rider: Model) -> None:
        """A hit on the horse: at the third wound it dies and he is on foot (R-HIT-02); he checks his nerve
        either way (R-TOUGH-01)."""
        rider.horse_wounds += 1
        self.emit(CommonEventKind.DAMAGED, f"{self.who(rider)}'s horse is hit ({rider.horse_wounds} of {HORSE_WOUNDS})",
                  player=rider.id, amount=1)  # fmt: skip
        if rider.horse_wounds >= HORSE_WOUNDS:
            rider.horse_dead = True
            rider.mounted = False
            self.emit(RuthlessEventKind.KILLED, f"{self.who(rider)}'s horse is killed", player=rider.id)
        self.toughness_check(rider)

    def lose_grip(self, model: Model) -> None:
        """What a model down, dead or Lily Livered lets go of (the strongbox scenario: `Objectives`)."""

    def knock_out(self, model: Model) -> None:
        """Tipped over, unconscious (R-HIT-01): his marks go."""
        self.lose_grip(model)
        model.condition = Condition.UNCONSCIOUS
        model.markers.covering = model.markers.aiming = False
        self.emit(RuthlessEventKind.KNOCKED_OUT, f"{self.who(model)} is knocked unconscious", player=model.id)

    def kill(self, model: Model, text: str) -> None:
        """Dead and off the table (R-HIT-02); his friends who saw it check their nerve (R-TOUGH-01)."""
        where = model.square
        self.lose_grip(model)
        self.state.players[model.owner].record.deaths += 1
        model.condition = Condition.DEAD
        model.square = None
        model.mounted = False
        model.markers.covering = model.markers.aiming = model.markers.lily_livered = False
        self.emit(RuthlessEventKind.KILLED, text, player=model.id, square=where)
        if where is None:
            return
        for friend in list(self.posse(model.owner)):
            if friend.standing and friend.square is not None and self.sees(friend.square, where):
                self.toughness_check(friend)

    def toughness_check(self, model: Model) -> None:
        """The nerve rules' (nerve.py)."""
        raise NotImplementedError
