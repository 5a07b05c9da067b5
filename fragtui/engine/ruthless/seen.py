"""What a seat may see of a game of Ruthless (`PlayerView.ruthless`): every model (the cards are public, the
wounds crossed off in front of everyone), his own hand, and the initiative cards once revealed (R-SEQ-01).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from fragtui.engine.board import Direction, Square
from fragtui.engine.ruthless.table import Model
from fragtui.engine.view import register_view_part

__all__ = ["Answering", "RuthlessView"]


class Answering(BaseModel):
    """What a pending decision of Ruthless is about, as everyone at the table heard it announced (each
    decision says it: `Decision.public_details`): for the answering player's dialog and the computers."""

    model_config = ConfigDict(frozen=True)

    firer: int | None
    """The model shooting (a snap shot's window), moving into contact (fisticuffs, its snap shot) or whose
    aimed shot hit; None for a covered shot (the mover is `target`)."""
    target: int
    """The model shot at, engaged, hit by the aimed shot, or moving under covering guns."""
    roll: int | None = None
    """The aimed hit's location roll (1-10) before any shift."""


class RuthlessView(BaseModel):
    """The Ruthless table as one seat may see it."""

    model_config = ConfigDict(frozen=True)

    models: tuple[Model, ...]
    """Every model of every posse, by id."""
    hand: tuple[str, ...]
    """The viewer's own hand (empty for a spectator)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    picked: tuple[bool, ...]
    """Which seats have picked their initiative card this turn."""
    picks: tuple[str | None, ...]
    """The initiative cards as the viewer may see them: his own once picked, everyone's once revealed."""
    order: tuple[int, ...]
    """The seats in this turn's order of activation (empty before the reveal)."""
    acting: int | None
    """The seat activating now, in the activation phase (also while another seat answers a window in his
    activation: `PlayerView.decider` names who decides)."""
    bonus: tuple[bool, ...]
    """Each seat's unused third action (a 7, R-SEQ-03)."""
    deck_size: int
    """Cards left in the deck."""
    discard: tuple[str, ...]
    """The face-up discard pile, most recent last."""
    skedaddled: tuple[int, ...]
    """The posses that skedaddled or were wiped out."""
    turn_limit: int
    """Sundown: the scenario's last turn (0: none)."""
    answering: Answering | None = None
    """What the pending decision is about (who shoots at whom, who brawls, the aimed hit's roll); None
    when nothing is pending or it is about nothing in particular."""
    strongbox: Square | None = None
    """The strongbox scenario: where the strongbox lies (None while carried, and in a showdown)."""
    carrier: int | None = None
    """The strongbox scenario: the model carrying it (None while it lies, and in a showdown)."""
    carried_off: int | None = Field(default=None, exclude_if=lambda seat: seat is None)
    """The strongbox scenario: the seat whose model carried the strongbox off the map and won (None until then,
    and in a showdown)."""
    scenario: str = Field(default="showdown", exclude_if=lambda name: name == "showdown")
    """The scenario played (the `scenario` option, ruling R-SKED-01): `showdown` or `strongbox`."""
    home_edges: tuple[Direction, ...] = Field(default=(), exclude_if=lambda sides: not sides)
    """The strongbox scenario: each seat's home edge, the side of the map its carrier carries the strongbox off
    across (home_edges.py; empty in a showdown)."""


register_view_part(
    "ruthless", RuthlessView
)  # Ruthless's table as a seat sees it (`PlayerView.ruthless`), read back as one
