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

A decision that keeps a secret of its own (`Decision.private_details`: the Deadlands poker draw, whose hidden
hands it holds), and the keep after it (the shown poker cards still lie in their owners' hands), give no world:
those moments of the set-up are answered by the heuristic bot.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from fragtui.bots.worlds import NoWorld, clone_state, register_sampler
from fragtui.engine.cards import CardSet
from fragtui.engine.decisions import Decision
from fragtui.engine.dice import Dice
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.frag.state import FragState
from fragtui.engine.state import GameState, Status
from fragtui.engine.view import PlayerView

if TYPE_CHECKING:
    from fragtui.engine.game import Game

__all__ = ["FragWorlds"]

_BLANK_SEED = 0
"""The seed of a blank's dice: the true generator is wiped before anything is dealt."""
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
"""What each card held or in play is worth."""


class FragWorlds:
    """The world sampler of Frag's states (`FragState`: Frag, Frag Deadlands and every Frag Tag mode)."""

    def blank(self, state: GameState, seat: int) -> GameState:
        """`state` with the other hands, the draw piles and the dice wiped (their sizes stay in the view)."""
        for decision in state.pending:
            if type(decision).private_details is not Decision.private_details:
                raise NoWorld(f"the {decision.kind} decision keeps secrets of its own")
        blank = clone_state(state)
        for other, player in enumerate(blank.players):
            if other != seat:
                player.hand = []
        for pile in blank.decks.draw.values():
            pile.clear()
        blank.dice = Dice(_BLANK_SEED).state
        return blank

    def deal(self, blank: GameState, view: PlayerView, cards: CardSet, rng: random.Random) -> GameState:
        """The other hands and the draw piles dealt from the cards `view` does not show; new dice."""
        seat = view.me
        if seat is None:
            raise NoWorld("a spectator has no hand to imagine the others from")
        if view.poker is not None:  # (the poker cards lie in their owners' hands, shown or not: set-up, unsearched)
            raise NoWorld("the first-player poker draw is on")
        seen: set[str] = set(view.fighters[seat].hand or ())
        for fighter in view.fighters:
            for entry in (*fighter.weapons, *fighter.gadgets, *fighter.specials):
                seen.add(entry.card)
        for counter in view.counters:
            seen.update(counter.cards)
        for pile in view.discards.values():
            seen.update(pile)
        in_hands: list[str] = []
        draw = blank.decks.draw
        for deck, size in view.deck_sizes.items():
            unseen = [card for card in cards.instances(deck) if card not in seen]
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
        dealt = 0
        for other, size in enumerate(sizes):
            if other != seat:
                blank.players[other].hand = in_hands[dealt : dealt + size]
                dealt += size
        blank.dice = Dice(rng.getrandbits(63)).state
        return blank

    def value(self, game: Game, seat: int) -> float:
        """1 won, -1 another won; else the score's lead over the best rival and over the rivals' mean (in targets:
        frags, or a Frag Tag mode's points, by the game's own scoring rule), the fighter's Health against the rivals',
        and his cards."""
        state = game.state
        if state.winner is not None:
            return 1.0 if state.winner == seat else -1.0
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
        worth += CARD * (len(player.hand) + len(player.weapons) + len(player.gadgets))
        return max(-0.99, min(0.99, worth))


register_sampler(FragState, FragWorlds())
