"""How often each fighter design wins in heuristic self-play: what `fragtui.bots.designs.OWN_DESIGNS` is chosen
from. Prints, asserts nothing.

Run: `python -m fragtui.bench.designs [--part frag|deadlands|tag] [--games 4000] [--first 3000] [--jobs 2]`.

Plays the bench's games of `part` (`fragtui.bench.bots.bench_game`: the shipped maps in turn, every seat's design
dealt at random; game numbers from `first`, away from the games 0-199 the strong bot is measured in) with heuristic
bots in every seat, and counts, for each of the twelve legal designs (F-SETUP-01), the seats that played it and the
games it won: its share, with Wilson's 95% interval, best first, then the line to paste into `OWN_DESIGNS`.
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool

from fragtui.bench.bots import bench_game, wilson
from fragtui.bots import make_bot, play_game
from fragtui.bots.designs import table_key
from fragtui.engine.frag.design import FighterDesign

__all__ = ["design_wins", "main"]

PARTS = ("frag", "deadlands", "tag")
"""The bench's parts whose seats design a fighter."""


def _game(job: tuple[str, int]) -> tuple[list[FighterDesign], int | None]:
    """Game `number` of `part` played by heuristic bots: every seat's design, and the seat that won (or None)."""
    part, number = job
    game, _, _ = bench_game(part, number)
    bots = [make_bot("heuristic", number * 16 + seat) for seat in range(len(game.state.players))]
    report = play_game(game, bots)
    return [seat.fighter for seat in game.state.config.seats], report.winner


def design_wins(games: list[tuple[list[FighterDesign], int | None]]) -> dict[str, list[int]]:
    """[games won, seats played] for each design (by its `H2 S2 A3` name) over `games`; games nobody won count
    as played."""
    tally: dict[str, list[int]] = {}
    for designs, winner in games:
        for seat, design in enumerate(designs):
            row = tally.setdefault(str(design), [0, 0])
            row[0] += winner == seat
            row[1] += 1
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.designs", description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="frag", choices=PARTS)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--first", type=int, default=3000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    numbers = range(args.first, args.first + args.games)
    with Pool(args.jobs) as pool:
        games = pool.map(_game, [(args.part, number) for number in numbers], chunksize=4)
    first, _, _ = bench_game(args.part, args.first)
    config = first.state.config
    key = table_key(config.ruleset, config.options)
    players = len(config.seats)
    share = 100 / players
    print(f"{key}: {len(games)} games of {players} heuristic players, designs dealt (fair share {share:.0f}%)")
    tally = design_wins(games)
    ranked = sorted(tally.items(), key=lambda item: -item[1][0] / item[1][1])
    for name, (won, played) in ranked:
        low, high = wilson(won, played)
        rate = 100 * won / played
        print(f"  {name}: won {won:5d} of {played:5d} = {rate:5.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    best = next(design for designs, _ in games for design in designs if str(design) == ranked[0][0])
    print(f'"{key}": FighterDesign(health={best.health}, speed={best.speed}, accuracy={best.accuracy}),')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
