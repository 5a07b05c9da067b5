"""Networked tables: one game, several terminals, each playing its own seat.

`fragtui serve` runs every session's app in one process and one event loop, so a table is a
plain object those apps share. A `HostedTable` owns one networked game (through the hot-seat
`Table`, which already checks, applies and saves) and is the only way into it:

- **Whose decision.** A connection acts for its seat only, and only when the engine waits for
  that seat (it is among `Game.deciders`); the engine then checks the action as always. A refused
  action changes nothing. In a simultaneous choice (the initiative cards, fisticuffs, the poker
  draw) every seat in it is a decider: each player chooses on his own terminal at the same time,
  and every screen says how many have chosen and who is still choosing, never what.
- **Everyone sees it happen.** Every change (an action, an undo, a computer's move, someone
  sitting down or leaving) is told to every connection of the table through its `Listener`;
  each draws it with its own eyes (`game.view(seat)`, spectators the public view).
- **Seats are kept.** A seat whose connection drops stays the player's: the same name and join
  code, or the same SSH key, takes it back. The game waits for an absent player's decisions.
- **Computers think off the loop.** A computer seat's decision is worked out in a worker thread,
  so a slow decision never stalls another session's keys and frames. Only the computer may act
  while it decides (it is the decider), so the game it reads does not change under it; in a
  simultaneous choice, where the people choose while it thinks, it reads a copy of the game, and
  its choice is played if it is still legal for its seat when it comes. A computer answers for
  every seat it holds in the set, one after another.
- **Nothing lost.** Every action is saved at once, with the join code and the seats' keys
  (`HostedRecord`): a restarted server offers the table again under the same code.

`TableSeat` is what a connection's game screen holds: the same face as the hot-seat `Table`
(the screen draws and acts through it unchanged), but its acts go through the hosted table, its
eyes are fixed on one seat, and there are no hand-offs: nobody shares the keyboard.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sys
import time
from collections.abc import Coroutine, Sequence
from contextvars import Context
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Protocol

from fragtui.bots import BotWindow, make_bot, thinking_words, thinks
from fragtui.content.library import new_game
from fragtui.engine.actions import Action, Hop, Jump, Pass, Step
from fragtui.engine.choices import SimultaneousChoice
from fragtui.engine.config import GameConfig
from fragtui.engine.events import Event
from fragtui.engine.game import Game
from fragtui.errors import FragtuiError, IllegalActionError
from fragtui.saves.format import JOIN_CODE_ALPHABET, HostedRecord, SaveFile, SeatLook
from fragtui.saves.loading import game_of
from fragtui.saves.store import list_saves, read_save, saves_dir
from fragtui.serve.guesses import CodeGuard
from fragtui.serve.ledger import SaveLedger
from fragtui.table import Table, clock_words, new_save_path, plays_real_time

__all__ = [
    "CODE_LENGTH",
    "OLD_CODE_LENGTH",
    "HostedTable",
    "Listener",
    "SeatInfo",
    "SeatStatus",
    "TableChange",
    "TableError",
    "TableHub",
    "TableSeat",
    "normal_code",
]

CODE_LENGTH = 7
"""Letters in a new table's join code: 31⁷ ≈ 27.5 billion codes, so that guessing one at the pace the
server allows (guesses.py) is hopeless, and still short enough to read out across a room."""
OLD_CODE_LENGTH = 5
"""Letters in the join codes of tables hosted before codes grew to `CODE_LENGTH` (still joined by them)."""
THINKING_EVERY = 0.25
"""Seconds between the table's words on a computer thinking long (`TableChange.thinking`)."""


_HOLD = Pass()
"""What the segment clock answers for a person still choosing when it runs out."""


class TableError(FragtuiError):
    """A table refuses a connection: no such code, the seat is taken, the server has too many tables."""


def normal_code(typed: str) -> str:
    """A join code as typed (any case, spaces, dashes) in the form tables are kept under."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())


class SeatStatus(StrEnum):
    """Who sits at a seat, as the join list shows it."""

    FREE = "free"
    """Nobody has taken it yet."""
    PLAYING = "playing"
    """A connection plays it now."""
    AWAY = "away"
    """Its player's connection dropped; the seat is kept for him (name and code, or his key)."""
    COMPUTER = "computer"
    """A computer player's: never taken."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a table, for the join list and the scoreboard."""

    seat: int
    """The seat's number (0 first)."""
    name: str
    """The player's name, as the host set the table up."""
    status: SeatStatus
    """Who sits there now."""
    keyed: bool = False
    """Kept for the SSH key that took it last: another key (or none) takes it only by taking it over."""


@dataclass(frozen=True)
class TableChange:
    """What every connection of a table is told after the game or its seats change."""

    events: tuple[Event, ...] = ()
    """What the game reported, in order (each connection words them for its own eyes)."""
    by: int | None = None
    """The seat whose connection acted (it already drew the change itself), or None."""
    undone: bool = False
    """The log was taken back: draw the log again from the game's history, not by appending."""
    seats: bool = False
    """Someone sat down, left or came back: draw the seats again."""
    message: str | None = None
    """A line to show every connection (`Ann is back.`), if any."""
    log_line: str | None = None
    """A line for every connection's log besides the game's events (a seat handed to the computer and back)."""
    turned_to: tuple[int, ...] = ()
    """The seats whose decision it became with this change (each one a decider now and not before it: one
    seat as a turn passes, every seat of a simultaneous choice as it opens), in order; each one's terminal
    rings. Worked out when the change is made: by the time a connection draws it, the game may have moved on."""
    thinking: str | None = None
    """A computer is thinking (`Cat (computer) is thinking… 40 %`): only the words change, shown until the next
    change; "" says it no longer thinks (its decision was not played)."""


class Listener(Protocol):
    """A connection at a table: told of every change, on the event loop's thread.

    The method must only hand the change to its own app (post a message): it runs in the
    acting connection's context, and drawing from there would draw in the wrong app.
    """

    def table_changed(self, change: TableChange) -> None: ...


class HostedTable:
    """One networked game and the connections at it (see the module's docstring)."""

    def __init__(
        self,
        code: str,
        table: Table,
        *,
        bot_pause: float = 0.6,
        takeover_after: float | None = None,
        segment_seconds: float | None = None,
    ) -> None:
        self.code = code
        """The join code."""
        self.table = table
        """The game and its bookkeeping (saving after every action, auto-pass, computer players)."""
        players = len(table.game.state.players)
        record = table.hosted
        keys: list[str | None] = [None] * players
        if record is not None and len(record.keys) == players:
            keys = list(record.keys)
        self.keys = keys
        """By seat: the SSH key fingerprint that took it last (a returning key is seated at once)."""
        self.taken: set[int] = {seat for seat, key in enumerate(keys) if key is not None}
        """Seats someone has sat at (away, not free, once their connection drops)."""
        self.players: dict[int, Listener] = {}
        """The connection playing each seat now."""
        self.watchers: set[Listener] = set()
        """Spectators: the public view, live."""
        self.bot_pause = bot_pause
        """Seconds a computer's action waits (a third before a step), so people can follow it."""
        self.last_active = time.monotonic()
        """When something last happened here (the hub unloads the longest-quiet table first)."""
        self._bots: asyncio.Task[None] | None = None
        self.takeover_after = takeover_after
        """Seconds the game waits for an away player before a computer plays his seat (None: it waits)."""
        self.standing_in: set[int] = set()
        """Away players' seats a computer plays until they come back (they are in `table.bots` meanwhile)."""
        self.host_seat: int | None = None
        """The seat the host took when he made the table (he may hand an away player's seat to a computer)."""
        self._takeover: tuple[int, asyncio.TimerHandle] | None = None
        """The away seat the game waits for, and the timer that hands it to a computer."""
        self.segment_seconds = segment_seconds
        """The segment clock (`fragtui serve --segment-seconds`): seconds the people of a simultaneous choice in
        which holding is an answer (Real-Time Frag's Movement and Combat steps) have to choose; then everyone
        still choosing holds (`pass`: stands still, holds fire). None: the table waits for every order."""
        self._clock: tuple[object, asyncio.TimerHandle] | None = None
        """The choice the segment clock runs for, and its timer."""
        self.clock_ends: float | None = None
        """When the segment clock runs out (the event loop's time), while it runs: each chooser's screen counts
        down to it (`seconds_left`)."""
        table.hosted = HostedRecord(code=code, keys=keys)

    # -- what there is to see -------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """How lists name the table: its map and players."""
        state = self.table.game.state
        return f"{state.config.map} · {', '.join(p.name for p in state.players)}"

    @property
    def kind(self) -> str | None:
        """How lists say the game is played, where it is not the usual way: `Real-Time, 30 s a segment` (its
        segment clock, `segment_seconds`), or `Real-Time` with no clock; None for any other game."""
        config = self.table.game.state.config
        if not plays_real_time(config):
            return None
        clock = clock_words(config, self.segment_seconds)
        return "Real-Time" if clock is None else f"Real-Time, {clock}"

    def seats(self) -> list[SeatInfo]:
        """Every seat and who sits there."""
        infos = []
        for seat, player in enumerate(self.table.game.state.players):
            if seat in self.table.bots and seat not in self.standing_in:
                status = SeatStatus.COMPUTER
            elif seat in self.players:
                status = SeatStatus.PLAYING
            elif seat in self.taken:
                status = SeatStatus.AWAY
            else:
                status = SeatStatus.FREE
            keyed = status is not SeatStatus.COMPUTER and self.keys[seat] is not None
            infos.append(SeatInfo(seat, player.name, status, keyed))
        return infos

    def free_seats(self) -> list[SeatInfo]:
        """Seats a joining player may take: free ones and those kept for someone away."""
        return [info for info in self.seats() if info.status in (SeatStatus.FREE, SeatStatus.AWAY)]

    def seat_of_key(self, key: str | None) -> int | None:
        """The seat this SSH key took last, if any (and it is not a computer's)."""
        if key is None:
            return None
        for seat, held in enumerate(self.keys):
            if held == key and (seat not in self.table.bots or seat in self.standing_in):
                return seat
        return None

    def kept_for_another(self, seat: int, key: str | None) -> bool:
        """Whether `seat` is away and kept for an SSH key other than `key`: taking it is taking it over,
        a choice the visitor makes in so many words and the table is told of (never Enter on a list)."""
        held = self.keys[seat]
        computer = seat in self.table.bots and seat not in self.standing_in
        return held is not None and held != key and seat not in self.players and not computer

    @property
    def connections(self) -> int:
        return len(self.players) + len(self.watchers)

    # -- sitting down and leaving ------------------------------------------------------------------------

    def sit(self, seat: int, listener: Listener, key: str | None = None, *, take_over: bool = False) -> TableSeat:
        """Take `seat` for a connection: a free seat, one kept for someone away (name and code are
        enough when no key holds it), or one played from another terminal with the same key (that
        terminal is told).

        A seat kept for another key is taken only with `take_over` (the visitor chose "take over
        Ann's seat"), and the table is told; if its player came back meanwhile it is his again and
        the take-over is refused (`TableError`), his key untouched.
        """
        players = self.table.game.state.players
        if not 0 <= seat < len(players):
            raise TableError(f"table {self.code} has no seat {seat + 1}")
        name = players[seat].name
        if seat in self.table.bots and seat not in self.standing_in:
            raise TableError(f"{name} is a computer player's seat")
        other = self.players.get(seat)
        if other is not None and other is not listener:
            if key is None or self.keys[seat] != key:
                raise TableError(f"{name} is being played from another terminal")
            self.players.pop(seat)
            other.table_changed(TableChange(seats=True, message=f"{name} was taken back from another terminal."))
        taking_over = self.kept_for_another(seat, key)
        if taking_over and not take_over:
            raise TableError(f"{name}'s seat is kept for its player's key: only taking it over gives it to you")
        self.leave(listener, quietly=True)  # one seat per connection
        came_back = seat in self.taken
        self.players[seat] = listener
        self.taken.add(seat)
        if (key is not None or taking_over) and self.keys[seat] != key:
            self.keys[seat] = key
            self.table.hosted = HostedRecord(code=self.code, keys=list(self.keys))
            self.table.save()
        if taking_over:
            said = f"{name}'s seat was taken over by another player while {name} was away."
        else:
            said = f"{name} {'is back' if came_back else 'sits down'}."
        handed_back = None
        if seat in self.standing_in:  # the computer stood in for him: the seat is his again
            self.standing_in.discard(seat)
            del self.table.bots[seat]
            handed_back = f"{name} is back: the computer gives {name}'s seat back."
            print(f"fragtui serve: table {self.code}: {handed_back}", file=sys.stderr, flush=True)
        self._tell(TableChange(seats=True, message=said, log_line=handed_back), listener)
        self.last_active = time.monotonic()
        return TableSeat(self, seat, listener)

    def watch(self, listener: Listener) -> TableSeat:
        """Watch the table: the public view, live; nothing may be done."""
        self.leave(listener, quietly=True)
        self.watchers.add(listener)
        self._tell(TableChange(seats=True), listener)  # the players' screens count the watchers
        return TableSeat(self, None)

    def leave(self, listener: Listener, *, quietly: bool = False) -> None:
        """A connection leaves (quits, drops, goes back to the title): its seat is kept for it."""
        if listener in self.watchers:
            self.watchers.discard(listener)
            if not quietly:
                self._tell(TableChange(seats=True), listener)
        for seat, other in list(self.players.items()):
            if other is listener:
                del self.players[seat]
                if not quietly:
                    name = self.table.game.state.players[seat].name
                    self._tell(TableChange(seats=True, message=f"{name} is away; the seat is kept."), listener)
        self._watch_absent()

    # -- acting ------------------------------------------------------------------------------------------

    def act(self, seat: int | None, action: Action) -> list[Event]:
        """Apply `seat`'s action, when the game waits for that seat, save, and tell everyone.

        Raises `IllegalActionError`, changing nothing, for a spectator, a seat whose decision it
        is not, or an action the engine refuses.
        """
        self._check_turn(seat)
        before = self.table.game.deciders()
        events = self.table.act(action, seat)
        self._after(TableChange(tuple(events), by=seat, turned_to=self._turned_to(before)))
        return events

    def undo(self, seat: int | None) -> list[Event]:
        """Take back `seat`'s last action (the engine's undo: never past a roll or a draw)."""
        self._check_turn(seat)
        before = self.table.game.deciders()
        events = self.table.undo()  # (never a choice: a card chosen face down is a secret, never taken back)
        self._after(TableChange(tuple(events), by=seat, undone=True, turned_to=self._turned_to(before)))
        return events

    def toggle_auto_pass(self, seat: int | None) -> bool:
        """Switch auto-pass reactions for `seat`; reaction windows it closes at once are told to all."""
        if seat is None:
            raise IllegalActionError("you are watching this table")
        before = self.table.game.deciders()
        on = self.table.toggle_auto_pass(seat)
        if self.table.passed:
            self._after(TableChange(tuple(self.table.passed), by=None, turned_to=self._turned_to(before)))
        return on

    def _turned_to(self, before: tuple[int, ...]) -> tuple[int, ...]:
        """The seats the decision passed to with a change (`TableChange.turned_to`): the deciders now that were
        not before it (`before`)."""
        game = self.table.game
        if game.over:
            return ()
        return tuple(seat for seat in game.deciders() if seat not in before)

    def _check_turn(self, seat: int | None) -> None:
        """Refuse a spectator, or a seat the game does not wait for (he is not among its deciders)."""
        if seat is None:
            raise IllegalActionError("you are watching this table")
        game = self.table.game
        if game.over:
            raise IllegalActionError("the game is over")
        deciders = game.deciders()
        if seat not in deciders:
            names = [game.state.players[other].name for other in deciders]
            who = " and ".join(names) or "nobody"
            raise IllegalActionError(f"it is not your decision: {who} {'decides' if len(names) < 2 else 'decide'} now")

    def _after(self, change: TableChange) -> None:
        self.last_active = time.monotonic()
        self._tell(change, self.players.get(change.by) if change.by is not None else None)
        self.wake_computers()

    def _tell(self, change: TableChange, skip: Listener | None = None) -> None:
        """Tell every connection but `skip` (the one that acted and drew it already)."""
        for listener in [*self.players.values(), *self.watchers]:
            if listener is not skip:
                listener.table_changed(change)
        self._watch_absent()
        self._watch_clock()

    # -- the segment clock (Real-Time Frag over SSH) ----------------------------------------------------------

    def _timed_choice(self) -> object | None:
        """The choice the segment clock runs for now: a simultaneous choice pending in which a person still
        choosing may hold (`pass`), or a decision that says the clock runs on it (`clocked`: Real-Time Frag's
        pick-up and shoot-first questions, else one person away from his keyboard holds the whole table), or
        None."""
        game = self.table.game
        pending = game.state.pending
        top = pending[-1] if pending else None
        if game.over or not (isinstance(top, SimultaneousChoice) or getattr(top, "clocked", False)):
            return None
        people = [seat for seat in game.deciders() if seat not in self.table.bots]
        return top if any(_HOLD in game.legal_actions(seat) for seat in people) else None

    def _watch_clock(self) -> None:
        """Start the segment clock when such a choice opens, or stop it when it is over."""
        choice = self._timed_choice() if self.segment_seconds is not None else None
        if self._clock is not None:
            if self._clock[0] is choice:
                return
            self._clock[1].cancel()
            self._clock = None
            self.clock_ends = None
        if choice is None or self.segment_seconds is None:
            return
        with contextlib.suppress(RuntimeError):  # no running loop: a test driving the table by hand
            loop = asyncio.get_running_loop()
            timer = loop.call_later(self.segment_seconds, self.clock_ran_out, choice, context=Context())
            self._clock = (choice, timer)
            self.clock_ends = loop.time() + self.segment_seconds

    def seconds_left(self, seat: int | None) -> int | None:
        """Whole seconds (rounded up) before the segment clock runs out on `seat`, while it runs for a choice he is
        still making; else None (no clock, he has chosen, or he is not in it)."""
        if self._clock is None or self.clock_ends is None or seat is None or seat in self.table.bots:
            return None
        if seat not in self.table.game.deciders():  # (he has chosen; the clock stops as the choice ends)
            return None
        with contextlib.suppress(RuntimeError):
            left = self.clock_ends - asyncio.get_running_loop().time()
            return max(0, -int(-left // 1))
        return None

    def clock_ran_out(self, choice: object) -> list[int]:
        """The segment clock ran out on `choice`: every person still choosing in it holds (stands still, holds
        fire: `pass`); the seats it held for, in order."""
        self._clock = None
        self.clock_ends = None
        game = self.table.game
        held: list[int] = []
        events: list[Event] = []
        while self._timed_choice() is choice:
            people = [seat for seat in game.deciders() if seat not in self.table.bots]
            seat = next((seat for seat in people if _HOLD in game.legal_actions(seat)), None)
            if seat is None:
                break
            events += self.table.act(_HOLD, seat)
            held.append(seat)
        if held:
            names = [self.table.name(seat) for seat in held]
            who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
            verb = "holds" if len(names) == 1 else "hold"
            what = getattr(choice, "what", None)
            if what is not None:
                said = f"The segment clock ran out: {who} {verb}, not having chosen {what}."
            else:
                said = f"The segment clock ran out: {who} {verb}, not having answered ({getattr(choice, 'label', '')})."
            self.last_active = time.monotonic()
            self._tell(TableChange(tuple(events), log_line=said))
            self.wake_computers()
        return held

    # -- an away player's seat, played by a computer until he is back ----------------------------------

    def absent_decider(self) -> int | None:
        """The away player the game waits for (he sat here, dropped, and nobody plays his seat), if any: in a
        simultaneous choice, the first of the seats still choosing who is away."""
        game = self.table.game
        if game.over:
            return None
        return next((seat for seat in game.deciders() if self._away(seat)), None)

    def _away(self, seat: int) -> bool:
        """Whether `seat` is an away player's: he sat here, dropped, and neither a connection nor a computer plays
        it now."""
        return seat not in self.players and seat not in self.table.bots and seat in self.taken

    def _watch_absent(self) -> None:
        """Start the clock that hands an away decider's seat to a computer (`takeover_after`), or stop it."""
        seat = self.absent_decider() if self.takeover_after is not None else None
        if self._takeover is not None:
            if self._takeover[0] == seat:
                return
            self._takeover[1].cancel()
            self._takeover = None
        if seat is None or self.takeover_after is None:
            return
        with contextlib.suppress(RuntimeError):  # no running loop: a test driving the table by hand
            timer = asyncio.get_running_loop().call_later(self.takeover_after, self.stand_in, seat, context=Context())
            self._takeover = (seat, timer)

    def stand_in(self, seat: int, by: str | None = None) -> bool:
        """A computer plays `seat` until its player comes back (he sits down again: `sit` gives it back).
        `by`: who asked (the host), else the wait was long enough. False when the seat is not an away
        player's the game waits for (any more)."""
        self._takeover = None
        if seat != self.absent_decider():
            return False
        name = self.table.name(seat)
        self.table.bots[seat] = make_bot(type(self.table.game.rules).default_bot, seat)
        self.standing_in.add(seat)
        why = f"{by} asked" if by else f"{name} has been away too long"
        said = f"{why}: the computer plays {name}'s seat until {name} comes back."
        print(f"fragtui serve: table {self.code}: {said}", file=sys.stderr, flush=True)
        self.last_active = time.monotonic()
        self._tell(TableChange(seats=True, log_line=said))
        self.wake_computers()
        return True

    # -- computer players -----------------------------------------------------------------------------------

    def wake_computers(self) -> None:
        """Let the computer players play, if one must decide and none is already thinking."""
        if self._bots is not None and not self._bots.done():
            return
        if self.table.game.over or self.table.bot_seat() is None:
            return
        with contextlib.suppress(RuntimeError):  # no running loop: a test driving the table by hand
            # In a context of its own (as the clocks above): made in the context of whichever session's app changed
            # the table, the task would carry that app (Textual's `active_app`) for as long as the computers play,
            # and keep it alive after its player had left.
            self._bots = asyncio.get_running_loop().create_task(self._computers_play(), context=Context())

    async def _computers_play(self) -> None:
        """Play every computer decision in a row, each worked out in a thread, until a person must decide; in a
        simultaneous choice, every seat a computer holds in it, one after another, while the people choose."""
        game = self.table.game
        while not game.over:
            seat = self.table.bot_seat()
            if seat is None:
                return
            count = len(game.log)
            together = len(game.deciders()) > 1
            started = time.monotonic()
            bot = self.table.bots[seat]
            try:
                if together or thinks(bot):  # people may act while it thinks: it reads a copy, never the game changing
                    copy = Game.from_state(game.state, board=game.board, cards=game.cards)
                    action = await self._thinking(seat, asyncio.to_thread(bot.decide, BotWindow(copy, seat)))
                else:
                    action = await asyncio.to_thread(self.table.bot_decision)
            except Exception as exc:  # a bot's bug must not stop the table: play its first legal action
                print(f"fragtui serve: table {self.code}: the computer erred: {exc!r}", file=sys.stderr)
                action = game.legal_actions(seat)[0]
            pause = self.bot_pause / 3 if isinstance(action, Step | Jump | Hop) else self.bot_pause
            await asyncio.sleep(max(0.0, pause - (time.monotonic() - started)))
            if together:  # others chose meanwhile: its choice stands while its seat may still make it
                if seat not in game.deciders() or not game.is_legal(action, seat):
                    self._tell(TableChange(thinking=""))
                    continue
            elif len(game.log) != count or self.table.bot_seat() != seat:
                self._tell(TableChange(thinking=""))
                continue  # the game moved on meanwhile (it cannot, but never apply a stale decision)
            before = game.deciders()
            try:
                events = self.table.act(action, seat)
            except IllegalActionError as exc:
                print(f"fragtui serve: table {self.code}: {action!r} was refused: {exc}", file=sys.stderr)
                events = self.table.act(game.legal_actions(seat)[0], seat)
            self.last_active = time.monotonic()
            self._tell(TableChange(tuple(events), by=None, turned_to=self._turned_to(before)))

    async def _thinking(self, seat: int, decision: Coroutine[object, object, Action]) -> Action:
        """`decision` (a computer's, worked out in a thread), telling everyone at the table, while a bot that thinks
        long thinks, how far it has got, every `THINKING_EVERY` seconds."""
        bot = self.table.bots[seat]
        work = asyncio.ensure_future(decision)
        if not thinks(bot):
            return await work
        name = self.table.name(seat)
        while not work.done():
            self._tell(TableChange(thinking=thinking_words(name, bot)))
            await asyncio.wait([work], timeout=THINKING_EVERY)
        return work.result()

    async def settled(self) -> None:
        """Wait until no computer player is thinking (tests; stopping the server)."""
        while self._bots is not None and not self._bots.done():
            await asyncio.wait([self._bots])

    def close(self) -> None:
        """Stop the computer players (the game is saved after every action already)."""
        if self._bots is not None:
            self._bots.cancel()
        if self._takeover is not None:
            self._takeover[1].cancel()
            self._takeover = None
        if self._clock is not None:
            self._clock[1].cancel()
            self._clock = None


class TableSeat(Table):
    """A connection's face of a hosted table: one seat's eyes (or a spectator's), no hand-offs.

    It is a `Table` to the game screen, which draws and acts through it as at one keyboard; the
    game, the looks, the computer players and the auto-pass settings are the hosted table's
    own objects, and every act goes through `HostedTable` (whose decision, then the engine).
    """

    def __init__(  # no super().__init__: nothing is copied
        self, hosted: HostedTable, seat: int | None, listener: Listener | None = None
    ) -> None:
        shared = hosted.table
        self.host = hosted
        """The hosted table this face is of."""
        self.seat = seat
        """The seat this connection plays (None: watching)."""
        self.listener = listener
        """The connection that sat down: once the seat is another's (taken back with the same key from
        another terminal), this face may no longer act for it."""
        self.game = shared.game
        self.looks = shared.looks
        self.save_path = shared.save_path
        self.created = shared.created
        self.hosted = shared.hosted
        self.tournament = shared.tournament  # (a hosted table is never a tournament's game: None)
        self.at_keyboard = seat
        self.auto_pass = shared.auto_pass
        self.passed = []
        self.bots = shared.bots
        self.humans = shared.humans
        self.standing = shared.standing  # (standing orders are a hot-seat table's: none are given here)
        self.orders_ended = shared.orders_ended

    # The save's state is the hosted table's: read it there, whenever asked.
    @property
    def save_error(self) -> str | None:
        return self.host.table.save_error

    @save_error.setter
    def save_error(self, value: str | None) -> None:
        self.host.table.save_error = value

    @property
    def save_problem(self) -> str | None:
        return self.host.table.save_problem

    @save_problem.setter
    def save_problem(self, value: str | None) -> None:
        self.host.table.save_problem = value

    @property
    def saved_actions(self) -> int | None:
        return self.host.table.saved_actions

    @saved_actions.setter
    def saved_actions(self, value: int | None) -> None:
        self.host.table.saved_actions = value

    # -- no keyboard to pass ---------------------------------------------------------------------------------

    def waiting_for(self) -> int | None:
        """Never a hand-off: each player has his own terminal."""
        return None

    def unlock(self, seat: int) -> None:
        """The eyes are fixed on this connection's seat."""

    def bot_seat(self) -> int | None:
        """The hosted table plays the computers, not each connection's screen."""
        return None

    def lock_for_bots(self) -> bool:
        """A player's own hand stays on his own screen while the computers play."""
        return False

    def lock(self) -> bool:
        """Nobody else looks at a player's own screen: his hand stays (Ruthless's reveal too)."""
        return False

    def bot_decision(self) -> Action:
        raise IllegalActionError("the computer players are played by the table")

    # -- acting through the hosted table -----------------------------------------------------------------------

    def act(self, action: Action, seat: int | None = None) -> list[Event]:
        """This connection's action, for its own seat (whatever `seat` the screen names: it has one)."""
        self._still_seated()
        return self.host.act(self.seat, action)

    def undo(self) -> list[Event]:
        self._still_seated()
        return self.host.undo(self.seat)

    def toggle_auto_pass(self, seat: int) -> bool:
        self._still_seated()
        return self.host.toggle_auto_pass(self.seat)

    def _still_seated(self) -> None:
        """A terminal whose seat was taken back (or that left) acts for it no more, even with a key
        pressed before it was told."""
        seat = self.seat
        if seat is not None and self.listener is not None and self.host.players.get(seat) is not self.listener:
            raise IllegalActionError(f"{self.name(seat)} is no longer played from this terminal")

    def save(self) -> None:
        """The hosted table saves after every action."""

    def saved_words(self) -> str:
        """Where the game is kept: its file on the server and the table's code (never the host's folders:
        the hosted table's `folders_shown` is off, so its save errors name the file alone too)."""
        if self.save_path is None:
            return "This game is not saved."
        return self.unsaved_note() or f"Saved on the server as {self.save_path.name} (table {self.host.code})."

    def unsaved_note(self) -> str | None:
        return self.host.table.unsaved_note()


class TableHub:
    """The tables of one server: hosting, finding by code, offering again after a restart."""

    def __init__(
        self,
        folder: Path | None = None,
        *,
        bot_pause: float = 0.6,
        max_tables: int = 32,
        ledger: SaveLedger | None = None,
        takeover_after: float | None = None,
        segment_seconds: float | None = None,
    ) -> None:
        self.folder = folder
        self.segment_seconds = segment_seconds
        """Every table's segment clock (`HostedTable.segment_seconds`; None: off)."""
        self.takeover_after = takeover_after
        """Seconds a table waits for an away player before a computer plays his seat (None: it waits)."""
        """Where tables are saved (None: the data folder's saves folder, looked up when first needed)."""
        self.bot_pause = bot_pause
        """Seconds a computer's action waits (`HostedTable.bot_pause`)."""
        self.max_tables = max_tables
        """Tables kept in memory at once; past it the longest-quiet table nobody is at is unloaded
        (it stays on disk, and its code loads it again)."""
        self.tables: dict[str, HostedTable] = {}
        """The tables in memory, by join code."""
        self.archived = 0
        """Saves moved to the archive when the server started (`resume_saved`), for its start-up lines."""
        self._saved: dict[str, Path] | None = None
        """The tables' saves on disk by join code, read once (`_on_disk`); None until first needed."""
        self.ledger = ledger if ledger is not None else SaveLedger(folder)
        """Who made which save, the cap per player, and the archive expired tables move to (ledger.py)."""
        self.guard = CodeGuard()
        """The wrong join codes tried, by address: each makes the next lookup wait (guesses.py)."""
        self.address: str | None = None
        """How players reach this server (`ssh -p 2222 HOST`, as `fragtui serve` printed it), to tell
        a host the line his friends type; None: unknown (tests), the screens then say PORT and HOST."""

    def _folder(self) -> Path:
        return self.folder if self.folder is not None else saves_dir()

    def _new_code(self) -> str:
        taken = set(self.tables) | set(self._on_disk())
        while True:
            code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in taken:
                return code

    def _on_disk(self) -> dict[str, Path]:
        """The saves of tables, by join code: the folder is read once, then kept up to date by `host`
        (a mistyped code, or a user name that looks like one, must not re-read every save)."""
        if self._saved is None:
            self._saved = {}
            try:
                saves = list_saves(self._folder())
            except FragtuiError:  # no saves folder: nothing saved, and hosting will say why
                saves = []
            for saved in saves:
                if saved.save is not None and saved.save.hosted is not None:
                    self._saved[saved.save.hosted.code] = saved.path
        return self._saved

    @staticmethod
    def _table(game: Game, looks: Sequence[SeatLook], path: Path, created: str | None = None) -> Table:
        """The hot-seat bookkeeping a hosted game is played through; its words never name the host's folders."""
        table = Table(game, list(looks), save_path=path, created=created)
        table.folders_shown = False
        return table

    def _hosted(self, code: str, table: Table) -> HostedTable:
        return HostedTable(
            code,
            table,
            bot_pause=self.bot_pause,
            takeover_after=self.takeover_after,
            segment_seconds=self.segment_seconds,
        )

    def _room(self) -> None:
        """Make room for one more table, or say there is none."""
        if len(self.tables) < self.max_tables:
            return
        quiet = [t for t in self.tables.values() if not t.connections and not t.table.bot_seat()]
        if not quiet:
            raise TableError(f"the server has {len(self.tables)} tables in play; join one, or try again later")
        oldest = min(quiet, key=lambda t: t.last_active)
        oldest.close()
        del self.tables[oldest.code]

    def host(self, config: GameConfig, seed: int, looks: Sequence[SeatLook], owner: str | None = None) -> HostedTable:
        """A new table: the game as the host set it up, saved at once, under a fresh join code.

        Raises `TableError` when the server has no room, or when the saves folder cannot be written
        (a networked game that cannot be saved would be lost by a restart); `SaveCapReached` when the
        host (`SaveLedger.owner`) has as many saves on the server as one may.
        """
        if owner is not None:
            self.ledger.check(owner)
        self._room()
        game = new_game(config, seed)
        path = new_save_path([seat.name for seat in config.seats], self._folder())
        table = self._table(game, looks, path)
        code = self._new_code()
        table.hosted = HostedRecord(code=code, keys=[None] * len(config.seats))
        table.save()
        if table.save_error is not None:
            raise TableError(f"the table cannot be saved on the server ({table.save_problem}); nobody can host now")
        self._on_disk()[code] = path
        if owner is not None:
            self.ledger.add(owner, path)
        hosted = self.tables[code] = self._hosted(code, table)
        hosted.wake_computers()
        return hosted

    def find(self, typed: str) -> HostedTable:
        """The table with this join code: in play, or unfinished on disk (loaded again).

        Raises `TableError` saying there is no such table.
        """
        code = normal_code(typed)
        hosted = self.tables.get(code)
        if hosted is not None:
            return hosted
        path = self._on_disk().get(code)
        if path is not None and self.ledger.archive([path]):  # quiet for longer than tables are kept
            del self._on_disk()[code]
            path = None
        if path is not None:
            save = read_save(path)
            if save.hosted is not None and save.hosted.code == code and save.summary.winner is None:
                return self._load(path, save)
        shown = typed.strip()[:12] or "(nothing)"
        raise TableError(f"no table has the code {shown}")

    def _load(self, path: Path, save: SaveFile) -> HostedTable:
        assert save.hosted is not None
        code = save.hosted.code
        self._room()  # before the replay: no room, no work
        table = self._table(game_of(save, path), save.looks, path, save.created)
        table.hosted = save.hosted
        hosted = self.tables[code] = self._hosted(code, table)
        hosted.wake_computers()
        return hosted

    def resume_saved(self) -> tuple[list[HostedTable], list[str]]:
        """Offer again every unfinished table saved in the folder (a restarted server).

        Returns the tables, and one line for each save that could not be loaded (the server
        starts anyway; that game stays on disk, `fragtui replay` says what is wrong with it).
        """
        folder = self._folder()
        if not folder.is_dir():
            return [], []
        resumed: list[HostedTable] = []
        problems: list[str] = []
        saves = list_saves(folder)
        tables = [saved.path for saved in saves if saved.save is not None and saved.save.hosted is not None]
        archived = set(self.ledger.archive(tables))  # quiet too long: offered no more, kept in the archive
        self.archived = len(archived)
        saves = [saved for saved in saves if saved.path not in archived]
        known = self._saved if self._saved is not None else {}
        for saved in saves:  # the same listing indexes the folder (`_on_disk`): it is read once
            if saved.save is not None and saved.save.hosted is not None:
                known.setdefault(saved.save.hosted.code, saved.path)
        self._saved = known
        for saved in saves:
            save = saved.save
            if save is None or save.hosted is None or save.summary.winner is not None:
                continue
            if save.hosted.code in self.tables or len(self.tables) >= self.max_tables:
                continue
            try:
                resumed.append(self._load(saved.path, save))
            except FragtuiError as exc:
                problems.append(str(exc))
        return resumed, problems

    def watchable(self) -> list[HostedTable]:
        """Tables whose game is on, for "Watch a table" (their codes are not shown there)."""
        return [t for t in self.tables.values() if not t.table.game.over]

    def kept_for(self, key: str | None) -> list[tuple[HostedTable, int]]:
        """The unfinished tables' seats this SSH key took last (to offer them back at once)."""
        if key is None:
            return []
        found = []
        for hosted in self.tables.values():
            seat = hosted.seat_of_key(key)
            if seat is not None and not hosted.table.game.over:
                found.append((hosted, seat))
        return found

    async def close(self) -> None:
        """Stop every table's computer players (the server is stopping; each game is saved)."""
        for hosted in self.tables.values():
            hosted.close()
        for hosted in self.tables.values():
            with contextlib.suppress(asyncio.CancelledError):
                await hosted.settled()
