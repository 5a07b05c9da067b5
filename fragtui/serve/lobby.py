"""The way to a networked table: the served title's "Host a table", "Join a table", "Watch a table".

- **Host a table**: the hot-seat set-up screen, then the game is made on the server under a
  join code; the host takes the first seat a person plays, and is shown the code (and the
  `ssh CODE@HOST` line) to read out to the others.
- **Join a table**: the code typed in (or `ssh -p PORT CODE@HOST`, which lands here at once),
  then the table's seats: a free one, or one kept for a player who dropped, is taken with Enter.
  A player whose SSH key took a seat before is offered that seat back first.
- **Watch a table**: the tables in play, by map and players (never their codes: watching does
  not let anyone in); the public view, live.

Everything here is the served app's own: the shared title screen only offers a seam
(`TitleScreen.more_items`, `FragApp.title_screen`).
"""

from __future__ import annotations

import math

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from fragtui.errors import FragtuiError
from fragtui.saves.format import JOIN_CODE_ALPHABET
from fragtui.saves.store import SavedGame
from fragtui.serve.guesses import WRONG_PER_CONNECTION
from fragtui.serve.table_screen import SeatListener, table_screen_for
from fragtui.serve.tables import CODE_LENGTH, OLD_CODE_LENGTH, HostedTable, SeatStatus, TableHub, normal_code
from fragtui.serve.visitor import Visitor
from fragtui.tui.app import TitleScreen, unfinished_games
from fragtui.tui.dialogs import ChoiceDialog, answer_once
from fragtui.tui.footer import KeyFooter
from fragtui.tui.seats import TableSetup
from fragtui.tui.setup import NewGameScreen
from fragtui.tui.timers import set_sure_timer

__all__ = [
    "CodeDialog",
    "SeatList",
    "TableOpenDialog",
    "TableTitleScreen",
    "join_line",
    "looks_like_code",
    "table_label",
    "table_title",
    "turn_words",
]

_STATUS_WORDS = {
    SeatStatus.FREE: "free: take it",
    SeatStatus.AWAY: "away: the seat is kept, take it back",
    SeatStatus.PLAYING: "playing",
    SeatStatus.COMPUTER: "computer",
}
"""How the seat list words each seat."""


def looks_like_code(typed: str) -> bool:
    """Whether a user name could be a join code (`ssh CODE@HOST`): seven letters of the code's alphabet
    (or five: a table hosted before codes grew)."""
    code = normal_code(typed)
    return len(code) in (CODE_LENGTH, OLD_CODE_LENGTH) and all(ch in JOIN_CODE_ALPHABET for ch in code)


def join_line(code: str, address: str | None) -> str:
    """How others reach this table over SSH: `ssh -p 2222 CODE@HOST`, from the line the server printed."""
    if not address:
        return f"ssh -p PORT {code}@HOST"
    head, _, host = address.rpartition(" ")
    return f"{head} {code}@{host}" if head else f"{code}@{host}"


def turn_words(hosted: HostedTable) -> str:
    """How far the table's game is: `turn 4`, or `setting up` before the first turn."""
    number = hosted.table.game.state.turn.number
    return f"turn {number}" if number else "setting up"


def table_label(hosted: HostedTable) -> str:
    """A table in the "Watch a table" list: map, players, Real-Time and its clock (`HostedTable.kind`), turn, how
    many play it now; never its code."""
    playing = sum(1 for info in hosted.seats() if info.status is SeatStatus.PLAYING)
    return f"{table_title(hosted)} · {playing} playing"


def table_title(hosted: HostedTable) -> str:
    """The table as the lists and the seat list name it: `pocket · Ann, Bob · Real-Time, 30 s a segment · turn 2`."""
    kind = f" · {hosted.kind}" if hosted.kind else ""
    return f"{hosted.name}{kind} · {turn_words(hosted)}"


class TableOpenDialog(ModalScreen[None]):
    """The host's table is open: the join code, big, and how the others come in."""

    DEFAULT_CSS = """
    TableOpenDialog { align: center middle; }
    TableOpenDialog > Static {
        width: 64; max-width: 95%; height: auto; border: thick $accent; background: $panel; padding: 1 2;
    }
    """
    BINDINGS = [Binding("enter,escape,q", "close", "To the table")]

    def __init__(self, code: str, address: str | None) -> None:
        super().__init__()
        self.code = code
        self.address = address

    def compose(self) -> ComposeResult:
        text = Text("Your table is open.\n\n")
        text.append("Join code:  ")
        text.append(" ".join(self.code), style="bold reverse")
        text.append("\n\nOthers choose Join a table and type the code, or connect with\n  ")
        text.append(join_line(self.code, self.address), style="bold")
        text.append("\n\nThe code also shows under the scoreboard. Enter: to the table")
        yield Static(text)

    def action_close(self) -> None:
        answer_once(self, None)


class CodeDialog(ModalScreen[str | None]):
    """Type a table's join code (any case; spaces and dashes are ignored)."""

    DEFAULT_CSS = """
    CodeDialog { align: center middle; }
    CodeDialog > Vertical {
        width: 50; max-width: 95%; height: auto; border: thick $accent; background: $panel; padding: 0 1;
    }
    """
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"The table's join code ({CODE_LENGTH} letters), then Enter:"))
            yield Input(placeholder="ABCD234", max_length=20, id="code")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            answer_once(self, event.value)

    def action_cancel(self) -> None:
        answer_once(self, None)


ART_ROWS = 16
"""Rows the title screen takes besides its menu's items with the big title shown (the header,
the title and its margins, the blurb, the menu's border, the footer)."""

WATCH = -1
"""The seat list's answer for "watch this table instead"."""


class SeatList(ModalScreen[int | None]):
    """A table's seats, each with who sits there; Enter on a free or kept seat takes it."""

    DEFAULT_CSS = """
    SeatList { align: center middle; }
    SeatList > Vertical {
        width: 72; max-width: 95%; height: auto; max-height: 90%;
        border: thick $accent; background: $panel; padding: 0 1;
    }
    SeatList #seats-title { text-style: bold; }
    SeatList OptionList { height: auto; max-height: 12; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, hosted: HostedTable, key: str | None) -> None:
        super().__init__()
        self.hosted = hosted
        self.key = key
        """The visitor's SSH key: a seat it took before may be taken back even from another terminal."""

    def compose(self) -> ComposeResult:
        with Vertical():
            title = f"Table {self.hosted.code} · {table_title(self.hosted)}"
            yield Static(Text(title), id="seats-title")
            yield Static(Text("Take which seat?"))
            yield OptionList(id="seats")
        yield KeyFooter()

    def on_mount(self) -> None:
        """Every seat, and the one Enter takes highlighted: the seat kept for this visitor's key, else
        the first that is nobody else's (free, or away with no key); never a seat kept for another key."""
        seats = self.query_one(OptionList)
        mine = self.hosted.seat_of_key(self.key)
        first: int | None = None
        for info in self.hosted.seats():
            words = _STATUS_WORDS[info.status]
            takeable = info.status in (SeatStatus.FREE, SeatStatus.AWAY)
            if info.status is SeatStatus.PLAYING and mine == info.seat:
                words, takeable = "playing from another terminal of yours: take it here", True
            elif info.status is SeatStatus.AWAY and mine == info.seat:
                words = "away: kept for you, take it back"
            elif self.hosted.kept_for_another(info.seat, self.key):
                words = f"away: kept for its player's key; take over {info.name}'s seat (the table is told)"
            elif first is None and takeable:
                first = info.seat
            label = Text(f"{info.seat + 1}. {info.name} — {words}")
            seats.add_option(Option(label, id=str(info.seat), disabled=not takeable))
        seats.add_option(Option(Text("Watch this table instead"), id=str(WATCH)))
        start = mine if mine is not None else first
        seats.highlighted = start if start is not None else seats.option_count - 1
        seats.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None
        answer_once(self, int(event.option.id))

    def action_cancel(self) -> None:
        answer_once(self, None)


class TableTitleScreen(TitleScreen):
    """The title over `fragtui serve`: the normal menu and the networked tables."""

    def __init__(self, hub: TableHub, visitor: Visitor) -> None:
        super().__init__()
        self.hub = hub
        """The server's tables."""
        self.visitor = visitor
        """Who connected: his user name may be a join code, his key may have a seat kept."""
        self.wrong_codes = 0
        """Wrong join codes this connection tried (`guesses.WRONG_PER_CONNECTION` close it)."""
        self.closing = False
        """Closing for too many wrong codes: no more lookups meanwhile."""

    def on_mount(self) -> None:  # (the menu is made when the screen is shown: `TitleScreen.on_screen_resume`)
        self.query_one("#title-blurb", Static).update(
            "The first-person shooter without a computer. Hot-seat at one keyboard, or a table where each "
            "player has his own terminal."
        )
        if looks_like_code(self.visitor.username):  # `ssh CODE@HOST`: straight to that table's seats
            self.call_after_refresh(self.open_table, self.visitor.username)

    def refresh_menu(self) -> None:
        super().refresh_menu()
        self._fit_art(self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_art(event.size.height)

    def _fit_art(self, height: int) -> None:
        """The tables make the menu longer: when it and the big title do not both fit, the title
        goes, so that Help and Quit stay on an 80×24 screen (the header still names the game)."""
        items = self.query_one("#title-menu", OptionList).option_count
        self.query_one("#title-art").display = height >= items + ART_ROWS

    def more_items(self) -> list[Option]:
        """The table entries, always in the same places under "New game" (a player who knows the menu
        presses Down, Enter to host, whatever is kept for him); the seats kept for this visitor's key
        come after them."""
        items = [
            Option("Host a table", id="host"),
            Option("Join a table", id="join"),
            Option("Watch a table", id="watch"),
        ]
        items += [
            Option(f"Take back {hosted.table.name(seat)} at table {hosted.code}", id=f"kept:{hosted.code}")
            for hosted, seat in self._kept()
        ]
        return items

    def resumable(self, saves: list[SavedGame] | None = None) -> list[SavedGame]:
        """Hot-seat games only: a networked table is joined, never resumed at one keyboard (that
        would be a second copy of the game writing the same save)."""
        return [saved for saved in unfinished_games(saves) if not saved.hosted]

    def replayable(self, saves: list[SavedGame] | None = None) -> list[SavedGame]:
        """Finished games only: the replay viewer can show every hand, and an unfinished game's
        hands are secrets of the people still playing it (a table's above all)."""
        return [saved for saved in super().replayable(saves) if saved.finished]

    def choose_more(self, choice: str) -> None:
        if choice == "host":
            host = NewGameScreen(heading="Host a table", clock_seconds=self.hub.segment_seconds)
            self.app.push_screen(host, self._host)
        elif choice == "join":
            self.action_join()
        elif choice == "watch":
            self.action_watch()
        elif choice.startswith("kept:"):
            code = choice.removeprefix("kept:")
            for hosted, seat in self._kept():
                if hosted.code == code:
                    self.sit(hosted, seat)
                    return
            self.notify("That seat is no longer kept for you.", severity="warning")
            self.refresh_menu()

    def _kept(self) -> list[tuple[HostedTable, int]]:
        """The seats this visitor's key took and nobody plays now (or plays from another terminal of his)."""
        return [(h, s) for h, s in self.hub.kept_for(self.visitor.key) if h.seats()[s].status is not SeatStatus.FREE]

    # -- hosting ------------------------------------------------------------------------------------

    def _host(self, setup: TableSetup | None) -> None:
        if setup is None:
            return
        try:
            hosted = self.hub.host(setup.config, setup.seed, setup.looks, self.hub.ledger.owner(self.visitor))
        except FragtuiError as exc:
            self.notify(str(exc), severity="error", timeout=10, markup=False)
            return
        free = [info.seat for info in hosted.seats() if info.status is SeatStatus.FREE]
        if not free:  # every seat a computer's: the host watches them play
            self.watch_table(hosted)
        else:
            hosted.host_seat = free[0]
            self.sit(hosted, free[0], welcome=TableOpenDialog(hosted.code, self.hub.address))

    # -- joining ------------------------------------------------------------------------------------

    def action_join(self) -> None:
        kept = self._kept()
        if not kept:
            self.app.push_screen(CodeDialog(), self._code_typed)
            return
        options: list[tuple[str | Text, tuple[HostedTable, int] | str]] = [
            (Text(f"Take back your seat {h.table.name(s)} at table {h.code}{f' ({h.kind})' if h.kind else ''}"), (h, s))
            for h, s in kept
        ]
        options.append((Text("Another table: type its code"), "code"))

        def chosen(choice: tuple[HostedTable, int] | str | None) -> None:
            if isinstance(choice, tuple):
                self.sit(*choice)
            elif choice == "code":
                self.app.push_screen(CodeDialog(), self._code_typed)

        self.app.push_screen(ChoiceDialog("Join which table?", options), chosen)

    def _code_typed(self, typed: str | None) -> None:
        if typed:
            self.open_table(typed)

    def open_table(self, typed: str) -> None:
        """The seat list of the table with this code (a table saved before a restart is loaded).

        Codes are looked up at the pace `guesses.CodeGuard` allows this visitor's address: a wrong one
        makes the next wait, and too many close the connection."""
        guard, address = self.hub.guard, self.visitor.address
        if self.closing:
            return
        wait = guard.wait(address)
        if wait > 0:
            self.notify(
                f"Too many wrong join codes: try another code in {math.ceil(wait)} s.", severity="warning", timeout=5
            )
            return
        try:
            hosted = self.hub.find(typed)
        except FragtuiError as exc:
            pause = guard.wrong(address)
            self.wrong_codes += 1
            if self.wrong_codes >= WRONG_PER_CONNECTION or guard.barred(address):
                self.closing = True
                said = f"{exc}. Too many wrong join codes: this connection closes."
                self.notify(said, severity="error", markup=False)
                set_sure_timer(self, 3, self.app.exit)  # (a lost tick would leave the connection open)
                return
            self.notify(f"{exc} (the next code in {pause:g} s).", severity="error", timeout=10, markup=False)
            return
        if hosted.table.game.over:
            self.notify(f"The game at table {hosted.code} is over.", severity="warning")
            return

        def chosen(seat: int | None) -> None:
            if seat == WATCH:
                self.watch_table(hosted)
            elif seat is not None and hosted.kept_for_another(seat, self.visitor.key):
                self._ask_take_over(hosted, seat)
            elif seat is not None and not self.sit(hosted, seat):
                self.open_table(hosted.code)  # the seat was just taken: the list again, as it is now

        self.app.push_screen(SeatList(hosted, self.visitor.key), chosen)

    def _ask_take_over(self, hosted: HostedTable, seat: int) -> None:
        """A seat kept for another player's key is taken over only when asked in so many words."""
        name = hosted.table.name(seat)
        detail = (
            f"{name}'s seat is kept for the player who sat there with his SSH key. Take it over and you "
            f"play {name} from now on; the table is told."
        )
        options: list[tuple[str | Text, bool]] = [
            (Text("Back to the seats"), False),
            (Text(f"Take over {name}'s seat"), True),
        ]

        def answered(yes: bool | None) -> None:
            if not yes or not self.sit(hosted, seat, take_over=True):
                self.open_table(hosted.code)  # (or he came back meanwhile): the list as it is now

        self.app.push_screen(ChoiceDialog(f"Take over {name}'s seat?", options, detail=detail), answered)

    def sit(
        self, hosted: HostedTable, seat: int, welcome: TableOpenDialog | None = None, *, take_over: bool = False
    ) -> bool:
        """Take `seat` and open the game at it; a refusal (taken meanwhile, a computer's) is one line."""
        listener = SeatListener()
        try:
            table_seat = hosted.sit(seat, listener, self.visitor.key, take_over=take_over)
        except FragtuiError as exc:
            self.notify(str(exc), severity="error", timeout=10, markup=False)
            return False
        self.app.push_screen(table_screen_for(table_seat, listener, on_over=self._back, welcome=welcome))
        return True

    # -- watching -----------------------------------------------------------------------------------

    def action_watch(self) -> None:
        tables = self.hub.watchable()
        if not tables:
            self.notify("No table is in play now: host one, or come back later.")
            return
        options = [(Text(table_label(hosted)), hosted) for hosted in tables]
        self.app.push_screen(ChoiceDialog("Watch which table?", options), self._watch_chosen)

    def _watch_chosen(self, hosted: HostedTable | None) -> None:
        if hosted is not None:
            self.watch_table(hosted)

    def watch_table(self, hosted: HostedTable) -> None:
        listener = SeatListener()
        self.app.push_screen(table_screen_for(hosted.watch(listener), listener, on_over=self._back))

    def _back(self) -> None:
        """Back to this title from the table (its game screen unmounts and gives the seat up)."""
        while self.app.screen_stack[-1] is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
