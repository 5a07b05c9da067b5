"""Textual's LRU caches emptied without leaving a cycle behind (`fragtui serve` only).

Why. `textual.cache.LRUCache` keeps its entries in a ring of four-item lists (previous, next, key,
value). Its `clear()` drops the dictionary and the head, and leaves the ring: each node refers to
the next, so it is a cycle only a collection frees, holding every value it held. Widgets are among
them (every node's `query_one` cache maps selectors to widgets), and Textual clears those caches as
screens change. In the served process what a departed player's screens held in cycles is swept up
from them (sweep.py); a ring cleared earlier is reached from none of them, holds their widgets, and
kept each closed map browser (twelve widgets) until a thaw stopped every player.

`unring()` puts in a `clear()` that first empties every node, then does what Textual's does: the
cache behaves exactly as before (tests/serve/test_rings.py), and what it held goes by reference
counting at once. It changes nothing unless `LRUCache` is still built as described (its slots).
"""

from __future__ import annotations

from textual.cache import LRUCache

__all__ = ["unring"]

_SLOTS = {"_cache", "_head", "_full"}
"""The slots `clear_without_a_ring` works on: another Textual may keep its entries otherwise."""


def clear_without_a_ring(cache: LRUCache[object, object]) -> None:
    """`LRUCache.clear`, each node of the ring emptied first (see the module's docstring)."""
    for node in cache._cache.values():
        node.clear()
    cache._cache.clear()
    cache._full = False
    cache._head = []


def unring() -> bool:
    """Make every `LRUCache` clear without leaving its ring; False (nothing changed) where Textual's cache is not built
    as this knows it."""
    if not set(getattr(LRUCache, "__slots__", ())) >= _SLOTS:
        return False
    LRUCache.clear = clear_without_a_ring  # type: ignore[assignment]
    return True
