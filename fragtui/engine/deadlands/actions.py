"""Frag Deadlands' own actions (D-*): each an `ActionModel` of the kernel, registered (`register_action`) when
this module is imported, with its notation read by its own `parse` (`parse_action` asks every registered kind)."""

from __future__ import annotations

from typing import Literal, Self

from fragtui.engine.actions import ActionModel, register_action
from fragtui.engine.board import Square

__all__ = ["Cheat", "ChooseSquare", "HoldAttack", "Keep"]


@register_action
class HoldAttack(ActionModel):
    """Hold one attack for a turn not your own, to open a shootout with it (D-SHOOT-01)."""

    kind: Literal["hold"] = "hold"

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        return cls() if (head, rest) == ("hold", []) else None

    def __str__(self) -> str:
        return "hold"


@register_action
class Cheat(ActionModel):
    """Use your fighter's "Cheatin'" ability, paying with the cards it asks for (Frag Deadlands, D-FTR-*):
    the Huckster's two cards for the top hex of the discard pile, the Saloon Gal's one card for a die."""

    kind: Literal["cheat"] = "cheat"
    cards: tuple[str, ...] = ()
    """The card instances from hand the ability costs (none for an ability that costs nothing)."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        return cls(cards=tuple(rest)) if head == "cheat" else None

    def __str__(self) -> str:
        return " ".join(("cheat", *self.cards))


@register_action
class Keep(ActionModel):
    """Keep this card of several drawn; the rest are discarded (the first-player poker hand, D-CARD-04)."""

    kind: Literal["keep"] = "keep"
    card: str
    """The card instance kept."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "keep", [card]:
                return cls(card=card)
        return None

    def __str__(self) -> str:
        return f"keep {self.card}"


@register_action
class ChooseSquare(ActionModel):
    """Choose a square the rules ask for (the gallows square a hanged fighter goes to, D-GAL-01)."""

    kind: Literal["choose_square"] = "choose_square"
    to: Square
    """The square chosen."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "square", [square]:
                return cls(to=Square.parse(square))
        return None

    def __str__(self) -> str:
        return f"square {self.to}"
