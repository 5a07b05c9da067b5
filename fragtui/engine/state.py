"""The whole state of a game of Frag, as data.

Everything needed to continue a game is here and nothing else: the players and their fighters,
the decks, the counters on the board, the turn, the decisions waiting for an answer, and the dice.
It is a pydantic model whose JSON round-trips exactly, so a snapshot can be saved, compared and
hashed. The board and the card definitions are not copied in: the configuration names them and
the game is handed them (they never change during a game).

Turn context (`Turn`) is kept apart from game data, as OpenSpiel and boardgame.io do.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.dataclasses import dataclass

from fragtui.engine.board import Square
from fragtui.engine.cards import TurnPart
from fragtui.engine.config import FighterDesign, GameConfig
from fragtui.engine.decisions import Decision, PendingDecision
from fragtui.engine.dice import DiceState
from fragtui.engine.fighters import Markers
from fragtui.engine.frag.decisions import (  # the decisions of Frag, long imported from here
    AttackContext,
    Bump,
    ChooseFromPile,
    DiscardDown,
    LastChance,
    PlaceFighter,
    React,
)
from fragtui.engine.ruthless.table import RuthlessTable
from fragtui.engine.turn_structure import PhaseName

__all__ = [
    "HAND_LIMIT",
    "AttackContext",
    "Bump",
    "ChooseFromPile",
    "Counter",
    "CounterKind",
    "Decks",
    "DiscardDown",
    "GameState",
    "InPlay",
    "LastChance",
    "Objective",
    "Pending",
    "Phase",
    "PlaceFighter",
    "PlayerRecord",
    "PlayerState",
    "React",
    "Status",
    "Turn",
]

HAND_LIMIT = 5
"""Cards a hand may hold when its owner's turn ends (F-CARD-03)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Phase(StrEnum):
    """Base Frag's phases, the names its turn structure declares (`FragRules.turn_structure`, F-TURN-01
    names phases 1–3; phase 4 is the `EndTurn` action). `Turn.phase` holds one of them in a Frag game;
    what each allows is the structure's to say, not tested here."""

    SETUP = "setup"
    """Players place their fighters on respawn points (F-SETUP-03)."""
    RESPAWN = "respawn"
    """Phase 1: a fighter out of play rolls for his respawn point."""
    ROLL = "roll"
    """Phase 2: roll for movement, or declare a teleport card, before anything else."""
    ACTION = "action"
    """Phase 3: move, power up, attack, play cards, in any order."""
    OVER = "over"
    """Someone reached the frag target."""


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


class PlayerRecord(_Model):
    """Figures kept for the game-over table and for balance tests."""

    deaths: int = 0
    """Times fragged (by anyone or anything)."""
    damage_dealt: int = 0
    """Health taken from other fighters."""
    damage_taken: int = 0
    """Health lost, from any source."""
    shots: int = 0
    """Attacks declared."""
    hits: int = 0
    """Attacks that hit."""
    power_ups: int = 0
    """Cards drawn from power-up squares."""
    cards_played: int = 0
    """Cards played from hand."""


class PlayerState(_Model):
    """A player, his fighter, and everything on his record sheet."""

    name: str
    """The player's name."""
    design: FighterDesign
    """His fighter's starting stats (F-SETUP-01); a respawned fighter has these (F-RESP-02)."""
    status: Status = Status.UNPLACED
    """On the board or not, and why."""
    square: Square | None = None
    """Where his fighter stands; None when the fighter is not on the board."""
    damage: int = 0
    """Health lost below the fighter's maximum (armor's share is kept on the armor)."""
    hand: list[str] = Field(default_factory=list)
    """Cards in hand (hidden from the others, F-CARD-02)."""
    weapons: list[InPlay] = Field(default_factory=list)
    """Weapon cards in play (F-CARD-05: at most Health + 1 when one enters)."""
    gadgets: list[InPlay] = Field(default_factory=list)
    """Gadget cards in play (no limit; one suit of armor)."""
    specials: list[InPlay] = Field(default_factory=list)
    """Special cards in play: the player's, kept through frags (F-CARD-08)."""
    blood: int = 0
    """Blood counters on his record sheet, each worth 1 Health (F-FRAG-04)."""
    frags: int = 0
    """Frags scored (F-FRAG-02)."""
    skips: dict[TurnPart, int] = Field(default_factory=dict)
    """Parts of his next turn he loses (`movement`, `attacks`, `turn`: lag, a tranquilizer dart), each
    with the play stamp of the moment it struck (`GameState.plays`): cards played after it control
    over it (F-CARD-10). Each part once: "his next turn" does not add up (ruling F-CARD-10)."""
    record: PlayerRecord = Field(default_factory=PlayerRecord)
    """Statistics of this game."""
    markers: Markers = Field(default_factory=Markers, exclude_if=lambda markers: markers.empty)
    """What other rule systems mark on his fighter (a held attack, the gallows, wounds, facing); base
    Frag sets none, and a fighter without any writes nothing of them into the JSON."""

    @field_validator("skips", mode="before")
    @classmethod
    def _skips_of_old_saves(cls, value: object) -> object:
        """Saves written before the stamps hold a list of parts: each struck before any card."""
        if isinstance(value, list):
            return dict.fromkeys(value, 0)
        return value


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


class Decks(_Model):
    """The draw piles and their discard piles, one of each per deck of the card set (`CardSet.decks`),
    keyed by the deck's name in the order the decks are dealt; the first card of a list is the top."""

    draw: dict[str, list[str]] = Field(default_factory=dict)
    """Face-down draw piles, top first (their order is hidden from every player)."""
    discard: dict[str, list[str]] = Field(default_factory=dict)
    """Face-up discard piles, most recent last (F-CARD-01: shuffled into an empty deck)."""


@dataclass(config=ConfigDict(extra="forbid"))
class Turn:
    """Who is playing and what he has left this turn.

    A pydantic dataclass, not a `BaseModel`: every decision of every ruleset reads its phase a few times (why:
    `fragtui.engine.ruthless.table`); saved, validated and hashed by pydantic all the same."""

    number: int = 0
    """Turns begun so far (0 during set-up)."""
    active: int = 0
    """The seat whose turn it is."""
    phase: PhaseName = Phase.SETUP
    """The phase of that turn: the name of one of its ruleset's phases (`Ruleset.turn_structure`)."""
    movement: int = 0
    """Movement points left (F-MOVE-04)."""
    attacks: int = 0
    """Attacks left (F-ATK-01): the regular ones, made with any weapon."""
    weapon_attacks: dict[str, int] = Field(default_factory=dict, exclude_if=lambda left: not left)
    """House rule H-ACC-01: the extra attacks an Accuracy bonus of one weapon grants, counted when phase 3
    begins, by weapon instance (`shotgun#1`: how many of the extra attacks still left it may make). They
    come after the regular attacks; each one made takes one from every weapon's count. Left out of the
    JSON when empty, so games without the rule hash as before."""
    checked: list[Square] = Field(default_factory=list)
    """Power-up squares already checked this turn (F-PWR-02)."""
    piles_taken: list[int] = Field(default_factory=list)
    """Weapon counters already picked from this turn (F-FRAG-05)."""
    squares_taken: list[Square] = Field(default_factory=list)
    """Squares a counter was already picked up from this turn: one counter per leftovers square per
    turn, whatever the path (ruling F-FRAG-03)."""
    may_pick_up: bool = False
    """Whether the fighter may pick up a counter where he stands: set on entering a square, cleared
    when he picks one up (F-FRAG-03: counters are picked up on entering, never by standing still)."""
    jump_pad: Square | None = Field(default=None, exclude_if=lambda square: square is None)
    """The jump pad the active fighter entered last this turn, while he stands on it (H-JUMP-01);
    it throws him only if it is among `checked` too (a pad works once per turn)."""
    jump_pad_die: int = Field(default=0, exclude_if=lambda die: die == 0)
    """The die rolled on entering that jump pad: the squares it adds to a jump from it (0 with
    `jump-after-commit`: rolled only once the jump is chosen, H-JUMP-01)."""


class Objective(_Model):
    """What a Frag Tag mode keeps beside the frags (J-TAG-01..04): who is "it", each seat's points, where
    the flag lies or who holds it, where the hill is. Only the fields a mode uses are set; the others are
    left out of the JSON (and so of the state's hash)."""

    it: int | None = Field(default=None, exclude_if=lambda seat: seat is None)
    """The seat that is "it" (J-TAG-01, J-TAG-02); None in the other modes."""
    points: list[int] = Field(default_factory=list, exclude_if=lambda points: not points)
    """Each seat's points, in seat order (J-TAG-03 keep-away points, J-TAG-04 King points); empty in the
    modes that score frags."""
    flag: Square | None = Field(default=None, exclude_if=lambda square: square is None)
    """Where the flag (keep-away's coveted object, J-TAG-03) lies on the board; None while someone holds it."""
    holder: int | None = Field(default=None, exclude_if=lambda seat: seat is None)
    """The seat whose fighter holds the flag as his weapon (J-TAG-03); None while it lies on the board."""
    dropped_turn: int | None = Field(default=None, exclude_if=lambda turn: turn is None)
    """The turn its holder dropped the flag in: nobody may take it up again in that turn (as a dropped
    card, F-FRAG-07); None when it was never dropped so, or was left by a frag."""
    hill: Square | None = Field(default=None, exclude_if=lambda square: square is None)
    """The hill's square (J-TAG-04); None in the other modes."""
    hill_points: list[int] = Field(default_factory=list, exclude_if=lambda points: not points)
    """King points each seat has earned on the hill since it last moved (J-TAG-04's `hill-moves`: at N
    it moves to a random respawn point); empty while the hill never moves."""


Pending = Decision
"""A decision someone must make before the game goes on (any registered kind: `fragtui.engine.decisions`)."""


class GameState(_Model):
    """Everything a game is, at one moment."""

    config: GameConfig
    """The set-up chosen before the game (players, map name, frag target)."""
    players: list[PlayerState]
    """One per seat, in seat order (turn order is seat order, F-SETUP-03)."""
    first: int = 0
    """The seat that took the first turn (rolled for at set-up)."""
    turn: Turn = Field(default_factory=Turn)
    """Whose turn, which phase, what is left."""
    decks: Decks = Field(default_factory=Decks)
    """Draw and discard piles."""
    counters: list[Counter] = Field(default_factory=list)
    """Leftovers on the board."""
    next_counter: int = 1
    """The id the next counter gets."""
    plays: int = 0
    """Cards played so far: stamps `InPlay.played` (F-CARD-10)."""
    pending: list[PendingDecision] = Field(default_factory=list)
    """Decisions waiting for an answer, innermost last: any kind a ruleset registered
    (`fragtui.engine.decisions.register_decision`), each written with its own fields."""
    winner: int | None = None
    """The seat that won (reached the frag target, or the points of a Frag Tag mode)."""
    objective: Objective | None = Field(default=None, exclude_if=lambda objective: objective is None)
    """A Frag Tag mode's own state (J-TAG-01..04): "it", points, the flag, the hill. None when the game is
    played for frags (F-WIN-01), and then left out of the JSON, so such games hash as before."""
    ruthless: RuthlessTable | None = Field(default=None, exclude_if=lambda table: table is None)
    """A game of Ruthless's table (R-*): the posses' models, the playing-card deck, hands and initiative. None
    in every other game, and then left out of the JSON, so their saves and hashes are as they were."""
    dice: DiceState
    """The dice generator, to roll exactly on (shuffles draw on it too)."""
