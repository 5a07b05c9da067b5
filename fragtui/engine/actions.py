"""What a player can do: small immutable actions, one discriminated union, each with a notation.

An action is taken by a seat (the decider) and names fighters where it is about one (`Attack.target`,
`PlayCard.target`: a `FighterId`, in base Frag the number of his player's seat).

`str(action)` is the short notation used in logs and tests (`step N`, `attack 2 shotgun#1`);
`repr(action)` is a constructor you can paste back, as python-chess does for moves.
`parse_action` reads the notation back.
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache
from typing import Annotated, Any, Literal, Self, TypeAlias, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, SerializeAsAny, TypeAdapter

from fragtui.engine.board import Direction, Square
from fragtui.engine.fighters import FighterId
from fragtui.engine.geometry import Move, MoveKind
from fragtui.engine.systems import load_systems
from fragtui.errors import IllegalActionError, shown

__all__ = [
    "BUILT_IN",
    "Action",
    "ActionKind",
    "ActionModel",
    "Aim",
    "Attack",
    "Cheat",
    "ChooseSquare",
    "ChooseWeapon",
    "Courage",
    "Discard",
    "Dismount",
    "DrawFrom",
    "Drop",
    "DropFlag",
    "EndTurn",
    "GotYouCovered",
    "HoldAttack",
    "Hop",
    "Jump",
    "Keep",
    "Mount",
    "MoveTo",
    "Pass",
    "PickCard",
    "PickUp",
    "Place",
    "PlayCard",
    "Reload",
    "Respawn",
    "RollBump",
    "RollMovement",
    "Shift",
    "Shoot",
    "Snap",
    "SpendBlood",
    "Step",
    "TakeFlag",
    "action_adapter",
    "action_of_move",
    "forget_action",
    "parse_action",
    "register_action",
]


class ActionModel(BaseModel):
    """What every action is: immutable, with a `kind` (a `Literal` each class fixes, how JSON tells them apart),
    a notation (`__str__`) and a constructor for `repr`. A rule system defines its own actions as subclasses and
    registers them (`register_action`); the kernel's are registered here."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        """The action of this kind that the notation's first word `head` and the other words `rest` spell, or
        None when they spell none (a registered action's own notation, read by `parse_action`)."""
        return None

    def __repr__(self) -> str:
        """A constructor you can paste back: `Step(direction='n')`, `Hop(to=Square.parse('3,4'))`."""
        fields = ", ".join(
            f"{name}={_pasteable(value)}"
            for name, value in self.__dict__.items()
            if name != "kind" and value is not None and value is not False  # (an `Attack` that is no whip)
        )
        return f"{type(self).__name__}({fields})"


def _pasteable(value: object) -> str:
    if isinstance(value, Square):
        return f"Square.parse({str(value)!r})"
    if isinstance(value, Enum):
        return repr(value.value)
    return repr(value)


class Place(ActionModel):
    """Set-up: put your fighter on this free respawn point (F-SETUP-03)."""

    kind: Literal["place"] = "place"
    point: int
    """The respawn point's number."""

    def __str__(self) -> str:
        return f"place {self.point}"


class Respawn(ActionModel):
    """Phase 1: roll a die and respawn on that respawn point (F-RESP-01)."""

    kind: Literal["respawn"] = "respawn"
    point: int | None = None
    """A respawn point chosen instead of rolling, when a card allows it."""

    def __str__(self) -> str:
        return "respawn" if self.point is None else f"respawn {self.point}"


class RollMovement(ActionModel):
    """Phase 2: roll Speed dice for movement points (F-MOVE-01)."""

    kind: Literal["roll"] = "roll"

    def __str__(self) -> str:
        return "roll"


class Step(ActionModel):
    """Move one square orthogonally for 1 point (F-MOVE-02)."""

    kind: Literal["step"] = "step"
    direction: Direction
    """N, E, S or W."""

    def __str__(self) -> str:
        return f"step {self.direction}"


class Jump(ActionModel):
    """Jump in a straight line, 2 points a square (F-JUMP-01..04)."""

    kind: Literal["jump"] = "jump"
    direction: Direction
    """N, E, S or W."""
    distance: int
    """Squares jumped (2 up to Speed)."""

    def __str__(self) -> str:
        return f"jump {self.direction} {self.distance}"


class Hop(ActionModel):
    """From a teleporter square to another teleporter square for 1 point (F-MAP-05)."""

    kind: Literal["hop"] = "hop"
    to: Square
    """The teleporter square arrived at."""

    def __str__(self) -> str:
        return f"hop {self.to}"


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

    def __str__(self) -> str:
        return f"attack {self.target} {self.weapon}" + (" whip" if self.whip else "")


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

    def __str__(self) -> str:
        more = f" {self.weapon}" if self.weapon else f" {self.to}" if self.to is not None else ""
        if self.target is not None:
            more += f" on {self.target}"
        return f"play {self.card}{more}"


class PickUp(ActionModel):
    """Pick up ONE counter in the square you entered (F-FRAG-03)."""

    kind: Literal["pick_up"] = "pick_up"
    counter: int
    """The counter's id."""

    def __str__(self) -> str:
        return f"pick up {self.counter}"


class ChooseWeapon(ActionModel):
    """Take one weapon from the pile of a weapon counter (F-FRAG-05)."""

    kind: Literal["choose_weapon"] = "choose_weapon"
    card: str
    """The weapon card taken into hand."""

    def __str__(self) -> str:
        return f"choose {self.card}"


class Drop(ActionModel):
    """Drop a weapon or gadget in play; it becomes a leftover in your square (F-FRAG-07)."""

    kind: Literal["drop"] = "drop"
    card: str
    """The card instance dropped."""

    def __str__(self) -> str:
        return f"drop {self.card}"


class SpendBlood(ActionModel):
    """Spend a blood counter to restore 1 lost Health (F-FRAG-04)."""

    kind: Literal["blood"] = "blood"

    def __str__(self) -> str:
        return "blood"


class Pass(ActionModel):
    """Decline a reaction or a last chance: play nothing."""

    kind: Literal["pass"] = "pass"

    def __str__(self) -> str:
        return "pass"


class RollBump(ActionModel):
    """A bumped fighter rolls for the respawn point he is moved to (F-RESP-03)."""

    kind: Literal["bump"] = "bump"

    def __str__(self) -> str:
        return "bump"


class Discard(ActionModel):
    """Discard a card from hand (at the end of your turn, down to 5: F-CARD-03)."""

    kind: Literal["discard"] = "discard"
    card: str
    """The card instance discarded."""

    def __str__(self) -> str:
        return f"discard {self.card}"


class HoldAttack(ActionModel):
    """Hold one attack for a turn not your own, to open a shootout with it (D-SHOOT-01)."""

    kind: Literal["hold"] = "hold"

    def __str__(self) -> str:
        return "hold"


class Cheat(ActionModel):
    """Use your fighter's "Cheatin'" ability, paying with the cards it asks for (Frag Deadlands, D-FTR-*):
    the Huckster's two cards for the top hex of the discard pile, the Saloon Gal's one card for a die."""

    kind: Literal["cheat"] = "cheat"
    cards: tuple[str, ...] = ()
    """The card instances from hand the ability costs (none for an ability that costs nothing)."""

    def __str__(self) -> str:
        return " ".join(("cheat", *self.cards))


class DrawFrom(ActionModel):
    """Draw one card from the deck you choose (a joker's replacement, D-CARD-03; the first-player poker
    hand, D-CARD-04)."""

    kind: Literal["draw_from"] = "draw_from"
    deck: str
    """The deck's name (`weapons`, `hexes`)."""

    def __str__(self) -> str:
        return f"draw {self.deck}"


class Keep(ActionModel):
    """Keep this card of several drawn; the rest are discarded (the first-player poker hand, D-CARD-04)."""

    kind: Literal["keep"] = "keep"
    card: str
    """The card instance kept."""

    def __str__(self) -> str:
        return f"keep {self.card}"


class ChooseSquare(ActionModel):
    """Choose a square the rules ask for (the gallows square a hanged fighter goes to, D-GAL-01)."""

    kind: Literal["choose_square"] = "choose_square"
    to: Square
    """The square chosen."""

    def __str__(self) -> str:
        return f"square {self.to}"


class TakeFlag(ActionModel):
    """Keep-away (J-TAG-03): take up the flag lying in the square you entered, as leftovers are picked up
    (F-FRAG-03), and hold it as your weapon."""

    kind: Literal["take_flag"] = "take_flag"

    def __str__(self) -> str:
        return "take flag"


class DropFlag(ActionModel):
    """Keep-away (J-TAG-03): put the flag down in your square, to have your weapons again; nobody may take
    it up in the turn it was dropped (as a dropped card, F-FRAG-07)."""

    kind: Literal["drop_flag"] = "drop_flag"

    def __str__(self) -> str:
        return "drop flag"


class EndTurn(ActionModel):
    """Phase 4: declare you are done; the next player's turn begins."""

    kind: Literal["end"] = "end"

    def __str__(self) -> str:
        return "end"


# -- Ruthless (R-*): actions of a posse's models, each naming the model it is for -----------------------


class PickCard(ActionModel):
    """Ruthless: pick a card of your hand face down for initiative (R-SEQ-01)."""

    kind: Literal["pick_card"] = "pick_card"
    card: str
    """The playing card (`AS`, `10H`)."""

    def __str__(self) -> str:
        return f"pick {self.card}"


class MoveTo(ActionModel):
    """Ruthless: a model's Move action, to a square within his move (R-MOVE-01)."""

    kind: Literal["move_to"] = "move_to"
    fighter: FighterId
    """The model moving."""
    to: Square
    """Where he ends the move."""

    def __str__(self) -> str:
        return f"move {self.fighter} {self.to}"


class Aim(ActionModel):
    """Ruthless: a model's Aim action: +1 on his next shot, its hit location his to shift (R-SHOOT-01, R-HIT-01)."""

    kind: Literal["aim"] = "aim"
    fighter: FighterId
    """The model aiming."""

    def __str__(self) -> str:
        return f"aim {self.fighter}"


class Shoot(ActionModel):
    """Ruthless: a model's Shoot action with one of his weapons, one round, or up to six fanfired (R-WPN-02)."""

    kind: Literal["shoot"] = "shoot"
    fighter: FighterId
    """The model shooting."""
    target: FighterId
    """The model shot at."""
    weapon: int = 0
    """Which of his card's weapons (0 or 1)."""
    rounds: int = 1
    """Rounds fired: 1, or 2 to 6 fanfired at short range (R-WPN-02)."""

    def __str__(self) -> str:
        fan = f" x{self.rounds}" if self.rounds != 1 else ""
        return f"shoot {self.fighter} {self.target} {self.weapon}{fan}"


class Reload(ActionModel):
    """Ruthless: a model's Reload action: 3 rounds back into one weapon (R-ACT-01)."""

    kind: Literal["reload"] = "reload"
    fighter: FighterId
    """The model reloading."""
    weapon: int = 0
    """Which of his card's weapons."""

    def __str__(self) -> str:
        return f"reload {self.fighter} {self.weapon}"


class GotYouCovered(ActionModel):
    """Ruthless: a model's Got You Covered! action (R-COVER-01)."""

    kind: Literal["covered"] = "covered"
    fighter: FighterId
    """The model covering."""

    def __str__(self) -> str:
        return f"cover {self.fighter}"


class Mount(ActionModel):
    """Ruthless: a model's Mount action (R-ACT-01)."""

    kind: Literal["mount"] = "mount"
    fighter: FighterId
    """The model mounting his horse."""

    def __str__(self) -> str:
        return f"mount {self.fighter}"


class Dismount(ActionModel):
    """Ruthless: a model's Dismount action (R-ACT-01)."""

    kind: Literal["dismount"] = "dismount"
    fighter: FighterId
    """The model getting off his horse."""

    def __str__(self) -> str:
        return f"dismount {self.fighter}"


class Courage(ActionModel):
    """Ruthless: a model's Get Your Courage Up! action, with a card of the hand spent on it or none (R-COUR-01)."""

    kind: Literal["courage"] = "courage"
    fighter: FighterId
    """The Lily Livered model."""
    card: str | None = None
    """The card spent: its value is added to the roll; a face card or an Ace passes outright."""

    def __str__(self) -> str:
        return f"courage {self.fighter}" + (f" {self.card}" if self.card else "")


class Shift(ActionModel):
    """Ruthless: the firer of an aimed shot shifts the hit location's roll by −1, 0 or +1 (R-HIT-01)."""

    kind: Literal["shift"] = "shift"
    by: int
    """−1, 0 or +1."""

    def __str__(self) -> str:
        return f"shift {self.by:+d}" if self.by else "shift 0"


class Snap(ActionModel):
    """Ruthless: play a card higher than the shooter's initiative card to get the draw on him — a single
    un-aimed shot first with one of your weapons, or a duck of up to 3 toward cover (R-SNAP-01)."""

    kind: Literal["snap"] = "snap"
    card: str
    """The card played from hand."""
    weapon: int | None = None
    """The weapon of the snap shot (None: a duck)."""
    to: Square | None = None
    """Where the duck ends (None: a snap shot)."""

    def __str__(self) -> str:
        return f"snap {self.card} " + (f"shoot {self.weapon}" if self.to is None else f"duck {self.to}")


BUILT_IN: tuple[type[ActionModel], ...] = (
    Place,
    Respawn,
    RollMovement,
    Step,
    Jump,
    Hop,
    Attack,
    PlayCard,
    PickUp,
    ChooseWeapon,
    Drop,
    SpendBlood,
    Pass,
    RollBump,
    Discard,
    HoldAttack,
    Cheat,
    DrawFrom,
    Keep,
    ChooseSquare,
    TakeFlag,
    DropFlag,
    PickCard,
    MoveTo,
    Aim,
    Shoot,
    Reload,
    GotYouCovered,
    Mount,
    Dismount,
    Courage,
    Shift,
    Snap,
    EndTurn,
)
"""The actions `parse_action` reads by its own notation (the systems shipped with fragtui)."""

_ACTIONS: dict[str, type[ActionModel]] = {}
"""Every action's class by its `kind`: the built-in ones and those a rule system registers."""

_REGISTERED: list[type[ActionModel]] = []
"""The actions rule systems registered (`register_action`), whose notation each class reads (`ActionModel.parse`)."""

_A = TypeVar("_A", bound=ActionModel)


def _kind_of(cls: type[ActionModel]) -> str:
    kind = cls.model_fields["kind"].default if "kind" in cls.model_fields else None
    if not isinstance(kind, str) or not kind:
        raise TypeError(f"{cls.__qualname__}.kind must default to its kind's name (a Literal), not {kind!r}")
    return kind


def register_action(cls: type[_A]) -> type[_A]:
    """Make a rule system's own kind of action known (a class decorator): saves, scenarios and logs holding it
    validate into it, and `parse_action` reads its notation (`ActionModel.parse`). Two classes of one kind are
    refused: JSON could not tell them apart."""
    kind = _kind_of(cls)
    known = _ACTIONS.get(kind)
    if known is not None and known is not cls:
        raise ValueError(f"two actions are of kind {kind!r}: {known.__qualname__} and {cls.__qualname__}")
    _ACTIONS[kind] = cls
    if cls not in _REGISTERED and cls not in BUILT_IN:
        _REGISTERED.append(cls)
    return cls


def forget_action(cls: type[ActionModel]) -> None:
    """Take a registered kind out again (tests register rule systems of their own and clean up after)."""
    if cls in BUILT_IN:
        raise ValueError(f"{cls.__qualname__} is one of the kernel's actions")
    _ACTIONS.pop(_kind_of(cls), None)
    if cls in _REGISTERED:
        _REGISTERED.remove(cls)


for _built_in in BUILT_IN:
    register_action(_built_in)


def _as_action(value: Any) -> Any:
    """An action as written (a mapping with its `kind`) into its registered class; an action object as it is."""
    if isinstance(value, dict):
        kind = value.get("kind")
        cls = _ACTIONS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            load_systems()  # a system registers its actions when imported
            cls = _ACTIONS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            what = shown(str(kind)) if isinstance(kind, str) else "with no kind"
            raise ValueError(f"unknown action {what}")
        return cls.model_validate(value)
    return value


Action = Annotated[SerializeAsAny[ActionModel], BeforeValidator(_as_action)]
"""Any action, of any kind registered (`register_action`); validated from JSON by its `kind`."""


@lru_cache(maxsize=1 << 16)
def action_of_move(move: Move) -> Action:
    """The action that makes one move of a route (a step, a jump, or a teleporter hop).

    Cached: the legal actions of every decision in phase 3 start with one per move, and a board has
    only so many moves (actions are immutable, so the same one can be handed out again and again).
    """
    if move.kind is MoveKind.STEP:
        assert move.direction is not None
        return Step(direction=move.direction)
    if move.kind is MoveKind.JUMP:
        assert move.direction is not None
        return Jump(direction=move.direction, distance=move.distance)
    return Hop(to=move.to)


ActionKind: TypeAlias = type[ActionModel]
"""One kind of action, as its class (`Step`, `Attack`): what a phase of a turn allows
(`fragtui.engine.turn_structure.PhaseSpec.allows`)."""

action_adapter: TypeAdapter[Action] = TypeAdapter(Action)
"""Validates and serialises actions (saves store them as JSON)."""


def parse_action(text: str) -> Action:
    """Read an action's notation back: `step N`, `jump E 2`, `attack 1 pistol`, `play teleport#1 3,4`.

    Raises `IllegalActionError` naming the text when it is not an action's notation.
    """
    words = text.split()
    if not words:
        raise IllegalActionError("an empty action")
    head, rest = words[0].lower(), words[1:]
    try:
        match head, rest:
            case "place", [point]:
                return Place(point=int(point))
            case "respawn", []:
                return Respawn()
            case "respawn", [point]:
                return Respawn(point=int(point))
            case "roll", []:
                return RollMovement()
            case "step", [direction]:
                return Step(direction=Direction(direction.lower()))
            case "jump", [direction, distance]:
                return Jump(direction=Direction(direction.lower()), distance=int(distance))
            case "hop", [square]:
                return Hop(to=Square.parse(square))
            case "attack", [target, weapon]:
                return Attack(target=int(target), weapon=weapon)
            case "attack", [target, weapon, "whip"]:
                return Attack(target=int(target), weapon=weapon, whip=True)
            case "play", [card]:
                return PlayCard(card=card)
            case "play", [card, "on", target]:
                return PlayCard(card=card, target=int(target))
            case "play", [card, weapon, "on", target]:
                return PlayCard(card=card, weapon=weapon, target=int(target))
            case "play", [card, other]:
                if "," in other:  # a square (x,y); card ids never hold a comma
                    return PlayCard(card=card, to=Square.parse(other))
                return PlayCard(card=card, weapon=other)
            case "pick", ["up", counter]:
                return PickUp(counter=int(counter))
            case "choose", [card]:
                return ChooseWeapon(card=card)
            case "drop", ["flag"]:
                return DropFlag()
            case "take", ["flag"]:
                return TakeFlag()
            case "drop", [card]:
                return Drop(card=card)
            case "blood", []:
                return SpendBlood()
            case "pass", []:
                return Pass()
            case "bump", []:
                return RollBump()
            case "discard", [card]:
                return Discard(card=card)
            case "hold", []:
                return HoldAttack()
            case "cheat", cards:
                return Cheat(cards=tuple(cards))
            case "draw", [deck]:
                return DrawFrom(deck=deck)
            case "keep", [card]:
                return Keep(card=card)
            case "square", [square]:
                return ChooseSquare(to=Square.parse(square))
            case "pick", [card]:
                return PickCard(card=card.upper())
            case "move", [fighter, square]:
                return MoveTo(fighter=int(fighter), to=Square.parse(square))
            case "aim", [fighter]:
                return Aim(fighter=int(fighter))
            case "shoot", [fighter, target, weapon]:
                return Shoot(fighter=int(fighter), target=int(target), weapon=int(weapon))
            case "shoot", [fighter, target, weapon, rounds] if rounds.lower().startswith("x"):
                return Shoot(fighter=int(fighter), target=int(target), weapon=int(weapon), rounds=int(rounds[1:]))
            case "reload", [fighter, weapon]:
                return Reload(fighter=int(fighter), weapon=int(weapon))
            case "cover", [fighter]:
                return GotYouCovered(fighter=int(fighter))
            case "mount", [fighter]:
                return Mount(fighter=int(fighter))
            case "dismount", [fighter]:
                return Dismount(fighter=int(fighter))
            case "courage", [fighter]:
                return Courage(fighter=int(fighter))
            case "courage", [fighter, card]:
                return Courage(fighter=int(fighter), card=card.upper())
            case "shift", [by]:
                return Shift(by=int(by))
            case "snap", [card, "shoot", weapon]:
                return Snap(card=card.upper(), weapon=int(weapon))
            case "snap", [card, "duck", square]:
                return Snap(card=card.upper(), to=Square.parse(square))

            case "end", []:
                return EndTurn()
    except ValueError as exc:  # (a word the kernel's notation cannot read may be a system's: `step forward`)
        unread: ValueError | None = exc
    else:
        unread = None
    try:
        for kind in _REGISTERED:  # (a rule system's own actions read their own notation)
            found = kind.parse(head, rest)
            if found is not None:
                return found
    except ValueError as exc:
        unread = exc
    if unread is not None:
        raise IllegalActionError(f"cannot read the action {shown(text)}: {unread}") from None
    raise IllegalActionError(f"cannot read the action {shown(text)}")
