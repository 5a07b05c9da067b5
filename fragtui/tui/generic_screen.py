"""The game screen of a ruleset with no screen of its own: the plain one every rule system gets.

It knows no rule of any game. Beside the map it shows what the seat at the keyboard may know (the engine's
view of it, field by field), the seats with the one deciding marked, every legal action in the ruleset's own
words (`Ruleset.in_words`, or its front end's `words`), and the log. When the engine waits for the seat at the
keyboard, the list comes up as a dialog: the arrows pick one, Enter takes it, and the engine checks it again
(Escape sets it aside to read the board; `a` brings it back). What a `PlayScreen` shares comes with it: the
hand-offs between seats, the computer players, undo, the help, saving and leaving.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from fragtui.engine.actions import Action
from fragtui.engine.view import PlayerView
from fragtui.front_end import FrontEnd, front_end
from fragtui.saves.format import SeatLook
from fragtui.table import Table
from fragtui.tui import status_line
from fragtui.tui.describe import choosing_words, seat_text
from fragtui.tui.footer import KeyFooter
from fragtui.tui.game_log import GameLog
from fragtui.tui.map_view import MapView
from fragtui.tui.play_screen import PlayScreen, footer_widths
from fragtui.tui.replay_screen import piece_marks, seats_text, view_text

__all__ = ["LISTED", "GenericOverScreen", "GenericScreen"]

LISTED = 60
"""Legal actions listed in the side panel (the dialog offers every one)."""

HELP = """\
[b]Keys[/b]
  arrows / h j k l   move the cursor on the map
  a                  your legal actions, in one list: the arrows pick one, Enter takes it
  Escape             (in the list) set it aside to read the board; a brings it back
  u                  undo your last action, back to (not past) a die rolled or a card drawn
  Tab                switch the side panel on small screens
  ?                  this help                              q   leave (the game is saved)

[b]This game[/b]
  These rules have no screen of their own: the side panel shows what you may know as the
  engine tells it, and the list holds every action the rules allow you now, in their words.
"""


class GenericScreen(PlayScreen):
    """One game of any ruleset at one keyboard (see the module's docstring)."""

    PARTS = {"view-box": 0, "scores": 0, "actions": 1, "log": 1}
    """What the seat knows and the seats; the legal actions and the log: one group at a time on a narrow screen."""

    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Quit"),
        Binding("a", "actions", "Actions"),
        Binding("u", "undo", "Undo"),
        Binding("tab", "next_panel", "Panel"),
    ]
    """Help and Quit first, so a narrow footer never cuts them."""

    FOOTER_ORDER = ("help", "leave", "actions", "undo", "next_panel")
    FOOTER_WIDTH = footer_widths(BINDINGS)

    DEFAULT_CSS = """
    GenericScreen #turn-line { height: auto; max-height: 3; background: $panel; padding: 0 1; }
    GenericScreen #game-body { height: 1fr; }
    GenericScreen #view-box { height: auto; max-height: 45%; }
    GenericScreen #view { height: auto; padding: 0 1; }
    GenericScreen #actions { height: auto; max-height: 30%; padding: 0 1; border-top: solid $panel-lighten-2; }
    """

    def __init__(self, table: Table, on_over: Callable[[], None] | None = None) -> None:
        super().__init__(table, on_over=on_over)
        self.front: FrontEnd = front_end(type(self.game.rules).key)
        """The ruleset's front end: whose words say an action."""
        self._set_aside: tuple[int, int | None] | None = None
        """The moment (actions played, seat at the keyboard) whose list was closed with Escape: not put up again
        until `a` asks for it or the game moves on, so the map and the panel can be read."""

    # -- layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="turn-line")
        with Horizontal(id="game-body"):
            yield MapView(self.game.board, id="map", plain=self.game.rules.unplayed_terrain)
            with Vertical(id="side"):
                with VerticalScroll(id="view-box"):
                    yield Static(id="view")
                yield Static(id="scores")
                yield Static(id="actions")
                yield GameLog(id="log")
        yield KeyFooter(compact=True)

    # -- what is drawn --------------------------------------------------------------------------------

    def draw(self, view: PlayerView) -> None:
        self.query_one("#view", Static).update(view_text(view))
        self.query_one("#scores", Static).update(self.scores(view))
        self.query_one("#actions", Static).update(self.actions_text(view))
        status_line.show(self.query_one("#turn-line", Static), self.turn_words(view))
        self.map.set_layer("fighters", piece_marks(view, self.table.looks))

    def scores(self, view: PlayerView) -> Text:
        return seats_text(view, self.table.looks)

    def turn_words(self, view: PlayerView) -> Text:
        """The line above the map: the turn, the phase, who decides now (during a simultaneous choice, how many
        have chosen and who is still choosing, never what)."""
        text = Text(f"{self.game.rules.title} · turn {view.turn_number} · ", style="bold")
        phase = self.game.rules.phase_title(view.phase)
        text.append(phase)
        if view.choosing is not None:
            names = [self.table.name(seat) for seat in range(len(self.game.state.players))]
            text.append(f" · {choosing_words(view, phase, names)}")
        elif view.decider is not None:
            text.append(" · ")
            text.append_text(seat_text(self.table.name(view.decider), self.table.looks[view.decider]))
            text.append(" decides")
        return text

    def legal(self) -> Sequence[Action]:
        """The actions of the seat at the keyboard, when the engine waits for him (alone, or with others choosing
        at once); else none."""
        if not self.deciding():
            return ()
        return self.game.legal_actions(self.viewer)

    def said(self, action: Action) -> str:
        """An action in the ruleset's words."""
        return self.front.said(self.game, action)

    def actions_text(self, view: PlayerView) -> Text:
        """The side panel's list of the legal actions, numbered as the dialog numbers them."""
        legal = self.legal()
        if not legal:
            return Text("Your actions show here when it is your decision.", style="dim")
        text = Text(f"Your {len(legal)} legal action{'s' * (len(legal) != 1)} (a: choose)", style="bold")
        for number, action in enumerate(legal[:LISTED], start=1):
            text.append(f"\n{number:>3}. {self.said(action)}")
        if len(legal) > LISTED:
            text.append(f"\n     … and {len(legal) - LISTED} more", style="dim")
        return text

    # -- asking ---------------------------------------------------------------------------------------

    def ask(self, view: PlayerView) -> bool:
        legal = self.legal()
        if not legal or self._set_aside == (len(self.game.log), self.viewer):
            return False
        self._prompting = True
        options: list[tuple[str | Text, Action]] = [
            (f"{number}. {self.said(action)}", action) for number, action in enumerate(legal, start=1)
        ]
        title = f"{self.table.name(self.viewer)}: choose an action" if self.viewer is not None else "Choose"
        self.app.push_screen(self.options_dialog(title, options), self._decided)
        return True

    def _decided(self, action: Action | str | None) -> None:
        if action is None:
            self._set_aside = (len(self.game.log), self.viewer)
        super()._decided(action)

    def action_actions(self) -> None:
        if self._mine():
            self._set_aside = None
            self.ask(self.view())

    def _applies(self, action: str) -> bool:
        """The list's key whenever the seat at the keyboard has actions (a decision's answers too)."""
        if action == "actions":
            return not self._prompting and bool(self.legal())
        return super()._applies(action)

    def handoff_words(self, public: PlayerView) -> Text:
        return Text.assemble(self.turn_words(public), "\n\n", seats_text(public, self.table.looks))

    def _why(self, seat: int) -> str:
        return f"{self.table.name(seat)} decides now."

    def game_over_screen(self) -> Screen[None]:
        return GenericOverScreen(self.game.view(None), self.table.looks, self.table.saved_words(), self.closing)


class GenericOverScreen(ModalScreen[None]):
    """The game is over: who won, and where the game is saved."""

    DEFAULT_CSS = """
    GenericOverScreen { align: center middle; }
    GenericOverScreen > Vertical { width: 72; max-width: 100%; height: auto; border: thick $accent;
        padding: 1 2; background: $surface; }
    """
    BINDINGS = [Binding("enter,escape,q", "close", "Back to the title", priority=True)]

    def __init__(self, view: PlayerView, looks: list[SeatLook], saved: str, closing: str) -> None:
        super().__init__()
        if closing != "Back to the title":  # where closing leads (a tournament's standings): the footer says so
            for key in ("enter", "escape", "q"):
                self._bindings.key_to_bindings[key] = [Binding(key, "close", closing, priority=True)]
        self.view = view
        self.looks = looks
        self.saved = saved

    def compose(self) -> ComposeResult:
        winner = self.view.winner
        name = self.view.fighters[winner].name if winner is not None else None
        with Vertical():
            yield Static(Text(f"{name} wins" if name is not None else "The game is over", style="bold"), id="winner")
            yield Static(seats_text(self.view, self.looks))
            yield Static(Text(self.saved, style="dim"), id="saved")
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss(None)
