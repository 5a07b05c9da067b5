"""The Western map: windows, tentacle beasts, the gallows and hanging (D-MAP-01..03, D-GAL-01)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from fragtui.engine.deadlands.abilities import Abilities
from fragtui.engine.decisions import ResponseWindow, WindowPoint
from fragtui.engine.frag.rules import Offer

__all__ = ["Western"]


class Western(Abilities):
    """The Western map: windows, tentacle beasts, the gallows and hanging (D-MAP-01..03, D-GAL-01)."""

    WESTERN_OFFERS: ClassVar[tuple[tuple[tuple[type, ...], Offer], ...]] = ()
    """The kinds of action this part adds to the active player's turn, each with its offer (see
    `FragRules.OFFERS`): `DeadlandsRules` puts them before ending the turn."""
    WESTERN_WINDOWS: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {}
    """The response windows this part opens (`Ruleset.windows`), merged by `DeadlandsRules`."""
