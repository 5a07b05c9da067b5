"""Franklin's house rules on armor, shields and wounds, played with scripted dice under base Frag and, where
they apply, Frag Deadlands: H-ARMOR-01 (`armor-by-name`), H-SHIELD-01 (`shields-dropped`), H-MULTI-01
(`several-sets`), H-WOUND-01 (`wounds`), H-WOUND-02 (`burn-through-first`). Rulings: docs/rulings.md,
"House rules — armor and wounds".

Base Frag plays on the Pocket Arena: Ann at 2,4 attacks Bob at 2,8 (range 4) with the pistol; an attack
rolls Ann's 3 Accuracy dice to hit, Bob reacts (`pass`), then Bob's defence dice (his Health) and the
pistol's 2 damage dice. Frag Deadlands plays on the open 5x5 board of the Deadlands tests.
"""

from __future__ import annotations

import textwrap

import pytest

from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.core import Core
from fragtui.engine.frag.decisions import LastChance
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.house import HOUSE_RULES
from fragtui.engine.frag.state import CounterKind, Status
from fragtui.engine.game import Game
from fragtui.errors import ScenarioError
from fragtui.saves.looks import default_look
from fragtui.tui.frag.describe import record_sheet
from tests.conftest import game_from
from tests.rules.deadlands.common import OPEN, assert_dice_used, texts

MINE = ("armor-by-name", "shields-dropped", "several-sets", "wounds", "burn-through-first")

FRANKLINS_EXOSKELETON = """
[[card]]
id = "exoskeleton"
deck = "gadgets"
name = "Exoskeleton"
text = "+1 Health and +1 Speed."
copies = 2
letter = "A"
effects = [{ kind = "modify", stat = "health", add = 1 }, { kind = "modify", stat = "speed", add = 1 }]
"""
"""The Exoskeleton of Franklin's worked example (+1 Health) instead of the shipped one (armor +2); its text
does not say it is armor, so it is no suit under H-ARMOR-01."""


def frag_game(options: str, body: str) -> Game:
    """A base Frag game on the Pocket Arena with the house rules `options` (a TOML inline table's inside)."""
    return game_from(f"options = {{ {options} }}\n" + textwrap.dedent(body))


def deadlands_game(options: str, body: str) -> Game:
    """A Frag Deadlands game on the open board with the house rules `options`."""
    return game_from(
        f'ruleset = "deadlands"\nmap_text = """{OPEN}"""\noptions = {{ {options} }}\n' + textwrap.dedent(body)
    )


TWO = {
    "frag": 'dice = []\n[[fighter]]\nname = "Ann"\nat = "2,4"\n[[fighter]]\nname = "Bob"\nat = "2,8"\n',
    "deadlands": (
        'dice = []\n[[fighter]]\nname = "Ann"\ncharacter = "indian-brave"\nat = "0,0"\n'
        '[[fighter]]\nname = "Bob"\ncharacter = "mad-scientist"\nat = "4,4"\n'
    ),
}
"""Two fighters standing, nothing rolled, under each ruleset."""


def core(game: Game) -> Core:
    assert isinstance(game.rules, Core)
    return game.rules


def test_the_switches_are_offered_off_by_both_rulesets() -> None:
    """H-ARMOR-01, H-SHIELD-01, H-MULTI-01, H-WOUND-01, H-WOUND-02: each a switch of HOUSE_RULES, off by default,
    offered by base Frag and Frag Deadlands alike."""
    specs = {spec.name: spec for spec in HOUSE_RULES if spec.name in MINE}
    assert {name: (spec.rule, spec.default) for name, spec in specs.items()} == {
        "armor-by-name": ("H-ARMOR-01", False),
        "shields-dropped": ("H-SHIELD-01", False),
        "several-sets": ("H-MULTI-01", False),
        "wounds": ("H-WOUND-01", False),
        "burn-through-first": ("H-WOUND-02", False),
    }
    assert all(len(spec.summary) <= 60 for spec in specs.values())
    for game in (frag_game("", TWO["frag"]), deadlands_game("", TWO["deadlands"])):
        assert set(MINE) <= {spec.name for spec in game.rules.options}


# -- H-WOUND-01: wounds ---------------------------------------------------------------------------------


def test_h_wound_01_the_worked_example_written_2_heavy_armor_exoskeleton_four_wounds_is_health_1() -> None:
    """H-WOUND-01, the seed's example: written Health 2, Heavy Armor (+2), an Exoskeleton (+1) and four
    wounds: 2 + 2 + 1 - 4 = 1. In base Frag the same fighter is at Health -1 (his own Health is past 0 and
    the armor no longer keeps him up, ruling F-ATK-09), so the scenario refuses him."""
    body = (
        textwrap.dedent(
            """
            dice = []
            [[fighter]]
            name = "Bob"
            health = 2
            damage = 4
            at = "2,8"
            gadgets = ["heavy-armor", "exoskeleton"]
            [[fighter]]
            name = "Ann"
            at = "2,4"
            """
        )
        + FRANKLINS_EXOSKELETON
    )
    game = frag_game("wounds = true", body)
    assert core(game).health(0) == 1
    assert core(game).wounds(0) == 4
    with pytest.raises(ScenarioError, match="in play at Health -1"):
        frag_game("", body)


PIERCED = (
    """
dice = [2,   2,   2, 3]
phase = "action"
[[fighter]]
name = "Ann"
accuracy = 1
at = "2,4"
weapons = ["ion-pistol"]
[[fighter]]
name = "Bob"
health = 2
damage = 2
at = "2,6"
gadgets = ["exoskeleton", "heavy-armor"]
"""
    + FRANKLINS_EXOSKELETON
)
"""Bob (written 2, Exoskeleton +1, 2 wounds, untouched Heavy Armor +2: Health 3) is shot with the Ion
Pistol, which leaves the armor out: he defends with his own 1 Health (a 2), and 2+3 // 2 = 2 wounds more."""


def test_h_wound_01_the_example_played_a_piercing_shot_leaves_him_at_health_1_with_four_wounds() -> None:
    """H-WOUND-01: the worked example reached in play. Bob takes 2 wounds past his Heavy Armor: four wounds,
    2 + 1 + 2 - 4 = 1, and he fights on; the record sheet's marker shows the four wounds."""
    game = frag_game("wounds = true", PIERCED)
    game.play(["attack 1 ion-pistol#1", "pass"])
    bob = game.state.players[1]
    assert (core(game).health(1), core(game).wounds(1), bob.markers.wounds) == (1, 4, 4)
    assert not any(isinstance(p, LastChance) for p in game.state.pending)
    assert game.view(0).fighters[1].markers.wounds == 4
    assert game.state.dice.script == ()


def test_h_wound_01_the_record_sheet_shows_the_wounds_beside_health() -> None:
    """H-WOUND-01: after the shot Bob's record sheet shows his four wound tokens on the Health line; with the
    rule off (no marker) the line is Frag's."""
    game = frag_game("wounds = true", PIERCED)
    game.play(["attack 1 ion-pistol#1", "pass"])
    sheet = record_sheet(game.view(1), 1, game.cards, default_look(1)).plain.splitlines()
    assert next(line for line in sheet if line.startswith("Health")).endswith("base 2 · 4 wounds")
    plain = frag_game("", PIERCED)
    sheet = record_sheet(plain.view(1), 1, plain.cards, default_look(1)).plain.splitlines()
    assert "wound" not in next(line for line in sheet if line.startswith("Health"))


@pytest.mark.parametrize("ruleset", ["frag", "deadlands"])
def test_h_wound_01_a_scenarios_damage_is_counted_as_wounds_from_the_start(ruleset: str) -> None:
    """H-WOUND-01: a scenario that sets `damage` under the wounds rule puts as many wound tokens on his
    fighter at once (the view and the record sheet say so before his Health next changes); without the rule,
    no marker; a fragged fighter has none."""
    body = TWO[ruleset].replace('name = "Bob"\n', 'name = "Bob"\ndamage = 1\n')
    wounded = (frag_game if ruleset == "frag" else deadlands_game)("wounds = true", body)
    assert wounded.state.players[1].markers.wounds == 1
    assert wounded.view(0).fighters[1].markers.wounds == 1
    plain = (frag_game if ruleset == "frag" else deadlands_game)("", body)
    assert plain.state.players[1].markers.wounds == 0


def test_h_wound_01_off_the_same_shot_brings_him_to_his_last_chance() -> None:
    """H-WOUND-01 off (base Frag as ever): the same shot takes his own Health to -1; armor does not keep
    him up (ruling F-ATK-09), he is at his last chance, and no wound marker is written."""
    game = frag_game("", PIERCED)
    game.play(["attack 1 ion-pistol#1", "pass"])
    assert core(game).health(1) == -1
    assert isinstance(game.state.pending[-1], LastChance)
    assert game.state.players[1].markers.wounds == 0


PICK_UP_BLOOD = """
dice = []
phase = "action"
may_pick_up = true
[[fighter]]
name = "Bob"
damage = 1
blood = {blood}
at = "2,8"
[[fighter]]
name = "Ann"
at = "2,4"
[[counter]]
at = "2,8"
blood = true
"""


def test_h_wound_01_a_blood_spot_picked_up_while_wounded_heals_a_wound_at_once() -> None:
    """H-WOUND-01: wounded Bob picks up a blood counter: it is spent at once on his wound (Health 2, no
    counter kept). Base Frag keeps it on the record sheet to spend when he likes (F-FRAG-04)."""
    game = frag_game("wounds = true", PICK_UP_BLOOD.format(blood=0))
    events = game.play(["pick up 1"])
    bob = game.state.players[0]
    assert (bob.blood, bob.damage, bob.markers.wounds, core(game).health(0)) == (0, 0, 0, 2)
    assert texts(events, FragEventKind.HEALED) == ["Bob spends a blood counter: Health 2"]
    plain = frag_game("", PICK_UP_BLOOD.format(blood=0))
    plain.play(["pick up 1"])
    assert (plain.state.players[0].blood, plain.state.players[0].damage) == (1, 1)


HIT_BOB = """
dice = [6, 6, 6,   {defence},   {damage}]
phase = "action"
[[fighter]]
name = "Ann"
at = "2,4"
[[fighter]]
name = "Bob"
health = {health}
blood = {blood}
at = "2,8"
gadgets = {gadgets}
"""


def hit_bob(options: str, *, defence: str, damage: str, health: int = 2, blood: int = 0, gadgets: str = "[]") -> Game:
    """Ann hits Bob with the pistol once (to-hit 6-6-6, Bob passes), with these dice."""
    game = frag_game(
        options,
        HIT_BOB.format(defence=defence, damage=damage, health=health, blood=blood, gadgets=gadgets),
    )
    game.play(["attack 1 pistol", "pass"])
    assert game.state.dice.script == ()
    return game


def test_h_wound_01_a_hoard_of_blood_spots_is_spent_as_the_wounds_arrive() -> None:
    """H-WOUND-01: Bob (Health 3, 2 blood counters) takes 3 wounds (1+1+1 against 5+4): two are cancelled at
    once by his hoard, one stays: Health 2. Base Frag: he is at Health 0, his counters kept."""
    game = hit_bob("wounds = true", defence="1, 1, 1", damage="5, 4", health=3, blood=2)
    bob = game.state.players[1]
    assert (bob.blood, bob.damage, bob.markers.wounds, core(game).health(1)) == (0, 1, 1, 2)
    plain = hit_bob("", defence="1, 1, 1", damage="5, 4", health=3, blood=2)
    assert (plain.state.players[1].blood, core(plain).health(1)) == (2, 0)


def test_h_wound_01_a_frag_clears_the_wounds() -> None:
    """H-WOUND-01: wounds last until healed or fragged: Bob (Health 1) takes 2 wounds, passes at his last
    chance and is fragged; his marker is cleared."""
    game = hit_bob("wounds = true", defence="1", damage="1, 1", health=1)
    assert game.state.players[1].markers.wounds == 2
    game.play(["pass"])
    bob = game.state.players[1]
    assert (bob.status, bob.markers.wounds) == (Status.FRAGGED, 0)


# -- H-WOUND-02: armor burn-through before blood spots and medpacks --------------------------------------


def test_h_wound_02_armor_burns_through_before_the_hoard_is_spent() -> None:
    """H-WOUND-02: Bob (Health 2, Light Armor, 1 blood counter) takes 1 wound (3 against 2+2). Burn-through
    first: the armor takes it and is discarded, the blood counter is kept. With H-WOUND-01 alone the hoard
    is spent as the wound arrives and the armor is untouched."""
    first = hit_bob(
        "wounds = true, burn-through-first = true", defence="1, 1, 1", damage="2, 2", blood=1, gadgets='["light-armor"]'
    )
    bob = first.state.players[1]
    assert (bob.gadgets, bob.blood, bob.damage, core(first).health(1)) == ([], 1, 0, 2)
    assert first.state.decks.discard["gadgets"] == ["light-armor#1"]
    hoard = hit_bob("wounds = true", defence="1, 1, 1", damage="2, 2", blood=1, gadgets='["light-armor"]')
    bob = hoard.state.players[1]
    assert ([(e.card, e.absorbed) for e in bob.gadgets], bob.blood, core(hoard).health(1)) == (
        [("light-armor#1", 0)],
        0,
        3,
    )


def test_h_wound_02_the_hoard_cancels_what_gets_past_the_armor() -> None:
    """H-WOUND-02: Bob (Health 2, Light Armor, 2 blood counters) takes 3 wounds (9 against 1+1+1): the armor
    takes the first and burns through, the hoard cancels the other two at once: Health 2, no counter left."""
    game = hit_bob(
        "wounds = true, burn-through-first = true", defence="1, 1, 1", damage="5, 4", blood=2, gadgets='["light-armor"]'
    )
    bob = game.state.players[1]
    assert (bob.gadgets, bob.blood, bob.damage, bob.markers.wounds, core(game).health(1)) == ([], 0, 0, 0, 2)


def test_h_wound_02_alone_changes_nothing_in_base_frag() -> None:
    """H-WOUND-02 without wounds: Frag's armor already takes its share before any healing (medpacks and
    blood restore only the fighter's own Health), so the game is the same as without the switch."""
    on = hit_bob("burn-through-first = true", defence="1, 1, 1", damage="2, 2", blood=1, gadgets='["light-armor"]')
    off = hit_bob("", defence="1, 1, 1", damage="2, 2", blood=1, gadgets='["light-armor"]')
    assert on.state.players[1] == off.state.players[1]


DEADLANDS_HIT = """
phase = "action"
attacks = 2
dice = {dice}
[[fighter]]
name = "Ann"
character = "indian-brave"
at = "0,0"
[[fighter]]
name = "Bob"
character = "mad-scientist"
health = 4
speed = 1
accuracy = 2
blood = 2
at = "0,2"
gadgets = ["light-armored-leggings"]
"""


@pytest.mark.parametrize(
    ("options", "left"),
    [("wounds = true, burn-through-first = true", ([], 1, 0)), ("wounds = true", (["light-armored-leggings#1"], 0, 0))],
)
def test_h_wound_01_02_under_frag_deadlands(options: str, left: tuple[list[str], int, int]) -> None:
    """H-WOUND-01 and H-WOUND-02 under Frag Deadlands (its hurt marks hard blows, then Frag's): Bob (Health 4,
    Light Armored Leggings +1, 2 blood counters) takes 2 wounds. Burn-through first: the leggings take one,
    the hoard the other. Wounds alone: the hoard cancels both, the leggings untouched."""
    game = deadlands_game(options, DEADLANDS_HIT.format(dice=[6, 6, 6, 1, 1, 1, 1, 1, 6, 4]))
    game.play(["attack 1 pistol", "pass"])
    bob = game.state.players[1]
    assert ([e.card for e in bob.gadgets], bob.blood, bob.damage) == left
    assert bob.markers.wounds == 0 and core(game).health(1) == 4 + len(left[0])
    assert_dice_used(game)


# -- H-ARMOR-01: armor by name or text -------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["frag", "deadlands"])
def test_h_armor_01_changes_nothing_for_the_shipped_cards(ruleset: str) -> None:
    """H-ARMOR-01: every shipped gadget with an armor bonus says "Armor:" in its text (Light, Heavy and Riot
    Armor, the Exoskeleton, the Armored Duster, the Light Armored Leggings, the Bulletproof Vest), and no
    other gadget is named or said to be armor: with the rule on, exactly the same cards are armor."""
    game = (frag_game if ruleset == "frag" else deadlands_game)("armor-by-name = true", TWO[ruleset])
    rules = core(game)
    armor = {card.name for card in rules.cards if card.armor}
    assert {card.name for card in rules.cards if rules.counts_as_armor(card.id)} == armor
    assert armor == (
        {"Light Armor", "Heavy Armor", "Exoskeleton", "Riot Armor"}
        if ruleset == "frag"
        else {"Armored Duster", "Light Armored Leggings", "Bulletproof Vest"}
    )


COAT = """
[[card]]
id = "padded-coat"
deck = "gadgets"
name = "Padded Coat"
text = "+1 Health until you take 1 damage."
copies = 1
letter = "A"
effects = [{ kind = "armor", bonus = 1 }]

[[card]]
id = "armor-plate"
deck = "gadgets"
name = "Armor Plate"
text = "+1 Health."
copies = 1
letter = "A"
effects = [{ kind = "modify", stat = "health", add = 1 }]
"""
"""Two gadgets of no shipped set: a Padded Coat with an armor bonus that neither its name nor its text calls
armor, and an Armor Plate named armor with a plain Health bonus."""


def test_h_armor_01_a_bonus_not_called_armor_is_plain_health_never_burnt_through() -> None:
    """H-ARMOR-01: Bob wears Light Armor and puts on the Padded Coat (not armor by name or text: no second
    suit); Health 2 + 1 + 1 = 4. A 1-wound hit burns the Light Armor through; the coat stays, its +1 kept.
    Without the rule the coat is a suit: it may not go on over the Light Armor."""
    body = (
        """
    dice = [1, 1,   6, 6, 6,   1, 1, 1, 1,   2, 2]
    phase = "action"
    [[fighter]]
    name = "Bob"
    at = "2,8"
    gadgets = ["light-armor"]
    hand = ["padded-coat"]
    [[fighter]]
    name = "Ann"
    at = "2,4"
    """
        + COAT
    )
    plain = frag_game("", body)
    assert "play padded-coat#1" not in {str(a) for a in plain.legal_actions()}
    game = frag_game("armor-by-name = true", body)
    game.play(["play padded-coat#1", "end"])
    assert core(game).health(0) == 4
    game.play(["roll", "attack 0 pistol", "pass"])  # (Ann's turn: 4 defence dice 1-1-1-1, 2+2: 1 Health)
    bob = game.state.players[0]
    assert ([e.card for e in bob.gadgets], core(game).health(0)) == (["padded-coat#1"], 3)


def test_h_armor_01_a_gadget_named_armor_is_a_suit_for_the_one_suit_rule() -> None:
    """H-ARMOR-01: the Armor Plate is armor by its name: wearing it, Bob may not put on Light Armor (one
    suit at a time, F-ATK-09). Without the rule it is a plain Health gadget and both may be worn."""
    body = (
        """
    dice = []
    phase = "action"
    [[fighter]]
    name = "Bob"
    at = "2,8"
    gadgets = ["armor-plate"]
    hand = ["light-armor"]
    [[fighter]]
    name = "Ann"
    at = "2,4"
    """
        + COAT
    )
    assert "play light-armor#1" in {str(a) for a in frag_game("", body).legal_actions()}
    assert "play light-armor#1" not in {str(a) for a in frag_game("armor-by-name = true", body).legal_actions()}


# -- H-SHIELD-01: Exoskeleton and shields dropped like weapons ---------------------------------------------

SHIELDED = """
dice = [2,   1, 1,   6, 6]
phase = "action"
[[fighter]]
name = "Ann"
accuracy = 1
at = "2,4"
weapons = ["ion-pistol"]
[[fighter]]
name = "Bob"
health = 1
at = "2,6"
weapons = ["shotgun"]
gadgets = ["exoskeleton", "energy-shield", "heat-shield", "health-booster"]
"""
"""Ann's Ion Pistol (piercing: the Exoskeleton is left out; the Energy Shield stops 1) takes Bob (his own
Health 1 + the Health Booster's 1: defence 1+1) from 6+6 // 2 = 6 down to 2 - 5 = -3; he passes at his last
chance and is fragged."""


@pytest.mark.parametrize("ruleset", ["frag", "deadlands"])
def test_h_shield_01_exoskeleton_and_shields_go_into_the_weapon_pile(ruleset: str) -> None:
    """H-SHIELD-01: fragged, Bob leaves his Shotgun, Exoskeleton, Energy Shield and Heat Shield in the weapon
    counter's pile (F-FRAG-05), each to be picked up as a weapon is; his Health Booster is discarded. Under
    Frag Deadlands (its own leftovers: the hexes) with base Frag's set mixed in (`mixed-sets`), the same."""
    header = 'ruleset = "deadlands"\noptions = { shields-dropped = true, mixed-sets = true }\n'
    text = (header if ruleset == "deadlands" else "options = { shields-dropped = true }\n") + SHIELDED
    if ruleset == "deadlands":
        text = text.replace('name = "Ann"', 'name = "Ann"\ncharacter = "indian-brave"').replace(
            'name = "Bob"', 'name = "Bob"\ncharacter = "mad-scientist"'
        )
    game = game_from(text)
    game.play(["attack 1 ion-pistol#1", "pass", "pass"])
    assert game.state.players[1].status is Status.FRAGGED
    pile = next(c for c in game.state.counters if c.kind is CounterKind.WEAPONS)
    assert pile.cards == ["shotgun#1", "exoskeleton#1", "energy-shield#1", "heat-shield#1"]
    assert game.state.decks.discard["gadgets"] == ["health-booster#1"]


def test_h_shield_01_off_the_gadgets_are_discarded() -> None:
    """H-SHIELD-01 off (F-FRAG-05): the gadgets are discarded, only the Shotgun is in the pile."""
    game = game_from(SHIELDED)
    game.play(["attack 1 ion-pistol#1", "pass", "pass"])
    pile = next(c for c in game.state.counters if c.kind is CounterKind.WEAPONS)
    assert pile.cards == ["shotgun#1"]
    assert game.state.decks.discard["gadgets"] == [
        "exoskeleton#1",
        "energy-shield#1",
        "heat-shield#1",
        "health-booster#1",
    ]


# -- H-MULTI-01: several card sets ------------------------------------------------------------------------


def test_h_multi_01_energy_shields_do_not_add_to_each_other() -> None:
    """H-MULTI-01: Bob has both Energy Shields in play and takes a 3-Health hit (9 against 1+1+1): with the
    rule only one stops 1 (he loses 2); without it each stops 1 (he loses 1)."""
    shields = '["energy-shield", "energy-shield"]'
    game = hit_bob("several-sets = true", defence="1, 1, 1", damage="5, 4", health=3, gadgets=shields)
    assert (game.state.players[1].damage, [e.absorbed for e in game.state.players[1].gadgets]) == (2, [1, 0])
    plain = hit_bob("", defence="1, 1, 1", damage="5, 4", health=3, gadgets=shields)
    assert (plain.state.players[1].damage, [e.absorbed for e in plain.state.players[1].gadgets]) == (1, [1, 1])


def test_h_multi_01_one_exoskeleton_per_fighter() -> None:
    """H-MULTI-01: with Franklin's Exoskeleton (+1 Health, no armor: two copies, as with two sets shuffled
    together), Bob wearing one may not put on the second; without the rule he may."""
    body = (
        """
    dice = []
    phase = "action"
    [[fighter]]
    name = "Bob"
    at = "2,8"
    gadgets = ["exoskeleton"]
    hand = ["exoskeleton"]
    [[fighter]]
    name = "Ann"
    at = "2,4"
    """
        + FRANKLINS_EXOSKELETON
    )
    assert "play exoskeleton#2" in {str(a) for a in frag_game("", body).legal_actions()}
    assert "play exoskeleton#2" not in {str(a) for a in frag_game("several-sets = true", body).legal_actions()}


def test_h_multi_01_under_frag_deadlands_mixed_sets_the_stove_lid_still_adds() -> None:
    """H-MULTI-01 under Frag Deadlands with base Frag's set mixed in (`mixed-sets`, D-CARD-06): Bob's two
    Energy Shields stop 1 together, his Cast-Iron Stove Lid (no Energy Shield) 1 more."""
    game = deadlands_game(
        "mixed-sets = true, several-sets = true",
        """
        phase = "action"
        dice = [6, 6, 6, 1, 1, 1, 1, 6, 6]
        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "0,0"
        [[fighter]]
        name = "Bob"
        character = "mad-scientist"
        health = 4
        at = "0,2"
        gadgets = ["energy-shield", "energy-shield", "stove-lid"]
        """,
    )
    events = game.play(["attack 1 pistol", "pass"])
    stopped = [t for t in texts(events, CommonEventKind.DAMAGED) if "stops" in t]
    assert stopped == ["Bob's Energy Shield stops 1 Health", "Bob's Cast-Iron Stove Lid stops 1 Health"]
    assert_dice_used(game)


def test_h_armor_01_under_frag_deadlands_a_bonus_not_called_armor_goes_on_over_the_vest() -> None:
    """H-ARMOR-01 under Frag Deadlands (its own armor rule, D-ARM-01: which suits combine): Bob wears the
    Bulletproof Vest; the Padded Coat is no suit with the rule, so it goes on (Health 4 + 2 + 1); without
    it the coat is a second suit the vest does not combine with."""
    body = (
        """
    dice = []
    phase = "action"
    [[fighter]]
    name = "Bob"
    character = "mad-scientist"
    health = 4
    at = "0,2"
    gadgets = ["bulletproof-vest"]
    hand = ["padded-coat"]
    [[fighter]]
    name = "Ann"
    character = "indian-brave"
    at = "0,0"
    """
        + COAT
    )
    assert "play padded-coat#1" not in {str(a) for a in deadlands_game("", body).legal_actions()}
    game = deadlands_game("armor-by-name = true", body)
    game.play(["play padded-coat#1"])
    assert core(game).health(0) == 7
