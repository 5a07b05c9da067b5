"""A partial screen update renders the rows it sends, not every line of every widget under them (issue 31, item 3).

Textual's `Compositor.render_partial_update` (8.2) takes the rectangle around all the regions that
changed and asks every widget it overlaps for *all* its visible lines, then keeps only the rows the
update sends. A cursor move on the game screen changes two cells of the map and the square line at
the bottom: the rectangle around them is nearly the whole screen, so every key had all ~13 widgets
render every line — the map's 19, the side panel's, the screen's 24 — and run each line through the
filters, for about 3 rows sent (docs/performance.md, "fragtui serve": the compositor's partial
update was the largest part of the server's CPU a key, which 20 players at 5 keys a second share
on one event loop).

Here a partial update asks each widget only for the rows where a piece of it is sent — a piece
(from one of Textual's cuts at the widgets' edges to the next) within a span the update sends, not
covered by a widget in front — a run of consecutive rows at a time, across the widget's visible
width. So the side panel is not drawn for a cursor move on the map, nor the containers behind the
map. What is sent is the same, byte for byte: the same spans, from the same lines, painted front
to back in the same order; the pieces left empty are the ones Textual drew and then did not send.
A full update (a new screen, a resize, a scroll of the map) is Textual's own.

Imported by `fragtui.serve.app`: only a served process changes Textual so.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence
from itertools import pairwise
from typing import cast

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip

__all__ = ["TEXTUAL_PARTIAL_UPDATE", "render_partial_update", "rendered_rows", "row_runs"]

TEXTUAL_PARTIAL_UPDATE = Compositor.render_partial_update
"""Textual's own (the tests compare the two, update by update)."""


def row_runs(rows: Sequence[int], top: int, bottom: int) -> Iterator[tuple[int, int]]:
    """The runs of consecutive rows of the sorted `rows` in `top` ≤ row < `bottom`, as (first, past the last)."""
    first = last = None
    for row in rows[bisect_left(rows, top) :]:
        if row >= bottom:
            break
        if last is None or row != last + 1:
            if first is not None and last is not None:
                yield first, last + 1
            first = row
        last = row
    if first is not None and last is not None:
        yield first, last + 1


def rendered_rows(
    compositor: Compositor, crop: Region, spans: Sequence[tuple[int, int, int]]
) -> Sequence[Mapping[int, Strip]]:
    """Textual's `Compositor._render_chops` for a partial update of `spans` (row, first column, past the last),
    each widget asked only for the rows where a piece of it is sent: a piece within a span that no widget in
    front of it covers. Pieces that are not sent are left empty (Textual's `ChopsUpdate` skips them)."""
    cuts = compositor.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    sent: dict[int, list[tuple[int, int]]] = {}
    for y, x1, x2 in spans:
        sent.setdefault(y, []).append((x1, x2))
    rows = sorted(sent)
    overlaps = crop.overlaps
    for widget, (region, clip) in compositor.visible_widgets.items():  # front to back, as Textual's
        if not overlaps(clip):
            continue
        visible = region.intersection(clip)
        if not visible.width or not visible.height:
            continue
        x, width = visible.x, visible.width
        first_cut, last_cut = x, x + width
        shown: dict[int, list[int]] = {}
        """The rows where a piece of this widget is sent, and its cuts there."""
        for top, bottom in row_runs(rows, visible.y, visible.y + visible.height):
            for y in range(top, bottom):
                final_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
                get = chops[y].get
                row_spans = sent[y]
                for cut, end in pairwise(final_cuts):  # each piece, from its cut to the next
                    # `ChopsUpdate` sends a piece unless `cut > x2 or end <= x1` (a span's end included)
                    if get(cut) is None and any(cut <= x2 and end > x1 for x1, x2 in row_spans):
                        shown[y] = final_cuts
                        break
        for top, bottom in row_runs(list(shown), visible.y, visible.y + visible.height):
            strips = widget.render_lines(Region(x - region.x, top - region.y, width, bottom - top))
            for y, strip in zip(range(top, bottom), strips, strict=True):
                chops_line = chops[y]
                final_cuts = shown[y]
                get = chops_line.get
                for cut, piece in zip(final_cuts, strip.divide([cut - x for cut in final_cuts[1:]]), strict=False):
                    if get(cut) is None:  # painted front to back: the first piece for a cut wins
                        chops_line[cut] = piece
    return cast("Sequence[Mapping[int, Strip]]", chops)


def render_partial_update(self: Compositor) -> ChopsUpdate | None:
    """Textual's `Compositor.render_partial_update`, rendering only the rows it sends (the module's docstring)."""
    update_regions = self._dirty_regions.copy()
    self._dirty_regions.clear()
    if not update_regions:
        return None
    crop = Region.from_union(list(update_regions)).intersection(self.size.region)
    spans = list(self._regions_to_spans(update_regions))
    chops = rendered_rows(self, crop, spans)
    chop_ends = [cut_set[1:] for cut_set in self.cuts]
    return ChopsUpdate(chops, spans, chop_ends)


def _textual_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("textual")
    except PackageNotFoundError:
        return ""


MIRRORS = _textual_version().startswith("8.2.") and all(
    hasattr(Compositor, name) for name in ("_regions_to_spans", "cuts", "render_partial_update")
)
"""Whether this Textual is the one the replacement was written from (8.2: `rendered_rows` mirrors its
`_render_chops`); any other is left its own partial update, slower but its own (pyproject allows `textual>=8,<9`)."""

REPLACES = True
"""Installed (over the Textual it mirrors). It was off for a while (2026-11-29): tests/serve/test_ssh_real_time.py
had seen Ann's terminal show "1 of 3 has chosen" with her status row still at "0 of 3 have chosen; still choosing:
Cat, you, Bob". That was the test reading a frame half-way: the whole screen drawn when her dialog closed reaches the
client in several reads, the turn line at the top (which says "1 of 3" too) before the status row, and the test took
the first "still choosing" line on a screen with "1 of 3" anywhere. It does so with Textual's own partial update as
well (under load), and the screen is right once the frame is in; the test now waits for the status line itself.
tests/serve/test_partial.py compares that table's updates too, and draws it with this one alone to the end."""

if REPLACES and MIRRORS:
    Compositor.render_partial_update = render_partial_update  # type: ignore[method-assign]
