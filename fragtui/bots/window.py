"""A computer player's window on the game: what its seat may know and do, and nothing more.

A bot is handed a `BotWindow`, never the `Game`. The window answers the questions a person at
the keyboard could answer for that seat — the seat's `view` (other hands and deck orders hidden),
the legal actions when it is the seat's decision — plus the things printed for everyone to read:
the map, the card definitions and the rules' name. A rule system's bots ask more through a window of
their own (`BotWindow.of`): Frag's `FragWindow` (bots/frag_window.py) the exact forecast of an attack
and the routes its fighter may move along, Ruthless's `RuthlessWindow` (bots/ruthless/window.py) the
odds of a shot and what a decision it answers is about. This window knows no rule system.

Why a window and not the game: `game.state` holds every hand, every deck's order and the dice
generator; a bot that read it would cheat, and nothing in the type system stops a method from
reading an attribute. The window keeps the game in a slot whose name starts with an underscore
and offers no public attribute that leads to it (tests walk the public attributes to prove it).
Python cannot make that airtight, so the rule for bots is: use the window's public methods only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Self

from fragtui.bots.worlds import NoWorld, World, sampler_for, sampler_for_ruleset
from fragtui.engine.actions import Action
from fragtui.engine.board import Board
from fragtui.engine.cards import CardDef, CardSet
from fragtui.engine.legal import LegalActions
from fragtui.engine.view import PlayerView
from fragtui.errors import IllegalActionError

if TYPE_CHECKING:
    from fragtui.engine.game import Game

__all__ = ["BotWindow"]

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

    @property
    def cards(self) -> CardSet:
        """The whole card set: printed, the same for every player (which cards there are, deck by deck)."""
        return self._game.cards

    def card(self, instance: str) -> CardDef:
        """What a card does (`shotgun#2` or `shotgun`): printed on the card, the same for every player."""
        return self._game.cards[instance]

    def view(self) -> PlayerView:
        """Everything this seat may know now (`Game.view(seat)`)."""
        return self._game.view(self._seat)

    def deciding(self) -> bool:
        """Whether the game waits for this seat's decision (he is one of its deciders: alone, or choosing at once
        with others in a simultaneous choice)."""
        return self._seat in self._game.deciders()

    def legal_actions(self) -> Sequence[Action]:
        """The actions this seat may take now (`Game.legal_actions(seat)`: immutable); empty when the decision is
        someone else's."""
        return self._game.legal_actions(self._seat) if self.deciding() else _NONE

    def ruleset(self) -> str:
        """The key of the game's rules (`frag`, `deadlands`, `ruthless`): printed on the box, known to all."""
        return self._game.rules.key

    def public_record(self) -> object | None:
        """What the whole table knows of the game that the view does not spell out, for imagining worlds (the
        system's `WorldSampler.record`: the set-up, the turn's bookkeeping, the decisions waiting as announced,
        copied field by named field; never a hand, a deck's order, a face-down card or the dice). None when the
        game's system has no sampler, or at a moment it cannot imagine (the Deadlands poker draw)."""
        sampler = sampler_for(self._game.state)
        if sampler is None:
            return None
        try:
            return sampler.record(self._game.state, self._seat)
        except NoWorld:
            return None

    def sample_world(self, rng: random.Random) -> World | None:
        """A whole game this seat could be in, as far as it may know: built from its view and the public record
        alone (`fragtui.bots.worlds`), every hidden thing (other hands, deck orders, face-down picks, the dice to
        come) drawn with `rng` among what it could be. The same view and the same `rng` give the same world,
        whatever is truly hidden. None when the game's system has no sampler, or at a moment it cannot imagine (the
        Deadlands poker draw): decide without searching then."""
        record = self.public_record()
        sampler = sampler_for_ruleset(self.ruleset())
        if record is None or sampler is None:
            return None
        try:
            world = sampler.world_from_view(self.view(), record, self.board, self.cards, rng)
        except NoWorld:
            return None
        return World(world, self.board, self.cards)

    @classmethod
    def of(cls, window: BotWindow) -> Self:
        """`window`'s seat seen through this kind of window: a rule system's own (`FragWindow`'s routes and
        attack forecasts, `RuthlessWindow`'s shot odds), which its bot asks for what it is handed. The same
        seat and the same game behind it, so no more is seen than the system's questions answer."""
        return window if isinstance(window, cls) else cls(window._game, window._seat)

    def _decision_game(self, what: object) -> Game:
        """The game, for a system's window answering a question about this seat's own decision (`what`: the
        action asked about); an `IllegalActionError` when the decision is someone else's."""
        if not self.deciding():
            raise IllegalActionError(f"{what}: it is not seat {self._seat}'s decision")
        return self._game

    def __repr__(self) -> str:
        return f"BotWindow(seat={self._seat})"
