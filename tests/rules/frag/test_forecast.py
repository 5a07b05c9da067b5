"""`Game.forecast`: the exact odds of an attack before it is declared (fragtui/engine/frag/forecast.py).

F-ATK-07 (to hit: Accuracy dice total >= range), F-ATK-08 (damage: attack total // defence total +
extra), F-ATK-09 (armor, shields), F-CARD-10 (sure hits and misses). Expected numbers are counted
here by brute force over every face of every die, never taken from `fragtui.engine.odds`; and the
forecast is checked against the engine itself by playing the attack with every scripted sequence of
dice the engine asks for, each weighted by its exact probability.

The Pocket Arena (maps/pocket.map): column x = 1 is open floor from y = 2 to y = 11, so Ann at 1,2
sees Bob at 1,2+r at range r. Fighters default to Health 2, Speed 2, Accuracy 3 and the pistol (2 dice).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest

from fragtui.engine.actions import Pass
from fragtui.engine.dice import Dice, DiceExhaustedError
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack, PlayCard
from fragtui.engine.frag.decisions import React
from fragtui.engine.frag.forecast import AttackForecast
from fragtui.engine.game import Game, state_hash
from fragtui.errors import IllegalActionError
from tests.conftest import game_from

ANN, BOB, CAT = 0, 1, 2

Row = dict[str, object]


# -- positions ---------------------------------------------------------------------------------------


def toml(value: object) -> str:
    """A value in TOML (strings and numbers as JSON, which TOML reads the same)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml(v)}" for k, v in value.items()) + " }"
    return json.dumps(value)


def position(ann: Row, bob: Row, *others: Row, reach: int = 1, cards: tuple[Row, ...] = (), **top: object) -> Game:
    """Ann at 1,2 attacks in phase 3; Bob stands at range `reach` down the column (docs/scenarios.md)."""
    lines = [f"{key} = {toml(value)}" for key, value in {"phase": "action", **top}.items()]
    fighters = [{"name": "Ann", "at": "1,2", **ann}, {"name": "Bob", "at": f"1,{2 + reach}", **bob}, *others]
    for table, rows in (("fighter", fighters), ("card", cards)):
        for row in rows:
            lines.append(f"[[{table}]]")
            lines.extend(f"{key} = {toml(value)}" for key, value in row.items())
    return game_from("\n".join(lines))


def forecast(game: Game, weapon: str = "pistol", target: int = BOB) -> AttackForecast:
    return game.forecast(Attack(target=target, weapon=weapon))


# -- brute force ---------------------------------------------------------------------------------------


def rolls(n: int) -> list[int]:
    """The total of every one of the 6**n equally likely rolls of n dice."""
    return [sum(faces) for faces in product(range(1, 7), repeat=n)]


def p_total_at_least(n: int, target: int) -> Fraction:
    totals = rolls(n)
    return Fraction(sum(total >= target for total in totals), len(totals))


def lost_when_hit(
    attack_dice: int, defence_dice: int, extra: int = 0, then: Callable[[int], int] = lambda lost: lost
) -> dict[int, Fraction]:
    """P(Health lost = h) over every pair of rolls: attack // max(defence, 1) + extra, then `then` (F-ATK-08)."""
    ways: dict[int, int] = {}
    attack, defence = rolls(attack_dice), rolls(defence_dice)
    for a in attack:
        for d in defence:
            lost = then(a // max(d, 1) + extra)
            ways[lost] = ways.get(lost, 0) + 1
    outcomes = len(attack) * len(defence)
    return {lost: Fraction(w, outcomes) for lost, w in sorted(ways.items())}


def declared(p_hit: Fraction, when_hit: dict[int, Fraction]) -> dict[int, Fraction]:
    """The distribution given the attack is declared: a miss loses 0."""
    found = {0: 1 - p_hit} if p_hit < 1 else {}
    for lost, p in when_hit.items():
        found[lost] = found.get(lost, Fraction(0)) + p_hit * p
    return {lost: p for lost, p in sorted(found.items()) if p}


def at_least(distribution: dict[int, Fraction], health: int) -> Fraction:
    return sum((p for lost, p in distribution.items() if lost >= health), start=Fraction(0))


def mean(distribution: dict[int, Fraction]) -> Fraction:
    return sum((lost * p for lost, p in distribution.items()), start=Fraction(0))


# -- the engine itself, every die enumerated -------------------------------------------------------------


class Played:
    """What really happens when an attack is played with every sequence of dice the engine asks for."""

    def __init__(self) -> None:
        self.lost: dict[int, Fraction] = {}
        """P(the target loses h Health)."""
        self.p_hit = Fraction(0)
        self.p_frag = Fraction(0)
        """P(the target's Health is 0 or less once the attack is resolved)."""
        self.games = 0


def play_every_roll(base: Game, action: Attack) -> Played:
    """Apply `action` (and the target's pass, if hit) from `base`'s position with scripted dice:
    start with none, and whenever the engine asks for one more die than scripted, try all six faces.
    Each complete sequence of faces is one outcome, of probability 6**-len(faces)."""
    target = action.target
    health = base.rules.health(target)
    played = Played()
    sequences: list[tuple[int, ...]] = [()]
    while sequences:
        faces = sequences.pop()
        state = base.state.model_copy(deep=True)
        state.dice = Dice.scripted(faces).state
        game = Game(state, base.board, base.cards)
        try:
            events = game.apply(action)
            pending = game.state.pending[-1] if game.state.pending else None
            if isinstance(pending, React) and pending.player == target:
                events += game.apply(Pass())
        except DiceExhaustedError:
            sequences.extend((*faces, face) for face in range(1, 7))
            continue
        assert game.state.dice.script == ()  # every face scripted was rolled
        p = Fraction(1, 6 ** len(faces))
        lost = sum(e.amount or 0 for e in events if e.kind is CommonEventKind.DAMAGED and e.player == target)
        if game.rules.health(target) > 0:  # (at 0 or less a piercing hit leaves the armor's bonus uncounted)
            assert lost == health - game.rules.health(target)
        played.lost[lost] = played.lost.get(lost, Fraction(0)) + p
        played.p_hit += p * any(e.kind is CommonEventKind.HIT and e.other == target for e in events)
        played.p_frag += p * (game.rules.health(target) <= 0)
        played.games += 1
    played.lost = dict(sorted(played.lost.items()))
    return played


# -- F-ATK-07: to hit ----------------------------------------------------------------------------------------


@pytest.mark.rule("F-ATK-07")
@pytest.mark.parametrize(
    ("accuracy", "reach", "expected"),
    [
        (1, 1, Fraction(1)),
        (1, 4, Fraction(1, 2)),
        (2, 7, Fraction(7, 12)),
        (3, 9, Fraction(20, 27)),
        (2, 9, Fraction(5, 18)),
    ],
)
def test_the_chance_to_hit_is_that_the_accuracy_dice_total_at_least_the_range(
    accuracy: int, reach: int, expected: Fraction
) -> None:
    """A plain pistol: p_hit = P(sum of Accuracy dice >= range), counted face by face."""
    game = position({"accuracy": accuracy}, {}, reach=reach)
    result = forecast(game)
    assert (result.range, result.accuracy_dice, result.sure) == (reach, accuracy, None)
    assert result.p_hit == p_total_at_least(accuracy, reach) == expected
    assert result.health_lost[0] >= 1 - result.p_hit  # a miss loses nothing


@pytest.mark.rule("F-ATK-07")
@pytest.mark.rule("F-ATK-08")
def test_a_plain_pistol_at_range_against_health_2() -> None:
    """Accuracy 3 at range 9 (20/27 to hit), the pistol's 2 dice against Bob's 2 Health dice."""
    game = position({}, {}, reach=9)
    result = forecast(game)
    when_hit = lost_when_hit(2, 2)
    assert (result.attack_dice, result.defence_dice, result.extra_damage, result.health) == (2, 2, 0, 2)
    assert result.lost_if_hit == when_hit
    assert when_hit[0] == Fraction(575, 1296)  # the defence beats the attack
    assert when_hit[6] == Fraction(1, 1296)  # 12 against 2
    assert result.health_lost == declared(Fraction(20, 27), when_hit)
    assert result.expected_loss == mean(result.health_lost) == Fraction(20, 27) * mean(when_hit)
    assert result.p_frag == Fraction(20, 27) * at_least(when_hit, 2) == Fraction(20, 27) * Fraction(53, 432)
    assert sum(result.health_lost.values()) == 1


@pytest.mark.rule("F-ATK-08")
@pytest.mark.parametrize("health", [1, 2, 3, 4])
def test_the_damage_distribution_follows_the_targets_health(health: int) -> None:
    """Range 1 always hits with Accuracy 3: the loss is the division of 2 dice by `health` dice."""
    result = forecast(position({}, {"health": health}))
    assert result.p_hit == 1
    assert result.defence_dice == health
    assert result.health_lost == lost_when_hit(2, health)
    assert result.p_frag == at_least(lost_when_hit(2, health), health)


@pytest.mark.rule("F-ATK-08")
def test_a_hurt_fighter_defends_with_the_health_he_has_left() -> None:
    """Bob (Health 3) has lost 2: he rolls 1 defence die and is fragged by any loss of 1."""
    result = forecast(position({}, {"health": 3, "damage": 2}))
    assert (result.defence_dice, result.health) == (1, 1)
    assert result.health_lost == lost_when_hit(2, 1)
    assert (
        result.p_frag == at_least(lost_when_hit(2, 1), 1) == Fraction(49, 54)
    )  # 20 of the 216 rolls: 2 dice below 1 die


@pytest.mark.rule("F-ATK-08")
def test_extra_damage_is_added_even_when_the_division_gives_0() -> None:
    """The Hand Cannon (2 dice +1) against Health 2: every hit costs at least 1."""
    result = forecast(position({"weapons": ["hand-cannon"]}, {}), "hand-cannon#1")
    assert (result.attack_dice, result.extra_damage) == (2, 1)
    assert result.health_lost == lost_when_hit(2, 2, extra=1)
    assert min(result.health_lost) == 1
    assert result.health_lost[1] == Fraction(575, 1296)
    assert result.p_frag == at_least(lost_when_hit(2, 2, extra=1), 2) == 1 - Fraction(575, 1296)
    assert result.expected_loss == mean(lost_when_hit(2, 2)) + 1


@pytest.mark.rule("F-ATK-08")
def test_on_hit_hurt_is_added_after_the_damage() -> None:
    """The Needle Pistol (1 die, on hit: hurt 1) against Health 3: the division of 1 die by 3, plus 1."""
    result = forecast(position({"weapons": ["needle-pistol"]}, {"health": 3}), "needle-pistol#1")
    assert (result.attack_dice, result.on_hit_hurt) == (1, 1)
    assert result.health_lost == lost_when_hit(1, 3, then=lambda lost: lost + 1)
    assert min(result.health_lost) == 1
    assert result.p_frag == Fraction(1, 1296)  # a 6 against three 1s: 6 // 3 + 1
    assert "1 Health from on-hit effects" in result.note


# -- F-ATK-09: armor and shields ---------------------------------------------------------------------------------


@pytest.mark.rule("F-ATK-09")
def test_armor_adds_defence_dice_and_lowers_the_chance_of_a_frag() -> None:
    """Bob, Health 2, with Light Armor (+1): 3 defence dice and 3 Health to lose instead of 2."""
    bare = forecast(position({}, {}))
    armored = forecast(position({}, {"gadgets": ["light-armor"]}))
    assert (bare.defence_dice, bare.health) == (2, 2)
    assert (armored.defence_dice, armored.health) == (3, 3)
    assert armored.health_lost == lost_when_hit(2, 3)
    assert bare.p_frag == at_least(lost_when_hit(2, 2), 2) == Fraction(53, 432)
    assert armored.p_frag == at_least(lost_when_hit(2, 3), 3) == Fraction(13, 7776)
    assert armored.p_frag < bare.p_frag


@pytest.mark.rule("F-ATK-09")
def test_a_piercing_weapon_leaves_the_armor_out_of_the_defence_and_of_the_health_to_lose() -> None:
    """The Ion Pistol (2 dice, piercing) against Bob, Health 2 with Heavy Armor (+2): he rolls 2 dice, and
    the damage comes off his own 2 Health: 2 lost frags him, armor or not (ruling F-ATK-09, piercing)."""
    result = forecast(position({"weapons": ["ion-pistol"]}, {"gadgets": ["heavy-armor"]}), "ion-pistol#1")
    assert (result.piercing, result.defence_dice, result.health) == (True, 2, 2)
    assert result.health_lost == lost_when_hit(2, 2)
    assert result.p_frag == at_least(lost_when_hit(2, 2), 2) > at_least(lost_when_hit(2, 2), 4)


@pytest.mark.rule("F-ATK-09")
def test_a_shield_stops_its_share_of_each_hit_first() -> None:
    """Bob's Energy Shield stops 1 Health of a hit (it has stopped 2 of its 3 already)."""
    result = forecast(position({}, {"gadgets": [{"card": "energy-shield", "absorbed": 2}]}))
    assert result.shielded
    assert result.health_lost == lost_when_hit(2, 2, then=lambda lost: max(lost - 1, 0))
    assert result.p_frag == at_least(lost_when_hit(2, 2), 3) == Fraction(49, 1296)
    spent = forecast(position({}, {"gadgets": [{"card": "energy-shield", "absorbed": 3}]}))
    assert not spent.shielded
    assert spent.health_lost == lost_when_hit(2, 2)


# -- F-CARD-10: sure hits and misses ------------------------------------------------------------------------------


@pytest.mark.rule("F-CARD-10")
@pytest.mark.rule("F-ATK-07")
def test_a_sure_hit_card_needs_no_to_hit_roll() -> None:
    """Ann (Accuracy 1) at range 9 could never roll 9; with Aimbot in play she hits for sure."""
    plain = forecast(position({"accuracy": 1}, {}, reach=9))
    assert (plain.sure, plain.p_hit, plain.health_lost, plain.p_frag) == (None, 0, {0: 1}, 0)
    result = forecast(position({"accuracy": 1, "specials": ["aimbot"]}, {}, reach=9))
    assert (result.sure, result.p_hit, result.accuracy_dice) == ("hit", 1, 1)
    assert result.health_lost == lost_when_hit(2, 2)
    assert "sure hit" in result.note


@pytest.mark.rule("F-CARD-10")
def test_the_last_sure_card_played_controls() -> None:
    """Ann's Aimbot against Bob's Ghost, played after it: a sure miss, nothing lost."""
    result = forecast(position({"specials": ["aimbot"]}, {"specials": ["ghost"]}))
    assert (result.sure, result.p_hit, result.health_lost, result.expected_loss, result.p_frag) == (
        "miss",
        0,
        {0: 1},
        0,
        0,
    )
    assert "sure miss" in result.note


@pytest.mark.rule("F-CARD-10")
def test_a_weapon_declared_from_the_hand_counts_its_own_cards() -> None:
    """A weapon whose card makes its holder's attacks sure hits counts as soon as it is declared
    (it enters play first, F-ATK-03), though it is still in Ann's hand when she asks."""
    game = position(
        {"accuracy": 1, "hand": ["test-sure-gun"]},
        {},
        reach=9,
        cards=(
            {
                "id": "test-sure-gun",
                "deck": "weapons",
                "name": "Test Sure Gun",
                "damage": 3,
                "effects": [{"kind": "sure", "outcome": "hit", "against": "mine"}],
            },
        ),
    )
    result = forecast(game, "test-sure-gun#1")
    assert (result.sure, result.p_hit, result.attack_dice) == ("hit", 1, 3)
    assert result.health_lost == lost_when_hit(3, 2)
    assert game.rules.player(ANN).hand == ["test-sure-gun#1"]
    assert game.rules.player(ANN).weapons == []


# -- cards attached to one weapon ------------------------------------------------------------------------------------


@pytest.mark.rule("F-ATK-07")
def test_a_targeting_system_raises_accuracy_for_its_weapon_only() -> None:
    """Ann attaches a Targeting System (+1 Accuracy) to her shotgun: 4 to-hit dice with it, 3 with
    the machine gun and the pistol; at range 9 that is P(4 dice >= 9) against P(3 dice >= 9)."""
    game = position({"weapons": ["shotgun", "machine-gun"], "hand": ["targeting-system"]}, {}, reach=9)
    game.apply(PlayCard(card="targeting-system#1", weapon="shotgun#1"))
    shotgun, machine_gun, pistol = (forecast(game, w) for w in ("shotgun#1", "machine-gun#1", "pistol"))
    assert (shotgun.accuracy_dice, machine_gun.accuracy_dice, pistol.accuracy_dice) == (4, 3, 3)
    assert shotgun.p_hit == p_total_at_least(4, 9) == Fraction(613, 648)
    assert machine_gun.p_hit == pistol.p_hit == p_total_at_least(3, 9) == Fraction(20, 27)
    assert shotgun.health_lost == declared(shotgun.p_hit, lost_when_hit(4, 2))


# -- area weapons --------------------------------------------------------------------------------------------------


def test_an_area_weapon_forecasts_the_target_and_names_who_else_the_blast_catches() -> None:
    """The Grenade Launcher at Bob, with Cat beside him: Bob's numbers, Cat named in `blast` and the note."""
    game = position({"weapons": ["grenade-launcher"]}, {}, {"name": "Cat", "at": "2,6"}, reach=4)
    result = forecast(game, "grenade-launcher#1")
    assert (result.area, result.blast) == (True, (CAT,))
    assert result.p_hit == p_total_at_least(3, 4)
    assert result.health_lost == declared(result.p_hit, lost_when_hit(4, 2))
    assert "Cat" in result.note
    assert forecast(game, "pistol").area is False


# -- what the forecast may not know, and may not change -------------------------------------------------------------


def test_the_forecast_says_it_is_before_any_reaction_card_and_names_the_last_chance() -> None:
    """Bob holds a card (it might be a Dodge) and has 2 blood counters: both are said, not guessed."""
    result = forecast(position({}, {"hand": ["dodge"], "blood": 2, "health": 1}))
    assert "Before any reaction card" in result.note
    assert "2 blood counters" in result.note
    empty = forecast(position({}, {}))
    assert "holds no card" in empty.note


def test_the_forecast_uses_only_public_information() -> None:
    """Bob's hand (same size, other cards), the decks' order and the dice differ: the same forecast."""
    one = position({"weapons": ["shotgun"]}, {"hand": ["dodge"], "gadgets": ["light-armor"]}, reach=5, seed=1)
    two = position({"weapons": ["shotgun"]}, {"hand": ["medpack"], "gadgets": ["light-armor"]}, reach=5, seed=2)
    scripted = position(
        {"weapons": ["shotgun"]}, {"hand": ["disconnect"], "gadgets": ["light-armor"]}, reach=5, dice=[6, 6, 6]
    )
    assert one.state.decks.draw != two.state.decks.draw
    for weapon in ("pistol", "shotgun#1"):
        assert forecast(one, weapon) == forecast(two, weapon) == forecast(scripted, weapon)


@pytest.mark.parametrize("dice", [None, [6, 5, 4, 3, 2, 1]])
def test_the_forecast_changes_nothing(dice: list[int] | None) -> None:
    """Every legal attack forecast: the state (hash), the dice, the log and the legal actions are as before."""
    top: dict[str, object] = {"seed": 3} if dice is None else {"dice": dice}
    game = position(
        {"weapons": ["shotgun"], "hand": ["hand-cannon", "targeting-system"]},
        {"gadgets": ["light-armor"], "hand": ["dodge"]},
        {"name": "Cat", "at": "2,6"},
        reach=4,
        **top,
    )
    game.apply(PlayCard(card="targeting-system#1", weapon="shotgun#1"))
    before = (state_hash(game.state), game.dice.state, list(game.dice.history), list(game.log), list(game.events))
    legal = game.legal_actions()
    attacks = [a for a in legal if isinstance(a, Attack)]
    assert {str(a) for a in attacks} >= {"attack 1 hand-cannon#1", "attack 2 shotgun#1"}
    for action in attacks:
        game.forecast(action)
    after = (state_hash(game.state), game.dice.state, list(game.dice.history), list(game.log), list(game.events))
    assert after == before
    assert game.legal_actions() == legal
    assert game.rules.player(ANN).hand == ["hand-cannon#1"]


def test_an_illegal_attack_is_refused_with_the_reason() -> None:
    """Out of sight, no attacks left, out of range, before the movement roll: `IllegalActionError`."""
    game = position({"weapons": ["sniper-rifle"]}, {}, {"name": "Cat", "at": "6,0"}, reach=2)
    for action in (Attack(target=CAT, weapon="pistol"), Attack(target=BOB, weapon="sniper-rifle#1")):
        assert not game.is_legal(action)
        with pytest.raises(IllegalActionError) as error:
            game.forecast(action)
        assert str(error.value) == game.why_illegal(action)
    spent = position({}, {}, attacks=0)
    with pytest.raises(IllegalActionError, match="no attacks left"):
        forecast(spent)
    rolling = position({}, {}, phase="roll")
    with pytest.raises(IllegalActionError, match="must roll for movement"):
        forecast(rolling)


# -- the forecast against the engine ---------------------------------------------------------------------------------


CASES: dict[str, tuple[Row, Row, int, tuple[Row, ...], str]] = {
    "pistol, to-hit roll": ({"accuracy": 1}, {"health": 1}, 4, (), "pistol"),
    "hand cannon from the hand, to-hit roll": (
        {"accuracy": 1, "hand": ["hand-cannon"]},
        {"health": 1},
        5,
        (),
        "hand-cannon#1",
    ),
    "piercing at armor": (
        {"specials": ["aimbot"], "weapons": ["ion-pistol"]},
        {"health": 1, "gadgets": ["light-armor"]},
        3,
        (),
        "ion-pistol#1",
    ),
    "piercing past the armor to his own Health 0": (
        {"accuracy": 1, "weapons": ["ion-pistol"]},
        {"health": 2, "damage": 1, "gadgets": ["heavy-armor"]},
        2,
        (),
        "ion-pistol#1",
    ),
    "shield, armor and on-hit hurt": (
        {"specials": ["aimbot"], "weapons": ["needle-pistol"]},
        {"health": 1, "gadgets": ["light-armor", {"card": "energy-shield", "absorbed": 2}]},
        3,
        (),
        "needle-pistol#1",
    ),
    "area weapon, target only": (
        {"specials": ["aimbot"], "weapons": ["test-blaster"]},
        {"health": 2},
        3,
        ({"name": "Cat", "at": "2,5"},),
        "test-blaster#1",
    ),
}
"""Small positions whose every sequence of dice can be played: Ann, Bob, range, others, weapon."""

BLASTER = {
    "id": "test-blaster",
    "deck": "weapons",
    "name": "Test Blaster",
    "damage": 1,
    "extra_damage": 1,
    "area": True,
}


@pytest.mark.rule("F-ATK-07")
@pytest.mark.rule("F-ATK-08")
@pytest.mark.rule("F-ATK-09")
@pytest.mark.parametrize("case", CASES)
def test_the_forecast_is_exactly_what_the_engine_does_with_every_roll(case: str) -> None:
    """Play the attack (and Bob's pass) with every sequence of dice the engine asks for: the weighted
    outcomes are the forecast's distribution of Health lost, chance to hit and chance of a frag."""
    ann, bob, reach, others, weapon = CASES[case]
    game = position(ann, bob, *others, reach=reach, cards=(BLASTER,), dice=[])
    action = Attack(target=BOB, weapon=weapon)
    result = game.forecast(action)
    played = play_every_roll(game, action)
    assert played.games > 1
    assert played.lost == result.health_lost
    assert (played.p_hit, played.p_frag) == (result.p_hit, result.p_frag)
    assert mean(played.lost) == result.expected_loss
