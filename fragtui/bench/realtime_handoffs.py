"""Hand-offs per turn at one keyboard in Real-Time Frag (issue 33): "ten segments must not mean forty hand-offs a turn".

Run: `python -m fragtui.bench.realtime_handoffs [--games N] [--turns T] [--map NAME]`. docs/performance.md ("Real-Time
Frag at one keyboard") keeps the figures.

Four people share one keyboard (every seat a person, no computer), Real-Time Frag on, frag target 3. The hot-seat
table (`Table`) decides whom to call to the keyboard exactly as the game screen asks it (`Table.waiting_for`: each
person still choosing behind his own hand-off, the one at the keyboard first), and every call is one hand-off. The
people are scripted, each deciding on his own view as a person would:

- *with standing orders*: when one of his Movement or Combat questions opens and he has no order standing, he gives
  one (`tui.frag.standing`): with an enemy in sight, hold and fire at the first enemy in sight; else walk to the
  nearest enemy's square, firing on the way. Every other question (a pick-up, a respawn, a reaction, the hand
  limit), and any his order leaves to him, he answers as the heuristic bot would on his view;
- *without*: he answers every question himself, as the heuristic bot would (what the table does today).

The figure is the hand-offs per turn (a turn: a pre-turn and ten segments), over every turn played, with the
questions people answered by hand beside it. Nothing is asserted; it lives outside tests/.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from fragtui.bots import BotWindow, make_bot
from fragtui.content.library import new_game
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.frag.state import Status, frag_state
from fragtui.engine.game import Game
from fragtui.engine.realtime.decisions import CombatOrders, MovementOrders
from fragtui.saves.format import SeatLook
from fragtui.table import Table
from fragtui.tui.frag.standing import Kind, RealTimeOrder, _in_sight, path

__all__ = ["Tally", "figures", "play"]

NAMES = ("Ann", "Bob", "Cat", "Dan")
DESIGN = {"health": 3, "speed": 2, "accuracy": 2}
CLOSE = 4
"""Squares (across and down) within which a scripted person holds and shoots rather than closes in."""
MAX_ACTIONS = 20_000
"""A game that has not ended by then is cut off (its turns still count)."""


@dataclass
class Tally:
    """One game's count: hand-offs and questions answered by hand, by turn."""

    handoffs: Counter[int]
    asked: Counter[int]
    orders: int = 0
    """Standing orders given."""
    ended: Counter[str] | None = None
    """Why orders ended (`Table.orders_ended`), by kind of reason (`_why`)."""

    @property
    def turns(self) -> int:
        return max(len(set(self.handoffs) | set(self.asked)), 1)


_REASONS = (("turn", "a new turn"), ("hit", "hit"), ("fragged", "fragged"), ("card", "a card"), ("sight", "sighting"))


def _why(reason: str) -> str:
    """The kind of reason a standing order ended (`RealTimeOrder.ended`'s words)."""
    return next((kind for word, kind in _REASONS if word in reason), "its action no longer legal")


def _distance(a: Square, b: Square | None) -> int:
    return 99 if b is None else abs(a.x - b.x) + abs(a.y - b.y)


def _order_for(game: Game, seat: int) -> RealTimeOrder:
    """The scripted person's standing order: hold and fire with an enemy in sight and close (`CLOSE` squares), else
    walk to the nearest enemy's square, firing on the way."""
    players = frag_state(game.state).players
    here = players[seat].square
    assert here is not None
    near = [other for other in _in_sight(game, seat) if _distance(here, players[other].square) <= CLOSE]
    if near:
        return RealTimeOrder.give(game, seat, Kind.HOLD, fire=True)
    goals: list[tuple[int, Square]] = []
    for other, player in enumerate(players):
        if other != seat and player.status is Status.IN_PLAY and player.square is not None:
            walk = path(game, here, player.square)
            if walk:
                goals.append((len(walk), player.square))
    if not goals:
        return RealTimeOrder.give(game, seat, Kind.HOLD, fire=True)
    return RealTimeOrder.give(game, seat, Kind.ROUTE, fire=True, goal=min(goals)[1])


def play(seed: int, *, standing: bool, turns: int, map_name: str = "pocket") -> Tally:
    """One 4-person Real-Time game at one keyboard, to 3 frags or `turns` turns: its hand-offs by turn."""
    seats = [{"name": name, "fighter": DESIGN} for name in NAMES]
    config = make_config(map=map_name, frag_target=3, seats=seats, options={"real-time": True})
    game = new_game(config, seed)
    table = Table(game, looks=[SeatLook(colour="red", glyph=name[0]) for name in NAMES])
    people = {seat: make_bot("heuristic", seed * 10 + seat) for seat in range(len(NAMES))}
    tally = Tally(handoffs=Counter(), asked=Counter(), ended=Counter())
    table.pass_for_absent()
    for _ in range(MAX_ACTIONS):
        if game.over or game.state.turn.number > turns:
            break
        turn = game.state.turn.number
        seat = table.waiting_for()
        if seat is not None:
            tally.handoffs[turn] += 1
            table.unlock(seat)
            for why in table.orders_ended.values():
                assert tally.ended is not None
                tally.ended[_why(why)] += 1
            table.orders_ended.clear()
        seat = table.at_keyboard
        if seat is None or seat not in game.deciders():
            seat = game.decider()
            assert seat is not None, "the game waits for nobody"
            table.unlock(seat)  # (the set-up: placing, one seat after another; no hand-off counted before play)
        pending = game.state.pending
        top = pending[-1] if pending else None
        if standing and isinstance(top, MovementOrders | CombatOrders) and seat not in table.standing:
            tally.orders += 1
            table.give_order(seat, _order_for(game, seat))
            continue
        tally.asked[turn] += 1
        table.act(people[seat].decide(BotWindow(game, seat)), seat)
    return tally


def _per_turn(tallies: list[Tally], counter: str) -> tuple[float, float, int]:
    """The mean per turn over every turn played (turn 0, the set-up, left out), its worst turn, turns counted."""
    per_turn = [count for tally in tallies for turn, count in getattr(tally, counter).items() if turn >= 1]
    turns = sum(len([t for t in set(tally.handoffs) | set(tally.asked) if t >= 1]) for tally in tallies)
    total = sum(per_turn)
    return total / max(turns, 1), float(max(per_turn, default=0)), turns


def figures(runs: int = 1, *, games: int = 5, turns: int = 6, map_name: str = "foundry") -> Iterator[str]:
    """The figures: hand-offs per turn with and without standing orders, in the same games (same seeds)."""
    for standing in (False, True):
        started = time.perf_counter()
        tallies = [play(seed, standing=standing, turns=turns, map_name=map_name) for seed in range(1, games + 1)]
        seconds = time.perf_counter() - started
        mean, worst, counted = _per_turn(tallies, "handoffs")
        asked, _, _ = _per_turn(tallies, "asked")
        label = "with standing orders" if standing else "without (every question asked)"
        line = (
            f"{label}: {mean:.1f} hand-offs a turn (worst turn {worst:.0f}), {asked:.1f} questions answered by hand"
            f" a turn, over {counted} turns of {games} games on {map_name} ({seconds:.1f} s)"
        )
        yield line
        if standing:
            given = sum(tally.orders for tally in tallies) / max(counted, 1)
            ended: Counter[str] = Counter()
            for tally in tallies:
                ended.update(tally.ended or {})
            reasons = ", ".join(f"{why} {count}" for why, count in ended.most_common())
            yield f"  standing orders given: {given:.1f} a turn; why they ended: {reasons or 'none'}"
    del runs  # (every figure is one set of games: the count is exact, not timed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fragtui.bench.realtime_handoffs", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=5, help="games with each way of playing (default 5)")
    parser.add_argument("--turns", type=int, default=6, help="turns at most a game (default 6)")
    parser.add_argument("--map", default="foundry", help="the map (default foundry)")
    args = parser.parse_args(argv)
    for line in figures(games=args.games, turns=args.turns, map_name=args.map):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
