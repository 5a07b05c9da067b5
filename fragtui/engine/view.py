"""What one player may know: the only thing the interface shows a seat and the only thing a bot sees.

Hidden: the other players' hands (only their size shows, F-CARD-02), the order of every deck,
and the dice generator (its state would tell the future). Public: positions, Health, stats,
cards in play with their ammo and time left, blood counters, frags, counters on the board and the
weapons in their piles, discard piles, whose turn and decision it is.

The view also carries the numbers the rules derive for each fighter from every effect reaching him
(`fragtui.engine.frag.core.Core.effect_sources`): attacks per turn, defence dice, armor left,
weapon slots, the rules he may break, and each weapon as he fires it (`WeaponView`). They are the
rules' own answers, so the interface and the bots read them instead of working the rules out again.
Only the viewer's own weapons in hand are among them: the others' hands stay hidden.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from fragtui.engine.board import Square
from fragtui.engine.cards import FlagName, TurnPart
from fragtui.engine.choices import Choosing
from fragtui.engine.config import FighterPart
from fragtui.engine.decisions import DecisionKind
from fragtui.engine.dice import Roll
from fragtui.engine.fighters import Markers
from fragtui.engine.state import PlayerRecord
from fragtui.engine.systems import SystemParts
from fragtui.engine.turn_structure import PhaseName

__all__ = [
    "HAND_LIMIT",
    "Counter",
    "CounterKind",
    "FighterView",
    "InPlay",
    "ObjectiveView",
    "PlayerView",
    "Status",
    "WeaponView",
    "register_view_part",
]

# Frag's record sheet and table are Frag's (`fragtui.engine.frag.state`: `PlayerState`, `FragState.counters`, issue
# 32's steps 4 and 5), but the kernel's view still shows them (`FighterView`, `PlayerView.counters`, until step 6
# makes them Frag's): the types of them it names are kept here with it until then, and Frag's modules read them
# from `fragtui.engine.frag.state`.

HAND_LIMIT = 5
"""Cards a hand may hold when its owner's turn ends (F-CARD-03)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Status(StrEnum):
    """Whether a fighter is on the board."""

    IN_PLAY = "in play"
    FRAGGED = "fragged"
    """Out until his player's next turn, when he respawns fresh (F-RESP-01, F-RESP-02)."""
    OUT_OF_PLAY = "out of play"
    """Taken out by a card (F-META-02): back on a respawn point at his next turn, as he was."""
    UNPLACED = "unplaced"
    """Set-up: not yet placed on a respawn point."""


class InPlay(_Model):
    """A card in play in front of a player."""

    card: str
    """The card instance (`shotgun#2`)."""
    played: int
    """When it was played: the game's running play counter (F-CARD-10: the last played controls)."""
    ammo: int | None = None
    """Weapons: shots left; None for unlimited ammo."""
    turns_left: int | None = None
    """Timed cards: the owner's turn starts left before it leaves play; None = no time limit."""
    absorbed: int = 0
    """Armor and shields: Health stopped so far; at the card's limit it is discarded (F-ATK-09)."""
    attached: str | None = None
    """A card attached to a weapon (a targeting system): that weapon's instance."""
    free_shots: int = 0
    """Weapons firing several shots per ammo: shots already paid for."""
    by: int | None = None
    """A card played on this fighter by another player (a lag): that player's seat."""


class CounterKind(StrEnum):
    """The counters left on the board (F-FRAG-03, F-FRAG-07)."""

    BLOOD = "blood"
    WEAPONS = "weapons"
    """A weapon counter: the fragged fighter's weapons, in a pile beside the map."""
    LINK = "link"
    """A link counter: one dropped weapon or gadget."""


class Counter(_Model):
    """A counter in a square, with the cards it stands for."""

    id: int
    """Unique in the game, never reused."""
    kind: CounterKind
    """Blood, weapon pile or link counter."""
    square: Square
    """Where it lies."""
    cards: list[str] = Field(default_factory=list)
    """The pile's weapons or the linked card; empty for blood."""
    dropped_turn: int | None = None
    """Link counters: the turn it was dropped in, when it may not be picked up (F-FRAG-07)."""


class WeaponView(BaseModel):
    """A weapon as its fighter fires it: the numbers of an attack with it, every effect reaching him
    included (cards attached to it, cards in play, abilities, options), worked out by the rules so
    that bots and the interface never work them out again."""

    model_config = ConfigDict(frozen=True)

    weapon: str
    """`pistol` or the weapon card's instance."""
    name: str
    """What the log calls it as this fighter fires it: the card's name, or for `pistol` his starting
    weapon's (Frag's Pistol; a Frag Deadlands fighter's own, D-FTR-01)."""
    from_hand: bool
    """A weapon in the viewer's own hand, which enters play when he declares it (F-ATK-03); its numbers
    are those it will have in play. Listed only while it may enter play (F-CARD-05)."""
    loaded: bool
    """Whether it has ammo for one more attack now (F-ATK-04): always for the pistol and from the hand."""
    accuracy: int
    """Accuracy dice rolled to hit with it (F-ATK-07), the cards attached to it included."""
    damage: int
    """Damage dice (F-ATK-08), the cards that add or multiply them included (F-META-03)."""
    extra_damage: int
    """Health a hit costs on top of the division, even when that gives 0 (F-ATK-08)."""
    on_hit_hurt: int
    """Health his on-hit effects (poison, burning) add to a hit with it, with no roll."""
    min_range: int
    """The nearest target it may fire at."""
    max_range: int | None
    """The farthest target it may fire at; None: as far as he sees."""
    range_cap: int | None = None
    """A farther target counts as this far for the to-hit roll (J-ALT-01: the altered Electromagnetic
    Cannon's 10, `Combat.counted_range`); None: the range is the squares counted."""
    ammo_cost: int
    """Ammo one attack with it uses, cards included (0: the pistol, or an infinite-ammo cheat)."""
    shots_left: int | None = None
    """Attacks its ammo still pays for (`Combat.shots_left`: a shot paid already, and each ammo's shots,
    two for the altered Machine Gun, J-ALT-02); from the hand, a full load's; None: unlimited."""
    piercing: bool
    """Its attacks ignore armor (the weapon's own, or a card of his, F-ATK-09)."""
    area: bool
    """A hit also attacks every fighter beside the target."""


class FighterView(BaseModel):
    """A player's record sheet as the viewer sees it."""

    model_config = ConfigDict(frozen=True)

    name: str
    """The player's name."""
    design: FighterPart
    """Starting stats."""
    character: str | None = Field(default=None, exclude_if=lambda character: character is None)
    """The unique fighter he plays, where the ruleset has a roster (Frag Deadlands: `huckster`)."""
    markers: Markers = Field(default_factory=Markers, exclude_if=lambda markers: markers.empty)
    """The markers on his fighter (a held attack, the gallows): public, as on the table."""
    status: Status
    """On the board or not."""
    square: Square | None
    """Where the fighter stands."""
    health: int
    """Current Health."""
    max_health: int
    """Health when unhurt, armor included."""
    speed: int
    """Speed with the cards in play."""
    accuracy: int
    """Accuracy with the cards in play."""
    weapons: tuple[InPlay, ...]
    """Weapons in play, with ammo."""
    gadgets: tuple[InPlay, ...]
    """Gadgets in play."""
    specials: tuple[InPlay, ...]
    """Specials in play, with turns left."""
    blood: int
    """Blood counters on the record sheet."""
    frags: int
    """Frags scored."""
    skips: tuple[TurnPart, ...]
    """Parts of his next turn he will lose (lag, a dart)."""
    hand_size: int
    """Cards in hand (public)."""
    hand: tuple[str, ...] | None
    """The cards in hand: the viewer's own only, None for anyone else's."""
    hand_limit: int = Field(default=HAND_LIMIT, exclude_if=lambda limit: limit == HAND_LIMIT)
    """Cards he may hold when his turn ends (F-CARD-03: 5; Frag Deadlands' Agency Operative 4, D-FTR-02)."""
    record: PlayerRecord
    """Frags aside, the figures of his game so far (deaths, damage, shots, hits, power-ups):
    all of it happened in the open, so every seat may see it."""
    attacks_per_turn: int
    """Attacks he gets in a turn: half his Accuracy rounded up, changed by cards (F-ATK-01)."""
    defence_dice: int
    """Dice he defends with against a hit: his current Health, armor included, never fewer than 0 (F-ATK-08)."""
    pierced_defence_dice: int
    """Dice he defends with against a piercing hit: his own Health, armor left out (ruling F-ATK-09)."""
    armor_left: int
    """Health the armor he wears still adds (0: none worn, F-ATK-09)."""
    weapon_slots: int
    """Weapons he may have in play when one more enters: current Health + 1, backpacks added (F-CARD-05)."""
    flags: tuple[FlagName, ...]
    """The rules his cards let him break (see through fighters, piercing, choose the respawn point)."""
    guns: tuple[WeaponView, ...]
    """The weapons he could fire, as he fires them: the pistol, his weapons in play (`loaded` says
    which have ammo), and for the viewer's own fighter the weapons in his hand that may enter play."""


class ObjectiveView(BaseModel):
    """What a Frag Tag mode is played for, as everyone sees it at the table (J-TAG-01..04): all of it
    public, so the interface can show it at a glance (the map, the scoreboard, the hand-off screen)."""

    model_config = ConfigDict(frozen=True)

    mode: str
    """The `objective` option's value: `turn-to-frag`, `only-one`, `keep-away` or `king-of-the-hill`."""
    title: str
    """The mode's name for players (`Keep-Away`)."""
    it: int | None = None
    """The seat that is "it" (J-TAG-01, J-TAG-02); None in the other modes."""
    flag: Square | None = None
    """Where the flag lies on the board (J-TAG-03); None while it is held, or in the other modes."""
    holder: int | None = None
    """The seat holding the flag as his weapon (J-TAG-03); None while it lies on the board."""
    hill: Square | None = None
    """The hill's square (J-TAG-04); None in the other modes."""
    scores: tuple[int, ...]
    """Each seat's score in the mode's own units (frags in the frag modes, points in the others), in seat order."""
    score_words: tuple[str, ...]
    """The same scores in words (`3 frags`, `1 point`), for the scoreboard."""
    target: int
    """The score that wins (the frag target in the frag modes, the `target` option's points in the others)."""


_VIEW_PARTS = SystemParts("a view's")
"""The model of each system's part of the view, by the view's field (`register_view_part`)."""


def register_view_part(field: str, model: type[BaseModel]) -> None:
    """Say which model a rule system's part of the view is (`PlayerView.poker`: Frag Deadlands' `PokerTable`): a
    view read from JSON validates that field as it. The system registers it when its module is imported; the
    kernel never names the type (as `fragtui.engine.config.register_seat_part` does for a seat's parts)."""
    _VIEW_PARTS.register(field, model)


class PlayerView(BaseModel):
    """The game as one seat (or a spectator, `me` None) may see it."""

    model_config = ConfigDict(frozen=True)

    me: int | None
    """The viewing seat."""
    fighters: tuple[FighterView, ...] = ()
    """Every player's record sheet, in seat order (Frag's and the systems built on it; empty in a system whose
    seats are no Frag fighters, which shows its own table in `table` or `ruthless`)."""
    counters: tuple[Counter, ...] = ()
    """Leftovers on the board (pile contents are public: they were in play)."""
    deck_sizes: dict[str, int] = Field(default_factory=dict)
    """Cards left in each draw pile, by deck name (their order is hidden)."""
    discards: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    """The face-up discard piles, by deck name."""
    turn_number: int
    """Turns begun so far."""
    active: int
    """Whose turn it is."""
    phase: PhaseName
    """Which phase of it: the name of one of its ruleset's phases (`Ruleset.turn_structure`)."""
    movement: int = 0
    """The active player's movement points left."""
    attacks: int = 0
    """The active player's attacks left: the regular ones, and with house rule H-ACC-01 the bonus attacks
    one of his weapons grants after them."""
    decider: int | None
    """Who must decide now."""
    decision: DecisionKind | None
    """What the pending decision is (Frag's: `FragDecisionKind.REACT`, …), None in the normal flow of a
    turn; its words are its class's (`fragtui.engine.decisions.decision_class`)."""
    hit: Any = None
    """During a `react` decision, the hit waiting for damage (Frag's `fragtui.engine.frag.decisions.AttackContext`,
    which the decision's own details give): who, with what, how many damage dice.
    Public: the attack was declared and its to-hit rolled in front of everyone."""
    poker: Annotated[Any, BeforeValidator(_VIEW_PARTS.validator("poker"))] = Field(
        default=None, exclude_if=lambda poker: poker is None
    )
    """While the first-player poker draw is on (Frag Deadlands, D-CARD-04): every hand as the viewer may
    see it (`fragtui.engine.deadlands.poker.PokerTable`, registered by `register_view_part`, which the
    decision's own details give); None at any other moment (and then left out of the JSON)."""
    rolled: Roll | None = Field(default=None, exclude_if=lambda roll: roll is None)
    """During an `extra_die` decision (Frag Deadlands' Saloon Gal, D-FTR-06): her roll she may add one die
    to, with what it is for (`to hit (3 Accuracy dice, range 5)`). Public: rolled in front of everyone."""
    shootout: Annotated[Any, BeforeValidator(_VIEW_PARTS.validator("shootout"))] = Field(
        default=None, exclude_if=lambda shootout: shootout is None
    )
    """During a `shootout` decision (Frag Deadlands, D-SHOOT-02): who holds, who passes, the weapons declared
    (`fragtui.engine.deadlands.shootout_decisions.ShootoutView`, registered by `register_view_part`, which the
    decision's own details give); None at any other moment (and then left out of the JSON)."""
    cure_needed: int | None = None
    """During a `last_chance` decision: the Health the fighter must restore to stay in the game (1 at
    Health 0). Only cures that can together restore that much are offered (ruling F-FRAG-01): when his
    legal actions hold none, nothing he has can save him, and the dialog can say so."""
    hanging: int | None = Field(default=None, exclude_if=lambda seat: seat is None)
    """During a `gallows` decision (Frag Deadlands, D-GAL-01): the seat of the fighter being hanged (the
    decision's own details give it: `fragtui.engine.deadlands.gallows`; a seat, so the kernel's type); the
    gallows squares the decider may choose are his legal actions. Left out of the JSON when None."""
    frag_target: int = 0
    """Frags that win: the scoring rule's target (in keep-away and king of the hill, points: see `objective`)."""
    winner: int | None
    """The winner, once there is one."""
    objective: ObjectiveView | None = Field(default=None, exclude_if=lambda objective: objective is None)
    """What a Frag Tag mode is played for (J-TAG-01..04): "it", the flag, the hill, each seat's score;
    None when the game is played for frags (and then left out of the JSON)."""
    choosing: Choosing | None = Field(default=None, exclude_if=lambda choosing: choosing is None)
    """During a simultaneous choice (`fragtui.engine.choices`: initiative cards, fisticuffs, the poker draw): every
    seat in it and which have chosen, never what; None at any other moment (and then left out of the JSON)."""
    table: Any = Field(default=None, exclude_if=lambda table: table is None)
    """A rule system's own table as the viewer may see it, a model of the system's (its scores, its pieces, what
    it keeps hidden shown only to whom it may be), where the fields above do not say it; None in the shipped
    systems, which use those fields and `ruthless` (and then left out of the JSON)."""
    ruthless: Any = Field(default=None, exclude_if=lambda table: table is None)
    """A game of Ruthless's table as the viewer may see it (R-*): models, his hand, the initiative cards
    (`fragtui.engine.ruthless.seen.RuthlessView`, which Ruthless's rules give); None in every other game (and
    then left out of the JSON)."""
