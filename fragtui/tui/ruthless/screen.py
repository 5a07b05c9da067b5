"""The game screen of Ruthless: the map with the posses' models, their cards beside it, the hand and the log.

A turn at one keyboard goes as the rules go (R-SEQ-01/02): each player picks his initiative card behind a
hand-off (his hand hidden from the others), then the cards are revealed on a screen of their own; in the
activation each player chooses a model (Tab), then its actions — a Move by a square on the map (the
squares within its move are marked), a shot from a list giving its exact odds (`Game.forecast`), the rest
from the same list — and ends the activation with `e`. Answers out of turn (a covered shot, a snap shot
or a duck, an aimed hit's shift, the fisticuffs cards) come up as dialogs for the deciding seat, behind a
hand-off when the decider changes. The skedaddle rolls close each turn in the log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import RichLog, Static

from fragtui.engine.actions import Action, Discard, EndTurn, Pass
from fragtui.engine.board import Square
from fragtui.engine.decisions import ResponseWindow, decision_class
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.ruthless.actions import (
    Aim,
    Courage,
    Dismount,
    GotYouCovered,
    Mount,
    MoveTo,
    PickCard,
    Reload,
    Shoot,
    Snap,
)
from fragtui.engine.ruthless.deck import card_title
from fragtui.engine.ruthless.grid import distance
from fragtui.engine.ruthless.pieces import WEAPONS
from fragtui.engine.ruthless.shooting import RuthlessKind
from fragtui.engine.ruthless.table import Model
from fragtui.engine.view import PlayerView
from fragtui.errors import IllegalActionError
from fragtui.table import Table
from fragtui.tui import status_line
from fragtui.tui.describe import choosing_words, seat_text
from fragtui.tui.dialogs import ChoiceDialog, ConfirmDialog
from fragtui.tui.footer import KeyFooter
from fragtui.tui.game_log import GameLog
from fragtui.tui.glyphs import describe_square
from fragtui.tui.map_view import MapView, Mark
from fragtui.tui.pieces import event_line
from fragtui.tui.play_screen import AUTO_PASS, LEAVE, PlayScreen, footer_widths
from fragtui.tui.ruthless.labels import action_words, card_words, hand_powers, model_name
from fragtui.tui.ruthless.marks import model_marks
from fragtui.tui.ruthless.pieces import OverScreen, posse_summary, ruthless_of
from fragtui.tui.ruthless.reveal import RevealScreen
from fragtui.tui.ruthless.roster import RosterPanel, roster_text

__all__ = ["RuthlessScreen"]

MODEL_ACTIONS = (MoveTo, Aim, Shoot, Reload, GotYouCovered, Mount, Dismount, Courage)
"""The actions a model takes in his posse's activation (R-ACT-01)."""
REACH = Style(bgcolor="#00005f")
"""Squares the chosen model's Move may end on (ANSI blue in 16 colours)."""
SHORT_RANGE = Style(bgcolor="#005f00")
"""Squares within the short range of one of the chosen model's weapons (`r`)."""
LONG_RANGE = Style(bgcolor="#3a3a00")
"""Squares within a weapon's long range only."""
CHOSEN = Style(bgcolor="#5f5f00")
"""The square of the model chosen to act, wherever the cursor is."""
MOVE = "move"
"""The action list's answer for "move": the square comes from the map."""

HELP = """\
[b]Keys[/b]
  arrows / h j k l   move the cursor on the map (Shift+arrows: 5 squares at a time)
  Tab / Shift+Tab    choose the next / previous of your models that may still act
  Enter              on a blue square: the chosen model moves there; on your model: choose him
  a                  the chosen model's actions: move, shoot, aim, reload, cover, mount, courage
  s                  shoot: each target in sight and reach, best chance first, the exact odds
  r                  show the chosen model's ranges on the map: green short, olive long
  e                  end your activation (asked first if a model may still act)
  x                  everything you may do now, in one list
  u                  undo your last action, back to (not past) a die rolled or a card drawn
  p                  switch the side panel (posses; hand and log) on small screens
  t                  auto-pass answers out of turn for you (covered shots, snap shots)
  ?                  this help                              q   leave (the game is saved)

[b]Ruthless in one screen[/b]
  A turn: each player picks a card face down (behind a hand-off); all are revealed at once
  and the posses act highest card first. Each model takes two actions (a 7: one takes
  three). A shot is a d10 plus modifiers: 6 at short range, 8 at long; a hit lands by a
  second d10 (aimed: shift it by one). A model hit checks his Toughness or turns Lily
  Livered. Out of turn: a covered model shoots at a mover; a higher card than the
  shooter's gets the draw (a snap shot, or a duck for cover). At each turn's end every
  posse rolls a d10: as many or fewer than its models out of the fight, and it skedaddles.
  Cards: A, K, Q, J courage; A or 4 revive your unconscious; 3 discard; 2 Low Blow.
  Models are drawn by a letter of their own in their posse's colour.
"""


class RuthlessScreen(PlayScreen):
    """One game of Ruthless at one keyboard (see the module's docstring)."""

    PARTS = {"roster-box": 0, "hand-box": 1, "log": 1}
    """The posses' cards; the hand and the log: one group at a time on a narrow screen."""

    BINDINGS = [
        Binding("enter", "go", "Go here", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Quit"),
        Binding("tab", "next_model(1)", "Next model"),
        Binding("a", "actions", "Actions"),
        Binding("s", "shoot", "Shoot"),
        Binding("e", "end_turn", "End"),
        Binding("u", "undo", "Undo"),
        Binding("r", "range", "Range"),
        Binding("p", "next_panel", "Panel"),
        Binding("x", "everything", "All"),
        Binding("t", "auto_pass", "Auto-pass"),
        Binding("shift+tab", "next_model(-1)", "Previous model", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
        *(
            Binding(key, f"why('{name}')", show=False)
            for key, name in {
                "tab": "next_model",
                "a": "actions",
                "s": "shoot",
                "e": "end_turn",
                "u": "undo",
                "r": "range",
                "p": "next_panel",
                "x": "everything",
                "t": "auto_pass",
            }.items()
        ),
    ]
    """Help and Quit first, so a narrow footer never cuts them; then the keys that apply now."""

    FOOTER_ORDER = (
        "help",
        "leave",
        "next_model",
        "actions",
        "shoot",
        "end_turn",
        "next_panel",
        "undo",
        "range",
        "everything",
        "auto_pass",
    )
    NEEDS: ClassVar[dict[str, tuple[type, ...]]] = {
        "next_model": MODEL_ACTIONS,
        "actions": MODEL_ACTIONS,
        "shoot": (Shoot,),
        "end_turn": (EndTurn,),
    }

    DEFAULT_CSS = """
    RuthlessScreen #turn-line { height: auto; max-height: 3; background: $panel; padding: 0 1; }
    RuthlessScreen #game-body { height: 1fr; }
    RuthlessScreen #roster-box { height: auto; max-height: 58%; }
    RuthlessScreen #side.narrow #roster-box { max-height: 100%; }
    RuthlessScreen #roster { height: auto; padding: 0 1; }
    RuthlessScreen #hand-box { height: auto; max-height: 17%; border-top: solid $panel-lighten-2; }
    RuthlessScreen #side.narrow #hand-box { max-height: 50%; }
    RuthlessScreen #hand { height: auto; padding: 0 1; }
    RuthlessScreen #square-line { height: 1; background: $panel; padding: 0 1; }
    """

    def __init__(self, table: Table, on_over: Callable[[], None] | None = None) -> None:
        super().__init__(table, on_over=on_over)
        self.selected: int | None = None
        """The model chosen to act (Tab), whose moves and ranges the map shows."""
        self.reach: dict[Square, MoveTo] = {}
        """Where the chosen model's Move may end now, by square (Enter there moves him)."""
        self.show_range = False
        """Whether the map shows the ranges of the chosen model's weapons (`r`)."""
        self._reveal = False
        """The initiative cards were just revealed: the reveal screen comes before anything else."""
        self._last: list[Event] = []
        """What the last action did, told again in the dialog of an answer out of turn."""

    # -- layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="turn-line")
        with Horizontal(id="game-body"):
            yield MapView(self.game.board, id="map", plain=self.game.rules.unplayed_terrain)
            with Vertical(id="side"):
                with VerticalScroll(id="roster-box"):
                    yield RosterPanel(looks=self.table.looks, id="roster")
                with VerticalScroll(id="hand-box"):
                    yield Static(id="hand")
                yield GameLog(id="log")
        yield Static(id="square-line")
        yield KeyFooter(compact=True)

    # -- what is drawn --------------------------------------------------------------------------------

    def names(self) -> list[str]:
        return [self.table.name(seat) for seat in range(len(self.game.state.players))]

    def models(self, view: PlayerView) -> tuple[Model, ...]:
        return ruthless_of(view).models

    def able(self) -> list[int]:
        """The viewer's models that may still act now, in posse order (none out of his activation)."""
        if not self.deciding() or self.view().decision is not None:
            return []
        ids = {a.fighter for a in self.legal() if isinstance(a, MODEL_ACTIONS)}
        return sorted(ids)

    def draw(self, view: PlayerView) -> None:
        able = self.able()
        if self.selected not in able:
            self.selected = able[0] if able else None
        looks = self.table.looks
        self.query_one("#turn-line", Static).update(self.turn_words(view))
        self.query_one("#roster", RosterPanel).show(view, view.me, self.selected)
        self.query_one("#hand", Static).update(self.hand_words(view))
        self.map.set_layer("fighters", model_marks(view, looks))
        chosen = self.models(view)[self.selected].square if self.selected is not None else None
        self.map.set_layer("objective", {chosen.cell: Mark(None, CHOSEN)} if chosen is not None else {})
        self.reach = (
            {a.to: a for a in self.legal() if isinstance(a, MoveTo) and a.fighter == self.selected}
            if self.selected is not None
            else {}
        )
        self.map.set_layer("reach", {(sq.x, sq.y): Mark(None, REACH) for sq in self.reach})
        self.map.set_layer("path", self._range_marks(view))

    def _range_marks(self, view: PlayerView) -> dict[tuple[int, int], Mark]:
        """The chosen model's weapons' short and long ranges (distance only: sight is the shot list's)."""
        if not self.show_range or self.selected is None:
            return {}
        model = self.models(view)[self.selected]
        if model.square is None:
            return {}
        specs = [WEAPONS[kind] for kind in model.card.weapons]
        short = max((spec.short or 0 for spec in specs), default=0)
        far = max((spec.reach for spec in specs), default=0)
        board = self.game.board
        marks: dict[tuple[int, int], Mark] = {}
        for y in range(board.height):
            for x in range(board.width):
                span = distance(model.square, Square(x, y))
                if span <= short:
                    marks[(x, y)] = Mark(None, SHORT_RANGE)
                elif span <= far:
                    marks[(x, y)] = Mark(None, LONG_RANGE)
        return marks

    def turn_words(self, view: PlayerView) -> Text:
        """Turn, phase, who acts, the order of activation, sundown."""
        table = ruthless_of(view)
        looks = self.table.looks
        phase = self.game.rules.phase_title(view.phase)
        if view.phase == "activation" and view.me != view.active:  # "your posse's" only for the one acting
            phase = "the posses' actions"
        line = Text(f"Turn {view.turn_number} · {phase}")
        if view.phase == "activation":  # (the view's `acting` names the decider, even in a window)
            line.append(" · ")
            line.append_text(seat_text(view.fighters[view.active].name, looks[view.active]))
            line.append(" acts")
        if table.order:
            order = ", ".join(
                f"{view.fighters[seat].name} {card_title(card) if (card := table.picks[seat]) else '?'}"
                for seat in table.order
            )
            line.append(f" · order: {order}")
        if view.choosing is not None:  # the initiative cards, fisticuffs: how far the table is, never what
            line.append(f" · {choosing_words(view, phase)}")
        elif view.decision is not None and view.decider is not None:
            line.append(f" · waiting for {view.fighters[view.decider].name}: {decision_class(view.decision).label}")
        if table.turn_limit:
            line.append(f" · sundown: turn {table.turn_limit}")
        return line

    def hand_words(self, view: PlayerView) -> Text:
        """The viewer's hand with each card's power; who has picked; the deck and the discards."""
        table = ruthless_of(view)
        text = Text()
        if view.me is not None:
            text.append(f"Your hand ({len(table.hand)}): ", style="bold")
            text.append(" ".join(card_title(card) for card in table.hand) or "no cards")
            powers = hand_powers(table.hand)
            if powers:
                text.append(f"\n{powers}", style="italic")
            mine = table.picks[view.me] if view.me < len(table.picks) else None
            if mine is not None and not table.order:
                text.append(f"\nYou picked the {card_words(mine)}")
            text.append("\n")
        if not table.order:
            picked = ", ".join(
                f"{f.name} {'✓' if table.picked[seat] else '…'}"
                for seat, f in enumerate(view.fighters)
                if seat not in table.skedaddled  # (a posse gone from the field picks no more: the strongbox)
            )
            text.append(f"Picked: {picked}\n")
        top = f", top {card_title(table.discard[-1])}" if table.discard else ""
        text.append(f"Deck {table.deck_size} · discards {len(table.discard)}{top}", style="dim")
        return text

    def scores(self, view: PlayerView) -> Text:
        """The posses' cards (the hand-off shows them: all public)."""
        return roster_text(view, None, None, 64, self.table.looks)

    def _write(self, log: RichLog, event: Event) -> None:
        """Events as the viewer reads them; a skedaddle roll says what it meant."""
        roll = event.roll
        if event.kind is CommonEventKind.DICE_ROLLED and roll is not None and roll.reason.startswith("skedaddle"):
            name = self.table.name(event.player) if event.player is not None else "?"
            out = roll.reason.removeprefix("skedaddle: ").removesuffix(" or less runs").strip()
            if not out.isdigit():  # worded otherwise by the rules: as they say it
                log.write(event_line(event, self.viewer))
                return
            runs = roll.total <= int(out)
            counted = "dead" if ruthless_of(self.view()).scenario == "strongbox" else "out of the fight"  # R-SKED-01
            log.write(Text(f"Skedaddle: {name} rolls {roll.total} against {out} {counted}: "
                           + ("the posse skedaddles!" if runs else "it stands its ground"),
                           style="bold magenta" if runs else "magenta"))  # fmt: skip
            return
        log.write(event_line(event, self.viewer))

    def _write_all(self, log: RichLog, events: Sequence[Event]) -> None:
        """As every screen, but a run of cards drawn (the deal, the refill at a turn's end) is one line a player:
        `P2 draws 3 cards`, `You draw the 8♥, the 7♥ and the J♥`."""
        run: list[Event] = []
        for event in [*events, None]:
            if event is not None and event.kind is CommonEventKind.CARD_DRAWN:
                run.append(event)
                continue
            for line in self._draws(run):
                log.write(line)
            run = []
            if event is not None:
                self._write(log, event)

    def _draws(self, run: list[Event]) -> list[Text]:
        """One line a player for a run of cards drawn, in the order the players first drew."""
        if len(run) <= 1:
            return [event_line(event, self.viewer) for event in run]
        by_seat: dict[int | None, list[Event]] = {}
        for event in run:
            by_seat.setdefault(event.secret_for, []).append(event)
        lines = []
        style = event_line(run[0], self.viewer).style  # (the log's colour for cards drawn)
        for seat, drawn in by_seat.items():
            if len(drawn) == 1:
                lines.append(event_line(drawn[0], self.viewer))
            elif seat is not None and seat == self.viewer and all(e.card for e in drawn):
                cards = [f"the {card_title(e.card)}" for e in drawn if e.card]
                lines.append(Text(f"You draw {', '.join(cards[:-1])} and {cards[-1]}", style=style))
            else:
                who = self.table.name(seat) if seat is not None else "Someone"
                lines.append(Text(f"{who} draws {len(drawn)} cards", style=style))
        return lines

    def _describe_cursor(self) -> None:
        x, y = self.map.cursor
        rules = self.game.rules
        text = Text(describe_square(self.game.board, x, y, points=rules.map_points, plain=rules.unplayed_terrain))
        view = self.view()
        here = Square(x, y)
        chosen = self.models(view)[self.selected] if self.selected is not None else None
        for model in self.models(view):
            if model.square != here or not model.on_table:
                continue
            text.append(f"  {model.card.name} ({view.fighters[model.owner].name})", style="bold")
            if chosen is not None and chosen.square is not None and model.owner != chosen.owner:
                span = distance(chosen.square, here)
                text.append(f" · {span:.3g} from {chosen.card.name}")
        spare = None
        if here in self.reach and chosen is not None:
            text.append(f"  · Enter: {chosen.card.name} moves here", style="bold green")
        elif self.selected is not None:  # the keys' reminder: left out where it has no room (the footer has them)
            spare = Text("  · Tab: next model · a: actions · s: shoot · e: end", style="italic")
        elif view.choosing is None and view.decider is not None and view.decider in self.table.bots:
            text.append(f"  · {view.fighters[view.decider].name} (computer) is playing…", style="italic")
        status_line.show(self.query_one("#square-line", Static), text, spare=spare)

    # -- the flow of the game -----------------------------------------------------------------------

    def noted(self, events: Sequence[Event]) -> None:
        """The last action's events (a window's dialog tells them); the cards just turned over are shown to
        everyone before anyone acts (R-SEQ-01), whoever's pick turned them (at a hosted table, too)."""
        self._last = list(events)
        if any(event.kind is CommonEventKind.INITIATIVE for event in events):
            self._reveal = True
            if self.table.lock():
                self.sync(redraw_log=True)

    def next_prompt(self) -> None:
        """The reveal first, when the cards were just turned over; then as every game screen."""
        if self._reveal and not self._prompting and self.is_current:
            self._reveal = False
            self._prompting = True
            self.app.push_screen(RevealScreen(self.game.view(None), self.names(), self.table.looks), self._revealed)
            return
        super().next_prompt()

    def _revealed(self, _: None) -> None:
        self._prompting = False
        self.next_prompt()

    def game_over_screen(self) -> OverScreen:
        posses = [seat.posse.name if seat.posse is not None else "" for seat in self.game.state.config.seats]
        return OverScreen(self.game.view(None), self.table.looks, self.table.saved_words(), self.closing, posses)

    def handoff_words(self, public: PlayerView) -> Text:
        """Ruthless's public words: the turn line and the posses (no frag target)."""
        return Text.assemble(self.turn_words(public), "\n\n", posse_summary(public, self.table.looks))

    def _why(self, seat: int) -> str:
        view = self.game.view(None)
        name = view.fighters[seat].name
        if view.decision is not None:
            return decision_class(view.decision).situation(name)
        if view.phase == "initiative":
            return f"{name} picks a card for initiative, face down."
        if view.phase == "discard":
            return f"{name} played a 3: he may discard."
        return f"{name}'s posse acts."

    def bot_square(self, seat: int, action: Action) -> Square | None:
        fighter = getattr(action, "fighter", None)
        if isinstance(fighter, int):
            return self.models(self.view())[fighter].square
        return None

    def ask(self, view: PlayerView) -> bool:
        """A window's answer, the initiative pick or the discard: a dialog (a Move and the actions: keys)."""
        legal = self.legal()
        if view.decision is not None:
            title = decision_class(view.decision).prompt(view)
            title = title[:1].upper() + title[1:]
            keys: list[tuple[str, str, Action | str]] = []
            if issubclass(decision_class(view.decision), ResponseWindow) and len(self.table.humans) > 1:
                keys.append(("t", "Auto-pass from now on", AUTO_PASS))
            keys.append(("q", "Quit", LEAVE))
            snapper, roll = self._snapper(), self._location_roll()
            options = [(self.label(a, view, snapper, roll), a) for a in self.pass_first(legal)]
            self._prompt(title, options, self._window_detail(view), keys)
            return True
        if legal and all(isinstance(a, PickCard) for a in legal):
            options = [(self.label(a, view), a) for a in legal]
            detail = "Face down: the cards are revealed together once everyone has picked (highest acts first)."
            self._prompt("Pick your card for initiative", options, detail, [("q", "Quit", LEAVE)])
            return True
        if legal and all(isinstance(a, Discard | Pass) for a in legal):
            options = [(self.label(a, view), a) for a in self.pass_first(legal)]
            self._prompt("Your 3: discard what you will", options, "", [("q", "Quit", LEAVE)])
            return True
        return False

    def _prompt(
        self,
        title: str,
        options: Sequence[tuple[str | Text, Action]],
        detail: str | Text,
        keys: Sequence[tuple[str, str, Action | str]],
    ) -> None:
        if not self.query_one("#side").region:  # not laid out yet: the dialog goes beside the side panel
            self.call_after_refresh(self.next_prompt)
            return
        self._prompting = True
        self.app.push_screen(self.options_dialog(title, options, detail=detail, forced=True, keys=keys), self._decided)

    def _snapper(self) -> int | None:
        """The viewer's model in the fight the window answers (the view's `answering`, announced at the
        table): the one shot at, who may snap-shoot; in fisticuffs whichever of the two is his."""
        view = self.view()
        about = ruthless_of(view).answering
        if about is None:
            return None
        if (
            view.decision is RuthlessKind.FISTICUFFS
            and about.firer is not None
            and self.models(view)[about.firer].owner == self.viewer
        ):
            return about.firer
        return about.target

    def _location_roll(self) -> int | None:
        """The aimed hit's location roll, before any shift (the view's `answering`: rolled in front of all)."""
        about = ruthless_of(self.view()).answering
        return about.roll if about is not None else None

    def _window_detail(self, view: PlayerView) -> Text:
        """What the window answers: the last action's events, as the viewer reads them (all public)."""
        text = Text()
        for event in self._last[-4:]:
            text.append_text(event_line(event, self.viewer))
            text.append("\n")
        if view.decision in (RuthlessKind.SNAP_SHOT, RuthlessKind.SNAP_BRAWL, RuthlessKind.FISTICUFFS):
            text.append(f"Your hand: {' '.join(card_title(c) for c in ruthless_of(view).hand)}", style="dim")
        return text

    def turn_began(self, view: PlayerView) -> None:
        """The cursor goes to the chosen model, once at the start of the viewer's activation."""
        key = (view.turn_number, view.active)
        if self.selected is not None and view.active == self.viewer and self._moved_in_turn != key:
            self._moved_in_turn = key
            self._follow()

    def _follow(self) -> None:
        if self.selected is None:
            return
        square = self.models(self.view())[self.selected].square
        if square is not None:
            self.map.move_cursor_to((square.x, square.y))

    # -- labels ---------------------------------------------------------------------------------------

    def label(
        self, action: Action, view: PlayerView, snapper: int | None = None, location_roll: int | None = None
    ) -> Text:
        odds = None
        if isinstance(action, Shoot):
            try:
                odds = self.game.forecast(action, self.chooser)
            except IllegalActionError:
                odds = None
        return Text(action_words(action, view, odds, snapper, location_roll))

    def square_of(self, action: object) -> Square | None:
        view = self.view()
        if isinstance(action, Shoot):
            return self.models(view)[action.target].square
        if isinstance(action, MoveTo | Snap):
            return action.to
        fighter = getattr(action, "fighter", None)
        if isinstance(fighter, int):
            return self.models(view)[fighter].square
        return None

    # -- keys -------------------------------------------------------------------------------------------

    def _applies_here(self, action: str) -> bool:
        if action == "range":
            return self.selected is not None
        return super()._applies_here(action)

    def action_next_model(self, step: int = 1) -> None:
        """Tab: the next of the viewer's models that may still act; the cursor follows."""
        able = self.able()
        if not self._mine() or not able:
            if self.viewer is not None and not self._prompting:
                self.notify("None of your models may act now.", severity="warning")
            return
        at = able.index(self.selected) if self.selected in able else -step
        self.selected = able[(at + step) % len(able)]
        self.sync()
        self._follow()

    def action_go(self) -> None:
        """Enter: move the chosen model to a marked square, or choose the model of the viewer under the cursor."""
        if not self._mine():
            return
        square = Square(*self.map.cursor)
        if square in self.reach:
            self.act(self.reach[square])
            return
        view = self.view()
        mine = [m.id for m in self.models(view) if m.square == square and m.id in self.able()]
        if mine:
            self.selected = mine[0]
            self.sync()
            return
        if self.selected is not None:
            self.notify("Not a square the chosen model can move to: the blue ones are.", severity="warning")

    def on_map_view_square_chosen(self, event: MapView.SquareChosen) -> None:
        """A double click: as Enter."""
        self.action_go()

    def action_cancel(self) -> None:
        if self.show_range:
            self.action_range()

    def action_range(self) -> None:
        if self.selected is None:
            self.notify("Choose one of your models first (Tab).", severity="warning")
            return
        self.show_range = not self.show_range
        self.map.set_layer("path", self._range_marks(self.view()))

    def _model_options(
        self, actions: Sequence[Action], view: PlayerView, of: int | None = None
    ) -> list[tuple[str | Text, Action | str]]:
        """Menu lines: each model's moves as one line (the square from the map), shots best chance first.

        `of`: the one model the menu is for (its title names him): his name is left off each line, so a
        line fits the side panel of an 80-column screen.
        """
        options: list[tuple[str | Text, Action | str]] = []
        moves = {a.fighter for a in actions if isinstance(a, MoveTo)}
        for fighter in sorted(moves):
            count = sum(1 for a in actions if isinstance(a, MoveTo) and a.fighter == fighter)
            line = f"{model_name(view, fighter)}: move (choose one of {count} squares on the map)"
            options.append((line, f"{MOVE}:{fighter}"))
        shots = [a for a in actions if isinstance(a, Shoot)]
        ranked = sorted(shots, key=lambda a: -self._chance(a))
        options += [(self.label(a, view), a) for a in ranked]
        options += [(self.label(a, view), a) for a in actions if not isinstance(a, MoveTo | Shoot)]
        if of is None:
            return options
        prefix = f"{model_name(view, of)}: "
        short: list[tuple[str | Text, Action | str]] = []
        for label, action in options:
            plain = label.plain if isinstance(label, Text) else label
            if plain.startswith(prefix):
                plain = plain[len(prefix) :]
                plain = plain[:1].upper() + plain[1:]
            short.append((plain, action))
        return short

    def _chance(self, shot: Shoot) -> float:
        try:
            return float(self.game.forecast(shot, self.chooser).chance)
        except IllegalActionError:
            return 0.0

    def action_actions(self) -> None:
        """a: the chosen model's actions, in one list."""
        if not self._mine():
            return
        if self.selected is None:
            self.notify("None of your models may act now.", severity="warning")
            return
        view = self.view()
        mine = [a for a in self.legal() if getattr(a, "fighter", None) == self.selected]
        name = model_name(view, self.selected)
        self._menu(f"{name}: which action?", self._model_options(mine, view, self.selected))

    def action_shoot(self) -> None:
        """s: the chosen model's shots, best chance first, each with its exact odds."""
        if not self._mine():
            return
        if self.selected is None:
            self.notify("None of your models may act now.", severity="warning")
            return
        view = self.view()
        shots = [a for a in self._legal(Shoot) if isinstance(a, Shoot) and a.fighter == self.selected]
        name = model_name(view, self.selected)
        if not shots:
            self.notify(f"{name} has nobody in sight and reach, no loaded weapon, or no shot left.", severity="warning")
            return
        self.show_range = True
        self.map.set_layer("path", self._range_marks(view))
        detail = "Best chance first: the die needs 6 at short range, 8 at long, after the modifiers."
        self._menu(f"{name}: shoot whom?", self._model_options(list(shots), view, self.selected), detail=detail)

    def action_everything(self) -> None:
        """x: everything the viewer may do now, every model's actions and the end of the activation."""
        if not self._mine():
            return
        view = self.view()
        self._menu("Everything you may do now", self._model_options(self.legal(), view))

    def _menu(self, title: str, options: list[tuple[str | Text, Action | str]], detail: str = "") -> None:
        marks = {}
        for _, action in options:
            square = self.square_of(action)
            if square is not None:
                marks[(square.x, square.y)] = Mark(None, Style(bgcolor="#870000", bold=True))
        self.map.set_layer("target", marks)
        beside = self.query_one("#side").region if marks else None
        dialog = ChoiceDialog(
            title, options, detail=detail, on_highlight=self.show_option, beside=beside, help_text=self.front_end_help()
        )
        self.app.push_screen(dialog, self._chosen)

    def _chosen(self, choice: Action | str | None) -> None:
        if isinstance(choice, str) and choice.startswith(f"{MOVE}:"):
            self.map.set_layer("target", {})
            self.selected = int(choice.split(":")[1])
            self.sync()
            self._follow()
            self.notify("Move the cursor to a blue square and press Enter.")
            return
        self._decided(choice)

    def action_end_turn(self) -> None:
        """e: end the activation; with actions left, asked first."""
        if not self._mine():
            return
        if not self._legal(EndTurn):
            self.notify(self._reason(EndTurn()), severity="warning", markup=False)
            return
        left = len(self.able())
        if left:
            self._prompting = True
            question = f"End your activation? {left} of your models may still act."
            self.app.push_screen(ConfirmDialog(question), self._end_confirmed)
            return
        self.act(EndTurn())

    def _end_confirmed(self, yes: bool | None) -> None:
        self._prompting = False
        if yes:
            self.act(EndTurn())
        else:
            self.next_prompt()


RuthlessScreen.FOOTER_WIDTH = footer_widths(RuthlessScreen.BINDINGS)
