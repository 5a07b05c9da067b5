"""Worlds of Ruthless: a seat's view filled in to a whole state (see `fragtui.bots.worlds`).

Hidden in a game of Ruthless: the other posses' hands (their sizes are public), the order of the deck, the cards
picked face down for initiative before they are shown (R-SEQ-01), a card picked face down for fisticuffs before
the other player has picked (R-FIST-01), and the dice to come. The models, their wounds, ammunition and markers,
the discard pile and every card shown are in front of everyone.

The 52 cards (`FULL_DECK`) less every card the view shows are the unseen ones; a world deals them at random to the
other hands (by their sizes), to the face-down picks (a seat the view says has picked), to the face-down fisticuffs
card, and into the deck. Whether the other player picked a card for fisticuffs or none at all is public too, in
the count: the unseen cards number one more than the places to put them exactly when he picked one.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from fragtui.bots.worlds import NoWorld, clone_state, register_sampler
from fragtui.engine.cards import CardSet
from fragtui.engine.dice import Dice
from fragtui.engine.ruthless.deck import FULL_DECK
from fragtui.engine.ruthless.fisticuffs import Brawl
from fragtui.engine.ruthless.sequence import Phases
from fragtui.engine.ruthless.state import RuthlessState
from fragtui.engine.ruthless.table import Condition, Model, RuthlessTable
from fragtui.engine.state import GameState
from fragtui.engine.view import PlayerView

if TYPE_CHECKING:
    from fragtui.engine.game import Game

__all__ = ["RuthlessWorlds"]

_BLANK_SEED = 0
"""The seed of a blank's dice: the true generator is wiped before anything is dealt."""
WOUND = 0.08
"""What each box crossed off costs a model still in the fight."""
SHAKEN = 0.4
"""What a Lily Livered model is worth (he does not fight until he gets his courage up, R-TOUGH-01)."""
TIPPED = 0.4
"""What an unconscious model is worth (he may come round, R-UNC-01)."""
BOX = 0.3
"""What carrying the strongbox is worth (R-SKED-01's scenario), against the enemy carrying it."""


def _strength(model: Model) -> float:
    """A model's share of his posse's strength: 1 standing unhurt, less for wounds, a lily liver, being out cold."""
    if model.condition is Condition.STANDING:
        worth = SHAKEN if model.markers.lily_livered else 1.0
    elif model.condition is Condition.UNCONSCIOUS:
        worth = TIPPED
    else:
        return 0.0
    return max(0.0, worth - WOUND * sum(model.wounds.values()))


def _posse(table: RuthlessTable, seat: int) -> float:
    """A posse's strength, as a share of its models at full strength (0 once it skedaddled)."""
    if seat in table.skedaddled:
        return 0.0
    models = [model for model in table.models if model.owner == seat]
    return sum(_strength(model) for model in models) / max(1, len(models))


def _table(state: GameState) -> RuthlessTable:
    assert isinstance(state, RuthlessState) and state.ruthless is not None, "not a game of Ruthless set up"
    return state.ruthless


def _hidden_brawl(brawl: Brawl, table: RuthlessTable, seat: int) -> bool:
    """Whether the one card picked so far in `brawl` is another seat's (face down to `seat`)."""
    if len(brawl.cards) != 1:
        return False
    mover = table.models[brawl.attacker].owner
    defender = table.models[brawl.defender].owner
    first = defender if brawl.defender_first else mover
    return first != seat


class RuthlessWorlds:
    """The world sampler of Ruthless's states."""

    def blank(self, state: GameState, seat: int) -> GameState:
        """`state` with the other hands, the deck, the face-down picks and the dice wiped."""
        for decision in state.pending:
            if hasattr(decision, "cards") and not isinstance(decision, Brawl):
                raise NoWorld(f"the {decision.kind} decision holds cards this sampler does not know")
        blank = clone_state(state)
        table = _table(blank)
        for other, hand in enumerate(table.hands):
            if other != seat:
                hand.clear()
        table.draw.clear()
        revealed = bool(table.order) and blank.turn.phase != Phases.INITIATIVE  # (as the view shows the picks)
        if not revealed:
            table.picks = [card if other == seat else None for other, card in enumerate(table.picks)]
        for decision in blank.pending:
            if isinstance(decision, Brawl) and _hidden_brawl(decision, table, seat):
                decision.cards = [None]
        blank.dice = Dice(_BLANK_SEED).state
        return blank

    def deal(self, blank: GameState, view: PlayerView, cards: CardSet, rng: random.Random) -> GameState:
        """The unseen cards dealt to the other hands, the face-down picks and the deck; new dice."""
        seat = view.me
        seen = view.ruthless
        if seat is None or seen is None:
            raise NoWorld("a spectator has no hand to imagine the others from")
        table = _table(blank)
        shown: set[str] = {*seen.hand, *seen.discard, *(card for card in seen.picks if card is not None)}
        brawls = [d for d in blank.pending if isinstance(d, Brawl)]
        for brawl in brawls:
            if not _hidden_brawl(brawl, table, seat):
                shown.update(card for card in brawl.cards if card is not None)
        unseen = [card for card in FULL_DECK if card not in shown]
        rng.shuffle(unseen)
        face_down = [o for o in range(len(seen.picked)) if o != seat and seen.picked[o] and seen.picks[o] is None]
        hidden_brawls = [b for b in brawls if _hidden_brawl(b, table, seat)]
        places = sum(size for o, size in enumerate(seen.hand_sizes) if o != seat) + seen.deck_size + len(face_down)
        extra = len(unseen) - places
        if extra < 0 or extra > len(hidden_brawls):
            raise NoWorld(f"{len(unseen)} unseen cards for {places} places and {len(hidden_brawls)} face-down cards")
        for brawl in hidden_brawls[:extra]:
            brawl.cards = [unseen.pop()]
        for other in face_down:
            table.picks[other] = unseen.pop()
        for other, size in enumerate(seen.hand_sizes):
            if other != seat:
                table.hands[other] = [unseen.pop() for _ in range(size)]
        table.draw = unseen
        blank.dice = Dice(rng.getrandbits(63)).state
        return blank

    def value(self, game: Game, seat: int) -> float:
        """1 won, -1 another won; else its posse's strength less the enemies' (models standing, wounds, lily
        livers, the unconscious), and the strongbox carried."""
        state = game.state
        if state.winner is not None:
            return 1.0 if state.winner == seat else -1.0
        table = _table(state)
        rivals = [_posse(table, other) for other in range(len(state.players)) if other != seat]
        worth = _posse(table, seat) - sum(rivals) / max(1, len(rivals))
        if table.carrier is not None:
            worth += BOX if table.models[table.carrier].owner == seat else -BOX
        return max(-0.99, min(0.99, worth))


register_sampler(RuthlessState, RuthlessWorlds())
