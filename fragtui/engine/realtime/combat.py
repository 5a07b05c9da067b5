"""The order of combat in a Real-Time Frag segment (J-RT-10): who may attack, in which order, who shoots first.

Frag lets a fighter make all his turn's attacks at once; Real-Time Frag spreads them out: "the same character
can make no more than one attack within a single segment", none in a segment in which he activates a Weapon
or Gadget card ("you can either choose to make an attack or to activate a card"), and the attacks of a
segment are made in initiative order, a target with the higher initiative having "the option to shoot
first". The attacks a turn allows (Accuracy / 2 rounded up, F-ATK-01) still bound the total. These pure
answers are what the ruleset's Combat step asks; seeing the target and reaching him are Frag's own checks.

Rulings (docs/rulings.md, J-RT-10): the attacks of a Combat step are announced together (a simultaneous
choice) and made in initiative order (`attack_order`). Before an attack is made, its target may answer first
(`may_answer_first`) if he comes before the attacker in the initiative order (ties broken, J-RT-02), still
may attack this segment (`CombatTally.may_attack`) and announced no attack of his own (one who did makes
it in his own place, and has no second one). The answer is an attack on the attacker, and it is the
target's one attack of the segment; an attacker it frags makes no attack.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field

from fragtui.engine.fighters import FighterId
from fragtui.engine.realtime.initiative import Initiative

__all__ = ["ATTACKS_PER_SEGMENT", "CombatTally", "attack_order", "may_answer_first"]

ATTACKS_PER_SEGMENT = 1
"""No more than one attack a segment, whatever the attacks a turn allows (J-RT-10)."""


class CombatTally(BaseModel):
    """What one fighter has done toward his attacks: in this segment, and what the turn has left him."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    attacks_left: int = Field(ge=0)
    """Attacks left in the turn: Accuracy / 2 rounded up when it began (F-ATK-01), less those made."""
    attacked: bool = False
    """He has made his attack in this segment (an answer to an attacker counts, J-RT-10)."""
    activated: bool = False
    """He activated a Weapon or Gadget card in this segment."""

    def attack_refusal(self) -> str | None:
        """Why he may not attack now (J-RT-10), or None if he may."""
        if self.activated:
            return "he activated a card this segment: an attack or a card, not both"
        if self.attacked:
            return f"he has made his attack this segment ({ATTACKS_PER_SEGMENT} a segment)"
        if self.attacks_left < 1:
            return "he has no attack left this turn"
        return None

    @property
    def may_attack(self) -> bool:
        """Whether he may attack now (J-RT-10)."""
        return self.attack_refusal() is None

    def activation_refusal(self) -> str | None:
        """Why he may not activate a Weapon or Gadget card now, or None: not in a segment he attacked in."""
        return "he attacked this segment: an attack or a card, not both" if self.attacked else None

    def with_attack(self) -> CombatTally:
        """The tally after he attacks: his attack of the segment made, one fewer left in the turn."""
        if not self.may_attack:
            raise ValueError(f"no attack now: {self.attack_refusal()}")
        return CombatTally(attacks_left=self.attacks_left - 1, attacked=True, activated=self.activated)

    def with_activation(self) -> CombatTally:
        """The tally after he activates a Weapon or Gadget card: no attack for him this segment."""
        refusal = self.activation_refusal()
        if refusal is not None:
            raise ValueError(refusal)
        return self.model_copy(update={"activated": True})

    def next_segment(self) -> CombatTally:
        """The tally as the next segment begins: its attack and its card free again, the turn's attacks kept."""
        return CombatTally(attacks_left=self.attacks_left)


def attack_order(attackers: Iterable[FighterId], initiative: Initiative) -> tuple[FighterId, ...]:
    """The fighters who announced attacks this segment, in the order the attacks are made (J-RT-10): by
    initiative, the first in the order first."""
    return tuple(sorted(set(attackers), key=initiative.rank))


def may_answer_first(
    target: FighterId,
    attacker: FighterId,
    initiative: Initiative,
    tally: CombatTally,
    *,
    announced: bool,
) -> bool:
    """Whether `target`, about to be attacked by `attacker`, may shoot first (J-RT-10).

    `tally` is the target's; `announced` whether he announced an attack of his own this segment. He may if
    his initiative is the higher (he comes first in the order, ties broken), he may still attack this
    segment, and he announced none (ruling J-RT-10).
    """
    return initiative.before(target, attacker) and tally.may_attack and not announced
