"""Words every game's screens share: a seat's name in its look, a playing card's corner, a probability, the seats
deciding now and a choice made at once in words.

Each rule system words the rest of its game in its own front-end modules (Frag's and Frag Deadlands' actions,
cards, record sheets and scoreboard: `tui/frag/describe.py`; Frag Deadlands' shootouts: `tui/deadlands/words.py`;
Ruthless's: `tui/ruthless/words.py`); this module names no system. Functions return Rich `Text` or plain strings,
so widgets stay dumb and these can be tested without a screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.text import Text

from fragtui.engine.playing_cards import PlayingCard, Suit
from fragtui.engine.rulesets import RosterEntry
from fragtui.engine.view import PlayerView
from fragtui.saves.format import SeatLook
from fragtui.tui.seats import no_color, seat_style

__all__ = [
    "Roster",
    "card_face",
    "choosing_words",
    "deciders_of",
    "dice",
    "percent",
    "roster_entry",
    "seat_text",
    "with_and",
]

Roster = tuple[RosterEntry, ...]
"""The unique fighters of the ruleset played (`Ruleset.roster`): empty where fighters are designed only."""

_RED_SUITS = frozenset({Suit.HEARTS, Suit.DIAMONDS})
_RED = "#d75f5f"
"""Hearts and diamonds, as printed: red (not a seat's colour: seats are bold and brighter)."""


def percent(p: Fraction) -> str:
    """A probability for people: whole percents, but never "0%" or "100%" for what may still happen."""
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def seat_text(name: str, look: SeatLook) -> Text:
    """A player's name with his glyph, in his colour: the glyph tells him apart without colour."""
    style = seat_style(look.colour)
    return Text.assemble((f"{look.glyph} ", style), (name, style))


def dice(count: int, what: str = "") -> str:
    """`count` dice in words: "1 die", "3 damage dice"."""
    return f"{count} {what + ' ' if what else ''}{'die' if count == 1 else 'dice'}"


def roster_entry(roster: Roster, character: str | None) -> RosterEntry | None:
    """The roster's words for the fighter `character` (a `FighterView.character`), if he is one of them."""
    if character is None:
        return None
    return next((entry for entry in roster if entry.key == character), None)


def card_face(face: PlayingCard) -> Text:
    """A card's suit and rank as printed in its corner: `A♠`, `10♥` (hearts and diamonds red), `Joker`."""
    red = face.suit in _RED_SUITS and not no_color()
    return Text(str(face), style=f"bold {_RED}" if red else "bold")


def deciders_of(view: PlayerView) -> tuple[int, ...]:
    """Every seat that may act now as `view` tells it: the seats still choosing during a simultaneous choice
    (`PlayerView.choosing`), else the one decider (none when the game is over)."""
    if view.choosing is not None:
        return view.choosing.waiting
    return () if view.decider is None else (view.decider,)


def choosing_words(view: PlayerView, beside: str = "", names: Sequence[str] = ()) -> str:
    """A simultaneous choice (`PlayerView.choosing`) in words for a status line: what is chosen, how many have
    chosen, and who is still choosing, by name (`choosing a card for initiative: 1 of 3 has chosen, waiting
    for Bob and Cat`). Never what anyone chose: the view does not know it. Empty when nobody is choosing.

    `beside`: the words the line already has (the phase's title); what is chosen is not said twice when they
    say it (Ruthless's phase "pick a card for initiative": `1 of 3 has chosen, waiting for Bob and Cat`).
    `names`: the players' names by seat, where the view has no fighters to name them (else the fighters')."""
    choosing = view.choosing
    if choosing is None:
        return ""
    named = names or [fighter.name for fighter in view.fighters]
    still = [named[seat] if seat < len(named) else f"seat {seat + 1}" for seat in choosing.waiting]
    waiting = f", waiting for {with_and(still)}" if still else ""
    what = "" if choosing.what in beside else f"choosing {choosing.what}: "
    return f"{what}{choosing.words()}{waiting}"


def with_and(words: Sequence[str]) -> str:
    """Words listed as players say them: `Ann`, `Ann and Bob`, `Ann, Bob and Cat`."""
    return ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else "".join(words)
