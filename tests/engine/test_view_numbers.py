"""The effect pipeline and the numbers the view carries (issue 14).

- The view's derived numbers (`FighterView.attacks_per_turn`, defence dice, armor left, weapon slots,
  flags, and each weapon as its fighter fires it) equal the rules' own answers, over seeded random
  games on every shipped map: the determinism pins leave them out (they were written before the
  fields existed, see `ISSUE14_FIGHTER_FIELDS`), so this is where they are checked. A legal attack's
  forecast and the view's numbers for its weapon agree, and the weapons the view lists as loaded are
  exactly those the rules let him declare.
- A ruleset's hooks (`ability_effects`, `option_effects`) reach every rule through the one pipeline:
  a test-only FragRules subclass, registered for the test and removed after, proves it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine import rulesets
from fragtui.engine.actions import Action, Pass
from fragtui.engine.cards import PISTOL, FlagName, Modify, ModStat, Outcome, Shield, Sure, TurnPart
from fragtui.engine.config import make_config
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack, RollMovement
from fragtui.engine.frag.design import all_designs
from fragtui.engine.frag.effects import EffectSource, Origin
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.frag.state import Phase
from fragtui.engine.frag.view import FighterView
from fragtui.engine.game import Game
from fragtui.engine.rulesets import register_ruleset
from tests.conftest import game_from
from tests.engine.test_determinism import ISSUE14_FIGHTER_FIELDS

ACTIONS = 600
"""Actions played in each random game (enough for cards in play, armor, attachments and frags)."""


def _games() -> list[tuple[str, int]]:
    """Every shipped map Frag plays on (a Ruthless map is not one), two seeds each."""
    return [
        (name, seed) for name in map_names() if board_named(name).ruleset in FragRules.maps_for for seed in range(2)
    ]


def _check_fighter(game: Game, seat: int, fighter: FighterView, *, with_hand: bool) -> None:
    rules = game.rules
    assert isinstance(rules, FragRules)
    assert fighter.attacks_per_turn == rules.attacks_per_turn(seat)
    assert fighter.defence_dice == rules.defence_dice(seat)
    assert fighter.pierced_defence_dice == rules.defence_dice(seat, piercing=True)
    assert fighter.armor_left == rules.armor_left(seat)
    assert fighter.weapon_slots == rules.weapon_slots(seat)
    assert set(fighter.flags) == {flag for flag in FlagName if rules.has_flag(seat, flag)}
    player = rules.player(seat)
    in_play = {entry.card: entry for entry in player.weapons}
    listed = [gun.weapon for gun in fighter.guns]
    assert listed[0] == PISTOL and len(listed) == len(set(listed))
    from_hand = {gun.weapon for gun in fighter.guns if gun.from_hand}
    assert set(listed) == {PISTOL, *in_play, *from_hand}
    assert from_hand <= set(player.hand) and (with_hand or not from_hand)
    if with_hand:
        assert from_hand == {c for c in rules.declarable_weapons(seat) if c != PISTOL and c not in in_play}
    for gun in fighter.guns:
        if gun.from_hand:
            continue  # (checked against the forecast: the weapon enters play first)
        assert gun.accuracy == rules.accuracy(seat, gun.weapon)
        assert (gun.damage, gun.extra_damage) == rules.weapon_damage(seat, gun.weapon)
        assert gun.on_hit_hurt == rules.on_hit_hurt(seat, gun.weapon)
        if gun.weapon != PISTOL:
            card = rules.card(gun.weapon)
            assert gun.loaded == rules.loaded(in_play[gun.weapon], seat)
            assert gun.ammo_cost == rules.ammo_cost(seat, gun.weapon)
            assert (gun.min_range, gun.max_range, gun.area) == (card.min_range, card.max_range, card.area)
            assert gun.piercing == (card.piercing or rules.has_flag(seat, FlagName.PIERCING))


def _random_game(map_name: str, seed: int) -> tuple[Game, random.Random]:
    """A seeded game of random players on `map_name`, and the generator that chooses their actions."""
    rng = random.Random(f"view-numbers/{map_name}/{seed}")
    players = min(4, len(board_named(map_name).respawn_points))
    config = make_config(
        map=map_name,
        frag_target=5,
        seats=[{"name": f"P{n + 1}", "fighter": rng.choice(all_designs())} for n in range(players)],
    )
    return new_game(config, seed=rng.getrandbits(32)), rng


def _decisions(map_name: str, seed: int) -> Iterator[tuple[Game, list[Action]]]:
    """The decisions of a seeded random game: the game and its legal actions, before one is applied."""
    game, rng = _random_game(map_name, seed)
    while game.decider() is not None and len(game.log) < ACTIONS:
        actions = game.legal_actions()
        yield game, actions
        game.apply(rng.choice(actions))


@pytest.mark.parametrize(("map_name", "seed"), _games())
def test_the_views_numbers_are_the_rules_own_answers(map_name: str, seed: int) -> None:
    """Every fifth decision and every decision with an attack: every fighter in the decider's view and
    in a spectator's; and each legal attack's forecast against the view's numbers for its weapon."""
    checked = 0
    for game, actions in _decisions(map_name, seed):
        attacks = [action for action in actions if isinstance(action, Attack)]
        if len(game.log) % 5 and not attacks:
            continue
        decider = game.decider()
        assert decider is not None
        mine = game.view(decider)
        for seat, fighter in enumerate(mine.fighters):
            _check_fighter(game, seat, fighter, with_hand=seat == decider)
        for fighter, seen in zip(game.view(None).fighters, mine.fighters, strict=True):
            public = {name: value for name, value in seen.model_dump().items() if name in ISSUE14_FIGHTER_FIELDS}
            public["guns"] = tuple(gun for gun in public["guns"] if not gun["from_hand"])  # the viewer's hand only
            assert public == {name: value for name, value in fighter.model_dump().items() if name in public}
        guns = {gun.weapon: gun for gun in mine.fighters[decider].guns}
        for attack in attacks:
            gun = guns[attack.weapon]
            forecast = game.forecast(attack)
            assert gun.loaded
            assert (forecast.accuracy_dice, forecast.attack_dice, forecast.extra_damage) == (
                gun.accuracy,
                gun.damage,
                gun.extra_damage,
            )
            assert (forecast.piercing, forecast.on_hit_hurt, forecast.area) == (gun.piercing, gun.on_hit_hurt, gun.area)
            checked += 1
    assert checked > 0  # (an attack was forecast and compared)


@pytest.mark.parametrize(("map_name", "seed"), _games())
def test_attacks_per_turn_in_the_view_are_the_attacks_phase_3_begins_with__F_ATK_01(map_name: str, seed: int) -> None:
    """Whenever a movement roll starts phase 3 of a fighter who loses no attacks, his attacks are the
    `attacks_per_turn` the view showed just before (half his Accuracy rounded up, changed by cards)."""
    game, rng = _random_game(map_name, seed)
    seen = 0
    while game.decider() is not None and len(game.log) < ACTIONS:
        seat = game.decider()
        assert seat is not None
        action = rng.choice(game.legal_actions())
        if action != RollMovement() or TurnPart.ATTACKS in game.state.players[seat].skips:
            game.apply(action)
            continue
        expected = game.view(seat).fighters[seat].attacks_per_turn
        game.apply(action)
        if game.state.turn.phase is Phase.ACTION and game.state.turn.active == seat:
            assert game.state.turn.attacks == expected
            seen += 1
    assert seen > 0


# -- the hooks ------------------------------------------------------------------------------------


class FleetFootedRules(FragRules):
    """Base Frag where every fighter has the ability "fleet-footed": +1 Speed (a test's ruleset)."""

    key = "test-fleet-footed"
    title = "Frag, fleet-footed (a test)"

    def ability_effects(self, seat: int) -> Sequence[EffectSource]:
        return (EffectSource.granted(Origin.ABILITY, seat, "fleet-footed", Modify(stat=ModStat.SPEED, add=1)),)


class SureShotRules(FragRules):
    """Base Frag with a house rule "sure shots": every attack hits, and +1 damage die (a test's ruleset)."""

    key = "test-sure-shots"
    title = "Frag, sure shots (a test)"

    def option_effects(self, seat: int) -> Sequence[EffectSource]:
        return (
            EffectSource.granted(Origin.OPTION, seat, "sure shots", Sure(outcome=Outcome.HIT, against="mine")),
            EffectSource.granted(Origin.OPTION, seat, "sure shots", Modify(stat=ModStat.DAMAGE, add=1)),
        )


class ArmouredRules(FragRules):
    """Base Frag with a house rule "thick skin": every hit costs 1 Health less, and its capacity of 1
    does not count, for no card wears out (a test's ruleset)."""

    key = "test-thick-skin"
    title = "Frag, thick skin (a test)"

    def option_effects(self, seat: int) -> Sequence[EffectSource]:
        shield = Shield(reduce=1, against="attacks", capacity=1)
        return (EffectSource.granted(Origin.OPTION, seat, "thick skin", shield),)


TEST_RULESETS = (FleetFootedRules, SureShotRules, ArmouredRules)


@pytest.fixture
def registered() -> Iterator[None]:
    """The test rulesets, registered for one test only (the registry is left as it was)."""
    for cls in TEST_RULESETS:
        register_ruleset(cls)
    yield
    for cls in TEST_RULESETS:
        del rulesets._REGISTRY[cls.key]


def _played_by(key: str, scenario: str) -> Game:
    """The scenario's game, played by the ruleset registered as `key`."""
    base = game_from(scenario)
    state = base.state.model_copy(deep=True)
    state.config = state.config.model_copy(update={"ruleset": key})
    return Game(state, base.board, base.cards)


ROLL = """
map = "pocket"
phase = "roll"
dice = [1, 1, 1, 1, 1]

[[fighter]]
name = "Ann"
speed = 2
at = "1,2"

[[fighter]]
name = "Bob"
at = "1,5"
"""


def test_an_ability_from_the_hook_reaches_speed_the_view_and_the_movement_roll(registered: None) -> None:
    """`ability_effects` gives +1 Speed: Ann's Speed is 3 in the rules and in every view, and she rolls
    3 Speed dice for movement (base Frag, the same scenario: 2). The hook's registration ends with the test."""
    game = _played_by(FleetFootedRules.key, ROLL)
    assert game.rules.speed(0) == 3  # type: ignore[attr-defined]
    assert game.view(0).fighters[0].speed == 3 and game.view(None).fighters[1].speed == 3
    events = game.apply(RollMovement())
    roll = next(e.roll for e in events if e.kind is CommonEventKind.DICE_ROLLED)
    assert roll is not None and len(roll.dice) == 3
    assert game.state.turn.movement == 3
    plain = game_from(ROLL)
    assert plain.view(0).fighters[0].speed == 2
    events = plain.apply(RollMovement())
    roll = next(e.roll for e in events if e.kind is CommonEventKind.DICE_ROLLED)
    assert roll is not None and len(roll.dice) == 2


def test_an_options_effects_reach_damage_and_sure_hits_and_a_later_card_controls__F_META_03__F_CARD_10(
    registered: None,
) -> None:
    """`option_effects` gives every fighter sure hits and +1 damage die. With Quad Damage in play
    the pistol rolls 2 × 4 + 1 = 9 dice (multiply first, then add, whatever grants them: F-META-03),
    in the rules, the view and the forecast; the attack hits with no roll. A sure-miss card played on
    the target controls over the option, in force since before any card (F-CARD-10)."""
    scenario = """
map = "pocket"
phase = "action"
dice = [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1]

[[fighter]]
name = "Ann"
at = "1,2"
specials = ["quad-damage"]

[[fighter]]
name = "Bob"
health = 3
at = "1,5"
"""
    game = _played_by(SureShotRules.key, scenario)
    pistol = game.view(0).fighters[0].guns[0]
    assert (pistol.weapon, pistol.damage) == (PISTOL, 9)
    forecast = game.forecast(Attack(target=1, weapon=PISTOL))
    assert forecast.sure == "hit" and forecast.attack_dice == 9 and forecast.p_hit == 1
    events = game.apply(Attack(target=1, weapon=PISTOL))
    assert any(e.kind is CommonEventKind.HIT for e in events)
    assert not any(e.kind is CommonEventKind.DICE_ROLLED for e in events)  # a sure hit: no to-hit roll
    plain = game_from(scenario)
    assert plain.view(0).fighters[0].guns[0].damage == 8

    blurred = scenario.replace('health = 3\nat = "1,5"', 'health = 3\nat = "1,5"\nspecials = ["ghost"]')
    game = _played_by(SureShotRules.key, blurred)
    assert game.rules.sure(0, 1) is Outcome.MISS  # type: ignore[attr-defined]
    assert game.forecast(Attack(target=1, weapon=PISTOL)).sure == "miss"


def test_a_shield_an_option_grants_stops_every_hit_and_never_wears_out__F_ATK_09(registered: None) -> None:
    """ "Thick skin" (a shield of 1 from an option) takes 1 Health off each of Ann's two pistol hits:
    12 damage against 5 defence loses 2 - 1 = 1, then 12 against 4 loses 3 - 1 = 2. Its capacity of 1
    is not counted (no card to wear out), and the forecast counts it."""
    scenario = """
map = "pocket"
phase = "action"
dice = [6, 6, 6, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 1, 1, 1, 1, 6, 6]

[[fighter]]
name = "Ann"
at = "1,2"

[[fighter]]
name = "Bob"
health = 5
at = "1,4"
"""
    game = _played_by(ArmouredRules.key, scenario)
    assert game.forecast(Attack(target=1, weapon=PISTOL)).shielded
    for lost in (1, 2):
        before = game.state.players[1].damage
        game.apply(Attack(target=1, weapon=PISTOL))
        events = game.apply(Pass())
        assert any(e.kind is CommonEventKind.DAMAGED and "thick skin stops 1 Health" in e.text for e in events)
        assert game.state.players[1].damage - before == lost
    assert not game.state.players[1].gadgets and not game.state.players[1].specials
