"""The Frag Deadlands benchmarks (fragtui/bench/deadlands.py, fragtui/bench/fighters.py) in their smallest runs.

They must keep measuring what docs/performance.md and docs/bots.md quote: a benchmark that silently stopped
playing Deadlands (a game that no longer starts, a poker draw never reached) would leave figures nobody can
measure again. Nothing here is timed: it asserts that each figure was measured, never how fast.
"""

from __future__ import annotations

from fragtui.bench import deadlands, fighters
from fragtui.bench.engine import fresh_board, time_decisions
from fragtui.engine.deadlands.roster import CHARACTERS


def test_the_deadlands_bench_plays_six_fighters_on_the_desert() -> None:
    """A random legal game of six distinct fighters on the desert that does not end within the run."""
    game, rng = deadlands.random_game(board=fresh_board(deadlands.MAP))
    assert game.state.config.ruleset == "deadlands" and game.state.config.map == deadlands.MAP
    assert len({seat.character for seat in game.state.config.seats}) == deadlands.PLAYERS
    assert time_decisions(game, rng, 300) > 0
    assert len(game.log) == 300 and game.state.winner is None


def test_the_poker_draw_is_timed_to_its_end__D_CARD_04() -> None:
    """The clock stops when the poker draw's decisions are over (none pending), the first player known."""
    board = fresh_board(deadlands.MAP)
    total, draw, decisions = deadlands.poker_draw_seconds(3, board)
    assert total >= draw >= 0 and total > 0
    game, _ = deadlands.random_game(3, board=board)
    seen = 0
    while game.state.pending and game.state.pending[-1].kind in deadlands.POKER:
        game.apply(game.legal_actions()[0])
        seen += 1
    assert decisions == seen


def test_the_fighters_bench_gives_every_fighter_a_win_rate() -> None:
    """One game on each of the six settings; the table names all six fighters."""
    lines = list(fighters.figures(games=6, seed=1))
    assert sum(line.startswith(("desert, ", "town, ")) for line in lines) == 6
    table = lines[next(i for i, line in enumerate(lines) if line.split()[:2] == ["fighter", "games"]) :]
    for sheet in CHARACTERS:
        assert any(line.strip().startswith(sheet.title) for line in table)
