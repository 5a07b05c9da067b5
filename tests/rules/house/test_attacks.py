"""Franklin's house rules on attacks, as switches, with scripted dice: H-ACC-01 (attacks counted per weapon,
the seed's worked example) and H-WHIP-01 (the pistol whip), under base Frag and Frag Deadlands.

Every game is played through `apply` and checks that no scripted die is left over. Two boards:

- `RANGE`, 10 x 3, open, respawn points in the corners: a fighter at 0,0 and one at 9,2 are 11 squares
  apart, so a to-hit roll of all 1s (at most 8 dice here) misses and an attack costs only its to-hit dice;
- `OPEN` (tests.rules.deadlands.common), 5 x 5: fighters side by side for the pistol whip.

An attack rolls, in order: the attacker's Accuracy dice to hit; after a hit the target may react
(`pass`); then the target's defence dice (his Health) and the damage dice.
"""

from __future__ import annotations

import textwrap
from fractions import Fraction

import pytest
from pydantic import TypeAdapter

from fragtui.engine.actions import action_adapter, parse_action
from fragtui.engine.deadlands.events import DeadlandsEventKind
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack
from fragtui.engine.frag.house import ATTACKS_PER_WEAPON, HOUSE_RULES, PISTOL_WHIP
from fragtui.engine.frag.state import FragTurn
from fragtui.engine.game import Game
from fragtui.engine.odds import damage_distribution
from fragtui.errors import IllegalActionError
from tests.conftest import game_from
from tests.rules.deadlands.common import OPEN, assert_dice_used, texts


def _range_map() -> str:
    """A 10 x 3 open room, respawn points 1-4 in the corners."""
    rows = ["|1" + " ." * 8 + " 2|", "|." + " ." * 8 + " .|", "|3" + " ." * 8 + " 4|"]
    edge, inner = "+" + "-+" * 10, "+" + " +" * 10
    return "\n".join([edge, rows[0], inner, rows[1], inner, rows[2], edge])


RANGE = _range_map()


def game(body: str, *, board: str = OPEN, ruleset: str = "frag", options: dict[str, bool] | None = None) -> Game:
    """A game on `board` under `ruleset` with the house rules `options` on, set up by `body` (a scenario)."""
    switches = ", ".join(f'"{name}" = {"true" if on else "false"}' for name, on in (options or {}).items())
    head = f'ruleset = "{ruleset}"\nmap_text = """{board}"""\noptions = {{ {switches} }}\n'
    return game_from(head + textwrap.dedent(body))


def attacks(game: Game) -> set[str]:
    """The legal attacks, in notation."""
    return {str(action) for action in game.legal_actions() if isinstance(action, Attack)}


def test_h_acc_01_h_whip_01_are_switches_of_both_rulesets_off_by_default() -> None:
    """H-ACC-01, H-WHIP-01: both are `OptionSpec`s of HOUSE_RULES, switches off by default, named by rule ID."""
    specs = {spec.name: spec for spec in HOUSE_RULES}
    assert specs[ATTACKS_PER_WEAPON].rule == "H-ACC-01" and specs[ATTACKS_PER_WEAPON].default is False
    assert specs[PISTOL_WHIP].rule == "H-WHIP-01" and specs[PISTOL_WHIP].default is False
    from fragtui.engine.deadlands.rules import DeadlandsRules
    from fragtui.engine.frag.rules import FragRules

    for ruleset in (FragRules, DeadlandsRules):
        assert ruleset.option(ATTACKS_PER_WEAPON) is specs[ATTACKS_PER_WEAPON]
        assert ruleset.option(PISTOL_WHIP) is specs[PISTOL_WHIP]


# -- H-ACC-01: attacks counted per weapon ----------------------------------------------------------------

WORKED_EXAMPLE = """
phase = "action"
dice = [1, 1, 1, 1{more}]

[[fighter]]
name = "Ann"
accuracy = 3
at = "0,0"
weapons = ["heavy-beam-pistol", "tranquilizer-pistol"]
hand = ["targeting-system", "targeting-system", "tranquilizer-sights"]

[[fighter]]
name = "Bob"
at = "9,2"

[[card]]
id = "tranquilizer-sights"
deck = "gadgets"
name = "Tranquilizer Sights"
letter = "W"
text = "+5 Accuracy for the weapon you attach it to (the seed's Tranquilizer Pistol, Accuracy 3 + 5 = 8)."
copies = 1
effects = [{{ kind = "modify", stat = "accuracy", add = 5, scope = "weapon" }}]
"""
"""The seed's worked example: Ann, base Accuracy 3, puts the two shipped Targeting Systems on her Heavy Beam
Pistol (effective 5) and on her Tranquilizer Pistol the +5 the seed's card prints (the shipped card prints
none: a scenario card stands for it, effective 8), ends her turn; Bob rolls 1-1 and ends his; Ann rolls
1-1 for movement, and phase 3 counts her attacks. Then `more`: her to-hit dice, every attack a miss."""

SETTING_UP = [
    "play targeting-system#1 heavy-beam-pistol#1",
    "play targeting-system#2 heavy-beam-pistol#1",
    "play tranquilizer-sights#1 tranquilizer-pistol#1",
    "end",
    "roll",
    "end",
    "roll",
]


def worked_example(to_hit: list[int], *, on: bool = True) -> Game:
    more = "".join(f", {face}" for face in to_hit)
    played = game(WORKED_EXAMPLE.format(more=more), board=RANGE, options={ATTACKS_PER_WEAPON: on})
    played.play(SETTING_UP)
    return played


PISTOL_MISS, BEAM_MISS, TRANQ_MISS = [1] * 3, [1] * 5, [1] * 8


def test_h_acc_01_the_seeds_example_four_attacks_first_two_any_weapon_third_either_fourth_tranquilizer() -> None:
    """H-ACC-01, the seed's example: four attacks a turn; the first two with any weapon (the pistol too),
    the third with the Heavy Beam Pistol or the Tranquilizer Pistol, the fourth with the Tranquilizer only."""
    played = worked_example(PISTOL_MISS * 2 + BEAM_MISS + TRANQ_MISS)
    state = played.state
    assert state.turn.attacks == 2  # the regular ones: Accuracy 3 / 2, rounded up
    assert state.turn.weapon_attacks == {"heavy-beam-pistol#1": 1, "tranquilizer-pistol#1": 2}
    assert played.view(0).attacks == 4
    everything = {"attack 1 pistol", "attack 1 heavy-beam-pistol#1", "attack 1 tranquilizer-pistol#1"}
    assert attacks(played) == everything
    played.play(["attack 1 pistol"])
    assert attacks(played) == everything and played.view(0).attacks == 3
    played.play(["attack 1 pistol"])
    # The third: either weapon with a bonus of its own, never the pistol.
    assert attacks(played) == {"attack 1 heavy-beam-pistol#1", "attack 1 tranquilizer-pistol#1"}
    with pytest.raises(IllegalActionError, match="H-ACC-01"):
        played.apply(Attack(target=1, weapon="pistol"))
    played.play(["attack 1 heavy-beam-pistol#1"])
    # The fourth: the Tranquilizer Pistol alone.
    assert attacks(played) == {"attack 1 tranquilizer-pistol#1"}
    assert played.view(0).attacks == 1
    played.play(["attack 1 tranquilizer-pistol#1"])
    assert attacks(played) == set() and played.view(0).attacks == 0
    assert_dice_used(played)


def test_h_acc_01_a_third_attack_with_the_tranquilizer_leaves_the_fourth_to_it_alone() -> None:
    """H-ACC-01: the bonus attacks are counted, not kept per weapon: the third made with the Tranquilizer
    Pistol spends the Heavy Beam Pistol's only one too; the fourth is still the Tranquilizer's."""
    played = worked_example(PISTOL_MISS * 2 + TRANQ_MISS * 2)
    played.play(["attack 1 pistol", "attack 1 pistol", "attack 1 tranquilizer-pistol#1"])
    assert attacks(played) == {"attack 1 tranquilizer-pistol#1"}
    played.play(["attack 1 tranquilizer-pistol#1"])
    assert attacks(played) == set()
    assert_dice_used(played)


def test_h_acc_01_bonus_attacks_come_after_the_regular_ones() -> None:
    """H-ACC-01: an attack with the Tranquilizer Pistol while regular attacks are left is a regular one:
    all four are still there, and the first two spent with it leave the bonus ones as before."""
    played = worked_example(TRANQ_MISS * 2 + BEAM_MISS)
    played.play(["attack 1 tranquilizer-pistol#1", "attack 1 tranquilizer-pistol#1"])
    assert played.state.turn.attacks == 0
    assert played.state.turn.weapon_attacks == {"heavy-beam-pistol#1": 1, "tranquilizer-pistol#1": 2}
    played.play(["attack 1 heavy-beam-pistol#1"])
    assert attacks(played) == {"attack 1 tranquilizer-pistol#1"}
    assert_dice_used(played)


def test_h_acc_01_off_a_weapons_own_accuracy_gives_no_attack() -> None:
    """H-ACC-01 off (base Frag, F-ATK-01): the same fighter gets two attacks, whatever his weapons' bonuses."""
    played = worked_example(PISTOL_MISS + TRANQ_MISS, on=False)
    assert played.state.turn.attacks == 2 and played.state.turn.weapon_attacks == {}
    assert played.view(0).attacks == 2
    played.play(["attack 1 pistol", "attack 1 tranquilizer-pistol#1"])
    assert attacks(played) == set()
    assert "weapon_attacks" not in TypeAdapter(FragTurn).dump_json(played.state.turn).decode()
    assert_dice_used(played)


def test_h_acc_01_unused_bonus_attacks_are_lost_at_the_end_of_the_turn() -> None:
    """H-ACC-01, F-ATK-01: the bonus attacks left when the turn ends are lost with the rest."""
    played = worked_example([])
    played.play(["end"])
    assert played.state.turn.weapon_attacks == {} and played.state.turn.active == 1


STUNNED = """
phase = "action"
dice = [1, 1, 6, 6, 6, 6, 6, 1, 1, 1]

[[fighter]]
name = "Ann"
accuracy = 3
at = "0,0"
weapons = ["heavy-beam-pistol"]
hand = ["targeting-system", "targeting-system"]

[[fighter]]
name = "Bob"
at = "2,0"
weapons = ["stun-gun"]
"""
"""Ann puts both Targeting Systems on her Heavy Beam Pistol and ends; Bob rolls 1-1, hits her with his Stun
Gun (6-6-6; she passes; 6-6 against 1: no Health lost) and ends; Ann rolls 1-1."""


def test_h_acc_01_a_stun_takes_the_bonus_attacks_too() -> None:
    """H-ACC-01 with F-META-02's stun: a fighter who makes no attacks in his next turn makes none of his
    weapons' extra ones either."""
    played = game(STUNNED, options={ATTACKS_PER_WEAPON: True})
    played.play(["play targeting-system#1 heavy-beam-pistol#1", "play targeting-system#2 heavy-beam-pistol#1"])
    played.play(["end", "roll", "attack 0 stun-gun#1", "pass", "end", "roll"])
    assert played.state.turn.active == 0
    assert played.state.turn.attacks == 0 and played.state.turn.weapon_attacks == {}
    assert played.view(0).attacks == 0 and attacks(played) == set()
    assert_dice_used(played)


DEADLANDS_SIGHT = """
phase = "action"
dice = [1, 1, 1, 1, 1, 1]

[[fighter]]
name = "Ann"
character = "indian-brave"
accuracy = 2
at = "0,0"
weapons = ["revolver"]
hand = ["telescopic-sight"]

[[fighter]]
name = "Bob"
character = "harrowed-gunslinger"
at = "9,2"
"""
"""Frag Deadlands: Ann (Accuracy 2: one regular attack) puts the Telescopic Sight on her revolver (effective
3: two attacks with it), ends her turn; Bob rolls 1-1 and ends; Ann rolls 1-1; then her to-hit 1-1, a miss."""


def test_h_acc_01_under_frag_deadlands_the_telescopic_sight_gives_its_revolver_a_second_attack() -> None:
    """H-ACC-01 under Frag Deadlands: the regular attack with the record sheet's weapon, then the
    Telescopic Sight's extra one with the revolver only."""
    played = game(DEADLANDS_SIGHT, board=RANGE, ruleset="deadlands", options={ATTACKS_PER_WEAPON: True})
    played.play(["play telescopic-sight#1 revolver#1", "end", "roll", "end", "roll"])
    assert played.view(0).attacks == 2
    assert played.state.turn.weapon_attacks == {"revolver#1": 1}
    played.play(["attack 1 pistol"])
    assert attacks(played) == {"attack 1 revolver#1"}
    assert_dice_used(played)


# -- H-WHIP-01: the pistol whip ---------------------------------------------------------------------------

WHIP = """
phase = "action"
dice = {dice}

[[fighter]]
name = "Ann"
health = {health}
damage = {damage}
accuracy = 3
at = "0,0"
weapons = [{{ card = "shotgun", ammo = 0 }}]

[[fighter]]
name = "Bob"
health = 4
at = "{bob}"
"""
"""Ann swings her empty Shotgun at Bob (Health 4): to-hit 3 dice, Bob passes, his 4 defence dice, then
Ann's Health − 1 damage dice."""


def whip_game(
    dice: list[int], *, health: int = 3, damage: int = 0, bob: str = "1,0", on: bool = True, ruleset: str = "frag"
) -> Game:
    body = WHIP.format(dice=dice, health=health, damage=damage, bob=bob)
    return game(body, ruleset=ruleset, options={PISTOL_WHIP: on})


def test_h_whip_01_an_empty_weapon_clubs_an_adjacent_fighter_for_health_minus_1_dice() -> None:
    """H-WHIP-01: Ann (Health 3) clubs Bob with her empty Shotgun: one of her attacks, no ammo, a to-hit
    roll as any attack, and 2 damage dice (Health − 1): 6+6 = 12 against 3+3+3+3 = 12 costs Bob 1 Health."""
    played = whip_game([2, 2, 2, 3, 3, 3, 3, 6, 6])
    assert "attack 1 shotgun#1 whip" in attacks(played)
    assert "attack 1 shotgun#1" not in attacks(played)  # (empty: it cannot fire)
    events = played.play(["attack 1 shotgun#1 whip", "pass"])
    assert texts(events, CommonEventKind.ATTACKED) == ["Ann pistol-whips Bob with Shotgun"]
    assert texts(events, CommonEventKind.DAMAGED) == ["Bob loses 1 Health to Ann's Shotgun (a pistol whip): Health 3"]
    damage = [e.roll for e in events if e.kind is CommonEventKind.DICE_ROLLED and e.roll and "damage" in e.roll.reason]
    assert [r.dice for r in damage if r is not None] == [(6, 6)]
    assert played.state.turn.attacks == 1
    assert played.state.players[0].weapons[0].ammo == 0
    assert played.state.players[0].weapons[0].card == "shotgun#1"  # one 1 at most: not broken
    assert_dice_used(played)


@pytest.mark.parametrize(
    ("health", "damage_dice", "breaks"),
    [(3, [1, 1], True), (3, [1, 5], False), (4, [1, 6, 1], True), (2, [1], True), (2, [2], False)],
)
def test_h_whip_01_two_ones_or_a_single_die_s_1_break_the_weapon(
    health: int, damage_dice: list[int], breaks: bool
) -> None:
    """H-WHIP-01: the weapon breaks and is discarded when two or more damage dice show 1, or the one die of
    a 1-die whip (Health 2) does; the hit is dealt first."""
    played = whip_game([2, 2, 2, 6, 6, 6, 6, *damage_dice], health=health)
    events = played.play(["attack 1 shotgun#1 whip", "pass"])
    kinds = [e.kind for e in events if e.kind in (CommonEventKind.DAMAGED, CommonEventKind.DISCARDED)]
    if breaks:
        assert kinds == [CommonEventKind.DAMAGED, CommonEventKind.DISCARDED]
        ones = damage_dice.count(1)
        assert texts(events, CommonEventKind.DISCARDED) == [
            f"Ann's Shotgun breaks ({ones} damage {'die' if ones == 1 else 'dice'} came up 1) and is discarded"
        ]
        assert played.state.players[0].weapons == []
        assert played.state.decks.discard["weapons"] == ["shotgun#1"]
    else:
        assert kinds == [CommonEventKind.DAMAGED]
        assert [e.card for e in played.state.players[0].weapons] == ["shotgun#1"]
    assert_dice_used(played)


def test_h_whip_01_a_cancelled_hit_rolls_no_damage_and_breaks_nothing() -> None:
    """H-WHIP-01: Bob answers the whip's hit with Dodge (F-META-02): no defence or damage dice are rolled,
    and the weapon stays whole."""
    body = WHIP.format(dice=[2, 2, 2], health=3, damage=0, bob="1,0").replace(
        'health = 4\nat = "1,0"', 'health = 4\nat = "1,0"\nhand = ["dodge"]'
    )
    played = game(body, options={PISTOL_WHIP: True})
    played.play(["attack 1 shotgun#1 whip", "play dodge#1"])
    assert [e.card for e in played.state.players[0].weapons] == ["shotgun#1"]
    assert_dice_used(played)


def test_h_whip_01_only_orthogonally_adjacent_and_only_at_health_2_or_more() -> None:
    """H-WHIP-01 rulings: adjacent is orthogonally next to him (range 1): not diagonally (range 2); at Health
    1 the club would roll no dice and is not offered; off, there is no whip at all."""
    assert "attack 1 shotgun#1 whip" not in attacks(whip_game([], bob="1,1"))
    with pytest.raises(IllegalActionError, match="not diagonal"):
        whip_game([], bob="1,1").apply(parse_action("attack 1 shotgun#1 whip"))
    at_one = whip_game([], health=2, damage=1)
    assert "attack 1 shotgun#1 whip" not in attacks(at_one)
    with pytest.raises(IllegalActionError, match="no damage dice"):
        at_one.apply(parse_action("attack 1 shotgun#1 whip"))
    off = whip_game([], on=False)
    assert not any("whip" in a for a in attacks(off))
    with pytest.raises(IllegalActionError, match="H-WHIP-01"):
        off.apply(parse_action("attack 1 shotgun#1 whip"))


BONUS_AND_WHIP = """
phase = "action"
dice = [1, 1, 1, 1, 2, 2, 2, 6, 6, 6, 6, 1, 1, 2, 2, 2, 6, 6, 6, 6, 1, 1]

[[fighter]]
name = "Ann"
health = 2
accuracy = 3
at = "0,0"
weapons = ["heavy-beam-pistol"]
hand = ["targeting-system", "targeting-system"]

[[fighter]]
name = "Bob"
health = 4
at = "1,0"
"""
"""Both rules on: Ann's Heavy Beam Pistol with two Targeting Systems grants a third attack; Bob (Health 4)
stands beside her. Two turns pass (1-1, 1-1); she shoots him twice with the pistol (to-hit 2-2-2, pass,
defence 6-6-6-6, damage 1-1: nothing lost)."""


def test_h_whip_01_h_acc_01_a_weapons_bonus_attack_may_not_be_a_whip() -> None:
    """H-WHIP-01 with H-ACC-01: once the regular attacks are spent, the Heavy Beam Pistol's own extra attack
    may shoot with it, never club with it."""
    played = game(BONUS_AND_WHIP, options={ATTACKS_PER_WEAPON: True, PISTOL_WHIP: True})
    played.play(["play targeting-system#1 heavy-beam-pistol#1", "play targeting-system#2 heavy-beam-pistol#1"])
    played.play(["end", "roll", "end", "roll"])
    assert "attack 1 heavy-beam-pistol#1 whip" in attacks(played)
    played.play(["attack 1 pistol", "pass", "attack 1 pistol", "pass"])
    assert attacks(played) == {"attack 1 heavy-beam-pistol#1"}
    with pytest.raises(IllegalActionError, match="bonus attacks may not be used for a pistol whip"):
        played.apply(parse_action("attack 1 heavy-beam-pistol#1 whip"))
    assert_dice_used(played)


def test_h_whip_01_the_forecast_is_exact() -> None:
    """H-WHIP-01: the forecast of a whip is that of the attack made: range 1, Accuracy 3 (a sure hit at
    range 1), Health − 1 = 2 damage dice against Bob's 4, no extra damage, and the breaking chance 1/36."""
    played = whip_game([])
    forecast = played.forecast(parse_action("attack 1 shotgun#1 whip"))
    assert forecast.whip and forecast.range == 1 and forecast.p_hit == 1
    assert (forecast.attack_dice, forecast.defence_dice, forecast.extra_damage) == (2, 4, 0)
    assert forecast.lost_if_hit == {k: v for k, v in damage_distribution(2, 4, 0).items()}
    assert "breaks with chance 1/36" in forecast.note
    assert sum(forecast.health_lost.values()) == Fraction(1)


def test_h_whip_01_the_notation_and_the_save_of_a_whip() -> None:
    """H-WHIP-01: `attack 1 shotgun#1 whip` reads back; an attack that is no whip saves as before (no
    `whip` in its JSON)."""
    whip = parse_action("attack 1 shotgun#1 whip")
    assert whip == Attack(target=1, weapon="shotgun#1", whip=True) and str(whip) == "attack 1 shotgun#1 whip"
    assert action_adapter.validate_json(action_adapter.dump_json(whip)) == whip
    assert b"whip" not in action_adapter.dump_json(Attack(target=1, weapon="shotgun#1"))
    assert repr(Attack(target=1, weapon="pistol")) == "Attack(target=1, weapon='pistol')"


DEADLANDS_WHIP = """
phase = "action"
dice = {dice}

[[fighter]]
name = "Ann"
character = "agency-operative"
health = 3
accuracy = 3
at = "0,0"
weapons = ["{weapon}"]

[[fighter]]
name = "Bob"
character = "indian-brave"
health = 4
at = "1,0"
"""
"""Frag Deadlands: Ann, the Agency Operative (Health 3: 2 whip dice), clubs Bob (Health 4) beside her."""


def test_h_whip_01_under_frag_deadlands_a_whip_is_no_shot_it_never_malfunctions() -> None:
    """H-WHIP-01 under Frag Deadlands: the Derringer's shot would be a dud on a 1 (D-CARD-05), but a whip
    fires nothing: 1+6 = 7 against 1+1+1+1 = 4 costs Bob 1 Health, no malfunction, and with one 1 of two
    dice the Derringer stays whole."""
    body = DEADLANDS_WHIP.format(dice=[2, 2, 2, 1, 1, 1, 1, 1, 6], weapon="derringer")
    played = game(body, ruleset="deadlands", options={PISTOL_WHIP: True})
    events = played.play(["attack 1 derringer#1 whip", "pass"])
    assert not texts(events, DeadlandsEventKind.MALFUNCTION)
    assert texts(events, CommonEventKind.DAMAGED) == ["Bob loses 1 Health to Ann's Derringer (a pistol whip): Health 3"]
    assert [e.card for e in played.state.players[0].weapons] == ["derringer#1"]
    assert_dice_used(played)


def test_h_whip_01_under_frag_deadlands_a_clubbed_revolver_breaks_and_never_jams_or_rerolls() -> None:
    """H-WHIP-01 under Frag Deadlands: two 1s on a revolver used as a club break it (the whip's rule), where a
    shot would jam it (D-CARD-05); the Operative rolls no 1s again on a club, which is no revolver shot
    (ruling H-WHIP-01: every scripted die is used, none left for a reroll)."""
    body = DEADLANDS_WHIP.format(dice=[2, 2, 2, 1, 1, 1, 1, 1, 1], weapon="revolver")
    played = game(body, ruleset="deadlands", options={PISTOL_WHIP: True})
    events = played.play(["attack 1 revolver#1 whip", "pass"])
    assert not texts(events, DeadlandsEventKind.MALFUNCTION)
    assert texts(events, CommonEventKind.DISCARDED) == [
        "Ann's Revolver breaks (2 damage dice came up 1) and is discarded"
    ]
    assert played.state.players[0].weapons == [] and played.state.players[0].markers.jammed == ()
    assert played.state.decks.discard["weapons"] == ["revolver#1"]
    assert_dice_used(played)


def test_h_whip_01_the_attack_list_words_a_whip_as_a_club() -> None:
    """H-WHIP-01: the interface's attack list names a whip for what it is, beside the shots."""
    from fragtui.tui.frag.describe import action_label

    played = whip_game([])
    view = played.view(0)
    labels = {action_label(a, view, played.cards) for a in played.legal_actions() if isinstance(a, Attack)}
    assert labels == {"Attack Bob with Pistol", "Pistol-whip Bob with Shotgun (a club: may break it)"}


JAMMED = """
phase = "action"
attacks = 2
dice = [6, 6, 6, 6, 6, 6, 6, 1, 1, 6]

[[fighter]]
name = "Ann"
character = "indian-brave"
health = 3
accuracy = 3
at = "0,0"
weapons = [{ card = "peacemaker", ammo = 6 }]

[[fighter]]
name = "Bob"
character = "harrowed-gunslinger"
health = 4
at = "1,0"
"""
"""Frag Deadlands: Ann shoots Bob with her Peacemaker (to-hit 6-6-6, Bob passes, defence 6-6-6-6, damage
1-1-6): it jams (D-CARD-05)."""


def test_h_whip_01_under_frag_deadlands_a_jammed_gun_still_clubs() -> None:
    """H-WHIP-01 under Frag Deadlands: a jam stops the gun's shots for the turn (D-CARD-05), not its use as
    a club: the whip is still offered with her second attack, the shot is not."""
    played = game(JAMMED, ruleset="deadlands", options={PISTOL_WHIP: True})
    events = played.play(["attack 1 peacemaker#1", "pass"])
    assert texts(events, DeadlandsEventKind.MALFUNCTION)
    assert "attack 1 peacemaker#1" not in attacks(played)
    assert "attack 1 peacemaker#1 whip" in attacks(played)
    assert_dice_used(played)
