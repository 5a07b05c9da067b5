"""`kept_by_identity` (fragtui/engine/kept.py): an answer kept by its object's identity, never another's."""

from __future__ import annotations

from fragtui.engine.kept import kept_by_identity


class Thing:
    """An object compared by identity, as a card definition or a board is looked up."""


def test_an_answer_is_worked_out_once_an_object_and_never_given_for_another() -> None:
    asked: list[Thing] = []

    @kept_by_identity(3)
    def answer(thing: Thing) -> int:
        """The question's own text."""
        asked.append(thing)
        return len(asked)

    first, second = Thing(), Thing()
    assert (answer(first), answer(first), answer(second), answer(first)) == (1, 1, 2, 1)
    assert asked == [first, second]
    assert answer.__doc__ == "The question's own text."


def test_past_its_limit_everything_is_forgotten_and_the_objects_are_let_go() -> None:
    @kept_by_identity(2)
    def answer(thing: Thing) -> int:
        return id(thing)

    things = [Thing() for _ in range(4)]
    for thing in things:
        answer(thing)
    held = answer.__closure__  # (the kept objects live in the closure's dict)
    assert held is not None
    known = next(cell.cell_contents for cell in held if isinstance(cell.cell_contents, dict))
    assert len(known) <= 3 and things[0] not in [kept for kept, _ in known.values()]
