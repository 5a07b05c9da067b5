"""The standings table shown after each game of a tournament, where the winner raises a stat (F-WIN-02).

One screen does the whole pause between games: who won the game just played, the table (place,
player, fighter, each game's frags in its box, games won, frags in all), the winner's raise — a
choice for a person, said in a line for a computer, which raises by its own rule before the screen
is shown — and Enter for the next game. After the last game it names the champion and Enter goes
back to the title. Escape leaves at any moment: the tournament is saved after every step.
"""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from fragtui.engine.rulesets import find_ruleset
from fragtui.tournament import TournamentRun
from fragtui.tui.describe import seat_text
from fragtui.tui.footer import KeyFooter

__all__ = ["StandingsScreen", "raise_line"]

Answer = Literal["next", "leave"]


def raise_line(stat: str, value: int, words: str) -> str:
    """One line of the raise menu: `Accuracy 3 → 4 (to-hit dice; …)`: the stat, its value raised, and what
    raising it buys (its ruleset's `raises`: Frag's record sheet, F-SETUP-01, F-ATK-01)."""
    return f"{stat.capitalize():<8} {value} → {value + 1}  ({words})"


class StandingsScreen(Screen[Answer]):
    """Standings after a tournament game; dismisses with "next" (play on) or "leave" (to the title)."""

    DEFAULT_CSS = """
    StandingsScreen { align: center middle; }
    StandingsScreen > Vertical { width: 100; max-width: 100%; height: auto; max-height: 100%; padding: 0 1; }
    StandingsScreen #standings-title { text-style: bold; text-align: center; margin: 0 0 1 0; }
    StandingsScreen DataTable { height: auto; max-height: 9; }
    StandingsScreen #standings-raise { margin: 1 0 0 0; height: auto; }
    StandingsScreen OptionList { height: auto; max-height: 5; }
    StandingsScreen #standings-next { margin: 1 0 0 0; color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter", "next", "Next"),
        Binding("escape", "leave", "Leave (saved)"),
    ]

    def __init__(self, run: TournamentRun, computer_raised: str | None = None) -> None:
        super().__init__()
        self.run = run
        self.computer_raised = computer_raised
        """The stat a computer winner has just raised by his rule, to say so (None: a person chooses)."""

    @property
    def raising(self) -> int | None:
        """The person who must choose a stat now (None: nobody, or a computer who has chosen)."""
        return self.run.tournament.awaiting_raise

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._title(), id="standings-title")
            table: DataTable[str | Text] = DataTable(id="standings", cursor_type="none", zebra_stripes=True)
            table.can_focus = False  # Enter is the screen's (next game) or the raise list's
            yield table
            yield Static(self._raise_words(), id="standings-raise")
            if self.raising is not None:
                design = self.run.tournament.designs()[self.raising]
                raises = find_ruleset(self.run.tournament.config.ruleset).raises
                yield OptionList(
                    *(
                        Option(raise_line(stat, getattr(design, stat), words), id=stat)
                        for stat, words in raises.items()
                    ),
                    id="standings-stats",
                )
            yield Static(self._next_words(), id="standings-next")
        yield KeyFooter()

    def on_mount(self) -> None:
        tournament = self.run.tournament
        table = self.query_one(DataTable)
        boxes = [f"G{n}" for n in range(1, tournament.games + 1)]
        raises = find_ruleset(tournament.config.ruleset).raises  # (the fighter's stats: Frag's H S A)
        table.add_columns("", "Player", " ".join(stat[:1].upper() for stat in raises), *boxes, "Wins", "Frags")
        winners = {n: result.winner for n, result in enumerate(tournament.results)}
        for line in self.run.standings():
            cells: list[str | Text] = []
            for n in range(tournament.games):
                if n >= len(line.boxes):
                    cells.append(Text("·", style="dim"))
                else:
                    won = winners[n] == line.seat
                    cells.append(Text(f"{line.boxes[n]}{'★' if won else ''}", style="bold" if won else ""))
            design = line.design
            table.add_row(
                f"{line.place}.",
                seat_text(line.name, self.run.looks[line.seat]),
                " ".join(str(getattr(design, stat)) for stat in raises),
                *cells,
                str(line.wins),
                str(line.frags),
            )
        options = self.query(OptionList)
        if options:
            options.first().highlighted = 0
            options.first().focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is the raise list's while a raise is awaited (it chooses the stat), else it plays on."""
        if action == "next" and self.raising is not None:
            return None  # shown greyed: choose a stat first
        return True

    def _title(self) -> Text:
        tournament = self.run.tournament
        if tournament.finished:
            champions = tournament.champions()
            names = Text(" and ").join(seat_text(tournament.name(s), self.run.looks[s]) for s in champions)
            verb = "win" if len(champions) > 1 else "wins"
            return Text.assemble(names, f" {verb} the tournament of {tournament.games} games!")
        if not tournament.results:
            return Text(f"A tournament of {tournament.games} games")
        last = tournament.results[-1]
        winner = seat_text(tournament.name(last.winner), self.run.looks[last.winner])
        return Text.assemble(f"Game {tournament.played} of {tournament.games}: ", winner, " wins")

    def _raise_words(self) -> Text:
        tournament = self.run.tournament
        if self.raising is not None:
            who = seat_text(tournament.name(self.raising), self.run.looks[self.raising])
            return Text.assemble(who, " won: raise one stat by 1 for the next game (past 4 is allowed).")
        if self.computer_raised is not None and tournament.results:
            seat = tournament.results[-1].winner
            value = getattr(tournament.designs()[seat], self.computer_raised)
            who = seat_text(tournament.name(seat), self.run.looks[seat])
            return Text.assemble(who, f" (computer) raised {self.computer_raised.capitalize()} to {value}.")
        return Text()

    def _next_words(self) -> Text:
        tournament = self.run.tournament
        problem = f"\n{self.run.save_error}" if self.run.save_error else ""
        if tournament.finished:
            return Text(f"Enter: back to the title. Each game is in Replays.{problem}")
        if self.raising is not None:
            return Text(f"Choose a stat, then Enter plays game {tournament.played + 1}.{problem}")
        return Text(f"Enter: play game {tournament.played + 1}. Escape: leave; the tournament is saved.{problem}")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        seat = self.raising
        if seat is None or event.option.id is None:
            return
        stat = event.option.id
        self.run.raise_stat(seat, stat)
        event.option_list.remove()
        self.query_one(DataTable).clear(columns=True)
        self.on_mount()
        value = getattr(self.run.tournament.designs()[seat], stat)
        who = seat_text(self.run.tournament.name(seat), self.run.looks[seat])
        raised = Text.assemble(who, f" raised {stat.capitalize()} to {value}.")
        self.query_one("#standings-raise", Static).update(raised)
        self.query_one("#standings-next", Static).update(self._next_words())

    def action_next(self) -> None:
        if self.raising is not None:
            return
        self.dismiss("leave" if self.run.tournament.finished else "next")

    def action_leave(self) -> None:
        self.dismiss("leave")
