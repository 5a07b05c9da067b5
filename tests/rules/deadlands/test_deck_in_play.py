"""Frag Deadlands' cards in play, with the shipped Deadlands set and scripted dice: jokers drawn in play
(D-CARD-03), who may play hexes and losing them (D-CARD-02), weapon malfunctions (D-CARD-05), armor
that combines (D-ARM-01), the fragged procedure (D-RESP-01) and mixing sets (D-CARD-06).

Every scenario is played through `apply` (a die the rules do not call for fails the test, and every
test checks no scripted die is left over). The board is open, 5x5, respawn points in the corners:

    y0 |1 . . . 2|
    y1 |. . . . .|
    y2 |. . . . .|
    y3 |. . . . .|
    y4 |3 . . . 4|

An attack here rolls, in order: the attacker's Accuracy dice to hit; after a hit the target may react
(`pass`); then the target's defence dice (his Health) and the weapon's damage dice.
"""

from __future__ import annotations

import random
import textwrap

import pytest

from fragtui.content.library import card_set, new_game
from fragtui.engine.actions import Pass
from fragtui.engine.cards import CardDef, CardKind
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.deck import DeckRules
from fragtui.engine.deadlands.deck_decisions import JokerDraw
from fragtui.engine.deadlands.events import DeadlandsEventKind
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.deadlands.rules import DeadlandsRules
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack, DrawFrom, PlayCard
from fragtui.engine.frag.decisions import ChooseFromPile, LastChance, React
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.frag.state import CounterKind, Status
from fragtui.engine.game import Game
from fragtui.engine.harness import play_random_game
from fragtui.errors import IllegalActionError
from tests.conftest import game_from
from tests.rules.deadlands.common import OPEN, assert_dice_used, texts


def deadlands(body: str) -> Game:
    """A Deadlands game on the open board with the shipped Deadlands cards, set up by `body` (a scenario)."""
    return game_from(f'ruleset = "deadlands"\nmap_text = """{OPEN}"""\n' + textwrap.dedent(body))


def rules(game: Game) -> DeckRules:
    assert isinstance(game.rules, DeckRules)
    return game.rules


ANN_ATTACKS_BOB = """
phase = "action"
attacks = 2
dice = {dice}

[[fighter]]
name = "Ann"
character = "indian-brave"
at = "0,0"
weapons = [{weapon}]

[[fighter]]
name = "Bob"
character = "mad-scientist"
health = 4
speed = 1
accuracy = 2
at = "0,2"
"""
"""Ann (the Indian Brave, Accuracy 3) attacks Bob (Health 4) at range 2 with `weapon`: to-hit 6-6-6, then
Bob's four defence dice and the damage dice."""


def attack_game(weapon: str, dice: list[int]) -> Game:
    return deadlands(ANN_ATTACKS_BOB.format(weapon=weapon, dice=dice))


# -- D-CARD-05: malfunctions -------------------------------------------------------------------------------


def test_d_card_05_a_jam_stops_the_weapon_for_the_rest_of_the_turn_and_is_said_in_the_log() -> None:
    """D-CARD-05: two damage dice of the Peacemaker (which jams on two 1s) come up 1: the hit is dealt, then
    the weapon jams: no more attacks with it this turn (Ann has one left), and the next turn it fires again."""
    game = attack_game('{ card = "peacemaker", ammo = 6 }', [6, 6, 6, 3, 3, 3, 3, 1, 1, 6, 1])
    events = game.play(["attack 1 peacemaker#1", "pass"])
    assert texts(events, DeadlandsEventKind.MALFUNCTION) == [
        "Ann's Peacemaker Six-Shooter jams (2 damage dice came up 1): no more attacks with it this turn"
    ]
    assert texts(events, CommonEventKind.DAMAGED) == ["Bob loses 0 Health to Ann's Peacemaker Six-Shooter: Health 4"]
    assert game.state.turn.attacks == 1
    assert Attack(target=1, weapon="peacemaker#1") not in game.legal_actions()
    assert Attack(target=1, weapon="pistol") in game.legal_actions()
    assert game.view(1).fighters[0].markers.jammed == ("peacemaker#1",)
    with pytest.raises(IllegalActionError):
        game.apply(Attack(target=1, weapon="peacemaker#1"))
    game.play(["end"])  # (Bob's turn begins with the Mad Scientist's gadget roll: 1, nothing)
    assert game.state.players[0].markers.jammed == ()
    assert_dice_used(game)


def test_d_card_05_fewer_ones_than_printed_is_no_malfunction() -> None:
    """D-CARD-05: the Peacemaker needs two 1s; one 1 does nothing."""
    game = attack_game('{ card = "peacemaker", ammo = 6 }', [6, 6, 6, 3, 3, 3, 3, 1, 2, 6])
    events = game.play(["attack 1 peacemaker#1", "pass"])
    assert not texts(events, DeadlandsEventKind.MALFUNCTION)
    assert Attack(target=1, weapon="peacemaker#1") in game.legal_actions()
    assert_dice_used(game)


def test_d_card_05_the_starting_weapon_never_malfunctions() -> None:
    """D-CARD-05: the Brave's Bow & Arrows on his record sheet (the `pistol`) rolls 1-1: nothing happens,
    while the deck's Bow & Arrows card would break on it."""
    game = attack_game('{ card = "bow-and-arrows" }', [6, 6, 6, 3, 3, 3, 3, 1, 1])
    events = game.play(["attack 1 pistol", "pass"])
    assert not texts(events, DeadlandsEventKind.MALFUNCTION)
    assert_dice_used(game)


def test_d_card_05_a_break_discards_the_weapon_after_the_hit() -> None:
    """D-CARD-05: the Bow & Arrows card breaks on two 1s: the hit is dealt, then the bow goes to the weapons
    discard pile."""
    game = attack_game('{ card = "bow-and-arrows" }', [6, 6, 6, 1, 1, 1, 1, 1, 1])
    events = game.play(["attack 1 bow-and-arrows#1", "pass"])
    assert [e.kind for e in events if e.kind in (CommonEventKind.DAMAGED, DeadlandsEventKind.MALFUNCTION)] == [
        CommonEventKind.DAMAGED,
        DeadlandsEventKind.MALFUNCTION,
    ]
    assert texts(events, DeadlandsEventKind.MALFUNCTION) == [
        "Ann's Bow & Arrows breaks (2 damage dice came up 1) and is discarded"
    ]
    assert game.state.players[0].weapons == []
    assert game.state.decks.discard["weapons"] == ["bow-and-arrows#1"]
    assert_dice_used(game)


def test_d_card_05_a_dud_does_no_damage() -> None:
    """D-CARD-05: the Derringer's shot is a dud on a 1: 7 against a defence of 4 would cost Bob 1 Health;
    the dud costs him none."""
    game = attack_game('{ card = "derringer" }', [6, 6, 6, 1, 1, 1, 1, 1, 6])
    events = game.play(["attack 1 derringer#1", "pass"])
    assert texts(events, DeadlandsEventKind.MALFUNCTION) == [
        "Ann's Derringer is a dud (1 damage die came up 1): the shot does no damage"
    ]
    assert not texts(events, CommonEventKind.DAMAGED)
    assert game.state.players[1].damage == 0
    assert_dice_used(game)


def test_d_card_05_empty_loses_the_printed_ammo() -> None:
    """D-CARD-05: the Twin Six-Guns lose 2 ammo on a 1 (on top of the shot's, paid before the to-hit)."""
    game = attack_game('{ card = "twin-six-guns", ammo = 6 }', [6, 6, 6, 3, 3, 3, 3, 1, 6])
    events = game.play(["attack 1 twin-six-guns#1", "pass"])
    assert texts(events, DeadlandsEventKind.MALFUNCTION) == [
        "Ann's Twin Six-Guns loses 2 ammo (1 damage die came up 1): 3 left"
    ]
    entry = game.state.players[0].weapons[0]
    assert (entry.ammo, entry.free_shots) == (3, 0)
    assert_dice_used(game)


def test_d_card_05_a_backfire_costs_its_holder_health() -> None:
    """D-CARD-05: the Pepperbox backfires on a 1: after its hit (1 extra damage) Ann loses 1 Health."""
    game = attack_game('{ card = "pepperbox", ammo = 6 }', [6, 6, 6, 3, 3, 3, 3, 1, 6])
    events = game.play(["attack 1 pepperbox#1", "pass"])
    assert texts(events, DeadlandsEventKind.MALFUNCTION) == [
        "Ann's Pepperbox Pistol backfires (1 damage die came up 1): Ann loses 1 Health"
    ]
    assert (
        texts(events, CommonEventKind.DAMAGED)[-1]
        == "Ann loses 1 Health to Ann's own Pepperbox Pistol backfiring: Health 1"
    )
    assert (game.state.players[0].damage, game.state.players[1].damage) == (1, 1)
    assert_dice_used(game)


def test_d_card_05_d_card_06_base_frag_ignores_malfunctions() -> None:
    """D-CARD-06: under base Frag's rules a Deadlands weapon never malfunctions (the cards shuffled in)."""
    cards = card_set(("deadlands",))
    game = game_from(
        f'map_text = """{OPEN}"""\n'
        + textwrap.dedent(ANN_ATTACKS_BOB.format(weapon='{ card = "derringer" }', dice=[6, 6, 6, 1, 1, 1, 1, 1, 6]))
        .replace('character = "indian-brave"\n', "")
        .replace('character = "mad-scientist"\n', ""),
        cards,
    )
    events = game.play(["attack 1 derringer#1", "pass"])
    assert not texts(events, DeadlandsEventKind.MALFUNCTION)
    assert texts(events, CommonEventKind.DAMAGED) == ["Bob loses 1 Health to Ann's Derringer: Health 3"]


# -- D-CARD-02: hexes --------------------------------------------------------------------------------------

HEX_HOLDER = """
phase = "action"

[[fighter]]
name = "Ann"
character = "{character}"
at = "0,0"
damage = 1
hand = ["mend-flesh"]
gadgets = [{gadgets}]

[[fighter]]
name = "Bob"
character = "agency-operative"
at = "4,4"
"""


@pytest.mark.parametrize(
    ("character", "gadgets", "may"),
    [
        ("huckster", "", True),
        ("saloon-gal", '"hoyles-book-of-games"', True),
        ("saloon-gal", "", False),
        ("harrowed-gunslinger", '"hoyles-book-of-games"', False),
    ],
)
def test_d_card_02_only_the_huckster_or_a_holder_of_hoyles_book_may_play_a_hex(
    character: str, gadgets: str, may: bool
) -> None:
    """D-CARD-02: a hex (Mend Flesh, heal 3) is offered to the Huckster and to a player with Hoyle's Book
    of Games in play, never to the Harrowed Gunslinger (D-FTR-05); refused otherwise, saying why."""
    game = deadlands(HEX_HOLDER.format(character=character, gadgets=gadgets))
    play = PlayCard(card="mend-flesh#1")
    assert (play in game.legal_actions()) is may
    if may:
        game.apply(play)
        assert game.state.players[0].damage == 0
    else:
        before = game.state.model_copy(deep=True)
        with pytest.raises(IllegalActionError, match="only the Huckster, or a player with Hoyle's Book of Games"):
            game.apply(play)
        assert game.state == before


def test_d_card_02_a_reaction_hex_is_not_offered_to_one_who_may_not_use_hexes() -> None:
    """D-CARD-02: when hit, the Gunslinger may not answer with the Bullet Ward hex; the Huckster may."""
    for character, offered in (("harrowed-gunslinger", False), ("huckster", True)):
        game = deadlands(
            f"""
            phase = "action"
            dice = [6, 6, 6]

            [[fighter]]
            name = "Ann"
            character = "indian-brave"
            at = "0,0"

            [[fighter]]
            name = "Bob"
            character = "{character}"
            at = "0,2"
            hand = ["bullet-ward"]
            """
        )
        game.play(["attack 1 pistol"])
        assert isinstance(game.state.pending[-1], React)
        assert (PlayCard(card="bullet-ward#1") in game.legal_actions()) is offered
        assert Pass() in game.legal_actions()


@pytest.mark.parametrize("character", ["harrowed-gunslinger", "huckster"])
def test_d_card_02_a_hex_he_may_not_play_is_no_cure_at_his_last_chance(character: str) -> None:
    """D-CARD-02, F-FRAG-01: at Health 0 with 2 to restore, one blood counter and the Mend Flesh hex (heal 3):
    the Huckster may play the hex or spend the blood; the Gunslinger may do neither (the blood alone cannot
    save him, and the hex is not his to play), only pass."""
    game = deadlands(
        f"""
        phase = "action"
        dice = [6, 6, 6, 3, 3, 3]

        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "0,0"

        [[fighter]]
        name = "Bob"
        character = "{character}"
        at = "0,2"
        damage = 1
        blood = 1
        hand = ["mend-flesh"]
        """
    )
    game.play(["attack 1 pistol", "pass"])
    assert isinstance(game.state.pending[-1], LastChance)
    assert game.view(1).cure_needed == 2
    offered = {str(action) for action in game.legal_actions()}
    assert offered == ({"pass", "play mend-flesh#1", "blood"} if character == "huckster" else {"pass"})
    assert_dice_used(game)


# -- D-RESP-01: fragged ----------------------------------------------------------------------------------


def test_d_resp_01_d_card_02_fragged_the_fighter_loses_gadgets_and_hexes_and_drops_his_weapons() -> None:
    """D-RESP-01, D-CARD-02: Bob is fragged: he leaves the board, a blood counter is placed, his gadget and
    the hex in play are discarded; his weapons lie in a weapon counter; his other special in play and his
    hand, the hex in it too, stay his (F-CARD-08; the rulebook: cards in hand are unaffected)."""
    game = deadlands(
        """
        phase = "action"
        dice = [6, 6, 6, 1, 6, 6]
        decks.specials = ["quick-draw"]

        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "0,0"

        [[fighter]]
        name = "Bob"
        character = "huckster"
        at = "0,2"
        damage = 1
        hand = ["mend-flesh", "dust-storm"]
        gadgets = ["fast-horse"]
        specials = ["iron-skin", "spurs"]
        weapons = [{ card = "peacemaker", ammo = 4 }]
        """
    )
    game.play(["attack 1 pistol", "pass"])
    assert isinstance(game.state.pending[-1], LastChance)
    events = game.play(["pass"])
    bob = game.state.players[1]
    assert bob.status is Status.FRAGGED and bob.square is None
    assert bob.hand == ["mend-flesh#1", "dust-storm#1"]
    assert [entry.card for entry in bob.specials] == ["spurs#1"]
    assert bob.gadgets == [] and bob.weapons == []
    assert game.state.decks.discard["gadgets"] == ["fast-horse#1"]
    assert game.state.decks.discard["hexes"] == ["iron-skin#1"]
    counters = {counter.kind: counter for counter in game.state.counters}
    assert counters[CounterKind.BLOOD].square == counters[CounterKind.WEAPONS].square
    assert counters[CounterKind.WEAPONS].cards == ["peacemaker#1"]
    assert "Bob's hexes are lost: Iron Skin" in texts(events, CommonEventKind.DISCARDED)
    assert_dice_used(game)


def test_d_resp_01_he_may_pick_up_his_own_dropped_weapons_after_respawning() -> None:
    """D-RESP-01: the weapon counter may be picked up by anyone, the fragged fighter too once he is back."""
    game = deadlands(
        """
        turn = "Bob"
        phase = "respawn"
        dice = [1, 1, 1]

        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "4,4"

        [[fighter]]
        name = "Bob"
        character = "agency-operative"

        [[counter]]
        at = "1,0"
        weapons = ["peacemaker"]
        """
    )
    game.play(["respawn", "roll", "step e", "pick up 1"])
    assert isinstance(game.state.pending[-1], ChooseFromPile)
    game.play(["choose peacemaker#1"])
    assert "peacemaker#1" in game.state.players[1].hand
    assert_dice_used(game)


# -- D-CARD-03: jokers in play -------------------------------------------------------------------------


def test_d_card_03_a_joker_drawn_for_a_frag_is_discarded_and_its_drawer_draws_from_the_deck_he_chooses() -> None:
    """D-CARD-03 (ruling): Ann's Special for the frag is the Joker: discarded at once, the frag's other rules
    go on, and before anything else she chooses the deck she draws from instead (here the hexes)."""
    game = deadlands(
        """
        phase = "action"
        dice = [6, 6, 6, 1, 6, 6]
        decks.specials = ["black-joker", "quick-draw"]
        decks.hexes = ["mend-flesh"]

        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "0,0"

        [[fighter]]
        name = "Bob"
        character = "agency-operative"
        at = "0,2"
        damage = 1
        """
    )
    events = game.play(["attack 1 pistol", "pass", "pass"])  # Bob: no reaction; at his last chance, no cure
    assert texts(events, CommonEventKind.DISCARDED) == [
        "Ann drew a Joker: it is discarded, and Ann draws a card from any deck instead"
    ]
    assert game.state.players[0].hand == []
    assert game.state.decks.discard["specials"] == ["black-joker#1"]
    joker = game.state.pending[-1]
    assert isinstance(joker, JokerDraw) and game.decider() == 0
    assert game.view(1).decision is DeadlandsDecisionKind.JOKER
    assert game.legal_actions() == [DrawFrom(deck=deck) for deck in ("weapons", "gadgets", "hexes", "specials")]
    with pytest.raises(IllegalActionError, match="Ann must first choose the deck to draw from for the Joker"):
        game.apply(Attack(target=1, weapon="pistol"))
    game.play(["draw hexes"])
    assert game.state.players[0].hand == ["mend-flesh#1"]
    assert not game.state.pending
    assert_dice_used(game)


@pytest.mark.rule("D-FTR-05")
def test_d_card_03_the_harrowed_gunslinger_is_never_offered_the_hexes_for_a_joker() -> None:
    """D-CARD-03 with D-FTR-05 (ruling): the Harrowed Gunslinger, who may never use hexes, draws the Joker for
    his frag: he chooses among the other decks only, and a draw from the Hexes is refused, state unchanged."""
    game = deadlands(
        """
        phase = "action"
        dice = [6, 6, 6, 1, 6, 6]
        decks.specials = ["black-joker", "quick-draw"]
        decks.hexes = ["mend-flesh"]

        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "0,0"

        [[fighter]]
        name = "Bob"
        character = "agency-operative"
        at = "0,2"
        damage = 1
        """
    )
    game.play(["attack 1 pistol", "pass", "pass"])
    assert isinstance(game.state.pending[-1], JokerDraw) and game.decider() == 0
    assert game.legal_actions() == [DrawFrom(deck=deck) for deck in ("weapons", "gadgets", "specials")]
    before = game.state.model_copy(deep=True)
    with pytest.raises(IllegalActionError):
        game.apply(DrawFrom(deck="hexes"))
    assert game.state == before
    game.play(["draw specials"])
    assert game.state.players[0].hand == ["quick-draw#1"]
    assert not game.state.pending
    assert_dice_used(game)


@pytest.mark.rule("D-FTR-05")
def test_d_card_04_the_harrowed_gunslinger_draws_his_poker_hand_from_the_other_decks() -> None:
    """D-CARD-04 with D-FTR-05 (ruling D-CARD-03): the poker draw offers every deck with a card to the others,
    but never the Hexes to the Harrowed Gunslinger (a hex he kept would be a dead card in his hand)."""
    seats = DeadlandsRules.random_seats(random.Random(3), 4)
    harrowed = next(seat for seat, chosen in enumerate(seats) if chosen["character"] == "harrowed-gunslinger")
    config = make_config(ruleset="deadlands", map="desert", seats=seats)
    game = new_game(config, 7)
    while game.state.pending and game.state.pending[-1].kind is not DeadlandsDecisionKind.POKER_DRAW:
        game.apply(game.legal_actions()[0])
    offered = {}
    while game.state.pending and game.state.pending[-1].kind is DeadlandsDecisionKind.POKER_DRAW:
        seat = game.decider()
        assert seat is not None
        offered.setdefault(seat, {a.deck for a in game.legal_actions() if isinstance(a, DrawFrom)})
        game.apply(game.legal_actions()[0])
    assert sorted(offered) == [0, 1, 2, 3]
    assert all(("hexes" in decks) == (seat != harrowed) for seat, decks in offered.items())


def test_d_card_03_a_joker_drawn_in_the_middle_of_a_card_waits_for_the_card_to_finish() -> None:
    """D-CARD-03 (ruling): the Huckster's Stacked Deck draws two Specials; the first is the Joker: it is
    discarded, the second card is still drawn, then he chooses the deck for the Joker's card."""
    game = deadlands(
        """
        phase = "action"
        decks.specials = ["black-joker", "quick-draw", "spurs"]

        [[fighter]]
        name = "Bob"
        character = "huckster"
        at = "0,0"
        hand = ["stacked-deck"]

        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "4,4"
        """
    )
    game.play(["play stacked-deck#1"])
    assert game.state.players[0].hand == ["quick-draw#1"]
    assert isinstance(game.state.pending[-1], JokerDraw)
    game.play(["draw specials"])
    assert game.state.players[0].hand == ["quick-draw#1", "spurs#1"]
    assert not game.state.pending


def test_d_card_03_a_joker_drawn_for_a_joker_is_replaced_again() -> None:
    """D-CARD-03: the card drawn for a Joker is the other Joker: discarded too, and he chooses again."""
    game = deadlands(
        """
        phase = "action"
        decks.specials = ["black-joker", "quick-draw"]
        decks.hexes = ["red-joker", "mend-flesh"]

        [[fighter]]
        name = "Bob"
        character = "huckster"
        at = "0,0"
        hand = ["stacked-deck"]

        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "4,4"
        """
    )
    game.play(["play stacked-deck#1", "draw hexes"])
    assert isinstance(game.state.pending[-1], JokerDraw) and game.state.pending[-1].joker == "red-joker#1"
    assert len(game.state.pending) == 1
    game.play(["draw hexes"])
    assert game.state.players[0].hand == ["quick-draw#1", "mend-flesh#1"]


# -- D-ARM-01: armor that combines --------------------------------------------------------------------

ARMOR = """
phase = "action"
dice = {dice}

[[fighter]]
name = "Ann"
character = "indian-brave"
at = "0,0"
gadgets = [{worn}]
hand = ["bulletproof-vest", "light-armored-leggings", "armored-duster"]

[[fighter]]
name = "Bob"
character = "agency-operative"
at = "0,2"
"""


def armor_game(worn: str, dice: list[int] | None = None) -> Game:
    return deadlands(ARMOR.format(worn=worn, dice=dice or []))


def plays(game: Game) -> set[str]:
    return {action.card for action in game.legal_actions() if isinstance(action, PlayCard)}


def test_d_arm_01_the_duster_may_be_worn_with_the_vest_but_with_no_other_suit() -> None:
    """D-ARM-01: wearing the Armored Duster, Ann may put on the Bulletproof Vest, not the Leggings nor
    another Duster (refused, saying why); with both on, both bonuses count, and nothing more goes on."""
    game = armor_game('"armored-duster"')
    assert plays(game) >= {"bulletproof-vest#1"}
    assert not plays(game) & {"light-armored-leggings#1", "armored-duster#2"}
    before = game.state.model_copy(deep=True)
    with pytest.raises(IllegalActionError, match="Ann already wears Armored Duster: only one suit of armor"):
        game.apply(PlayCard(card="light-armored-leggings#1"))
    assert game.state == before
    game.play(["play bulletproof-vest#1"])
    view = game.view(0).fighters[0]
    assert (view.max_health, view.health, view.armor_left, view.defence_dice) == (6, 6, 4, 6)
    assert not plays(game) & {"light-armored-leggings#1", "armored-duster#2"}


def test_d_arm_01_the_leggings_with_the_vest_and_never_with_the_duster() -> None:
    """D-ARM-01: the Light Armored Leggings go with the Bulletproof Vest; the Duster and the Leggings never
    go together."""
    game = armor_game('"bulletproof-vest"')
    assert {"light-armored-leggings#1", "armored-duster#1"} <= plays(game)
    game = armor_game('"light-armored-leggings"')
    assert "bulletproof-vest#1" in plays(game)
    assert "armored-duster#1" not in plays(game)


def test_d_arm_01_two_suits_take_damage_the_first_put_on_first() -> None:
    """D-ARM-01 (ruling): with the Duster (put on first) and the Vest, a hit of 3 costs the Duster its 2
    (it is discarded) and the Vest 1; Ann's own Health is untouched."""
    game = deadlands(
        """
        phase = "action"
        dice = [6, 6, 6, 1, 1, 1, 1, 1, 1, 6, 6, 6]

        [[fighter]]
        name = "Bob"
        character = "agency-operative"
        at = "0,2"

        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "0,0"
        gadgets = ["armored-duster", "bulletproof-vest"]
        """
    )
    events = game.play(["attack 1 pistol", "pass"])
    assert texts(events, FragEventKind.ARMOR_LOST) == ["Ann's Armored Duster is used up and discarded"]
    ann = game.state.players[1]
    assert ann.damage == 0
    assert [(entry.card, entry.absorbed) for entry in ann.gadgets] == [("bulletproof-vest#1", 1)]
    assert game.view(0).fighters[1].armor_left == 1
    assert_dice_used(game)


# -- D-CARD-06: mixing sets ------------------------------------------------------------------------------


def test_d_card_06_mixed_sets_option_shuffles_frag_s_cards_in() -> None:
    """D-CARD-06: Frag Deadlands' `mixed-sets` option plays with base Frag's cards too."""
    assert DeadlandsRules.card_folders({}) == ("deadlands",)
    assert DeadlandsRules.card_folders({"mixed-sets": True}) == ("deadlands", "")
    assert DeadlandsRules.check_options({"mixed-sets": True}) == {"mixed-sets": True}


def test_d_card_06_a_card_without_suit_and_rank_is_wild_in_a_poker_hand() -> None:
    """D-CARD-06: under Deadlands rules a card without suit and rank (base Frag's) is wild in poker."""
    game = deadlands(
        """
        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "0,0"

        [[fighter]]
        name = "Bob"
        character = "agency-operative"
        at = "0,2"

        [[card]]
        id = "frag-medkit"
        deck = "specials"
        name = "Medkit"
        use = "once"
        effects = [{ kind = "heal", amount = 1 }]
        """
    )
    deck = rules(game)
    assert deck.poker_face("frag-medkit#1").joker
    assert deck.face_words("frag-medkit#1") == "Medkit (wild)"
    assert not deck.poker_face("peacemaker#1").joker
    assert deck.face_words("peacemaker#1") == "J♥ (Peacemaker Six-Shooter)"
    assert CardDef(id="x", deck="specials", kind=CardKind.SPECIAL, name="X").face is None


def test_d_card_06_base_frag_with_the_deadlands_cards_has_no_hexes_and_no_jokers() -> None:
    """D-CARD-06: base Frag's option `deadlands-cards` plays with the Deadlands set shuffled in, by Frag's
    rules: there is no Hexes deck (nobody may play hexes) and no joker (ruling); a random game plays to its
    end with every card counted and Frag's promises kept."""
    assert FragRules.card_folders({}) == ("",)
    assert FragRules.card_folders({"deadlands-cards": True}) == ("", "deadlands")
    seats = FragRules.random_seats(random.Random(3), 4)
    config = make_config(map="pocket", seats=seats, options={"deadlands-cards": True})
    game = new_game(config, 11)
    cards = game.rules.cards
    assert list(game.state.decks.draw) == ["weapons", "gadgets", "specials"]
    in_game = [card for pile in game.state.decks.draw.values() for card in pile]
    in_game += [card for player in game.state.players for card in player.hand]
    assert not [card for card in in_game if cards[card].joker or cards[card].deck == "hexes"]
    assert "peacemaker#1" in in_game and "shotgun#1" in in_game
    assert len(in_game) == sum(c.copies for c in cards if not c.joker and c.deck != "hexes")
    assert [len(player.hand) for player in game.state.players] == [3, 3, 3, 3]
    report = play_random_game(game, random.Random(5))
    assert report.winner is not None


def test_d_card_06_deadlands_with_the_frag_cards_mixed_in_plays_to_the_end() -> None:
    """D-CARD-06: Frag Deadlands with `mixed-sets` deals from decks holding both sets; in the poker draw the
    Frag cards are wild; a random game plays to its end with every card counted and every promise kept."""
    seats = DeadlandsRules.random_seats(random.Random(4), 5)
    config = make_config(ruleset="deadlands", map="town", seats=seats, options={"mixed-sets": True})
    game = new_game(config, 12)
    cards = game.rules.cards
    assert "shotgun" in cards.cards and "peacemaker" in cards.cards
    frag = [card for pile in game.state.decks.draw.values() for card in pile if cards[card].face is None]
    assert frag and all(rules(game).poker_face(card).joker for card in frag)
    report = play_random_game(game, random.Random(6))
    assert report.winner is not None


def test_d_card_03_a_joker_in_hand_is_never_played() -> None:
    """D-CARD-03 (ruling): a joker stands only in poker hands: one in the Huckster's hand (taken from the
    hexes discard pile by his Cheatin') is not offered, and refused, saying why."""
    game = deadlands(
        """
        phase = "action"

        [[fighter]]
        name = "Bob"
        character = "huckster"
        at = "0,0"
        hand = ["red-joker"]

        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "4,4"
        """
    )
    assert PlayCard(card="red-joker#1") not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="a joker is never played: it only stands in poker hands"):
        game.apply(PlayCard(card="red-joker#1"))
