"""Answers kept by the identity of what they are about: a card definition, a board, an order.

Several hot paths ask the same question again and again of objects that live a long time and are never changed in
place (a card set's definitions, a board, the orders Real-Time Frag hands out), and hashing such an object (a whole
pydantic model) would cost more than the answer. So the answer is kept by the object's `id`, with the object itself
beside it: kept alive, its id cannot be reused by another object while the answer is kept. All is forgotten once
more than `limit` objects are kept (a card set or a map loaded again and again brings new objects; the old go).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["kept_by_identity"]

K = TypeVar("K")
V = TypeVar("V")


def kept_by_identity(limit: int) -> Callable[[Callable[[K], V]], Callable[[K], V]]:
    """A one-argument function whose answers are kept by its argument's identity (see the module), at most `limit`."""

    def keep(fn: Callable[[K], V]) -> Callable[[K], V]:
        known: dict[int, tuple[K, V]] = {}

        def kept(key: K) -> V:
            hit = known.get(id(key))
            if hit is not None and hit[0] is key:
                return hit[1]
            if len(known) > limit:
                known.clear()
            answer = fn(key)
            known[id(key)] = (key, answer)
            return answer

        kept.__doc__ = fn.__doc__
        kept.__name__ = getattr(fn, "__name__", "kept")
        return kept

    return keep
