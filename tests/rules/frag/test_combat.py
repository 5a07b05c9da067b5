"""Attacks, frags, leftovers, winning and the meta-rules, played through the game with scripted dice.

F-ATK-01..10, F-FRAG-01..07, F-WIN-01/02, F-META-01..04 (RULES.md, section F; docs/rulings.md).
The Pocket Arena (maps/pocket.map) is open floor at y 2..11 apart from acid at 5,5 6,5 5,6 6,6,
gadget power-ups at 2,5 and 9,6, a weapon power-up at 6,8, teleporters at 0,4 and 11,7 and a
diagonal wall at 3,9; a walled room at x 4..7, y 0..1 has a wall on its south side at 4,1 / 4,2.
Fighters default to Health 2, Speed 2, Accuracy 3 and have only the pistol (2 damage dice).
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fragtui.content.library import new_game
from fragtui.engine.actions import parse_action
from fragtui.engine.config import make_config
from fragtui.engine.events import CommonEventKind, Event, EventKind
from fragtui.engine.frag.actions import Attack, ChooseWeapon, Drop, PickUp, PlayCard
from fragtui.engine.frag.decisions import ChooseFromPile, LastChance, React
from fragtui.engine.frag.design import FighterDesign, Stat
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import CounterKind, Phase, Status
from fragtui.engine.game import Game
from fragtui.errors import IllegalActionError
from tests.conftest import game_from, kinds


def legal(game: Game) -> set[str]:
    """The decider's legal actions, in notation."""
    return {str(action) for action in game.legal_actions()}


def attacks(game: Game) -> set[str]:
    """The legal attacks, in notation."""
    return {str(action) for action in game.legal_actions() if isinstance(action, Attack)}


def pick_ups(game: Game) -> set[str]:
    """The legal pick-ups, in notation."""
    return {str(action) for action in game.legal_actions() if isinstance(action, PickUp)}


def rolls(events: list[Event]) -> list[tuple[int, ...]]:
    """The faces of every roll among `events`, in order."""
    return [event.roll.dice for event in events if event.kind is CommonEventKind.DICE_ROLLED and event.roll is not None]


def dice_left(game: Game) -> tuple[int, ...] | None:
    """The scripted faces not rolled yet."""
    return game.state.dice.script


def one(events: list[Event], kind: EventKind) -> Event:
    """The single event of `kind` among `events`."""
    found = [event for event in events if event.kind is kind]
    assert len(found) == 1, kinds(events)
    return found[0]


# -- F-ATK-01: attacks per turn ------------------------------------------------------------------


@pytest.mark.parametrize(("accuracy", "expected"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_attacks_per_turn_are_half_the_accuracy_rounded_up__F_ATK_01(accuracy: int, expected: int) -> None:
    """Accuracy 1 gives 1 attack, 3 and 4 give 2 (5, after a tournament raise, gives 3)."""
    game = game_from(
        f"""
        dice = [1, 1]
        [[fighter]]
        name = "Ann"
        accuracy = {accuracy}
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    game.play(["roll"])
    assert game.state.turn.phase is Phase.ACTION
    assert game.state.turn.attacks == expected


def test_no_attack_is_offered_once_the_attacks_are_used__F_ATK_01() -> None:
    """Accuracy 1: one attack, then no more this turn."""
    game = game_from(
        """
        dice = [1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        accuracy = 1
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    assert attacks(game) == {"attack 1 pistol"}
    events = game.play(["attack 1 pistol"])
    assert kinds(events) == ["Attacked", "DiceRolled", "Missed"]
    assert game.state.turn.attacks == 0
    assert attacks(game) == set()
    with pytest.raises(IllegalActionError, match="no attacks left"):
        game.play(["attack 1 pistol"])


def test_unused_attacks_are_lost_at_the_end_of_the_turn__F_ATK_01() -> None:
    """Ann ends her turn with 2 attacks unused; her next turn has 2 again, not 4."""
    game = game_from(
        """
        dice = [1, 1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        accuracy = 1
        at = "2,8"
        """
    )
    assert game.state.turn.attacks == 2
    game.play(["end"])
    assert (game.state.turn.active, game.state.turn.attacks) == (1, 0)
    game.play(["roll"])
    assert game.state.turn.attacks == 1  # Bob's own
    game.play(["end", "roll"])
    assert (game.state.turn.active, game.state.turn.attacks) == (0, 2)
    assert dice_left(game) == ()


# -- F-ATK-02: line of sight ---------------------------------------------------------------------


def test_another_fighter_on_the_line_blocks_sight__F_ATK_02() -> None:
    """Cat stands between Ann and Bob: Ann may attack Cat, not Bob."""
    game = game_from(
        """
        dice = []
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        [[fighter]]
        name = "Cat"
        at = "2,6"
        """
    )
    assert attacks(game) == {"attack 2 pistol"}
    with pytest.raises(IllegalActionError, match="not in Ann's line of sight"):
        game.play(["attack 1 pistol"])


@pytest.mark.parametrize(
    ("cat_at", "expected"), [("3,4", {"attack 1 pistol", "attack 2 pistol"}), ("2,4", {"attack 2 pistol"})]
)
def test_a_fighter_touched_only_at_a_corner_does_not_block__F_ATK_02(cat_at: str, expected: set[str]) -> None:
    """Ann 1,4 to Bob 4,5 passes the corner of 3,4 (no block) and through the inside of 2,4 (block)."""
    game = game_from(
        f"""
        dice = []
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "1,4"
        [[fighter]]
        name = "Bob"
        at = "4,5"
        [[fighter]]
        name = "Cat"
        at = "{cat_at}"
        """
    )
    assert attacks(game) == expected


def test_a_wall_blocks_sight__F_ATK_02() -> None:
    """Bob is one square north of Ann behind a wall: out of sight; Cat in the open is not."""
    game = game_from(
        """
        dice = []
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "4,2"
        [[fighter]]
        name = "Bob"
        at = "4,1"
        [[fighter]]
        name = "Cat"
        at = "1,2"
        """
    )
    assert attacks(game) == {"attack 2 pistol"}
    with pytest.raises(IllegalActionError, match="not in Ann's line of sight"):
        game.play(["attack 1 pistol"])


# -- F-ATK-03: declaring the weapon --------------------------------------------------------------


def test_the_pistol_a_weapon_in_play_or_one_from_hand_may_be_declared__F_ATK_03() -> None:
    """Ann may declare her pistol, her shotgun in play or the rail rifle in her hand; not Bob's rocket launcher."""
    game = game_from(
        """
        dice = []
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["shotgun"]
        hand = ["rail-rifle", "medpack"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["rocket-launcher"]
        """
    )
    assert attacks(game) == {"attack 1 pistol", "attack 1 shotgun#1", "attack 1 rail-rifle#1"}
    with pytest.raises(IllegalActionError, match="cannot declare rocket-launcher#1"):
        game.play(["attack 1 rocket-launcher#1"])


def test_a_weapon_declared_from_hand_enters_play_as_it_fires__F_ATK_03() -> None:
    """The rail rifle leaves the hand, enters play with its full load, and pays its ammo for this shot."""
    game = game_from(
        """
        dice = [1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        hand = ["rail-rifle"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    events = game.play(["attack 1 rail-rifle#1"])
    assert kinds(events) == ["CardPlayed", "Attacked", "DiceRolled", "Missed"]
    assert one(events, CommonEventKind.ATTACKED).card == "rail-rifle#1"
    ann = game.state.players[0]
    assert ann.hand == []
    assert [(e.card, e.ammo) for e in ann.weapons] == [("rail-rifle#1", 3)]


@pytest.mark.parametrize(("damage", "from_hand"), [(0, True), (1, False)])
def test_a_weapon_from_hand_is_declared_only_within_health_plus_one__F_ATK_03(damage: int, from_hand: bool) -> None:
    """Two weapons in play: at Health 2 a third may enter as it is declared; at Health 1 it may not (F-CARD-05)."""
    game = game_from(
        f"""
        dice = []
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        damage = {damage}
        weapons = ["shotgun", "machine-gun"]
        hand = ["rail-rifle"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    expected = {"attack 1 pistol", "attack 1 shotgun#1", "attack 1 machine-gun#1"}
    assert attacks(game) == expected | ({"attack 1 rail-rifle#1"} if from_hand else set())
    assert ("play rail-rifle#1" in legal(game)) is from_hand


# -- F-ATK-04: ammo ------------------------------------------------------------------------------


def test_ammo_is_spent_before_the_to_hit_roll_even_on_a_miss__F_ATK_04() -> None:
    """A missed shotgun shot still costs 1 ammo."""
    game = game_from(
        """
        dice = [1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = [{ card = "shotgun", ammo = 2 }]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    events = game.play(["attack 1 shotgun#1"])
    assert kinds(events) == ["Attacked", "DiceRolled", "Missed"]
    assert game.state.players[0].weapons[0].ammo == 1


def test_the_plasma_cannon_uses_two_ammo_a_shot__F_ATK_04() -> None:
    """Plasma cannon at 3 ammo: a shot leaves 1, which is not enough for another shot."""
    game = game_from(
        """
        dice = [1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = [{ card = "plasma-cannon", ammo = 3 }]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    game.play(["attack 1 plasma-cannon#1"])
    assert game.state.players[0].weapons[0].ammo == 1
    assert game.state.turn.attacks == 1
    assert attacks(game) == {"attack 1 pistol"}


def test_an_empty_weapon_stays_in_play_until_an_ammo_crate_reloads_it__F_ATK_04() -> None:
    """The shotgun's last shell is fired; it stays in play, unusable, until the ammo crate fills it."""
    game = game_from(
        """
        dice = [1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = [{ card = "shotgun", ammo = 1 }]
        hand = ["ammo-crate"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    game.play(["attack 1 shotgun#1"])
    ann = game.state.players[0]
    assert [(e.card, e.ammo) for e in ann.weapons] == [("shotgun#1", 0)]
    assert attacks(game) == {"attack 1 pistol"}
    assert "play ammo-crate#1 shotgun#1" in legal(game)
    events = game.play(["play ammo-crate#1 shotgun#1"])
    assert one(events, CommonEventKind.RELOADED).amount == 6
    assert [(e.card, e.ammo) for e in ann.weapons] == [("shotgun#1", 6)]
    assert game.state.decks.discard["gadgets"] == ["ammo-crate#1"]
    assert attacks(game) == {"attack 1 pistol", "attack 1 shotgun#1"}


# -- F-ATK-05: the pistol ------------------------------------------------------------------------


def test_the_pistol_has_unlimited_ammo_and_cannot_be_dropped__F_ATK_05() -> None:
    """Three pistol shots in a row; the pistol is never offered to drop."""
    game = game_from(
        """
        dice = [1, 1, 1, 1, 1, 1, 1, 1, 1]
        phase = "action"
        attacks = 3
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    for _ in range(3):
        assert "attack 1 pistol" in legal(game)
        assert not any(isinstance(action, Drop) for action in game.legal_actions())
        game.play(["attack 1 pistol"])
    assert dice_left(game) == ()
    with pytest.raises(IllegalActionError):
        game.play(["drop pistol"])


def test_the_pistol_is_not_lost_by_a_frag__F_ATK_05() -> None:
    """Bob's shotgun goes to the pile, never his pistol: respawned, he shoots with it."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 6, 6, 3, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        health = 1
        at = "2,8"
        weapons = ["shotgun"]
        """
    )
    game.play(["attack 1 pistol", "pass", "pass"])
    assert game.state.players[1].status is Status.FRAGGED
    assert [(c.kind, c.cards) for c in game.state.counters] == [
        (CounterKind.BLOOD, []),
        (CounterKind.WEAPONS, ["shotgun#1"]),
    ]
    game.play(["end", "respawn", "roll"])
    bob = game.state.players[1]
    assert (bob.status, str(bob.square), bob.weapons) == (Status.IN_PLAY, "1,10", [])
    assert attacks(game) == {"attack 0 pistol"}


# -- F-ATK-06 / F-ATK-07: range and the to-hit roll ----------------------------------------------


@pytest.mark.parametrize(("bob_at", "reach"), [("3,4", 1), ("3,5", 2), ("2,8", 4), ("4,7", 5), ("7,9", 10)])
def test_range_counts_the_target_square_orthogonally__F_ATK_06(bob_at: str, reach: int) -> None:
    """From 2,4: the target's square counts, Ann's does not, and a diagonal step counts 2."""
    game = game_from(
        f"""
        dice = [1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "{bob_at}"
        """
    )
    events = game.play(["attack 1 pistol"])
    assert one(events, CommonEventKind.ATTACKED).amount == reach
    assert one(events, CommonEventKind.ATTACKED).text == f"Ann attacks Bob with Pistol at range {reach}"
    assert kinds(events)[-1] == ("Hit" if reach <= 3 else "Missed")


@pytest.mark.parametrize(("faces", "hit"), [([1, 1, 2], True), ([6, 6, 6], True), ([1, 1, 1], False)])
def test_accuracy_dice_totalling_the_range_hit__F_ATK_07(faces: list[int], hit: bool) -> None:
    """Range 4 with 3 Accuracy dice: 4 or more hits and Bob must answer; 3 misses and Ann goes on."""
    game = game_from(
        f"""
        dice = {faces}
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    events = game.play(["attack 1 pistol"])
    assert rolls(events) == [tuple(faces)]
    assert kinds(events) == ["Attacked", "DiceRolled", "Hit" if hit else "Missed"]
    assert game.decider() == (1 if hit else 0)
    assert (game.state.players[0].record.shots, game.state.players[0].record.hits) == (1, int(hit))
    if hit:
        assert isinstance(game.state.pending[-1], React)
        assert legal(game) == {"pass"}
    else:
        assert game.state.pending == []


# -- F-ATK-08: damage ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "lost"), [([1, 1, 1, 4], 0), ([2, 2, 2, 2], 1), ([4, 4, 4, 3], 1), ([4, 4, 4, 4], 2)]
)
def test_damage_is_the_attack_total_divided_by_the_defence_total__F_ATK_08(attack: list[int], lost: int) -> None:
    """Defence 8 (Bob's 3 Health dice): attack 7 -> 0, 8..15 -> 1, 16 -> 2, remainder dropped."""
    game = game_from(
        f"""
        dice = [6, 6, 6, 3, 3, 2, {", ".join(map(str, attack))}]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["shotgun"]
        [[fighter]]
        name = "Bob"
        health = 3
        at = "2,8"
        """
    )
    game.play(["attack 1 shotgun#1"])
    events = game.play(["pass"])
    assert kinds(events) == ["Passed", "DiceRolled", "DiceRolled", "Damaged"]
    assert rolls(events) == [(3, 3, 2), tuple(attack)]
    assert [e.player for e in events if e.kind is CommonEventKind.DICE_ROLLED] == [1, 0]
    assert one(events, CommonEventKind.DAMAGED).amount == lost
    assert game.state.players[1].damage == lost
    assert game.rules.health(1) == 3 - lost
    assert (game.decider(), game.state.pending) == (0, [])
    assert dice_left(game) == ()


def test_extra_damage_counts_even_when_the_division_gives_nothing__F_ATK_08() -> None:
    """Rail rifle: attack 3 against defence 18 divides to 0, plus its 1 extra damage."""
    game = game_from(
        """
        dice = [6, 6, 6, 6, 6, 6, 1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["rail-rifle"]
        [[fighter]]
        name = "Bob"
        health = 3
        at = "2,8"
        """
    )
    events = game.play(["attack 1 rail-rifle#1", "pass"])
    assert rolls(events)[1:] == [(6, 6, 6), (1, 1, 1)]
    assert one(events, CommonEventKind.DAMAGED).amount == 1
    assert game.rules.health(1) == 2


def test_a_piercing_shot_takes_the_fighters_own_health_and_frags_him_at_0_armor_or_not__F_ATK_09() -> None:
    """Ruling F-ATK-09 (piercing): Bob (Health 2) has lost 1 and wears untouched Heavy Armor (+2): Health 3.
    Ann's Ion Pistol leaves the armor out: he defends with his own Health, 1 die, and 2+3 // 2 = 2 comes off
    his own Health, to -1. The armor, untouched, no longer keeps him up: he is at Health -1 and has his
    last chance, as the forecast said (it counts his own 1 Health, not 3)."""
    game = game_from(
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
        damage = 1
        at = "2,6"
        gadgets = ["heavy-armor"]
        """
    )
    assert (game.rules.health(1), game.rules.own_health(1)) == (3, 1)
    forecast = game.forecast(Attack(target=1, weapon="ion-pistol#1"))
    assert (forecast.defence_dice, forecast.health, forecast.piercing) == (1, 1, True)
    events = game.play(["attack 1 ion-pistol#1", "pass"])
    assert rolls(events) == [(2,), (2,), (2, 3)]
    assert one(events, CommonEventKind.DAMAGED).amount == 2
    bob = game.state.players[1]
    assert ([(e.card, e.absorbed) for e in bob.gadgets], game.rules.health(1)) == ([("heavy-armor#1", 0)], -1)
    assert isinstance(game.state.pending[-1], LastChance) and legal(game) == {"pass"}
    game.play(["pass"])
    assert (bob.status, game.state.players[0].frags) == (Status.FRAGGED, 1)
    assert game.state.decks.discard["gadgets"] == ["heavy-armor#1"]  # lost with his other gadgets
    assert dice_left(game) == ()


def test_a_parting_shot_at_a_fighter_at_his_own_last_chance_rolls_no_defence_dice__F_ATK_08() -> None:
    """Ruling F-ATK-08: Ann brings Bob to Health -11; his parting shot brings her to -11 too, and hers, at
    him, meets a defence of no dice (not -11): he loses the whole 1+2. Both are fragged, each scoring one."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 6, 6,   6, 6, 6, 1, 6, 6,   6, 6, 6, 1, 2]
        phase = "action"
        decks.specials = ["dodge", "double-tap"]
        [[fighter]]
        name = "Ann"
        health = 1
        at = "2,4"
        hand = ["parting-shot"]
        [[fighter]]
        name = "Bob"
        health = 1
        at = "2,6"
        hand = ["parting-shot"]
        """
    )
    game.play(["attack 1 pistol", "pass", "play parting-shot#2 pistol on 0", "pass"])
    assert (game.rules.health(0), game.rules.health(1)) == (-11, -11)
    assert [(type(p), p.player) for p in game.state.pending] == [(LastChance, 1), (LastChance, 0)]
    assert "play parting-shot#1 pistol on 1" in legal(game)
    game.play(["play parting-shot#1 pistol on 1"])
    events = game.play(["pass"])
    assert rolls(events) == [(), (1, 2)]
    assert one(events, CommonEventKind.DAMAGED).amount == 3 and game.rules.health(1) == -14
    game.play(["pass", "pass"])
    ann, bob = game.state.players
    assert (ann.status, bob.status, ann.frags, bob.frags) == (Status.FRAGGED, Status.FRAGGED, 1, 1)
    assert (game.state.turn.active, game.state.turn.phase, legal(game)) == (1, Phase.RESPAWN, {"respawn"})
    assert dice_left(game) == ()


# -- F-ATK-09: armor -----------------------------------------------------------------------------


def test_light_armor_adds_health_and_is_discarded_after_one_hit_point__F_ATK_09() -> None:
    """Bob (Health 2) in light armor defends with 3 dice; losing 1 Health uses the armor up."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 1, 2, 2]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        gadgets = ["light-armor"]
        """
    )
    assert game.rules.health(1) == 3
    events = game.play(["attack 1 pistol", "pass"])
    assert rolls(events)[1:] == [(1, 1, 1), (2, 2)]
    assert kinds(events)[-2:] == ["Damaged", "ArmorLost"]
    bob = game.state.players[1]
    assert (bob.gadgets, bob.damage, game.rules.health(1)) == ([], 0, 2)
    assert game.state.decks.discard["gadgets"] == ["light-armor#1"]


def test_heavy_armor_is_kept_until_both_its_points_are_taken__F_ATK_09() -> None:
    """Heavy armor (+2): a 1-point hit leaves it worn; a 2-point hit takes its last point and 1 Health."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 1, 1, 2, 2,   6, 6, 6, 1, 1, 1, 3, 3]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        gadgets = ["heavy-armor"]
        """
    )
    assert game.rules.health(1) == 4
    game.play(["attack 1 pistol", "pass"])
    bob = game.state.players[1]
    assert [(e.card, e.absorbed) for e in bob.gadgets] == [("heavy-armor#1", 1)]
    assert (bob.damage, game.rules.health(1)) == (0, 3)
    events = game.play(["attack 1 pistol", "pass"])
    assert rolls(events)[1] == (1, 1, 1)  # 3 Health dice: 2 + the armor's last point
    assert one(events, CommonEventKind.DAMAGED).amount == 2
    assert (bob.gadgets, bob.damage, game.rules.health(1)) == ([], 1, 1)
    assert game.state.decks.discard["gadgets"] == ["heavy-armor#1"]


def test_only_one_suit_of_armor_is_worn_at_a_time__F_ATK_09() -> None:
    """Wearing light armor, Bob may not put on heavy armor until he drops the light armor."""
    game = game_from(
        """
        dice = []
        phase = "action"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        gadgets = ["light-armor"]
        hand = ["heavy-armor"]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        """
    )
    assert "play heavy-armor#1" not in legal(game)
    with pytest.raises(IllegalActionError, match="cannot be played now"):
        game.play(["play heavy-armor#1"])
    game.play(["drop light-armor#1"])
    assert "play heavy-armor#1" in legal(game)
    game.play(["play heavy-armor#1"])
    assert [e.card for e in game.state.players[0].gadgets] == ["heavy-armor#1"]
    assert game.rules.health(0) == 4


# -- F-ATK-10: fighting on hurt ------------------------------------------------------------------


def test_a_survivor_defends_with_his_reduced_health__F_ATK_10() -> None:
    """Bob (Health 3) loses 2 to the first shot, so he defends against the second with 1 die."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 1, 1, 1, 2, 2,   6, 6, 6, 6, 1, 1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["shotgun"]
        [[fighter]]
        name = "Bob"
        health = 3
        at = "2,8"
        """
    )
    first = game.play(["attack 1 shotgun#1", "pass"])
    assert one(first, CommonEventKind.DAMAGED).amount == 2
    assert game.rules.health(1) == 1
    second = game.play(["attack 1 shotgun#1", "pass"])
    assert rolls(second)[1:] == [(6,), (1, 1, 1, 1)]
    assert one(second, CommonEventKind.DAMAGED).amount == 0
    assert game.rules.health(1) == 1
    assert dice_left(game) == ()


@pytest.mark.parametrize(("damage", "healed"), [(0, []), (1, [1])])
def test_a_turn_start_heal_says_nothing_when_nothing_was_lost__F_ATK_10(damage: int, healed: list[int]) -> None:
    """Ann's Regenerator restores 1 Health as her turn begins; at full Health it restores nothing and
    the log says nothing (no "restores 0 Health")."""
    game = game_from(
        f"""
        dice = []
        phase = "action"
        turn = "Bob"
        [[fighter]]
        name = "Ann"
        damage = {damage}
        at = "2,4"
        gadgets = ["regenerator"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    events = game.play(["end"])
    assert kinds(events)[:2] == ["TurnEnded", "TurnBegan"]
    assert [e.amount for e in events if e.kind is FragEventKind.HEALED] == healed
    assert (game.state.players[0].damage, game.decider()) == (0, 0)


# -- F-FRAG-01: the last chance and the frag -----------------------------------------------------


def test_at_health_zero_the_victim_has_a_last_chance_then_is_fragged__F_FRAG_01() -> None:
    """Bob drops to Health 0, passes his last chance, and is off the board until his next turn."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 2, 2, 4]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["ammo-crate"]
        """
    )
    events = game.play(["attack 1 pistol", "pass"])
    assert game.rules.health(1) == 0
    assert kinds(events)[-1] == "Damaged"
    assert isinstance(game.state.pending[-1], LastChance)
    assert (game.decider(), legal(game)) == (1, {"pass"})
    events = game.play(["pass"])
    assert kinds(events)[:3] == ["Fragged", "Leftovers", "FragScored"]
    bob = game.state.players[1]
    assert (bob.status, bob.square) == (Status.FRAGGED, None)
    assert game.decider() == 0 and attacks(game) == set()  # nobody left to shoot at
    game.play(["end"])
    assert (game.state.turn.active, game.state.turn.phase, legal(game)) == (1, Phase.RESPAWN, {"respawn"})
    game.play(["respawn"])
    assert (bob.status, str(bob.square), bob.damage) == (Status.IN_PLAY, "10,10", 0)


def test_a_medpack_played_at_the_last_chance_saves_him__F_FRAG_01() -> None:
    """Bob at Health -1 plays his medpack (+2) and fights on at Health 1."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 3, 3]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["medpack", "dodge"]
        """
    )
    game.play(["attack 1 pistol", "pass"])
    assert game.rules.health(1) == -1
    assert legal(game) == {"pass", "play medpack#1"}
    events = game.play(["play medpack#1"])
    assert kinds(events) == ["CardPlayed", "Healed"]
    bob = game.state.players[1]
    assert (bob.status, bob.damage, game.rules.health(1), bob.hand) == (Status.IN_PLAY, 1, 1, ["dodge#1"])
    assert (game.decider(), game.state.pending) == (0, [])
    assert game.state.players[0].frags == 0


def test_blood_spent_at_the_last_chance_saves_him_if_it_is_enough__F_FRAG_01() -> None:
    """One blood counter lifts Bob from Health 0 to 1; from Health -1 it could only reach 0, so it is not
    offered (ruling F-FRAG-01) and he is fragged, keeping it on his sheet."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 2, 2,   6, 6, 6, 1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        blood = 2
        """
    )
    game.play(["attack 1 pistol", "pass"])
    assert game.rules.health(1) == 0
    assert legal(game) == {"pass", "blood"}
    game.play(["blood"])
    bob = game.state.players[1]
    assert (bob.blood, game.rules.health(1), game.state.pending) == (1, 1, [])
    game.play(["attack 1 pistol", "pass"])
    assert game.rules.health(1) == -1
    assert isinstance(game.state.pending[-1], LastChance)
    assert legal(game) == {"pass"}  # his one blood counter could only reach 0: not offered (F-FRAG-01)
    game.play(["pass"])
    assert (bob.status, bob.blood) == (Status.FRAGGED, 1)


# -- F-FRAG-02: scoring --------------------------------------------------------------------------


def test_the_fragger_scores_and_draws_a_special_at_once__F_FRAG_02() -> None:
    """Ann's first frag: 1 frag on her sheet and the top special card in her hand, straight away."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 6, 6]
        phase = "action"
        decks.specials = ["double-tap", "dodge"]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    events = game.play(["attack 1 pistol", "pass", "pass"])
    assert kinds(events)[-4:] == ["Fragged", "Leftovers", "FragScored", "CardDrawn"]
    assert one(events, FragEventKind.FRAG_SCORED).amount == 1
    ann = game.state.players[0]
    assert (ann.frags, ann.hand) == (1, ["double-tap#1"])
    assert game.state.decks.draw["specials"] == ["dodge#1"]
    assert game.state.winner is None


def test_the_frag_that_reaches_the_target_ends_the_game__F_FRAG_02() -> None:
    """Ann's third frag wins: no card is drawn, nobody decides any more."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 6, 6]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        frags = 2
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    hand_sizes = [len(p.hand) for p in game.state.players]
    events = game.play(["attack 1 pistol", "pass", "pass"])
    assert kinds(events)[-4:] == ["Fragged", "Leftovers", "FragScored", "Won"]
    assert one(events, CommonEventKind.WON).player == 0
    assert (game.state.winner, game.state.turn.phase, game.decider()) == (0, Phase.OVER, None)
    assert game.legal_actions() == [] and game.state.pending == []
    assert [len(p.hand) for p in game.state.players] == hand_sizes
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.play(["end"])


# -- F-FRAG-03 / F-FRAG-04: leftovers and blood --------------------------------------------------

FRAG_BOB_AT_3_8 = """
    dice = [6, 6, 6, 1, 1, 1]
    phase = "action"
    movement = 6
    decks.specials = ["dodge"]
    [[fighter]]
    name = "Ann"
    at = "3,4"
    [[fighter]]
    name = "Bob"
    health = 1
    at = "3,8"
    weapons = [{ card = "shotgun", ammo = 2 }, { card = "rail-rifle", ammo = 1 }]
    gadgets = ["targeting-system"]
    """
"""Ann (6 movement left) frags Bob four squares south of her with the pistol."""


def test_leftovers_lie_in_the_victims_square_and_one_may_be_picked_up_per_turn__F_FRAG_03() -> None:
    """A blood and a weapon counter at 3,8 before Ann goes on; entering, she takes one, not both, and
    stepping out and back in the same turn gives her no second (ruling F-FRAG-03)."""
    game = game_from(FRAG_BOB_AT_3_8)
    game.play(["attack 1 pistol", "pass", "pass"])
    assert [(c.id, c.kind, str(c.square)) for c in game.state.counters] == [
        (1, CounterKind.BLOOD, "3,8"),
        (2, CounterKind.WEAPONS, "3,8"),
    ]
    assert game.decider() == 0 and game.state.turn.phase is Phase.ACTION
    assert pick_ups(game) == set()  # Ann is not there
    game.play(["step s"] * 4)
    assert pick_ups(game) == {"pick up 1", "pick up 2"}
    game.play(["pick up 1"])
    assert game.state.players[0].blood == 1
    assert pick_ups(game) == set()
    with pytest.raises(IllegalActionError, match="no counter"):
        game.play(["pick up 2"])
    game.play(["step e", "step w"])  # entering again gives no second counter (ruling F-FRAG-03)
    assert pick_ups(game) == set()
    with pytest.raises(IllegalActionError, match="no counter"):
        game.play(["pick up 2"])


def test_a_blood_counter_restores_one_health_never_above_the_maximum__F_FRAG_04() -> None:
    """Ann (1 Health lost, 2 blood) spends one, even before rolling; at full Health none is offered."""
    game = game_from(
        """
        dice = []
        [[fighter]]
        name = "Ann"
        at = "2,4"
        damage = 1
        blood = 2
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    assert legal(game) == {"roll", "blood"}
    events = game.play(["blood"])
    assert kinds(events) == ["Healed"] and one(events, FragEventKind.HEALED).amount == 1
    ann = game.state.players[0]
    assert (ann.blood, ann.damage, game.rules.health(0)) == (1, 0, 2)
    assert legal(game) == {"roll"}
    with pytest.raises(IllegalActionError):
        game.play(["blood"])


# -- F-FRAG-05: weapon piles ---------------------------------------------------------------------


def test_a_fragged_fighters_gadgets_are_discarded_and_his_weapons_piled__F_FRAG_05() -> None:
    """Bob's targeting system is discarded; Ann takes ONE weapon of his pile and it fires with full ammo."""
    game = game_from(FRAG_BOB_AT_3_8)
    game.play(["attack 1 pistol", "pass", "pass"])
    bob = game.state.players[1]
    assert (bob.weapons, bob.gadgets) == ([], [])
    assert game.state.decks.discard["gadgets"] == ["targeting-system#1"]
    game.play(["step s"] * 4 + ["pick up 2"])
    assert isinstance(game.state.pending[-1], ChooseFromPile)
    assert legal(game) == {"choose shotgun#1", "choose rail-rifle#1"}
    game.play(["choose shotgun#1"])
    ann = game.state.players[0]
    assert ann.hand == ["dodge#1", "shotgun#1"]  # the special drawn for the frag, and the weapon
    assert [(c.id, c.cards) for c in game.state.counters] == [(1, []), (2, ["rail-rifle#1"])]
    game.play(["play shotgun#1"])
    assert [(e.card, e.ammo) for e in ann.weapons] == [("shotgun#1", 6)]


def test_one_weapon_per_pile_per_turn_and_the_pile_stays_while_it_has_weapons__F_FRAG_05() -> None:
    """Re-entering the pile's square the same turn gives nothing; next turn Ann takes the last weapon."""
    game = game_from(
        """
        dice = [1, 1, 1, 1]
        phase = "action"
        movement = 3
        [[fighter]]
        name = "Ann"
        at = "3,7"
        [[fighter]]
        name = "Bob"
        at = "9,9"
        [[counter]]
        at = "3,8"
        weapons = ["shotgun", "rail-rifle"]
        """
    )
    game.play(["step s", "pick up 1", "choose shotgun#1", "step n", "step s"])
    assert [c.cards for c in game.state.counters] == [["rail-rifle#1"]]
    assert pick_ups(game) == set()
    game.play(["end", "roll", "end", "roll", "step n", "step s"])
    assert game.state.turn.active == 0
    assert pick_ups(game) == {"pick up 1"}
    game.play(["pick up 1"])
    assert legal(game) == {"choose rail-rifle#1"}
    game.play(["choose rail-rifle#1"])
    assert game.state.counters == []
    assert game.state.players[0].hand == ["shotgun#1", "rail-rifle#1"]
    assert ChooseWeapon(card="rail-rifle#1") not in game.legal_actions()


# -- F-FRAG-06: keep fighting --------------------------------------------------------------------


def test_scoring_a_frag_does_not_end_the_turn__F_FRAG_06() -> None:
    """After fragging Bob, Ann still has her 3 movement points and her second attack, for Cat."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 6, 6,   1, 1, 1]
        phase = "action"
        movement = 3
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        [[fighter]]
        name = "Cat"
        at = "6,3"
        """
    )
    game.play(["attack 1 pistol", "pass", "pass"])
    turn = game.state.turn
    assert (game.state.players[1].status, game.decider()) == (Status.FRAGGED, 0)
    assert (turn.active, turn.phase, turn.movement, turn.attacks) == (0, Phase.ACTION, 3, 1)
    assert {"step n", "end", "attack 2 pistol"} <= legal(game)
    events = game.play(["attack 2 pistol"])
    assert kinds(events) == ["Attacked", "DiceRolled", "Missed"]
    assert turn.attacks == 0


# -- F-FRAG-07: dropping -------------------------------------------------------------------------


def test_a_dropped_card_is_a_link_counter_nobody_may_pick_up_that_turn__F_FRAG_07() -> None:
    """Ann drops her shotgun at 3,7 in turn 4 and cannot take it back; Bob picks it up in turn 5."""
    game = game_from(
        """
        dice = [1, 1]
        phase = "action"
        turn_number = 4
        movement = 3
        [[fighter]]
        name = "Ann"
        at = "3,7"
        weapons = ["shotgun"]
        gadgets = ["light-armor"]
        [[fighter]]
        name = "Bob"
        at = "5,7"
        """
    )
    assert {"drop shotgun#1", "drop light-armor#1"} <= legal(game)
    events = game.play(["drop shotgun#1"])
    assert kinds(events) == ["Dropped"]
    counter = game.state.counters[0]
    assert (counter.kind, str(counter.square), counter.cards, counter.dropped_turn) == (
        CounterKind.LINK,
        "3,7",
        ["shotgun#1"],
        4,
    )
    assert game.state.players[0].weapons == []
    game.play(["step s", "step n"])
    assert pick_ups(game) == set()
    game.play(["step s", "end", "roll", "step w", "step w"])
    assert (game.state.turn.number, game.state.turn.active) == (5, 1)
    assert pick_ups(game) == {"pick up 1"}
    game.play(["pick up 1"])
    assert game.state.players[1].hand == ["shotgun#1"]
    assert game.state.counters == []


# -- F-WIN-01: the frag target and self-inflicted frags ------------------------------------------


@pytest.mark.parametrize(("frags", "won"), [(3, False), (4, True)])
def test_the_frag_target_is_configurable__F_WIN_01(frags: int, won: bool) -> None:
    """Playing to 5 frags: a fourth frag does not win, a fifth does."""
    game = game_from(
        f"""
        dice = [6, 6, 6, 1, 1, 6, 6]
        phase = "action"
        frag_target = 5
        [[fighter]]
        name = "Ann"
        at = "2,4"
        frags = {frags}
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    events = game.play(["attack 1 pistol", "pass", "pass"])
    assert game.state.players[0].frags == frags + 1
    assert game.state.winner == (0 if won else None)
    assert kinds(events)[-1] == ("Won" if won else "CardDrawn")
    assert game.decider() == (None if won else 0)


def test_no_one_scores_a_frag_by_acid_and_no_one_attacks_himself__F_WIN_01() -> None:
    """Ann cannot target herself; she walks into acid and is fragged: Bob (2 frags of 3) does not win."""
    game = game_from(
        """
        dice = [1, 6, 6]
        phase = "action"
        movement = 1
        [[fighter]]
        name = "Ann"
        health = 1
        at = "4,5"
        [[fighter]]
        name = "Bob"
        frags = 2
        at = "9,9"
        """
    )
    assert not any(isinstance(a, Attack) and a.target == 0 for a in game.legal_actions())
    with pytest.raises(IllegalActionError, match="no such target"):
        game.play(["attack 0 pistol"])
    events = game.play(["step e"])
    assert kinds(events)[-1] == "Damaged" and one(events, CommonEventKind.DAMAGED).amount == 12
    pending = game.state.pending[-1]
    assert isinstance(pending, LastChance) and pending.by is None
    events = game.play(["pass"])
    assert "FragScored" not in kinds(events) and "CardDrawn" not in kinds(events)
    assert [p.frags for p in game.state.players] == [0, 2]
    assert game.state.winner is None
    assert game.state.players[0].status is Status.FRAGGED
    assert (game.state.turn.active, game.state.turn.phase) == (1, Phase.ROLL)  # her turn ended


# -- F-WIN-02: tournaments -----------------------------------------------------------------------


def test_a_tournament_winner_raises_a_stat_past_four__F_WIN_02() -> None:
    """Health 4 raised to 5 is a legal design (a new one at 5 is not), and a game is played with it."""
    design = FighterDesign(health=4, speed=2, accuracy=1)
    raised = design.raise_stat(Stat.HEALTH)
    assert (raised.health, raised.speed, raised.accuracy, raised.raised) == (5, 2, 1, (Stat.HEALTH,))
    assert raised.raise_stat(Stat.ACCURACY).raised == (Stat.HEALTH, Stat.ACCURACY)
    with pytest.raises(ValidationError):
        FighterDesign(health=5, speed=1, accuracy=1)
    config = make_config(
        map="pocket",
        seats=[{"name": "Ann", "fighter": raised}, {"name": "Bob", "fighter": design}],
    )
    game = new_game(config, seed=7)
    while game.state.turn.phase is Phase.SETUP:
        game.apply(game.legal_actions()[0])
    assert game.state.players[0].design == raised
    assert (game.rules.health(0), game.rules.health(1)) == (5, 4)
    assert game.view(1).fighters[0].max_health == 5


# -- F-META-01: bonuses apply by themselves ------------------------------------------------------


def test_a_bonus_in_play_applies_without_being_claimed__F_META_01() -> None:
    """Ann's targeting system, attached to her shotgun, adds a fourth Accuracy die to its to-hit roll
    without being claimed: 1+1+1+1 reaches range 4. Her pistol, without it, rolls three."""
    game = game_from(
        """
        dice = [1, 1, 1, 1, 1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        hand = ["targeting-system"]
        weapons = ["shotgun"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["dodge"]
        """
    )
    game.play(["play targeting-system#1 shotgun#1"])
    events = game.play(["attack 1 shotgun#1"])
    assert rolls(events) == [(1, 1, 1, 1)]
    assert kinds(events)[-1] == "Hit"
    game.play(["play dodge#1"])
    events = game.play(["attack 1 pistol"])
    assert rolls(events) == [(1, 1, 1)]
    assert kinds(events)[-1] == "Missed"


def test_a_bonus_to_the_movement_roll_is_offered_before_the_roll__F_META_01() -> None:
    """Adrenaline (+2 Speed) is offered in phase 2 and the movement roll then uses 4 dice."""
    game = game_from(
        """
        dice = [1, 1, 1, 1]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        hand = ["adrenaline", "shotgun"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    assert legal(game) == {"roll", "play adrenaline#1"}
    game.play(["play adrenaline#1"])
    events = game.play(["roll"])
    assert rolls(events) == [(1, 1, 1, 1)]
    assert game.state.turn.movement == 4


# -- F-META-02: taken out of play before damage --------------------------------------------------


def test_disconnect_takes_out_an_attacker_who_hit_before_damage__F_META_02() -> None:
    """Bob disconnects Ann: no damage, her turn ends, her rolls and drawn card stand, she returns as she was."""
    game = game_from(
        """
        dice = [5,   6, 6, 6,   1, 1,   2]
        phase = "action"
        movement = 5
        decks.gadgets = ["medpack"]
        [[fighter]]
        name = "Ann"
        health = 3
        damage = 1
        at = "2,4"
        weapons = [{ card = "shotgun", ammo = 3 }]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["disconnect"]
        """
    )
    game.play(["step s"])  # the gadget power-up at 2,5: a 5 draws the medpack
    assert game.state.players[0].hand == ["medpack#1"]
    game.play(["attack 1 shotgun#1"])
    assert legal(game) == {"pass", "play disconnect#1"}
    events = game.play(["play disconnect#1"])
    assert kinds(events) == ["Reacted", "OutOfPlay", "TurnEnded", "TurnBegan"]
    assert dice_left(game) == (1, 1, 2)  # no defence or damage dice were rolled
    ann, bob = game.state.players
    assert (ann.status, ann.square) == (Status.OUT_OF_PLAY, None)
    assert (ann.record.shots, ann.record.hits, ann.weapons[0].ammo, ann.hand) == (1, 1, 2, ["medpack#1"])
    assert (bob.damage, bob.hand) == (0, [])
    assert game.state.decks.discard["specials"] == ["disconnect#1"]
    assert game.state.counters == []  # not a frag: no leftovers, no score
    assert [p.frags for p in game.state.players] == [0, 0]
    assert (game.state.turn.active, game.state.turn.phase) == (1, Phase.ROLL)
    game.play(["roll", "end"])
    assert legal(game) == {"respawn"}
    game.play(["respawn"])
    assert (ann.status, str(ann.square), ann.damage, game.rules.health(0)) == (Status.IN_PLAY, "10,1", 1, 2)
    assert [(e.card, e.ammo) for e in ann.weapons] == [("shotgun#1", 2)]


def test_the_reaction_window_shows_everyone_the_hit_it_answers__F_META_02() -> None:
    """While Bob may react, every view (his, Ann's, a spectator's) names the hit: attacker, weapon,
    damage dice and extra damage, declared and rolled in front of everyone; it is gone after."""
    game = game_from(
        """
        dice = [6, 6, 6,   1, 1,   2, 2, 2, 2]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = [{ card = "shotgun", ammo = 3 }]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["dodge"]
        """
    )
    assert game.view(1).hit is None
    game.play(["attack 1 shotgun#1"])
    assert game.view(1).decision == "react"
    hit = game.view(1).hit
    assert hit is not None
    assert (hit.attacker, hit.target, hit.weapon) == (0, 1, "shotgun#1")
    assert (hit.damage, hit.extra, hit.piercing) == (4, 0, False)  # the Shotgun: 4 dice of damage
    assert game.view(0).hit == hit == game.view(None).hit
    game.play(["pass"])
    assert game.view(1).hit is None and game.view(None).hit is None


def test_dodge_cancels_the_hit__F_META_02() -> None:
    """Bob dodges: no damage is rolled and Ann's turn goes on with one attack fewer."""
    game = game_from(
        """
        dice = [6, 6, 6]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["dodge"]
        """
    )
    game.play(["attack 1 pistol"])
    events = game.play(["play dodge#1"])
    assert kinds(events) == ["Reacted"]
    assert dice_left(game) == ()
    assert (game.state.players[1].damage, game.decider(), game.state.turn.attacks) == (0, 0, 1)
    assert game.state.decks.discard["specials"] == ["dodge#1"]


def test_disconnect_answering_a_parting_shot_frags_the_shooter_at_once__F_META_02() -> None:
    """Ruling F-META-02: Ann brings Bob to Health -11; his parting shot hits her and she answers with
    Disconnect. The hit does no damage, and Bob, who cannot leave the board "as he was" at Health -11,
    is fragged at once where he stands: his leftovers lie at 2,6 and Ann scores. Her turn goes on."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 6, 6,   6, 6, 6,   4]
        phase = "action"
        decks.specials = ["dodge"]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        hand = ["disconnect"]
        [[fighter]]
        name = "Bob"
        health = 1
        at = "2,6"
        weapons = ["shotgun"]
        hand = ["parting-shot"]
        """
    )
    game.play(["attack 1 pistol", "pass", "play parting-shot#1 pistol on 0"])
    assert [(type(p), p.player) for p in game.state.pending] == [(LastChance, 1), (React, 0)]
    events = game.play(["play disconnect#1"])
    assert kinds(events) == ["Reacted", "OutOfPlay", "Fragged", "Leftovers", "FragScored", "CardDrawn"]
    ann, bob = game.state.players
    assert (bob.status, bob.square, ann.damage, ann.frags, ann.hand) == (Status.FRAGGED, None, 0, 1, ["dodge#1"])
    assert [(c.kind, str(c.square), c.cards) for c in game.state.counters] == [
        (CounterKind.BLOOD, "2,6", []),
        (CounterKind.WEAPONS, "2,6", ["shotgun#1"]),
    ]
    assert (game.state.pending, game.decider(), legal(game)) == ([], 0, {"end"})
    game.play(["end", "respawn"])
    assert (bob.status, str(bob.square), bob.damage) == (Status.IN_PLAY, "10,10", 0)
    assert dice_left(game) == ()


# -- F-META-03: multiply, then add ---------------------------------------------------------------


def test_health_is_multiplied_before_armor_is_added__F_META_03() -> None:
    """Berserk (x2) and light armor (+1) on Health 2 give 2*2+1 = 5 defence dice, not 6."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 1, 1, 1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        specials = ["berserk"]
        gadgets = ["light-armor"]
        """
    )
    assert (game.rules.max_health(1), game.rules.health(1)) == (5, 5)
    events = game.play(["attack 1 pistol", "pass"])
    assert rolls(events)[1:] == [(1, 1, 1, 1, 1), (1, 1)]
    assert one(events, CommonEventKind.DAMAGED).amount == 0


# -- F-META-04: unclear cases follow a computer game's logic -------------------------------------


def test_a_defence_of_no_dice_loses_the_whole_attack_total__F_META_04() -> None:
    """Ruling F-ATK-08: Bob at Health 0 rolls no defence dice; the pistol's 1+2 takes 3 Health.

    A scenario refuses a fighter in play at Health 0 (no game reaches it outside a last chance),
    so Bob's last point of Health is taken from the state by hand: the position only this test needs.
    """
    game = game_from(
        """
        dice = [6, 6, 6, 1, 2]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        health = 1
        at = "2,8"
        """
    )
    game.state.players[1].damage = 1
    events = game.play(["attack 1 pistol", "pass"])
    assert rolls(events)[1:] == [(), (1, 2)]
    assert one(events, CommonEventKind.DAMAGED).amount == 3
    assert game.rules.health(1) == -3
    assert isinstance(game.state.pending[-1], LastChance)


@pytest.mark.parametrize(
    ("hand", "answers"), [([], {"pass"}), (["medpack"], {"pass"}), (["dodge"], {"pass", "play dodge#1"})]
)
def test_the_reaction_window_is_always_offered__F_META_04(hand: list[str], answers: set[str]) -> None:
    """Ruling F-META-02: Bob is asked after every hit, so the question itself reveals nothing of his hand."""
    game = game_from(
        f"""
        dice = [6, 6, 6]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = {hand}
        """
    )
    game.play(["attack 1 pistol"])
    assert isinstance(game.state.pending[-1], React)
    assert legal(game) == answers
    seen = game.view(0)
    assert (seen.decider, seen.decision, seen.fighters[1].hand, seen.fighters[1].hand_size) == (
        1,
        "react",
        None,
        len(hand),
    )
    assert PlayCard(card="medpack#1") not in game.legal_actions()
    assert parse_action("pass") in game.legal_actions()
