"""Cards: what a card is, what it does, and the set of cards a game is played with.

A card definition (`CardDef`) is data: numbers (damage dice, extra damage, ammo), when it may be
played, and an effect built from a small vocabulary (`Effect`) that the rules execute. No card
text is ever parsed at run time: the text is for players, the effects are for the engine. A new
card is a new entry in `cards/*.toml`; only a new *kind* of effect needs code, and an effect too
odd for the vocabulary names a registered handler (`Handler`).

Physical cards are *instances*: `shotgun#2` is the second copy of the card `shotgun`. The game
state holds instance ids only, so that every card can be followed from deck to hand to play to
discard pile, and counted (no card is created or lost).

Decks are data too: a card set declares its decks (`DeckDef`; base Frag's three, `FRAG_DECKS`, by
default), each with its own draw and discard pile, and a card names the deck it is shuffled into.
What a card *is* (`CardKind`: weapon, gadget, special) is apart from that deck: a Frag Deadlands hex
is a special card from a hexes deck of its own. A card may carry a playing card's suit and rank, or
be a joker (`fragtui.engine.playing_cards`); base Frag's cards carry none.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from fragtui.engine.playing_cards import PlayingCard, Rank, Suit
from fragtui.engine.text import PrintableLines, PrintableStr
from fragtui.errors import shown

__all__ = [
    "DECK_NAME",
    "FRAG_DECKS",
    "GADGETS_DECK",
    "PISTOL",
    "SPECIALS_DECK",
    "WEAPONS_DECK",
    "AlteredCard",
    "Armor",
    "CancelHit",
    "CardDef",
    "CardKind",
    "CardSet",
    "DeckDef",
    "Draw",
    "Effect",
    "ExtraAttack",
    "ExtraMovement",
    "Flag",
    "FlagName",
    "Handler",
    "Heal",
    "Hurt",
    "Letter",
    "Malfunction",
    "MalfunctionKind",
    "ModStat",
    "Modify",
    "Outcome",
    "PartingShot",
    "Reload",
    "Scope",
    "Shield",
    "Skip",
    "Sure",
    "TakeOutOfPlay",
    "Teleport",
    "Trigger",
    "TriggerOn",
    "Triggered",
    "TurnPart",
    "Use",
    "card_id",
    "deck_problem",
    "standard_deck",
]

PISTOL = "pistol"
"""The starting pistol every fighter carries: not a card, 2 dice, unlimited ammo (F-ATK-03, F-ATK-05)."""
PISTOL_DAMAGE = 2
"""Damage dice of the starting pistol."""


class Outcome(StrEnum):
    """How a card settles an attack without a to-hit roll (`Sure`, F-CARD-10); card files spell it `hit`/`miss`."""

    HIT = "hit"
    MISS = "miss"


class TriggerOn(StrEnum):
    """When a card's `Trigger` acts, and what the engine fires (`Combat.fire_triggers`); card files spell the values."""

    HIT = "hit"
    """Its holder hits (with this weapon, for a weapon card)."""
    FRAG = "frag"
    """Its holder scores a frag."""
    TURN_START = "turn_start"
    """Its holder's turn begins."""


class TurnPart(StrEnum):
    """A part of a turn a fighter can lose (`Skip`: lag, a tranquilizer dart); kept in Frag's `PlayerState.skips`."""

    MOVEMENT = "movement"
    """No movement points."""
    ATTACKS = "attacks"
    """No attacks."""
    TURN = "turn"
    """The whole turn passes."""

    @property
    def lost_words(self) -> str:
        """What the fighter loses, in the log's words (`their next movement`)."""
        return f"their next {self.value}"


class CardKind(StrEnum):
    """What a card is, which decides where it goes when played: a weapon joins the weapons in play
    (F-CARD-05), a gadget the gadgets (F-CARD-07), a special the specials (F-CARD-08). It is not the
    deck the card is drawn from: each deck says which kind it deals (`DeckDef.deals`), and a deck of
    Frag Deadlands' hexes is a deck of its own."""

    WEAPON = "weapon"
    GADGET = "gadget"
    SPECIAL = "special"
    PLAYING = "playing"
    """A plain playing card (Ruthless's initiative deck, R-SEQ-01): held, shown and discarded, never
    put in play; it has a suit and rank (or is a joker) and no effects."""


DECK_NAME = r"^[a-z][a-z0-9-]*$"
"""How a deck's name is written: its key in the game state's piles and in card files."""


class DeckDef(BaseModel):
    """One deck a card set is played with, and its discard pile (F-SETUP-02, F-CARD-01).

    Decks are data: a card set declares them (base Frag's three, `FRAG_DECKS`, when its files declare
    none; Frag Deadlands four, Ruthless one 52-card deck), and the rules deal, draw and reshuffle
    whichever decks the set has."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=DECK_NAME, max_length=40)
    """Its key: card files' `deck = "…"`, the game state's draw and discard piles (`weapons`)."""
    singular: PrintableStr = Field(min_length=1, max_length=40)
    """One of its cards in the log's words: `draws a weapon card`."""
    plural: PrintableStr = Field(min_length=1, max_length=40)
    """The deck in the log's words: `the weapons deck`, `the weapons discard pile`."""
    deals: CardKind
    """The kind of card it deals: every card of the deck is of this kind."""


WEAPONS_DECK = DeckDef(name="weapons", singular="weapon", plural="weapons", deals=CardKind.WEAPON)
"""Base Frag's weapons deck (F-SETUP-02); power-up squares of W draw from it (F-PWR-01)."""
GADGETS_DECK = DeckDef(name="gadgets", singular="gadget", plural="gadgets", deals=CardKind.GADGET)
"""Base Frag's gadgets deck; power-up squares of G draw from it (F-PWR-01)."""
SPECIALS_DECK = DeckDef(name="specials", singular="special", plural="specials", deals=CardKind.SPECIAL)
"""Base Frag's specials deck; a frag draws from it (F-FRAG-02)."""
FRAG_DECKS = (WEAPONS_DECK, GADGETS_DECK, SPECIALS_DECK)
"""Base Frag's three decks, in the order they are dealt (F-SETUP-02): a card set whose files declare
no deck has these."""
_FRAG_KINDS = {deck.name: deck.deals for deck in FRAG_DECKS}
"""The kind a card of one of Frag's decks is, when its definition does not say."""


class Letter(StrEnum):
    """The letter printed on a gadget: what it affects (F-CARD-07)."""

    A = "A"
    """Armor."""
    H = "H"
    """Health."""
    W = "W"
    """Weapon."""
    M = "M"
    """Movement."""


class Use(StrEnum):
    """When a card may be played and where it goes afterwards."""

    KEEP = "keep"
    """Played in your turn and stays in play in front of you (weapons, armor, most gadgets, timed specials)."""
    ONCE = "once"
    """Played in your turn, does its effect at once and is discarded (a medpack, a reload)."""
    MOVEMENT = "movement"
    """Declared instead of rolling for movement (a teleport card, F-TURN-01), then discarded."""
    REACTION = "reaction"
    """Played out of turn by a fighter who has just been hit, before damage is rolled (F-META-02)."""
    FRAGGED = "fragged"
    """Played at your last chance, when your fighter is about to be fragged (a parting shot)."""


class ModStat(StrEnum):
    """What a `Modify` effect changes."""

    HEALTH = "health"
    SPEED = "speed"
    ACCURACY = "accuracy"
    ATTACKS = "attacks"
    """Attacks per turn, on top of Accuracy / 2 rounded up (F-ATK-01)."""
    MOVEMENT = "movement"
    """Movement points, on top of the Speed dice rolled (F-MOVE-01)."""
    DAMAGE = "damage"
    """Damage dice of every weapon the fighter fires (the pistol included)."""
    WEAPON_SLOTS = "weapon_slots"
    """Weapons allowed in play, on top of Health + 1 (F-CARD-05): a backpack."""
    AMMO_COST = "ammo_cost"
    """Ammo one attack uses; `multiply = 0` makes every shot free."""


class Scope(StrEnum):
    """Whom an effect reaches (F-CARD-09: some specials affect all players)."""

    SELF = "self"
    """The fighter who played it."""
    ALL = "all"
    """Every fighter in the game, the one who played it included."""
    WEAPON = "weapon"
    """Only attacks with the weapon the card is attached to (it is played onto a weapon in play)."""


class _Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Modify(_Effect):
    """Change a stat while the card is in play: multiply first, then add (F-META-03)."""

    kind: Literal["modify"] = "modify"
    stat: ModStat
    """The stat changed."""
    add: int = 0
    """Added after every multiplication (may be negative)."""
    multiply: int = Field(default=1, ge=0)
    """Multiplies the stat before anything is added."""
    scope: Scope = Scope.SELF
    """Whom it reaches."""


class Armor(_Effect):
    """A suit of armor: adds Health until that much Health damage is taken (F-ATK-09)."""

    kind: Literal["armor"] = "armor"
    bonus: int = Field(ge=1)
    """Health added; the armor is discarded once its wearer has taken this much damage."""


class Heal(_Effect):
    """Restore lost Health at once (never above maximum); also a cure at Health 0 (F-FRAG-01)."""

    kind: Literal["heal"] = "heal"
    amount: int | None = Field(default=None, ge=1)
    """Health restored; None restores all of it."""


class Reload(_Effect):
    """Refill a weapon in play (F-ATK-04: an empty weapon fires again only after a reload)."""

    kind: Literal["reload"] = "reload"
    amount: int | None = Field(default=None, ge=1)
    """Ammo added; None refills it to the weapon's full load."""
    every: bool = False
    """Reload every weapon in play (of every fighter, with `scope = "all"`) instead of one chosen."""
    scope: Scope = Scope.SELF
    """With `every`: whose weapons."""


class Draw(_Effect):
    """Draw cards at once."""

    kind: Literal["draw"] = "draw"
    deck: str = Field(pattern=DECK_NAME)
    """The deck drawn from, by name (one the card set declares)."""
    count: int = Field(default=1, ge=1)
    """How many cards."""


class Teleport(_Effect):
    """Put your fighter on any square of the map instead of moving; an occupant is bumped (F-RESP-03)."""

    kind: Literal["teleport"] = "teleport"


class CancelHit(_Effect):
    """The hit just scored against you is cancelled: no damage is rolled and none of its on-hit effects
    happen (F-META-02)."""

    kind: Literal["cancel_hit"] = "cancel_hit"


class TakeOutOfPlay(_Effect):
    """The fighter who hit you leaves the board until his next turn; his attack does nothing, to you or to
    anyone its blast caught (F-META-02)."""

    kind: Literal["take_out_of_play"] = "take_out_of_play"


class Sure(_Effect):
    """Attacks hit, or miss, without a to-hit roll; contradictions go to the last card played (F-CARD-10)."""

    kind: Literal["sure"] = "sure"
    outcome: Outcome
    """What happens to the attack."""
    against: Literal["mine", "me"]
    """`mine`: the attacks this fighter makes; `me`: the attacks made on this fighter."""


class ExtraAttack(_Effect):
    """Attacks at once: more attacks this turn."""

    kind: Literal["extra_attack"] = "extra_attack"
    count: int = Field(default=1, ge=1)
    """How many attacks are added to this turn's."""


class ExtraMovement(_Effect):
    """Movement points at once, on top of those rolled."""

    kind: Literal["extra_movement"] = "extra_movement"
    points: int = Field(ge=1)
    """Points added to this turn's movement."""


class Shield(_Effect):
    """Each hit (or acid burn) costs less Health while the card is in play."""

    kind: Literal["shield"] = "shield"
    reduce: int = Field(default=1, ge=1)
    """Health each hit costs less (never below 0)."""
    against: Literal["attacks", "acid", "all"] = "attacks"
    """What it stops: fighters' attacks, acid, or both."""
    capacity: int | None = Field(default=None, ge=1)
    """The card is discarded once it has stopped this much Health; None = it lasts."""


class FlagName(StrEnum):
    """Rules a card lets its holder break (F-CARD-10: cards override rules)."""

    SEE_THROUGH_FIGHTERS = "see_through_fighters"
    """Other fighters do not block his line of sight (F-ATK-02)."""
    PIERCING = "piercing"
    """His attacks ignore armor: it neither adds defence dice nor takes the damage (F-ATK-09)."""
    CHOOSE_RESPAWN = "choose_respawn"
    """He chooses his respawn point instead of rolling for it (F-RESP-01)."""


class Flag(_Effect):
    """A rule its holder may break while the card is in play."""

    kind: Literal["flag"] = "flag"
    flag: FlagName
    """Which rule."""


class Skip(_Effect):
    """The fighter it reaches loses part of his next turn (lag, a tranquilizer dart)."""

    kind: Literal["skip"] = "skip"
    phase: TurnPart
    """`movement`: no movement points; `attacks`: no attacks; `turn`: the whole turn passes."""


class Hurt(_Effect):
    """The fighter it reaches loses Health at once, with no roll (poison, shrapnel). In an on-hit trigger
    it is part of the hit: added to the hit's damage, shields and armor taking their share."""

    kind: Literal["hurt"] = "hurt"
    amount: int = Field(ge=1)
    """Health lost."""


class PartingShot(_Effect):
    """About to be fragged, the fighter makes one last attack on whoever fragged him."""

    kind: Literal["parting_shot"] = "parting_shot"


Triggered = Annotated[
    Heal | Draw | ExtraAttack | ExtraMovement | Skip | Hurt | Reload,
    Field(discriminator="kind"),
]
"""What a trigger may do. `skip` and `hurt` reach the other fighter (the one hit or fragged);
the rest reach the card's holder."""


class Trigger(_Effect):
    """Effects that happen when something happens, while the card is in play."""

    kind: Literal["trigger"] = "trigger"
    on: TriggerOn
    """`hit`: its holder hits (with this weapon, for a weapon card); `frag`: its holder scores a frag;
    `turn_start`: its holder's turn begins."""
    effects: tuple[Triggered, ...] = Field(min_length=1)
    """What happens."""


class Handler(_Effect):
    """An effect the vocabulary cannot say: a function registered in code under this name."""

    kind: Literal["handler"] = "handler"
    name: str = Field(min_length=1)
    """The registered handler's name."""


Effect = Annotated[
    Modify
    | Armor
    | Heal
    | Reload
    | Draw
    | Teleport
    | CancelHit
    | TakeOutOfPlay
    | Sure
    | ExtraAttack
    | ExtraMovement
    | Shield
    | Flag
    | Skip
    | Hurt
    | PartingShot
    | Trigger
    | Handler,
    Field(discriminator="kind"),
]
"""One effect of the vocabulary (a card has a list of them)."""


class MalfunctionKind(StrEnum):
    """What a Frag Deadlands weapon does when it malfunctions (D-CARD-05); card files spell the values."""

    JAM = "jam"
    """It jams: no more attacks with it this turn."""
    EMPTY = "empty"
    """It loses `amount` ammo (all of it when no amount is printed)."""
    BREAK = "break"
    """It breaks: discarded from play at once."""
    BACKFIRE = "backfire"
    """It backfires: its holder loses `amount` Health, with no roll."""
    DUD = "dud"
    """The shot fizzles: the damage of this attack is 0."""


class Malfunction(BaseModel):
    """The malfunction rule printed on a Frag Deadlands weapon (D-CARD-05): if any damage die comes up 1
    — or at least `ones` of them, when the card says more — the weapon does `kind`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: MalfunctionKind
    """What happens."""
    amount: int | None = Field(default=None, ge=1, le=20)
    """For `empty`: ammo lost (None: all of it); for `backfire`: Health its holder loses (None: 1)."""
    ones: int = Field(default=1, ge=1, le=6)
    """How many damage dice must come up 1 for it to malfunction."""


def _absent(value: object) -> bool:
    """A suit, rank or joker mark a card does not have: left out of its JSON, so base Frag's cards
    (which have none) dump, and fingerprint, as they did before playing cards existed."""
    return value is None or value is False


RankField = Annotated[Rank, BeforeValidator(Rank.parse), PlainSerializer(lambda rank: rank.symbol, return_type=str)]
"""A rank as card files write it (`2`…`10`, `J`, `Q`, `K`, `A`), dumped the same way."""


class AlteredCard(BaseModel):
    """A card's altered text (Jeremehovah's altered cards, J-ALT-01/02): what changes when a game plays
    it instead of the printed card (the `altered-cards` option). A card file writes it as the card's
    `[card.altered]` table: its rule, its text, and only the numbers and effects that change; whatever
    it leaves out is as printed. The loader checks the altered card as any card and hands it to the
    card set beside the printed one (`CardSet.altered`): the printed card's own definition, and so the
    set's fingerprint in saves, does not hold it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str = Field(pattern=r"^[A-Z]+(-[A-Z]+)*-[0-9]+$")
    """The rule ID of the altered text (`J-ALT-01`): the card file says which rule the altered card plays
    (docs/rulings.md, "Frag Tag — altered cards"), and a table without one is refused."""
    text: PrintableLines = Field(min_length=1)
    """The altered rules text players read in place of the printed one."""
    damage: int | None = Field(default=None, ge=0)
    """Damage dice, if they change."""
    extra_damage: int | None = Field(default=None, ge=0)
    """Extra damage on every hit, if it changes."""
    ammo: int | None = Field(default=None, ge=1)
    """A full load, if it changes."""
    ammo_per_shot: int | None = Field(default=None, ge=1)
    """Ammo one attack uses, if it changes."""
    shots_per_ammo: int | None = Field(default=None, ge=1)
    """Attacks one ammo pays for, if it changes (J-ALT-02: 2, each ammo counts as two shots)."""
    min_range: int | None = Field(default=None, ge=1)
    """The nearest target, if it changes."""
    max_range: int | None = Field(default=None, ge=1)
    """The farthest target, if it changes."""
    range_cap: int | None = Field(default=None, ge=1)
    """The range a farther target counts as for the to-hit roll, if it changes (J-ALT-01: 10)."""
    area: bool | None = None
    """Whether a hit blasts the squares beside the target, if it changes."""
    piercing: bool | None = None
    """Whether its attacks ignore armor, if it changes."""
    effects: tuple[Effect, ...] | None = None
    """Its effects, if they change (the whole list, in place of the printed one)."""

    def applied_to(self, card: CardDef) -> CardDef:
        """The card `card` as this altered text plays it: the printed card with the text, numbers and
        effects it sets in place of its own (a `ValidationError` if that makes no card)."""
        changes = {name: getattr(self, name) for name in self.model_fields_set if name != "rule"}
        printed = {name: getattr(card, name) for name in type(card).model_fields}
        return CardDef.model_validate(printed | changes | {"text": self.text})


class CardDef(BaseModel):
    """One card as printed: the same for every copy of it in the decks."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=64)
    """Short unique name, lower case with dashes (`heavy-armor`), at most 64 characters; instances are `id#n`."""
    deck: str = Field(pattern=DECK_NAME)
    """The deck it is shuffled into, by name (one its card set declares)."""
    kind: CardKind
    """What it is (weapon, gadget, special): where it goes in play. Card files leave it out: it is the
    kind its deck deals (`DeckDef.deals`); for Frag's three decks it is known from the deck's name."""
    name: PrintableStr = Field(min_length=1, max_length=64)
    """The title players see."""
    text: PrintableLines = ""
    """The rules text shown to players (never parsed: `effects` say what it does)."""
    copies: int = Field(default=1, ge=1, le=20)
    """How many copies of it the deck holds."""
    use: Use = Use.KEEP
    """When it is played and whether it stays in play."""
    letter: Letter | None = None
    """Gadgets only: A, H, W or M (F-CARD-07)."""
    damage: int | None = Field(default=None, ge=0)
    """Weapons only: damage dice."""
    extra_damage: int = Field(default=0, ge=0)
    """Weapons only: Health lost on a hit on top of the division, even when that gives 0 (F-ATK-08)."""
    ammo: int | None = Field(default=None, ge=1)
    """Weapons only: a full load; None for unlimited ammo."""
    ammo_per_shot: int = Field(default=1, ge=1)
    """Ammo used by one attack (F-ATK-04: 1 unless the card says more)."""
    shots_per_ammo: int = Field(default=1, ge=1)
    """Weapons only: attacks one ammo pays for (2: a shot is free every other time)."""
    min_range: int = Field(default=1, ge=1)
    """Weapons only: the nearest target it may fire at."""
    max_range: int | None = Field(default=None, ge=1)
    """Weapons only: the farthest target it may fire at; None = as far as the fighter sees."""
    area: bool = False
    """Weapons only: a hit also attacks every fighter in a square beside the target (own damage rolls)."""
    piercing: bool = False
    """Weapons only: the target's armor neither adds defence dice nor takes the damage."""
    range_cap: int | None = Field(default=None, ge=1, exclude_if=_absent)
    """Weapons only: a target farther than this counts as this far for the to-hit roll (F-ATK-07; the
    altered Electromagnetic Cannon's 10, J-ALT-01); None: the range is the squares counted. Left out
    of the JSON when absent, so the card-set fingerprints saves hold are as they were."""
    played_on: Literal["self", "other"] = "self"
    """`other`: played on another fighter, whose play area it then sits in (F-CARD-04)."""
    before_roll: bool = False
    """Played only in phase 2, before the movement roll ("play it before you roll"): its bonus counts for
    the roll and for the attacks counted with it, and in phase 3 it could do nothing (ruling F-TURN-01)."""
    duration: int | None = Field(default=None, ge=1)
    """Cards kept in play: the owner's turns it lasts (it leaves at the start of the last); None = until lost."""
    effects: tuple[Effect, ...] = ()
    """What the card does, in the engine's vocabulary."""
    suit: Suit | None = Field(default=None, exclude_if=_absent)
    """The playing-card suit printed on it (Frag Deadlands, D-CARD-03; Ruthless); None in base Frag."""
    rank: RankField | None = Field(default=None, exclude_if=_absent)
    """The playing-card rank printed on it, 2 to 10, J, Q, K, A; None in base Frag."""
    joker: bool = Field(default=False, exclude_if=_absent)
    """A joker: no suit or rank, wild in poker hands (D-CARD-03)."""
    family: str | None = Field(default=None, pattern=DECK_NAME, max_length=40, exclude_if=_absent)
    """Weapons: the kind of gun it is, where a rule names one (Frag Deadlands' `revolver` and `gatling`:
    the Agency Operative's Cheatin', D-FTR-02); None where no rule asks."""
    malfunction: Malfunction | None = Field(default=None, exclude_if=_absent)
    """Weapons of Frag Deadlands: the malfunction rule printed on it (D-CARD-05); None: it never
    malfunctions (and base Frag's rules ignore it, D-CARD-06)."""

    @model_validator(mode="before")
    @classmethod
    def _kind_of_frag_decks(cls, data: Any) -> Any:
        """A card of one of Frag's three decks is of the kind that deck deals, unless it says otherwise."""
        if isinstance(data, dict) and "kind" not in data:
            deck = data.get("deck")
            if isinstance(deck, str) and deck in _FRAG_KINDS:
                return {**data, "kind": _FRAG_KINDS[deck]}
        return data

    @model_serializer(mode="wrap")
    def _without_implied_kind(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """`kind` is written only where the deck's name does not imply it: base Frag's cards dump as
        they did before kinds were apart from decks, so the card-set fingerprint saves hold is the same."""
        data: dict[str, Any] = handler(self)
        if _FRAG_KINDS.get(self.deck) is self.kind:
            data.pop("kind", None)
        return data

    @model_validator(mode="after")
    def _fits_its_kind(self) -> CardDef:
        if (self.suit is None) != (self.rank is None):
            raise ValueError("a card has both a `suit` and a `rank`, or neither")
        if self.joker and self.suit is not None:
            raise ValueError("a joker has no `suit` or `rank`")
        if self.kind is CardKind.PLAYING:
            if self.suit is None and not self.joker:
                raise ValueError("a playing card needs a `suit` and a `rank`, or `joker = true`")
            if self.effects:
                raise ValueError("a plain playing card has no `effects`: it is never played")
        if self.kind is CardKind.WEAPON:
            if self.damage is None:
                raise ValueError("a weapon needs `damage` (its damage dice)")
            if self.use is not Use.KEEP:
                raise ValueError("a weapon's `use` is always `keep`: it stays in play")
        else:
            for name in ("damage", "ammo", "max_range", "range_cap"):
                if getattr(self, name) is not None:
                    raise ValueError(f"`{name}` is for weapons only, not a {self.kind.value} card")
            for name in ("extra_damage", "area", "piercing"):
                if getattr(self, name):
                    raise ValueError(f"`{name}` is for weapons only, not a {self.kind.value} card")
            if self.shots_per_ammo != 1 or self.min_range != 1 or self.ammo_per_shot != 1:
                raise ValueError("`shots_per_ammo`, `min_range` and `ammo_per_shot` are for weapons only")
        if self.max_range is not None and self.max_range < self.min_range:
            raise ValueError("`max_range` is below `min_range`")
        if self.kind is CardKind.GADGET and self.letter is None:
            raise ValueError("a gadget needs a `letter` (A, H, W or M)")
        if self.kind is not CardKind.GADGET and self.letter is not None:
            raise ValueError("only gadgets carry a `letter`")
        if self.use is Use.MOVEMENT and not any(isinstance(e, Teleport) for e in self.effects):
            raise ValueError("a `movement` card must have a `teleport` effect")
        if self.use is Use.REACTION and not any(isinstance(e, CancelHit | TakeOutOfPlay) for e in self.effects):
            raise ValueError("a `reaction` card must cancel the hit (`cancel_hit` or `take_out_of_play`)")
        if any(isinstance(e, Armor) for e in self.effects) and self.use is not Use.KEEP:
            raise ValueError("armor is worn: its `use` must be `keep`")
        if self.use is Use.FRAGGED and not any(isinstance(e, PartingShot | Heal) for e in self.effects):
            raise ValueError("a `fragged` card must make a `parting_shot` (or `heal`)")
        if any(isinstance(e, PartingShot) for e in self.effects) and self.use is not Use.FRAGGED:
            raise ValueError("a `parting_shot` is played when fragged: its `use` must be `fragged`")
        if self.attaches and self.kind is CardKind.WEAPON:
            raise ValueError("a weapon cannot be attached to a weapon")
        if self.played_on == "other" and self.use not in (Use.KEEP, Use.ONCE):
            raise ValueError("only `keep` and `once` cards may be played on another fighter")
        if self.before_roll and (self.kind is CardKind.WEAPON or self.use not in (Use.KEEP, Use.ONCE)):
            raise ValueError("`before_roll` is for `keep` and `once` cards other than weapons")
        if self.before_roll and self.played_on != "self":
            raise ValueError("`before_roll` cards are played on oneself")
        if self.range_cap is not None and self.max_range is not None and self.range_cap >= self.max_range:
            raise ValueError("`range_cap` must be below `max_range` (no target is farther than that)")
        return self

    @property
    def armor(self) -> int:
        """The Health bonus of a suit of armor, 0 for any other card."""
        return sum(e.bonus for e in self.effects if isinstance(e, Armor))

    @property
    def attaches(self) -> bool:
        """Whether it is played onto a weapon in play (a `modify` with `scope = "weapon"`)."""
        return any(isinstance(e, Modify) and e.scope is Scope.WEAPON for e in self.effects)

    @property
    def heals(self) -> bool:
        """Whether it restores Health (so it may cure a fighter at Health 0, F-FRAG-01)."""
        return any(isinstance(e, Heal) for e in self.effects)

    @property
    def face(self) -> PlayingCard | None:
        """The playing card printed on it, or None (base Frag's cards have none)."""
        if self.joker:
            return PlayingCard(joker=True)
        if self.suit is None or self.rank is None:
            return None
        return PlayingCard(suit=self.suit, rank=self.rank)

    def __str__(self) -> str:
        return self.name


def card_id(instance: str) -> str:
    """The card an instance is a copy of: `shotgun#2` → `shotgun`."""
    return instance.partition("#")[0]


def _draws(effects: Iterable[Effect]) -> Iterator[Draw]:
    """Every `Draw` among `effects`, those inside triggers included."""
    for effect in effects:
        if isinstance(effect, Draw):
            yield effect
        elif isinstance(effect, Trigger):
            yield from _draws(effect.effects)


def deck_problem(card: CardDef, decks: Mapping[str, DeckDef]) -> tuple[str, str] | None:
    """What is wrong between `card` and the decks of its set, as (field, what), or None: its deck must
    be one the set declares, its kind the kind that deck deals, and a `draw` must name a declared deck."""
    known = ", ".join(decks) or "none"
    deck = decks.get(card.deck)
    if deck is None:
        return "deck", f"no deck is called {shown(card.deck)} (the decks are {known})"
    if card.kind is not deck.deals:
        return "kind", f"the {deck.plural} deck deals {deck.deals.value} cards, not {card.kind.value} cards"
    for draw in _draws(card.effects):
        if draw.deck not in decks:
            return "effects", f"a `draw` from {shown(draw.deck)}, which is no deck (the decks are {known})"
    return None


class CardSet:
    """The cards a game is played with: its decks, definitions by id, and every physical copy."""

    def __init__(
        self, cards: Iterable[CardDef], decks: Iterable[DeckDef] = FRAG_DECKS, altered: Iterable[CardDef] = ()
    ) -> None:
        self.decks: dict[str, DeckDef] = {}
        """The decks by name, in the order they are dealt (F-SETUP-02): each has its own discard pile."""
        for deck in decks:
            if deck.name in self.decks:
                raise ValueError(f"two decks are called {shown(deck.name)}")
            self.decks[deck.name] = deck
        self.cards: dict[str, CardDef] = {}
        for card in cards:
            if card.id in self.cards:
                raise ValueError(f"two cards have the id {shown(card.id)}")
            wrong = deck_problem(card, self.decks)
            if wrong is not None:
                raise ValueError(f"card {shown(card.id)}, field {shown(wrong[0])}: {wrong[1]}")
            self.cards[card.id] = card
        self.altered_cards: dict[str, CardDef] = {}
        """The cards' altered versions by id (J-ALT-01/02, a card file's `[card.altered]` tables): what
        `altered` plays in place of the printed cards of those ids. Each is its card's deck, kind and
        copies, so the decks hold the same instances either way."""
        for card in altered:
            printed = self.cards.get(card.id)
            if printed is None:
                raise ValueError(f"an altered card {shown(card.id)} alters no card of the set")
            if (card.deck, card.kind, card.copies) != (printed.deck, printed.kind, printed.copies):
                raise ValueError(f"the altered card {shown(card.id)} must keep its deck, kind and copies")
            self.altered_cards[card.id] = card
        self._altered: CardSet | None = None
        """`altered`'s answer, once asked."""

    def __getitem__(self, instance: str) -> CardDef:
        """The definition of an instance (`shotgun#2`) or of a card id (`shotgun`)."""
        return self.cards[card_id(instance)]

    def __contains__(self, instance: object) -> bool:
        return isinstance(instance, str) and card_id(instance) in self.cards

    def __iter__(self) -> Iterator[CardDef]:
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def instances(self, deck: str) -> list[str]:
        """Every physical card of the deck called `deck`, in definition order: `id#1`, `id#2`, …"""
        return [
            f"{card.id}#{n}" for card in self.cards.values() if card.deck == deck for n in range(1, card.copies + 1)
        ]

    def name(self, instance: str) -> str:
        """A card's name for players; the starting pistol, which every attack may name though it is no
        card (F-ATK-03), is `Pistol`, so that no interface needs to know its id."""
        return PISTOL.capitalize() if instance == PISTOL else self[instance].name

    def merged(self, extra: Iterable[CardDef]) -> CardSet:
        """This set with more definitions added, or replaced by id (scenarios add test cards)."""
        cards = dict(self.cards)
        for card in extra:
            cards[card.id] = card
        altered = [card for id_, card in self.altered_cards.items() if cards[id_] is self.cards[id_]]
        return CardSet(cards.values(), self.decks.values(), altered)  # (a replaced card loses its altered text)

    def altered(self) -> CardSet:
        """This set as the altered-cards option plays it (J-ALT-01/02): every card with an altered version
        (`altered_cards`) replaced by it, same ids, same decks. A set with no altered version (one already
        altered) is itself; the altered set is made once per set, so a game and its save see the same
        object (its fingerprint is worked out once)."""
        if self._altered is None:
            if self.altered_cards:
                cards = (self.altered_cards.get(card.id, card) for card in self)
                self._altered = CardSet(cards, self.decks.values())
            else:
                self._altered = self
        return self._altered

    @property
    def frag_decks(self) -> bool:
        """Whether the set has exactly base Frag's three decks (what its fingerprint may leave unsaid)."""
        return tuple(self.decks.values()) == FRAG_DECKS


def standard_deck(deck: str, jokers: int = 0, kind: CardKind = CardKind.PLAYING) -> list[CardDef]:
    """A standard 52-card deck, plus `jokers` jokers, as card definitions of the deck called `deck`.

    Ruthless draws initiative from one (R-SEQ-01); Frag Deadlands prints a suit and rank on its own
    cards instead (D-CARD-03). Ids read as the card is said (`ace-of-spades`, `10-of-hearts`); the
    jokers are copies of one card, `joker#1` … `joker#n`."""
    if not 0 <= jokers <= 20:
        raise ValueError(f"{jokers} jokers: a deck holds 0 to 20")
    cards = [
        CardDef(
            id=f"{rank.word.lower()}-of-{suit.value}",
            deck=deck,
            kind=kind,
            name=PlayingCard(suit=suit, rank=rank).name,
            suit=suit,
            rank=rank,
        )
        for suit in Suit
        for rank in Rank
    ]
    if jokers:
        cards.append(CardDef(id="joker", deck=deck, kind=kind, name="Joker", copies=jokers, joker=True))
    return cards
