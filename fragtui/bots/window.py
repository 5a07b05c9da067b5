"""A computer player's window on the game: what its seat may know and do, and nothing more.

A bot is handed a `BotWindow`, never the `Game`. The window answers the questions a person at
the keyboard could answer for that seat — the seat's `view` (other hands and deck orders hidden),
the legal actions when it is the seat's decision, the exact forecast of an attack it may make,
and the routes its fighter may move along — plus the two things printed for everyone to read:
the map and the card definitions.

Why a window and not the game: `game.state` holds every hand, every deck's order and the dice
generator; a bot that read it would cheat, and nothing in the type system stops a method from
reading an attribute. The window keeps the game in a slot whose name starts with an underscore
and offers no public attribute that leads to it (tests walk the public attributes to prove it).
Python cannot make that airtight, so the rule for bots is: use the window's public methods only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fragtui.engine.actions import Action, Attack, Shoot
from fragtui.engine.board import Board, Square
from fragtui.engine.cards import CardDef
from fragtui.engine.frag.forecast import AttackForecast
from fragtui.engine.frag.state import Phase
from fragtui.engine.geometry import Route
from fragtui.engine.legal import LegalActions
from fragtui.engine.ruthless.odds import ShotOdds
from fragtui.engine.ruthless.seen import Answering
from fragtui.engine.view import PlayerView
from fragtui.errors import IllegalActionError

if TYPE_CHECKING:
    from fragtui.engine.game import Game

__all__ = ["Answering", "BotWindow"]

_NONE = LegalActions(())
"""No actions: what a seat that does not decide may take."""


class BotWindow:
    """One seat's view of a game, and the questions that seat may ask about its own decision."""

    __slots__ = ("_game", "_seat")

    def __init__(self, game: Game, seat: int) -> None:
        """The window of `seat` on `game` (the game itself stays behind the window)."""
        if not 0 <= seat < len(game.state.players):
            raise ValueError(f"no seat {seat} in this game")
        self._game = game
        self._seat = seat

    @property
    def seat(self) -> int:
        """The seat this window looks from."""
        return self._seat

    @property
    def board(self) -> Board:
        """The map: printed on the board, the same for every player."""
        return self._game.board

    def card(self, instance: str) -> CardDef:
        """What a card does (`shotgun#2` or `shotgun`): printed on the card, the same for every player."""
        return self._game.cards[instance]

    def view(self) -> PlayerView:
        """Everything this seat may know now (`Game.view(seat)`)."""
        return self._game.view(self._seat)

    def deciding(self) -> bool:
        """Whether the game waits for this seat's decision."""
        return self._game.decider() == self._seat

    def legal_actions(self) -> Sequence[Action]:
        """The actions this seat may take now (`Game.legal_actions`: immutable); empty when the decision is someone
        else's."""
        return self._game.legal_actions() if self.deciding() else _NONE

    def forecast(self, attack: Attack) -> AttackForecast:
        """The exact odds of one of this seat's legal attacks (public information only)."""
        if not self.deciding():
            raise IllegalActionError(f"{attack}: it is not seat {self._seat}'s decision")
        forecast = self._game.forecast(attack)
        assert isinstance(forecast, AttackForecast)
        return forecast

    def shot_odds(self, shot: Shoot) -> ShotOdds:
        """Ruthless: the exact odds of one of this seat's legal shots (`Game.forecast`, R-SHOOT-01), as
        `forecast` gives a Frag attack's (public information only)."""
        if not self.deciding():
            raise IllegalActionError(f"{shot}: it is not seat {self._seat}'s decision")
        odds = self._game.forecast(shot)
        assert isinstance(odds, ShotOdds)
        return odds

    def ruleset(self) -> str:
        """The key of the game's rules (`frag`, `deadlands`, `ruthless`): printed on the box, known to all."""
        return self._game.rules.key

    def answering(self) -> Answering | None:
        """Ruthless: what the pending decision this seat answers is about, as announced at the table — the
        declared shot's firer and target (a snap shot, R-SNAP-01), the brawl's mover and defender (fisticuffs,
        R-FIST-01), the mover under a covering gun (R-COVER-01), the aimed hit's target and its location roll
        (R-HIT-01): the view's `answering`. None when the seat answers no such decision. The cards picked
        face down stay hidden."""
        if not self.deciding():
            return None
        seen = self.view().ruthless
        return seen.answering if seen is not None else None

    def routes(self) -> dict[Square, Route]:
        """Where this seat's fighter may end a move now and the cheapest way there (empty outside
        his own phase 3: the movement points are the active player's)."""
        turn = self._game.state.turn
        if not self.deciding() or turn.active != self._seat or turn.phase is not Phase.ACTION:
            return {}
        return self._game.rules.routes(self._seat)

    def __repr__(self) -> str:
        return f"BotWindow(seat={self._seat})"
