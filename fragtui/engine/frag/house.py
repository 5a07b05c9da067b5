"""Franklin's house rules (../shared/RULES.md H-*, seed 002) as switches: options of base Frag and of
Frag Deadlands, each off by default.

A house rule is an `OptionSpec` of `HOUSE_RULES` (its name, a one-line summary, its rule ID): both
rulesets offer them, so a configuration, a scenario, `fragtui simulate --house` and a save name them
as any option, and an unknown one is a `ConfigError`. The rule itself lives in the Frag module of the
rule it changes, asked as `self.house(NAME)`; each works alone and with any of the others.
"""

from __future__ import annotations

from fragtui.engine.rulesets import OptionSpec

__all__ = [
    "ARMOR_BY_NAME",
    "ATTACKS_PER_WEAPON",
    "BURN_THROUGH_FIRST",
    "HOUSE_RULES",
    "PISTOL_WHIP",
    "SEVERAL_SETS",
    "SHIELDS_DROPPED",
    "WOUNDS",
]

ATTACKS_PER_WEAPON = "attacks-per-weapon"
"""H-ACC-01: an Accuracy bonus of one weapon grants extra attacks with that weapon only (`Combat`)."""
PISTOL_WHIP = "pistol-whip"
"""H-WHIP-01: a weapon card in play swung as a club at an adjacent fighter (`Combat`)."""
ARMOR_BY_NAME = "armor-by-name"
"""H-ARMOR-01: a gadget is armor only if its name or its text says so."""
SHIELDS_DROPPED = "shields-dropped"
"""H-SHIELD-01: Exoskeleton, Energy Shield and Heat Shield are dropped like weapons at a frag."""
SEVERAL_SETS = "several-sets"
"""H-MULTI-01: several card sets together: one Exoskeleton a fighter, Energy Shields don't add up."""
WOUNDS = "wounds"
"""H-WOUND-01: Health lost is wounds, cancelled one for one by blood spots at once."""
BURN_THROUGH_FIRST = "burn-through-first"
"""H-WOUND-02: armor burn-through is checked before any medpack or blood spot is used."""

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
    # -- armor, shields and wounds (H-ARMOR-01, H-SHIELD-01, H-MULTI-01, H-WOUND-01/02) --
    OptionSpec(
        name=ARMOR_BY_NAME,
        summary='Armor only if its name or text says "Armor"',
        default=False,
        rule="H-ARMOR-01",
    ),
    OptionSpec(
        name=SHIELDS_DROPPED,
        summary="Exoskeleton and shields are dropped like weapons",
        default=False,
        rule="H-SHIELD-01",
    ),
    OptionSpec(
        name=SEVERAL_SETS,
        summary="Several sets: one Exoskeleton; Energy Shields don't add",
        default=False,
        rule="H-MULTI-01",
    ),
    OptionSpec(
        name=WOUNDS,
        summary="Wounds: Health less wounds; blood spots heal at once",
        default=False,
        rule="H-WOUND-01",
    ),
    OptionSpec(
        name=BURN_THROUGH_FIRST,
        summary="Armor burn-through before medpacks and blood spots",
        default=False,
        rule="H-WOUND-02",
    ),
)
"""Every house rule, in the order of RULES.md (the set-up screen's Options lists them so)."""
