"""A save's JSON read without building its action log: the one long array is left in the text.

A save of 600,000 actions is a 45 MB file; `json.loads` made of it some 600,000 dicts (half a
gigabyte), and the checks that followed as many models again, before the replay could refuse its
action 168 (issue 30, item 22). `split_object` reads the top-level object as `json.loads` would,
but of one array-valued key (a save's `actions`) it keeps only where each element starts in the
text, after checking that the element is well-formed JSON. Each element is read again, one at a
time, when it is needed (`element_at`), and dropped after: the memory a save takes is its text
and eight bytes an action.

The errors are `json.loads`'s own (`json.JSONDecodeError` with the same messages and positions,
`RecursionError` for an element nested past Python's limits, `ValueError` for an integer of
thousands of digits), so a save's reader reports a broken file exactly as before.
"""

from __future__ import annotations

import json
import re
from array import array
from collections.abc import Callable
from typing import Any

__all__ = ["element_at", "split_object"]

_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")
"""What JSON counts as whitespace between tokens."""


def _skip(text: str, at: int) -> int:
    match = _SPACE.match(text, at)
    assert match is not None  # (the pattern matches the empty string anywhere)
    return match.end()


def element_at(text: str, start: int) -> Any:
    """The JSON value that begins at `start` in `text` (an element `split_object` found)."""
    return _DECODER.raw_decode(text, start)[0]


Each = Callable[[dict[str, Any], int, Any], None]
"""Given each element of the kept array as it is read: the object read so far, the element's start, the element."""


def _elements(text: str, at: int, data: dict[str, Any], each: Each | None) -> tuple[array[int], int]:
    """Where each element of the array whose `[` is at `at` starts, checked as JSON (and by `each`); and
    where the array ends."""
    starts: array[int] = array("q")
    at = _skip(text, at + 1)
    if text.startswith("]", at):
        return starts, at + 1
    while True:
        starts.append(at)
        element, end = _DECODER.raw_decode(text, at)
        if each is not None:
            each(data, at, element)
        at = _skip(text, end)  # (and the element is dropped)
        if text.startswith(",", at):
            at = _skip(text, at + 1)
        elif text.startswith("]", at):
            return starts, at + 1
        else:
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)


def split_object(text: str, kept: str, each: Each | None = None) -> tuple[Any, array[int] | None]:
    """`json.loads(text)`, except that when `text` is an object whose key `kept` holds an array, that
    key is left out of the object, and where each of the array's elements starts in `text` is
    returned beside it (None when there is no such array: then the object is all of it).

    `each`, if given, is shown each element as it is read (with the keys read before the array), so
    the elements can be checked in the same pass."""
    at = _skip(text, 0)
    if not text.startswith("{", at):
        return json.loads(text), None  # not an object (or not JSON): json says what it is
    data: dict[str, Any] = {}
    starts: array[int] | None = None
    at = _skip(text, at + 1)
    if text.startswith("}", at):
        at += 1
    else:
        while True:
            if not text.startswith('"', at):
                raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, at)
            key, at = _DECODER.raw_decode(text, at)  # (a string: it begins with a quote)
            at = _skip(text, at)
            if not text.startswith(":", at):
                raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
            at = _skip(text, at + 1)
            if key == kept and text.startswith("[", at):
                starts, at = _elements(text, at, data, each)
                data.pop(key, None)  # (a key given twice: the last one counts, as with json.loads)
            else:
                data[key], at = _DECODER.raw_decode(text, at)
                if key == kept:
                    starts = None
            at = _skip(text, at)
            if text.startswith(",", at):
                at = _skip(text, at + 1)
            elif text.startswith("}", at):
                at += 1
                break
            else:
                raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
    at = _skip(text, at)
    if at != len(text):
        raise json.JSONDecodeError("Extra data", text, at)
    return data, starts
