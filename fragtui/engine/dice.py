"""The game's dice: six-sided unless told otherwise, seeded, recorded, and replayable.

Every die in a game comes from one `Dice` object whose whole state is a small `DiceState` model
kept inside the game state. A save stores that state (or the seed it started from), so loading
a game and replaying its actions rolls exactly the same faces, on any machine and any Python.

Why our own generator and not `random.Random`: the state of `random.Random` is 625 words of
Mersenne Twister plus details (`getstate()`'s tuple format, how `randrange` draws bits) that
CPython is free to change between versions; a save written today must still replay next year.
We use **PCG32** (O'Neill 2014, the XSH-RR variant of `pcg32_random_r` in the reference C
library): a 64-bit state and a 64-bit odd increment, six lines of arithmetic, statistically
good enough for dice, and published reference outputs that the tests check, so a port to any
language can be verified against ours. A face of an n-sided die is drawn without bias by
rejecting the few 32-bit outputs below `2**32 % n` (the reference `pcg32_boundedrand_r`), then
adding 1.

Frag rolls only d6; other systems roll other dice (Ruthless shoots with d10), so a roll takes
`sides` (6 unless told) and a `Roll` records them. A d6 roll is written exactly as before the
dice had sides (the field is left out of the JSON at 6), so every save, event log and
determinism pin made with d6 alone reads and hashes the same.

Tests use `Dice.scripted([6, 1, 4])`: exactly those faces, in order; asking for more is a
`DiceExhaustedError`, never a silent random roll, so a test cannot pass by luck. A script for
bigger dice says so (`Dice.scripted([9, 2], sides=10)`), and each face is checked again against
the die it is rolled for: a scripted 9 rolled as a d6 is an error naming that die.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fragtui.engine.unvalidated import as_validated

T = TypeVar("T")

__all__ = ["DEFAULT_STREAM", "FACES", "Dice", "DiceExhaustedError", "DiceState", "Pcg32", "Roll"]

FACES = 6
"""Every die in Frag is a six-sided die with faces 1 to 6: the sides of a roll unless told otherwise."""

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULTIPLIER = 6364136223846793005
"""The 64-bit LCG multiplier of the PCG reference implementation."""

DEFAULT_STREAM = 0
"""The PCG stream a game's dice use unless told otherwise (any value below 2**63 works)."""

Face = Annotated[int, Field(ge=1)]
"""One die's face: 1 up to the die's sides (checked where the sides are known)."""
Sides = Annotated[int, Field(ge=2, le=_MASK32)]
"""How many sides a die has: 2 or more (and within what the generator can draw without bias)."""
Uint64 = Annotated[int, Field(ge=0, le=_MASK64)]
"""An unsigned 64-bit integer, the width of PCG32's state (JSON holds it exactly as an integer)."""


class DiceExhaustedError(RuntimeError):
    """Scripted dice were asked for more faces than the test scripted.

    A `RuntimeError`, not a `FragtuiError`: it is a mistake in a test, never a player's input.
    """


class Roll(BaseModel):
    """One roll of some dice, and why it was rolled (shown in the event log and saved)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dice: tuple[Face, ...]
    """The faces, in the order they were rolled."""
    total: int
    """The sum of the faces (0 for a roll of no dice); checked against `dice` on construction."""
    reason: str
    """What the roll is for, in words a player reads in the log (e.g. "Accuracy vs range 5")."""
    sides: Sides = Field(default=FACES, exclude_if=lambda sides: sides == FACES)
    """The sides of every die in the roll (6 for Frag; 10 for Ruthless shooting); left out of the JSON at 6."""

    @model_validator(mode="after")
    def _total_is_the_sum(self) -> Roll:
        dice = self.dice
        if self.total != sum(dice):
            raise ValueError(f"total {self.total} is not the sum of the dice {self.dice}")
        if dice and max(dice) > self.sides:  # (no generator: every roll is checked, a few a decision)
            raise ValueError(f"a face of {self.dice} is more than a d{self.sides} shows")
        return self

    @classmethod
    def of(cls, dice: Iterable[int], reason: str, sides: int = FACES) -> Roll:
        """A roll of these faces, its total computed."""
        faces = tuple(dice)
        return cls(dice=faces, total=sum(faces), reason=reason, sides=sides)

    def __str__(self) -> str:
        """The log's notation: `Accuracy: 6+1+4 = 11` (or `= 0` for no dice); other dice than d6 say so.

        `Shooting (d10): 9+3 = 12`: a player reading the log must not take a 9 for a misprint.
        """
        faces = "+".join(str(face) for face in self.dice) or "no dice"
        reason = self.reason if self.sides == FACES else f"{self.reason} (d{self.sides})"
        return f"{reason}: {faces} = {self.total}"


class DiceState(BaseModel):
    """Everything needed to continue a game's dice exactly where they stopped.

    Stored in the game state and in saves; `Dice.from_state(dice.state)` rolls the same faces
    the original would have. For scripted dice (tests only) the remaining script is stored
    instead and the generator fields are unused.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seed: Uint64
    """The seed the generator started from; kept so a log or a bug report can name it."""
    stream: int = Field(default=DEFAULT_STREAM, ge=0, lt=1 << 63)
    """PCG's stream selector: different streams give unrelated sequences from the same seed."""
    pcg: Uint64
    """PCG32's 64-bit internal state after the last die rolled: the generator itself."""
    rolled: int = Field(default=0, ge=0)
    """How many dice have been rolled so far (scripted or not); for logs and error messages."""
    script: tuple[Face, ...] | None = None
    """Scripted dice only: the faces not yet rolled, in order. None for seeded dice."""
    script_sides: Sides = Field(default=FACES, exclude_if=lambda sides: sides == FACES)
    """Scripted dice only: the most sides a die of the script may have (no face above it); left out of the JSON at 6."""

    @model_validator(mode="after")
    def _script_fits_its_dice(self) -> DiceState:
        if self.script is not None and any(face > self.script_sides for face in self.script):
            raise ValueError(f"a scripted face of {self.script} is more than a d{self.script_sides} shows")
        return self


_ROLL_FIELDS = frozenset(Roll.model_fields)
"""Every field of a roll: all given whenever `Dice.roll` makes one."""
_STATE_FIELDS = frozenset(DiceState.model_fields)
"""Every field of the dice's state: all given whenever `Dice.state` makes one."""


class Pcg32:
    """The PCG32 generator (XSH-RR output, 64-bit state), a faithful port of `pcg32_random_r`.

    Mutable and tiny; `Dice` wraps it. Its state is two integers, so it is saved exactly.
    """

    __slots__ = ("inc", "state")

    def __init__(self, state: int, inc: int) -> None:
        self.state = state & _MASK64
        """The 64-bit LCG state."""
        self.inc = (inc | 1) & _MASK64
        """The LCG increment; always odd (it encodes the stream)."""

    @classmethod
    def seeded(cls, seed: int, stream: int = DEFAULT_STREAM) -> Pcg32:
        """Seed like the reference `pcg32_srandom_r(seed, stream)`, so reference outputs apply."""
        rng = cls(0, (stream << 1) | 1)
        rng.next_u32()
        rng.state = (rng.state + seed) & _MASK64
        rng.next_u32()
        return rng

    def next_u32(self) -> int:
        """The next 32-bit output; advances the state by one step."""
        old = self.state
        self.state = (old * _MULTIPLIER + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, bound: int) -> int:
        """A uniform integer in `0..bound-1` without modulo bias (`pcg32_boundedrand_r`)."""
        if not 0 < bound <= _MASK32:
            raise ValueError(f"bound must be in 1..2**32-1, got {bound}")
        threshold = (1 << 32) % bound  # outputs below this would favour the low faces
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % bound


class Dice:
    """The game's dice: `roll(n, reason)` rolls n six-sided dice (`sides=` for others) and records the roll.

    `history` lists every roll this object has made, oldest first, for the engine to turn into
    `DiceRolled` events (it is not part of `state`: the event log already holds the rolls).
    """

    def __init__(self, seed: int, stream: int = DEFAULT_STREAM) -> None:
        """Seeded dice: the same seed and stream always give the same faces."""
        if not 0 <= seed <= _MASK64:
            raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
        if not 0 <= stream < 1 << 63:
            raise ValueError(f"stream must be in 0..2**63-1, got {stream}")
        self._seed = seed
        self._stream = stream
        self._rng = Pcg32.seeded(seed, stream)
        self._rolled = 0
        self._script: list[int] | None = None
        self._script_sides = FACES
        """Scripted dice: the most sides a die of the script may have."""
        self._snapshot: DiceState | None = None
        """The last `state` made: handed out again while the generator has not moved (see `state`)."""
        self.history: list[Roll] = []
        """Every roll made by this object, oldest first."""

    @classmethod
    def scripted(cls, faces: Iterable[int], sides: int = FACES) -> Dice:
        """Dice for tests that roll exactly `faces`, in order; running out is an error.

        `sides` is the biggest die the script is for (6 unless the game rolls bigger dice). Raises
        `ValueError` at once for a face outside 1..sides, so a typo in a test fails loudly where
        it was made rather than as a strange result later; each face is checked again against
        the die it is rolled as (see `roll`).
        """
        if isinstance(sides, bool) or not isinstance(sides, int) or not 2 <= sides <= _MASK32:
            raise ValueError(f"scripted dice have {sides!r} sides: a die has 2 or more")
        script = list(faces)
        for index, face in enumerate(script):
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
                raise ValueError(f"scripted die #{index + 1} is {face!r}: a face must be an int in 1..{sides}")
        dice = cls(0)
        dice._script = script
        dice._script_sides = sides
        return dice

    @classmethod
    def from_state(cls, state: DiceState) -> Dice:
        """Dice that continue exactly where the ones that produced `state` stopped."""
        dice = cls(state.seed, state.stream)
        dice._rng.state = state.pcg
        dice._rolled = state.rolled
        dice._script = list(state.script) if state.script is not None else None
        dice._script_sides = state.script_sides
        return dice

    @property
    def state(self) -> DiceState:
        """A snapshot of the generator, for the game state and for saves.

        The game takes one after every action, and most actions roll nothing: while the generator
        and the count of dice rolled are where they were, the last snapshot (immutable) is the same
        state and is handed out again. Scripted dice (tests) always make a new one.
        """
        last = self._snapshot
        if last is not None and self._script is None and last.pcg == self._rng.state and last.rolled == self._rolled:
            return last
        values = {
            "seed": self._seed,
            "stream": self._stream,
            "pcg": self._rng.state,
            "rolled": self._rolled,
            "script": tuple(self._script) if self._script is not None else None,
            "script_sides": self._script_sides,
        }
        if self._script is None and type(self._seed) is int and type(self._stream) is int:
            # (the generator's own numbers, in range since `__init__` checked them: what validating keeps, made
            # without it: a new snapshot after every action that rolled)
            self._snapshot = as_validated(DiceState, values, set(_STATE_FIELDS))
        else:
            self._snapshot = DiceState(**values)
        return self._snapshot

    @property
    def is_scripted(self) -> bool:
        """True for test dice made by `Dice.scripted`."""
        return self._script is not None

    @property
    def rolled(self) -> int:
        """How many dice have been rolled so far (including those rolled before a save)."""
        return self._rolled

    def roll(self, n: int, reason: str, sides: int = FACES) -> Roll:
        """Roll `n` dice of `sides` sides for `reason`, record the roll in `history`, and return it.

        Zero dice is a legal roll with total 0 (a defence at Health 0, a stat reduced to
        nothing); a negative count or a die of fewer than 2 sides is a bug in the caller and
        raises `ValueError`. Scripted dice that cannot supply `n` faces raise `DiceExhaustedError`,
        and a scripted face the die cannot show (a 9 rolled as a d6) raises `ValueError` naming
        that die; either way nothing is consumed.
        """
        if n < 0:
            raise ValueError(f"cannot roll a negative number of dice ({n}) for {reason!r}")
        if not 2 <= sides <= _MASK32:
            raise ValueError(f"cannot roll a die of {sides} sides for {reason!r}: a die has 2 or more")
        if self._script is not None:
            if n > len(self._script):
                scripted = self._rolled + len(self._script)
                raise DiceExhaustedError(
                    f"scripted dice exhausted: {scripted} faces were scripted and {self._rolled} "
                    f"already rolled, so {len(self._script)} remain, but {n} were asked for {reason!r}"
                )
            faces = tuple(self._script[:n])
            for index, face in enumerate(faces):
                if face > sides:
                    raise ValueError(
                        f"scripted die #{self._rolled + index + 1} is {face}, "
                        f"but it is rolled as a d{sides} for {reason!r}"
                    )
            del self._script[:n]
        else:
            faces = tuple(self._rng.below(sides) + 1 for _ in range(n))
        self._rolled += n
        values = {"dice": faces, "total": sum(faces), "reason": reason, "sides": sides}
        if self._script is None and type(reason) is str and type(sides) is int:
            # Faces of the generator (1 to `sides`), their sum, a plain `str` and `int`: what validating the roll
            # keeps as it is, made without it (`as_validated`; a few rolls a decision).
            result: Roll = as_validated(Roll, values, set(_ROLL_FIELDS))
        else:
            result = Roll(**values)
        self.history.append(result)
        return result

    def shuffle(self, items: list[T]) -> None:
        """Shuffle `items` in place (Fisher–Yates) with the generator, e.g. a deck (F-CARD-01).

        Shuffles draw on the generator, never on a script: scripted dice stay exactly the faces
        a test wrote, and their decks shuffle the same way every run (from seed 0).
        """
        for i in range(len(items) - 1, 0, -1):
            j = self._rng.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll_one(self, reason: str, sides: int = FACES) -> int:
        """Roll a single die (e.g. the 4–6 power-up check of F-PWR-01) and return its face."""
        return self.roll(1, reason, sides).total

    def __repr__(self) -> str:
        if self._script is not None:
            if self._script_sides != FACES:
                return f"Dice.scripted({self._script!r}, sides={self._script_sides})"
            return f"Dice.scripted({self._script!r})"
        return f"Dice.from_state({self.state!r})"
