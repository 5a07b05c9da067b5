"""Ruthless bots benchmark: the heuristic posse against the random one, and the time one heuristic decision
takes. Prints, asserts nothing.

Run: `python -m fragtui.bench.ruthless_bots [--games N] [--runs N] [--quick] [--only showdown,strongbox,four,time]`.

- *win rate*: on each Ruthless map (main-street, dry-creek), `games` two-posse showdowns (sundown at turn 12,
  the default), heuristic against random; the heuristic bot takes seat 0 in the even games and seat 1 in the
  odd ones, and the posses are the ruleset's random pick per game (`RuthlessRules.random_seats`, seeded), so
  neither the seat nor the posse favours it. A draw (no winner: the action cap) counts as a loss. The figure
  is given with ± 1.96 standard errors (the normal approximation to the binomial).
- *strongbox*: on each map, `games` two-posse games of the strongbox scenario (`scenario = strongbox`, sundown
  at turn 12; ruling R-SKED-01), heuristic against random, seats alternated as above; besides the win rate, how
  many of the heuristic posse's wins came by carrying the strongbox off the map (the rest by holding it, or by
  the showdown's order, when the scenario ended).
- *four posses*: on each map, `games // 2` games of one heuristic posse against three random ones (its seat
  going round); a fair share would be 25%.
- *decision time*: every decision of a heuristic bot in a four-posse game on the largest Ruthless map,
  every seat heuristic, in the showdown and in the strongbox scenario (p50, p99, max over all decisions of
  `runs` games; decisions with one legal action count too). A warm-up game first, not counted (the engine's
  caches, the bot's cover table). Given twice: the whole call, and the bot's own thinking (the engine's
  legal actions, which it works out for every decider, human or bot, worked out before the clock starts;
  the view and the forecasts stay inside).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from fragtui.bots import BotWindow, make_bot, play_game
from fragtui.bots.bot import Bot
from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine.actions import Action
from fragtui.engine.config import make_config
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.ruthless.state import table_of

__all__ = ["decision_times", "figures", "main", "ruthless_maps", "win_rate"]

RULESET = "ruthless"
PARTS = frozenset({"showdown", "strongbox", "four", "time"})
"""The benchmark's parts: the showdown's win rate, the strongbox's, four posses, the decision time."""


@dataclass
class Timed:
    """A bot whose every decision is timed."""

    bot: Bot
    """The bot timed."""
    times: list[float] = field(default_factory=list)
    """Seconds per decision, in order, from the call to `decide` to its answer."""
    thinking: list[float] = field(default_factory=list)
    """The same with the engine's legal actions worked out before the clock starts: the engine works them out
    for every decider (`Game.apply` checks against them), so what is left is the bot's own (its view, its
    forecasts, its thinking)."""

    @property
    def name(self) -> str:
        return self.bot.name

    def decide(self, window: BotWindow) -> Action:
        start = time.perf_counter()
        window.legal_actions()
        ready = time.perf_counter()
        action = self.bot.decide(window)
        end = time.perf_counter()
        self.times.append(end - start)
        self.thinking.append(end - ready)
        return action


def ruthless_maps() -> list[str]:
    """The maps drawn for Ruthless, by name."""
    return sorted(name for name in map_names() if board_named(name).ruleset == RULESET)


@dataclass
class Played:
    """One benchmark game's outcome."""

    winner: int | None
    """The winning seat (None: nobody, the action cap)."""
    carried_off: int | None = None
    """The strongbox scenario: the seat whose model carried the strongbox off the map (None: nobody did)."""
    times: list[float] = field(default_factory=list)
    """Every heuristic decision's seconds, if timed (`Timed.times`)."""
    thinking: list[float] = field(default_factory=list)
    """The same, the bot's own thinking alone (`Timed.thinking`)."""


def _game(map_name: str, kinds: list[str], seed: int, timed: bool = False, scenario: str = "showdown") -> Played:
    """One seeded game of `scenario`: its winner, who carried the strongbox off and, if `timed`, every heuristic
    decision's seconds (whole, and its thinking alone: `Timed`)."""
    rng = random.Random(f"ruthless-bots/{map_name}/{seed}")
    seats = find_ruleset(RULESET).random_seats(rng, len(kinds))
    options = {} if scenario == "showdown" else {"scenario": scenario}
    config = make_config(ruleset=RULESET, map=map_name, seats=seats, options=options)
    game = new_game(config, seed)
    bots: list[Bot] = [make_bot(kind, seed * 16 + n) for n, kind in enumerate(kinds)]
    clocks = [Timed(bot) for bot in bots] if timed else []
    report = play_game(game, clocks or bots)
    heuristic = [clock for clock in clocks if clock.name == "heuristic"]
    table = table_of(game.state)
    return Played(
        winner=report.winner,
        carried_off=table.carried_off if table is not None else None,
        times=[t for c in heuristic for t in c.times],
        thinking=[t for c in heuristic for t in c.thinking],
    )


def win_rate(map_name: str, games: int, players: int = 2, scenario: str = "showdown") -> tuple[int, int, int]:
    """(heuristic wins, of them those by carrying the strongbox off, games) over `games` games of `scenario`,
    one heuristic posse against `players - 1` random ones, the heuristic seat going round."""
    wins = carried = 0
    for seed in range(1, games + 1):
        seat = seed % players
        kinds = ["random"] * players
        kinds[seat] = "heuristic"
        played = _game(map_name, kinds, seed, scenario=scenario)
        wins += played.winner == seat
        carried += played.winner == seat and played.carried_off == seat
    return wins, carried, games


def decision_times(map_name: str, runs: int, scenario: str = "showdown") -> tuple[list[float], list[float]]:
    """Every decision's seconds over `runs` four-posse all-heuristic games of `scenario` on `map_name`: whole,
    and the bot's thinking alone (`Timed`)."""
    _game(map_name, ["heuristic"] * 4, 0, timed=True, scenario=scenario)  # warm-up
    times: list[float] = []
    thinking: list[float] = []
    for seed in range(1, runs + 1):
        played = _game(map_name, ["heuristic"] * 4, seed, timed=True, scenario=scenario)
        times.extend(played.times)
        thinking.extend(played.thinking)
    return times, thinking


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def largest_map() -> str:
    """The Ruthless map with the most squares to stand on."""
    return max(ruthless_maps(), key=lambda name: (len(board_named(name).all_squares()), name))


def figures(games: int, runs: int, parts: frozenset[str] = PARTS) -> Iterator[str]:
    """The benchmark's lines (of the `parts` asked for)."""
    if "showdown" in parts:
        total = [0, 0]
        for map_name in ruthless_maps():
            wins, _, played = win_rate(map_name, games)
            total[0] += wins
            total[1] += played
            yield f"{map_name}: heuristic beats random in {_rate(wins, played)} of {played} games"
        yield f"all maps: heuristic beats random in {_rate(total[0], total[1])} of {total[1]} games"
    if "strongbox" in parts:
        total = [0, 0, 0]
        for map_name in ruthless_maps():
            wins, carried, played = win_rate(map_name, games, scenario="strongbox")
            total = [total[0] + wins, total[1] + carried, total[2] + played]
            yield (
                f"{map_name}, strongbox: heuristic beats random in {_rate(wins, played)} of {played} games, "
                f"{carried} of its {wins} wins by carrying the strongbox off"
            )
        yield (
            f"all maps, strongbox: heuristic beats random in {_rate(total[0], total[2])} of {total[2]} games, "
            f"{total[1]} of its {total[0]} wins by carrying the strongbox off"
        )
    if "four" in parts:
        yield from _four_posses(games)
    if "time" in parts:
        yield from _times(runs)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    yield f"(machine load average over the last minute: {load:.2f}, {os.cpu_count()} cores)"


def _four_posses(games: int) -> Iterator[str]:
    for map_name in ruthless_maps():
        wins, _, played = win_rate(map_name, max(1, games // 2), players=4)
        yield f"{map_name}, 1 heuristic and 3 random posses: it wins {_rate(wins, played)} of {played} (fair: 25%)"


def _times(runs: int) -> Iterator[str]:
    where = largest_map()
    for scenario in ("showdown", "strongbox"):
        yield from _timed(where, runs, scenario)


def _timed(where: str, runs: int, scenario: str) -> Iterator[str]:
    times, thinking = decision_times(where, runs, scenario)
    for what, values in (("whole decision", times), ("the bot's own thinking", thinking)):
        yield (
            f"heuristic decision, {scenario}, 4 posses on {where} ({len(values)} decisions, {runs} games), {what}: "
            f"p50 {1000 * _percentile(values, 0.5):.2f} ms, p99 {1000 * _percentile(values, 0.99):.2f} ms, "
            f"max {1000 * max(values):.2f} ms"
        )


def _rate(wins: int, games: int) -> str:
    """`83.0% ± 5.2%`: the share and 1.96 standard errors."""
    share = wins / games
    spread = 1.96 * math.sqrt(share * (1 - share) / games)
    return f"{100 * share:.1f}% ± {100 * spread:.1f}%"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.ruthless_bots", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="heuristic-against-random games per map (100)")
    parser.add_argument("--runs", type=int, default=20, help="four-posse games timed (20)")
    parser.add_argument("--quick", action="store_true", help="10 games per map, 1 timed game")
    parser.add_argument(
        "--only",
        default=",".join(sorted(PARTS)),
        help=f"the parts to run, comma-separated (all: {','.join(sorted(PARTS))})",
    )
    args = parser.parse_args(argv)
    parts = frozenset(part.strip() for part in args.only.split(",") if part.strip())
    unknown = parts - PARTS
    if unknown:
        parser.error(f"unknown part {', '.join(sorted(unknown))} (the parts: {', '.join(sorted(PARTS))})")
    games, runs = (10, 1) if args.quick else (max(1, args.games), max(1, args.runs))
    for line in figures(games, runs, parts):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
