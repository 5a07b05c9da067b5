"""The counters of a Frag view are copies of the state's (`fragtui.engine.frag.view._counter_seen`, cheaper than a
deep copy: a view is built at every bot decision), equal to deep copies and sharing nothing that could change."""

from __future__ import annotations

from fragtui.engine.board import Square
from fragtui.engine.frag.view import _counter_seen
from fragtui.engine.view import Counter, CounterKind


def test_a_counter_seen_is_a_deep_copy_sharing_nothing_mutable() -> None:
    # (a field added to `Counter` must be copied by `_counter_seen` too if it can change: look there, then here)
    assert set(Counter.model_fields) == {"id", "kind", "square", "cards", "dropped_turn"}
    for counter in (
        Counter(id=3, kind=CounterKind.WEAPONS, square=Square(2, 5), cards=["shotgun#1", "medkit#2"]),
        Counter(id=4, kind=CounterKind.BLOOD, square=Square(1, 1)),
        Counter(id=5, kind=CounterKind.LINK, square=Square(0, 3), cards=["armor#1"], dropped_turn=7),
    ):
        seen, deep = _counter_seen(counter), counter.model_copy(deep=True)
        assert seen == deep == counter
        assert seen.model_fields_set == deep.model_fields_set
        assert seen.model_dump_json() == deep.model_dump_json()
        assert seen.cards is not counter.cards
        counter.cards.append("pistol#9")
        assert seen == deep != counter
