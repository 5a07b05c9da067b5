"""fragtui: the board game Frag in the terminal."""

__version__ = "0.1.0"
