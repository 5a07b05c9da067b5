"""Bots benchmark: the strong bot against the heuristic one, and the heuristic bot's speed. Prints, asserts nothing.

Run: `python -m fragtui.bench.bots [--games N] [--budget SECONDS | --worlds N] [--first SEED]
[--only frag,deadlands,tag,ruthless,realtime,mirror,speed]`.
`python -m fragtui.bench` calls `figures` (the speed part alone: the strong games take minutes).

**The strong bot** (issue 34, `fragtui.bots.strong`), each part `games` games, seeds `first` (0) on, the strong
seat going round the table (seat = game number modulo the players), thinking `budget` seconds a decision, or
weighing a fixed `worlds` worlds a decision (a measure that does not depend on the machine's load: A/B runs):

- `frag`: 4-player Frag to 3 frags, one strong seat against three heuristic ones, the shipped Frag maps that hold
  four in turn (fair share 25%);
- `deadlands`: the same in Frag Deadlands, on its two maps, each seat a distinct fighter drawn at random;
- `tag`: the same in a Frag Tag mode (A Turn To Frag, J-TAG-01: only "it" scores), on the Frag maps;
- `ruthless`: two posses, strong against heuristic, on the Ruthless maps in turn, seats swapped half the time as
  duplicate deals: games 2k and 2k + 1 are one deal (the map, both posses, the dice's seed, every bot's seed)
  with the strong posse in seat 0 and then in seat 1, so the heuristic bot in the tested seat wins exactly one of
  the two (its games are the same game) and the seat's or the deal's luck cannot lean the figure (fair share 50%;
  an even `--first` and `--games` play whole deals);
- `realtime`: 4-player Real-Time Frag (J-RT-01: everyone's orders for a segment at once), one strong seat against
  three heuristic ones, on the Frag maps (not among the issue's goals: that it plays, and how it fares);
- `mirror`: 4-player Frag with a strong bot in every seat, the issue's bias test: each seat position's wins with
  its 95% interval, which should hold the fair share of 25%, beside heuristic self-play's in the same games (the
  game's own bias: moving first is worth something).

The strong seat plays the fighter it designs for itself, or leads the posse it picks (`designed`,
`fragtui.bots.designs`). Each gives the strong seat's wins with a 95% confidence interval (Wilson's score interval for
a binomial), the heuristic bot's wins in the same seat of the same games with the same fighter or posse (the strong
bot's own quick answers, same seed: what the search changed) and with the one dealt (what its choice and search
changed together), the
decision time p50 and p95 over every strong decision and over the searched ones, worlds sampled and rollouts per
second. A game without a winner (the action cap) counts as a loss.

**Speed** (`speed`, and `figures`):

Each figure is the median over `runs` seeded runs (seeds 1, 2, …), so a figure moves only when the code does
(or the machine):

- a 4-player game to 3 frags on Foundry, and a 6-player one on the largest map that holds six
  (most squares to stand on: The Deadlands Desert, 28×28), every seat a heuristic bot, from `Game.new` to
  the winning frag: the bots' thinking and the engine's work together (goal for 6 players:
  under 0.5 s);
- the time of one heuristic decision, p50 and p99 over every decision of a run's 6-player game
  (goal: p99 under 20 ms);
- the same two for Frag Deadlands: a 6-player game on the same map, six distinct fighters
  (`DeadlandsRules.random_seats`), and its decisions. A decision is `bot.decide(window)`, the view and forecasts it asks
  for included; decisions with one legal action count too, as the interface waits for them.

A process pays once per map for studying it and for warming the engine's caches (line of sight,
moves): a warm-up game on the Desert is played first and not counted, and the median leaves out
Foundry's first run, as a long game would.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import TypeVar

from fragtui.bots import BotWindow, make_bot, play_game
from fragtui.bots.bot import Bot
from fragtui.bots.designs import own_seats
from fragtui.bots.strong import SearchStats, StrongBot
from fragtui.bots.worlds import clone_state
from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine.actions import Action
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset

__all__ = ["bench_game", "figures", "largest_map", "main", "seated", "strong_figures", "strong_game", "wilson"]

FRAG_TARGET = 3
"""Frags that win each benchmark game."""


@dataclass
class Timed:
    """A bot whose every decision is timed (the wrapper adds a clock read on each side)."""

    bot: Bot
    """The bot timed."""
    times: list[float] = field(default_factory=list)
    """Seconds per decision, in order."""

    @property
    def name(self) -> str:
        return self.bot.name

    def decide(self, window: BotWindow) -> Action:
        start = time.perf_counter()
        action = self.bot.decide(window)
        self.times.append(time.perf_counter() - start)
        return action


def largest_map(players: int) -> str:
    """The shipped map with the most squares a fighter can stand on, among those with room for
    `players` (The Deadlands Desert: 781 of its 28×28; Foundry, as wide, has more rock)."""
    fitting = [name for name in map_names() if len(board_named(name).respawn_points) >= players]
    return max(fitting, key=lambda name: (len(board_named(name).all_squares()), name))


def _game_seconds(map_name: str, players: int, seed: int, ruleset: str = "frag") -> tuple[float, list[float], int]:
    """(seconds for the whole game, each decision's seconds, turns) of one seeded all-heuristic game."""
    # Frag's seats are drawn as they always were here (the same generator, the same designs), so its figures
    # stay comparable; Frag Deadlands' deal six distinct fighters.
    rng = random.Random(f"bench/{map_name}/{players}/{seed}")
    seats = find_ruleset(ruleset).random_seats(rng, players)
    config = make_config(ruleset=ruleset, map=map_name, frag_target=FRAG_TARGET, seats=seats)
    bots = [Timed(make_bot("heuristic", seed * 10 + n)) for n in range(players)]
    start = time.perf_counter()
    game = new_game(config, seed)
    report = play_game(game, bots)
    seconds = time.perf_counter() - start
    return seconds, [t for bot in bots for t in bot.times], report.turns


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def figures(runs: int) -> Iterator[str]:
    """The benchmark's lines, each the median over `runs` runs."""
    runs = max(1, runs)
    four = "foundry"
    six = largest_map(6)
    _game_seconds(six, 6, 0)  # study the map, warm the caches (see the module's docstring)
    games4 = [_game_seconds(four, 4, seed) for seed in range(1, runs + 1)]
    yield f"4-player heuristic game to {FRAG_TARGET} frags: {statistics.median(g[0] for g in games4):.3f} s"
    games6 = [_game_seconds(six, 6, seed) for seed in range(1, runs + 1)]
    yield f"6-player heuristic game to {FRAG_TARGET} frags: {statistics.median(g[0] for g in games6):.3f} s"
    p50 = statistics.median(_percentile(g[1], 0.50) for g in games6)
    p99 = statistics.median(_percentile(g[1], 0.99) for g in games6)
    yield f"heuristic decision p50: {1000 * p50:.2f} ms"
    yield f"heuristic decision p99: {1000 * p99:.2f} ms"
    _game_seconds(six, 6, 0, "deadlands")
    wild = [_game_seconds(six, 6, seed, "deadlands") for seed in range(1, runs + 1)]
    turns = statistics.median(g[2] for g in wild)
    yield (
        f"6-player Frag Deadlands heuristic game to {FRAG_TARGET} frags: "
        f"{statistics.median(g[0] for g in wild):.3f} s ({turns:.0f} turns)"
    )
    p50 = statistics.median(_percentile(g[1], 0.50) for g in wild)
    p99 = statistics.median(_percentile(g[1], 0.99) for g in wild)
    yield f"Frag Deadlands heuristic decision p50: {1000 * p50:.2f} ms, p99: {1000 * p99:.2f} ms"


STRONG_PARTS = ("frag", "deadlands", "tag", "ruthless")
"""The strong bot's parts that the issue sets goals for, in the order they run by default."""
MORE_PARTS = ("realtime", "mirror")
"""The parts run only when asked for (`--only`): Real-Time Frag, and strong against strong."""
TAG_MODE = "turn-to-frag"
"""The Frag Tag mode of the `tag` part (J-TAG-01): the mode whose games end that is nearest plain Frag."""


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% score interval (Wilson, 1927) of a win rate of `wins` in `games`: sound at the small counts and the
    rates near 0 or 1 a short run gives, where the normal approximation is not."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    middle = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, middle - half), min(1.0, middle + half)


def _maps(ruleset: str, players: int) -> list[str]:
    """The shipped maps drawn for `ruleset` itself that hold `players`, by name: Frag's own four, Frag Deadlands'
    two, Ruthless's two (not the other systems' maps a ruleset may also be played on)."""
    boards = {name: board_named(name) for name in map_names()}
    return sorted(name for name, b in boards.items() if b.ruleset == ruleset and len(b.respawn_points) >= players)


def _part_ruleset(part: str) -> str:
    """The ruleset a part plays: a Frag Tag mode and Real-Time Frag are Frag's, with an option."""
    return {"tag": "frag", "realtime": "frag"}.get(part, part)


def _part_options(part: str) -> dict[str, object]:
    """The options a part's games are set up with: the Tag mode, or Real-Time Frag's switch."""
    if part == "tag":
        return {"objective": TAG_MODE}
    return {"real-time": True} if part == "realtime" else {}


def _players(part: str) -> int:
    """The seats at a part's table: two posses in Ruthless, four fighters in the Frag family."""
    return 2 if part == "ruthless" else 4


def bench_game(part: str, game_number: int) -> tuple[Game, int, str]:
    """Game `game_number` of `part` as the bench plays it: (the new game, the seat under test, the map). The seat
    goes round the table with the number; the maps are taken in turn; the seats' designs are drawn from a generator
    seeded by the part, the map and the number, so every bench that plays "game N" plays the same game."""
    ruleset, options = _part_ruleset(part), _part_options(part)
    players = _players(part)
    maps = _maps(ruleset, players)
    map_name = maps[game_number % len(maps)]
    rng = random.Random(f"bench/strong/{part}/{map_name}/{game_number}")
    rules = find_ruleset(ruleset)
    seats = rules.random_seats(rng, players)
    target = {"frag_target": FRAG_TARGET} if rules.frag_target_played else {}
    config = make_config(ruleset=ruleset, map=map_name, seats=seats, options=options, **target)
    return new_game(config, game_number), game_number % players, map_name


T = TypeVar("T")


def self_play(
    argv: list[str] | None, prog: str, doc: str, parts: tuple[str, ...], games: int, first: int
) -> argparse.Namespace:
    """The options of a bench that plays the bench's games with heuristic bots (`--part`, `--games`, `--first`,
    `--jobs`: `fragtui.bench.win_chance`, `fragtui.bench.designs`), read from `argv`."""
    parser = argparse.ArgumentParser(prog=prog, description=doc.splitlines()[0])
    parser.add_argument("--part", default=parts[0], choices=parts)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--first", type=int, default=first)
    parser.add_argument("--jobs", type=int, default=2)
    return parser.parse_args(argv)


def played(game: Callable[[tuple[str, int]], T], args: argparse.Namespace) -> list[T]:
    """`game((part, number))` for each of `args`' game numbers, `args.jobs` processes at a time, in order."""
    numbers = range(args.first, args.first + args.games)
    with Pool(args.jobs) as pool:
        return pool.map(game, [(args.part, number) for number in numbers], chunksize=4)


SWAPPED_PARTS = ("ruthless",)
"""The parts played as duplicate deals (`seated`): each deal from both seats of a two-player game."""


def seated(part: str, game_number: int) -> tuple[Game, int, str, int]:
    """Game `game_number` of `part` as the strong bench plays it: (the new game, the seat under test, the map, the
    seed its bots are seeded from). Frag's parts play `bench_game` as it is, the strong seat going round. A part of
    `SWAPPED_PARTS` plays deal `game_number // 2` of `bench_game` from seat `game_number % 2`: before, Ruthless's
    seat went with the map (seat 0 on Dry Creek, seat 1 on Main Street), and the heuristic bot in the tested seat
    won 116 of games 0-199, a lean of the seats and the deals, not of the bots."""
    if part in SWAPPED_PARTS:
        deal = game_number // 2
        game, _, map_name = bench_game(part, deal)
        return game, game_number % 2, map_name, deal
    game, seat, map_name = bench_game(part, game_number)
    return game, seat, map_name, game_number


def designed(game: Game, seats: Collection[int], seed: int) -> Game:
    """`game` new again (seeded `seed`) with each of `seats` playing the fighter the strong bot designs for itself,
    or leading the posse it picks (`fragtui.bots.designs.own_seats`), instead of the one dealt; `game` itself where
    that is what was dealt."""
    config = game.state.config
    kinds = ["strong" if n in seats else "heuristic" for n in range(len(config.seats))]
    dealt = [dict(seat) for seat in config.seats]
    chosen = own_seats(dealt, kinds, config.ruleset, config.options)
    if chosen == dealt:
        return game
    own = tuple(seat.model_copy(update=mine) for seat, mine in zip(config.seats, chosen, strict=True))
    return new_game(config.model_copy(update={"seats": own}), seed)


def strong_game(
    part: str,
    game_number: int,
    budget: float,
    search: bool = True,
    worlds: int | None = None,
    design: bool | None = None,
) -> tuple[bool, SearchStats, str]:
    """One game of `part`, seated by `seated`: (whether the tested seat won, its search figures, the map). Without
    `search`, the heuristic bot the strong one starts from takes that seat (same seed): the same game as long as the
    strong bot would keep the heuristic's answers, so the two win rates compare the search alone. With `worlds`, the
    strong bot weighs that many worlds a decision whatever the time (the game does not depend on the machine's
    load). With `design` (by default: with `search`), the tested seat plays the fighter the strong bot designs
    for itself, or leads the posse it picks (`designed`), as it does at every table; without, the one dealt."""
    game, seat, map_name, seed = seated(part, game_number)
    if search if design is None else design:
        game = designed(game, {seat}, seed)
    players = len(game.state.players)
    strong = StrongBot(seed * 16 + seat, budget, worlds=worlds)
    bots: list[Bot] = [make_bot("heuristic", seed * 16 + n) for n in range(players)]
    if search:
        bots[seat] = strong
    report = play_game(game, bots)
    return report.winner == seat, strong.stats, map_name


def _clones_per_second(part: str, clones: int = 500) -> float:
    """How many copies of a mid-game state of `part` (60 actions of heuristic bots in) `clone_state` makes a
    second: the price of every world and every rollout."""
    ruleset, options = _part_ruleset(part), _part_options(part)
    players = _players(part)
    map_name = _maps(ruleset, players)[0]
    rules = find_ruleset(ruleset)
    seats = rules.random_seats(random.Random(f"bench/clones/{part}"), players)
    target = {"frag_target": FRAG_TARGET} if rules.frag_target_played else {}
    game = new_game(make_config(ruleset=ruleset, map=map_name, seats=seats, options=options, **target), 1)
    play_game(game, [make_bot("heuristic", n) for n in range(players)], max_actions=60)
    start = time.perf_counter()
    for _ in range(clones):
        clone_state(game.state)
    return clones / (time.perf_counter() - start)


def strong_figures(
    parts: tuple[str, ...], games: int, budget: float, worlds: int | None = None, first: int = 0
) -> Iterator[str]:
    """The strong bot's lines for each of `parts` (see the module's docstring): games numbered `first` on (the
    seeds), at `worlds` worlds a decision if given, else `budget` seconds."""
    numbers = range(first, first + games)
    for part in parts:
        start = time.perf_counter()
        wins = 0
        total = SearchStats()
        by_map: dict[str, list[int]] = {}
        won_by: dict[int, bool] = {}
        for number in numbers:
            won, stats, map_name = strong_game(part, number, budget, worlds=worlds)
            won_by[number] = won
            wins += won
            by_map.setdefault(map_name, [0, 0])[0] += won
            by_map[map_name][1] += 1
            for name in (
                "decisions",
                "searched",
                "changed",
                "worlds",
                "rollouts",
                "rollout_actions",
                "pruned",
                "stratified",
            ):
                setattr(total, name, getattr(total, name) + getattr(stats, name))
            total.sample_seconds += stats.sample_seconds
            total.rollout_seconds += stats.rollout_seconds
            total.times += stats.times
            total.weighed += stats.weighed
        heuristic = {number: strong_game(part, number, budget, search=False, design=True)[0] for number in numbers}
        alone = sum(heuristic.values())
        gained = [number for number in numbers if won_by[number] and not heuristic[number]]
        lost = [number for number in numbers if heuristic[number] and not won_by[number]]
        low, high = wilson(wins, games)
        thinking = f"{worlds} worlds a decision" if worlds else f"budget {budget:g} s"
        players = _players(part)
        maps = ", ".join(f"{name} {won}/{played}" for name, (won, played) in sorted(by_map.items()))
        yield (
            f"{part}: strong won {wins}/{games} = {100 * wins / games:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%, "
            f"fair share {100 / players:.0f}%; {maps}) {thinking}, {time.perf_counter() - start:.0f} s"
        )
        low, high = wilson(alone, games)
        yield (
            f"{part}: the heuristic bot in the same seat of the same games, the same fighter or posse, won "
            f"{alone}/{games} = "
            f"{100 * alone / games:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%); the search won games "
            f"{gained or 'none'} the heuristic lost, lost {lost or 'none'} it won"
        )
        dealt = sum(strong_game(part, number, budget, search=False)[0] for number in numbers)
        low, high = wilson(dealt, games)
        yield (
            f"{part}: the heuristic bot in the same seat with the fighter or posse dealt won {dealt}/{games} = "
            f"{100 * dealt / games:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%): the strong bot's own "
            f"choice and its search together won {wins - dealt:+d}"
        )
        every, weighed = sorted(total.times), sorted(total.weighed) or [0.0]
        yield (
            f"{part}: decisions {total.decisions}: p50 {1000 * _percentile(every, 0.5):.1f} ms, "
            f"p95 {1000 * _percentile(every, 0.95):.0f} ms, max {1000 * every[-1]:.0f} ms; "
            f"{len(total.weighed)} with candidates to weigh: p50 {1000 * _percentile(weighed, 0.5):.0f} ms, "
            f"p95 {1000 * _percentile(weighed, 0.95):.0f} ms; {total.searched} searched (2+ worlds), "
            f"{total.changed} answered other than the heuristic"
        )
        yield (
            f"{part}: worlds {total.worlds} ({total.worlds / max(1e-9, total.sample_seconds):.0f}/s sampled), "
            f"rollouts {total.rollouts} ({total.rollouts / max(1e-9, total.rollout_seconds):.1f}/s, "
            f"{total.rollout_actions / max(1, total.rollouts):.0f} actions each, "
            f"{total.rollout_actions / max(1e-9, total.rollout_seconds):.0f} actions/s); "
            f"{total.pruned} searches pruned for time, {total.stratified} attacks weighed by their exact chance to hit"
        )
        yield f"{part}: {_clones_per_second(part):.0f} state clones/s (a mid-game state, `clone_state`)"


def mirror_figures(games: int, budget: float, worlds: int | None = None, first: int = 0) -> Iterator[str]:
    """The `mirror` part's lines: the bench's Frag games numbered `first` on with a strong bot in every seat (each
    playing the fighter it designs for itself), each seat position's wins with its 95% interval beside heuristic
    self-play's in the same games (the fighters dealt)."""
    start = time.perf_counter()
    strong_wins: list[int] = []
    heuristic_wins: list[int] = []
    for number in range(first, first + games):
        for search, wins in ((True, strong_wins), (False, heuristic_wins)):
            game, _, _, seed = seated("frag", number)
            players = len(game.state.players)
            if search:  # (every strong seat designs its own fighter: all four the same)
                game = designed(game, range(players), seed)
            bots: list[Bot] = [  # (seeded as `strong_game` seeds its seats)
                StrongBot(seed * 16 + seat, budget, worlds=worlds)
                if search
                else make_bot("heuristic", seed * 16 + seat)
                for seat in range(players)
            ]
            wins.extend([0] * (players - len(wins)))
            report = play_game(game, bots)
            if report.winner is not None:
                wins[report.winner] += 1
    thinking = f"{worlds} worlds a decision" if worlds else f"budget {budget:g} s"
    for name, wins in (("strong in every seat", strong_wins), ("heuristic in every seat", heuristic_wins)):
        share = 1 / max(1, len(wins))
        seats = []
        for seat, won in enumerate(wins):
            low, high = wilson(won, games)
            mark = "" if low <= share <= high else " (fair share outside)"
            seats.append(
                f"seat {seat} {won}/{games} = {100 * won / games:.1f}% ({100 * low:.1f}-{100 * high:.1f}%){mark}"
            )
        yield f"mirror, {name}: " + "; ".join(seats)
    yield f"mirror: {games} games of Frag, {thinking}, fair share 25%, {time.perf_counter() - start:.0f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.bots", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="speed: runs per figure; each figure is their median")
    parser.add_argument("--games", type=int, default=200, help="strong: games per part (the issue's 200)")
    parser.add_argument("--budget", type=float, default=1.0, help="strong: seconds a decision (the issue's 1 s)")
    parser.add_argument(
        "--worlds", type=int, default=None, help="strong: worlds a decision, fixed (instead of --budget's time)"
    )
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="strong: the first game's number (seed); 0 by default (a Ruthless deal is games 2k and 2k + 1)",
    )
    parser.add_argument(
        "--only",
        default=",".join(STRONG_PARTS),
        help=f"parts to run, comma-separated: {', '.join((*STRONG_PARTS, *MORE_PARTS))}, speed (default: "
        f"{', '.join(STRONG_PARTS)})",
    )
    args = parser.parse_args(argv)
    parts = tuple(part.strip() for part in args.only.split(",") if part.strip())
    unknown = [part for part in parts if part not in (*STRONG_PARTS, *MORE_PARTS, "speed")]
    if unknown or args.games < 1 or not args.budget > 0 or (args.worlds is not None and args.worlds < 2):
        parser.error(
            f"unknown parts {unknown}"
            if unknown
            else "--games must be at least 1, --budget above 0 and --worlds at least 2"
        )
    chosen = tuple(p for p in parts if p not in ("speed", "mirror"))
    for line in strong_figures(chosen, args.games, args.budget, worlds=args.worlds, first=args.first):
        print(line, flush=True)
    if "mirror" in parts:
        for line in mirror_figures(args.games, args.budget, worlds=args.worlds, first=args.first):
            print(line, flush=True)
    if "speed" in parts:
        for line in figures(args.runs):
            print(line, flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
