"""Sizing up a fight from what a seat can see: whose guns reach where, and what a shot is worth.

`BotWindow.forecast` gives the exact odds of an attack the bot may declare *now*, from where it
stands. To choose where to go, the bot must also guess at attacks from squares it is not on yet,
and at the attacks rivals could make on it; that is what this module estimates, with the same
exact dice odds (`fragtui.engine.odds`) and the public cards in play, but leaving out what only
the engine's forecast follows (shields, sure hits, on-hit effects): it ranks squares, and the
forecast decides the shot.

Worth is one scale for everything the heuristic bot weighs: Health a shot is expected to take,
plus `FRAG_WORTH` for each whole chance of a frag (a frag is what wins).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from fragtui.bots.window import BotWindow
from fragtui.engine.board import Square, distance
from fragtui.engine.cards import PISTOL, PISTOL_DAMAGE, CardDef, CardKind, Flag, FlagName, Modify, ModStat, Scope
from fragtui.engine.frag.forecast import AttackForecast
from fragtui.engine.odds import expected_damage, p_at_least, p_frag
from fragtui.engine.state import InPlay, Status
from fragtui.engine.view import FighterView, PlayerView

__all__ = [
    "FRAG_WORTH",
    "Gun",
    "acid_risk",
    "arsenal",
    "attack_worth",
    "fighting",
    "in_sight",
    "line_clear",
    "shot_worth",
    "threat",
]

FRAG_WORTH = 2.0
"""A frag's worth in Health: more than the Health it takes, because frags win games."""
ACID_DICE = 2
"""Entering acid is an attack worth 2 dice (F-MAP-01)."""


@dataclass(frozen=True)
class Gun:
    """A weapon a fighter could fire, as an estimate needs it."""

    weapon: str
    """`pistol` or the card instance."""
    dice: int
    """Damage dice, with the cards in play that add or multiply them."""
    extra: int
    """Printed extra damage."""
    accuracy: int
    """Accuracy dice for this weapon (scopes attached to it included)."""
    min_range: int = 1
    """The nearest target it may fire at."""
    max_range: int | None = None
    """The farthest; None for no limit."""


def fighting(view: PlayerView, seat: int) -> bool:
    """Whether `seat`'s fighter is on the board (and so may be attacked or attack)."""
    fighter = view.fighters[seat]
    return fighter.status is Status.IN_PLAY and fighter.square is not None


def _modifier(window: BotWindow, view: PlayerView, seat: int, stat: ModStat, weapon: str | None) -> tuple[int, int]:
    """(product, sum) of the `stat` modifiers reaching `seat`'s attacks with `weapon`, from the
    cards in play at the table (all public)."""
    multiply, add = 1, 0
    for owner, fighter in enumerate(view.fighters):
        for entry in (*fighter.gadgets, *fighter.specials):
            for effect in window.card(entry.card).effects:
                if not isinstance(effect, Modify) or effect.stat is not stat:
                    continue
                if effect.scope is Scope.WEAPON:
                    reaches = owner == seat and weapon is not None and entry.attached == weapon
                else:
                    reaches = owner == seat or effect.scope is Scope.ALL
                if reaches:
                    multiply *= effect.multiply
                    add += effect.add
    return multiply, add


def _loaded(window: BotWindow, entry: InPlay) -> bool:
    if entry.ammo is None or entry.free_shots > 0:
        return True
    return entry.ammo >= window.card(entry.card).ammo_per_shot


def _gun(window: BotWindow, view: PlayerView, seat: int, weapon: str, card: CardDef | None) -> Gun:
    base = PISTOL_DAMAGE if card is None else card.damage or 0
    multiply, add = _modifier(window, view, seat, ModStat.DAMAGE, weapon)
    _, sharper = _modifier(window, view, seat, ModStat.ACCURACY, weapon)
    _, general = _modifier(window, view, seat, ModStat.ACCURACY, None)
    accuracy = max(0, view.fighters[seat].accuracy + sharper - general)
    if card is None:
        return Gun(weapon, max(0, base * multiply + add), 0, accuracy)
    return Gun(weapon, max(0, base * multiply + add), card.extra_damage, accuracy, card.min_range, card.max_range)


def arsenal(window: BotWindow, view: PlayerView, seat: int) -> list[Gun]:
    """The weapons `seat` could fire: the pistol, his loaded weapons in play, and (for the viewer
    only, whose hand he can see) the weapons in his hand that would fit into play."""
    fighter = view.fighters[seat]
    guns = [_gun(window, view, seat, PISTOL, None)]
    for entry in fighter.weapons:
        if _loaded(window, entry):
            guns.append(_gun(window, view, seat, entry.card, window.card(entry.card)))
    if fighter.hand is not None:
        _, slots = _modifier(window, view, seat, ModStat.WEAPON_SLOTS, None)
        if len(fighter.weapons) < fighter.health + 1 + slots:
            for card in dict.fromkeys(fighter.hand):
                if window.card(card).kind is CardKind.WEAPON:
                    guns.append(_gun(window, view, seat, card, window.card(card)))
    return guns


@lru_cache(maxsize=8192)
def shot_worth(accuracy: int, dice: int, extra: int, reach: int, health: int) -> float:
    """The worth of one shot at `reach` squares against a fighter with `health` (armor included):
    P(hit) × (expected Health lost + FRAG_WORTH × P(that frags him))."""
    if health <= 0:
        return FRAG_WORTH
    hit = p_at_least(accuracy, reach)
    if hit == 0:
        return 0.0
    lost = expected_damage(dice, health, extra)
    frag = p_frag(dice, health, health, extra)
    return float(hit * (lost + FRAG_WORTH * frag))


def gun_worth(guns: list[Gun], reach: int, health: int) -> float:
    """The best shot among `guns` at `reach` squares (0 when none may fire that far or near)."""
    best = 0.0
    for gun in guns:
        if reach < gun.min_range or (gun.max_range is not None and reach > gun.max_range):
            continue
        best = max(best, shot_worth(gun.accuracy, gun.dice, gun.extra, reach, health))
    return best


def attacks_of(fighter: FighterView) -> int:
    """Attacks a fighter makes in a turn: half his Accuracy, rounded up (F-ATK-01)."""
    return -(-fighter.accuracy // 2)


def threat(fighter: FighterView, guns: list[Gun], at: Square, health: int) -> float:
    """What a rival (`fighter`, with `guns`) could do to a fighter with `health` standing on `at` if
    he shot from where he is now with the weapons he has in play (his hand is hidden): the worth
    of his turn's attacks."""
    if fighter.square is None or health <= 0:
        return 0.0
    return attacks_of(fighter) * gun_worth(guns, distance(fighter.square, at), health)


def attack_worth(forecast: AttackForecast) -> float:
    """The worth of an attack from its exact forecast."""
    return float(forecast.expected_loss + FRAG_WORTH * forecast.p_frag)


@lru_cache(maxsize=64)
def acid_risk(health: int) -> float:
    """The worth lost by entering one acid square at `health`: a 2-dice attack on him (F-MAP-01)."""
    if health <= 0:
        return FRAG_WORTH
    return float(expected_damage(ACID_DICE, health) + FRAG_WORTH * p_frag(ACID_DICE, health, health))


def sees_through(window: BotWindow, fighter: FighterView) -> bool:
    """Whether a card in his play area lets him see through other fighters (F-ATK-02)."""
    return any(
        isinstance(effect, Flag) and effect.flag is FlagName.SEE_THROUGH_FIGHTERS
        for entry in (*fighter.gadgets, *fighter.specials)
        for effect in window.card(entry.card).effects
    )


def line_clear(window: BotWindow, view: PlayerView, a: Square, b: Square, movers: tuple[int, ...]) -> bool:
    """Whether a line of sight runs from `a` to `b` (F-ATK-02), the fighters `movers` left out (the
    looker and his target, who stand at the ends, or are elsewhere by then)."""
    blockers = [f.square for seat, f in enumerate(view.fighters) if seat not in movers and f.square is not None]
    blockers = [square for square in blockers if square not in (a, b)]
    return window.board.geometry.line_of_sight(a, b, blockers)


def in_sight(window: BotWindow, view: PlayerView, looker: int, at: Square, target: int) -> bool:
    """Whether `looker`, standing on `at`, would see `target` where he stands now (F-ATK-02)."""
    there = view.fighters[target].square
    if there is None:
        return False
    if sees_through(window, view.fighters[looker]):
        return window.board.geometry.line_of_sight(at, there, ())
    return line_clear(window, view, at, there, (looker, target))
