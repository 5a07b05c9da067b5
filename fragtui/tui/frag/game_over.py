"""Frag's game-over screen (Frag, Frag Tag, Frag Deadlands): the winner with his frags (or a Frag Tag mode's score),
every seat's figures, and the save to replay."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from fragtui.engine.rulesets import RosterEntry
from fragtui.engine.view import PlayerView
from fragtui.saves.format import SeatLook
from fragtui.tui.describe import roster_entry, seat_text
from fragtui.tui.dialogs import answer_once
from fragtui.tui.footer import KeyFooter
from fragtui.tui.frag.describe import objective_points, score_words

__all__ = ["GameOverScreen"]


class GameOverScreen(Screen[None]):
    """The winner, everyone's figures, and the save to replay."""

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Vertical { width: 100; max-width: 100%; height: auto; padding: 1 2; }
    GameOverScreen #winner { text-style: bold; text-align: center; margin: 0 0 1 0; }
    GameOverScreen DataTable { height: auto; }
    GameOverScreen #saved { margin: 1 0 0 0; color: $text-muted; }
    """
    BINDINGS = [Binding("enter,escape,q", "close", "Back to the title", priority=True)]

    def __init__(
        self,
        view: PlayerView,
        looks: list[SeatLook],
        saved: str,
        roster: tuple[RosterEntry, ...] = (),
        closing: str = "Back to the title",
    ) -> None:
        super().__init__()
        if closing != "Back to the title":  # where closing leads (a tournament's standings): the footer says so
            mine = self._bindings.key_to_bindings
            for key in ("enter", "escape", "q"):
                mine[key] = [Binding(key, "close", closing, priority=True)]
        self.view = view
        self.looks = looks
        self.saved = saved
        self.roster = roster
        """The ruleset's unique fighters: each player's is named beside him (none in Frag)."""

    def compose(self) -> ComposeResult:
        view = self.view
        with Vertical():
            if view.winner is not None:
                winner = view.fighters[view.winner]
                frags = f"{winner.frags} frag{'s' * (winner.frags != 1)}"
                name = seat_text(winner.name, self.looks[view.winner])
                entry = roster_entry(self.roster, winner.character)
                if entry is not None:
                    name.append(f", the {entry.title},")
                objective = view.objective
                if objective is not None:  # a Frag Tag mode (J-TAG-01..04): its name and its own score
                    score = score_words(objective, objective.scores[view.winner])
                    yield Static(Text.assemble(name, f" wins {objective.title} with {score}!"), id="winner")
                else:
                    yield Static(Text.assemble(name, f" wins with {frags}!"), id="winner")
            else:
                yield Static("The game is over.", id="winner")
            yield DataTable(id="stats", cursor_type="row", zebra_stripes=True)
            yield Static(Text(self.saved), id="saved")
        yield KeyFooter()

    def on_mount(self) -> None:
        tables = self.query(DataTable)
        if not tables:  # the app quit as the game ended (its widgets went before this ran): nothing to fill
            return
        table = tables.first()
        points = objective_points(self.view)  # keep-away, king of the hill: the points that won (J-TAG-03/04)
        table.add_columns(
            "Player",
            *(("Points",) if points is not None else ()),
            "Frags",
            "Deaths",
            "Dealt",
            "Taken",
            "Shots",
            "Hits",
            "Power-ups",
            "Cards",
        )
        for seat, f in enumerate(self.view.fighters):
            r = f.record
            who = seat_text(f.name, self.looks[seat])
            entry = roster_entry(self.roster, f.character)
            if entry is not None:
                who.append(f" ({entry.title})", style="dim")
            table.add_row(
                who,
                *((points[seat],) if points is not None else ()),
                f.frags,
                r.deaths,
                r.damage_dealt,
                r.damage_taken,
                r.shots,
                r.hits,
                r.power_ups,
                r.cards_played,
            )

    def action_close(self) -> None:
        answer_once(self, None)
