"""A Frag bot's window (Frag, Frag Deadlands): the shared `BotWindow` and the two questions Frag's rules answer
for the seat deciding — the exact forecast of an attack it may declare, and the routes its fighter may move
along in its own phase 3. Frag's bots take the window they are handed through `FragWindow.of`."""

from __future__ import annotations

from fragtui.bots.window import BotWindow
from fragtui.engine.board import Square
from fragtui.engine.frag.actions import Attack
from fragtui.engine.frag.forecast import AttackForecast
from fragtui.engine.frag.state import Phase
from fragtui.engine.geometry import Route

__all__ = ["FragWindow"]


class FragWindow(BotWindow):
    """One seat's window on a game of Frag (or a Frag variant)."""

    __slots__ = ()

    def forecast(self, attack: Attack) -> AttackForecast:
        """The exact odds of one of this seat's legal attacks (public information only)."""
        forecast = self._decision_game(attack).forecast(attack, self.seat)  # (each system's own type)
        assert isinstance(forecast, AttackForecast)
        return forecast

    def routes(self) -> dict[Square, Route]:
        """Where this seat's fighter may end a move now and the cheapest way there (empty outside
        his own phase 3: the movement points are the active player's)."""
        turn = self._game.state.turn
        if not self.deciding() or turn.active != self._seat or turn.phase is not Phase.ACTION:
            return {}
        return self._game.rules.routes(self._seat)

    def __repr__(self) -> str:
        return f"FragWindow(seat={self._seat})"
