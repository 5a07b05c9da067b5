"""The six fighters of Frag Deadlands: record sheets, drawbacks and "Cheatin'" (D-FTR-01..05, D-FTR-07).

Each ability is played in a scenario (`ruleset = "deadlands"`, a `character` per fighter) with
scripted dice, on a card set of its own: base Frag's cards plus the few Deadlands cards the abilities
name (a hexes deck, Hoyle's Book of Games, a revolver and a Gatling pistol card), so that the tests do
not hang on the shipped Deadlands set. The Saloon Gal's extra die is in test_fighters_saloon_gal.py.
"""

from __future__ import annotations

import textwrap
from fractions import Fraction

import pytest

from fragtui.content.library import card_set
from fragtui.engine.cards import FRAG_DECKS, CardDef, CardKind, CardSet, DeckDef, Heal, Use
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.abilities import Abilities
from fragtui.engine.deadlands.actions import Cheat
from fragtui.engine.deadlands.roster import CHARACTERS, Character, sheet_of
from fragtui.engine.decisions import decision_class
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack, Respawn, RollMovement
from fragtui.engine.frag.decisions import DiscardDown
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import Status
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset
from fragtui.errors import ConfigError, IllegalActionError
from tests.conftest import game_from

HEXES = DeckDef(name="hexes", singular="hex", plural="hexes", deals=CardKind.SPECIAL)
"""The Deadlands hexes deck (D-CARD-02)."""

EXTRA_CARDS = (
    CardDef(
        id="soul-blast",
        deck="hexes",
        kind=CardKind.SPECIAL,
        name="Soul Blast",
        use=Use.ONCE,
        copies=3,
        effects=(Heal(amount=1),),
    ),
    CardDef(id="trick-hex", deck="hexes", kind=CardKind.SPECIAL, name="Trick Hex", use=Use.ONCE, copies=2),
    CardDef(id="hex-joker", deck="hexes", kind=CardKind.SPECIAL, name="Joker", joker=True),
    CardDef(
        id="hoyles-book-of-games",
        deck="gadgets",
        kind=CardKind.GADGET,
        name="Hoyle's Book of Games",
        letter="M",
        copies=2,
    ),
    CardDef(id="revolver", deck="weapons", kind=CardKind.WEAPON, name="Revolver", damage=2, ammo=6, family="revolver"),
    CardDef(
        id="gatling-pistol",
        deck="weapons",
        kind=CardKind.WEAPON,
        name="Gatling Pistol",
        damage=3,
        ammo=6,
        family="gatling",
    ),
)


def fighter_cards() -> CardSet:
    """Base Frag's cards, a hexes deck and the Deadlands cards the fighters' abilities name."""
    return CardSet([*card_set(("",)), *EXTRA_CARDS], (*FRAG_DECKS, HEXES))


CARDS = fighter_cards()


def deadlands(scenario: str) -> Game:
    """A Frag Deadlands game set up by a scenario (TOML, docs/scenarios.md) on the fighters' card set."""
    return game_from('ruleset = "deadlands"\n' + textwrap.dedent(scenario), CARDS)


def rules(game: Game) -> Abilities:
    assert isinstance(game.rules, Abilities)
    return game.rules


def texts(events: list) -> list[str]:
    return [event.text for event in events]


def two(first: str, second: str, *, dice: str = "[]", extra: str = "", ann: str = "", bob: str = "") -> str:
    """Ann (`first`) at 2,4 and Bob (`second`) at 2,8 (range 4, in sight), Ann in phase 3."""
    return f"""
    dice = {dice}
    phase = "action"
    movement = 0
    {extra}
    [[fighter]]
    name = "Ann"
    character = "{first}"
    health = 2
    speed = 2
    accuracy = 3
    at = "2,4"
    {ann}

    [[fighter]]
    name = "Bob"
    character = "{second}"
    health = 2
    speed = 2
    accuracy = 3
    at = "2,8"
    {bob}
    """


# -- D-FTR-01: six unique fighters, one per player --------------------------------------------------


def _seats(*characters: str | None) -> list[dict[str, object]]:
    design = {"health": 3, "speed": 2, "accuracy": 2}
    return [
        {"name": f"P{n}", "fighter": design, **({} if c is None else {"character": c})}
        for n, c in enumerate(characters, 1)
    ]


def test_six_unique_fighters_one_per_player__D_FTR_01() -> None:
    """All six may play together; two players may not play the same fighter, nor one play none or another."""
    config = make_config(ruleset="deadlands", map="town", seats=_seats(*(c.value for c in Character)))
    assert [seat.character for seat in config.seats] == [c.value for c in Character]
    with pytest.raises(ConfigError, match="both play the Huckster"):
        make_config(ruleset="deadlands", map="town", seats=_seats("huckster", "saloon-gal", "huckster"))
    with pytest.raises(ConfigError, match="P2 has no fighter"):
        make_config(ruleset="deadlands", map="town", seats=_seats("huckster", None))
    with pytest.raises(ConfigError, match="the fighters are"):
        make_config(ruleset="deadlands", map="town", seats=_seats("huckster", "gambler"))
    with pytest.raises(ConfigError, match="has no characters"):  # base Frag has no roster
        make_config(ruleset="frag", map="town", seats=_seats("huckster", "saloon-gal"))


def test_seven_points_one_to_four_each_still_hold__D_FTR_01() -> None:
    """A Deadlands fighter still divides 7 points between Health, Speed and Accuracy, 1 to 4 each."""
    seats = _seats("huckster", "saloon-gal")
    seats[0]["fighter"] = {"health": 5, "speed": 1, "accuracy": 1}
    with pytest.raises(ConfigError):
        make_config(ruleset="deadlands", map="town", seats=seats)
    seats[0]["fighter"] = {"health": 3, "speed": 3, "accuracy": 3}
    with pytest.raises(ConfigError):
        make_config(ruleset="deadlands", map="town", seats=seats).check_designs()


def test_random_seats_give_each_player_a_different_fighter__D_FTR_01() -> None:
    import random

    for seed in range(20):
        seats = find_ruleset("deadlands").random_seats(random.Random(seed), 6)
        assert sorted(str(s["character"]) for s in seats) == sorted(c.value for c in Character)


def test_every_record_sheet_has_a_drawback_a_cheatin_and_starting_gear__D_FTR_01() -> None:
    assert [sheet.character for sheet in CHARACTERS] == list(Character)
    for sheet in CHARACTERS:
        assert sheet.drawback and sheet.cheatin and sheet.gear and sheet.title and sheet.portrait
    weapons = {sheet.character: (sheet.weapon.name, sheet.weapon.damage) for sheet in CHARACTERS}
    assert weapons == {
        Character.AGENCY_OPERATIVE: ("Gatling Pistol", 3),
        Character.MAD_SCIENTIST: ("Pistol", 2),
        Character.HUCKSTER: ("Pistol", 2),
        Character.HARROWED_GUNSLINGER: ("Revolver", 2),
        Character.SALOON_GAL: ("Derringer", 2),
        Character.INDIAN_BRAVE: ("Bow & Arrows", 2),
    }


@pytest.mark.parametrize("character", list(Character))
def test_the_starting_weapon_is_the_record_sheets__D_FTR_01(character: Character) -> None:
    """The sheet's weapon is fired as `pistol`: the view names it and counts its dice, the log names it."""
    other = Character.HUCKSTER if character is not Character.HUCKSTER else Character.SALOON_GAL
    sheet = sheet_of(character)
    dice = sheet.weapon.damage
    # Ann hits at range 4 with 6 (3 dice), Bob defends with 1+1, Ann rolls her weapon's damage dice: all 6s.
    game = deadlands(two(character.value, other.value, dice=f"[2, 2, 2, 1, 1, {', '.join(['6'] * dice)}]"))
    gun = game.view(0).fighters[0].guns[0]
    assert (gun.weapon, gun.name, gun.damage) == ("pistol", sheet.weapon.name, dice)
    events = game.play(["attack 1 pistol", "pass"])  # (Bob plays no reaction card)
    assert f"Ann attacks Bob with {sheet.weapon.name} at range 4" in texts(events)
    damage = next(e.roll for e in events if e.roll is not None and e.roll.reason.startswith("damage"))
    assert damage.reason == f"damage ({sheet.weapon.name}, {dice} dice)"
    assert len(damage.dice) == dice
    assert any(f"Bob loses {6 * dice // 2} Health to Ann's {sheet.weapon.name}" in t for t in texts(events))


def test_base_frag_still_fires_the_pistol__D_FTR_01() -> None:
    """The seam leaves Frag as it was: the Pistol, 2 dice."""
    game = game_from(
        """
        dice = [6, 6, 6, 1, 1, 6, 6]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    assert game.view(0).fighters[0].guns[0].name == "Pistol"
    events = game.play(["attack 1 pistol", "pass"])
    assert "Ann attacks Bob with Pistol at range 4" in texts(events)
    assert any(t.startswith("Bob loses 6 Health to Ann's Pistol") for t in texts(events))


# -- D-FTR-02: the Agency Operative ------------------------------------------------------------------


def test_the_agency_operatives_hand_limit_is_four__D_FTR_02() -> None:
    """He discards down to 4 at the end of his turn; with 4 he keeps them all; others keep 5."""
    hand = 'hand = ["medpack", "field-dressing", "trauma-kit", "stun-gun", "shotgun"]'
    game = deadlands(two("agency-operative", "huckster", ann=hand, dice="[1]"))
    assert game.view(0).fighters[0].hand_limit == 4
    game.play(["end"])
    assert isinstance(game.state.pending[-1], DiscardDown)
    assert decision_class(game.view(0).decision).prompt(game.view(0)) == "discard down to 4 cards"
    game.play(["discard medpack#1"])
    assert len(game.state.players[0].hand) == 4
    assert game.state.turn.active == 1  # (the Huckster's turn began: his Hoyle's roll, a 1, drew nothing)

    four = 'hand = ["medpack", "field-dressing", "trauma-kit", "stun-gun"]'
    game = deadlands(two("agency-operative", "huckster", ann=four, dice="[1]"))
    game.play(["end"])
    assert game.state.turn.active == 1 and not game.state.pending

    game = deadlands(two("saloon-gal", "agency-operative", ann=hand))
    assert game.view(0).fighters[0].hand_limit == 5
    game.play(["end"])
    assert game.state.turn.active == 1 and len(game.state.players[0].hand) == 5


def test_the_operative_rerolls_ones_on_his_gatling_pistol__D_FTR_02() -> None:
    """To-hit 1+1+2 at range 4 would miss; each 1 is rolled again once (5, 1: a rerolled 1 stands) and he
    hits; the damage roll's 1 is rolled again too. The log shows both rolls and says he cheats."""
    # to hit 1,1,2 -> rerolls 5,1 -> 5+1+2 = 8; defence 1,1; damage 6,1,6 -> reroll 6 -> 18 // 2 = 9
    game = deadlands(two("agency-operative", "huckster", dice="[1, 1, 2, 5, 1, 1, 1, 6, 1, 6, 6]"))
    events = game.play(["attack 1 pistol", "pass"])
    lines = texts(events)
    assert "Ann cheats (Agency Operative: 1s rolled again): to hit (3 Accuracy dice, range 4): 5+1+2 = 8" in lines
    assert "Ann hits Bob (rolled 8 against range 4)" in lines
    assert "Ann cheats (Agency Operative: 1s rolled again): damage (Gatling Pistol, 3 dice): 6+6+6 = 18" in lines
    assert any(t.startswith("Bob loses 9 Health to Ann's Gatling Pistol") for t in lines)
    rerolls = [
        e.roll.reason for e in events if e.kind is CommonEventKind.DICE_ROLLED and e.roll and "again" in e.roll.reason
    ]
    assert rerolls == ["Cheatin': the 2 1s rolled again", "Cheatin': the 1 rolled again"]


@pytest.mark.parametrize(("card", "rerolled"), [("revolver", True), ("gatling-pistol", True), ("shotgun", False)])
def test_the_operative_rerolls_ones_only_on_revolvers_and_gatlings__D_FTR_02(card: str, rerolled: bool) -> None:
    """Weapon cards of the `revolver` and `gatling` families, not others."""
    # to hit 1,2,3 (6, a hit at range 4); with a reroll the 1 becomes 4
    game = deadlands(
        two("agency-operative", "huckster", ann=f'weapons = ["{card}"]', dice="[1, 2, 3, 4, 6, 6, 6, 6, 6]")
    )
    names = [gun.name for gun in game.view(0).fighters[0].guns]
    assert names == ["Gatling Pistol", rules(game).card_name(f"{card}#1")]
    events = game.play([f"attack 1 {card}#1"])
    cheated = [t for t in texts(events) if "cheats" in t]
    assert bool(cheated) is rerolled
    expected = "rolled 9 against range 4" if rerolled else "rolled 6 against range 4"
    assert any(expected in t for t in texts(events))


def test_no_one_else_rerolls_ones__D_FTR_02() -> None:
    """The Harrowed Gunslinger's revolver is not the Operative's: his 1s stand."""
    game = deadlands(two("harrowed-gunslinger", "huckster", dice="[1, 1, 1]"))
    events = game.play(["attack 1 pistol"])
    assert "Ann misses Bob (rolled 3 against range 4)" in texts(events)
    assert not any("cheats" in t for t in texts(events))


# -- D-FTR-03: the Mad Scientist ----------------------------------------------------------------------


def test_the_mad_scientists_weapons_in_play_are_at_most_his_health__D_FTR_03() -> None:
    """Health 2: two weapons in play, and no third may enter from the hand; anyone else's third may."""
    ann = 'weapons = ["shotgun", "stun-gun"]\n    hand = ["double-barrel"]'
    game = deadlands(two("mad-scientist", "huckster", ann=ann))
    assert game.view(0).fighters[0].weapon_slots == 2
    assert Attack(target=1, weapon="double-barrel#1") not in game.legal_actions()
    assert all(not (a.kind == "play" and "double-barrel" in str(a)) for a in game.legal_actions())
    game = deadlands(two("huckster", "mad-scientist", ann=ann))
    assert game.view(0).fighters[0].weapon_slots == 3
    assert Attack(target=1, weapon="double-barrel#1") in game.legal_actions()


@pytest.mark.parametrize(
    ("character", "face", "draws"),
    [
        ("mad-scientist", 3, True),
        ("mad-scientist", 2, False),
        ("agency-operative", 3, False),
        ("agency-operative", 4, True),
        ("huckster", 4, False),
        ("huckster", 5, True),
    ],
)
def test_power_up_thresholds__D_FTR_03_D_FTR_04(character: str, face: int, draws: bool) -> None:
    """The Mad Scientist's power-up checks succeed on 3-6, the Huckster's only on 5-6, others' on 4-6."""
    # The gadget power-up G of the pocket map is at 2,5: one step south of Ann.
    game = deadlands(
        two(character, "saloon-gal", dice=f"[{face}]", extra='decks.gadgets = ["medpack"]').replace(
            "movement = 0", "movement = 1"
        )
    )
    events = game.play(["step s"])
    assert any(e.kind is CommonEventKind.CARD_DRAWN for e in events) is draws
    assert (game.state.players[0].hand == ["medpack#1"]) is draws


@pytest.mark.parametrize(("face", "draws"), [(3, True), (6, True), (2, False)])
def test_the_mad_scientist_rolls_for_a_gadget_at_each_turn_start__D_FTR_03(face: int, draws: bool) -> None:
    game = deadlands(
        two("saloon-gal", "mad-scientist", dice=f"[{face}]", extra='decks.gadgets = ["medpack", "trauma-kit"]')
    )
    events = game.play(["end"])
    rolls = [e.roll for e in events if e.roll is not None]
    assert [r.reason for r in rolls] == ["the Mad Scientist's gadget roll (3-6 draws a gadget card)"]
    assert (game.state.players[1].hand == ["medpack#1"]) is draws


def test_the_mad_scientist_rolls_for_a_gadget_when_he_respawns__D_FTR_03() -> None:
    """A fragged Mad Scientist's turn starts when he is back on the board: then he rolls."""
    game = deadlands(
        """
        dice = [2, 4]
        decks.gadgets = ["medpack"]
        [[fighter]]
        name = "Ann"
        character = "mad-scientist"
        [[fighter]]
        name = "Bob"
        character = "huckster"
        at = "2,8"
        """
    )
    assert game.state.turn.phase == "respawn"
    game.play(["respawn"])  # respawn point 2, then the gadget roll: 4
    assert game.state.players[0].hand == ["medpack#1"]


# -- D-FTR-04: the Huckster ------------------------------------------------------------------------------


HUCKSTER_HAND = 'hand = ["medpack", "shotgun", "trick-hex"]'


def test_the_huckster_swaps_two_cards_for_the_top_hex_of_the_discard_pile__D_FTR_04() -> None:
    game = deadlands(
        two("huckster", "saloon-gal", ann=HUCKSTER_HAND, extra='discards.hexes = ["soul-blast", "trick-hex"]')
    )
    cheats = [a for a in game.legal_actions() if isinstance(a, Cheat)]
    assert [str(a) for a in cheats] == [
        "cheat medpack#1 shotgun#1",
        "cheat medpack#1 trick-hex#1",
        "cheat shotgun#1 trick-hex#1",
    ]
    events = game.play(["cheat medpack#1 shotgun#1"])
    ann = game.state.players[0]
    assert ann.hand == ["trick-hex#1", "trick-hex#2"]  # the top of the pile is the last card put on it
    assert game.state.decks.discard["hexes"] == ["soul-blast#1"]
    assert game.state.decks.discard["gadgets"] == ["medpack#1"]
    assert game.state.decks.discard["weapons"] == ["shotgun#1"]
    assert texts(events) == [
        "Ann cheats (Huckster): discards Medpack and Shotgun and takes Trick Hex from the hexes discard pile"
    ]
    assert (
        game.card_count()
        == deadlands(
            two("huckster", "saloon-gal", ann=HUCKSTER_HAND, extra='discards.hexes = ["soul-blast", "trick-hex"]')
        ).card_count()
    )


def test_the_huckster_takes_the_hex_that_was_on_top_not_his_own_discard__D_FTR_04() -> None:
    """Two hexes discarded go under nothing: he takes the card that was on top when he cheated."""
    ann = 'hand = ["trick-hex", "soul-blast"]'
    game = deadlands(two("huckster", "saloon-gal", ann=ann, extra='discards.hexes = ["soul-blast"]'))
    game.play(["cheat trick-hex#1 soul-blast#1"])
    assert game.state.players[0].hand == ["soul-blast#2"]
    assert game.state.decks.discard["hexes"] == ["trick-hex#1", "soul-blast#1"]


def test_the_huckster_cheats_in_phase_2_too__D_FTR_04() -> None:
    game = deadlands(
        two("huckster", "saloon-gal", ann=HUCKSTER_HAND, extra='discards.hexes = ["soul-blast"]').replace(
            'phase = "action"', 'phase = "roll"'
        )
    )
    assert Cheat(cards=("medpack#1", "shotgun#1")) in game.legal_actions()
    assert RollMovement() in game.legal_actions()


def test_no_swap_without_a_hex_to_take_two_cards_or_the_huckster__D_FTR_04() -> None:
    game = deadlands(two("huckster", "saloon-gal", ann=HUCKSTER_HAND))
    assert not any(isinstance(a, Cheat) for a in game.legal_actions())
    before = game.state.model_copy(deep=True)
    with pytest.raises(IllegalActionError, match="no hex on top of the hexes discard pile"):
        game.play(["cheat medpack#1 shotgun#1"])
    assert game.state == before

    game = deadlands(two("huckster", "saloon-gal", ann='hand = ["medpack"]', extra='discards.hexes = ["soul-blast"]'))
    assert not any(isinstance(a, Cheat) for a in game.legal_actions())

    # A joker on top of the pile is no hex (ruling D-FTR-04); under it, the hex is out of reach.
    pile = 'discards.hexes = ["soul-blast", "hex-joker"]'
    game = deadlands(two("huckster", "saloon-gal", ann=HUCKSTER_HAND, extra=pile))
    assert not any(isinstance(a, Cheat) for a in game.legal_actions())

    game = deadlands(two("saloon-gal", "huckster", ann=HUCKSTER_HAND, extra='discards.hexes = ["soul-blast"]'))
    assert not any(isinstance(a, Cheat) for a in game.legal_actions())
    with pytest.raises(IllegalActionError, match="only the Huckster cheats in his own turn"):
        game.play(["cheat medpack#1 shotgun#1"])


def test_the_huckster_is_dealt_a_hex_at_set_up__D_FTR_04() -> None:
    """With the shipped Deadlands set: the Huckster alone is dealt a hex, besides everyone's three cards."""
    from fragtui.content.library import new_game

    seats = _seats("huckster", "saloon-gal", "harrowed-gunslinger")
    game = new_game(make_config(ruleset="deadlands", map="town", seats=seats), 7)
    hexes = [sum(game.cards[card].deck == "hexes" for card in player.hand) for player in game.state.players]
    assert hexes == [1, 0, 0]
    assert any(e.kind is CommonEventKind.CARD_DRAWN and "the Huckster's hex" in e.text for e in game.opening)


@pytest.mark.parametrize(("face", "draws"), [(5, True), (6, True), (4, False)])
def test_hoyles_book_draws_a_hex_at_the_hucksters_turn_start__D_FTR_04(face: int, draws: bool) -> None:
    game = deadlands(two("saloon-gal", "huckster", dice=f"[{face}]", extra='decks.hexes = ["trick-hex"]'))
    events = game.play(["end"])
    assert [e.roll.reason for e in events if e.roll] == ["Hoyle's Book of Games (5-6 draws a hex card)"]
    assert (game.state.players[1].hand == ["trick-hex#1"]) is draws


def test_hoyles_book_in_play_draws_hexes_for_anyone_who_may_use_them__D_FTR_04() -> None:
    """The gadget in the Indian Brave's play area rolls for him; nobody else rolls at his turn start."""
    game = deadlands(
        two(
            "saloon-gal",
            "indian-brave",
            dice="[6]",
            bob='gadgets = ["hoyles-book-of-games"]',
            extra='decks.hexes = ["trick-hex"]',
        )
    )
    assert rules(game).may_use_hexes(1)
    game.play(["end"])
    assert game.state.players[1].hand == ["trick-hex#1"]
    game = deadlands(two("saloon-gal", "indian-brave", extra='decks.hexes = ["trick-hex"]'))
    events = game.play(["end"])  # no dice scripted: no roll at all
    assert not [e for e in events if e.roll]


# -- D-FTR-05: the Harrowed Gunslinger --------------------------------------------------------------


def test_the_gunslinger_may_not_use_hoyles_book_or_hexes__D_FTR_05() -> None:
    game = deadlands(
        two(
            "saloon-gal",
            "harrowed-gunslinger",
            bob='gadgets = ["hoyles-book-of-games"]',
            extra='decks.hexes = ["trick-hex"]',
        )
    )
    abilities = rules(game)
    assert abilities.has_hoyles_book(1) and not abilities.may_use_hexes(1)
    events = game.play(["end"])  # his turn starts with Hoyle's Book in play, and no roll (no dice scripted)
    assert not [e for e in events if e.roll] and game.state.players[1].hand == []
    assert abilities.may_use_hexes(0) is False  # the Saloon Gal without the book
    assert rules(deadlands(two("huckster", "saloon-gal"))).may_use_hexes(0)


GRAVE = """
dice = DICE
decks.weapons = ["shotgun", "stun-gun"]
[[fighter]]
name = "Ann"
character = "CHARACTER"
status = "STATUS"
[[fighter]]
name = "Bob"
character = "huckster"
at = "2,8"
"""


def test_the_gunslinger_chooses_his_grave_and_draws_a_weapon__D_FTR_05() -> None:
    game = deadlands(
        GRAVE.replace("DICE", "[]").replace("CHARACTER", "harrowed-gunslinger").replace("STATUS", "fragged")
    )
    assert game.legal_actions() == [Respawn(point=point) for point in game.board.respawn_points]
    events = game.play(["respawn 3"])  # no die rolled: none scripted
    ann = game.state.players[0]
    assert ann.square == game.board.respawn_points[3] and ann.status is Status.IN_PLAY
    assert ann.hand == ["shotgun#1"]
    assert "Ann respawns on respawn point 3" in texts(events)
    assert any(e.kind is CommonEventKind.CARD_DRAWN and "back from the grave" in (e.private_text or "") for e in events)
    with pytest.raises(
        IllegalActionError, match=r"Ann \(the Harrowed Gunslinger\) chooses his grave: name the respawn point"
    ):
        deadlands(
            GRAVE.replace("DICE", "[3]").replace("CHARACTER", "harrowed-gunslinger").replace("STATUS", "fragged")
        ).play(["respawn"])


def test_others_roll_for_the_respawn_point_and_draw_nothing__D_FTR_05() -> None:
    game = deadlands(GRAVE.replace("DICE", "[3]").replace("CHARACTER", "saloon-gal").replace("STATUS", "fragged"))
    assert game.legal_actions() == [Respawn()]
    game.play(["respawn"])
    assert game.state.players[0].hand == []


def test_the_gunslinger_taken_out_of_play_chooses_but_draws_nothing__D_FTR_05() -> None:
    """Ruling D-FTR-05: the free weapon comes with a return from the grave, after a frag only."""
    game = deadlands(
        GRAVE.replace("DICE", "[]").replace("CHARACTER", "harrowed-gunslinger").replace("STATUS", "out of play")
    )
    game.play(["respawn 4"])
    assert game.state.players[0].hand == []


# -- D-FTR-07: the Indian Brave ------------------------------------------------------------------------


def test_the_indian_brave_is_always_hangable__D_FTR_07() -> None:
    game = deadlands(two("indian-brave", "saloon-gal"))
    assert rules(game).always_hangable(0) and not rules(game).always_hangable(1)
    game = deadlands(two("huckster", "agency-operative"))
    assert not rules(game).always_hangable(0) and not rules(game).always_hangable(1)


@pytest.mark.parametrize(
    ("character", "card", "healed"),
    [
        ("indian-brave", "field-dressing", 2),
        ("indian-brave", "medpack", 3),
        ("indian-brave", "trauma-kit", 3),
        ("saloon-gal", "field-dressing", 1),
        ("saloon-gal", "medpack", 2),
    ],
)
def test_every_healing_card_heals_the_brave_one_more__D_FTR_07(character: str, card: str, healed: int) -> None:
    ann = f'damage = 3\n    hand = ["{card}"]'
    game = deadlands(two(character, "huckster", ann=ann).replace("health = 2", "health = 4", 1))
    events = game.play([f"play {card}#1"])
    assert game.state.players[0].damage == 3 - healed
    assert any(e.kind is FragEventKind.HEALED and e.amount == healed for e in events)


def test_a_turn_start_healing_card_heals_the_brave_one_more__D_FTR_07() -> None:
    bob = 'damage = 3\n    gadgets = ["regenerator"]'
    game = deadlands(two("saloon-gal", "indian-brave", bob=bob).replace("health = 2", "health = 4"))
    game.play(["end"])
    assert game.state.players[1].damage == 1


def test_the_brave_cures_himself_with_a_card_only_his_bonus_makes_enough__D_FTR_07() -> None:
    """Health -1 after a hit (3 lost of 2): a Field Dressing restores 2 for the Brave and saves him."""
    for character, saved in (("indian-brave", True), ("agency-operative", False)):
        game = deadlands(
            f"""
            dice = [6, 6, 6, 1, 1, 6, 1]
            phase = "action"
            [[fighter]]
            name = "Ann"
            character = "huckster"
            accuracy = 3
            at = "2,4"
            [[fighter]]
            name = "Bob"
            character = "{character}"
            health = 2
            at = "2,8"
            hand = ["field-dressing"]
            """
        )
        game.play(["attack 1 pistol", "pass"])  # Bob plays no reaction; 7 against 2: 3 lost, Health -1
        assert game.state.pending[-1].kind == "last_chance"
        offered = "play field-dressing#1" in [str(a) for a in game.legal_actions()]
        assert offered is saved
        if saved:
            game.play(["play field-dressing#1"])
            assert game.state.players[1].status is Status.IN_PLAY and rules(game).health(1) == 1


def _brute_force(attack: int, defence: int, rerolled: bool) -> dict[int, Fraction]:
    """P(Health lost) by trying every face of every die (and every reroll of a 1), no convolution."""
    from itertools import product

    from fragtui.engine.odds import health_lost

    faces = [(f, Fraction(1, 6)) for f in range(1, 7)]
    if rerolled:  # a 1 is rolled again once: 1 in 36 it stays 1, else 1/6 + 1/36 each
        faces = [(1, Fraction(1, 36)), *((f, Fraction(7, 36)) for f in range(2, 7))]
    plain = [(f, Fraction(1, 6)) for f in range(1, 7)]
    found: dict[int, Fraction] = {}
    for hit in product(faces, repeat=attack):
        for block in product(plain, repeat=defence):
            p = Fraction(1)
            for _, q in (*hit, *block):
                p *= q
            lost = health_lost(sum(f for f, _ in hit), sum(f for f, _ in block))
            found[lost] = found.get(lost, Fraction(0)) + p
    return found


@pytest.mark.parametrize(("character", "rerolled"), [("agency-operative", True), ("saloon-gal", False)])
def test_the_forecast_counts_the_operatives_rerolled_ones__D_FTR_02(character: str, rerolled: bool) -> None:
    """Accuracy 1 at range 2: 5/6 with a plain die, 35/36 when a 1 is rolled again; the damage odds of
    his Gatling Pistol (3 dice) against 2 defence dice are exactly those of dice that reroll a 1."""
    scenario = two(character, "huckster").replace("accuracy = 3", "accuracy = 1", 1).replace('"2,8"', '"2,6"')
    game = deadlands(scenario)
    forecast = game.forecast(Attack(target=1, weapon="pistol"))
    assert forecast.p_hit == (Fraction(35, 36) if rerolled else Fraction(5, 6))
    dice = sheet_of(character).weapon.damage
    assert forecast.lost_if_hit == _brute_force(dice, 2, rerolled)
    assert sum(forecast.lost_if_hit.values()) == 1
