"""The tournament as a value (F-WIN-02): results, raises, the next game's set-up, standings, seeds."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from fragtui.bots.tournament import computer_raise
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.frag.design import FighterDesign, Stat
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.tournament import MAX_GAMES, Tournament
from fragtui.errors import ConfigError, IllegalActionError

ANN, BOB, CAT, DAN = range(4)


def tournament(games: int = 3, ruleset: str = "frag") -> Tournament:
    designs = [(4, 2, 1), (2, 2, 3), (3, 2, 2), (1, 4, 2)]
    seats = [
        {"name": name, "fighter": {"health": h, "speed": s, "accuracy": a}}
        for name, (h, s, a) in zip(("Ann", "Bob", "Cat", "Dan"), designs, strict=True)
    ]
    if ruleset == "deadlands":
        for seat, character in zip(seats, ("huckster", "saloon-gal", "indian-brave", "mad-scientist"), strict=True):
            seat["character"] = character
        return Tournament(config=make_config(ruleset="deadlands", map="town", seats=seats), games=games, seed=11)
    return Tournament(config=make_config(map="pocket", seats=seats), games=games, seed=11)


def test_the_winner_raises_one_stat_by_1_past_4_allowed_for_the_next_game__F_WIN_02() -> None:
    t = tournament().record([3, 1, 0, 2], winner=ANN)
    assert t.awaiting_raise == ANN
    t = t.raise_stat(ANN, Stat.HEALTH)  # Ann's Health was 4: the raise takes it to 5
    config = t.config_of_next()
    assert config.seats[ANN].fighter == FighterDesign(health=5, speed=2, accuracy=1, raised=(Stat.HEALTH,))
    assert [seat.fighter for seat in config.seats[1:]] == [seat.fighter for seat in t.config.seats[1:]]
    game = new_game(config, t.seed_of(2))  # the engine plays a raised fighter: Health 5, past the design's 4
    assert game.state.players[ANN].design.health == 5
    assert game.rules.max_health(ANN) == 5


def test_raises_add_up_game_after_game_and_the_design_still_counts_as_seven_points__F_WIN_02() -> None:
    t = tournament(games=4)
    for stat in (Stat.ACCURACY, Stat.ACCURACY):
        t = t.record([0, 3, 0, 0], winner=BOB).raise_stat(BOB, stat)
    bob = t.designs()[BOB]
    assert (bob.health, bob.speed, bob.accuracy) == (2, 2, 5)
    assert bob.raised == (Stat.ACCURACY, Stat.ACCURACY)
    t.config_of_next().check_designs()  # F-SETUP-01 still holds before the raises


def test_only_the_winner_raises_and_only_once__F_WIN_02() -> None:
    t = tournament().record([3, 1, 0, 2], winner=ANN)
    with pytest.raises(IllegalActionError, match="only Ann, the winner"):
        t.raise_stat(BOB, Stat.SPEED)
    assert t.awaiting_raise == ANN  # refused: nothing changed
    raised = t.raise_stat(ANN, Stat.SPEED)
    with pytest.raises(IllegalActionError, match="no stat is to be raised"):
        raised.raise_stat(ANN, Stat.SPEED)


def test_the_next_game_waits_for_the_raise__F_WIN_02() -> None:
    t = tournament().record([3, 1, 0, 2], winner=ANN)
    with pytest.raises(IllegalActionError, match="Ann must first raise a stat"):
        t.config_of_next()
    with pytest.raises(IllegalActionError, match="Ann must first raise a stat"):
        t.record([0, 3, 0, 0], winner=BOB)


def test_the_last_games_winner_raises_nothing_and_the_tournament_is_over__F_WIN_02() -> None:
    t = tournament(games=2).record([3, 0, 0, 0], winner=ANN).raise_stat(ANN, Stat.SPEED)
    t = t.record([0, 3, 1, 0], winner=BOB)
    assert t.finished and t.awaiting_raise is None and t.next_game is None
    with pytest.raises(IllegalActionError, match="no stat is to be raised"):
        t.raise_stat(BOB, Stat.HEALTH)
    with pytest.raises(IllegalActionError, match="the tournament is over"):
        t.config_of_next()
    with pytest.raises(IllegalActionError, match="the tournament is over"):
        t.record([3, 0, 0, 0], winner=ANN)


def test_standings_rank_by_games_won_then_frags_and_level_players_share_a_place__F_WIN_02() -> None:
    t = tournament(games=3)
    t = t.record([3, 2, 0, 1], winner=ANN).raise_stat(ANN, Stat.SPEED)
    t = t.record([1, 3, 2, 0], winner=BOB).raise_stat(BOB, Stat.SPEED)
    t = t.record([0, 0, 3, 3], winner=CAT)
    lines = t.standings()
    assert [(line.name, line.place, line.wins, line.frags) for line in lines] == [
        ("Bob", 1, 1, 5),  # one win each for Ann, Bob and Cat: frags decide
        ("Cat", 1, 1, 5),  # level with Bob: the same place
        ("Ann", 3, 1, 4),
        ("Dan", 4, 0, 4),
    ]
    assert lines[0].boxes == (2, 3, 0)  # Bob's record sheet boxes, game by game
    assert t.champions() == [BOB, CAT]


def test_a_record_that_does_not_fit_the_table_is_refused__F_WIN_02() -> None:
    t = tournament()
    with pytest.raises(IllegalActionError, match="3 frag counts for 4 players"):
        t.record([3, 1, 0], winner=ANN)
    with pytest.raises(IllegalActionError, match="won by seat 7"):
        t.record([3, 1, 0, 0], winner=7)
    assert t.results == ()


def test_a_tournament_is_one_to_the_record_sheets_six_games__F_WIN_02() -> None:
    assert MAX_GAMES == 6
    config = tournament().config
    for games in (0, 7):
        with pytest.raises(ValidationError):
            Tournament(config=config, games=games, seed=1)


def test_each_game_has_its_own_seed_fixed_by_the_tournaments__F_WIN_02() -> None:
    t = tournament(games=6)
    seeds = [t.seed_of(n) for n in range(1, 7)]
    assert len(set(seeds)) == 6
    assert seeds == [tournament(games=6).seed_of(n) for n in range(1, 7)]
    with pytest.raises(ValueError, match="game 7"):
        t.seed_of(7)


def test_frag_deadlands_fighters_keep_their_character_and_are_raised_too__F_WIN_02() -> None:
    t = tournament(ruleset="deadlands").record([0, 0, 3, 0], winner=CAT).raise_stat(CAT, Stat.ACCURACY)
    config = t.config_of_next()
    assert config.ruleset == "deadlands"
    assert [seat.character for seat in config.seats] == ["huckster", "saloon-gal", "indian-brave", "mad-scientist"]
    assert config.seats[CAT].fighter.accuracy == 3
    game = new_game(config, t.seed_of(2))
    assert game.state.players[CAT].design.accuracy == 3


@pytest.mark.parametrize(
    ("design", "stat"),
    [
        ((3, 2, 2), Stat.ACCURACY),  # even Accuracy: the raise adds an attack a turn
        ((1, 2, 4), Stat.ACCURACY),
        ((2, 2, 3), Stat.HEALTH),  # odd Accuracy: the lower of Health and Speed, Health when level
        ((4, 2, 1), Stat.SPEED),
        ((1, 3, 3), Stat.HEALTH),
    ],
)
def test_a_computer_winner_raises_by_its_own_rule__F_WIN_02(design: tuple[int, int, int], stat: Stat) -> None:
    h, s, a = design
    assert computer_raise(FighterDesign(health=h, speed=s, accuracy=a)) is stat


def test_rules_without_fighters_to_raise_have_no_tournament__F_WIN_02() -> None:
    """Ruthless's posses have no stat to raise and play no frag target: a tournament of it is refused
    with the reason, before anything is written (ruling, docs/rulings.md "Tournaments")."""
    seats = find_ruleset("ruthless").random_seats(random.Random(3), 2)
    config = make_config(ruleset="ruthless", map="main-street", seats=seats)
    with pytest.raises(ConfigError, match="Ruthless has no tournaments"):
        Tournament.check_rules(config)
    Tournament.check_rules(tournament().config)  # Frag's: allowed
    Tournament.check_rules(tournament(ruleset="deadlands").config)


def test_the_ruleset_makes_the_raise_and_refuses_a_stat_it_has_not__F_WIN_02() -> None:
    """The kernel's tournament asks the ruleset (issue 32): Frag's `raises` are its three stats, its `raise_seat`
    raises the design; a stat it has not is refused whether chosen or read from a file, and a ruleset whose seats
    raise nothing refuses the raise."""
    frag = find_ruleset("frag")
    assert list(frag.raises) == ["health", "speed", "accuracy"]
    t = tournament().record([3, 0, 0, 0], winner=ANN)
    with pytest.raises(ValueError, match="'luck' is not a stat to raise"):
        t.raise_stat(ANN, "luck")
    assert t.awaiting_raise == ANN
    raised = t.raise_stat(ANN, "speed")
    assert raised.results[-1].raised == "speed" and '"raised":"speed"' in raised.model_dump_json()
    assert raised.seats()[ANN].fighter == frag.raise_seat(t.config.seats[ANN], "speed").fighter
    bad = raised.model_dump()
    bad["results"][0]["raised"] = "luck"
    with pytest.raises(ValidationError, match="raised 'luck', not a stat to raise"):
        Tournament.model_validate(bad)
    with pytest.raises(ConfigError, match="nothing to raise"):
        find_ruleset("ruthless").raise_seat(t.config.seats[ANN], "speed")
