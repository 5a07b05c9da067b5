"""The decisions of the map and respawn house rules (H-PWR-01): a generic power-up square whose roll
gives the player his choice of card.

The rule itself is `Moving.enter` (the roll) and `Moving.choose_power_up` (the card); this module only
says who decides, what he may do and what it is called (see `fragtui.engine.decisions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast

from fragtui.engine.actions import Action
from fragtui.engine.cards import GADGETS_DECK, WEAPONS_DECK
from fragtui.engine.decisions import Decision, DecisionKind, register_decision
from fragtui.engine.frag.actions import DrawFrom

if TYPE_CHECKING:
    from fragtui.engine.frag.rules import FragRules
    from fragtui.engine.geometry import Move
    from fragtui.engine.rulesets import Ruleset

__all__ = ["ChoosePowerUp", "MapHouseDecisionKind"]

POWER_UP_CHOICES = (WEAPONS_DECK.name, GADGETS_DECK.name)
"""The decks a generic power-up lets the player choose from: a weapon or a gadget (H-PWR-01)."""


class MapHouseDecisionKind(DecisionKind):
    """The decisions of the map house rules (their values are the `kind` of saved states)."""

    CHOOSE_POWER_UP = "choose_power_up"


@register_decision
class ChoosePowerUp(Decision):
    """A generic power-up square's roll gave the player his choice: a weapon or a gadget (H-PWR-01)."""

    kind: Literal[MapHouseDecisionKind.CHOOSE_POWER_UP] = MapHouseDecisionKind.CHOOSE_POWER_UP

    label = "choose power-up"
    you = "the power-up is yours to choose: draw a weapon or a gadget"
    they = "{name} chooses a weapon or a gadget from the power-up."
    must = "choose a weapon or a gadget from the power-up"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return [DrawFrom(deck=deck) for deck in POWER_UP_CHOICES]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, DrawFrom) and action.deck in POWER_UP_CHOICES:
            cast("FragRules", rules).choose_power_up(seat, action.deck)
            return True
        return False
