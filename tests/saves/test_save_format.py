"""Saves: written atomically, replayed through the checked apply, and every bad file a one-line error."""

from __future__ import annotations

import contextlib
import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fragtui.cli import main
from fragtui.content.library import board_named, card_set, new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.harness import play_random_game
from fragtui.errors import SaveFormatError
from fragtui.saves.format import HASH_EVERY, game_from_save, parse_save, save_of
from fragtui.saves.loading import game_of
from fragtui.saves.store import list_saves, read_save, write_save


def played(seed: int = 4, actions: int | None = None, frag_target: int = 1) -> Game:
    config = make_config(
        map="pocket",
        frag_target=frag_target,
        seats=[{"name": n, "fighter": {"health": 2, "speed": 2, "accuracy": 3}} for n in ("Ann", "Bob", "Cat")],
    )
    game = new_game(config, seed)
    rng = random.Random(seed)
    if actions is None:
        play_random_game(game, rng, check=False)
    else:
        for _ in range(actions):
            game.apply(rng.choice(game.legal_actions()))
    return game


def load(text: str) -> Game:
    return game_of(parse_save(text, "game.json"), "game.json")


@pytest.fixture(scope="module")
def finished() -> Game:
    return played()


def test_a_save_replays_to_the_same_state(finished, tmp_path):
    path = tmp_path / "game.json"
    write_save(save_of(finished), path)
    again = game_from_save(read_save(path), board_named("pocket"), card_set(), path)
    assert again.state == finished.state
    save = read_save(path)
    assert save.format == 1 and save.players == ["Ann", "Bob", "Cat"]
    assert save.summary.winner == finished.state.players[finished.state.winner].name
    assert len(save.hashes) == len(save.actions) // HASH_EVERY + (len(save.actions) % HASH_EVERY != 0)


def test_an_unfinished_game_saves_and_continues(tmp_path):
    game = played(seed=9, actions=120, frag_target=3)
    path = tmp_path / "half.json"
    write_save(save_of(game), path)
    again = game_from_save(read_save(path), board_named("pocket"), card_set(), path)
    assert again.state == game.state
    assert again.legal_actions() == game.legal_actions()


def test_atomic_write_leaves_no_temporary_files(finished, tmp_path):
    path = tmp_path / "game.json"
    for _ in range(3):
        write_save(save_of(finished), path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def text_of(game: Game) -> str:
    return save_of(game).model_dump_json(indent=1)


@cache
def _fuzz_save() -> str:
    return text_of(played(seed=2, actions=60, frag_target=3))


def test_truncated_file(finished):
    text = text_of(finished)
    with pytest.raises(SaveFormatError, match="cut short"):
        parse_save(text[: len(text) // 2], "game.json")


def test_invalid_json_names_line_and_column(finished):
    text = text_of(finished).replace('"format": 1', '"format": 1,,', 1)
    with pytest.raises(SaveFormatError, match=r"^game.json:2:\d+: not valid JSON"):
        parse_save(text, "game.json")


def test_wrong_type_names_the_field(finished):
    data = json.loads(text_of(finished))
    data["seed"] = "four"
    with pytest.raises(SaveFormatError, match="seed: Input should be a valid integer"):
        parse_save(json.dumps(data), "game.json")


def test_a_newer_format_says_it_cannot_be_read(finished):
    data = json.loads(text_of(finished))
    data["format"] = 99
    with pytest.raises(SaveFormatError, match="save format 99 cannot be read by this version"):
        parse_save(json.dumps(data), "game.json")


def test_not_a_save():
    with pytest.raises(SaveFormatError, match="not a fragtui save"):
        parse_save("[1, 2, 3]", "game.json")


def test_an_illegal_action_in_the_log_is_named(finished):
    data = json.loads(text_of(finished))
    data["actions"][5]["action"] = {"kind": "attack", "target": 2, "weapon": "bfg#1"}
    with pytest.raises(SaveFormatError, match=r"action 6 \(attack 2 bfg#1, by \w+\)"):
        load(json.dumps(data))


def test_changed_dice_are_named_as_the_divergence(finished):
    data = json.loads(text_of(finished))
    index = next(i for i, a in enumerate(data["actions"]) if a["dice"])
    data["actions"][index]["dice"] = [7] * len(data["actions"][index]["dice"])
    with pytest.raises(SaveFormatError, match=rf"action {index + 1} .* the game diverged"):
        load(json.dumps(data))


def test_a_wrong_hash_is_named(finished):
    data = json.loads(text_of(finished))
    last = str(len(data["actions"]))
    data["hashes"][last] = "0" * 16
    with pytest.raises(SaveFormatError, match=rf"action {last} .*hash mismatch"):
        load(json.dumps(data))


def test_a_different_card_set_is_refused_plainly(finished):
    data = json.loads(text_of(finished))
    data["content"]["cards"] = "0" * 16
    with pytest.raises(SaveFormatError, match="different version of the card set"):
        load(json.dumps(data))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_saves_give_only_save_format_errors(data):
    """Fuzz: cut, flip, or splice any part of a save; loading raises SaveFormatError or succeeds, nothing else."""
    text = _fuzz_save()
    position = data.draw(st.integers(0, len(text) - 1))
    how = data.draw(st.sampled_from(["cut", "flip", "insert", "delete"]))
    junk = data.draw(st.text(alphabet='{}[]":,0123456789abcdefnulltrue -', max_size=8))
    if how == "cut":
        text = text[:position]
    elif how == "flip":
        text = text[:position] + junk + text[position + 1 :]
    elif how == "insert":
        text = text[:position] + junk + text[position:]
    else:
        text = text[:position] + text[position + len(junk) + 1 :]
    with contextlib.suppress(SaveFormatError):
        load(text)


def test_fragtui_verify_prints_the_summary(finished, tmp_path, capsys):
    path = tmp_path / "game.json"
    write_save(save_of(finished), path)
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    winner = finished.state.players[finished.state.winner].name
    assert f"{len(finished.log)} actions replayed" in out and f"won by {winner}" in out


def test_fragtui_verify_reports_a_bad_save_in_one_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1, "seed": ')
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cut short" in err and str(path) in err


def test_fragtui_saves_lists_games_in_the_data_dir(finished, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    write_save(save_of(finished), tmp_path / "saves" / "one.json")
    (tmp_path / "saves" / "broken.json").write_text("{")
    found = list_saves()
    assert {g.path.name for g in found} == {"one.json", "broken.json"}
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "one  " in out and "won by" in out and "broken.json: cannot be read" in out
