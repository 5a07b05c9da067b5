"""Worlds a computer player may imagine: whole game states consistent with what its seat may know.

A searching bot (`fragtui.bots.strong`) plays the game forward to weigh its choices, and the real engine plays only
whole states. The seat does not know the whole state: the other hands, the order of every deck and the dice to come
are hidden. So it imagines them: a *world* (a determinization, Cowling, Powley & Whitehouse, "Information Set Monte
Carlo Tree Search", 2012) is the game as the seat sees it, every hidden thing drawn at random among what it could be:
the other hands dealt from the cards the seat cannot see, each deck shuffled, the dice generator reseeded.

How a world is made, so that the true hidden things cannot leak into it: from the seat's view and what the whole
table knows, never from a copy of the true state.

1. *the public record* (`WorldSampler.record`): the table's public bookkeeping the view does not spell out, copied
   field by named field (a whitelist, not a state with its secrets wiped): the configuration chosen at set-up, who
   went first, the turn record (movement and attacks left, the power-up squares checked this turn, the counters
   picked up), the decisions waiting as they were announced (a face-down card in one shown only as "a card"), the
   play stamps. Everyone at the table saw every bit of it happen (the log); none of it is a hand, a deck's order or
   the dice. A decision that keeps a secret of its own (the Deadlands poker draw) gives no record.
2. *the world* (`WorldSampler.world_from_view`): a new state built from the seat's `PlayerView` and that record
   alone, the hidden things drawn with the caller's generator consistently with the view: the seat's own hand as
   the view shows it, the other hands by their sizes and every draw pile by its size, dealt from the cards the view
   does not show (the whole card set, public, less every card the view shows), and new dice. Its signature takes no
   state: it cannot read one.

A rule system's sampler lives beside its bots (`fragtui.bots.frag_worlds` for Frag and Frag Deadlands,
`fragtui.bots.ruthless.worlds` for Ruthless) and is found by the class of the game's state (`sampler_for`, or by
the ruleset's name: `sampler_for_ruleset`). A state no sampler knows, or a moment a sampler cannot imagine (the
Deadlands poker draw, whose hidden hands live in the decision itself), gives no world: the searching bot then
answers as the heuristic bot would.

The window is the door (`BotWindow.public_record`, `BotWindow.sample_world`): `tests/bots/test_worlds.py` shows
that two games differing only in what the seat cannot see have the same record and give the very same world for
the same generator, that a world's view for the seat is the seat's view of the real game, and that a state whose
hidden cards are poisoned leaves no trace of them in the record.
"""

from __future__ import annotations

import importlib
import io
import pickle
import random
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet
from fragtui.engine.state import GameState
from fragtui.engine.view import PlayerView

if TYPE_CHECKING:
    from fragtui.engine.game import Game

__all__ = [
    "NoWorld",
    "World",
    "WorldSampler",
    "clone_state",
    "register_sampler",
    "sampler_for",
    "sampler_for_ruleset",
]


class NoWorld(Exception):
    """The seat's view cannot be filled in to a world (a moment the sampler does not imagine, or cards that do not
    add up): the searching bot falls back on the heuristic's answer."""


def clone_state(state: GameState) -> GameState:
    """A deep copy of `state`, the cheap way: a pickle round trip is about twice as fast as
    `model_copy(deep=True)` on a Ruthless state and a little faster on a Frag one (measured in docs/bots.md)."""
    copy: GameState = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    return copy


@dataclass(frozen=True)
class World:
    """One imagined game: a whole state consistent with a seat's view, with the printed things it is played on."""

    state: GameState
    """The imagined state (never played on itself: `game` plays a copy)."""
    board: Board
    """The map, printed for everyone."""
    cards: CardSet
    """The card set, printed for everyone."""

    def game(self) -> Game:
        """A game that goes on from this world (a fresh copy each time: play it out, throw it away). Its
        `initial` is the world's own state, never played on, rather than one more copy; the copy is read from the
        world's state pickled once (`clone_state`'s round trip, its first half done once for every rollout)."""
        from fragtui.engine.game import Game  # (the window imports this module; the game imports the rulesets)

        reader = _Reader(io.BytesIO(self._pickled))
        reader.config = self.state.config
        copy: GameState = reader.load()
        return Game(copy, self.board, self.cards, initial=self.state)

    @cached_property
    def _pickled(self) -> bytes:
        """The world's state pickled (it never changes: `game` reads a copy from it), all but its configuration,
        which every copy shares (`_Writer`)."""
        out = io.BytesIO()
        writer = _Writer(out, pickle.HIGHEST_PROTOCOL)
        writer.config = self.state.config
        writer.dump(self.state)
        return out.getvalue()


class _Writer(pickle.Pickler):
    """A state pickled but for its configuration, which is named, not written: a configuration is frozen and never
    changed in place (nothing of the rest of a state is part of it), so the games of a world's rollouts share the
    world's own (a third of a Ruthless state's pickle: its posses)."""

    config: object = None

    def persistent_id(self, obj: object) -> str | None:
        return "config" if obj is self.config else None


class _Reader(pickle.Unpickler):
    """A state `_Writer` pickled, its configuration the one given."""

    config: object = None

    def persistent_load(self, pid: object) -> object:
        if pid != "config":
            raise pickle.UnpicklingError(f"no persistent object {pid!r}")
        return self.config


class WorldSampler(Protocol):
    """A rule system's way of imagining worlds (see the module's docstring)."""

    def record(self, state: GameState, seat: int) -> object:
        """The public bookkeeping of `state` that `seat`'s view does not spell out, copied field by named field
        (never a hand, a deck's order or the dice); `NoWorld` at a moment it cannot imagine. The only step that
        reads the game, and only what the whole table saw."""
        ...

    def world_from_view(
        self, view: PlayerView, record: object, board: Board, cards: CardSet, rng: random.Random
    ) -> GameState:
        """A whole state consistent with `view` (the seat's) and `record` (its `record`), every hidden thing drawn
        with `rng`; `NoWorld` when they do not add up."""
        ...

    def value(self, game: Game, seat: int) -> float:
        """How well `game` (a world played forward) stands for `seat`: 1 won, -1 lost, in between by the
        system's own measure (frags or points, models standing). A searching bot compares its choices by it."""
        ...


_SAMPLERS: dict[type, WorldSampler] = {}
"""The samplers, by the class of state they imagine."""
_BUILTIN = ("fragtui.bots.frag_worlds", "fragtui.bots.ruthless.worlds")
"""The modules of the shipped systems' samplers, which register themselves on import."""
_BUILTIN_LOADED = False
"""Whether `_BUILTIN` has been imported (`_load_builtin`)."""


def register_sampler(state_type: type[GameState], sampler: WorldSampler) -> None:
    """Imagine the states of `state_type` (and its subclasses) with `sampler`."""
    _SAMPLERS[state_type] = sampler


def _load_builtin() -> None:
    """Import the shipped samplers' modules, once. Not "when none is registered": a caller that imported one
    sampler's module first (a test of Frag's worlds, a bench) would leave the others unregistered, and Ruthless
    would get no worlds. A flag, not an import per call: the samplers are asked for at every rollout."""
    global _BUILTIN_LOADED
    if not _BUILTIN_LOADED:
        for name in _BUILTIN:
            importlib.import_module(name)
        _BUILTIN_LOADED = True


def sampler_for(state: GameState) -> WorldSampler | None:
    """The sampler of `state`'s system (the nearest registered class of its own), or None."""
    _load_builtin()
    for cls in type(state).__mro__:
        sampler = _SAMPLERS.get(cls)
        if sampler is not None:
            return sampler
    return None


def sampler_for_ruleset(key: str) -> WorldSampler | None:
    """The sampler of the games of the ruleset named `key` (`BotWindow.ruleset`), or None."""
    from fragtui.engine.rulesets import find_ruleset  # (the rulesets import the rule systems)

    _load_builtin()
    for cls in find_ruleset(key).state_type.__mro__:
        sampler = _SAMPLERS.get(cls)
        if sampler is not None:
            return sampler
    return None
