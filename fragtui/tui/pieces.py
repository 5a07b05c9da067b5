"""What the game and the replay draw alike: the pieces on the map and the lines of the log.

Both screens turn a `PlayerView` into map layers and events into log lines the same way, so a
replay looks exactly like the game it replays.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from fragtui.content.maps import cell_symbol
from fragtui.engine.actions import Pass
from fragtui.engine.board import Cell, Terrain
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.game import Game
from fragtui.engine.view import CounterKind, PlayerView
from fragtui.saves.format import SeatLook
from fragtui.table import nothing_to_play, passed_for
from fragtui.tui.glyphs import Role, counter_style, role_style
from fragtui.tui.map_view import Mark
from fragtui.tui.seats import no_color, piece_style, seat_style

__all__ = [
    "COUNTER_GLYPHS",
    "FLAG_GLYPH",
    "HILL_GLYPH",
    "counter_marks",
    "event_line",
    "fighter_marks",
    "history",
    "objective_marks",
]

COUNTER_GLYPHS = {CounterKind.BLOOD: "x", CounterKind.WEAPONS: "=", CounterKind.LINK: "!"}
"""Counters on the map: none of these is a map symbol or a fighter glyph."""

_EVENT_STYLES: dict[str, str] = {
    "Fragged": "bold red",
    "FragScored": "bold red",
    CommonEventKind.WON: "bold yellow",
    CommonEventKind.HIT: "yellow",
    CommonEventKind.DAMAGED: "red",
    CommonEventKind.TURN_BEGAN: "bold",
    CommonEventKind.PART_BEGAN: "bold",
    "PowerUpChecked": "cyan",
    CommonEventKind.CARD_DRAWN: "cyan",
    "AttackHeld": "bold yellow",
    "Shootout": "bold yellow",
    "Grabbed": "bold red",
    "Hanged": "bold red",
    "PokerHand": "bold",
    "Malfunction": "bold red",
    "It": "bold yellow",
    "FlagTaken": "bold yellow",
    "FlagDropped": "bold yellow",
    "HillMoved": "bold yellow",
    "PointScored": "bold",
}
"""How the log draws an event, by its kind's value: the common kinds by name, a system's by the value its JSON
writes (this shared module names no system's kinds; `tests/tui/test_game_log.py` checks each is a registered kind)."""


HELD = Style(underline=True)
"""A fighter holding an attack for a shootout (D-SHOOT-01): his glyph underlined, in every colour system."""
HANGED = Style(bgcolor="#5f0000")
"""A fighter hanged on the gallows (D-GAL-01): a dark red square (ANSI red in 16 colours)."""
HANGED_PLAIN = Style(reverse=True)
"""Hanged, under NO_COLOR: the square reversed, since a background would turn grey."""
OBJECTIVE = Style(reverse=True)
"""What a Frag Tag mode is played for (J-TAG-01..04), on the map at a glance: "it"'s fighter, the flag's
holder, the flag lying on the board and the hill's square are drawn reversed. Only one of them is in any
mode, so one mark says "look here"; reversal shows in every colour system and under NO_COLOR, and keeps a
fighter's colour (his glyph on a block of it) where a background would drown one seat's colour."""
FLAG_GLYPH = cell_symbol(Cell(terrain=Terrain.FLAG))
"""The flag lying on the board (keep-away): the flag square's own letter `F`, reversed (`OBJECTIVE`)."""
HILL_GLYPH = cell_symbol(Cell(terrain=Terrain.HILL))
"""King of the hill's hill: the hill square's own letter `K`, reversed, wherever it is (on a map with no
hill square it starts on the flag's, whose `F` would say "flag"; once moved, on a plain square)."""


def fighter_marks(view: PlayerView, looks: list[SeatLook]) -> dict[tuple[int, int], Mark]:
    """Each fighter on the board by his seat's glyph and colour (in 16 colours a block of it, drawn in his
    colour over a highlight: `seats.piece_style`, `Mark.on_highlight`); a held attack underlines him, the gallows
    puts him on a dark red square (markers, Frag Deadlands); "it" and the flag's holder are reversed
    (`OBJECTIVE`, Frag Tag)."""
    marks = {}
    objective = view.objective
    for seat, f in enumerate(view.fighters):
        if f.square is None:
            continue
        colour = looks[seat].colour
        # His seat's colour; in 16 colours a block of it (`piece_style`), except on a dark red gallows square.
        style = seat_style(colour) if f.markers.hanged else piece_style(colour)
        marks_of = Style()
        if objective is not None and seat in (objective.it, objective.holder):  # (on the hill: its square is)
            marks_of += OBJECTIVE
        if f.markers.held_attack:
            marks_of += HELD
        if f.markers.hanged:
            marks_of += HANGED_PLAIN if no_color() else HANGED
        over = seat_style(colour) + marks_of if style != seat_style(colour) else None  # over a highlight
        marks[(f.square.x, f.square.y)] = Mark(looks[seat].glyph, style + marks_of, over)
    return marks


def counter_marks(view: PlayerView) -> dict[tuple[int, int], Mark]:
    """Blood, weapon piles and dropped cards on the board."""
    return {(c.square.x, c.square.y): Mark(COUNTER_GLYPHS[c.kind], counter_style()) for c in view.counters}


def objective_marks(view: PlayerView) -> dict[tuple[int, int], Mark]:
    """A Frag Tag mode's squares (J-TAG-03, J-TAG-04): the flag where it lies and the hill, each by its letter
    reversed (whoever stands on the hill shown on it)."""
    objective = view.objective
    marks: dict[tuple[int, int], Mark] = {}
    if objective is None:
        return marks
    if objective.hill is not None:
        marks[objective.hill.cell] = Mark(HILL_GLYPH, role_style(Role.OBJECTIVE, plain=no_color()) + OBJECTIVE)
    if objective.flag is not None:
        marks[objective.flag.cell] = Mark(FLAG_GLYPH, role_style(Role.OBJECTIVE, plain=no_color()) + OBJECTIVE)
    return marks


def event_line(event: Event, viewer: int | None, *, reveal: bool = False) -> Text:
    """An event as `viewer` reads it in the log (`reveal`: every secret shown, for a replay of everything)."""
    text = (event.private_text or event.text) if reveal else event.text_for(viewer)
    if event.kind is CommonEventKind.TURN_BEGAN or event.kind is CommonEventKind.PART_BEGAN:
        text = f"── {text} ──"
    return Text(text, style=_EVENT_STYLES.get(event.kind, ""))


def history(game: Game) -> list[Event]:
    """Everything that happened in `game` so far, the set-up first: its log's actions told again.

    A game resumed from a save holds its actions but not their events. Applying the actions again
    from the initial state, as the save's replay does, tells each one exactly as it was told the
    first time (the dice are part of the state), so the log of a resumed game reads as if it had
    never stopped, the table's own line for a pass it made for a player with nothing to play included.
    """
    events = list(game.opening)
    if game.log:
        again = Game.from_state(game.initial, board=game.board, cards=game.cards)
        for entry in game.log:
            if isinstance(entry.action, Pass) and nothing_to_play(again):  # the table passed for him (table.py)
                events.append(passed_for(again, entry.seat))
            events += again.apply(entry.action, entry.seat)
    return events
