"""Jeremehovah's altered cards as the `altered-cards` option, with scripted dice: J-ALT-01 (the
Electromagnetic Cannon: a range beyond 10 counts as 10; it ignores armor; +1 Health per hit) and J-ALT-02
(the Machine Gun: each ammo counts as two shots), under base Frag and under Frag Deadlands with Frag's set
mixed in (`mixed-sets`: the Deadlands set has neither card).

Every game is played through `apply` and checks that no scripted die is left over. The board, `LONG`, is an
open 16 x 3 room with respawn points in the corners: Ann at 0,0 and Bob at 15,2 are 17 squares apart
(counted orthogonally, F-ATK-06). An attack rolls, in order: the attacker's Accuracy dice to hit; after a
hit the target may react (`pass`); then the target's defence dice (his Health) and the damage dice.
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from fragtui.content.cards import shipped_cards
from fragtui.content.library import cards_for, new_game
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.rules import DeadlandsRules
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack
from fragtui.engine.frag.altered import ALTERED_CARDS, ALTERED_OPTIONS, ALTERED_TEXT
from fragtui.engine.frag.house import house_text
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.game import Game, state_hash
from fragtui.engine.harness import play_random_game
from fragtui.engine.odds import p_at_least
from fragtui.engine.rulesets import find_ruleset
from fragtui.saves.format import content_fingerprint, save_of
from fragtui.saves.loading import load_game
from fragtui.saves.store import write_save
from tests.conftest import game_from
from tests.rules.deadlands.common import assert_dice_used, texts

CANNON, GUN = "electromagnetic-cannon", "machine-gun"


def _long_map(width: int = 16) -> str:
    """A `width` x 3 open room, respawn points 1-4 in the corners."""
    rows = ["|1" + " ." * (width - 2) + " 2|", "|." + " ." * (width - 2) + " .|", "|3" + " ." * (width - 2) + " 4|"]
    edge, inner = "+" + "-+" * width, "+" + " +" * width
    return "\n".join([edge, rows[0], inner, rows[1], inner, rows[2], edge])


LONG = _long_map()

RULESETS = ("frag", "deadlands")
"""Base Frag, and Frag Deadlands with Frag's set shuffled in (the only way its games hold the two cards)."""


def game(body: str, *, ruleset: str = "frag", on: bool = True) -> Game:
    """A game on `LONG` under `ruleset`, the altered cards on (or off), set up by `body` (a scenario's
    fighters and dice). Under Frag Deadlands the fighters get characters and Frag's set is mixed in."""
    options = f'"{ALTERED_CARDS}" = {"true" if on else "false"}'
    if ruleset == "deadlands":
        options += ', "mixed-sets" = true'
        body = body.replace('name = "Ann"', 'name = "Ann"\ncharacter = "indian-brave"').replace(
            'name = "Bob"', 'name = "Bob"\ncharacter = "mad-scientist"'
        )
    head = f'ruleset = "{ruleset}"\nmap_text = """{LONG}"""\noptions = {{ {options} }}\n'
    return game_from(head + textwrap.dedent(body))


# -- the option ---------------------------------------------------------------------------------------------


def test_j_alt_01_j_alt_02_one_switch_of_both_rulesets_off_by_default_with_its_full_text() -> None:
    """J-ALT-01/02: `altered-cards` is a switch of base Frag and of Frag Deadlands, off by default; the set-up
    screen's `?` (`house_text`) shows both cards' altered rules, and that they are Frag's set's cards."""
    (spec,) = ALTERED_OPTIONS
    assert (spec.name, spec.default, spec.rule) == (ALTERED_CARDS, False, "J-ALT-01")
    assert FragRules.option(ALTERED_CARDS) is spec and DeadlandsRules.option(ALTERED_CARDS) is spec
    assert "Frag's set" in spec.summary
    assert house_text(spec) == ALTERED_TEXT
    for words in ("J-ALT-01", "If range is beyond 10, always treat as 10", "+1 Health damage per hit", "J-ALT-02"):
        assert words in ALTERED_TEXT
    assert "each ammo counts as two shots" in ALTERED_TEXT and "mixed-sets" in ALTERED_TEXT


def test_j_alt_01_j_alt_02_the_deadlands_set_has_neither_card_so_the_option_applies_to_frags() -> None:
    """J-ALT: the Frag Deadlands set has no Electromagnetic Cannon and no Machine Gun (so the option says it
    is Frag's set's); alone it plays the same cards with the option or without, mixed with Frag's the altered ones."""
    deadlands = shipped_cards(("deadlands",))
    assert CANNON not in deadlands and GUN not in deadlands and not deadlands.altered_cards
    assert deadlands.altered() is deadlands
    alone = make_config(ruleset="deadlands", map="town", seats=DeadlandsRules.random_seats(random.Random(1), 4))
    switched = alone.model_copy(update={"options": {ALTERED_CARDS: True}})
    assert cards_for(switched) is cards_for(alone)
    mixed = alone.model_copy(update={"options": {ALTERED_CARDS: True, "mixed-sets": True}})
    assert cards_for(mixed)[GUN].shots_per_ammo == 2 and cards_for(mixed)[CANNON].range_cap == 10


def test_j_alt_01_j_alt_02_the_altered_cards_swap_in_only_the_two_cards() -> None:
    """J-ALT-01/02: the altered set is Frag's set with the two cards' `[card.altered]` tables applied (the
    same ids, decks and copies); the printed cards, and so the fingerprint saves keep, are unchanged."""
    printed = shipped_cards()
    altered = printed.altered()
    assert sorted(printed.altered_cards) == [CANNON, GUN]
    changed = {card.id for card in printed if altered[card.id] != card}
    assert changed == {CANNON, GUN}
    assert altered.altered() is altered and printed.altered() is altered  # made once, and idempotent
    gun, cannon = altered[GUN], altered[CANNON]
    assert (gun.ammo, gun.shots_per_ammo, gun.damage) == (12, 2, 3)
    assert "Each ammo counts as two shots" in gun.text
    assert (cannon.range_cap, cannon.piercing, cannon.extra_damage, cannon.ammo) == (10, True, 1, 3)
    assert "If range is beyond 10, always treat as 10. Ignores armor, +1 Health damage per hit" in cannon.text
    assert printed[GUN].shots_per_ammo == 1 and printed[CANNON].range_cap is None
    assert "range_cap" not in printed[CANNON].model_dump() and "altered" not in printed[CANNON].model_dump()
    assert [printed.instances(deck) for deck in printed.decks] == [altered.instances(deck) for deck in altered.decks]


# -- J-ALT-01: the Electromagnetic Cannon ---------------------------------------------------------------------

FAR_SHOT = """
phase = "action"
dice = {dice}

[[fighter]]
name = "Ann"
accuracy = 3
at = "0,0"
weapons = ["electromagnetic-cannon"]

[[fighter]]
name = "Bob"
health = 9
at = "15,2"
gadgets = ["heavy-armor"]
"""
"""Ann (Accuracy 3) with the Cannon, Bob (Health 9, in Heavy Armor: +2) 17 squares away."""

TEN = [4, 3, 3]
"""A to-hit roll of 10 on Ann's three dice."""
NINE_SIXES, FIVE_ONES = [6] * 9, [1] * 5
"""Bob's defence (his own Health, 9 dice: the armor adds none against a piercing weapon) and a damage roll
of 5 against 54: the division gives 0."""


@pytest.mark.parametrize("ruleset", RULESETS)
def test_j_alt_01_beyond_10_the_range_counts_as_10_and_a_roll_of_10_hits(ruleset: str) -> None:
    """J-ALT-01: 17 squares away, Ann's 10 hits (the range counts as 10); Bob's armor adds no defence dice
    and takes nothing; the division gives 0 and the hit still costs Bob 1 Health (+1 per hit)."""
    played = game(FAR_SHOT.format(dice=TEN + NINE_SIXES + FIVE_ONES), ruleset=ruleset)
    bob_armored = played.rules.health(1)
    events = played.play([f"attack 1 {CANNON}#1", "pass"])
    assert texts(events, CommonEventKind.ATTACKED) == ["Ann attacks Bob with Electromagnetic Cannon at range 17"]
    assert texts(events, CommonEventKind.HIT) == ["Ann hits Bob (rolled 10 against range 10 (17 squares))"]
    rolls = texts(events, CommonEventKind.DICE_ROLLED)
    assert rolls[0] == "Ann: to hit (3 Accuracy dice, range 10 (17 squares)): 4+3+3 = 10"
    assert rolls[1].startswith("Bob: defence (9 Health dice)")
    assert texts(events, CommonEventKind.DAMAGED) == [
        f"Bob loses 1 Health to Ann's Electromagnetic Cannon: Health {bob_armored - 1}"
    ]
    assert played.rules.own_health(1) == 8 and played.state.players[1].gadgets[0].absorbed == 0
    assert_dice_used(played)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_j_alt_01_off_the_printed_cannon_misses_at_17_with_the_same_roll(ruleset: str) -> None:
    """J-ALT-01 off: the printed Cannon's range is the 17 squares: the same 10 misses."""
    played = game(FAR_SHOT.format(dice=TEN), ruleset=ruleset, on=False)
    events = played.play([f"attack 1 {CANNON}#1"])
    assert texts(events, CommonEventKind.MISSED) == ["Ann misses Bob (rolled 10 against range 17)"]
    assert played.rules.health(1) == played.rules.own_health(1) + 2
    assert_dice_used(played)


NEAR_SHOT = FAR_SHOT.replace('at = "15,2"', 'at = "7,0"')
"""The same, Bob 7 squares away."""


@pytest.mark.parametrize("ruleset", RULESETS)
def test_j_alt_01_within_10_the_range_is_the_squares_a_6_misses_at_7(ruleset: str) -> None:
    """J-ALT-01: only a range beyond 10 is treated as 10: at 7 squares a 6 misses, and the log says range 7."""
    played = game(NEAR_SHOT.format(dice=[2, 2, 2]), ruleset=ruleset)
    events = played.play([f"attack 1 {CANNON}#1"])
    assert texts(events, CommonEventKind.MISSED) == ["Ann misses Bob (rolled 6 against range 7)"]
    assert_dice_used(played)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_j_alt_01_the_forecast_and_the_view_treat_the_range_as_10(ruleset: str) -> None:
    """J-ALT-01: the forecast's range is 10 and its chance to hit P(3 dice >= 10), its note saying Bob is 17
    squares away; armor is left out (piercing: Bob's own Health 9, 9 defence dice); every hit costs at least
    1. The weapon's view gives the cap. Off, the forecast is the printed card's: range 17."""
    played = game(FAR_SHOT.format(dice=[]), ruleset=ruleset)
    attack = Attack(target=1, weapon=f"{CANNON}#1")
    forecast = played.forecast(attack)
    assert (forecast.range, forecast.p_hit) == (10, p_at_least(3, 10))
    assert forecast.note.startswith("17 squares away: Electromagnetic Cannon treats the range as 10.")
    assert (forecast.piercing, forecast.health, forecast.defence_dice, forecast.extra_damage) == (True, 9, 9, 1)
    assert min(forecast.lost_if_hit) == 1 and forecast.health_lost[0] == 1 - p_at_least(3, 10)
    (gun,) = [gun for gun in played.view(0).fighters[0].guns if gun.weapon == f"{CANNON}#1"]
    assert (gun.range_cap, gun.piercing, gun.extra_damage) == (10, True, 1)
    printed = game(FAR_SHOT.format(dice=[]), ruleset=ruleset, on=False)
    forecast = printed.forecast(attack)
    assert (forecast.range, forecast.p_hit) == (17, p_at_least(3, 17)) and "squares away" not in forecast.note
    assert [gun.range_cap for gun in printed.view(0).fighters[0].guns] == [None, None]


# -- J-ALT-02: the Machine Gun --------------------------------------------------------------------------------

BURST = """
phase = "action"
dice = {dice}

[[fighter]]
name = "Ann"
accuracy = 6
at = "0,0"
weapons = [{{ card = "machine-gun", ammo = 1 }}]

[[fighter]]
name = "Bob"
at = "15,2"
"""
"""Ann (Accuracy 6: three attacks, F-ATK-01) with a Machine Gun down to its last ammo, Bob 17 squares away:
six 1s to hit miss him."""

MISS = [1] * 6


def gun_attacks(played: Game) -> list[str]:
    return [str(a) for a in played.legal_actions() if isinstance(a, Attack) and a.weapon.startswith(GUN)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_j_alt_02_the_last_ammo_pays_for_two_shots(ruleset: str) -> None:
    """J-ALT-02: each ammo counts as two shots: the last one fires twice, then the gun is empty (the
    pistol is still offered: three attacks this turn)."""
    played = game(BURST.format(dice=MISS * 2), ruleset=ruleset)
    gun = lambda: next(g for g in played.view(0).fighters[0].guns if g.weapon == f"{GUN}#1")  # noqa: E731
    assert gun().shots_left == 2 and gun().loaded
    played.play([f"attack 1 {GUN}#1"])
    entry = played.state.players[0].weapons[0]
    assert (entry.ammo, entry.free_shots) == (0, 1)
    assert gun().shots_left == 1 and gun().loaded and gun_attacks(played) == [f"attack 1 {GUN}#1"]
    played.play([f"attack 1 {GUN}#1"])
    assert gun().shots_left == 0 and not gun().loaded and gun_attacks(played) == []
    assert "attack 1 pistol" in {str(a) for a in played.legal_actions()}
    assert played.state.players[0].record.shots == 2
    assert_dice_used(played)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_j_alt_02_off_the_last_ammo_is_one_shot(ruleset: str) -> None:
    """J-ALT-02 off: the printed Machine Gun's last ammo fires once."""
    played = game(BURST.format(dice=MISS), ruleset=ruleset, on=False)
    played.play([f"attack 1 {GUN}#1"])
    assert played.state.players[0].weapons[0].ammo == 0 and gun_attacks(played) == []
    (gun,) = [g for g in played.view(0).fighters[0].guns if g.weapon == f"{GUN}#1"]
    assert (gun.shots_left, gun.loaded) == (0, False)
    assert_dice_used(played)


FULL_LOAD = """
phase = "action"
dice = []

[[fighter]]
name = "Ann"
at = "0,0"
hand = ["machine-gun", "ammo-belt"]
weapons = [{ card = "machine-gun", ammo = 0 }]

[[fighter]]
name = "Bob"
at = "15,2"
"""
"""Ann holds a second Machine Gun and an Ammo Belt (reload +3) for the empty one in play."""


@pytest.mark.parametrize(
    ("ruleset", "on", "full", "reloaded"), [(r, True, 24, 6) for r in RULESETS] + [("frag", False, 12, 3)]
)
def test_j_alt_02_a_full_load_is_24_shots_and_three_ammo_six(ruleset: str, on: bool, full: int, reloaded: int) -> None:
    """J-ALT-02: the set's Machine Gun prints Ammo 12: altered, its full load is 24 shots (the view's shots
    left for the one in the hand), and the Ammo Belt's 3 ammo are 6 shots; printed, 12 and 3."""
    played = game(FULL_LOAD, ruleset=ruleset, on=on)
    guns = {g.weapon: g for g in played.view(0).fighters[0].guns}
    assert guns[f"{GUN}#2"].from_hand and guns[f"{GUN}#2"].shots_left == full
    assert guns[f"{GUN}#1"].shots_left == 0
    played.play([f"play ammo-belt#1 {GUN}#1"])
    guns = {g.weapon: g for g in played.view(0).fighters[0].guns}
    assert played.state.players[0].weapons[0].ammo == 3 and guns[f"{GUN}#1"].shots_left == reloaded


# -- saves and the harness --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "options"), [("frag", {}), ("deadlands", {"mixed-sets": True})])
def test_j_alt_01_j_alt_02_a_game_with_the_option_is_saved_loaded_and_replayed_with_the_altered_set(
    ruleset: str, options: dict[str, bool], tmp_path: Path
) -> None:
    """J-ALT-01/02: a new game with the option plays the altered set, the one the content library gives for
    its configuration (so the card fingerprint its save holds matches when it is loaded, and differs from
    the printed set's); written, loaded and replayed through the checked `apply`, it reaches the same state."""
    rng = random.Random(f"altered/{ruleset}")
    config = make_config(
        ruleset=ruleset,
        map="pocket",
        frag_target=1,
        seats=find_ruleset(ruleset).random_seats(rng, 4),
        options={ALTERED_CARDS: True, **options},
    )
    played = new_game(config, seed=7)
    assert played.cards is cards_for(config) and played.cards[GUN].shots_per_ammo == 2
    printed = cards_for(config.model_copy(update={"options": options}))
    assert printed[GUN].shots_per_ammo == 1
    assert content_fingerprint(played.board, played.cards) != content_fingerprint(played.board, printed)
    play_random_game(played, rng, max_actions=600)
    path = tmp_path / "altered.json"
    write_save(save_of(played), path)
    loaded = load_game(path)
    assert loaded.state.config.options == {ALTERED_CARDS: True, **options}
    assert state_hash(loaded.state) == state_hash(played.state) and loaded.cards[CANNON].range_cap == 10
    assert Game.from_state(played.state, board=played.board, cards=printed).cards is played.cards
