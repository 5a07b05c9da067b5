"""Headless games: `fragtui simulate` plays seeded games of random legal actions and prints them.

One game (the default) prints its whole log the way a person reads it — turns, every die,
hits, damage, frags — as a spectator sees it (others' cards hidden) or, with `--reveal`, with
every card named. Several games print one line each and a summary. The random players go through
the same engine contract as the interface; the bots of issue 7 will plug in here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fragtui.content.library import board_named, new_game
from fragtui.engine.config import all_designs, make_config
from fragtui.engine.events import Event, EventKind
from fragtui.engine.harness import play_random_game

__all__ = ["SimulationOptions", "format_events", "simulate"]

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
"""Players' names in simulated games."""


@dataclass(frozen=True)
class SimulationOptions:
    """What `fragtui simulate` was asked for."""

    games: int = 1
    players: int = 4
    map: str = "foundry"
    seed: int = 1
    frag_target: int = 3
    reveal: bool = False
    check: bool = True


def format_events(events: Sequence[Event], reveal: bool = False) -> list[str]:
    """The log's lines: a heading per turn, every other event indented under it."""
    lines = []
    for event in events:
        text = event.private_text if reveal and event.private_text else event.text
        if event.kind is EventKind.TURN_BEGAN:
            lines.append("")
            lines.append(f"== {text} ==")
        elif event.kind is EventKind.WON:
            lines.append("")
            lines.append(f"*** {text} ***")
        else:
            lines.append(f"  {text}")
    return lines


def simulate(options: SimulationOptions, out: Callable[[str], None] = print) -> int:
    """Play the games and print them; returns the exit status."""
    board = board_named(options.map)
    room = len(board.respawn_points)
    if not 2 <= options.players <= min(room, len(NAMES)):
        out(f"fragtui: {options.map!r} has room for 2 to {min(room, len(NAMES))} players, not {options.players}")
        return 2
    wins = [0] * options.players
    total_actions = total_turns = 0
    started = time.perf_counter()
    for number in range(options.games):
        seed = options.seed + number
        rng = random.Random(seed)
        designs = all_designs()
        config = make_config(
            map=options.map,
            frag_target=options.frag_target,
            seats=[{"name": NAMES[n], "fighter": rng.choice(designs)} for n in range(options.players)],
        )
        game = new_game(config, seed)
        if options.games == 1:
            out(f"A game of Frag on {board.name}, seed {seed}, to {options.frag_target} frags")
            for seat, player in enumerate(game.state.players):
                out(f"  {seat}: {player.name} — {player.design}")
        report = play_random_game(game, rng, check=options.check)
        if options.games == 1:
            for line in format_events(report.events, options.reveal):
                out(line)
            out("")
            out(f"{report.actions} actions, {report.turns} turns.")
        else:
            winner = game.state.players[report.winner].name if report.winner is not None else "nobody"
            figures = f"{report.turns:>4} turns {report.actions:>6} actions"
            out(f"game {number + 1:>4}  seed {seed:<8} {figures}  won by {winner}")
        if report.winner is not None:
            wins[report.winner] += 1
        total_actions += report.actions
        total_turns += report.turns
    if options.games > 1:
        elapsed = time.perf_counter() - started
        out("")
        out(
            f"{options.games} games, {total_turns / options.games:.1f} turns and {total_actions / options.games:.0f} "
            f"actions a game, {total_actions / elapsed:,.0f} actions per second"
        )
        for seat, won in enumerate(wins):
            out(f"  seat {seat} ({NAMES[seat]}): {won} wins ({100 * won / options.games:.0f}%)")
    return 0
