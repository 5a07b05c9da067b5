"""Base Frag's pending decisions, each one class that says who decides, what he may do, what it does
and what it is called (see `fragtui.engine.decisions`).

Placing a fighter at set-up (F-SETUP-03), answering a hit (the reaction window, F-META-02), the last
chance at Health 0 (F-FRAG-01), choosing from a weapon pile (F-FRAG-05), rolling where a bumped fighter
lands (F-RESP-03) and discarding down at the end of a turn (F-CARD-03). Spending blood "at any time"
(ruling F-FRAG-04) is not a decision of its own: the ruleset offers it at each of these (`any_time`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from fragtui.engine.actions import Action, Discard, Pass
from fragtui.engine.decisions import Decision, DecisionKind, ResponseWindow, WindowPoint, register_decision
from fragtui.engine.frag.actions import ChooseWeapon, Place, PlayCard, Respawn, RollBump, SpendBlood
from fragtui.engine.view import register_view_part

if TYPE_CHECKING:
    from fragtui.engine.frag.rules import FragRules
    from fragtui.engine.geometry import Move
    from fragtui.engine.rulesets import Ruleset
    from fragtui.engine.view import PlayerView

__all__ = [
    "AttackContext",
    "Bump",
    "ChooseFromPile",
    "DiscardDown",
    "FragDecisionKind",
    "LastChance",
    "PlaceFighter",
    "React",
]

# Made once: offered at decision after decision, and an action is immutable.
_PASS = Pass()
_BUMP = RollBump()
_ROLL_FOR_POINT = Respawn()
"""Set-up placement by die roll (H-PLACE-01): the roll for a respawn point, as a respawn's."""
_BLOOD = SpendBlood()


def _frag(rules: Ruleset) -> FragRules:
    """The ruleset as Frag's (Frag's decisions are only ever pushed by Frag's rules or a subclass's)."""
    return cast("FragRules", rules)


class FragDecisionKind(DecisionKind):
    """The decisions of base Frag (their values are the `kind` of saved states)."""

    PLACE = "place"
    REACT = "react"
    LAST_CHANCE = "last_chance"
    CHOOSE_FROM_PILE = "choose_from_pile"
    BUMP = "bump"
    DISCARD_DOWN = "discard_down"


class AttackContext(BaseModel):
    """An attack that hit and waits for the target's reaction before damage is rolled."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    attacker: int
    """The attacking seat."""
    target: int
    """The seat hit."""
    weapon: str
    """`pistol` or the weapon's card instance."""
    damage: int
    """Damage dice, modifiers included."""
    extra: int
    """Extra damage printed on the weapon."""
    piercing: bool = False
    """The target's armor neither adds defence dice nor takes the damage."""
    whip: bool = Field(default=False, exclude_if=lambda whip: not whip)
    """A pistol whip (house rule H-WHIP-01): the weapon may break on the damage dice's 1s, and is never
    fired (no malfunction, none of its own on-hit effects). Left out of the JSON when False."""


register_view_part("hit", AttackContext)  # the hit a `react` decision waits on (`PlayerView.hit`), read back as one


@register_decision
class PlaceFighter(Decision):
    """Set-up: this player places his fighter on a free respawn point (F-SETUP-03)."""

    kind: Literal[FragDecisionKind.PLACE] = FragDecisionKind.PLACE

    label = "place"
    you = "place your fighter on a respawn point"
    they = "{name} places a fighter on a respawn point."
    must = "place their fighter on a free respawn point"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        """A free point of his choice; with the house rule H-PLACE-01, a roll for it (`Respawn()`)."""
        if _frag(rules).places_by_roll():
            return [_ROLL_FOR_POINT]
        return [Place(point=point) for point in _frag(rules).free_respawn_points()]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, Place):
            _frag(rules).place(seat, action.point)
            return True
        if isinstance(action, Respawn) and action.point is None:
            _frag(rules).place_by_roll(seat)
            return True
        return False


@register_decision
class React(ResponseWindow):
    """The target of a hit may play a reaction card before damage is rolled (F-META-02): Frag's
    window after a hit, answered by the target alone (`FragRules.responders`)."""

    kind: Literal[FragDecisionKind.REACT] = FragDecisionKind.REACT
    attack: AttackContext
    """The attack being resolved."""

    point = WindowPoint.AFTER_HIT
    label = "react"
    you = "you are hit: play a reaction card, or pass"
    they = "{name} is hit: a reaction card may be played before the damage roll (or pass)."
    must = "answer a hit (play a reaction card or pass)"

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        """The hit waiting for damage: public, declared and rolled for in front of everyone."""
        return {"hit": self.attack.model_copy()}

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        actions: list[Action] = [_PASS]
        actions.extend(PlayCard(card=card) for card in dict.fromkeys(_frag(rules).reaction_cards(self.player)))
        return actions

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, Pass):
            _frag(rules).react(seat, None)
            return True
        if isinstance(action, PlayCard):
            _frag(rules).react(seat, action.card)
            return True
        return False


@register_decision
class LastChance(Decision):
    """A fighter at Health 0 or less may cure himself with a card or blood before he is fragged (F-FRAG-01)."""

    kind: Literal[FragDecisionKind.LAST_CHANCE] = FragDecisionKind.LAST_CHANCE
    by: int | None
    """Who would score the frag; None for acid and other self-inflicted harm (F-WIN-01)."""
    cause: str
    """What did it, for the log (`Bob's shotgun`, `acid`)."""

    label = "last chance"
    you = "your Health is 0: a last chance to stay in the game"
    they = "{name}'s Health is 0 or less: a last chance before the frag."
    must = "cure their fighter at Health 0 or pass and be fragged"
    any_time = False  # blood only when it can save him (ruling F-FRAG-01), below

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        """The Health a cure must restore to keep him in the game (ruling F-FRAG-01)."""
        return {"cure_needed": _frag(rules).health_needed(self.player)}

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        frag = _frag(rules)
        seat = self.player
        actions: list[Action] = [_PASS]
        actions.extend(frag.cure_plays(seat, self.by))
        if frag.player(seat).blood > 0 and frag.can_be_cured(seat):  # only cures that can save him (F-FRAG-01)
            actions.append(_BLOOD)
        return actions

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        """Passing gives up (the frag follows); cards and blood go by their own rules."""
        if isinstance(action, Pass):
            _frag(rules).give_up(seat)
            return True
        return False

    @classmethod
    def prompt(cls, view: PlayerView) -> str:
        """The title says how much Health a cure must bring back, when the view tells."""
        if view.cure_needed is not None:
            needed = view.cure_needed
            return f"your Health is 0 or less: a cure must restore {needed} Health to keep you in the game"
        return cls.you


@register_decision
class ChooseFromPile(Decision):
    """A fighter picked up a weapon counter and chooses ONE weapon of the pile (F-FRAG-05)."""

    kind: Literal[FragDecisionKind.CHOOSE_FROM_PILE] = FragDecisionKind.CHOOSE_FROM_PILE
    counter: int
    """The weapon counter picked up."""

    label = "choose from pile"
    you = "choose one weapon from the pile"
    they = "{name} chooses a weapon from the pile."
    must = "choose one weapon from the pile"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        counter = _frag(rules).counter(self.counter)
        return [] if counter is None else [ChooseWeapon(card=card) for card in counter.cards]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, ChooseWeapon):
            _frag(rules).choose_from_pile(seat, action.card)
            return True
        return False


@register_decision
class Bump(Decision):
    """A bumped fighter must roll for the respawn point he is moved to (F-RESP-03)."""

    kind: Literal[FragDecisionKind.BUMP] = FragDecisionKind.BUMP
    by: int
    """The seat whose arrival bumped him."""

    label = "bump"
    you = "you were bumped: roll to see where you land"
    they = "{name} was bumped and rolls to see where their fighter lands."
    must = "roll for the respawn point they are bumped to"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return [_BUMP]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, RollBump):
            _frag(rules).roll_bump(seat)
            return True
        return False


@register_decision
class DiscardDown(Decision):
    """The turn is ending and the hand holds more than 5 cards: discard one at a time (F-CARD-03)."""

    kind: Literal[FragDecisionKind.DISCARD_DOWN] = FragDecisionKind.DISCARD_DOWN

    label = "discard down"
    you = "discard down to 5 cards"
    they = "{name} discards down to 5 cards."
    must = "discard down to 5 cards"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return [Discard(card=card) for card in dict.fromkeys(_frag(rules).player(self.player).hand)]

    @classmethod
    def prompt(cls, view: PlayerView) -> str:
        """The title names the decider's own hand limit (a Frag Deadlands Agency Operative's is 4, D-FTR-02)."""
        if view.decider is None:
            return cls.you
        return f"discard down to {view.fighters[view.decider].hand_limit} cards"

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, Discard):
            _frag(rules).discard_from_hand(seat, action.card)
            return True
        return False
