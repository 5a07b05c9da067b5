"""Scoring rules: how a game is won, as an object the rules ask at the moments something scores.

Base Frag is won by the first fighter to reach the frag target (F-WIN-01). Frag Tag scores
otherwise: "it" scores by surviving a turn, keep-away by carrying the flag, king of the hill by
ending a turn on the hill. Each is a `ScoringRule`: the rules call `on_frag` after every frag and
`on_turn_end` when a turn ends, and the rule answers who has won (or nobody yet); `score_of` and
`target` give the numbers the view and the game-over table show. The ruleset picks its scoring rule
(`scoring()` on the rules); the rules never compare scores with a target themselves.
"""

from __future__ import annotations

from typing import Protocol

from fragtui.engine.state import GameState

__all__ = ["FRAG_TARGET", "FragTarget", "Rules", "ScoringRule"]


class Rules(Protocol):
    """What a scoring rule may look at: the game's rules object, with its state."""

    @property
    def state(self) -> GameState: ...


class ScoringRule:
    """How a game is won. The hooks are the moments a tag mode or the frag target can score; each
    returns the seat that has won, or None while the game goes on. The base scores nothing."""

    name = "none"
    """A short name for the rule, for the log and the set-up screen."""

    def target(self, state: GameState) -> int | None:
        """The score that wins, for the view and the game-over table; None when there is none."""
        return None

    def score_of(self, state: GameState, seat: int) -> int:
        """`seat`'s score so far, in the rule's own points."""
        return 0

    def score_words(self, score: int) -> str:
        """A score in the log's words (`3 frags`)."""
        return f"{score} point{'s' * (score != 1)}"

    def on_frag(self, rules: Rules, scorer: int, victim: int) -> int | None:
        """`scorer` has just fragged `victim` (the frag already counted): the winner, or None."""
        return None

    def on_turn_end(self, rules: Rules, seat: int) -> int | None:
        """`seat`'s turn has just ended, before the next begins: the winner, or None."""
        return None


class FragTarget(ScoringRule):
    """F-WIN-01: the first fighter to score the frag target wins, at once (the game config's
    `frag_target`). Self-inflicted frags score nothing (the frag rules never count them)."""

    name = "frag target"

    def target(self, state: GameState) -> int:
        return state.config.frag_target

    def score_of(self, state: GameState, seat: int) -> int:
        return state.players[seat].frags

    def score_words(self, score: int) -> str:
        return f"{score} frag{'s' * (score != 1)}"

    def on_frag(self, rules: Rules, scorer: int, victim: int) -> int | None:
        state = rules.state
        return scorer if self.score_of(state, scorer) >= self.target(state) else None


FRAG_TARGET = FragTarget()
"""Base Frag's scoring rule (it holds nothing, so one serves every game)."""
