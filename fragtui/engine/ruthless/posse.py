"""The ground floor of Ruthless's rules: the table, its models and who owns them, the deck and the hands.

`Posses` is the first part of the chain `RuthlessRules` is built of (as Frag Deadlands is a chain of parts):
`Posses` → `Shooting` (shooting.py) → `Nerve` (nerve.py) → `Sequence` (sequence.py) → `RuthlessRules`.
"""

from __future__ import annotations

from collections.abc import Iterator

from fragtui.engine.actions import Action
from fragtui.engine.board import Board, Square
from fragtui.engine.cards import CardSet
from fragtui.engine.events import CommonEventKind
from fragtui.engine.fighters import FighterId
from fragtui.engine.rulesets import Ruleset
from fragtui.engine.ruthless.actions import Shoot
from fragtui.engine.ruthless.deck import HAND_SIZE, card_title
from fragtui.engine.ruthless.grid import distance, square_bit
from fragtui.engine.ruthless.move_space import Moves
from fragtui.engine.ruthless.sightlines import sight_table
from fragtui.engine.ruthless.state import RuthlessState, table_of
from fragtui.engine.ruthless.table import Condition, Model, RuthlessTable
from fragtui.engine.state import GameState

__all__ = ["Posses"]

_SIGHTS = 1 << 18
"""Lines of sight a game keeps (`Posses.sees`; all forgotten when full)."""


class Posses(Ruleset):
    """The posses on the table, the deck and the hands (R-SEQ-01/02)."""

    state_type = RuthlessState
    state: RuthlessState
    """The game's state: Ruthless's (`RuthlessState`, its table)."""

    def __init__(self, state: GameState, board: Board, cards: CardSet) -> None:
        super().__init__(state, board, cards)
        self._last_moves: dict[int, Moves] = {}
        """`Sequence.move_actions`' last answer for each model (his squares as bits, and what was read of it)."""
        self._last_stands: dict[int, tuple[tuple[object, ...], tuple[Action, ...]]] = {}
        """`Sequence.stand_actions`' last answer for each model, with everything it was worked out from."""
        self._square_bit = square_bit(board)
        """Each square's bit (the board's `grid.square_bit`), at hand: every decision reads the models' squares'."""
        self._shots: dict[tuple[int, Square, tuple[int | None, ...], tuple[Square | None, ...]], tuple[Shoot, ...]]
        self._shots = {}
        """`Shooting.shots`' answers, by the model, his square, his rounds and where every other posse's models
        are (None: off the table): everything they depend on but the board and his card, which are the game's."""
        self._sight: dict[tuple[Square, Square], bool] = {}
        """`sees`' answers, both ways (the board's geometry keeps them too, but asking it costs three calls)."""
        self._sight_table = sight_table(board)
        """The board's shipped table of every line of sight (`sightlines`), None for a map without one."""
        self._enemy_ids: dict[int, tuple[FighterId, ...]] = {}
        """The ids of each seat's enemies, in id order (what `enemy_squares` gives the squares of)."""
        self._spots: dict[tuple[Square | None, ...], dict[int, tuple[FighterId, Square]] | None] = {}
        """`Shooting._seen`'s enemies by their squares' sight-table bits, in id order, by `enemy_squares`' answer
        (None: not all in the table)."""
        self._posses: dict[int, tuple[Model, ...]] = {}
        """Each seat's models (`posse_models`)."""
        table = table_of(state)
        self.table: RuthlessTable = RuthlessTable() if table is None else table
        """The game's Ruthless table (a state has the same one all game long; one without any is refused by
        `check_content`). Kept at hand: every decision asks for it a dozen times."""

    # -- fighters and the seats that own them (the kernel's hooks) --------------------------------------

    def fighters(self) -> list[FighterId]:
        """Every model of every posse, seat by seat (R-SEQ-02)."""
        return [model.id for model in self.table.models]

    def owner(self, fighter: FighterId) -> int:
        """The seat whose posse `fighter` rides with."""
        return self.model(fighter).owner

    def fighters_of(self, seat: int) -> list[FighterId]:
        """The models of `seat`'s posse, in deployment order."""
        if not 0 <= seat < len(self.state.players):
            raise IndexError(f"no seat {seat}")
        return [model.id for model in self.table.models if model.owner == seat]

    # -- models ---------------------------------------------------------------------------------------

    def model(self, fighter: FighterId) -> Model:
        """The model of id `fighter` (an IndexError if there is none)."""
        models = self.table.models
        if not 0 <= fighter < len(models):
            raise IndexError(f"no model {fighter}")
        return models[fighter]

    def posse(self, seat: int) -> Iterator[Model]:
        """`seat`'s models."""
        return (model for model in self.table.models if model.owner == seat)

    def posse_models(self, seat: int) -> tuple[Model, ...]:
        """`seat`'s models, in id order, kept: a game's models are placed at set-up and stay the same objects (a
        dead one lies on the table), so every decision of a seat walks its own few instead of all of them."""
        found = self._posses.get(seat)
        if found is None:
            found = self._posses[seat] = tuple(model for model in self.table.models if model.owner == seat)
        return found

    def enemies(self, seat: int) -> Iterator[Model]:
        """The models of every other posse still on the table (standing or tipped over)."""
        return (model for model in self.table.models if model.owner != seat and model.on_table)

    def occupied(self, but: Model | None = None) -> set[Square]:
        """The squares models stand or lie on (`but`'s left out)."""
        return {m.square for m in self.table.models if m.square is not None and m is not but}

    def enemy_squares(self, seat: int) -> tuple[Square | None, ...]:
        """Where each model of the other posses is (None: off the table), in id order: what `seat`'s models' shots
        depend on besides themselves (`Shooting.shots` keeps its answers by it)."""
        return tuple(model.square if model.on_table else None for model in self.table.models if model.owner != seat)

    def placings(self, seat: int) -> tuple[int, tuple[Square | None, ...]]:
        """(every model's square as the bits `grid.reach_bits` takes, `enemy_squares(seat)`) in one walk over the
        models, each square's bit read off the board's table: what every decision of `seat`'s asks first."""
        bit = self._square_bit
        occupied = 0
        enemies: list[Square | None] = []
        dead = Condition.DEAD
        for model in self.table.models:
            square = model.square
            if square is not None:
                occupied |= bit[square]
            if model.owner != seat:
                enemies.append(square if model.condition is not dead else None)
        return occupied, tuple(enemies)

    def sees(self, a: Square, b: Square) -> bool:
        """Line of sight by the engine's exact geometry; models do not block it (ruling R-SHOOT-01).

        It depends on the board only: read off the map's shipped table (`sightlines`), or for a map without one
        walked once and kept by the game (both ways: sight is symmetric)."""
        table = self._sight_table
        if table is not None:
            shown = table.sees(a, b)
            if shown is not None:
                return shown
        known = self._sight.get((a, b))
        if known is None:
            known = self.board.geometry.line_of_sight(a, b)
            if len(self._sight) >= _SIGHTS:
                self._sight.clear()
            self._sight[(a, b)] = self._sight[(b, a)] = known
        return known

    def who(self, model: Model) -> str:
        """A model as the log names him: `Wes Harlan (Ann)`."""
        return f"{model.card.name} ({self.name(model.owner)})"

    @staticmethod
    def span(a: Square, b: Square) -> float:
        """Distance for range and movement (ruling R-MOVE-01: `grid.distance`)."""
        return distance(a, b)

    # -- the deck ---------------------------------------------------------------------------------------

    def draw_card(self, seat: int) -> str | None:
        """The top card into `seat`'s hand, the discards shuffled into an empty deck first; None if no card
        is left anywhere."""
        table = self.table
        if not table.draw:
            if not table.discard:
                return None
            table.draw, table.discard = table.discard, []
            self.dice.shuffle(table.draw)
            self.emit(CommonEventKind.SHUFFLED, "The discards are shuffled into a new deck")
        card = table.draw.pop(0)
        table.hands[seat].append(card)
        self.emit(
            CommonEventKind.CARD_DRAWN,
            f"{self.name(seat)} draws a card",
            card=card,
            secret_for=seat,
            private_text=f"You draw the {card_title(card)}",
        )
        return card

    def refill(self, seat: int) -> None:
        """Draw `seat` back up to five cards (R-SEQ-02)."""
        while len(self.table.hands[seat]) < HAND_SIZE and self.draw_card(seat) is not None:
            pass

    def discard_card(self, seat: int, card: str) -> None:
        """`card` from `seat`'s hand onto the discard pile, face up."""
        self.table.hands[seat].remove(card)
        self.table.discard.append(card)

    def card_count(self) -> int:
        """Every card: deck, discards, hands, picks on the table and cards picked for fisticuffs (always 52)."""
        table = self.table
        picked = sum(1 for card in table.picks if card is not None)
        for decision in self.state.pending:
            picked += sum(1 for card in getattr(decision, "cards", ()) if isinstance(card, str))
        return len(table.draw) + len(table.discard) + sum(len(hand) for hand in table.hands) + picked
