"""How a scenario of Ruthless is won: the scoring seam (`RuthlessRules.scoring`).

The seed ends a scenario when a side skedaddles (R-SKED-01) and leaves what a side must do to win to
the scenario. Ours, the showdown (ruling R-SKED-01): drive the other posses off. The scenario ends at the
end of a turn in which a posse skedaddled, or was wiped out (no model left standing), or at sundown
(the `sundown` option: the last turn). The winner is then, among the posses that did not skedaddle (all of
them if every one did), the one with the most models standing and not Lily Livered; a tie goes to the most
points of such models, then to the higher initiative card of the last turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fragtui.engine.ruthless.deck import strength
from fragtui.engine.ruthless.state import table_of
from fragtui.engine.scoring import ScoringRule
from fragtui.engine.state import GameState

if TYPE_CHECKING:
    from fragtui.engine.ruthless.table import RuthlessTable

__all__ = ["Showdown", "Strongbox"]


class Showdown(ScoringRule):
    """Drive the other posses off (ruling R-SKED-01)."""

    name = "showdown"
    mode = "showdown"
    over_words = "the showdown is over"
    """The scenario ended, as the status line and the log say it."""
    won_words = "wins the showdown"
    """What the winner did, when he did not carry the strongbox off (`Ann wins the showdown`)."""

    def target(self, state: GameState) -> int | None:
        """No score to reach: the scenario ends when a posse skedaddles."""
        return None

    def score_of(self, state: GameState, seat: int) -> int:
        """`seat`'s models standing and not Lily Livered: what decides the showdown first."""
        table = table_of(state)
        assert table is not None
        return sum(1 for model in table.models if model.owner == seat and not model.out_of_the_fight)

    def score_words(self, score: int) -> str:
        return f"{score} standing"

    def winner(self, state: GameState) -> int:
        """The posse that wins the showdown once it is over (see the module's docstring)."""
        table = table_of(state)
        assert table is not None
        seats = range(len(state.players))
        stayed = [seat for seat in seats if seat not in table.skedaddled] or list(seats)
        return max(stayed, key=lambda seat: self._standing(state, table, seat))

    def _standing(self, state: GameState, table: RuthlessTable, seat: int) -> tuple[int, ...]:
        points = sum(m.card.points for m in table.models if m.owner == seat and not m.out_of_the_fight)
        pick = table.last_picks[seat] if seat < len(table.last_picks) else None
        return self.score_of(state, seat), points, *(strength(pick) if pick else (0, 0))


class Strongbox(Showdown):
    """Carry the strongbox off the map (objectives.py); failing that, hold it when the showdown ends."""

    name = "strongbox"
    mode = "strongbox"
    over_words = "the fight for the strongbox is over"
    won_words = "wins the fight for the strongbox"

    def winner(self, state: GameState) -> int:
        """The posse that carried it off; else, among those still there, the one holding it, then the
        showdown's order."""
        table = table_of(state)
        assert table is not None
        if table.carried_off is not None:
            return table.carried_off
        return super().winner(state)

    def _standing(self, state: GameState, table: RuthlessTable, seat: int) -> tuple[int, ...]:
        holder = table.models[table.carrier].owner if table.carrier is not None else None
        return (1 if holder == seat else 0, *super()._standing(state, table, seat))
