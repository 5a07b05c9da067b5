"""Franklin's house rules (../shared/RULES.md H-*, seed 002) as switches: options of base Frag and of
Frag Deadlands, each off by default.

A house rule is an `OptionSpec` of `HOUSE_RULES` (its name, a one-line summary, its rule ID): both
rulesets offer them, so a configuration, a scenario, `fragtui simulate --house` and a save name them
as any option, and an unknown one is a `ConfigError`. The rule itself lives in the Frag module of the
rule it changes, asked as `self.house(NAME)`; each works alone and with any of the others.
"""

from __future__ import annotations

from fragtui.engine.rulesets import OptionSpec

__all__ = ["HOUSE_RULES"]

HOUSE_RULES: tuple[OptionSpec, ...] = (
    # Map and respawn (tests/rules/house/test_map_respawn.py).
    OptionSpec(
        name="jump-after-commit",
        summary="Jump pad dice are rolled after committing to the jump",
        default=False,
        rule="H-JUMP-01",
    ),
    OptionSpec(
        name="instant-respawn",
        summary="A fragged fighter respawns at once, before the Special",
        default=False,
        rule="H-INSTANT-01",
    ),
    OptionSpec(
        name="power-up-table",
        summary="Generic power-ups roll: 4 gadget, 5 weapon, 6+ choice",
        default=False,
        rule="H-PWR-01",
    ),
)
"""Every house rule, in the order of RULES.md (the set-up screen's Options lists them so)."""
