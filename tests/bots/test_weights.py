"""The heuristic bot's weights as a per-bot value (`fragtui.bots.weights`): a bot told other numbers still plays
legal whole games, says which numbers it plays by, and the strong bot hands its own to its quick answer and to its
own seat in the rollouts. That the default set plays exactly as before is shown by `python -m
fragtui.bench.bot_digest` (the same hashes), not here."""

from __future__ import annotations

from dataclasses import replace

from fragtui.bots import Bot, make_bot, play_game
from fragtui.bots.heuristic import HeuristicBot
from fragtui.bots.strong import StrongBot
from fragtui.bots.weights import DEFAULT_WEIGHTS, Weights
from tests.bots.helpers import seeded_ruleset_game

OTHER = replace(DEFAULT_WEIGHTS, exposure=1.5, toward_prey=0.1, move_for_better_shot=1.0, react_if_loss=0.25)
"""A set far from the defaults in the numbers that change most games."""


def test_a_bot_with_other_weights_plays_a_whole_game_legally() -> None:
    game = seeded_ruleset_game("frag", "pocket", 4, 5, frag_target=2)
    tuned = HeuristicBot(5, weights=OTHER)
    bots: list[Bot] = [tuned, *(make_bot("heuristic", 50 + n) for n in range(1, 4))]
    report = play_game(game, bots, check=True, max_actions=3000)
    assert game.over, f"no end after {report.actions} actions"
    assert tuned.slips == 0


def test_weights_say_what_differs_from_the_defaults() -> None:
    assert repr(DEFAULT_WEIGHTS) == "Weights()"
    assert Weights() == DEFAULT_WEIGHTS
    assert replace(DEFAULT_WEIGHTS, exposure=0.25).changed() == {"exposure": (0.5, 0.25)}
    assert repr(HeuristicBot(1)) == "HeuristicBot()"
    assert repr(HeuristicBot(1, weights=replace(DEFAULT_WEIGHTS, exposure=0.25))) == (
        "HeuristicBot(weights=Weights(exposure=0.25))"
    )


def test_the_strong_bot_plays_its_own_weights_and_leaves_its_rivals_the_defaults() -> None:
    strong = StrongBot(3, worlds=2, weights=OTHER)
    assert strong.quick.weights is OTHER
    assert strong.weights is OTHER
    assert strong.rival_weights is DEFAULT_WEIGHTS
    game = seeded_ruleset_game("frag", "pocket", 4, 3, frag_target=1)
    bots: list[Bot] = [strong, *(make_bot("heuristic", 30 + n) for n in range(1, 4))]
    report = play_game(game, bots, check=True, max_actions=400)
    assert report.actions > 0
    assert strong.stats.rollouts > 0
