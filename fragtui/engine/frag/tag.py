"""Frag Tag (Jeremehovah's rules, J-TAG-01..04): what a game is won by, as the game's objective option.

The four modes change only how a game scores, so each is a `ScoringRule` (fragtui/engine/scoring.py)
the rules ask through `scoring()`, never a branch in the combat code. `TAG_OPTIONS` are the options
base Frag and Frag Deadlands offer for them.
"""

from __future__ import annotations

from fragtui.engine.rulesets import OptionSpec

__all__ = ["TAG_OPTIONS"]

TAG_OPTIONS: tuple[OptionSpec, ...] = ()
"""The objective option and its settings (J-TAG-01..04), offered by base Frag and Frag Deadlands."""
