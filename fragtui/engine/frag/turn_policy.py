"""Whose turn it is in a game of Frag, and what each fighter has left of it: the rules ask, a policy answers.

Frag's rules (movement, combat, cards, leftovers) never read the turn record for who acts or what is left:
they ask the ruleset's `turn_policy` — who acts now, how many movement points and attacks a fighter has
left, whether he may attack now — and tell it what happened — points spent, an attack made, a card's extra
attack or movement, a fighter's turn begun, his actions started, his turn ended. The order of turns and what
a turn grants is the policy's alone, so a system with another turn structure supplies another policy and
keeps every Frag rule as it is: Real-Time Frag (J-RT-01..10: ten segments a turn, every fighter moving in
each, then attacking in initiative order, at most one attack a segment) is a policy, and combined with Frag
Deadlands it is the same policy held by Deadlands' rules (composition: `Core.turn_policy_type`), not a second
chain of subclasses.

`ClassicTurn` is the rulebook's turn (F-TURN-01, F-SETUP-03): one fighter at a time, turns passing clockwise
(in seat order), his movement rolled and his attacks counted when his phase 3 begins, what he does not use
lost when his turn ends (F-MOVE-01, F-ATK-01). It keeps one record, `FragTurn` in `FragState.turn`, exactly
as Frag always kept it, so a game's JSON, its hash, the determinism pins and every save are unchanged.

A policy keeps nothing of its own: everything it answers is in the game's state, so saves, undo and replays
need nothing from it, and a copy of the rules (a forecast's scratch table) may make a policy of its own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING

from fragtui.engine.frag.turn_record import FragTurn

if TYPE_CHECKING:
    from pydantic import BaseModel

    from fragtui.engine.frag.core import Core

__all__ = ["ClassicTurn", "TurnPolicy", "turn_policy_of"]


class TurnPolicy(ABC):
    """Who acts in a game of Frag and what each fighter has left of his turn: the questions Frag's rules ask
    and the news they report. Every question is abstract but `may_attack_now`, which
    follows from the attacks left.

    Made by the ruleset for itself (`Core.turn_policy_type(rules)`), it reads and writes only the rules'
    state. The seat a question names is the fighter asked about; a policy answers for any seat, not only the
    one acting (a decision out of turn asks too).
    """

    __slots__ = ("rules",)

    def __init__(self, rules: Core) -> None:
        self.rules = rules
        """The Frag ruleset whose turns this policy orders (its state is where the policy keeps everything)."""

    # -- the course of play ----------------------------------------------------------------------------

    def start_play(self, first: int) -> None:
        """Every fighter is placed (F-SETUP-03): play begins, with `first`'s turn in the classic one."""
        self.rules.begin_turn(first)

    def settle(self) -> None:
        """After every action, before the rules' own settling: a policy whose turn moves on by itself where
        nobody need answer (Real-Time Frag's segments) moves it on here. Nothing in the classic turn, whose
        every step is a player's action."""
        return

    def broken_promise(self) -> str | None:
        """Which of the turn's own invariants the state breaks (the random-game harness asks), or None: the
        classic turn's are Frag's (`FragRules.broken_promise`)."""
        return None

    def table(self, me: int | None) -> BaseModel | None:
        """What the policy shows `me` of its turn beyond Frag's view (`PlayerView.table`: Real-Time Frag's
        segment clock); None in the classic turn, whose view is Frag's own."""
        return None

    # -- who acts ------------------------------------------------------------------------------------

    @abstractmethod
    def active(self) -> int:
        """The fighter whose turn it is now, who decides when no decision is pending (the first of `acting`)."""

    @abstractmethod
    def acting(self) -> tuple[int, ...]:
        """Every fighter whose turn it is now, in the order they act: one in the classic turn."""

    @abstractmethod
    def is_acting(self, seat: int) -> bool:
        """Whether it is `seat`'s turn now (a fighter holding an attack may not open a shootout in his own)."""

    # -- a fighter's turn ----------------------------------------------------------------------------

    @abstractmethod
    def begin(self, seat: int) -> None:
        """`seat`'s turn begins: a new turn record, nothing left yet, nothing checked or picked up."""

    @abstractmethod
    def start_actions(self, seat: int, movement: int, attacks: int) -> None:
        """`seat`'s actions begin (phase 3): his movement roll gave `movement` points and he is due `attacks`
        attacks (his Attacks stat, less a stun's). The policy grants what its turn gives of them."""

    @abstractmethod
    def end(self, seat: int) -> int | None:
        """`seat`'s turn ends, what he did not use lost; whose turn begins next, None if none begins now."""

    @abstractmethod
    def record(self, seat: int) -> FragTurn:
        """The record of `seat`'s turn now: the power-ups and jump pads he checked, the counters he took, whether
        he may pick one up where he stands (F-PWR-02, F-FRAG-03/05, H-JUMP-01). Its movement and attacks are
        asked of the policy (`movement`, `attacks`), never read from it."""

    # -- movement ------------------------------------------------------------------------------------

    @abstractmethod
    def movement(self, seat: int) -> int:
        """The movement points `seat` has left now (F-MOVE-04)."""

    @abstractmethod
    def spend_movement(self, seat: int, points: int) -> None:
        """`seat` moved and paid `points` for it (F-MOVE-04, F-JUMP-04)."""

    @abstractmethod
    def give_movement(self, seat: int, points: int) -> None:
        """A card gives `seat` `points` more movement points (a card's `extra-movement` effect)."""

    @abstractmethod
    def count_movement(self, seat: int, points: int) -> None:
        """`seat`'s movement roll is counted again (a die added to it, D-FTR-06): it gives `points` now."""

    @abstractmethod
    def lose_movement(self, seat: int) -> None:
        """`seat` loses the rest of his movement (dragged into a tentacle beast's mouth, D-MAP-02)."""

    # -- attacks -------------------------------------------------------------------------------------

    @abstractmethod
    def attacks(self, seat: int) -> int:
        """The regular attacks `seat` has left now, made with any weapon (F-ATK-01)."""

    @abstractmethod
    def weapon_attacks(self, seat: int) -> Mapping[str, int]:
        """House rule H-ACC-01: the bonus attacks `seat` has left after his regular ones, by the weapon instance
        whose Accuracy grants them (how many more it may make); empty without the rule."""

    @abstractmethod
    def grant_weapon_attacks(self, seat: int, counts: Mapping[str, int]) -> None:
        """H-ACC-01: as `seat`'s actions begin, each weapon's bonus attacks are counted (`weapon_attacks`)."""

    def may_attack_now(self, seat: int) -> bool:
        """Whether `seat` has an attack of his turn he may make now: a regular one, or a weapon's bonus one.
        (Whether he may attack at all, whatever the turn, is the rules' `may_attack`: keep-away's flag.)"""
        return self.attacks(seat) > 0 or bool(self.weapon_attacks(seat))

    @abstractmethod
    def spend_attack(self, seat: int) -> None:
        """`seat` made one of his turn's attacks (or held it, D-SHOOT-01): a regular one while he has one,
        else the next of the weapons' bonus ones (each weapon's count goes down by one, H-ACC-01)."""

    @abstractmethod
    def give_attacks(self, seat: int, count: int) -> None:
        """A card gives `seat` `count` more attacks (a card's `extra-attack` effect)."""


class ClassicTurn(TurnPolicy):
    """The rulebook's turn (F-TURN-01): one fighter at a time, clockwise, keeping the one record `state.turn`.

    What a card gives a fighter out of his turn (more attacks, more movement) is lost, as Frag always had it:
    his own turn counts his afresh. Every question about what is left is answered from the one record, for
    any seat: a decision out of turn (a reaction, a bump) asks about the turn in progress, as Frag's rules
    always read it (the determinism pins ask `routes` of such a decider).
    """

    __slots__ = ()

    def active(self) -> int:
        return self.rules.state.turn.active

    def acting(self) -> tuple[int, ...]:
        return (self.rules.state.turn.active,)

    def is_acting(self, seat: int) -> bool:
        return self.rules.state.turn.active == seat

    def begin(self, seat: int) -> None:
        turn = self.rules.state.turn
        turn.number += 1
        turn.active = seat
        turn.movement = 0
        turn.attacks = 0
        turn.checked = []
        turn.piles_taken = []
        turn.squares_taken = []
        turn.may_pick_up = False

    def start_actions(self, seat: int, movement: int, attacks: int) -> None:
        turn = self.rules.state.turn
        turn.movement = movement
        turn.attacks = attacks

    def end(self, seat: int) -> int:
        """Unused movement is lost (F-MOVE-01), unused attacks too (F-ATK-01, H-ACC-01's with them); the next
        seat clockwise plays (F-SETUP-03)."""
        turn = self.rules.state.turn
        turn.weapon_attacks = {}
        turn.movement = 0
        turn.attacks = 0
        return (seat + 1) % len(self.rules.state.players)

    def record(self, seat: int) -> FragTurn:
        return self.rules.state.turn

    def movement(self, seat: int) -> int:
        return self.rules.state.turn.movement

    def spend_movement(self, seat: int, points: int) -> None:
        self.rules.state.turn.movement -= points

    def give_movement(self, seat: int, points: int) -> None:
        turn = self.rules.state.turn
        if turn.active == seat:
            turn.movement += points

    def count_movement(self, seat: int, points: int) -> None:
        self.rules.state.turn.movement = points

    def lose_movement(self, seat: int) -> None:
        turn = self.rules.state.turn
        if turn.active == seat:
            turn.movement = 0

    def attacks(self, seat: int) -> int:
        return self.rules.state.turn.attacks

    def weapon_attacks(self, seat: int) -> Mapping[str, int]:
        return self.rules.state.turn.weapon_attacks

    def grant_weapon_attacks(self, seat: int, counts: Mapping[str, int]) -> None:
        self.rules.state.turn.weapon_attacks = dict(counts)

    def may_attack_now(self, seat: int) -> bool:
        turn = self.rules.state.turn
        return turn.attacks > 0 or bool(turn.weapon_attacks)

    def spend_attack(self, seat: int) -> None:
        turn = self.rules.state.turn
        if turn.attacks > 0 or not turn.weapon_attacks:
            turn.attacks -= 1
        else:  # a bonus attack (H-ACC-01): the next one of every weapon's count is made
            turn.weapon_attacks = {w: n - 1 for w, n in turn.weapon_attacks.items() if n > 1}

    def give_attacks(self, seat: int, count: int) -> None:
        turn = self.rules.state.turn
        if turn.active == seat:
            turn.attacks += count


def turn_policy_of(rules: object) -> TurnPolicy:
    """The turn policy of `rules`, a Frag ruleset handed over as any system's (a scoring rule's `rules`)."""
    policy = getattr(rules, "turn_policy", None)
    assert isinstance(policy, TurnPolicy), f"a {type(rules).__name__} plays no Frag turn"
    return policy
