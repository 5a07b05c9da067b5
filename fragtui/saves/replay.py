"""A saved game opened for watching: any moment of it, reached quickly, through the engine's contract.

A replay is the save's log applied again (S-SAVE-01). Loading checks the save exactly as
`fragtui verify` does (every action legal, every die and state hash as recorded) and, in the
same pass, indexes it: the events of each action, where each turn begins, where the frags are,
and a copy of the state every `SNAPSHOT_EVERY` actions. Going to any moment then starts from
the snapshot at or before it and applies at most `SNAPSHOT_EVERY - 1` actions, so stepping back
in a 5,000-action game costs about as much as stepping back in a short one.

A *position* is a number of actions applied: 0 is the game as dealt (before the placements),
`len(replay)` is where the save ends.

A simultaneous choice (`fragtui.engine.choices`: the initiative cards, fisticuffs, the poker draw) is one
*step*: its seats chose at once, so the order their choices came in says nothing, and the moments between
the first choice and the reveal show only who had chosen. `next_step` and `previous_step` go over them, from
the moment the choice opens to the moment its choices are revealed; `at` still reaches any position.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from pathlib import Path

from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.game import Game, LogEntry
from fragtui.engine.state import GameState
from fragtui.saves.format import SaveFile
from fragtui.saves.loading import game_of
from fragtui.saves.store import read_save

__all__ = ["SNAPSHOT_EVERY", "Replay", "open_replay"]

SNAPSHOT_EVERY = 50
"""A copy of the state is kept after every this many actions: the most a seek has to re-apply."""


class Replay:
    """A checked save with an index of its moments; `at(position)` gives the game at any of them."""

    def __init__(self, save: SaveFile, path: str | Path = "<save>") -> None:
        """Replay and check `save` (a `SaveFormatError` names the first action that diverged)."""
        self.save = save
        """The save being watched."""
        self.path = path
        """Where it was read from, for messages."""
        self.events: list[list[Event]] = []
        """`events[n]`: what action n + 1 caused, as the engine told it (secrets included)."""
        self.turn_starts: list[int] = []
        """Positions at which a turn has just begun, in order: 0 first when the set-up begins the first turn
        (Ruthless: the players' first action is their initiative pick); Frag's first turn begins after the
        placements."""
        self.segment_starts: list[int] = []
        """Positions at which a part of a turn has just begun (Real-Time Frag's segments, J-RT-04), in order;
        empty in a game whose turns have no parts."""
        self.frags: list[int] = []
        """Positions just after an action that fragged someone (killed a model, in Ruthless), in order."""
        self.half_chosen: set[int] = set()
        """Positions in the middle of a simultaneous choice (some of its seats have chosen, not all): the
        replay's steps go over them (`next_step`)."""
        self._snapshots: dict[int, GameState] = {}
        self._parts_begun: list[int] = []  # (parts begun up to each of `segment_starts`, in all)
        self.game = game_of(save, path, self._index)
        """The game as the save ends (the full log, for lists of actions)."""
        if any(event.kind is CommonEventKind.TURN_BEGAN for event in self.game.opening):
            self.turn_starts.insert(0, 0)  # (Ruthless: the first turn begins with the set-up, before any action)
        self._snapshots[0] = self.game.initial.model_copy(deep=True)
        self._here: Game | None = None
        self._here_at = -1

    def _index(self, game: Game, events: list[Event]) -> None:
        position = len(game.log)
        self.events.append(list(events))
        kinds = {event.kind for event in events}
        if CommonEventKind.TURN_BEGAN in kinds:
            self.turn_starts.append(position)
        if CommonEventKind.PART_BEGAN in kinds:  # (one action may pass through several: nobody had a move)
            begun = sum(event.kind is CommonEventKind.PART_BEGAN for event in events)
            self.segment_starts.append(position)
            self._parts_begun.append(begun + (self._parts_begun[-1] if self._parts_begun else 0))
        if kinds & game.rules.kill_events:  # (Frag's frags, Ruthless's kills: the ruleset says which)
            self.frags.append(position)
        choosing = game.choosing()
        if choosing is not None and choosing.chosen:  # (a choice just opened, nobody chosen yet: a step's start)
            self.half_chosen.add(position)
        if position % SNAPSHOT_EVERY == 0:
            self._snapshots[position] = game.state.model_copy(deep=True)

    def __len__(self) -> int:
        return len(self.events)

    @property
    def log(self) -> list[LogEntry]:
        """Every action of the save with its dice."""
        return self.game.log

    @property
    def opening(self) -> list[Event]:
        """The set-up's events (dealing, the roll for first player), before position 0."""
        return self.game.opening

    def at(self, position: int) -> Game:
        """The game after `position` actions. Treat it as read-only: it is reused by the next call."""
        position = max(0, min(position, len(self)))
        here = self._here
        if here is None or not self._here_at <= position < self._here_at + SNAPSHOT_EVERY:
            start = position - position % SNAPSHOT_EVERY
            here = Game.from_state(self._snapshots[start], board=self.game.board, cards=self.game.cards)
            self._here, self._here_at = here, start
        for entry in self.log[self._here_at : position]:
            here.apply(entry.action, entry.seat)
        self._here_at = position
        return here

    def events_until(self, position: int, keep: int) -> list[Event]:
        """The last `keep` events up to `position` (the opening's included), oldest first."""
        found: list[Event] = []
        for number in range(min(position, len(self)) - 1, -1, -1):
            found[:0] = self.events[number]
            if len(found) >= keep:
                return found[-keep:]
        return (self.opening + found)[-keep:]

    def next_step(self, position: int) -> int:
        """The moment one step after `position`: the next action's, or, when it is a seat's choice in a
        simultaneous choice, the moment that choice is revealed (the end, if the save ends before)."""
        last = len(self)
        step = min(position + 1, last)
        while step < last and step in self.half_chosen:
            step += 1
        return step

    def previous_step(self, position: int) -> int:
        """The moment one step before `position`: the one before the last action, or, when that action ended
        a simultaneous choice, the moment the choice opened."""
        step = max(min(position, len(self)) - 1, 0)
        while step > 0 and step in self.half_chosen:
            step -= 1
        return step

    def turn_at(self, position: int) -> int:
        """The number of turns begun by `position` (0 during Frag's placements): the turn under way, as the state
        numbers it."""
        return bisect_right(self.turn_starts, position)

    def turn_start(self, turn: int) -> int:
        """Where turn `turn` begins (turn 0: the start); past the last turn, the end."""
        if turn <= 0:
            return 0
        if turn > len(self.turn_starts):
            return len(self)
        return self.turn_starts[turn - 1]

    def next_turn(self, position: int) -> int:
        """The start of the turn after the one under way at `position` (the end if none)."""
        found = _after(self.turn_starts, position)
        return len(self) if found is None else found

    def previous_turn(self, position: int) -> int:
        """The start of the turn under way, or of the one before if `position` is its start."""
        return _before(self.turn_starts, position) or 0

    def segment_at(self, position: int) -> int:
        """The part of the turn under way at `position` (Real-Time Frag's segment, 1–10): 0 before the turn's
        first part (its pre-turn), or in a game whose turns have none."""
        turn = self.turn_at(position)
        since = self.turn_starts[turn - 1] if turn else 0
        through, before = bisect_right(self.segment_starts, position), bisect_left(self.segment_starts, since)
        begun = self._parts_begun
        return (begun[through - 1] if through else 0) - (begun[before - 1] if before else 0)

    def next_segment(self, position: int) -> int:
        """The start of the part after the one under way at `position` (the end if none)."""
        found = _after(self.segment_starts, position)
        return len(self) if found is None else found

    def previous_segment(self, position: int) -> int:
        """The start of the part under way, or of the one before if `position` is its start."""
        return _before(self.segment_starts, position) or 0

    def next_frag(self, position: int) -> int | None:
        """The moment just after the next frag, if there is one."""
        return _after(self.frags, position)

    def previous_frag(self, position: int) -> int | None:
        """The moment just after the frag before `position`, if there is one."""
        return _before(self.frags, position)


def _after(marks: list[int], position: int) -> int | None:
    """The first of the sorted `marks` after `position`, if any."""
    index = bisect_right(marks, position)
    return marks[index] if index < len(marks) else None


def _before(marks: list[int], position: int) -> int | None:
    """The last of the sorted `marks` before `position`, if any."""
    index = bisect_left(marks, position)
    return marks[index - 1] if index > 0 else None


def open_replay(path: str | Path) -> Replay:
    """Read, check and index a save file; every problem is a one-line `SaveFormatError`."""
    return Replay(read_save(path), path)
