"""A tournament at the table: its games one after another, each a `Table`, and the file that keeps it.

The rules of the tournament are the engine's `Tournament` value (fragtui/engine/tournament.py); this
is the bookkeeping around it, free of Textual so it can be tested on its own and driven by the
interface, the command line and tests alike:

- **Playing a game.** `table()` gives the game to play now: the one being played when the tournament
  was left, replayed from its save, or a new one with the fighters as raised so far. Its save carries
  the tournament's mark (`TournamentRecord`) and its record sheet the earlier games' frags.
- **Between games.** `record(game)` writes down how a finished game ended; the winner then raises a
  stat (`raise_stat`; a computer winner by its own rule, `raise_for_computer`); `standings()` is the
  table shown after each game.
- **Nothing lost.** After every step the tournament file is written atomically, *before* the game it
  names is begun. `open()` puts right whatever an interruption left: a game named but never saved is
  begun again (from the same seed, so it is the same game), a game finished but not yet recorded is
  recorded.
"""

from __future__ import annotations

import random
from pathlib import Path

from fragtui.bots.tournament import computer_raise
from fragtui.content.library import new_game
from fragtui.engine.config import GameConfig
from fragtui.engine.frag.design import Stat
from fragtui.engine.game import Game
from fragtui.engine.tournament import Standing, Tournament
from fragtui.errors import IllegalActionError
from fragtui.saves.format import SeatLook, TournamentRecord
from fragtui.saves.loading import game_of
from fragtui.saves.store import read_save, saves_dir
from fragtui.saves.tournaments import (
    TournamentFile,
    new_record,
    new_tournament_path,
    read_tournament,
    write_tournament,
)
from fragtui.table import Table, new_save_path

__all__ = ["TournamentRun"]


class TournamentRun:
    """One tournament being played at one keyboard, from its first game to its standings."""

    def __init__(self, record: TournamentFile, path: Path | None, saves: Path | None = None) -> None:
        self.record = record
        """The tournament file's contents, as last written (or about to be)."""
        self.path = path
        """Where the tournament is kept; None plays it without saving (tests, demos)."""
        self.saves = saves
        """The folder of its games' saves (the saves folder unless a test says otherwise); None: unsaved."""
        self.save_error: str | None = None
        """Why the tournament file could not be written last time (a full disk), shown until it can."""
        self.current: Table | None = None
        """The table of the game being played, once `table()` has opened it."""
        self.folders_shown = True
        """Whether players may be told where on this machine the files are (not over SSH: the host's)."""

    # -- beginning and resuming ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        config: GameConfig,
        looks: list[SeatLook],
        games: int,
        seed: int | None = None,
        *,
        path: Path | None = None,
        saves: Path | None = None,
        save: bool = True,
    ) -> TournamentRun:
        """A tournament of `games` games for these seats, written to the tournaments folder (unless
        `save` is False); the first game begins with `table()`. Rules without tournaments (Ruthless) are a
        `ConfigError` (`Tournament.check_rules`)."""
        Tournament.check_rules(config)
        tournament = Tournament(config=config, games=games, seed=random.getrandbits(63) if seed is None else seed)
        record = new_record(tournament, looks)
        if save:
            path = path or new_tournament_path([seat.name for seat in config.seats])
            saves = saves or saves_dir()
        run = cls(record, path if save else None, saves if save else None)
        run.write()
        return run

    @classmethod
    def open(cls, path: Path, saves: Path | None = None) -> TournamentRun:
        """A saved tournament, put right after any interruption (see the module's docstring)."""
        run = cls(read_tournament(path), path, saves or saves_dir())
        run.catch_up()
        return run

    def catch_up(self) -> None:
        """Record the game being played if its save shows it finished (the players left at its end)."""
        path = self.game_path()
        if not self.begun or path is None or not path.exists():
            return
        save = read_save(path)
        if save.summary.winner is not None:
            self.record_game(game_of(save, path))

    # -- where it stands ------------------------------------------------------------------------------

    @property
    def tournament(self) -> Tournament:
        return self.record.tournament

    @property
    def looks(self) -> list[SeatLook]:
        return self.record.looks

    def standings(self) -> list[Standing]:
        return self.tournament.standings()

    def is_computer(self, seat: int) -> bool:
        return self.looks[seat].computer

    def game_path(self, number: int | None = None) -> Path | None:
        """The save of game `number` (default: the game begun last, being played or just played)."""
        if self.saves is None or not self.record.saves:
            return None
        index = (number or len(self.record.saves)) - 1
        if not 0 <= index < len(self.record.saves):
            return None
        return self.saves / self.record.saves[index]

    @property
    def begun(self) -> bool:
        """Whether the next game has been begun (its save named) and not yet recorded."""
        return len(self.record.saves) > self.tournament.played

    # -- playing a game -------------------------------------------------------------------------------

    def table(self) -> Table:
        """The game to play now: the one being played (resumed from its save, or begun again when it
        was never saved), else the next one, begun now. Refused while a raise is awaited or when the
        tournament is over."""
        tournament = self.tournament
        if tournament.finished:
            raise IllegalActionError("the tournament is over: there is no game to play")
        if tournament.awaiting_raise is not None:
            raise IllegalActionError(f"{tournament.name(tournament.awaiting_raise)} must first raise a stat")
        number = tournament.played + 1
        mark = TournamentRecord(
            file=self.path.name if self.path else "unsaved.json",
            game=number,
            games=tournament.games,
            earlier=tuple(result.frags for result in tournament.results),
        )
        if not self.begun:  # name its save in the tournament first: a crash now begins it again
            name = new_save_path([*self.record.names, f"game{number}"], self.saves).name if self.saves else None
            self.record.saves.append(name or f"game{number}.json")
            self.write()
        game, created = self._game(number)
        path = self.game_path(number)
        table = Table(game, self.looks, save_path=path, created=created)
        table.tournament = mark
        table.save()
        self.current = table
        return table

    def _game(self, number: int) -> tuple[Game, str | None]:
        """Game `number` as saved, or begun from the tournament's seed when there is no save yet."""
        path = self.game_path(number)
        if path is not None and path.exists():
            save = read_save(path)
            return game_of(save, path), save.created
        return new_game(self.tournament.config_of_next(), self.tournament.seed_of(number)), None

    # -- between games --------------------------------------------------------------------------------

    def record_game(self, game: Game) -> None:
        """Write down how the game being played ended (its frags and winner); nothing if it is not over
        or was recorded already (the interface and `catch_up` may both see the same end)."""
        state = game.state
        if state.winner is None:
            return
        if self.current is not None and self.current.game is not game:
            return  # not the game being played
        if not self.begun:
            return  # recorded already: every game begun is named, and this one has its result
        self._update(self.tournament.record([p.frags for p in state.players], state.winner))
        self.current = None

    def raise_stat(self, seat: int, stat: str) -> None:
        """`seat`, the last game's winner, raises `stat` (one of the ruleset's `raises`) by 1 for the next game
        (F-WIN-02)."""
        self._update(self.tournament.raise_stat(seat, stat))

    def raise_for_computer(self) -> Stat | None:
        """If a computer player won the last game, raise his stat by his rule and say which; None else."""
        seat = self.tournament.awaiting_raise
        if seat is None or not self.is_computer(seat):
            return None
        stat = computer_raise(self.tournament.designs()[seat])
        self.raise_stat(seat, stat)
        return stat

    def _update(self, tournament: Tournament) -> None:
        self.record = self.record.model_copy(update={"tournament": tournament})
        self.write()

    # -- saving ---------------------------------------------------------------------------------------

    def write(self) -> None:
        """Write the tournament file atomically; a failure is remembered for the interface, never raised
        between games (the games' own saves go on)."""
        if self.path is None:
            return
        try:
            write_tournament(self.record, self.path)
            self.save_error = None
        except OSError as exc:
            where = self.path if self.folders_shown else f"{self.path.name} on the server"
            self.save_error = f"the tournament could not be saved to {where}: {exc.strerror or exc}"
