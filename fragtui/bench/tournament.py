"""Tournaments as the heuristic bot plays them (F-WIN-02): what a raise is worth, and what it costs. Prints only.

Run: `python -m fragtui.bench.tournament [--tournaments N] [--seed S]` (not part of `python -m fragtui.bench`: it
takes minutes). docs/bots.md keeps the figures.

`N` tournaments (100 by default) of two games each, four heuristic bots on the Foundry, to 3 frags, every fighter
H3 S2 A2 (so the raise is the only difference game 2 starts with), played twice:
once with the winner of game 1 raising by the computers' rule (`fragtui.bots.tournament.computer_raise`), once
raising a stat drawn at random. The figure is how often that raised fighter wins game 2, beside his fair share
(1 in 4): a raise the rule chooses well shows as a higher share than a random one. Game 1 is the same game in both
arms (the tournament's seed fixes it), so only the raise differs. The time per game played through the
tournament's bookkeeping (`TournamentRun`, unsaved) is printed too.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator, Sequence

from fragtui.bots.tournament import computer_raise
from fragtui.engine.config import make_config
from fragtui.engine.frag.design import FighterDesign, Stat
from fragtui.saves.format import SeatLook
from fragtui.saves.looks import default_look
from fragtui.tournament import TournamentRun

__all__ = ["figures", "main", "raised_winner_wins"]

Raise = Callable[[FighterDesign, random.Random], Stat]


def by_rule(design: FighterDesign, _: random.Random) -> Stat:
    return computer_raise(design)


def at_random(_: FighterDesign, rng: random.Random) -> Stat:
    return rng.choice(list(Stat))


def raised_winner_wins(tournaments: int, seed: int, choose: Raise) -> tuple[int, int, float]:
    """(tournaments whose game 1 winner also won game 2, games played, seconds) for raises chosen by `choose`."""
    looks: list[SeatLook] = [default_look(n).model_copy(update={"computer": True}) for n in range(4)]
    fighter = {"health": 3, "speed": 2, "accuracy": 2}  # alike: the raise is the only difference game 2 starts with
    config = make_config(map="foundry", seats=[{"name": f"P{n + 1}", "fighter": fighter} for n in range(4)])
    again, games, start = 0, 0, time.perf_counter()
    for n in range(tournaments):
        run = TournamentRun.new(config, looks, 2, seed=seed + n, save=False)
        rng = random.Random(seed + n)
        while not run.tournament.finished:
            table = run.table()
            while not table.game.over:
                table.act(table.bot_decision())
            run.record_game(table.game)
            games += 1
            waiting = run.tournament.awaiting_raise
            if waiting is not None:
                run.raise_stat(waiting, choose(run.tournament.designs()[waiting], rng))
        first, second = run.tournament.results
        again += first.winner == second.winner
    return again, games, time.perf_counter() - start


def figures(tournaments: int, seed: int) -> Iterator[str]:
    for words, choose in (("the computers' rule", by_rule), ("a random stat", at_random)):
        again, games, seconds = raised_winner_wins(tournaments, seed, choose)
        share = f"{100 * again / tournaments:.1f}%; fair share 25%"
        yield (
            f"raise by {words}: the raised winner of game 1 won game 2 in {again}/{tournaments} tournaments "
            f"({share}) · {games} games, {1000 * seconds / games:.0f} ms a game"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.tournament", description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=100, help="tournaments per arm (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first tournament (then seed+1, …)")
    args = parser.parse_args(argv)
    for line in figures(args.tournaments, args.seed):
        print(line, flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
