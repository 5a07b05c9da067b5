"""The decision in front of a bot, gathered once: its view, its legal actions sorted by kind, and
what it remembers of its own turn.

The heuristic bot asks many small questions of one decision ("may I pick up here?", "which
cards may I play?"); gathering the answers once keeps each of them cheap, which matters when a
decision must take milliseconds (the goal is p99 under 20 ms on the largest map).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from fragtui.bots.frag_window import FragWindow
from fragtui.bots.map_sense import MapSense
from fragtui.bots.objective import Goals, score
from fragtui.bots.tactics import arsenal, threat
from fragtui.bots.weights import DEFAULT_WEIGHTS, Weights
from fragtui.engine.actions import Action, EndTurn, Hop, Jump, Step
from fragtui.engine.board import Square
from fragtui.engine.cards import CardDef
from fragtui.engine.frag.actions import Attack, PickUp, PlayCard, SpendBlood
from fragtui.engine.frag.state import Status
from fragtui.engine.frag.view import FighterView, WeaponView, sheets_of
from fragtui.engine.view import PlayerView

__all__ = ["Memory", "Situation"]

_END = EndTurn()
_BLOOD = SpendBlood()
"""Ending the turn and spending blood: made once (asked at every decision, whether legal worked out once each)."""


@dataclass
class Memory:
    """What a bot remembers of its own current turn: things the view does not show it."""

    turn: int = -1
    """The turn these memories belong to (a new turn forgets them)."""
    entered: set[Square] = field(default_factory=set)
    """Squares its fighter stood on this turn: a power-up there has been checked (F-PWR-02)."""
    piles: set[int] = field(default_factory=set)
    """Weapon counters it took a weapon from this turn (one per pile per turn, F-FRAG-05)."""
    picked: set[Square] = field(default_factory=set)
    """Squares it picked a counter up from this turn (one counter per square per turn, F-FRAG-03)."""
    plan: object | None = None
    """The movement it is carrying out (`fragtui.bots.planner.Plan`)."""
    hexes: bool = False
    """It has been offered a hex to play (Frag Deadlands, D-CARD-02): its fighter may play them. Kept
    from turn to turn: the view does not say who may."""
    ordered: tuple[int, int] | None = None
    """Real-Time Frag: the (turn, segment) whose Movement orders it has given (they are secret: the view does
    not show them), so that it holds after its one order of a segment (`fragtui.bots.realtime`)."""

    def begin(self, turn: int) -> None:
        """Forget the last turn when a new one has begun."""
        if turn != self.turn:
            self.turn = turn
            self.entered.clear()
            self.piles.clear()
            self.picked.clear()
            self.plan = None


@dataclass
class Situation:
    """One decision of one seat: its window, view, legal actions and memory."""

    window: FragWindow
    """The seat's window on the game (a plain `BotWindow` given is seen as Frag's: `FragWindow.of`)."""
    view: PlayerView
    """What the seat knows now."""
    legal: Sequence[Action]
    """The legal actions, in the engine's order."""
    sense: MapSense
    """The map, studied."""
    memory: Memory
    """The seat's memories of this turn."""
    goals: Goals | None = None
    """What the game's mode asks of the fighter now (`fragtui.bots.objective`); None in a game played for
    frags, or for a bot that ignores the mode (it then plays Frag)."""
    weights: Weights = DEFAULT_WEIGHTS
    """What the bot weighs its choices by (`fragtui.bots.weights`)."""
    _arsenals: dict[int, list[WeaponView]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.window = FragWindow.of(self.window)

    @property
    def seat(self) -> int:
        return self.window.seat

    @property
    def me(self) -> FighterView:
        return sheets_of(self.view)[self.window.seat]

    @property
    def hand(self) -> tuple[str, ...]:
        return self.me.hand or ()

    def card(self, instance: str) -> CardDef:
        return self.window.card(instance)

    @cached_property
    def legal_set(self) -> frozenset[Action]:
        return frozenset(self.legal)

    def allows(self, action: Action) -> bool:
        return action in self.legal_set

    @cached_property
    def plays(self) -> list[PlayCard]:
        return [a for a in self.legal if isinstance(a, PlayCard)]

    @cached_property
    def attacks(self) -> list[Attack]:
        return [a for a in self.legal if isinstance(a, Attack)]

    @cached_property
    def moves(self) -> list[Action]:
        return [a for a in self.legal if isinstance(a, Step | Jump | Hop)]

    @cached_property
    def pick_ups(self) -> list[PickUp]:
        return [a for a in self.legal if isinstance(a, PickUp)]

    @cached_property
    def end(self) -> EndTurn | None:
        return _END if _END in self.legal_set else None

    @cached_property
    def blood(self) -> SpendBlood | None:
        return _BLOOD if _BLOOD in self.legal_set else None

    @property
    def hurt(self) -> int:
        """Health lost (armor's share is lost with the armor and not restored)."""
        return max(0, self.me.max_health - self.me.health)

    @cached_property
    def rivals(self) -> list[int]:
        """The other fighters on the board who may be attacked."""
        return [
            seat
            for seat, fighter in enumerate(self.view.fighters)
            if seat != self.seat
            and fighter.square is not None
            and fighter.status is Status.IN_PLAY
            and not fighter.markers.hanged  # on the gallows: no one may attack him until his turn (D-GAL-01)
        ]

    def prey(self, seat: int) -> float:
        """How much a shot at `seat` is worth to the mode, as a multiple of its worth in Frag."""
        return 1.0 if self.goals is None else self.goals.weight(seat)

    def score(self, seat: int) -> int:
        """`seat`'s score in what the game is won by, as the bot plays it (frags unless it plays a mode)."""
        return score(self.view, seat, aware=self.goals is not None)

    def arsenal(self, seat: int) -> list[WeaponView]:
        """The weapons `seat` could fire now (`tactics.arsenal`), worked out once per decision."""
        guns = self._arsenals.get(seat)
        if guns is None:
            guns = self._arsenals[seat] = arsenal(self.view, seat)
        return guns

    def threat(self, rival: int, at: Square, health: int | None = None) -> float:
        """What `rival` could do to this seat's fighter on `at` (`tactics.threat`)."""
        health = self.me.health if health is None else health
        return threat(self.view.fighters[rival], self.arsenal(rival), at, health, self.weights.frag_worth)

    @cached_property
    def occupied(self) -> frozenset[Square]:
        """Squares other fighters stand on: he may pass, never stop there (F-MOVE-03)."""
        return frozenset(f.square for s, f in enumerate(self.view.fighters) if s != self.seat and f.square is not None)
