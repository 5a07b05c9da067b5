"""Held attacks and shootouts (D-SHOOT-01..03)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from fragtui.engine.deadlands.western import Western
from fragtui.engine.decisions import ResponseWindow, WindowPoint
from fragtui.engine.frag.rules import Offer

__all__ = ["Shootouts"]


class Shootouts(Western):
    """Held attacks and shootouts (D-SHOOT-01..03)."""

    SHOOTOUTS_OFFERS: ClassVar[tuple[tuple[tuple[type, ...], Offer], ...]] = ()
    """The kinds of action this part adds to the active player's turn, each with its offer (see
    `FragRules.OFFERS`): `DeadlandsRules` puts them before ending the turn."""
    SHOOTOUTS_WINDOWS: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {}
    """The response windows this part opens (`Ruleset.windows`), merged by `DeadlandsRules`."""
