"""Frag Tag's modes as the bots play them: does the objective-aware heuristic bot beat one that only hunts frags?
Prints only.

Run: `python -m fragtui.bench.objective [--games N] [--seed S] [--modes M,...] [--cap A]` (not part of
`python -m fragtui.bench`: it takes minutes). docs/bots.md keeps the figures.

For each mode and each setting (ruleset and map, `SETTINGS`), `N` games (60 by default) of four players: two
`heuristic` bots (which play for the mode's objective, `fragtui.bots.objective`) and two `hunter` bots (the same bot
told to ignore it: it plays Frag), seated alternately — heuristic in seats 0 and 2 in even games, 1 and 3 in odd
ones (who goes first is rolled). Seeds `S`, `S + 1`, …, the same on every setting; fighters as `fragtui simulate`
deals them; the frag modes to 3 frags, the point modes to their default target (10). A game still going after `A`
actions (4,000 by default; a finished game takes a few hundred) is stopped without a winner.

The win share is the heuristic bots' wins over the games someone won; 50% is a draw between the kinds. Its standard
error is sqrt(p(1 - p) / games won).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from fragtui.bots import make_bot, play_game
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.rulesets import find_ruleset
from fragtui.simulate import NAMES, table

__all__ = ["MODES", "SETTINGS", "Tally", "figures", "main", "play_setting"]

MODES = ("turn-to-frag", "only-one", "keep-away", "king-of-the-hill")
"""Frag Tag's modes (the `objective` option's values)."""
SETTINGS = (("frag", "foundry"), ("frag", "pocket"), ("deadlands", "town"))
"""(ruleset, map) played on: two Frag maps, a big and a small one, and a Frag Deadlands map."""
PLAYERS = 4
AWARE = "heuristic"
BLIND = "hunter"


@dataclass
class Tally:
    """One mode on one setting: what its games came to."""

    games: int = 0
    """Games played."""
    aware_wins: int = 0
    """Games won by a heuristic (objective-aware) bot."""
    blind_wins: int = 0
    """Games won by a hunter bot."""
    turns: int = 0
    """Turns begun, over every game."""
    seconds: float = 0.0
    """Time the games took."""

    @property
    def won(self) -> int:
        """Games someone won."""
        return self.aware_wins + self.blind_wins

    @property
    def share(self) -> float:
        """The heuristic bots' share of the games won (nan when none was)."""
        return self.aware_wins / self.won if self.won else math.nan

    @property
    def error(self) -> float:
        """The share's standard error."""
        if not self.won:
            return math.nan
        return math.sqrt(self.share * (1 - self.share) / self.won)


def play_setting(ruleset: str, map_name: str, mode: str, games: int, seed: int, cap: int) -> Tally:
    """`games` games of `mode` on `map_name` under `ruleset`: two heuristic bots against two hunters, seated
    alternately."""
    tally = Tally()
    start = time.perf_counter()
    for n in range(games):
        game_seed = seed + n
        kinds = [AWARE, BLIND] * (PLAYERS // 2) if n % 2 == 0 else [BLIND, AWARE] * (PLAYERS // 2)
        rng = random.Random(game_seed)
        seats = find_ruleset(ruleset).random_seats(rng, PLAYERS)
        config = make_config(
            ruleset=ruleset,
            options={"objective": mode},
            map=map_name,
            frag_target=3,
            seats=[{**seat, "name": NAMES[s]} for s, seat in enumerate(seats)],
        )
        game = new_game(config, game_seed)
        bots = [make_bot(kind, game_seed * 16 + s) for s, kind in enumerate(kinds)]
        report = play_game(game, bots, max_actions=cap)
        tally.games += 1
        tally.turns += report.turns
        if report.winner is not None:
            if kinds[report.winner] == AWARE:
                tally.aware_wins += 1
            else:
                tally.blind_wins += 1
    tally.seconds = time.perf_counter() - start
    return tally


def figures(games: int, seed: int, modes: Sequence[str], cap: int) -> Iterator[str]:
    """A line per mode and setting as it is played, then the table."""
    rows = [
        ("mode", "ruleset", "map", "games", "no winner", "heuristic wins", "hunter wins", "win share", "turns/game")
    ]
    for mode in modes:
        for ruleset, map_name in SETTINGS:
            tally = play_setting(ruleset, map_name, mode, games, seed, cap)
            share = f"{100 * tally.share:.0f}% ± {100 * tally.error:.0f}" if tally.won else "-"
            turns = tally.turns / tally.games
            yield f"{mode}, {ruleset}, {map_name}: {tally.games} games, {tally.won} won, {share}, {tally.seconds:.0f} s"
            rows.append(
                (
                    mode,
                    ruleset,
                    map_name,
                    str(tally.games),
                    str(tally.games - tally.won),
                    str(tally.aware_wins),
                    str(tally.blind_wins),
                    share,
                    f"{turns:.1f}",
                )
            )
    yield ""
    yield f"2 heuristic vs 2 hunter bots, seats alternated, seeds {seed}-{seed + games - 1}, cap {cap:,} actions:"
    yield from table(rows, left=3)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.objective", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per mode and setting (60)")
    parser.add_argument("--seed", type=int, default=1, help="seed of each setting's first game (default 1)")
    parser.add_argument("--modes", default=",".join(MODES), help="modes, separated by commas (all four)")
    parser.add_argument("--cap", type=int, default=4000, help="actions after which a game is stopped (4000)")
    args = parser.parse_args(argv)
    modes = [mode.strip() for mode in args.modes.split(",") if mode.strip()]
    unknown = [mode for mode in modes if mode not in MODES]
    if unknown:
        parser.error(f"no mode {unknown[0]!r}: the modes are {', '.join(MODES)}")
    for line in figures(args.games, args.seed, modes, args.cap):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
