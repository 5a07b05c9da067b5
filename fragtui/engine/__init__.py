"""The rules engine: pure Python, no Textual and no Rich (a test proves it)."""

# `Board.geometry` is built by the geometry module, which registers itself on import (the board cannot import
# the module that imports it without an import cycle): whatever engine module is imported first, this runs first.
from fragtui.engine import geometry as geometry
