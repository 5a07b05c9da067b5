"""The decisions of a Real-Time Frag turn: what the players are asked, and when (J-RT-01..10).

The turn policy (`fragtui.engine.realtime.turn.RealTimeTurn`) moves the turn on by itself whenever nobody
need answer, and pushes one of these when someone must: a fragged fighter's respawn in the pre-turn
(`RespawnRoll`, J-RT-01), a segment's Movement orders (`MovementOrders`, a simultaneous choice: every fighter
orders his moves in secret, J-RT-04..08), a pick-up in the Power-ups step (`PickUpStep`), the attacks of a
Combat step (`CombatOrders`, a simultaneous choice, J-RT-10), a target's chance to shoot first
(`AnswerFirst`, J-RT-10), and the hand limit at the turn's end (`HandLimit`, F-CARD-03). Each says who decides,
what he may do and what it is called; what it does is the policy's, which the decision asks. Frag's own
decisions (a reaction to a hit, a last chance, a pile of weapons) are pushed on top of them by Frag's rules
as ever, and the turn goes on when they are answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from fragtui.engine.actions import Action, Discard, Pass
from fragtui.engine.choices import SimultaneousChoice
from fragtui.engine.decisions import Decision, DecisionKind, register_decision
from fragtui.engine.frag.actions import Attack, DropFlag, PickUp, PlayCard, Respawn, TakeFlag
from fragtui.engine.frag.state import frag_state
from fragtui.engine.realtime.movement import Footing, Order, may_order
from fragtui.engine.realtime.state import put

if TYPE_CHECKING:
    from fragtui.engine.geometry import Move
    from fragtui.engine.realtime.turn import RealTimeTurn
    from fragtui.engine.rulesets import Ruleset

__all__ = [
    "AnswerFirst",
    "CombatOrders",
    "HandLimit",
    "MovementOrders",
    "PickUpStep",
    "RealTimeDecisionKind",
    "RespawnRoll",
]

_PASS = Pass()


def _policy(rules: Ruleset) -> RealTimeTurn:
    """The game's Real-Time turn policy (these decisions are only ever pushed by it, so by Frag's rules: no check
    of `turn_policy_of`, asked at every order)."""
    policy: RealTimeTurn = rules.turn_policy  # type: ignore[attr-defined]  # (no `cast`: a call, at every order)
    return policy


def _without(rules: Ruleset, decision: Decision) -> None:
    """Take `decision` off the stack, wherever it is (the top, unless an answer pushed another)."""
    pending = rules.state.pending
    for index in range(len(pending) - 1, -1, -1):
        if pending[index] is decision:
            del pending[index]
            return


class RealTimeDecisionKind(DecisionKind):
    """The decisions of Real-Time Frag (their values are the `kind` of saved states)."""

    RESPAWN = "rt-respawn"
    ORDERS = "rt-orders"
    PICK_UP = "rt-pick-up"
    ATTACKS = "rt-attacks"
    ANSWER = "rt-answer"
    HAND_LIMIT = "rt-hand-limit"


@register_decision
class RespawnRoll(Decision):
    """Pre-turn: a fragged fighter draws a Weapon and a Gadget and rolls (or, a card letting him, chooses) his
    respawn point (J-RT-01)."""

    kind: Literal[RealTimeDecisionKind.RESPAWN] = RealTimeDecisionKind.RESPAWN

    label = "respawn"
    you = "respawn: draw a weapon and a gadget, and roll for your respawn point"
    they = "{name} respawns."
    must = "respawn"
    any_time = False  # (off the board: no blood to spend)

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return _policy(rules).respawn_options(self.player)

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, Respawn):
            _without(rules, self)
            _policy(rules).respawn(seat, action.point)
            return True
        return False


@register_decision
class MovementOrders(Decision, SimultaneousChoice):
    """A segment's Movement step: every fighter in it orders his moves in secret, one order at a time (a turn,
    a step, a jump, a hop) until he holds (`pass`) or has nothing left to order; when the last is done they are
    carried out together (J-RT-04..08; the clashes, ruling J-RT-06). `player` is the first still ordering."""

    kind: Literal[RealTimeDecisionKind.ORDERS] = RealTimeDecisionKind.ORDERS
    ordering: list[int]
    """The fighters in the step, in initiative order."""
    opened: dict[int, Footing]
    """Each one's footing as the segment opened (his points for it, a jump in the air landed or paid)."""
    footings: dict[int, Footing]
    """Each one's footing as his orders so far leave it (secret to him until all are in)."""
    orders: dict[int, list[Order]] = Field(default_factory=dict)
    """Each one's orders so far, in order (secret to him until all are in)."""
    done: list[int] = Field(default_factory=list)
    """The fighters who have finished ordering."""

    clocked: ClassVar[bool] = True
    """A segment clock (`fragtui serve --segment-seconds`) runs on it: whoever has not answered in time passes."""
    label = "movement orders"
    you = "order your moves for this segment (pass to hold)"
    they = "{name} orders their moves for this segment."
    must = "order their moves for this segment"
    any_time = False
    what: ClassVar[str] = "their moves for this segment"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return list(self.options(rules, self.player))

    def seats(self, rules: Ruleset) -> list[int]:
        return self.ordering

    def has_chosen(self, rules: Ruleset, seat: int) -> bool:
        return seat in self.done

    def waiting(self, rules: Ruleset) -> list[int]:
        """The fighters still ordering, in initiative order (the kernel's answer, asked after every order)."""
        done = self.done
        return [seat for seat in self.ordering if seat not in done]

    def options(self, rules: Ruleset, seat: int) -> tuple[Action, ...]:
        """His orders from where his orders so far leave him, and holding (`pass`: no more this segment). A tuple:
        the game's legal actions take it as it is (`LegalActions.of`), not copied again (every order)."""
        policy: RealTimeTurn = rules.turn_policy  # type: ignore[attr-defined]  # (`_policy`, without a call: each order)
        return (*policy.orders_from(seat, self.footings[seat]), _PASS)

    def choose(self, rules: Ruleset, seat: int, action: Action) -> None:
        """The order is noted, secretly; he is done when he holds or has nothing more he may order."""
        policy: RealTimeTurn = rules.turn_policy  # type: ignore[attr-defined]  # (`_policy`, without a call: each order)
        policy.unchanged()
        if isinstance(action, Pass):
            self.done.append(seat)
        else:
            order: Order = action  # type: ignore[assignment]  # (an order: the legal actions here are orders or pass)
            footing = policy.follow(seat, self.footings[seat], order)
            self.footings[seat] = footing
            self.orders.setdefault(seat, []).append(order)
            if not may_order(footing):  # (his orders from there are made when he is asked for them)
                self.done.append(seat)
        waiting = self.waiting(rules)
        if waiting:
            put(self, "player", waiting[0])

    def reveal(self, rules: Ruleset) -> None:
        """Everyone has ordered: the moves are carried out together."""
        _without(rules, self)
        _policy(rules).carry_out_orders(self)


@register_decision
class PickUpStep(Decision):
    """The Power-ups step: a fighter who entered a square this segment may take what lies there, as in Frag (a
    counter, F-FRAG-03; keep-away's flag, J-TAG-03), or leave it."""

    kind: Literal[RealTimeDecisionKind.PICK_UP] = RealTimeDecisionKind.PICK_UP

    clocked: ClassVar[bool] = True
    """A segment clock (`fragtui serve --segment-seconds`) runs on it: whoever has not answered in time passes."""
    label = "pick up"
    you = "pick up what lies here, or pass"
    they = "{name} may pick up what lies in their square."
    must = "pick up or pass"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return [*_policy(rules).pick_ups(self.player), _PASS]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, PickUp | TakeFlag | Pass):
            _without(rules, self)
            _policy(rules).pick_up(seat, action)
            return True
        return False


@register_decision
class CombatOrders(Decision, SimultaneousChoice):
    """A segment's Combat step: every fighter in it announces, in secret, one attack, one card played or the
    flag put down, or holds fire (`pass`); when all are in they are made in initiative order, a target with the
    higher initiative offered to shoot first (J-RT-10). `player` is the first still choosing."""

    kind: Literal[RealTimeDecisionKind.ATTACKS] = RealTimeDecisionKind.ATTACKS
    fighting: list[int]
    """The fighters in the step, in initiative order."""
    chosen: dict[int, Action] = Field(default_factory=dict)
    """What each has announced (secret until all are in)."""

    clocked: ClassVar[bool] = True
    """A segment clock (`fragtui serve --segment-seconds`) runs on it: whoever has not answered in time passes."""
    label = "combat"
    you = "announce your attack for this segment (or a card; pass to hold fire)"
    they = "{name} announces an attack for this segment."
    must = "announce an attack or hold fire"
    any_time = False
    what: ClassVar[str] = "their attacks for this segment"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return self.options(rules, self.player)

    def seats(self, rules: Ruleset) -> list[int]:
        return self.fighting

    def has_chosen(self, rules: Ruleset, seat: int) -> bool:
        return seat in self.chosen

    def waiting(self, rules: Ruleset) -> list[int]:
        """The fighters still to announce, in initiative order (the kernel's answer, asked after every one)."""
        chosen = self.chosen
        return [seat for seat in self.fighting if seat not in chosen]

    def options(self, rules: Ruleset, seat: int) -> list[Action]:
        return [*_policy(rules).announcements(self, seat), _PASS]

    def choose(self, rules: Ruleset, seat: int, action: Action) -> None:
        _policy(rules).unchanged()
        self.chosen[seat] = action
        waiting = self.waiting(rules)
        if waiting:
            self.player = waiting[0]

    def reveal(self, rules: Ruleset) -> None:
        """Everyone has announced: the announcements are shown, and made in initiative order."""
        _without(rules, self)
        _policy(rules).announce(self)


@register_decision
class AnswerFirst(Decision):
    """J-RT-10: `attacker` is about to attack this fighter, who has the higher initiative and announced no
    attack of his own: he may shoot first (his one attack of the segment), or let the attack come."""

    kind: Literal[RealTimeDecisionKind.ANSWER] = RealTimeDecisionKind.ANSWER
    attacker: int
    """The fighter about to attack him."""

    clocked: ClassVar[bool] = True
    """A segment clock (`fragtui serve --segment-seconds`) runs on it: whoever has not answered in time passes."""
    label = "shoot first"
    you = "you are about to be attacked: shoot first, or pass"
    they = "{name} may shoot first."
    must = "shoot first or pass"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return [*_policy(rules).answers(self.player, self.attacker), _PASS]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, Attack | Pass):
            _without(rules, self)
            _policy(rules).answer(seat, self.attacker, action)
            return True
        return False


@register_decision
class HandLimit(Decision):
    """The Real-Time turn is ending and his hand holds more than his limit: he discards one at a time
    (F-CARD-03), every fighter at the same turn's end."""

    kind: Literal[RealTimeDecisionKind.HAND_LIMIT] = RealTimeDecisionKind.HAND_LIMIT

    label = "discard down"
    you = "discard down to your hand limit"
    they = "{name} discards down to their hand limit."
    must = "discard down to their hand limit"
    any_time = False

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return [Discard(card=card) for card in dict.fromkeys(frag_state(rules.state).players[self.player].hand)]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, Discard):
            if _policy(rules).discard(seat, action.card):
                _without(rules, self)
            return True
        return False


ANNOUNCED_KINDS: tuple[type, ...] = (Attack, PlayCard, DropFlag)
"""What a Combat step's announcement may be besides holding fire."""
