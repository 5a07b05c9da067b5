"""Whole walks the strong bot weighs (`fragtui.bots.walks`, issue 34): where they end, that a rollout walks them
whole, and that a walk chosen is walked move by move in the real game, given up when the turn goes otherwise."""

from __future__ import annotations

import pytest

from fragtui.bots import BotWindow
from fragtui.bots.heuristic import HeuristicBot
from fragtui.bots.strong import StrongBot
from fragtui.bots.walks import Walk, Walking, is_walk_moment, play, walks
from fragtui.engine.actions import Step
from fragtui.engine.game import Game
from tests.bots.helpers import seeded_ruleset_game


def _walk_moments(ruleset: str, map_name: str, seed: int, count: int = 4) -> list[tuple[Game, int, Step, list[Walk]]]:
    """The first `count` positions of a seeded game of heuristic bots where the answer for the seat deciding begins
    a walk (his turn's first move) and other walks are offered there: (a copy of the game, the seat, the
    heuristic's move, the walks besides its own)."""
    game = seeded_ruleset_game(ruleset, map_name, 4, seed)
    bots = [HeuristicBot(seed * 10 + n) for n in range(4)]
    found: list[tuple[Game, int, Step, list[Walk]]] = []
    weighed: set[tuple[int, int]] = set()
    for _ in range(2000):
        seat = game.decider()
        if seat is None or len(found) == count:
            break
        window = BotWindow(game, seat)
        move = bots[seat].decide(window)
        turn = (seat, game.state.turn.number)
        if isinstance(move, Step) and is_walk_moment(window, move) and turn not in weighed:
            weighed.add(turn)
            offered = walks(window, 3, besides=bots[seat].walking_to(seat))
            if offered:
                found.append((Game.from_state(game.state, board=game.board, cards=game.cards), seat, move, offered))
        game.apply(move, seat)
    return found


@pytest.mark.parametrize(("ruleset", "map_name", "seed"), [("frag", "foundry", 2), ("deadlands", "town", 4)])
def test_walks_end_apart_and_a_rollout_walks_each_whole(ruleset: str, map_name: str, seed: int) -> None:
    """Each walk offered ends on a square of its own, not where the fighter stands, begins with a legal move, and
    played in a copy of the game (`play`) takes the fighter to its end with every move; the game itself is
    untouched."""
    moments = _walk_moments(ruleset, map_name, seed)
    assert moments, "the heuristic walks somewhere in the game"
    for position, seat, _, offered in moments:
        here = BotWindow(position, seat).view().fighters[seat].square
        goals = [walk.goal for walk in offered]
        assert len(set(goals)) == len(goals) and here not in goals
        before = position.state.model_dump_json()
        for walk in offered:
            assert walk.start == here and walk.moves and walk.squares[-1] == walk.goal
            assert walk.moves[0] in position.legal_actions(seat)
            copy = Game.from_state(position.state, board=position.board, cards=position.cards)
            assert play(copy, seat, walk) == len(walk.moves)
            assert BotWindow(copy, seat).view().fighters[seat].square == walk.goal
        assert position.state.model_dump_json() == before


def test_a_walk_chosen_is_walked_move_by_move_then_the_heuristic_plays_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Made to prefer a walk (its rollouts score it best), the strong bot answers with the walk's first move, then
    hands out the rest of it at the decisions that follow without searching again, and the fighter ends where the
    walk ends; the turn after, it weighs walks again."""
    position, seat, _, offered = next(m for m in _walk_moments("frag", "foundry", 2) if len(m[3][0].moves) >= 2)
    chosen = offered[0]

    def rollout(self, world, seat, action, seeds, horizon):  # type: ignore[no-untyped-def]
        return (0.9 if isinstance(action, Walk) and action.goal == chosen.goal else 0.0), None

    monkeypatch.setattr(StrongBot, "_rollout", rollout)
    bot = StrongBot(7, worlds=3)
    window = BotWindow(position, seat)
    assert bot.decide(window) == chosen.moves[0]
    assert bot.stats.walked == 1 and bot.stats.walks >= 1
    searched = bot.stats.searched
    position.apply(chosen.moves[0], seat)
    for move in chosen.moves[1:]:
        assert position.decider() == seat
        assert bot.decide(window) == move
        position.apply(move, seat)
    assert bot.stats.searched == searched, "the walk is walked, not searched again at each move"
    assert BotWindow(position, seat).view().fighters[seat].square == chosen.goal


def test_a_walk_is_given_up_when_the_turn_goes_otherwise() -> None:
    """A walk chosen hands out its next move while the fighter is where its last move put him, and gives up (None:
    the bot then answers as it would without it) once he is not: here he took another first step."""
    position, seat, _, offered = next(
        m
        for m in _walk_moments("frag", "foundry", 2)
        if len(m[3][0].moves) >= 2 and sum(isinstance(a, Step) for a in m[0].legal_actions(m[1])) >= 2
    )
    walk = offered[0]
    on_the_way = Game.from_state(position.state, board=position.board, cards=position.cards)
    walking = Walking(walk, seat, position.state.turn.number, done=1)
    on_the_way.apply(walk.moves[0], seat)
    assert walking.next_move(BotWindow(on_the_way, seat), on_the_way.legal_actions(seat)) == walk.moves[1]
    astray = Game.from_state(position.state, board=position.board, cards=position.cards)
    walking = Walking(walk, seat, position.state.turn.number, done=1)
    astray.apply(next(a for a in astray.legal_actions(seat) if isinstance(a, Step) and a != walk.moves[0]), seat)
    assert walking.next_move(BotWindow(astray, seat), astray.legal_actions(seat)) is None
