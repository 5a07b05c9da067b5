"""Text a file gives that players read as it is (a card's name, a deck's words, a gunfighter's name).

Such text is printed to terminals and logs: a control character in it (an escape sequence, a line
break, U+2028, a bidi override) would act on the terminal instead of being read (issue 30, item 20),
so a model holding it refuses it when it is read, in the file's own error (`PrintableStr`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

from fragtui.errors import shown

__all__ = ["PrintableLines", "PrintableStr", "printable_lines", "printable_text"]


def printable_text(text: str) -> str:
    """`text`, when a terminal prints every character of it as it is; otherwise a `ValueError` saying so."""
    if not text.isprintable():
        raise ValueError(f"{shown(text)} holds a control character (an escape sequence or a line break)")
    return text


def printable_lines(text: str) -> str:
    """`text`, when it is lines a terminal prints as they are (a card's rules text may run over lines);
    otherwise a `ValueError` saying so."""
    for line in text.split("\n"):
        printable_text(line)
    return text


PrintableStr = Annotated[str, AfterValidator(printable_text)]
"""A `str` field players read: printable, or refused with the file's error."""
PrintableLines = Annotated[str, AfterValidator(printable_lines)]
"""A `str` field players read that may run over lines (`\\n`, nothing else unprintable)."""
