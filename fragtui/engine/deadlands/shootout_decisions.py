"""The shootout as a pending decision (D-SHOOT-02): one window that asks the fighters holding an attack,
then the fighter they shoot at, and stays on the stack while the two exchange shots.

A fighter who passes directly in front of one holding an attack (`Shootouts.shootout_holders`) opens
the window after his step (`WindowPoint.AFTER_STEP`); its stages are:

1. `ASKED` — a holder, in seat order from the mover, opens a shootout (`Attack` on the mover, with a
   weapon he may declare that reaches) or lets him pass (`Pass`: the next holder is asked);
2. `ANSWER` — the mover declares the weapon he fires back with (`Attack` on the holder), or holds his
   fire (`Pass`); the Saloon Gal, who may not use the shootout rules (D-FTR-06), and a mover who could
   not attack the holder are never asked;
3. `FIRING` — the exchange, with no one to ask: Speed plus a card decide who fires first, then each
   attack runs through Frag's whole resolution (reactions, last chances, frags), which may push its
   own decisions on top. The rules go on with the exchange each time it is on top again
   (`Shootouts.settle`), so no one ever answers this stage.

This module imports only the kernel, so the view (`PlayerView.shootout`) can carry `ShootoutView`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, Self, cast

from pydantic import BaseModel, ConfigDict, Field

from fragtui.engine.actions import Pass
from fragtui.engine.board import Square
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.decisions import ResponseWindow, WindowContext, WindowPoint, register_decision
from fragtui.engine.frag.actions import Attack
from fragtui.engine.view import PlayerView, register_view_part

if TYPE_CHECKING:
    from fragtui.engine.actions import Action
    from fragtui.engine.deadlands.shootouts import Shootouts
    from fragtui.engine.geometry import Move
    from fragtui.engine.rulesets import Ruleset

__all__ = ["Shootout", "ShootoutStage", "ShootoutView"]

_PASS = Pass()


def _shootouts(rules: Ruleset) -> Shootouts:
    """The ruleset as the shootout rules' (a shootout is only ever opened by them)."""
    return cast("Shootouts", rules)


class ShootoutStage(StrEnum):
    """Where a shootout stands (the `stage` of its JSON)."""

    ASKED = "asked"
    """A fighter holding an attack is asked whether to open a shootout on the passing fighter."""
    ANSWER = "answer"
    """The passing fighter declares the weapon he fires back with, or holds his fire."""
    FIRING = "firing"
    """The two exchange shots; nobody is asked (the rules go on with it)."""


class ShootoutView(BaseModel):
    """A shootout as every seat may know it: who holds, who passes, what was declared (all in the open)."""

    model_config = ConfigDict(frozen=True)

    stage: ShootoutStage
    """Where it stands."""
    holder: int
    """The fighter with the held attack: asked now (`asked`) or who opened it."""
    mover: int
    """The fighter who passed in front of him."""
    weapon: str | None = None
    """The weapon the holder declared (`pistol` or a card instance), once he opened it."""
    answer: str | None = None
    """The weapon the mover fires back with, once declared; None while undeclared or when he holds his fire."""
    main_street: bool = False
    """Whether it is on Main Street (a frag in it gives the survivor a bonus Special, D-SHOOT-03)."""
    no_answer: str | None = None
    """While the holder is asked: why the mover could not fire back (the Saloon Gal, D-FTR-06; no weapon of
    his reaches), so the holder's shot would come with no roll for who fires first; None when he could."""


register_view_part("shootout", ShootoutView)  # a shootout as everyone sees it (`PlayerView.shootout`)


@register_decision
class Shootout(ResponseWindow):
    """A fighter passed directly in front of fighters holding an attack (D-SHOOT-01/02): they are asked in
    turn, and a shootout opened is fought out here (see the module's docstring)."""

    kind: Literal[DeadlandsDecisionKind.SHOOTOUT] = DeadlandsDecisionKind.SHOOTOUT
    mover: int
    """The fighter who passed in front of the holders (the active player, moving)."""
    square: Square
    """The square he entered: a holder further in the queue is asked only while he still stands there."""
    stage: ShootoutStage = ShootoutStage.ASKED
    """Where it stands."""
    holder: int | None = None
    """The holder who opened the shootout (from `answer` on; while asked, `player` is the holder)."""
    weapon: str | None = None
    """The holder's declared weapon."""
    answer: str | None = None
    """The mover's declared weapon; None: he holds his fire (or may not answer)."""
    order: list[int] = Field(default_factory=list)
    """While firing: who still fires, first first."""
    main_street: bool = False
    """Whether either fighter stood on Main Street when it opened (D-SHOOT-03)."""
    deaths: tuple[int, int] = (0, 0)
    """The holder's and the mover's frags suffered (`record.deaths`) when it opened: a frag in it is a rise."""

    point = WindowPoint.AFTER_STEP
    label = "shootout"
    you = "a fighter passes in front of you: open a shootout with your held attack, or let him pass"
    they = "{name} decides on a shootout."
    must = "decide on the shootout"

    @classmethod
    def open(cls, seats: list[int], context: WindowContext, **fields: Any) -> Self:
        """The holders to ask, in order, about the fighter who stepped into `context.square`."""
        assert context.square is not None
        return cls(player=seats[0], responders=seats[1:], mover=context.actor, square=context.square, **fields)

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        """The shootout: holder, mover and weapons are declared in front of everyone; while the holder is
        asked, whether the mover could fire back (public: his sheet, his weapons in play, the board)."""
        holder = self.player if self.holder is None else self.holder
        asked = self.stage is ShootoutStage.ASKED
        return {
            "shootout": ShootoutView(
                stage=self.stage,
                holder=holder,
                mover=self.mover,
                weapon=self.weapon,
                answer=self.answer,
                main_street=self.main_street,
                no_answer=_shootouts(rules).why_no_answer(holder, self.mover) if asked else None,
            )
        }

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        """Asked: open the shootout with any weapon that reaches the mover, or pass. Answering: fire back
        with any weapon that reaches the holder, or hold fire. Firing: nothing (nobody is asked)."""
        shootouts = _shootouts(rules)
        if self.stage is ShootoutStage.ASKED:
            weapons = shootouts.shootout_weapons(self.player, self.mover)
            return [_PASS, *(Attack(target=self.mover, weapon=w) for w in weapons)]
        if self.stage is ShootoutStage.ANSWER:
            assert self.holder is not None
            weapons = shootouts.shootout_weapons(self.mover, self.holder)
            return [_PASS, *(Attack(target=self.holder, weapon=w) for w in weapons)]
        return []

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        shootouts = _shootouts(rules)
        if self.stage is ShootoutStage.ASKED:
            if isinstance(action, Pass):
                shootouts.let_pass(self)
                return True
            if isinstance(action, Attack):
                shootouts.open_shootout(self, action.weapon)
                return True
        elif self.stage is ShootoutStage.ANSWER:
            if isinstance(action, Pass):
                shootouts.answer_shootout(self, None)
                return True
            if isinstance(action, Attack):
                shootouts.answer_shootout(self, action.weapon)
                return True
        return False

    @classmethod
    def prompt(cls, view: PlayerView) -> str:
        """Asked: who passes in front of you; answering: who opened the shootout on you."""
        shootout = view.shootout
        if shootout is None:
            return cls.you
        if shootout.stage is ShootoutStage.ANSWER:
            holder = view.fighters[shootout.holder].name
            return f"{holder} opens a shootout on you: fire back with a weapon, or hold your fire"
        mover = view.fighters[shootout.mover].name
        return f"{mover} passes in front of you: open a shootout with your held attack, or let them pass"
