"""Whole games of Ruthless with the heuristic bot: every choice legal (the engine's invariants checked after
every action), no slip in its reasoning, the same seed the same game, and what it may not see changes nothing."""

from __future__ import annotations

import random

import pytest

from fragtui.bots import Bot, BotWindow, make_bot, play_game
from fragtui.bots.kinds import AnyGameHeuristic
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game, state_hash
from fragtui.engine.rulesets import find_ruleset


def _game(map_name: str, players: int, seed: int, sundown: int = 4, scenario: str = "showdown") -> Game:
    rng = random.Random(f"bots/ruthless/{map_name}/{players}/{seed}")
    seats = find_ruleset("ruthless").random_seats(rng, players)
    options = {"sundown": sundown, "scenario": scenario}
    config = make_config(ruleset="ruthless", map=map_name, seats=seats, options=options)
    return new_game(config, seed)


@pytest.mark.parametrize(
    ("map_name", "players", "seed"),
    [("main-street", 2, 1), ("dry-creek", 2, 2), ("main-street", 3, 3), ("dry-creek", 4, 4), ("town", 4, 5)],
)
def test_short_games_against_random_posses_are_played_legally(map_name: str, players: int, seed: int) -> None:
    """Every choice of the heuristic bot is legal and none is a slip (a first choice it had to replace)."""
    kinds = ["heuristic" if n % 2 == 0 else "random" for n in range(players)]
    bots: list[Bot] = [make_bot(kind, seed * 10 + n) for n, kind in enumerate(kinds)]
    report = play_game(_game(map_name, players, seed), bots, check=True)
    assert report.finished
    assert report.turns <= 4
    for bot in bots:
        if isinstance(bot, AnyGameHeuristic):
            assert all(getattr(player, "slips", 0) == 0 for player in bot.players.values())
            assert bot.slips == 0


def test_the_same_seed_plays_the_same_game() -> None:
    hashes = []
    for _ in range(2):
        game = _game("dry-creek", 3, 7)
        play_game(game, [make_bot("heuristic", n) for n in range(3)])
        hashes.append(state_hash(game.state))
    assert hashes[0] == hashes[1]


def test_it_beats_random_posses_more_often_than_not() -> None:
    """Ten two-posse showdowns to sundown at turn 12, seats alternated: the heuristic posse wins most (the
    benchmark's figure, fragtui.bench.ruthless_bots, is about 98%)."""
    wins = 0
    for seed in range(10):
        seat = seed % 2
        kinds = ["random", "random"]
        kinds[seat] = "heuristic"
        report = play_game(_game("main-street", 2, 100 + seed, sundown=12), [make_bot(k, seed) for k in kinds])
        wins += report.winner == seat
    assert wins >= 8


@pytest.mark.parametrize(("map_name", "players", "seed"), [("main-street", 2, 31), ("dry-creek", 3, 32)])
def test_strongbox_games_are_played_legally(map_name: str, players: int, seed: int) -> None:
    """R-SKED-01's strongbox: every choice legal (the engine's invariants checked), no slip."""
    kinds = ["heuristic" if n % 2 == 0 else "random" for n in range(players)]
    bots: list[Bot] = [make_bot(kind, seed * 10 + n) for n, kind in enumerate(kinds)]
    report = play_game(_game(map_name, players, seed, sundown=12, scenario="strongbox"), bots, check=True)
    assert report.finished
    for bot in bots:
        if isinstance(bot, AnyGameHeuristic):
            assert all(getattr(player, "slips", 0) == 0 for player in bot.players.values())


def test_it_carries_the_strongbox_off_against_random_posses() -> None:
    """R-SKED-01: ten strongbox games against a random posse, seats alternated: the heuristic posse wins most,
    and most of its wins by carrying the strongbox off the map (the benchmark's figures, fragtui.bench.ruthless_bots,
    are 100% and 93%)."""
    wins = carried = 0
    for seed in range(10):
        seat = seed % 2
        kinds = ["random", "random"]
        kinds[seat] = "heuristic"
        game = _game("dry-creek", 2, 200 + seed, sundown=12, scenario="strongbox")
        report = play_game(game, [make_bot(k, seed) for k in kinds])
        table = game.state.ruthless
        assert table is not None
        wins += report.winner == seat
        carried += report.winner == seat and table.carried_off == seat
    assert wins >= 8
    assert carried >= 7


def test_what_it_cannot_see_does_not_change_its_choice() -> None:
    """The other posses' hands and the deck's order swapped for others: the same decision, at every decision
    of a few games (hidden information stays hidden)."""
    checked = 0
    for seed in (11, 12, 13):
        game = _game("main-street", 3, seed, sundown=12)
        bots = [make_bot("heuristic", n) for n in range(3)]
        for _ in range(40):
            seat = game.decider()
            if seat is None:
                break
            action = bots[seat].decide(BotWindow(game, seat))
            twin = Game.from_state(game.state.model_copy(deep=True), board=game.board, cards=game.cards)
            table = twin.state.ruthless
            assert table is not None
            others = [card for n, hand in enumerate(table.hands) if n != seat for card in hand] + table.draw
            random.Random(checked).shuffle(others)
            for n, hand in enumerate(table.hands):
                if n != seat:
                    table.hands[n] = [others.pop() for _ in hand]
            table.draw = others
            assert make_bot("heuristic", seat).decide(BotWindow(twin, seat)) == action
            checked += 1
            game.apply(action)
    assert checked >= 60


def test_every_kind_plays_ruthless() -> None:
    """`heuristic`, `random` and the `hunter` yardstick each take a seat in a game of Ruthless (the hunter,
    which ignores a Frag Tag objective, is the Ruthless bot there: Ruthless has none to ignore)."""
    bots: list[Bot] = [make_bot(kind, n) for n, kind in enumerate(("hunter", "random", "heuristic"))]
    report = play_game(_game("dry-creek", 3, 21), bots, check=True)
    assert report.finished
    assert [seat.bot for seat in report.seats] == ["hunter", "random", "heuristic"]
