"""The game screen at a networked table: one seat's eyes (or a spectator's), live.

It is the ruleset's own hot-seat screen (its front end's: Frag's `GameScreen`, Ruthless's, the generic one) holding a
`TableSeat` instead of a `Table`, through the mixin `SeatAtTable` put before it (`table_screen_for`), so the map, the
sheet, the hand and every key work as at one keyboard; what
differs comes from the seat itself (no hand-offs, the computers played by the hosted table) and from this screen:

- **Told, never reached into.** Every session's app runs in one event loop, and Textual finds
  "the current app" in a context variable: a change made by another connection arrives through
  its `Listener`, in that connection's context. `SeatListener` therefore only posts a message
  to this screen; the screen handles it in its own app's context, as it would a key.
- **What others did, as it happened.** The events are written to the log worded for this seat
  (or the public wording for a spectator), the board is drawn again, and when it has become
  this seat's decision its dialog comes up, with a bell.
- **Choosing at once.** In a simultaneous choice (the initiative cards, fisticuffs, the poker draw)
  every player in it is asked on his own terminal at the same time; once he has chosen, and on a
  spectator's screen, the table's status says how many have chosen and who is still choosing, by
  name, never what (`Waiting: 2 of 4 have chosen; still choosing: Bob, Dan`).
- **A question withdrawn.** A dialog whose question is no longer his (the segment clock ran out and he held, a
  computer took his away seat's turn) is taken down, and whatever he is asked now comes up in its place: an answer
  meant for one question never goes to another.
- **The segment clock.** While it runs on a choice he is still making (`HostedTable.seconds_left`), his question
  says how many seconds are left, once a second (its title alone is drawn again).
- **Who is away.** The scoreboard names the seats nobody plays now and says when the game waits
  for one of them.
- **Leaving keeps the seat.** Quitting, going back to the title or a dropped connection all
  unmount the screen, which tells the hosted table: the seat shows away, and the same code (or
  the same SSH key) takes it back.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import RichLog, Static

from fragtui.engine.view import PlayerView
from fragtui.serve.tables import HostedTable, SeatStatus, TableChange, TableSeat
from fragtui.tui.describe import deciders_of
from fragtui.tui.dialogs import ChoiceDialog, ConfirmDialog
from fragtui.tui.play_screen import PlayScreen
from fragtui.tui.screens import screen_class

__all__ = ["SeatAtTable", "SeatListener", "TableChanged", "table_screen_for"]


class TableChanged(Message, bubble=False):
    """Another connection (or a computer player) changed the table: draw it (see the module's docstring)."""

    def __init__(self, change: TableChange) -> None:
        super().__init__()
        self.change = change
        """What happened."""


class SeatListener:
    """One connection at a table: hands every change to its game screen as a message.

    It exists before the screen (the table must know whom to tell from the moment the seat is
    taken); changes told before the screen is attached are held and posted when it is.
    """

    def __init__(self) -> None:
        self.screen: SeatAtTable | None = None
        """The game screen that draws the changes, once made."""
        self._held: list[TableChange] = []

    def attach(self, screen: SeatAtTable) -> None:
        self.screen = screen
        for change in self._held:
            screen.post_message(TableChanged(change).set_sender(screen))
        self._held.clear()

    def table_changed(self, change: TableChange) -> None:
        """Called in the acting connection's context: only post (never draw, never ask for `app`)."""
        if self.screen is None:
            self._held.append(change)
        else:
            self.screen.post_message(TableChanged(change).set_sender(self.screen))


class SeatAtTable(PlayScreen):
    """What a connection at a hosted table changes in any game screen (see the module's docstring): put before
    the ruleset's screen, `class X(SeatAtTable, RuthlessScreen)`, by `table_screen_for`."""

    BINDINGS = [Binding("C", "stand_in", "Computer for the away player", show=False)]
    DEFAULT_CSS = """
    SeatAtTable #table-status { height: auto; padding: 0 1; border-top: solid $panel-lighten-2; }
    """

    def __init__(
        self,
        seat: TableSeat,
        listener: SeatListener,
        on_over: Callable[[], None] | None = None,
        welcome: Screen[None] | None = None,
    ) -> None:
        super().__init__(seat, on_over=on_over)
        self.welcome = welcome
        """A word shown before anything else (the host's join code), as the first prompt: a
        decision waiting for this seat comes up after it, never under it."""
        self.seat_table = seat
        """This connection's face of the table (the same object as `table`, typed as what it is)."""
        self.hosted: HostedTable = seat.host
        """The table itself: its code, its seats, its connections."""
        self.listener = listener
        """How the table tells this screen of changes; leaving gives the seat up through it."""
        self._left = False
        self._question: tuple[Screen[object], object, str | Text] | None = None
        """The dialog up for this seat's question, the decision it answers (that very object) and its title."""
        self._countdown: Timer | None = None
        """Once a second, the seconds left on the segment clock, in the question's title (while it runs)."""
        listener.attach(self)

    # -- what is drawn ----------------------------------------------------------------------------

    @property
    def watching(self) -> bool:
        return self.seat_table.seat is None

    def on_mount(self) -> None:
        """A ruleset's screen with no scoreboard (Ruthless's roster) gets the table's status as a panel of
        its own, above the log; one with a scoreboard shows it under the scores (`scores`)."""
        if not self.query("#scores") and self.query("#side") and self.query("#log"):
            self.query_one("#side").mount(Static(id="table-status"), before=self.query_one("#log"))

    def draw(self, view: PlayerView) -> None:
        super().draw(view)
        if self._countdown is not None:  # (he has chosen, or the choice is over: the countdown stops at once)
            self._tick()
        for panel in self.query("#table-status").results(Static):
            panel.update(self.table_status(view))

    def scores(self, view: PlayerView) -> Text:
        """The scoreboard, then the table's status (`table_status`)."""
        board = super().scores(view)
        if not board.plain.endswith("\n"):
            board.append("\n")
        board.append_text(self.table_status(view))
        return board

    def table_status(self, view: PlayerView) -> Text:
        """The table's code and watchers (or that this connection watches), who is away or not there, and
        whom the game waits for: the same lines under every ruleset's screen."""
        board = Text()
        seats = self.hosted.seats()
        away = [info.name for info in seats if info.status is SeatStatus.AWAY]
        free = [info.name for info in seats if info.status is SeatStatus.FREE]
        if self.watching:
            board.append("You are watching this table.", style="bold")
        else:
            board.append(f"Table {self.hosted.code}", style="bold")
            watchers = len(self.hosted.watchers)
            if watchers:
                board.append(f" · {watchers} watching")
        if away:
            board.append(f"\nAway (seat kept): {', '.join(away)}", style="yellow")
        if free:
            board.append(f"\nNot taken yet: {', '.join(free)}", style="dim")
        standing_in = [self.table.name(seat) for seat in sorted(self.hosted.standing_in)]
        if standing_in:
            board.append(f"\nThe computer plays until back: {', '.join(standing_in)}", style="yellow")
        choosing = view.choosing
        if choosing is not None and not self.game.over:  # who is still choosing, by name; never what anyone chose
            mine = self.viewer in choosing.waiting
            names = ["you" if seat == self.viewer else seats[seat].name for seat in choosing.waiting]
            what = choosing.what  # (his own, in his words: "your moves", never "their moves")
            what = f"your {what.removeprefix('their ')}" if what.startswith("their ") else what
            lead = f"Choosing {what}" if mine else "Waiting"
            board.append(f"\n{lead}: {choosing.words()}; still choosing: {', '.join(names)}", style="bold")
        absent = (SeatStatus.AWAY, SeatStatus.FREE)
        for decider in deciders_of(view) if not self.game.over else ():
            if seats[decider].status not in absent or decider in self.hosted.standing_in:
                continue
            board.append(f"\nWaiting for {seats[decider].name}, who is not at the table.", style="bold yellow")
            if self._hosting() and self.hosted.absent_decider() == decider:
                board.append(f"\nC: the computer plays {seats[decider].name} until he is back.", style="yellow")
        return board

    def _hosting(self) -> bool:
        """Whether this connection plays the seat the host took (he may hand an away seat to a computer)."""
        return self.seat_table.seat is not None and self.seat_table.seat == self.hosted.host_seat

    def action_stand_in(self) -> None:
        """The host hands the away player the game waits for to a computer, until he comes back."""
        seat = self.hosted.absent_decider()
        if not self._hosting() or seat is None:
            self.notify("Only the host may, and only while the game waits for a player who is away.", markup=False)
            return
        self.hosted.stand_in(seat, by=f"{self.table.name(self.hosted.host_seat or 0)} (the host)")

    def next_prompt(self) -> None:
        """The welcome first, once; then as at one keyboard (a decision only for the decider)."""
        if self.welcome is not None and not self._prompting and self.is_current:
            welcome, self.welcome = self.welcome, None
            self._prompting = True
            self.app.push_screen(welcome, self._welcomed)
            return
        super().next_prompt()

    def _welcomed(self, _: None) -> None:
        self._prompting = False
        self.next_prompt()

    # -- what others did ------------------------------------------------------------------------------

    def on_table_changed(self, message: TableChanged) -> None:
        """Draw another connection's change: the same events in this seat's words, then whatever it asks of us."""
        if self._left or not self.is_mounted:
            return
        change = message.change
        if change.thinking is not None:  # a computer thinks: only its words change
            self.show_thinking(change.thinking or None)
            return
        self.show_thinking(None)
        if change.events:
            self.noted(change.events)
            log = self.query_one("#log", RichLog)
            for event in change.events:
                self.events.append(event)
                self._write(log, event)
        if change.log_line:
            self.query_one("#log", RichLog).write(Text(change.log_line, style="italic yellow"))
        self.sync()
        if self.app.screen is not self:
            # A dialog is up over the board (his initiative card, while another player chooses his): the board
            # under it is drawn again, but Textual does not always send a screen under another to the terminal
            # (a change of its layout); repainting the dialog's screen, with the board showing through, does.
            self.call_after_refresh(self.app.screen.refresh)
        if change.message:
            self.notify(change.message, markup=False)
        seat = self.seat_table.seat
        if seat is not None and self.hosted.players.get(seat) is not self.listener:
            self._taken_back()
            return
        self._withdraw_stale_question()
        if self.viewer is not None and self.viewer in change.turned_to:
            self.app.bell()  # it became this player's decision (his turn, a reaction, a choice made at once)
            self._keep_alive()  # his idle clock starts now, not when he last pressed a key
        self.next_prompt()

    # -- the question up, and the segment clock on it ---------------------------------------------------

    def _open_decision(self) -> object | None:
        pending = self.game.state.pending
        return pending[-1] if pending else None

    def ask(self, view: PlayerView) -> bool:
        """As at one keyboard; the dialog put up is remembered with the decision it answers, and the segment clock
        (if it runs for him) counts down on it."""
        asked = super().ask(view)
        dialog = self.app.screen
        if asked and dialog is not self:
            title = dialog.title_text if isinstance(dialog, ChoiceDialog) else ""
            self._question = (dialog, self._open_decision(), title)
            self._tick()
        return asked

    def _withdraw_stale_question(self) -> None:
        """Take down the dialog of a question that is no longer his (see the module's docstring): its answer comes
        back as none, and whatever he is asked now is put up instead (`_decided`)."""
        question = self._question
        if question is None:
            return
        dialog, decision = question[0], question[1]
        if dialog not in self.app.screen_stack:
            self._question = None
            return
        if self.deciding() and self._open_decision() is decision:
            return
        self._question = None
        while self.app.screen is not dialog:  # (the help opened from it)
            self.app.pop_screen()
        dialog.dismiss(None)

    def _tick(self) -> None:
        """The seconds left on the segment clock in his question's title; the countdown stops when the clock does
        not run for him (he has chosen, the choice is over, no clock)."""
        question = self._question
        left = self.hosted.seconds_left(self.viewer)
        dialog = question[0] if question is not None else None
        if left is None or question is None or not isinstance(dialog, ChoiceDialog) or self._left:
            if self._countdown is not None:
                self._countdown.stop()
                self._countdown = None
            return
        title = Text.assemble(question[2], (f"\n{clock_words(left)}", "bold yellow"))
        if dialog.is_mounted:
            for static in dialog.query("#choice-title").results(Static):
                static.update(title)
        else:
            dialog.title_text = title
        if self._countdown is None:
            self._countdown = self.set_interval(1.0, self._tick)

    def waits_on_others(self) -> bool:
        """Whether the game waits for someone else (or this connection watches): while it does, the idle
        timeout does not close this connection, however long the others take (docs/serve.md)."""
        if self._left or self.game.over:
            return False
        return not self.deciding()

    def _keep_alive(self) -> None:
        from fragtui.serve.app import ServedApp  # the app imports this screen lazily: no cycle at import

        if isinstance(self.app, ServedApp):
            self.app.keep_alive()

    def _taken_back(self) -> None:
        """The seat was taken back from another terminal (the same SSH key): this one only leaves."""
        self._left = True
        if self.on_over is not None:
            self.on_over()
        else:
            self.dismiss(None)

    # -- keys that act ----------------------------------------------------------------------------------

    def _mine(self) -> bool:
        """As at one keyboard, but a key pressed out of turn says whom the game waits for."""
        if self._prompting or self.game.over:
            return False
        if self.watching:
            self.notify("You are watching this table: you cannot act.", severity="warning")
            return False
        if not self.deciding():
            who = " and ".join(self.table.name(seat) for seat in self.game.deciders()) or "nobody"
            self.notify(f"Not your decision: the game waits for {who}.", markup=False)
            return False
        return True

    def action_undo(self) -> None:
        if self._mine():
            super().action_undo()

    def action_auto_pass(self) -> None:
        if self.watching:
            self.notify("You are watching this table: you cannot act.", severity="warning")
            return
        super().action_auto_pass()

    # -- leaving ----------------------------------------------------------------------------------------

    def action_leave(self) -> None:
        """Leave the table: a spectator at once, a player after one question (his seat is kept)."""
        if self.watching:
            self._leave(True)
            return
        self._prompting = True
        question = (
            f"Leave the table? Your seat is kept: join again with the code {self.hosted.code}. "
            f"{self.seat_table.saved_words()}"
        )
        self.app.push_screen(ConfirmDialog(question), self._leave)

    def _leave(self, yes: bool | None) -> None:
        self._prompting = False
        if not yes:
            self.next_prompt()
            return
        self._left = True
        if self.on_over is not None:
            self.on_over()  # back to the title
        else:
            self.dismiss(None)

    def _say_where_saved(self) -> None:
        """Never the host's folders: the save's name and the table's code."""
        self.notify(self.table.saved_words(), timeout=10, markup=False)

    def on_unmount(self) -> None:
        """Quit, back to the title, or the connection dropped: the seat is kept for its player."""
        self._left = True
        self.hosted.leave(self.listener)


def clock_words(seconds: int) -> str:
    """The segment clock on a chooser's question: `18 s left to choose, then you hold`."""
    return f"{seconds} s left to choose, then you hold" if seconds else "Time is up: you hold"


_AT_TABLE: dict[type[PlayScreen], type[SeatAtTable]] = {}
"""Each ruleset's game screen with `SeatAtTable` before it, made once, when first asked for (Frag's is
`GameScreenAtTable`): no system's screen is named here."""


def table_screen_for(
    seat: TableSeat,
    listener: SeatListener,
    on_over: Callable[[], None] | None = None,
    welcome: Screen[None] | None = None,
) -> SeatAtTable:
    """The game screen of one connection at a hosted table: the ruleset's own screen (`screens.screen_class`,
    as at one keyboard: Frag's, Ruthless's) with what a networked seat changes (`SeatAtTable`) before it."""
    base = screen_class(type(seat.game.rules).key)
    screen = _AT_TABLE.get(base)
    if screen is None:
        screen = _AT_TABLE[base] = type(
            f"{base.__name__}AtTable",
            (SeatAtTable, base),
            {"__doc__": f"{base.__doc__ or base.__name__} At a hosted table (`SeatAtTable`).", "__module__": __name__},
        )
    return screen(seat, listener, on_over=on_over, welcome=welcome)
