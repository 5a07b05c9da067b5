"""The six unique fighters of Frag Deadlands (D-FTR-01..07), as data: who they are, what their record
sheet prints (drawback, "Cheatin'", starting gear), for the rules, the set-up screen and the record sheet.

Each player plays a different one of them (D-FTR-01) and still divides 7 points between Health, Speed
and Accuracy, 1 to 4 each. What an ability *does* is the rules' (`fragtui.engine.deadlands.abilities`);
what it *says* is here, once, so that every screen words it the same.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

__all__ = ["CHARACTERS", "Character", "CharacterSheet", "StartingWeapon", "sheet_of"]


class Character(StrEnum):
    """The six fighters of Frag Deadlands; configurations and saves spell them in lower case with dashes."""

    AGENCY_OPERATIVE = "agency-operative"
    MAD_SCIENTIST = "mad-scientist"
    HUCKSTER = "huckster"
    HARROWED_GUNSLINGER = "harrowed-gunslinger"
    SALOON_GAL = "saloon-gal"
    INDIAN_BRAVE = "indian-brave"


class StartingWeapon(BaseModel):
    """The weapon printed on a fighter's record sheet: not a card, never lost, never malfunctions (D-CARD-05)."""

    model_config = ConfigDict(frozen=True)

    name: str
    """Its name (`Gatling Pistol`)."""
    damage: int
    """Damage dice; every starting weapon has unlimited ammo."""


class CharacterSheet(BaseModel):
    """One fighter's record sheet as printed: his name, drawback, "Cheatin'" ability and starting gear."""

    model_config = ConfigDict(frozen=True)

    character: Character
    """Which fighter it is."""
    title: str
    """His name for players (`Agency Operative`)."""
    portrait: str
    """A line about who he is, for the set-up screen."""
    drawback: str
    """His drawback, as the record sheet words it."""
    cheatin: str
    """His "Cheatin'" ability, as the record sheet words it."""
    weapon: StartingWeapon
    """The starting weapon he fights with when he has no other (every fighter has one: the Mad Scientist
    and the Huckster the basic pistol, ruling D-FTR-03)."""
    gear: str
    """His starting weapon or gadget, as the sheet prints it (`Gatling Pistol: 3 dice, unlimited ammo`)."""


CHARACTERS: tuple[CharacterSheet, ...] = (
    CharacterSheet(
        character=Character.AGENCY_OPERATIVE,
        title="Agency Operative",
        portrait="A Federal agent in a black duster, hunting the unnatural for Washington.",
        drawback="Federal budget limits: a hand limit of 4 cards, not 5.",
        cheatin="On any revolver or Gatling pistol attack, reroll every to-hit or damage die that comes up 1.",
        weapon=StartingWeapon(name="Gatling Pistol", damage=3),
        gear="Gatling Pistol: 3 dice of damage, unlimited ammo.",
    ),
    CharacterSheet(
        character=Character.MAD_SCIENTIST,
        title="Mad Scientist",
        portrait="A ghost-rock tinkerer whose inventions work, mostly.",
        drawback="Weapons in play: at most his Health, not Health + 1.",
        cheatin="Power-up checks succeed on 3-6; at the start of each turn, on 3-6 he draws a gadget card.",
        weapon=StartingWeapon(name="Pistol", damage=2),
        gear="Pistol: 2 dice of damage, unlimited ammo.",
    ),
    CharacterSheet(
        character=Character.HUCKSTER,
        title="Huckster",
        portrait="A card sharp who deals with manitous for his hexes.",
        drawback="Power-up checks succeed only on 5-6.",
        cheatin="Discard any two cards from hand to take the top card of the hex discard pile.",
        weapon=StartingWeapon(name="Pistol", damage=2),
        gear="Hoyle's Book of Games: at the start of each turn, on 5-6 draw a hex card. Dealt a hex at set-up.",
    ),
    CharacterSheet(
        character=Character.HARROWED_GUNSLINGER,
        title="Harrowed Gunslinger",
        portrait="A gunman who came back from the grave, and keeps coming back.",
        drawback="May not use Hoyle's Book of Games or hex cards.",
        cheatin="When fragged, he chooses the grave (respawn point) he returns from, and draws a free weapon card.",
        weapon=StartingWeapon(name="Revolver", damage=2),
        gear="Revolver: 2 dice of damage, unlimited ammo.",
    ),
    CharacterSheet(
        character=Character.SALOON_GAL,
        title="Saloon Gal",
        portrait="She runs the faro table, and a derringer in her garter.",
        drawback="May not use the shootout rules.",
        cheatin="Discard one card from hand to add one die to any die roll.",
        weapon=StartingWeapon(name="Derringer", damage=2),
        gear="Derringer: 2 dice of damage, unlimited ammo.",
    ),
    CharacterSheet(
        character=Character.INDIAN_BRAVE,
        title="Indian Brave",
        portrait="A warrior of the Sioux nations, quiet as the prairie.",
        drawback="Whoever frags him may hang him on the gallows, whatever the damage.",
        cheatin="Every healing card heals him 1 more than printed.",
        weapon=StartingWeapon(name="Bow & Arrows", damage=2),
        gear="Bow & Arrows: 2 dice of damage, unlimited ammo.",
    ),
)
"""The six record sheets, in the order the rulebook lists them (D-FTR-01)."""

_BY_CHARACTER = {sheet.character: sheet for sheet in CHARACTERS}


def sheet_of(character: Character | str) -> CharacterSheet:
    """The record sheet of `character` (a `ValueError` for a name that is none of the six)."""
    return _BY_CHARACTER[Character(character)]
