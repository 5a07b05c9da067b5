"""The heuristic bot for Ruthless: one posse, played by the priorities of a sensible gunfighter.

Each decision goes to the module that knows it, by the phase and the pending decision the view names:
initiative.py (the card for initiative), activation.py (the posse's actions: cover, aim, focus fire,
reloading, Got You Covered!, mounting and dismounting, the strongbox with strongbox.py, seeking fisticuffs
with contact.py), courage.py (Get Your Courage Up!), windows.py (covered shots, snap shots and
ducks, the aimed hit's shift, discarding with a 3), fisticuffs.py (the card for a brawl). It sees the game
only through its window (`RuthlessWindow`: the shared `BotWindow` and Ruthless's questions): the view, its legal
actions, the exact odds of its shots (`shot_odds`) and what the decision it answers is about (`answering`), with
the board for sight and cover.

It has no randomness of its own: the same game gives the same choices (the seed is taken for the bot
protocol's sake and kept for ties a later version may want).
"""

from __future__ import annotations

from fragtui.bots.ruthless import activation, fisticuffs, initiative, windows
from fragtui.bots.ruthless.ground import ground_of
from fragtui.bots.ruthless.table import Table
from fragtui.bots.ruthless.window import RuthlessWindow
from fragtui.bots.window import BotWindow
from fragtui.engine.actions import Action
from fragtui.engine.ruthless.sequence import Phases
from fragtui.engine.ruthless.shooting import RuthlessKind

__all__ = ["RuthlessBot"]


class RuthlessBot:
    """A computer player for Ruthless that takes cover, aims, focuses its fire and keeps its nerve."""

    def __init__(self, seed: int = 0) -> None:
        """A Ruthless bot (`seed` is kept, but its choices depend on the game alone)."""
        self.seed = seed
        self.slips = 0
        """Decisions whose first choice was not legal (answered with a safe one instead): a bug in its
        reasoning, which the tests keep at 0."""

    @property
    def name(self) -> str:
        return "heuristic"

    def decide(self, window: BotWindow) -> Action:
        legal = window.legal_actions()
        if not legal:
            raise ValueError(f"seat {window.seat} has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        view = window.view()
        seen = view.ruthless
        if seen is None:
            raise ValueError("the Ruthless bot plays only Ruthless")
        table = Table(RuthlessWindow.of(window), seen, legal, ground_of(window.board))
        action = self._choose(table, view.decision, view.phase)
        if (
            not any(a is action for a in legal) and action not in legal
        ):  # a slip in the bot's reasoning must never stop a game
            self.slips += 1
            return windows.fallback(table)
        return action

    def alternatives(self, window: BotWindow) -> list[Action]:
        """The answers it weighed, best first, when it leads the posse's activation (`activation.ranked`: the first
        actions of the plans weighed for the model it would move, moves among them, then ending the activation):
        what a searching bot weighs against its answer. None at any other decision."""
        legal = window.legal_actions()
        view = window.view()
        seen = view.ruthless
        if len(legal) < 2 or seen is None or view.decision is not None or view.phase != Phases.ACTIVATION:
            return []
        table = Table(RuthlessWindow.of(window), seen, legal, ground_of(window.board))
        return [action for action in activation.ranked(table) if action in legal]

    @staticmethod
    def _choose(table: Table, decision: str | None, phase: str) -> Action:
        match decision:
            case RuthlessKind.AIMED_HIT:
                return windows.shift(table)
            case RuthlessKind.COVERED_SHOT:
                return windows.covered_shot(table)
            case RuthlessKind.SNAP_SHOT:
                return windows.snap(table)
            case RuthlessKind.SNAP_BRAWL:
                return windows.snap(table, brawl=True)
            case RuthlessKind.FISTICUFFS:
                return fisticuffs.pick(table)
            case None:
                pass
            case _:
                return windows.fallback(table)
        if phase == Phases.INITIATIVE:
            return initiative.pick(table)
        if phase == Phases.DISCARD:
            return windows.discard(table)
        return activation.activate(table)

    def __repr__(self) -> str:
        return "RuthlessBot()"
