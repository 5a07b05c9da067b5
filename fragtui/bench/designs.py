"""How often each fighter design, or each fixed posse, wins in heuristic self-play: what
`fragtui.bots.designs.OWN_DESIGNS` and `OWN_POSSES` are chosen from. Prints, asserts nothing.

Run: `python -m fragtui.bench.designs [--part frag|deadlands|tag|ruthless] [--games 4000] [--first 3000]
[--jobs 2]`.

Plays the bench's games of `part` (`fragtui.bench.bots.bench_game`: the shipped maps in turn, every seat's design
dealt at random; game numbers from `first`, away from the games 0-199 the strong bot is measured in) with heuristic
bots in every seat, and counts, for each of the twelve legal designs (F-SETUP-01), the seats that played it and the
games it won: its share, with Wilson's 95% interval, best first, then the line to paste into `OWN_DESIGNS`. In
Ruthless (two posses dealt at random from the roster's fixed ones) the same for each posse, then `OWN_POSSES`.
"""

from __future__ import annotations

from fragtui.bench.bots import bench_game, played, self_play, wilson
from fragtui.bots import make_bot, play_game
from fragtui.bots.designs import table_key
from fragtui.engine.frag.design import all_designs

__all__ = ["design_wins", "main"]

PARTS = ("frag", "deadlands", "tag", "ruthless")
"""The bench's parts: three whose seats design a fighter, and Ruthless, whose seats lead posses."""


def _game(job: tuple[str, int]) -> tuple[list[str], int | None]:
    """Game `number` of `part` played by heuristic bots: every seat's design (`H2 S2 A3`) or posse (its name), and
    the seat that won (or None)."""
    part, number = job
    game, _, _ = bench_game(part, number)
    bots = [make_bot("heuristic", number * 16 + seat) for seat in range(len(game.state.players))]
    report = play_game(game, bots)
    seats = game.state.config.seats
    return [seat.posse.name if part == "ruthless" else str(seat.fighter) for seat in seats], report.winner


def design_wins(games: list[tuple[list[str], int | None]]) -> dict[str, list[int]]:
    """[games won, seats played] for each design or posse (by name) over `games`; games nobody won count as
    played."""
    tally: dict[str, list[int]] = {}
    for designs, winner in games:
        for seat, design in enumerate(designs):
            row = tally.setdefault(design, [0, 0])
            row[0] += winner == seat
            row[1] += 1
    return tally


def main(argv: list[str] | None = None) -> int:
    args = self_play(argv, "python -m fragtui.bench.designs", __doc__ or "", PARTS, games=4000, first=3000)
    games = played(_game, args)
    first, _, _ = bench_game(args.part, args.first)
    config = first.state.config
    key = config.ruleset if args.part == "ruthless" else table_key(config.ruleset, config.options)
    players = len(config.seats)
    share = 100 / players
    dealt = "posses" if args.part == "ruthless" else "designs"
    print(f"{key}: {len(games)} games of {players} heuristic players, {dealt} dealt (fair share {share:.0f}%)")
    tally = design_wins(games)
    ranked = sorted(tally.items(), key=lambda item: -item[1][0] / item[1][1])
    for name, (won, seats) in ranked:
        low, high = wilson(won, seats)
        rate = 100 * won / seats
        print(f"  {name}: won {won:5d} of {seats:5d} = {rate:5.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    if args.part == "ruthless":
        print(f"OWN_POSSES = ({', '.join(repr(name) for name, _ in ranked)})")
        return 0
    best = next(design for design in all_designs() if str(design) == ranked[0][0])
    print(f'"{key}": FighterDesign(health={best.health}, speed={best.speed}, accuracy={best.accuracy}),')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
