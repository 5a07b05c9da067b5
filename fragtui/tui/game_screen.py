"""The game screen: the map, the record sheet, the scoreboard, the hand and the log, for one seat's eyes.

The screen asks the engine (through the `Table`) what may be done and shows it; every key that
acts picks among `legal_actions()`, and the engine checks it again in `apply`. What is drawn is
`game.view(seat)` for the seat at the keyboard, so a hand other than his is never on screen;
when someone else must decide, the hand-off screen comes first.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static

from fragtui.engine.actions import (
    Action,
    Attack,
    Cheat,
    ChooseSquare,
    Drop,
    DropFlag,
    EndTurn,
    HoldAttack,
    Hop,
    Jump,
    Pass,
    PickUp,
    Place,
    PlayCard,
    Respawn,
    RollBump,
    RollMovement,
    SpendBlood,
    Step,
    TakeFlag,
)
from fragtui.engine.board import Square, Terrain
from fragtui.engine.decisions import ResponseWindow, decision_class
from fragtui.engine.events import Event
from fragtui.engine.frag.decisions import FragDecisionKind
from fragtui.engine.geometry import Route
from fragtui.engine.state import CounterKind, Phase
from fragtui.engine.view import PlayerView
from fragtui.errors import IllegalActionError
from fragtui.table import Table
from fragtui.tui.commands import GameCommands
from fragtui.tui.describe import (
    MODE_RULES,
    action_label,
    card_line,
    decision_title,
    dice,
    discard_tops,
    health_short,
    marker_words,
    objective_markers,
    objective_square_words,
    percent,
    record_sheet,
    roster_entry,
    scoreboard,
    turn_line,
    weapon_name,
)
from fragtui.tui.dialogs import HELP_TEXT, ChoiceDialog, ConfirmDialog, GameOverScreen, HandoffScreen, HelpScreen
from fragtui.tui.glyphs import describe_square
from fragtui.tui.map_view import MapView, Mark
from fragtui.tui.pieces import COUNTER_GLYPHS, counter_marks, event_line, fighter_marks, history, objective_marks
from fragtui.tui.poker_screen import PokerScreen, poker_table
from fragtui.tui.side_panel import SidePanelScreen

__all__ = ["GameScreen"]

REACH = Style(bgcolor="#00005f")
"""Squares reachable with the movement left: a dark background (ANSI blue in 16 colours), so the
map's glyph, and a fighter's colour, still show."""
PATH = Style(bgcolor="#008700", bold=True)
"""The proposed path to the square under the cursor (ANSI green in 16 colours)."""
TARGET = Style(bgcolor="#870000", bold=True)
"""Fighters that may be attacked, while the attack dialog is up (ANSI red in 16 colours).
Under the app's NO_COLOR the map draws these three layers with text attributes instead
(map_view.PLAIN_LAYERS), whatever the server's environment says."""
POWER_UPS = (Terrain.WEAPON_POWER_UP, Terrain.GADGET_POWER_UP, Terrain.POWER_UP)
"""The squares `w` jumps between."""
_WHY_KEYS = {
    "r": "roll",
    "a": "attack",
    "c": "cards",
    "p": "pick_up",
    "d": "drop",
    "b": "blood",
    "u": "undo",
    "e": "end_turn",
    "x": "everything",
    "t": "auto_pass",
    "tab": "next_panel",
    "question_mark": "help",
    "q": "leave",
    "s": "hold",
    "v": "cheat",
}
"""Keys the footer may leave out (when they do not apply, or do not fit): pressed anyway, they act or say why not."""
_SHOWS_HAND = frozenset({FragDecisionKind.REACT, FragDecisionKind.LAST_CHANCE, FragDecisionKind.DISCARD_DOWN})
"""The decisions whose dialog lists the decider's hand: the cards he may answer with or must choose from."""

_NEEDS: dict[str, tuple[type, ...]] = {
    "roll": (RollMovement, Respawn, RollBump),
    "attack": (Attack,),
    "cards": (PlayCard,),
    "pick_up": (PickUp, TakeFlag),
    "drop": (Drop, DropFlag),
    "blood": (SpendBlood,),
    "end_turn": (EndTurn,),
    "hold": (HoldAttack,),
    "cheat": (Cheat,),
}
"""The footer shows a key when the engine lists an action of these kinds for the seat at the keyboard."""
_FOOTER_ORDER = (
    "help",
    "leave",
    "next_panel",
    "roll",
    "attack",
    "end_turn",
    "hold",
    "cards",
    "cheat",
    "pick_up",
    "undo",
    "blood",
    "drop",
    "auto_pass",
    "everything",
)
"""The footer's keys, most needed first: when the width runs out, the last are left out."""
_RULES_KEYS: dict[type, str] = {
    HoldAttack: "  s                  hold an attack for a shootout, fired when someone passes in front of you",
    Cheat: "  v                  Cheatin': your fighter's ability, each way of paying for it listed",
}
"""The help's line for each key whose action only some rules allow (Frag Deadlands)."""
_FLAG_KEYS = (
    "  p                  take up the flag in your square (keep-away): your weapon while you hold it",
    "  d                  put the flag down in your square: your weapons back, a point no more",
)
"""The help's lines for keep-away's flag (J-TAG-03), in a game played for it."""
AUTO_PASS = "auto-pass"
LEAVE = "leave"
"""What a decision dialog answers when `q` is pressed in it: ask to leave the game, else decide."""
"""What the reaction window answers when `t` is pressed in it."""
LOG_KEEP = 400
"""Events redrawn into the log when the viewer changes (older ones are in the save)."""


class GameScreen(SidePanelScreen):
    """One game at one keyboard."""

    COMMANDS = {GameCommands}
    """The palette (Ctrl+P) offers every key of the game and where it is saved."""

    PARTS = {"sheet": 0, "scores": 0, "hand-box": 1, "log": 2}
    """Sheet and scores, the hand, the log: one group at a time on a narrow screen."""

    BINDINGS = [
        Binding("enter", "go", "Go here", show=False),
        Binding("question_mark", "help", "Help", tooltip="Help: the keys and the rules"),
        Binding("q", "leave", "Quit", tooltip="Quit: leave the game"),
        Binding("r", "roll", "Roll", tooltip="Roll (for movement, to respawn, when bumped)"),
        Binding("a", "attack", "Attack"),
        Binding("e", "end_turn", "End turn"),
        Binding("c", "cards", "Cards"),
        Binding("p", "pick_up", "Pick up"),
        Binding("u", "undo", "Undo"),
        Binding("d", "drop", "Drop"),
        Binding("b", "blood", "Blood"),
        Binding("s", "hold", "Hold", tooltip="Hold an attack for a shootout"),
        Binding("v", "cheat", "Cheat", tooltip="Cheatin': your fighter's ability"),
        Binding("x", "everything", "All", tooltip="Everything you may do now, in one list"),
        Binding("t", "auto_pass", "Auto-pass", tooltip="Auto-pass reactions (on or off)"),
        Binding("tab", "next_panel", "Panel", tooltip="Switch the side panel (small screens)"),
        Binding("escape", "cancel", "Cancel", show=False),
        # The same keys when the footer leaves them out: they still act, or say why not.
        *(Binding(key, f"why('{name}')", show=False) for key, name in _WHY_KEYS.items()),
        Binding("f", "jump('fighter', 1)", "Next fighter", show=False),
        Binding("F", "jump('fighter', -1)", "Previous fighter", show=False),
        Binding("g", "jump('counter', 1)", "Next counter", show=False),
        Binding("G", "jump('counter', -1)", "Previous counter", show=False),
        Binding("w", "jump('power-up', 1)", "Next power-up", show=False),
        Binding("W", "jump('power-up', -1)", "Previous power-up", show=False),
    ]
    """Help and Quit first, so a narrow footer never cuts them; then the keys that apply now (`check_action`)."""

    DEFAULT_CSS = """
    GameScreen #turn-line { height: auto; max-height: 3; background: $panel; padding: 0 1; }
    GameScreen #game-body { height: 1fr; }
    GameScreen #hand-box { height: auto; max-height: 16; border-top: solid $panel-lighten-2; }
    GameScreen #hand { height: auto; padding: 0 1; }
    GameScreen #side.narrow #hand-box { max-height: 100%; }
    GameScreen #square-line { height: 1; background: $panel; padding: 0 1; }
    GameScreen.-narrow #square-line { height: 2; }
    """

    bot_pause = 0.6
    """Seconds before a computer player's action (a third of it before a step): slow enough to
    follow, quick enough to wait for."""

    def __init__(self, table: Table, on_over: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.table = table
        self.game = table.game
        self.roster = type(self.game.rules).roster()
        """The ruleset's unique fighters, for their words on the sheet and in the menus (none in Frag)."""
        self.on_over = on_over
        """Called when the game-over screen is closed (the app goes back to its title)."""
        self.closing = "Standings" if table.tournament is not None else "Back to the title"
        """Where closing the game-over screen leads, as its footer says it."""
        self.events: list[Event] = history(self.game)
        """Everything that happened, for the log (a resumed game's too); each viewer reads their own version of it."""
        self.routes: dict[Square, Route] = {}
        self._view: tuple[tuple[int, int | None, int | None], PlayerView] | None = None
        self.chosen: Square | None = None
        """The square whose path is shown: Enter on it again walks there."""
        self.picking: list[PlayCard] | None = None
        """A card waiting for its square (a teleport): Enter on a square picks the play to it."""
        self._waiting_on_screen = False
        self._end_asked: int | None = None
        """The log's length when `e` asked "again?": a second `e` with nothing done since ends the turn."""
        self._footer_shown: set[str] | None = None
        """The footer's keys as last drawn."""
        self._moved_in_turn: tuple[int, int] = (-1, -1)
        """The turn whose start put the cursor on the active fighter (once per turn)."""
        self._square_plays: dict[str, list[PlayCard]] = {}
        """Plays of each square-targeted card offered in the card dialog, by card."""
        self._bot_timer: Timer | None = None
        """The pause before a computer player's next action, while one is pending."""
        self.square_pass: Pass | None = None
        """While a square is chosen on the map: passing instead, where the decision allows it (sparing the
        Indian Brave the gallows, D-FTR-07): Esc."""
        self.square_choice: dict[Square, ChooseSquare] = {}
        """A decision answered by a square (the gallows square a hanged fighter goes to, D-GAL-01): the
        squares the engine offers, chosen with the map's cursor and Enter; empty the rest of the time."""
        self.path_warnings = type(self.game.rules).path_warnings()
        """What entering a square of each terrain sets off under these rules, for the path (the ruleset's words)."""

    @property
    def _prompting(self) -> bool:
        """A hand-off, a decision or the game-over screen is up: keys on the map wait for it."""
        return self._waiting_on_screen

    @_prompting.setter
    def _prompting(self, up: bool) -> None:
        self._waiting_on_screen = up
        self._refresh_footer()  # the footer shows the game's keys only while nothing is up

    # -- layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="turn-line")
        with Horizontal(id="game-body"):
            yield MapView(self.game.board, id="map")
            with Vertical(id="side"):
                yield Static(id="sheet")
                yield Static(id="scores")
                with VerticalScroll(id="hand-box"):  # a long hand scrolls, with a scrollbar to say so
                    yield Static(id="hand")
                yield RichLog(id="log", wrap=True, markup=False, max_lines=2000, min_width=20)
        yield Static(id="square-line")
        yield Footer(compact=True)

    def on_mount(self) -> None:
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

    def view(self) -> PlayerView:
        """The game as the seat at the keyboard may see it (built once per action and viewer: a cursor
        move must not rebuild every record sheet)."""
        key = (len(self.game.log), self.viewer, self.game.decider())
        if self._view is None or self._view[0] != key:
            self._view = (key, self.game.view(self.viewer))
        return self._view[1]

    def sync(self, *, redraw_log: bool = False) -> None:
        """Draw the game as the seat at the keyboard may see it."""
        view = self.view()
        looks = self.table.looks
        self.query_one("#turn-line", Static).update(turn_line(view, looks, self.game.rules.turn_structure))
        sheet_seat = view.me if view.me is not None else view.active
        if view.poker is not None:  # who goes first (Frag Deadlands): the table in place of the sheet
            sheet = poker_table(view, looks, self.game.cards)
        else:
            games = self.table.game_boxes(sheet_seat)  # a tournament's game boxes (F-WIN-02)
            sheet = record_sheet(view, sheet_seat, self.game.cards, looks[sheet_seat], self.roster, games)
        self.query_one("#sheet", Static).update(sheet)
        self.query_one("#scores", Static).update(self.scores(view))
        self.query_one("#hand", Static).update(self._hand(view))
        self.map.set_layer("fighters", fighter_marks(view, looks))
        self.map.set_layer("counters", counter_marks(view))
        self.map.set_layer("objective", objective_marks(view))
        self.routes = self.table.routes() if self.viewer == view.active else {}
        self.map.set_layer("reach", {(sq.x, sq.y): Mark(None, REACH) for sq in self.routes})
        self._show_path(None)
        if redraw_log:
            log = self.query_one("#log", RichLog)
            log.clear()
            for event in self.events[-LOG_KEEP:]:
                self._write(log, event)
        self._describe_cursor()
        self._refresh_footer()

    def scores(self, view: PlayerView) -> Text:
        """The scoreboard, and why the game is not being saved if it is not (a networked table adds who is away)."""
        board = scoreboard(view, self.table.looks)
        if self.table.save_error:
            board.append(self.table.save_error, style="bold red")
        return board

    def _hand(self, view: PlayerView) -> Text:
        me = view.me
        if me is None:
            return Text("")
        hand = view.fighters[me].hand or ()
        playable = (
            {a.card for a in self.game.legal_actions() if isinstance(a, PlayCard)}
            if self.game.decider() == me
            else set()
        )
        text = Text(f"Your hand ({len(hand)})\n", style="bold")
        if not hand:
            text.append("no cards\n", style="dim")
        for card in hand:
            mark = "▸ " if card in playable else "  "
            text.append(mark, style="bold green")
            line = card_line(self.game.cards, card)
            if card not in playable:
                line.stylize("dim")
            text.append_text(line)
            text.append("\n")
        text.append_text(discard_tops(view, self.game.cards))  # where cards carry suits (none in Frag)
        return text

    def _write(self, log: RichLog, event: Event) -> None:
        log.write(event_line(event, self.viewer))

    def _show_path(self, square: Square | None) -> None:
        """Mark the cheapest path to `square` (None: clear it); Enter on the same square then walks it.

        The path is shown when a square is chosen, not as the cursor passes: redrawing a path on
        every cursor move would cost a dozen cells of terminal output per key.
        """
        self.chosen = square if square in self.routes else None
        marks: dict[tuple[int, int], Mark] = {}
        if self.chosen is not None:
            for move in self.routes[self.chosen].moves:
                marks[(move.to.x, move.to.y)] = Mark(None, PATH)
        self.map.set_layer("path", marks)

    def _describe_cursor(self) -> None:
        x, y = self.map.cursor
        text = Text(describe_square(self.game.board, x, y))
        view = self.view()
        for seat, f in enumerate(view.fighters):
            if f.square is not None and (f.square.x, f.square.y) == (x, y):
                text.append(f"  {self.table.looks[seat].glyph} {f.name} {health_short(f.health, f.max_health)}")
                entry = roster_entry(self.roster, f.character)
                if entry is not None:
                    text.append(f" {entry.title}")
                for words in marker_words(f) + [words for _, words in objective_markers(view, seat)]:
                    text.append(f" · {words}", style="bold yellow")
        for words in objective_square_words(view, x, y):
            text.append(f"  [{words}]", style="bold")
        for c in view.counters:
            if (c.square.x, c.square.y) == (x, y):
                what = "blood" if c.kind is CounterKind.BLOOD else ", ".join(self.game.cards.name(k) for k in c.cards)
                text.append(f"  [{COUNTER_GLYPHS[c.kind]} {what}]")
        route = self.routes.get(Square(x, y))
        if route is not None and route.moves:
            again = self.chosen == Square(x, y)
            text.append(f"  · {route.cost} movement", style="bold green")
            if route.hazards:
                text.append(f" through {route.hazards} hazard(s)", style="bold red")
            for warning in self._route_warnings(route):
                text.append(f" · {warning}", style="bold red")
            text.append(" · Enter again: go" if again else " · Enter: show the path", style="bold green")
        if self.square_choice:
            if Square(x, y) in self.square_choice:
                text.append(f"  · Enter: {decision_title(view)} here", style="bold yellow")
            else:
                text.append(f"  · {decision_title(view)}: a marked square, then Enter", style="bold yellow")
            if self.square_pass is not None:
                text.append(" · Esc: pass", style="bold yellow")
        elif self.picking is not None:
            text.append("  · Enter: choose this square, Esc: cancel", style="bold yellow")
        elif route is None or not route.moves:
            text.append(f"  · {self._hint(view)}", style="italic")
        # One line of fixed height: no layout pass, which would also repaint the map's scrollbars.
        self.query_one("#square-line", Static).update(text, layout=False)

    def _route_warnings(self, route: Route) -> list[str]:
        """What the squares a route enters set off under these rules (a beast's Accuracy check), once each."""
        if not self.path_warnings:
            return []
        cells = self.game.board.cells
        found = (self.path_warnings.get(cells[move.to.y][move.to.x].terrain) for move in route.moves)
        return list(dict.fromkeys(w for w in found if w is not None))

    def _hint(self, view: PlayerView) -> str:
        """What the player at the keyboard can do next, for people new to the keys."""
        if view.decider is not None and view.decider in self.table.bots:
            return f"{view.fighters[view.decider].name} (computer) is playing…"
        if view.decider != self.viewer or view.decision is not None:
            return ""
        if view.phase is Phase.RESPAWN:
            return "r: respawn"
        if view.phase is Phase.ROLL:
            return "r: roll for movement (c: a card instead)"
        holds_flag = view.objective is not None and view.objective.holder == self.viewer  # (J-TAG-03: no attack)
        attack = "d: put the flag down" if holds_flag else "a: attack"
        if self.routes:
            return f"pick a highlighted square with Enter (twice to go) · {attack} · e: end turn"
        return f"{attack} · c: cards · p: pick up · e: end turn"

    def _cursor_moved(self, square: tuple[int, int]) -> None:
        """Watched (not a message), so the square's description is drawn in the same frame as the cursor."""
        self._describe_cursor()

    # -- the footer ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show (and run) a key's action only when it applies now and fits the footer; the hidden `why`
        bindings run the others anyway (or say why not)."""
        if action not in _FOOTER_ORDER:
            return True
        return action in self._footer_keys()

    def _applies(self, action: str) -> bool:
        """Whether a footer key's action applies now.

        Help and Quit always; the game's keys only when the seat at the keyboard is the one the
        engine waits for, nothing is up over the map, and the engine lists such an action; Undo
        when something can be taken back; auto-pass when others share the keyboard; Tab when the
        side panel is narrow.
        """
        if action in {"help", "leave"}:
            return True
        if action == "next_panel":
            return self.is_mounted and self.query_one("#side").has_class("narrow")
        if action == "auto_pass":
            return self.viewer is not None and len(self.table.humans) > 1
        if self._prompting or self.game.over or self.viewer is None or self.game.decider() != self.viewer:
            return False
        if self.view().decision is not None:
            return False
        if action == "undo":
            return self.game.undoable() > 0
        if action == "everything":
            return True
        return bool(self._legal(*_NEEDS[action]))

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
        is in the help and the `x` list).
        """
        room = self.app.size.width - 14  # the command palette's mark on the right
        shown: set[str] = set()
        for action in _FOOTER_ORDER:
            width = _FOOTER_WIDTH[action]
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
            events = self.table.act(action)
        except IllegalActionError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        self.after(events)

    def after(self, events: Sequence[Event]) -> None:
        log = self.query_one("#log", RichLog)
        for event in events:
            self.events.append(event)
            self._write(log, event)
        self.sync()
        self.next_prompt()

    def next_prompt(self) -> None:
        """After every action: game over, a hand-off, or a decision the engine is waiting for."""
        if self._prompting or not self.is_current:
            return
        if self.game.over:
            self._prompting = True
            saved = self.table.saved_words()
            self.app.clear_notifications()  # a toast of the last turn ("e again to end…") is stale now
            self.app.push_screen(
                GameOverScreen(self.game.view(None), self.table.looks, saved, self.roster, self.closing),
                self._game_over_closed,
            )
            return
        if self.table.bot_seat() is not None:
            if self.table.lock_for_bots():
                self.app.clear_notifications()
                self.sync(redraw_log=True)
            if self._bot_timer is None:  # decide now, act after a pause the people can follow
                action = self.table.bot_decision()
                pause = self.bot_pause / 3 if isinstance(action, Step | Jump | Hop) else self.bot_pause
                self._bot_timer = self.set_timer(pause, lambda: self._bot_acts(action))
            return
        seat = self.table.waiting_for()
        if seat is not None:
            self._prompting = True
            # A toast meant for the player leaving ("you have no card you can play") may tell
            # about his hand: none outlives the hand-off.
            self.app.clear_notifications()
            public = self.game.view(None)
            self.app.push_screen(
                HandoffScreen(
                    seat,
                    public,
                    self.table.looks,
                    self._why(seat),
                    self.game.rules.turn_structure,
                    on_leave=self._leave_at_handoff,
                    table=poker_table(public, self.table.looks, self.game.cards) if public.poker else None,
                ),
                lambda _: self._unlocked(seat),
            )
            return
        view = self.view()
        if view.decision is not None and view.decider == self.viewer:  # at a networked table: only the decider's
            if not self.query_one("#side").region:  # just pushed, not laid out: the dialog is placed beside the side
                self.call_after_refresh(self.next_prompt)  # panel, so it waits for the panel's place (else it is empty)
                return
            self._prompting = True
            legal = self.game.legal_actions()
            # Pass first wherever it is an answer (a reaction, a last chance): Enter alone answers the window.
            legal = sorted(legal, key=lambda a: not isinstance(a, Pass))
            options = [(action_label(a, view, self.game.cards, self.roster), a) for a in legal]
            squares = [a for a in legal if isinstance(a, ChooseSquare)]
            if squares and all(isinstance(a, ChooseSquare | Pass) for a in legal):  # a square: chosen on the map
                self._prompting = False  # no dialog is up: the map's keys choose
                self.square_pass = next((a for a in legal if isinstance(a, Pass)), None)
                self._choose_square(view, squares)
                return
            if view.poker is not None:  # the poker draw: a screen of its own, the hands in full
                poker = PokerScreen(view, self.table.looks, self.game.cards, decision_title(view), options)
                self.app.push_screen(poker, self._decided)
                return
            keys: list[tuple[str, str, Action | str]] = []
            window = issubclass(decision_class(view.decision), ResponseWindow)
            if window and len(self.table.humans) > 1:  # auto-pass answers response windows
                keys.append(("t", "Auto-pass from now on", AUTO_PASS))
            keys.append(("q", "Quit", LEAVE))
            dialog = self.options_dialog(
                decision_title(view), options, detail=self._decision_detail(view), forced=True, keys=keys
            )
            self.app.push_screen(dialog, self._decided)
            return
        if view.active == self.viewer and view.fighters[view.active].square is not None:
            here = view.fighters[view.active].square
            if here is not None and self._moved_in_turn != (view.turn_number, view.active):
                self._moved_in_turn = (view.turn_number, view.active)
                self.map.move_cursor_to((here.x, here.y))

    def _choose_square(self, view: PlayerView, choices: list[ChooseSquare]) -> None:
        """A decision answered by a square: the squares offered are marked and the cursor goes to the first;
        the player moves it and presses Enter (`action_go`), as for a teleport card's square."""
        first = not self.square_choice
        self.square_choice = {choice.to: choice for choice in choices}
        self.map.set_layer("target", {(sq.x, sq.y): Mark(None, TARGET) for sq in self.square_choice})
        if first:
            to = choices[0].to
            self.map.move_cursor_to((to.x, to.y))
            title = decision_title(view)
            spare = " Esc: pass instead." if self.square_pass is not None else ""
            self.notify(
                f"{title[:1].upper()}{title[1:]}: move the cursor to a marked square and press Enter.{spare}",
                markup=False,
            )
        self._describe_cursor()

    def _square_chosen(self, action: Action) -> None:
        """The square (or the pass) chosen: the map's marks go, the engine takes the answer."""
        self.square_choice = {}
        self.square_pass = None
        self.map.set_layer("target", {})
        self.act(action)
        if self.game.state.pending and not self.square_choice:
            self.next_prompt()  # refused: asked again

    def _bot_acts(self, action: Action) -> None:
        """The computer player takes the action he chose; the map follows his fighter."""
        self._bot_timer = None
        seat = self.table.bot_seat()
        if self._prompting or not self.is_current or seat is None:
            return  # a dialog or the help is up: `on_screen_resume` asks him again
        try:
            events = self.table.act(action)
        except IllegalActionError as exc:  # a bot's bug must not stop the game: say so and play on
            self.notify(
                f"The computer player erred ({exc}); it takes the first legal action.", severity="error", markup=False
            )
            events = self.table.act(self.game.legal_actions()[0])
        square = self.game.state.players[seat].square
        if square is not None:  # before `after`, which may put the cursor on the next player's fighter
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
        """The square an option is about (a respawn point, a target, a counter), to show on the map."""
        view = self.view()
        if isinstance(action, ChooseSquare):
            return action.to
        if isinstance(action, Place | Respawn) and action.point is not None:
            return self.game.board.respawn_points.get(action.point)
        if isinstance(action, Attack):
            return view.fighters[action.target].square
        if isinstance(action, PickUp):
            return next((c.square for c in view.counters if c.id == action.counter), None)
        if isinstance(action, TakeFlag) and view.objective is not None:
            return view.objective.flag
        if isinstance(action, PlayCard) and action.target is not None:
            return view.fighters[action.target].square
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
            title, options, detail=detail, forced=forced, on_highlight=self.show_option, beside=beside, keys=keys
        )

    def _decision_detail(self, view: PlayerView) -> Text:
        me = view.me
        text = Text()
        if view.hit is not None:  # what the reaction would answer: public, it was declared and rolled
            hit = view.hit
            weapon = weapon_name(view, hit.attacker, hit.weapon, self.game.cards, self.roster)
            if hit.whip:  # (house rule H-WHIP-01: swung as a club)
                weapon += " (a pistol whip)"
            text.append(
                f"{view.fighters[hit.attacker].name}'s {weapon} hit: {dice(hit.damage, 'damage')}",
                style="bold",
            )
            if hit.extra:
                text.append(f" +{hit.extra} extra", style="bold")
            if hit.piercing:
                text.append(", piercing (armor does not help)", style="bold")
            text.append("\n")
        if view.shootout is not None:  # a shootout (Frag Deadlands, D-SHOOT-02): declared in the open
            shootout = view.shootout
            holder, mover = view.fighters[shootout.holder].name, view.fighters[shootout.mover].name
            text.append(f"{holder} holds an attack; {mover} passes in front of him", style="bold")
            if shootout.weapon is not None:
                text.append(f"; {holder} fires {weapon_name(view, shootout.holder, shootout.weapon, self.game.cards)}")
            if shootout.answer is not None:
                text.append(
                    f"; {mover} answers with {weapon_name(view, shootout.mover, shootout.answer, self.game.cards)}"
                )
            text.append(".\n")
            text.append("Both roll Speed dice plus a card drawn at random: the higher fires first.\n")
            if shootout.main_street:
                text.append("On Main Street: a frag here gives the survivor a bonus Special.\n")
        if view.rolled is not None:  # a roll a die may be added to (the Saloon Gal's Cheatin'): rolled in the open
            text.append(f"The roll: {view.rolled}\n", style="bold")
        last_chance = view.decision is FragDecisionKind.LAST_CHANCE
        if last_chance and all(isinstance(a, Pass) for a in self.game.legal_actions()):
            # Only cures that can save him are offered (ruling F-FRAG-01): say why there are none.
            text.append("Nothing you hold can bring your Health above 0: pass, and the frag follows.\n", style="bold")
        if me is not None and view.decision in _SHOWS_HAND:
            for card in view.fighters[me].hand or ():
                text.append_text(card_line(self.game.cards, card))
                text.append("\n")
        return text

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
        if self.game.decider() != self.viewer:
            self.next_prompt()
            return False
        return True

    def _legal(self, *kinds: type) -> list[Action]:
        return [a for a in self.game.legal_actions() if isinstance(a, kinds)]

    def _choose(
        self, title: str, actions: list[Action], none: str, label: Callable[[Action], str | Text] | None = None
    ) -> None:
        """Apply the only option, or let the player choose among several, or say why there is none."""
        if not self._mine():
            return
        if not actions:
            self.notify(none, severity="warning", markup=False)
            return
        view = self.view()
        labels = [(action_label(a, view, self.game.cards, self.roster), a) for a in actions]
        if len(actions) == 1:
            self.act(actions[0])
            return
        self.app.push_screen(self.options_dialog(title, labels), self._decided)

    def _reason(self, action: Action) -> str:
        """The engine's reason an action is refused, as a sentence for the player (without its notation)."""
        reason = self.game.why_illegal(action).removeprefix(f"{action}: ")
        return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")

    def action_roll(self) -> None:
        none = "There is nothing to roll for now."
        if self.view().phase is Phase.ACTION:
            none = "You have already rolled for movement this turn."
        self._choose("Roll", self._legal(RollMovement, Respawn, RollBump), none)

    def action_end_turn(self) -> None:
        """End the turn; with movement or an attack still usable, only the second `e` in a row ends it."""
        if self._mine() and self._legal(EndTurn):
            left = self._left_unused()
            if left and self._end_asked != len(self.game.log):
                self._end_asked = len(self.game.log)
                self.notify(f"e again to end your turn with {left} left.", severity="warning")
                return
        self._end_asked = None
        self._choose("End turn", self._legal(EndTurn), self._reason(EndTurn()))

    def _left_unused(self) -> str:
        """Movement points and attacks the active player could still use now, in words ("" if none)."""
        view = self.view()
        parts = []
        if view.movement > 0 and self._legal(Step, Jump, Hop):
            parts.append(f"{view.movement} movement point{'s' * (view.movement != 1)}")
        if view.attacks > 0 and self._legal(Attack):
            parts.append(f"{view.attacks} attack{'s' * (view.attacks != 1)}")
        return " and ".join(parts)

    def action_hold(self) -> None:
        """Hold one attack for a turn not his own, to open a shootout with it (Frag Deadlands, D-SHOOT-01)."""
        self._choose("Hold an attack", self._legal(HoldAttack), self._reason(HoldAttack()))

    def action_cheat(self) -> None:
        """Use the fighter's Cheatin' (Frag Deadlands): each way of paying for it, in his ability's words."""
        self._choose("Cheat how?", self._legal(Cheat), "Your fighter has no Cheatin' to use now.")

    def action_blood(self) -> None:
        self._choose("Blood", self._legal(SpendBlood), self._why_no_blood())

    def _why_no_blood(self) -> str:
        """Why a blood counter cannot be spent now, in the player's terms."""
        view = self.view()
        me = view.fighters[self.viewer] if self.viewer is not None else None
        if me is None:
            return "You cannot spend a blood counter now."
        if me.blood == 0:
            return "You have no blood counter (a fragged fighter leaves one: walk onto it and press p)."
        if me.square is None:
            return "Your fighter is not on the board: a blood counter heals a fighter in play."
        if me.health >= me.max_health:
            return f"Your Health is full ({me.health}/{me.max_health}): a blood counter heals only Health lost."
        return self._reason(SpendBlood())

    def action_pick_up(self) -> None:
        self._choose("Pick up what?", self._legal(PickUp, TakeFlag), self._why_no_pick_up())

    def _why_no_pick_up(self) -> str:
        """Why nothing can be picked up now: no counter here, one taken already, a pile or a card not yet."""
        view = self.view()
        me = view.fighters[self.viewer] if self.viewer is not None else None
        here = [c for c in view.counters if me is not None and c.square == me.square]
        flag = view.objective.flag if view.objective is not None else None
        if me is not None and me.square is not None and flag is not None and flag.cell == me.square.cell:
            return self._reason(TakeFlag())  # keep-away's flag lies here (J-TAG-03): the rules say why not
        if not here:
            return "There is no counter in your square."
        if view.phase is Phase.ROLL:
            return "Roll for movement first (r)."
        turn = self.game.state.turn
        if not turn.may_pick_up:
            return "You have already picked up a counter here."
        if all(c.kind is CounterKind.WEAPONS and c.id in turn.piles_taken for c in here):
            return "You have already taken a weapon from this pile this turn."
        if all(c.kind is CounterKind.LINK for c in here):
            return "A card dropped this turn cannot be picked up until a later turn."
        return self._reason(PickUp(counter=here[0].id))

    def action_drop(self) -> None:
        self._choose("Drop what?", self._legal(Drop, DropFlag), "You have nothing in play to drop.")

    def action_everything(self) -> None:
        if not self._mine():
            return
        options = self._menu(self.game.legal_actions(), with_card_text=False)
        beside = self.query_one("#side").region  # steps, targets and counters stay in sight on the map
        dialog = ChoiceDialog("Everything you may do now", options, on_highlight=self.show_option, beside=beside)
        self.app.push_screen(dialog, self._card_chosen)

    def _menu(self, actions: Sequence[Action], *, with_card_text: bool) -> list[tuple[str | Text, Action | str]]:
        """Menu lines for legal actions; a card played to a square is one line (the square comes from the map).

        A teleport card may go to any of hundreds of squares: listing each would bury the menu.
        """
        view = self.view()
        options: list[tuple[str | Text, Action | str]] = []
        self._square_plays = {}
        for action in actions:
            if isinstance(action, PlayCard) and action.to is not None:
                if action.card not in self._square_plays:
                    label = Text(f"Play {self.game.cards.name(action.card)}, then choose the square on the map")
                    options.append((label, action.card))
                self._square_plays.setdefault(action.card, []).append(action)
                continue
            label = Text(action_label(action, view, self.game.cards, self.roster))
            if with_card_text and isinstance(action, PlayCard):
                label.stylize("bold")
                label.append(" — ")
                label.append_text(card_line(self.game.cards, action.card))
            options.append((label, action))
        return options

    def action_attack(self) -> None:
        if not self._mine():
            return
        attacks = [a for a in self._legal(Attack) if isinstance(a, Attack)]
        if not attacks:
            reason = "No one you can attack: nobody in sight and in range, or no attacks left."
            objective = self.view().objective
            if self.view().phase is Phase.ROLL:
                reason = "Roll for movement first (r)."
            elif objective is not None and objective.holder == self.viewer:  # keep-away (J-TAG-03)
                reason = "You hold the flag as your weapon: no other attack while you hold it (d puts it down)."
            self.notify(reason, severity="warning", markup=False)
            return
        view = self.view()
        ranked = sorted((self._attack_option(a, view) for a in attacks), key=lambda pair: pair[0])
        options = [option for _, option in ranked]
        detail = "Best chance first: to hit, expected Health lost and chance to frag, before any reaction card."
        self.app.push_screen(self.options_dialog("Attack whom, with what?", options, detail=detail), self._decided)

    def _attack_option(
        self, attack: Attack, view: PlayerView
    ) -> tuple[tuple[Fraction, Fraction, int], tuple[str | Text, Action]]:
        """An attack's menu line and where it sorts: by chance to hit, then expected damage, best first.

        A shot that cannot hit (out of reach of every roll) goes last and dimmed, so the highlighted
        first line, where the cursor starts, is always the best one.
        """
        label = Text(action_label(attack, view, self.game.cards, self.roster))
        try:
            forecast = self.game.forecast(attack)
        except IllegalActionError:
            return (Fraction(0), Fraction(0), 0), (label, attack)
        label.append(f" · range {forecast.range} · hit {percent(forecast.p_hit)}", style="bold")
        label.append(f" · expect {float(forecast.expected_loss):.2f} Health · frag {percent(forecast.p_frag)}")
        if forecast.p_hit == 0:
            label.stylize("dim")
            label.append(" (cannot hit)", style="dim italic")
        return (-forecast.p_hit, -forecast.expected_loss, forecast.range), (label, attack)

    def action_cards(self) -> None:
        if not self._mine():
            return
        plays = [a for a in self._legal(PlayCard) if isinstance(a, PlayCard)]
        if not plays:
            self.notify("You have no card you can play now.", severity="warning")
            return
        options = self._menu(plays, with_card_text=True)
        self.app.push_screen(ChoiceDialog("Play which card?", options), self._card_chosen)

    def _card_chosen(self, choice: Action | str | None) -> None:
        if isinstance(choice, str):  # a card played to a square: the square comes from the map
            self.picking = self._square_plays.get(choice, [])
            self.notify("Move the cursor to the square and press Enter (Esc cancels).")
            self._describe_cursor()
            return
        self._decided(choice)

    def action_go(self) -> None:
        """Enter on the map: choose the square for a card, or walk the highlighted path."""
        if not self._mine():
            return
        square = Square(*self.map.cursor)
        if self.square_choice:
            choice = self.square_choice.get(square)
            if choice is None:
                self.notify(f"Not a marked square: {decision_title(self.view())}.", severity="warning", markup=False)
                return
            self._square_chosen(choice)
            return
        if self.picking is not None:
            match = [p for p in self.picking if p.to == square]
            if not match:
                self.notify("That square cannot be chosen.", severity="warning")
                return
            self.picking = None
            self.act(match[0])
            return
        route = self.routes.get(square)
        if route is None or not route.moves:
            legal = self.game.legal_actions()
            if any(isinstance(a, RollMovement) for a in legal):
                self.notify("Roll for movement first (r).")
            elif any(isinstance(a, Step | Jump | Hop) for a in legal):
                self.notify("You cannot end a move there: pick a highlighted square.", severity="warning")
            return
        if self.chosen != square:
            self._show_path(square)
            self._describe_cursor()
            return
        self.go_to(square)

    def on_map_view_square_chosen(self, event: MapView.SquareChosen) -> None:
        """A double click on a highlighted square walks there at once."""
        square = Square(*event.square)
        if self._mine() and square in self.routes and self.picking is None:
            self.go_to(square)
        else:
            self.action_go()

    def go_to(self, square: Square) -> None:
        """Walk the cheapest route to a reachable square, move by move through the engine."""
        route = self.routes[square]
        walked, stopped = self.table.walk(route)
        if stopped:
            self.notify(stopped, markup=False)
        self.after(walked)

    def action_cancel(self) -> None:
        if self.square_choice:
            if self.square_pass is not None and self._mine():
                self._square_chosen(self.square_pass)
            else:
                self.notify(f"The game waits: {decision_title(self.view())}.", severity="warning", markup=False)
            return
        if self.picking is not None:
            self.picking = None
            self._describe_cursor()

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
        if self.viewer is None or self.game.decider() != self.viewer or self._prompting:
            return
        if not self.game.undoable():
            self.notify("Nothing to undo: dice rolled and cards drawn stay as they are.", severity="warning")
            return
        self.after(self.table.undo())

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP_TEXT + self._rules_keys() + self._mode_help()))

    def _mode_help(self) -> str:
        """What the game is played for, when it is a Frag Tag mode (J-TAG-01..04): its rules in short."""
        objective = self.view().objective
        if objective is None or objective.mode not in MODE_RULES:
            return ""
        return f"\n[b]This game: {objective.title}[/b]\n  {MODE_RULES[objective.mode][1]}\n"

    def _rules_keys(self) -> str:
        """Help for the keys only some rules use (a held attack, a fighter's Cheatin'), where this game's
        turn allows those actions: base Frag's help is as it was."""
        allowed = {kind for spec in self.game.rules.turn_structure.phases for kind in spec.allows}
        lines = [line for kind, line in _RULES_KEYS.items() if kind in allowed]
        objective = self.view().objective
        if objective is not None and (objective.flag is not None or objective.holder is not None):
            lines += _FLAG_KEYS
        return "\n[b]Keys of these rules[/b]\n" + "\n".join(lines) + "\n" if lines else ""

    def palette_commands(self, query: str) -> list[tuple[str, Callable[[], object], str]]:
        """The palette's commands besides the keys: where the game is saved."""
        commands: list[tuple[str, Callable[[], object], str]] = [
            ("Where is this game saved?", self._say_where_saved, "the save file's path")
        ]
        if self.viewer is not None and self.game.decider() == self.viewer and not self._waiting_on_screen:
            # Actions no key of their own reaches (a fighter's Cheatin' paid with these cards), by name.
            keyed = tuple(kind for kinds in _NEEDS.values() for kind in kinds if kind is not Cheat)
            view = self.view()
            for action in self.game.legal_actions():
                if not isinstance(action, (Step, Jump, Hop, *keyed)):
                    label = action_label(action, view, self.game.cards, self.roster)
                    commands.append((label, partial(self._palette_act, action), "an action you may take now"))
        return commands

    def _palette_act(self, action: Action) -> None:
        """A legal action chosen in the palette: taken if it is still legal (the engine checks it again)."""
        if not self._mine():
            return
        if self.square_choice:  # a square chosen by name instead of with the cursor: the marks go too
            self._square_chosen(action)
        else:
            self.act(action)

    def _say_where_saved(self) -> None:
        if self.table.save_path is None or self.table.save_error:
            self.notify(self.table.saved_words(), timeout=10, markup=False)
        else:
            self.notify(f"Saved after every action in {self.table.where_saved()}", timeout=10, markup=False)

    def action_jump(self, what: str, step: int) -> None:
        """f, g, w: the cursor jumps to the next fighter (the active one first), counter or power-up square."""
        view = self.view()
        squares: list[tuple[int, int]]
        if what == "fighter":
            seats = len(view.fighters)
            order = [(view.active + n) % seats for n in range(seats)]
            squares = [(sq.x, sq.y) for seat in order if (sq := view.fighters[seat].square) is not None]
        elif what == "counter":
            squares = sorted({(c.square.x, c.square.y) for c in view.counters}, key=lambda xy: (xy[1], xy[0]))
        else:
            board = self.game.board
            found = [xy for terrain in POWER_UPS for xy in board.cells_of(terrain)]
            squares = sorted(found, key=lambda xy: (xy[1], xy[0]))
        if self.map.cycle_to(squares, step) is None:
            self.notify(f"There is no {what} on the map.", severity="warning")

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
            self.app.push_screen(ChoiceDialog(title, options), self._leave_unsaved)
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


_FOOTER_WIDTH = {
    binding.action: len("?" if binding.key == "question_mark" else binding.key) + len(binding.description) + 2
    for binding in GameScreen.BINDINGS
    if isinstance(binding, Binding) and binding.show
}
"""Columns each footer key takes in the compact footer ("e End turn" and a space)."""
