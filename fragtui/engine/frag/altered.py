"""Jeremehovah's altered cards (J-ALT-01, J-ALT-02): the Electromagnetic Cannon and the Machine Gun
played by their altered text, as an option of the game."""

from __future__ import annotations

from fragtui.engine.rulesets import OptionSpec

__all__ = ["ALTERED_OPTIONS"]

ALTERED_OPTIONS: tuple[OptionSpec, ...] = ()
"""The altered-cards option (J-ALT-01/02), offered by base Frag and Frag Deadlands."""
