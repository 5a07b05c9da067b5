"""The simultaneous choice: several seats choose at once, each in secret, and the choices resolve together.

Some rules let a whole table choose at the same moment: Ruthless's initiative cards, picked face down and shown
together (R-SEQ-01); the two cards of fisticuffs (R-FIST-01); Frag Deadlands' poker draw, every player drawing
his five cards for the first-player hand while the others draw theirs (D-CARD-04); every fighter's orders in a
segment of Real-Time Frag (J-RT-04). Each is one `SimultaneousChoice`: the set of seats in it (`seats`), which of
them have chosen (`has_chosen`), what each may choose (`options`), what a choice does the moment it is made
(`choose`: a card laid face down, a card drawn into a hidden hand) and what happens once every seat has chosen
(`reveal`: the cards shown, the hands ranked). A seat may make several choices before he is done (five draws);
he is done when `has_chosen` says so.

`Game` serves it (OpenSpiel's simultaneous node, boardgame.io's `activePlayers`): `Game.deciders()` is every seat
still choosing, each has his own `legal_actions(seat)` and `apply(action, seat)`, in any order, and the choice
resolves when the last is in. A front end that asks one seat at a time asks `Game.decider()`, the first seat still
choosing in the choice's order (OpenSpiel's `turn_based_simultaneous_game`): so a game played one seat at a time
plays exactly as it always did. Nobody learns another's choice before all are in: the views show who has chosen
(`Choosing`), never what, and each choice's event is secret to its chooser.

A ruleset says which choice is open now (`Ruleset.choice`): by default the pending decision on top when it is
one (a `Decision` subclass may also be a `SimultaneousChoice`: fisticuffs, the poker draw), or one of its phases
(Ruthless's initiative).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from fragtui.engine.actions import Action
    from fragtui.engine.rulesets import Ruleset

__all__ = ["Choosing", "SimultaneousChoice"]


class Choosing(BaseModel):
    """A simultaneous choice as everyone at the table sees it: who chooses, who has chosen, never what."""

    model_config = ConfigDict(frozen=True)

    what: str
    """What is being chosen, after "choosing" (`a card for initiative`)."""
    seats: tuple[int, ...]
    """Every seat in the choice, in the order a table that asks one seat at a time asks them."""
    chosen: tuple[int, ...]
    """The seats that have made their choice (what they chose stays hidden until all are in)."""

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still choosing, in order."""
        return tuple(seat for seat in self.seats if seat not in self.chosen)

    def words(self) -> str:
        """How far the table is, in words for a status line: `2 of 4 have chosen`."""
        verb = "has" if len(self.chosen) == 1 else "have"
        return f"{len(self.chosen)} of {len(self.seats)} {verb} chosen"


class SimultaneousChoice:
    """Seats choosing at once, in secret, resolved together (see the module's docstring).

    A mix-in: a pending `Decision` may be one (its fields hold the choices), or a ruleset may make one for a
    phase of its turn (the choices are in its state). The hooks take the ruleset, whose state holds everything:
    the choice keeps nothing of its own beyond what its state says, so a game saved mid-choice loads whole."""

    what: ClassVar[str] = "their choice"
    """What is being chosen, after "choosing" (`a card for initiative`): the status line's and the views' words."""

    def seats(self, rules: Ruleset) -> Sequence[int]:
        """Every seat in the choice, in the order a table asking one seat at a time asks them."""
        raise NotImplementedError

    def has_chosen(self, rules: Ruleset, seat: int) -> bool:
        """Whether `seat` has made all his choice (a seat may choose several times before he is done)."""
        raise NotImplementedError

    def options(self, rules: Ruleset, seat: int) -> Sequence[Action]:
        """What `seat` may choose now (asked only while he is still choosing)."""
        raise NotImplementedError

    def choose(self, rules: Ruleset, seat: int, action: Action) -> None:
        """Do what `seat`'s legal choice does the moment it is made (a card laid face down): secret from the
        others, whose views must not change but for the fact that he chose."""
        raise NotImplementedError

    def reveal(self, rules: Ruleset) -> None:
        """Every seat has chosen: show the choices and play them out together."""
        raise NotImplementedError

    # -- served by the kernel -----------------------------------------------------------------------------

    def waiting(self, rules: Ruleset) -> list[int]:
        """The seats still choosing, in the choice's order: the game's deciders."""
        return [seat for seat in self.seats(rules) if not self.has_chosen(rules, seat)]

    def submit(self, rules: Ruleset, seat: int, action: Action) -> None:
        """`seat`'s legal choice (checked by `Game.apply`): made, and once nobody is still choosing, resolved."""
        self.choose(rules, seat, action)
        if self.has_chosen(rules, seat) and not self.waiting(rules):
            self.reveal(rules)

    def progress(self, rules: Ruleset) -> Choosing:
        """The choice as every seat may see it."""
        seats = tuple(self.seats(rules))
        return Choosing(
            what=self.what, seats=seats, chosen=tuple(seat for seat in seats if self.has_chosen(rules, seat))
        )
