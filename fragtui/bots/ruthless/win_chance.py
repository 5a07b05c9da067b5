"""A posse's chance to win a game of Ruthless from where it stands, as heuristic players would play it on.

The strong bot's Ruthless rollouts end just after a turn's end, where the skedaddle rolls are weighed at their exact
odds (`fragtui.bots.ruthless.worlds.turn_end_value`); where nobody ran, the game goes on, and what that is worth is
this module's question: *how often does a posse that stands like this win?* It is the conditional logit of
`fragtui.bots.win_chance` (a utility for each posse, a weighted sum of what the table shows of it; its chance is its
utility's share), read from Ruthless's table (`FEATURES`) and fitted on heuristic self-play at every turn's start
(`python -m fragtui.bench.win_chance --part ruthless`; docs/bots.md, "Ruthless: the rolls weighed, the chance
learned").

Before it, a game that went on was valued by a hand-made strength (`RuthlessWorlds.going_on`: a model standing 1,
out cold or Lily Livered 0.4, a wound −0.08), which kept about the right order but not the right scale: on the
turn starts of games 9000–9999, none fitted on, this fit's log-loss is 0.607, the strength's 0.627 as the search
used it (as 2 × a chance − 1) and 0.614 at its best temperature (a logistic of 4 × the strength); and beside the
skedaddle rolls' wins and losses at ±1 the scale counts: a tenth of a chance to run weighs against what going on
is worth.

Only the showdown is fitted (the bench's games); the strongbox scenario, whose carrier the showdown's positions never
show, keeps the hand-made strength (`READING.fallback` is None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fragtui.bots.win_chance import Fit, Reading
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.engine.ruthless.state import table_of
from fragtui.engine.ruthless.table import Condition

if TYPE_CHECKING:
    from fragtui.engine.game import Game

__all__ = ["FEATURES", "FITS", "READING", "features", "fit_key"]

FEATURES = (
    "points_in_the_fight",
    "wounds",
    "lily_livered",
    "unconscious",
    "dead",
    "out_of_rounds",
    "mounted",
    "in_the_fight_late",
)
"""What a posse's utility is made of, in this order (see `features`)."""
SUNDOWN = 12
"""The turn a game without a sundown is read as ending by, for `in_the_fight_late` (the option's default)."""


def fit_key(game: Game) -> str:
    """`ruthless/` and the scenario's mode (`ruthless/showdown`, `ruthless/strongbox`)."""
    rules = game.rules
    assert isinstance(rules, RuthlessRules)
    return f"{game.state.config.ruleset}/{rules.scoring().mode}"


def features(game: Game) -> list[tuple[float, ...]]:
    """Every posse's features, in seat order, as the table shows them now: the points of its models still in the
    fight as a share of its own (who is left, and how good); the boxes crossed on those models, a model; its Lily
    Livered, unconscious and dead models (each counts against the skedaddle roll, R-SKED-01, but the first two may
    come back); its models in the fight with every gun empty, and on horseback; and its share in the fight times how
    near sundown is (where sundown counts the men standing)."""
    state = game.state
    table = table_of(state)
    assert table is not None
    late = min(1.0, state.turn.number / (table.turn_limit or SUNDOWN))
    rows: list[tuple[float, ...]] = []
    for seat in range(len(state.players)):
        models = [model for model in table.models if model.owner == seat]
        count = max(1, len(models))
        fighting = [model for model in models if not model.out_of_the_fight]
        points = sum(model.card.points for model in models) or 1
        rows.append(
            (
                sum(model.card.points for model in fighting) / points,
                sum(sum(model.wounds.values()) for model in fighting) / count,
                float(sum(1 for model in models if model.standing and model.markers.lily_livered)),
                float(sum(1 for model in models if model.condition is Condition.UNCONSCIOUS)),
                float(sum(1 for model in models if model.condition is Condition.DEAD)),
                float(sum(1 for model in fighting if model.ammo and all(rounds == 0 for rounds in model.ammo))),
                float(sum(1 for model in fighting if model.mounted)),
                late * len(fighting) / count,
            )
        )
    return rows


FITS: dict[str, Fit] = {
    "ruthless/showdown": Fit(
        weights=(1.4421, -0.4499, 0.1232, -0.2376, -0.7581, 0.0796, 0.0162, 0.0027),
        games=5000,
        positions=27622,
        held_out_log_loss=0.6154,
    ),
}
"""The fitted weights by `fit_key`: `python -m fragtui.bench.win_chance --part ruthless`."""

READING = Reading(names=FEATURES, features=features, key=fit_key, fits=FITS, fallback=None)
"""How Ruthless's table is read for its chance to win."""
