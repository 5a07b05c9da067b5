"""Ruthless (../shared/RULES.md R-*, seed 004): the Western skirmish game of posses, a second game on the kernel.

Kept light on purpose: `fragtui.engine.config` imports the pieces (`pieces.py`) for `Seat.posse`, so
importing this package must not import the rules (`rules.py`, registered from `rulesets.BUILTIN_RULESETS`).
"""
