"""A tournament: the same players and fighters play a run of games, and each game's winner raises one
stat by 1 before the next (F-WIN-02).

The record sheet has six game boxes, so a tournament is one to six games. A `Tournament` is a value:
the first game's set-up, the number of games, a seed, and what each game played so far ended with
(every seat's frags, the winner, the stat he raised). Everything else follows from it — the set-up of
the next game (the designs with every raise so far, the same map, rules and seats), its seed, whose
raise the tournament waits for, and the standings — so a tournament saved as this value resumes
exactly where it stopped. Transitions (`record`, `raise_stat`) return a new value and refuse what the
rules do not allow with an `IllegalActionError`, leaving the old one as it was.

Rulings (docs/rulings.md, F-WIN-02): the winner of the last game raises nothing (there is no next
game to raise it for); the tournament is won by the most games won, then the most frags over every
game; players still level share the place.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fragtui.engine.config import FighterPart, GameConfig, Seat
from fragtui.engine.rulesets import find_ruleset
from fragtui.errors import ConfigError, IllegalActionError

__all__ = ["MAX_GAMES", "GameResult", "Standing", "Tournament"]

MAX_GAMES = 6
"""Games in a full tournament: the record sheet's six game boxes."""

_SEED_STEP = 0x9E3779B97F4A7C15
"""Spreads one tournament seed into a different seed per game (the 64-bit golden ratio: games of
neighbouring tournament seeds share no dice)."""


class GameResult(BaseModel):
    """How one game of the tournament ended: what its record sheet boxes hold."""

    model_config = ConfigDict(frozen=True)

    frags: tuple[int, ...]
    """Each seat's frags in that game, in seat order: the number written in his game box."""
    winner: int = Field(ge=0)
    """The seat that won the game."""
    raised: str | None = None
    """The stat the winner raised by 1 for the next game (F-WIN-02), by its ruleset's name for it (one of
    `Ruleset.raises`: Frag's `health`, `speed`, `accuracy`, checked by the `Tournament`); None until he has
    chosen, and always None after the last game."""


class Standing(BaseModel):
    """One player's line in the standings table shown after each game."""

    model_config = ConfigDict(frozen=True)

    seat: int
    """His seat at the table (turn order of every game)."""
    name: str
    """The player's name."""
    place: int
    """1 for the leader; players level on wins and frags share a place."""
    wins: int
    """Games he has won."""
    frags: int
    """Frags over every game played."""
    boxes: tuple[int, ...]
    """His frags in each game played, game by game (the record sheet's boxes)."""
    design: FighterPart
    """His fighter as he will play the next game, every raise counted (his system's design: Frag's
    `FighterDesign`)."""


class Tournament(BaseModel):
    """A tournament as it stands: everything needed to play it on, and nothing that follows from it."""

    model_config = ConfigDict(frozen=True)

    config: GameConfig
    """The first game's set-up: seats, fighters as designed, map, rules, options, frag target. Every
    game is played with it, each fighter's design raised by the games he has won."""
    games: int = Field(ge=1, le=MAX_GAMES)
    """How many games the tournament is (one to the record sheet's six)."""
    seed: int = Field(ge=0, lt=2**64)
    """The tournament's seed: each game's dice seed is drawn from it (`seed_of`)."""
    results: tuple[GameResult, ...] = ()
    """The games played to their end, in order."""

    @staticmethod
    def check_rules(config: GameConfig) -> None:
        """Refuse a tournament of rules that are not played by fighters to a frag target (F-WIN-02 raises a
        fighter's stat, and counts his frags): Ruthless's posses have neither, so its games are played one
        at a time (ruling, docs/rulings.md "Tournaments")."""
        rules = find_ruleset(config.ruleset)
        if not rules.frag_target_played:
            raise ConfigError(
                f"{rules.title} has no tournaments: a tournament raises a fighter's stat after each game "
                "he wins, and its posses have none. Play its games one at a time (New game)."
            )

    @model_validator(mode="after")
    def _consistent(self) -> Tournament:
        """Results that fit the table: no more games than planned, a frag count and a winner per seat,
        a raise the rules know, and a raise after every game but the last once the next one began."""
        seats = len(self.config.seats)
        raises = find_ruleset(self.config.ruleset).raises
        if len(self.results) > self.games:
            raise ValueError(f"{len(self.results)} results for a tournament of {self.games} games")
        for number, result in enumerate(self.results, start=1):
            if len(result.frags) != seats:
                raise ValueError(f"game {number} has {len(result.frags)} frag counts for {seats} players")
            if result.winner >= seats:
                raise ValueError(f"game {number} was won by seat {result.winner}, but there are {seats} players")
            if result.raised is not None and result.raised not in raises:
                known = ", ".join(raises) or "none"
                raise ValueError(f"game {number}'s winner raised {result.raised!r}, not a stat to raise ({known})")
            if result.raised is not None and number == self.games:
                raise ValueError(f"game {number} is the last: its winner has no next game to raise a stat for")
            if result.raised is None and number < len(self.results):
                raise ValueError(f"game {number}'s winner raised no stat, but game {number + 1} was played")
        return self

    # -- where it stands ------------------------------------------------------------------------------

    @property
    def played(self) -> int:
        """Games played to their end."""
        return len(self.results)

    @property
    def awaiting_raise(self) -> int | None:
        """The seat that must choose a stat to raise before the next game, if any."""
        if not self.results or self.played == self.games:
            return None
        last = self.results[-1]
        return last.winner if last.raised is None else None

    @property
    def finished(self) -> bool:
        """Every game has been played."""
        return self.played == self.games

    @property
    def next_game(self) -> int | None:
        """The number (from 1) of the game to play next, once any raise is chosen; None when finished."""
        return None if self.finished else self.played + 1

    def seats(self) -> tuple[Seat, ...]:
        """Each seat as he plays the next game: every raise he has won made by the rules (`Ruleset.raise_seat`:
        Frag's F-WIN-02 raises the design's stat)."""
        rules = find_ruleset(self.config.ruleset)
        seats = list(self.config.seats)
        for seat in seats:
            if seat.fighter is None:  # (a tournament's raises are a designed fighter's: F-WIN-02)
                raise ConfigError(f"{seat.name} has no fighter design to raise in a tournament")
        for result in self.results:
            if result.raised is not None:
                seats[result.winner] = rules.raise_seat(seats[result.winner], result.raised)
        return tuple(seats)

    def designs(self) -> tuple[Any, ...]:
        """Each seat's fighter as he plays the next game: his design and every raise he has won (his system's
        design: Frag's `FighterDesign`)."""
        return tuple(seat.fighter for seat in self.seats())

    def config_of_next(self) -> GameConfig:
        """The next game's set-up: the first game's, with every fighter as raised so far."""
        if self.finished:
            raise IllegalActionError("the tournament is over: there is no next game")
        if self.awaiting_raise is not None:
            raise IllegalActionError(f"{self.name(self.awaiting_raise)} must first raise a stat")
        return self.config.model_copy(update={"seats": self.seats()})

    def seed_of(self, number: int) -> int:
        """The dice seed of game `number` (from 1): fixed by the tournament's seed, so a game that was
        planned but never saved is the same game when it is started again."""
        if not 1 <= number <= self.games:
            raise ValueError(f"game {number} is not in a tournament of {self.games} games")
        return (self.seed + number * _SEED_STEP) % 2**64

    def name(self, seat: int) -> str:
        return self.config.seats[seat].name

    def wins(self, seat: int) -> int:
        return sum(result.winner == seat for result in self.results)

    def boxes(self, seat: int) -> tuple[int, ...]:
        """`seat`'s frags in each game played: his record sheet's filled game boxes."""
        return tuple(result.frags[seat] for result in self.results)

    def standings(self) -> list[Standing]:
        """Everyone, best first: most games won, then most frags over every game; level players share
        a place and keep seat order between them."""
        designs = self.designs()
        lines = [(self.wins(seat), sum(self.boxes(seat)), seat) for seat in range(len(self.config.seats))]
        lines.sort(key=lambda line: (-line[0], -line[1], line[2]))
        standings: list[Standing] = []
        for index, (wins, frags, seat) in enumerate(lines):
            level = standings and (standings[-1].wins, standings[-1].frags) == (wins, frags)
            place = standings[-1].place if level else index + 1
            standings.append(
                Standing(
                    seat=seat,
                    name=self.name(seat),
                    place=place,
                    wins=wins,
                    frags=frags,
                    boxes=self.boxes(seat),
                    design=designs[seat],
                )
            )
        return standings

    def champions(self) -> list[int]:
        """The seats in first place once the tournament is over (more than one when they are level)."""
        if not self.finished:
            return []
        return [standing.seat for standing in self.standings() if standing.place == 1]

    # -- moving on ------------------------------------------------------------------------------------

    def record(self, frags: tuple[int, ...] | list[int], winner: int) -> Tournament:
        """The tournament once the game being played has ended with these frags and this winner."""
        if self.finished:
            raise IllegalActionError("the tournament is over: no game is being played")
        if self.awaiting_raise is not None:
            raise IllegalActionError(f"{self.name(self.awaiting_raise)} must first raise a stat")
        result = GameResult(frags=tuple(frags), winner=winner)
        try:
            return Tournament.model_validate({**self.model_dump(), "results": (*self.results, result)})
        except ValueError as exc:
            raise IllegalActionError(f"not a result of this tournament: {exc}") from None

    def raise_stat(self, seat: int, stat: str) -> Tournament:
        """The tournament once `seat`, the last game's winner, has raised `stat` (one of its ruleset's `raises`)
        by 1 (F-WIN-02: past 4 is allowed)."""
        waiting = self.awaiting_raise
        if waiting is None:
            raise IllegalActionError("no stat is to be raised now")
        if seat != waiting:
            raise IllegalActionError(f"only {self.name(waiting)}, the winner, raises a stat now")
        raises = find_ruleset(self.config.ruleset).raises
        if stat not in raises:
            raise ValueError(f"{stat!r} is not a stat to raise ({', '.join(raises) or 'none'})")
        last = self.results[-1].model_copy(update={"raised": str(stat)})
        return self.model_copy(update={"results": (*self.results[:-1], last)})
