"""The fighter a computer player designs for itself, and the posse it leads (`fragtui.bots.designs`): the strong kind
takes the design that won most often in self-play, by ruleset and mode, and in Ruthless the free fixed posse that won
most; every other kind plays what it is given. How often each wins is measured by `python -m fragtui.bench.designs`,
never here."""

from __future__ import annotations

from fragtui.bench.bots import designed, seated
from fragtui.bench.designs import design_wins
from fragtui.bots.designs import OWN_DESIGNS, OWN_POSSES, designs_own, own_design, own_posse, own_seats
from fragtui.engine.frag.design import FighterDesign, all_designs
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
    assert [seat["posse"].name for seat in led] == ["The Hired Guns", "The Brannigans"]  # (the Brannigans are taken)
    assert own_seats(dealt_posses, ["heuristic", "heuristic"], "ruthless", {}) == dealt_posses


def test_the_bench_gives_the_tested_seat_its_own_design_and_leaves_the_rest_of_the_game_as_dealt() -> None:
    game, seat, _, seed = seated("frag", 5)
    mine = designed(game, {seat}, seed)
    dealt, chosen = game.state.config.seats, mine.state.config.seats
    assert chosen[seat].fighter == H2S2A3 != dealt[seat].fighter
    assert [s for n, s in enumerate(chosen) if n != seat] == [s for n, s in enumerate(dealt) if n != seat]
    assert mine.rules.decider() == game.rules.decider()  # the same dice: the same first player
    assert mine.state.config.map == game.state.config.map


def test_the_bench_gives_the_tested_posse_the_free_posse_that_won_most() -> None:
    for number in range(6):
        game, tested, _, deal = seated("ruthless", number)
        mine = designed(game, {tested}, deal)
        dealt, chosen = game.state.config.seats, mine.state.config.seats
        other = 1 - tested
        assert chosen[other] == dealt[other]
        riding = {gunfighter.key for gunfighter in dealt[other].posse.gunfighters}
        assert chosen[tested].posse == own_posse(RuthlessRules.posse_roster(), riding)
        best = "The Hired Guns" if dealt[other].posse.name == "The Brannigans" else "The Brannigans"
        assert chosen[tested].posse.name == best


def test_own_posse_is_the_best_ranked_fixed_posse_that_is_free_and_affordable() -> None:
    roster = RuthlessRules.posse_roster()
    assert [p.name for p in roster.posses if p.name not in OWN_POSSES] == []
    assert own_posse(roster, set()).name == "The Brannigans"
    brannigans = next(p for p in roster.posses if p.name == "The Brannigans")
    assert own_posse(roster, {brannigans.gunfighters[0].key}).name == "The Hired Guns"
    assert own_posse(roster, set(), budget=55).name == "The Harlan Gang"  # (50 points: the others cost more)
    everyone = {gunfighter.key for posse in roster.posses for gunfighter in posse.gunfighters}
    assert own_posse(roster, everyone) is None


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
