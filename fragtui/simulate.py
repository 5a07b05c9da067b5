"""Headless games between computer players: `fragtui simulate`.

One game (the default) prints its whole log the way a person reads it — turns, every die, hits,
damage, frags — as a spectator sees it (others' cards hidden) or, with `--reveal`, with every
card named, then each player's figures. Several games show a progress bar on a terminal (one line
per game when the output is a file or a pipe) and end with a summary: the win rate of each seat
and of each kind of bot, and the average turns, frags, damage and cards played per game.

The games are of the ruleset `ruleset` names (`frag` unless told; `fragtui.engine.rulesets` finds
it), with the options `options` sets (`--option NAME=VALUE`, each checked against what the ruleset
offers). Each seat is played by a bot (`fragtui.bots`): `bots` names one kind per seat, or a single kind
for every seat. Game `n` is seeded with `seed + n`, which fixes the fighters, the dice and the
bots' choices, so a game can be played again exactly; `save_dir` keeps every game as a save that
`fragtui verify` and `fragtui replay` read.

This module must stay headless (the purity test imports it): Rich, for the progress bar, is
imported only when a bar is drawn.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from fragtui.bots import BOT_KINDS, SEARCH_KINDS, MatchReport, make_bot, play_game
from fragtui.bots.designs import own_seats
from fragtui.bots.kinds import known_kind
from fragtui.content.library import board_named, new_game
from fragtui.engine.config import DEFAULT_RULESET, make_config
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.game import Game
from fragtui.engine.rulesets import OptionValue, Ruleset, find_ruleset, ruleset_names
from fragtui.errors import ConfigError

__all__ = [
    "NAMES",
    "SimulationOptions",
    "fighter_table",
    "fighter_title",
    "format_events",
    "parse_house",
    "parse_options",
    "play_one",
    "ruleset_words",
    "save_path",
    "seat_kinds",
    "simulate",
    "summary",
    "table",
]

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
"""Players' names in simulated games."""


@dataclass(frozen=True)
class SimulationOptions:
    """What `fragtui simulate` was asked for."""

    games: int = 1
    """Games to play (1 prints the whole log)."""
    players: int = 4
    """Players in each game."""
    map: str = "foundry"
    """The shipped map's name."""
    ruleset: str = DEFAULT_RULESET
    """The rule system played: a name the ruleset registry knows (`fragtui.engine.rulesets`)."""
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    """The ruleset's options, by name (house rules, a Frag Tag mode); one not given has its default."""
    seed: int = 1
    """The seed of the first game; game n is seeded with `seed + n`."""
    frag_target: int = 3
    """Frags that win."""
    reveal: bool = False
    """Name every card in the log (the log hides others' cards by default)."""
    check: bool = True
    """Check the engine's invariants after every action (`fragtui.engine.harness`)."""
    bots: tuple[str, ...] = ("heuristic",)
    """The kind of bot of each seat, in seat order, or one kind for every seat."""
    save_dir: Path | None = None
    """Where to write every game as a save (None: nowhere)."""
    progress: bool | None = None
    """Draw a progress bar over several games: None draws one when standard output is a terminal."""


def seat_kinds(bots: Sequence[str], players: int) -> list[str]:
    """The bot kind of each seat: `bots` has one kind per seat, or one kind for all of them.

    A `ConfigError` says what is wrong: an unknown kind (naming the known ones), or a list that
    does not match the number of players.
    """
    kinds = [kind.strip().lower() for kind in bots]
    if not kinds or any(not kind for kind in kinds):
        offered = ", ".join(BOT_KINDS + SEARCH_KINDS)
        raise ConfigError(f"--bots needs a bot kind for each seat ({offered}), separated by commas")
    kinds = [known_kind(kind) for kind in kinds]
    if len(kinds) == 1:
        return kinds * players
    if len(kinds) != players:
        few = "only " if len(kinds) < players else ""
        raise ConfigError(
            f"--bots names {few}{len(kinds)} bots for {players} players: give one per seat, or a single kind for all"
        )
    return kinds


SWITCH_WORDS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}
"""How a switch may be set on the command line (`--option wounds=on`); `--option wounds` alone means on."""


def parse_options(ruleset: str, settings: Iterable[str]) -> dict[str, OptionValue]:
    """The options `--option NAME=VALUE` sets, each read as its kind of value (a switch, a number, a choice).

    A `ConfigError` says what is wrong in one line: an unknown ruleset (naming the ones there are), an
    option the ruleset does not offer (naming its options), or a value the option does not take.
    """
    rules = find_ruleset(ruleset)
    options: dict[str, OptionValue] = {}
    for setting in settings:
        name, has_value, text = (part.strip() for part in setting.partition("="))
        if not name:
            raise ConfigError(f"--option wants NAME=VALUE, not {setting[:40]!r}")
        spec = rules.option(name)
        value: object = text
        if isinstance(spec.default, bool):
            value = True if not has_value else SWITCH_WORDS.get(text.lower(), text)
        elif not has_value:
            raise ConfigError(f"--option {name} needs a value: --option {name}=VALUE")
        elif isinstance(spec.default, int):
            value = int(text) if text.lstrip("-").isdigit() else text
        options[name] = spec.check(value)
    return options


def parse_house(ruleset: str, names: str) -> dict[str, OptionValue]:
    """The house rules `--house RULE,RULE` turns on: each a switch of `HOUSE_RULES` named by its option name
    (`scatter`) or its rule ID (`H-SCATTER-01`), set to true.

    A `ConfigError` says what is wrong in one line: an unknown ruleset, a name the ruleset offers no
    option of (naming its options), or an option that is not a house rule (`--option` sets those).
    """
    rules = find_ruleset(ruleset)
    by_rule = {spec.rule.lower(): spec.name for spec in rules.options if spec.rule}
    options: dict[str, OptionValue] = {}
    for given in names.split(","):
        name = given.strip()
        if not name:
            raise ConfigError(f"--house wants house rules separated by commas, not {names[:40]!r}")
        spec = rules.option(by_rule.get(name.lower(), name.lower()))
        if spec.name not in rules.house_rules():
            raise ConfigError(f"--house {spec.name}: not a house rule; set it with --option {spec.name}=VALUE")
        options[spec.name] = spec.check(True)
    return options


def ruleset_words(ruleset: type[Ruleset], options: Mapping[str, OptionValue]) -> str:
    """The game played, for a heading: the ruleset's title and the options set (`Frag with wounds`)."""
    if not options:
        return ruleset.title
    said = [
        (name if value else f"{name} off") if isinstance(value, bool) else f"{name} {value}"
        for name, value in options.items()
    ]
    return f"{ruleset.title} with {', '.join(said)}"


def format_events(events: Sequence[Event], reveal: bool = False) -> list[str]:
    """The log's lines: a heading per turn, every other event indented under it."""
    lines = []
    for event in events:
        text = event.private_text if reveal and event.private_text else event.text
        if event.kind is CommonEventKind.TURN_BEGAN:
            lines.append("")
            lines.append(f"== {text} ==")
        elif event.kind is CommonEventKind.PART_BEGAN:
            lines.append(f"-- {text} --")
        elif event.kind is CommonEventKind.WON:
            lines.append("")
            lines.append(f"*** {text} ***")
        else:
            lines.append(f"  {text}")
    return lines


def save_path(folder: Path, map_name: str, seed: int) -> Path:
    """Where the game of `seed` on `map_name` is saved in `folder`."""
    return folder / f"{Path(map_name).stem}-seed-{seed}.json"


def _check(options: SimulationOptions) -> list[str]:
    """Refuse impossible options with a `ConfigError`; the bot kind of each seat."""
    rules = find_ruleset(options.ruleset)  # an unknown ruleset is a ConfigError naming the rulesets
    rules.check_options(options.options)
    board = board_named(options.map)  # an unknown map is a MapFormatError naming the maps
    if board.ruleset not in rules.maps_for:
        raise ConfigError(f"the map {options.map!r} is drawn for {board.ruleset}: {rules.title} is not played on it")
    room = min(len(board.respawn_points), len(NAMES))
    if not 2 <= options.players <= room:
        raise ConfigError(f"the map {options.map!r} has room for 2 to {room} players, not {options.players}")
    if options.games < 1:
        raise ConfigError(f"--games must be at least 1, not {options.games}")
    return seat_kinds(options.bots, options.players)


def simulate(options: SimulationOptions, out: Callable[[str], None] = print) -> int:
    """Play the games and print them; returns the exit status. Bad options raise a `FragtuiError`."""
    kinds = _check(options)
    board = board_named(options.map)
    if options.save_dir is not None:
        options.save_dir.mkdir(parents=True, exist_ok=True)
    if options.games == 1:
        _one_game(options, kinds, out)
        return 0
    reports: list[MatchReport] = []
    started = time.perf_counter()
    show_bar = options.progress if options.progress is not None else out is print and sys.stdout.isatty()
    with _progress(options.games, show_bar) as advance:
        for number in range(options.games):
            seed = options.seed + number
            _, report = play_one(options, kinds, seed)
            reports.append(report)
            if not show_bar:
                won = f"{NAMES[report.winner]} ({kinds[report.winner]})" if report.winner is not None else "nobody"
                figures = f"{report.turns:>4} turns {report.actions:>6} actions"
                out(f"game {number + 1:>4}  seed {seed:<8} {figures}  won by {won}")
            advance()
    elapsed = time.perf_counter() - started
    for line in summary(reports, kinds, options, board.name, elapsed):
        out(line)
    return 0


def play_one(
    options: SimulationOptions,
    kinds: list[str],
    seed: int,
    on_events: Callable[[list[Event]], None] | None = None,
) -> tuple[Game, MatchReport]:
    """Play (and save, if asked) the game of `seed`: the seats the ruleset deals (`Ruleset.random_seats`:
    Frag's random designs, Frag Deadlands' six fighters shared out at random; a seat whose bot designs its own
    fighter plays that: `fragtui.bots.designs.own_seats`), named `NAMES`, each played by a bot of its kind in
    `kinds`."""
    rng = random.Random(seed)
    # The ruleset designs the fighters (Frag: a random legal design each), but for a bot that designs its own (the
    # strong kind: `fragtui.bots.designs`); the names are simulate's, given first so a posse built is named for its
    # player ("Ann's posse").
    dealt = find_ruleset(options.ruleset).random_seats(rng, options.players)
    seats = own_seats(
        [{**seat, "name": NAMES[n]} for n, seat in enumerate(dealt)], kinds, options.ruleset, options.options
    )
    config = make_config(
        ruleset=options.ruleset,
        options=dict(options.options),
        map=options.map,
        frag_target=options.frag_target,
        seats=seats,
    )
    game = new_game(config, seed)
    if on_events is not None:
        on_events(game.opening)
    bots = [make_bot(kind, seed * 16 + seat) for seat, kind in enumerate(kinds)]
    report = play_game(game, bots, check=options.check, on_events=on_events)
    if options.save_dir is not None:
        from fragtui.saves.format import save_of
        from fragtui.saves.looks import default_look
        from fragtui.saves.store import write_save

        # Every seat was a computer: the replay viewer and a resumed game then say so.
        looks = [default_look(seat).model_copy(update={"computer": True}) for seat in range(options.players)]
        write_save(save_of(game, looks=looks), save_path(options.save_dir, options.map, seed))
    return game, report


def _one_game(options: SimulationOptions, kinds: list[str], out: Callable[[str], None]) -> None:
    """One game, its whole log, and each player's figures."""
    board = board_named(options.map)
    seed = options.seed
    events: list[Event] = []
    game, report = play_one(options, kinds, seed, events.extend)
    rules = find_ruleset(options.ruleset)
    played = ruleset_words(rules, options.options)
    out(f"A game of {played} on {board.name}, seed {seed}, {rules.goal_words(options.options, options.frag_target)}")
    for seat, (kind, player) in enumerate(zip(kinds, game.state.config.seats, strict=True)):
        out(f"  {seat}: {player.name} — {rules.seat_words(player)}, played by the {kind} bot")
    for line in format_events(events, options.reveal):
        out(line)
    out("")
    ending = "" if report.finished else f" (stopped: no winner after {report.actions} actions)"
    out(f"{report.actions} actions, {report.turns} turns{ending}.")
    out("")
    scored, lost, _ = rules.tally_words
    rows = [("player", "bot", scored, lost, "dealt", "taken", "hits", "cards")]
    for figures in report.seats:
        rows.append(
            (
                figures.name,
                figures.bot,
                str(figures.frags),
                str(figures.deaths),
                str(figures.damage_dealt),
                str(figures.damage_taken),
                f"{figures.hits}/{figures.shots}",
                str(figures.cards_played),
            )
        )
    for line in table(rows, left=2):
        out(line)


def table(rows: Sequence[Sequence[str]], left: int = 0) -> list[str]:
    """Plain-text columns: the first `left` columns aligned left, the others right; two spaces apart."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.ljust(w) if i < left else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def summary(
    reports: Sequence[MatchReport], kinds: Sequence[str], options: SimulationOptions, title: str, elapsed: float
) -> Iterator[str]:
    """The summary of several games: figures per game, then win rates per seat and per kind of bot."""
    games = len(reports)
    actions = sum(r.actions for r in reports)
    turns = sum(r.turns for r in reports)
    capped = sum(not r.finished for r in reports)
    last = options.seed + games - 1
    yield ""
    rules = find_ruleset(options.ruleset)
    game_of = ruleset_words(rules, options.options)
    goal = rules.goal_words(options.options, options.frag_target)
    yield (
        f"{games} games of {game_of}, {options.players} players on {title} {goal}, "
        f"seeds {options.seed}-{last}: {turns / games:.1f} turns and {actions / games:.0f} actions a game, "
        f"{actions / max(elapsed, 1e-9):,.0f} actions per second"
        + (f"; {capped} stopped without a winner" if capped else "")
    )
    if options.save_dir is not None:
        yield f"saved in {options.save_dir}"
    yield ""
    scored, lost, damage = rules.tally_words
    seat_rows = [
        ("seat", "player", "bot", "wins", "win rate", f"{scored}/game", f"{lost}/game", f"{damage}/game", "cards/game")
    ]
    for seat, kind in enumerate(kinds):
        played = [r.seats[seat] for r in reports]
        won = sum(r.winner == seat for r in reports)
        seat_rows.append(
            (
                str(seat),
                NAMES[seat],
                kind,
                str(won),
                f"{100 * won / games:.1f}%",
                f"{_mean(s.frags for s in played):.2f}",
                f"{_mean(s.deaths for s in played):.2f}",
                f"{_mean(s.damage_dealt for s in played):.2f}",
                f"{_mean(s.cards_played for s in played):.2f}",
            )
        )
    yield from table(seat_rows, left=3)
    yield ""
    kind_rows = [("bot", "seats", "wins", "games won", "win rate per seat")]
    for kind in dict.fromkeys(kinds):
        seats = [s for s, k in enumerate(kinds) if k == kind]
        won = sum(r.winner in seats for r in reports)
        share, per_seat = 100 * won / games, 100 * won / (games * len(seats))
        kind_rows.append((kind, str(len(seats)), str(won), f"{share:.1f}%", f"{per_seat:.1f}%"))
    yield from table(kind_rows, left=1)
    # Per fighter only when one kind of bot plays every seat: otherwise the bots, not the fighters, decide.
    fighter_rows = list(fighter_table(reports)) if len(set(kinds)) == 1 else []
    if fighter_rows:
        yield ""
        yield from fighter_rows


def fighter_title(character: str) -> str:
    """A unique fighter's name for players (`Huckster`), from the roster the view names him by; the
    name itself when no roster knows it."""
    for name in ruleset_names():  # (each ruleset's roster, as the set-up screen reads it)
        for entry in find_ruleset(name).roster():
            if entry.key == character:
                return entry.title
    return character


def fighter_table(reports: Sequence[MatchReport]) -> Iterator[str]:
    """Win rate per unique fighter (Frag Deadlands' six, D-FTR-01), for games whose seats play one;
    nothing for games without (Frag). Seats are dealt their fighters at random, so each fighter plays
    in a different number of games: the rate is wins over the games he played, and with `p` players a
    fair share is 1/p (the `fair` column: the mean of 1/p over his games)."""
    played: dict[str, list[MatchReport]] = {}
    won: dict[str, int] = {}
    for report in reports:
        for figures in report.seats:
            if figures.character is None:
                continue
            played.setdefault(figures.character, []).append(report)
            won[figures.character] = won.get(figures.character, 0) + (report.winner == figures.seat)
    if not played:
        return
    rows = [("fighter", "games", "wins", "win rate", "fair", "frags/game", "deaths/game")]
    for character in sorted(played, key=lambda c: (-won[c] / len(played[c]), c)):
        games = played[character]
        mine = [next(s for s in r.seats if s.character == character) for r in games]
        fair = sum(1 / len(r.seats) for r in games) / len(games)
        rows.append(
            (
                fighter_title(character),
                str(len(games)),
                str(won[character]),
                f"{100 * won[character] / len(games):.1f}%",
                f"{100 * fair:.1f}%",
                f"{_mean(s.frags for s in mine):.2f}",
                f"{_mean(s.deaths for s in mine):.2f}",
            )
        )
    yield from table(rows, left=1)


def _mean(values: Iterator[int]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else 0.0


@contextmanager
def _progress(total: int, show: bool) -> Iterator[Callable[[], None]]:
    """A progress bar on the terminal (Rich, imported only here), or nothing."""
    if not show:
        yield lambda: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda: bar.advance(task)
