"""What one player may know: the only thing the interface shows a seat and the only thing a bot sees.

Hidden: the other players' hands (only their size shows, F-CARD-02), the order of every deck,
and the dice generator (its state would tell the future). Public: positions, Health, stats,
cards in play with their ammo and time left, blood counters, frags, counters on the board and the
weapons in their piles, discard piles, whose turn and decision it is.

The kernel's `PlayerView` names every field in its place in the JSON, but a field holding a rule system's own
model is typed `Any` and validated as the model the system registers (`register_view_part`), so a view read
from JSON gets the system's models back while the kernel never names them (issue 32): Frag's record sheets
(`fighters`: `fragtui.engine.frag.view.FighterView`, with the numbers the rules derive for each fighter and
each weapon as he fires it), Frag Tag's `objective`, Frag's waiting `hit`, Frag Deadlands' `poker` and
`shootout`, Ruthless's `ruthless`. A field whose type is the kernel's (an `int`, a `Roll`, a seat) keeps it,
whichever system fills it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from fragtui.engine.board import Square
from fragtui.engine.choices import Choosing
from fragtui.engine.decisions import DecisionKind
from fragtui.engine.dice import Roll
from fragtui.engine.systems import SystemParts
from fragtui.engine.turn_structure import PhaseName

__all__ = [
    "HAND_LIMIT",
    "Counter",
    "CounterKind",
    "InPlay",
    "PlayerView",
    "Status",
    "register_view_part",
]

# Frag's record sheet and table are Frag's (`fragtui.engine.frag.state`: `PlayerState`, `FragState.counters`, issue
# 32's steps 4 and 5; the sheet as seen, `fragtui.engine.frag.view.FighterView`, step 6). These types of them stay
# here: the kernel's `PlayerView.counters` shows the counters, and Ruthless's legacy record sheets name `Status`
# (Ruthless imports nothing of Frag's); Frag's modules read them from `fragtui.engine.frag.state`.

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


_VIEW_PARTS = SystemParts("a view's")
"""The model of each system's part of the view, by the view's field (`register_view_part`)."""


def register_view_part(field: str, model: type[BaseModel]) -> None:
    """Say which model a rule system's part of the view is (`PlayerView.poker`: Frag Deadlands' `PokerTable`; for
    `fighters`, each record sheet's: Frag's `FighterView`): a view read from JSON validates that field as it. The
    system registers it when its module is imported; the kernel never names the type (as
    `fragtui.engine.config.register_seat_part` does for a seat's parts)."""
    _VIEW_PARTS.register(field, model)


class PlayerView(BaseModel):
    """The game as one seat (or a spectator, `me` None) may see it."""

    model_config = ConfigDict(frozen=True)

    me: int | None
    """The viewing seat."""
    fighters: tuple[Annotated[Any, BeforeValidator(_VIEW_PARTS.validator("fighters", required=True))], ...] = ()
    """Every player's record sheet, in seat order, each the model its system registers for `fighters` (Frag's
    `fragtui.engine.frag.view.FighterView`, which Ruthless fills too: each seat's name and record for the game-over
    table; `register_view_part`); empty in a system whose seats have no such sheet, which shows its own table in
    `table` or `ruthless`. Shared screens read only what every sheet has: `name`, `square`, `markers`."""
    counters: tuple[Counter, ...] = ()
    """Leftovers on the board (pile contents are public: they were in play)."""
    deck_sizes: dict[str, int] = Field(default_factory=dict)
    """Cards left in each draw pile, by deck name (their order is hidden)."""
    discards: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    """The face-up discard piles, by deck name."""
    turn_number: int
    """Turns begun so far."""
    active: int
    """Whose turn it is (every system fills it: Frag's turn policy, Ruthless's turn record; the replay's turn
    line and cursor read it)."""
    phase: PhaseName
    """Which phase of it: the name of one of its ruleset's phases (`Ruleset.turn_structure`)."""
    movement: int = 0
    """The active player's movement points left (Frag's turn policy: `fragtui.engine.frag.view`; 0 in a system
    with no movement points)."""
    attacks: int = 0
    """The active player's attacks left (Frag's): the regular ones, and with house rule H-ACC-01 the bonus attacks
    one of his weapons grants after them; 0 in a system with no such count."""
    decider: int | None
    """Who must decide now."""
    decision: DecisionKind | None
    """What the pending decision is (Frag's: `FragDecisionKind.REACT`, …), None in the normal flow of a
    turn; its words are its class's (`fragtui.engine.decisions.decision_class`)."""
    hit: Annotated[Any, BeforeValidator(_VIEW_PARTS.validator("hit"))] = None
    """During a `react` decision, the hit waiting for damage (Frag's `fragtui.engine.frag.decisions.AttackContext`,
    registered by `register_view_part`, which the decision's own details give): who, with what, how many damage
    dice. Public: the attack was declared and its to-hit rolled in front of everyone."""
    poker: Annotated[Any, BeforeValidator(_VIEW_PARTS.validator("poker"))] = Field(
        default=None, exclude_if=lambda poker: poker is None
    )
    """While the first-player poker draw is on (Frag Deadlands, D-CARD-04): every hand as the viewer may
    see it (`fragtui.engine.deadlands.poker.PokerTable`, registered by `register_view_part`, which the
    decision's own details give); None at any other moment (and then left out of the JSON)."""
    rolled: Roll | None = Field(default=None, exclude_if=lambda roll: roll is None)
    """During an `extra_die` decision (Frag Deadlands' Saloon Gal, D-FTR-06): her roll she may add one die
    to, with what it is for (`to hit (3 Accuracy dice, range 5)`). Public: rolled in front of everyone. A `Roll`,
    the kernel's type, so typed here (as `hanging`), given by the decision's own details."""
    shootout: Annotated[Any, BeforeValidator(_VIEW_PARTS.validator("shootout"))] = Field(
        default=None, exclude_if=lambda shootout: shootout is None
    )
    """During a `shootout` decision (Frag Deadlands, D-SHOOT-02): who holds, who passes, the weapons declared
    (`fragtui.engine.deadlands.shootout_decisions.ShootoutView`, registered by `register_view_part`, which the
    decision's own details give); None at any other moment (and then left out of the JSON)."""
    cure_needed: int | None = None
    """During a `last_chance` decision (Frag's: the decision's own details give it): the Health the fighter must
    restore to stay in the game (1 at Health 0). Only cures that can together restore that much are offered
    (ruling F-FRAG-01): when his legal actions hold none, nothing he has can save him, and the dialog can say so."""
    hanging: int | None = Field(default=None, exclude_if=lambda seat: seat is None)
    """During a `gallows` decision (Frag Deadlands, D-GAL-01): the seat of the fighter being hanged (the
    decision's own details give it: `fragtui.engine.deadlands.gallows`; a seat, so the kernel's type); the
    gallows squares the decider may choose are his legal actions. Left out of the JSON when None."""
    frag_target: int = 0
    """Frags that win: Frag's scoring rule's target (in keep-away and king of the hill, points: see `objective`);
    0 in a system that scores otherwise. Frag's option in the kernel's place until issue 32's step 7."""
    winner: int | None
    """The winner, once there is one."""
    objective: Annotated[Any, BeforeValidator(_VIEW_PARTS.validator("objective"))] = Field(
        default=None, exclude_if=lambda objective: objective is None
    )
    """What a Frag Tag mode is played for (J-TAG-01..04): "it", the flag, the hill, each seat's score (Frag's
    `fragtui.engine.frag.view.ObjectiveView`, registered by `register_view_part`); None when the game is played
    for frags (and then left out of the JSON)."""
    choosing: Choosing | None = Field(default=None, exclude_if=lambda choosing: choosing is None)
    """During a simultaneous choice (`fragtui.engine.choices`: initiative cards, fisticuffs, the poker draw): every
    seat in it and which have chosen, never what; None at any other moment (and then left out of the JSON)."""
    table: Any = Field(default=None, exclude_if=lambda table: table is None)
    """A rule system's own table as the viewer may see it, a model of the system's (its scores, its pieces, what
    it keeps hidden shown only to whom it may be), where the fields above do not say it; None in the shipped
    systems, which use those fields and `ruthless` (and then left out of the JSON)."""
    ruthless: Annotated[Any, BeforeValidator(_VIEW_PARTS.validator("ruthless"))] = Field(
        default=None, exclude_if=lambda table: table is None
    )
    """A game of Ruthless's table as the viewer may see it (R-*): models, his hand, the initiative cards
    (`fragtui.engine.ruthless.seen.RuthlessView`, registered by `register_view_part`, which Ruthless's rules
    give); None in every other game (and
    then left out of the JSON)."""
