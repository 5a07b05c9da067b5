"""One whole game between computer players, one bot per seat, and what came of it.

The game is played through the checked `Game.apply`, each bot seeing only its own `BotWindow`;
with `check`, the engine's invariants (`fragtui.engine.harness`) are checked after every action,
as the random-game tests do. A safety cap on the number of actions stops a game that would not
end (two bots that never meet), and the report says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fragtui.bots.bot import Bot
from fragtui.bots.window import BotWindow
from fragtui.engine.events import Event
from fragtui.engine.game import Game
from fragtui.engine.harness import check_invariants
from fragtui.errors import IllegalActionError

__all__ = ["MAX_ACTIONS", "MatchReport", "SeatReport", "play_game"]

MAX_ACTIONS = 20_000
"""A game still going after this many actions is stopped there (no shipped map needs a tenth of it)."""


@dataclass(frozen=True)
class SeatReport:
    """One seat's game: who played it and the figures on its record sheet."""

    seat: int
    """The seat (turn order)."""
    name: str
    """The player's name."""
    bot: str
    """The kind of bot that played it."""
    character: str | None
    """The unique fighter he played, where the ruleset has a roster (Frag Deadlands: `huckster`); None in Frag."""
    frags: int
    """Frags scored."""
    deaths: int
    """Times fragged (by anyone or anything)."""
    damage_dealt: int
    """Health taken from other fighters."""
    damage_taken: int
    """Health lost, from any source."""
    shots: int
    """Attacks declared."""
    hits: int
    """Attacks that hit."""
    cards_played: int
    """Cards played from hand."""
    power_ups: int
    """Cards drawn from power-up squares."""


@dataclass(frozen=True)
class MatchReport:
    """What a game between bots came to."""

    winner: int | None
    """The winning seat; None if the action cap was reached first."""
    turns: int
    """Turns begun."""
    actions: int
    """Actions applied."""
    seats: tuple[SeatReport, ...]
    """Every seat's figures, in seat order."""

    @property
    def finished(self) -> bool:
        """Whether someone won (the cap was not reached)."""
        return self.winner is not None


def play_game(
    game: Game,
    bots: Sequence[Bot],
    *,
    max_actions: int = MAX_ACTIONS,
    check: bool = False,
    on_events: Callable[[list[Event]], None] | None = None,
) -> MatchReport:
    """Play `game` on to its end (or `max_actions` more actions) with `bots[seat]` deciding for each seat.

    An action a bot chooses that is not legal is an `IllegalActionError` naming the bot and the
    seat; `check` verifies the engine's invariants after every action (slower; for tests).
    `on_events` is handed the events of every action as it is applied.
    """
    seats = len(game.state.players)
    if len(bots) != seats:
        raise ValueError(f"{len(bots)} bots for {seats} seats")
    windows = [BotWindow(game, seat) for seat in range(seats)]
    cards = game.card_count() if check else 0
    actions = 0
    while actions < max_actions:
        seat = game.decider()
        if seat is None:
            break
        bot = bots[seat]
        action = bot.decide(windows[seat])
        before = game.rules.promise_snapshot() if check else None
        try:
            events = game.apply(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"the {bot.name} bot of seat {seat} chose an illegal action: {exc}") from exc
        actions += 1
        if on_events is not None:
            on_events(events)
        if check:
            check_invariants(game, before, cards, action)
    return report_of(game, [bot.name for bot in bots], actions)


def report_of(game: Game, kinds: Sequence[str], actions: int) -> MatchReport:
    """The report of a game as it stands, from what every seat may see (the record sheets)."""
    view = game.view(None)
    seats = tuple(
        SeatReport(
            seat=seat,
            name=fighter.name,
            bot=kinds[seat],
            character=fighter.character,
            frags=fighter.frags,
            deaths=fighter.record.deaths,
            damage_dealt=fighter.record.damage_dealt,
            damage_taken=fighter.record.damage_taken,
            shots=fighter.record.shots,
            hits=fighter.record.hits,
            cards_played=fighter.record.cards_played,
            power_ups=fighter.record.power_ups,
        )
        for seat, fighter in enumerate(view.fighters)
    )
    return MatchReport(winner=view.winner, turns=view.turn_number, actions=actions, seats=seats)
