"""Real-Time Frag on Frag's game screen (the `real-time` option, J-RT-01..10): what the table sees of the turn.

The engine gives every seat the turn as it is public (`RealTimeView` in `PlayerView.table`): the segment and its
step, the initiative order, each fighter's facing, his movement points in every segment and those left now, a move
under way. This module turns it into what the screen draws:

- the turn line (`segment_line`): the segment of ten, a bar of the segments gone, and the step (Movement,
  Power-ups, Combat), the step under way marked;
- the clock panel (`clock_panel`), above the record sheet: the initiative order (each roll), each fighter's points
  segment by segment with the current one marked, the points left now, his facing and his attacks left; a move
  under way (J-RT-07) in words under it;
- the map (`RealTimeMap`, `between_marks`): an arrow in the seat's colour on the open side of the fighter he faces
  (▴ ▸ ▾ ◂; facing a wall, the wall is drawn in his colour), and a fighter part-way to the next square (J-RT-07)
  as the fraction paid (½, ¼, ...) on the side he is heading out of;
- the Movement step's orders in a player's words with what each costs and where it leaves him (`order_label`).

Nothing here decides anything: the engine is the only judge of what may be ordered (`legal_actions`).
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip

from fragtui.engine.board import Board, Direction, Square
from fragtui.engine.decisions import decision_class
from fragtui.engine.frag.state import Status
from fragtui.engine.frag.turn_policy import turn_policy_of
from fragtui.engine.game import Game
from fragtui.engine.realtime.decisions import MovementOrders, RealTimeDecisionKind
from fragtui.engine.realtime.facing import turn_cost, way_of
from fragtui.engine.realtime.movement import Face, Footing, Hop, Jump, Motion, Order, Step
from fragtui.engine.realtime.speed_table import SEGMENTS
from fragtui.engine.realtime.turn import RealTimeTurn, RealTimeView
from fragtui.engine.view import PlayerView
from fragtui.errors import IllegalActionError
from fragtui.saves.format import SeatLook
from fragtui.tui.describe import choosing_words, seat_text
from fragtui.tui.frag.describe import goal_words
from fragtui.tui.map_view import MapView, Mark
from fragtui.tui.seats import seat_style

__all__ = [
    "ARROWS",
    "STEPS",
    "RealTimeMap",
    "between_marks",
    "clock_of",
    "clock_panel",
    "facing_words",
    "fraction_glyph",
    "mine",
    "order_effect",
    "order_label",
    "order_square",
    "pass_words",
    "segment_line",
]

ARROWS: dict[Direction, str] = {Direction.N: "▴", Direction.E: "▸", Direction.S: "▾", Direction.W: "◂"}
"""The facing on the map, beside the fighter on the side he looks to (none of these is a map glyph: one-way
doors are ^ v < >)."""
FACING: dict[Direction, str] = {Direction.N: "north", Direction.E: "east", Direction.S: "south", Direction.W: "west"}
"""A facing in words (north is the map's up)."""
STEPS: tuple[tuple[str, str], ...] = (("movement", "Movement"), ("power-ups", "Power-ups"), ("combat", "Combat"))
"""A segment's three steps in order (J-RT-04): the stage's value and its title."""
_PRE_TURN = {
    "begin": "pre-turn: the turn begins",
    "respawn": "pre-turn: respawns",
    "initiative": "pre-turn: initiative",
    "speed": "pre-turn: Speed rolls",
    "end": "the turn's end: hands down to their limit",
}
"""The stages outside a segment, in words."""
_FRACTIONS = {
    "1/2": "½",
    "1/3": "⅓",
    "2/3": "⅔",
    "1/4": "¼",
    "3/4": "¾",
    "1/5": "⅕",
    "2/5": "⅖",
    "3/5": "⅗",
    "4/5": "⅘",
    "1/6": "⅙",
    "5/6": "⅚",
    "1/8": "⅛",
    "3/8": "⅜",
    "5/8": "⅝",
    "7/8": "⅞",
}
"""How far a move under way has gone, in one cell of the map (`fraction_glyph`)."""
NOW = Style(reverse=True, bold=True)
"""The current segment's points and the current step: reversed, in every colour system."""
GONE = Style(dim=True)
"""Segments already played."""


def clock_of(view: PlayerView) -> RealTimeView | None:
    """The Real-Time turn as the view shows it, or None when the game is not Real-Time Frag (or not begun)."""
    table = view.table
    return table if isinstance(table, RealTimeView) else None


def facing_words(direction: Direction | None) -> str:
    """`faces east` (or nothing before he has a facing)."""
    return "" if direction is None else f"faces {FACING[direction]}"


def fraction_glyph(part_way: str) -> str:
    """A fraction (`1/2`) as one cell of the map: `½`; one with no glyph of its own is `…`."""
    return _FRACTIONS.get(part_way, "…")


# -- the turn line ---------------------------------------------------------------------------------------


def segment_words(clock: RealTimeView, *, compact: bool = False, bar: bool = True) -> Text:
    """`Segment 3/10 ▰▰▰▱▱▱▱▱▱▱ · Movement › Power-ups › Combat`, the step under way reversed (`compact`: the
    step alone, `Segment 3/10 ▰▰▰▱▱▱▱▱▱▱ · Movement`; without the `bar` of segments gone); in the pre-turn and at
    the turn's end, where the turn is."""
    if clock.segment == 0 or clock.stage in _PRE_TURN:
        return Text(_PRE_TURN.get(clock.stage, clock.stage))
    line = Text(f"Segment {clock.segment}/{SEGMENTS}", style="bold")
    if bar:
        line.append(" ")
        line.append("▰" * (clock.segment - 1), style=GONE)
        line.append("▰", style="bold")
        line.append("▱" * (SEGMENTS - clock.segment), style=GONE)
    line.append(" · ")
    if compact:
        title = next((title for stage, title in STEPS if stage == clock.stage), clock.stage)
        line.append(title, style=NOW)
        return line
    for index, (stage, title) in enumerate(STEPS):
        if index:
            line.append(" › ", style=GONE)
        line.append(title, style=NOW if stage == clock.stage else "")
    return line


def segment_line(
    view: PlayerView, clock: RealTimeView, looks: list[SeatLook], *, compact: bool = False, width: int | None = None
) -> Text:
    """The top line of the game screen in Real-Time Frag: the turn, the segment clock, who is choosing (never
    what) or waited for, and what wins (as Frag's turn line says them, `describe.turn_line`). `compact` (a
    narrow screen): the segment and its step alone, and how far the choice is without what is chosen. `width`:
    the cells the line has; parts are dropped until it fits one row (issue 33: at 120 columns it wrapped, and a
    question beside the map hid its second row): first what is chosen (the step says it), then the bar of
    segments, then the steps not under way (where `compact`, these three are out from the start), then the names
    still choosing."""
    if width is None:
        return _segment_line(view, clock, compact=compact, bar=not compact, what=not compact)
    tries = [
        {"compact": False, "bar": True, "what": True},
        {"compact": False, "bar": True, "what": False},
        {"compact": False, "bar": False, "what": False},
        {"compact": True, "bar": False, "what": False},
    ]
    for parts in tries[-1:] if compact else tries:
        line = _segment_line(view, clock, **parts)
        if line.cell_len <= width:
            return line
    return _segment_line(view, clock, compact=True, bar=False, what=False, names=False)


def _segment_line(
    view: PlayerView, clock: RealTimeView, *, compact: bool, bar: bool, what: bool, names: bool = True
) -> Text:
    """`segment_line` with its parts chosen: the steps (`compact`: the one under way), the `bar` of segments, `what`
    is being chosen and the `names` of those still choosing."""
    line = Text(f"Turn {view.turn_number} · ")
    line.append_text(segment_words(clock, compact=compact, bar=bar))
    if view.choosing is not None:
        said = choosing_words(view, beside="" if what else view.choosing.what)
        if not names:
            said = said.split(", waiting for ")[0]
        line.append(f" · {said}")
    elif view.decision is not None and view.decider is not None:
        decider = view.fighters[view.decider].name
        line.append(f" · waiting for {decider}: {decision_class(view.decision).label}")
    line.append(f" · {goal_words(view)}")
    return line


# -- the clock panel -------------------------------------------------------------------------------------


def _spread(clock: RealTimeView, spread: tuple[int, ...]) -> Text:
    """His points in each segment, `1 1 2 1 ...`, the gone ones dim and the current one reversed."""
    text = Text()
    for index, points in enumerate(spread):
        segment = index + 1
        if index:
            text.append(" ")
        cell = f"{points}" if points < 10 else "+"
        style = NOW if segment == clock.segment else GONE if segment < clock.segment else ""
        text.append(cell, style=style)
    return text


def clock_panel(view: PlayerView, clock: RealTimeView, looks: list[SeatLook], *, standing: str | None = None) -> Text:
    """The Real-Time turn for everyone to see: a line per fighter in initiative order (his place and roll, his
    points segment by segment, those left now, his facing and his attacks left in the turn, `*` once he has
    fired in this segment), then any move under way (J-RT-07); last, `standing`: the viewer's own standing order
    (his alone: shown only to him)."""
    text = Text()
    title = Text("Real-Time · ", style="bold")
    title.append_text(segment_words(clock, compact=True))
    text.append_text(title)
    text.append("\n")
    text.append(f"{'order':<5} {'fighter':<9} {'points by segment':<19} now face atk\n", style="dim")
    order = clock.order or tuple(range(len(clock.fighters)))
    moving: list[Text] = []
    for place, seat in enumerate(order, start=1):
        fighter = view.fighters[seat]
        part = clock.fighters[seat]
        roll = "" if part.initiative is None else f"({part.initiative})"
        text.append(f"{place if clock.order else '-':>1} {roll:<3} ")
        text.append_text(seat_text(f"{fighter.name:<7.7}", looks[seat]))
        text.append(" ")
        if fighter.status is not Status.IN_PLAY or fighter.square is None:
            text.append("off the board\n", style="dim")
            continue
        if part.skipping:
            text.append("sits this turn out\n", style="dim")
            continue
        text.append_text(_spread(clock, part.spread))
        text.append(f" {part.points:>3}  ")
        if part.facing is not None:
            text.append(ARROWS[part.facing], style=seat_style(looks[seat].colour))
            text.append(FACING[part.facing][0].upper())
        else:
            text.append("  ")
        text.append(f"  {part.attacks_left}" + ("*" if part.attacked else ""))
        text.append("\n")
        if part.moving is not None:
            line = seat_text(fighter.name, looks[seat])
            share = f" {fraction_glyph(part.part_way or '')} of the way: {part.moving}\n"
            line.append(share, style="italic")
            moving.append(line)
    for line in moving:
        text.append_text(line)
    if standing is not None:
        text.append(f"Your standing order: {standing} (o in a question changes it)\n", style="bold")
    return text


# -- the map ---------------------------------------------------------------------------------------------


def _side(square: Square, direction: Direction) -> tuple[int, int]:
    """The picture cell (column, row) between `square` and its neighbour toward `direction`."""
    return 2 * square.x + 1 + direction.dx, 2 * square.y + 1 + direction.dy


def between_marks(view: PlayerView, clock: RealTimeView, looks: list[SeatLook]) -> dict[tuple[int, int], Mark]:
    """The marks between squares: each fighter's facing (an arrow on that side, or, facing a wall, the wall in his
    colour, `Mark.glyph` None), and a move under way as the fraction paid on the side it heads out of (J-RT-07).
    Keyed by picture cell (column, row) of `RealTimeMap`."""
    marks: dict[tuple[int, int], Mark] = {}
    for seat, fighter in enumerate(view.fighters):
        part = clock.fighters[seat] if seat < len(clock.fighters) else None
        if part is None or fighter.square is None or fighter.status is not Status.IN_PLAY:
            continue
        colour = Style(bold=True) + seat_style(looks[seat].colour)
        if part.facing is not None:
            marks[_side(fighter.square, part.facing)] = Mark(ARROWS[part.facing], colour)
        if part.part_way is not None and part.toward is not None:
            heading = _heading(fighter.square, part.toward)
            if heading is not None:
                marks[_side(fighter.square, heading)] = Mark(fraction_glyph(part.part_way), colour + Style(italic=True))
    return marks


def _heading(here: Square, there: Square) -> Direction | None:
    """The direction of a straight move from `here` to `there` (a step or a jump is in a straight line)."""
    dx, dy = there.x - here.x, there.y - here.y
    if dy == 0 and dx:
        return Direction.E if dx > 0 else Direction.W
    if dx == 0 and dy:
        return Direction.S if dy > 0 else Direction.N
    return None


class RealTimeMap(MapView):
    """Frag's map, with marks between the squares as well as on them (`between_marks`: facings, moves part-way).

    A square's neighbour cells in the picture hold the walls and doors; a mark there draws its glyph over an open
    side, and over a wall, door or window only its colour, so the wall is never hidden. Drawn like the layers:
    only the rows whose marks changed are rebuilt, only the cells that changed repainted."""

    def __init__(self, board: Board, *, name: str | None = None, id: str | None = None) -> None:
        self._between: dict[tuple[int, int], Mark] = {}
        super().__init__(board, name=name, id=id)

    def set_between(self, marks: Mapping[tuple[int, int], Mark]) -> None:
        """Replace the marks between squares, redrawing only the cells whose marks changed."""
        old, new = self._between, dict(marks)
        changed = {cell for cell in old.keys() | new.keys() if old.get(cell) != new.get(cell)}
        self._between = new
        scroll_x, scroll_y = self.scroll_offset
        for column, row in changed:
            self._rows.pop(row, None)
            self.refresh(Region(column - scroll_x, row - scroll_y, 1, 1))

    def between(self) -> Mapping[tuple[int, int], Mark]:
        """The marks between squares (read-only view)."""
        return self._between

    def _row(self, row: int) -> tuple[list[Segment], Strip]:
        cached = self._rows.get(row)
        if cached is not None:
            return cached
        segments, strip = super()._row(row)
        here = [(column, mark) for (column, mark_row), mark in self._between.items() if mark_row == row]
        if not here:
            return segments, strip
        segments = list(segments)
        for column, mark in here:
            if not 0 <= column < len(segments):
                continue
            base = segments[column]
            open_side = base.text == " "
            glyph = mark.glyph if open_side and mark.glyph is not None else base.text
            segments[column] = Segment(glyph, (base.style or Style()) + mark.style)
        cached = self._rows[row] = (segments, Strip(segments).simplify())
        return cached


# -- the Movement step's orders --------------------------------------------------------------------------


def _points(n: int) -> str:
    return f"{n} point{'s' * (n != 1)}"


def order_square(order: Order, after: Footing) -> Square:
    """The square an order is about, to show on the map: where it leaves him, or where a move under way goes."""
    if after.progress is not None:
        return after.progress.to
    return after.square


def order_label(order: Order, before: Footing, after: Footing) -> str:
    """An order of the Movement step in a player's words, with its cost and where it leaves him: `Step forward 2
    squares to 3,4 (2 points, 1 left)`, `Step right toward 4,5: half way this segment (1 point)`."""
    spent = before.points - after.points
    cost = f"{_points(spent)}, {after.points} left"
    if isinstance(order, Face):
        way = way_of(before.facing, order.facing)
        turn = "around" if turn_cost(before.facing, order.facing) == 2 else way.value
        return f"Turn {turn} to face {FACING[order.facing]} ({cost})"
    progress = after.progress
    if isinstance(order, Step):
        squares = f" {order.squares} squares" if order.squares > 1 else ""
        if progress is not None and progress.motion is Motion.STEP:
            whole = f" to {after.square}," if after.square != before.square else ""
            share = fraction_glyph(f"{progress.done.numerator}/{progress.done.denominator}")
            return (
                f"Step {order.way}{squares}:{whole} {share} of the way to {progress.to} this segment"
                f" ({_points(spent)}, the rest next segment)"
            )
        return f"Step {order.way}{squares} to {after.square} ({cost})"
    if isinstance(order, Jump):
        if progress is not None:
            return (
                f"Jump {order.way} {order.squares} squares to {progress.to}: {progress.paid} of {progress.cost} points"
                f" now, in the air until the next segments pay the rest"
            )
        return f"Jump {order.way} {order.squares} squares to {after.square} ({cost})"
    if isinstance(order, Hop):
        return f"Teleporter to {order.to} ({cost})"
    return str(order)


def order_effect(game: Game, seat: int | None, order: Order) -> tuple[Footing, Footing] | None:
    """`seat`'s footing in the Movement step being ordered and where `order` would leave him (his own orders so
    far count: they are his, never shown to anyone else), or None outside his Movement step."""
    pending = game.state.pending
    top = pending[-1] if pending else None
    if seat is None or not isinstance(top, MovementOrders) or seat not in top.footings:
        return None
    before = top.footings[seat]
    policy = turn_policy_of(game.rules)
    if not isinstance(policy, RealTimeTurn):
        return None
    try:
        return before, policy.follow(seat, before, order)
    except IllegalActionError:
        return None


_PASS_WORDS: dict[str, str] = {
    RealTimeDecisionKind.ORDERS: "Hold: no more moves this segment (points not spent are lost)",
    RealTimeDecisionKind.ATTACKS: "Hold fire this segment",
    RealTimeDecisionKind.ANSWER: "Let the attack come (keep your attack)",
    RealTimeDecisionKind.PICK_UP: "Leave it where it lies",
}
"""What passing means in each of Real-Time Frag's questions."""


def pass_words(decision: str | None) -> str | None:
    """Pass in the words of the Real-Time question `decision` (its kind), or None for any other."""
    return None if decision is None else _PASS_WORDS.get(decision)


def mine(game: Game, clock: RealTimeView, seat: int) -> Text:
    """What the chooser of a Movement or Combat step needs in view beside his options (the clock panel lies under
    the dialog): his points left now (after his own orders so far, secret to him), his points by segment with this
    one marked, his facing and his attacks left in the turn."""
    part = clock.fighters[seat]
    pending = game.state.pending
    top = pending[-1] if pending else None
    footing = top.footings.get(seat) if isinstance(top, MovementOrders) else None
    points = footing.points if footing is not None else part.points
    facing = footing.facing if footing is not None else part.facing
    line = Text(f"You: {_points(points)} left in segment {clock.segment} · by segment ", style="bold")
    line.append_text(_spread(clock, part.spread))
    if facing is not None:
        line.append(f" · you face {FACING[facing]} {ARROWS[facing]}")
    attacks = part.attacks_left
    fired = " (fired this segment)" if part.attacked else ""
    line.append(f" · {attacks} attack{'s' * (attacks != 1)} left this turn{fired}")
    line.append("\n")
    return line
