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
