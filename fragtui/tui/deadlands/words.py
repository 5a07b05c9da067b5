"""Frag Deadlands' own words on Frag's screen: who fires first in a shootout (D-SHOOT-02)."""

from __future__ import annotations

from fragtui.engine.deadlands.shootout_decisions import ShootoutStage, ShootoutView
from fragtui.engine.view import PlayerView

__all__ = ["shootout_order_words"]


def _speed_dice(view: PlayerView, seat: int) -> str:
    speed = view.fighters[seat].speed
    return f"{speed} Speed {'die' if speed == 1 else 'dice'}"


def shootout_order_words(view: PlayerView, shootout: ShootoutView) -> str:
    """Who fires first in a shootout, as it stands (D-SHOOT-02): both roll Speed dice and turn over a card only
    when the mover fires back; a mover who may not or cannot (the Saloon Gal, D-FTR-06) rolls nothing, and the
    holder simply fires. Said to the one deciding now (the holder asked, the mover answering)."""
    holder, mover = view.fighters[shootout.holder].name, view.fighters[shootout.mover].name
    rolls = (
        f"{holder} rolls {_speed_dice(view, shootout.holder)}, {mover} {_speed_dice(view, shootout.mover)}, each "
        f"adding a card turned over: the higher fires first ({holder} on a tie)"
    )
    if shootout.stage is ShootoutStage.ASKED:
        if shootout.no_answer is not None:
            return f"{mover} cannot fire back ({shootout.no_answer}): open it, and you fire at once, with no roll.\n"
        return f"Open it, and if {mover} fires back, {rolls}.\n"
    if shootout.stage is ShootoutStage.ANSWER:
        return f"Fire back, and {rolls}; hold your fire, and only {holder} fires.\n"
    return ""
