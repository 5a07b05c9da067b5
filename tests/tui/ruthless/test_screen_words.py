"""The Ruthless screen's menu lines: a courage roll's chance, a shot's odds, a fanfire's, a shift's location."""

from __future__ import annotations

from fractions import Fraction

from fragtui.engine.ruthless.actions import Courage, Shift, Shoot
from fragtui.engine.ruthless.odds import ShotOdds
from fragtui.tui.ruthless.labels import action_words, card_words, hand_powers, odds_words
from tests.rules.ruthless.common import model
from tests.tui.ruthless.test_screen import duel


def test_a_courage_line_gives_the_chance_of_the_roll() -> None:
    """R-COUR-01: 1d10 + the card's value (+ a cool head's bonus) at least his Toughness; a face card passes."""
    game = duel()
    chet = model(game, 0).card
    view = game.view(0)
    need = chet.toughness - 5 - chet.nerve_bonus  # the least face that passes with the 5
    chance = sum(1 for face in range(1, 11) if face >= need) * 10
    assert action_words(Courage(fighter=0, card="5D"), view).endswith(f"with the 5♦ (+5 on the roll: {chance}%)")
    assert action_words(Courage(fighter=0, card="QS"), view).endswith("with the Q♠ (passes outright)")


def test_a_shot_line_gives_the_chance_the_need_and_each_modifier() -> None:
    odds = ShotOdds(short=False, need=8, modifier=-1, modifiers=(("aiming", 1), ("mounted", -2)), rounds=1,
                    chance=Fraction(2, 10), expected_hits=Fraction(2, 10))  # fmt: skip
    assert odds_words(odds) == "20% to hit (long: 8+, aiming +1, mounted -2)"
    fan = ShotOdds(short=True, need=10, modifier=0, modifiers=(), rounds=3, chance=Fraction(271, 1000),
                   expected_hits=Fraction(3, 10))  # fmt: skip
    assert odds_words(fan) == "27% at least one hit, 0.3 expected (fanfire: each round hits on a 10)"
    game = duel()
    line = action_words(Shoot(fighter=0, target=1, rounds=1), game.view(0), odds)
    assert line == "Chet Willis: shoot Doc Calloway (Repeating Rifle): 20% to hit (long: 8+, aiming +1, mounted -2)"


def test_a_shift_names_where_the_hit_lands_and_a_pick_what_the_card_does() -> None:
    view = duel().view(0)
    assert action_words(Shift(by=1), view, location_roll=9) == "Shift the hit +1: a severe wound (10)"
    assert action_words(Shift(by=0), view, location_roll=7) == "Leave the hit where it lands: the gut (7)"
    assert card_words("7H") == "7♥ — one of your models may take a third action"
    assert card_words("9C") == "9♣"


def test_the_hand_line_names_the_powers_of_its_cards() -> None:
    """R-SEQ-03: A, K, Q, J courage; 7 a third action; A or 4 revive; 3 discard; 2 Low Blow."""
    assert hand_powers(["8H", "7H", "JH", "AC", "5D"]) == "7♥ third action · J♥ courage · A♣ courage, revive"
    assert hand_powers(["8H", "9C"]) == ""
