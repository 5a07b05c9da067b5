"""The gallows decision: whoever hangs a fragged fighter chooses the gallows square he hangs on (D-GAL-01).

Pushed by `Western.frag` when the frag was hard enough (the blow took at least twice the Health the
victim had left) or the victim is the Indian Brave (D-FTR-07), and at least one gallows square is free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast

from pydantic import Field

from fragtui.engine.actions import Action, Pass
from fragtui.engine.deadlands.actions import ChooseSquare
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.decisions import Decision, register_decision

if TYPE_CHECKING:
    from fragtui.engine.deadlands.western import Western
    from fragtui.engine.geometry import Move
    from fragtui.engine.rulesets import Ruleset
    from fragtui.engine.view import PlayerView

__all__ = ["Gallows"]

_PASS = Pass()


def _western(rules: Ruleset) -> Western:
    """The ruleset as the Western part's (a gallows decision is only ever pushed by it or a subclass)."""
    return cast("Western", rules)


@register_decision
class Gallows(Decision):
    """The fighter who fragged `victim` chooses the free gallows square he hangs on (D-GAL-01); for the
    Indian Brave fragged without a hard blow, he may spare him instead (`optional`, D-FTR-07)."""

    kind: Literal[DeadlandsDecisionKind.GALLOWS] = DeadlandsDecisionKind.GALLOWS
    victim: int
    """The fragged fighter to be hanged."""
    optional: bool = Field(default=False, exclude_if=lambda value: not value)
    """Whether the decider may spare him (pass): the Indian Brave's drawback says whoever frags him *may*
    hang him (D-FTR-07); a blow of at least twice his Health left sends anyone to the gallows (D-GAL-01)."""

    label = "gallows"
    you = "choose the gallows square to hang the fighter you fragged on"
    they = "{name} chooses the gallows square to hang a fragged fighter on."
    must = "choose the gallows square for the fighter they fragged"

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        """Who is being hanged: public, as the frag was."""
        return {"hanging": self.victim}

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        """Every free gallows square; passing too when he may spare the victim."""
        actions: list[Action] = [ChooseSquare(to=square) for square in _western(rules).free_gallows()]
        if self.optional:
            actions.append(_PASS)
        return actions

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, ChooseSquare):
            _western(rules).hang(self.victim, action.to, seat)
            return True
        if isinstance(action, Pass):
            _western(rules).spare(self.victim, seat)
            return True
        return False

    @classmethod
    def prompt(cls, view: PlayerView) -> str:
        """The title names the fighter to be hanged, when the view tells."""
        if view.hanging is not None:
            return f"choose the gallows square to hang {view.fighters[view.hanging].name} on"
        return cls.you
