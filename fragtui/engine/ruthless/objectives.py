"""The strongbox scenario (ruling R-SKED-01: a scenario with an objective besides driving the others off).

With the option `scenario = strongbox` a strongbox starts on the map's flag square (`F`). A standing model
who is not Lily Livered picks it up by ending a Move on its square (no action). He carries it as over rough
ground (3 on foot, 8 mounted) and lets go of it where he stands when he is killed, knocked out or turns Lily
Livered; the next to end a Move there takes it up. A carrier who ends a Move on the edge of the map carries it
off: his posse wins at once. Otherwise the scenario ends as the showdown does (skedaddle, wipe-out or
sundown), and the posse holding the strongbox then wins among those still there (`scenarios.Strongbox`).
"""

from __future__ import annotations

from fragtui.engine.board import Terrain
from fragtui.engine.events import EventKind
from fragtui.engine.ruthless.fisticuffs import Fisticuffs
from fragtui.engine.ruthless.grid import FOOT, MOUNTED
from fragtui.engine.ruthless.table import Model

__all__ = ["STRONGBOX", "Objectives"]

STRONGBOX = "strongbox"
"""The value of the `scenario` option that plays for the strongbox."""

_LADEN = (FOOT[1], FOOT[1]), (MOUNTED[1], MOUNTED[1])
"""A carrier's Move: as through rough ground, on foot and mounted."""


class Objectives(Fisticuffs):
    """The strongbox."""

    def allowance(self, model: Model) -> tuple[float, float]:
        """A strongbox is heavy: its carrier moves as through rough ground."""
        if self.table.carrier == model.id:
            return _LADEN[1] if model.mounted else _LADEN[0]
        return super().allowance(model)

    def lose_grip(self, model: Model) -> None:
        """The carrier lets the strongbox fall where he stands."""
        table = self.table
        if table.carrier == model.id:
            table.carrier = None
            table.strongbox = model.square
            self.emit(EventKind.DROPPED, f"{self.who(model)} drops the strongbox", player=model.id, square=model.square)

    def after_strongbox_move(self, model: Model) -> None:
        """A Move ended: the strongbox picked up on its square, or carried off the map's edge."""
        table = self.table
        square = model.square
        if square is None or not model.standing:
            return
        if table.strongbox == square and not model.markers.lily_livered:
            table.strongbox = None
            table.carrier = model.id
            self.emit(EventKind.PICKED_UP, f"{self.who(model)} takes up the strongbox", player=model.id, square=square)
        if table.carrier == model.id and (
            square.x in (0, self.board.width - 1) or square.y in (0, self.board.height - 1)
        ):
            table.carried_off = model.owner
            self.emit(EventKind.SKEDADDLED, f"{self.who(model)} carries the strongbox off!", player=model.id)
            self.finish_scenario()

    def place_strongbox(self) -> None:
        """At set-up: on the flag square."""
        cells = self.board.cells_of(Terrain.FLAG)
        if cells:
            x, y = cells[0]
            self.table.strongbox = self.board.squares(x, y)[0]

    def finish_scenario(self) -> None:
        """The scenario's scoring names the winner (scenarios.py)."""
        raise NotImplementedError
