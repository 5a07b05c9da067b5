"""Issue 30, items 20 and 21: a value quoted from a file reaches no terminal as it was written.

Every loader (saves, card files, maps, rosters, scenarios, tournaments) and the command lines that
report them are fed files whose values are escape sequences (one clears the screen and retitles the
window), a line separator (U+2028, which split an error in two), a bidi override, or 100,000
characters. Every message must be one printable line of bounded length, and still name what it quotes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from fragtui.cli import main
from fragtui.content.cards import parse_cards
from fragtui.content.library import load_scenario
from fragtui.content.maps import parse_map
from fragtui.content.posses import parse_roster
from fragtui.engine.config import make_config
from fragtui.errors import MESSAGE_LIMIT, FragtuiError, shown
from fragtui.saves.format import parse_save, save_of
from fragtui.saves.tournaments import parse_tournament
from tests.saves.duel import pocket_duel

HOSTILE = {
    "escape sequences": "\x1b[2J\x1b]0;pwned\x07x",
    "a line separator": "a\u2028b",
    "a bidi override": "ab\u202ecd",
    "100,000 characters": "m" * 100_000,
}
"""Values no message may print as they are."""


def _good_save() -> dict:
    return json.loads(save_of(pocket_duel(3)).model_dump_json())


GOOD_SAVE = _good_save()


def _save(**changes: object) -> str:
    return json.dumps({**GOOD_SAVE, **changes})


def _config(**changes: object) -> dict:
    return {**GOOD_SAVE["config"], **changes}


SAVES: dict[str, Callable[[str], str]] = {
    "an action's kind": lambda v: _save(actions=[{**GOOD_SAVE["actions"][0], "action": {"kind": v}}]),
    "an action's field": lambda v: _save(actions=[{**GOOD_SAVE["actions"][0], v: 1}]),
    "the map's name": lambda v: _save(config=_config(map=v)),
    "the ruleset": lambda v: _save(config=_config(ruleset=v)),
    "an option's name": lambda v: _save(config=_config(options={v: True})),
    "an option's value": lambda v: _save(config=_config(ruleset="frag", options={"gore": v})),
    "a player's name": lambda v: _save(
        config=_config(seats=[{**GOOD_SAVE["config"]["seats"][0], "name": v}, GOOD_SAVE["config"]["seats"][1]]),
        players=[v, "Bob"],
    ),
    "a seat's colour": lambda v: _save(looks=[{"colour": v, "glyph": "@"}] * 2),
    "a date": lambda v: _save(updated=v),
    "the winner": lambda v: _save(summary={**GOOD_SAVE["summary"], "winner": v}),
    "a frags key": lambda v: _save(summary={**GOOD_SAVE["summary"], "frags": {v: 1}}),
    "a key of the save": lambda v: _save(**{v: 1}),
    "the format": lambda v: _save(format=v),
    "a key fingerprint": lambda v: _save(hosted={"code": "ABCD", "keys": [v, None]}),
}

CARD = '[[card]]\nid = "shotgun"\ndeck = "weapons"\nname = "Shotgun"\ndamage = 4\nammo = 6\n'
CARDS: dict[str, Callable[[str], str]] = {
    "a card's id": lambda v: CARD.replace('"shotgun"', json.dumps(v)),
    "a card's deck": lambda v: CARD.replace('"weapons"', json.dumps(v)),
    "a card's field": lambda v: CARD + f"{json.dumps(v)} = 1\n",
    "a card's kind": lambda v: CARD + f"kind = {json.dumps(v)}\n",
    "a card's rank": lambda v: CARD + f'suit = "spades"\nrank = {json.dumps(v)}\n',
    "a deck's name": lambda v: f'[[deck]]\nname = {json.dumps(v)}\nsingular = "x"\nplural = "xs"\ndeals = "weapon"\n',
    "a top-level key": lambda v: f"{json.dumps(v)} = 1\n" + CARD,
}

MAP = "name: t\nplayers: 2\n+-+-+\n|1 2|\n+-+-+\n"
MAPS: dict[str, Callable[[str], str]] = {
    "a header key": lambda v: MAP.replace("players: 2", f"{v}: 2"),
    "the players": lambda v: MAP.replace("players: 2", f"players: {v}"),
    "the ruleset": lambda v: MAP.replace("players: 2", f"players: 2\nruleset: {v}"),
}

ROSTER = (
    'budget = 30\n[[gunfighter]]\nkey = "a"\nname = "A"\ntoughness = 5\nweapons = ["revolver"]\npoints = 10\n'
    "[gunfighter.wounds]\nleg = 2\narm = 2\ngraze = 2\ngut = 2\nchest = 2\nsevere = 2\n"
)
ROSTERS: dict[str, Callable[[str], str]] = {
    "a roster's key": lambda v: f"{json.dumps(v)} = 1\n" + ROSTER,
    "a weapon": lambda v: ROSTER.replace('"revolver"', json.dumps(v)),
    "a posse's member": lambda v: ROSTER + f'[[posse]]\nkey = "p"\nname = "P"\nmembers = [{json.dumps(v)}]\n',
}

SCENARIO = 'map = "pocket"\n[[fighter]]\nname = "Ann"\nat = "1,4"\n[[fighter]]\nname = "Bob"\nat = "8,8"\n'
SCENARIOS: dict[str, Callable[[str], str]] = {
    "the map": lambda v: SCENARIO.replace('"pocket"', json.dumps(v)),
    "a card in hand": lambda v: SCENARIO.replace('name = "Ann"', f'name = "Ann"\nhand = [{json.dumps(v)}]'),
    "a key": lambda v: f"{json.dumps(v)} = 1\n" + SCENARIO,
}


def _load_scenario(text: str, path: str) -> object:
    from fragtui.content.library import scenario_game

    load_scenario(text, path)
    return scenario_game(text, path)


LOADERS: dict[str, tuple[dict[str, Callable[[str], str]], Callable[[str, str], object]]] = {
    "save": (SAVES, parse_save),
    "card file": (CARDS, lambda text, path: parse_cards(text, path)),
    "map": (MAPS, parse_map),
    "roster": (ROSTERS, parse_roster),
    "scenario": (SCENARIOS, _load_scenario),
    "tournament": (
        {"a key": lambda v: json.dumps({"format": 1, v: 1}), "the format": lambda v: json.dumps({"format": v})},
        parse_tournament,
    ),
}

CASES = [(loader, part, value) for loader, (parts, _) in LOADERS.items() for part in parts for value in HOSTILE]


def _is_one_printable_line(message: str) -> bool:
    return message.isprintable() and len(message) <= MESSAGE_LIMIT


@pytest.mark.parametrize(("loader", "part", "value"), CASES, ids=[" - ".join(case) for case in CASES])
def test_every_loader_quotes_a_hostile_value_as_one_printable_line(loader: str, part: str, value: str) -> None:
    """Items 20 and 21: whatever a file holds, its loader's message is printable, one line, and short."""
    parts, load = LOADERS[loader]
    with pytest.raises(FragtuiError) as caught:
        load(parts[part](HOSTILE[value]), "hostile.file")
    message = str(caught.value)
    assert _is_one_printable_line(message), message[:300]
    assert message.startswith("hostile.file"), message[:300]


def test_a_quoted_value_is_escaped_and_cut_inside_its_quotes() -> None:
    """The one way a message quotes what a file holds: escaped, cut with an ellipsis, still recognisable."""
    assert shown("\x1b[2J\x1b]0;pwned\x07x") == "'\\x1b[2J\\x1b]0;pwned\\x07x'"
    assert shown("a\u2028b") == "'a\\u2028b'" and shown("ab\u202ecd") == "'ab\\u202ecd'"
    assert shown("m" * 100_000) == "'" + "m" * 40 + "…'"
    assert shown("it's") == '"it\'s"' and shown("a\\b") == "'a\\\\b'"
    assert shown(12) == "12" and shown(["x" * 1000] * 1000).isprintable() and len(shown(["x" * 1000] * 1000)) <= 42


def test_verify_prints_the_escape_sequence_of_an_action_as_text(tmp_path: Path, capsys) -> None:
    """Item 20's reproducer: a save whose action kind clears the screen and retitles the window."""
    path = tmp_path / "pwned.json"
    path.write_text(SAVES["an action's kind"]("\x1b[2J\x1b]0;pwned\x07x"))
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and err.count("\n") == 1 and err.endswith("\n")
    assert "'\\x1b[2J\\x1b]0;pwned\\x07x'" in err


@pytest.mark.parametrize("value", list(HOSTILE))
@pytest.mark.parametrize("part", ["the map's name", "a player's name", "an action's kind", "a key of the save"])
def test_every_save_command_says_a_hostile_value_in_one_short_line(part: str, value: str, tmp_path, capsys) -> None:
    """Item 21: a 100,000-character map name gave a 100 kB error line; U+2028 split one in two."""
    path = tmp_path / "bad.json"
    path.write_text(SAVES[part](HOSTILE[value]))
    for command in ("verify", "load", "replay"):
        assert main([command, str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and _is_one_printable_line(err[:-1].removeprefix("fragtui: ")), err[:300]


@pytest.mark.parametrize("value", list(HOSTILE))
@pytest.mark.parametrize("part", list(CARDS))
def test_cards_check_says_a_hostile_value_in_one_short_line(part: str, value: str, tmp_path, capsys) -> None:
    """Item 21: card ids, deck names and ranks in `cards check` were quoted uncut."""
    path = tmp_path / "bad.toml"
    path.write_text(CARDS[part](HOSTILE[value]))
    assert main(["cards", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and _is_one_printable_line(err[:-1].removeprefix("fragtui: ")), err[:300]


def test_the_saves_list_prints_a_hostile_file_name_as_text(tmp_path: Path, monkeypatch, capsys) -> None:
    """A file in the saves folder is named by whoever put it there: its name is listed escaped."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "\x1b]0;pwned\x07.json").write_text("{nope")
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b]0;pwned\\x07.json: cannot be read" in out


@pytest.mark.parametrize("name", ["A\x1b[2J", "Ann\u2028Bob", "\u202eboB"])
def test_a_player_name_a_terminal_would_act_on_is_refused_at_set_up(name: str) -> None:
    """A name typed or pasted by a peer over SSH reaches every player's screen: it must be printable."""
    from fragtui.errors import ConfigError

    seats = [{"name": n, "fighter": {"health": 2, "speed": 2, "accuracy": 3}} for n in (name, "Bob")]
    with pytest.raises(ConfigError, match="holds a control character") as caught:
        make_config(map="pocket", seats=seats)
    assert _is_one_printable_line(str(caught.value))


READ_BY_PLAYERS: dict[str, tuple[Callable[[str], str], Callable[[str, str], object]]] = {
    "a card's name": (lambda v: CARD.replace('name = "Shotgun"', f"name = {json.dumps(v)}"), parse_cards),
    "a card's text": (lambda v: CARD + f"text = {json.dumps(v)}\n", parse_cards),
    "a deck's plural": (
        lambda v: f'[[deck]]\nname = "xs"\nsingular = "x"\nplural = {json.dumps(v)}\ndeals = "weapon"\n',
        parse_cards,
    ),
    "a gunfighter's name": (lambda v: ROSTER.replace('name = "A"', f"name = {json.dumps(v)}"), parse_roster),
    "a gunfighter's trait": (
        lambda v: ROSTER.replace("points = 10", f"points = 10\ntrait = {json.dumps(v)}"),
        parse_roster,
    ),
    "a map's name": (lambda v: MAP.replace("name: t", f"name: {v}"), parse_map),
    "a map's description": (lambda v: MAP.replace("players: 2", f"players: 2\ndescription: {v}"), parse_map),
}


@pytest.mark.parametrize("value", ["escape sequences", "a bidi override"])
@pytest.mark.parametrize("part", list(READ_BY_PLAYERS))
def test_text_players_read_is_refused_when_a_terminal_would_act_on_it(part: str, value: str) -> None:
    """Names and texts are shown on the table as they are: one with a control character is the file's error."""
    make, load = READ_BY_PLAYERS[part]
    with pytest.raises(FragtuiError, match="holds a control character") as caught:
        load(make(HOSTILE[value]), "hostile.file")
    assert _is_one_printable_line(str(caught.value)) and str(caught.value).startswith("hostile.file")
