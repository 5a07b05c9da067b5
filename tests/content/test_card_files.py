"""Card files: the shipped core set loads, and every kind of mistake names the file, line, card and field."""

from __future__ import annotations

import pytest

from fragtui.content.cards import load_card_set, parse_cards, shipped_cards
from fragtui.engine.cards import FRAG_DECKS, CardKind, CardSet, Letter, Use
from fragtui.errors import CardFormatError

GOOD = """\
[[card]]
id = "shotgun"
deck = "weapons"
name = "Shotgun"
damage = 4
ammo = 6

[[card]]
id = "medpack"
deck = "gadgets"
name = "Medpack"
letter = "H"
use = "once"
effects = [{ kind = "heal", amount = 2 }]
"""


def test_shipped_cards_load_with_every_deck():
    cards = shipped_cards()
    assert tuple(cards.decks.values()) == FRAG_DECKS
    for deck in cards.decks:
        assert cards.instances(deck), deck
    assert all(card.letter is not None for card in cards if card.kind is CardKind.GADGET)


def test_a_card_file_parses_into_definitions():
    shotgun, medpack = parse_cards(GOOD, "good.toml")
    assert (shotgun.damage, shotgun.ammo, shotgun.deck, shotgun.kind) == (4, 6, "weapons", CardKind.WEAPON)
    assert medpack.letter is Letter.H and medpack.use is Use.ONCE and medpack.heals
    assert CardSet([shotgun, medpack]).instances("weapons") == ["shotgun#1"]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (GOOD.replace("damage = 4\n", ""), 1, "card 'shotgun'.*needs `damage`"),
        (GOOD.replace('deck = "weapons"', 'deck = "guns"'), 3, "card 'shotgun', field 'deck'"),
        (GOOD.replace('kind = "heal"', 'kind = "explode"'), 14, "card 'medpack', field 'effects'"),
        (GOOD.replace('letter = "H"\n', ""), 8, "card 'medpack'.*needs a `letter`"),
        (GOOD.replace("ammo = 6", 'ammo = "six"'), 6, "card 'shotgun', field 'ammo'"),
        (GOOD.replace('id = "medpack"', 'id = "Med Pack"'), 9, "field 'id'"),
        ("bogus = 1\n" + GOOD, 1, "unknown top-level key 'bogus'"),
        (GOOD + "\nbogus = 1\n", 16, "card 'medpack', field 'bogus': Extra inputs"),
        (GOOD.replace('name = "Shotgun"', 'name = "Shotgun'), 4, "not valid TOML"),
        (GOOD.replace('use = "once"', 'use = "reaction"'), 8, "must cancel the hit"),
        (GOOD.replace("ammo = 6", 'ammo = 6\ncolour = "red"'), 7, "card 'shotgun', field 'colour'"),
    ],
)
def test_bad_card_files_name_file_line_card_and_field(text, line, message):
    with pytest.raises(CardFormatError, match=message) as caught:
        parse_cards(text, "cards/bad.toml")
    assert caught.value.path == "cards/bad.toml"
    assert caught.value.line == line
    assert str(caught.value).startswith(f"cards/bad.toml:{line}")


def test_a_duplicate_id_across_files_names_both(tmp_path):
    (tmp_path / "a.toml").write_text(GOOD)
    (tmp_path / "b.toml").write_text(GOOD)
    with pytest.raises(CardFormatError, match=r"'shotgun' is defined twice \(also in .*a.toml\)"):
        load_card_set([tmp_path / "a.toml", tmp_path / "b.toml"])


def test_an_unreadable_card_file_is_a_card_format_error(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'[[card]]\nname = "Caf\xe9"\n')
    with pytest.raises(CardFormatError, match="cannot read"):
        load_card_set([path])


def test_fragtui_cards_lists_every_deck(capsys):
    from fragtui.cli import main

    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    frag, deadlands = out.split("\nFrag Deadlands: ")  # each shipped set under its ruleset's title
    for deck in FRAG_DECKS:
        assert frag.count(f"{deck.plural.capitalize()} (") == 1
        assert deadlands.count(f"{deck.plural.capitalize()} (") == 1
    assert "Shotgun [shotgun] (4d, ammo 6)" in out


def test_fragtui_cards_check_counts_the_decks(capsys):
    from fragtui.cli import main

    cards = shipped_cards()
    assert main(["cards", "check"]) == 0
    out = capsys.readouterr().out
    total = sum(len(cards.instances(deck)) for deck in cards.decks)
    assert f"{total} cards in all" in out


def test_fragtui_cards_check_reports_a_bad_file_in_one_line(tmp_path, capsys):
    from fragtui.cli import main

    bad = tmp_path / "bad.toml"
    bad.write_text('[[card]]\nid = "x"\n')
    assert main(["cards", "check", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"fragtui: {bad}:1: card 'x', field 'deck': Field required"


def test_the_starting_pistol_has_a_name_like_every_card():
    """Every attack names a weapon: a card, or the pistol every fighter carries (F-ATK-03), which is no card.
    `CardSet.name` names both, as the rules' log does, so an interface never spells the pistol's id."""
    from fragtui.content.library import new_game
    from fragtui.engine.cards import PISTOL
    from fragtui.engine.config import make_config
    from fragtui.engine.frag.rules import FragRules

    cards = shipped_cards()
    assert cards.name(PISTOL) == "Pistol"
    assert cards.name("shotgun#2") == "Shotgun"
    seats = [{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in ("Ann", "Bob")]
    rules = new_game(make_config(map="pocket", seats=seats), 1).rules
    assert isinstance(rules, FragRules)
    assert cards.name(PISTOL) == rules.card_name(PISTOL)


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "card = []\n"])
def test_an_empty_card_file_is_refused_saying_so(text: str, tmp_path, capsys) -> None:
    """Issue 30, item 23: an empty card file passed `cards check` (a set of no cards); it is an error that says why."""
    from fragtui.cli import main

    with pytest.raises(CardFormatError, match=r"^empty\.toml:1: the file is empty: a card file holds at least one"):
        parse_cards(text, "empty.toml")
    path = tmp_path / "empty.toml"
    path.write_text(text)
    assert main(["cards", "check", str(path)]) == 2
    captured = capsys.readouterr()
    assert "ok" not in captured.out and captured.err == (
        f"fragtui: {path}:1: the file is empty: a card file holds at least one [[card]] or [[deck]] table\n"
    )
