"""The game screen: the map, the record sheet, the scoreboard, the hand and the log, for one seat's eyes.

The screen asks the engine (through the `Table`) what may be done and shows it; every key that
acts picks among `legal_actions()`, and the engine checks it again in `apply`. What is drawn is
`game.view(seat)` for the seat at the keyboard, so a hand other than his is never on screen;
when someone else must decide, the hand-off screen comes first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from fragtui.engine.actions import Action, EndTurn, Hop, Jump, Pass, Step
from fragtui.engine.board import Square, Terrain
from fragtui.engine.deadlands.actions import Cheat, ChooseSquare, HoldAttack, Keep
from fragtui.engine.deadlands.poker import HAND_SIZE
from fragtui.engine.decisions import ResponseWindow, decision_class
from fragtui.engine.frag.actions import (
    Attack,
    Drop,
    DropFlag,
    PickUp,
    Place,
    PlayCard,
    Respawn,
    RollBump,
    RollMovement,
    SpendBlood,
    TakeFlag,
)
from fragtui.engine.frag.decisions import FragDecisionKind
from fragtui.engine.frag.state import CounterKind, FragTurn, Phase, Status, frag_state
from fragtui.engine.frag.view import objective_of, sheets_of
from fragtui.engine.geometry import Route
from fragtui.engine.realtime.movement import Face as RtFace
from fragtui.engine.realtime.movement import Hop as RtHop
from fragtui.engine.realtime.movement import Jump as RtJump
from fragtui.engine.realtime.movement import Step as RtStep
from fragtui.engine.realtime.turn import real_time_on
from fragtui.engine.view import PlayerView
from fragtui.errors import IllegalActionError
from fragtui.table import Table
from fragtui.tui import status_line
from fragtui.tui.deadlands.words import shootout_order_words
from fragtui.tui.describe import dice, percent, roster_entry
from fragtui.tui.dialogs import ChoiceDialog
from fragtui.tui.footer import KeyFooter
from fragtui.tui.frag.describe import (
    MODE_RULES,
    action_label,
    card_line,
    decision_title,
    discard_tops,
    health_short,
    marker_words,
    objective_markers,
    objective_square_words,
    record_sheet,
    scoreboard,
    turn_line,
    weapon_name,
)
from fragtui.tui.frag.game_over import GameOverScreen
from fragtui.tui.frag.help import REAL_TIME_HELP
from fragtui.tui.frag.realtime import (
    RealTimeMap,
    between_marks,
    clock_of,
    clock_panel,
    facing_words,
    fraction_glyph,
    mine,
    order_effect,
    order_label,
    order_square,
    pass_words,
    segment_line,
)
from fragtui.tui.frag.standing import Kind, RealTimeOrder, ended_note, path
from fragtui.tui.frag.walking import routes, walk
from fragtui.tui.game_log import GameLog
from fragtui.tui.glyphs import describe_square
from fragtui.tui.map_view import MapView, Mark
from fragtui.tui.pieces import COUNTER_GLYPHS, counter_marks, fighter_marks, objective_marks
from fragtui.tui.play_screen import AUTO_PASS, LEAVE, TARGET, PlayScreen, footer_widths
from fragtui.tui.poker_screen import PokerScreen, poker_table

__all__ = ["GameScreen"]

REACH = Style(bgcolor="#00005f")
"""Squares reachable with the movement left: a dark background (ANSI blue in 16 colours), so the
map's glyph, and a fighter's colour, still show."""
PATH = Style(bgcolor="#008700", bold=True)
"""The proposed path to the square under the cursor (ANSI green in 16 colours)."""
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
TALL_HANDOFF = 32
"""Rows from which Real-Time Frag's hand-off shows the clock panel above the scores (at 80x24 it would not fit)."""
STANDING = "standing-orders"
"""What a Real-Time Movement or Combat question answers when `o` is pressed in it: the standing orders."""
_STANDING_CHOICES: dict[str, tuple[Kind, bool]] = {
    "hold": (Kind.HOLD, False),
    "hold-fire": (Kind.HOLD, True),
    "route": (Kind.ROUTE, False),
    "route-fire": (Kind.ROUTE, True),
}
"""The standing orders offered (`tui.frag.standing`): what each stands for, and whether it fires."""
WIDE_TURN_LINE = 110
"""Columns under which Real-Time Frag's turn line says the segment and its step alone (it must fit two lines)."""
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


class GameScreen(PlayScreen):
    """One game of Frag (or Frag Deadlands) at one keyboard."""

    PARTS = {"sheet": 0, "scores": 0, "hand-box": 1, "log": 2}
    """Sheet and scores, the hand, the log: one group at a time on a narrow screen (Real-Time Frag's clock goes
    with the sheet)."""

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
    GameScreen #hand-box { height: auto; border-top: solid $panel-lighten-2; }
    GameScreen #hand { height: auto; padding: 0 1; }
    GameScreen #square-line { height: 1; background: $panel; padding: 0 1; }
    GameScreen #clock { height: auto; padding: 0 1; border-bottom: solid $panel-lighten-2; }
    """

    FOOTER_ORDER = _FOOTER_ORDER
    NEEDS = _NEEDS

    def __init__(self, table: Table, on_over: Callable[[], None] | None = None) -> None:
        super().__init__(table, on_over)
        self.roster = type(self.game.rules).roster()
        """The ruleset's unique fighters, for their words on the sheet and in the menus (none in Frag)."""
        self.routes: dict[Square, Route] = {}
        self.chosen: Square | None = None
        """The square whose path is shown: Enter on it again walks there."""
        self.picking: list[PlayCard] | None = None
        """A card waiting for its square (a teleport): Enter on a square picks the play to it."""
        self._end_asked: int | None = None
        """The log's length when `e` asked "again?": a second `e` with nothing done since ends the turn."""
        self._square_plays: dict[str, list[PlayCard]] = {}
        """Plays of each square-targeted card offered in the card dialog, by card."""
        self.square_pass: Pass | None = None
        """While a square is chosen on the map: passing instead, where the decision allows it (sparing the
        Indian Brave the gallows, D-FTR-07): Esc."""
        self.square_choice: dict[Square, ChooseSquare] = {}
        """A decision answered by a square (the gallows square a hanged fighter goes to, D-GAL-01): the
        squares the engine offers, chosen with the map's cursor and Enter; empty the rest of the time."""
        self.path_warnings = type(self.game.rules).path_warnings()
        """What entering a square of each terrain sets off under these rules, for the path (the ruleset's words)."""
        self._poker_shown: set[int] = set()
        """Seats already shown their whole poker hand after drawing their fifth card (D-CARD-04)."""
        self.routing: bool | None = None
        """A standing order's route waiting for its square (Real-Time Frag): Enter on the map gives it; whether
        it fires at the first enemy in sight on the way."""
        self.real_time = real_time_on(self.game.state.config.options)
        """Real-Time Frag (J-RT-01..10): the segment clock above the sheet, the facings on the map."""
        self._rt_cursor_for: tuple[int, int, str, int] | None = None
        """The Real-Time question the cursor last went to its chooser's fighter for (turn, segment, decision, seat):
        once a question, so his own moves of the cursor between his orders stand."""
        if self.real_time:  # (the screen's own parts: a class's are the same for every game)
            self.PARTS = {"clock": 0, **GameScreen.PARTS}  # type: ignore[misc]

    # -- layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="turn-line")
        with Horizontal(id="game-body"):
            yield RealTimeMap(self.game.board, id="map") if self.real_time else MapView(self.game.board, id="map")
            with Vertical(id="side"):
                with VerticalScroll(id="side-top"):
                    if self.real_time:
                        yield Static(id="clock")
                    yield Static(id="sheet")
                    yield Static(id="scores")
                    with VerticalScroll(id="hand-box"):  # a long hand scrolls, with a scrollbar to say so
                        yield Static(id="hand")
                yield GameLog(id="log")
        yield Static(id="square-line")
        yield KeyFooter(compact=True)

    # -- what is drawn --------------------------------------------------------------------------------

    def draw(self, view: PlayerView) -> None:
        """The turn line, the record sheet (or the poker table), the scores, the hand; fighters, counters and
        the reachable squares on the map."""
        looks = self.table.looks
        clock = clock_of(view) if self.real_time else None
        if clock is None:
            line = turn_line(view, looks, self.game.rules.turn_structure)
        else:
            wide = self.app.size.width >= WIDE_TURN_LINE  # (one row: what does not fit is left out, issue 33)
            line = segment_line(view, clock, looks, compact=not wide, width=self.app.size.width - 2)
            order = self.table.standing.get(self.viewer) if self.viewer is not None else None
            said = None if order is None else order.said
            self.query_one("#clock", Static).update(clock_panel(view, clock, looks, standing=said))
            if isinstance(self.map, RealTimeMap):
                self.map.set_between(between_marks(view, clock, looks))
        self.query_one("#turn-line", Static).update(line)
        sheet_seat = view.me if view.me is not None else view.active
        if view.poker is not None:  # who goes first (Frag Deadlands): the table in place of the sheet
            sheet = poker_table(view, looks, self.game.cards)
            poker = self.app.screen
            if isinstance(poker, PokerScreen) and poker.view.me == view.me:  # his hand, over the board
                poker.show(view)
        else:
            games = self.table.game_boxes(sheet_seat)  # a tournament's game boxes (F-WIN-02)
            sheet = record_sheet(view, sheet_seat, self.game.cards, looks[sheet_seat], self.roster, games)
        self.query_one("#sheet", Static).update(sheet)
        self.query_one("#scores", Static).update(self.scores(view))
        self.query_one("#hand", Static).update(self._hand(view))
        self.map.set_layer("fighters", fighter_marks(view, looks))
        self.map.set_layer("counters", counter_marks(view))
        self.map.set_layer("objective", objective_marks(view))
        self.routes = routes(self.table) if self.viewer == view.active else {}
        self.map.set_layer("reach", {(sq.x, sq.y): Mark(None, REACH) for sq in self.routes})
        self._show_path(None)

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
        playable = {a.card for a in self.legal() if isinstance(a, PlayCard)} if self.deciding() else set()
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
        view = self.view()
        hill = view.objective.hill if view.objective is not None else None
        clock = clock_of(view) if self.real_time else None
        text = Text(describe_square(self.game.board, x, y, hill=hill is not None and hill.cell == (x, y)))
        for seat, f in enumerate(view.fighters):
            if f.square is not None and (f.square.x, f.square.y) == (x, y):
                health = "(fragged)" if f.status is Status.FRAGGED else health_short(f.health, f.max_health)
                text.append(f"  {self.table.looks[seat].glyph} {f.name} {health}")
                entry = roster_entry(self.roster, f.character)
                if entry is not None:
                    text.append(f" {entry.title}")
                for words in marker_words(f) + [words for _, words in objective_markers(view, seat)]:
                    text.append(f" · {words}", style="bold yellow")
                if clock is not None and seat < len(clock.fighters):  # Real-Time Frag: facing, a move part-way
                    part = clock.fighters[seat]
                    if part.facing is not None:
                        text.append(f" · {facing_words(part.facing)}", style="bold")
                    if part.part_way is not None and part.toward is not None:
                        share = fraction_glyph(part.part_way)
                        text.append(f" · {share} of the way to {part.toward}", style="bold italic")
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
        elif self.routing is not None:
            text.append("  · Enter: walk here (standing order), Esc: back", style="bold yellow")
        hint = self._hint(view) if self.picking is None and (route is None or not route.moves) else ""
        # The keys' reminder is the part to leave out when the line has no room for it (the footer has them).
        spare = Text(f"  · {hint}", style="italic") if hint and not self.square_choice else None
        status_line.show(self.query_one("#square-line", Static), text, spare=spare)

    def _route_warnings(self, route: Route) -> list[str]:
        """What the squares a route enters set off under these rules (a beast's Accuracy check), once each."""
        if not self.path_warnings:
            return []
        cells = self.game.board.cells
        found = (self.path_warnings.get(cells[move.to.y][move.to.x].terrain) for move in route.moves)
        return list(dict.fromkeys(w for w in found if w is not None))

    def _hint(self, view: PlayerView) -> str:
        """What the player at the keyboard can do next, for people new to the keys."""
        if view.choosing is None and view.decider is not None and view.decider in self.table.bots:
            return f"{view.fighters[view.decider].name} (computer) is playing…"
        if not self.deciding() or view.decision is not None:
            return ""
        if view.phase is Phase.RESPAWN:
            return "r: respawn"
        if view.phase is Phase.ROLL:
            return "r: roll for movement (c: a card instead)"
        holds_flag = view.objective is not None and view.objective.holder == self.viewer  # (J-TAG-03: no attack)
        attack = "d: put the flag down" if holds_flag else "a: attack"
        if self.routes:
            return f"pick a highlighted square with Enter (twice to go) · {attack} · e: end turn"
        keys = [attack]  # (c and p only when the engine offers a card to play or something to pick up)
        if self._legal(PlayCard):
            keys.append("c: cards")
        if self._legal(PickUp, TakeFlag):
            keys.append("p: pick up")
        return " · ".join([*keys, "e: end turn"])

    # -- the footer ---------------------------------------------------------------------------------

    # -- acting -------------------------------------------------------------------------------------

    def game_over_screen(self) -> GameOverScreen:
        """Who won, with how many frags, and every seat's figures."""
        saved = self.table.saved_words()
        return GameOverScreen(self.game.view(None), self.table.looks, saved, self.roster, self.closing)

    def handoff_words(self, public: PlayerView) -> Text:
        """The hand-off: the public turn line and scoreboard (the poker draw's table while it is on)."""
        # The poker draw's table says more than the scoreboard while nobody is on the board yet.
        looks = self.table.looks
        below = poker_table(public, looks, self.game.cards) if public.poker else scoreboard(public, looks)
        clock = clock_of(public) if self.real_time else None
        if clock is not None:  # Real-Time Frag: the segment clock, and the turn as everyone sees it (public)
            turn = segment_line(public, clock, looks, compact=True)
            if self.app.size.height < TALL_HANDOFF:  # (a short screen: the scores must fit, the panel is a key away)
                return Text.assemble(turn, "\n\n", below)
            return Text.assemble(turn, "\n\n", clock_panel(public, clock, looks), "\n", below)
        # (A Frag Tag mode's target is on the scoreboard's first line: the turn line does not repeat it.)
        turn = turn_line(public, looks, self.game.rules.turn_structure, frag_target=public.objective is None)
        return Text.assemble(turn, "\n\n", below)

    def bot_pace(self, action: Action) -> float:
        """A computer's step goes by in a third of the pause: a walk is many steps."""
        return 1 / 3 if isinstance(action, Step | Jump | Hop) else 1.0

    def bot_square(self, seat: int, action: Action) -> Square | None:
        """The computer's fighter: the map follows him."""
        return frag_state(self.game.state).players[seat].square

    def ask(self, view: PlayerView) -> bool:
        """The decision the engine waits for, as a dialog (a square offered: on the map; the poker draw: its screen)."""
        if view.decision is None:
            return False
        if self.routing is not None:  # a standing order's square is being chosen on the map (Real-Time Frag)
            return True
        if not self.query_one("#side").region:  # just pushed, not laid out: the dialog is placed beside the side
            self.call_after_refresh(self.next_prompt)  # panel, so it waits for the panel's place (else it is empty)
            return True
        self._prompting = True
        legal = self.pass_first(self.legal())
        if self.real_time:  # a Combat step's attacks: the best chance first, as in the attack list
            legal = self._best_attacks_first(legal, view)
        options = [(self._option_label(a, view), a) for a in legal]
        squares = [a for a in legal if isinstance(a, ChooseSquare)]
        if squares and all(isinstance(a, ChooseSquare | Pass) for a in legal):  # a square: chosen on the map
            self._prompting = False  # no dialog is up: the map's keys choose
            self.square_pass = next((a for a in legal if isinstance(a, Pass)), None)
            self._choose_square(view, squares)
            return True
        if view.poker is not None:  # the poker draw: a screen of its own, the hands in full
            poker = PokerScreen(view, self.table.looks, self.game.cards, decision_title(view), options)
            self.app.push_screen(poker, self._decided)
            return True
        if self.real_time:
            self._cursor_to_chooser(view)
        keys: list[tuple[str, str, Action | str]] = []
        window = issubclass(decision_class(view.decision), ResponseWindow)
        if window and len(self.table.humans) > 1:  # auto-pass answers response windows
            keys.append(("t", "Auto-pass from now on", AUTO_PASS))
        keys.append(("q", "Quit", LEAVE))
        detail = self._decision_detail(view)
        hot_seat = self.table.hosted is None  # (over SSH each orders on his own terminal: no standing orders)
        if self.real_time and hot_seat and view.decision in ("rt-orders", "rt-attacks"):  # Real-Time's standing orders
            keys.insert(0, ("o", "Standing orders", STANDING))
            ended = self.table.orders_ended.pop(self.viewer, None) if self.viewer is not None else None
            note = ended_note(ended) if ended is not None else None
            if note is not None:
                detail = Text.assemble((f"{note}\n", "bold yellow"), detail)
        dialog = self.options_dialog(decision_title(view), options, detail=detail, forced=True, keys=keys)
        self.app.push_screen(dialog, self._decided)
        return True

    def _option_label(self, action: Action, view: PlayerView) -> str | Text:
        """A decision's option: an attack (a shootout opened or answered) with its odds, as in the attack list;
        a card of the poker hand to keep with what the card does (D-CARD-04: it stays in his hand)."""
        if isinstance(action, Attack):
            return self._attack_label(action, view)
        if self.real_time:  # Real-Time Frag's orders (J-RT-05..07), with their cost and where they leave him
            if isinstance(action, RtFace | RtStep | RtJump | RtHop):
                effect = order_effect(self.game, self.chooser, action)
                return str(action) if effect is None else order_label(action, *effect)
            if isinstance(action, Pass):
                said = pass_words(view.decision)
                if said is not None:
                    return said
        if isinstance(action, Keep):
            return Text.assemble("Keep ", card_line(self.game.cards, action.card))
        return action_label(action, view, self.game.cards, self.roster)

    def _decided(self, action: Action | str | None) -> None:
        """As every game screen; `o` in a Real-Time question opens the standing orders instead."""
        if action == STANDING:
            self._prompting = False
            self.map.set_layer("target", {})
            self._standing_orders()
            return
        super()._decided(action)

    def _standing_orders(self) -> None:
        """Real-Time Frag at one keyboard: the orders that answer the player's Movement and Combat questions for the
        rest of the turn (`tui.frag.standing`), so that he is called back only when something he could not know
        happens."""
        seat = self.chooser
        if seat is None:
            self.next_prompt()
            return
        options: list[tuple[str | Text, str]] = [
            ("Hold still for the rest of the turn, holding fire", "hold"),
            ("Hold still, firing at the first enemy in sight (the best shot, every segment it may)", "hold-fire"),
            ("Walk to a square you pick on the map, holding fire", "route"),
            ("Walk to a square you pick on the map, firing at the first enemy in sight", "route-fire"),
        ]
        if seat in self.table.standing:
            options.append(("Take back my standing order: ask me every segment", "cancel"))
        options.append(("Back: give this segment's orders myself", "back"))
        detail = (
            "The order answers your moves and attacks for the rest of this turn, spread over the segments by your"
            " points. You are called back only when something you could not know happens: an enemy comes into"
            " sight (unless you fire at him), you are hit, or a card is played on you. Pick-ups and the rest are"
            " still asked of you."
        )
        self._prompting = True
        dialog = ChoiceDialog(
            "Standing orders for the rest of this turn", options, detail=detail, help_text=self.front_end_help()
        )
        self.app.push_screen(dialog, self._standing_chosen)

    def _standing_chosen(self, choice: str | None) -> None:
        self._prompting = False
        seat = self.chooser
        if seat is None or choice is None or choice == "back":
            self.next_prompt()
            return
        if choice == "cancel":
            self.table.cancel_order(seat)
            self.notify("Standing order taken back: you are asked every segment.", markup=False)
            self.sync()
            self.next_prompt()
            return
        kind, fire = _STANDING_CHOICES[choice]
        if kind is Kind.ROUTE:
            self.routing = fire
            self.notify("Move the cursor to where you want to go and press Enter (Esc: back).", markup=False)
            self._describe_cursor()
            return
        self._give_order(seat, RealTimeOrder.give(self.game, seat, kind, fire=fire))

    def _give_order(self, seat: int, order: RealTimeOrder) -> None:
        """Leave `order` at the table for `seat`: it answers his open question at once. (No toast says it: the next
        player may be handed the keyboard at once, and the order is secret; the clock panel shows it to him.)"""
        self.after(self.table.give_order(seat, order))

    def _route_chosen(self, square: Square) -> None:
        """Enter on the map while a route's square is being chosen: the walk there, as a standing order."""
        seat = self.chooser
        here = frag_state(self.game.state).players[seat].square if seat is not None else None
        if seat is None or here is None:
            return
        if square == here or path(self.game, here, square) is None:
            self.notify("No walk leads there from where you stand: pick another square.", severity="warning")
            return
        fire = bool(self.routing)
        self.routing = None
        self._give_order(seat, RealTimeOrder.give(self.game, seat, Kind.ROUTE, fire=fire, goal=square))

    def _best_attacks_first(self, legal: list[Action], view: PlayerView) -> list[Action]:
        """A Combat step's options with its attacks sorted as the attack list sorts them (`_attack_option`):
        the best chance first, after holding fire."""
        attacks = [a for a in legal if isinstance(a, Attack)]
        if len(attacks) < 2:
            return legal
        ranked = [
            attack
            for _, (_, attack) in sorted(
                ((self._attack_option(a, view)[0], (0, a)) for a in attacks), key=lambda pair: pair[0]
            )
        ]
        first = legal.index(attacks[0])
        rest = [a for a in legal if not isinstance(a, Attack)]
        return [*rest[:first], *ranked, *rest[first:]]

    def next_prompt(self) -> None:
        """As every game screen; first, a player who has just drawn his fifth poker card sees his hand."""
        if not self._prompting and self.is_current and self._show_poker_hand():
            return
        super().next_prompt()

    def _show_poker_hand(self) -> bool:
        """The poker draw goes on to the next player after the fifth card (D-CARD-04): before the keyboard is
        handed on (or a computer draws), the drawer sees his whole hand, the fifth card named in the title.
        Once each; the last drawer sees every hand at once when they are shown, so he needs no screen."""
        seat = self.viewer
        if seat is None or seat in self._poker_shown or self.game.over or seat in self.game.deciders():
            return False
        view = self.view()
        poker = view.poker
        if poker is None or poker.shown or view.me != seat:
            return False
        drawn = poker.seats[seat].drawn if seat < len(poker.seats) else None
        if drawn is None or len(drawn) < HAND_SIZE:
            return False
        self._poker_shown.add(seat)
        card = self.game.cards[drawn[-1]]
        corner = f"{card.face} " if card.face is not None and not card.name.startswith(str(card.face)) else ""
        title = f"Your poker hand is drawn: your fifth card is the {corner}{card.name}"
        self._prompting = True
        done: list[tuple[str | Text, Action | str]] = [("Done: on with the draw", "seen")]
        poker_screen = PokerScreen(view, self.table.looks, self.game.cards, title, done)
        self.app.push_screen(poker_screen, self._decided)
        return True

    def turn_began(self, view: PlayerView) -> None:
        """The cursor goes to the active fighter, once at the start of his turn."""
        if view.active == self.viewer and view.fighters[view.active].square is not None:
            here = view.fighters[view.active].square
            if here is not None and self._moved_in_turn != (view.turn_number, view.active):
                self._moved_in_turn = (view.turn_number, view.active)
                self.map.move_cursor_to((here.x, here.y))

    def _cursor_to_chooser(self, view: PlayerView) -> None:
        """Real-Time Frag: a person's question opens (his Movement or Combat step, a shot first, a pick-up) and the
        cursor goes to his own fighter, once a question, as Frag's `turn_began` takes it to the active fighter (it
        was left on the last computer's fighter the map followed: issue 33)."""
        seat = self.chooser
        if seat is None or seat >= len(view.fighters):
            return
        here = view.fighters[seat].square
        clock = clock_of(view)
        key = (view.turn_number, -1 if clock is None else clock.segment, view.decision or "", seat)
        if here is not None and self._rt_cursor_for != key:
            self._rt_cursor_for = key
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

    def square_of(self, action: object) -> Square | None:
        """The square an option is about (a respawn point, a target, a counter), to show on the map."""
        view = self.view()
        if isinstance(action, ChooseSquare):
            return action.to
        if isinstance(action, RtFace | RtStep | RtJump | RtHop):  # where a Real-Time order leaves him
            effect = order_effect(self.game, self.chooser, action)
            return None if effect is None else order_square(action, effect[1])
        if isinstance(action, Place | Respawn) and action.point is not None:
            return self.game.board.respawn_points.get(action.point)
        if isinstance(action, Attack):
            return sheets_of(view)[action.target].square
        if isinstance(action, PickUp):
            return next((c.square for c in view.counters if c.id == action.counter), None)
        if isinstance(action, TakeFlag) and (objective := objective_of(view)) is not None:
            return objective.flag
        if isinstance(action, PlayCard) and action.target is not None:
            return sheets_of(view)[action.target].square
        return None

    def _decision_detail(self, view: PlayerView) -> Text:
        me = view.me
        text = Text()
        clock = clock_of(view) if self.real_time else None
        if clock is not None and me is not None and view.decision in ("rt-orders", "rt-attacks", "rt-answer"):
            text.append_text(mine(self.game, clock, me))  # (the clock panel lies under the dialog)
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
            text.append(shootout_order_words(view, shootout))
            if shootout.main_street:
                text.append("On Main Street: a frag here gives the survivor a bonus Special.\n")
        if view.rolled is not None:  # a roll a die may be added to (the Saloon Gal's Cheatin'): rolled in the open
            text.append(f"The roll: {view.rolled}\n", style="bold")
        last_chance = view.decision is FragDecisionKind.LAST_CHANCE
        if last_chance and all(isinstance(a, Pass) for a in self.legal()):
            # Only cures that can save him are offered (ruling F-FRAG-01): say why there are none.
            text.append("Nothing you hold can bring your Health above 0: pass, and the frag follows.\n", style="bold")
        if me is not None and view.decision in _SHOWS_HAND:
            for card in view.fighters[me].hand or ():
                text.append_text(card_line(self.game.cards, card))
                text.append("\n")
        return text

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
        assert isinstance(turn, FragTurn), "the game screen draws a game of Frag"
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
        options = self._menu(self.legal(), with_card_text=False)
        beside = self.query_one("#side").region  # steps, targets and counters stay in sight on the map
        dialog = ChoiceDialog(
            "Everything you may do now",
            options,
            on_highlight=self.show_option,
            beside=beside,
            help_text=self.front_end_help(),
        )
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
        label = self._attack_label(attack, view)
        try:
            forecast = self.game.forecast(attack, self.chooser)
        except IllegalActionError:
            return (Fraction(0), Fraction(0), 0), (label, attack)
        return (-forecast.p_hit, -forecast.expected_loss, forecast.range), (label, attack)

    def _attack_label(self, attack: Attack, view: PlayerView) -> Text:
        """An attack's menu line with its exact odds (`Game.forecast`): range, chance to hit, expected Health
        lost, chance to frag; dimmed when it cannot hit. The same in the attack list and in a decision that
        offers attacks (a shootout opened or answered, D-SHOOT-02)."""
        label = Text(action_label(attack, view, self.game.cards, self.roster))
        try:
            forecast = self.game.forecast(attack, self.chooser)
        except IllegalActionError:
            return label
        label.append(f" · range {forecast.range} · hit {percent(forecast.p_hit)}", style="bold")
        label.append(f" · expect {float(forecast.expected_loss):.2f} Health · frag {percent(forecast.p_frag)}")
        if forecast.p_hit == 0:
            label.stylize("dim")
            label.append(" (cannot hit)", style="dim italic")
        return label

    def action_cards(self) -> None:
        if not self._mine():
            return
        plays = [a for a in self._legal(PlayCard) if isinstance(a, PlayCard)]
        if not plays:
            self.notify("You have no card you can play now.", severity="warning")
            return
        options = self._menu(plays, with_card_text=True)
        self.app.push_screen(
            ChoiceDialog("Play which card?", options, help_text=self.front_end_help()), self._card_chosen
        )

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
        if self.routing is not None:  # a standing order's route (Real-Time Frag)
            self._route_chosen(square)
            return
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
            legal = self.legal()
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
        walked, stopped = walk(self.table, route)
        if stopped:
            self.notify(stopped, markup=False)
        self.after(walked)

    def action_cancel(self) -> None:
        if self.routing is not None:  # back to the question the standing order was to answer
            self.routing = None
            self._describe_cursor()
            self.next_prompt()
            return
        if self.square_choice:
            if self.square_pass is not None and self._mine():
                self._square_chosen(self.square_pass)
            else:
                self.notify(f"The game waits: {decision_title(self.view())}.", severity="warning", markup=False)
            return
        if self.picking is not None:
            self.picking = None
            self._describe_cursor()

    def help_text(self) -> str:
        return super().help_text() + self._rules_keys() + self._mode_help()

    def front_end_help(self) -> str:
        """Frag's help; with the `real-time` option on, how its turn runs (J-RT-01..10) after it: in Real-Time Frag
        most of the game is answered in dialogs, whose `?` shows this help."""
        return super().front_end_help() + ("\n" + REAL_TIME_HELP if self.real_time else "")

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
        if self.deciding() and not self._waiting_on_screen:
            # Actions no key of their own reaches (a fighter's Cheatin' paid with these cards), by name.
            keyed = tuple(kind for kinds in _NEEDS.values() for kind in kinds if kind is not Cheat)
            view = self.view()
            for action in self.legal():
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


GameScreen.FOOTER_WIDTH = footer_widths(GameScreen.BINDINGS)
