"""A save records its ruleset and options and is loaded through the ruleset registry (issue 14); a save
naming a ruleset or an option this version does not know is refused in one line naming the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fragtui.cli import main
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import state_hash
from fragtui.errors import SaveFormatError
from fragtui.saves.format import save_of
from fragtui.saves.loading import load_game
from fragtui.saves.store import list_saves, read_save, write_save
from tests.conftest import OptionedFrag

SEATS = [{"name": n, "fighter": {"health": 2, "speed": 2, "accuracy": 3}} for n in ("Ann", "Bob")]


def optioned_save(path: Path) -> str:
    """A short game of `OptionedFrag` with two options set, saved at `path`; its last state hash."""
    config = make_config(ruleset="optioned-frag", map="pocket", seats=SEATS, options={"loud": True, "mode": "wild"})
    game = new_game(config, 5)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    write_save(save_of(game), path)
    return state_hash(game.state)


def test_a_save_records_its_ruleset_and_options_and_loads_through_the_registry(
    optioned_frag: type[OptionedFrag], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    final = optioned_save(path)
    config = json.loads(path.read_text())["config"]
    assert (config["ruleset"], config["options"]) == ("optioned-frag", {"loud": True, "mode": "wild"})
    game = load_game(path)
    assert type(game.rules) is optioned_frag
    assert game.state.config.options == {"loud": True, "mode": "wild"}
    assert (game.rules.option_value("loud"), game.rules.option_value("bonus")) == (True, 0)  # bonus: its default
    assert state_hash(game.state) == final and len(game.log) == 12


def test_a_frag_save_records_frag_and_no_options(tmp_path: Path) -> None:
    """Base Frag's saves name their ruleset and leave `options` out, as they always did (format 1)."""
    game = new_game(make_config(map="pocket", seats=SEATS), 5)
    write_save(save_of(game), tmp_path / "game.json")
    config = json.loads((tmp_path / "game.json").read_text())["config"]
    assert config["ruleset"] == "frag" and "options" not in config


def _refused(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The one line every command prints for `path`, checked the same on verify, load, replay and resume."""
    with pytest.raises(SaveFormatError):
        read_save(path)
    lines = []
    for command in ("verify", "load", "replay"):
        assert main([command, str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"fragtui: {path}: ") and err.count("\n") == 1, err
        assert "Traceback" not in err
        lines.append(err)
    assert len(set(lines)) == 1
    return lines[0]


def test_a_save_of_a_ruleset_this_version_does_not_play_is_refused_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Written by a version (here: a test) that played `optioned-frag`, read by one that does not."""
    from fragtui.engine import rulesets

    path = tmp_path / "game.json"
    with monkeypatch.context() as registered:
        registered.setitem(rulesets._REGISTRY, OptionedFrag.key, OptionedFrag)
        optioned_save(path)
    err = _refused(path, capsys)
    assert "config.ruleset: 'optioned-frag': this version of fragtui plays only frag" in err
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data" / "saves").mkdir(parents=True)
    path.rename(tmp_path / "data" / "saves" / "game.json")
    [listed] = list_saves()
    assert listed.save is None and listed.error is not None and "plays only frag" in listed.error


@pytest.mark.parametrize(
    ("ruleset", "options", "message"),
    [
        # (base Frag's own options go on with the house rules of issue 17: the start of the list is asked)
        ("frag", {"telefrags": True}, "config: Frag has no option 'telefrags' (its options: deadlands-cards, "),
        ("optioned-frag", {"wounds": True}, "has no option 'wounds' (its options: loud, bonus, mode)"),
        ("optioned-frag", {"mode": "mad"}, "option 'mode' takes one of calm, wild, not 'mad'"),
        ("optioned-frag", {"loud": "yes"}, "option 'loud' is a switch (true or false), not 'yes'"),
    ],
)
def test_a_save_with_an_option_its_ruleset_does_not_offer_is_refused_naming_the_file(
    optioned_frag: type[OptionedFrag],
    ruleset: str,
    options: dict[str, object],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "game.json"
    optioned_save(path)
    data = json.loads(path.read_text())
    data["config"] = {**data["config"], "ruleset": ruleset, "options": options}
    path.write_text(json.dumps(data))
    assert message in _refused(path, capsys)
