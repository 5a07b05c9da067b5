"""Ruthless's actions and cards in a player's words: the lines of the screen's menus and dialogs.

Every line is built from the seat's `PlayerView` and the engine's public odds (`Game.forecast`), never
from the state behind it: what a menu says is what the player may know.
"""

from __future__ import annotations

from collections.abc import Sequence

from fragtui.engine.actions import Action, Discard, EndTurn, Pass
from fragtui.engine.decisions import DecisionKind
from fragtui.engine.playing_cards import Rank
from fragtui.engine.ruthless.actions import (
    Aim,
    Courage,
    Dismount,
    GotYouCovered,
    Mount,
    MoveTo,
    PickCard,
    Reload,
    Shift,
    Shoot,
    Snap,
)
from fragtui.engine.ruthless.deck import card_title, rank_of
from fragtui.engine.ruthless.fisticuffs import fist_score
from fragtui.engine.ruthless.odds import ShotOdds, chance_to_hit
from fragtui.engine.ruthless.pieces import WEAPONS, Location, location_of
from fragtui.engine.ruthless.seen import RuthlessView
from fragtui.engine.ruthless.shooting import RuthlessKind
from fragtui.engine.view import PlayerView
from fragtui.tui.ruthless.words import initiative_power

__all__ = ["action_words", "card_words", "hand_powers", "model_name", "odds_words", "pass_words", "weapon_title"]


def card_words(card: str) -> str:
    """`7♥ — one of his models may take a third action`: a card and what it does played for initiative."""
    power = initiative_power(card)  # (said of "his" posse, for the reveal: here the player reads it)
    if power:
        power = power.replace("his ", "your ").replace("he may", "you may")
    return f"{card_title(card)}" + (f" — {power}" if power else "")


_SHORT: dict[Rank, str] = {
    Rank.ACE: "courage, revive",
    Rank.KING: "courage",
    Rank.QUEEN: "courage",
    Rank.JACK: "courage",
    Rank.SEVEN: "third action",
    Rank.FOUR: "revive",
    Rank.THREE: "discard",
    Rank.TWO: "Low Blow",
}
"""A card's powers in a word or two (R-SEQ-03), for the hand's line under the map's side panel."""


def hand_powers(hand: Sequence[str]) -> str:
    """`7♥ third action · J♥ courage`: the powers of the cards in a hand that have one."""
    return " · ".join(f"{card_title(card)} {_SHORT[rank_of(card)]}" for card in hand if rank_of(card) in _SHORT)


def _table(view: PlayerView) -> RuthlessView:
    table = view.ruthless  # (typed by Ruthless, not by the kernel's view)
    assert isinstance(table, RuthlessView), "a Ruthless screen draws a Ruthless game"
    return table


def model_name(view: PlayerView, fighter: int) -> str:
    """A model's name on his card."""
    return _table(view).models[fighter].card.name


def weapon_title(view: PlayerView, fighter: int, weapon: int) -> str:
    """The title of a model's weapon (`Buntline Special`)."""
    return WEAPONS[_table(view).models[fighter].card.weapons[weapon]].title


def odds_words(odds: ShotOdds) -> str:
    """The exact odds of a shot: the chance first, then what the die needs and each modifier with its reason."""
    chance = f"{float(odds.chance) * 100:.0f}%"
    if odds.rounds > 1:
        hits = float(odds.expected_hits)
        return f"{chance} at least one hit, {hits:.1f} expected (fanfire: each round hits on a 10)"
    reach = "short" if odds.short else "long"
    mods = "".join(f", {reason} {value:+d}" for reason, value in odds.modifiers)
    return f"{chance} to hit ({reach}: {odds.need}+{mods})"


_WHERE = {
    Location.LEG: "the leg",
    Location.ARM: "the arm",
    Location.GRAZE: "a graze",
    Location.GUT: "the gut",
    Location.CHEST: "the chest",
    Location.SEVERE: "a severe wound",
}
"""Where a hit lands, as said (R-HIT-01)."""


def _courage(view: PlayerView, fighter: int, value: int) -> str:
    """The chance a courage roll passes (R-COUR-01): 1d10 + the card's value + his trait's at least his Toughness."""
    card = _table(view).models[fighter].card
    return f"{float(chance_to_hit(card.toughness, value + card.nerve_bonus)) * 100:.0f}%"


def pass_words(decision: DecisionKind | None) -> str:
    """What passing means in each window, in its own words."""
    match decision:
        case RuthlessKind.COVERED_SHOT:
            return "Let him go"
        case RuthlessKind.SNAP_SHOT:
            return "Play no card: take the shot as it comes"
        case RuthlessKind.SNAP_BRAWL:
            return "Play no card: fisticuffs as they come"
        case RuthlessKind.FISTICUFFS:
            return "Play no card (you lose unless he plays none either)"
        case None:
            return "Keep every card"
    return "Pass"


def action_words(
    action: Action,
    view: PlayerView,
    odds: ShotOdds | None = None,
    snapper: int | None = None,
    location_roll: int | None = None,
) -> str:
    """A menu line for a legal Ruthless action (`odds`: a shot's, from `Game.forecast`; `snapper`: the model
    who would snap-shoot, in a snap window, or the decider's model in fisticuffs; `location_roll`: an aimed
    hit's roll, in its shift)."""
    match action:
        case PickCard(card=card) if view.decision is RuthlessKind.FISTICUFFS:
            if snapper is None:
                return f"Fight with the {card_title(card)}"
            brawler = _table(view).models[snapper]
            score = fist_score(card, brawler)
            extra = score - int(rank_of(card))
            why = f" ({int(rank_of(card))}{extra:+d}: mounted, trait)" if extra else ""
            return f"Fight with the {card_title(card)}: {score}{why}"
        case PickCard(card=card):
            return f"Pick the {card_words(card)}"
        case MoveTo(fighter=f, to=to):
            return f"{model_name(view, f)}: move to {to}"
        case Aim(fighter=f):
            return f"{model_name(view, f)}: aim (+1 on his next shot, and its hit location ±1)"
        case Shoot(fighter=f, target=t, weapon=w, rounds=rounds):
            fan = f", fanfire {rounds} rounds" if rounds > 1 else ""
            line = f"{model_name(view, f)}: shoot {model_name(view, t)} ({weapon_title(view, f, w)}{fan})"
            return line + (f": {odds_words(odds)}" if odds is not None else "")
        case Reload(fighter=f, weapon=w):
            return f"{model_name(view, f)}: reload the {weapon_title(view, f, w)} (3 rounds)"
        case GotYouCovered(fighter=f):
            return f"{model_name(view, f)}: Got You Covered! (a shot at the next enemy who moves in sight)"
        case Mount(fighter=f):
            return f"{model_name(view, f)}: mount his horse"
        case Dismount(fighter=f):
            return f"{model_name(view, f)}: dismount"
        case Courage(fighter=f, card=None):
            chance = _courage(view, f, 0)
            return f"{model_name(view, f)}: Get Your Courage Up! (a Toughness roll: {chance})"
        case Courage(fighter=f, card=card) if card is not None:
            value = rank_of(card)
            how = (
                "passes outright" if value > Rank.TEN else f"+{int(value)} on the roll: {_courage(view, f, int(value))}"
            )
            return f"{model_name(view, f)}: Get Your Courage Up! with the {card_title(card)} ({how})"
        case Shift(by=by):
            where = ""
            if location_roll is not None and 1 <= location_roll + by <= 10:
                where = f": {_WHERE[location_of(location_roll + by)]} ({location_roll + by})"
            return {0: "Leave the hit where it lands", 1: "Shift the hit +1"}.get(by, "Shift the hit −1") + where
        case Snap(card=card, weapon=w, to=None) if w is not None and snapper is not None:
            return f"Play the {card_title(card)}: {model_name(view, snapper)} snap-shoots first with the " + (
                weapon_title(view, snapper, w)
            )
        case Snap(card=card, to=to) if to is not None:
            return f"Play the {card_title(card)}: duck for cover to {to}"
        case Snap(card=card):
            return f"Play the {card_title(card)}: snap shot first"
        case Discard(card=card):
            return f"Discard the {card_title(card)}"
        case Pass():
            return pass_words(view.decision)
        case EndTurn():
            return "End your activation"
    return str(action)
