"""The models of a game of Ruthless on the map: one letter each, in his posse's colour.

Each model has a letter of his own for the whole game (`glyphs`): the first letter of his name, first or
surname initial first, that no model before him took and that is no map cell's letter (`C` hard cover,
`F` the flag square, …), so under `NO_COLOR` a letter still names one model and the roster beside the
map says whose. The letter is drawn in his seat's colour (`default_look`, as Frag's fighters), bold.
His state shows in every colour system and under `NO_COLOR`:

- **unconscious** (R-HIT-01, R-UNC-01): the letter in lower case, tipped over;
- **mounted** (R-MOVE-01): the letter reversed, a block of his colour, as a rider stands out;
- **Lily Livered** (R-TOUGH-01): the letter underlined;
- dead: not on the map (his square is None).

The strongbox (the strongbox scenario, objectives.py) lying on the map is `$`, reversed in the objective's
colour, as Frag Tag's flag. `RuthlessView` does not carry it yet (nor its carrier): `model_marks` draws it
once the view has a `strongbox` square, and `strongbox_marks` draws it from a square known otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style

from fragtui.content.maps import CELL_SYMBOLS
from fragtui.engine.board import Square
from fragtui.engine.ruthless.table import Condition, Model
from fragtui.engine.view import PlayerView
from fragtui.saves.format import SeatLook
from fragtui.saves.looks import default_look
from fragtui.tui.glyphs import Role, role_style
from fragtui.tui.map_view import Mark
from fragtui.tui.seats import no_color, piece_style, seat_style

__all__ = [
    "LILY_LIVERED",
    "MOUNTED",
    "STRONGBOX_GLYPH",
    "glyph_of",
    "glyphs",
    "model_marks",
    "model_style",
    "seat_looks",
    "strongbox_marks",
]

MOUNTED = Style(reverse=True)
"""A rider: his letter reversed (a block of his posse's colour), seen in every colour system."""
LILY_LIVERED = Style(underline=True)
"""A model whose nerve broke (R-TOUGH-01): his letter underlined."""
STRONGBOX_GLYPH = "$"
"""The strongbox lying on the map: a dollar, reversed in the objective's colour (no model's letter)."""
STRONGBOX = Style(reverse=True)

_MAP_LETTERS = frozenset(symbol.upper() for symbol in CELL_SYMBOLS if symbol.isalpha())
"""Letters the map itself draws (either case): a model avoids them while another letter of his name is free."""
_SPARE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ123456789"
"""Where a model finds a glyph when every letter of his name is taken (a table of over 26 models)."""


def glyphs(models: Sequence[Model]) -> dict[int, str]:
    """Each model's letter by his id, upper case: the same for the whole game, since it depends only on
    the cards in play, in id order (the dead keep theirs, so no one else's changes)."""
    taken: set[str] = set()
    found: dict[int, str] = {}
    for model in sorted(models, key=lambda m: m.id):
        words = model.card.name.upper().split()
        initials = [word[0] for word in words if word[:1].isalpha()]
        letters = initials + [letter for letter in "".join(words) if letter.isalpha()]
        choice = (
            next((x for x in letters if x not in taken and x not in _MAP_LETTERS), None)
            or next((x for x in letters if x not in taken), None)
            or next((x for x in _SPARE if x not in taken), "?")
        )
        taken.add(choice)
        found[model.id] = choice
    return found


def glyph_of(model: Model, letters: dict[int, str]) -> str:
    """The letter drawn for `model` now: lower case while unconscious (tipped over, R-UNC-01)."""
    letter = letters.get(model.id, "?")
    return letter.lower() if model.condition is Condition.UNCONSCIOUS else letter


def seat_looks(view: PlayerView, looks: Sequence[SeatLook] | None = None) -> list[SeatLook]:
    """Every seat's look: those given, the default for the rest (a seat the screen knew nothing of)."""
    given = list(looks or ())[: len(view.fighters)]
    return given + [default_look(seat) for seat in range(len(given), len(view.fighters))]


def model_style(model: Model, look: SeatLook, *, piece: bool = True) -> Style:
    """His posse's colour (on the map, `piece`: a block of it in 16 colours, `seats.piece_style`), reversed on
    horseback, underlined when Lily Livered."""
    style = piece_style(look.colour) if piece else seat_style(look.colour)
    if model.mounted:
        style += MOUNTED
    if model.markers.lily_livered:
        style += LILY_LIVERED
    return style


def model_marks(view: PlayerView, looks: Sequence[SeatLook] | None = None) -> dict[tuple[int, int], Mark]:
    """Every model on the table (standing or unconscious) by his letter in his posse's colour, and the
    strongbox where it lies (carried, his card says so: `words.marker_words`)."""
    table = view.ruthless
    marks: dict[tuple[int, int], Mark] = {}
    if table is None:
        return marks
    seats = seat_looks(view, looks)
    marks.update(strongbox_marks(table.strongbox))
    letters = glyphs(table.models)
    for model in table.models:
        if model.square is None or model.condition is Condition.DEAD:
            continue
        look = seats[model.owner]
        style, plain = model_style(model, look), model_style(model, look, piece=False)
        marks[model.square.cell] = Mark(glyph_of(model, letters), style, plain if style != plain else None)
    return marks


def strongbox_marks(square: Square | None) -> dict[tuple[int, int], Mark]:
    """The strongbox lying on `square` (nothing while it is carried: its carrier's card says so)."""
    if square is None:
        return {}
    return {square.cell: Mark(STRONGBOX_GLYPH, role_style(Role.OBJECTIVE, plain=no_color()) + STRONGBOX)}
