"""The strongbox contest: how long heuristic posses take over the strongbox scenario, and whether a seat's
position decides it (ruling R-SKED-01). Prints, asserts nothing.

Run: `python -m fragtui.bench.strongbox [--games N] [--maps a,b] [--players 2,3,4] [--jobs N]`.

On every map Ruthless plays the strongbox on, for each number of posses the map and the rules allow, `games`
games with every seat played by the heuristic bot, the posses the ruleset's random pick per game
(`RuthlessRules.random_seats`, seeded) so no posse sits in one seat, to sundown at turn 12 (the default). Per map
and number of posses: the median game in turns (and the quartiles), how many games were won by carrying the
strongbox off, and each seat's share of the wins with ± 1.96 standard errors — a seat's share is what its
position (its deployment point, its home edge, its walk to the box) is worth, since everything else goes round.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from fragtui.bots import make_bot, play_game
from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine.config import make_config
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.ruthless.state import table_of

__all__ = ["Contest", "contest", "figures", "main", "strongbox_tables"]

RULESET = "ruthless"


@dataclass(frozen=True)
class Played:
    """One game's outcome."""

    turns: int
    """Turns begun."""
    winner: int | None
    """The winning seat (None: the action cap)."""
    carried_off: bool
    """Whether it was won by carrying the strongbox off."""


@dataclass(frozen=True)
class Contest:
    """The games on one map with one number of posses."""

    map_name: str
    players: int
    games: list[Played]

    @property
    def median_turns(self) -> float:
        return statistics.median(game.turns for game in self.games)

    def quartiles(self) -> tuple[float, float]:
        """The first and third quartiles of the turns a game."""
        cuts = statistics.quantiles([game.turns for game in self.games], n=4, method="inclusive")
        return cuts[0], cuts[2]

    def wins(self, seat: int) -> int:
        return sum(1 for game in self.games if game.winner == seat)

    @property
    def carried(self) -> int:
        return sum(1 for game in self.games if game.carried_off)


def strongbox_tables() -> list[tuple[str, int]]:
    """(map, posses) for every map Ruthless plays and every number of posses it and the rules allow."""
    rules = find_ruleset(RULESET)
    low, high = rules.player_counts
    found = []
    for name in sorted(map_names()):
        board = board_named(name)
        if board.ruleset not in rules.maps_for:
            continue
        for players in range(low, high + 1):
            if board.players_min <= players <= board.players_max and players <= len(board.respawn_points):
                found.append((name, players))
    return found


def _play(job: tuple[str, int, int]) -> Played:
    """One seeded game of the strongbox, every seat the heuristic bot."""
    map_name, players, seed = job
    rng = random.Random(f"strongbox-bench/{map_name}/{players}/{seed}")
    seats = find_ruleset(RULESET).random_seats(rng, players)
    config = make_config(ruleset=RULESET, map=map_name, seats=seats, options={"scenario": "strongbox"})
    game = new_game(config, seed)
    report = play_game(game, [make_bot("heuristic", seed * 16 + seat) for seat in range(players)])
    table = table_of(game.state)
    carried = table is not None and table.carried_off is not None
    return Played(turns=report.turns, winner=report.winner, carried_off=carried)


def contest(map_name: str, players: int, games: int, jobs: int = 1) -> Contest:
    """`games` games of the strongbox on `map_name` with `players` heuristic posses (seeds 1…)."""
    work = [(map_name, players, seed) for seed in range(1, games + 1)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            played = list(pool.map(_play, work, chunksize=4))
    else:
        played = [_play(job) for job in work]
    return Contest(map_name, players, played)


def _rate(wins: int, games: int) -> str:
    share = wins / games
    spread = 1.96 * math.sqrt(share * (1 - share) / games)
    return f"{100 * share:.0f}% ± {100 * spread:.0f}%"


def figures(games: int, tables: Sequence[tuple[str, int]], jobs: int = 1) -> Iterator[str]:
    """One line per map and number of posses."""
    for map_name, players in tables:
        started = time.perf_counter()
        result = contest(map_name, players, games, jobs)
        low, high = result.quartiles()
        seats = ", ".join(f"seat {seat} {_rate(result.wins(seat), games)}" for seat in range(players))
        top = max(result.wins(seat) for seat in range(players)) / games
        yield (
            f"{map_name}, {players} posses, {games} games: median {result.median_turns:g} turns "
            f"(quartiles {low:g}-{high:g}), {result.carried} carried off; wins: {seats} "
            f"(most {100 * top:.0f}%; {time.perf_counter() - started:.0f} s)"
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    yield f"(machine load average over the last minute: {load:.2f}, {os.cpu_count()} cores)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.strongbox", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per map and number of posses (200)")
    parser.add_argument("--maps", default="", help="the maps, comma-separated (all that Ruthless plays)")
    parser.add_argument("--players", default="", help="the numbers of posses, comma-separated (all that fit)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, in processes (1)")
    args = parser.parse_args(argv)
    maps = {name.strip() for name in args.maps.split(",") if name.strip()}
    counts = {int(n) for n in args.players.split(",") if n.strip()}
    tables = [
        (name, players)
        for name, players in strongbox_tables()
        if (not maps or name in maps) and (not counts or players in counts)
    ]
    if not tables:
        parser.error("no map and number of posses left to play")
    for line in figures(max(1, args.games), tables, max(1, args.jobs)):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
