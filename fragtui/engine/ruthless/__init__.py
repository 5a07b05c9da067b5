"""Ruthless (../shared/RULES.md R-*, seed 004): the Western skirmish game of posses, a second game on the kernel.

Kept light on purpose: the pieces (`pieces.py`) register `Posse` as a seat's part (`Seat.posse`) and are
imported by the content loaders, so importing this package must not import the rules (`rules.py`, registered
from `systems.BUILTIN_RULESETS`).
"""
