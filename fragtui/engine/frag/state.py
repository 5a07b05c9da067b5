"""What a game of Frag keeps beside every system's state: record sheets, table, turn record, Frag Tag's objective.

Frag's state (`FragState`, the `state_type` of Frag's rules and of the systems built on them, Frag
Deadlands) is the kernel's `GameState` with Frag's record sheet for each player (`PlayerState`: the
fighter's design, where he stands, his damage, his hand and cards in play, blood, skipped turn parts),
its table (`Decks`, the `Counter`s on the board, the running play count),
Frag's own turn record (`FragTurn`: movement and attacks left, squares checked, counters taken) and a
Frag Tag mode's state (`Objective`, J-TAG-01..04). Its JSON is the kernel's with these fields where they
always were, so saves and their hashes are unchanged.

`Status`, `InPlay` and `HAND_LIMIT` are the record sheet's too, and `Counter` and `CounterKind` the table's;
they are defined beside the kernel's `FighterView` and `PlayerView` (`fragtui.engine.view`) only while those
views, which show them, are the kernel's (issue 32's step 6), and Frag's modules read them from here.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from fragtui.engine.board import Square
from fragtui.engine.cards import TurnPart
from fragtui.engine.fighters import Markers
from fragtui.engine.frag.design import FighterDesign
from fragtui.engine.frag.turn_record import FragTurn, Phase
from fragtui.engine.realtime.state import RealTime
from fragtui.engine.state import GameState, Player, PlayerRecord
from fragtui.engine.view import HAND_LIMIT, Counter, CounterKind, InPlay, Status

__all__ = [
    "HAND_LIMIT",
    "Counter",
    "CounterKind",
    "Decks",
    "FragState",
    "FragTurn",
    "InPlay",
    "Objective",
    "Phase",
    "PlayerState",
    "Status",
    "frag_state",
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class PlayerState(Player):
    """A player of Frag, his fighter, and everything on his record sheet (F-SETUP-01): the kernel's `Player` with
    Frag's fields, written in this order (the kernel's `frags` and `record` declared again where they stand)."""

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
    with the play stamp of the moment it struck (`FragState.plays`): cards played after it control
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


class Decks(_Model):
    """The draw piles and their discard piles, one of each per deck of the card set (`CardSet.decks`),
    keyed by the deck's name in the order the decks are dealt; the first card of a list is the top."""

    draw: dict[str, list[str]] = Field(default_factory=dict)
    """Face-down draw piles, top first (their order is hidden from every player)."""
    discard: dict[str, list[str]] = Field(default_factory=dict)
    """Face-up discard piles, most recent last (F-CARD-01: shuffled into an empty deck)."""


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


class FragState(GameState):
    """A game of Frag (or of a system built on it), at one moment: every system's state, Frag's turn
    record, its table (the decks, the counters on the board, the plays counted), and a Frag Tag mode's objective."""

    written_after_turn: ClassVar[tuple[str, ...]] = ("decks", "counters", "next_counter", "plays")
    """Frag's table is written where it was when it was the kernel's: after the turn."""

    players: list[PlayerState]
    """One record sheet per seat, in seat order (turn order is seat order, F-SETUP-03)."""
    turn: FragTurn = Field(default_factory=FragTurn)
    """Whose turn, which phase, what is left."""
    decks: Decks = Field(default_factory=Decks)
    """Draw and discard piles."""
    counters: list[Counter] = Field(default_factory=list)
    """Leftovers on the board."""
    next_counter: int = 1
    """The id the next counter gets."""
    plays: int = 0
    """Cards played so far: stamps `InPlay.played` (F-CARD-10)."""
    objective: Objective | None = Field(default=None, exclude_if=lambda objective: objective is None)
    """A Frag Tag mode's own state (J-TAG-01..04): "it", points, the flag, the hill. None when the game is
    played for frags (F-WIN-01), and then left out of the JSON, so such games hash as before."""
    realtime: RealTime | None = Field(default=None, exclude_if=lambda realtime: realtime is None)
    """Real-Time Frag's turn (the `real-time` option, J-RT-01..10): its segment and step, initiative, every
    fighter's points and attacks. None in a game played by Frag's turns, and then left out of the JSON."""


def frag_state(state: GameState) -> FragState:
    """`state` as Frag's, where a kernel hook hands the state as every system's (a scoring rule's `state`)."""
    assert isinstance(state, FragState), f"a {type(state).__name__} is not a game of Frag"
    return state
