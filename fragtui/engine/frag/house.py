"""Franklin's house rules (../shared/RULES.md H-*, seed 002) as switches: options of base Frag and of
Frag Deadlands, each off by default.

A house rule is an `OptionSpec` of `HOUSE_RULES` (its name, a one-line summary, its rule ID): both
rulesets offer them, so a configuration, a scenario, `fragtui simulate --house` and a save name them
as any option, and an unknown one is a `ConfigError`. The rule itself lives in the Frag module of the
rule it changes, asked as `self.house(NAME)` (`Core.house`); each works alone and with any of the others.
"""

from __future__ import annotations

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass

from fragtui.engine.fighters import MarkerGroup, register_markers
from fragtui.engine.rulesets import OptionSpec

__all__ = [
    "ARMOR_BY_NAME",
    "ATTACKS_PER_WEAPON",
    "BURN_THROUGH_FIRST",
    "GENERIC_POWER_UPS",
    "HOUSE_RULES",
    "HOUSE_TEXTS",
    "INSTANT_RESPAWN",
    "JUMP_AFTER_COMMIT",
    "PISTOL_WHIP",
    "PLACEMENT_ROLL",
    "SCATTER",
    "SEVERAL_SETS",
    "SHIELDS_DROPPED",
    "WOUNDS",
    "HouseMarkers",
    "house_text",
]

PLACEMENT_ROLL = "placement-roll"
"""H-PLACE-01: set-up placement by die roll, an occupied point giving the next free one (`Turns.place`)."""
SCATTER = "scatter"
"""H-SCATTER-01: respawning on an occupied point scatters by the diagram instead of bumping (`Turns.respawn`)."""

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
JUMP_AFTER_COMMIT = "jump-after-commit"
"""H-JUMP-01: a jump pad's die is rolled after the jump is committed to (`Moving`)."""
INSTANT_RESPAWN = "instant-respawn"
"""H-INSTANT-01: a fragged fighter respawns at once, before the Special is drawn (`Combat`)."""
GENERIC_POWER_UPS = "power-up-table"
"""H-PWR-01: generic power-up squares roll on the table (`Moving`)."""

HOUSE_RULES: tuple[OptionSpec, ...] = (
    # -- placement and respawn (H-PLACE-01, H-SCATTER-01) --
    OptionSpec(
        name=PLACEMENT_ROLL,
        summary="Initial placement by die roll; next free spawn point",
        default=False,
        rule="H-PLACE-01",
    ),
    OptionSpec(
        name=SCATTER,
        summary="Respawn clustering (scatter diagram) replacing bumping",
        default=False,
        rule="H-SCATTER-01",
    ),
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
    # -- map and respawn (H-JUMP-01, H-INSTANT-01, H-PWR-01) --
    OptionSpec(
        name=JUMP_AFTER_COMMIT,
        summary="Jump pad dice are rolled after committing to the jump",
        default=False,
        rule="H-JUMP-01",
    ),
    OptionSpec(
        name=INSTANT_RESPAWN,
        summary="A fragged fighter respawns at once, before the Special",
        default=False,
        rule="H-INSTANT-01",
    ),
    OptionSpec(
        name=GENERIC_POWER_UPS,
        summary="Generic power-ups roll: 4 gadget, 5 weapon, 6+ choice",
        default=False,
        rule="H-PWR-01",
    ),
)
"""Every house rule, grouped by the part of the rules it changes (the set-up screen's Options lists them
in this order)."""

HOUSE_TEXTS: dict[str, str] = {
    "H-PLACE-01": (
        "Initial placement by die roll; a roll for an occupied spawn point takes the next free one in "
        "sequence, cycling 6 → 1."
    ),
    "H-JUMP-01": (
        "The dice for extra jump distance (jump pads and the like) are rolled only after the player commits "
        "to the jump."
    ),
    "H-ACC-01": (
        "Accuracy bonus for one weapon only: attacks are counted per weapon (half its effective Accuracy, "
        "rounded up); the extra attacks it grants must be made with that weapon and after the regular "
        "attacks. Example: base Accuracy 3, Heavy Beam Pistol with two Targeting Systems (effective 5), "
        "Tranquilizer Pistol (effective 8): four attacks; the first two with any weapon, the third with "
        "either of those two, the fourth with the Tranquilizer Pistol only."
    ),
    "H-WHIP-01": (
        "Pistol whip: a weapon card used as a club against an adjacent target, as one of your attacks; damage"
        " dice = attacker's Health − 1; if two or more dice show 1 (or a single die shows 1) the weapon "
        "breaks and is discarded; weapon-specific bonus attacks may not be used for it."
    ),
    "H-WOUND-01": (
        "Wounds: current Health = written Health + bonuses − unhealed wounds. Example: written 2, Heavy Armor"
        " +2, Exoskeleton +1, four wounds → 1. Blood spots and wounds cancel one for one at once (a blood "
        "spot picked up while wounded heals at once; a hoard is spent as wounds arrive)."
    ),
    "H-WOUND-02": ("Armor burn-through is checked before any medpack or blood spot is used."),
    "H-INSTANT-01": (
        "Instant respawn: a fragged fighter respawns at once, before the shooter draws his Special, and can "
        "be fragged again the same turn; several frags at once respawn in the order fragged; an active player"
        " who is fragged continues his turn after respawning with what movement and attacks he had left."
    ),
    "H-SCATTER-01": (
        "Respawn clustering, replacing bumping: respawning on an occupied spawn point, check the eight "
        "squares around it in the scatter order A–H and appear in the first free one; if none is free, roll "
        "again for another spawn point. The scatter diagram is a 3×3 block: top row F A D, middle row C "
        "(spawn) G, bottom row H E B."
    ),
    "H-PWR-01": (
        "On a map without weapon/gadget power-up squares, each generic power-up square rolls on a table: 3 or"
        " less nothing, 4 gadget, 5 weapon, 6 or more the player's choice."
    ),
    "H-ARMOR-01": ('A gadget is armor only if its name contains "Armor" or its text says it is armor.'),
    "H-SHIELD-01": (
        "Exoskeleton, Energy Shield and Heat Shield are dropped like weapons when their fighter is fragged."
    ),
    "H-MULTI-01": (
        "With several card sets shuffled together: at most one Exoskeleton in play per fighter; several "
        "shields may be in play, but Energy Shields don't add to each other."
    ),
}
"""The full text of each house rule by its rule ID, as ../shared/RULES.md words it (H-* rows): what the
set-up screen shows on demand. Kept here as data so a player's copy needs no rules file beside it."""


def house_text(spec: OptionSpec) -> str:
    """The full text of an option's rule for a player who asks (the set-up screen's rule dialog): the
    text the option carries (`OptionSpec.text`: the altered cards' J-ALT-01/02), else its RULES.md wording
    when it is a house rule, else its one-line summary (an option with no longer text)."""
    return spec.text or HOUSE_TEXTS.get(spec.rule or "", spec.summary)


@dataclass(config=ConfigDict(extra="forbid"))
class HouseMarkers(MarkerGroup):
    """What a house rule marks on a fighter (read and written as `player.markers.of(HouseMarkers)`)."""

    wounds: int = 0
    """Unhealed wounds, taken off his Health (house rule H-WOUND-01)."""


register_markers("house", HouseMarkers)
