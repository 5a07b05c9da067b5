"""Decks are data: the rules deal, draw, discard and reshuffle whichever decks the card set declares.

F-SETUP-02 (one card of each deck dealt), F-CARD-01 (each deck has its own discard pile, shuffled
into the deck when it runs out). Played here with base Frag's rules on a set of four decks, as Frag
Deadlands will have (D-CARD-01: Weapons, Gadgets, Hexes, Specials): a hex is a special card by kind,
yet it is drawn from, and discarded onto, the hexes' own piles.
"""

from __future__ import annotations

import json

import pytest

from fragtui.content.library import board_named, card_set, new_game
from fragtui.engine.cards import (
    GADGETS_DECK,
    SPECIALS_DECK,
    WEAPONS_DECK,
    CardDef,
    CardKind,
    CardSet,
    DeckDef,
    Draw,
    ExtraMovement,
)
from fragtui.engine.config import make_config
from fragtui.engine.dice import Dice
from fragtui.engine.events import CommonEventKind
from fragtui.engine.game import Game
from fragtui.errors import ScenarioError
from tests.conftest import game_from, kinds

CONFIG = make_config(
    map="pocket", seats=[{"name": name, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for name in ("Ann", "Bob")]
)
HEXES = DeckDef(name="hexes", singular="hex", plural="hexes", deals=CardKind.SPECIAL)
HEX_CARDS = [
    CardDef(id="soul-blast", deck="hexes", kind=CardKind.SPECIAL, name="Soul Blast", use="once", copies=2,
            effects=(ExtraMovement(points=1),)),
    CardDef(id="divination", deck="specials", name="Divination", use="once", effects=(Draw(deck="hexes"),)),
]  # fmt: skip


def four_decks() -> CardSet:
    """The shipped cards and two hexes, with a hexes deck between the gadgets and the specials."""
    return CardSet([*card_set(), *HEX_CARDS], [WEAPONS_DECK, GADGETS_DECK, HEXES, SPECIALS_DECK])


def test_every_declared_deck_is_shuffled_and_dealt_in_its_order__F_SETUP_02() -> None:
    """Four decks: each shuffled on the game's dice in the set's order, one card of each dealt."""
    cards = four_decks()
    game = Game.new(CONFIG, 7, board=board_named("pocket"), cards=cards)
    dice = Dice(7)
    shuffled = {}
    for deck in ("weapons", "gadgets", "hexes", "specials"):
        shuffled[deck] = pile = cards.instances(deck)
        dice.shuffle(pile)
    assert list(game.state.decks.draw) == list(game.state.decks.discard) == ["weapons", "gadgets", "hexes", "specials"]
    for seat, player in enumerate(game.state.players):
        assert player.hand == [shuffled[deck][seat] for deck in shuffled]
    assert game.state.decks.draw["hexes"] == shuffled["hexes"][2:]
    drawn = [e.text for e in game.opening if e.kind is CommonEventKind.CARD_DRAWN]
    assert drawn[4:6] == ["Ann draws a hex card (dealt at set-up)", "Bob draws a hex card (dealt at set-up)"]
    assert game.card_count() == sum(len(cards.instances(deck)) for deck in cards.decks)


def test_a_frag_state_keeps_its_three_piles_by_name__F_CARD_01() -> None:
    """Base Frag's piles are keyed "weapons", "gadgets", "specials", in that order, as saves always had them."""
    game = new_game(CONFIG, 3)
    piles = json.loads(game.state.model_dump_json())["decks"]
    assert list(piles) == ["draw", "discard"]
    assert list(piles["draw"]) == list(piles["discard"]) == ["weapons", "gadgets", "specials"]
    assert piles["discard"] == {"weapons": [], "gadgets": [], "specials": []}
    assert list(game.view(0).deck_sizes) == ["weapons", "gadgets", "specials"]


def test_a_hex_is_discarded_onto_its_own_deck_and_reshuffled_from_it__F_CARD_01() -> None:
    """Divination draws a hex: the hexes deck is empty, so its discard pile (and only it) is shuffled in.
    The hex, a special card by kind, goes back to the hexes' discard pile when played, not the specials'."""
    game = game_from(
        """
        dice = []
        phase = "action"
        decks.hexes = []
        discards.hexes = ["soul-blast#1"]
        discards.specials = ["dodge"]
        [[fighter]]
        name = "Ann"
        at = "1,3"
        hand = ["divination"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
        """,
        four_decks(),
    )
    total = game.card_count()
    events = game.play(["play divination#1"])
    assert kinds(events) == ["CardPlayed", "Shuffled", "CardDrawn"]
    assert [e.text for e in events[1:]] == [
        "The hexes discard pile is shuffled into a new deck",
        "Ann draws a hex card (Divination)",
    ]
    decks = game.state.decks
    assert game.state.players[0].hand == ["soul-blast#1"]
    assert decks.draw["hexes"] == [] and decks.discard["hexes"] == []
    assert decks.discard["specials"] == ["dodge#1", "divination#1"]  # untouched by the hexes' reshuffle
    movement = game.state.turn.movement
    game.play(["play soul-blast#1"])
    assert game.state.turn.movement == movement + 1
    assert decks.discard["hexes"] == ["soul-blast#1"] and decks.discard["specials"] == ["dodge#1", "divination#1"]
    assert game.card_count() == total


def test_a_scenario_names_only_decks_the_set_has() -> None:
    """`decks.hexes` in a game of base Frag's three decks is an error naming the deck, not a crash."""
    with pytest.raises(ScenarioError, match="no deck is called 'hexes'"):
        game_from(
            """
            decks.hexes = []
            [[fighter]]
            name = "Ann"
            at = "1,3"
            [[fighter]]
            name = "Bob"
            at = "8,8"
            """
        )


def test_a_scenario_pile_holds_only_cards_of_its_deck__F_CARD_01() -> None:
    """A shotgun on the gadgets' draw pile, or a hex on the specials' discard pile, is refused: each deck
    has its own piles, and a card goes back to the discard pile of the deck it belongs to."""
    fighters = """
        [[fighter]]
        name = "Ann"
        at = "1,3"
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """
    with pytest.raises(ScenarioError, match=r"decks\.gadgets: shotgun is a card of the weapons deck"):
        game_from('decks.gadgets = ["medpack", "shotgun"]\n' + fighters)
    with pytest.raises(ScenarioError, match=r"discards\.specials: soul-blast is a card of the hexes deck"):
        game_from('discards.specials = ["soul-blast#2"]\n' + fighters, four_decks())
