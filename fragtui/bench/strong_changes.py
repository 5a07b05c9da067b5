"""The strong bot's changed answers, judged by the games' ends (issue 34). Prints, asserts nothing.

Run: `python -m fragtui.bench.strong_changes [--games N] [--first SEED] [--worlds N] [--judge N] [--horizon TURNS]`.

A game's winner says little of one decision: in the benchmark's 4-player Frag games much of the winner is decided by the
seats' designs and the map (at four in ten of the strong bot's changed answers, its seat's win chance with heuristic
players on to the end was already under 10% or over 75%, and no change moved it by more than 0.23), and 40 games tell
apart only win rates some 20 points apart. This judges the decisions instead. The strong seat plays
`fragtui.bench.bots`'s Frag games (the same seeds, maps and seats, one strong seat going round against three heuristic
ones) at a fixed number of worlds a decision; at each decision where it answered other than its heuristic's quick
answer, the position is kept, and after the game both answers are played out `judge` times to the end of the game, by
heuristic players in every seat, in worlds sampled from the seat's own view (as the bot's are: the other hands, the
decks and the dice drawn anew), both answers on the same worlds and seeds. The difference of their win shares is what
the change was worth to a seat that plays on as the heuristic does: the policy-improvement measure of a rollout bot
(Bertsekas's rollout algorithm): at 40 playouts a change's standard error is 0.03-0.1 of a win, where the game's own
result is a whole win or none.

The judge reads the true game to keep the position (a bench, not a player); the worlds it judges in are drawn from
the seat's view, as the bot's own.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass

from fragtui.bench.bots import designed, seated, wilson
from fragtui.bots import BotWindow, make_bot, play_game
from fragtui.bots.bot import Bot
from fragtui.bots.kinds import AnyGameHeuristic
from fragtui.bots.strong import Candidate, StrongBot
from fragtui.bots.walks import Walk, play
from fragtui.bots.worlds import World, clone_state, sampler_for_ruleset
from fragtui.content.library import new_game
from fragtui.engine.frag.state import frag_state
from fragtui.engine.game import Game
from fragtui.engine.state import GameState

__all__ = ["judge", "main"]

PLAYOUT_CAP = 4000
"""Actions a judging playout plays at most (a game ends long before)."""


@dataclass(frozen=True)
class Change:
    """A decision the strong bot answered other than its heuristic."""

    game: int
    """The game's number (its seed)."""
    state: GameState
    """The true position (a copy), kept to judge it after the game."""
    seat: int
    quick: Candidate
    """The heuristic's answer."""
    chosen: Candidate
    """The strong bot's."""


class _Recording(StrongBot):
    """A strong bot that keeps the positions where it changed the heuristic's answer."""

    def __init__(self, seed: int, worlds: int, horizon: int | None, game: Game, number: int) -> None:
        super().__init__(seed, worlds=worlds, horizon=horizon)
        self.game = game
        self.number = number
        self.changes: list[Change] = []

    def _search(self, window: BotWindow, options: list[Candidate], start: float) -> Candidate:
        choice = super()._search(window, options, start)
        if choice is not options[0]:
            self.changes.append(Change(self.number, clone_state(self.game.state), window.seat, options[0], choice))
        return choice


def _game(number: int, worlds: int, horizon: int | None) -> tuple[int | None, int, list[Change]]:
    """`fragtui.bench.bots`'s Frag game `number` with a recording strong seat: (winner, the strong seat, changes).
    The strong seat plays the fighter it designs for itself (`designed`), as in the bench."""
    game, seat, _, _ = seated("frag", number)
    game = designed(game, {seat}, number)
    strong = _Recording(number * 16 + seat, worlds, horizon, game, number)
    bots: list[Bot] = [make_bot("heuristic", number * 16 + n) for n in range(4)]
    bots[seat] = strong
    report = play_game(game, bots)
    return report.winner, seat, strong.changes


def judge(change: Change, playouts: int) -> tuple[float, float, list[float]]:
    """(the quick answer's win share, the chosen one's, their difference world by world) over `playouts` worlds drawn
    from the seat's view, each played out to the end by heuristic players (the same worlds and seeds for both)."""
    probe = new_game(change.state.config, 0)  # (the printed board and cards of the game's configuration)
    game = Game(change.state, probe.board, probe.cards)
    window = BotWindow(game, change.seat)
    view, record = window.view(), window.public_record()
    sampler = sampler_for_ruleset(window.ruleset())
    assert sampler is not None and record is not None
    rng = random.Random(f"judge/{change.game}/{view.turn_number}/{change.quick}/{change.chosen}")
    wins: tuple[list[float], list[float]] = ([], [])
    for _ in range(playouts):
        world = World(sampler.world_from_view(view, record, game.board, game.cards, rng), game.board, game.cards)
        seeds = [rng.getrandbits(32) for _ in change.state.players]
        for n, answer in enumerate((change.quick, change.chosen)):
            played = world.game()
            if isinstance(answer, Walk):
                play(played, change.seat, answer)
            else:
                played.apply(answer, change.seat)
            bots = [AnyGameHeuristic(seed) for seed in seeds]
            windows = [BotWindow(played, other) for other in range(len(seeds))]
            for _ in range(PLAYOUT_CAP):
                decider = played.decider()
                if decider is None:
                    break
                played.apply(bots[decider].decide(windows[decider]))
            wins[n].append(1.0 if frag_state(played.state).winner == change.seat else 0.0)
    diffs = [b - a for a, b in zip(*wins, strict=True)]
    return sum(wins[0]) / playouts, sum(wins[1]) / playouts, diffs


def figures(games: int, first: int, worlds: int, playouts: int, horizon: int | None) -> Iterator[str]:
    """The lines: each changed answer judged, then the totals."""
    start = time.perf_counter()
    won = 0
    worth: list[float] = []
    for number in range(first, first + games):
        winner, seat, changes = _game(number, worlds, horizon)
        won += winner == seat
        for change in changes:
            quick, chosen, diffs = judge(change, playouts)
            worth.append(chosen - quick)
            error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
            yield (
                f"game {number} seat {seat}: {change.quick} {quick:.2f} -> {change.chosen} {chosen:.2f} "
                f"({chosen - quick:+.3f} ± {error:.3f})"
            )
    low, high = wilson(won, games)
    yield (
        f"strong won {won}/{games} = {100 * won / games:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
        f"{worlds} worlds a decision, {time.perf_counter() - start:.0f} s"
    )
    if worth:
        error = statistics.stdev(worth) / math.sqrt(len(worth)) if len(worth) > 1 else 0.0
        better, worse = sum(w > 0 for w in worth), sum(w < 0 for w in worth)
        yield (
            f"{len(worth)} changed answers, judged by {playouts} playouts each: "
            f"win chance {statistics.fmean(worth):+.4f} ± {error:.4f} a change "
            f"({better} better, {worse} worse), {sum(worth):+.2f} wins in all"
        )
    else:
        yield "no changed answers"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.strong_changes", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games (Frag, 4 players)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (seed)")
    parser.add_argument("--worlds", type=int, default=6, help="the strong bot's worlds a decision")
    parser.add_argument("--judge", type=int, default=40, help="playouts judging each changed answer")
    parser.add_argument("--horizon", type=int, default=None, help="the strong bot's rollout horizon in turns")
    args = parser.parse_args(argv)
    if args.games < 1 or args.worlds < 2 or args.judge < 2:
        parser.error("--games must be at least 1, --worlds and --judge at least 2")
    for line in figures(args.games, args.first, args.worlds, args.judge, args.horizon):
        print(line, flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
