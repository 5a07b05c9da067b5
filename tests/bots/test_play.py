"""Bots play whole games: only legal actions, the engine's promises kept, and the heuristic bot
clearly stronger than the random one. (Speed is measured by `python -m fragtui.bench.bots`, not here.)"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from fragtui.bots import BOT_KINDS, Bot, BotWindow, HeuristicBot, MatchReport, RandomBot, make_bot, play_game
from fragtui.engine.frag.target import frag_target
from fragtui.errors import ConfigError
from tests.bots.helpers import seeded_game

SETUPS = [
    ("pocket", 2, 1),
    ("pocket", 3, 2),
    ("pocket", 4, 3),
    ("foundry", 2, 4),
    ("foundry", 4, 5),
    ("foundry", 6, 6),
    ("reactor", 5, 7),
    ("desert", 6, 8),
    ("town", 4, 9),
]


def _kinds(players: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    kinds = [rng.choice(BOT_KINDS) for _ in range(players)]
    kinds[seed % players] = "heuristic"  # at least one bot that hunts, so the game ends
    return kinds


@pytest.mark.parametrize(("map_name", "players", "seed"), SETUPS)
def test_bots_play_only_legal_actions_and_the_game_keeps_its_promises(map_name: str, players: int, seed: int) -> None:
    """`play_game` applies every choice through the checked `apply` (an illegal one raises) and,
    with `check`, verifies the engine's invariants after each action."""
    game = seeded_game(map_name, players, seed, frag_target=1 + seed % 2)
    bots: list[Bot] = [make_bot(kind, seed * 10 + n) for n, kind in enumerate(_kinds(players, seed))]
    report = play_game(game, bots, check=True)
    assert report.winner is not None, f"no winner after {report.actions} actions"
    assert report.seats[report.winner].frags == frag_target(game.state.config)
    assert all(bot.slips == 0 for bot in bots if isinstance(bot, HeuristicBot))
    assert game.replay().state == game.state


def test_every_decision_is_one_of_the_legal_actions() -> None:
    """Asked directly, decision by decision, over a whole game of four heuristic bots."""
    game = seeded_game("foundry", 4, seed=11)
    bots = [HeuristicBot(n) for n in range(4)]
    windows = [BotWindow(game, seat) for seat in range(4)]
    decisions = 0
    while (seat := game.decider()) is not None and decisions < 5000:
        action = bots[seat].decide(windows[seat])
        assert action in game.legal_actions(), f"{action} is not legal: {game.why_illegal(action)}"
        game.apply(action)
        decisions += 1
    assert game.state.winner is not None


def test_the_report_counts_each_seats_figures() -> None:
    game = seeded_game("pocket", 4, seed=12, frag_target=2)
    report = play_game(game, [make_bot("heuristic", 1), *(make_bot("random", n) for n in range(3))])
    assert isinstance(report, MatchReport) and report.finished
    assert [s.bot for s in report.seats] == ["heuristic", "random", "random", "random"]
    assert sum(s.frags for s in report.seats) >= 2
    assert report.turns == game.state.turn.number and report.actions == len(game.log)
    for seat, figures in enumerate(report.seats):
        record = game.state.players[seat].record
        assert (figures.deaths, figures.damage_dealt, figures.cards_played) == (
            record.deaths,
            record.damage_dealt,
            record.cards_played,
        )


def test_the_action_cap_stops_a_game() -> None:
    game = seeded_game("foundry", 4, seed=13)
    report = play_game(game, [RandomBot(n) for n in range(4)], max_actions=30)
    assert report.actions == 30 and not report.finished and report.winner is None


def _heuristic_wins(map_name: str, players: int, games: int, frag_target: int) -> int:
    wins = 0
    for seed in range(games):
        game = seeded_game(map_name, players, 100 + seed, frag_target=frag_target)
        seat = seed % players  # the heuristic bot takes every seat in turn
        bots: list[Bot] = [make_bot("heuristic" if n == seat else "random", seed * 10 + n) for n in range(players)]
        wins += play_game(game, bots).winner == seat
    return wins


def test_one_heuristic_bot_beats_three_random_ones_clearly() -> None:
    """Measured over 200 games (docs/bots.md): about 98%. Here 24 games: a random bot's share would be 25%."""
    assert _heuristic_wins("pocket", 4, games=24, frag_target=2) >= 20


def test_the_heuristic_bot_beats_a_random_one_head_to_head() -> None:
    assert _heuristic_wins("pocket", 2, games=12, frag_target=2) >= 11


def test_make_bot_knows_the_kinds_and_names_them_when_asked_for_another() -> None:
    assert BOT_KINDS == ("heuristic", "random")
    assert isinstance(make_bot("heuristic", 1), HeuristicBot)
    assert isinstance(make_bot("Random", 1), RandomBot)
    assert make_bot("heuristic", 1).name == "heuristic"
    with pytest.raises(ConfigError, match="the bots are heuristic, random"):
        make_bot("clever", 1)


def test_the_bots_import_neither_textual_nor_rich() -> None:
    code = (
        "import sys, fragtui.bots\n"
        "from tests.bots.helpers import seeded_game\n"
        "from fragtui.bots import make_bot, play_game\n"
        "play_game(seeded_game('pocket', 2, 1, 1), [make_bot('heuristic', 1), make_bot('random', 2)])\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
