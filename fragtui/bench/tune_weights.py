"""Tuning the heuristic bot's weights by self-play: one tuned seat against three default ones. Prints, asserts nothing.

Run: `python -m fragtui.bench.tune_weights [--part frag] [--games 160] [--first 1000] [--steps 0.5]
[--fields a,b,...] [--start name=value,...] [--validate 400] [--validate-first 0] [--only-validate]`.

A weight set's *score* is the wins of one seat playing the heuristic bot with those weights
(`HeuristicBot(seed, weights=...)`, `fragtui.bots.weights`) against three default heuristic seats, over `games`
seeded games numbered `first` on: the very games of `python -m fragtui.bench.bots --only <part>` (the same map in
turn, seats, seeds, the tuned seat going round the table), so a set plays the games the strong bot is measured in,
in the heuristic's place. Every set meets the same games (common random numbers): two sets' scores are compared
game by game (a paired test), not as two independent rates.

The search is a deterministic coordinate search: for each step size in `steps`, for each field in turn, the current
value times (1 + step) and times (1 - step) (an integer field: one more and one less) are scored; the better of the
two replaces the current value if it won more games than the current set by `ACCEPT` standard errors of the paired
difference or more. Every score is printed as it comes.

The set found is then *validated* on `validate` held-out games numbered `validate-first` on (disjoint from the
tuning games), beside the default set on the same games: its wins, a 95% Wilson interval, and the paired
difference. The tuning figures are flattered by the search (the best of many noisy comparisons is luckier than it
is good); only the held-out figures say what a set is worth (docs/bots.md, "A tuned base policy").
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import fields, replace

from fragtui.bench.bots import bench_game, wilson
from fragtui.bots import make_bot, play_game
from fragtui.bots.bot import Bot
from fragtui.bots.kinds import AnyGameHeuristic
from fragtui.bots.weights import DEFAULT_WEIGHTS, Weights

__all__ = ["main", "paired", "play", "score", "search"]

PARTS = ("frag", "deadlands", "tag")
"""The parts a set may be tuned and scored in (the bench's 4-player ones)."""
ACCEPT = 1.0
"""Standard errors of the paired difference a move must lead the current set by to be taken."""
PLAYERS = 4
"""Seats at each game."""


def play(part: str, number: int, weights: Weights) -> bool:
    """Whether the seat playing `weights` won game `number` of `part` (the bench's game of that number, the tuned
    seat in the strong seat's place, seeded as the strong bot's quick answer is)."""
    game, seat, _ = bench_game(part, number)
    bots: list[Bot] = [make_bot("heuristic", number * 16 + n) for n in range(PLAYERS)]
    bots[seat] = AnyGameHeuristic(number * 16 + seat, weights=weights)
    return play_game(game, bots).winner == seat


def score(part: str, numbers: Sequence[int], weights: Weights) -> list[bool]:
    """Game by game, whether the seat playing `weights` won."""
    return [play(part, number, weights) for number in numbers]


def paired(a: Sequence[bool], b: Sequence[bool]) -> tuple[int, float]:
    """(wins of `a` less wins of `b`, that difference in standard errors of the game-by-game difference)."""
    diffs = [int(x) - int(y) for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    total = sum(diffs)
    mean = total / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    se = math.sqrt(var / n) if var > 0 else 0.0
    return total, (mean / se if se > 0 else 0.0)


def _moves(weights: Weights, name: str, step: float) -> list[Weights]:
    value = getattr(weights, name)
    if isinstance(value, int):
        return [replace(weights, **{name: v}) for v in (value + 1, value - 1) if v >= 1]
    return [replace(weights, **{name: round(value * (1 + s), 6)}) for s in (step, -step)]


def search(
    part: str, numbers: Sequence[int], names: Sequence[str], steps: Sequence[float], start: Weights
) -> tuple[Weights, list[bool]]:
    """The coordinate search of the module's docstring, from `start`: the set found and its game-by-game wins."""
    began = time.perf_counter()
    current = start
    wins = score(part, numbers, current)
    print(f"start {current!r}: {sum(wins)}/{len(numbers)}", flush=True)
    for step in steps:
        for name in names:
            best: tuple[float, Weights, list[bool]] | None = None
            for moved in _moves(current, name, step):
                moved_wins = score(part, numbers, moved)
                lead, z = paired(moved_wins, wins)
                print(
                    f"  step {step:g} {name}={getattr(moved, name)!r}: {sum(moved_wins)}/{len(numbers)} "
                    f"(lead {lead:+d}, {z:+.2f} SE) {time.perf_counter() - began:.0f} s",
                    flush=True,
                )
                if best is None or z > best[0]:
                    best = (z, moved, moved_wins)
            if best is not None and best[0] >= ACCEPT:
                current, wins = best[1], best[2]
                print(f"taken {current!r}: {sum(wins)}/{len(numbers)}", flush=True)
    return current, wins


def validate(part: str, numbers: Sequence[int], weights: Weights) -> None:
    """The held-out figures of `weights` beside the default set's on the same games."""
    base = score(part, numbers, DEFAULT_WEIGHTS)
    tuned = score(part, numbers, weights) if weights != DEFAULT_WEIGHTS else base
    n = len(numbers)
    for label, wins in (("default", base), (f"{weights!r}", tuned)):
        low, high = wilson(sum(wins), n)
        print(
            f"held-out {part} games {numbers[0]}-{numbers[-1]}: {label} won {sum(wins)}/{n} = "
            f"{100 * sum(wins) / n:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%, fair share 25%)",
            flush=True,
        )
    lead, z = paired(tuned, base)
    gained = sum(1 for a, b in zip(tuned, base, strict=True) if a and not b)
    lost = sum(1 for a, b in zip(tuned, base, strict=True) if b and not a)
    print(f"held-out paired: lead {lead:+d} games ({z:+.2f} SE): won {gained} the default lost, lost {lost} it won")


def parse_weights(text: str) -> Weights:
    """`name=value,...` as a `Weights` (the rest default)."""
    kinds = {f.name: f.type for f in fields(Weights)}
    changes: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, _, value = item.partition("=")
        if name not in kinds:
            raise SystemExit(f"unknown weight {name!r}: {', '.join(kinds)}")
        changes[name] = int(value) if isinstance(getattr(DEFAULT_WEIGHTS, name), int) else float(value)
    return replace(DEFAULT_WEIGHTS, **changes)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.tune_weights", description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="frag", choices=PARTS, help="the bench part tuned and scored in")
    parser.add_argument("--games", type=int, default=160, help="tuning games a set is scored on")
    parser.add_argument("--first", type=int, default=1000, help="the first tuning game's number (seed)")
    parser.add_argument("--steps", default="0.5", help="step sizes, comma-separated, one pass over the fields each")
    parser.add_argument("--fields", default="", help="the fields searched, comma-separated (default: all)")
    parser.add_argument("--start", default="", help="the set to start from: name=value,... (the rest default)")
    parser.add_argument("--validate", type=int, default=400, help="held-out games the set found is validated on")
    parser.add_argument("--validate-first", type=int, default=0, help="the first held-out game's number (seed)")
    parser.add_argument("--only-validate", action="store_true", help="validate the --start set, search nothing")
    args = parser.parse_args(argv)
    names = [f.name for f in fields(Weights)]
    chosen = [name.strip() for name in args.fields.split(",") if name.strip()] or names
    unknown = [name for name in chosen if name not in names]
    if unknown:
        parser.error(f"unknown fields {unknown}: {', '.join(names)}")
    start = parse_weights(args.start)
    tuning = range(args.first, args.first + args.games)
    held = range(args.validate_first, args.validate_first + args.validate)
    if set(tuning) & set(held) and not args.only_validate:
        parser.error("the held-out games must not be tuning games")
    found = start
    if not args.only_validate:
        steps = [float(s) for s in args.steps.split(",") if s.strip()]
        found, wins = search(args.part, tuning, chosen, steps, start)
        print(f"found {found!r}: {sum(wins)}/{len(tuning)} on the tuning games", flush=True)
    if args.validate > 0:
        validate(args.part, held, found)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
