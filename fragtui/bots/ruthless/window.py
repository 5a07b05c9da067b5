"""A Ruthless bot's window: the shared `BotWindow` and what Ruthless's rules answer for the seat deciding —
the exact odds of a shot (R-SHOOT-01) and what a decision it answers is about. The Ruthless bot takes the
window it is handed through `RuthlessWindow.of`."""

from __future__ import annotations

from fragtui.bots.window import BotWindow
from fragtui.engine.ruthless.actions import Shoot
from fragtui.engine.ruthless.odds import ShotOdds
from fragtui.engine.ruthless.seen import Answering

__all__ = ["Answering", "RuthlessWindow"]


class RuthlessWindow(BotWindow):
    """One seat's window on a game of Ruthless."""

    __slots__ = ()

    def shot_odds(self, shot: Shoot) -> ShotOdds:
        """The exact odds of one of this seat's legal shots (`Game.forecast`, R-SHOOT-01), as a Frag window's
        `forecast` gives an attack's (public information only)."""
        odds = self._decision_game(shot).forecast(shot, self.seat)  # (the kernel's forecast is each system's own type)
        assert isinstance(odds, ShotOdds)
        return odds

    def answering(self) -> Answering | None:
        """What the pending decision this seat answers is about, as announced at the table — the declared
        shot's firer and target (a snap shot, R-SNAP-01), the brawl's mover and defender (fisticuffs,
        R-FIST-01), the mover under a covering gun (R-COVER-01), the aimed hit's target and its location roll
        (R-HIT-01): the view's `answering`. None when the seat answers no such decision. The cards picked
        face down stay hidden."""
        if not self.deciding():
            return None
        seen = self.view().ruthless
        return seen.answering if seen is not None else None

    def __repr__(self) -> str:
        return f"RuthlessWindow(seat={self._seat})"
