"""The rules engine: pure Python, no Textual and no Rich (a test proves it)."""

# Every model's fields read without pydantic's `__getattr__` (the slow attribute path on Python 3.11), before any
# model is read: whatever engine module is imported first, this runs first (`fragtui.engine.model_reads`).
from fragtui.engine.model_reads import plain_reads

plain_reads()

# `Board.geometry` is built by the geometry module, which registers itself on import (the board cannot import
# the module that imports it without an import cycle): whatever engine module is imported first, this runs first.
from fragtui.engine import geometry as geometry  # noqa: E402
