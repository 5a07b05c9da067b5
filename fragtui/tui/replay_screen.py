"""The replay viewer: a saved game watched action by action, turn by turn, frag to frag, or played back.

Everything shown is the engine's answer at one moment of the save (`Replay.at`), drawn with the
game screen's own pieces, so a replay looks like the game did. It can show everything (every
hand, every card drawn named in the log), exactly what one player saw then (their hand and their
log, the others' hands hidden as they were at the table: `Game.view`), or only what is public.

A finished game opens showing everything. An unfinished one may still be played on at this
keyboard, so it opens in the public view, and showing any hand asks first (hot-seat privacy).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rich.pretty import Pretty
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import RichLog, Static

from fragtui.engine.actions import Action
from fragtui.engine.board import Square
from fragtui.engine.decisions import decision_class
from fragtui.engine.game import Game
from fragtui.engine.rulesets import Ruleset
from fragtui.engine.view import PlayerView
from fragtui.front_end import FrontEnd, front_end
from fragtui.saves.format import SeatLook
from fragtui.saves.replay import Replay
from fragtui.tui import status_line
from fragtui.tui.commands import GameCommands
from fragtui.tui.describe import choosing_words, seat_text
from fragtui.tui.dialogs import ConfirmDialog, HelpScreen, NumberDialog
from fragtui.tui.footer import KeyFooter, fit_footer
from fragtui.tui.game_log import GameLog
from fragtui.tui.map_view import MapView, Mark
from fragtui.tui.pieces import event_line
from fragtui.tui.seats import default_look, piece_style, seat_style
from fragtui.tui.side_panel import SidePanelScreen

__all__ = ["SPEEDS", "ReplayScreen", "TablePictures", "pictures_for", "piece_marks", "seats_text", "view_text"]

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)
"""Playback speeds offered, in actions per second."""
LOG_KEEP = 300
"""Events drawn into the log after a jump (a step forward appends; the save has all of them)."""

REPLAY_HELP = """\
[b]Watching a replay[/b]
  → / l              next action                     ← / h        previous action
                     (choices made at once, as the initiative cards, go by in one step)
  ↓ / j / PgDn / ]   next turn                       ↑ / k / PgUp / [   back a turn
  s                  next segment (Real-Time Frag)   S            back a segment
  f                  next frag                       F            previous frag
  Home / g           the start                       End / G      the end
  t                  go to a turn by its number
  space              play / pause                    + / -        faster / slower
  v                  whose eyes: everything, one player's view (others' hands hidden), or public
                     (an unfinished game opens in the public view; showing hands asks first)
  Tab                switch the side panel on small screens
  ?                  this help                       q / Esc      leave the replay

Everything shown is the game at that moment, rebuilt by the rules from the save. The log
beside the map ends with what the last action did; the line at the bottom names it.
"""


class ReplayScreen(SidePanelScreen):
    """One saved game, watched."""

    COMMANDS = {GameCommands}
    """The palette (Ctrl+P) offers every key of the replay and "Go to turn N" for a number typed."""

    PARTS = {"sheet": 0, "scores": 0, "hands-box": 1, "log": 2}
    """Sheet and scores, the hands, the log: one group at a time on a narrow screen."""

    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("q,escape", "leave", "Leave"),
        Binding("right,l", "step(1)", "Next", key_display="→"),
        Binding("left,h", "step(-1)", "Back", key_display="←"),
        Binding("down,j,pagedown,right_square_bracket", "turn(1)", "Next turn", key_display="↓"),
        Binding("up,k,pageup,left_square_bracket", "turn(-1)", "Turn back", key_display="↑", show=False),
        Binding("s", "segment(1)", "Next segment"),
        Binding("S", "segment(-1)", "Segment back", show=False),
        Binding("f", "frag(1)", "Next frag"),
        Binding("F", "frag(-1)", "Previous frag", show=False),
        Binding("home,g", "start", "Start", show=False),
        Binding("end,G", "end", "End", show=False),
        Binding("t", "go_to_turn", "Turn…"),
        Binding("space", "play", "Play/pause"),
        Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+"),
        Binding("minus", "speed(-1)", "Slower", key_display="-"),
        Binding("v", "next_viewer", "View"),
        Binding("tab", "next_panel", "Panel", show=False),
    ]
    """Help and Leave first, so a narrow footer never cuts them."""

    DEFAULT_CSS = """
    ReplayScreen #replay-line { height: 1; background: $panel; padding: 0 1; }
    ReplayScreen #replay-body { height: 1fr; }
    ReplayScreen #hands-box { height: auto; border-top: solid $panel-lighten-2; }
    ReplayScreen #hands { height: auto; padding: 0 1; }
    ReplayScreen #sheet.roster { height: auto; padding: 0 0 0 1; }
    ReplayScreen #action-line { height: 1; background: $panel; padding: 0 1; }
    """

    def __init__(self, replay: Replay, looks: list[SeatLook] | None = None) -> None:
        super().__init__()
        self.replay = replay
        players = len(replay.game.state.players)
        given = list(looks if looks is not None else replay.save.looks)[:players]
        self.looks = given + [default_look(n) for n in range(len(given), players)]
        """Colour and glyph of each seat, as the game was drawn."""
        self.position = 0
        """How many actions of the save are applied on screen."""
        self.finished = replay.game.over
        """Whether the save ends with a winner: nobody can play on, so nothing is left to hide."""
        self.viewer: int | None = None
        """Whose eyes: a seat, or None for everything or the public view (see `reveal`)."""
        self.reveal = self.finished
        """With no viewer: show every hand and every secret of the log (an unfinished game opens without)."""
        self.hands_allowed = self.finished
        """Someone agreed to see the hands of this unfinished game (asked once per viewing)."""
        self.speed = SPEEDS.index(4.0)
        """Index into `SPEEDS` of the playback speed."""
        self._timer: Timer | None = None
        self.pictures = pictures_for(replay.game.rules)
        """How this game's table is drawn (its front end's pictures): Frag's record sheet and fighters, Ruthless's
        roster and models, the plain pictures of a ruleset with none of its own."""
        if not replay.segment_starts:
            # Only a game whose turns have segments (Real-Time Frag) has segment keys: elsewhere they would do
            # nothing, yet the footer and the command palette would offer them.
            segment_keys = {key for key, binding in self._bindings if binding.action.startswith("segment(")}
            for key in segment_keys:
                del self._bindings.key_to_bindings[key]

    # -- layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="replay-line")
        with Horizontal(id="replay-body"):
            yield self.pictures.map_widget(self.replay.game)
            with Vertical(id="side"):
                with VerticalScroll(id="side-top"):
                    yield self.pictures.sheet()
                    yield Static(id="scores")
                    with VerticalScroll(id="hands-box"):  # long hands scroll, with a scrollbar to say so
                        yield Static(id="hands")
                yield GameLog(id="log")
        yield Static(id="action-line")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        # Nothing takes the focus, so the arrows step through the game rather than moving the map's
        # cursor or scrolling the log, the hands or a sheet that scrolls (Ruthless's roster, which
        # follows the model who acted); the mouse wheel still scrolls them all.
        self.map.can_focus = False
        self.query_one("#log", RichLog).can_focus = False
        for scroll in self.query("#side VerticalScroll").results(VerticalScroll):
            scroll.can_focus = False
        self.set_focus(None)
        self.fit_width(self.app.size.width)
        self.go(0)

    @property
    def map(self) -> MapView:
        return self.query_one("#map", MapView)

    @property
    def playing(self) -> bool:
        return self._timer is not None

    # -- moving through the game ------------------------------------------------------------------------

    def go(self, position: int) -> None:
        """Show the game after `position` actions (clamped to the save)."""
        position = max(0, min(position, len(self.replay)))
        one_step = self.position < position <= self.replay.next_step(self.position)
        since = self.position
        self.position = position
        game = self.replay.at(position)
        self._draw(game, one_step=one_step, since=since)

    def action_step(self, by: int) -> None:
        """One step forward or back: one action, or a whole simultaneous choice (`Replay.next_step`)."""
        self.go(self.replay.next_step(self.position) if by > 0 else self.replay.previous_step(self.position))

    def action_turn(self, by: int) -> None:
        if by > 0:
            self.go(self.replay.next_turn(self.position))
        else:
            self.go(self.replay.previous_turn(self.position))

    def action_segment(self, by: int) -> None:
        """The next part of a turn, or back one: Real-Time Frag's segments (J-RT-04). (A game without any has no
        segment keys: `__init__`.)"""
        self.go(self.replay.next_segment(self.position) if by > 0 else self.replay.previous_segment(self.position))

    def action_frag(self, by: int) -> None:
        found = self.replay.next_frag(self.position) if by > 0 else self.replay.previous_frag(self.position)
        if found is None:
            self.notify("No frag after this point." if by > 0 else "No frag before this point.")
            return
        self.go(found)

    def action_start(self) -> None:
        self.go(0)

    def action_end(self) -> None:
        self.go(len(self.replay))

    def action_go_to_turn(self) -> None:
        last = len(self.replay.turn_starts)
        if last == 0:
            self.notify("The save ends before the first turn.")
            return
        current = max(1, self.replay.turn_at(self.position))
        self.app.push_screen(NumberDialog("Go to turn", 1, last, current), self._went_to_turn)

    def fit_width(self, width: int) -> None:
        super().fit_width(width)
        fit_footer(self, width)

    def palette_commands(self, query: str) -> list[tuple[str, Callable[[], object], str]]:
        """ "Go to turn N" for the number typed in the palette (every turn when none is)."""
        last = len(self.replay.turn_starts)
        typed = [int(word) for word in query.split() if word.isdigit()]
        turns = [t for t in typed if 1 <= t <= last] or range(1, min(last, 30) + 1)
        return [(f"Go to turn {t}", partial(self._went_to_turn, t), f"turn {t} of {last}") for t in turns]

    def _went_to_turn(self, turn: int | None) -> None:
        if turn is not None:
            self.go(self.replay.turn_start(turn))

    # -- playing ---------------------------------------------------------------------------------------

    def action_play(self) -> None:
        if self.playing:
            self._stop()
        else:
            if self.position >= len(self.replay):
                self.go(0)  # at the end, play means play it again
            self._start()
        self._draw_line(self.replay.at(self.position))

    def action_speed(self, by: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        if self.playing:
            self._stop()
            self._start()
        self._draw_line(self.replay.at(self.position))

    def _start(self) -> None:
        self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = None

    def _tick(self) -> None:
        if self.position >= len(self.replay):
            self._stop()
            self._draw_line(self.replay.at(self.position))
            return
        self.go(self.replay.next_step(self.position))

    # -- whose eyes --------------------------------------------------------------------------------

    def eyes(self) -> list[tuple[int | None, bool]]:
        """The views `v` goes through, as (viewer, reveal): a finished game starts from everything,
        an unfinished one from the public view, with everything last."""
        seats: list[tuple[int | None, bool]] = [(seat, False) for seat in range(len(self.looks))]
        if self.finished:
            return [(None, True), *seats, (None, False)]
        return [(None, False), *seats, (None, True)]

    def action_next_viewer(self) -> None:
        order = self.eyes()
        viewer, reveal = order[(order.index((self.viewer, self.reveal and self.viewer is None)) + 1) % len(order)]
        shows_hands = viewer is not None or reveal
        if shows_hands and not self.hands_allowed:
            who = "every hand" if viewer is None else f"{self.player_name(viewer)}'s hand"
            question = f"This game is not finished: it can still be played on. Show {who} to whoever is watching?"
            self.app.push_screen(ConfirmDialog(question), lambda yes: self._allowed(yes, viewer, reveal))
            return
        self._look_through(viewer, reveal)

    def player_name(self, seat: int) -> str:
        return self.replay.game.state.players[seat].name

    def _allowed(self, yes: bool | None, viewer: int | None, reveal: bool) -> None:
        if not yes:
            self.notify("The hands stay hidden.")
            return
        self.hands_allowed = True
        self._look_through(viewer, reveal)

    def _look_through(self, viewer: int | None, reveal: bool) -> None:
        self.viewer, self.reveal = viewer, reveal
        self._draw(self.replay.at(self.position), one_step=False)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(REPLAY_HELP))

    def action_leave(self) -> None:
        self._stop()
        self.dismiss(None)

    # -- drawing ------------------------------------------------------------------------------------

    def _draw(self, game: Game, *, one_step: bool, since: int | None = None) -> None:
        """Draw the moment; after one step forward the log only gains that step's events (every choice of a
        simultaneous choice stepped over at once, from `since`)."""
        view = game.view(self.viewer)
        self._draw_line(game, view)
        self.pictures.draw(self, game, view)
        log = self.query_one("#log", RichLog)
        reveal = self.viewer is None and self.reveal
        if one_step:
            first = self.position - 1 if since is None else since
            shown = [event for events in self.replay.events[first : self.position] for event in events]
        else:
            log.clear()
            shown = self.replay.events_until(self.position, LOG_KEEP)
        for event in shown:
            log.write(event_line(event, self.viewer, reveal=reveal))
        self._follow(game, view)
        self._draw_action(game)

    def _follow(self, game: Game, view: PlayerView) -> None:
        """Keep the piece that just acted (or the active one) under the cursor, the map scrolled to it."""
        entry = self.replay.log[self.position - 1] if self.position else None
        square = self.pictures.follow(game, view, entry.seat if entry else view.active, entry.action if entry else None)
        if square is not None:
            self.map.move_cursor_to((square.x, square.y))

    def _draw_line(self, game: Game, view: PlayerView | None = None) -> None:
        view = view or game.view(self.viewer)
        # What the viewer controls comes first; the line takes the rows the rest needs (status_line).
        state = "▶" if self.playing else "❚❚"
        eyes = game.state.players[self.viewer].name if self.viewer is not None else "all" if self.reveal else "public"
        line = Text(f"Replay {state} {SPEEDS[self.speed]:g}/s · ", style="bold")
        line.append(f"eyes: {eyes}", style="bold reverse" if self.viewer is not None else "bold")
        line.append(" · ")
        line.append_text(self.pictures.turn_words(game, view, self.looks))
        status_line.show(self.query_one("#replay-line", Static), line)

    def _chosen_at_once(self) -> int:
        """How many actions the simultaneous choice ending at this moment took (1: the last action was no
        choice's last, or the choice took one)."""
        if self.position in self.replay.half_chosen:  # (reached by `go`: inside the choice, not at its end)
            return 1
        start = self.position - 1
        while start > 0 and start in self.replay.half_chosen:
            start -= 1
        return self.position - start

    def _draw_action(self, game: Game) -> None:
        total = len(self.replay)
        text = Text(f"Action {self.position}/{total} · turn {self.replay.turn_at(self.position)} · ")
        segment = self.replay.segment_at(self.position)
        if segment:
            text.append(f"segment {segment} · ")
        if self.position == 0:
            text.append(self.pictures.opening_words())
        else:
            entry = self.replay.log[self.position - 1]
            text.append_text(seat_text(game.state.players[entry.seat].name, self.looks[entry.seat]))
            text.append(f": {self.pictures.action_words(game, entry.action)}")
            if entry.dice:
                text.append(f"  [{' '.join(map(str, entry.dice))}]", style="bold")
            made = self._chosen_at_once()
            if made > 1:  # a simultaneous choice, stepped over at once: this is its last choice
                text.append(f" · the last of {made} choices made at once", style="italic")
        if self.position == total:
            winner = game.state.winner
            if winner is not None:
                text.append(f" · the end: {game.state.players[winner].name} wins", style="bold yellow")
            else:
                text.append(" · the save ends here", style="bold yellow")
        status_line.show(self.query_one("#action-line", Static), text)


class TablePictures:
    """How the replay draws one game's table: the sheet beside the map, the scores, the hands, the pieces on
    the map, whom the cursor follows and how an action is said. These are the plain pictures any ruleset gets
    (the view in words, each seat's piece by its glyph, the engine's words for an action); a system draws its
    own by a subclass named in its `FrontEnd` (`pictures`: Frag's in `tui/frag/pictures.py`, Ruthless's in
    `tui/ruthless/pictures.py`), so the replay screen itself knows no ruleset."""

    def __init__(self, front: FrontEnd | None = None) -> None:
        self.front = front
        """The front end whose words say an action (None: the engine's `in_words`)."""

    def sheet(self) -> Widget:
        """The widget of the side panel's first part (`#sheet`)."""
        return Static(id="sheet")

    def map_widget(self, game: Game) -> MapView:
        """The map (`#map`): a `MapView` of the board, or a system's own kind of one (Real-Time Frag's, with the
        facings between the squares, as its game screen draws them)."""
        return MapView(game.board, id="map", plain=game.rules.unplayed_terrain)

    def draw(self, screen: ReplayScreen, game: Game, view: PlayerView) -> None:
        """Everything but the log at this moment: the sheet, the scores, the hands as the eyes chosen may see
        them, and the map's layers."""
        screen.query_one("#sheet", Static).update(view_text(view))
        screen.query_one("#scores", Static).update(seats_text(view, screen.looks))
        screen.query_one("#hands", Static).update(self.hands(screen, game))
        screen.map.set_layer("fighters", piece_marks(view, screen.looks))
        screen.map.set_layer("counters", {})
        screen.map.set_layer("objective", {})

    def hands(self, screen: ReplayScreen, game: Game) -> Text:
        """The hands as the eyes chosen may see them (the plain pictures know no hand: none)."""
        return Text()

    def follow(self, game: Game, view: PlayerView, seat: int, action: Action | None) -> Square | None:
        """The square the cursor keeps: `seat`'s piece (who just acted), else the active one's."""
        return _square_of(view, seat) or _square_of(view, view.active)

    def action_words(self, game: Game, action: Action) -> str:
        """The action of the bottom line, in the system's words (its front end's `said`)."""
        return self.front.said(game, action) if self.front is not None else game.rules.in_words(action)

    def opening_words(self) -> str:
        """The bottom line before the first action: what the set-up did, and what comes first."""
        return "the game is set up"

    def turn_words(self, game: Game, view: PlayerView, looks: list[SeatLook]) -> Text:
        """The turn line's part after the replay's controls: the turn, the seat whose turn it is, the phase as the
        ruleset names it, and who is choosing at once or deciding what (never what anyone chose)."""
        names = [game.rules.name(seat) for seat in range(len(game.state.players))]
        title = game.rules.phase_title(view.phase)
        line = Text.assemble(f"Turn {view.turn_number} · ", seat_text(names[view.active], looks[view.active]))
        line.append(f" · {title}")
        if view.choosing is not None:  # seats choosing at once: how far the table is, never what anyone chose
            line.append(f" · {choosing_words(view, title, names)}")
        elif view.decision is not None and view.decider is not None:
            line.append(f" · waiting for {names[view.decider]}: {decision_class(view.decision).label}")
        return line

    @staticmethod
    def hidden(screen: ReplayScreen, text: Text) -> Text:
        """The public view's hands: how many each holds, and how to see them."""
        text.append("Hands hidden: v shows them" + ("" if screen.hands_allowed else " (asks first)"), style="dim")
        return text

    @staticmethod
    def seats_shown(screen: ReplayScreen) -> range | tuple[int]:
        """Whose hands the eyes chosen see: everyone's, or the viewer's alone."""
        return range(len(screen.looks)) if screen.viewer is None else (screen.viewer,)


def pictures_for(rules: Ruleset) -> TablePictures:
    """How the replay draws a game played by `rules`: the pictures its ruleset's front end names (the plain ones
    for a ruleset without a front end of its own)."""
    front = front_end(rules.key)
    return front.pictures_class()(front)


def _square_of(view: PlayerView, seat: int) -> Square | None:
    fighters = view.fighters
    return fighters[seat].square if 0 <= seat < len(fighters) else None


def piece_marks(view: PlayerView, looks: list[SeatLook]) -> dict[tuple[int, int], Mark]:
    """Each seat's piece on the board by its glyph and colour (the plain pictures, the generic screen)."""
    marks = {}
    for seat, fighter in enumerate(view.fighters):
        if fighter.square is not None and seat < len(looks):
            colour = looks[seat].colour
            style = piece_style(colour)
            over = seat_style(colour) if style != seat_style(colour) else None  # over a highlight
            marks[fighter.square.cell] = Mark(looks[seat].glyph, style, over)
    return marks


def seats_text(view: PlayerView, looks: list[SeatLook]) -> Text:
    """Each seat by name, the one who decides now marked (the plain pictures' scores)."""
    text = Text()
    for seat, fighter in enumerate(view.fighters):
        if seat:
            text.append("\n")
        text.append("▶ " if seat == view.decider else "  ")
        text.append_text(seat_text(fighter.name, looks[seat]) if seat < len(looks) else Text(fighter.name))
        if seat == view.winner:
            text.append(" wins", style="bold yellow")
    return text


def view_text(view: PlayerView) -> Pretty:
    """What a seat may know, as the engine's view has it (the plain pictures' sheet, the generic screen's)."""
    return Pretty(view.model_dump(mode="json", exclude_none=True, exclude_defaults=True), max_length=12)
