"""Worlds of Ruthless: a seat's view filled in to a whole state (see `fragtui.bots.worlds`).

Hidden in a game of Ruthless: the other posses' hands (their sizes are public), the order of the deck, the cards
picked face down for initiative before they are shown (R-SEQ-01), a card picked face down for fisticuffs before
the other player has picked (R-FIST-01), and the dice to come. The models, their wounds, ammunition and markers,
the discard pile and every card shown are in front of everyone.

A world is a new state built from the seat's view (the models, the hand sizes, the picks shown, the order, the
discards) and the table's public record (`RuthlessRecord`: the set-up, the turn, the decisions waiting with a
face-down fisticuffs card only as one, the activation's place, the last picks, the seats to discard), never a copy
of the true state. The 52 cards (`FULL_DECK`) less every card the view shows are the unseen ones; a world deals them
at random to the other hands (by their sizes), to the face-down picks (a seat the view says has picked), to the
face-down fisticuffs card, and into the deck. Whether the other player picked a card for fisticuffs or none at all
is public too, in the count: the unseen cards number one more than the places to put them exactly when he picked
one.
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fragtui.bots.ruthless.win_chance import READING
from fragtui.bots.worlds import NoWorld, register_sampler
from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet
from fragtui.engine.config import GameConfig
from fragtui.engine.decisions import Decision
from fragtui.engine.dice import Dice
from fragtui.engine.ruthless.deck import FULL_DECK
from fragtui.engine.ruthless.fisticuffs import Brawl
from fragtui.engine.ruthless.objectives import STRONGBOX
from fragtui.engine.ruthless.rules import RuthlessRules, model_seen
from fragtui.engine.ruthless.seen import RuthlessView
from fragtui.engine.ruthless.sequence import Phases
from fragtui.engine.ruthless.state import UNPLACED, RuthlessPlayer, RuthlessState, RuthlessTurn
from fragtui.engine.ruthless.table import Condition, Model, RuthlessTable
from fragtui.engine.state import GameState
from fragtui.engine.view import PlayerView

if TYPE_CHECKING:
    from fragtui.engine.game import Game

__all__ = ["RuthlessRecord", "RuthlessWorlds", "just_ended", "strength", "turn_end_value"]

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
LEARNED = True
"""Value a game that goes on by the posse's chance to win, fitted on self-play (`fragtui.bots.ruthless.win_chance`),
where its scenario has a fit; False: by the hand-made `strength` (the A/B's other arm)."""
EXACT_ROLLS = True
"""Value a position just after a turn's end by the exact odds of that turn end's skedaddle rolls (R-SKED-01:
`turn_end_value`), not by how the one roll of the rollout fell; False: as it fell (the A/B's other arm)."""


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


@dataclass(frozen=True)
class RuthlessRecord:
    """What the whole table of a Ruthless game knows that a seat's view does not spell out (see
    `fragtui.bots.worlds`): each field copied by name from the state, none of them a hand, the deck, a face-down card
    or the dice."""

    config: GameConfig
    """The set-up: posses, map, options."""
    first: int
    """The seat that went first."""
    turn: RuthlessTurn
    """Whose turn and which phase."""
    pending: tuple[Decision, ...]
    """The decisions waiting, as announced: a fisticuffs card picked face down by another seat shown only as one."""
    acting: int
    """Where in the turn's order of activation the activation is."""
    last_picks: tuple[str | None, ...]
    """The cards shown for initiative in the last turn."""
    discarding: tuple[int, ...]
    """The seats still to discard at the turn's end (R-SEQ-02)."""


def _table_of(**fields: object) -> RuthlessTable:
    """A table of `fields` (every field of `RuthlessTable`), not validated again: each is a model or a list the view
    and the record hold already checked, and validating every model's gunfighter card cost most of a world."""
    table: RuthlessTable = object.__new__(RuthlessTable)
    for name in RuthlessTable.__dataclass_fields__:
        setattr(table, name, fields[name])
    return table


class RuthlessWorlds:
    """The world sampler of Ruthless's states."""

    def record(self, state: GameState, seat: int) -> RuthlessRecord:
        """`state`'s public bookkeeping (`RuthlessRecord`), copied field by field."""
        assert isinstance(state, RuthlessState)
        table = _table(state)
        pending: list[Decision] = []
        for decision in state.pending:
            if isinstance(decision, Brawl):
                if _hidden_brawl(decision, table, seat):  # (a card lies face down: that one was picked is public)
                    decision = decision.model_copy(update={"cards": [None]})
            elif hasattr(decision, "cards"):
                raise NoWorld(f"the {decision.kind} decision holds cards this sampler does not know")
            pending.append(decision)
        record = RuthlessRecord(
            config=state.config,
            first=state.first,
            turn=state.turn,
            pending=tuple(pending),
            acting=table.acting,
            last_picks=tuple(table.last_picks),
            discarding=tuple(table.discarding),
        )
        copy: RuthlessRecord = pickle.loads(pickle.dumps(record, pickle.HIGHEST_PROTOCOL))  # (the game goes on)
        return copy

    def world_from_view(
        self, view: PlayerView, record: object, board: Board, cards: CardSet, rng: random.Random
    ) -> GameState:
        """A Ruthless state from `view` and `record`: the models, the discards, the picks shown and the order as the
        view shows them; the seat's hand; the other hands, the face-down picks, a face-down fisticuffs card and the
        deck dealt from the 52 cards less those the view shows; new dice."""
        assert isinstance(record, RuthlessRecord)
        seat = view.me
        seen = view.ruthless
        if seat is None or not isinstance(seen, RuthlessView):
            raise NoWorld("a spectator has no hand to imagine the others from")
        shown: set[str] = {*seen.hand, *seen.discard, *(card for card in seen.picks if card is not None)}
        pending = list(record.pending)
        hidden_brawls = [
            n for n, d in enumerate(pending) if isinstance(d, Brawl) and len(d.cards) == 1 and d.cards[0] is None
        ]
        for decision in pending:
            if isinstance(decision, Brawl):
                shown.update(card for card in decision.cards if card is not None)
        unseen = [card for card in FULL_DECK if card not in shown]
        rng.shuffle(unseen)
        face_down = [o for o in range(len(seen.picked)) if o != seat and seen.picked[o] and seen.picks[o] is None]
        places = sum(size for o, size in enumerate(seen.hand_sizes) if o != seat) + seen.deck_size + len(face_down)
        extra = len(unseen) - places
        if extra < 0 or extra > len(hidden_brawls):
            raise NoWorld(f"{len(unseen)} unseen cards for {places} places and {len(hidden_brawls)} face-down cards")
        for n in hidden_brawls[:extra]:
            pending[n] = pending[n].model_copy(update={"cards": [unseen.pop()]})
        picks = list(seen.picks)
        for other in face_down:
            picks[other] = unseen.pop()
        hands = [
            list(seen.hand) if other == seat else [unseen.pop() for _ in range(size)]
            for other, size in enumerate(seen.hand_sizes)
        ]
        table = _table_of(
            models=[model_seen(model) for model in seen.models],
            draw=unseen,
            discard=list(seen.discard),
            hands=hands,
            picks=picks,
            last_picks=list(record.last_picks),
            order=list(seen.order),
            acting=record.acting,
            bonus=list(seen.bonus),
            discarding=list(record.discarding),
            skedaddled=list(seen.skedaddled),
            turn_limit=seen.turn_limit,
            strongbox=seen.strongbox,
            carrier=seen.carrier,
            carried_off=seen.carried_off,
        )
        players = [
            RuthlessPlayer.model_construct(  # (every field given: a default factory costs pydantic a signature)
                name=fighter.name,
                design=fighter.design,
                status=UNPLACED,  # (a posse's seat never stands on the board itself)
                square=None,
                damage=0,
                hand=[],
                weapons=[],
                gadgets=[],
                specials=[],
                blood=0,
                frags=fighter.frags,
                skips={},
                record=fighter.record.model_copy(),
            )
            for fighter in view.fighters
        ]
        world = RuthlessState.model_construct(
            config=record.config,
            players=players,
            first=record.first,
            turn=record.turn,
            decks={"draw": {}, "discard": {}},  # (Ruthless's deck is its table's)
            counters=[],
            next_counter=1,
            plays=0,
            pending=pending,
            winner=view.winner,
            ruthless=table,
            dice=Dice(rng.getrandbits(63)).state,
        )
        return world  # (never played on: `World.game` plays a copy)

    def value(self, game: Game, seat: int) -> float:
        """1 won, -1 another won; just after a turn's end (with `EXACT_ROLLS`), the mean over that turn end's
        skedaddle rolls at their exact odds (`turn_end_value`); else `going_on`."""
        if EXACT_ROLLS:
            exact = turn_end_value(game, seat, self.going_on)
            if exact is not None:
                return exact
        state = game.state
        if state.winner is not None:
            return 1.0 if state.winner == seat else -1.0
        return self.going_on(game, seat)

    def going_on(self, game: Game, seat: int) -> float:
        """A game that goes on, for `seat`: with `LEARNED`, 2 × its chance to win from here as heuristic players
        would play on − 1 (`fragtui.bots.ruthless.win_chance`, where its scenario is fitted); else `strength`."""
        fit = READING.fit_for(game) if LEARNED else None
        if fit is not None:
            return READING.value(game, seat, fit)
        return strength(game, seat)


def strength(game: Game, seat: int) -> float:
    """A hand-made worth of a game that goes on, for `seat`: its posse's strength less the enemies' (models
    standing, wounds, lily livers, the unconscious), and the strongbox carried."""
    state = game.state
    table = _table(state)
    rivals = [_posse(table, other) for other in range(len(state.players)) if other != seat]
    worth = _posse(table, seat) - sum(rivals) / max(1, len(rivals))
    if table.carrier is not None:
        worth += BOX if table.models[table.carrier].owner == seat else -BOX
    return max(-0.99, min(0.99, worth))


def just_ended(game: Game) -> bool:
    """Whether `game` stands just after a turn's end and its skedaddle rolls (R-SKED-01): a new turn begun with no
    card picked yet, or the scenario over with the strongbox not carried off (a posse ran, was wiped out, or
    sundown came). Where a rollout that plays to a turn's end stops."""
    state = game.state
    table = _table(state)
    if state.turn.phase == Phases.OVER:
        return table.carried_off is None
    return state.turn.phase == Phases.INITIATIVE and state.turn.number > 1 and all(p is None for p in table.picks)


def turn_end_value(game: Game, seat: int, going_on: Callable[[Game, int], float]) -> float | None:
    """`game`, just after a turn's end (`just_ended`), valued for `seat` over every way that turn end's skedaddle
    rolls could have fallen, each at its exact chance (R-SKED-01: a posse runs on 1d10 at most its models out of
    the fight, surely once none is standing): those where a posse ran, or sundown came, by who wins the showdown then
    (1 or -1), the one where nobody ran by `going_on`. The roll's luck (a win or a loss on one die) is the largest
    in a rollout's value, and no action changes it but by the models it puts out of the fight. None when `game` is
    not just after a turn's end, or in a strongbox fought by three posses or more (a posse that runs leaves the field
    and the rest fight on: its models' leaving is not undone here)."""
    if not just_ended(game):
        return None
    state = game.state
    rules = game.rules
    assert isinstance(rules, RuthlessRules)
    seats = range(len(state.players))
    if state.config.options.get("scenario") == STRONGBOX and len(seats) > 2:
        return None
    table = _table(state)
    ended = state.turn.number if state.turn.phase == Phases.OVER else state.turn.number - 1
    sundown = bool(table.turn_limit) and ended >= table.turn_limit
    runs: list[float] = []
    for other in seats:
        models = [model for model in table.models if model.owner == other]
        out = sum(1 for model in models if rules.counts_to_run(model))
        runs.append(1.0 if not any(model.standing for model in models) else min(1.0, out / 10))
    kept, winner = list(table.skedaddled), state.winner
    total = 0.0
    try:
        for ran in itertools.product((False, True), repeat=len(runs)):
            chance = 1.0
            for other, running in enumerate(ran):
                chance *= runs[other] if running else 1.0 - runs[other]
            if chance <= 0.0:
                continue
            table.skedaddled = [other for other in seats if ran[other]]
            if table.skedaddled or sundown:
                total += chance * (1.0 if rules.scoring().winner(state) == seat else -1.0)
            else:
                state.winner = None
                total += chance * going_on(game, seat)
    finally:
        table.skedaddled, state.winner = kept, winner
    return total


register_sampler(RuthlessState, RuthlessWorlds())
