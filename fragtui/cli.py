"""The `fragtui` command.

With no arguments it starts the game in the terminal. Subcommands work headless:

    fragtui maps                 list the shipped maps
    fragtui maps check FILE...   validate map files: exit 0, or 2 with file:line:col and the problem
    fragtui maps show NAME       print a map as text, with its legend
    fragtui cards                list the shipped card sets (Frag, Frag Deadlands), deck by deck
    fragtui cards check [FILE...] validate card files (default: every shipped set) and count the decks
    fragtui rulesets             list the rule systems this version plays and their options
    fragtui saves                list saved games (date, players, turn, score)
    fragtui resume [GAME]        play on the newest unfinished game that replays (or GAME, as `fragtui saves` names it)
    fragtui load FILE            play on a saved game from a file
    fragtui tournament           set up a tournament of up to six games (F-WIN-02) and play it
    fragtui tournament list      list tournaments: who plays, where each stands, the standings
    fragtui tournament resume [NAME]
                                 play on the newest unfinished tournament (or NAME, as `tournament list` names it)
    fragtui replay FILE          watch a saved game: step through it, jump to turns and frags, play it back
    fragtui replay FILE --cast OUT.cast [--size 120x40] [--eyes SEAT|all|public]
                                 record the replay as an asciicast v2 file, the same bytes every time
    fragtui verify FILE          replay a save headless and print its summary: exit 0, or 2 with the error
    fragtui serve                play over SSH: an SSH server whose players connect with `ssh -p 2222 HOST`
                                 (--host, --port, --max-sessions N, --idle-timeout SECONDS,
                                 --table-days DAYS, --saves-per-player N, --takeover-minutes M, --segment-seconds S,
                                 --authorized-keys FILE, --password-file FILE: who may log in)
    fragtui simulate             play seeded games between computer players headless: a log, or a summary
                                 (--ruleset NAME, --option NAME=VALUE and --house RULE,... choose the rules played)

Errors in files or arguments are printed in one line and exit with status 2, never a traceback.
Textual is imported only when the interface starts, so the headless commands stay quick; and with no
arguments the game starts without argparse, which a player would wait on for nothing (issue 30, "Start").
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from fragtui.errors import QUOTE_LIMIT, FragtuiError, MapFormatError, cut, printable

if TYPE_CHECKING:
    import argparse

    from fragtui.engine.cards import CardDef, CardSet
    from fragtui.engine.game import Game
    from fragtui.saves.format import SaveFile

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def _parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="fragtui", description="The board game Frag in the terminal. With no command, start the game."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    maps = commands.add_parser("maps", help="list, check and show maps")
    maps_commands = maps.add_subparsers(dest="maps_command", metavar="ACTION")
    check = maps_commands.add_parser("check", help="validate map files")
    check.add_argument("files", nargs="+", metavar="FILE")
    show = maps_commands.add_parser("show", help="print a map as text")
    show.add_argument("name", metavar="NAME", help="a shipped map's name (see `fragtui maps`) or a .map file")
    cards = commands.add_parser("cards", help="list and check the cards")
    cards_commands = cards.add_subparsers(dest="cards_command", metavar="ACTION")
    cards_check = cards_commands.add_parser("check", help="validate card files and count the decks")
    cards_check.add_argument(
        "files", nargs="*", metavar="FILE", help="card files, checked as one set (default: every shipped set)"
    )
    commands.add_parser("rulesets", help="list the rule systems played and their options")
    commands.add_parser("saves", help="list saved games")
    resume = commands.add_parser("resume", help="play on an unfinished saved game")
    resume.add_argument(
        "game", nargs="?", metavar="GAME", help="its name as `fragtui saves` lists it (default: newest)"
    )
    tournament = commands.add_parser("tournament", help="play a tournament of up to six games (F-WIN-02)")
    tournament_commands = tournament.add_subparsers(dest="tournament_command", metavar="ACTION")
    tournament_commands.add_parser("list", help="list tournaments and their standings")
    tournament_resume = tournament_commands.add_parser("resume", help="play on an unfinished tournament")
    tournament_resume.add_argument(
        "name", nargs="?", metavar="NAME", help="its name as `fragtui tournament list` shows it (default: newest)"
    )
    load = commands.add_parser("load", help="play on a saved game from a file")
    load.add_argument("file", metavar="FILE")
    replay = commands.add_parser("replay", help="watch a saved game: step, seek, play back")
    replay.add_argument("file", help="the save file (see `fragtui saves`)")
    replay.add_argument(
        "--cast", metavar="OUT.cast", help="record the replay into an asciicast v2 file (`asciinema play` shows it)"
    )
    replay.add_argument("--size", metavar="COLSxROWS", help="the recording's terminal size (default 120x40)")
    replay.add_argument(
        "--eyes",
        metavar="SEAT|all|public",
        help="whose view is recorded: a seat's name or number (that hand only), all (every hand) or public "
        "(no hand); default: all for a finished game, public for one that can still be played on",
    )
    verify = commands.add_parser("verify", help="replay a save headless and print its summary")
    verify.add_argument("file", metavar="FILE")
    serve = commands.add_parser("serve", help="play over SSH: players connect with `ssh -p 2222 HOST`")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0: all)")
    serve.add_argument("--port", type=_port, default=2222, help="TCP port (default 2222; 0: any free port)")
    serve.add_argument(
        "--max-sessions", type=_positive, default=16, metavar="N", help="players connected at once (default 16)"
    )
    serve.add_argument(
        "--idle-timeout",
        type=_seconds,
        default=1800.0,
        metavar="S",
        help="close a session after S seconds without a key (default 1800; 0: never)",
    )
    serve.add_argument(
        "--table-days",
        type=_zero_or_more(float),
        default=14.0,
        metavar="DAYS",
        help="a table untouched this long moves to the saves' archive at the next start (default 14; 0: never)",
    )
    serve.add_argument(
        "--segment-seconds",
        type=_zero_or_more(float),
        default=0.0,
        metavar="S",
        help="Real-Time Frag's segment clock: S seconds to give the orders of a segment's Movement or Combat step "
        "(or to answer a pick-up or a shot first), then whoever has not holds still and holds fire (default 0: the "
        "table waits)",
    )
    serve.add_argument(
        "--takeover-minutes",
        type=_zero_or_more(float),
        default=0.0,
        metavar="M",
        help="a computer plays an away player's seat after M minutes of waiting for him, until he is back "
        "(default 0: the table waits)",
    )
    serve.add_argument(
        "--saves-per-player",
        type=_zero_or_more(int),
        default=10,
        metavar="N",
        help="saves one player (his key, else his address) may have on the server (default 10; 0: no cap)",
    )
    serve.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="FILE",
        help="only the keys of this OpenSSH authorized_keys file log in (default: anyone, anonymously)",
    )
    serve.add_argument(
        "--password-file",
        type=Path,
        metavar="FILE",
        help="log in with a password: FILE has NAME:PASSWORD lines, `*:PASSWORD` for every other name "
        "(with --authorized-keys too, a listed key or a password suffices)",
    )
    sim = commands.add_parser(
        "simulate", help="play seeded games between computer players headless (--ruleset NAME, --option NAME=VALUE)"
    )
    sim.add_argument("--games", type=int, default=1, help="how many games (1 prints the whole log; more, a summary)")
    sim.add_argument("--players", type=int, default=4, help="players in each game (default 4)")
    sim.add_argument(
        "--bots",
        default=None,
        metavar="KIND,...",
        help="the bot of each seat, comma-separated (heuristic, random, strong; strong:0.5 thinks 0.5 s a decision), "
        "or one kind for all "
        "(default: the ruleset's: heuristic, which plays Frag, Frag Deadlands and Ruthless alike)",
    )
    sim.add_argument(
        "--map", help="the map's name (default: foundry, or the first map the ruleset plays when it plays elsewhere)"
    )
    sim.add_argument(
        "--ruleset", default="frag", metavar="NAME", help="the rule system played (default frag; `fragtui rulesets`)"
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set an option of the ruleset (a house rule, a mode); repeat for more; a switch alone means on",
    )
    sim.add_argument(
        "--house",
        default="",
        metavar="RULE,...",
        help="turn on house rules, comma-separated, by name or rule ID (scatter,H-PLACE-01; `fragtui rulesets`)",
    )
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game (then seed+1, …)")
    sim.add_argument("--frag-target", type=int, default=3, help="frags that win (default 3)")
    sim.add_argument("--reveal", action="store_true", help="name every card drawn (the log hides them by default)")
    sim.add_argument("--save-dir", metavar="DIR", help="write every game to DIR as a save (`fragtui verify` reads it)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    if not words:  # the game itself: the title as soon as can be, without building the parser
        return _guarded(_play)
    args = _parser().parse_args(words)
    return _guarded(lambda: _command(args))


def _guarded(command: Callable[[], int]) -> int:
    """Run `command`: a `FragtuiError` is one line on stderr and status 2, never a traceback."""
    try:
        return command()
    except FragtuiError as exc:
        print(f"fragtui: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `fragtui simulate | head`: the reader left; say nothing more
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _command(args: argparse.Namespace) -> int:
    """What the command line asked for."""
    if args.command == "maps":
        if args.maps_command == "check":
            return _maps_check(args.files)
        if args.maps_command == "show":
            return _maps_show(args.name)
        return _maps_list()
    if args.command == "cards":
        return _cards_check(args.files) if args.cards_command == "check" else _cards_list()
    if args.command == "rulesets":
        return _rulesets_list()
    if args.command == "saves":
        return _saves_list()
    if args.command == "verify":
        return _verify(args.file)
    if args.command == "resume":
        return _resume(args.game)
    if args.command == "load":
        return _load(args.file)
    if args.command == "tournament":
        if args.tournament_command == "list":
            return _tournaments_list()
        if args.tournament_command == "resume":
            return _tournament_resume(args.name)
        from fragtui.tui.app import run

        return run(tournament="new")
    if args.command == "replay":
        return _replay(args.file, args.cast, args.size, args.eyes)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "serve":
        return _serve(args)
    return _play()


def _bad_value(message: str) -> Exception:
    """The error an argparse type function raises (argparse is imported by then: it is calling the function)."""
    from argparse import ArgumentTypeError

    return ArgumentTypeError(message)


def _port(text: str) -> int:
    """A TCP port for argparse: 0 (any free one) to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise _bad_value(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise _bad_value(f"a port is 0 to 65535, not {port}")
    return port


def _positive(text: str) -> int:
    """A whole number of at least 1 for argparse."""
    try:
        number = int(text)
    except ValueError:
        raise _bad_value(f"not a whole number: {text!r}") from None
    if number < 1:
        raise _bad_value(f"at least 1, not {number}")
    return number


def _seconds(text: str) -> float:
    """A number of seconds, 0 or more, for argparse."""
    try:
        seconds = float(text)
    except ValueError:
        raise _bad_value(f"not a number of seconds: {text!r}") from None
    if not seconds >= 0 or seconds == float("inf"):
        raise _bad_value(f"seconds are 0 or more, not {text}")
    return seconds


def _zero_or_more(kind: Callable[[str], float]) -> Callable[[str], float]:
    """An argparse type: a number read by `kind` (`int`: a whole one; `float`: days, minutes), 0 or more."""

    def read(text: str) -> float:
        try:
            number = kind(text)
        except ValueError:
            raise _bad_value(f"not a {'whole ' if kind is int else ''}number: {text!r}") from None
        if not number >= 0 or number == float("inf"):
            raise _bad_value(f"0 or more, not {text}")
        return number

    return read


def _serve(args: argparse.Namespace) -> int:
    import asyncio
    import importlib

    from fragtui.serve.server import ServeOptions, serve
    from fragtui.tui.app import import_screens

    # The title imports the game's screens when first opened; a server imports them all before it listens,
    # its lobby with them, so that no session waits for them (docs/performance.md, "Interface").
    import_screens()
    importlib.import_module("fragtui.serve.lobby")
    options = ServeOptions(
        host=args.host,
        port=args.port,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
        table_days=args.table_days,
        saves_per_player=args.saves_per_player,
        takeover_minutes=args.takeover_minutes,
        segment_seconds=args.segment_seconds,
        authorized_keys=args.authorized_keys,
        password_file=args.password_file,
    )
    try:
        asyncio.run(serve(options))
    except KeyboardInterrupt:
        print("fragtui serve: stopped", file=sys.stderr)
    return EXIT_OK


def _maps_list() -> int:
    from fragtui.content.maps import load_map, map_paths

    rows = []
    status = EXIT_OK
    for path in map_paths():
        try:
            board = load_map(path)
        except MapFormatError as exc:
            print(f"fragtui: {exc}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        rows.append(
            (
                path.stem,
                board.name,
                f"{board.width}×{board.height}",
                f"{board.players_min}-{board.players_max}",
                str(len(board.respawn_points)),
                board.ruleset,
            )
        )
    header = ("map", "title", "size", "players", "respawns", "ruleset")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return status


def _maps_check(files: Sequence[str]) -> int:
    from fragtui.content.maps import load_map
    from fragtui.engine.rulesets import find_ruleset

    status = EXIT_OK
    for name in files:
        try:
            board = load_map(name)
        except MapFormatError as exc:
            for error in exc.errors:
                print(f"fragtui: {error}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        words = find_ruleset(board.ruleset).map_words(board)  # Ruthless's posses and deployment points
        print(f"{name}: ok — {board.name}, {board.width}×{board.height}, {words}")
    return status


def _maps_show(name: str) -> int:
    from fragtui.content.map_text import render_map
    from fragtui.content.maps import load_named_map

    print(render_map(load_named_map(name)), end="")
    return EXIT_OK


def _shipped_sets() -> list[tuple[str, tuple[str, ...]]]:
    """Each shipped card set once, under the title of the first ruleset that plays it (with its default
    options): base Frag's set (`cards/`), Frag Deadlands' (`cards/deadlands/`). A ruleset that plays no card
    file (Ruthless: a standard deck of its own) has no set to list."""
    from fragtui.engine.rulesets import find_ruleset, ruleset_names

    sets: dict[tuple[str, ...], str] = {}
    for name in ruleset_names():
        ruleset = find_ruleset(name)
        folders = ruleset.card_folders({})
        if folders:
            sets.setdefault(folders, ruleset.title)
    return [(title, folders) for folders, title in sets.items()]


def _malfunction_words(card: CardDef) -> str | None:
    """A weapon's printed malfunction rule in a few words (D-CARD-05), e.g. `jams on two 1s`."""
    from fragtui.engine.cards import MalfunctionKind

    rule = card.malfunction
    if rule is None:
        return None
    kind = rule.kind
    does = {
        MalfunctionKind.JAM: "jams",
        MalfunctionKind.EMPTY: f"loses {rule.amount} ammo" if rule.amount else "loses all its ammo",
        MalfunctionKind.BREAK: "breaks",
        MalfunctionKind.BACKFIRE: f"backfires (-{rule.amount or 1} Health)",
        MalfunctionKind.DUD: "a dud shot",
    }[kind]
    ones = "a 1" if rule.ones == 1 else "two 1s" if rule.ones == 2 else f"{rule.ones} 1s"
    return f"malfunction: {does} on {ones}"


def _card_line(card: CardDef) -> str:
    """One card as `fragtui cards` lists it: copies, name, id, its playing card (suit and rank, or Joker,
    D-CARD-03), then its numbers."""
    numbers = []
    if card.damage is not None:
        numbers.append(f"{card.damage}d" + (f"+{card.extra_damage}" if card.extra_damage else ""))
        numbers.append(f"ammo {card.ammo}" if card.ammo is not None else "unlimited ammo")
    if card.family is not None:
        numbers.append(card.family)
    if card.letter is not None:
        numbers.append(card.letter.value)
    if card.duration is not None:
        numbers.append(f"{card.duration} turn{'s' * (card.duration > 1)}")
    malfunction = _malfunction_words(card)
    if malfunction is not None:
        numbers.append(malfunction)
    face = f" {card.face}" if card.face is not None else ""
    return f"  {card.copies}× {card.name} [{card.id}]{face}" + (f" ({', '.join(numbers)})" if numbers else "")


def _cards_list() -> int:
    from fragtui.content.cards import shipped_cards

    sets = _shipped_sets()
    for index, (title, folders) in enumerate(sets):
        cards = shipped_cards(folders)
        if index:
            print()
        print(f"{title}: {sum(len(cards.instances(deck)) for deck in cards.decks)} cards")
        for deck in cards.decks.values():
            print(f"{deck.plural.capitalize()} ({len(cards.instances(deck.name))} cards)")
            for card in cards:
                if card.deck != deck.name:
                    continue
                print(_card_line(card))
                if card.text:
                    print(f"      {card.text}")
    return EXIT_OK


def _set_summary(cards: CardSet) -> str:
    """`83 different cards; 36 weapons, …; 112 cards in all (2 jokers)`: what `cards check` counts."""
    counts = {deck.name: len(cards.instances(deck.name)) for deck in cards.decks.values()}
    summary = ", ".join(f"{n} {cards.decks[name].plural}" for name, n in counts.items())
    jokers = sum(card.copies for card in cards if card.joker)
    more = f" ({jokers} joker{'s' * (jokers > 1)})" if jokers else ""
    return f"{len(cards)} different cards; {summary}; {sum(counts.values())} cards in all{more}"


def _cards_check(files: Sequence[str]) -> int:
    """Check the files given as one set, or with none every shipped set (each under its ruleset's title)."""
    from fragtui.content.cards import card_paths, load_card_set

    if files:
        cards = load_card_set(list(files))
        for file in files:
            print(f"{file}: ok")
        print(_set_summary(cards))
        return EXIT_OK
    for title, folders in _shipped_sets():
        paths = card_paths(folders)
        cards = load_card_set(paths)
        for path in paths:
            print(f"{path}: ok")
        print(f"{title}: {_set_summary(cards)}")
    return EXIT_OK


def _verify(file: str) -> int:
    from fragtui.engine.rulesets import find_ruleset
    from fragtui.saves.loading import game_of
    from fragtui.saves.store import read_save

    save = read_save(file)
    game = game_of(save, file)
    state = game.state
    hashes = len(save.hashes)
    checked = (
        "the rules and dice checked, but the save holds no state hashes to compare"
        if not hashes
        else "its state hash matches"
        if hashes == 1
        else f"all {hashes} state hashes match"
    )
    print(f"{file}: ok — {len(save.actions)} actions replayed, {checked}")
    rules = find_ruleset(save.config.ruleset)
    goal = rules.goal_words(save.config.options, rules.target_of(save.config))
    print(f"  {rules.title}, map {save.config.map}, {goal}, seed {save.seed}")
    options = rules.options_words(save.config.options)
    if options is not None:
        print(f"  {options}")
    print(
        f"  turn {state.turn.number}, "
        + ("won by " + state.players[state.winner].name if state.winner is not None else "not finished")
    )
    _, lost, _ = rules.tally_words
    for seat, player in enumerate(state.players):
        played = rules.seat_words(save.config.seats[seat])
        score = game.rules.score_words(seat)
        print(f"  {seat}: {player.name:<12} {played}  {score}, {player.record.deaths} {lost}")
    return EXIT_OK


def _saves_list() -> int:
    from fragtui.saves.labels import game_words, standing_words
    from fragtui.saves.store import list_saves, saves_folder

    saves = list_saves()
    if not saves:
        print(f"no saved games in {saves_folder()}")
        return EXIT_OK
    for found in saves:
        if found.save is None:
            print(printable(f"{found.path.name}: cannot be read — {found.error}"))
            continue
        save = found.save
        score = standing_words(save)
        state = f"won by {save.summary.winner}" if save.summary.winner else f"turn {save.summary.turn}"
        part = f"  (tournament game {save.tournament.game} of {save.tournament.games})" if save.tournament else ""
        when = save.updated[:16].replace("T", " ")
        where = cut(save.config.map, QUOTE_LIMIT)
        print(printable(f"{found.path.stem}  {when}  {where}  {game_words(save)}  {state}  [{score}]{part}"))
    return EXIT_OK


def _default_map(ruleset: str) -> str:
    """`simulate`'s map when none is named: the Foundry, or the first shipped map drawn for the ruleset, or
    else the first it plays on (Ruthless: Dry Creek, its own, before the Deadlands' maps it plays too)."""
    from fragtui.content.library import board_named
    from fragtui.content.maps import map_names
    from fragtui.engine.rulesets import find_ruleset

    plays = find_ruleset(ruleset).maps_for
    systems: dict[str, str] = {}
    for name in ("foundry", *map_names()):
        try:
            systems.setdefault(name, board_named(name).ruleset)
        except FragtuiError:  # a map that does not load is `fragtui maps check`'s to report
            continue
    for name, system in systems.items():
        if system in plays and (name == "foundry" or system == ruleset):
            return name
    for name, system in systems.items():
        if system in plays:
            return name
    return "foundry"  # none: the game's own refusal names the map and the ruleset


def _tournaments_list() -> int:
    """Every tournament, newest first: its name, when, the map, where it stands, and the standings."""
    from fragtui.saves.tournaments import list_tournaments, tournaments_folder

    found = list_tournaments()
    if not found:
        print(f"no tournaments in {tournaments_folder()}")
        return EXIT_OK
    for saved in found:
        if saved.record is None:
            print(printable(f"{saved.path.stem}: cannot be read — {saved.error}"))
            continue
        record = saved.record
        t = record.tournament
        if t.finished:
            state = f"{t.games} games, won by {' and '.join(t.name(seat) for seat in t.champions())}"
        else:
            state = f"game {t.played + 1} of {t.games}"
        where = cut(t.config.map, QUOTE_LIMIT)
        print(printable(f"{saved.path.stem}  {record.updated[:16].replace('T', ' ')}  {where}  {state}"))
        for line in t.standings():
            boxes = " ".join(str(frags) for frags in line.boxes) or "-"
            print(
                printable(
                    f"  {line.place}. {line.name:<12} {line.wins} won  {line.frags} frags  [{boxes}]  {line.design}"
                )
            )
    return EXIT_OK


def _tournament_resume(name: str | None) -> int:
    """Play on the newest unfinished tournament (or the one named); a bad one is one line, status 2."""
    from fragtui.saves.tournaments import list_tournaments
    from fragtui.tournament import TournamentRun
    from fragtui.tui.app import run

    unfinished = [t for t in list_tournaments() if t.record is not None and not t.finished]
    if name is not None:
        unfinished = [t for t in unfinished if name in {t.path.stem, t.path.name}]
    if not unfinished:
        which = f"named {name!r}" if name else "at all"
        print(f"fragtui: no unfinished tournament {which} (see `fragtui tournament list`)", file=sys.stderr)
        return EXIT_BAD_INPUT
    return run(tournament=TournamentRun.open(unfinished[0].path))  # a game that does not replay: one line


def _simulate(args: argparse.Namespace) -> int:
    from fragtui.engine.rulesets import find_ruleset
    from fragtui.simulate import SimulationOptions, parse_house, parse_options, simulate

    if args.games < 1 or not 0 <= args.seed < 2**63 or not 1 <= args.frag_target <= 99:
        print("fragtui: --games must be at least 1, --seed 0 to 2**63 - 1, --frag-target 1 to 99", file=sys.stderr)
        return EXIT_BAD_INPUT
    settings = parse_options(args.ruleset, args.option)  # an unknown ruleset or option: ConfigError, one line
    if args.house:
        settings |= parse_house(args.ruleset, args.house)
    save_dir = Path(args.save_dir) if args.save_dir else None
    if save_dir is not None and save_dir.exists() and not save_dir.is_dir():
        print(f"fragtui: --save-dir {args.save_dir}: not a folder", file=sys.stderr)
        return EXIT_BAD_INPUT
    options = SimulationOptions(
        games=args.games,
        players=args.players,
        map=args.map or _default_map(args.ruleset),
        ruleset=args.ruleset,
        options=settings,
        seed=args.seed,
        frag_target=args.frag_target,
        reveal=args.reveal,
        bots=tuple((args.bots or find_ruleset(args.ruleset).default_bot).split(",")),
        save_dir=save_dir,
    )
    try:
        return simulate(options)
    except BrokenPipeError:
        raise  # `main` ends quietly when the reader of the output has gone
    except OSError as exc:
        print(f"fragtui: cannot write the saves: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _rulesets_list() -> int:
    """`fragtui rulesets`: every rule system this version plays, with the options each offers (its house
    rules as `--house NAME`, the others as `--option NAME=VALUE`)."""
    from fragtui.engine.rulesets import find_ruleset, ruleset_names

    for name in ruleset_names():
        rules = find_ruleset(name)
        print(f"{name:<12} {rules.title} — {rules.summary}")
        house = rules.house_rules()
        for spec in rules.options:
            if spec.name in house:  # a house rule: a switch, turned on by `simulate --house NAME`
                print(f"  --house {spec.name}  {spec.summary} ({spec.rule}) [off by default]")
                continue
            switch = isinstance(spec.default, bool)
            takes = "on/off" if switch else "|".join(spec.choices) or "a number"
            default = ("on" if spec.default else "off") if switch else spec.default
            rule = f" ({spec.rule})" if spec.rule else ""
            print(f"  --option {spec.name}=VALUE  {spec.summary}{rule} [{takes}, default {default}]")
    return EXIT_OK


def _play() -> int:
    from fragtui.tui.app import run

    return run()


def _resume(name: str | None) -> int:
    """Play on the newest unfinished game that replays; a broken one is named and passed over."""
    from fragtui.saves.loading import game_of
    from fragtui.saves.store import list_saves

    # a tournament's game is resumed with its tournament (`fragtui tournament resume`), so the next game follows
    unfinished = [g for g in list_saves() if g.save is not None and not g.finished and g.save.tournament is None]
    if name is not None:
        unfinished = [g for g in unfinished if name in {g.path.stem, g.path.name}]
    if not unfinished:
        which = f"named {name!r}" if name else "at all"
        print(f"fragtui: no unfinished game {which} (see `fragtui saves`)", file=sys.stderr)
        return EXIT_BAD_INPUT
    for number, saved in enumerate(unfinished):
        assert saved.save is not None
        try:
            game = game_of(saved.save, saved.path)
        except FragtuiError as exc:
            if name is not None or number == len(unfinished) - 1:
                raise
            following = unfinished[number + 1].path.stem
            print(f"fragtui: {exc}; resuming the next unfinished game, {following}", file=sys.stderr)
            continue
        return _play_on(game, saved.save, saved.path)
    raise AssertionError("unreachable: the last game either plays or raises")  # pragma: no cover


def _load(file: str) -> int:
    """Replay the save before the interface starts, so a bad file is one line on the terminal."""
    from pathlib import Path

    from fragtui.saves.loading import game_of
    from fragtui.saves.store import read_save

    save = read_save(file)
    return _play_on(game_of(save, file), save, Path(file))


def _play_on(game: Game, save: SaveFile, path: Path) -> int:
    from fragtui.table import Table
    from fragtui.tui.app import run

    return run(Table(game, save.looks, save_path=path, created=save.created))


def _replay(file: str, cast: str | None = None, size: str | None = None, eyes: str | None = None) -> int:
    """Check and index the save before the interface starts, so a bad file is one line on the terminal.

    With `--cast` nothing is shown: the replay is recorded, headless, into an asciicast file.
    """
    from fragtui.saves.replay import open_replay

    if cast is None:
        if size is not None or eyes is not None:
            print("fragtui: --size and --eyes choose how --cast OUT.cast records the replay", file=sys.stderr)
            return EXIT_BAD_INPUT
    else:
        from fragtui.tui.cast import parse_size

        width, height = parse_size(size or "120x40")  # a bad size is refused before the save is replayed
    replay = open_replay(file)
    if cast is not None:
        from fragtui.tui.cast import parse_eyes, write_cast

        frames = write_cast(replay, cast, (width, height), parse_eyes(eyes, replay))
        print(f"{cast}: {frames} frames, {len(replay)} actions of {file} at {width}x{height} (asciinema play {cast})")
        return EXIT_OK
    from fragtui.tui.app import run

    return run(replay=replay)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
