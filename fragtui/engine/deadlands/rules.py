"""Frag Deadlands as a ruleset: base Frag's rules with the D-* rules of ../shared/RULES.md on top.

`DeadlandsRules` extends `FragRules` (Deadlands uses the Frag rules except where a D rule changes
them) through a chain of parts, one per group of D rules, each subclassing the one before it (so a
part may ask, and override, what a lower part decides), overriding the Frag methods its rules change
and adding its own actions and windows:

- `DeckRules` (deck.py): the four decks, the poker hand for the first player, jokers, hexes,
  malfunctions, armor, the fragged procedure (D-CARD-*, D-ARM-01, D-RESP-01);
- `Abilities` (abilities.py): the six fighters' drawbacks and "Cheatin'" (D-FTR-*);
- `Western` (western.py): windows, beasts, gallows and hanging (D-MAP-*, D-GAL-01);
- `Shootouts` (shootouts.py): held attacks and shootouts (D-SHOOT-*).

No Frag module knows any of this: a part changes a rule by overriding the method that applies it
(where Frag had no such method, a seam is added to Frag's code: a method that applies Frag's rule).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from random import Random
from typing import ClassVar

from fragtui.engine.board import Terrain
from fragtui.engine.cards import Handler
from fragtui.engine.config import GameConfig
from fragtui.engine.deadlands.abilities import Abilities
from fragtui.engine.deadlands.actions import Cheat, HoldAttack
from fragtui.engine.deadlands.deck import DeckRules
from fragtui.engine.deadlands.roster import CHARACTERS, Character, sheet_of
from fragtui.engine.deadlands.shootouts import Shootouts
from fragtui.engine.deadlands.western import Western
from fragtui.engine.decisions import ResponseWindow, WindowPoint
from fragtui.engine.frag.design import all_designs
from fragtui.engine.frag.playing import HANDLERS
from fragtui.engine.frag.rules import FRAG_TURN, FragRules
from fragtui.engine.frag.state import Phase
from fragtui.engine.rulesets import RosterEntry, register_ruleset
from fragtui.engine.turn_structure import PhaseSpec, TurnStructure
from fragtui.errors import ConfigError, shown

__all__ = ["DEADLANDS_TURN", "DeadlandsRules"]


def _with(phase: str, *kinds: type) -> PhaseSpec:
    spec = FRAG_TURN.phase(phase)
    return replace(spec, allows=(*spec.allows, *kinds))


DEADLANDS_TURN = TurnStructure(
    phases=tuple(
        _with(spec.name, Cheat)
        if spec.name is Phase.ROLL
        else _with(spec.name, HoldAttack, Cheat)
        if spec.name is Phase.ACTION
        else spec
        for spec in FRAG_TURN.phases
    )
)
"""Frag's turn (F-TURN-01), with a fighter's "Cheatin'" from the roll on and a held attack in phase 3
(D-FTR-*, D-SHOOT-01)."""


_CHEAT_WORDS = {
    Character.HUCKSTER: "for the top card of the hex discard pile",
    Character.SALOON_GAL: "to add one die to the roll",
}
"""What the fighters whose Cheatin' is an action (`Cheat`) get for it, for the action list (D-FTR-04, D-FTR-06)."""


@register_ruleset
class DeadlandsRules(Shootouts):
    """Frag Deadlands (D-*): six unique fighters, four decks with poker suits, hexes, gallows, shootouts, beasts."""

    key = "deadlands"
    title = "Frag Deadlands"
    summary = "The Wild-West edition: six unique fighters, hexes, poker hands, gallows, shootouts and beasts."
    maps_for = frozenset({"deadlands", "frag"})
    turn_structure = DEADLANDS_TURN
    windows: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {
        **FragRules.windows,
        **DeckRules.DECK_WINDOWS,
        **Abilities.ABILITIES_WINDOWS,
        **Western.WESTERN_WINDOWS,
        **Shootouts.SHOOTOUTS_WINDOWS,
    }

    # -- setting a game up -----------------------------------------------------------------------

    @classmethod
    def check_config(cls, config: GameConfig) -> None:
        """Each player plays one of the six fighters, and no two play the same one (D-FTR-01)."""
        names = ", ".join(c.value for c in Character)
        seen: dict[str, str] = {}
        if len(config.seats) > len(CHARACTERS):
            raise ConfigError(f"Frag Deadlands has {len(CHARACTERS)} fighters: at most {len(CHARACTERS)} players")
        for seat in config.seats:
            if seat.character is None:
                raise ConfigError(f"{seat.name} has no fighter: Frag Deadlands is played with one of {names}")
            if seat.character not in Character.__members__.values():
                raise ConfigError(f"{seat.name} plays {shown(seat.character)}: the fighters are {names}")
            if seat.character in seen:
                raise ConfigError(
                    f"{seat.name} and {seen[seat.character]} both play the {sheet_of(seat.character).title}: "
                    "each player plays a different fighter"
                )
            seen[seat.character] = seat.name

    @classmethod
    def roster(cls) -> tuple[RosterEntry, ...]:
        """The six fighters as their record sheets print them (roster.py), for the set-up screen and the sheet."""
        return tuple(
            RosterEntry(
                key=sheet.character.value,
                title=sheet.title,
                portrait=sheet.portrait,
                lines=(("Drawback", sheet.drawback), ("Cheatin'", sheet.cheatin), ("Gear", sheet.gear)),
                weapon=sheet.weapon.name,
                cheat=_CHEAT_WORDS.get(sheet.character, ""),
            )
            for sheet in CHARACTERS
        )

    @classmethod
    def path_warnings(cls) -> Mapping[Terrain, str]:
        """A tentacle square on the path: the beast's Accuracy check (D-MAP-02)."""
        return {Terrain.TENTACLE: "beast: Accuracy check"}

    @classmethod
    def random_seats(cls, rng: Random, players: int) -> list[dict[str, object]]:
        """Players `P1`… each with a different one of the six fighters and a random legal design (D-FTR-01)."""
        designs = all_designs()
        characters = rng.sample(list(Character), players)
        return [
            {"name": f"P{n + 1}", "fighter": rng.choice(designs), "character": characters[n].value}
            for n in range(players)
        ]

    def check_content(self) -> None:
        """Every card's handler is registered; every seat plays one of the six fighters."""
        for card in self.cards:
            for effect in card.effects:
                if isinstance(effect, Handler) and effect.name not in HANDLERS:
                    raise ConfigError(
                        f"card {shown(card.id)} names the handler {shown(effect.name)}, which is not registered"
                    )


DeadlandsRules.OFFERS = (
    *FragRules.OFFERS[:-1],
    *DeckRules.DECK_OFFERS,
    *Abilities.ABILITIES_OFFERS,
    *Western.WESTERN_OFFERS,
    *Shootouts.SHOOTOUTS_OFFERS,
    FragRules.OFFERS[-1],  # ending the turn, last
)
