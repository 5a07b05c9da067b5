"""The six fighters' drawbacks and "Cheatin'" abilities, hooked into Frag's rules where each changes
one (D-FTR-01..07)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from fragtui.engine.deadlands.deck import DeckRules
from fragtui.engine.deadlands.roster import Character
from fragtui.engine.decisions import ResponseWindow, WindowPoint
from fragtui.engine.frag.rules import Offer

__all__ = ["Abilities"]


class Abilities(DeckRules):
    """The six fighters' drawbacks and "Cheatin'" abilities, hooked into Frag's rules where each changes
    one (D-FTR-01..07)."""

    ABILITIES_OFFERS: ClassVar[tuple[tuple[tuple[type, ...], Offer], ...]] = ()
    """The kinds of action this part adds to the active player's turn, each with its offer (see
    `FragRules.OFFERS`): `DeadlandsRules` puts them before ending the turn."""
    ABILITIES_WINDOWS: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {}
    """The response windows this part opens (`Ruleset.windows`), merged by `DeadlandsRules`."""

    # -- drawbacks the other parts ask about -------------------------------------------------------------

    def always_hangable(self, seat: int) -> bool:
        """Whether whoever frags `seat` may hang him whatever the damage: the Indian Brave's drawback
        (D-FTR-07), asked by the gallows rules (`Western`)."""
        return self.character(seat) is Character.INDIAN_BRAVE

    def may_shootout(self, seat: int) -> bool:
        """Whether `seat` may use the shootout rules: all but the Saloon Gal (D-FTR-06), asked by `Shootouts`."""
        return self.character(seat) is not Character.SALOON_GAL

    def may_use_hexes(self, seat: int) -> bool:
        """The Harrowed Gunslinger may not use Hoyle's Book of Games or hex cards (D-FTR-05)."""
        return self.character(seat) is not Character.HARROWED_GUNSLINGER and super().may_use_hexes(seat)
