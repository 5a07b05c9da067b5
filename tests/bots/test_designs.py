"""The fighter a computer player designs for itself, and the posse it leads (`fragtui.bots.designs`): the strong kind
takes the design that won most often in self-play, by ruleset and mode, and in Ruthless the posse of the free
gunfighters worth most in self-play; every other kind plays what it is given. How often each wins is measured by
`python -m fragtui.bench.designs`, never here."""

from __future__ import annotations

import itertools
import random

import pytest

from fragtui.bench.bots import designed, seated
from fragtui.bench.designs import design_wins, gunfighter_worths, hand_built
from fragtui.bots import designs
from fragtui.bots.designs import (
    GUNFIGHTER_WORTH,
    OWN_DESIGNS,
    WORTH_PER_POINT,
    designs_own,
    gunfighter_worth,
    own_design,
    own_posse,
    own_seats,
)
from fragtui.engine.frag.design import FighterDesign, all_designs
from fragtui.engine.ruthless.pieces import Gunfighter, Posse, Roster
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.simulate import SimulationOptions, play_one

H2S2A3 = FighterDesign(health=2, speed=2, accuracy=3)


def test_only_the_strong_kind_designs_its_own_fighter() -> None:
    assert designs_own("strong") and designs_own("strong:0.25")
    assert not any(designs_own(kind) for kind in ("heuristic", "hunter", "random", None))


def test_the_design_is_chosen_by_ruleset_and_mode_and_falls_back_to_plain_frag() -> None:
    assert all(design in all_designs() for design in OWN_DESIGNS.values())
    assert own_design("frag", {}) == OWN_DESIGNS["frag/frags"] == H2S2A3
    assert own_design("frag", {"objective": "turn-to-frag"}) == OWN_DESIGNS["frag/turn-to-frag"]
    assert own_design("deadlands", {}) == OWN_DESIGNS["deadlands/frags"]
    assert own_design("deadlands", {"objective": "keep-away"}) == OWN_DESIGNS["deadlands/frags"]
    assert own_design("frag", {"objective": "king-of-the-hill"}) == OWN_DESIGNS["frag/frags"]
    assert own_design("ruthless", {}) is None  # (a posse is led, not designed)


def test_own_seats_changes_the_designing_seats_only() -> None:
    dealt = [{"name": f"P{n}", "fighter": all_designs()[n]} for n in range(4)]
    kinds = ["heuristic", "strong:0.5", "random", "strong"]
    seats = own_seats(dealt, kinds, "frag", {})
    assert [seat["fighter"] for seat in seats] == [all_designs()[0], H2S2A3, all_designs()[2], H2S2A3]
    assert [seat["name"] for seat in seats] == ["P0", "P1", "P2", "P3"]
    posses = {posse.name: posse for posse in RuthlessRules.posse_roster().posses}
    dealt_posses = [{"name": "P0", "posse": posses["The Lawmen"]}, {"name": "P1", "posse": posses["The Brannigans"]}]
    led = own_seats(dealt_posses, ["strong", "heuristic"], "ruthless", {})
    riding = {gunfighter.key for gunfighter in posses["The Brannigans"].gunfighters}
    assert led[0]["posse"] == own_posse(RuthlessRules.posse_roster(), riding, 66, "P0")
    assert led[0]["posse"] != posses["The Lawmen"] and led[1] == dealt_posses[1]
    assert own_seats(dealt_posses, ["heuristic", "heuristic"], "ruthless", {}) == dealt_posses


def test_the_bench_gives_the_tested_seat_its_own_design_and_leaves_the_rest_of_the_game_as_dealt() -> None:
    game, seat, _, seed = seated("frag", 5)
    mine = designed(game, {seat}, seed)
    dealt, chosen = game.state.config.seats, mine.state.config.seats
    assert chosen[seat].fighter == H2S2A3 != dealt[seat].fighter
    assert [s for n, s in enumerate(chosen) if n != seat] == [s for n, s in enumerate(dealt) if n != seat]
    assert mine.rules.decider() == game.rules.decider()  # the same dice: the same first player
    assert mine.state.config.map == game.state.config.map


def test_the_bench_gives_the_tested_posse_the_free_gunfighters_worth_most() -> None:
    roster = RuthlessRules.posse_roster()
    for number in range(6):
        game, tested, _, deal = seated("ruthless", number)
        mine = designed(game, {tested}, deal)
        dealt, chosen = game.state.config.seats, mine.state.config.seats
        other = 1 - tested
        assert chosen[other] == dealt[other]
        riding = {gunfighter.key for gunfighter in dealt[other].posse.gunfighters}
        assert chosen[tested].posse == own_posse(roster, riding, 66, dealt[tested].name)
        assert not riding & {gunfighter.key for gunfighter in chosen[tested].posse.gunfighters}


def _worth(posse: Posse | tuple[Gunfighter, ...]) -> float:
    return sum(map(gunfighter_worth, posse.gunfighters if isinstance(posse, Posse) else posse))


def test_own_posse_is_the_free_affordable_posse_of_most_worth() -> None:
    """Checked against every posse of the free gunfighters: the knapsack finds the best, within the budget, and
    beats every fixed posse it could have led."""
    roster = RuthlessRules.posse_roster()
    assert set(GUNFIGHTER_WORTH) == {gunfighter.key for gunfighter in roster.gunfighters}
    riding = {gunfighter.key for gunfighter in roster.gunfighters[:9]}  # (eleven free: every posse of them is tried)
    free = [gunfighter for gunfighter in roster.gunfighters if gunfighter.key not in riding]
    for budget in (30, 45, 66):
        mine = own_posse(roster, riding, budget, "Ann")
        assert mine is not None and mine.points <= budget
        assert not riding & {gunfighter.key for gunfighter in mine.gunfighters}
        every = (
            members
            for size in range(1, 9)
            for members in itertools.combinations(free, size)
            if sum(gunfighter.points for gunfighter in members) <= budget
        )
        assert _worth(mine) == pytest.approx(max(map(_worth, every)))
    best = own_posse(roster, set())
    assert best is not None and best.points <= roster.budget
    assert all(_worth(best) >= _worth(posse) for posse in roster.posses)
    members = [gunfighter.key for gunfighter in best.gunfighters]
    assert members == [g.key for g in roster.gunfighters if g.key in members]  # (the roster's order: deployment)


def test_own_posse_names_a_fixed_posse_by_its_name_and_its_own_by_the_leader(monkeypatch: pytest.MonkeyPatch) -> None:
    roster = RuthlessRules.posse_roster()
    lawmen = next(posse for posse in roster.posses if posse.name == "The Lawmen")
    worth = {gunfighter.key: -1.0 for gunfighter in roster.gunfighters}
    monkeypatch.setattr(designs, "GUNFIGHTER_WORTH", worth | {g.key: 1.0 for g in lawmen.gunfighters})
    assert own_posse(roster, set(), leader="Ann") is lawmen
    monkeypatch.setattr(designs, "GUNFIGHTER_WORTH", worth | {g.key: 1.0 for g in lawmen.gunfighters[:3]})
    mine = own_posse(roster, set(), leader="Ann")
    assert mine is not None and mine.name == "Ann's posse"
    assert {g.key for g in mine.gunfighters} == {g.key for g in lawmen.gunfighters[:3]}
    assert own_posse(roster, {g.key for g in lawmen.gunfighters[:3]}) is None  # (nobody else is worth leading)
    monkeypatch.setattr(designs, "GUNFIGHTER_WORTH", GUNFIGHTER_WORTH)
    assert own_posse(roster, {gunfighter.key for gunfighter in roster.gunfighters}) is None


def test_a_gunfighter_of_another_roster_is_worth_his_points() -> None:
    roster = RuthlessRules.posse_roster()
    stranger = roster.gunfighters[0].model_copy(update={"key": "stranger", "points": 12})
    assert gunfighter_worth(stranger) == 12 * WORTH_PER_POINT
    assert gunfighter_worth(roster.gunfighters[0]) == GUNFIGHTER_WORTH[roster.gunfighters[0].key]
    small = Roster(gunfighters=(stranger,), budget=20)
    assert own_posse(small, set(), leader="Bob") == Posse(name="Bob's posse", gunfighters=(stranger,))
    assert own_posse(small, set(), budget=11) is None  # (he costs 12)


def test_a_posse_built_at_random_spends_the_budget_on_free_gunfighters() -> None:
    roster = RuthlessRules.posse_roster()
    riding = {gunfighter.key for gunfighter in roster.posses[0].gunfighters}
    rng = random.Random(3)
    for _ in range(20):
        posse = hand_built(roster, riding, 66, rng)
        assert 56 <= posse.points <= 66
        assert not riding & {gunfighter.key for gunfighter in posse.gunfighters}


def test_gunfighter_worths_are_fitted_from_who_won() -> None:
    """A gunfighter whose posse wins is worth more than one whose posse loses; a game nobody won is left out."""
    games: list[tuple[list[list[str]], int | None]] = [
        ([["a", "b"], ["c"]], 0),
        ([["c", "b"], ["a"]], 1),
        ([["a"], ["b", "c"]], 0),
        ([["b"], ["a", "c"]], 1),
        ([["b"], ["c"]], 0),
    ]
    worths = gunfighter_worths([*games * 5, ([["c"], ["a"]], None)], ["a", "b", "c"])
    assert worths[0] > worths[1] > worths[2]


def test_design_wins_counts_every_seat_of_every_game() -> None:
    tally = design_wins([(["a", "b", "c"], 0), (["b", "a", "c"], 0), (["c", "b", "a"], None)])
    assert tally == {"a": [1, 3], "b": [1, 3], "c": [0, 3]}


def test_simulate_seats_the_strong_bot_with_its_own_design() -> None:
    options = SimulationOptions(games=1, seed=13, map="pocket", frag_target=1, players=3)
    dealt, _ = play_one(options, ["heuristic"] * 3, options.seed)
    game, report = play_one(options, ["strong:0.01", "heuristic", "heuristic"], options.seed)
    before = [seat.fighter for seat in dealt.state.config.seats]
    after = [seat.fighter for seat in game.state.config.seats]
    assert before[0] != H2S2A3 and after == [H2S2A3, *before[1:]]
    assert report.finished


def test_simulate_names_the_posse_the_strong_bot_builds_for_its_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """`fragtui simulate --ruleset ruthless --bots strong,…`: the strong seat leads the posse `own_posse` builds,
    called after the seat's player as simulate names him (`Ann's posse`), not after the dealt seat's placeholder.
    (Every gunfighter is made worth 1, so the most of them the budget allows is built: no fixed posse of four.)"""
    roster = RuthlessRules.posse_roster()
    for gunfighter in roster.gunfighters:
        monkeypatch.setitem(designs.GUNFIGHTER_WORTH, gunfighter.key, 1.0)
    options = SimulationOptions(games=1, seed=5, map="dry-creek", ruleset="ruthless", players=2, options={"sundown": 1})
    game, _ = play_one(options, ["strong:0.01", "heuristic"], options.seed)
    mine, theirs = (seat.posse for seat in game.state.config.seats)
    assert mine is not None and theirs is not None
    riding = {gunfighter.key for gunfighter in theirs.gunfighters}
    assert mine == own_posse(roster, riding, RuthlessRules.posse_budget(game.state.config.options), "Ann")
    assert mine.name == "Ann's posse" and len(mine.gunfighters) > 4


def test_a_posse_built_at_random_of_cards_that_cannot_fill_the_budget_is_the_fullest_drawn() -> None:
    """Free cards of 18 and 19 points and a budget of 30: no draw comes within 10 points, so after its draws the
    builder settles for the fullest (the 19-point card) instead of drawing for ever."""
    roster = RuthlessRules.posse_roster()
    cheap, dear = (
        roster.gunfighters[0].model_copy(update={"key": key, "points": points})
        for key, points in (("a", 18), ("b", 19))
    )
    posse = hand_built(Roster(gunfighters=(cheap, dear), budget=30), set(), 30, random.Random(1))
    assert posse.gunfighters == (dear,)
