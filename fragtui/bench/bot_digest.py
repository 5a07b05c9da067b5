"""A digest of the bots' decisions: every action chosen in fixed seeded games, hashed. Prints, asserts nothing.

Run: `python -m fragtui.bench.bot_digest [--only heuristic,strong]`. A change that only makes the bots faster must
leave every line the same (docs/bots.md, "Rollouts made cheaper"): a line per game and a total.

- `heuristic`: whole games of heuristic bots in every seat: Frag, four players, on Foundry and Pocket Arena; Frag
  Deadlands on the Town; King of the Hill on Foundry and A Turn To Frag on Pocket Arena; Ruthless, two posses, on
  Main Street, sundown at turn 6.
- `strong`: the first actions of games with a strong bot in seat 0 thinking a fixed number of worlds (3) a decision,
  heuristic bots in the others: Frag on Foundry, Frag Deadlands on the Desert, A Turn To Frag on Pocket Arena (120
  actions each), Ruthless on Dry Creek (80). Each line adds the search's counts (decisions searched and changed,
  worlds, rollouts, rollout actions): the worlds built, the rollouts played and every action chosen in them are the
  same, or the counts or the choices differ.

Each game's hash is of its actions, in order, each with its seat (`repr`), and of the state it ends in
(`state_hash`). Run it with `PYTHONHASHSEED=0` to compare runs of different processes.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

from fragtui.bots import BotWindow, make_bot, play_game
from fragtui.bots.bot import Bot
from fragtui.bots.strong import StrongBot
from fragtui.content.library import new_game
from fragtui.engine.actions import Action
from fragtui.engine.config import make_config
from fragtui.engine.game import Game, state_hash
from fragtui.engine.rulesets import find_ruleset

__all__ = ["digest", "main"]

_Game = tuple[str, str, int, int, dict[str, object], int]
"""(ruleset, map, players, seed, options, actions at most)."""

HEURISTIC: tuple[_Game, ...] = (
    ("frag", "foundry", 4, 1, {}, 3000),
    ("frag", "pocket", 4, 2, {}, 3000),
    ("deadlands", "town", 4, 3, {}, 3000),
    ("frag", "foundry", 4, 4, {"objective": "king-of-the-hill", "target": 4}, 3000),
    ("frag", "pocket", 4, 9, {"objective": "turn-to-frag"}, 3000),
    ("ruthless", "main-street", 2, 5, {"sundown": 6}, 3000),
)
"""The heuristic bots' games."""
STRONG: tuple[_Game, ...] = (
    ("frag", "foundry", 4, 11, {}, 120),
    ("deadlands", "desert", 4, 12, {}, 120),
    ("frag", "pocket", 4, 13, {"objective": "turn-to-frag"}, 120),
    ("ruthless", "dry-creek", 2, 14, {"sundown": 4}, 80),
)
"""The same for the games with a strong bot in seat 0."""
WORLDS = 3
"""Worlds the strong bot thinks a decision (fixed: its choices are then the machine's speed's no more)."""


@dataclass
class _Recorded:
    """A bot whose every answer is written down, with its seat."""

    bot: Bot
    seat: int
    chosen: list[str]

    @property
    def name(self) -> str:
        return self.bot.name

    def decide(self, window: BotWindow) -> Action:
        action = self.bot.decide(window)
        self.chosen.append(f"{self.seat}:{action!r}")
        return action


def _game(ruleset: str, map_name: str, players: int, seed: int, options: dict[str, object]) -> Game:
    """A new game of `ruleset` with the seats it deals from `seed` (the bot tests' `seeded_ruleset_game`)."""
    rng = random.Random(f"bots/{ruleset}/{map_name}/{players}/{seed}")
    seats = find_ruleset(ruleset).random_seats(rng, players)
    config = make_config(ruleset=ruleset, options=options, map=map_name, frag_target=3, seats=seats)
    return new_game(config, seed)


def digest(parts: tuple[str, ...] = ("heuristic", "strong")) -> Iterator[str]:
    """A line per game of `parts`, then the total's hash."""
    total = hashlib.sha256()
    for part, games in (("heuristic", HEURISTIC), ("strong", STRONG)):
        if part not in parts:
            continue
        for ruleset, map_name, players, seed, options, cap in games:
            start = time.perf_counter()
            game = _game(ruleset, map_name, players, seed, dict(options))
            chosen: list[str] = []
            strong = StrongBot(seed, worlds=WORLDS) if part == "strong" else None
            bots: list[Bot] = [
                _Recorded(strong if strong is not None and n == 0 else make_bot("heuristic", seed * 10 + n), n, chosen)
                for n in range(players)
            ]
            report = play_game(game, bots, max_actions=cap)
            one = hashlib.sha256("\n".join(chosen).encode())
            counts = ""
            if strong is not None:
                s = strong.stats
                counts = (
                    f" searched={s.searched} changed={s.changed} worlds={s.worlds} rollouts={s.rollouts}"
                    f" ra={s.rollout_actions}"
                )
                one.update(counts.encode())
            one.update(state_hash(game.state).encode())
            total.update(one.digest())
            yield (
                f"{part[0]} {ruleset:9} {map_name:12} {seed:3} actions={report.actions:5} {one.hexdigest()[:16]}"
                f"{counts} ({time.perf_counter() - start:.1f}s)"
            )
    yield f"TOTAL {total.hexdigest()[:16]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.bot_digest", description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="heuristic,strong", help="parts, comma-separated: heuristic, strong")
    args = parser.parse_args(argv)
    parts = tuple(part.strip() for part in args.only.split(",") if part.strip())
    unknown = [part for part in parts if part not in ("heuristic", "strong")]
    if unknown:
        parser.error(f"unknown parts {unknown}")
    for line in digest(parts):
        print(line, flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
