"""Sizing up a fight from what a seat can see: whose guns reach where, and what a shot is worth.

`FragWindow.forecast` gives the exact odds of an attack the bot may declare *now*, from where it
stands. To choose where to go, the bot must also guess at attacks from squares it is not on yet,
and at the attacks rivals could make on it; that is what this module estimates, with the same
exact dice odds (`fragtui.engine.odds`) and the numbers the view carries for each fighter (his
attacks per turn and each weapon's dice as he fires it: the rules' own, never worked out here), but
leaving out what only the engine's forecast follows (shields, sure hits, on-hit effects): it ranks
squares, and the forecast decides the shot.

Worth is one scale for everything the heuristic bot weighs: Health a shot is expected to take,
plus `FRAG_WORTH` for each whole chance of a frag (a frag is what wins).
"""

from __future__ import annotations

from functools import lru_cache

from fragtui.bots.window import BotWindow
from fragtui.engine.board import Square, distance
from fragtui.engine.cards import FlagName
from fragtui.engine.frag.forecast import AttackForecast
from fragtui.engine.frag.state import Status
from fragtui.engine.frag.view import FighterView, WeaponView
from fragtui.engine.odds import expected_damage, p_at_least, p_frag
from fragtui.engine.view import PlayerView

__all__ = [
    "FRAG_WORTH",
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


def fighting(view: PlayerView, seat: int) -> bool:
    """Whether `seat`'s fighter is on the board (and so may be attacked or attack)."""
    fighter = view.fighters[seat]
    return fighter.status is Status.IN_PLAY and fighter.square is not None


def arsenal(view: PlayerView, seat: int) -> list[WeaponView]:
    """The weapons `seat` could fire now, as he fires them (`FighterView.guns`, the rules' own numbers):
    the pistol, his loaded weapons in play, and for the viewer (whose hand he sees) the weapons in his
    hand that may enter play."""
    return [gun for gun in view.fighters[seat].guns if gun.loaded]


@lru_cache(maxsize=8192)
def shot_worth(accuracy: int, dice: int, extra: int, reach: int, health: int, frag_worth: float = FRAG_WORTH) -> float:
    """The worth of one shot at `reach` squares against a fighter with `health` (armor included):
    P(hit) × (expected Health lost + `frag_worth` × P(that frags him))."""
    if health <= 0:
        return frag_worth
    hit = p_at_least(accuracy, reach)
    if hit == 0:
        return 0.0
    lost = expected_damage(dice, health, extra)
    frag = p_frag(dice, health, health, extra)
    return float(hit * (lost + frag_worth * frag))


def gun_worth(guns: list[WeaponView], reach: int, health: int, frag_worth: float = FRAG_WORTH) -> float:
    """The best shot among `guns` at `reach` squares (0 when none may fire that far or near), a frag worth
    `frag_worth`."""
    best = 0.0
    for gun in guns:
        if reach < gun.min_range or (gun.max_range is not None and reach > gun.max_range):
            continue
        counted = reach if gun.range_cap is None else min(reach, gun.range_cap)  # (J-ALT-01)
        best = max(best, shot_worth(gun.accuracy, gun.damage, gun.extra_damage, counted, health, frag_worth))
    return best


def threat(
    fighter: FighterView, guns: list[WeaponView], at: Square, health: int, frag_worth: float = FRAG_WORTH
) -> float:
    """What a rival (`fighter`, with `guns`) could do to a fighter with `health` standing on `at` if
    he shot from where he is now with the weapons he has in play (his hand is hidden): the worth
    of his turn's attacks."""
    if fighter.square is None or health <= 0:
        return 0.0
    return fighter.attacks_per_turn * gun_worth(guns, distance(fighter.square, at), health, frag_worth)


def attack_worth(forecast: AttackForecast, frag_worth: float = FRAG_WORTH) -> float:
    """The worth of an attack from its exact forecast, a frag worth `frag_worth`."""
    return float(forecast.expected_loss + frag_worth * forecast.p_frag)


@lru_cache(maxsize=64)
def acid_risk(health: int, frag_worth: float = FRAG_WORTH) -> float:
    """The worth lost by entering one acid square at `health`: a 2-dice attack on him (F-MAP-01)."""
    if health <= 0:
        return frag_worth
    return float(expected_damage(ACID_DICE, health) + frag_worth * p_frag(ACID_DICE, health, health))


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
    if FlagName.SEE_THROUGH_FIGHTERS in view.fighters[looker].flags:
        return window.board.geometry.line_of_sight(at, there, ())
    return line_clear(window, view, at, there, (looker, target))
