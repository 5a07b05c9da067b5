"""The heuristic bot's answers to Frag Deadlands' decisions and to its new kinds of action.

The bot knows a decision by its kind (`DeadlandsDecisionKind`) and an action by its type
(`DrawFrom`, `Keep`, `ChooseSquare`, `Cheat`, `HoldAttack`); it never asks which ruleset or which
fighter it plays. What it may do comes from the legal actions, what it knows from the view, so a
fighter whose ability is not on offer simply never sees the action.

- the first-player poker draw (D-CARD-04): draw from the deck whose cards it would most like to keep
  (the ranks are a lottery whatever the deck), then keep the card worth most in hand;
- a joker drawn in play (D-CARD-03): the deck it wants a card from most;
- the gallows (D-GAL-01): the square farthest from its own fighter, where the hanged rival starts
  his next turn with the fewest easy shots at it;
- a shootout (D-SHOOT-02): open it when its shot is worth more than what the rival's shot back costs it,
  by the exact forecast of its attack and the odds of shooting first; shot at, always fire back;
- the Saloon Gal's extra die (D-FTR-06): a card worth little (or one over her hand limit) spent on one
  die more, which the rules offer only when it could change the roll;
- in its own turn: the Huckster's swap (two weak cards for the top hex of the hex discard pile,
  D-FTR-04) and holding an attack for someone else's turn (D-SHOOT-01).

Anything it does not recognise gets `fallback`: a sensible legal action chosen by the actions' types,
never an exception.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from fragtui.bots.card_sense import PISTOL_VALUE, Role, card_value, role_of
from fragtui.bots.decisions import keep_worth
from fragtui.bots.situation import Situation
from fragtui.bots.tactics import attack_worth
from fragtui.engine.actions import Action, EndTurn, Pass
from fragtui.engine.board import distance
from fragtui.engine.deadlands.actions import Cheat, ChooseSquare, HoldAttack, Keep
from fragtui.engine.frag.actions import Attack, DrawFrom, RollMovement

__all__ = [
    "HEX_DECK",
    "choose_deck",
    "extra_die",
    "fallback",
    "gallows",
    "hold",
    "joker",
    "poker_draw",
    "poker_keep",
    "shootout",
    "swap_for_hex",
]

HEX_DECK = "hexes"
"""The deck of hex cards (D-CARD-02): the ones only some fighters may play."""

DECK_WORTH = {"weapons": 1.0, "specials": 0.9, "gadgets": 0.8, HEX_DECK: 0.9}
"""What a card from each deck is worth to it, roughly, before it is seen; a deck not named is worth 0.7."""

SWAP_MARGIN = 0.2
"""The top hex must be worth this much more than the two cards paid for it."""

HOLD_IF_BELOW = 0.15
"""An attack worth less than this (expected Health plus frag chance) is held for a shootout instead."""


# -- the first-player poker draw and jokers ----------------------------------------------------------


def hex_user(sit: Situation) -> bool:
    """Whether its fighter may play hexes (D-CARD-02), as far as it can tell: it has been offered a hex
    to play, or holds one it is offered now. Before it knows, it assumes not: a hex it cannot play is
    a dead card, a card from another deck never is."""
    if not sit.memory.hexes and any(sit.card(play.card).deck == HEX_DECK for play in sit.plays):
        sit.memory.hexes = True
    return sit.memory.hexes


def choose_deck(sit: Situation, decks: Sequence[DrawFrom], drawn: Sequence[str] = ()) -> DrawFrom:
    """The deck it would most like a card from: weapons while it has nothing better than its starting
    gun, then the others; a deck it has drawn from already in `drawn` counts a little less (five cards
    from four decks give it a choice of keepers)."""
    hand = [sit.card(c) for c in sit.hand]
    armed = any(role_of(c) is Role.WEAPON and card_value(c) > PISTOL_VALUE for c in hand)

    def worth(action: DrawFrom) -> tuple[float, str]:
        value = DECK_WORTH.get(action.deck, 0.7)
        if action.deck == "weapons" and armed:
            value -= 0.3
        if action.deck == HEX_DECK and not hex_user(sit):
            value = 0.0
        value -= 0.25 * sum(sit.card(c).deck == action.deck for c in drawn)
        return (value, action.deck)

    return max(decks, key=worth)


def poker_draw(sit: Situation) -> Action:
    """D-CARD-04: draw the next of the five cards from the deck whose cards it would most like to keep."""
    decks = [a for a in sit.legal if isinstance(a, DrawFrom)]
    if not decks:
        return fallback(sit)
    drawn: Sequence[str] = ()
    table = sit.view.poker
    if table is not None:
        mine = next((s for s in table.seats if s.seat == sit.seat), None)
        if mine is not None and mine.drawn is not None:
            drawn = mine.drawn
    return choose_deck(sit, decks, drawn)


def keep_value(sit: Situation, card: str) -> float:
    """What a card is worth keeping in hand (`decisions.keep_worth`), a hex nothing to a fighter who
    may not play it."""
    if sit.card(card).deck == HEX_DECK and not hex_user(sit):
        return 0.1 * card_value(sit.card(card))
    return keep_worth(sit, card)


def poker_keep(sit: Situation) -> Action:
    """D-CARD-04: keep the card of the five worth most in hand; the rest are discarded."""
    keeps = [a for a in sit.legal if isinstance(a, Keep)]
    if not keeps:
        return fallback(sit)
    return max(keeps, key=lambda a: (keep_value(sit, a.card), a.card))


def joker(sit: Situation) -> Action:
    """D-CARD-03: a joker was drawn and discarded; draw from the deck it wants a card from most."""
    decks = [a for a in sit.legal if isinstance(a, DrawFrom)]
    return choose_deck(sit, decks) if decks else fallback(sit)


# -- the gallows -------------------------------------------------------------------------------------


def gallows(sit: Situation) -> Action:
    """D-GAL-01: the gallows square farthest from its own fighter. The hanged rival starts his next turn
    there; the farther he starts, the fewer easy shots he has at it."""
    squares = [a for a in sit.legal if isinstance(a, ChooseSquare)]
    if not squares:
        return fallback(sit)
    here = sit.me.square
    if here is None:
        return min(squares, key=lambda a: (a.to.y, a.to.x))
    return max(squares, key=lambda a: (distance(here, a.to), -a.to.y, -a.to.x))


# -- shootouts and held attacks ----------------------------------------------------------------------


def first_shot_chance(mine: int, theirs: int) -> float:
    """The chance, roughly, of firing first in a shootout (D-SHOOT-02): each side rolls its Speed dice and
    adds a card turned over (2 to 14, wild 15), the holder first on a tie. Normal approximation: a die is
    3.5 on average (variance 35/12), a card about 8 (variance about 14)."""
    mean = 3.5 * (mine - theirs) + 0.5
    spread = math.sqrt(2 * 14.0 + 35 / 12 * (mine + theirs))
    return 0.5 * (1 + math.erf(mean / (spread * math.sqrt(2))))


def shootout(sit: Situation) -> Action:
    """D-SHOOT-02. Asked as the holder (a fighter passes in front of him): open the shootout when his shot,
    by the exact forecast, is worth more than what the shot the passer fires back is expected to cost him
    (that shot comes only if the passer is still standing: unless ours comes first and frags him);
    otherwise let him pass and keep the attack held. Answering as the passer (the active player, shot
    at): always fire back with the best weapon — the holder shoots anyway, and firing back costs none of
    his turn's attacks."""
    attacks = [a for a in sit.legal if isinstance(a, Attack)]
    decline = Pass() if sit.allows(Pass()) else None
    if not attacks:
        return decline if decline is not None else fallback(sit)
    answering = sit.view.active == sit.seat
    here = sit.me.square
    best: tuple[float, Attack] | None = None
    for attack in attacks:
        forecast = sit.window.forecast(attack)
        worth = attack_worth(forecast)
        if not answering:
            rival = sit.view.fighters[attack.target]
            first = first_shot_chance(sit.me.speed, rival.speed)
            back = sit.threat(attack.target, here) / max(1, rival.attacks_per_turn) if here is not None else 0.0
            worth -= back * (1 - first * float(forecast.p_frag))
        if best is None or worth > best[0]:
            best = (worth, attack)
    assert best is not None
    if answering or best[0] > 0 or decline is None:
        return best[1]
    return decline


def hold(sit: Situation, best_worth: float | None) -> HoldAttack | None:
    """D-SHOOT-01: hold an attack for someone else's turn when it has attacks left and no shot now worth
    one (`best_worth`: the best attack's worth, None when it has none)."""
    action = HoldAttack()
    if not sit.allows(action) or sit.view.attacks <= 0:
        return None
    if best_worth is not None and best_worth >= HOLD_IF_BELOW:
        return None
    return action


# -- "Cheatin'" --------------------------------------------------------------------------------------


def swap_for_hex(sit: Situation) -> Cheat | None:
    """D-FTR-04: two cards from hand for the top card of the hex discard pile, when that hex is worth
    more than the two weakest cards it can pay with (offered only to a fighter who has the ability)."""
    swaps = [a for a in sit.legal if isinstance(a, Cheat) and len(a.cards) == 2]
    pile = sit.view.discards.get(HEX_DECK, ())
    if not swaps or not pile:
        return None
    sit.memory.hexes = True  # offered the swap: he plays hexes
    top = card_value(sit.card(pile[-1]))
    cheapest = min(swaps, key=lambda a: (sum(keep_value(sit, c) for c in a.cards), a.cards))
    if top > sum(keep_value(sit, c) for c in cheapest.cards) + SWAP_MARGIN:
        return cheapest
    return None


EXTRA_DIE_CARD_WORTH = 0.6
"""The Saloon Gal spends a card worth at most this (`keep_value`) on one die more (D-FTR-06)."""


def extra_die(sit: Situation) -> Action:
    """D-FTR-06: one card from hand for one die more on the roll she just made. The rules ask only when a
    die more could change what the roll does (a to-hit that missed by 6 or less, a damage or defence roll
    a die could change, her movement), so she pays when the card is worth little to keep, or when her
    hand is over its limit in her own turn (a card she would throw away anyway); else she passes."""
    pays = [a for a in sit.legal if isinstance(a, Cheat) and a.cards]
    decline = Pass() if sit.allows(Pass()) else None
    if not pays:
        return decline if decline is not None else fallback(sit)
    cheapest = min(pays, key=lambda a: (sum(keep_value(sit, c) for c in a.cards), a.cards))
    cost = sum(keep_value(sit, c) for c in cheapest.cards)
    spare = sit.view.active == sit.seat and len(sit.hand) > hand_limit(sit)
    if decline is None or cost <= EXTRA_DIE_CARD_WORTH or spare:
        return cheapest
    return decline


def hand_limit(sit: Situation) -> int:
    """The cards its fighter may keep at the end of his turn, as the view says (F-CARD-03: 5; the Agency
    Operative 4, D-FTR-02)."""
    return sit.me.hand_limit


# -- anything else -----------------------------------------------------------------------------------


def fallback(sit: Situation) -> Action:
    """A sensible legal action for a decision it does not know, chosen by the actions' types: decline
    (pass) when it may; else draw from the deck it wants most, keep the best card, choose the square
    farthest from its fighter; else roll, end the turn, or the first legal action."""
    legal = sit.legal
    if sit.allows(Pass()):
        return Pass()
    decks = [a for a in legal if isinstance(a, DrawFrom)]
    if decks:
        return choose_deck(sit, decks)
    keeps = [a for a in legal if isinstance(a, Keep)]
    if keeps:
        return max(keeps, key=lambda a: (keep_value(sit, a.card), a.card))
    if any(isinstance(a, ChooseSquare) for a in legal):
        return gallows(sit)
    for plain in (RollMovement(), EndTurn()):
        if sit.allows(plain):
            return plain
    return legal[0]
