"""Worlds of Frag and Frag Deadlands: a seat's view filled in to a whole state (see `fragtui.bots.worlds`).

Hidden in a game of Frag (F-CARD-02): the other players' hands (their sizes are public), the order of every draw
pile, and the dice to come. Everything else — the fighters, the cards in play, the counters and the weapon piles on
the board, the discard piles, the turn and the decision waiting — is in front of everyone.

The cards a seat cannot see are, deck by deck, the deck's cards less every card the view shows (its own hand, the
cards in play, the discards, the piles on the board). Each deck's draw pile holds as many of them as the view says;
the rest are in the other hands. So the number of each deck's cards among the other hands is known exactly, and a
world draws which ones at random, deals them among the other hands by their sizes, and shuffles the rest into the
draw pile. It is the uniform guess: the bot does not yet read a hand from the cards its owner played or the
decks he drew from (docs/bots.md, "What the strong bot still misjudges").

A world is a new state built from the seat's view and the table's public record (`FragRecord`: the set-up, who
went first, the turn record, the decisions waiting, the lost turn parts' stamps, the counter and play stamps), never
a copy of the true state: the record sheets, the cards in play, the counters and the discards are the view's, each
fighter's damage is found again from the Health his sheet shows (`_wounds`).

A decision that keeps a secret of its own (`Decision.private_details`: the Deadlands poker draw, whose hidden
hands it holds), and the keep after it (the shown poker cards still lie in their owners' hands), give no world:
those moments of the set-up are answered by the heuristic bot.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fragtui.bots.card_sense import card_value
from fragtui.bots.win_chance import fit_for
from fragtui.bots.win_chance import value as win_value
from fragtui.bots.worlds import NoWorld, register_sampler
from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet, TurnPart
from fragtui.engine.config import GameConfig
from fragtui.engine.decisions import Decision
from fragtui.engine.dice import Dice
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.frag.state import Decks, FragState, FragTurn, Objective, PlayerState, Status, frag_state
from fragtui.engine.realtime.state import RealTime
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.state import GameState
from fragtui.engine.view import PlayerView

if TYPE_CHECKING:
    from fragtui.engine.game import Game

__all__ = ["FragRecord", "FragWorlds"]

_BLANK_SEED = 0
"""The seed of a blank's dice: the true generator is wiped before anything is dealt."""
LEARNED = True
"""Value an unfinished rollout by the seat's chance to win as heuristic players would play on
(`fragtui.bots.win_chance`, fitted on self-play); False: by the hand-made sum (`summed`: `LEAD`, `PACK`, `HEALTH`,
`RIVAL_HEALTH`, `CARD`), the A/B's other arm. In the bench's Frag games 0-199 at the same time a decision, the
learned value to this turn's end won 61 where the sum to the next player's turn's end won 46, the heuristic in the
same seats 52 (docs/bots.md, "A value learned from games")."""
LEAD = 0.5
"""What a score ahead of the best rival's is worth, in targets (a whole target's lead: half a win)."""
PACK = 0.2
"""What a score ahead of the rivals' mean is worth, in targets (the leader is not the only one to fear)."""
HEALTH = 0.15
"""What the fighter's Health is worth, as a share of his maximum (0 while fragged or out of play)."""
RIVAL_HEALTH = 0.15
"""What the rivals' Health is worth against it, as the mean share of their maximum (0 while fragged or out of play):
without it a shot that hurts but does not frag would be worth nothing within a rollout's horizon."""
CARD = 0.02
"""What each card held or in play is worth, when cards are counted (`CARD_WORTH` None)."""
CARD_WORTH: float | None = None
"""What each card held is worth per unit of the heuristic's own worth of it in hand (`card_sense.card_value`: a
3-dice weapon with plenty of ammo is about 1); None (the default): every card `CARD` alike. Measured at 0.04 with a
round's horizon (docs/bots.md, "Why its changed answers do not win"): its changes were worth no more win chance than
the default's, so it is left off; a knob for the next round's A/B runs."""
IN_PLAY_WORTH = 0.8
"""A card in play (a weapon, a lasting gadget such as armor) as a share of its worth in hand: a weapon in play is
lost when its fighter is fragged (F-FRAG-05). A timed card in play (one that leaves play after so many turns) is
worth nothing more: it is being spent, as a once-card played is gone."""


@dataclass(frozen=True)
class FragRecord:
    """What the whole table of a Frag game knows that a seat's view does not spell out (see
    `fragtui.bots.worlds`): each field copied by name from the state, none of them a hand, a draw pile or the dice."""

    config: GameConfig
    """The set-up: seats, fighters, map, options, frag target."""
    first: int
    """The seat that took the first turn."""
    turn: FragTurn
    """The turn record: movement and attacks left, the squares checked and the counters picked up this turn."""
    pending: tuple[Decision, ...]
    """The decisions waiting, as announced (none keeps a secret: such a moment gives no record)."""
    objective: Objective | None
    """A Frag Tag mode's state ("it", points, the flag, the hill)."""
    realtime: RealTime | None
    """Real-Time Frag's turn."""
    skips: tuple[dict[TurnPart, int], ...]
    """Each seat's lost turn parts, with when they struck (the view names the parts)."""
    next_counter: int
    """The id the next counter gets."""
    plays: int
    """Cards played so far (the play stamps)."""


class FragWorlds:
    """The world sampler of Frag's states (`FragState`: Frag, Frag Deadlands and every Frag Tag mode)."""

    def record(self, state: GameState, seat: int) -> FragRecord:
        """`state`'s public bookkeeping (`FragRecord`), copied field by field."""
        assert isinstance(state, FragState)
        for decision in state.pending:
            if type(decision).private_details is not Decision.private_details:
                raise NoWorld(f"the {decision.kind} decision keeps secrets of its own")
        record = FragRecord(
            config=state.config,
            first=state.first,
            turn=state.turn,
            pending=tuple(state.pending),
            objective=state.objective,
            realtime=state.realtime,
            skips=tuple(player.skips for player in state.players),
            next_counter=state.next_counter,
            plays=state.plays,
        )
        copy: FragRecord = pickle.loads(pickle.dumps(record, pickle.HIGHEST_PROTOCOL))  # (the game goes on: a copy)
        return copy

    def world_from_view(
        self, view: PlayerView, record: object, board: Board, cards: CardSet, rng: random.Random
    ) -> GameState:
        """A Frag state from `view` and `record`: the record sheets, the cards in play, the counters and the
        discards as the view shows them; the seat's hand; the other hands and the draw piles dealt from the cards
        the view does not show; new dice."""
        assert isinstance(record, FragRecord)
        seat = view.me
        if seat is None:
            raise NoWorld("a spectator has no hand to imagine the others from")
        if view.poker is not None:  # (the poker cards lie in their owners' hands, shown or not: set-up, unsearched)
            raise NoWorld("the first-player poker draw is on")
        hands, draw = _deal(view, record.config, cards, rng)
        players = [
            PlayerState.model_construct(
                name=fighter.name,
                design=fighter.design,
                status=fighter.status,
                square=fighter.square,
                damage=0,
                hand=hands[other],
                weapons=list(fighter.weapons),
                gadgets=list(fighter.gadgets),
                specials=list(fighter.specials),
                blood=fighter.blood,
                frags=fighter.frags,
                skips=dict(record.skips[other]),
                record=fighter.record,
                markers=fighter.markers,
            )
            for other, fighter in enumerate(view.fighters)
        ]
        world = FragState.model_construct(
            config=record.config,
            players=players,
            first=record.first,
            turn=record.turn,
            decks=Decks.model_construct(draw=draw, discard={deck: list(pile) for deck, pile in view.discards.items()}),
            counters=list(view.counters),
            next_counter=record.next_counter,
            plays=record.plays,
            pending=list(record.pending),
            winner=view.winner,
            objective=record.objective,
            realtime=record.realtime,
            dice=Dice(rng.getrandbits(63)).state,
        )
        _wounds(world, view, board, cards)
        return world  # (never played on: `World.game` plays a copy)

    def value(self, game: Game, seat: int) -> float:
        """1 won, -1 another won; else, with `LEARNED`, 2 × the seat's chance to win from here as heuristic players
        would play on (`fragtui.bots.win_chance`) − 1; without, `summed`."""
        state = frag_state(game.state)
        if state.winner is not None:
            return 1.0 if state.winner == seat else -1.0
        fit = fit_for(game) if LEARNED else None
        if fit is not None:
            return win_value(game, seat, fit)
        return summed(game, seat)


def summed(game: Game, seat: int) -> float:
    """A hand-made worth of an unfinished game for `seat` (the value before the learned one, kept for A/B runs):
    the score's lead over the best rival and over the rivals' mean (in targets: frags, or a Frag Tag mode's points,
    by the game's own scoring rule), the fighter's Health against the rivals', and his cards."""
    state = frag_state(game.state)
    rules = game.rules
    assert isinstance(rules, FragRules)
    scoring = rules.scoring()
    target = max(1, scoring.target(state) or 1)
    scores = [scoring.score_of(state, other) for other in range(len(state.players))]
    rivals = [score for other, score in enumerate(scores) if other != seat]
    own = scores[seat]
    worth = LEAD * (own - max(rivals, default=0)) / target
    worth += PACK * (own - sum(rivals) / max(1, len(rivals))) / target
    shares = [
        rules.health(other) / max(1, rules.max_health(other)) if player.status is Status.IN_PLAY else 0.0
        for other, player in enumerate(state.players)
    ]
    worth += HEALTH * shares[seat]
    worth -= RIVAL_HEALTH * sum(share for other, share in enumerate(shares) if other != seat) / max(1, len(rivals))
    player = state.players[seat]
    if CARD_WORTH is None:
        worth += CARD * (len(player.hand) + len(player.weapons) + len(player.gadgets))
    else:
        cards = game.cards
        held = sum(card_value(cards[card]) for card in player.hand)
        shown = sum(
            card_value(cards[entry.card]) for entry in (*player.weapons, *player.gadgets) if entry.turns_left is None
        )
        worth += CARD_WORTH * (held + IN_PLAY_WORTH * shown)
    return max(-0.99, min(0.99, worth))


def _deal(
    view: PlayerView, config: GameConfig, cards: CardSet, rng: random.Random
) -> tuple[list[list[str]], dict[str, list[str]]]:
    """Every seat's hand (the viewer's as the view shows it, the others' drawn) and every draw pile (shuffled), from
    the cards the view does not show, deck by deck: each pile gets as many as the view says, the rest go to the
    other hands by their sizes. The cards of a deck are those the rules shuffle into it (`FragRules.plays_card`:
    not the jokers with the Frag Deadlands cards shuffled into Frag's, D-CARD-06)."""
    seat = view.me
    assert seat is not None
    own = list(view.fighters[seat].hand or ())
    seen: set[str] = set(own)
    for fighter in view.fighters:
        for entry in (*fighter.weapons, *fighter.gadgets, *fighter.specials):
            seen.add(entry.card)
    for counter in view.counters:
        seen.update(counter.cards)
    for pile in view.discards.values():
        seen.update(pile)
    in_hands: list[str] = []
    draw: dict[str, list[str]] = {}
    for deck, size in view.deck_sizes.items():
        unseen = [card for card in _shuffled_in(config, cards, deck) if card not in seen]
        held = len(unseen) - size
        if held < 0:
            raise NoWorld(f"the {deck} deck: {size} to draw but only {len(unseen)} cards unseen")
        chosen = set(rng.sample(unseen, held))
        in_hands.extend(card for card in unseen if card in chosen)
        rest = [card for card in unseen if card not in chosen]
        rng.shuffle(rest)
        draw[deck] = rest
    sizes = [0 if other == seat else fighter.hand_size for other, fighter in enumerate(view.fighters)]
    if sum(sizes) != len(in_hands):
        raise NoWorld(f"the other hands hold {sum(sizes)} cards, {len(in_hands)} are unseen beyond the decks")
    rng.shuffle(in_hands)
    hands: list[list[str]] = []
    dealt = 0
    for other, size in enumerate(sizes):
        hands.append(own if other == seat else in_hands[dealt : dealt + size])
        dealt += size
    return hands, draw


_SHUFFLED_IN: dict[tuple[int, int, str], tuple[GameConfig, CardSet, tuple[str, ...]]] = {}
"""`_shuffled_in`'s answers, by the ids of the configuration and the card set (kept beside them, so a new object at
an old id is not mistaken) and the deck."""


def _shuffled_in(config: GameConfig, cards: CardSet, deck: str) -> tuple[str, ...]:
    """The card instances of `deck` the rules shuffle into it (`FragRules.plays_card`: not the jokers with the Frag
    Deadlands cards shuffled into Frag's, D-CARD-06), in the card set's order: the same for every world of a
    decision (its record's configuration), worked out once."""
    key = (id(config), id(cards), deck)
    known = _SHUFFLED_IN.get(key)
    if known is None or known[0] is not config or known[1] is not cards:
        rules = find_ruleset(config.ruleset)
        plays = rules.plays_card if issubclass(rules, FragRules) else None
        instances = tuple(card for card in cards.instances(deck) if plays is None or plays(config, cards[card]))
        if len(_SHUFFLED_IN) >= 64:
            _SHUFFLED_IN.clear()
        known = _SHUFFLED_IN[key] = (config, cards, instances)
    return known[2]


def _wounds(world: FragState, view: PlayerView, board: Board, cards: CardSet) -> None:
    """Each fighter's damage, found from the Health his record sheet shows: the rules' own Health of the world's
    fighter (cards in play, armor, house rules) with no damage, less the Health shown."""
    rules = find_ruleset(world.config.ruleset)(world, board, cards)
    assert isinstance(rules, FragRules)
    for other, fighter in enumerate(view.fighters):
        whole = rules.health(other)
        player = world.players[other]
        player.damage = whole - fighter.health
        if rules.health(other) != fighter.health:  # (past the armor: the armor's bonus no longer counts)
            player.damage = whole - rules.armor_bonus(other) - fighter.health
        if rules.health(other) != fighter.health:
            raise NoWorld(f"seat {other}'s Health {fighter.health} cannot be found again")


register_sampler(FragState, FragWorlds())
