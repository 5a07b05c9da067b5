"""Shooting (R-SHOOT-01/02), the weapon table (R-WPN-01/02) and the exact odds of a shot, with scripted d10s.

Chet Willis: Toughness 6, a Repeating Rifle (10/24, 10 rounds), no trait, on foot. Ike Pruitt: Toughness 7,
a Shotgun. Doc Calloway: Toughness 5, a Shotgun and a Derringer. Tom Ketchum: a rider with a rifle.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from fragtui.engine.board import Square
from fragtui.engine.events import CommonEventKind
from fragtui.engine.ruthless.actions import Aim, Reload, Shift, Shoot
from fragtui.engine.ruthless.odds import chance_to_hit, fanfire_odds
from fragtui.engine.ruthless.pieces import WEAPONS, Location, WeaponKind
from fragtui.errors import IllegalActionError
from tests.rules.ruthless.common import model, pick, rules_of, ruthless_game

HANDS = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "9C", "6S", "5C", "8H"]}
PICKS = {"Ann": "KS", "Bob": "QH"}


def _duel(ann: tuple[str, str], bob: tuple[str, str], dice: list[int]):
    game = ruthless_game({"Ann": [ann], "Bob": [bob]}, dice=dice, hands=HANDS)
    pick(game, PICKS)
    return game


@pytest.mark.rule("R-SHOOT-01")
def test_short_range_hits_on_six__R_SHOOT_01() -> None:
    """Distance 7 with a rifle (short 10): a 6 hits; the hit rolls its location (5: a graze), then the
    target's Toughness check (7: kept). One round is crossed off."""
    game = _duel(("chet-willis", "1,3"), ("ike-pruitt", "8,3"), [6, 5, 7])
    events = game.apply(Shoot(fighter=0, target=1, weapon=0))
    assert any(e.kind is CommonEventKind.HIT for e in events)
    assert model(game, 1).wounds == {Location.GRAZE: 1}
    assert model(game, 0).ammo == [9]
    assert not model(game, 1).markers.lily_livered


@pytest.mark.rule("R-SHOOT-01")
def test_short_range_misses_on_five__R_SHOOT_01() -> None:
    game = _duel(("chet-willis", "1,3"), ("ike-pruitt", "8,3"), [5])
    events = game.apply(Shoot(fighter=0, target=1, weapon=0))
    assert any(e.kind is CommonEventKind.MISSED for e in events)
    assert model(game, 1).wounds == {}
    assert model(game, 0).ammo == [9]


@pytest.mark.rule("R-SHOOT-01")
def test_long_range_needs_eight__R_SHOOT_01() -> None:
    """Distance 11 is long range for the rifle: a 7 misses, an 8 hits."""
    game = _duel(("chet-willis", "0,3"), ("ike-pruitt", "11,3"), [7, 8, 5, 9])
    assert rules_of(game).shot_odds(Shoot(fighter=0, target=1)).need == 8
    assert any(e.kind is CommonEventKind.MISSED for e in game.apply(Shoot(fighter=0, target=1)))
    assert any(e.kind is CommonEventKind.HIT for e in game.apply(Shoot(fighter=0, target=1)))


@pytest.mark.rule("R-SHOOT-01")
def test_every_modifier_of_the_table__R_SHOOT_01() -> None:
    """+1 aiming, −1 Lily Livered firer, −1 soft cover, −2 hard cover, −2 mounted firer: each in the odds."""
    game = _duel(("chet-willis", "5,7"), ("ike-pruitt", "10,5"), [])
    rules = rules_of(game)
    shot = Shoot(fighter=0, target=1)
    assert dict(rules.shot_odds(shot).modifiers) == {"soft cover": -1}
    model(game, 1).square = Square(3, 6)  # the hard cover square
    model(game, 0).square = Square(9, 6)
    assert dict(rules.shot_odds(shot).modifiers) == {"hard cover": -2}
    model(game, 0).markers.aiming = True
    model(game, 0).markers.lily_livered = True
    model(game, 0).mounted = True
    odds = rules.shot_odds(shot)
    assert dict(odds.modifiers) == {"aiming": 1, "Lily Livered": -1, "hard cover": -2, "mounted": -2}
    assert odds.modifier == -4 and odds.need == 6
    assert odds.chance == Fraction(1, 10)  # only a 10: 10 - 4 = 6


@pytest.mark.rule("R-SHOOT-01")
def test_the_odds_are_exact__R_SHOOT_01() -> None:
    """The chance is the count of d10 faces that reach the need, in tenths."""
    assert chance_to_hit(6, 0) == Fraction(5, 10)
    assert chance_to_hit(8, 0) == Fraction(3, 10)
    assert chance_to_hit(6, 1) == Fraction(6, 10)
    assert chance_to_hit(6, -4) == Fraction(1, 10)
    assert chance_to_hit(8, -3) == Fraction(0)
    assert fanfire_odds(6) == (1 - Fraction(9, 10) ** 6, Fraction(6, 10))


@pytest.mark.rule("R-SHOOT-01")
def test_aiming_adds_one_and_goes_with_the_shot__R_SHOOT_01() -> None:
    """Aim, then a 5 + 1 = 6 hits at short range; the aim is spent on the shot."""
    game = _duel(("chet-willis", "1,3"), ("ike-pruitt", "8,3"), [5, 5, 7])
    game.apply(Aim(fighter=0))
    assert model(game, 0).markers.aiming
    events = game.apply(Shoot(fighter=0, target=1))
    assert any(e.kind is CommonEventKind.HIT for e in events)
    assert not model(game, 0).markers.aiming


@pytest.mark.rule("R-SHOOT-02")
def test_a_hit_on_a_rider_rolls_horse_or_rider__R_SHOOT_02() -> None:
    """Tom Ketchum rides: a hit rolls 1-5 for the horse (a wound to it, and his Toughness check) or 6-10
    for him (then the location)."""
    game = _duel(("chet-willis", "1,3"), ("tom-ketchum", "8,3"), [9, 3, 8, 9, 6, 1, 8])
    assert model(game, 1).mounted
    game.apply(Shoot(fighter=0, target=1))  # hit 9, horse 3, Toughness 8 kept
    assert model(game, 1).horse_wounds == 1 and model(game, 1).wounds == {}
    game.apply(Shoot(fighter=0, target=1))  # hit 9, rider 6, leg 1, Toughness 8 kept
    assert model(game, 1).horse_wounds == 1 and model(game, 1).wounds == {Location.LEG: 1}


@pytest.mark.rule("R-WPN-01")
def test_the_weapon_table__R_WPN_01() -> None:
    table = {kind: (spec.short, spec.long, spec.rounds) for kind, spec in WEAPONS.items()}
    assert table == {
        WeaponKind.DERRINGER: (6, None, 2),
        WeaponKind.SHOTGUN: (8, 12, 2),
        WeaponKind.REVOLVER: (8, 12, 6),
        WeaponKind.BUNTLINE: (8, 16, 6),
        WeaponKind.BOW: (None, 16, None),
        WeaponKind.RIFLE: (10, 24, 10),
        WeaponKind.SHARPS: (18, 36, 1),
    }


@pytest.mark.rule("R-WPN-01")
def test_a_weapon_shoots_only_within_its_reach__R_WPN_01() -> None:
    """Doc's Derringer (weapon 1) reaches 6, his Shotgun 12: at distance 7 only the Shotgun is offered."""
    game = _duel(("doc-calloway", "1,3"), ("ike-pruitt", "8,3"), [])
    shots = [a for a in game.legal_actions() if isinstance(a, Shoot)]
    assert shots == [Shoot(fighter=0, target=1, weapon=0)]
    with pytest.raises(IllegalActionError):
        game.apply(Shoot(fighter=0, target=1, weapon=1))


@pytest.mark.rule("R-WPN-01")
def test_the_shotgun_is_plus_two_at_close_and_minus_one_long__R_WPN_01() -> None:
    game = _duel(("doc-calloway", "1,3"), ("ike-pruitt", "8,3"), [])
    rules = rules_of(game)
    assert dict(rules.shot_odds(Shoot(fighter=0, target=1)).modifiers) == {"Shotgun at close range": 2}
    model(game, 1).square = Square(11, 3)  # distance 10: long for the shotgun
    assert dict(rules.shot_odds(Shoot(fighter=0, target=1)).modifiers) == {"Shotgun at long range": -1}


@pytest.mark.rule("R-WPN-01")
def test_a_bow_has_only_long_range_and_free_reloads__R_WPN_01() -> None:
    """Deacon Frye's Bow: every shot needs 8; it has no rounds to count and is never reloaded."""
    game = _duel(("deacon-frye", "1,3"), ("ike-pruitt", "4,3"), [2])
    assert rules_of(game).shot_odds(Shoot(fighter=0, target=1)).need == 8
    game.apply(Shoot(fighter=0, target=1))
    assert model(game, 0).ammo[0] is None
    assert Reload(fighter=0, weapon=0) not in game.legal_actions()


@pytest.mark.rule("R-WPN-01")
def test_reload_puts_three_rounds_back__R_WPN_01() -> None:
    """Reload 3 shots (R-ACT-01), never past the weapon's rounds; an empty weapon cannot shoot."""
    game = _duel(("chet-willis", "1,3"), ("ike-pruitt", "8,3"), [])
    model(game, 0).ammo = [0]
    assert not any(isinstance(a, Shoot) for a in game.legal_actions())
    game.apply(Reload(fighter=0, weapon=0))
    assert model(game, 0).ammo == [3]
    model(game, 0).ammo = [9]
    game.apply(Reload(fighter=0, weapon=0))
    assert model(game, 0).ammo == [10]


@pytest.mark.rule("R-WPN-02")
def test_fanfire_up_to_six_rounds_each_ten_hits__R_WPN_02() -> None:
    """Kid Dalton fanfires his revolver at short range: 6 rounds, the 10s hit (two here), modifiers ignored."""
    dice = [10, 3, 10, 1, 4, 2, 5, 7, 5, 7]  # six rounds; then two hits: graze + Toughness kept, each
    game = _duel(("kid-dalton", "1,3"), ("ike-pruitt", "6,3"), dice)
    fans = [a for a in game.legal_actions() if isinstance(a, Shoot) and a.weapon == 0 and a.rounds > 1]
    assert [a.rounds for a in fans] == [2, 3, 4, 5, 6]
    game.apply(Shoot(fighter=0, target=1, weapon=0, rounds=6))
    assert model(game, 0).ammo == [0, 6]
    assert model(game, 1).wounds == {Location.GRAZE: 2}


@pytest.mark.rule("R-WPN-02")
def test_no_fanfire_at_long_range__R_WPN_02() -> None:
    game = _duel(("kid-dalton", "1,3"), ("ike-pruitt", "10,3"), [])
    shots = [a for a in game.legal_actions() if isinstance(a, Shoot)]
    assert shots and all(a.rounds == 1 for a in shots)


@pytest.mark.rule("R-HIT-01")
def test_an_aimed_hit_may_be_shifted_by_one__R_HIT_01() -> None:
    """The firer of an aimed shot that hit chooses −1, 0 or +1 on the location roll: a 10 (severe) moved to 9
    (chest)."""
    game = _duel(("chet-willis", "1,3"), ("ike-pruitt", "8,3"), [7, 10, 8])
    game.apply(Aim(fighter=0))
    game.apply(Shoot(fighter=0, target=1))
    assert game.decider() == 0
    assert set(game.legal_actions()) == {Shift(by=0), Shift(by=-1)}  # no 11
    game.apply(Shift(by=-1))
    assert model(game, 1).wounds == {Location.CHEST: 1}


@pytest.mark.rule("R-SHOOT-01")
def test_the_game_forecasts_a_legal_shot_exactly__R_SHOOT_01() -> None:
    """`Game.forecast` is the public way to the odds (the interface's action list, the computer players):
    a legal Shoot gets `shot_odds`' answer, nothing changes, no die is rolled; an action that is not a
    legal shot is refused saying why."""
    game = _duel(("chet-willis", "5,7"), ("ike-pruitt", "10,5"), [])
    before = game.state.model_dump_json()
    odds = game.forecast(Shoot(fighter=0, target=1, weapon=0))
    assert (odds.need, odds.modifier, odds.chance) == (6, -1, Fraction(4, 10))  # soft cover: 7-10 hit
    assert game.state.model_dump_json() == before
    with pytest.raises(IllegalActionError, match="only a shot has odds"):
        game.forecast(Aim(fighter=0))  # type: ignore[call-overload]
    with pytest.raises(IllegalActionError):
        game.forecast(Shoot(fighter=1, target=0, weapon=0))  # Bob's model: not Ann's to fire
