"""The strong bot (`fragtui.bots.strong`, issue 34): whole games in every ruleset without an illegal action, a
decision made from the seat's view alone, and the kind selectable by name. Its strength is measured by
`python -m fragtui.bench.bots`, never here: no test here depends on the clock (the bots think a fixed number of
worlds, or a tiny budget whose only effect is how many)."""

from __future__ import annotations

import random

import pytest

from fragtui.bots import SEARCH_KINDS, Bot, BotWindow, make_bot, play_game
from fragtui.bots.kinds import known_kind
from fragtui.bots.strong import StrongBot, candidates
from fragtui.engine.actions import EndTurn, Step
from fragtui.engine.board import Direction
from fragtui.engine.frag.actions import Attack, PlayCard
from fragtui.errors import ConfigError
from tests.bots.helpers import seeded_ruleset_game
from tests.bots.test_hidden_information import scrambled
from tests.bots.test_worlds import _positions, _ruthless_twin

GAMES = [
    ("frag", "pocket", 4, 1, {}),
    ("frag", "foundry", 3, 2, {"objective": "king-of-the-hill", "target": 4}),
    ("frag", "pocket", 3, 3, {"objective": "keep-away", "target": 3}),
    ("deadlands", "town", 4, 4, {"scatter": True}),
    ("deadlands", "desert", 3, 5, {"objective": "turn-to-frag"}),
    ("ruthless", "main-street", 2, 6, {"sundown": 4}),
    ("ruthless", "dry-creek", 3, 7, {"sundown": 3, "scenario": "strongbox"}),
]


@pytest.mark.parametrize(("ruleset", "map_name", "players", "seed", "options"), GAMES)
def test_strong_bots_play_whole_games_legally_in_every_ruleset(
    ruleset: str, map_name: str, players: int, seed: int, options: dict[str, object]
) -> None:
    """Short games (to 1 frag in Frag, a few turns in Ruthless) with a strong bot on a tiny budget beside heuristic
    and random ones: every action through the checked `apply`, the engine's invariants checked after each, an end
    reached, and the strong bot searching some of its decisions."""
    frag_target = 1 if ruleset != "ruthless" else 3
    game = seeded_ruleset_game(ruleset, map_name, players, seed, frag_target=frag_target, options=options)
    strong = StrongBot(seed, budget=0.02)
    bots: list[Bot] = [strong, *(make_bot(("heuristic", "random")[n % 2], seed * 10 + n) for n in range(1, players))]
    report = play_game(game, bots, check=True, max_actions=3000)
    assert game.over, f"no end after {report.actions} actions"
    assert strong.stats.decisions > 0
    assert strong.stats.worlds > 0, "it should have imagined a world at some decision"
    assert strong.stats.rollouts >= strong.stats.worlds


@pytest.mark.parametrize(
    ("ruleset", "map_name", "players", "seed"), [("frag", "pocket", 4, 3), ("deadlands", "town", 3, 8)]
)
def test_F_CARD_02_the_same_view_and_seed_give_the_same_decision(
    ruleset: str, map_name: str, players: int, seed: int
) -> None:
    """F-CARD-02: two games whose views of the deciding seat are equal (other hands, deck orders and dice differ)
    get the same decision from strong bots of the same seed thinking the same number of worlds, at every position
    where it searches."""
    game = seeded_ruleset_game(ruleset, map_name, players, seed)
    rng = random.Random(seed)
    searched = 0
    for n, position in enumerate(_positions(game, every=8, max_actions=400)):
        seat = position.decider()
        assert seat is not None
        twin = scrambled(position, seat, rng)
        assert twin.view(seat) == position.view(seat)
        first, second = (StrongBot(n, worlds=2, horizon=1) for _ in range(2))
        assert first.decide(BotWindow(position, seat)) == second.decide(BotWindow(twin, seat))
        searched += first.stats.searched
    assert searched >= 3, "some positions should have been searched"


def test_R_SEQ_01_the_same_view_and_seed_give_the_same_decision_in_ruthless() -> None:
    """R-SEQ-01, R-FIST-01: in Ruthless too (the initiative picks included), a twin game differing only in what the
    seat cannot see gets the same decision from a strong bot of the same seed."""
    game = seeded_ruleset_game("ruthless", "main-street", 2, 5, options={"sundown": 4})
    rng = random.Random(5)
    searched = 0
    for n, position in enumerate(_positions(game, every=3, max_actions=300)[:14]):
        seat = position.decider()
        assert seat is not None
        twin = _ruthless_twin(position, seat, rng)
        first, second = (StrongBot(n, worlds=2) for _ in range(2))
        assert first.decide(BotWindow(position, seat)) == second.decide(BotWindow(twin, seat))
        searched += first.stats.searched
    assert searched >= 3


def test_candidates_are_the_quick_answer_then_one_of_each_kind_and_never_a_step() -> None:
    """The quick answer first; then other kinds of action, the first of each before a second of any; never a step;
    and when the quick answer is a step, only shots."""
    step = Step(direction=Direction.N)
    shots = [Attack(target=n, weapon="pistol") for n in (1, 2)]
    cards = [PlayCard(card="medkit#1"), PlayCard(card="medkit#2")]
    end = EndTurn()
    legal = [step, Step(direction=Direction.S), *shots, *cards, end]
    assert candidates(legal, end, 4) == [end, shots[0], cards[0], shots[1]]
    assert candidates(legal, step, 4) == [step, *shots]
    assert candidates([step, end], step, 4) == [step], "walking on or stopping: nothing to weigh"


def test_strong_is_a_kind_with_an_optional_budget() -> None:
    assert SEARCH_KINDS == ("strong",)
    bot = make_bot("Strong", 3)
    assert isinstance(bot, StrongBot) and bot.name == "strong" and bot.budget == 1.0
    quick = make_bot("strong:0.25", 3)
    assert isinstance(quick, StrongBot) and quick.budget == 0.25
    assert known_kind(" STRONG:0.50 ") == "strong:0.5"
    with pytest.raises(ConfigError, match="number of seconds above 0"):
        make_bot("strong:soon", 1)
    with pytest.raises(ConfigError, match="takes no time budget"):
        make_bot("heuristic:2", 1)
    with pytest.raises(ConfigError, match="the bots are heuristic, random, strong"):
        make_bot("clever", 1)
