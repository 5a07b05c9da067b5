"""Where an effect on a fighter comes from: the record the one effect pipeline hands out.

Every rule that a card, an ability or an option changes for a fighter — his stats (multiply first,
then add: F-META-03), the rules he may break (`Flag`), sure hits and misses (F-CARD-10: the last
played controls), his triggers, shields and armor — reads the same list: `Core.effect_sources(seat)`,
the effects that reach his fighter, each as an `EffectSource` saying where it comes from. The
forecast and the view read it too, so nothing mirrors it by hand.

Base Frag's effects all come from cards in play. The pipeline also gathers what a ruleset adds
through two hooks that base Frag leaves empty (`Core.ability_effects`, `Core.option_effects`): a
Frag Deadlands fighter's abilities, Franklin's house rules, a Frag Tag mode. They plug in there,
and every stat, flag, trigger, shield, forecast and view sees them with no other change.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple

from fragtui.engine.cards import Effect
from fragtui.engine.frag.state import InPlay

__all__ = ["EffectSource", "Origin", "Pile"]

Pile = Literal["weapons", "gadgets", "specials"]
"""The part of a play area a card in play lies in (`PlayerState.weapons`, `gadgets`, `specials`)."""


class Origin(StrEnum):
    """What grants an effect."""

    CARD = "card"
    """A card in play (base Frag's only origin)."""
    ABILITY = "ability"
    """One of the fighter's own abilities (Frag Deadlands' unique fighters)."""
    OPTION = "option"
    """An option of the ruleset the game is played with (one of Franklin's house rules)."""
    MODE = "mode"
    """The game's mode of scoring (a Frag Tag mode: "it", keep-away, king of the hill)."""


class EffectSource(NamedTuple):
    """One effect and where it comes from: who holds it, and for a card the card in play itself
    (its play stamp for F-CARD-10, the weapon it is attached to, what its shield has stopped).

    A named tuple, not a model: the pipeline hands these out at every decision, many times over,
    and a tuple is made and read faster than anything else Python has.
    """

    effect: Effect
    """The effect (a `Modify`, `Flag`, `Sure`, `Trigger`, `Shield`, `Armor`, ...)."""
    origin: Origin
    """What grants it."""
    holder: int
    """The seat whose fighter holds it: whose play area the card lies in, whose ability it is, or
    whom the option gives it. It reaches him, and every fighter when its scope is `all`."""
    name: str
    """The card instance (`shotgun#2`), or the ability's or option's name (`wounds`)."""
    entry: InPlay | None = None
    """The card in play, for a card (None for an ability or an option)."""
    pile: Pile | None = None
    """Where the card lies in the play area, for a card."""

    @property
    def played(self) -> int:
        """When it came into force (F-CARD-10: the last played controls). An ability or an option has
        been in force since before any card was played: 0, so any card played overrides it."""
        entry = self.entry
        return 0 if entry is None else entry.played

    @property
    def attached(self) -> str | None:
        """The weapon the card is attached to (its `scope = "weapon"` effects reach that weapon's attacks only)."""
        entry = self.entry
        return None if entry is None else entry.attached

    @property
    def card(self) -> str | None:
        """The card instance, for a card."""
        entry = self.entry
        return None if entry is None else entry.card

    @property
    def weapon(self) -> bool:
        """Whether it is a weapon card in play: its on-hit triggers act only when it is the one fired,
        and it is neither armor nor a shield."""
        return self.pile == "weapons"

    @classmethod
    def granted(cls, origin: Origin, holder: int, name: str, effect: Effect) -> EffectSource:
        """An effect granted by an ability, an option or a mode (not a card) to `holder`'s fighter: what
        `Core.ability_effects` and `Core.option_effects` return."""
        if origin is Origin.CARD:
            raise ValueError("a card's effects come from the card in play, not from a hook")
        return cls(effect, origin, holder, name)
