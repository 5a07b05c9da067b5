"""Frag's frag target (F-WIN-01): the frags that win, Frag's own part of every configuration.

The kernel's `GameConfig` names no system's option (issue 32): Frag registers its target as a configuration part
(`register_config_part`), which the kernel reads from, and writes under, the key `frag_target` between the seats
and the options, where the configuration has always held it, so no save's JSON moved. Frag's code reads it here,
and shared code asks the ruleset (`Ruleset.target_of`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from fragtui.engine.config import GameConfig, register_config_part

__all__ = ["DEFAULT_FRAG_TARGET", "FRAG_TARGET_PART", "FragTargetNumber", "frag_target"]

DEFAULT_FRAG_TARGET = 3
"""Frags that win the game unless the players choose a longer game (F-WIN-01)."""

FragTargetNumber = Annotated[int, Field(ge=1, le=99)]
"""What a frag target may be: 1 to 99 frags (two digits on the set-up screen)."""

FRAG_TARGET_PART = register_config_part("frag_target", FragTargetNumber, DEFAULT_FRAG_TARGET)
"""The frag target as a configuration's part: its key (`frag_target`, as saves have always written it), its
bounds and its default."""


def frag_target(config: GameConfig) -> int:
    """The frags that win a game of `config` (F-WIN-01): what the players chose, or 3."""
    target: int = config.part(FRAG_TARGET_PART.key)
    return target
