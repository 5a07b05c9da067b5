"""Every shipped card played in a scenario with scripted dice, its result asserted from its own numbers.

The cards are grouped by what they do. A card's *features* (`features`) are read from its numbers and
its `effects`; each group (`GROUPS`) names the features its tests play, and each of those tests is
parametrized over every shipped card with one of them, so a new card joins the tests of what it does.
`test_every_card_does_only_what_a_group_tests` fails for a card with a feature no group plays, and
`test_the_decks_hold_112_cards_as_documented` counts the decks against docs/card-format.md.

The Pocket Arena (maps/pocket.map): column x = 1 is open floor from y = 2 to y = 11, so Ann at 1,2
sees a fighter at 1,2+r at range r; acid at 5,5; respawn points 1..4 at 1,1 10,1 1,10 10,10.
Fighters default to Health 2, Speed 2, Accuracy 3 (2 attacks a turn) and the pistol (2 dice).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from fragtui.content.library import card_set
from fragtui.engine.board import Square
from fragtui.engine.cards import (
    Armor,
    CancelHit,
    CardDef,
    CardKind,
    Draw,
    Effect,
    ExtraAttack,
    ExtraMovement,
    Flag,
    Handler,
    Heal,
    Hurt,
    Modify,
    ModStat,
    PartingShot,
    Reload,
    Scope,
    Shield,
    Skip,
    Sure,
    TakeOutOfPlay,
    Teleport,
    Trigger,
    Use,
)
from fragtui.engine.events import CommonEventKind, Event, EventKind
from fragtui.engine.frag.actions import Attack, PlayCard
from fragtui.engine.frag.decisions import Bump, LastChance, React
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import InPlay, Phase, Status
from fragtui.engine.game import Game
from tests.conftest import game_from, kinds

CARDS = card_set()
ANN, BOB, CAT, DAN = 0, 1, 2, 3
ROOT = Path(__file__).resolve().parents[3]

TEST_CANNON = {"id": "test-cannon", "deck": "weapons", "name": "Test Cannon", "damage": 12}
"""A weapon for tests: 12 damage dice, unlimited ammo, any range (for exact damage of several Health)."""


# -- what a card does ------------------------------------------------------------------------------------


def _inner(effect: Effect) -> str:
    """A triggered effect, as a feature."""
    if isinstance(effect, Skip):
        return f"skip:{effect.phase}"
    if isinstance(effect, Reload):
        return f"reload:every:{effect.scope}" if effect.every else "reload:one"
    return effect.kind


def effect_features(card: CardDef, effect: Effect) -> set[str]:
    """What one effect of `card` does, as the features the groups name."""
    use, on = card.use.value, card.played_on
    match effect:
        case Modify():
            return {f"modify:{effect.stat}:{effect.scope}"}
        case Armor():
            return {"armor"}
        case Heal():
            return {f"heal:{use}"}
        case Reload():
            return {f"reload:{use}:" + (f"every:{effect.scope}" if effect.every else "one")}
        case Draw():
            return {f"draw:{use}"}
        case Teleport():
            return {f"teleport:{use}"}
        case CancelHit():
            return {f"cancel_hit:{use}"}
        case TakeOutOfPlay():
            return {f"take_out_of_play:{use}:{on}"}
        case Sure():
            return {f"sure:{effect.outcome}:{effect.against}"}
        case ExtraAttack():
            return {f"extra_attack:{use}"}
        case ExtraMovement():
            return {f"extra_movement:{use}"}
        case Shield():
            return {f"shield:{effect.against}"}
        case Flag():
            return {f"flag:{effect.flag}"}
        case Skip():
            return {f"skip:{effect.phase}:{use}:{on}"}
        case Hurt():
            return {f"hurt:{use}:{on}"}
        case PartingShot():
            return {f"parting_shot:{use}"}
        case Trigger():
            return {f"trigger:{effect.on}:{_inner(e)}" for e in effect.effects}
        case Handler():
            return {f"handler:{effect.name}"}
    return {f"unknown:{effect.kind}"}


def features(card: CardDef) -> set[str]:
    """Everything a card does: its weapon numbers, its duration and its effects."""
    found = set()
    if card.kind is CardKind.WEAPON:
        found.add("weapon")  # damage, extra damage, ammo, range
        if card.area:
            found.add("area")
        if card.piercing:
            found.add("piercing")
    if card.duration is not None:
        found.add("duration")
    for effect in card.effects:
        found |= effect_features(card, effect)
    return found


ROLL_STATS = (ModStat.SPEED, ModStat.MOVEMENT, ModStat.ATTACKS)
"""Stats measured by the movement roll (cards changing them are played before it)."""
WEAPON_STATS = (ModStat.ACCURACY, ModStat.DAMAGE, ModStat.AMMO_COST)
"""Stats of an attack with a weapon (a card may be attached to one weapon for them)."""
SKIP_PHASES = ("movement", "attacks", "turn")

GROUPS: dict[str, frozenset[str]] = {
    "weapons": frozenset({"weapon"}),
    "area": frozenset({"area"}),
    "piercing": frozenset({"piercing", "flag:piercing"}),
    "armor": frozenset({"armor"}),
    "modifiers": frozenset(
        {f"modify:{stat}:{scope}" for stat in ModStat for scope in (Scope.SELF, Scope.ALL)}
        | {f"modify:{stat}:{Scope.WEAPON}" for stat in WEAPON_STATS}
    ),
    "heal": frozenset({"heal:once"}),
    "reload": frozenset({"reload:once:one", "reload:once:every:self", "reload:once:every:all"}),
    "draw": frozenset({"draw:once"}),
    "teleport": frozenset({"teleport:movement"}),
    "reactions": frozenset({"cancel_hit:reaction", "take_out_of_play:reaction:self"}),
    "parting shots": frozenset({"parting_shot:fragged"}),
    "sure": frozenset({f"sure:{o}:{a}" for o in ("hit", "miss") for a in ("mine", "me")}),
    "extra attack": frozenset({"extra_attack:once"}),
    "extra movement": frozenset({"extra_movement:once"}),
    "shields": frozenset({"shield:attacks", "shield:acid", "shield:all"}),
    "see through fighters": frozenset({"flag:see_through_fighters"}),
    "choose respawn": frozenset({"flag:choose_respawn"}),
    "skips": frozenset(
        {f"skip:{phase}:{use}:other" for phase in SKIP_PHASES for use in ("keep", "once")}
        | {f"trigger:hit:skip:{phase}" for phase in SKIP_PHASES}
    ),
    "on-hit triggers": frozenset(
        {"trigger:hit:hurt", "trigger:hit:heal"} | {f"trigger:hit:skip:{phase}" for phase in SKIP_PHASES}
    ),
    "on-hit heals": frozenset({"trigger:hit:heal"}),
    "on-frag triggers": frozenset({"trigger:frag:extra_attack"}),
    "turn-start triggers": frozenset({"trigger:turn_start:heal", "trigger:turn_start:reload:every:self"}),
    "take out of play": frozenset({"take_out_of_play:once:other", "take_out_of_play:keep:other"}),
    "durations": frozenset({"duration"}),
}
"""Each group of tests and the features its tests play."""


def members(group: str) -> list[str]:
    """The shipped cards that do something the group tests."""
    return [card.id for card in CARDS if features(card) & GROUPS[group]]


# -- scenarios ---------------------------------------------------------------------------------------------


def toml(value: object) -> str:
    """A value in TOML (strings as JSON strings, which TOML reads the same)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def scenario(fighters: Sequence[dict], *, cards: Sequence[dict] = (), **top: object) -> Game:
    """A game from a scenario (docs/scenarios.md) given as data: top-level keys, fighters, extra cards."""
    lines = [f"{key} = {toml(value)}" for key, value in top.items()]
    for table, rows in (("fighter", fighters), ("card", cards)):
        for row in rows:
            lines.append(f"[[{table}]]")
            lines.extend(f"{key} = {toml(value)}" for key, value in row.items())
    return game_from("\n".join(lines))


def fighter(name: str, at: str | None = None, **more: object) -> dict:
    return {"name": name, **({"at": at} if at else {}), **more}


def column(reach: int) -> str:
    """The square at range `reach` from Ann at 1,2."""
    return f"1,{2 + reach}"


def pile(card: CardDef) -> str:
    """The scenario key of a fighter's cards in play of this card's kind."""
    return f"{card.kind.value}s"  # weapons, gadgets, specials: where its kind goes in play


def legal(game: Game) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def attacks(game: Game) -> set[str]:
    return {str(action) for action in game.legal_actions() if isinstance(action, Attack)}


def plays(game: Game, instance: str) -> set[str]:
    """The legal plays of one card, in notation."""
    return {str(a) for a in game.legal_actions() if isinstance(a, PlayCard) and a.card == instance}


def rolls(events: Iterable[Event]) -> list[tuple[int, ...]]:
    return [e.roll.dice for e in events if e.kind is CommonEventKind.DICE_ROLLED and e.roll is not None]


def amounts(events: Iterable[Event], kind: EventKind) -> list[int | None]:
    return [e.amount for e in events if e.kind is kind]


def one(events: Iterable[Event], kind: EventKind) -> Event:
    found = [e for e in events if e.kind is kind]
    assert len(found) == 1, [e.kind.value for e in found]
    return found[0]


def dice_left(game: Game) -> tuple[int, ...] | None:
    return game.state.dice.script


def entry(game: Game, seat: int, instance: str) -> InPlay | None:
    """The card in play in `seat`'s play area, if it is there."""
    return next((e for e in game.rules.in_play(seat) if e.card == instance), None)


def in_play(game: Game, seat: int) -> list[str]:
    return [e.card for e in game.rules.in_play(seat)]


def discards(game: Game, card: CardDef) -> list[str]:
    return game.state.decks.discard[card.deck]


def split(total: int, n: int) -> list[int]:
    """`n` die faces adding up to `total`."""
    assert n <= total <= 6 * n, (total, n)
    faces, left = [1] * n, total - n
    for i in range(n):
        faces[i] += min(5, left)
        left -= faces[i] - 1
    return faces


def damage_faces(attack_dice: int, defence_dice: int, lost: int) -> tuple[list[int], list[int]]:
    """Defence and attack faces for which the division loses exactly `lost` Health (F-ATK-08)."""
    for defence in range(defence_dice, 6 * defence_dice + 1):
        low, high = lost * max(defence, 1), lost * max(defence, 1) + max(defence, 1) - 1
        low, high = max(low, attack_dice), min(high, 6 * attack_dice)
        if low <= high:
            return split(defence, defence_dice), split(low, attack_dice)
    raise AssertionError(f"no {attack_dice} dice against {defence_dice} dice lose {lost}")


def hit_effects(card: CardDef) -> list[Effect]:
    """What the card does when its holder (or, for a weapon, it) hits."""
    return [e for t in card.effects if isinstance(t, Trigger) and t.on == "hit" for e in t.effects]


def effects_of(card: CardDef, kind: type) -> list:
    return [e for e in card.effects if isinstance(e, kind)]


# -- weapons ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("weapon", members("weapons"))
def test_a_weapon_hit_loses_attack_over_defence_plus_its_extra_damage__F_ATK_08(weapon: str) -> None:
    """Ann (Accuracy 1) hits Bob (Health 9) at the weapon's nearest range: he loses attack total //
    defence total + extra damage (and what its on-hit effects add); one shot's ammo is spent."""
    card = CARDS[weapon]
    reach = card.min_range
    defence = [1] * 9
    attack = [(6, 5, 4)[i % 3] for i in range(card.damage or 0)]
    game = scenario(
        [fighter("Ann", "1,2", accuracy=1, weapons=[weapon]), fighter("Bob", column(reach), health=9)],
        phase="action",
        dice=[reach, *defence, *attack],
    )
    instance = f"{weapon}#1"
    events = game.play([f"attack 1 {instance}"])
    assert kinds(events) == ["Attacked", "DiceRolled", "Hit"]
    assert (game.decider(), legal(game)) == (BOB, {"pass"})
    events = game.play(["pass"])
    lost = sum(attack) // sum(defence) + card.extra_damage
    hurts = [e.amount for e in hit_effects(card) if isinstance(e, Hurt)]
    assert rolls(events) == [tuple(defence), tuple(attack)]
    assert amounts(events, CommonEventKind.DAMAGED) == [lost + sum(hurts)]  # poison is part of the hit
    bob = game.state.players[BOB]
    assert (bob.damage, game.rules.health(BOB), bob.status) == (
        lost + sum(hurts),
        9 - lost - sum(hurts),
        Status.IN_PLAY,
    )
    assert list(bob.skips) == [e.phase for e in hit_effects(card) if isinstance(e, Skip)]
    shot = entry(game, ANN, instance)
    assert shot is not None
    if card.ammo is None:
        assert (shot.ammo, shot.free_shots) == (None, 0)
    else:
        assert (shot.ammo, shot.free_shots) == (card.ammo - card.ammo_per_shot, card.shots_per_ammo - 1)
    assert (game.decider(), game.state.turn.attacks, dice_left(game)) == (ANN, 0, ())


def ammo_after_each_shot(card: CardDef) -> list[int | None]:
    """The ammo left after each shot until the weapon is empty (three shots if its ammo is unlimited)."""
    if card.ammo is None:
        return [None] * 3
    ammo, free, after = card.ammo, 0, []
    while free > 0 or ammo >= card.ammo_per_shot:
        if free > 0:
            free -= 1
        else:
            ammo -= card.ammo_per_shot
            free = card.shots_per_ammo - 1
        after.append(ammo)
    return after


@pytest.mark.parametrize("weapon", members("weapons"))
def test_each_shot_spends_ammo_before_the_to_hit_roll_until_the_weapon_is_empty__F_ATK_04(weapon: str) -> None:
    """Every shot misses (a 1 against range 2 or more) and still spends `ammo_per_shot`, one ammo paying for
    `shots_per_ammo` shots; the empty weapon stays in play but is no longer offered."""
    card = CARDS[weapon]
    after = ammo_after_each_shot(card)
    game = scenario(
        [fighter("Ann", "1,2", accuracy=1, weapons=[weapon]), fighter("Bob", column(max(card.min_range, 2)))],
        phase="action",
        attacks=len(after) + 1,
        dice=[1] * len(after),
    )
    instance = f"{weapon}#1"
    for ammo in after:
        assert f"attack 1 {instance}" in attacks(game)
        assert kinds(game.play([f"attack 1 {instance}"])) == ["Attacked", "DiceRolled", "Missed"]
        shot = entry(game, ANN, instance)
        assert shot is not None and shot.ammo == ammo
    if card.ammo is not None:
        assert attacks(game) == {"attack 1 pistol"}
        assert in_play(game, ANN) == [instance]
    assert (game.state.turn.attacks, dice_left(game)) == (1, ())


@pytest.mark.parametrize("weapon", members("weapons"))
def test_a_weapon_is_offered_only_against_targets_within_its_range__F_ATK_06(weapon: str) -> None:
    """Bob stands at range 1 to 9: the weapon is declarable exactly from its min_range to its max_range."""
    card = CARDS[weapon]
    for reach in range(1, 10):
        game = scenario(
            [fighter("Ann", "1,2", weapons=[weapon]), fighter("Bob", column(reach))], phase="action", dice=[]
        )
        fits = card.min_range <= reach and (card.max_range is None or reach <= card.max_range)
        assert attacks(game) == {"attack 1 pistol"} | ({f"attack 1 {weapon}#1"} if fits else set()), reach


@pytest.mark.parametrize("weapon", members("area"))
def test_an_area_weapon_also_attacks_every_fighter_beside_the_target(weapon: str) -> None:
    """Cat stands beside Bob, Dan one square further: one to-hit roll hits Bob and Cat, each answers the hit
    and rolls his own defence against his own damage roll; Dan is untouched."""
    card = CARDS[weapon]
    reach = card.min_range
    y = 2 + reach
    damage = [6] * (card.damage or 0)
    defence = [1] * 9
    game = scenario(
        [
            fighter("Ann", "1,2", accuracy=1, weapons=[weapon]),
            fighter("Bob", f"1,{y}", health=9),
            fighter("Cat", f"2,{y}", health=9),
            fighter("Dan", f"3,{y}", health=9),
        ],
        phase="action",
        dice=[reach, *defence, *damage, *defence, *damage],
    )
    events = game.play([f"attack 1 {weapon}#1"])
    assert kinds(events) == ["Attacked", "DiceRolled", "Hit", "Hit"]
    assert [(type(p), p.player) for p in game.state.pending] == [(React, CAT), (React, BOB)]
    lost = sum(damage) // sum(defence) + card.extra_damage
    assert (game.decider(), legal(game)) == (BOB, {"pass"})
    assert rolls(game.play(["pass"])) == [tuple(defence), tuple(damage)]
    assert (game.decider(), legal(game)) == (CAT, {"pass"})
    assert rolls(game.play(["pass"])) == [tuple(defence), tuple(damage)]
    assert [p.damage for p in game.state.players] == [0, lost, lost, 0]
    shot = entry(game, ANN, f"{weapon}#1")
    assert shot is not None and shot.ammo == (None if card.ammo is None else card.ammo - card.ammo_per_shot)
    assert (game.decider(), game.state.pending, dice_left(game)) == (ANN, [], ())


@pytest.mark.parametrize("weapon", members("area"))
@pytest.mark.parametrize(
    ("x", "caught"), [(4, False), (6, True)], ids=["wall-stops-the-blast", "window-lets-it-through"]
)
def test_an_area_weapons_blast_is_stopped_by_a_wall_beside_the_target__F_MAP_06(
    weapon: str, x: int, caught: bool
) -> None:
    """Bob stands just south of the strongroom, Cat inside it, beside him, Dan beside him outside. Between
    Bob and Cat is a wall (x 4) or a window (x 6): walls stop weapon effects (F-MAP-06), a window lets
    sight and attacks through (D-MAP-01), so the blast reaches Cat only through the window."""
    card = CARDS[weapon]
    damage = [6] * (card.damage or 0)
    defence = [1] * 9
    game = scenario(
        [
            fighter("Ann", f"{x},5", accuracy=1, weapons=[weapon]),
            fighter("Bob", f"{x},2", health=9),
            fighter("Cat", f"{x},1", health=9),
            fighter("Dan", f"{x + 1},2", health=9),
        ],
        phase="action",
        dice=[3, *(defence + damage) * (3 if caught else 2)],
    )
    events = game.play([f"attack 1 {weapon}#1"])
    hit = [BOB, CAT, DAN] if caught else [BOB, DAN]  # the target first, then the others in seat order
    assert kinds(events) == ["Attacked", "DiceRolled"] + ["Hit"] * len(hit)
    assert [p.player for p in reversed(game.state.pending)] == hit
    game.play(["pass"] * len(hit))
    lost = sum(damage) // sum(defence) + card.extra_damage
    assert [p.damage for p in game.state.players] == [0, lost, lost if caught else 0, lost]
    assert dice_left(game) == ()


@pytest.mark.parametrize("card_id", members("piercing"))
def test_piercing_leaves_the_targets_armor_out_of_defence_and_damage__F_ATK_09(card_id: str) -> None:
    """Bob (Health 9) wears Heavy Armor (+2): a piercing attack rolls against his 9 own dice, not 11,
    and the Health goes from his own, the armor untouched. A piercing weapon is fired; a card that makes
    its holder's attacks piercing is played and the pistol fired."""
    card = CARDS[card_id]
    weapon = card.kind is CardKind.WEAPON
    reach = card.min_range if weapon else 1
    dice = card.damage if weapon else 2
    damage = [6] * (dice or 0)
    ann = fighter("Ann", "1,2", accuracy=1, **({"weapons": [card_id]} if weapon else {"hand": [card_id]}))
    game = scenario(
        [ann, fighter("Bob", column(reach), health=9, gadgets=["heavy-armor"])],
        phase="action",
        dice=[reach, *[1] * 9, *damage],
    )
    assert game.rules.health(BOB) == 11
    if not weapon:
        game.play([f"play {card_id}#1"])
        assert in_play(game, ANN) == [f"{card_id}#1"]
    game.play([f"attack 1 {card_id}#1" if weapon else "attack 1 pistol", "pass"])
    lost = sum(damage) // 9 + (card.extra_damage if weapon else 0)
    armor = entry(game, BOB, "heavy-armor#1")
    assert armor is not None and armor.absorbed == 0
    assert (game.state.players[BOB].damage, game.rules.health(BOB), dice_left(game)) == (lost, 11 - lost, ())


# -- armor -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("card_id", members("armor"))
def test_armor_adds_its_bonus_takes_damage_first_and_is_discarded_once_used_up__F_ATK_09(card_id: str) -> None:
    """Ann plays the armor: Health 2 + bonus, and no second suit is offered. Bob's first hit costs
    bonus - 1 (all taken by the armor), the second 2: the armor takes its last point and is discarded,
    Ann loses 1 of her own."""
    card = CARDS[card_id]
    bonus = card.armor
    second = "heavy-armor" if card_id == "light-armor" else "light-armor"
    cannon = TEST_CANNON["damage"]
    first_defence, first_attack = damage_faces(cannon, 2 + bonus, bonus - 1)
    second_defence, second_attack = damage_faces(cannon, 3, 2)
    game = scenario(
        [
            fighter("Ann", "1,2", hand=[card_id, second]),
            fighter("Bob", "1,5", weapons=["test-cannon"]),
        ],
        cards=[TEST_CANNON],
        phase="action",
        dice=[1, 1, *[1, 1, 1], *first_defence, *first_attack, *[1, 1, 1], *second_defence, *second_attack],
    )
    instance = f"{card_id}#1"
    assert plays(game, instance) == {f"play {instance}"}
    game.play([f"play {instance}"])
    assert in_play(game, ANN) == [instance]
    assert (game.rules.max_health(ANN), game.rules.health(ANN)) == (2 + bonus, 2 + bonus)
    assert plays(game, f"{second}#1") == set()  # one suit at a time
    game.play(["end", "roll", "attack 0 test-cannon#1", "pass"])
    suit = entry(game, ANN, instance)
    assert suit is not None and suit.absorbed == bonus - 1
    assert (game.state.players[ANN].damage, game.rules.health(ANN)) == (0, 3)
    events = game.play(["attack 0 test-cannon#1", "pass"])
    assert rolls(events)[1:] == [tuple(second_defence), tuple(second_attack)]
    assert amounts(events, CommonEventKind.DAMAGED) == [2]
    assert one(events, FragEventKind.ARMOR_LOST).card == instance
    assert entry(game, ANN, instance) is None and discards(game, card) == [instance]
    assert (game.state.players[ANN].damage, game.rules.max_health(ANN), game.rules.health(ANN)) == (1, 2, 1)
    assert dice_left(game) == ()


# -- stat modifiers -------------------------------------------------------------------------------------------

POOL = 120
ARMS = ("shotgun#1", "machine-gun#1")
"""Ann's weapons in play for the weapon stats; an attached card goes onto the shotgun."""
SIX_WEAPONS = ["shotgun", "machine-gun", "rail-rifle", "rocket-launcher", "plasma-cannon", "assault-rifle"]
ANN_BASE = {
    ModStat.ACCURACY: {"shotgun#1": 3, "machine-gun#1": 3},
    ModStat.DAMAGE: {"shotgun#1": 4, "machine-gun#1": 3},
    ModStat.AMMO_COST: {"shotgun#1": 1, "machine-gun#1": 1},
}
BOB_BASE = {ModStat.ACCURACY: 3, ModStat.DAMAGE: 2, ModStat.AMMO_COST: 1}
"""Bob attacks with the pistol (Accuracy 3, 2 dice), or with his shotgun for the ammo cost."""


def stat_game(stat: ModStat, hand: Sequence[str] = (), cards: Sequence[dict] = ()) -> Game:
    """Ann's turn, ready to play `hand` and measure `stat` (dice: all 1s, plenty)."""
    ann = fighter("Ann", "1,2", hand=list(hand))
    bob = fighter("Bob", "1,6")
    top: dict[str, object] = {"phase": "roll"} if stat in ROLL_STATS else {"phase": "action", "attacks": 2}
    if stat in (ModStat.ACCURACY, ModStat.AMMO_COST):
        ann["weapons"] = ["shotgun", "machine-gun"]
        bob = fighter("Bob", "1,11", weapons=["shotgun"])  # range 9: all 1s miss
    elif stat is ModStat.DAMAGE:
        ann.update(weapons=["shotgun", "machine-gun"], health=9)
        bob = fighter("Bob", "1,3", health=9)  # range 1: all 1s hit
    elif stat is ModStat.HEALTH:
        bob = fighter("Bob", "1,3")
    elif stat is ModStat.WEAPON_SLOTS:
        ann["hand"] = [*hand, *SIX_WEAPONS]
        bob["hand"] = SIX_WEAPONS
    return scenario([ann, bob], cards=cards, dice=[1] * POOL, **top)


def _roll(game: Game, stat: ModStat) -> int:
    rolled = one(game.play(["roll"]), FragEventKind.MOVEMENT_ROLLED)
    assert rolled.roll is not None
    return {
        ModStat.SPEED: len(rolled.roll.dice),
        ModStat.MOVEMENT: rolled.amount,
        ModStat.ATTACKS: game.state.turn.attacks,
    }[stat]


def _weapons_entering(game: Game) -> int:
    """Weapons the decider can put into play from his hand, one after another."""
    count = 0
    while plays_ := [a for a in game.legal_actions() if isinstance(a, PlayCard) and a.card in SIX_INSTANCES]:
        game.apply(plays_[0])
        count += 1
    return count


SIX_INSTANCES = {f"{w}#{n}" for w in SIX_WEAPONS for n in (1, 2)}


def _shot(game: Game, stat: ModStat, target: int, weapon: str) -> int:
    """One attack: its to-hit dice, the ammo it spent, or its damage dice."""
    shooter = game.decider()
    assert shooter is not None
    before = entry(game, shooter, weapon)
    ammo = before.ammo if before is not None else None
    events = game.play([f"attack {target} {weapon}"])
    if stat is ModStat.ACCURACY:
        assert kinds(events)[-1] == "Missed"
        return len(rolls(events)[0])
    if stat is ModStat.AMMO_COST:
        after = entry(game, shooter, weapon)
        assert ammo is not None and after is not None and after.ammo is not None
        return ammo - after.ammo
    assert kinds(events)[-1] == "Hit"
    return len(rolls(game.play(["pass"]))[1])  # the target's defence, then the damage


def measure(game: Game, stat: ModStat) -> tuple[dict[str, int], int]:
    """Ann's `stat` in her turn (per weapon for the weapon stats) and Bob's in his, measured in play."""
    if stat in ROLL_STATS:
        ann = _roll(game, stat)
        game.play(["end"])
        return {"": ann}, _roll(game, stat)
    if stat is ModStat.WEAPON_SLOTS:
        ann = _weapons_entering(game)
        game.play(["end", "roll"])
        return {"": ann}, _weapons_entering(game)
    if stat is ModStat.HEALTH:
        events = game.play(["attack 1 pistol", "pass"])
        bob = len(rolls(events)[1])  # to hit, then Bob's defence dice
        game.play(["end", "roll"])
        events = game.play(["attack 0 pistol", "pass"])
        return {"": len(rolls(events)[1])}, bob
    ann_side = {weapon: _shot(game, stat, BOB, weapon) for weapon in ARMS}
    game.play(["end", "roll"])
    return ann_side, _shot(game, stat, ANN, "shotgun#2" if stat is ModStat.AMMO_COST else "pistol")


def expect(effects: Iterable[Effect], stat: ModStat, base: int, *, holder: bool, attached: bool = False) -> int:
    """`base` changed by the `modify` effects that reach the fighter: multiplied first, then added (F-META-03)."""
    multiply, add = 1, 0
    for e in effects:
        if not isinstance(e, Modify) or e.stat is not stat:
            continue
        if e.scope is Scope.ALL or (holder and (e.scope is Scope.SELF or (e.scope is Scope.WEAPON and attached))):
            multiply *= e.multiply
            add += e.add
    return max(0, base * multiply + add)


def expected_stat(effects: Sequence[Effect], stat: ModStat, *, holder: bool) -> int:
    """A non-weapon stat as `measure` sees it (movement: all 1s rolled on the Speed dice)."""
    if stat is ModStat.SPEED:
        return expect(effects, stat, 2, holder=holder)
    if stat is ModStat.MOVEMENT:
        return expect(effects, stat, expect(effects, ModStat.SPEED, 2, holder=holder), holder=holder)
    if stat is ModStat.ATTACKS:
        accuracy = expect(effects, ModStat.ACCURACY, 3, holder=holder)
        return expect(effects, stat, math.ceil(accuracy / 2), holder=holder)
    if stat is ModStat.HEALTH:
        return expect(effects, stat, 2, holder=holder)
    assert stat is ModStat.WEAPON_SLOTS
    return 2 + 1 + expect(effects, stat, 0, holder=holder)  # Health + 1, and backpacks


def dice_spent(effects: Sequence[Effect], stat: ModStat) -> int:
    """The dice `measure` rolls: movement rolls, to-hit rolls, and defence and damage rolls of hits."""

    def speed(holder: bool) -> int:
        return expect(effects, ModStat.SPEED, 2, holder=holder)

    def accuracy(holder: bool, attached: bool = False) -> int:
        return expect(effects, ModStat.ACCURACY, 3, holder=holder, attached=attached)

    if stat in ROLL_STATS:
        return speed(True) + speed(False)
    if stat is ModStat.WEAPON_SLOTS:
        return speed(False)
    if stat is ModStat.HEALTH:  # Ann's pistol hits Bob, then Bob's pistol hits Ann
        pistol = [expect(effects, ModStat.DAMAGE, 2, holder=h) for h in (True, False)]
        health = [expect(effects, ModStat.HEALTH, 2, holder=h) for h in (True, False)]
        return accuracy(True) + health[1] + pistol[0] + speed(False) + accuracy(False) + health[0] + pistol[1]
    ann = sum(accuracy(True, w == "shotgun#1") for w in ARMS) + speed(False) + accuracy(False)
    if stat is not ModStat.DAMAGE:
        return ann  # misses at range 9
    bob_health = 9
    for w in ARMS:  # all 1s: Bob rolls his Health in defence and loses damage dice // Health
        damage = expect(effects, stat, ANN_BASE[stat][w], holder=True, attached=w == "shotgun#1")
        ann += bob_health + damage
        bob_health -= damage // bob_health
    return ann + 9 + expect(effects, stat, 2, holder=False)  # Ann's Health 9 against Bob's pistol


def check_stats(game: Game, effects: Sequence[Effect], stat: ModStat) -> None:
    ann, bob = measure(game, stat)
    assert dice_left(game) == (1,) * (POOL - dice_spent(effects, stat))
    if stat in WEAPON_STATS:
        assert ann == {
            w: expect(effects, stat, ANN_BASE[stat][w], holder=True, attached=w == "shotgun#1") for w in ARMS
        }
        assert bob == expect(effects, stat, BOB_BASE[stat], holder=False)
    else:
        assert ann == {"": expected_stat(effects, stat, holder=True)}
        assert bob == expected_stat(effects, stat, holder=False)


MODIFY_CASES = [
    pytest.param(card_id, stat, id=f"{card_id}-{stat}")
    for card_id in members("modifiers")
    for stat in dict.fromkeys(e.stat for e in CARDS[card_id].effects if isinstance(e, Modify))
]


def play_modifier(game: Game, card: CardDef, instance: str) -> None:
    """Ann plays a modifier: onto her shotgun if it attaches to a weapon, else into her play area."""
    if card.attaches:
        assert plays(game, instance) == {f"play {instance} {w}" for w in ARMS}
        game.play([f"play {instance} shotgun#1"])
        attached = entry(game, ANN, instance)
        assert attached is not None and attached.attached == "shotgun#1"
    else:
        assert plays(game, instance) == {f"play {instance}"}
        game.play([f"play {instance}"])
    assert instance in in_play(game, ANN) and instance not in game.state.players[ANN].hand


@pytest.mark.parametrize(("card_id", "stat"), MODIFY_CASES)
def test_a_modifier_changes_the_stat_of_every_fighter_it_reaches__F_CARD_09(card_id: str, stat: ModStat) -> None:
    """Ann plays the card (before her movement roll for a roll stat); her stat and Bob's are then
    measured in play: Speed dice, movement points, attacks, defence dice, to-hit dice, damage dice,
    ammo a shot spends, weapons allowed in play. `scope = "all"` reaches Bob, `weapon` the shotgun only."""
    card = CARDS[card_id]
    game = stat_game(stat, hand=[card_id])
    play_modifier(game, card, f"{card_id}#1")
    check_stats(game, card.effects, stat)


MULTIPLIERS = [
    card_id
    for card_id in members("modifiers")
    if any(isinstance(e, Modify) and e.multiply != 1 for e in CARDS[card_id].effects)
]


@pytest.mark.parametrize("card_id", MULTIPLIERS)
@pytest.mark.parametrize("card_first", [True, False], ids=["card-first", "card-last"])
def test_a_multiplier_applies_before_an_addition_whichever_came_first__F_META_03(
    card_id: str, card_first: bool
) -> None:
    """With a +1 card of the same stat in play, the stat is base × multiplier + 1, in either order of play
    (Berserk and +1 Health: 2 × 2 + 1 = 5; Infinite Ammo and +1 ammo a shot: 1 × 0 + 1 = 1)."""
    card = CARDS[card_id]
    stat = next(e.stat for e in card.effects if isinstance(e, Modify) and e.multiply != 1)
    plus = Modify(stat=stat, add=1)
    plus_card = {"id": "test-plus-one", "deck": "specials", "name": "Plus One", "effects": [plus.model_dump()]}
    order = [card_id, "test-plus-one"] if card_first else ["test-plus-one", card_id]
    game = stat_game(stat, hand=order, cards=[plus_card])
    for cid in order:
        play_modifier(game, game.cards[cid], f"{cid}#1")
    check_stats(game, [*card.effects, plus], stat)  # the +1 reaches Ann only


FREE_SHOTS = [
    card_id
    for card_id in members("modifiers")
    if expect(CARDS[card_id].effects, ModStat.AMMO_COST, 1, holder=True) == 0 and not CARDS[card_id].attaches
]


@pytest.mark.parametrize("card_id", FREE_SHOTS)
def test_attacks_that_use_no_ammo_leave_the_weapon_as_it_was__F_ATK_04(card_id: str) -> None:
    """Ann's machine pistol (one ammo pays for two shots) has fired once: 7 ammo, one shot paid for. With the
    card in play her shots use no ammo: neither ammo nor the shot already paid for, and her empty plasma
    cannon (1 ammo, 2 a shot) fires too. When the card has run out, the paid shot is fired, then 1 is spent."""
    card = CARDS[card_id]
    game = scenario(
        [
            fighter(
                "Ann",
                "1,2",
                hand=[card_id],
                weapons=["machine-pistol", {"card": "plasma-cannon", "ammo": 1}],
            ),
            fighter("Bob", "1,6"),
        ],
        phase="action",
        attacks=4,
        dice=[1] * 30,
    )

    def ammo() -> list[tuple[int | None, int]]:
        return [(e.ammo, e.free_shots) for e in game.state.players[ANN].weapons]

    game.play(["attack 1 machine-pistol#1"])
    assert ammo() == [(7, 1), (1, 0)]
    assert "attack 1 plasma-cannon#1" not in attacks(game)
    game.play([f"play {card_id}#1", "attack 1 machine-pistol#1", "attack 1 plasma-cannon#1"])
    assert ammo() == [(7, 1), (1, 0)]
    game.play(["attack 1 machine-pistol#1"])
    assert ammo() == [(7, 1), (1, 0)]
    turns = card.duration or 0
    for _ in range(turns):
        game.play(["end", "roll", "end", "roll"])
    if card.duration is not None:
        assert entry(game, ANN, f"{card_id}#1") is None
        assert attacks(game) == {"attack 1 pistol", "attack 1 machine-pistol#1"}
        game.play(["attack 1 machine-pistol#1"])
        assert ammo() == [(7, 0), (1, 0)]
        game.play(["attack 1 machine-pistol#1"])
        assert ammo() == [(6, 1), (1, 0)]
    assert dice_left(game) == (1,) * (30 - 4 * 3 - 4 * turns - (2 * 3 if card.duration is not None else 0))


# -- heal, reload, draw ------------------------------------------------------------------------------------------


def after_heals(effects: Iterable[Effect], damage: int) -> int:
    """Health lost left after the heals among `effects` (never below 0: never above the maximum)."""
    for e in effects:
        if isinstance(e, Heal):
            damage -= damage if e.amount is None else min(e.amount, damage)
    return damage


def healed(card: CardDef, damage: int) -> int:
    """Health lost left after the card's heals."""
    return after_heals(card.effects, damage)


@pytest.mark.parametrize("card_id", members("heal"))
def test_a_heal_restores_lost_health_never_above_the_maximum__F_ATK_10(card_id: str) -> None:
    """Ann (Health 4) has lost 3: the card restores its amount (all, with none given), then is discarded."""
    card = CARDS[card_id]
    game = scenario(
        [fighter("Ann", "1,2", health=4, damage=3, hand=[card_id]), fighter("Bob", "1,6")], phase="action", dice=[]
    )
    instance = f"{card_id}#1"
    assert plays(game, instance) == {f"play {instance}"}
    events = game.play([f"play {instance}"])
    assert amounts(events, FragEventKind.HEALED) == [3 - healed(card, 3)]
    assert (game.state.players[ANN].damage, game.rules.health(ANN)) == (healed(card, 3), 4 - healed(card, 3))
    assert (game.state.players[ANN].hand, discards(game, card)) == ([], [instance])


@pytest.mark.parametrize("card_id", members("heal"))
def test_a_heal_is_not_offered_with_no_health_lost__F_ATK_10(card_id: str) -> None:
    card = CARDS[card_id]
    game = scenario([fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "1,6")], phase="action", dice=[])
    only_heals = all(isinstance(e, Heal) for e in card.effects)
    assert plays(game, f"{card_id}#1") == (set() if only_heals else {f"play {card_id}#1"})


@pytest.mark.parametrize("card_id", members("heal"))
def test_a_heal_played_at_the_last_chance_escapes_the_frag__F_FRAG_01(card_id: str) -> None:
    """Bob's pistol brings Ann (Health 2) to exactly 0: at her last chance she plays the card and fights on."""
    card = CARDS[card_id]
    game = scenario(
        [fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "1,3", accuracy=1)],
        turn="Bob",
        phase="action",
        dice=[1, 1, 1, 2, 2],
    )
    instance = f"{card_id}#1"
    game.play(["attack 0 pistol", "pass"])
    assert game.rules.health(ANN) == 0
    assert [(type(p), p.player) for p in game.state.pending] == [(LastChance, ANN)]
    assert legal(game) == {"pass", f"play {instance}"}
    game.play([f"play {instance}"])
    assert (game.state.players[ANN].damage, game.rules.health(ANN)) == (healed(card, 2), 2 - healed(card, 2))
    assert game.state.players[ANN].status is Status.IN_PLAY
    assert (game.state.pending, game.decider(), dice_left(game)) == ([], BOB, ())


@pytest.mark.parametrize("card_id", members("reload"))
def test_a_reload_refills_the_chosen_weapon_or_every_weapon_it_reaches__F_ATK_04(card_id: str) -> None:
    """Ann's shotgun has 1 of 6, her rocket launcher 0 of 3, her heavy beam pistol unlimited ammo, her
    machine gun is full; Bob's machine gun has 2 of 12. A one-weapon reload is offered for the two
    that are not full and refills the shotgun; `every` refills all of hers, with scope all Bob's too."""
    card = CARDS[card_id]
    ann_weapons = [
        {"card": "shotgun", "ammo": 1},
        {"card": "rocket-launcher", "ammo": 0},
        "heavy-beam-pistol",
        "machine-gun",
    ]
    game = scenario(
        [
            fighter("Ann", "1,2", health=4, hand=[card_id], weapons=ann_weapons),
            fighter("Bob", "1,6", weapons=[{"card": "machine-gun", "ammo": 2}]),
        ],
        phase="action",
        dice=[],
    )
    ammo = {(seat, e.card): e.ammo for seat in (ANN, BOB) for e in game.state.players[seat].weapons}  # before
    instance = f"{card_id}#1"
    one_weapon = any(isinstance(e, Reload) and not e.every for e in card.effects)
    if one_weapon:
        assert plays(game, instance) == {f"play {instance} shotgun#1", f"play {instance} rocket-launcher#1"}
        game.play([f"play {instance} shotgun#1"])
    else:
        assert plays(game, instance) == {f"play {instance}"}
        game.play([f"play {instance}"])
    for e in effects_of(card, Reload):
        if not e.every:
            reached = [(ANN, "shotgun#1")]
        else:
            reached = [key for key in ammo if key[0] == ANN or e.scope is Scope.ALL]
        for key in reached:
            full = CARDS[key[1]].ammo
            if full is not None and ammo[key] is not None:
                ammo[key] = full if e.amount is None else min(full, ammo[key] + e.amount)
    assert {(seat, e.card): e.ammo for seat in (ANN, BOB) for e in game.state.players[seat].weapons} == ammo
    assert discards(game, card) == [instance]


@pytest.mark.parametrize("card_id", members("draw"))
def test_a_draw_card_draws_from_the_decks_it_names(card_id: str) -> None:
    """The decks' top cards are known: Ann's hand gets exactly the cards the effects draw, in order."""
    card = CARDS[card_id]
    decks = {
        "weapons": ["shotgun", "machine-gun", "rail-rifle"],
        "gadgets": ["medpack", "backpack", "jump-boots"],
        "specials": ["dodge", "double-tap", "lag"],
    }
    game = scenario(
        [fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "1,6")], phase="action", decks=decks, dice=[]
    )
    tops = {deck: [f"{c}#1" for c in cards] for deck, cards in decks.items()}
    drawn = [tops[e.deck].pop(0) for e in effects_of(card, Draw) for _ in range(e.count)]
    game.play([f"play {card_id}#1"])
    assert game.state.players[ANN].hand == drawn
    assert game.state.decks.draw == tops


# -- teleport ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("card_id", members("teleport"))
def test_a_teleport_card_is_declared_instead_of_the_movement_roll__F_TURN_01(card_id: str) -> None:
    """Before her roll Ann may teleport to any other square: she is there with 0 movement points and
    her attacks, no die rolled; onto Bob's square she bumps him (he rolls for a respawn point)."""
    card = CARDS[card_id]
    instance = f"{card_id}#1"
    game = scenario([fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "8,8")], dice=[3])
    here = Square.parse("1,2")
    assert plays(game, instance) == {f"play {instance} {s}" for s in game.board.all_squares() if s != here}
    events = game.play([f"play {instance} 5,9"])
    assert "Teleported" in kinds(events)
    assert str(game.state.players[ANN].square) == "5,9"
    turn = game.state.turn
    assert (turn.phase, turn.movement, turn.attacks, dice_left(game)) == (Phase.ACTION, 0, 2, (3,))
    assert (game.state.players[ANN].hand, discards(game, card)) == ([], [instance])

    game = scenario([fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "8,8")], dice=[3])
    game.play([f"play {instance} 8,8"])
    assert [(type(p), p.player) for p in game.state.pending] == [(Bump, BOB)]
    assert (game.decider(), legal(game)) == (BOB, {"bump"})
    game.play(["bump"])
    assert [str(p.square) for p in game.state.players] == ["8,8", "1,10"]
    assert (game.decider(), game.state.turn.phase, dice_left(game)) == (ANN, Phase.ACTION, ())

    game = scenario([fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "8,8")], phase="action", dice=[])
    assert plays(game, instance) == set()  # only instead of the roll


# -- reactions and parting shots -----------------------------------------------------------------------------------


@pytest.mark.parametrize("card_id", members("reactions"))
def test_a_reaction_reaches_the_fighter_hit_through_the_react_decision__F_META_02(card_id: str) -> None:
    """Ann hits Bob; before damage is rolled Bob decides: he plays the card and takes no damage. A hit
    cancelled leaves Ann's turn going; a card taking the attacker out of play ends her turn."""
    card = CARDS[card_id]
    instance = f"{card_id}#1"
    game = scenario([fighter("Ann", "1,2"), fighter("Bob", "1,6", hand=[card_id])], phase="action", dice=[2, 1, 1])
    events = game.play(["attack 1 pistol"])
    assert kinds(events) == ["Attacked", "DiceRolled", "Hit"]
    assert [(type(p), p.player) for p in game.state.pending] == [(React, BOB)]
    assert (game.decider(), legal(game)) == (BOB, {"pass", f"play {instance}"})
    events = game.play([f"play {instance}"])
    bob = game.state.players[BOB]
    assert (bob.damage, bob.hand, discards(game, card), dice_left(game)) == (0, [], [instance], ())
    ann = game.state.players[ANN]
    if effects_of(card, TakeOutOfPlay):
        assert kinds(events) == ["Reacted", "OutOfPlay", "TurnEnded", "TurnBegan"]
        assert (ann.status, ann.square) == (Status.OUT_OF_PLAY, None)
        assert (game.state.turn.active, game.state.turn.phase) == (BOB, Phase.ROLL)
    else:
        assert kinds(events) == ["Reacted"]
        assert (ann.status, game.decider(), game.state.turn.attacks) == (Status.IN_PLAY, ANN, 1)

    game = scenario([fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "1,6")], phase="action", dice=[])
    assert plays(game, instance) == set()  # never played in one's own turn


@pytest.mark.parametrize("card_id", members("parting shots"))
def test_a_parting_shot_attacks_the_fragger_at_the_last_chance(card_id: str) -> None:
    """Bob brings Ann to Health -4. At her last chance she fires her shotgun at him once more (her
    Accuracy dice, the shotgun's ammo, Bob's reaction and defence), then she is fragged."""
    card = CARDS[card_id]
    instance = f"{card_id}#1"
    game = scenario(
        [
            fighter("Ann", "1,2", hand=[card_id], weapons=["shotgun"]),
            fighter("Bob", "1,3", accuracy=1, health=9),
        ],
        turn="Bob",
        phase="action",
        decks={"specials": ["dodge"]},
        dice=[1, 1, 1, 6, 6, 1, 1, 1, *[1] * 9, 6, 6, 6, 6],
    )
    game.play(["attack 0 pistol", "pass"])
    assert game.rules.health(ANN) == -4
    assert (game.decider(), legal(game)) == (
        ANN,
        {"pass", f"play {instance} pistol on 1", f"play {instance} shotgun#1 on 1"},
    )
    events = game.play([f"play {instance} shotgun#1 on 1"])
    assert kinds(events)[-3:] == ["Attacked", "DiceRolled", "Hit"]
    assert [(type(p), p.player) for p in game.state.pending] == [(LastChance, ANN), (React, BOB)]
    shotgun = entry(game, ANN, "shotgun#1")
    assert shotgun is not None and shotgun.ammo == 5
    events = game.play(["pass"])
    assert rolls(events) == [(1,) * 9, (6, 6, 6, 6)]
    assert game.state.players[BOB].damage == 24 // 9
    assert (game.decider(), legal(game)) == (ANN, {"pass"})
    game.play(["pass"])
    assert game.state.players[ANN].status is Status.FRAGGED
    assert (game.state.players[BOB].frags, game.state.turn.active, game.state.turn.attacks) == (1, BOB, 0)
    assert discards(game, card) == [instance]
    assert dice_left(game) == ()


@pytest.mark.parametrize("card_id", members("parting shots"))
def test_a_parting_shot_that_wins_the_game_still_frags_its_shooter__F_WIN_01(card_id: str) -> None:
    """Ruling F-WIN-01: Bob brings Ann to Health -4; her parting shot frags him and reaches the frag target
    (1), so the game ends at once; her own frag, which the parting shot was to be followed by, still comes:
    she falls where she stands, leaves her leftovers, and nobody scores it (Bob stays at 0 frags). The
    final scoreboard never shows her in play at negative Health."""
    instance = f"{card_id}#1"
    game = scenario(
        [fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "1,3")],
        turn="Bob",
        phase="action",
        frag_target=1,
        dice=[6, 6, 6, 1, 1, 6, 6, 6, 6, 6, 1, 1, 6, 6],
    )
    game.play(["attack 0 pistol", "pass"])
    assert game.rules.health(ANN) == -4 and game.decider() == ANN
    events = game.play([f"play {instance} pistol on 1", "pass", "pass"])
    assert kinds(events)[-6:] == ["Fragged", "Leftovers", "FragScored", "Fragged", "Leftovers", "Won"]
    assert "scores for nobody" in events[-3].text
    ann, bob = game.state.players
    assert (game.state.winner, game.decider(), game.state.turn.phase) == (ANN, None, Phase.OVER)
    assert (ann.status, ann.square, ann.frags, ann.record.deaths) == (Status.FRAGGED, None, 1, 1)
    assert (bob.status, bob.frags) == (Status.FRAGGED, 0)
    assert [c.square for c in game.state.counters] == [Square(1, 3), Square(1, 2)]
    assert game.rules.broken_promise(None, None) is None


@pytest.mark.parametrize("card_id", members("on-hit heals"))
def test_a_parting_shot_that_heals_its_shooter_above_health_0_ends_the_last_chance__F_FRAG_01(card_id: str) -> None:
    """Ruling F-FRAG-01 (if his Health is above 0 afterwards he fights on): Bob brings Ann to Health 0. With the
    Vampire in play (each hit restores 1), her parting shot hits Bob and brings her back to Health 1, so her last
    chance is over and the frag does not follow: she is in play, Bob's turn goes on, nobody scored. Before,
    her last chance stayed open at Health 1 and passing fragged her."""
    shot = members("parting shots")[0]
    card = CARDS[card_id]
    heal = sum(e.amount or 0 for e in hit_effects(card) if isinstance(e, Heal))
    game = scenario(
        [
            fighter("Ann", "1,2", accuracy=1, health=1, hand=[shot], **{pile(card): [card_id]}),
            fighter("Bob", "1,3", accuracy=1, health=9),
        ],
        turn="Bob",
        phase="action",
        dice=[6, 6, 6, 1, 6, *[1] * 9, 6, 6],
    )
    game.play(["attack 0 pistol", "pass"])
    assert (game.rules.health(ANN), game.decider()) == (0, ANN)
    events = game.play([f"play {shot}#1 pistol on 1", "pass"])
    assert amounts(events, FragEventKind.HEALED) == [heal]
    ann, bob = game.state.players
    assert (game.rules.health(ANN), ann.status, ann.record.deaths) == (heal, Status.IN_PLAY, 0)
    assert not any(isinstance(p, LastChance) for p in game.state.pending)
    assert (bob.damage, bob.frags) == (12 // 9, 0)
    assert (game.decider(), game.state.turn.active) == (BOB, BOB)
    assert game.rules.broken_promise(None, None) is None
    assert dice_left(game) == ()


def test_the_harness_refuses_a_fighter_in_play_at_health_0_outside_his_last_chance__F_FRAG_01() -> None:
    """The random-game harness's promise behind the rulings above: a fighter in play is at his last chance exactly
    at Health 0 or less (F-FRAG-01), in the middle of a game and after it is won alike."""
    game = scenario([fighter("Ann", "1,2"), fighter("Bob", "1,3")], turn="Bob", phase="action", dice=[])
    assert game.rules.broken_promise(None, None) is None
    game.state.players[ANN].damage = 2  # (a scenario refuses this position: only a broken rule could reach it)
    assert game.rules.broken_promise(None, None) == "Ann is in play at Health 0, and not at his last chance"
    game.state.pending.append(LastChance(player=ANN, by=BOB, cause="Bob's Pistol"))
    assert game.rules.broken_promise(None, None) is None
    game.state.players[ANN].damage = 1  # (back above 0 with his last chance still open: the Vampire's bug)
    assert game.rules.broken_promise(None, None) == "Ann is at his last chance at Health 1"


# -- sure hits and misses ----------------------------------------------------------------------------------------


def sure_of(card: CardDef) -> Sure:
    [sure] = effects_of(card, Sure)
    return sure


@pytest.mark.parametrize("card_id", members("sure"))
def test_a_sure_card_settles_the_attacks_it_reaches_without_a_to_hit_roll__F_CARD_10(card_id: str) -> None:
    """Ann plays the card. `mine`: her attack on Bob at range 9 is settled with no dice; `me`: Bob's
    attack on her at range 1, in his turn, is."""
    card = CARDS[card_id]
    sure = sure_of(card)
    mine = sure.against == "mine"
    game = scenario(
        [fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "1,11" if mine else "1,3")],
        phase="action",
        dice=[] if mine else [1, 1],
    )
    game.play([f"play {card_id}#1"])
    if mine:
        attacker, target = ANN, BOB
    else:
        game.play(["end", "roll"])
        attacker, target = BOB, ANN
    events = game.play([f"attack {target} pistol"])
    assert kinds(events) == ["Attacked", "Hit" if sure.outcome == "hit" else "Missed"]
    assert events[1].roll is None
    if sure.outcome == "hit":
        assert [(type(p), p.player) for p in game.state.pending] == [(React, target)]
    else:
        assert (game.decider(), game.state.turn.attacks) == (attacker, 1)
    assert dice_left(game) == ()


@pytest.mark.parametrize("card_id", members("sure"))
@pytest.mark.parametrize("last", ["ann", "bob"])
def test_between_contradicting_sure_cards_the_last_played_controls__F_CARD_10(card_id: str, last: str) -> None:
    """The card meets a contrary one (the other outcome, for the other side of Ann's attack on Bob):
    whichever entered play last settles the attack. Ann's card is played in her turn to come last;
    Bob's comes last when both are in play and his was stamped later."""
    card = CARDS[card_id]
    sure = sure_of(card)
    contrary = Sure(
        outcome="miss" if sure.outcome == "hit" else "hit", against="me" if sure.against == "mine" else "mine"
    )
    test_card = {"id": "test-contrary", "deck": "specials", "name": "Contrary", "effects": [contrary.model_dump()]}
    ann_card, bob_card = (card_id, "test-contrary") if sure.against == "mine" else ("test-contrary", card_id)
    deck = {card_id: pile(card), "test-contrary": "specials"}
    bob = fighter("Bob", "1,3", **{deck[bob_card]: [bob_card]})
    ann = fighter("Ann", "1,2", **({"hand": [ann_card]} if last == "ann" else {deck[ann_card]: [ann_card]}))
    game = scenario([ann, bob], cards=[test_card], phase="action", dice=[])
    if last == "ann":
        game.play([f"play {ann_card}#1"])
    ann_entry, bob_entry = entry(game, ANN, f"{ann_card}#1"), entry(game, BOB, f"{bob_card}#1")
    assert ann_entry is not None and bob_entry is not None
    assert (ann_entry.played > bob_entry.played) == (last == "ann")
    winner = sure_of(game.cards[ann_card if last == "ann" else bob_card])
    events = game.play(["attack 1 pistol"])
    assert kinds(events) == ["Attacked", "Hit" if winner.outcome == "hit" else "Missed"]
    assert dice_left(game) == ()


SURE_MISSES = [
    card_id
    for card_id in members("sure")
    if (sure_of(CARDS[card_id]).outcome, sure_of(CARDS[card_id]).against) == ("miss", "me")
]


@pytest.mark.parametrize("card_id", SURE_MISSES)
def test_a_blast_misses_a_fighter_beside_the_target_whom_attacks_miss__F_CARD_10(card_id: str) -> None:
    """Ann's area weapon hits Bob; Cat, beside him, has the card in play (attacks on her miss): the blast,
    an attack on every fighter beside the target, misses her, with no roll."""
    weapon = members("area")[0]
    card = CARDS[weapon]
    reach = max(card.min_range, 2)
    damage = [6] * (card.damage or 0)
    game = scenario(
        [
            fighter("Ann", "1,2", accuracy=1, weapons=[weapon]),
            fighter("Bob", column(reach), health=9),
            fighter("Cat", f"2,{2 + reach}", health=9, **{pile(CARDS[card_id]): [card_id]}),
        ],
        phase="action",
        dice=[reach, *[1] * 9, *damage],
    )
    events = game.play([f"attack 1 {weapon}#1"])
    assert kinds(events) == ["Attacked", "DiceRolled", "Hit"]
    assert [(type(p), p.player) for p in game.state.pending] == [(React, BOB)]
    game.play(["pass"])
    assert [p.damage for p in game.state.players] == [0, sum(damage) // 9 + card.extra_damage, 0]
    assert (game.decider(), dice_left(game)) == (ANN, ())


# -- more attacks, more movement ------------------------------------------------------------------------------------


@pytest.mark.parametrize("card_id", members("extra attack"))
def test_extra_attacks_are_added_to_this_turns__F_ATK_01(card_id: str) -> None:
    """Ann (Accuracy 1: 1 attack) plays the card: she then makes 1 + count attacks, and no more."""
    card = CARDS[card_id]
    count = sum(e.count for e in effects_of(card, ExtraAttack))
    game = scenario(
        [fighter("Ann", "1,2", accuracy=1, hand=[card_id]), fighter("Bob", "1,4")],
        phase="action",
        dice=[1] * (1 + count),
    )
    game.play([f"play {card_id}#1"])
    assert game.state.turn.attacks == 1 + count
    for _ in range(1 + count):
        assert attacks(game) == {"attack 1 pistol"}
        game.play(["attack 1 pistol"])
    assert (attacks(game), game.state.turn.attacks, dice_left(game)) == (set(), 0, ())


@pytest.mark.parametrize("card_id", members("extra movement"))
def test_extra_movement_is_added_to_this_turns_points__F_MOVE_01(card_id: str) -> None:
    """Ann has no movement left; the card gives its points, spent one step at a time."""
    card = CARDS[card_id]
    points = sum(e.points for e in effects_of(card, ExtraMovement))
    game = scenario([fighter("Ann", "1,3", hand=[card_id]), fighter("Bob", "8,8")], phase="action", dice=[])
    assert not any(str(a).startswith("step") for a in game.legal_actions())
    game.play([f"play {card_id}#1"])
    assert game.state.turn.movement == points
    game.play(["step s"])
    assert (str(game.state.players[ANN].square), game.state.turn.movement) == ("1,4", points - 1)


# -- shields ------------------------------------------------------------------------------------------------------


def shield_stops(card: CardDef, source: str, absorbed: dict[int, int], lost: int) -> int:
    """Health a hit (or burn) costs after the card's shields; `absorbed` per shield effect is updated."""
    for index, e in enumerate(card.effects):
        if not isinstance(e, Shield) or lost <= 0 or (e.against != "all" and e.against != source):
            continue
        if e.capacity is not None and absorbed.get(index, 0) >= e.capacity:
            continue
        stopped = min(e.reduce, lost)
        if e.capacity is not None:
            stopped = min(stopped, e.capacity - absorbed.get(index, 0))
        absorbed[index] = absorbed.get(index, 0) + stopped
        lost -= stopped
    return lost


def used_up(card: CardDef, absorbed: dict[int, int]) -> bool:
    return any(
        isinstance(e, Shield) and e.capacity is not None and absorbed.get(i, 0) >= e.capacity
        for i, e in enumerate(card.effects)
    )


ATTACKABLE_SHIELDS = [
    card_id
    for card_id in members("shields")
    if not any(isinstance(e, Sure) and e.outcome == "miss" and e.against == "me" for e in CARDS[card_id].effects)
]


@pytest.mark.parametrize("card_id", ATTACKABLE_SHIELDS)
def test_a_shield_takes_its_share_of_each_hit_until_its_capacity_is_used__F_ATK_08(card_id: str) -> None:
    """Bob plays the card; in Ann's turn every hit would cost him reduce + 1 Health (2 if the card does
    not stop attacks). A shield against attacks stops `reduce` of each until it has stopped its capacity
    and is discarded; the hit after that costs the whole."""
    card = CARDS[card_id]
    shields = effects_of(card, Shield)
    stops = any(e.against in ("attacks", "all") for e in shields)
    capacity = next((e.capacity for e in shields if e.capacity is not None), None)
    reduce = max(e.reduce for e in shields)
    per_hit = reduce + 1 if stops else 2
    hits = (math.ceil(capacity / reduce) + 1) if stops and capacity else 2
    health = hits * per_hit + 1
    cannon = TEST_CANNON["damage"]
    absorbed: dict[int, int] = {}
    dice, expected, left = [1, 1], [], health
    for _ in range(hits):
        defence, attack = damage_faces(cannon, left, per_hit)
        dice += [1] * (2 * hits) + defence + attack
        gone_before = used_up(card, absorbed)
        lost = per_hit if gone_before else shield_stops(card, "attacks", absorbed, per_hit)
        left -= lost
        expected.append((lost, used_up(card, absorbed)))
    game = scenario(
        [
            fighter("Ann", "1,2", accuracy=2 * hits, weapons=["test-cannon"]),
            fighter("Bob", "1,5", health=health, hand=[card_id]),
        ],
        cards=[TEST_CANNON],
        turn="Bob",
        phase="action",
        dice=dice,
    )
    instance = f"{card_id}#1"
    game.play([f"play {instance}", "end", "roll"])
    assert game.state.turn.attacks == hits
    taken = 0
    for lost, gone in expected:
        events = game.play(["attack 1 test-cannon#1", "pass"])
        taken += lost
        assert amounts(events, CommonEventKind.DAMAGED)[-1] == lost
        assert game.state.players[BOB].damage == taken
        assert (entry(game, BOB, instance) is None) == gone
        assert discards(game, card) == ([instance] if gone else [])
    assert dice_left(game) == ()


@pytest.mark.parametrize("card_id", members("shields"))
@pytest.mark.parametrize("health", [1, 2])
def test_a_shield_against_acid_reduces_each_burn__F_MAP_01(card_id: str, health: int) -> None:
    """Ann plays the card and steps into acid: a burn of 12 // her Health dice (all 1s) costs `reduce` less
    if the card stops acid, the whole if it stops only attacks; at Health 0 or less she has her last chance."""
    card = CARDS[card_id]
    game = scenario(
        [fighter("Ann", "5,4", health=health, hand=[card_id]), fighter("Bob", "9,9")],
        phase="action",
        movement=1,
        dice=[*[1] * health, 6, 6],
    )
    game.play([f"play {card_id}#1", "step s"])
    lost = shield_stops(card, "acid", {}, 12 // health)
    assert (game.state.players[ANN].damage, game.rules.health(ANN)) == (lost, health - lost)
    last_chance = [(LastChance, ANN)] if health - lost <= 0 else []
    assert [(type(p), p.player) for p in game.state.pending] == last_chance
    assert dice_left(game) == ()


# -- rules a card lets its holder break --------------------------------------------------------------------------------


@pytest.mark.parametrize("card_id", members("see through fighters"))
def test_other_fighters_do_not_block_the_holders_sight__F_ATK_02(card_id: str) -> None:
    """Cat stands between Ann and Bob: Ann sees only Cat until she plays the card, then Bob too, and hits him."""
    game = scenario(
        [fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "1,8"), fighter("Cat", "1,5")],
        phase="action",
        dice=[2, 2, 2],
    )
    assert attacks(game) == {"attack 2 pistol"}
    game.play([f"play {card_id}#1"])
    assert attacks(game) == {"attack 1 pistol", "attack 2 pistol"}
    assert kinds(game.play(["attack 1 pistol"])) == ["Attacked", "DiceRolled", "Hit"]
    assert (game.decider(), dice_left(game)) == (BOB, ())


@pytest.mark.parametrize("card_id", members("choose respawn"))
def test_the_holder_chooses_his_respawn_point__F_RESP_01(card_id: str) -> None:
    """Ann plays the card, Bob frags her in his turn; at her next turn she names any respawn point, no roll
    (a special survives the frag, and a card lasting 2 turns is still in play)."""
    card = CARDS[card_id]
    game = scenario(
        [fighter("Ann", "1,2", damage=1, hand=[card_id]), fighter("Bob", "1,3")],
        phase="action",
        decks={"specials": ["dodge"]},
        dice=[1, 1, 1, 1, 1, 1, 6, 6],
    )
    game.play([f"play {card_id}#1", "end", "roll", "attack 0 pistol", "pass", "pass", "end"])
    assert (game.state.players[ANN].status, game.state.turn.active) == (Status.FRAGGED, ANN)
    still = card.kind is CardKind.SPECIAL and (card.duration is None or card.duration > 1)
    assert legal(game) == ({f"respawn {n}" for n in range(1, 5)} if still else {"respawn"})
    game.play(["respawn 4"])
    assert (str(game.state.players[ANN].square), game.state.turn.phase) == ("10,10", Phase.ROLL)
    assert dice_left(game) == ()


# -- skips, taking out of play ---------------------------------------------------------------------------------------


def skips_of(card: CardDef) -> list[str]:
    return [e.phase for e in (*card.effects, *hit_effects(card)) if isinstance(e, Skip)]


@pytest.mark.parametrize("card_id", members("skips"))
def test_a_skip_costs_the_fighter_it_reaches_that_part_of_his_next_turn(card_id: str) -> None:
    """Ann hits Bob with the weapon, or plays the card on him: in his next turn he loses his movement
    (no dice rolled, and no teleport card instead of the roll: a teleport is his movement), his attacks,
    or the whole turn; the turn after is whole again."""
    card = CARDS[card_id]
    phases = skips_of(card)
    weapon = card.kind is CardKind.WEAPON
    if weapon:
        reach = card.min_range
        ann = fighter("Ann", "1,2", accuracy=1, weapons=[card_id])
        dice = [reach, *[1] * 9, *[1] * (card.damage or 0)]
        bob = fighter("Bob", column(reach), health=9, hand=["teleport"])
    else:
        ann = fighter("Ann", "1,2", hand=[card_id])
        dice = []
        bob = fighter("Bob", "1,6", health=9, hand=["teleport"])
    first_roll = [] if "movement" in phases or "turn" in phases else [1, 1]
    game = scenario([ann, bob], phase="action", dice=[*dice, *first_roll, 1, 1, 1, 1])
    if weapon:
        game.play([f"attack 1 {card_id}#1", "pass"])
    else:
        assert plays(game, f"{card_id}#1") == {f"play {card_id}#1 on 1"}
        game.play([f"play {card_id}#1 on 1"])
    assert list(game.state.players[BOB].skips) == phases
    game.play(["end"])
    if "turn" in phases:
        assert (game.state.turn.active, game.state.turn.phase) == (ANN, Phase.ROLL)
        game.play(["roll"])
    else:
        assert game.state.turn.active == BOB
        assert bool(plays(game, "teleport#1")) == ("movement" not in phases)
        rolled = one(game.play(["roll"]), FragEventKind.MOVEMENT_ROLLED)
        dice_rolled = len(rolled.roll.dice) if rolled.roll is not None else 0
        moved = "movement" not in phases
        assert (dice_rolled, game.state.turn.movement) == ((2, 2) if moved else (0, 0))
        assert game.state.turn.attacks == (0 if "attacks" in phases else 2)
        assert bool(attacks(game)) == ("attacks" not in phases)
        game.play(["end", "roll"])
    assert list(game.state.players[BOB].skips) == []
    game.play(["end"])  # Bob's turn after: whole
    assert plays(game, "teleport#1")
    game.play(["roll"])
    assert (game.state.turn.active, game.state.turn.movement, game.state.turn.attacks) == (BOB, 2, 2)
    assert dice_left(game) == ()


@pytest.mark.parametrize("card_id", members("take out of play"))
def test_a_card_played_on_another_fighter_takes_him_out_of_play_until_his_next_turn__F_META_02(card_id: str) -> None:
    """Ann plays the card on Bob (not on Cat, who is off the board): Bob leaves the board, not fragged;
    at his next turn he respawns with the damage he had."""
    card = CARDS[card_id]
    instance = f"{card_id}#1"
    game = scenario(
        [fighter("Ann", "1,2", hand=[card_id]), fighter("Bob", "1,6", damage=1), fighter("Cat")],
        phase="action",
        dice=[4],
    )
    assert plays(game, instance) == {f"play {instance} on 1"}
    game.play([f"play {instance} on 1"])
    bob = game.state.players[BOB]
    assert (bob.status, bob.square, game.state.counters) == (Status.OUT_OF_PLAY, None, [])
    assert (game.decider(), game.state.turn.phase, attacks(game)) == (ANN, Phase.ACTION, set())
    if card.use is Use.KEEP:
        assert in_play(game, BOB) == [instance]
    else:
        assert discards(game, card) == [instance]
    game.play(["end"])
    assert (game.state.turn.active, legal(game)) == (BOB, {"respawn"})
    game.play(["respawn"])
    assert (bob.status, str(bob.square), bob.damage, game.rules.health(BOB)) == (Status.IN_PLAY, "10,10", 1, 1)
    assert dice_left(game) == ()


# -- triggers ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("card_id", members("on-hit triggers"))
def test_an_on_hit_trigger_acts_when_its_holder_hits_and_not_on_a_miss(card_id: str) -> None:
    """Ann (Health 4, 2 lost) misses Bob once, nothing happens; then hits him (with the weapon itself, or
    with the pistol after playing the card): he loses the division plus what the trigger hurts, takes its
    skips, and she restores what it heals."""
    card = CARDS[card_id]
    weapon = card.kind is CardKind.WEAPON
    reach = max(2, card.min_range) if weapon else 2
    dice_count = (card.damage or 0) if weapon else 2
    ann = fighter("Ann", "1,2", accuracy=1, health=4, damage=2)
    ann.update({"weapons": [card_id]} if weapon else {"hand": [card_id]})
    game = scenario(
        [ann, fighter("Bob", column(reach), health=9)],
        phase="action",
        attacks=2,
        dice=[1, reach, *[1] * 9, *[6] * dice_count],
    )
    shooter = f"{card_id}#1" if weapon else "pistol"
    if not weapon:
        game.play([f"play {card_id}#1"])
    assert kinds(game.play([f"attack 1 {shooter}"]))[-1] == "Missed"
    assert (game.state.players[ANN].damage, game.state.players[BOB].damage, game.state.players[BOB].skips) == (
        2,
        0,
        {},
    )
    game.play([f"attack 1 {shooter}", "pass"])
    effects = hit_effects(card)
    lost = 6 * dice_count // 9 + (card.extra_damage if weapon else 0)
    hurt = sum(e.amount for e in effects if isinstance(e, Hurt))
    bob = game.state.players[BOB]
    assert (bob.damage, list(bob.skips)) == (lost + hurt, [e.phase for e in effects if isinstance(e, Skip)])
    assert game.state.players[ANN].damage == after_heals(effects, 2)
    assert dice_left(game) == ()


@pytest.mark.parametrize("card_id", members("on-frag triggers"))
def test_an_on_frag_trigger_acts_when_its_holder_scores_a_frag(card_id: str) -> None:
    """Ann (Accuracy 1: 1 attack) plays the card and frags Bob: she scores, draws a special, and the trigger
    gives her its attacks at once."""
    card = CARDS[card_id]
    effects = [e for t in effects_of(card, Trigger) if t.on == "frag" for e in t.effects]
    game = scenario(
        [fighter("Ann", "1,2", accuracy=1, hand=[card_id]), fighter("Bob", "1,3", health=1)],
        phase="action",
        decks={"specials": ["dodge"]},
        dice=[1, 1, 6, 6],
    )
    game.play([f"play {card_id}#1", "attack 1 pistol", "pass"])
    assert game.state.turn.attacks == 0
    game.play(["pass"])  # Bob's last chance: no cure
    assert (game.state.players[BOB].status, game.state.players[ANN].frags) == (Status.FRAGGED, 1)
    assert game.state.players[ANN].hand == ["dodge#1"]
    assert game.state.turn.attacks == sum(e.count for e in effects if isinstance(e, ExtraAttack))
    assert dice_left(game) == ()


@pytest.mark.parametrize("card_id", members("turn-start triggers"))
def test_a_turn_start_trigger_acts_as_its_holders_turn_begins(card_id: str) -> None:
    """Ann (Health 4, 3 lost; shotgun 2 of 6, rocket launcher full, heavy beam pistol unlimited) plays the
    card. Bob's turn start does nothing to her; at hers it heals or reloads (Bob's machine gun untouched)."""
    card = CARDS[card_id]
    effects = [e for t in effects_of(card, Trigger) if t.on == "turn_start" for e in t.effects]
    weapons = [{"card": "shotgun", "ammo": 2}, "rocket-launcher", "heavy-beam-pistol"]
    game = scenario(
        [
            fighter("Ann", "1,2", health=4, damage=3, hand=[card_id], weapons=weapons),
            fighter("Bob", "1,6", weapons=[{"card": "machine-gun", "ammo": 1}]),
        ],
        phase="action",
        dice=[1, 1],
    )

    def state() -> tuple[int, list[int | None], list[int | None]]:
        ann, bob = game.state.players
        return ann.damage, [e.ammo for e in ann.weapons], [e.ammo for e in bob.weapons]

    game.play([f"play {card_id}#1", "end"])
    assert state() == (3, [2, 3, None], [1])
    game.play(["roll", "end"])
    damage, ammo = 3, [2, 3, None]
    for e in effects:
        if isinstance(e, Heal):
            damage -= damage if e.amount is None else min(e.amount, damage)
        elif isinstance(e, Reload):
            ammo = [
                a if a is None else (full if e.amount is None else min(full, a + e.amount))
                for a, full in zip(ammo, [6, 3, None], strict=True)
            ]
    assert (game.state.turn.active, state()) == (ANN, (damage, ammo, [1]))
    assert dice_left(game) == ()


# -- durations ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("card_id", members("durations"))
def test_a_timed_card_leaves_play_when_its_owners_turns_run_out__F_CARD_08(card_id: str) -> None:
    """Ann plays the card (on Bob, if it is played on another fighter). It is in play through Bob's turns;
    each of Ann's turn starts counts one, and at the `duration`-th it is discarded."""
    card = CARDS[card_id]
    instance = f"{card_id}#1"
    duration = card.duration
    assert duration is not None
    game = scenario(
        [fighter("Ann", "1,2", hand=[card_id], weapons=["shotgun"]), fighter("Bob", "1,8")], dice=[1] * POOL
    )
    events = [] if plays(game, instance) else game.play(["roll"])  # played before the roll, or in phase 3
    play = sorted(plays(game, instance))[0]  # the only one, or onto the shotgun
    if card.played_on == "other":
        assert plays(game, instance) == {f"play {instance} on 1"}
        play = f"play {instance} on 1"
    holder = BOB if card.played_on == "other" else ANN
    events += game.play([play])
    if game.state.turn.phase is Phase.ROLL:
        events += game.play(["roll"])
    for turn in range(1, duration + 1):
        events += game.play(["end"])
        held = entry(game, holder, instance)
        assert held is not None and held.turns_left == duration - turn + 1  # Bob's turn start does not count
        events += game.play(["roll", "end"])
        assert game.state.turn.active == ANN
        held = entry(game, holder, instance)
        if turn < duration:
            assert held is not None and held.turns_left == duration - turn
            events += game.play(["roll"])
        else:
            assert held is None
    assert instance not in in_play(game, ANN) + in_play(game, BOB)
    assert discards(game, card) == [instance]
    assert [e.card for e in events if e.kind is FragEventKind.EXPIRED] == [instance]
    rolled = [e.roll for e in events if e.kind is FragEventKind.MOVEMENT_ROLLED and e.roll is not None]
    assert len(rolls(events)) == len(rolled)  # nothing but the movement rolls
    assert len(dice_left(game) or ()) == POOL - sum(len(r.dice) for r in rolled)


# -- the whole set --------------------------------------------------------------------------------------------------


def test_every_card_does_only_what_a_group_tests() -> None:
    """A card with a feature no group plays (a new effect, a new use of one) fails here."""
    covered = frozenset().union(*GROUPS.values())
    untested = {card.id: sorted(features(card) - covered) for card in CARDS if features(card) - covered}
    assert untested == {}
    assert [card.id for card in CARDS if not any(features(card) & g for g in GROUPS.values())] == []
    assert all(members(group) for group in GROUPS), [group for group in GROUPS if not members(group)]


def documented_composition() -> dict[str, tuple[str, int]]:
    """id → (deck, copies) from the tables of docs/card-format.md, section "The shipped set"."""
    text = (ROOT / "docs" / "card-format.md").read_text(encoding="utf-8")
    section = text.split("## The shipped set", 1)[1]
    table: dict[str, tuple[str, int]] = {}
    deck = None
    for line in section.splitlines():
        if heading := re.match(r"^### (Weapons|Gadgets|Specials)\b", line):
            deck = heading[1].lower()
        elif row := re.match(r"^\|[^|]+\| `([a-z0-9-]+)` \| (\d+) \|", line):
            assert deck is not None and row[1] not in table, line
            table[row[1]] = (deck, int(row[2]))
    return table


def test_the_decks_hold_112_cards_as_documented__F_SETUP_02() -> None:
    """112 cards: 40 weapons, 40 gadgets, 32 specials; every card's deck and copies as the table says."""
    counts = {deck: len(CARDS.instances(deck)) for deck in CARDS.decks}
    assert counts == {"weapons": 40, "gadgets": 40, "specials": 32}
    assert sum(counts.values()) == 112
    assert {card.id: (card.deck, card.copies) for card in CARDS} == documented_composition()
