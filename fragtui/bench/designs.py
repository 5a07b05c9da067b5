"""How often each fighter design, or each fixed posse, wins in heuristic self-play: what
`fragtui.bots.designs.OWN_DESIGNS` and `GUNFIGHTER_WORTH` are chosen from. Prints, asserts nothing.

Run: `python -m fragtui.bench.designs [--part frag|deadlands|tag|ruthless|gunfighters] [--games 4000]
[--first 3000] [--jobs 2]`.

Plays the bench's games of `part` (`fragtui.bench.bots.bench_game`: the shipped maps in turn, every seat's design
dealt at random; game numbers from `first`, away from the games 0-199 the strong bot is measured in) with heuristic
bots in every seat, and counts, for each of the twelve legal designs (F-SETUP-01), the seats that played it and the
games it won: its share, with Wilson's 95% interval, best first, then the line to paste into `OWN_DESIGNS`; then
the four best of each map, and the table's leader there. In Ruthless (two posses dealt at random from the roster's
fixed ones) the same for each posse, over every map.

`--part gunfighters` asks what each gunfighter is worth to a posse built by hand (`GUNFIGHTER_WORTH`): game N is the
bench's Ruthless deal N // 2 with seat N % 2 leading a posse built at random (`hand_built`) against the fixed posse
dealt to the other seat, heuristic bots in both. A conditional logit (`fragtui.bench.win_chance.fit`) of who won on
which gunfighters each seat led (and which seat is the first) gives each gunfighter's worth in log-odds; fitted on the
first four fifths of the games, its log-loss on the last fifth is printed beside a coin's (0.693), then the worths
fitted on every game, and the line to paste.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from fragtui.bench.bots import bench_game, played, self_play, wilson
from fragtui.bench.win_chance import Position, fit, log_loss
from fragtui.bots import make_bot, play_game
from fragtui.bots.designs import table_key
from fragtui.content.library import new_game
from fragtui.engine.frag.design import all_designs
from fragtui.engine.ruthless.pieces import MOST_IN_A_POSSE, Gunfighter, Posse, Roster
from fragtui.engine.ruthless.rules import RuthlessRules

__all__ = ["design_wins", "gunfighter_worths", "hand_built", "main"]

PARTS = ("frag", "deadlands", "tag", "ruthless", "gunfighters")
"""The bench's parts: three whose seats design a fighter, Ruthless, whose seats lead posses, and Ruthless's
gunfighters one by one (a posse built by hand)."""
LEFT_OVER = 10
"""A posse built at random spends all but at most this many points of the budget (the cheapest card costs 9)."""
DRAWS = 100
"""How many times a posse built at random is drawn, at most, to come within `LEFT_OVER` of the budget (with the
shipped roster a draw or two does)."""


def _game(job: tuple[str, int]) -> tuple[str, list[str], int | None]:
    """Game `number` of `part` played by heuristic bots: its map, every seat's design (`H2 S2 A3`) or posse (its
    name), and the seat that won (or None)."""
    part, number = job
    game, _, map_name = bench_game(part, number)
    bots = [make_bot("heuristic", number * 16 + seat) for seat in range(len(game.state.players))]
    report = play_game(game, bots)
    seats = game.state.config.seats
    return map_name, [seat.posse.name if part == "ruthless" else str(seat.fighter) for seat in seats], report.winner


def hand_built(roster: Roster, riding: Collection[str], budget: int, rng: random.Random) -> Posse:
    """A posse built at random of the gunfighters not in `riding`: shuffled with `rng`, each taken while the budget
    allows, drawn again until it spends all but `LEFT_OVER` points; after `DRAWS` draws (free cards that cannot
    come so near the budget), the fullest drawn. (None of the cards fits: a `ValueError`, as `Posse` says.)"""
    free = [gunfighter for gunfighter in roster.gunfighters if gunfighter.key not in riding]
    spendable = min(budget, sum(gunfighter.points for gunfighter in free)) - LEFT_OVER
    fullest: list[Gunfighter] = []
    most = 0
    for _ in range(DRAWS):
        rng.shuffle(free)
        members: list[Gunfighter] = []
        spent = 0
        for gunfighter in free:
            if spent + gunfighter.points <= budget and len(members) < MOST_IN_A_POSSE:
                members.append(gunfighter)
                spent += gunfighter.points
        if spent > most:
            fullest, most = members, spent
        if most >= spendable:
            break
    return Posse(name="Built at random", gunfighters=tuple(fullest))


def _gunfighter_game(job: tuple[str, int]) -> tuple[list[list[str]], int | None]:
    """Game `number` of the gunfighters part: each seat's gunfighters (keys) and the seat that won (or None)."""
    _, number = job
    deal, seat = divmod(number, 2)
    game, _, _ = bench_game("ruthless", deal)
    config = game.state.config
    roster, budget = RuthlessRules.posse_roster(), RuthlessRules.posse_budget(config.options)
    other = config.seats[1 - seat].posse
    riding = {gunfighter.key for gunfighter in other.gunfighters} if other is not None else set()
    mine = hand_built(roster, riding, budget, random.Random(f"bench/gunfighters/{number}"))
    seats = list(config.seats)
    seats[seat] = seats[seat].model_copy(update={"posse": mine})
    game = new_game(config.model_copy(update={"seats": tuple(seats)}), deal)
    report = play_game(game, [make_bot("heuristic", deal * 16 + n) for n in range(len(seats))])
    led = [[g.key for g in s.posse.gunfighters] if s.posse is not None else [] for s in game.state.config.seats]
    return led, report.winner


def gunfighter_worths(games: Sequence[tuple[list[list[str]], int | None]], keys: Sequence[str]) -> list[float]:
    """The fitted worth of each of `keys` (then the first seat's edge), from `games` (each seat's gunfighters, the
    winner; games nobody won are left out)."""
    return fit(_positions(games, keys))


def _positions(games: Sequence[tuple[list[list[str]], int | None]], keys: Sequence[str]) -> list[Position]:
    """Each won game as the fit reads it: a row a seat, 1 for each gunfighter it led and for the first seat."""
    return [
        ([(*(float(key in led) for key in keys), float(seat == 0)) for seat, led in enumerate(posses)], winner)
        for posses, winner in games
        if winner is not None
    ]


def _print_worths(games: list[tuple[list[list[str]], int | None]]) -> None:
    """What `--part gunfighters` prints."""
    roster = RuthlessRules.posse_roster()
    keys = [gunfighter.key for gunfighter in roster.gunfighters]
    held = len(games) * 4 // 5
    print(f"ruthless gunfighters: {len(games)} games, a posse built at random against a fixed posse dealt")
    trial, test = _positions(games[:held], keys), _positions(games[held:], keys)
    if trial and test:
        print(f"  held-out log-loss {log_loss(test, fit(trial)):.4f} (a coin: 0.6931)")
    worths = gunfighter_worths(games, keys)
    points = {gunfighter.key: gunfighter.points for gunfighter in roster.gunfighters}
    for key, worth in sorted(zip(keys, worths, strict=False), key=lambda item: -item[1]):
        print(f"  {key:16s} {worth:+.3f} ({points[key]} points: {worth / points[key]:+.4f} a point)")
    print(f"  the first seat: {worths[-1]:+.3f}")
    pairs = ", ".join(f'"{key}": {worth:.3f}' for key, worth in zip(keys, worths, strict=False))
    print(f"GUNFIGHTER_WORTH = {{{pairs}}}")


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
    if args.part == "gunfighters":
        _print_worths(played(_gunfighter_game, args))
        return 0
    games = played(_game, args)
    first, _, _ = bench_game(args.part, args.first)
    config = first.state.config
    key = config.ruleset if args.part == "ruthless" else table_key(config.ruleset, config.options)
    players = len(config.seats)
    share = 100 / players
    dealt = "posses" if args.part == "ruthless" else "designs"
    print(f"{key}: {len(games)} games of {players} heuristic players, {dealt} dealt (fair share {share:.0f}%)")
    leader = _print_shares([(designs, winner) for _, designs, winner in games], "  ")
    if args.part == "ruthless":
        return 0
    _print_design(key, leader)
    # Then map by map, the table's leader shown beside each map's four best. The design is chosen by table, not by
    # map: a map's leader by a few points in one sample was, paired game by game, within the luck (docs/bots.md,
    # "The design by map, tried").
    for board in sorted({board for board, _, _ in games}):
        on_map = [(designs, winner) for played_on, designs, winner in games if played_on == board]
        print(f"  on {board}: {len(on_map)} games")
        _print_shares(on_map, "    ", top=4, also=leader)
    return 0


def _print_shares(
    games: list[tuple[list[str], int | None]], indent: str, top: int | None = None, also: str | None = None
) -> str:
    """Each design's or posse's share of `games`, best first (the first `top`, then `also` if it is not among
    them), with Wilson's 95% interval; the best's name."""
    tally = design_wins(games)
    ranked = sorted(tally.items(), key=lambda item: -item[1][0] / item[1][1])
    shown = ranked[:top] + [item for item in ranked[top:] if item[0] == also] if top is not None else ranked
    for name, (won, seats) in shown:
        low, high = wilson(won, seats)
        rate = 100 * won / seats
        print(f"{indent}{name}: won {won:5d} of {seats:5d} = {rate:5.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    return ranked[0][0]


def _print_design(key: str, name: str) -> None:
    """The `OWN_DESIGNS` line for the design called `name` (`H2 S2 A3`)."""
    best = next(design for design in all_designs() if str(design) == name)
    print(f'"{key}": FighterDesign(health={best.health}, speed={best.speed}, accuracy={best.accuracy}),')


if __name__ == "__main__":
    raise SystemExit(main())
