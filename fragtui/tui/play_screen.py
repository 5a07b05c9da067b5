"""What every game screen does whatever the rules: the table at one keyboard, seen through one seat's eyes.

`PlayScreen` holds what Frag's screen (`GameScreen`) and Ruthless's (`RuthlessScreen`) share: the `Table`,
the hand-off before anything private is shown to a new seat, the computer players' turns at a pace people
can follow, the log, undo, save and leave, the help, the map and its cursor, the side panel's groups, and
the skeleton of `next_prompt` (game over, a computer's move, a hand-off, the decision the engine waits for).
What a ruleset draws and asks is left to its screen's hooks: `draw`, `scores`, `ask`, `turn_began`,
`game_over_screen`, `handoff_screen`, `help_text`, `square_of`, `bot_square`.

The screen asks the engine (through the `Table`) what may be done and shows it; every key that acts picks
among `legal_actions(seat)`, and the engine checks it again in `apply`. What is drawn is `game.view(seat)` for
the seat at the keyboard, so a hand other than his is never on screen.

The seat at the keyboard may act whenever he is one of the engine's `deciders()` (`deciding`): the one decider,
or one of several seats choosing at once (`fragtui.engine.choices`: the initiative cards, fisticuffs, the poker
draw), and then his keys act for his own seat (`chooser`), whoever else is still choosing.
"""

from __future__ import annotations

import contextlib
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import RichLog, Static

from fragtui.bots import BotWindow, thinking_words, thinks
from fragtui.engine.actions import Action, Pass
from fragtui.engine.board import Square
from fragtui.engine.decisions import decision_class
from fragtui.engine.events import Event
from fragtui.engine.game import Game
from fragtui.engine.view import PlayerView
from fragtui.errors import IllegalActionError
from fragtui.front_end import front_end
from fragtui.table import Table
from fragtui.tui.commands import GameCommands
from fragtui.tui.dialogs import ChoiceDialog, ConfirmDialog, HandoffScreen, HelpScreen
from fragtui.tui.footer import KeyFooter
from fragtui.tui.map_view import MapView, Mark
from fragtui.tui.pieces import event_line, history
from fragtui.tui.side_panel import SidePanelScreen
from fragtui.tui.timers import set_sure_timer

__all__ = ["AUTO_PASS", "LEAVE", "LOG_KEEP", "TARGET", "PlayScreen", "footer_widths"]

TARGET = Style(bgcolor="#870000", bold=True)
"""Squares a dialog's options are about (targets, squares offered), while it is up (ANSI red in 16
colours). Under the app's NO_COLOR the map draws this layer with text attributes instead
(map_view.PLAIN_LAYERS), whatever the server's environment says."""
AUTO_PASS = "auto-pass"
"""What the reaction window answers when `t` is pressed in it."""
LEAVE = "leave"
"""What a decision dialog answers when `q` is pressed in it: ask to leave the game, else decide."""
LOG_KEEP = 400
"""Events redrawn into the log when the viewer changes (older ones are in the save)."""


THINKING_EVERY = 0.2
"""Seconds between redraws of the "thinking…" line while a computer thinks."""


def footer_widths(bindings: Sequence[Binding | tuple[str, ...]]) -> dict[str, int]:
    """Columns each shown footer key takes in the compact footer ("e End turn" and a space)."""
    return {
        binding.action.split("(")[0]: len("?" if binding.key == "question_mark" else binding.key)
        + len(binding.description)
        + 2
        for binding in bindings
        if isinstance(binding, Binding) and binding.show
    }


class PlayScreen(SidePanelScreen):
    """One game at one keyboard, whatever its rules (see the module's docstring)."""

    COMMANDS = {GameCommands}
    """The palette (Ctrl+P) offers every key of the game and where it is saved."""

    FOOTER_ORDER: ClassVar[tuple[str, ...]] = ("help", "leave")
    """The footer's keys, most needed first: when the width runs out, the last are left out."""
    NEEDS: ClassVar[dict[str, tuple[type, ...]]] = {}
    """The footer shows a key when the engine lists an action of these kinds for the seat at the keyboard."""
    FOOTER_WIDTH: ClassVar[dict[str, int]] = {}
    """Columns each footer key takes (`footer_widths` of the screen's bindings)."""

    bot_pause = 0.6
    """Seconds before a computer player's action: slow enough to follow, quick enough to wait for."""

    def __init__(self, table: Table, on_over: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.table = table
        self.game = table.game
        self.on_over = on_over
        """Called when the game-over screen is closed (the app goes back to its title)."""
        self.closing = "Standings" if table.tournament is not None else "Back to the title"
        """Where closing the game-over screen leads, as its footer says it."""
        self.events: list[Event] = history(self.game)
        """Everything that happened, for the log (a resumed game's too); each viewer reads their own version of it."""
        self._view: tuple[tuple[int, int | None, int | None], PlayerView] | None = None
        self._waiting_on_screen = False
        self._footer_shown: set[str] | None = None
        """The footer's keys as last drawn."""
        self._moved_in_turn: tuple[int, int] = (-1, -1)
        """The turn whose start put the cursor on the active seat's piece (once per turn)."""
        self._bot_timer: Timer | None = None
        """The pause before a computer player's next action, while one is pending."""
        self._thinking: int | None = None
        """The computer seat deciding in a worker thread (a bot that thinks long: `fragtui.bots.thinks`), if any."""
        self._thinking_timer: Timer | None = None
        """What redraws the "thinking…" line while it thinks."""
        self._thought: tuple[int, int, Action] | None = None
        """The last decision thought out in the worker: the log's length and the seat it was for, and the action
        (kept while a dialog or the help is up, so that it is not thought out again)."""

    @property
    def _prompting(self) -> bool:
        """A hand-off, a decision or the game-over screen is up: keys on the map wait for it."""
        return self._waiting_on_screen

    @_prompting.setter
    def _prompting(self, up: bool) -> None:
        self._waiting_on_screen = up
        self._refresh_footer()  # the footer shows the game's keys only while nothing is up

    # -- layout -------------------------------------------------------------------------------------

    def on_mount(self) -> None:
        thinking = Static(id="thinking")  # "Cat (computer) is thinking… 40 %", shown only while one does
        thinking.display = False
        footers = [child for child in self.children if isinstance(child, KeyFooter)]
        self.mount(thinking, before=footers[-1] if footers else None)
        self.map.focus()
        self.watch(self.map, "cursor", self._cursor_moved, init=False)
        self.fit_width(self.app.size.width)
        self.sync(redraw_log=True)
        self.call_after_refresh(self.next_prompt)

    def fit_width(self, width: int) -> None:
        super().fit_width(width)
        self._refresh_footer()  # Tab and the number of keys that fit depend on the width

    @property
    def map(self) -> MapView:
        return self.query_one("#map", MapView)

    # -- what is drawn --------------------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        return self.table.at_keyboard

    def deciding(self) -> bool:
        """Whether the seat at the keyboard may act now: the one the engine waits for, or one of the seats
        choosing at once in a simultaneous choice (at a networked table, each on his own terminal)."""
        viewer = self.viewer
        return viewer is not None and not self.game.over and viewer in self.game.deciders()

    @property
    def chooser(self) -> int | None:
        """The seat whose legal actions the screen's keys pick among: the seat at the keyboard when he may act
        (`deciding`), else None, the engine's decider (whose actions the keys then refuse)."""
        return self.viewer if self.deciding() else None

    def legal(self) -> Sequence[Action]:
        """The legal actions of the seat the keys act for (`chooser`)."""
        return self.game.legal_actions(self.chooser)

    def view(self) -> PlayerView:
        """The game as the seat at the keyboard may see it (built once per action and viewer: a cursor
        move must not rebuild every record sheet)."""
        key = (len(self.game.log), self.viewer, self.game.decider())
        if self._view is None or self._view[0] != key:
            self._view = (key, self.game.view(self.viewer))
        return self._view[1]

    def sync(self, *, redraw_log: bool = False) -> None:
        """Draw the game as the seat at the keyboard may see it."""
        self.draw(self.view())
        if redraw_log:
            log = self.query_one("#log", RichLog)
            log.clear()
            self._write_all(log, self.events[-LOG_KEEP:])
        self._describe_cursor()
        self._refresh_footer()

    def draw(self, view: PlayerView) -> None:
        """Draw the ruleset's parts (the map's layers, the side panel) from `view`."""
        raise NotImplementedError

    def scores(self, view: PlayerView) -> Text:
        """The scoreboard (a networked table adds who is away)."""
        raise NotImplementedError

    def _describe_cursor(self) -> None:
        """The line under the map: what is under the cursor and what Enter would do there."""

    def _write(self, log: RichLog, event: Event) -> None:
        log.write(event_line(event, self.viewer))

    def _write_all(self, log: RichLog, events: Sequence[Event]) -> None:
        """Events into the log, as the viewer reads them (a ruleset may tell a run of them in one line)."""
        for event in events:
            self._write(log, event)

    def _cursor_moved(self, square: tuple[int, int]) -> None:
        """Watched (not a message), so the square's description is drawn in the same frame as the cursor."""
        self._describe_cursor()

    # -- the footer ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show (and run) a key's action only when it applies now and fits the footer; the hidden `why`
        bindings run the others anyway (or say why not)."""
        if action not in self.FOOTER_ORDER:
            return True
        return action in self._footer_keys()

    def _applies(self, action: str) -> bool:
        """Whether a footer key's action applies now.

        Help and Quit always; the game's keys only when the seat at the keyboard is the one the
        engine waits for, nothing is up over the map, and the engine lists such an action; Undo
        when something can be taken back; auto-pass when others share the keyboard; the panel key
        when the side panel is narrow.
        """
        if action in {"help", "leave"}:
            return True
        if action == "next_panel":
            return self.is_mounted and self.query_one("#side").has_class("narrow")
        if action == "auto_pass":
            return self.viewer is not None and len(self.table.humans) > 1
        if self._prompting or self.game.over or not self.deciding():
            return False
        if self.view().decision is not None:
            return False
        if action == "undo":
            return self.game.undoable() > 0
        return self._applies_here(action)

    def _applies_here(self, action: str) -> bool:
        """A ruleset's key, in its seat's turn with nothing up: whether the engine lists such an action."""
        needs = self.NEEDS.get(action)
        return needs is None or bool(self._legal(*needs))

    def _refresh_footer(self) -> None:
        """Redraw the footer when its keys change (not on every action: each redraw rebuilds it)."""
        if not self.is_mounted:
            return
        keys = self._footer_keys()
        if keys != self._footer_shown:
            self._footer_shown = keys
            self.refresh_bindings()

    def _footer_keys(self) -> set[str]:
        """The footer's keys: those that apply now, most needed first, as many as fit the width.

        Help and Quit come first so they are never cut; a key left out for room still works (and
        is in the help).
        """
        room = self.app.size.width - 14  # the command palette's mark on the right
        shown: set[str] = set()
        for action in self.FOOTER_ORDER:
            width = self.FOOTER_WIDTH[action]
            if width <= room and self._applies(action):
                shown.add(action)
                room -= width
        return shown

    def action_why(self, name: str) -> None:
        """A key whose action does not apply now: the action itself says why (or, not the seat's turn, nothing)."""
        getattr(self, f"action_{name}")()

    # -- acting -------------------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Apply one action through the table; an illegal one is refused with the engine's reason."""
        try:
            events = self.table.act(action, self.chooser)
        except IllegalActionError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        self.after(events)

    def noted(self, events: Sequence[Event]) -> None:
        """What just happened at the table, before it is written and the next prompt comes: this screen's own
        action, a computer's, or (at a hosted table) another connection's. A ruleset's screen notes there
        what it must show first (Ruthless: the initiative cards turned over); Frag's needs nothing."""

    def after(self, events: Sequence[Event]) -> None:
        self.noted(events)
        self.events.extend(events)
        self._write_all(self.query_one("#log", RichLog), events)
        self.sync()
        self.next_prompt()

    def next_prompt(self) -> None:
        """After every action: game over, a computer's move, a hand-off, or a decision the engine is waiting for."""
        if self._prompting or not self.is_current:
            return
        if self.game.over:
            self._prompting = True
            self.app.clear_notifications()  # a toast of the last turn ("e again to end…") is stale now
            self.app.push_screen(self.game_over_screen(), self._game_over_closed)
            return
        if self.table.bot_seat() is not None:
            if self.table.lock_for_bots():
                self.app.clear_notifications()
                self.sync(redraw_log=True)
            seat = self.table.bot_seat()
            if self._bot_timer is not None or self._thinking is not None or seat is None:
                return  # it acts, or thinks, already
            thought = self._thought
            if thought is not None and thought[:2] == (len(self.game.log), seat):  # thought out, then interrupted
                action = thought[2]
                self._bot_timer = set_sure_timer(self, 0.001, lambda: self._bot_acts(action))
            elif thinks(self.table.bots[seat]):
                self._think(seat)
            else:  # decide now, act after a pause the people can follow
                action = self.table.bot_decision()
                pause = max(self.bot_pause * self.bot_pace(action), 0.001)  # (Textual's timers divide by it)
                self._bot_timer = set_sure_timer(self, pause, lambda: self._bot_acts(action))
            return
        seat = self.table.waiting_for()
        if seat is not None:
            self._prompting = True
            # A toast meant for the player leaving ("you have no card you can play") may tell
            # about his hand: none outlives the hand-off.
            self.app.clear_notifications()
            self.app.push_screen(self.handoff_screen(seat), lambda _: self._unlocked(seat))
            return
        view = self.view()
        if self.deciding() and self.ask(view):  # at a networked table: only a decider's (every chooser's)
            return
        self.turn_began(view)

    def game_over_screen(self) -> Screen[None]:
        """The screen that ends the game: who won, and the figures."""
        raise NotImplementedError

    def handoff_screen(self, seat: int) -> Screen[None]:
        """The screen that calls `seat` to the keyboard, showing only public information (`handoff_words`)."""
        return HandoffScreen(
            seat,
            self.table.name(seat),
            self.table.looks,
            self._why(seat),
            public=self.handoff_words(self.game.view(None)),
            help_text=self.help_text(),
            on_leave=self._leave_at_handoff,
        )

    def handoff_words(self, public: PlayerView) -> Text:
        """What the hand-off shows of the game, from the spectator's view `public`: each system's own words."""
        raise NotImplementedError

    def ask(self, view: PlayerView) -> bool:
        """Put up what the seat at the keyboard must answer now, if anything (True: something is up)."""
        return False

    def turn_began(self, view: PlayerView) -> None:
        """Nothing to answer: the seat at the keyboard plays on (the cursor may go to his piece)."""

    def bot_pace(self, action: Action) -> float:
        """How much of `bot_pause` goes before a computer's `action` (a step is quicker than a shot)."""
        return 1.0

    def bot_square(self, seat: int, action: Action) -> Square | None:
        """Where a computer's action happened, for the cursor to follow (None: it stays)."""
        return None

    def _think(self, seat: int) -> None:
        """A computer that thinks long decides in a worker thread, on a copy of the game (the screen keeps answering
        keys meanwhile, and nothing it draws reads the game the computer reads); the table sees it thinking."""
        bot = self.table.bots[seat]
        copy = Game.from_state(self.game.state, board=self.game.board, cards=self.game.cards)
        count = len(self.game.log)
        started = time.monotonic()
        name = self.table.name(seat)
        self._thinking = seat
        self.show_thinking(thinking_words(name, bot))
        self._thinking_timer = self.set_interval(THINKING_EVERY, lambda: self.show_thinking(thinking_words(name, bot)))
        app = self.app

        def work() -> None:
            action: Action | None
            try:
                action = bot.decide(BotWindow(copy, seat))
            except Exception:  # a bot's bug must not stop the game: its first legal action (`_thought_out`)
                action = None
            with contextlib.suppress(RuntimeError):  # the app has closed meanwhile
                app.call_from_thread(self._thought_out, seat, count, action, started)

        self.run_worker(work, thread=True, group="computer", exit_on_error=False)

    def _thought_out(self, seat: int, count: int, action: Action | None, started: float) -> None:
        """The worker's decision is in: act on it after what is left of the pause (unless the game moved on)."""
        self._thinking = None
        if self._thinking_timer is not None:
            self._thinking_timer.stop()
            self._thinking_timer = None
        self.show_thinking(None)
        if self.game.over or len(self.game.log) != count or self.table.bot_seat() != seat:
            self.next_prompt()
            return
        if action is None:
            self.notify("The computer player erred; it takes the first legal action.", severity="error")
            action = self.game.legal_actions(seat)[0]
        self._thought = (count, seat, action)
        pause = max(self.bot_pause * self.bot_pace(action) - (time.monotonic() - started), 0.001)
        self._bot_timer = set_sure_timer(self, pause, lambda: self._bot_acts(action))

    def show_thinking(self, words: str | None) -> None:
        """Show the table a computer thinking (`words`), or no longer (None)."""
        for line in self.query("#thinking").results(Static):
            if words is None:
                line.display = False
            else:
                line.update(Text(words, style="bold"))
                line.display = True

    def _bot_acts(self, action: Action) -> None:
        """The computer player takes the action he chose; the map follows his piece."""
        self._bot_timer = None
        seat = self.table.bot_seat()
        if self._prompting or not self.is_current or seat is None:
            return  # a dialog or the help is up: `on_screen_resume` asks him again
        try:
            events = self.table.act(action, seat)
        except IllegalActionError as exc:  # a bot's bug must not stop the game: say so and play on
            self.notify(
                f"The computer player erred ({exc}); it takes the first legal action.", severity="error", markup=False
            )
            events = self.table.act(self.game.legal_actions(seat)[0], seat)
        square = self.bot_square(seat, action)
        if square is not None:  # before `after`, which may put the cursor on the next player's piece
            self.map.move_cursor_to((square.x, square.y))
        self.after(events)

    def on_screen_resume(self) -> None:
        self.next_prompt()

    def _why(self, seat: int) -> str:
        view = self.game.view(None)
        name = view.fighters[seat].name
        if view.decision is None:
            return f"It is {name}'s turn."
        return decision_class(view.decision).situation(name)

    def square_of(self, action: object) -> Square | None:
        """The square an option is about (a target, a square offered), to show on the map."""
        return None

    def show_option(self, action: object) -> None:
        square = self.square_of(action)
        if square is not None:
            self.map.move_cursor_to((square.x, square.y))

    def options_dialog(
        self,
        title: str | Text,
        options: Sequence[tuple[str | Text, Action]],
        *,
        detail: str | Text = "",
        forced: bool = False,
        keys: Sequence[tuple[str, str, Action | str]] = (),
    ) -> ChoiceDialog[Action | str]:
        """A dialog of engine actions; the squares they concern are marked, the highlighted one under the cursor."""
        marks = {}
        for _, action in options:
            square = self.square_of(action)
            if square is not None:
                marks[(square.x, square.y)] = Mark(None, TARGET)
        self.map.set_layer("target", marks)
        beside = self.query_one("#side").region if marks else None  # the dialog hides none of the marked squares
        return ChoiceDialog(
            title,
            options,
            detail=detail,
            forced=forced,
            on_highlight=self.show_option,
            beside=beside,
            keys=keys,
            help_text=self.front_end_help(),
        )

    def _unlocked(self, seat: int) -> None:
        self.table.unlock(seat)
        self._prompting = False
        self.sync(redraw_log=True)
        self.next_prompt()

    def _decided(self, action: Action | str | None) -> None:
        self._prompting = False
        self.map.set_layer("target", {})
        if action == AUTO_PASS:  # `t` in a reaction window: this one and every later one passed
            self.action_auto_pass()
        elif action == LEAVE:  # `q` in a decision: asked, and the decision comes back on "no"
            self.action_leave()
        elif isinstance(action, str):
            self.next_prompt()
        elif action is not None:
            self.act(action)
        else:
            self.next_prompt()

    def _game_over_closed(self, _: None) -> None:
        self._prompting = False
        if self.on_over is not None:
            self.on_over()

    def _mine(self) -> bool:
        """Whether the seat at the keyboard is the one the engine waits for (else keys do nothing)."""
        if self._prompting or self.game.over:
            return False
        if not self.deciding():
            self.next_prompt()
            return False
        return True

    def _legal(self, *kinds: type) -> list[Action]:
        return [a for a in self.legal() if isinstance(a, kinds)]

    def _reason(self, action: Action) -> str:
        """The engine's reason an action is refused, as a sentence for the player (without its notation)."""
        reason = self.game.why_illegal(action, self.chooser).removeprefix(f"{action}: ")
        return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")

    def action_auto_pass(self) -> None:
        seat = self.viewer
        if seat is None:
            return
        on = self.table.toggle_auto_pass(seat)
        self.notify(f"Auto-pass reactions {'on' if on else 'off'} for {self.table.name(seat)}.", markup=False)
        if on and self.table.passed:
            self.after(self.table.passed)

    def action_undo(self) -> None:
        """Take back the last move of the player at the keyboard, back to (not past) his last roll or draw."""
        if not self.deciding() or self._prompting:
            return
        if not self.game.undoable():
            self.notify("Nothing to undo: dice rolled and cards drawn stay as they are.", severity="warning")
            return
        self.after(self.table.undo())

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.help_text()))

    def help_text(self) -> str:
        """The help: the keys and the rules, as the ruleset's front end gives them (a screen adds what the options
        played change)."""
        return self.front_end_help()

    def front_end_help(self) -> str:
        """The ruleset's help as its front end gives it: what `?` shows over a dialog of the game."""
        return front_end(type(self.game.rules).key).help_text()

    def pass_first(self, legal: Sequence[Action]) -> list[Action]:
        """Pass first wherever it is an answer (a reaction, a last chance): Enter alone answers the window."""
        return sorted(legal, key=lambda a: not isinstance(a, Pass))

    def palette_commands(self, query: str) -> list[tuple[str, Callable[[], object], str]]:
        """The palette's commands besides the keys: where the game is saved."""
        return [("Where is this game saved?", self._say_where_saved, "the save file's path")]

    def _say_where_saved(self) -> None:
        if self.table.save_path is None or self.table.save_error:
            self.notify(self.table.saved_words(), timeout=10, markup=False)
        else:
            self.notify(f"Saved after every action in {self.table.where_saved()}", timeout=10, markup=False)

    def action_leave(self) -> None:
        """Ask before leaving, saying truly what is on disk: when the last actions could not be
        written, say which and offer to try again rather than "it is saved"."""
        table = self.table
        self._prompting = True  # no decision dialog, and no computer move, while the question is up
        lost = table.unsaved_note()
        if lost is not None:
            options = [
                (Text("Try to save again"), "retry"),
                (Text("Leave anyway: what is not saved is lost"), "leave"),
                (Text("Stay in the game"), "stay"),
            ]
            title = Text("\n".join(textwrap.wrap(f"Leave the game? {lost}", 64)))  # fits at 80 columns
            self.app.push_screen(ChoiceDialog(title, options, help_text=self.front_end_help()), self._leave_unsaved)
            return
        if table.save_path is not None:
            where = f"It is saved in {table.where_saved()}."
        else:
            where = f"{table.save_error}." if table.save_error else "This game is not saved."
        self.app.push_screen(ConfirmDialog(f"Leave the game? {where}"), self._leave)

    def _leave_at_handoff(self) -> None:
        """`q` on a hand-off: asked over the hand-off screen, so no hand shows behind the question."""
        self.app.push_screen(ConfirmDialog(f"Leave the game? {self.table.saved_words()}"), self._left_at_handoff)

    def _left_at_handoff(self, yes: bool | None) -> None:
        if yes:
            self.pop_until_active()  # the hand-off goes with the game, nobody's hand shown between
            self.dismiss(None)

    def _leave(self, yes: bool | None) -> None:
        self._prompting = False
        if yes:
            self.dismiss(None)
        else:
            self.next_prompt()  # a decision the question interrupted is asked again

    def _leave_unsaved(self, choice: str | None) -> None:
        self._prompting = False
        if choice == "leave":
            self.dismiss(None)
        elif choice == "retry":
            self.table.save()
            self.sync()
            if self.table.save_error is None:
                self.notify(f"Saved in {self.table.where_saved()}.", markup=False)
            self.action_leave()  # asked again: now with the truth after the retry
        else:
            self.next_prompt()
