"""The pieces of Ruthless as data: the weapon table (R-WPN-01), hit locations (R-HIT-01), gunfighters and posses.

The seed gives the weapon table and the hit table but no character cards; ours are in
`posses/gunfighters.toml` (read by `fragtui.content.posses`, docs/rulings.md "Ruthless — pieces"). A seat
carries its posse's cards whole (`Seat.posse`), as a Frag seat carries its fighter's design: a save then
replays whatever the roster file later says, and the engine never reads the file.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fragtui.engine.config import register_seat_part
from fragtui.engine.text import PrintableStr

__all__ = [
    "HORSE_WOUNDS",
    "LOCATIONS",
    "MOST_IN_A_POSSE",
    "WEAPONS",
    "Gunfighter",
    "Location",
    "Posse",
    "Roster",
    "WeaponKind",
    "WeaponSpec",
    "location_of",
]

HORSE_WOUNDS = 3
"""A horse dies at its third wound, of any kind (R-HIT-02)."""


class WeaponKind(StrEnum):
    """The seven weapons of the weapon table (R-WPN-01)."""

    DERRINGER = "derringer"
    SHOTGUN = "shotgun"
    REVOLVER = "revolver"
    BUNTLINE = "buntline"
    BOW = "bow"
    RIFLE = "rifle"
    SHARPS = "sharps"


class WeaponSpec(BaseModel):
    """One row of the weapon table (R-WPN-01)."""

    model_config = ConfigDict(frozen=True)

    title: str
    """As players say it (`Buntline Special`)."""
    short: int | None
    """Short range in squares (inches); None: no short range (the bow)."""
    long: int | None
    """Long range in squares; None: no long range (the derringer)."""
    rounds: int | None
    """Rounds a full weapon holds; None: no ammunition to count (the bow's free reload)."""
    close_bonus: int = 0
    """Added to the to-hit roll at short range (the shotgun's +2 "at close", ruling R-WPN-01)."""
    long_bonus: int = 0
    """Added to the to-hit roll at long range (the shotgun's −1)."""
    fanfire: bool = False
    """Whether it may fanfire: up to 6 rounds in one Shoot at short range, each hitting on a 10 (R-WPN-02)."""

    @property
    def reach(self) -> int:
        """The farthest it shoots."""
        return max(self.short or 0, self.long or 0)


WEAPONS: dict[WeaponKind, WeaponSpec] = {
    WeaponKind.DERRINGER: WeaponSpec(title="Derringer", short=6, long=None, rounds=2),
    WeaponKind.SHOTGUN: WeaponSpec(title="Shotgun", short=8, long=12, rounds=2, close_bonus=2, long_bonus=-1),
    WeaponKind.REVOLVER: WeaponSpec(title="Revolver", short=8, long=12, rounds=6, fanfire=True),
    WeaponKind.BUNTLINE: WeaponSpec(title="Buntline Special", short=8, long=16, rounds=6, fanfire=True),
    WeaponKind.BOW: WeaponSpec(title="Bow", short=None, long=16, rounds=None),
    WeaponKind.RIFLE: WeaponSpec(title="Repeating Rifle", short=10, long=24, rounds=10),
    WeaponKind.SHARPS: WeaponSpec(title="Sharps Carbine", short=18, long=36, rounds=1),
}
"""The weapon table (R-WPN-01), ranges in squares (1 inch = 1 square)."""


class Location(StrEnum):
    """Where a hit lands: the "Darn, I Been Hit!" table (R-HIT-01), in the order of its rolls."""

    LEG = "leg"
    ARM = "arm"
    GRAZE = "graze"
    GUT = "gut"
    CHEST = "chest"
    SEVERE = "severe"


LOCATIONS: tuple[Location, ...] = tuple(Location)
"""Every location, in the table's order (rolls 1–2, 3–4, 5–6, 7, 8–9, 10)."""

_TABLE = {1: Location.LEG, 2: Location.LEG, 3: Location.ARM, 4: Location.ARM, 5: Location.GRAZE,
          6: Location.GRAZE, 7: Location.GUT, 8: Location.CHEST, 9: Location.CHEST, 10: Location.SEVERE}  # fmt: skip


def location_of(roll: int) -> Location:
    """The location a d10 roll (1–10, after an aimed shot's shift) lands on (R-HIT-01)."""
    return _TABLE[roll]


class Gunfighter(BaseModel):
    """One character card: who he is, his nerve, his guns and his wound boxes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(min_length=1, max_length=32, pattern=r"^[a-z][a-z0-9-]*$")
    """His key in posse lists and saves (`doc-calloway`)."""
    name: PrintableStr = Field(min_length=1, max_length=32)
    """His name on the card."""
    toughness: int = Field(ge=2, le=10)
    """The d10 roll he needs to keep his nerve (R-TOUGH-01) and to get it back (R-COUR-01)."""
    weapons: tuple[WeaponKind, ...] = Field(min_length=1, max_length=2)
    """One or two weapons of the table (R-WPN-01)."""
    wounds: dict[Location, int]
    """Wound boxes per location (R-HIT-02: crossing off the last of any one kills him)."""
    points: int = Field(ge=1, le=99)
    """What he costs in a posse built to a budget."""
    horse: bool = False
    """Whether he rides: he may Mount and Dismount (R-ACT-01), and starts mounted."""
    trait: PrintableStr | None = Field(default=None, max_length=40)
    """His trait's name (`Brawler`), where he has one."""
    fist_bonus: int = Field(default=0, ge=0, le=3)
    """What his trait adds to his Fisticuffs card (R-FIST-01: "some character traits may offer a bonus")."""
    shoot_bonus: int = Field(default=0, ge=0, le=2)
    """What his trait adds to each to-hit roll (a dead shot)."""
    nerve_bonus: int = Field(default=0, ge=0, le=2)
    """What his trait adds to his Toughness checks and courage rolls (a cool head)."""

    @model_validator(mode="after")
    def _every_location_boxed(self) -> Gunfighter:
        missing = [location.value for location in LOCATIONS if self.wounds.get(location, 0) < 1]
        if missing:
            raise ValueError(f"{self.key}: every location needs at least one wound box ({', '.join(missing)} has none)")
        if any(boxes > 6 for boxes in self.wounds.values()):
            raise ValueError(f"{self.key}: at most 6 wound boxes per location")
        if (self.trait is None) != (self.fist_bonus + self.shoot_bonus + self.nerve_bonus == 0):
            raise ValueError(f"{self.key}: a trait gives a bonus, and a bonus comes from a trait")
        return self


MOST_IN_A_POSSE = 8
"""The most gunfighters one posse leads (`Posse.gunfighters`; the posse builder and the strong bot's `own_posse` keep
to it too)."""


class Posse(BaseModel):
    """The gunfighters one seat leads, as their cards print them."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: PrintableStr = Field(min_length=1, max_length=40)
    """The posse's name (a fixed posse's, or `Ann's posse` for one built to a budget)."""
    gunfighters: tuple[Gunfighter, ...] = Field(min_length=1, max_length=MOST_IN_A_POSSE)
    """Its members, in the order they deploy."""

    @property
    def points(self) -> int:
        """What the posse costs."""
        return sum(gunfighter.points for gunfighter in self.gunfighters)


class Roster(BaseModel):
    """Every character card, the fixed posses, and the budget of a posse built by hand (docs/rulings.md,
    "Ruthless — pieces"): what the content loader reads from `posses/gunfighters.toml` and hands the engine
    (`fragtui.engine.ruthless.roster.hand_roster`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    gunfighters: tuple[Gunfighter, ...]
    """Every card, in the file's order."""
    posses: tuple[Posse, ...] = ()
    """The fixed posses, in the file's order."""
    posse_keys: tuple[str, ...] = ()
    """Each fixed posse's key (`harlan-gang`), in the same order."""
    budget: int = Field(ge=1, le=400)
    """The most points a posse built by hand may cost."""

    def gunfighter(self, key: str) -> Gunfighter:
        """The card of `key` (a KeyError if there is none)."""
        for gunfighter in self.gunfighters:
            if gunfighter.key == key:
                return gunfighter
        raise KeyError(key)

    def posse(self, key: str) -> Posse:
        """The fixed posse of `key` (a KeyError if there is none)."""
        return self.posses[self.posse_keys.index(key)] if key in self.posse_keys else _missing(key)


def _missing(key: str) -> Posse:
    raise KeyError(key)


register_seat_part("posse", Posse)  # a seat leads a posse (`Seat.posse`), read from JSON as one of these
