"""Ruthless's own actions (R-*): each an `ActionModel` of the kernel naming the model it is for, registered
(`register_action`) when this module is imported, with its notation read by its own `parse` (`parse_action` asks
every registered kind)."""

from __future__ import annotations

from typing import Literal, Self

from fragtui.engine.actions import ActionModel, register_action
from fragtui.engine.board import Square
from fragtui.engine.fighters import FighterId

__all__ = [
    "Aim",
    "Courage",
    "Dismount",
    "GotYouCovered",
    "Mount",
    "MoveTo",
    "PickCard",
    "Reload",
    "Shift",
    "Shoot",
    "Snap",
]


@register_action
class PickCard(ActionModel):
    """Pick a card of your hand face down for initiative (R-SEQ-01)."""

    kind: Literal["pick_card"] = "pick_card"
    card: str
    """The playing card (`AS`, `10H`)."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "pick", [card]:
                return cls(card=card.upper())
        return None

    def __str__(self) -> str:
        return f"pick {self.card}"


@register_action
class MoveTo(ActionModel):
    """A model's Move action, to a square within his move (R-MOVE-01)."""

    kind: Literal["move_to"] = "move_to"
    fighter: FighterId
    """The model moving."""
    to: Square
    """Where he ends the move."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "move", [fighter, square]:
                return cls(fighter=int(fighter), to=Square.parse(square))
        return None

    def __str__(self) -> str:
        return f"move {self.fighter} {self.to}"


@register_action
class Aim(ActionModel):
    """A model's Aim action: +1 on his next shot, its hit location his to shift (R-SHOOT-01, R-HIT-01)."""

    kind: Literal["aim"] = "aim"
    fighter: FighterId
    """The model aiming."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "aim", [fighter]:
                return cls(fighter=int(fighter))
        return None

    def __str__(self) -> str:
        return f"aim {self.fighter}"


@register_action
class Shoot(ActionModel):
    """A model's Shoot action with one of his weapons, one round, or up to six fanfired (R-WPN-02)."""

    kind: Literal["shoot"] = "shoot"
    fighter: FighterId
    """The model shooting."""
    target: FighterId
    """The model shot at."""
    weapon: int = 0
    """Which of his card's weapons (0 or 1)."""
    rounds: int = 1
    """Rounds fired: 1, or 2 to 6 fanfired at short range (R-WPN-02)."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "shoot", [fighter, target, weapon]:
                return cls(fighter=int(fighter), target=int(target), weapon=int(weapon))
            case "shoot", [fighter, target, weapon, rounds] if rounds.lower().startswith("x"):
                return cls(fighter=int(fighter), target=int(target), weapon=int(weapon), rounds=int(rounds[1:]))
        return None

    def __str__(self) -> str:
        fan = f" x{self.rounds}" if self.rounds != 1 else ""
        return f"shoot {self.fighter} {self.target} {self.weapon}{fan}"


@register_action
class Reload(ActionModel):
    """A model's Reload action: 3 rounds back into one weapon (R-ACT-01)."""

    kind: Literal["reload"] = "reload"
    fighter: FighterId
    """The model reloading."""
    weapon: int = 0
    """Which of his card's weapons."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "reload", [fighter, weapon]:
                return cls(fighter=int(fighter), weapon=int(weapon))
        return None

    def __str__(self) -> str:
        return f"reload {self.fighter} {self.weapon}"


@register_action
class GotYouCovered(ActionModel):
    """A model's Got You Covered! action (R-COVER-01)."""

    kind: Literal["covered"] = "covered"
    fighter: FighterId
    """The model covering."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "cover", [fighter]:
                return cls(fighter=int(fighter))
        return None

    def __str__(self) -> str:
        return f"cover {self.fighter}"


@register_action
class Mount(ActionModel):
    """A model's Mount action (R-ACT-01)."""

    kind: Literal["mount"] = "mount"
    fighter: FighterId
    """The model mounting his horse."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "mount", [fighter]:
                return cls(fighter=int(fighter))
        return None

    def __str__(self) -> str:
        return f"mount {self.fighter}"


@register_action
class Dismount(ActionModel):
    """A model's Dismount action (R-ACT-01)."""

    kind: Literal["dismount"] = "dismount"
    fighter: FighterId
    """The model getting off his horse."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "dismount", [fighter]:
                return cls(fighter=int(fighter))
        return None

    def __str__(self) -> str:
        return f"dismount {self.fighter}"


@register_action
class Courage(ActionModel):
    """A model's Get Your Courage Up! action, with a card of the hand spent on it or none (R-COUR-01)."""

    kind: Literal["courage"] = "courage"
    fighter: FighterId
    """The Lily Livered model."""
    card: str | None = None
    """The card spent: its value is added to the roll; a face card or an Ace passes outright."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "courage", [fighter]:
                return cls(fighter=int(fighter))
            case "courage", [fighter, card]:
                return cls(fighter=int(fighter), card=card.upper())
        return None

    def __str__(self) -> str:
        return f"courage {self.fighter}" + (f" {self.card}" if self.card else "")


@register_action
class Shift(ActionModel):
    """The firer of an aimed shot shifts the hit location's roll by −1, 0 or +1 (R-HIT-01)."""

    kind: Literal["shift"] = "shift"
    by: int
    """−1, 0 or +1."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "shift", [by]:
                return cls(by=int(by))
        return None

    def __str__(self) -> str:
        return f"shift {self.by:+d}" if self.by else "shift 0"


@register_action
class Snap(ActionModel):
    """Play a card higher than the shooter's initiative card to get the draw on him — a single
    un-aimed shot first with one of your weapons, or a duck of up to 3 toward cover (R-SNAP-01)."""

    kind: Literal["snap"] = "snap"
    card: str
    """The card played from hand."""
    weapon: int | None = None
    """The weapon of the snap shot (None: a duck)."""
    to: Square | None = None
    """Where the duck ends (None: a snap shot)."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "snap", [card, "shoot", weapon]:
                return cls(card=card.upper(), weapon=int(weapon))
            case "snap", [card, "duck", square]:
                return cls(card=card.upper(), to=Square.parse(square))
        return None

    def __str__(self) -> str:
        return f"snap {self.card} " + (f"shoot {self.weapon}" if self.to is None else f"duck {self.to}")
