"""Franklin's house rules (../shared/RULES.md H-*, seed 002) as switches: options of base Frag and of
Frag Deadlands, each off by default.

A house rule is an `OptionSpec` of `HOUSE_RULES` (its name, a one-line summary, its rule ID): both
rulesets offer them, so a configuration, a scenario, `fragtui simulate --house` and a save name them
as any option, and an unknown one is a `ConfigError`. The rule itself lives in the Frag module of the
rule it changes, asked as `self.house(NAME)`; each works alone and with any of the others.
"""

from __future__ import annotations

from fragtui.engine.rulesets import OptionSpec

__all__ = ["ATTACKS_PER_WEAPON", "HOUSE_RULES", "PISTOL_WHIP"]

ATTACKS_PER_WEAPON = "attacks-per-weapon"
"""H-ACC-01: an Accuracy bonus of one weapon grants extra attacks with that weapon only (`Combat`)."""
PISTOL_WHIP = "pistol-whip"
"""H-WHIP-01: a weapon card in play swung as a club at an adjacent fighter (`Combat`)."""

HOUSE_RULES: tuple[OptionSpec, ...] = (
    # -- attacks (H-ACC-01, H-WHIP-01) --
    OptionSpec(
        name=ATTACKS_PER_WEAPON,
        summary="Attacks counted per weapon; bonus ones after the rest.",
        default=False,
        rule="H-ACC-01",
    ),
    OptionSpec(
        name=PISTOL_WHIP,
        summary="Pistol whip: club an adjacent foe with a weapon card.",
        default=False,
        rule="H-WHIP-01",
    ),
)
"""Every house rule, in the order of RULES.md (the set-up screen's Options lists them so)."""
