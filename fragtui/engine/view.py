"""What one player may know: the only thing the interface shows a seat and the only thing a bot sees.

Hidden: the other players' hands (only their size shows, F-CARD-02), the order of every deck,
and the dice generator (its state would tell the future). Public: positions, Health, stats,
cards in play with their ammo and time left, blood counters, frags, counters on the board and the
weapons in their piles, discard piles, whose turn and decision it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from fragtui.engine.board import Square
from fragtui.engine.cards import TurnPart
from fragtui.engine.config import FighterDesign
from fragtui.engine.decisions import DecisionKind
from fragtui.engine.state import AttackContext, Counter, InPlay, LastChance, Phase, PlayerRecord, React, Status

if TYPE_CHECKING:
    from fragtui.engine.frag.rules import FragRules

__all__ = ["FighterView", "PlayerView", "view_of"]


class FighterView(BaseModel):
    """A player's record sheet as the viewer sees it."""

    model_config = ConfigDict(frozen=True)

    name: str
    """The player's name."""
    design: FighterDesign
    """Starting stats."""
    status: Status
    """On the board or not."""
    square: Square | None
    """Where the fighter stands."""
    health: int
    """Current Health."""
    max_health: int
    """Health when unhurt, armor included."""
    speed: int
    """Speed with the cards in play."""
    accuracy: int
    """Accuracy with the cards in play."""
    weapons: tuple[InPlay, ...]
    """Weapons in play, with ammo."""
    gadgets: tuple[InPlay, ...]
    """Gadgets in play."""
    specials: tuple[InPlay, ...]
    """Specials in play, with turns left."""
    blood: int
    """Blood counters on the record sheet."""
    frags: int
    """Frags scored."""
    skips: tuple[TurnPart, ...]
    """Parts of his next turn he will lose (lag, a dart)."""
    hand_size: int
    """Cards in hand (public)."""
    hand: tuple[str, ...] | None
    """The cards in hand: the viewer's own only, None for anyone else's."""
    record: PlayerRecord
    """Frags aside, the figures of his game so far (deaths, damage, shots, hits, power-ups):
    all of it happened in the open, so every seat may see it."""


class PlayerView(BaseModel):
    """The game as one seat (or a spectator, `me` None) may see it."""

    model_config = ConfigDict(frozen=True)

    me: int | None
    """The viewing seat."""
    fighters: tuple[FighterView, ...]
    """Every player, in seat order."""
    counters: tuple[Counter, ...]
    """Leftovers on the board (pile contents are public: they were in play)."""
    deck_sizes: dict[str, int]
    """Cards left in each draw pile, by deck name (their order is hidden)."""
    discards: dict[str, tuple[str, ...]]
    """The face-up discard piles, by deck name."""
    turn_number: int
    """Turns begun so far."""
    active: int
    """Whose turn it is."""
    phase: Phase
    """Which phase of it."""
    movement: int
    """The active player's movement points left."""
    attacks: int
    """The active player's attacks left."""
    decider: int | None
    """Who must decide now."""
    decision: DecisionKind | None
    """What the pending decision is (Frag's: `FragDecisionKind.REACT`, …), None in the normal flow of a
    turn; its words are its class's (`fragtui.engine.decisions.decision_class`)."""
    hit: AttackContext | None = None
    """During a `react` decision, the hit waiting for damage: who, with what, how many damage dice.
    Public: the attack was declared and its to-hit rolled in front of everyone."""
    cure_needed: int | None = None
    """During a `last_chance` decision: the Health the fighter must restore to stay in the game (1 at
    Health 0). Only cures that can together restore that much are offered (ruling F-FRAG-01): when his
    legal actions hold none, nothing he has can save him, and the dialog can say so."""
    frag_target: int
    """Frags that win."""
    winner: int | None
    """The winner, once there is one."""


def view_of(game: FragRules, me: int | None) -> PlayerView:
    state = game.state
    fighters = tuple(
        FighterView(
            name=p.name,
            design=p.design,
            status=p.status,
            square=p.square,
            health=game.health(seat),
            max_health=game.max_health(seat),
            speed=game.speed(seat),
            accuracy=game.accuracy(seat),
            weapons=tuple(e.model_copy() for e in p.weapons),
            gadgets=tuple(e.model_copy() for e in p.gadgets),
            specials=tuple(e.model_copy() for e in p.specials),
            blood=p.blood,
            frags=p.frags,
            skips=tuple(p.skips),
            hand_size=len(p.hand),
            hand=tuple(p.hand) if seat == me else None,
            record=p.record.model_copy(),
        )
        for seat, p in enumerate(state.players)
    )
    return PlayerView(
        me=me,
        fighters=fighters,
        counters=tuple(c.model_copy(deep=True) for c in state.counters),
        deck_sizes={deck: len(pile) for deck, pile in state.decks.draw.items()},
        discards={deck: tuple(pile) for deck, pile in state.decks.discard.items()},
        turn_number=state.turn.number,
        active=state.turn.active,
        phase=state.turn.phase,
        movement=state.turn.movement,
        attacks=state.turn.attacks,
        decider=game.decider(),
        decision=state.pending[-1].kind if state.pending else None,
        hit=state.pending[-1].attack.model_copy() if state.pending and isinstance(state.pending[-1], React) else None,
        cure_needed=(
            game.health_needed(state.pending[-1].player)
            if state.pending and isinstance(state.pending[-1], LastChance)
            else None
        ),
        frag_target=state.config.frag_target,
        winner=state.winner,
    )
