"""Answers out of turn in Ruthless: Got You Covered! shots at a mover (R-COVER-01) and snap shots (R-SNAP-01),
each a response window (`fragtui.engine.decisions.ResponseWindow`).

R-COVER-01: a model marked "Got you covered!" may take one un-aimed shot at an enemy who uses a Move action
in his line of sight. Ruling: the shot comes when the Move ends, at the square the mover ends it on (in
sight and reach of the coverer there); each player with covering models answers in turn (the order of the
turn's initiative), one covering model of his shooting per Move; the shot is no action of the coverer's, and
his mark goes with it. A Lily Livered model's run for cover is no Move action.

R-SNAP-01: when a model is about to be shot at, his player may play a card from his hand higher than the
firer's player's initiative card of the turn to get the draw: a single un-aimed shot at the firer first, or
a duck of up to 3 (a Move's rough allowance, ruling) to a square nearer cover (or in it). The firer cannot
answer with a card; a snap shot opens no window of its own. The declared shot then goes off if the firer is
still standing and the target still in his sight and reach; else it is lost (its rounds not fired).
A model about to be engaged in fisticuffs (R-FIST-01) may answer the same way, before the cards are picked
(`SnapBrawl`); a duck out of contact calls the fisticuffs off.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar, Literal

from fragtui.engine.actions import Action
from fragtui.engine.board import Square
from fragtui.engine.decisions import ResponseWindow, WindowPoint, register_decision
from fragtui.engine.events import CommonEventKind
from fragtui.engine.geometry import Move
from fragtui.engine.rulesets import Ruleset
from fragtui.engine.ruthless.actions import Shoot, Snap
from fragtui.engine.ruthless.deck import card_title, strength
from fragtui.engine.ruthless.grid import reachable
from fragtui.engine.ruthless.nerve import Nerve
from fragtui.engine.ruthless.pieces import WEAPONS
from fragtui.engine.ruthless.seen import Answering
from fragtui.engine.ruthless.shooting import RuthlessKind
from fragtui.engine.ruthless.table import Model

__all__ = ["DUCK", "CoveredShot", "Reactions", "SnapShot"]

DUCK = (3.0, 3.0)
"""How far a duck for cover goes (R-SNAP-01: 3, over open or rough ground alike)."""


@register_decision
class CoveredShot(ResponseWindow):
    """Players with covering models may shoot at an enemy who just moved (R-COVER-01)."""

    kind: Literal[RuthlessKind.COVERED_SHOT] = RuthlessKind.COVERED_SHOT
    point: ClassVar[WindowPoint] = WindowPoint.AFTER_STEP
    label: ClassVar[str] = "got you covered"
    you: ClassVar[str] = "shoot at the mover with a covering model, or let him go"
    they: ClassVar[str] = "{name} may shoot at the mover: got you covered!"
    must: ClassVar[str] = "shoot at the mover or let him go"
    mover: int
    """The model who moved."""

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        return {"answering": Answering(firer=None, target=self.mover)}

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        assert isinstance(rules, Reactions)
        return [*rules.covered_shots(self.player, rules.model(self.mover)), *super().legal_actions(rules)]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if not isinstance(action, Shoot) or not isinstance(rules, Reactions):
            return super().resolve(rules, seat, action, move)
        coverer = rules.model(action.fighter)
        coverer.markers.covering = False
        rules.emit(CommonEventKind.ATTACKED, f"{rules.who(coverer)}: \"Got you covered!\"", player=coverer.id,
                   other=self.mover)  # fmt: skip
        rules.pass_window(self)
        rules.shoot_out_of_turn(action)
        return True


@register_decision
class SnapShot(ResponseWindow):
    """The target's player may get the draw on the firer with a higher card (R-SNAP-01)."""

    kind: Literal[RuthlessKind.SNAP_SHOT] = RuthlessKind.SNAP_SHOT
    point: ClassVar[WindowPoint] = WindowPoint.BEFORE_ATTACK
    label: ClassVar[str] = "snap shot"
    you: ClassVar[str] = "play a higher card to shoot first or duck for cover, or take the shot"
    they: ClassVar[str] = "{name} may get the draw on the shooter."
    must: ClassVar[str] = "answer the shot"
    shot: Shoot
    """The shot declared, fired when the window closes."""
    aimed: bool = False
    """Whether that shot is aimed."""

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        return {"answering": Answering(firer=self.shot.fighter, target=self.shot.target)}

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        assert isinstance(rules, Reactions)
        return [
            *rules.snaps(rules.model(self.shot.fighter), rules.model(self.shot.target)),
            *super().legal_actions(rules),
        ]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if not isinstance(action, Snap) or not isinstance(rules, Reactions):
            return super().resolve(rules, seat, action, move)
        rules.snap(rules.model(self.shot.fighter), rules.model(self.shot.target), action)
        rules.pass_window(self)
        return True

    def close(self, rules: Ruleset) -> None:
        assert isinstance(rules, Reactions)
        rules.fire(self.shot, aimed=self.aimed)


@register_decision
class SnapBrawl(ResponseWindow):
    """The player of a model about to be engaged in fisticuffs may get the draw on the enemy with a higher card
    (R-SNAP-01): a snap shot at him, or a duck out of reach; the fisticuffs follow if they are still in contact."""

    kind: Literal[RuthlessKind.SNAP_BRAWL] = RuthlessKind.SNAP_BRAWL
    point: ClassVar[WindowPoint] = WindowPoint.AFTER_STEP
    label: ClassVar[str] = "snap shot"
    you: ClassVar[str] = "play a higher card to shoot first or duck for cover, or take on the brawl"
    they: ClassVar[str] = "{name} may get the draw on the brawler."
    must: ClassVar[str] = "answer the brawler"
    attacker: int
    """The model who moved into contact."""
    defender: int
    """The model he is about to fight."""

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        return {"answering": Answering(firer=self.attacker, target=self.defender)}

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        assert isinstance(rules, Reactions)
        return [*rules.snaps(rules.model(self.attacker), rules.model(self.defender)), *super().legal_actions(rules)]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if not isinstance(action, Snap) or not isinstance(rules, Reactions):
            return super().resolve(rules, seat, action, move)
        rules.snap(rules.model(self.attacker), rules.model(self.defender), action)
        rules.pass_window(self)
        return True


@lru_cache(maxsize=1 << 12)
def _snap_shot(card: str, weapon: int) -> Snap:
    """A snap shot's action, made once (actions are immutable; a window offers every card with every weapon)."""
    return Snap(card=card, weapon=weapon)


@lru_cache(maxsize=1 << 14)
def _duck(card: str, to: Square) -> Snap:
    """A duck's action, made once (a window offers every high card with every square of the duck)."""
    return Snap(card=card, to=to)


class Reactions(Nerve):
    """Got You Covered! and snap shots."""

    # -- Got You Covered! (R-COVER-01) ----------------------------------------------------------------------

    def covered_shots(self, seat: int, mover: Model) -> list[Shoot]:
        """The un-aimed shots `seat`'s covering models may take at `mover` where he stands."""
        if mover.square is None:
            return []
        found = []
        for model in self.posse(seat):
            if not (model.markers.covering and model.standing and model.square is not None):
                continue
            reach = self.span(model.square, mover.square)
            for index, kind in enumerate(model.card.weapons):
                if model.ammo[index] != 0 and reach <= WEAPONS[kind].reach and self.sees(model.square, mover.square):
                    found.append(Shoot(fighter=model.id, target=mover.id, weapon=index))
        return found

    def after_move(self, mover: Model) -> None:
        """A Move action ended: the covering players may shoot (R-COVER-01)."""
        covering = {model.owner for model in self.table.models if model.markers.covering}
        if not covering:  # (every Move asks: most of the time nobody is covering)
            return
        seats = [
            seat
            for seat in self.table.order or range(len(self.state.players))
            if seat != mover.owner and seat in covering and self.covered_shots(seat, mover)
        ]
        if seats:
            self.state.pending.append(CoveredShot(player=seats[0], responders=seats[1:], mover=mover.id))

    def shoot_out_of_turn(self, action: Shoot) -> None:
        """A covered shot: un-aimed, no action of the coverer's, the target may snap (R-COVER-01, R-SNAP-01)."""
        firer, target = self.model(action.fighter), self.model(action.target)
        if self.snap_window(firer, target, action, False):
            return
        self.fire(action)

    # -- snap shots (R-SNAP-01) ------------------------------------------------------------------------------

    def snap_cards(self, firer: Model, target: Model) -> list[str]:
        """The cards of the target's player that beat the firer's player's initiative card of the turn."""
        table = self.table
        theirs = table.last_picks[firer.owner] if firer.owner < len(table.last_picks) else None
        if theirs is None or not target.standing:
            return []
        return [card for card in table.hands[target.owner] if strength(card) > strength(theirs)]

    def snap_window(self, firer: Model, target: Model, action: Shoot, aimed: bool) -> bool:
        """Open the target's window if his player holds a card high enough and the card buys him something."""
        if target.owner == firer.owner or not self.may_snap(firer, target):
            return False
        self.state.pending.append(SnapShot(player=target.owner, shot=action, aimed=aimed))
        return True

    def ducks(self, model: Model) -> list[Square]:
        """Where a duck for cover may end (R-SNAP-01): within 3, in cover or nearer to it."""
        assert model.square is not None
        field = self.cover_field()
        here = field.get(model.square, float("inf"))
        found = reachable(self.board, model.square, DUCK, self.occupied(model))
        return [square for square in found if field.get(square, float("inf")) < here or field.get(square) == 0]

    def snap_weapons(self, firer: Model, target: Model) -> list[int]:
        """The target's weapons that can hit back at `firer`: loaded, with `firer` in reach and sight."""
        if target.square is None or firer.square is None:
            return []
        return [
            index
            for index, kind in enumerate(target.card.weapons)
            if target.ammo[index] != 0
            and self.span(target.square, firer.square) <= WEAPONS[kind].reach
            and self.sees(target.square, firer.square)
        ]

    def may_snap(self, firer: Model, target: Model) -> bool:
        """Whether `snaps(firer, target)` offers anything, without making its actions: a card high enough, and a
        weapon to hit back with or else a duck. Every shot and every brawl asks this (most of the time the answer
        is no, or yes at the first weapon), and making each card's Snap actions only to count them cost more than
        the rest of the shot's resolving (tests/rules/ruthless/test_speed_caches.py holds it to `snaps`)."""
        if target.square is None or firer.square is None or not self.snap_cards(firer, target):
            return False
        return bool(self.snap_weapons(firer, target)) or bool(self.ducks(target))

    def snaps(self, firer: Model, target: Model) -> list[Snap]:
        """The target's answers to a shot (or fisticuffs) from `firer`: each high card with each weapon that
        can hit back, or a duck."""
        if target.square is None or firer.square is None:
            return []
        weapons = self.snap_weapons(firer, target)
        ducks = self.ducks(target)
        found: list[Snap] = []
        for card in self.snap_cards(firer, target):
            found.extend(_snap_shot(card, index) for index in weapons)
            found.extend(_duck(card, square) for square in ducks)
        return found

    def snap(self, firer: Model, target: Model, action: Snap) -> None:
        """The card played, then the snap shot or the duck (R-SNAP-01)."""
        self.discard_card(target.owner, action.card)
        self.emit(CommonEventKind.CARD_PLAYED, f"{self.name(target.owner)} plays the {card_title(action.card)}: "
                  f"{target.card.name} gets the draw!", player=target.id, card=action.card)  # fmt: skip
        if action.to is not None:
            target.square = action.to
            self.emit(CommonEventKind.MOVED, f"{self.who(target)} ducks for cover to {action.to}", player=target.id,
                      square=action.to)  # fmt: skip
            return
        assert action.weapon is not None
        self.fire(Shoot(fighter=target.id, target=firer.id, weapon=action.weapon))
