"""Scoring rules: the rules ask the ruleset's `ScoringRule` who has won, at every frag and turn end.

F-WIN-01: base Frag is won by the first to the frag target (`FragTarget`). Frag Tag's modes will
score at the same two moments (a frag, a turn's end); the sketches here show that the rules defer to
the scoring rule at both instead of comparing frags with the target themselves.
"""

from __future__ import annotations

import pytest

from fragtui.engine.board import Square
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.state import Phase
from fragtui.engine.game import Game
from fragtui.engine.scoring import FRAG_TARGET, FragTarget, Rules, ScoringRule
from fragtui.engine.state import GameState
from tests.conftest import game_from, kinds

DUEL = """
    dice = [6, 6, 6, 1, 1, 6, 6]
    phase = "action"
    frag_target = {target}
    [[fighter]]
    name = "Ann"
    at = "2,4"
    frags = {frags}
    [[fighter]]
    name = "Bob"
    at = "2,8"
"""
"""Ann's pistol hits Bob (6, 6 against his 6) for 2 dice of 6: Bob, at Health 2, is fragged after his
last chance (he passes)."""


class NoWinner(ScoringRule):
    """Scores nothing: nobody ever wins, however many frags."""


class Hill(ScoringRule):
    """King of the hill, sketched: whoever ends his turn on the hill wins."""

    name = "hill"

    def __init__(self, hill: Square) -> None:
        self.hill = hill

    def target(self, state: GameState) -> int:
        return 1

    def score_of(self, state: GameState, seat: int) -> int:
        return int(state.players[seat].square == self.hill)

    def on_turn_end(self, rules: Rules, seat: int) -> int | None:
        return seat if self.score_of(rules.state, seat) else None


def playing(game: Game, rule: ScoringRule) -> Game:
    """The same game, its ruleset scoring by `rule` (as a ruleset subclass overriding `scoring` would)."""

    class Scored(type(game.rules)):  # type: ignore[misc]
        def scoring(self) -> ScoringRule:
            return rule

    game.rules = Scored(game.state, game.board, game.cards)
    return game


def test_base_frag_scores_by_the_frag_target__F_WIN_01() -> None:
    """The rules' scoring rule is the frag target; its target is the configured one, its score the frags."""
    game = game_from(DUEL.format(target=5, frags=2))
    rule = game.rules.scoring()
    assert rule is FRAG_TARGET and isinstance(rule, FragTarget)
    assert rule.target(game.state) == 5
    assert [rule.score_of(game.state, seat) for seat in (0, 1)] == [2, 0]
    assert (rule.score_words(1), rule.score_words(5)) == ("1 frag", "5 frags")
    assert rule.on_frag(game.rules, 0, 1) is None  # 2 of 5: nobody has won
    game.state.players[0].frags = 5
    assert rule.on_frag(game.rules, 0, 1) == 0
    assert rule.on_turn_end(game.rules, 0) is None  # the frag target is reached by fragging, not by waiting


@pytest.mark.parametrize("target", [1, 3])
def test_the_frag_that_reaches_the_target_wins_at_once__F_WIN_01(target: int) -> None:
    """The winning frag ends the game: the Won event names the winner and his frags, nothing is drawn."""
    game = game_from(DUEL.format(target=target, frags=target - 1))
    events = game.play(["attack 1 pistol", "pass", "pass"])
    assert kinds(events)[-2:] == ["FragScored", "Won"]
    won = events[-1]
    frags = f"{target} frag{'s' * (target != 1)}"
    assert (won.text, won.player, won.amount) == (f"Ann wins with {frags}!", 0, target)
    assert game.state.winner == 0 and game.state.turn.phase is Phase.OVER and game.decider() is None


def test_the_rules_ask_the_scoring_rule_at_a_frag__F_WIN_01() -> None:
    """With a scoring rule that never declares a winner, the frag that reaches the frag target does not
    end the game: the rules no longer compare frags with the target themselves."""
    game = playing(game_from(DUEL.format(target=3, frags=2)), NoWinner())
    events = game.play(["attack 1 pistol", "pass", "pass"])
    assert game.state.players[0].frags == 3
    assert "Won" not in kinds(events) and kinds(events)[-1] == "CardDrawn"  # a special for the frag
    assert game.state.winner is None and game.decider() == 0


def test_a_scoring_rule_may_declare_the_winner_when_a_turn_ends() -> None:
    """A king of the hill: Bob ends his turn off the hill and play goes on; Ann ends hers on it and wins."""
    hill = Square(2, 4)
    game = playing(game_from(DUEL.format(target=3, frags=0).replace('phase = "action"', "")), Hill(hill))
    game.play(["roll"])
    events = game.play(["end"])
    assert kinds(events)[-2:] == ["TurnEnded", "Won"]
    assert events[-1].text == "Ann wins with 1 point!"
    assert game.state.winner == 0 and game.over and game.state.pending == []
    off_the_hill = playing(game_from(DUEL.format(target=3, frags=0).replace('at = "2,4"', 'at = "3,4"')), Hill(hill))
    events = off_the_hill.play(["end"])
    assert CommonEventKind.WON not in [e.kind for e in events] and off_the_hill.state.turn.active == 1
