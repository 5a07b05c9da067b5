"""The strong bot (`fragtui.bots.strong`, issue 34): whole games in every ruleset without an illegal action, a
decision made from the seat's view alone, and the kind selectable by name. Its strength is measured by
`python -m fragtui.bench.bots`, never here: no test here depends on the clock (the bots think a fixed number of
worlds, or a tiny budget whose only effect is how many)."""

from __future__ import annotations

import random
import time

import pytest

from fragtui.bots import SEARCH_KINDS, Bot, BotWindow, make_bot, play_game
from fragtui.bots.frag_window import FragWindow
from fragtui.bots.kinds import known_kind
from fragtui.bots.strong import StrongBot, candidates, hit_chances, ordered, stratified
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
    ("frag", "foundry", 4, 9, {"real-time": True}),
    ("ruthless", "main-street", 2, 6, {"sundown": 4}),
    ("ruthless", "dry-creek", 3, 7, {"sundown": 3, "scenario": "strongbox"}),
]


@pytest.mark.parametrize(("ruleset", "map_name", "players", "seed", "options"), GAMES)
def test_strong_bots_play_whole_games_legally_in_every_ruleset(
    ruleset: str, map_name: str, players: int, seed: int, options: dict[str, object]
) -> None:
    """Short games (to 1 frag in Frag, a few turns in Ruthless) with a strong bot on a tiny budget beside heuristic
    and random ones: every action through the checked `apply`, the engine's invariants checked after each, an end
    reached, and the strong bot searching some of its decisions (whole walks among them, in Frag's family)."""
    frag_target = 1 if ruleset != "ruthless" else 3
    game = seeded_ruleset_game(ruleset, map_name, players, seed, frag_target=frag_target, options=options)
    strong = StrongBot(seed, budget=0.02)
    bots: list[Bot] = [strong, *(make_bot(("heuristic", "random")[n % 2], seed * 10 + n) for n in range(1, players))]
    report = play_game(game, bots, check=True, max_actions=3000)
    assert game.over, f"no end after {report.actions} actions"
    assert strong.stats.decisions > 0
    assert strong.stats.worlds > 0, "it should have imagined a world at some decision"
    assert strong.stats.rollouts >= strong.stats.worlds
    if ruleset != "ruthless" and not options.get("real-time"):  # (Real-Time Frag's orders are a segment's: no walk)
        assert strong.stats.walks > 0, "whole walks weighed against the heuristic's (fragtui.bots.walks)"


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
    searched = hands_differ = piles_differ = 0
    for n, position in enumerate(_positions(game, every=8, max_actions=400)):
        seat = position.decider()
        assert seat is not None
        twin = scrambled(position, seat, rng)
        assert twin.view(seat) == position.view(seat)
        assert twin.state.dice != position.state.dice
        others = [o for o in range(players) if o != seat]
        hands_differ += any(twin.state.players[o].hand != position.state.players[o].hand for o in others)
        piles_differ += twin.state.decks.draw != position.state.decks.draw
        first, second = (StrongBot(n, worlds=2, horizon=1) for _ in range(2))
        assert first.decide(BotWindow(position, seat)) == second.decide(BotWindow(twin, seat))
        searched += first.stats.searched
    assert searched >= 3, "some positions should have been searched"
    assert hands_differ >= 3 and piles_differ >= 3, "the twins should truly differ in what the seat cannot see"


def test_R_SEQ_01_the_same_view_and_seed_give_the_same_decision_in_ruthless() -> None:
    """R-SEQ-01, R-FIST-01: in Ruthless too (the initiative picks included), a twin game differing only in what the
    seat cannot see gets the same decision from a strong bot of the same seed."""
    game = seeded_ruleset_game("ruthless", "main-street", 2, 5, options={"sundown": 4})
    rng = random.Random(5)
    searched = hands_differ = piles_differ = 0
    # (the first 14 positions, one every 3 actions, are all taken within 42: the game is played that far)
    for n, position in enumerate(_positions(game, every=3, max_actions=3 * 14)[:14]):
        seat = position.decider()
        assert seat is not None
        twin = _ruthless_twin(position, seat, rng)
        assert twin.view(seat) == position.view(seat)
        table, twin_table = position.state.ruthless, twin.state.ruthless
        assert table is not None and twin_table is not None
        hands_differ += any(twin_table.hands[o] != table.hands[o] for o in range(2) if o != seat)
        piles_differ += twin_table.draw != table.draw
        first, second = (StrongBot(n, worlds=2) for _ in range(2))
        assert first.decide(BotWindow(position, seat)) == second.decide(BotWindow(twin, seat))
        searched += first.stats.searched
    assert searched >= 3
    assert hands_differ >= 3 and piles_differ >= 3, "the twins should truly differ in what the seat cannot see"


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


def test_an_attacks_hits_and_misses_are_weighed_by_its_exact_chance_to_hit() -> None:
    """Post-stratification on the to-hit roll: two hits and four misses of an attack with an even chance count as
    half hits, half misses; without a chance, an unknown roll, or a stratum of one world, the values as they came."""
    values = [1.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    hits: list[bool | None] = [True, True, False, False, False, False]
    weighed = stratified(values, hits, 0.5)
    assert sum(weighed) / len(weighed) == pytest.approx(0.5)
    assert sum(values) / len(values) == pytest.approx(1 / 3)
    assert stratified(values, hits, None) is values
    assert stratified(values, [True, None, False, False, False, False], 0.5) is values
    assert stratified(values, [True, False, False, False, False, False], 0.5) is values


def test_the_search_chooses_by_the_rollouts_values_and_prunes_in_the_heuristics_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At a position with several candidates, the candidate whose rollouts score clearly best in every world is
    chosen over the quick answer; attacks come in the heuristic's order (its worth of a shot, by the exact forecast);
    and with time for too few worlds, the last candidates are dropped (down to two)."""
    game = seeded_ruleset_game("frag", "pocket", 4, 3)
    position = next(
        p
        for p in _positions(game, every=1, max_actions=1500)
        if sum(isinstance(a, Attack) for a in p.legal_actions()) >= 2 and len(p.legal_actions()) >= 4
    )
    seat = position.decider()
    assert seat is not None
    window = BotWindow(position, seat)
    attacks = [a for a in position.legal_actions() if isinstance(a, Attack)]
    frag = FragWindow.of(window)
    worth = {a: float(frag.forecast(a).expected_loss) + 2 * float(frag.forecast(a).p_frag) for a in attacks}
    quick = next(a for a in position.legal_actions() if not isinstance(a, Attack))
    options = ordered(window, [quick, *attacks])
    assert options[0] == quick
    assert [worth[a] for a in options[1:]] == sorted(worth.values(), reverse=True)
    assert hit_chances(window, options)[1] == float(frag.forecast(options[1]).p_hit)

    chosen = options[-1]

    def rollout(self, world, seat, action, seeds, horizon):  # type: ignore[no-untyped-def]
        return (0.6 if action == chosen else 0.0), None

    monkeypatch.setattr(StrongBot, "_rollout", rollout)
    bot = StrongBot(1, worlds=4)
    assert bot._search(window, [quick, *attacks], 0.0) == chosen
    assert bot.stats.changed == 1
    hasty = StrongBot(1, budget=1e-6)  # no time for even one world a candidate: pruned to two, the quick answer kept
    assert hasty._search(window, [quick, *attacks], time.perf_counter()) == quick
    assert hasty.stats.pruned == (1 if len(attacks) >= 2 else 0)
