"""The `[card.altered]` table of a card file (docs/card-format.md, J-ALT-01/02) and the `range_cap` field:
an altered card is read apart from the printed one and checked as a card, and a mistake is one line
naming the file, the table's line, the card and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.content.cards import load_card_set, parse_cards
from fragtui.engine.cards import CardSet
from fragtui.errors import CardFormatError

GUN = """[[card]]
id = "gun"
deck = "weapons"
name = "Gun"
damage = 3
ammo = 6
{printed}

[card.altered]
rule = "{rule}"
text = "Altered: two shots an ammo."
{altered}
"""
"""A weapon with an altered text; line 9 is the `[card.altered]` table."""


def load(tmp_path: Path, printed: str = "", altered: str = "", rule: str = "J-ALT-02") -> CardSet:
    path = tmp_path / "cards.toml"
    path.write_text(GUN.format(printed=printed, altered=altered, rule=rule))
    return load_card_set([path])


def test_j_alt_02_an_altered_table_changes_only_what_it_sets_and_stays_out_of_the_printed_card(tmp_path: Path) -> None:
    """J-ALT-02: the printed card is as printed; the altered one has the table's text and numbers and the
    printed card's other fields (same id, deck, copies, damage, ammo)."""
    cards = load(tmp_path, altered="shots_per_ammo = 2")
    printed, altered = cards["gun"], cards.altered()["gun"]
    assert (printed.shots_per_ammo, printed.text) == (1, "")
    assert (altered.shots_per_ammo, altered.text, altered.damage, altered.ammo) == (
        2,
        "Altered: two shots an ammo.",
        3,
        6,
    )
    assert parse_cards(GUN.format(printed="", altered="shots_per_ammo = 2", rule="J-ALT-02"))[0] == printed


@pytest.mark.parametrize(
    ("printed", "altered", "rule", "error"),
    [
        ("", 'colour = "red"', "J-ALT-02", "field 'altered.colour': Extra inputs are not permitted"),
        ("", "range_cap = 200", "J-ALT-02", "field 'altered.range_cap': 200 is outside 1 to 128"),
        ("max_range = 8", "range_cap = 8", "J-ALT-02", "field 'altered': `range_cap` must be below `max_range`"),
        ("max_range = 8", "min_range = 9", "J-ALT-02", "field 'altered': `max_range` is below `min_range`"),
        ("", "", "altered", "field 'altered.rule': String should match pattern"),
    ],
)
def test_j_alt_01_a_wrong_altered_table_is_one_line_naming_its_line_and_field(
    tmp_path: Path, printed: str, altered: str, rule: str, error: str
) -> None:
    """J-ALT-01/02: an unknown field, a number out of bounds, an altered card that makes no card, a rule that
    is no rule ID: `CardFormatError` at the `[card.altered]` line (9), naming card 'gun' and the field."""
    with pytest.raises(CardFormatError) as caught:
        load(tmp_path, printed, altered, rule)
    message = str(caught.value)
    assert message.startswith(f"{tmp_path / 'cards.toml'}:9: card 'gun', ") and error in message


def test_j_alt_01_range_cap_is_a_weapon_field_within_its_bounds() -> None:
    """J-ALT-01: `range_cap` on a printed weapon is read (and left out of a card that has none); on a gadget,
    or past 128, it is refused naming the field."""
    (cannon,) = parse_cards('[[card]]\nid = "c"\ndeck = "weapons"\nname = "C"\ndamage = 5\nrange_cap = 10\n')
    assert cannon.range_cap == 10 and cannon.model_dump()["range_cap"] == 10
    with pytest.raises(CardFormatError, match=r"x.toml:6: card 'c', field 'range_cap': 129 is outside 1 to 128"):
        parse_cards('[[card]]\nid = "c"\ndeck = "weapons"\nname = "C"\ndamage = 5\nrange_cap = 129\n', "x.toml")
    with pytest.raises(CardFormatError, match=r"`range_cap` is for weapons only, not a gadget card"):
        parse_cards('[[card]]\nid = "g"\ndeck = "gadgets"\nname = "G"\nletter = "W"\nrange_cap = 3\n', "x.toml")
