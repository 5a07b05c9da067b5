"""The cards of Frag Deadlands: four decks and their deal, the first-player poker hand, jokers, hexes,
malfunctions, armor that combines, mixed sets (D-CARD-01..06, D-ARM-01, D-RESP-01)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from fragtui.engine.deadlands.roster import Character, CharacterSheet, sheet_of
from fragtui.engine.decisions import ResponseWindow, WindowPoint
from fragtui.engine.frag.rules import FragRules, Offer

__all__ = ["DeckRules"]


class DeckRules(FragRules):
    """The cards of Frag Deadlands: four decks and their deal, the first-player poker hand, jokers, hexes,
    malfunctions, armor that combines, mixed sets (D-CARD-01..06, D-ARM-01, D-RESP-01)."""

    DECK_OFFERS: ClassVar[tuple[tuple[tuple[type, ...], Offer], ...]] = ()
    """The kinds of action this part adds to the active player's turn, each with its offer (see
    `FragRules.OFFERS`): `DeadlandsRules` puts them before ending the turn."""
    DECK_WINDOWS: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {}
    """The response windows this part opens (`Ruleset.windows`), merged by `DeadlandsRules`."""

    # -- the fighters (the bottom of the chain of parts: every part may ask) --------------------------

    def character(self, seat: int) -> Character:
        """The fighter `seat` plays (checked when the game was configured, `DeadlandsRules.check_config`)."""
        character = self.state.config.seats[seat].character
        assert character is not None
        return Character(character)

    def sheet(self, seat: int) -> CharacterSheet:
        """`seat`'s fighter's record sheet."""
        return sheet_of(self.character(seat))

    # -- hexes (D-CARD-02) -----------------------------------------------------------------------------

    HOYLES_BOOK = "hoyles-book-of-games"
    """The card id of Hoyle's Book of Games (a gadget; the Huckster starts with one on his sheet)."""

    def has_hoyles_book(self, seat: int) -> bool:
        """Whether `seat` has Hoyle's Book of Games: the Huckster's on his record sheet (D-FTR-04), or the
        gadget card in play."""
        if self.character(seat) is Character.HUCKSTER:
            return True
        return any(self.cards[e.card].id == self.HOYLES_BOOK for e in self.player(seat).gadgets)

    def may_use_hexes(self, seat: int) -> bool:
        """Whether `seat` may play hex cards: the Huckster, or a player with Hoyle's Book in play (D-CARD-02)."""
        return self.has_hoyles_book(seat)
