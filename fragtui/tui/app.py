"""The Textual application: the title screen, new games, resuming, the map browser.

Screens call the engine and the content loaders; widgets only draw what they are given.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import textual.constants
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from fragtui import __version__
from fragtui.errors import ConfigError, FragtuiError, MapFormatError, printable
from fragtui.tui.footer import KeyFooter
from fragtui.tui.title_header import TitleHeader
from fragtui.tui.too_small import mind_the_size

# The title is all a player sees at first, so this module imports only what draws it (Textual, Rich).
# The engine, the content, the saves' models and the other screens are imported where a screen that
# needs them is opened: a launch draws the title without them (tests/tui/test_title_imports.py).
if TYPE_CHECKING:
    from textual.driver import Driver

    from fragtui.engine.board import Board
    from fragtui.engine.game import Game
    from fragtui.saves.format import SeatLook
    from fragtui.saves.replay import Replay
    from fragtui.saves.store import SavedGame
    from fragtui.saves.tournaments import SavedTournament
    from fragtui.table import Table
    from fragtui.tournament import TournamentRun
    from fragtui.tui.map_view import MapView
    from fragtui.tui.seats import TableSetup
    from fragtui.tui.terminal import HangupWatch

SCREEN_MODULES = (
    "fragtui.content.library",
    "fragtui.content.maps",
    "fragtui.engine.config",
    "fragtui.engine.rulesets",
    "fragtui.engine.tournament",
    "fragtui.front_end",
    "fragtui.saves.labels",
    "fragtui.saves.loading",
    "fragtui.saves.replay",
    "fragtui.saves.tournaments",
    "fragtui.table",
    "fragtui.tournament",
    "fragtui.tui.dialogs",
    "fragtui.tui.glyphs",
    "fragtui.tui.map_view",
    "fragtui.tui.replay_screen",
    "fragtui.tui.screens",
    "fragtui.tui.setup",
    "fragtui.tui.standings",
)
"""What this module imports only when a screen needs it (the title needs none of it)."""


def import_screens() -> None:
    """Import `SCREEN_MODULES` now: for `fragtui serve`, which starts once for many sessions, so that no player
    waits on an import the first time a screen opens (and what exists at the server's start is frozen for the
    collector, these modules with it)."""
    for name in SCREEN_MODULES:
        importlib.import_module(name)


TITLE_ART = r"""
 ███████ ██████   █████   ██████
 ██      ██   ██ ██   ██ ██
 █████   ██████  ███████ ██   ███
 ██      ██   ██ ██   ██ ██    ██
 ██      ██   ██ ██   ██  ██████
"""


def all_saves() -> list[SavedGame]:
    """Every save in the saves folder, newest first, bad ones included with their error (none when
    the folder cannot be read: the title must come up whatever is on the disk).

    Listed from the saves folder's index where it knows a file (`listed_saves`): what the menu shows of a save
    is known without reading it, and so without the saves' models and the engine they hold (issue 30, "Start");
    a save is read when its contents are asked for (`SavedGame.save`), to resume or replay it."""
    from fragtui.saves.store import listed_saves

    try:
        return listed_saves()
    except (OSError, FragtuiError):
        return []


def bad_saves_note(saves: list[SavedGame]) -> Text:
    """A line under the title's menu counting the saves that cannot be read (skipped everywhere
    else); one line, so it fits at 80×24, and `fragtui saves` lists each with its error."""
    bad = [saved for saved in saves if not saved.readable]
    if not bad:
        return Text()
    which = printable(bad[0].path.name) if len(bad) == 1 else f"{len(bad)} saves"  # (named by whoever put it there)
    return Text(f"{which} cannot be read, skipped (`fragtui saves` says why)", style="dim")


def resume_label(saved: SavedGame) -> str:
    """One unfinished game in the Resume list: who plays, when it was saved, the map, the turn and where
    the players stand, in the words of its rules (`saves.labels.resume_words`: frags, or posses)."""
    from fragtui.saves.labels import resume_words

    save = saved.save
    assert save is not None
    return resume_words(save)


def unfinished_games(saves: list[SavedGame] | None = None) -> list[SavedGame]:
    """Saved games nobody has won yet, newest first: what the title screen offers to resume
    (among `saves` when the caller has just listed them). A tournament's games are resumed with
    their tournament ("Resume a tournament"), so its next game follows."""
    return [g for g in (all_saves() if saves is None else saves) if g.readable and not g.finished and not g.tournament]


def unfinished_tournaments() -> list[SavedTournament]:
    """Tournaments with games still to play, newest first (none when the folder cannot be read).

    The tournament file's model holds the engine's `Tournament`, so its module is imported only when
    the folder has a file to read: a new player's title needs none of it.
    """
    from fragtui.saves.store import tournaments_folder

    try:
        if not any(tournaments_folder().glob("*.json")):
            return []
        from fragtui.saves.tournaments import list_tournaments

        return [t for t in list_tournaments() if t.record is not None and not t.finished]
    except (OSError, FragtuiError):
        return []


def tournament_label(saved: SavedTournament) -> str:
    """One unfinished tournament in the Resume list: who plays, when, the map, where it stands."""
    record = saved.record
    assert record is not None
    tournament = record.tournament
    wins = ", ".join(f"{line.name} {line.wins}" for line in tournament.standings())
    when = record.updated[:16].replace("T", " ")
    return (
        f"{', '.join(record.names)} · {when} · {tournament.config.map} · "
        f"game {min(tournament.played + 1, tournament.games)} of {tournament.games} · wins: {wins}"
    )


GAME_COUNTS = ((6, "6 games: the record sheet's six boxes"), *((n, f"{n} games") for n in (5, 4, 3, 2)), (1, "1 game"))
"""The tournament lengths offered, longest first (F-WIN-02: up to the record sheet's six)."""


TITLE_BLURB = (
    "The first-person shooter without a computer, and Ruthless, a Western skirmish. "
    "Hot-seat for 2–6 players at one keyboard (Ruthless: 2–4 posses)."
)
"""What the title says is played: written out, not asked of the rulesets (the title comes before the engine is
imported); tests/tui/test_title_words.py holds it to every ruleset's `player_counts`."""


class TitleScreen(Screen[None]):
    """The first screen: what there is to do."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("n", "new_game", "New game"),
        Binding("t", "new_tournament", "Tournament"),
        Binding("m", "maps", "Maps"),
        Binding("w", "replays", "Replays"),
        Binding("question_mark", "help", "Help"),
    ]

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        with Vertical(id="title-box"):
            yield Static(TITLE_ART, id="title-art")
            yield Static(TITLE_BLURB, id="title-blurb")
            yield OptionList(id="title-menu")
            yield Static(id="title-bad")
        yield KeyFooter()

    def on_screen_resume(self) -> None:
        """The menu is made each time the title is shown, the first time too (Textual resumes the screen it
        pushes, after mounting it), so the saves folder is read once per showing."""
        self.refresh_menu()

    def refresh_menu(self) -> None:
        """The menu, with "Resume" only when an unfinished game is saved."""
        menu = self.query_one("#title-menu", OptionList)
        menu.clear_options()
        menu.add_option(Option("New game", id="new"))
        for option in self.more_items():
            menu.add_option(option)
        saves = all_saves()  # every save is read and parsed: once per menu, not once per entry
        unfinished = self.resumable(saves)
        if unfinished:
            menu.add_option(Option(f"Resume a game ({len(unfinished)} unfinished)", id="resume"))
        if self.offers_tournaments:  # after the games (and a served title's tables): hot-seat, like "New game"
            menu.add_option(Option("New tournament", id="tournament"))
        tournaments = unfinished_tournaments() if self.offers_tournaments else []
        if tournaments:
            menu.add_option(Option(f"Resume a tournament ({len(tournaments)} unfinished)", id="resume-tournament"))
        if self.replayable(saves):
            menu.add_option(Option("Replays", id="replays"))
        menu.add_option(Option("Browse the maps", id="maps"))
        menu.add_option(Option("Help", id="help"))
        menu.add_option(Option("Quit", id="quit"))
        menu.highlighted = 0
        menu.focus()
        self.query_one("#title-bad", Static).update(bad_saves_note(saves))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "new":
            self.action_new_game()
        elif choice == "resume":
            self.action_resume()
        elif choice == "tournament":
            self.action_new_tournament()
        elif choice == "resume-tournament":
            self.action_resume_tournament()
        elif choice == "replays":
            self.action_replays()
        elif choice == "maps":
            self.action_maps()
        elif choice == "help":
            self.action_help()
        elif choice == "quit":
            self.app.exit()
        elif choice is not None:
            self.choose_more(choice)

    offers_tournaments = True
    """Whether "New tournament" is on the menu: hot-seat play (a served title has its own tables)."""

    def more_items(self) -> list[Option]:
        """Menu items offered after "New game" by a title of another kind (`fragtui serve`'s tables); none here."""
        return []

    def choose_more(self, choice: str) -> None:
        """One of `more_items` was chosen."""

    def resumable(self, saves: list[SavedGame] | None = None) -> list[SavedGame]:
        """The games "Resume" offers: every unfinished one (a served title leaves out the networked tables)."""
        return unfinished_games(saves)

    def replayable(self, saves: list[SavedGame] | None = None) -> list[SavedGame]:
        """The games "Replays" offers: every readable save (a served title leaves out unfinished ones)."""
        return [saved for saved in (all_saves() if saves is None else saves) if saved.readable]

    def action_new_game(self) -> None:
        from fragtui.tui.setup import NewGameScreen

        self.app.push_screen(NewGameScreen(), self._start)

    def _start(self, setup: TableSetup | None) -> None:
        if setup is None:
            return
        app = self.app
        assert isinstance(app, FragApp)
        app.start_game(setup)

    def action_new_tournament(self) -> None:
        if not self.offers_tournaments:
            return
        app = self.app
        assert isinstance(app, FragApp)
        app.new_tournament()

    def action_resume_tournament(self) -> None:
        tournaments = unfinished_tournaments()
        if not tournaments:
            self.notify("No unfinished tournament to resume.")
            self.refresh_menu()
            return
        from fragtui.tui.dialogs import ChoiceDialog

        options = [(Text(tournament_label(saved)), saved) for saved in tournaments]
        self.app.push_screen(ChoiceDialog("Resume which tournament?", options), self._resume_tournament)

    def _resume_tournament(self, saved: SavedTournament | None) -> None:
        if saved is None:
            return
        app = self.app
        assert isinstance(app, FragApp)
        app.resume_tournament(saved.path)

    def action_resume(self) -> None:
        games = [saved for saved in self.resumable() if saved.save is not None]  # (read now, to be named)
        if not games:
            self.notify("No unfinished game to resume.")
            self.refresh_menu()
            return
        from fragtui.tui.dialogs import ChoiceDialog

        options = [(Text(resume_label(saved)), saved) for saved in games]
        self.app.push_screen(ChoiceDialog("Resume which game?", options), self._resume)

    def _resume(self, saved: SavedGame | None) -> None:
        if saved is None:
            return
        app = self.app
        assert isinstance(app, FragApp)
        app.resume_game(saved)

    def action_replays(self) -> None:
        from fragtui.tui.dialogs import ChoiceDialog

        options = []
        for saved in self.replayable():
            save = saved.save
            if save is None:
                continue
            score = ", ".join(f"{name} {frags}" for name, frags in save.summary.frags.items())
            end = f"won by {save.summary.winner}" if save.summary.winner else f"turn {save.summary.turn}, unfinished"
            # The file's name tells games of the same minute apart (`fragtui replay FILE` takes it too).
            label = f"{saved.path.stem} · {save.config.map} · {len(save.actions)} actions · {end} · {score}"
            if save.tournament is not None:
                label += f" · tournament game {save.tournament.game} of {save.tournament.games}"
            options.append((Text(printable(label)), saved))  # (a file's name is whatever put it there chose)
        if not options:
            self.notify("No saved game to replay yet.")
            return
        self.app.push_screen(ChoiceDialog("Replay which game?", options), self._replay)

    def _replay(self, saved: SavedGame | None) -> None:
        if saved is None:
            return
        app = self.app
        assert isinstance(app, FragApp)
        app.watch_replay(saved)

    def action_maps(self) -> None:
        self.app.push_screen(MapBrowser())

    def action_help(self) -> None:
        from fragtui.engine.config import DEFAULT_RULESET
        from fragtui.front_end import front_end
        from fragtui.tui.dialogs import HelpScreen

        self.app.push_screen(HelpScreen(front_end(DEFAULT_RULESET).help_text()))  # the default game's help


class MapBrowser(Screen[None]):
    """Every shipped map, drawn as it will be played, with the square under the cursor named."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("tab", "app.focus_next", "Switch list/map", show=True),
    ]

    def __init__(self) -> None:
        from fragtui.content.library import board_named
        from fragtui.content.maps import map_paths

        super().__init__()
        self.boards: dict[str, Board] = {}
        self.problems: list[str] = []
        for path in map_paths():
            try:  # loaded once per process and shared (boards are immutable): a server's visitors come and go
                self.boards[path.stem] = board_named(str(path))
            except MapFormatError as exc:
                self.problems.append(str(exc))

    def compose(self) -> ComposeResult:
        from fragtui.tui.map_view import MapView

        yield TitleHeader(show_clock=False)
        if not self.boards:
            yield Static("No map could be loaded:\n" + "\n".join(self.problems), id="map-info")
            yield KeyFooter()
            return
        first = next(iter(self.boards.values()))
        with Horizontal():
            with Vertical(id="map-side"):
                yield OptionList(*(Option(board.name, id=stem) for stem, board in self.boards.items()), id="map-list")
                yield Static(id="map-info")
            with Vertical(id="map-main"):
                yield MapView(first, id="map-view")
                yield Static(id="map-status")
        yield KeyFooter()

    def on_mount(self) -> None:
        if not self.boards:
            return
        self.query_one("#map-list", OptionList).highlighted = 0
        self._show(next(iter(self.boards)))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self._show(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from fragtui.tui.map_view import MapView

        self.query_one(MapView).focus()

    def on_map_view_cursor_moved(self, event: MapView.CursorMoved) -> None:
        from fragtui.engine.rulesets import find_ruleset
        from fragtui.tui.glyphs import describe_square

        x, y = event.square
        board = event.view.board
        rules = find_ruleset(board.ruleset)  # a Ruthless map's numbered points are deployment points
        self.query_one("#map-status", Static).update(
            describe_square(board, x, y, points=rules.map_points, plain=rules.unplayed_terrain)
        )

    def _show(self, stem: str) -> None:
        from fragtui.engine.rulesets import find_ruleset
        from fragtui.tui.glyphs import describe_square, legend
        from fragtui.tui.map_view import STYLES, MapView

        board = self.boards[stem]
        view = self.query_one(MapView)
        if view.board is not board:
            view.board = board
        info = Text()
        info.append(f"{board.name}\n", style="bold")
        info.append(f"{board.description}\n" if board.description else "")
        rules = find_ruleset(board.ruleset)  # (a map's system is checked when it loads)
        info.append(f"{board.width}×{board.height}, {rules.map_words(board)}, ruleset {board.ruleset}\n\n")
        for (glyph, role), text in legend(board, points=rules.map_points):
            info.append(f"{glyph:<4}", style=STYLES[role])
            info.append(f" {text}\n")
        for problem in self.problems:
            info.append(f"\n{problem}", style="red")
        self.query_one("#map-info", Static).update(info)
        self.query_one("#map-status", Static).update(
            describe_square(board, *view.cursor, points=rules.map_points, plain=rules.unplayed_terrain)
        )


class FragApp(App[None]):
    """fragtui in the terminal."""

    TITLE = "fragtui"
    SUB_TITLE = f"Frag in the terminal · {__version__}"
    CSS = """
    #title-box { align: center middle; }
    #title-art { width: auto; color: $accent; text-style: bold; margin: 1 0; }
    #title-blurb { width: 60; margin: 0 0 1 0; }
    #title-menu { width: 40; height: auto; }
    #title-bad { width: 60; height: auto; margin: 1 0 0 0; }
    #map-side { width: 34; }
    #map-list { height: auto; max-height: 12; }
    #map-info { height: 1fr; padding: 0 1; overflow-y: auto; }
    #map-main { width: 1fr; }
    #map-view { height: 1fr; }
    #map-status { height: 1; padding: 0 1; background: $panel; }
    """

    def __init__(
        self,
        table: Table | None = None,
        replay: Replay | None = None,
        tournament: TournamentRun | Literal["new"] | None = None,
    ) -> None:
        super().__init__()
        self.first_table = table
        """A game to open at once, over the title screen (`fragtui load`, tests)."""
        self.first_replay = replay
        """A replay to open at once, over the title screen (`fragtui replay`)."""
        self.first_tournament = tournament
        """A tournament to play on at once, or "new" to set one up (`fragtui tournament`)."""
        self._hangup_watch: HangupWatch | None = None
        """What hears SIGHUP and SIGTERM while the app runs (see `_exit_on_hangup`)."""

    def on_mount(self) -> None:
        self._exit_on_hangup()
        # A screen that comes to the top while the window is tiny is covered too:
        self.screen_change_signal.subscribe(self, lambda _: self.call_after_refresh(mind_the_size, self))
        self.push_screen(self.title_screen())
        if self.first_table is not None:
            self.play(self.first_table)
        elif self.first_replay is not None:
            from fragtui.tui.replay_screen import ReplayScreen

            self.push_screen(ReplayScreen(self.first_replay))
        elif self.first_tournament == "new":
            self.new_tournament()
        elif self.first_tournament is not None:
            self.play_tournament(self.first_tournament)

    @contextlib.contextmanager
    def batch_update(self) -> Iterator[None]:
        """Textual's batch of updates, after which every screen on view is woken to draw what it held back.

        A screen draws its changes when its queue falls idle, and skips them while a batch is open anywhere in the
        app (a footer rebuilding its keys on the dialog on top opens one: `Widget.recompose`). The batch's end
        wakes the app, not the screens: one that fell idle in it with changes kept them until its next message.
        A dialog beside the map shows the game screen under it: the log's scroll to its last line (done after
        the first question was up) stayed undrawn there, and the dialog showed the log's first lines until
        something else on the game screen changed (tests/tui/test_snapshots_realtime.py failed so, 1 run in 3)."""
        try:
            with super().batch_update():
                yield
        finally:
            for screen in self.screen_stack:
                if screen.is_current:  # on view: the top screen, or one showing under it
                    screen.check_idle()

    def on_resize(self, event: events.Resize) -> None:
        mind_the_size(self, size=event.size)
        self.call_after_refresh(mind_the_size, self)  # again once a screen pushed meanwhile is on top

    def title_screen(self) -> Screen[None]:
        """The first screen (`fragtui serve` offers its networked tables on its own)."""
        return TitleScreen()

    def _exit_on_hangup(self) -> None:
        """A closed window or dropped SSH connection (SIGHUP) or a polite kill (SIGTERM) exits cleanly.

        The game was saved after its last action, so leaving loses nothing; exiting through
        Textual puts the terminal back as it was. The signals are heard on a thread of their own
        (`HangupWatch`), which also ends the process if the exit has not ended it within a few
        seconds: the game ends whatever the interface was doing when the terminal went away.
        """
        if sys.platform != "win32":  # (tui/terminal.py is built on Textual's POSIX driver)
            from fragtui.tui.terminal import HangupWatch

            watch = HangupWatch(self.exit, asyncio.get_running_loop())
            if watch.start():
                self._hangup_watch = watch
                return
        loop = asyncio.get_running_loop()  # where the watch cannot run: asyncio's handlers, on the loop
        for name in ("SIGHUP", "SIGTERM"):
            number = getattr(signal, name, None)
            if number is None:
                continue
            with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows; not the main thread
                loop.add_signal_handler(number, self.exit)

    def on_unmount(self) -> None:
        """The app has ended: the process's signals go back to what they were (a test runs many apps)."""
        if self._hangup_watch is not None:
            self._hangup_watch.stop()
            self._hangup_watch = None

    def get_driver_class(self) -> type[Driver]:
        """On a POSIX terminal, Textual's driver made to let go of a terminal that is closed under the game
        (`fragtui.tui.terminal.GameTerminal`); elsewhere, or when TEXTUAL_DRIVER names one, Textual's choice."""
        if sys.platform == "win32" or textual.constants.DRIVER is not None:
            return super().get_driver_class()
        from fragtui.tui.terminal import GameTerminal

        return GameTerminal

    folders_shown = True
    """Whether players may be told where on this machine a game is saved (not over SSH: the host's)."""

    def table_of(
        self, game: Game, looks: list[SeatLook], save_path: Path | None = None, created: str | None = None
    ) -> Table:
        """A hot-seat table for a game begun or resumed here, wording its save's place for these players."""
        from fragtui.table import Table

        table = Table(game, looks, save_path=save_path, created=created)
        table.folders_shown = self.folders_shown
        return table

    def start_game(self, setup: TableSetup, *, save: bool = True) -> None:
        """Begin a new game from the set-up screen's choices, saved after every action.

        When the saves folder cannot be created or written (a read-only home, a full disk), the
        players are told before the game starts and may play it unsaved: the scoreboard then
        keeps saying so.
        """
        from fragtui.content.library import new_game
        from fragtui.saves.store import SavesFolderError
        from fragtui.table import new_save_path
        from fragtui.tui.dialogs import ConfirmDialog

        game = new_game(setup.config, setup.seed)
        try:
            path = new_save_path([seat.name for seat in setup.config.seats]) if save else None
            problem = None
        except SavesFolderError as exc:
            path, problem = None, str(exc)
        table = self.table_of(game, setup.looks, save_path=path)
        if path is not None:
            table.save()
            problem = table.save_error
        if problem is None:
            self.play(table)
            return
        question = (
            f"{problem[:1].upper()}{problem[1:]}.\n\nPlay this game without saving it? (It cannot be resumed later.)"
        )

        def answered(yes: bool | None) -> None:
            if yes:
                unsaved = self.table_of(game, setup.looks)
                unsaved.save_error = "Not saved: the saves folder cannot be written"  # short: the scoreboard keeps it
                self.play(unsaved)

        self.push_screen(ConfirmDialog(question), answered)

    def resume_game(self, saved: SavedGame) -> None:
        """Replay a save and play on from where it stopped."""
        from fragtui.saves.loading import game_of

        assert saved.save is not None
        try:
            game = game_of(saved.save, saved.path)
        except FragtuiError as exc:
            self.notify(str(exc), severity="error", timeout=10, markup=False)
            return
        self.play(self.table_of(game, saved.save.looks, save_path=saved.path, created=saved.save.created))

    def watch_replay(self, saved: SavedGame) -> None:
        """Open a save in the replay viewer (checked and indexed first)."""
        from fragtui.saves.replay import Replay
        from fragtui.tui.replay_screen import ReplayScreen

        assert saved.save is not None
        try:
            replay = Replay(saved.save, saved.path)
        except FragtuiError as exc:
            self.notify(str(exc), severity="error", timeout=10, markup=False)
            return
        self.push_screen(ReplayScreen(replay))

    def play(self, table: Table) -> None:
        from fragtui.tui.screens import screen_for

        table.save()
        self.push_screen(screen_for(table, on_over=self._back_to_title))  # the ruleset's own screen

    def _back_to_title(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()

    # -- tournaments (F-WIN-02) -------------------------------------------------------------------------

    def new_tournament(self) -> None:
        """Set up the seats and rules as for a game, then choose how many games the tournament is."""
        from fragtui.engine.tournament import Tournament
        from fragtui.tui.dialogs import ChoiceDialog
        from fragtui.tui.setup import NewGameScreen

        setup_screen = NewGameScreen(heading="New tournament", start="Start tournament")

        def chosen(setup: TableSetup | None) -> None:
            if setup is None:
                return
            try:
                Tournament.check_rules(setup.config)
            except ConfigError as exc:  # (Ruthless: no fighter to raise a stat of)
                self.notify(str(exc), severity="error", timeout=10, markup=False)
                return
            options = [(words, games) for games, words in GAME_COUNTS]
            self.push_screen(
                ChoiceDialog(
                    "How many games in the tournament?",
                    options,
                    detail="Each game's winner raises one stat by 1 before the next.",
                ),
                lambda games: self.start_tournament(setup, games) if games else None,
            )

        self.push_screen(setup_screen, chosen)

    def start_tournament(self, setup: TableSetup, games: int) -> None:
        """Begin a tournament of `games` games from the set-up screen's choices and play its first game."""
        from fragtui.tournament import TournamentRun

        try:
            run = TournamentRun.new(setup.config, setup.looks, games, seed=setup.seed)
        except FragtuiError as exc:  # no saves folder: a tournament cannot be played without one
            self.notify(f"The tournament cannot be saved: {exc}", severity="error", timeout=10, markup=False)
            return
        if run.save_error:
            self.notify(run.save_error, severity="error", timeout=10, markup=False)
            return
        self.play_tournament(run)

    def resume_tournament(self, path: Path) -> None:
        """Open a saved tournament where it was left: its game, or the standings between games."""
        from fragtui.tournament import TournamentRun

        try:
            run = TournamentRun.open(path)
        except FragtuiError as exc:
            self.notify(str(exc), severity="error", timeout=10, markup=False)
            return
        self.play_tournament(run)

    def play_tournament(self, run: TournamentRun) -> None:
        """The tournament's next step: its game being played, or the standings when a game has ended
        (a raise to choose, or the next game to begin), or the final standings."""
        run.folders_shown = self.folders_shown
        computer_raised = run.raise_for_computer()  # a computer winner left unraised by an interruption
        tournament = run.tournament
        if tournament.finished or tournament.awaiting_raise is not None or (tournament.played and not run.begun):
            self._standings(run, computer_raised)
            return
        self._tournament_game(run)

    def _tournament_game(self, run: TournamentRun) -> None:
        from fragtui.tui.screens import screen_for

        try:
            table = run.table()
        except FragtuiError as exc:
            self.notify(str(exc), severity="error", timeout=10, markup=False)
            return
        table.folders_shown = self.folders_shown
        self.push_screen(screen_for(table, on_over=lambda: self._tournament_game_over(run, table)))

    def _tournament_game_over(self, run: TournamentRun, table: Table) -> None:
        """The game-over screen is being closed: record the game at once (nothing lost), and show the
        standings once that screen is gone (it is closed from its own callback, which runs first)."""
        run.record_game(table.game)
        computer_raised = run.raise_for_computer()

        def standings() -> None:
            self._back_to_title()
            self._standings(run, computer_raised)

        self.call_later(standings)

    def _standings(self, run: TournamentRun, computer_raised: str | None = None) -> None:
        from fragtui.tui.standings import StandingsScreen

        def answered(answer: str | None) -> None:
            if answer == "next":
                self._tournament_game(run)

        self.push_screen(StandingsScreen(run, computer_raised), answered)


def run(
    table: Table | None = None,
    replay: Replay | None = None,
    tournament: TournamentRun | Literal["new"] | None = None,
) -> int:
    """Run the interface until the players quit (or the terminal goes away), over `table`, `replay` or
    `tournament` if given."""
    FragApp(table, replay, tournament).run()
    return 0
