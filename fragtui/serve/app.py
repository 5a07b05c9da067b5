"""The app a player gets over SSH: the normal `FragApp`, on the client's terminal.

It differs from `fragtui` run locally only where a remote player must not reach the host, or
where the process is shared by many sessions:
- it draws with the client's colours (TERM, COLORTERM, NO_COLOR as the client sent them), not
  the server's environment, and turns each screen update into bytes with escape codes of its
  own (colours.py says why: Rich's are cached on styles the whole process shares);
- it leaves the process's stdout and stderr alone: Textual swaps them for a capture while an app
  runs and puts back what it found when it ends; with sessions ending in any order, the server
  would be left writing into a finished session's capture;
- it does not catch SIGHUP/SIGTERM (the server's signals; a dropped connection ends the session);
- Textual's screenshot command and action are gone: they write a file on the host's disk (the
  driver refuses every file delivery and never opens a browser on the host either);
- each screen is stamped for the server's collector when it is first shown and reported gone when
  it is removed, so that what a freeze caught of it can be collected (collector.py).
"""

from __future__ import annotations

import io
import sys
import traceback
import weakref
from collections.abc import Iterable, Mapping
from pathlib import Path

from rich.console import Console, RenderableType
from textual._compositor import CompositorUpdate
from textual.app import SystemCommand
from textual.css.query import NoMatches
from textual.filter import Monochrome, NoColor
from textual.screen import Screen
from textual.widget import Widget

from fragtui.engine.game import Game
from fragtui.errors import FragtuiError
from fragtui.saves.format import SeatLook

# Imported for what they change in Textual, in a served process only: leaks (what closed sessions keep is let
# go), partial (a partial update renders only the rows it sends), strips (a line makes its caches on first use).
from fragtui.serve import leaks, partial, strips  # noqa: F401
from fragtui.serve.collector import COLLECTOR
from fragtui.serve.colours import OwnColours, SessionColours
from fragtui.serve.driver import ClientTerminal, driver_for
from fragtui.serve.setups import VisitorSetups
from fragtui.serve.tables import TableHub
from fragtui.serve.visitor import Visitor
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.seats import TableSetup

__all__ = ["CLIENT_VARIABLES", "ServedApp", "client_console"]

CLIENT_VARIABLES = ("TERM", "COLORTERM", "NO_COLOR")
"""What the client's environment may change in how its app draws; every other variable it sends is ignored."""


class _Discard(io.StringIO):
    """Where the console's own output would go: Textual draws through the driver, never through it."""

    def write(self, text: str) -> int:
        return len(text)


def client_console(environment: Mapping[str, str]) -> Console:
    """A console that renders in the colours the client's terminal has: Rich reads COLORTERM
    (truecolor, 24bit) and TERM (xterm-256color, xterm, dumb) from the environment given."""
    return Console(
        color_system="auto",
        file=_Discard(),
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ=dict(environment),
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )


class ServedApp(FragApp):
    """fragtui for one SSH session (see the module's docstring)."""

    def __init__(
        self,
        terminal: ClientTerminal,
        environment: Mapping[str, str],
        visitor: Visitor | None = None,
        hub: TableHub | None = None,
    ) -> None:
        super().__init__()
        self.visitor = visitor or Visitor()
        """Who connected: the user name (a join code takes him to that table) and his key's fingerprint."""
        self.hub = hub
        """The server's networked tables (None: a session without them, hot-seat only)."""
        self.setup_memory = VisitorSetups(self.visitor.key)
        """The set-up screen opens with this visitor's last set-up, never another's (setups.py)."""
        client = {name: environment[name] for name in CLIENT_VARIABLES if name in environment}
        client.setdefault("TERM", "xterm-256color")
        self.terminal = terminal
        """The client's terminal (output, size, the idle clock)."""
        self.driver_class = driver_for(terminal)
        self.console = client_console(client)
        self.colours = SessionColours(self.console._color_system)
        """This session's escape codes, in its client's colours (see colours.py)."""
        # Textual's "capture" of print() is the server's own streams: swapping them in and out
        # is then the same in any order (see the module's docstring).
        self._capture_stdout = sys.stdout  # type: ignore[assignment]
        self._capture_stderr = sys.stderr  # type: ignore[assignment]
        # Textual read NO_COLOR from the server's environment: the client's decides instead.
        self.no_color = "NO_COLOR" in client
        self._filters = [f for f in self._filters if not isinstance(f, Monochrome | NoColor)]
        if self.no_color:
            self._filters.append(Monochrome())
        self._screens_born: weakref.WeakKeyDictionary[Screen[object], int] = weakref.WeakKeyDictionary()
        """The collector's stamp of each screen when it was first shown (collector.py)."""
        self._screens_shown: weakref.WeakSet[Screen[object]] = weakref.WeakSet()
        """Every screen this session has shown and that is not gone yet: a closed one may hold the app (its result
        callback does), so when the session ends the collector sweeps them up with it (sweep.py)."""
        self._removed: weakref.WeakSet[Widget] = weakref.WeakSet()
        """Widgets taken off their screens and not gone yet (a set-up screen's seat rows, rebuilt as seats come and
        go): taken off, a widget is no longer reached from its screen, so the next sweep starts from it too."""

    def _load_screen_css(self, screen: Screen[object]) -> None:
        """Textual calls this whenever a screen is about to be shown: the first time, it is stamped."""
        self._screens_born.setdefault(screen, COLLECTOR.born())
        self._screens_shown.add(screen)
        super()._load_screen_css(screen)

    def _unregister(self, widget: Widget) -> None:
        """Textual's, and the widget is remembered for the next sweep (see `_removed`)."""
        self._removed.add(widget)
        super()._unregister(widget)

    def _removed_since(self) -> list[object]:
        """The widgets taken off since the last sweep that are not gone yet (and forgotten here)."""
        removed: list[object] = list(self._removed)
        self._removed.clear()
        return removed

    def ended(self) -> list[weakref.ref[object]]:
        """Weak references to what this session leaves behind when it ends, the roots of the collector's sweep
        (collector.py): the app, every screen and widget not gone yet, and its driver's class, made for this
        terminal alone (a class is what a sweep's walk never enters, unless it starts there)."""
        ended = [self, *self._screens_shown, *self._registry, *self._removed_since(), self.driver_class]
        return [weakref.ref(thing) for thing in ended]

    async def _replace_screen(self, screen: Screen[object]) -> Screen[object]:
        """Textual's; a screen it removes (not installed, on no stack) is reported gone to the collector
        with its widgets' count (what a freeze may have caught of it), and with them, and the widgets taken
        off since the last sweep, as the roots of its sweep: Textual takes the widgets off the screen as it
        goes, and each holds its own cycles."""
        removed = not self.is_screen_installed(screen) and all(
            screen not in stack for stack in self._screen_stacks.values()
        )
        widgets: list[object] = list(screen.walk_children(with_self=True)) if removed else []
        replaced = await super()._replace_screen(screen)
        born = self._screens_born.pop(screen, None)
        if removed and born is not None:
            roots = [weakref.ref(thing) for thing in (*widgets, *self._removed_since())]
            del widgets
            COLLECTOR.gone(born, len(roots), roots=roots, alive=[weakref.ref(self)])
        return replaced

    folders_shown = False
    """A remote player is told a save's name on the server, never the host's folders."""

    def _display(self, screen: Screen[object], renderable: RenderableType | None) -> None:
        """Textual's, but a screen update is turned into bytes with this session's own codes."""
        if isinstance(renderable, CompositorUpdate):
            renderable = OwnColours(renderable, self.colours)
        super()._display(screen, renderable)

    def saved_words(self, address: str | None) -> str:
        """Where the player's game stands when his session is closed from the server's side (it
        stops, or he was idle): saved, and how to come back (`address` is the server's
        `ssh -p PORT HOST`); "" when he is in no game."""
        from fragtui.serve.lobby import join_line  # the lobby imports the whole interface: only when served
        from fragtui.serve.table_screen import SeatAtTable
        from fragtui.tui.play_screen import PlayScreen

        back = address or "ssh -p PORT HOST"
        for screen in reversed(self.screen_stack):
            if isinstance(screen, SeatAtTable):
                code = screen.hosted.code
                if screen.watching:
                    return f"To watch table {code} again: {back}"
                return f"Your game at table {code} is saved; to come back: {join_line(code, address)}"
            if isinstance(screen, PlayScreen):
                return f"Your game is saved; to come back: {back}, then Resume a game."
        return ""

    def stopping_words(self, address: str | None) -> str:
        """What the player is told when the server stops (Ctrl+C on the host)."""
        saved = self.saved_words(address) or f"Come back later: {address or 'ssh -p PORT HOST'}"
        return f"The server is stopping. {saved}"

    def _handle_exception(self, error: Exception) -> None:
        """An error in this session's app ends the session, with one line on the server's console
        (never Textual's traceback, which would print a visitor's doings on the host's terminal
        and, with locals, what they held). A query that finds nothing while the app is already
        closing is a screen opened by a key typed after `q` (`qm`, `qn`): no error at all."""
        self._return_code = 1
        if not (isinstance(error, NoMatches) and (self._exit or self._closing)):
            where = ""
            if error.__traceback__ is not None:
                frame = traceback.extract_tb(error.__traceback__)[-1]
                where = f" at {Path(frame.filename).name}:{frame.lineno}"
            what = " ".join(f"{type(error).__name__}: {error}".split())[:200]
            print(f"fragtui serve: a session ended on an error{where}: {what}", file=sys.__stderr__, flush=True)
        self._close_messages_no_wait()

    def keep_alive(self) -> None:
        """The player's idle timeout starts again (a decision just became his)."""
        self.terminal.touch()

    def waiting_for_others(self) -> bool:
        """Whether this player sits at (or watches) a table whose game waits for someone else: only a
        player the game waits for is closed by the idle timeout (docs/serve.md)."""
        from fragtui.serve.table_screen import SeatAtTable  # imported once a table was joined

        return any(isinstance(screen, SeatAtTable) and screen.waits_on_others() for screen in self.screen_stack)

    def start_game(self, setup: TableSetup, *, save: bool = True) -> None:
        """A hot-seat game over SSH is saved on the server too: counted against this visitor's cap
        (ledger.py), refused in one line once he has as many saves as one may."""
        if self.hub is not None and save:
            try:
                self.hub.ledger.check(self.hub.ledger.owner(self.visitor))
            except FragtuiError as exc:
                self.notify(f"{exc}.", severity="error", timeout=10, markup=False)
                return
        super().start_game(setup, save=save)

    def table_of(
        self, game: Game, looks: list[SeatLook], save_path: Path | None = None, created: str | None = None
    ) -> Table:
        """As at one keyboard; a new save is noted as this visitor's in the server's ledger."""
        if self.hub is not None and save_path is not None and created is None:
            self.hub.ledger.add(self.hub.ledger.owner(self.visitor), save_path)
        return super().table_of(game, looks, save_path, created)

    def title_screen(self) -> Screen[None]:
        """With the server's tables, the title offers hosting, joining and watching one (lobby.py)."""
        if self.hub is None:
            return super().title_screen()
        from fragtui.serve.lobby import TableTitleScreen  # the lobby imports the whole interface: only when served

        return TableTitleScreen(self.hub, self.visitor)

    def _exit_on_hangup(self) -> None:
        """The process's signals belong to the server: a session ends when its channel closes."""

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Textual's commands but the screenshot, which would write a file on the host."""
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":
                yield command

    def deliver_screenshot(self, *args: object, **kwargs: object) -> str | None:
        """Never a file on the host's disk for a remote player."""
        self.notify("Screenshots are off over SSH.")
        return None

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """The action too (a binding or a markup link could name it, with a path of the client's choosing)."""
        self.deliver_screenshot()
