"""A seat's chance to win a game of the Frag family from where it stands, as heuristic players would play it on.

The strong bot's rollouts stop at a horizon (in Frag's family the end of the current turn: `strong.HORIZONS`) and
must say there what the position is worth to the seat. A hand-made sum of the score, the Health and the cards
(`fragtui.bots.frag_worlds.summed`) weighs them by guess, and its guesses were its bias: a card played now counted
for its effect before the horizon and nothing after it (docs/bots.md, "Why its changed answers do not win"). This module
answers the question the search really asks, *how often does a seat that stands like this win?*, from games: the
position at the start of every turn of heuristic self-play, and who won that game.

The model is a conditional logit: each seat has a utility, a weighted sum of what the table shows of it
(`FEATURES`: its score as a share of the target, whether one more point wins, its Health, the cards it holds and has
in play, its blood counters, its design's Speed and Accuracy, and how soon it moves), and its chance to win is its
utility's share of them all (a softmax over the seats), so the chances of a table add up to one. The weights
(`FITS`) were fitted by maximum likelihood, one set per ruleset and mode, by `python -m fragtui.bench.win_chance`,
which prints them and their held-out log-loss; the figures are in docs/bots.md ("A value learned from games").

Only what every seat sees is read (the score, the record sheets, the sizes of the hands, the turn), so a world's
chance is the same question the real table would answer. A rule system of the Frag family plugs in by a fit of its
own in `FITS`; a mode without one is judged by the plain game's (`FALLBACK`). Another rule system reads its table
its own way: a `Reading` of its own (its features, its keys, its fits; Ruthless's is
`fragtui.bots.ruthless.win_chance.READING`), with the same logit and the same fitter
(`python -m fragtui.bench.win_chance --part ruthless`). Frag's is `READING`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fragtui.engine.frag.rules import FragRules
from fragtui.engine.frag.state import Status, frag_state

if TYPE_CHECKING:
    from fragtui.engine.game import Game

__all__ = [
    "FALLBACK",
    "FEATURES",
    "FITS",
    "READING",
    "Fit",
    "Reading",
    "chances",
    "features",
    "fit_for",
    "fit_key",
    "value",
]

FEATURES = (
    "score",
    "one_from_winning",
    "health_share",
    "in_play",
    "health",
    "hand",
    "weapons_in_play",
    "gadgets_in_play",
    "blood",
    "speed",
    "accuracy",
    "moves_first",
    "moves_second",
    "moves_third",
)
"""What a seat's utility is made of, in this order (see `features`)."""
HAND_COUNTED = 6
"""Cards in hand counted at most: more are discarded at the turn's end (F-CARD-03)."""


@dataclass(frozen=True)
class Fit:
    """One ruleset's and mode's weights, and what they were fitted on (printed by the bench that fits them)."""

    weights: tuple[float, ...]
    """A weight per feature, in `FEATURES`' order: a utility's change for one unit of it."""
    games: int
    """Self-play games of heuristic bots the positions were taken from."""
    positions: int
    """Turn starts in those games (each one a position of the whole table)."""
    held_out_log_loss: float
    """Mean log-loss of the winner on the fifth of the games held out (the uniform guess: ln 4 = 1.386)."""


FITS: dict[str, Fit] = {
    "frag/frags": Fit(
        weights=(
            2.8547,
            0.3890,
            0.1914,
            -0.3274,
            0.0595,
            0.1713,
            0.2314,
            0.2356,
            0.2199,
            0.1229,
            0.0728,
            0.5625,
            0.3878,
            0.1909,
        ),
        games=1000,
        positions=16428,
        held_out_log_loss=1.1041,
    ),
    "deadlands/frags": Fit(
        weights=(
            3.1983,
            0.4874,
            -0.1573,
            0.1385,
            0.1529,
            0.0722,
            0.0797,
            0.1285,
            0.0712,
            0.2070,
            0.4198,
            0.3681,
            0.2700,
            0.1331,
        ),
        games=1000,
        positions=21925,
        held_out_log_loss=1.1267,
    ),
    "frag/turn-to-frag": Fit(
        weights=(
            2.0797,
            0.1013,
            -0.0253,
            -0.3027,
            0.2345,
            0.1382,
            0.2779,
            0.2862,
            0.1525,
            -0.1439,
            -0.2847,
            0.3543,
            0.2299,
            0.1231,
        ),
        games=1000,
        positions=36459,
        held_out_log_loss=0.9853,
    ),
}
"""The fitted weights by `fit_key`: `python -m fragtui.bench.win_chance --part frag` and so on."""
FALLBACK = "frag/frags"
"""The fit a ruleset or mode without its own is judged by (another Frag Tag mode, Real-Time Frag): plain Frag's."""


@dataclass(frozen=True)
class Reading:
    """How a rule system's table is read for the conditional logit, and the weights fitted to that reading: what a
    system plugs in to be valued by its chance to win (Frag's family: `READING`; Ruthless's: its own module)."""

    names: tuple[str, ...]
    """What a seat's utility is made of, in order (the features' names, printed beside the fitted weights)."""
    features: Callable[[Game], list[tuple[float, ...]]]
    """Every seat's features, in seat order, from what the whole table sees."""
    key: Callable[[Game], str]
    """A game's `ruleset/mode`: the fit that judges it."""
    fits: Mapping[str, Fit]
    """The fitted weights by key (`python -m fragtui.bench.win_chance` prints them)."""
    fallback: str | None
    """The key whose fit judges a game without its own; None: such a game has no learned chance."""

    def fit_for(self, game: Game) -> Fit | None:
        """The weights that judge `game`: its key's, else the fallback's; None when neither is fitted."""
        found = self.fits.get(self.key(game))
        if found is None and self.fallback is not None:
            found = self.fits.get(self.fallback)
        return found

    def value(self, game: Game, seat: int, fit: Fit) -> float:
        """What the position is worth to `seat` on a won game's scale: 2 × its chance to win − 1."""
        return 2.0 * chances(self.features(game), fit.weights)[seat] - 1.0


def fit_key(game: Game) -> str:
    """`ruleset/mode` of `game` (`frag/frags`, `deadlands/frags`, `frag/turn-to-frag`)."""
    rules = game.rules
    assert isinstance(rules, FragRules)
    return f"{game.state.config.ruleset}/{rules.scoring().mode}"


def fit_for(game: Game) -> Fit | None:
    """The weights that judge `game`: its ruleset's and mode's, else plain Frag's; None when nothing is fitted."""
    return READING.fit_for(game)


def features(game: Game) -> list[tuple[float, ...]]:
    """Every seat's features (`FEATURES`), in seat order, as the table shows them now."""
    state = frag_state(game.state)
    rules = game.rules
    assert isinstance(rules, FragRules)
    scoring = rules.scoring()
    target = max(1, scoring.target(state) or 1)
    seats = len(state.players)
    active = state.turn.active
    rows: list[tuple[float, ...]] = []
    for seat, player in enumerate(state.players):
        score = scoring.score_of(state, seat)
        in_play = player.status is Status.IN_PLAY
        health = rules.health(seat) if in_play else 0
        order = (seat - active) % seats
        rows.append(
            (
                score / target,
                1.0 if score >= target - 1 else 0.0,
                health / max(1, rules.max_health(seat)) if in_play else 0.0,
                1.0 if in_play else 0.0,
                float(health),
                float(min(len(player.hand), HAND_COUNTED)),
                float(len(player.weapons)),
                float(len(player.gadgets)),
                float(player.blood),
                float(player.design.speed),
                float(player.design.accuracy),
                1.0 if order == 0 else 0.0,
                1.0 if order == 1 else 0.0,
                1.0 if order == 2 else 0.0,
            )
        )
    return rows


def chances(rows: Sequence[Sequence[float]], weights: Sequence[float]) -> list[float]:
    """Every seat's chance to win, from its features and the weights: the softmax of the seats' utilities."""
    utilities = [math.fsum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    top = max(utilities)
    powers = [math.exp(u - top) for u in utilities]
    total = math.fsum(powers)
    return [p / total for p in powers]


def value(game: Game, seat: int, fit: Fit) -> float:
    """What the position is worth to `seat` on a won game's scale: 2 × its chance to win − 1 (1 won, −1 lost)."""
    return READING.value(game, seat, fit)


READING = Reading(names=FEATURES, features=features, key=fit_key, fits=FITS, fallback=FALLBACK)
"""How Frag's family is read: Frag, Frag Deadlands, the Frag Tag modes, Real-Time Frag."""
