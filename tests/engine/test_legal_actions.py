"""The legal actions as one immutable sequence (`fragtui.engine.legal`): listed parts and described spaces read as the
list they stand for, and an action handed back found wherever it came from (DESIGN.md: "a finite list, or a
described space")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fragtui.content.library import cards_for
from fragtui.content.maps import load_named_map
from fragtui.engine.actions import Action, EndTurn, Pass
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.legal import ActionSpace, LegalActions
from fragtui.engine.ruthless.actions import Aim, MoveTo
from fragtui.engine.ruthless.grid import bit_indices, nth_bit, square_bit
from fragtui.engine.ruthless.move_space import Moves
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.errors import IllegalActionError


class Aims(ActionSpace):
    """A space for the tests: Aim for fighters first..first+count-1, each made when asked (and counted)."""

    def __init__(self, first: int, count: int) -> None:
        self.first, self.count, self.made = first, count, 0

    def __len__(self) -> int:
        return self.count

    def action(self, index: int) -> Action:
        self.made += 1
        return Aim(fighter=self.first + index)

    def position(self, action: object) -> int | None:
        if isinstance(action, Aim) and self.first <= action.fighter < self.first + self.count:
            return action.fighter - self.first
        return None

    def listed(self) -> tuple[Action, ...]:
        return tuple(self.action(index) for index in range(self.count))


def sample() -> tuple[LegalActions, list[Action], Aims]:
    space = Aims(10, 5)
    listed = [Pass(), EndTurn()]
    return (
        LegalActions([listed[:1], (), space, listed[1:]]),
        [Pass(), *(Aim(fighter=f) for f in range(10, 15)), EndTurn()],
        space,
    )


def test_the_parts_read_as_the_list_they_stand_for() -> None:
    legal, expected, _ = sample()
    assert len(legal) == 7
    assert legal == expected and expected == legal and legal == tuple(expected)
    assert legal != expected[:-1] and legal != [*expected[:-1], Pass()]
    assert [legal[index] for index in range(7)] == expected
    assert legal[-1] == EndTurn() and legal[-7] == Pass()
    assert legal[2:4] == expected[2:4] and legal[::-1] == expected[::-1]
    assert list(legal) == expected and list(reversed(legal)) == expected[::-1]
    assert repr(legal) == repr(expected)
    for index in (7, -8):
        with pytest.raises(IndexError):
            legal[index]


def test_an_action_of_a_space_is_made_alone_when_read_by_index() -> None:
    legal, _, space = sample()
    assert legal[3] == Aim(fighter=12)
    assert space.made == 1


def test_legal_actions_cannot_be_changed_or_hashed() -> None:
    legal, _, _ = sample()
    assert not hasattr(legal, "append") and not hasattr(legal, "__setitem__")
    with pytest.raises(TypeError):
        hash(legal)


def test_find_says_where_an_action_is_by_identity_by_what_it_says_or_by_equality() -> None:
    legal, _, space = sample()
    picked = legal[6]
    assert legal.find(picked) == 6  # (the one last read by index)
    assert legal.find(Aim(fighter=13)) == 4 and space.made == 0  # (the space's position: nothing made)
    assert legal.find(EndTurn()) == 6 and legal.find(Pass()) == 0  # (listed, equal but not the same object)
    assert legal.find(Aim(fighter=15)) is None and legal.find(MoveTo(fighter=1, to=Square(1, 1))) is None
    assert Aim(fighter=14) in legal and Aim(fighter=9) not in legal
    assert legal.index(Aim(fighter=10)) == 1 and legal.index(EndTurn(), 2) == 6
    with pytest.raises(ValueError, match="not a legal action"):
        legal.index(Aim(fighter=20))
    assert legal.count(Pass()) == 1


def test_an_empty_or_listed_sequence() -> None:
    assert LegalActions(()) == [] and len(LegalActions([(), []])) == 0
    listed = LegalActions.of([Pass(), EndTurn()])
    assert listed == [Pass(), EndTurn()] and LegalActions.of(listed) is listed
    assert LegalActions.joined(()) == [] and LegalActions.of([]) == [] and not LegalActions.of(())


def test_parts_joined_as_they_are_read_the_same_with_empty_ones_among_them() -> None:
    space = Aims(3, 2)
    joined = LegalActions.joined(((), (Pass(),), Aims(0, 0), (), space, (EndTurn(),), ()))
    expected = [Pass(), Aim(fighter=3), Aim(fighter=4), EndTurn()]
    assert len(joined) == 4 and [joined[index] for index in range(-4, 4)] == expected + expected
    assert joined == expected and joined.find(Aim(fighter=4)) == 2 and joined.find(EndTurn()) == 3


@given(st.integers(min_value=1, max_value=(1 << 800) - 1), st.data())
def test_nth_bit_is_the_nth_of_the_bits_set(bits: int, data: st.DataObject) -> None:
    indices = bit_indices(bits)
    n = data.draw(st.integers(min_value=0, max_value=len(indices) - 1))
    assert nth_bit(bits, n) == indices[n]


def ruthless_game(seed: int) -> Game:
    rng = random.Random(seed)
    config = make_config(
        ruleset=RuthlessRules.key,
        map="desert",
        seats=RuthlessRules.random_seats(rng, 4),
        options={"sundown": 0, "scenario": "showdown"},
    )
    return Game.new(config, seed, board=load_named_map("desert"), cards=cards_for(config))


def test_a_models_moves_read_by_index_equal_the_moves_listed() -> None:
    """R-MOVE-01 as the legal actions offer it: each model's Moves, a space, read one by one (each square's bit
    found by counting) equal its squares listed in order, and each is found where it is from its square alone."""
    game = ruthless_game(5)
    rng = random.Random(5)
    rules = game.rules
    assert isinstance(rules, RuthlessRules)
    bits = square_bit(game.board)
    checked = 0
    for _ in range(300):
        if game.decider() is None:
            break
        legal = game.legal_actions()
        for model in rules.table.models:
            space = rules._last_moves.get(model.id)
            if space is None or not len(space):
                continue
            fresh = Moves(model.id, space.bits, space.table, bits)
            by_index = [fresh[index] for index in range(len(fresh))]
            assert all(isinstance(move, MoveTo) and move.fighter == model.id for move in by_index)
            assert (
                by_index
                == list(space)
                == [MoveTo(fighter=model.id, to=square) for square in _squares(space.bits, game)]
            )
            assert [fresh.position(MoveTo(fighter=move.fighter, to=move.to)) for move in by_index] == list(
                range(len(fresh))
            )
            assert fresh.position(MoveTo(fighter=model.id + 1, to=by_index[0].to)) is None
            outside = next(square for square in bits if not space.bits & bits[square])
            assert fresh.position(MoveTo(fighter=model.id, to=outside)) is None
            checked += 1
        game.apply(rng.choice(legal))
    assert checked > 100


def _squares(squares: int, game: Game) -> list[Square]:
    bits = square_bit(game.board)
    return sorted((square for square in bits if squares & bits[square]), key=lambda square: bits[square])


def test_the_game_offers_one_sequence_until_it_changes_and_takes_an_equal_move() -> None:
    """`Game.legal_actions()` is the same sequence until an action is applied; a Move made anew (not read from it)
    is found and applied as the one offered, and a Move to a square the model cannot reach is refused (R-MOVE-01)."""
    game = ruthless_game(9)
    rng = random.Random(9)
    while not any(isinstance(action, MoveTo) for action in game.legal_actions()):
        game.apply(rng.choice(game.legal_actions()))
    legal = game.legal_actions()
    assert game.legal_actions() is legal
    move = next(action for action in legal if isinstance(action, MoveTo))
    reached = {action.to for action in legal if isinstance(action, MoveTo) and action.fighter == move.fighter}
    unreached = next(square for square in square_bit(game.board) if square not in reached)
    before = game.state.model_dump_json()
    with pytest.raises(IllegalActionError):
        game.apply(MoveTo(fighter=move.fighter, to=unreached))
    assert game.state.model_dump_json() == before and game.legal_actions() is legal
    game.apply(MoveTo(fighter=move.fighter, to=move.to))
    assert game.log[-1].action == move
    assert game.legal_actions() is not legal
