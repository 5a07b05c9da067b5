"""Card files declare decks, and cards carry an optional suit, rank and joker mark.

Base Frag's shipped files declare no deck and have no playing cards: they load to Frag's three decks
with the fingerprint saves have always stored. A set for Frag Deadlands (four decks, D-CARD-01; suit
and rank on every card, D-CARD-03) or Ruthless (one 52-card deck, R-SEQ-01) declares its own.
"""

from __future__ import annotations

import json

import pytest

from fragtui.content.cards import load_card_set, parse_cards, parse_decks, shipped_cards
from fragtui.content.library import board_named
from fragtui.engine.cards import FRAG_DECKS, CardDef, CardKind, CardSet, DeckDef
from fragtui.engine.playing_cards import PlayingCard, Rank, Suit
from fragtui.errors import CardFormatError
from fragtui.saves.format import content_fingerprint

SHIPPED_CARDS_FINGERPRINT = "dbe9043d5b86f6f5"
"""The card-set fingerprint of the shipped cards, as saves written before decks were data store it
(computed on main before this change: sha256 of the sorted JSON of every card definition, 16 digits)."""

DEADLANDS = """\
[[deck]]
name = "weapons"
singular = "weapon"
plural = "weapons"
deals = "weapon"

[[deck]]
name = "gadgets"
singular = "gadget"
plural = "gadgets"
deals = "gadget"

[[deck]]
name = "hexes"
singular = "hex"
plural = "hexes"
deals = "special"

[[deck]]
name = "specials"
singular = "special"
plural = "specials"
deals = "special"

[[card]]
id = "soul-blast"
deck = "hexes"
name = "Soul Blast"
use = "once"
suit = "spades"
rank = "Q"
effects = [{ kind = "extra_attack" }]

[[card]]
id = "buffalo-gun"
deck = "weapons"
name = "Buffalo Gun"
damage = 5
suit = "hearts"
rank = 10

[[card]]
id = "joker"
deck = "specials"
name = "Joker"
copies = 2
joker = true
effects = [{ kind = "draw", deck = "hexes" }]
"""


def test_the_shipped_cards_keep_their_fingerprint() -> None:
    """Saves store the card set's fingerprint: Frag's set must give the same one as before decks were
    data and cards could have a suit (else every old save would refuse to load)."""
    cards = shipped_cards()
    assert content_fingerprint(board_named("pocket"), cards)["cards"] == SHIPPED_CARDS_FINGERPRINT
    for card in cards:
        dumped = card.model_dump(mode="json")
        assert not {"kind", "suit", "rank", "joker"} & set(dumped), card.id
        assert CardDef.model_validate(dumped) == card


def test_a_card_file_may_declare_its_decks__D_CARD_01() -> None:
    """Four decks in the file's order, each card of the kind its deck deals: a hex is a special card
    drawn from the hexes deck, with a deck (and discard pile) of its own."""
    decks = parse_decks(DEADLANDS, "deadlands.toml")
    assert [deck.name for deck in decks] == ["weapons", "gadgets", "hexes", "specials"]
    blast, gun, joker = parse_cards(DEADLANDS, "deadlands.toml")
    assert (blast.deck, blast.kind) == ("hexes", CardKind.SPECIAL)
    assert (gun.deck, gun.kind) == ("weapons", CardKind.WEAPON)
    cards = CardSet([blast, gun, joker], decks)
    assert list(cards.decks) == ["weapons", "gadgets", "hexes", "specials"]
    assert cards.instances("hexes") == ["soul-blast#1"]
    assert cards.instances("specials") == ["joker#1", "joker#2"]
    assert not cards.frag_decks


def test_suit_rank_and_joker_round_trip__D_CARD_03() -> None:
    """A card's suit and rank are read as written (rank 10 as a number, Q as a letter), dump as the
    card file writes them, and read back to the same card."""
    blast, gun, joker = parse_cards(DEADLANDS, "deadlands.toml")
    assert blast.face == PlayingCard(suit=Suit.SPADES, rank=Rank.QUEEN)
    assert gun.face == PlayingCard(suit=Suit.HEARTS, rank=Rank.TEN)
    assert joker.face == PlayingCard(joker=True) and joker.suit is None and joker.rank is None
    for card in (blast, gun, joker):
        dumped = json.loads(card.model_dump_json())
        assert CardDef.model_validate(dumped) == card
    assert (json.loads(blast.model_dump_json())["rank"], json.loads(gun.model_dump_json())["rank"]) == ("Q", "10")
    assert "kind" not in json.loads(gun.model_dump_json())  # a weapons deck implies it
    assert json.loads(blast.model_dump_json())["kind"] == "special"  # a hexes deck does not
    assert "suit" not in json.loads(joker.model_dump_json()) and "joker" not in json.loads(gun.model_dump_json())


def test_declared_decks_are_part_of_the_fingerprint(tmp_path) -> None:
    """A set that declares its decks fingerprints them: a deck dealing another kind replays differently.
    Declaring exactly Frag's three decks is the same set as declaring none."""
    board = board_named("pocket")
    path = tmp_path / "deadlands.toml"
    path.write_text(DEADLANDS)
    four = load_card_set([path])
    three = CardSet([card for card in four if card.deck != "hexes" and not card.joker], FRAG_DECKS)
    weapons, gadgets, hexes, _ = four.decks.values()
    specials = DeckDef(name="specials", singular="special", plural="special cards", deals=CardKind.SPECIAL)
    renamed = CardSet(list(four), [weapons, gadgets, hexes, specials])
    prints = {content_fingerprint(board, s)["cards"] for s in (four, three, renamed)}
    assert len(prints) == 3
    assert (
        content_fingerprint(board, CardSet(list(three), FRAG_DECKS))["cards"]
        == content_fingerprint(board, CardSet(list(three)))["cards"]
    )


def test_decks_may_be_declared_in_one_file_and_used_in_another(tmp_path) -> None:
    """The decks of a set are those its files declare, wherever; twice the same name names both files."""
    decks_only, cards_only = DEADLANDS.split("[[card]]", 1)
    (tmp_path / "decks.toml").write_text(decks_only)
    (tmp_path / "cards.toml").write_text("[[card]]" + cards_only)
    cards = load_card_set([tmp_path / "cards.toml", tmp_path / "decks.toml"])
    assert list(cards.decks) == ["weapons", "gadgets", "hexes", "specials"] and len(cards) == 3
    (tmp_path / "again.toml").write_text(decks_only)
    with pytest.raises(CardFormatError, match=r"deck 'weapons' is declared twice \(also in .*decks.toml\)"):
        load_card_set([tmp_path / "decks.toml", tmp_path / "again.toml"])


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            DEADLANDS.replace('suit = "spades"', 'suit = "swords"'),
            30,
            "card 'soul-blast', field 'suit': Input should be",
        ),
        (DEADLANDS.replace('rank = "Q"', "rank = 11"), 31, "card 'soul-blast', field 'rank': a rank is 2 to 10, J, Q"),
        (DEADLANDS.replace("rank = 10", 'rank = "1"'), 40, "card 'buffalo-gun', field 'rank': a rank is 2 to 10"),
        (DEADLANDS.replace('rank = "Q"\n', ""), 25, "card 'soul-blast': a card has both a `suit` and a `rank`"),
        (DEADLANDS.replace("joker = true", 'joker = true\nsuit = "clubs"\nrank = 2'), 42, "a joker has no `suit`"),
        (DEADLANDS.replace("joker = true", 'joker = "maybe"'), 47, "card 'joker', field 'joker'"),
        (DEADLANDS.replace('deck = "hexes"\n', 'deck = "hex"\n'), 27, "field 'deck': no deck is called 'hex'"),
        (DEADLANDS.replace('deals = "special"', 'deals = "spell"', 1), 17, "deck 'hexes', field 'deals'"),
        (DEADLANDS.replace('singular = "hex"', 'singular = ""'), 15, "deck 'hexes', field 'singular'"),
        (DEADLANDS.replace('name = "hexes"', 'name = "Hexes"'), 14, "deck 'Hexes', field 'name'"),
        (
            DEADLANDS.replace('deck = "hexes"\n', 'deck = "hexes"\nkind = "weapon"\n'),
            28,
            "card 'soul-blast', field 'kind': the hexes deck deals special cards, not weapon cards",
        ),
        (
            DEADLANDS.replace('deck = "hexes" }', 'deck = "tarot" }'),
            48,
            "card 'joker', field 'effects': a `draw` from 'tarot', which is no deck",
        ),
        (DEADLANDS.replace("[[card]]", '[[deck]]\nname = "bad"\n\n[[card]]', 1), 25, "deck 'bad', field 'singular'"),
    ],
)
def test_bad_decks_and_playing_cards_name_file_and_line(text: str, line: int, message: str) -> None:
    with pytest.raises(CardFormatError, match=message) as caught:
        parse_cards(text, "cards/deadlands.toml")
    assert caught.value.line == line
    assert str(caught.value).startswith(f"cards/deadlands.toml:{line}: ")


def test_a_card_of_an_undeclared_deck_is_refused_by_the_set() -> None:
    """A set built in code checks the same: the deck must be declared and deal the card's kind."""
    shotgun = shipped_cards()["shotgun"]
    with pytest.raises(ValueError, match="card 'shotgun', field 'deck': no deck is called 'weapons'"):
        CardSet([shotgun], [DeckDef(name="cards", singular="playing", plural="playing", deals="playing")])
    with pytest.raises(ValueError, match="two decks are called 'weapons'"):
        CardSet([], [*FRAG_DECKS, FRAG_DECKS[0]])
