"""The strongbox scenario (ruling R-SKED-01: a scenario with an objective besides driving the others off).

With the option `scenario = strongbox` a strongbox starts on the square fair between the posses in play
(home_edges.py: as far for each to walk to, and as far to carry home; nearest the map's flag square `F`). A
standing model who is not Lily Livered picks it up by ending a Move on its square (no action). He carries it
3 a Move, on foot or mounted (`LADEN`), one Move a turn (the Move that took it up counts), and lets go of it
where he stands when he is killed, knocked out or turns Lily Livered; the next to end a Move there takes it up.
A carrier who ends a Move on his posse's home edge (the side of the map nearest the point it deployed around)
carries it off: his posse wins at once.

The skedaddle roll (R-SKED-01) counts a posse's dead only (`counts_to_run`). A posse that skedaddles or is wiped
out leaves the field (`leave_the_field`) and the others fight on while two or more are left (`fights_on`);
otherwise the scenario ends as the showdown does (skedaddle, wipe-out or sundown), and the posse holding the
strongbox then wins among those still there (`scenarios.Strongbox`).
"""

from __future__ import annotations

from fragtui.engine.board import Direction
from fragtui.engine.events import CommonEventKind
from fragtui.engine.ruthless.events import RuthlessEventKind
from fragtui.engine.ruthless.fisticuffs import Fisticuffs
from fragtui.engine.ruthless.grid import FOOT
from fragtui.engine.ruthless.home_edges import SIDE_WORDS, home_edge, on_side, strongbox_square
from fragtui.engine.ruthless.table import Condition, Model

__all__ = ["LADEN", "STRONGBOX", "Objectives"]

STRONGBOX = "strongbox"
"""The value of the `scenario` option that plays for the strongbox."""

LADEN = (FOOT[1], FOOT[1])
"""A carrier's Move, on foot or mounted (ruling R-SKED-01): 3, as a man on foot through rough ground — the box is
carried in his arms, or led on a walking horse, whatever the ground — and one such Move a turn."""


class Objectives(Fisticuffs):
    """The strongbox."""

    def allowance(self, model: Model) -> tuple[float, float]:
        """A strongbox is heavy: its carrier moves 3 a Move, on foot or mounted (`LADEN`)."""
        if self.table.carrier == model.id:
            return LADEN
        return super().allowance(model)

    def lose_grip(self, model: Model) -> None:
        """The carrier lets the strongbox fall where he stands."""
        table = self.table
        if table.carrier == model.id:
            table.carrier = None
            table.strongbox = model.square
            self.emit(
                CommonEventKind.DROPPED, f"{self.who(model)} drops the strongbox", player=model.id, square=model.square
            )

    def after_strongbox_move(self, model: Model) -> None:
        """A Move ended: the strongbox picked up on its square, or carried off the map's edge."""
        table = self.table
        square = model.square
        if square is None or not model.standing:
            return
        if table.strongbox == square and not model.markers.lily_livered:
            table.strongbox = None
            table.carrier = model.id
            self.emit(
                CommonEventKind.PICKED_UP, f"{self.who(model)} takes up the strongbox", player=model.id, square=square
            )
        if table.carrier == model.id and on_side(self.board, square, self.home_edge(model.owner)):
            table.carried_off = model.owner
            side = SIDE_WORDS[self.home_edge(model.owner)]
            self.emit(RuthlessEventKind.SKEDADDLED, f"{self.who(model)} carries the strongbox off the {side} edge!",
                      player=model.id)  # fmt: skip
            self.finish_scenario()

    def counts_to_run(self, model: Model) -> bool:
        """Whether `model` counts against his posse's skedaddle roll (R-SKED-01: the dead, the Lily Livered and
        the unconscious). For the strongbox, the dead alone (ruling R-SKED-01): the gold holds a posse whose
        frightened hide and whose fallen may come round — it runs when men are killed, not when they flinch."""
        if self.state.config.options.get("scenario") == STRONGBOX:
            return model.condition is Condition.DEAD
        return model.out_of_the_fight

    def fights_on(self) -> bool:
        """Whether the scenario goes on when posses skedaddle (R-SKED-01 ends the showdown): for the strongbox,
        while two posses or more are still in the field (ruling R-SKED-01)."""
        left = len(self.state.players) - len(self.table.skedaddled)
        return self.state.config.options.get("scenario") == STRONGBOX and left >= 2

    def leave_the_field(self, seat: int) -> None:
        """`seat`'s posse skedaddled while the others fight on for the strongbox: its models still on the table
        leave it (fled: a carrier drops the box where he stood), its hand goes to the discard pile."""
        table = self.table
        for model in self.posse(seat):
            if model.on_table:
                self.lose_grip(model)
                model.condition = Condition.FLED
                model.square = None
                model.mounted = False
                model.markers.lily_livered = model.markers.covering = model.markers.aiming = False
        table.discard.extend(table.hands[seat])
        table.hands[seat] = []
        self.emit(
            RuthlessEventKind.SKEDADDLED, f"{self.name(seat)}'s posse leaves the field: the rest fight on for the box"
        )

    def home_edge(self, seat: int) -> Direction:
        """The side of the map `seat`'s carrier carries the strongbox off across (home_edges.py)."""
        return home_edge(self.board, seat)

    def place_strongbox(self) -> None:
        """At set-up: on the square fair between the posses in play (home_edges.py), off every model's."""
        taken = {model.square for model in self.table.models if model.square is not None}
        self.table.strongbox = strongbox_square(self.board, len(self.state.players), taken)

    def finish_scenario(self) -> None:
        """The scenario's scoring names the winner (scenarios.py)."""
        raise NotImplementedError
