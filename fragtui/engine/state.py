"""The whole state of a game, as data: what every rule system keeps, and the way a system adds its own.

Everything needed to continue a game is here and nothing else: the players and their fighters,
the decks, the counters on the board, the turn, the decisions waiting for an answer, and the dice.
It is a pydantic model whose JSON round-trips exactly, so a snapshot can be saved, compared and
hashed. The board and the card definitions are not copied in: the configuration names them and
the game is handed them (they never change during a game).

Turn context (`Turn`) is kept apart from game data, as OpenSpiel and boardgame.io do.

A rule system keeps what else its games hold in a subclass of `GameState` that its ruleset names
(`Ruleset.state_type`): Frag's turn record and Frag Tag's objective (`fragtui.engine.frag.state.FragState`),
Ruthless's table (`fragtui.engine.ruthless.state.RuthlessState`). `GameState.model_validate` reads any
state whole: it hands the data to the state type of the ruleset its configuration names. The dice are
written last whatever the system adds, so a state's JSON, and its hash, is as it was when every field was
the kernel's.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    field_validator,
    model_validator,
)
from pydantic.dataclasses import dataclass

from fragtui.engine.board import Square
from fragtui.engine.cards import TurnPart
from fragtui.engine.config import FighterPart, GameConfig
from fragtui.engine.decisions import Decision, PendingDecision
from fragtui.engine.dice import DiceState
from fragtui.engine.fighters import Markers
from fragtui.engine.systems import DEFAULT_RULESET
from fragtui.engine.turn_structure import PhaseName

__all__ = [
    "HAND_LIMIT",
    "SETUP",
    "Counter",
    "CounterKind",
    "Decks",
    "GameState",
    "InPlay",
    "Pending",
    "PlayerRecord",
    "PlayerState",
    "Status",
    "Turn",
]

HAND_LIMIT = 5
"""Cards a hand may hold when its owner's turn ends (F-CARD-03)."""
SETUP = "setup"
"""The phase a new state is in before its ruleset's `initial_state` sets the first one (Frag's set-up)."""


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
    design: FighterPart
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
    """Whose turn it is and which phase of it: the turn context of every rule system. A system's state keeps
    what else its turn holds in a subclass (Frag's movement and attacks left: `fragtui.engine.frag.state.FragTurn`).

    A pydantic dataclass, not a `BaseModel`: every decision of every ruleset reads its phase a few times (why:
    `fragtui.engine.ruthless.table`); saved, validated and hashed by pydantic all the same."""

    number: int = 0
    """Turns begun so far (0 during set-up)."""
    active: int = 0
    """The seat whose turn it is."""
    phase: PhaseName = SETUP
    """The phase of that turn: the name of one of its ruleset's phases (`Ruleset.turn_structure`)."""


Pending = Decision
"""A decision someone must make before the game goes on (any registered kind: `fragtui.engine.decisions`)."""


class GameState(_Model):
    """Everything a game is, at one moment: what every rule system keeps. A system's own state subclasses it
    (`Ruleset.state_type`), and a state read as a `GameState` is read as its system's."""

    config: GameConfig
    """The set-up chosen before the game (players, map name, frag target)."""
    players: list[PlayerState]
    """One per seat, in seat order (turn order is seat order, F-SETUP-03)."""
    first: int = 0
    """The seat that took the first turn (rolled for at set-up)."""
    turn: Turn = Field(default_factory=Turn)
    """Whose turn, which phase (and in a system's own turn record, what is left)."""
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
    dice: DiceState
    """The dice generator, to roll exactly on (shuffles draw on it too). Written last, after what a system's
    state adds (`__pydantic_init_subclass__`)."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """A system's state keeps the dice last, where they always were: its own fields come before them, so
        that its JSON, and its hash, is the one written when every field was the kernel's."""
        super().__pydantic_init_subclass__(**kwargs)
        fields = cls.__pydantic_fields__
        if next(reversed(fields)) != "dice":
            fields["dice"] = fields.pop("dice")
            cls.model_rebuild(force=True)

    @model_validator(mode="wrap")
    @classmethod
    def _as_its_systems(cls, data: Any, handler: ModelWrapValidatorHandler[GameState]) -> GameState:
        """A state read as a `GameState` (a save's, a checkpoint's) is read whole, as the state of the ruleset
        its configuration names (`Ruleset.state_type`)."""
        if cls is GameState and isinstance(data, dict):
            config = data.get("config")
            name = config.get("ruleset", DEFAULT_RULESET) if isinstance(config, dict) else None
            if name is None:
                name = getattr(config, "ruleset", DEFAULT_RULESET)
            from fragtui.engine.rulesets import find_ruleset  # (the rulesets name the states they keep)

            own = find_ruleset(str(name)).state_type
            if own is not GameState:
                return own.model_validate(data)
        return handler(data)
