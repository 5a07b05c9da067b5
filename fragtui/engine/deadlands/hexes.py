"""Card effects of the Frag Deadlands set that the effect vocabulary cannot say (D-CARD-01, D-CARD-02).

The set (cards/deadlands/) says almost everything in the vocabulary of docs/card-format.md; the few
cards that need code name a handler registered here (`{ kind = "handler", name = "jinx" }`). The
deadlands package imports this module, so the handlers are registered before any game with the set
starts (the engine refuses a card naming an unregistered handler).

Who may play a hex at all (the Huckster, or Hoyle's Book of Games in play, D-CARD-02) is the deck
rules' business (`DeckRules.may_use_hexes`), not the handlers'.
"""

from __future__ import annotations

from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import PlayCard
from fragtui.engine.frag.playing import Playing, register_handler

__all__ = ["JINX", "jinx"]

JINX = "jinx"
"""The handler of the hex Jinx: the weapon card its victim put in play last is discarded."""


@register_handler(JINX)
def jinx(game: Playing, seat: int, action: PlayCard) -> None:
    """Jinx (a hex played on another fighter): the weapon card he put in play last is discarded, with
    whatever is attached to it. Only cards are jinxed: the weapon printed on his record sheet is no card
    and is never lost (D-CARD-05); with no weapon card in play the hex is spent for nothing, as the
    card says."""
    target = action.target
    if target is None:  # a play on another fighter always names him; nothing to do otherwise
        return
    victim = game.player(target)
    hexer = game.name(seat)
    if not victim.weapons:
        game.emit(
            CommonEventKind.DISCARDED,
            f"{hexer}'s Jinx finds no weapon card in {victim.name}'s hands",
            player=target,
        )
        return
    weapon = max(victim.weapons, key=lambda entry: entry.played).card  # the play counter orders them
    game.take_from_play(target, weapon)
    game.detach(target, weapon)
    game.discard(weapon)
    game.emit(
        CommonEventKind.DISCARDED,
        f"{hexer}'s Jinx: {victim.name}'s {game.card_name(weapon)} is discarded",
        player=target,
        card=weapon,
    )
