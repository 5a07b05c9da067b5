"""The six fighters' drawbacks and "Cheatin'" abilities, hooked into Frag's rules where each changes
one (D-FTR-01..07)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from fragtui.engine.decisions import ResponseWindow, WindowPoint
from fragtui.engine.frag.rules import FragRules, Offer

__all__ = ["Abilities"]


class Abilities(FragRules):
    """The six fighters' drawbacks and "Cheatin'" abilities, hooked into Frag's rules where each changes
    one (D-FTR-01..07)."""

    ABILITIES_OFFERS: ClassVar[tuple[tuple[tuple[type, ...], Offer], ...]] = ()
    """The kinds of action this part adds to the active player's turn, each with its offer (see
    `FragRules.OFFERS`): `DeadlandsRules` puts them before ending the turn."""
    ABILITIES_WINDOWS: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {}
    """The response windows this part opens (`Ruleset.windows`), merged by `DeadlandsRules`."""
