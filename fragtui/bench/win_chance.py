"""Fitting a seat's chance to win (`fragtui.bots.win_chance`) from heuristic self-play. Prints, asserts nothing.

Run: `python -m fragtui.bench.win_chance [--part frag|deadlands|tag|ruthless] [--games 1000] [--first 2000]
[--jobs 2]`.

Plays the bench's games of `part` (`fragtui.bench.bots.bench_game`: the same maps in turn, designs and seats; game
numbers from `first`, away from the games the strong bot is measured in) with heuristic bots in every seat, takes the
table's features at the start of every turn, and fits the conditional logit's weights to who won by Newton's method
(a small ridge keeps them finite). The positions of the last fifth of the games are held out: their mean log-loss is
printed beside the uniform guess's, then the `Fit` to paste into the part's `FITS` (`fragtui.bots.win_chance`'s, or
Ruthless's in `fragtui.bots.ruthless.win_chance`: each part's table is read by its `Reading`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from fragtui.bench.bots import bench_game, played, self_play
from fragtui.bots import make_bot, play_game
from fragtui.bots.ruthless.win_chance import READING as RUTHLESS
from fragtui.bots.win_chance import READING as FRAG
from fragtui.bots.win_chance import Reading

__all__ = ["Position", "fit", "log_loss", "main", "positions"]

Position = tuple[list[tuple[float, ...]], int]
"""A table's features at a turn's start, seat by seat, and the seat that went on to win."""
RIDGE = 1e-3
"""The ridge's weight per position: enough to keep a weight that never varies at 0, too little to bias the rest."""
PARTS = ("frag", "deadlands", "tag", "ruthless")
"""The bench's parts a chance is fitted for (`fragtui.bench.bots.bench_game`)."""


def reading(part: str) -> Reading:
    """How `part`'s table is read: Ruthless's own way, or the Frag family's."""
    return RUTHLESS if part == "ruthless" else FRAG


def positions(part: str, number: int) -> list[Position]:
    """The positions of game `number` of `part` played by heuristic bots, each with the winner; none if nobody won."""
    game, _, _ = bench_game(part, number)
    read = reading(part).features
    bots = [make_bot("heuristic", number * 16 + seat) for seat in range(len(game.state.players))]
    tables: list[list[tuple[float, ...]]] = []
    turns: list[int] = [0]

    def look(_: object) -> None:
        """After each action: the table's features when a turn has just begun (and nobody has won)."""
        turn = game.state.turn.number
        if turn != turns[-1] and turn >= 1 and game.state.winner is None:
            turns.append(turn)
            tables.append(read(game))

    play_game(game, bots, on_events=look)
    winner = game.state.winner
    return [] if winner is None else [(table, winner) for table in tables]


def log_loss(data: Sequence[Position], weights: Sequence[float]) -> float:
    """The mean of −ln(the winner's chance) over `data`."""
    total = 0.0
    for table, winner in data:
        utilities = [math.fsum(w * x for w, x in zip(weights, row, strict=True)) for row in table]
        top = max(utilities)
        total += top + math.log(math.fsum(math.exp(u - top) for u in utilities)) - utilities[winner]
    return total / max(1, len(data))


def fit(data: Sequence[Position], rounds: int = 20) -> list[float]:
    """The weights of greatest likelihood (with the ridge) for `data`, by Newton's method."""
    size = len(data[0][0][0])
    weights = [0.0] * size
    for _ in range(rounds):
        gradient = [-RIDGE * len(data) * w for w in weights]
        hessian = [[RIDGE * len(data) if a == b else 0.0 for b in range(size)] for a in range(size)]
        for table, winner in data:
            utilities = [math.fsum(w * x for w, x in zip(weights, row, strict=True)) for row in table]
            top = max(utilities)
            powers = [math.exp(u - top) for u in utilities]
            total = math.fsum(powers)
            chances = [p / total for p in powers]
            mean = [math.fsum(c * row[k] for c, row in zip(chances, table, strict=True)) for k in range(size)]
            for k in range(size):
                gradient[k] += table[winner][k] - mean[k]
            for chance, row in zip(chances, table, strict=True):
                apart = [x - m for x, m in zip(row, mean, strict=True)]
                for a in range(size):
                    if apart[a]:
                        line, scale = hessian[a], chance * apart[a]
                        for b in range(size):
                            line[b] += scale * apart[b]
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix · x = vector (Gauss-Jordan with partial pivoting; the matrix is small and positive definite)."""
    size = len(vector)
    rows = [[*line, vector[i]] for i, line in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for r in range(size):
            if r != column:
                factor = rows[r][column] / rows[column][column]
                for k in range(column, size + 1):
                    rows[r][k] -= factor * rows[column][k]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def _game(job: tuple[str, int]) -> list[Position]:
    return positions(*job)


def main(argv: list[str] | None = None) -> int:
    args = self_play(argv, "python -m fragtui.bench.win_chance", __doc__ or "", PARTS, games=1000, first=2000)
    games = played(_game, args)
    held = len(games) * 4 // 5
    training = [position for game in games[:held] for position in game]
    testing = [position for game in games[held:] for position in game]
    weights = fit(training)
    key = reading(args.part).key(bench_game(args.part, args.first)[0])
    seats = len(training[0][0])
    print(f"{key}: {len(training)} positions from {held} games fitted, {len(testing)} held out")
    held_out, trained = log_loss(testing, weights), log_loss(training, weights)
    print(f"held-out log-loss {held_out:.4f} (uniform {math.log(seats):.4f}); training {trained:.4f}")
    for name, weight in zip(reading(args.part).names, weights, strict=True):
        print(f"  {name:18} {weight:+.4f}")
    print(
        f'"{key}": Fit(weights=({", ".join(f"{w:.4f}" for w in weights)}), games={len(games)}, '
        f"positions={len(training) + len(testing)}, held_out_log_loss={held_out:.4f}),"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
