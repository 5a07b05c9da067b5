"""The decision in front of a Ruthless bot, read once: its seat's view of the table, its legal actions, its
posse and the enemy, and the ground. Every part of the bot asks this, never the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from fragtui.bots.ruthless.ground import Ground, Gun, guns_of, hit_worth
from fragtui.bots.ruthless.strongbox import CARRIER_STAKES, GUARD_STAKES, Walks, walks_of
from fragtui.bots.ruthless.window import RuthlessWindow
from fragtui.engine.actions import Action, Pass
from fragtui.engine.board import Direction, Square
from fragtui.engine.ruthless.actions import Shoot
from fragtui.engine.ruthless.odds import ShotOdds
from fragtui.engine.ruthless.seen import RuthlessView
from fragtui.engine.ruthless.table import Model

__all__ = ["Table"]

SHOTS_KEPT = 4096
"""Best shots (`Table.offense`) kept under one set of targets (all forgotten when full): a few models' guns from a
few hundred squares."""


@dataclass
class Table:
    """One decision of one seat in a game of Ruthless."""

    window: RuthlessWindow
    """The seat's window on the game (a plain `BotWindow` given is seen as Ruthless's: `RuthlessWindow.of`)."""
    view: RuthlessView
    """The table as the seat sees it."""
    legal: Sequence[Action]
    """The seat's legal actions now."""
    ground: Ground
    """The board, read."""
    _odds: dict[Shoot, ShotOdds] = field(default_factory=dict)
    _worth: dict[tuple[int, bool], float] = field(default_factory=dict)
    _targets: dict[bool, tuple[tuple[Square, float], ...]] = field(default_factory=dict)
    _firers: dict[tuple[int, bool], tuple[tuple[int, int, int, int], ...]] = field(default_factory=dict)
    _offenses: dict[bool, dict[tuple[object, Square], float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.window = RuthlessWindow.of(self.window)

    @property
    def seat(self) -> int:
        """The seat deciding."""
        return self.window.seat

    @cached_property
    def mine(self) -> list[Model]:
        """The seat's models on the table."""
        return [m for m in self.view.models if m.owner == self.seat and m.square is not None]

    @cached_property
    def enemies(self) -> list[Model]:
        """Every other posse's models on the table (standing or down), skedaddled posses left out."""
        gone = set(self.view.skedaddled)
        return [m for m in self.view.models if m.owner != self.seat and m.square is not None and m.owner not in gone]

    @cached_property
    def standing_enemies(self) -> list[Model]:
        """The enemies who may shoot back."""
        return [m for m in self.enemies if m.standing]

    def model(self, fighter: int) -> Model:
        """A model by id."""
        return self.view.models[fighter]

    def odds(self, shot: Shoot) -> ShotOdds:
        """The exact odds of a legal shot (the engine's forecast), asked once per decision."""
        known = self._odds.get(shot)
        if known is None:
            known = self._odds[shot] = self.window.shot_odds(shot)
        return known

    @cached_property
    def enemy_guns(self) -> list[list[Gun]]:
        """Each standing enemy's loaded weapons where he stands."""
        return [guns for enemy in self.standing_enemies if (guns := guns_of(enemy))]

    def danger(self, square: Square) -> float:
        """The hits a model of ours on `square` may expect from the enemies' next shots: the sum of each
        standing enemy's best single shot at him there (they act twice, but share their shots among all of
        ours). Worked out once per square while the enemies' guns stand as they do (`Ground.dangers`: shared by
        the decisions that follow, every one of them in a posse's activation)."""
        dangers = self._dangers
        known = dangers.get(square)
        if known is None:
            ground = self.ground
            total: float = 0  # (as `sum` added them: from 0, enemy by enemy)
            for guns, odds in self._enemy_odds:
                part = odds.get(square)
                if part is None:
                    part = odds[square] = Gun.best_of(guns, ground, square)
                total += part
            known = dangers[square] = total
        return known

    @cached_property
    def _enemy_odds(self) -> list[tuple[list[Gun], dict[Square, float]]]:
        """Each standing enemy's guns with their best chances worked out so far (`Ground.odds`): when one enemy has
        moved, the others' part of a square's danger is looked up."""
        ground = self.ground
        return [(guns, ground.odds(tuple(guns))) for guns in self.enemy_guns]

    @cached_property
    def _dangers(self) -> dict[Square, float]:
        """The dangers worked out under the enemies' guns as they stand now (`danger`)."""
        return self.ground.dangers(tuple(tuple(guns) for guns in self.enemy_guns))

    def worth(self, model: Model, shift: bool = False) -> float:
        """What a hit on `model` is worth (`hit_worth`) times what rides on him (`stakes`), once per decision."""
        key = (model.id, shift)
        known = self._worth.get(key)
        if known is None:
            known = self._worth[key] = hit_worth(model, shift=shift) * self.stakes(model)
        return known

    # -- the strongbox scenario (strongbox.py) ------------------------------------------------------------

    @cached_property
    def walks(self) -> Walks:
        """The board's walking distances (to the posses' home edges, to the strongbox)."""
        return walks_of(self.ground.board)

    def home(self, seat: int) -> Direction:
        """`seat`'s home edge: the side of the map its carrier carries the strongbox off across."""
        return self.view.home_edges[seat]

    def walk_home(self, model: Model, square: Square | None = None) -> float:
        """The walk from `square` (his own if None) to the home edge of `model`'s posse."""
        where = model.square if square is None else square
        assert where is not None
        return self.walks.to_home(self.home(model.owner), where)

    @cached_property
    def carrier(self) -> Model | None:
        """The model carrying the strongbox (None: it lies, or no strongbox is played for)."""
        carrier = self.view.carrier
        return None if carrier is None else self.model(carrier)

    @cached_property
    def runner(self) -> int | None:
        """While the strongbox lies: the model of ours who would reach it first (walking, a rider twice as
        fast; standing, not Lily Livered: he may take it up). None when it does not lie or nobody may."""
        box = self.view.strongbox
        if box is None:
            return None
        best: tuple[float, int] | None = None
        for mine in self.mine:
            if not mine.standing or mine.markers.lily_livered:
                continue
            assert mine.square is not None
            walk = self.walks.to(box, mine.square) / (2 if mine.mounted else 1)
            if best is None or (walk, mine.id) < best:
                best = (walk, mine.id)
        return None if best is None else best[1]

    def stakes(self, model: Model) -> float:
        """How much more than a plain hit a hit on `model` is worth for the strongbox: on the enemy's carrier
        `CARRIER_STAKES`, on an enemy who could shoot our carrier `GUARD_STAKES`; else 1."""
        if model.owner == self.seat:
            return 1.0
        carrier = self.carrier
        if carrier is None:
            return 1.0
        if carrier.id == model.id:
            return CARRIER_STAKES
        guards = carrier.owner == self.seat and carrier.square is not None and model.standing
        if guards and carrier.square is not None and Gun.best_of(guns_of(model), self.ground, carrier.square) > 0.0:
            return GUARD_STAKES
        return 1.0

    def offense(self, model: Model, square: Square, *, aiming: bool = False) -> float:
        """The worth of the best single shot `model` would have from `square` (an estimate: no forecast can
        be asked of a shot from elsewhere). Kept per board (`Ground.offenses`) by what it rests on: his guns as
        they would fire from there, and each enemy's square and worth; the decisions that follow ask it again."""
        firer = self._firer(model, aiming)
        if not firer:
            return 0.0
        offenses = self._offenses.get(aiming)
        if offenses is None:
            offenses = self._offenses[aiming] = self.ground.offenses(self._targets_of(aiming))
        key = (firer, square)
        best = offenses.get(key)
        if best is not None:
            return best
        guns = guns_of(model, square, aiming=aiming)
        ground = self.ground
        best = 0.0
        for target in self.enemies:
            assert target.square is not None
            odds = Gun.best_of(guns, ground, target.square)
            if odds > 0.0:
                best = max(best, odds * self.worth(target, shift=aiming))
        if len(offenses) >= SHOTS_KEPT:
            offenses.clear()
        offenses[key] = best
        return best

    def _firer(self, model: Model, aiming: bool) -> tuple[tuple[int, int, int, int], ...]:
        """`model`'s loaded guns as `guns_of` makes them (`aiming` or not), all but where they stand: (short
        range, reach, close and far modifiers) each; empty when none is loaded."""
        key = (model.id, aiming)
        known = self._firers.get(key)
        if known is None:
            anywhere = model.square if model.square is not None else Square(0, 0)
            guns = guns_of(model, anywhere, aiming=aiming)
            known = self._firers[key] = tuple((gun.short, gun.reach, gun.close, gun.far) for gun in guns)
        return known

    def _targets_of(self, aiming: bool) -> tuple[tuple[Square, float], ...]:
        """Each enemy's square and the worth of a hit on him (`worth`): all `offense` reads of the enemies."""
        known = self._targets.get(aiming)
        if known is None:
            known = self._targets[aiming] = tuple(
                (target.square, self.worth(target, shift=aiming))
                for target in self.enemies
                if target.square is not None
            )
        return known

    @property
    def may_pass(self) -> bool:
        """Whether passing is on offer."""
        return Pass() in self.legal
