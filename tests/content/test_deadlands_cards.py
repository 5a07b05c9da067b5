"""The Frag Deadlands card set (cards/deadlands/): 112 cards in four decks, each with a playing card's
suit and rank but two jokers, the cards the rulebook names, malfunctions printed and said, and the
hexes that need code (fragtui/engine/deadlands/hexes.py) doing what they say (D-CARD-01..05).

The counts by deck: weapons 36, gadgets 30, hexes 20, specials 26 (one joker in hexes, one in specials).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from fragtui.cli import main
from fragtui.content.cards import shipped_cards
from fragtui.content.library import card_set, new_game
from fragtui.engine.cards import Armor, CardKind, Handler, MalfunctionKind, Trigger
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.rules import DeadlandsRules
from fragtui.engine.frag.playing import HANDLERS
from fragtui.engine.playing_cards import Rank, Suit
from tests.conftest import game_from

DEADLANDS = ("deadlands",)
DECK_COUNTS = {"weapons": 36, "gadgets": 30, "hexes": 20, "specials": 26}
JOKERS = {"red-joker": "hexes", "black-joker": "specials"}


@pytest.fixture(scope="module")
def cards():
    return card_set(DEADLANDS)


def test_d_card_01_four_decks_of_112_cards(cards) -> None:
    """D-CARD-01: Weapons, Gadgets, Hexes, Specials, in that order (the deal's), 112 cards with copies;
    the hexes deck deals special cards (spells, played like specials by whoever may use hexes)."""
    assert list(cards.decks) == list(DECK_COUNTS)
    assert {deck: len(cards.instances(deck)) for deck in cards.decks} == DECK_COUNTS
    assert sum(DECK_COUNTS.values()) == 112
    assert cards.decks["hexes"].deals is CardKind.SPECIAL
    assert cards.decks["hexes"].singular == "hex"
    assert all(card.kind is CardKind.SPECIAL for card in cards if card.deck == "hexes")


def test_d_card_03_every_card_has_a_suit_and_rank_but_two_jokers(cards) -> None:
    """D-CARD-03: every card prints a suit and rank; two jokers (one in hexes, one in specials) print
    none and do nothing when played, only stand in poker hands."""
    jokers = {card.id: card.deck for card in cards if card.joker}
    assert jokers == JOKERS
    for card in cards:
        if card.joker:
            assert card.suit is None and card.rank is None and not card.effects and card.copies == 1
            assert str(card.face) == "Joker"
        else:
            assert card.suit is not None and card.rank is not None, card.id


def test_d_card_03_faces_are_spread_so_poker_hands_vary(cards) -> None:
    """Every one of the 52 faces is printed, none on more than two different cards, every suit and rank
    on at least 20 and 6 physical cards: a five-card draw from any decks may make any hand."""
    faces = Counter(card.face for card in cards if not card.joker)
    assert len(faces) == 52
    assert max(faces.values()) <= 2
    suits = Counter(card.suit for card in cards for _ in range(card.copies) if not card.joker)
    ranks = Counter(card.rank for card in cards for _ in range(card.copies) if not card.joker)
    assert set(suits) == set(Suit) and min(suits.values()) >= 20
    assert set(ranks) == set(Rank) and min(ranks.values()) >= 6


@pytest.mark.parametrize(
    ("card_id", "damage", "family"),
    [
        ("gatling-pistol", 3, "gatling"),
        ("revolver", 2, "revolver"),
        ("derringer", 2, None),
        ("bow-and-arrows", 2, None),
    ],
)
def test_d_card_05_deck_copies_of_the_starting_weapons_malfunction(cards, card_id, damage, family) -> None:
    """D-CARD-05, D-FTR-02: the four starting weapons are also deck cards, with the sheet's dice and
    unlimited ammo, a family where the Operative's Cheatin' applies — and, unlike the weapon printed
    on a record sheet, a malfunction rule."""
    card = cards[card_id]
    assert card.kind is CardKind.WEAPON
    assert (card.damage, card.ammo, card.family) == (damage, None, family)
    assert card.malfunction is not None
    assert card.copies >= 2


def test_d_card_05_a_deck_copy_is_its_record_sheet_weapon_but_for_the_malfunction(cards) -> None:
    """D-CARD-05: the deck copy of each starting weapon printed on a record sheet has the sheet's name,
    dice and unlimited ammo and no range limit: only its malfunction rule tells them apart."""
    from fragtui.engine.deadlands.roster import Character, sheet_of

    by_name = {card.name: card for card in cards}
    copies = 0
    for character in Character:
        weapon = sheet_of(character).weapon
        if weapon.name == "Pistol":  # the basic pistol (Mad Scientist, Huckster) is no Deadlands card
            continue
        card = by_name[weapon.name]
        assert (card.damage, card.ammo, card.min_range, card.max_range) == (weapon.damage, None, 1, None)
        assert card.malfunction is not None
        copies += 1
    assert copies == 4


def test_hoyles_book_and_the_three_armors(cards) -> None:
    """D-FTR-04, D-ARM-01: Hoyle's Book is a gadget with no effect of its own (its hex draw at each turn
    start is the fighters' rule, so the card cannot do it twice); the Armored Duster, the Light Armored
    Leggings and the Bulletproof Vest are suits of armor (which combine is the deck rules' D-ARM-01)."""
    book = cards["hoyles-book-of-games"]
    assert book.kind is CardKind.GADGET and book.letter is not None and book.effects == ()
    assert "5 or 6 draw a hex" in book.text
    bonuses = {
        card_id: sum(e.bonus for e in cards[card_id].effects if isinstance(e, Armor))
        for card_id in ("armored-duster", "light-armored-leggings", "bulletproof-vest")
    }
    assert bonuses == {"armored-duster": 2, "light-armored-leggings": 1, "bulletproof-vest": 2}
    assert all(cards[card_id].letter.value == "A" for card_id in bonuses)


def test_d_card_05_a_weapon_prints_its_malfunction_exactly_when_its_text_says_one(cards) -> None:
    """D-CARD-05: a weapon's text says "Malfunction: if any damage die comes up 1" (or "two or more")
    exactly when the card carries a malfunction rule, with the same number of 1s; a weapon without one
    says it never malfunctions."""
    weapons = [card for card in cards if card.kind is CardKind.WEAPON]
    assert sum(card.malfunction is not None for card in weapons) >= 20
    for card in weapons:
        if card.malfunction is None:
            assert "Never malfunctions" in card.text, card.id
            continue
        ones = "any damage die comes up 1" if card.malfunction.ones == 1 else "two or more damage dice come up 1"
        assert f"Malfunction: if {ones}" in card.text, card.id
        said = {
            MalfunctionKind.JAM: "jams",
            MalfunctionKind.EMPTY: "ammo",
            MalfunctionKind.BREAK: "discarded",
            MalfunctionKind.BACKFIRE: f"you lose {card.malfunction.amount or 1} Health",
            MalfunctionKind.DUD: "no damage",
        }[card.malfunction.kind]
        assert said in card.text.partition("Malfunction:")[2], card.id
        if card.malfunction.kind is MalfunctionKind.EMPTY:
            assert card.ammo is not None, f"{card.id}: an `empty` malfunction on a weapon with unlimited ammo"


def test_every_weapon_says_its_numbers(cards) -> None:
    """A card does what its text says: dice, extra damage, ammo and ranges as printed in the text."""
    for card in cards:
        if card.kind is not CardKind.WEAPON:
            continue
        dice = {0: "No damage dice", 1: "1 die of damage"}.get(card.damage, f"{card.damage} dice of damage")
        assert card.text.startswith(dice), card.id
        if card.extra_damage:
            assert f"+{card.extra_damage} extra damage" in card.text, card.id
        if card.ammo is not None:
            assert f"Ammo {card.ammo}." in card.text, card.id
        else:
            assert "Unlimited" in card.text, card.id
        if card.ammo_per_shot > 1:
            assert f"Each shot uses {card.ammo_per_shot} ammo" in card.text, card.id
        if card.max_range == 1:
            assert "Range 1 only" in card.text, card.id
        elif card.max_range is not None and card.min_range > 1:
            assert f"Range {card.min_range} to {card.max_range}." in card.text, card.id
        elif card.max_range is not None:
            assert f"Range up to {card.max_range}." in card.text, card.id
        elif card.min_range > 1:
            assert f"Range {card.min_range} or more" in card.text, card.id
        if card.area:
            assert "Blast" in card.text, card.id
        if card.piercing:
            assert "Piercing" in card.text, card.id


def test_d_ftr_02_revolvers_and_gatlings_carry_their_family(cards) -> None:
    """D-FTR-02: the Operative rerolls 1s with revolvers and Gatlings: every card whose text calls it one
    carries `family`, and no other card does."""
    for card in cards:
        if "A revolver." in card.text:
            assert card.family == "revolver", card.id
        elif "A Gatling." in card.text:
            assert card.family == "gatling", card.id
        else:
            assert card.family is None, card.id
    families = Counter(card.family for card in cards if card.family)
    assert families["revolver"] >= 4 and families["gatling"] >= 3


def test_d_card_02_hexes_say_they_are_hexes(cards) -> None:
    """D-CARD-02: every hex but the joker says "Hex." first, so a player knows who may play it."""
    for card in cards:
        if card.deck == "hexes" and not card.joker:
            assert card.text.startswith("Hex. "), card.id


def test_every_handler_a_card_names_is_registered(cards) -> None:
    """The handlers the set names are registered by importing the deadlands package (hexes.py)."""
    named = set()
    for card in cards:
        for effect in card.effects:
            inner = effect.effects if isinstance(effect, Trigger) else (effect,)
            named.update(e.name for e in inner if isinstance(e, Handler))
    assert named == {"jinx"}
    assert named <= set(HANDLERS)


def test_the_set_is_what_a_deadlands_game_is_dealt() -> None:
    """D-CARD-01: a new Deadlands game plays with the shipped set: its four decks hold the 112 cards."""
    seats = [
        {"name": name, "fighter": {"health": 3, "speed": 2, "accuracy": 2}, "character": character}
        for name, character in (("Ann", "huckster"), ("Bob", "saloon-gal"), ("Cy", "indian-brave"))
    ]
    game = new_game(make_config(ruleset="deadlands", map="town", seats=seats), 7)
    assert isinstance(game.rules, DeadlandsRules)
    assert list(game.cards.decks) == list(DECK_COUNTS)
    state = game.state
    everywhere = [c for pile in (*state.decks.draw.values(), *state.decks.discard.values()) for c in pile]
    for player in state.players:
        everywhere += player.hand + [e.card for e in (*player.weapons, *player.gadgets, *player.specials)]
    assert len(everywhere) == 112


def test_frag_keeps_its_own_set() -> None:
    """The Deadlands files are in their own folder: base Frag's set is unchanged (no suits, no hexes)."""
    frag = shipped_cards()
    assert list(frag.decks) == ["weapons", "gadgets", "specials"]
    assert all(card.face is None for card in frag)


# -- the cards that need code (fragtui/engine/deadlands/hexes.py) -------------------------------------

JINX_SCENARIO = """
ruleset = "deadlands"
map = "pocket"
phase = "action"
dice = []

[[fighter]]
name = "Ann"
character = "huckster"
at = "2,4"
hand = ["jinx"]

[[fighter]]
name = "Bob"
character = "agency-operative"
at = "2,8"
weapons = [{weapons}]
"""


def test_d_card_02_jinx_discards_the_weapon_card_played_last() -> None:
    """D-CARD-02 (a hex with a handler): the Huckster's Jinx on Bob discards the weapon card Bob put in
    play last (the Gatling Gun, not the Peacemaker) onto the weapons discard pile; the hex is spent."""
    game = game_from(JINX_SCENARIO.replace("{weapons}", '"peacemaker", { card = "gatling-gun", ammo = 4 }'))
    assert "play jinx#1 on 1" in [str(action) for action in game.legal_actions()]
    game.play(["play jinx#1 on 1"])
    bob = game.state.players[1]
    assert [entry.card for entry in bob.weapons] == ["peacemaker#1"]
    assert game.state.decks.discard["weapons"] == ["gatling-gun#1"]
    assert game.state.decks.discard["hexes"] == ["jinx#1"]
    assert game.state.players[0].hand == []
    assert any("Gatling Gun is discarded" in event.text for event in game.events)


def test_d_card_05_jinx_cannot_touch_the_weapon_on_a_record_sheet() -> None:
    """D-CARD-05 (starting weapons are no cards): Jinx on a fighter holding only his sheet's weapon
    discards nothing of his; the hex is spent, and the log says it found no weapon card."""
    game = game_from(JINX_SCENARIO.replace("{weapons}", ""))
    game.play(["play jinx#1 on 1"])
    assert game.state.players[1].weapons == []
    assert game.state.decks.discard["weapons"] == []
    assert game.state.decks.discard["hexes"] == ["jinx#1"]
    assert any("finds no weapon card" in event.text for event in game.events)


def test_d_card_02_a_hex_does_what_it_says_with_the_vocabulary() -> None:
    """D-CARD-02: Brimstone Bolt, played by the Huckster on Bob, costs him 2 Health with no roll."""
    game = game_from(JINX_SCENARIO.replace('hand = ["jinx"]', 'hand = ["brimstone-bolt"]').replace("{weapons}", ""))
    game.play(["play brimstone-bolt#1 on 1"])
    assert game.state.players[1].damage == 2
    assert game.state.decks.discard["hexes"] == ["brimstone-bolt#1"]


# -- fragtui cards, fragtui cards check ---------------------------------------------------------------


def test_fragtui_cards_lists_the_deadlands_set_with_suits_and_malfunctions(capsys) -> None:
    """`fragtui cards` lists each shipped set under its ruleset's title, deck by deck, each card with its
    playing card (D-CARD-03) and its malfunction (D-CARD-05)."""
    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    frag, _, deadlands = out.partition("Frag Deadlands: 112 cards\n")
    assert frag.startswith("Frag: 112 cards\n")
    for deck, count in DECK_COUNTS.items():
        assert f"{deck.capitalize()} ({count} cards)" in deadlands
    revolver = card_set(DEADLANDS)["revolver"]
    assert (
        f"3× Revolver [revolver] {revolver.face} (2d, unlimited ammo, revolver, malfunction: jams on two 1s)"
        in deadlands
    )
    assert "1× Joker [red-joker] Joker" in deadlands
    assert "Shotgun [shotgun] (4d, ammo 6)" in frag
    assert "♠" in deadlands and "♠" not in frag


def test_fragtui_cards_check_counts_every_shipped_set(capsys) -> None:
    """`fragtui cards check` with no files checks every shipped set and counts each by deck."""
    assert main(["cards", "check"]) == 0
    out = capsys.readouterr().out
    assert "Frag: 78 different cards; 40 weapons, 40 gadgets, 32 specials; 112 cards in all\n" in out
    assert "Frag Deadlands: " in out
    assert "36 weapons, 30 gadgets, 20 hexes, 26 specials; 112 cards in all (2 jokers)" in out
    assert out.count(": ok\n") == 7


def test_fragtui_cards_check_of_the_deadlands_files_alone(capsys) -> None:
    """Files named on the command line are checked as one set: the Deadlands folder declares its decks."""
    from fragtui.content.cards import card_paths

    assert main(["cards", "check", *map(str, card_paths(DEADLANDS))]) == 0
    assert "20 hexes, 26 specials; 112 cards in all (2 jokers)" in capsys.readouterr().out


def test_d_card_01_the_set_is_as_docs_card_format_lists_it(cards) -> None:
    """D-CARD-01: docs/card-format.md's tables of the Deadlands set give every card's deck, copies and
    face as the files do, and its totals."""
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "card-format.md").read_text(encoding="utf-8")
    section = text.split("## The Frag Deadlands set", 1)[1].split("\n## ", 1)[0]
    documented: dict[str, tuple[str, int, str]] = {}
    deck = None
    for line in section.splitlines():
        if heading := re.match(r"^### (Weapons|Gadgets|Hexes|Specials): (\d+) cards", line):
            deck = heading[1].lower()
            assert int(heading[2]) == DECK_COUNTS[deck]
        elif row := re.match(r"^\|[^|]+\| `([a-z0-9-]+)` \| (\d+) \| ([^ |]+) \|", line):
            assert deck is not None and row[1] not in documented, line
            documented[row[1]] = (deck, int(row[2]), row[3])
    assert documented == {card.id: (card.deck, card.copies, str(card.face)) for card in cards}


PLAY_SCENARIO = """
ruleset = "deadlands"
map = "pocket"
phase = "{phase}"
seed = 5

[[fighter]]
name = "Ann"
character = "huckster"
at = "2,4"
damage = 1
hand = ["{card}"]
weapons = [{ card = "dynamite", ammo = 1 }]

[[fighter]]
name = "Bob"
character = "agency-operative"
at = "2,8"
weapons = ["peacemaker"]
"""


def _played_in_own_turn(cards) -> list[str]:
    """The cards a fighter plays from hand in his own turn (not reactions, not last chances, not jokers)."""
    return [card.id for card in cards if not card.joker and card.use.value in ("keep", "once", "movement")]


@pytest.mark.parametrize("card_id", _played_in_own_turn(card_set(DEADLANDS)))
def test_d_card_01_every_card_can_be_played_by_the_huckster(card_id: str) -> None:
    """D-CARD-01, D-CARD-02: every card of the set a fighter plays in his own turn is offered to the
    Huckster (who may play hexes) in the phase it is played in, and playing it takes it from his hand."""
    card = card_set(DEADLANDS)[card_id]
    phase = "roll" if card.before_roll or card.use.value == "movement" else "action"
    game = game_from(PLAY_SCENARIO.replace("{phase}", phase).replace("{card}", card_id))
    (instance,) = game.state.players[0].hand
    plays = [str(action) for action in game.legal_actions() if str(action).split()[:2] == ["play", instance]]
    assert plays, f"{card_id} is not offered"
    game.play([plays[0]])
    assert instance not in game.state.players[0].hand


def test_d_card_06_the_deadlands_set_mixes_with_frags() -> None:
    """D-CARD-06 (the content side): the two shipped sets load as one — no card id is used twice, and the
    Deadlands files' four decks take Frag's cards into its weapons, gadgets and specials — so an option
    may shuffle the Frag set in. Frag's cards carry no suit or rank (wild under Deadlands rules)."""
    from fragtui.content.cards import card_paths, load_card_set

    frag, deadlands = shipped_cards(), card_set(DEADLANDS)
    assert not {card.id for card in frag} & {card.id for card in deadlands}
    mixed = load_card_set(card_paths(("", "deadlands")))
    assert list(mixed.decks) == list(DECK_COUNTS)
    counts = {deck: len(mixed.instances(deck)) for deck in mixed.decks}
    assert counts == {"weapons": 36 + 40, "gadgets": 30 + 40, "hexes": 20, "specials": 26 + 32}
    assert sum(1 for card in mixed if card.face is None) == len(frag)


def test_d_card_05_fragtui_cards_shows_every_printed_malfunction(capsys) -> None:
    """D-CARD-05: `fragtui cards` shows the malfunction of exactly the weapons that print one, in words
    for each kind (jams, loses ammo, breaks, backfires with the Health lost, a dud shot)."""
    assert main(["cards"]) == 0
    out = capsys.readouterr().out.split("Frag Deadlands: 112 cards\n", 1)[1]
    lines = {line.split("[", 1)[1].split("]", 1)[0]: line for line in out.splitlines() if "× " in line}
    for card in card_set(DEADLANDS):
        assert ("malfunction:" in lines[card.id]) == (card.malfunction is not None), card.id
    assert "(2d, unlimited ammo, malfunction: a dud shot on a 1)" in lines["derringer"]
    assert "malfunction: breaks on two 1s)" in lines["bow-and-arrows"]
    assert "malfunction: loses 3 ammo on a 1)" in lines["gatling-rifle"]
    assert "malfunction: loses all its ammo on two 1s)" in lines["scattergun"]
    assert "malfunction: backfires (-3 Health) on two 1s)" in lines["nitro-flask"]
