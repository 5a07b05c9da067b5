"""Jeremehovah's altered cards (J-ALT-01, J-ALT-02): the Electromagnetic Cannon and the Machine Gun
played by their altered text, as an option of the game.

The altered text is card data, not code: each of the two cards carries a `[card.altered]` table in
`cards/weapons.toml` (`fragtui.engine.cards.AlteredCard`), and the option swaps the altered cards in
for the printed ones when the game is set up (`FragRules.played_cards`, `CardSet.altered`). The rules
then play whatever card they find: the Cannon's range cap is a card field any weapon may have
(`CardDef.range_cap`, read by `Combat.counted_range`), the Machine Gun's two shots an ammo the
`shots_per_ammo` other cards already had. Both cards are Frag's: the Frag Deadlands set has neither,
so under Frag Deadlands the option changes something only when Frag's set is shuffled in (`mixed-sets`).
"""

from __future__ import annotations

from collections.abc import Mapping

from fragtui.engine.rulesets import OptionSpec, OptionValue

__all__ = ["ALTERED_CARDS", "ALTERED_OPTIONS", "ALTERED_TEXT", "altered_cards_on"]

ALTERED_CARDS = "altered-cards"
"""J-ALT-01/02: the Electromagnetic Cannon and the Machine Gun are played by their altered text."""

ALTERED_TEXT = (
    "Altered cards (Frag's set; the Frag Deadlands set has neither card, so there it counts only with "
    'mixed-sets). J-ALT-01, Electromagnetic Cannon: its special reads "If range is beyond 10, always '
    'treat as 10. Ignores armor, +1 Health damage per hit": a target 11 or more squares away is hit on '
    "10 or more. J-ALT-02, Machine Gun: each ammo counts as two shots (the seed's 6 ammo give 12 shots; "
    "this set's Machine Gun prints Ammo 12, so 24 shots)."
)
"""The option's full text for a player who asks (the set-up screen's `?`): both cards' altered rules."""

ALTERED_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name=ALTERED_CARDS,
        summary="Altered EM Cannon and Machine Gun (cards of Frag's set)",
        default=False,
        rule="J-ALT-01",
        text=ALTERED_TEXT,
    ),
)
"""The altered-cards option (J-ALT-01/02), offered by base Frag and Frag Deadlands."""


def altered_cards_on(options: Mapping[str, OptionValue]) -> bool:
    """Whether a configuration's options play the altered cards (the option is off unless set)."""
    return options.get(ALTERED_CARDS, False) is True
