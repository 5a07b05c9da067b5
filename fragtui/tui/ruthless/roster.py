"""The posse roster beside the map: every model's card as the table sees it (the issue's "The interface").

Each posse, the viewer's first, under its player's name in his colour, with its initiative card once shown,
whether it is acting and whether it skedaddled. Each model's card: his letter as on the map (marks.py), his
name, Toughness, actions taken this turn; his weapons with the rounds left; his wound boxes per location
(`☒` crossed, `☐` open, R-HIT-01/02) and his horse's; his markers (mounted, aiming, covering, Lily Livered,
unconscious). A dead model is one line. The selected model's name is reversed and pointed at (`▶`), so the
highlight shows under `NO_COLOR` too.

Below `WIDE_FROM` columns (the side panel of an 80-column terminal has about 33) the card is compact: short
weapon names and two-letter locations (`lg ar gz gt ch sv`, the hit table's order, their key under the
posses: `location_key`), a model in three or four lines; wider, the words in full. Lines never pass the
width given: a panel wraps nothing of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.events import Resize
from textual.widgets import Static

from fragtui.engine.ruthless.deck import card_title
from fragtui.engine.ruthless.home_edges import SIDE_WORDS
from fragtui.engine.ruthless.pieces import LOCATIONS, WEAPONS, Location
from fragtui.engine.ruthless.sequence import ACTIONS_PER_TURN, Phases
from fragtui.engine.ruthless.table import Condition, Model
from fragtui.engine.view import PlayerView
from fragtui.saves.format import SeatLook
from fragtui.tui.ruthless.marks import glyph_of, glyphs, model_style, seat_looks
from fragtui.tui.ruthless.words import carrier, horse_boxes, marker_words, wound_boxes
from fragtui.tui.seats import seat_style

__all__ = ["SHORT_LOCATIONS", "WIDE_FROM", "RosterPanel", "location_key", "posse_order", "roster_text"]

WIDE_FROM = 44
"""From this many columns the cards say everything in full words; below, the compact card."""
SHORT_LOCATIONS: dict[Location, str] = {
    Location.LEG: "lg",
    Location.ARM: "ar",
    Location.GRAZE: "gz",
    Location.GUT: "gt",
    Location.CHEST: "ch",
    Location.SEVERE: "sv",
}
"""The compact card's location labels, two letters each (graze and gut apart)."""
SELECTED = Style(reverse=True, bold=True)
"""The selected model's name: reversed, seen in every colour system."""
MARKER = Style(color="yellow", bold=True)
"""Markers, as Frag's record sheet draws its own (▲ lines)."""
FALLBACK_WIDTH = 33
"""The width drawn for before the panel knows its own (the side panel of an 80-column terminal)."""


def posse_order(view: PlayerView, seat: int | None) -> list[int]:
    """The seats whose posses are shown, the viewer's first, then the rest in seat order."""
    seats = list(range(len(view.fighters)))
    if seat is not None and seat in seats:
        seats.remove(seat)
        seats.insert(0, seat)
    return seats


def roster_text(
    view: PlayerView,
    seat: int | None,
    selected: int | None = None,
    width: int = FALLBACK_WIDTH,
    looks: Sequence[SeatLook] | None = None,
) -> Text:
    """Every posse's cards, `seat`'s first, `selected` (a model id) highlighted, in lines of at most `width`
    columns (compact below `WIDE_FROM`). `looks`: the seats' colours (their defaults when not given)."""
    table = view.ruthless
    if table is None:
        return Text("Not a game of Ruthless.")
    width = max(width, 20)
    wide = width >= WIDE_FROM
    colours = seat_looks(view, looks)
    letters = glyphs(table.models)
    lines: list[Text] = []
    for number, owner in enumerate(posse_order(view, seat)):
        if number:
            lines.append(Text())
        lines.extend(_posse_header(view, owner, colours[owner], width))
        for model in table.models:
            if model.owner == owner:
                lines.extend(_card(view, model, letters, colours[owner], selected == model.id, width, wide))
    if not wide:  # the compact cards' two-letter locations, said once under the posses
        lines.append(Text())
        lines.extend(location_key(width))
    return Text("\n").join(lines)


def location_key(width: int) -> list[Text]:
    """The key to the compact card's wound boxes: `Wounds: lg leg · ar arm · gz graze …`, in the hit table's
    order (R-HIT-01), laid in lines of at most `width` columns."""
    chunks = [Text(f"{short} {location.value}", style="dim") for location, short in SHORT_LOCATIONS.items()]
    chunks[0] = Text.assemble(("Wounds: ", "bold dim"), chunks[0])
    return _flow(chunks, width, indent=2, sep=" · ")


def _posse_header(view: PlayerView, owner: int, look: SeatLook, width: int) -> list[Text]:
    """`Ann's posse · K♠ · acting`: his name in his colour, his card once shown, what his posse is doing; for the
    strongbox, the home edge its carrier carries it off across (`home: west edge`)."""
    table = view.ruthless
    assert table is not None
    name = view.fighters[owner].name
    head = Text(f"{name}'s posse", style=seat_style(look.colour) + Style(underline=True))
    words: list[tuple[str, Style | str]] = []
    card = table.picks[owner] if owner < len(table.picks) else None
    if card is not None:
        words.append((card_title(card), "bold"))
    elif owner < len(table.picked) and table.picked[owner]:
        words.append(("picked", ""))
    if owner in table.skedaddled:
        posse = [m for m in table.models if m.owner == owner]
        gone = all(m.condition is Condition.DEAD for m in posse)
        words.append(("wiped out" if gone else "skedaddled", "bold red"))
    elif view.phase == Phases.ACTIVATION and view.active == owner:  # (not the decider: answers come out of turn)
        words.append(("acting", "bold reverse"))
    if owner < len(table.bonus) and table.bonus[owner]:
        words.append(("7: a third action", MARKER))
    if owner < len(table.hand_sizes):
        words.append((f"hand {table.hand_sizes[owner]}", "dim"))
    if owner < len(table.home_edges) and owner not in table.skedaddled:  # the strongbox (ruling R-SKED-01)
        words.append((f"home: {SIDE_WORDS[table.home_edges[owner]]} edge", "dim"))
    return _flow([head] + [Text(w, style=s) for w, s in words], width, indent=2, sep=" · ")


def _card(
    view: PlayerView, model: Model, letters: dict[int, str], look: SeatLook, selected: bool, width: int, wide: bool
) -> list[Text]:
    """One model's card: the name line, then weapons, wound boxes and markers, each group wrapped."""
    pointer = Text("▶ " if selected else "  ", style="bold")
    name_style = SELECTED if selected else Style(bold=True)
    glyph = (glyph_of(model, letters), model_style(model, look))
    title = Text.assemble(pointer, glyph, " ", (model.card.name, name_style))
    if model.condition is Condition.DEAD:
        title.append(" † dead", style="bold red")
        return _flow([title], width, indent=4)
    if model.condition is Condition.FLED:
        title.append(" fled", style="bold red")
        return _flow([title], width, indent=4)
    chunks: list[Text] = [title, Text(f"{'Toughness ' if wide else 'T'}{model.card.toughness}")]
    if wide and model.card.trait:
        chunks.append(Text(model.card.trait, style="italic"))
    if model.actions:
        allowed = ACTIONS_PER_TURN + (1 if model.actions > ACTIONS_PER_TURN else 0)
        chunks.append(Text(f"acted {model.actions}/{allowed}", style="dim"))
    lines = _flow(chunks, width, indent=4)
    indent = 4 if wide else 2
    weapons = [Text(_weapon(model, index, wide)) for index in range(len(model.card.weapons))]
    lines += _flow(weapons, width, indent=indent, sep=" · ", first=indent)
    boxes: list[Text] = []
    for location in LOCATIONS:
        label = location.value if wide else SHORT_LOCATIONS[location]
        boxes.append(Text.assemble(label, " " if wide else "", _boxes(wound_boxes(model, location))))
    status: list[Text] = []
    if model.card.horse:
        horse = Text("horse ")
        horse.append_text(Text("dead", style="bold red") if model.horse_dead else _boxes(horse_boxes(model)))
        (boxes if wide else status).append(horse)
    if model.condition is Condition.UNCONSCIOUS:
        status.insert(0, Text("unconscious", style="bold red"))
    status += [Text(word, style=MARKER) for word in marker_words(model, carrier(view))]
    lines += _flow(boxes, width, indent=indent, first=indent)
    if status:
        lines += _flow(status, width, indent=indent, sep=" · ", first=indent)
    return lines


def _weapon(model: Model, index: int, wide: bool) -> str:
    """`Repeating Rifle 9/10` in full, `Rifle 9/10` compact; a bow's rounds are not counted."""
    kind = model.card.weapons[index]
    spec = WEAPONS[kind]
    title = spec.title if wide else kind.value.title()
    left = model.ammo[index] if index < len(model.ammo) else spec.rounds
    return title if spec.rounds is None or left is None else f"{title} {left}/{spec.rounds}"


def _boxes(boxes: str) -> Text:
    """Wound boxes, the crossed ones in red (the glyph tells them apart without colour)."""
    crossed = boxes.count("☒")
    return Text.assemble((boxes[:crossed], "bold red"), boxes[crossed:])


def _flow(chunks: list[Text], width: int, *, indent: int, sep: str = " ", first: int = 0) -> list[Text]:
    """The chunks laid in lines of at most `width` columns, `sep` between them, the first line indented by
    `first` and the next by `indent`; a chunk longer than a line is cut (never on a small panel's cards)."""
    lines: list[Text] = []
    line = Text(" " * first)
    empty = True
    for chunk in chunks:
        if not empty and line.cell_len + len(sep) + chunk.cell_len > width:
            lines.append(line)
            line, empty = Text(" " * indent), True
        if not empty:
            line.append(sep)
        line.append_text(chunk)
        empty = False
    lines.append(line)
    for text in lines:
        text.truncate(width)
    return lines


class RosterPanel(Static):
    """The roster beside the map: `show` draws a view; the panel redraws itself at its own width."""

    DEFAULT_CSS = """
    RosterPanel { height: auto; }
    """

    def __init__(self, *, looks: Sequence[SeatLook] | None = None, id: str | None = None) -> None:
        super().__init__(id=id)
        self.looks = list(looks) if looks is not None else None
        """The seats' colours, as the screen draws them (their defaults when None)."""
        self._shown: tuple[PlayerView, int | None, int | None] | None = None
        self.selected_line: int | None = None
        """The line the selected model's card starts on (None when none is selected), for a scroll to keep."""

    def show(self, view: PlayerView, seat: int | None, selected: int | None = None) -> None:
        """Draw `view`'s posses, `seat`'s first, model `selected` highlighted."""
        self._shown = (view, seat, selected)
        self._draw()

    def on_resize(self, event: Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        if self._shown is None:
            return
        view, seat, selected = self._shown
        width = self.content_size.width or FALLBACK_WIDTH
        text = roster_text(view, seat, selected, width, self.looks)
        lines = text.plain.split("\n")
        self.selected_line = next((n for n, line in enumerate(lines) if line.startswith("▶")), None)
        self.update(text)
