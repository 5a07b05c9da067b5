"""Textual's rendered lines without seven caches each until one is used (issue 31, item 3).

Every `textual.strip.Strip` (one rendered line of one widget) makes seven `FIFOCache`s when it is
built — crop, divide, style, filter, line length, crop-extend, offsets — each with a dict: fourteen
objects the garbage collector tracks, for a line that most often is drawn once and dropped, and
rarely asks more than one or two of them (the filter's, as the line is drawn; the crop's, if it is
drawn again in part). A served process makes tens of thousands of lines a second with 20 players
moving their cursors, so those caches were most of what it allocated: the young collections ran
all the time, and everything that lived a little longer (a widget's cached lines) filled the old
generation that full collections walk (docs/performance.md, "fragtui serve": the largest kind of
object in a loaded server was `FIFOCache`, 179,000 of a million).

Here each cache is made the first time the line asks for it (as Textual already does for
`Content`'s divide cache): the same caches, the same sizes, the same answers; a line that never
asks makes none. The slots stay where Textual put them; each is read through a property that fills
it on first use.

Imported by `fragtui.serve.app`: only a served process changes Textual so (`fragtui` run locally
draws one session and keeps Textual as it is).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.segment import Segment
from textual.cache import FIFOCache
from textual.strip import Strip

__all__ = ["CACHES", "LAZY", "made_caches"]

CACHES = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}
"""Each cache a `Strip` makes in Textual's `__init__` (its slot's name), and its size there."""


def _lazy(name: str, size: int) -> property:
    """The slot `name` of `Strip`, read through a property that makes its `FIFOCache(size)` on first use."""
    slot = Strip.__dict__[name]  # the slot's own descriptor: where the value is kept in each line
    read, write = slot.__get__, slot.__set__

    def get(strip: Strip) -> FIFOCache[Any, Any]:
        try:
            return read(strip, Strip)  # type: ignore[no-any-return]
        except AttributeError:  # never asked for yet
            cache: FIFOCache[Any, Any] = FIFOCache(size)
            write(strip, cache)
            return cache

    return property(get, write, doc=f"`{name}`, made on first use")


def made_caches(strip: Strip) -> int:
    """How many of its caches `strip` has made (for the tests)."""
    made = 0
    for name in CACHES:
        try:
            _SLOTS[name].__get__(strip, Strip)
        except AttributeError:
            continue
        made += 1
    return made


def _init(self: Strip, segments: Iterable[Segment], cell_length: int | None = None) -> None:
    """Textual's `Strip.__init__` but the caches (made on first use)."""
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


_SLOT = type(Strip.__dict__["_segments"])
"""The type of a slot's descriptor (`member_descriptor`)."""

LAZY = all(isinstance(Strip.__dict__.get(name), _SLOT) for name in CACHES)
"""Textual's `Strip` keeps the caches in slots as expected (a Textual that changed it is left alone)."""

_SLOTS = {name: Strip.__dict__[name] for name in CACHES} if LAZY else {}

if LAZY:
    for _name, _size in CACHES.items():
        setattr(Strip, _name, _lazy(_name, _size))
    Strip.__init__ = _init  # type: ignore[method-assign]
