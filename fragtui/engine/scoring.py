"""Scoring rules: how a game is won, as an object the rules ask at the moments something scores.

Base Frag is won by the first fighter to reach the frag target (F-WIN-01). Frag Tag scores
otherwise: "it" scores by surviving a turn, keep-away by carrying the flag, king of the hill by
ending a turn on the hill. Each is a `ScoringRule`: the rules call `on_frag` after every frag and
`on_turn_end` when a turn ends, and the rule answers who has won (or nobody yet); `score_of` and
`target` give the numbers the view and the game-over table show. The ruleset picks its scoring rule
(`scoring()` on the rules); the rules never compare scores with a target themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from fragtui.engine.board import Board, Square
from fragtui.engine.events import Event, EventKind
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.state import GameState
from fragtui.errors import ConfigError

if TYPE_CHECKING:
    from fragtui.engine.actions import Action

__all__ = ["FRAG_TARGET", "FragTarget", "Rules", "ScoringRule"]


class Rules(Protocol):
    """What a scoring rule may look at and use: the game's rules object, with its state and board, and
    the primitives every rule uses (recorded dice, events)."""

    @property
    def state(self) -> GameState: ...

    @property
    def board(self) -> Board: ...

    def name(self, seat: int) -> str: ...

    def on_board(self, seat: int) -> bool: ...

    def emit(self, kind: EventKind, text: str, **fields: object) -> Event: ...

    def roll_respawn_point(self, seat: int | None, reason: str) -> int: ...


class ScoringRule:
    """How a game is won. The hooks are the moments a tag mode or the frag target can score; each
    returns the seat that has won, or None while the game goes on. The base scores nothing."""

    name = "none"
    """A short name for the rule, for the log and the set-up screen."""
    mode = "none"
    """The value of the `objective` option that plays it (`frags`, `keep-away`, ...)."""

    def target(self, state: GameState) -> int | None:
        """The score that wins, for the view and the game-over table; None when there is none."""
        return None

    def score_of(self, state: GameState, seat: int) -> int:
        """`seat`'s score so far, in the rule's own points."""
        return 0

    def score_words(self, score: int) -> str:
        """A score in the log's words (`3 frags`)."""
        return f"{score} point{'s' * (score != 1)}"

    def prepare(self, rules: Rules) -> None:
        """Set up the rule's own state (Frag Tag's `FragState.objective`) where it is missing: a new game's, or a
        scenario's. Called whenever the rules are built on a state; it leaves a complete state as it is."""

    def on_start(self, rules: Rules, first: int) -> None:
        """The first player is known (F-SETUP-03), before the fighters are placed."""

    def frag_counts(self, rules: Rules, scorer: int, victim: int) -> bool:
        """Whether `scorer`'s frag of `victim` counts toward his frags (F-FRAG-02: every frag of another
        fighter does). Asked before `on_frag`."""
        return True

    def withheld_words(self, rules: Rules, scorer: int, victim: int) -> str:
        """Why a frag `frag_counts` withheld scores nothing, for the log (`only "it" scores frags`)."""
        return "this frag does not count"

    def on_frag(self, rules: Rules, scorer: int, victim: int) -> int | None:
        """`scorer` has just fragged `victim` (the frag counted if `frag_counts` said so): the winner, or None."""
        return None

    def on_fragged(self, rules: Rules, seat: int, square: Square) -> None:
        """`seat`'s fighter has just been fragged on `square` (by anyone or anything), his leftovers left."""

    def on_turn_end(self, rules: Rules, seat: int) -> int | None:
        """`seat`'s turn has just ended, before the next begins: the winner, or None."""
        return None

    def broken_promise(self, rules: Rules) -> str | None:
        """Which promise of the rule's own state is broken (the random-game harness asks after every
        action), or None."""
        return None

    def may_attack(self, state: GameState, seat: int) -> bool:
        """Whether `seat`'s fighter may attack at all (any weapon, any kind of attack): always in Frag."""
        return True

    def actions(self, rules: Rules, seat: int) -> list[Action]:
        """The mode's own actions `seat` may take in phase 3 of his turn (none in Frag)."""
        return []

    def act(self, rules: Rules, seat: int, action: Action) -> None:
        """Do one of the mode's own actions (one `actions` offered)."""
        raise NotImplementedError(f"{self.name} has no action {action}")

    def why_not(self, rules: Rules, seat: int, action: Action) -> str | None:
        """Why the mode refuses `action` of `seat` now, in words, or None when it is not the mode's doing."""
        return None


class FragTarget(ScoringRule):
    """F-WIN-01: the first fighter to score the frag target wins, at once (the target its ruleset reads from the
    configuration, `Ruleset.target_of`: Frag's own part of it). Self-inflicted frags score nothing (the frag rules
    never count them)."""

    name = "frag target"
    mode = "frags"

    def target(self, state: GameState) -> int:
        target = find_ruleset(state.config.ruleset).target_of(state.config)
        if target is None:  # (a ruleset scored by frags sets a target: Frag's rulesets all do)
            raise ConfigError(f"{state.config.ruleset} is won at a frag target but has none")
        return target

    def score_of(self, state: GameState, seat: int) -> int:
        return state.players[seat].frags

    def score_words(self, score: int) -> str:
        return f"{score} frag{'s' * (score != 1)}"

    def on_frag(self, rules: Rules, scorer: int, victim: int) -> int | None:
        state = rules.state
        return scorer if self.score_of(state, scorer) >= self.target(state) else None


FRAG_TARGET = FragTarget()
"""Base Frag's scoring rule (it holds nothing, so one serves every game)."""
