"""The lie of the land and the worth of a hit, as a Ruthless player reckons them at the table.

Everything here comes from what is printed or in plain sight: the board (line of sight by the engine's
exact geometry, cover by `grid.cover_of`, distance by `grid.distance`), the character cards and the wound
boxes crossed off in front of everyone (`RuthlessView.models`). The exact odds of a shot the bot may take
now come from the engine (`RuthlessWindow.shot_odds`); these estimates serve the shots it could take from
elsewhere (after a move) and the shots the enemy could take at it, where no forecast can be asked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from fragtui.engine.board import Board, Square
from fragtui.engine.ruthless.grid import cover_of, distance, in_cover
from fragtui.engine.ruthless.odds import LONG_NEED, SHORT_NEED
from fragtui.engine.ruthless.pieces import HORSE_WOUNDS, WEAPONS, Location, WeaponSpec
from fragtui.engine.ruthless.table import Condition, Model

__all__ = [
    "LOCATION_CHANCE",
    "Ground",
    "Gun",
    "chance",
    "ground_of",
    "guns_of",
    "hit_worth",
    "kept_per_board",
    "loaded",
    "nerve_fails",
    "section",
]

LOCATION_CHANCE: dict[Location, float] = {
    Location.LEG: 0.2,
    Location.ARM: 0.2,
    Location.GRAZE: 0.2,
    Location.GUT: 0.1,
    Location.CHEST: 0.2,
    Location.SEVERE: 0.1,
}
"""How often a hit lands on each location (the d10 of R-HIT-01: 1-2, 3-4, 5-6, 7, 8-9, 10)."""

KILL_WORTH = 4.0
"""A hit that kills is worth this many plain hits: the model is gone for good and his friends check nerve."""
KNOCKOUT_WORTH = 1.5
"""A severe wound that tips him over (R-HIT-01) is worth this much more than a plain hit."""
NERVE_WORTH = 1.0
"""A failed Toughness check (Lily Livered, R-TOUGH-01) is worth this much more."""
KEPT = 256
"""Sets of enemy guns (or of targets) whose dangers (or best shots) a board's `Ground` keeps (`Ground.dangers`,
`Ground.offenses`; all forgotten when full): a few hundred squares, or `table.SHOTS_KEPT` shots at most, each."""
ODDS_KEPT = 512
"""Sets of one enemy's guns whose best chances a board's `Ground` keeps (`Ground.odds`; all forgotten when full): a
few hundred squares each."""
OUT_OF_IT = {Condition.STANDING: 1.0, Condition.UNCONSCIOUS: 0.6, Condition.DEAD: 0.0}
"""How much a hit on a model counts by his condition: a man already down matters less, but can still die."""


def chance(need: int, modifier: int) -> float:
    """The chance that 1d10 + `modifier` reaches `need` (as `odds.chance_to_hit`, as a float)."""
    return min(10, max(0, 11 - (need - modifier))) / 10


def nerve_fails(model: Model) -> float:
    """The chance his Toughness check fails (R-TOUGH-01: 1d10 + his nerve bonus below his Toughness)."""
    return min(1.0, max(0.0, (model.card.toughness - model.card.nerve_bonus - 1) / 10))


def loaded(model: Model) -> list[tuple[int, WeaponSpec]]:
    """His weapons that can fire now: with rounds left, or without rounds to count (the bow)."""
    return [(index, WEAPONS[kind]) for index, kind in enumerate(model.card.weapons) if model.ammo[index] != 0]


def hit_worth(model: Model, shift: bool = False) -> float:
    """What one hit on `model` is worth to the firer: a plain hit, more when it may kill (a location one box
    from full, R-HIT-02), knock him out (a severe wound) or break his nerve; less when he is already down or
    Lily Livered, and half when he rides (the horse-or-rider roll, R-SHOOT-02). With `shift` the firer may
    move the location by one (an aimed shot): he gets the best of three neighbouring rolls, roughly."""
    if model.condition is Condition.DEAD:
        return 0.0
    kill = knockout = 0.0
    for location, share in LOCATION_CHANCE.items():
        if model.crossed(location) + 1 >= model.card.wounds[location]:
            kill += share
        elif location is Location.SEVERE:
            knockout += share
    if shift:
        kill, knockout = min(1.0, kill * 2.0), min(1.0 - kill, knockout * 2.0)
    worth = 1.0 + KILL_WORTH * kill + KNOCKOUT_WORTH * knockout
    if model.standing and not model.markers.lily_livered:
        worth += NERVE_WORTH * nerve_fails(model) * (1 - kill - knockout)
    worth *= OUT_OF_IT[model.condition] * (0.7 if model.markers.lily_livered else 1.0)
    if model.mounted:
        horse = 0.4 * (1 + model.horse_wounds / HORSE_WOUNDS)
        worth = 0.5 * worth + 0.5 * horse
    return worth


K = TypeVar("K")
V = TypeVar("V")


def section(store: dict[K, dict[Any, V]], key: K, kept: int) -> dict[Any, V]:
    """The answers kept in `store` under `key` (a new, empty section the first time), all of `store` forgotten once it
    holds `kept` sections."""
    known = store.get(key)
    if known is None:
        if len(store) >= kept:
            store.clear()
        known = store[key] = {}
    return known


class Ground:
    """One board as a player reads it: sight, cover and the shots one square has at another. Cover is
    worked out once per pair of squares (the board never changes); sight is the engine's, which caches."""

    def __init__(self, board: Board) -> None:
        """The ground of `board`."""
        self.board = board
        self._cover: dict[tuple[Square, Square], int] = {}
        self._sheltered: dict[Square, bool] = {}
        self._sight = board.geometry.line_of_sight
        self._dangers: dict[tuple[tuple[Gun, ...], ...], dict[Square, float]] = {}
        self._odds: dict[tuple[Gun, ...], dict[Square, float]] = {}
        self._offenses: dict[tuple[tuple[Square, float], ...], dict[tuple[object, Square], float]] = {}

    def sees(self, a: Square, b: Square) -> bool:
        """Line of sight between the squares (models do not block it, ruling R-SHOOT-01)."""
        return a == b or self._sight(a, b)

    def sheltered(self, square: Square) -> bool:
        """Whether a model on `square` is in cover (`grid.in_cover`: on a cover square or beside one)."""
        known = self._sheltered.get(square)
        if known is None:
            known = self._sheltered[square] = in_cover(self.board, square)
        return known

    def cover(self, target: Square, firer: Square) -> int:
        """What cover gives a model on `target` against a shot from `firer` (`grid.cover_of`: 0, 1 or 2)."""
        key = (target, firer)
        known = self._cover.get(key)
        if known is None:
            if len(self._cover) > 200_000:
                self._cover.clear()
            known = self._cover[key] = cover_of(self.board, target, firer)
        return known

    def dangers(self, guns: tuple[tuple[Gun, ...], ...]) -> dict[Square, float]:
        """The danger of each square worked out so far (`Table.danger`) while the enemies' loaded weapons stand as
        `guns` (each standing enemy's, where he stands): every decision of a posse's activation, and of a searching
        bot's rollouts, faces the same enemies standing still, and the danger of a square is theirs and the board's
        alone. Filled in by the caller; all forgotten past `KEPT` sets of guns."""
        return section(self._dangers, guns, KEPT)

    def odds(self, guns: tuple[Gun, ...]) -> dict[Square, float]:
        """The best chance of `guns` (one enemy's loaded weapons, where he stands) at each square worked out so far
        (`Gun.best_of`, by `Table.danger`): the part of a square's danger that is his, as it was while another enemy
        moved. Filled in by the caller; all forgotten past `ODDS_KEPT` sets of guns."""
        return section(self._odds, guns, ODDS_KEPT)

    def offenses(self, targets: tuple[tuple[Square, float], ...]) -> dict[tuple[object, Square], float]:
        """The best shots worked out so far (`Table.offense`) while the enemies stand and are worth as `targets`
        (each one's square and the worth of a hit on him), by the firer's guns and the square he would fire from:
        the same from one decision to the next. Filled in by the caller; all forgotten past `KEPT` targets."""
        return section(self._offenses, targets, KEPT)

    def shot(
        self,
        firer: Model,
        spec: WeaponSpec,
        frm: Square,
        to: Square,
        *,
        aiming: bool = False,
        mounted: bool | None = None,
    ) -> float:
        """The chance a single shot with `spec` from `frm` hits a model on `to` (R-SHOOT-01's modifiers; 0
        out of reach or sight) — the estimate of a shot not on offer now."""
        reach = distance(frm, to)
        if reach > spec.reach or not self.sees(frm, to):
            return 0.0
        short = spec.short is not None and reach <= spec.short
        modifier = firer.card.shoot_bonus - self.cover(to, frm)
        if aiming:
            modifier += 1
        if firer.markers.lily_livered:
            modifier -= 1
        if firer.mounted if mounted is None else mounted:
            modifier -= 2
        modifier += spec.close_bonus if short else spec.long_bonus
        return chance(SHORT_NEED if short else LONG_NEED, modifier)

    def danger(self, square: Square, enemies: Sequence[Model]) -> float:
        """The hits a model on `square` may expect from the enemies' next shots: each standing enemy's best
        single shot at him there (their models act twice, but share their shots among all of ours)."""
        return sum(Gun.best_of(guns_of(enemy), self, square) for enemy in enemies if enemy.standing)


@dataclass(frozen=True)
class Gun:
    """One loaded weapon of one model where he stands, ready to be asked what it hits: the estimate of
    `Ground.shot`, its parts worked out once per decision."""

    at: Square
    """Where the firer stands."""
    short: int
    """Its short range (0: none)."""
    reach: int
    """Its farthest range."""
    close: int
    """Every modifier of a shot at short range but cover (aiming, Lily Livered, mounted, the weapon, trait)."""
    far: int
    """The same at long range."""

    @staticmethod
    def best_of(guns: Sequence[Gun], ground: Ground, to: Square) -> float:
        """The best chance any of `guns` has of hitting a model on `to` (0: none reaches or sees it)."""
        best = 0.0
        seen: bool | None = None
        for gun in guns:
            at = gun.at
            dx, dy = abs(at.x - to.x), abs(at.y - to.y)
            reach = dx + dy / 2 if dx >= dy else dy + dx / 2
            if reach > gun.reach:
                continue
            if seen is None:
                seen = ground.sees(at, to)
            if not seen:
                return 0.0
            need = SHORT_NEED - gun.close if reach <= gun.short else LONG_NEED - gun.far
            need += ground.cover(to, at)
            odds = min(10, max(0, 11 - need)) / 10
            if odds > best:
                best = odds
        return best


def guns_of(model: Model, at: Square | None = None, *, aiming: bool = False, mounted: bool | None = None) -> list[Gun]:
    """`model`'s loaded weapons as `Gun`s, standing on `at` (his square if None)."""
    square = model.square if at is None else at
    if square is None:
        return []
    base = model.card.shoot_bonus + (1 if aiming else 0) - (1 if model.markers.lily_livered else 0)
    if model.mounted if mounted is None else mounted:
        base -= 2
    return [
        Gun(
            at=square,
            short=spec.short or 0,
            reach=spec.reach,
            close=base + spec.close_bonus,
            far=base + spec.long_bonus,
        )
        for _, spec in loaded(model)
    ]


_GROUNDS: dict[int, tuple[Board, Ground]] = {}


def kept_per_board(kept: dict[int, tuple[Board, K]], board: Board, make: Callable[[Board], K]) -> K:
    """`make(board)`, made once per board and shared by every bot: kept in `kept` by the board's id, the board
    beside it (so a new board at an old id is not mistaken), all forgotten past 16 boards."""
    known = kept.get(id(board))
    if known is None or known[0] is not board:
        if len(kept) > 16:
            kept.clear()
        known = kept[id(board)] = (board, make(board))
    return known[1]


def ground_of(board: Board) -> Ground:
    """The `Ground` of `board`, made once per board and shared by every bot."""
    return kept_per_board(_GROUNDS, board, Ground)
