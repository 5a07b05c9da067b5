"""The random bot: any legal action, uniformly. A yardstick, and a fuzzer for the rules.

It is what the engine's test harness plays (`fragtui.engine.harness`), seated as a player: a
heuristic that cannot clearly beat it is not playing sensibly, and it reaches corners of the
rules no sensible player would.
"""

from __future__ import annotations

import random

from fragtui.bots.window import BotWindow
from fragtui.engine.actions import Action

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        """A random bot whose choices are fixed by `seed` (same seed, same game: same choices)."""
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        return "random"

    def decide(self, window: BotWindow) -> Action:
        actions = window.legal_actions()
        if not actions:
            raise ValueError(f"seat {window.seat} has no decision to make now")
        return self._rng.choice(actions)

    def __repr__(self) -> str:
        return "RandomBot()"
