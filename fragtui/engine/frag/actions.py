"""Frag's own actions (F-*, and Frag Tag's flag, J-TAG-03; the house rules' generic power-ups, H-*): each an
`ActionModel` of the kernel, registered (`register_action`) when this module is imported, with its notation read
by its own `parse` (`parse_action` asks every registered kind). Played by Frag, Frag Deadlands and Real-Time Frag.
The kernel's `actions.py` keeps only what every system shares (`Pass`, `EndTurn`, `Discard`, the grid's moves)."""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field

from fragtui.engine.actions import ActionModel, register_action
from fragtui.engine.board import Square
from fragtui.engine.fighters import FighterId

__all__ = [
    "Attack",
    "ChooseWeapon",
    "DrawFrom",
    "Drop",
    "DropFlag",
    "PickUp",
    "Place",
    "PlayCard",
    "Respawn",
    "RollBump",
    "RollMovement",
    "SpendBlood",
    "TakeFlag",
]


@register_action
class Place(ActionModel):
    """Set-up: put your fighter on this free respawn point (F-SETUP-03)."""

    kind: Literal["place"] = "place"
    point: int
    """The respawn point's number."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "place", [point]:
                return cls(point=int(point))
        return None

    def __str__(self) -> str:
        return f"place {self.point}"


@register_action
class Respawn(ActionModel):
    """Phase 1: roll a die and respawn on that respawn point (F-RESP-01)."""

    kind: Literal["respawn"] = "respawn"
    point: int | None = None
    """A respawn point chosen instead of rolling, when a card allows it."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "respawn", []:
                return cls()
            case "respawn", [point]:
                return cls(point=int(point))
        return None

    def __str__(self) -> str:
        return "respawn" if self.point is None else f"respawn {self.point}"


@register_action
class RollMovement(ActionModel):
    """Phase 2: roll Speed dice for movement points (F-MOVE-01)."""

    kind: Literal["roll"] = "roll"

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        return cls() if (head, rest) == ("roll", []) else None

    def __str__(self) -> str:
        return "roll"


@register_action
class Attack(ActionModel):
    """Attack a fighter in sight with a declared weapon (F-ATK-03)."""

    kind: Literal["attack"] = "attack"
    target: FighterId
    """The fighter attacked (in base Frag, numbered as his player's seat)."""
    weapon: str
    """`pistol`, a weapon in play, or a weapon card in hand that enters play as it is declared."""
    whip: bool = Field(default=False, exclude_if=lambda whip: not whip)
    """A pistol whip (house rule H-WHIP-01): the weapon card in play swung as a club at an adjacent
    fighter, no shot fired. Left out of the JSON when False, so saves of every other attack stay as
    they were."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "attack", [target, weapon]:
                return cls(target=int(target), weapon=weapon)
            case "attack", [target, weapon, "whip"]:
                return cls(target=int(target), weapon=weapon, whip=True)
        return None

    def __str__(self) -> str:
        return f"attack {self.target} {self.weapon}" + (" whip" if self.whip else "")


@register_action
class PlayCard(ActionModel):
    """Play a card from hand (into play, or for its effect at once)."""

    kind: Literal["play"] = "play"
    card: str
    """The card instance played."""
    weapon: str | None = None
    """For a reload: the weapon in play it refills."""
    to: Square | None = None
    """For a teleport card: the square teleported to."""
    target: FighterId | None = None
    """For a card played on another fighter: that fighter (in base Frag, numbered as his player's seat)."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "play", [card]:
                return cls(card=card)
            case "play", [card, "on", target]:
                return cls(card=card, target=int(target))
            case "play", [card, weapon, "on", target]:
                return cls(card=card, weapon=weapon, target=int(target))
            case "play", [card, other]:
                if "," in other:  # a square (x,y); card ids never hold a comma
                    return cls(card=card, to=Square.parse(other))
                return cls(card=card, weapon=other)
        return None

    def __str__(self) -> str:
        more = f" {self.weapon}" if self.weapon else f" {self.to}" if self.to is not None else ""
        if self.target is not None:
            more += f" on {self.target}"
        return f"play {self.card}{more}"


@register_action
class PickUp(ActionModel):
    """Pick up ONE counter in the square you entered (F-FRAG-03)."""

    kind: Literal["pick_up"] = "pick_up"
    counter: int
    """The counter's id."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "pick", ["up", counter]:
                return cls(counter=int(counter))
        return None

    def __str__(self) -> str:
        return f"pick up {self.counter}"


@register_action
class ChooseWeapon(ActionModel):
    """Take one weapon from the pile of a weapon counter (F-FRAG-05)."""

    kind: Literal["choose_weapon"] = "choose_weapon"
    card: str
    """The weapon card taken into hand."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "choose", [card]:
                return cls(card=card)
        return None

    def __str__(self) -> str:
        return f"choose {self.card}"


@register_action
class Drop(ActionModel):
    """Drop a weapon or gadget in play; it becomes a leftover in your square (F-FRAG-07)."""

    kind: Literal["drop"] = "drop"
    card: str
    """The card instance dropped."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "drop", [card] if card != "flag":  # (`drop flag` is keep-away's `DropFlag`)
                return cls(card=card)
        return None

    def __str__(self) -> str:
        return f"drop {self.card}"


@register_action
class SpendBlood(ActionModel):
    """Spend a blood counter to restore 1 lost Health (F-FRAG-04)."""

    kind: Literal["blood"] = "blood"

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        return cls() if (head, rest) == ("blood", []) else None

    def __str__(self) -> str:
        return "blood"


@register_action
class RollBump(ActionModel):
    """A bumped fighter rolls for the respawn point he is moved to (F-RESP-03)."""

    kind: Literal["bump"] = "bump"

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        return cls() if (head, rest) == ("bump", []) else None

    def __str__(self) -> str:
        return "bump"


@register_action
class DrawFrom(ActionModel):
    """Draw one card from the deck you choose (a joker's replacement, D-CARD-03; the first-player poker
    hand, D-CARD-04)."""

    kind: Literal["draw_from"] = "draw_from"
    deck: str
    """The deck's name (`weapons`, `hexes`)."""

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        match head, rest:
            case "draw", [deck]:
                return cls(deck=deck)
        return None

    def __str__(self) -> str:
        return f"draw {self.deck}"


@register_action
class TakeFlag(ActionModel):
    """Keep-away (J-TAG-03): take up the flag lying in the square you entered, as leftovers are picked up
    (F-FRAG-03), and hold it as your weapon."""

    kind: Literal["take_flag"] = "take_flag"

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        return cls() if (head, rest) == ("take", ["flag"]) else None

    def __str__(self) -> str:
        return "take flag"


@register_action
class DropFlag(ActionModel):
    """Keep-away (J-TAG-03): put the flag down in your square, to have your weapons again; nobody may take
    it up in the turn it was dropped (as a dropped card, F-FRAG-07)."""

    kind: Literal["drop_flag"] = "drop_flag"

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        return cls() if (head, rest) == ("drop", ["flag"]) else None

    def __str__(self) -> str:
        return "drop flag"
