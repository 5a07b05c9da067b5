"""The whole state of a game, as data: what every rule system keeps, and the way a system adds its own.

Everything needed to continue a game is here and nothing else: the players, the turn, the decisions waiting for
an answer, and the dice, and what each rule system adds (Frag's record sheets, decks and counters on the board).
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

import inspect
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    model_validator,
)
from pydantic.dataclasses import dataclass

from fragtui.engine.config import GameConfig
from fragtui.engine.decisions import Decision, PendingDecision
from fragtui.engine.dice import DiceState
from fragtui.engine.systems import DEFAULT_RULESET
from fragtui.engine.turn_structure import PhaseName

__all__ = [
    "SETUP",
    "GameState",
    "Pending",
    "Player",
    "PlayerRecord",
    "Turn",
]

SETUP = "setup"
"""The phase a new state is in before its ruleset's `initial_state` sets the first one (Frag's set-up)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


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


class Player(_Model):
    """A seat's player as every rule system keeps him: his name, and the tally `fragtui simulate`, `fragtui verify`
    and a save's summary read of every game (`Ruleset.tally_words`). A system keeps what else its seats hold in a
    subclass, its state's `players` (Frag's record sheet: `fragtui.engine.frag.state.PlayerState`; Ruthless's
    `RuthlessPlayer`). A subclass writes its fields in the order it declares them, the kernel's where it declares
    them again (`__pydantic_init_subclass__`), so that its JSON is the one written when Frag's sheet was every
    system's."""

    name: str
    """The player's name."""
    frags: int = 0
    """What he has scored: frags (F-FRAG-02), or what a system counts as one (Ruthless: enemies killed)."""
    record: PlayerRecord = Field(default_factory=PlayerRecord)
    """Statistics of this game."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """A system's player writes his fields in the order the subclass declares them: the kernel's fields it
        does not declare again first, then its own, a kernel field declared again among them where it stands (pydantic
        would keep it in the kernel's place), so the JSON, and the state's hash, is as it was written before."""
        super().__pydantic_init_subclass__(**kwargs)
        fields = cls.__pydantic_fields__
        own = [name for name in inspect.get_annotations(cls) if name in fields]
        order = [name for name in fields if name not in own] + own
        if list(fields) != order:
            cls.__pydantic_fields__ = {name: fields[name] for name in order}
            cls.model_rebuild(force=True)


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
    players: Sequence[Player]
    """One per seat, in seat order (turn order is seat order, F-SETUP-03): a list of its system's players, which
    its state narrows (Frag's record sheets: `FragState.players`)."""
    first: int = 0
    """The seat that took the first turn (rolled for at set-up)."""
    turn: Turn = Field(default_factory=Turn)
    """Whose turn, which phase (and in a system's own turn record, what is left)."""
    pending: list[PendingDecision] = Field(default_factory=list)
    """Decisions waiting for an answer, innermost last: any kind a ruleset registered
    (`fragtui.engine.decisions.register_decision`), each written with its own fields."""
    winner: int | None = None
    """The seat that won (reached the frag target, or the points of a Frag Tag mode)."""
    dice: DiceState
    """The dice generator, to roll exactly on (shuffles draw on it too). Written last, after what a system's
    state adds (`__pydantic_init_subclass__`)."""

    written_after_turn: ClassVar[tuple[str, ...]] = ()
    """A system's own fields written after the turn and before the pending decisions, in this order: where the
    kernel wrote Frag's table when it held it (Frag's `decks`, `counters`, `next_counter`, `plays`, which Ruthless's
    saves write too). A system's other fields are written after the winner."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """A system's state writes its fields where every state's JSON always had them: those it names in
        `written_after_turn` after the turn, its others after the winner, and the dice last, so that its JSON, and
        its hash, is the one written when every field was the kernel's."""
        super().__pydantic_init_subclass__(**kwargs)
        fields = cls.__pydantic_fields__
        names = [name for name in fields if name != "dice" and name not in cls.written_after_turn]
        after = names.index("turn") + 1
        order = [*names[:after], *cls.written_after_turn, *names[after:], "dice"]
        if list(fields) != order:
            cls.__pydantic_fields__ = {name: fields[name] for name in order}
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
