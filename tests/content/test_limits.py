"""Bounds on what content files may ask for (issue 13, faults 4, 6, 7 and 8): each refused in one clear line."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from fragtui.cli import main
from fragtui.content.cards import CARD_BOUNDS, EFFECT_BOUNDS, card_out_of_bounds, parse_cards, shipped_cards
from fragtui.content.library import scenario_game
from fragtui.content.maps import MAX_MAP_BYTES, MAX_SIDE, load_map, parse_map
from fragtui.errors import CardFormatError, MapFormatError, ScenarioError


def open_map(width: int, height: int) -> str:
    """An empty room of `width`×`height` squares with respawn points 1 and 2 in opposite corners."""
    lines = ["name: Big", "+" + "-+" * width]
    for y in range(height):
        cells = ["1" if (x, y) == (0, 0) else "2" if (x, y) == (width - 1, height - 1) else "." for x in range(width)]
        lines.append("|" + " ".join(cells) + "|")
        lines.append("+" + ("-+" if y == height - 1 else " +") * width)
    return "\n".join(lines) + "\n"


def test_a_map_at_the_size_limit_is_checked_quickly() -> None:
    """Fault 4: the largest map allowed loads (the 1000×1000 one took 62 s)."""
    start = time.process_time()
    board = parse_map(open_map(MAX_SIDE, MAX_SIDE), "big.map")
    assert (board.width, board.height) == (MAX_SIDE, MAX_SIDE)
    assert time.process_time() - start < 20  # a bound against the 62 s fault, not a timing test


@pytest.mark.parametrize(("width", "height"), [(MAX_SIDE + 1, 4), (4, MAX_SIDE + 1)])
def test_a_map_past_the_size_limit_is_refused(width: int, height: int) -> None:
    with pytest.raises(MapFormatError, match=rf"big\.map:\d+:1: the map is {width}×{height} squares; a map is at most"):
        parse_map(open_map(width, height), "big.map")


def test_a_huge_map_file_is_refused_before_it_is_read(tmp_path: Path, capsys) -> None:
    """Fault 4: a 1000×1000 grid (4 MB) is refused by its size; `maps check` says so in one line."""
    path = tmp_path / "huge.map"
    path.write_text(open_map(1000, 1000))
    assert path.stat().st_size > MAX_MAP_BYTES
    assert main(["maps", "check", str(path)]) == 2
    err = capsys.readouterr().err
    size = path.stat().st_size
    assert err == f"fragtui: {path}: the file is {size:,} bytes, more than any map can be ({MAX_MAP_BYTES:,} at most)\n"


def test_a_map_that_is_a_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    """A save may name any map file: a FIFO named like a map must not block the loader."""
    import os

    path = tmp_path / "pipe.map"
    os.mkfifo(path)
    with pytest.raises(MapFormatError, match="named pipe"):
        load_map(path)


def test_the_map_limits_are_documented() -> None:
    text = (Path(__file__).parents[2] / "docs" / "map-format.md").read_text()
    assert f"{MAX_SIDE}×{MAX_SIDE} squares" in text and f"{MAX_MAP_BYTES // 1024} KiB" in text


WEAPON = """\
[[card]]
id = "bfg"
deck = "weapons"
name = "BFG"
damage = {damage}
"""


def test_a_billion_damage_dice_are_refused(tmp_path: Path, capsys) -> None:
    """Fault 7: `cards check` names the file, line, card and field."""
    path = tmp_path / "bfg.toml"
    path.write_text(WEAPON.format(damage=1_000_000_000))
    assert main(["cards", "check", str(path)]) == 2
    assert capsys.readouterr().err == f"fragtui: {path}:5: card 'bfg', field 'damage': 1000000000 is outside 0 to 20\n"


@pytest.mark.parametrize(
    ("field", "value"),
    [("ammo", 1000), ("min_range", 500), ("duration", 99), ("ammo_per_shot", 50), ("extra_damage", 11)],
)
def test_every_card_number_has_a_bound(field: str, value: int) -> None:
    text = WEAPON.format(damage=2) + f"{field} = {value}\n"
    with pytest.raises(CardFormatError, match=rf"field '{field}': {value} is outside"):
        parse_cards(text, "x.toml")


@pytest.mark.parametrize(
    ("effect", "field"),
    [
        ('{ kind = "modify", stat = "damage", multiply = 1000 }', "multiply"),
        ('{ kind = "modify", stat = "speed", add = -50 }', "add"),
        ('{ kind = "heal", amount = 100 }', "amount"),
        ('{ kind = "draw", deck = "weapons", count = 1000 }', "count"),
        ('{ kind = "trigger", on = "hit", effects = [{ kind = "extra_attack", count = 999 }] }', "count"),
    ],
)
def test_effect_numbers_have_bounds_too(effect: str, field: str) -> None:
    text = f'[[card]]\nid = "odd"\ndeck = "specials"\nname = "Odd"\neffects = [{effect}]\n'
    with pytest.raises(CardFormatError, match=rf"x\.toml:5: card 'odd', field 'effects\.{field}': -?\d+ is outside"):
        parse_cards(text, "x.toml")


def test_the_shipped_cards_are_within_the_bounds_and_the_bounds_documented() -> None:
    assert all(card_out_of_bounds(card) is None for card in shipped_cards())
    text = (Path(__file__).parents[2] / "docs" / "card-format.md").read_text()
    for name, (low, high) in {**CARD_BOUNDS, **EFFECT_BOUNDS}.items():
        assert f"`{name}` | {low} to {high}" in text, name


DEEP = "x = " + "[" * 1000 + "]" * 1000 + "\n"


def test_deeply_nested_toml_is_a_card_format_error(tmp_path: Path, capsys) -> None:
    """Fault 6: a thousand nested arrays were a RecursionError."""
    path = tmp_path / "deep.toml"
    path.write_text(DEEP)
    assert main(["cards", "check", str(path)]) == 2
    assert capsys.readouterr().err == f"fragtui: {path}: not a card file: tables or arrays nested more than 20 deep\n"


def test_brackets_in_strings_and_comments_are_not_nesting() -> None:
    text = WEAPON.format(damage=2) + 'text = """' + "[" * 50 + '\n"""\n# ' + "{" * 50 + "\n"
    assert parse_cards(text, "x.toml")[0].text.startswith("[[[")


SCENARIO = """\
map = "{map}"
{top}
[[fighter]]
name = "Ann"
at = "1,4"
{ann}
[[fighter]]
name = "Bob"
at = "8,8"
"""


def scenario(ann: str = "", top: str = "", map: str = "pocket") -> str:
    return SCENARIO.format(ann=ann, top=top, map=map)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (scenario(top=DEEP), r"s\.toml: not a scenario: tables or arrays nested more than 20 deep"),
        (scenario(top=f"seed = {2**64 + 5}"), r"s\.toml:2: seed: Input should be less than 18446744073709551616"),
        (scenario(map="nowhere"), r"s\.toml:1: map: no map called 'nowhere'"),
        (scenario("frags = 3"), r"s\.toml: fighter 'Ann': 3 frags reach the frag target 3: that game is over"),
        (scenario("damage = 5"), r"s\.toml: fighter 'Ann': in play at Health -3; a fighter in play has at least 1"),
        (scenario("damage = 2"), r"s\.toml: fighter 'Ann': in play at Health 0"),
        (scenario('hand = ["dodge#99"]'), r"fighter 'Ann': there is no card dodge#99: the set has 3 copies of dodge"),
        (scenario('hand = ["dodge", "dodge", "dodge", "dodge"]'), r"every copy of dodge \(3\) is placed already"),
        (scenario('weapons = [{ card = "shotgun", ammo = -1 }]'), r"s\.toml:6: fighter\.0\.weapons\.0\.ammo: Input"),
        (scenario('weapons = [{ card = "shotgun", ammo = 7 }]'), r"shotgun has a full load of 6, not 7 ammo"),
        (
            scenario('weapons = [{ card = "club", ammo = 3 }]') + WEAPON.replace("bfg", "club").format(damage=1),
            r"club has unlimited ammo, not 3 ammo",
        ),
        (scenario('gadgets = [{ card = "heavy-armor", absorbed = 9 }]'), r"heavy-armor is discarded after stopping 2"),
        (scenario('specials = [{ card = "adrenaline", turns = 0 }]'), r"specials\.0\.turns: Input should be greater"),
        (scenario(top='[[fighter]]\nname = "ann"\nat = "3,3"'), r"fighters: two players are called 'ann'"),
        (scenario() + WEAPON.format(damage=10**9), r"s\.toml:\d+: card 'bfg', field 'damage'"),
    ],
)
def test_impossible_scenarios_are_one_line_errors(text: str, message: str) -> None:
    """Faults 6 and 8: every impossible position is a `ScenarioError` in one line naming the file."""
    with pytest.raises(ScenarioError, match=message) as raised:
        scenario_game(text, "s.toml")
    assert "\n" not in str(raised.value) and str(raised.value).startswith("s.toml")


def test_the_scenario_checks_keep_possible_positions() -> None:
    """Health 1 in play, frags one short of the target, every copy of a card, an empty weapon: all fine."""
    ann_lines = [
        "damage = 1",
        "frags = 2",
        'hand = ["dodge", "dodge", "dodge"]',
        'weapons = [{ card = "shotgun", ammo = 0 }]',
    ]
    game = scenario_game(scenario("\n".join(ann_lines)), "s.toml")
    ann = game.state.players[0]
    assert game.rules.health(0) == 1 and ann.frags == 2 and ann.hand == ["dodge#1", "dodge#2", "dodge#3"]
    assert ann.weapons[0].ammo == 0
