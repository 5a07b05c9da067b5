"""Issue 30, item 22: a large save is read one action at a time, so its memory stays near its size.

A 45 MB save of 600,000 actions took 1 GB before the replay refused its action 168 (the figures
before and after: docs/performance.md). Here a save of a few MB, whose actions are a short game's
repeated, is loaded under `tracemalloc`: the bad action is found and named, and the most memory the
load held at once stays well under four times the file (it was more than ten times).
"""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from fragtui.errors import SaveFormatError
from fragtui.saves.format import SavedActions, parse_save, save_of
from fragtui.saves.json_scan import split_object
from fragtui.saves.loading import load_game
from fragtui.saves.store import read_save
from tests.saves.duel import pocket_duel


def _short_game() -> dict:
    return json.loads(save_of(pocket_duel(6)).model_dump_json())


@pytest.fixture(scope="module")
def short() -> dict:
    return _short_game()


def _large(short: dict, actions: int, bad_at: int | None = None) -> str:
    """A save of `actions` actions, the short game's repeated (so the replay refuses the first repeat);
    `bad_at` (from 1): an action there that is no action at all."""
    log = [short["actions"][n % len(short["actions"])] for n in range(actions)]
    if bad_at is not None:
        log[bad_at - 1] = {"seat": 0, "action": {"kind": "teleport-home"}}
    return json.dumps({**short, "actions": log})


def _peak_of(load) -> int:
    tracemalloc.start()
    try:
        load()
    except SaveFormatError as exc:
        error = exc
    else:  # pragma: no cover - every load here is refused
        raise AssertionError("the save loaded")
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    load.error = error  # type: ignore[attr-defined]
    return peak


def test_a_large_save_is_refused_at_its_first_bad_action_in_bounded_memory(short: dict, tmp_path: Path) -> None:
    """The replay names the first action that diverges; the load never held the actions after it."""
    path = tmp_path / "large.json"
    path.write_text(_large(short, 12_000))
    size = path.stat().st_size
    assert size > 800_000

    def load() -> None:
        load_game(path)

    peak = _peak_of(load)
    message = str(load.error)  # type: ignore[attr-defined]
    assert message.startswith(f"{path}: action {len(short['actions']) + 1} (")
    assert peak < 4 * size, f"{peak:,} bytes at most for a file of {size:,}"


def test_an_action_that_is_no_action_is_named_with_its_line_in_bounded_memory(short: dict, tmp_path: Path) -> None:
    """Reading the save checks every action's shape as it streams past: the bad one is named, with its line."""
    path = tmp_path / "large.json"
    path.write_text(_large(short, 12_000, bad_at=10_000).replace('{"seat"', '\n{"seat"'))
    size = path.stat().st_size

    def load() -> None:
        read_save(path)

    peak = _peak_of(load)
    error = load.error  # type: ignore[attr-defined]
    assert error.line == 10_001 and "actions.9999.action: unknown action 'teleport-home'" in error.message
    assert peak < 4 * size, f"{peak:,} bytes at most for a file of {size:,}"


def test_a_save_read_from_its_file_replays_exactly_and_reads_as_it_was_written(short: dict, tmp_path: Path) -> None:
    """The actions read one at a time are the actions written: equal, in order, sliced, and written back the same."""
    text = json.dumps(short, indent=1)
    save = parse_save(text, "short.json")
    assert isinstance(save.actions, SavedActions) and len(save.actions) == len(short["actions"])
    written = [action["action"] for action in short["actions"]]
    assert [json.loads(saved.model_dump_json())["action"] for saved in save.actions] == written
    assert save.actions[-1] == save.actions[len(save.actions) - 1] and save.actions[:2] == list(save.actions)[:2]
    assert json.loads(save.model_dump_json()) == json.loads(parse_save(save.model_dump_json()).model_dump_json())
    assert save.actions == parse_save(json.dumps(short)).actions
    path = tmp_path / "short.json"
    path.write_text(text)
    assert len(load_game(path).log) == len(short["actions"])


@pytest.mark.parametrize(
    "text",
    [
        '{"actions": [1, [2, {"a": []}], "x"], "b": {"actions": [3]}}',
        '{ "a" : 1 , "actions" : [ ] }',
        '{"actions": [1], "actions": {"x": 2}}',
        '{"actions": {"x": 2}, "actions": [1, 2]}',
        "{}",
        "[1, 2]",
        ' \n{"actions":[{"seat":0}] }\n',
    ],
)
def test_the_split_reads_what_json_reads(text: str) -> None:
    """`split_object` is `json.loads` with the actions left in the text: the same object, the same elements."""
    data, starts = split_object(text, "actions")
    whole = json.loads(text)
    if starts is None:
        assert data == whole
    else:
        decoder = json.JSONDecoder()
        assert {**data, "actions": [decoder.raw_decode(text, at)[0] for at in starts]} == whole


@pytest.mark.parametrize(
    "text",
    ['{"actions": [1, 2', '{"actions": [1 2]}', '{"actions": [1,]}', '{"a" 1}', '{"a": 1', '{"a": 1} x', "{1: 2}"],
)
def test_the_split_refuses_what_json_refuses_at_the_same_place(text: str) -> None:
    """A broken file is reported as before: json's own error, at the same line and column."""
    with pytest.raises(json.JSONDecodeError) as theirs:
        json.loads(text)
    with pytest.raises(json.JSONDecodeError) as ours:
        split_object(text, "actions")
    assert (ours.value.lineno, ours.value.colno) == (theirs.value.lineno, theirs.value.colno)


def test_actions_written_before_the_format_are_checked_after_it(short: dict) -> None:
    """A save written by hand may put its actions first: the format still speaks first, then each action."""
    log = [*short["actions"][:2], {"seat": 0, "action": {"kind": "teleport-home"}}]
    rest = {key: value for key, value in short.items() if key != "actions"}
    with pytest.raises(SaveFormatError, match=r"^x\.json:1: actions\.2\.action: unknown action 'teleport-home'"):
        parse_save(json.dumps({"actions": log, **rest}), "x.json")
    with pytest.raises(SaveFormatError, match=r"save format 99 cannot be read"):
        parse_save(json.dumps({"actions": log, **rest, "format": 99}), "x.json")
    by_nobody = [*short["actions"][:2], {**short["actions"][0], "seat": 5}]
    with pytest.raises(SaveFormatError, match=r"action 3 is by seat 5, but there are 2 players"):
        parse_save(json.dumps({"actions": by_nobody, **rest}), "x.json")
    first = parse_save(json.dumps({"actions": short["actions"], **rest}))
    assert first.actions == parse_save(json.dumps(short)).actions
