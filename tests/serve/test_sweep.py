"""A departed player swept up alone (fragtui/serve/sweep.py; issue 31, item 3).

What a sweep frees and what it leaves, on objects made here: frozen cycles reached from gone roots are collected
without a thaw; what is still in use lives on, intact; what is shared or alive is never walked; a walk past its limit
changes nothing. The server's use of it is tested in test_collector.py and, over SSH, by the soaks.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from fragtui.serve.rings import clear_without_a_ring, unring
from fragtui.serve.sweep import _Marks, reach, sweep, sweepable

pytestmark = pytest.mark.skipif(not sweepable(), reason="sweeping needs CPython's garbage collector API")


class Node:
    """A widget-like object: a parent, children, and a cache that refers back to it (a cycle)."""

    def __init__(self, parent: Node | None = None) -> None:
        self.parent = parent
        self.children: list[Node] = []
        self.cache = {"self": self, "rows": [[n] for n in range(50)]}
        if parent is not None:
            parent.children.append(self)


class Shared:
    """What every session shares (a table, a board): a sweep's walk must not enter it."""

    def __init__(self) -> None:
        self.rows: list[list[int]] = [[1], [2]]


@pytest.fixture
def frozen() -> Iterator[None]:
    """Whatever exists is frozen now; everything is thawed again afterwards."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def tree(parent: Node | None = None, depth: int = 3) -> Node:
    node = Node(parent)
    if depth:
        for _ in range(3):
            tree(node, depth - 1)
    return node


def test_a_frozen_cycle_is_swept_up_without_a_thaw() -> None:
    root = tree()
    gone = weakref.ref(root)
    bystander = Node()
    gc.collect()
    gc.freeze()
    try:
        del root
        gc.collect()
        assert gone() is not None, "frozen: no collection frees it"
        swept = sweep([gone])
        assert swept is not None and swept.whole and gone() is None
        assert swept.reached >= 40 * 3 and swept.freed >= swept.reached
        assert not any(thing is bystander for thing in gc.get_objects()), "the bystander is still frozen"
    finally:
        gc.unfreeze()


def test_what_a_swept_root_reaches_and_is_still_in_use_lives_on(frozen: None) -> None:
    """The collection decides: a list the departed tree shares with something still in use survives, intact."""
    root = tree(depth=1)
    kept = root.children[0].cache["rows"]
    gone = weakref.ref(root)
    gc.collect()
    gc.freeze()
    del root
    swept = sweep([gone])
    assert swept is not None and swept.whole and gone() is None
    assert kept == [[n] for n in range(50)]


def test_a_root_held_from_where_the_walk_does_not_go_outlives_the_sweep(frozen: None) -> None:
    """Held from outside what the roots reach (a cancelled timer's context, in the server), a root lives on and the
    sweep says so; nothing it reached is harmed."""
    root = tree(depth=1)
    holder = {"held": root}
    gone = weakref.ref(root)
    gc.collect()
    gc.freeze()
    del root
    swept = sweep([gone])
    assert swept is not None and not swept.whole
    node = gone()
    assert node is holder["held"] and len(node.children) == 3 and node.cache["self"] is node


def test_the_walk_enters_neither_shared_nor_living_objects() -> None:
    shared = Shared()
    living = Node()
    root = Node()
    root.cache["shared"] = shared
    root.cache["living"] = living
    found = reach([root], (type, Shared), alive=[living])
    assert found is not None
    assert not any(thing is shared or thing is shared.rows for thing in found)
    assert not any(thing is living or thing is living.cache for thing in found)
    assert any(thing is root.cache for thing in found)
    assert len({id(thing) for thing in found}) == len(found), "each object once"


def test_a_walk_past_its_limit_changes_nothing(frozen: None) -> None:
    root = tree()
    gone = weakref.ref(root)
    gc.collect()
    gc.freeze()
    del root
    frozen_before = gc.get_freeze_count()
    assert sweep([gone], limit=10) is None
    assert gone() is not None and gc.get_freeze_count() == frozen_before


def test_the_marks_hold_each_id_once_as_they_grow() -> None:
    marks = _Marks(size=8)
    keys = [16 * n + 7 for n in range(1, 1000)]
    assert all(marks.add(key) for key in keys)
    assert not any(marks.add(key) for key in keys)
    assert marks.count == len(keys) and len(marks.table) >= 2 * len(keys)


def test_a_cleared_lru_cache_leaves_no_ring_and_works_as_before() -> None:
    """rings.py: Textual's `LRUCache.clear` left its nodes in a ring, a cycle holding every value; cleared by the served
    process's version, the values go at once by reference counting, and the cache still evicts and finds as before."""
    from textual.cache import LRUCache

    value = Shared()  # no cycle of its own: only the ring would keep it
    held = weakref.ref(value)
    cache: LRUCache[str, Shared] = LRUCache(3)
    cache.set("a", value)
    cache.set("b", Shared())
    del value
    gc.disable()
    try:
        clear_without_a_ring(cache)  # type: ignore[arg-type]
        assert held() is None, "no ring left to hold it"
    finally:
        gc.enable()
    assert len(cache) == 0 and cache.get("a") is None
    for key in "wxyz":
        cache.set(key, Shared())
    assert len(cache) == 3 and cache.get("w") is None and cache.get("z") is not None
    original = LRUCache.clear
    try:
        assert unring() and LRUCache.clear is clear_without_a_ring
    finally:
        LRUCache.clear = original  # type: ignore[method-assign]
