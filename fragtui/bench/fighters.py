"""Frag Deadlands' balance as the heuristic bot plays it: the win rate of each of the six fighters. Prints only.

Run: `python -m fragtui.bench.fighters [--games N] [--seed S]` (not part of `python -m fragtui.bench`: it takes
minutes). docs/bots.md keeps the figures.

`N` games (600 by default) of heuristic bots only, to 3 frags, shared evenly between the settings: 4, 5 and 6 players
on The Deadlands Desert and The Deadlands Town (each setting `N / 6` games, seeds `S`, `S + 1`, …, the same seeds on
every setting). Each game's seats get distinct fighters at random (`DeadlandsRules.random_seats`, as
`fragtui simulate` deals them), so a fighter plays in `players / 6` of a setting's games, about 5/6 of them all; his
win rate is wins over the games he played, beside his fair share (the mean of 1/players over those games: exactly
1/5 over an even mix of 4, 5 and 6 players, since he sits in more of the bigger games). A fighter far above his fair
share is a balance finding.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator, Sequence

from fragtui.bots import MatchReport
from fragtui.simulate import SimulationOptions, fighter_table, play_one, table

__all__ = ["MAPS", "PLAYERS", "figures", "main"]

MAPS = ("desert", "town")
"""The Deadlands maps played on."""
PLAYERS = (4, 5, 6)
"""The numbers of players played with."""


def play_all(games: int, seed: int) -> Iterator[tuple[str, int, list[MatchReport], float]]:
    """For each setting (map, players): the reports of its games and the seconds they took."""
    settings = [(name, players) for name in MAPS for players in PLAYERS]
    per = max(1, games // len(settings))
    for name, players in settings:
        options = SimulationOptions(ruleset="deadlands", map=name, players=players, seed=seed, check=False)
        kinds = ["heuristic"] * players
        start = time.perf_counter()
        reports = [play_one(options, kinds, seed + n)[1] for n in range(per)]
        yield name, players, reports, time.perf_counter() - start


def figures(games: int, seed: int) -> Iterator[str]:
    """A line per setting as it is played, then the win rate per fighter over every game."""
    everything: list[MatchReport] = []
    rows = [("map", "players", "games", "no winner", "turns/game", "seconds")]
    for name, players, reports, seconds in play_all(games, seed):
        everything.extend(reports)
        stuck = sum(not r.finished for r in reports)
        turns = sum(r.turns for r in reports) / len(reports)
        rows.append((name, str(players), str(len(reports)), str(stuck), f"{turns:.1f}", f"{seconds:.0f}"))
        yield f"{name}, {players} players: {len(reports)} games, {turns:.1f} turns a game, {seconds:.0f} s"
    yield ""
    yield from table(rows, left=1)
    yield ""
    last = seed + len(everything) // (len(MAPS) * len(PLAYERS)) - 1
    yield f"{len(everything)} games, heuristic bots only, to 3 frags, seeds {seed}-{last} on each setting:"
    yield from fighter_table(everything)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.fighters", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games in all, shared by the six settings (600)")
    parser.add_argument("--seed", type=int, default=1, help="seed of each setting's first game (default 1)")
    args = parser.parse_args(argv)
    for line in figures(args.games, args.seed):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
