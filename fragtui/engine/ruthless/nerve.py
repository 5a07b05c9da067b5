"""Nerve in Ruthless: Toughness checks, Lily Livered models running for cover, getting courage up.

R-TOUGH-01: a model checks when he or his horse is hit, or when he sees a friend killed: 1d10 (plus his
trait's nerve bonus) at least his Toughness keeps his nerve; below it he is Lily Livered and at once moves
toward cover — a Move of his own allowance, made by the rules (ruling: to the nearest square in cover he
can reach, else as near to cover as he can get; he stays put when already in cover) — and must stay in
cover until he recovers: while Lily Livered, his Moves end in cover, or nearer to it when he is not there
yet. R-COUR-01: a Lily Livered model who starts the action in cover rolls 1d10 + the value of the card he
spends from his hand (none: 1d10 alone); a face card or an Ace passes outright (R-SEQ-03's whiskey).
"""

from __future__ import annotations

import heapq

from fragtui.engine.board import Board, Square
from fragtui.engine.events import CommonEventKind
from fragtui.engine.ruthless.deck import card_title, courage_value
from fragtui.engine.ruthless.events import RuthlessEventKind
from fragtui.engine.ruthless.grid import (
    FOOT,
    MOUNTED,
    in_cover,
    neighbours,
    reach_bits,
    reachable,
    square_bits,
    standable,
)
from fragtui.engine.ruthless.shooting import Shooting
from fragtui.engine.ruthless.table import Model

__all__ = ["Nerve"]


class _CoverField:
    """How far each square of a board is from cover, walking (`Nerve.cover_field`), and the squares nearer
    cover than each distance as bits (`closer_than`, for a Lily Livered model's Moves): a board's, for good."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.field = _walk_to_cover(board)
        """Each square's walk to the nearest square in cover (0 in cover); squares that cannot reach cover
        are not in it."""
        self.closer: dict[float, int] = {}
        """`closer_than`'s answers, by the distance asked about."""

    def closer_than(self, here: float) -> int:
        """The squares a Lily Livered model `here` from cover may end a Move on (ruling R-TOUGH-01), as bits:
        those in cover when he is (`here` 0), else those nearer cover than he is."""
        found = self.closer.get(here)
        if found is None:
            found = self.closer[here] = square_bits(
                self.board,
                (square for square, away in self.field.items() if (away == 0 if here == 0 else away < here)),
            )
        return found


_FIELDS: dict[int, _CoverField] = {}


def _cover_field(board: Board) -> _CoverField:
    known = _FIELDS.get(id(board))
    if known is None or known.board is not board:
        known = _FIELDS[id(board)] = _CoverField(board)
    return known


def _walk_to_cover(board: Board) -> dict[Square, float]:
    """How far each square is from the nearest square in cover (0 in cover), walking."""
    best: dict[Square, float] = {}
    heap: list[tuple[float, int, int]] = []
    for y in range(board.height):
        for x in range(board.width):
            if standable(board, x, y) and in_cover(board, Square(x, y)):
                best[Square(x, y)] = 0.0
                heap.append((0.0, x, y))
    heapq.heapify(heap)
    while heap:
        cost, x, y = heapq.heappop(heap)
        if cost > best.get(Square(x, y), float("inf")):
            continue
        for nx, ny, step, _ in neighbours(board, Square(x, y)):
            total = cost + step
            if total < best.get(Square(nx, ny), float("inf")):
                best[Square(nx, ny)] = total
                heapq.heappush(heap, (total, nx, ny))
    return best


class Nerve(Shooting):
    """Toughness, Lily Livered, Get Your Courage Up!"""

    def cover_field(self) -> dict[Square, float]:
        """How far each square is from the nearest square in cover (0 in cover), walking; worked out once
        per board."""
        return _cover_field(self.board).field

    def destinations(self, model: Model) -> dict[Square, float]:
        """Where a Move of `model`'s may end (R-MOVE-01), a Lily Livered one's only in cover or nearer it."""
        assert model.square is not None
        found = reachable(self.board, model.square, self.allowance(model), self.occupied(model))
        if not model.markers.lily_livered:
            return found
        field = self.cover_field()
        here = field.get(model.square, float("inf"))
        if here == 0:
            return {square: cost for square, cost in found.items() if field.get(square) == 0}
        return {square: cost for square, cost in found.items() if field.get(square, float("inf")) < here}

    def move_bits(self, model: Model, occupied: int) -> int:
        """The squares of `destinations(model)` as bits (`grid.squares_of` reads them in the same order), the
        models on the table given as `placings`: what the legal actions offer, without the costs."""
        square = model.square
        assert square is not None
        board = self.board
        found = reach_bits(board, square, self.allowance(model), occupied)  # (his own square in it is no wall)
        if not model.markers.lily_livered:
            return found
        cover = _cover_field(board)
        return found & cover.closer_than(cover.field.get(square, float("inf")))

    def allowance(self, model: Model) -> tuple[float, float]:
        """How far a Move of his goes, over open ground and through rough (R-MOVE-01)."""
        return MOUNTED if model.mounted else FOOT

    def toughness_check(self, model: Model) -> None:
        """R-TOUGH-01: a check; failing it, he is Lily Livered and runs for cover at once."""
        if not model.standing:
            return
        toughness = model.card.toughness
        roll = self.roll(1, f"Toughness {toughness}+", model.owner, sides=10)
        total, worked = _total(roll.total, model)
        if total >= toughness:
            kept = f" ({worked})" if model.card.nerve_bonus else ""
            self.emit(RuthlessEventKind.NERVE, f"{self.who(model)} keeps his nerve{kept}", player=model.id)
            return
        already = model.markers.lily_livered
        self.lose_grip(model)
        model.markers.lily_livered = True
        model.markers.covering = model.markers.aiming = False
        if not already:
            self.emit(RuthlessEventKind.NERVE, f"{self.who(model)} is Lily Livered!", player=model.id)
        self.run_for_cover(model)

    def run_for_cover(self, model: Model) -> None:
        """A Lily Livered model's move toward cover, made at once by the rules (ruling R-TOUGH-01)."""
        assert model.square is not None
        field = self.cover_field()
        if field.get(model.square) == 0:
            return
        options = self.destinations(model)
        if not options:
            return
        to = min(options, key=lambda square: (field.get(square, float("inf")), options[square], square.y, square.x))
        model.square = to
        self.emit(CommonEventKind.MOVED, f"{self.who(model)} runs for cover to {to}", player=model.id, square=to)

    def may_get_courage_up(self, model: Model) -> bool:
        """Lily Livered and in cover as the action starts (R-COUR-01)."""
        return model.markers.lily_livered and model.square is not None and in_cover(self.board, model.square)

    def get_courage_up(self, model: Model, card: str | None) -> None:
        """R-COUR-01: 1d10 + the spent card's value at least his Toughness; a face card or Ace passes."""
        toughness = model.card.toughness
        if card is not None:
            self.discard_card(model.owner, card)
            self.emit(CommonEventKind.CARD_PLAYED, f"{self.name(model.owner)} spends the {card_title(card)} on courage",
                      player=model.id, card=card)  # fmt: skip
            value = courage_value(card)
            if value is None:
                model.markers.lily_livered = False
                self.emit(
                    RuthlessEventKind.NERVE, f"{self.who(model)} takes a shot of whiskey: courage up!", player=model.id
                )
                return
        else:
            value = 0
        reason = f"courage against Toughness {toughness}" + (f", the card adds {value}" if value else "")
        roll = self.roll(1, reason, model.owner, sides=10)
        total, worked = _total(roll.total, model, card=value)
        if total >= toughness:
            model.markers.lily_livered = False
            said = f"{self.who(model)} gets his courage up ({worked}, at least {toughness})"
        else:
            said = f"{self.who(model)} is still Lily Livered ({worked}, short of {toughness})"
        self.emit(RuthlessEventKind.NERVE, said, player=model.id)


def _total(die: int, model: Model, card: int = 0) -> tuple[int, str]:
    """A nerve roll's total (R-TOUGH-01, R-COUR-01): the d10, the card spent on courage, his trait's bonus; and
    the sum as the log shows it (`1 + 3 (card) = 4`: the die alone reads like a failure)."""
    bonus = model.card.nerve_bonus
    parts = [str(die), *([f"{card} (card)"] if card else []), *([f"{bonus} ({model.card.trait})"] if bonus else [])]
    total = die + card + bonus
    return total, f"{' + '.join(parts)} = {total}" if len(parts) > 1 else f"rolled {total}"
