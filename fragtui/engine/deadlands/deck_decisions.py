"""The decisions of Frag Deadlands' cards: the first-player poker draw and its keep (D-CARD-04), and the
draw a joker gives (D-CARD-03). Each says who decides, what he may do and what it is called; what it does
is the rules' (`fragtui.engine.deadlands.deck.DeckRules`).

The poker draw is one decision that stays on the stack while the table draws, and a simultaneous choice
(`fragtui.engine.choices`): every player draws his five at once, in any order; its `player` is the first seat
still drawing (whom a table asking one seat at a time asks), and it remembers every seat's cards (they are in
the players' hands too, hidden, so that every card is counted where it is). The keep is one decision too,
its `player` the seat keeping now and `keepers` the seats after him, with the shown hands, so that the view
can show the table throughout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, cast

from fragtui.engine.actions import Action
from fragtui.engine.choices import SimultaneousChoice
from fragtui.engine.deadlands.actions import Keep
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.deadlands.poker import HAND_SIZE, PokerTable
from fragtui.engine.decisions import Decision, register_decision
from fragtui.engine.frag.actions import DrawFrom
from fragtui.engine.view import PlayerView, register_view_part

if TYPE_CHECKING:
    from fragtui.engine.deadlands.deck import DeckRules
    from fragtui.engine.geometry import Move
    from fragtui.engine.rulesets import Ruleset

__all__ = ["JokerDraw", "PokerDraw", "PokerKeep"]

register_view_part("poker", PokerTable)  # the poker draw as a seat sees it (`PlayerView.poker`), read from JSON as one


def _deck(rules: Ruleset) -> DeckRules:
    """The ruleset as Frag Deadlands' (these decisions are only ever pushed by `DeckRules` or a subclass)."""
    return cast("DeckRules", rules)


def _draws(rules: Ruleset, seat: int) -> list[Action]:
    """A draw from every deck `seat` may choose that has a card (in its draw pile or its discard pile,
    F-CARD-01; the Hexes deck never for the Harrowed Gunslinger, ruling D-CARD-03)."""
    return [DrawFrom(deck=deck) for deck in _deck(rules).decks_to_draw(seat)]


@register_decision
class PokerDraw(Decision, SimultaneousChoice):
    """Set-up: every player draws five cards at once, one at a time, each from the deck he chooses (D-CARD-04);
    the hands stay hidden until every player has drawn five, then they are shown together."""

    kind: Literal[DeadlandsDecisionKind.POKER_DRAW] = DeadlandsDecisionKind.POKER_DRAW
    hands: list[list[str]]
    """Every seat's poker cards drawn so far, in seat order (they are in his hand, hidden from the others)."""

    label = "poker draw"
    you = "draw a card for your poker hand: choose the deck"
    they = "{name} draws a card for the first-player poker hand."
    must = "draw five cards for their poker hand"
    any_time = False  # (nobody is on the board yet: no blood to spend)
    what: ClassVar[str] = "five cards for the poker hand"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return _draws(rules, self.player)

    # -- the simultaneous choice (`fragtui.engine.choices`) ----------------------------------------------------

    def seats(self, rules: Ruleset) -> range:
        return range(len(self.hands))

    def has_chosen(self, rules: Ruleset, seat: int) -> bool:
        """Done once he holds five."""
        return len(self.hands[seat]) >= HAND_SIZE

    def options(self, rules: Ruleset, seat: int) -> list[Action]:
        return _draws(rules, seat)

    def choose(self, rules: Ruleset, seat: int, action: Action) -> None:
        assert isinstance(action, DrawFrom)
        _deck(rules).draw_for_poker(self, seat, action.deck)

    def reveal(self, rules: Ruleset) -> None:
        """Every hand is five: shown and ranked."""
        _deck(rules).show_poker_hands(self)

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        """The table: how many cards each player has drawn, no card shown."""
        return {"poker": _deck(rules).poker_table(self, None)}

    def private_details(self, rules: Ruleset, seat: int) -> dict[str, object]:
        """The table with the viewer's own cards face up."""
        return {"poker": _deck(rules).poker_table(self, seat)}

    @classmethod
    def prompt(cls, view: PlayerView) -> str:
        """Which card of the five he draws now."""
        if view.poker is not None and view.me is not None:
            drawn = view.poker.seats[view.me].count
            return f"draw card {drawn + 1} of {HAND_SIZE} for your poker hand: choose the deck"
        return cls.you


@register_decision
class PokerKeep(Decision):
    """Set-up, after the hands are shown: each player, from the first player on, keeps one card of his five;
    the other four go to their decks' discard piles (D-CARD-04). Then the fighters are placed."""

    kind: Literal[DeadlandsDecisionKind.POKER_KEEP] = DeadlandsDecisionKind.POKER_KEEP
    hands: list[list[str]]
    """Every seat's five poker cards, in seat order (shown to all)."""
    words: list[str]
    """Every seat's hand in words (`two pair, kings and sevens`)."""
    places: list[int]
    """Every seat's place at the table: 1 for the best hand (tied hands share a place)."""
    tie_rolls: list[int | None]
    """The last d6 each seat rolled to break a tie for the best hand; None for one who did not roll."""
    first: int
    """The seat who goes first."""
    kept: list[str | None]
    """The card each seat kept, once he has chosen."""
    keepers: list[int]
    """The seats still to keep after `player`, in order."""

    label = "keep a card"
    you = "keep one card of your poker hand (the other four are discarded)"
    they = "{name} keeps one card of the poker hand."
    must = "keep one card of their poker hand"
    any_time = False

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return [Keep(card=card) for card in self.hands[self.player]]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, Keep):
            _deck(rules).keep_poker_card(self, seat, action.card)
            return True
        return False

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        """The shown table: every hand, its words and place, the tie rolls, who goes first, what was kept."""
        return {"poker": _deck(rules).poker_table(self, None)}


@register_decision
class JokerDraw(Decision):
    """A joker was drawn in play and discarded at once: its drawer draws one card from any deck he chooses
    (D-CARD-03)."""

    kind: Literal[DeadlandsDecisionKind.JOKER] = DeadlandsDecisionKind.JOKER
    joker: str
    """The joker he drew (now on its deck's discard pile)."""

    label = "joker"
    you = "you drew a Joker: it is discarded; draw a card from any deck instead"
    they = "{name} drew a Joker and chooses the deck to draw from instead."
    must = "choose the deck to draw from for the Joker"

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return _draws(rules, self.player)

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        if isinstance(action, DrawFrom):
            _deck(rules).draw_for_joker(self, seat, action.deck)
            return True
        return False
