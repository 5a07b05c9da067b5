"""The decision the fighters' abilities add: the Saloon Gal's extra die (D-FTR-06).

Her "Cheatin'" lets her discard one card from hand to add one die to a roll. The rules open this
window right after each roll of hers it may change (`Abilities.may_add_a_die`, ruling D-FTR-06): her
movement roll (`WindowPoint.AFTER_ROLL`, counted already and counted again), and her attack's to-hit
roll, or the defence or damage roll of an attack she makes or takes (`WindowPoint.AFTER_ATTACK_ROLL`,
not counted yet: the window's `close` counts them, so the attack goes on where it stopped).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, Self, cast

from fragtui.engine.actions import Action, Pass
from fragtui.engine.deadlands.actions import Cheat
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.decisions import ResponseWindow, WindowContext, WindowPoint, register_decision
from fragtui.engine.dice import Roll
from fragtui.engine.frag.decisions import AttackContext

if TYPE_CHECKING:
    from fragtui.engine.deadlands.abilities import Abilities
    from fragtui.engine.geometry import Move
    from fragtui.engine.rulesets import Ruleset
    from fragtui.engine.view import PlayerView

__all__ = ["ExtraDie", "RolledFor"]

_PASS = Pass()


class RolledFor(StrEnum):
    """Which roll an extra die is offered after: it says how the rules go on once it is answered."""

    MOVEMENT = "movement"
    """Her roll for movement (phase 2): the points are counted again with the die added."""
    TO_HIT = "to_hit"
    """Her to-hit roll, not yet compared with the range."""
    DAMAGE = "damage"
    """The defence and damage rolls of a hit she made (her damage dice) or took (her defence dice)."""


@register_decision
class ExtraDie(ResponseWindow):
    """The Saloon Gal may discard one card from hand to add one die to the roll she just made (her
    "Cheatin'", D-FTR-06), or pass; either way the roll then counts. One die per roll (ruling D-FTR-06)."""

    kind: Literal[DeadlandsDecisionKind.EXTRA_DIE] = DeadlandsDecisionKind.EXTRA_DIE
    rolled_for: RolledFor
    """Which roll it is (movement, to-hit, or an attack's defence and damage)."""
    context: WindowContext
    """What was rolled: the roller (`actor`), the attack's target and weapon, the roll (the damage dice
    after a hit) and, after a hit, the defence roll."""
    attack: AttackContext | None = None
    """After a hit: the attack whose damage waits for the rolls to count."""

    point = WindowPoint.AFTER_ROLL
    label = "extra die"
    you = "Cheatin': discard a card to add one die to your roll, or pass"
    they = "{name} may discard a card to add one die to her roll (Cheatin')."
    must = "add a die to her roll (discard a card) or pass"

    @classmethod
    def open(cls, seats: list[int], context: WindowContext, **fields: Any) -> Self:
        """After a movement roll (no target), a to-hit roll (a target, no attack yet) or an attack's
        damage roll (the attack given, with its defence roll)."""
        attack = fields.get("attack")
        if attack is not None:
            rolled_for = RolledFor.DAMAGE
        elif context.target is not None:
            rolled_for = RolledFor.TO_HIT
        else:
            rolled_for = RolledFor.MOVEMENT
        return cls(player=seats[0], responders=seats[1:], rolled_for=rolled_for, context=context, attack=attack)

    def hers(self) -> Roll:
        """The roll the die would be added to: the decider's own (her defence dice when she was hit)."""
        context = self.context
        if self.rolled_for is RolledFor.DAMAGE and self.player == context.target:
            assert context.defence is not None
            return context.defence
        assert context.roll is not None
        return context.roll

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        """The roll she may add a die to: rolled in front of everyone."""
        return {"rolled": self.hers()}

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        hand = dict.fromkeys(_abilities(rules).player(self.player).hand)
        return [_PASS, *(Cheat(cards=(card,)) for card in hand)]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, Cheat):
            _abilities(rules).add_a_die(self, seat, action.cards[0])
            return True
        return super().resolve(rules, seat, action, move)

    def close(self, rules: Ruleset) -> None:
        """She passed: the roll counts as it was."""
        _abilities(rules).count_roll(self, self.hers())

    @classmethod
    def prompt(cls, view: PlayerView) -> str:
        """The title names the roll and its total, when the view tells."""
        if view.rolled is not None:
            return f"Cheatin': discard a card to add one die to your roll ({view.rolled}), or pass"
        return cls.you


def _abilities(rules: Ruleset) -> Abilities:
    """The ruleset as the fighters' (this window is only ever opened by `Abilities` or a part above it)."""
    return cast("Abilities", rules)
