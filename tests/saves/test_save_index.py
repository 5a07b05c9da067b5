"""The saves folder's index (fragtui/saves/index.py): what a list shows of each save, without reading it.

`listed_saves` (the title's list) must list what `list_saves` (every save read) lists; the index is a cache that
never outlives the files it speaks of, and whatever goes wrong with it only costs its shortcut.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fragtui.saves.format import TournamentRecord, save_of
from fragtui.saves.index import INDEX_NAME, SaveFacts, mark_of, note, read_index
from fragtui.saves.store import SavedGame, list_saves, listed_saves, note_save, read_save, write_save
from tests.saves.duel import pocket_duel


def facts(saves: list[SavedGame]) -> list[tuple[str, SaveFacts]]:
    return [(saved.path.name, saved.facts) for saved in saves]


def test_listed_saves_lists_what_list_saves_lists_and_reads_none_it_knows(tmp_path: Path) -> None:
    for name, actions in (("a", 3), ("b", 4)):
        save = save_of(pocket_duel(actions)).model_copy(update={"updated": f"2026-01-0{actions}T00:00:00+00:00"})
        write_save(save, tmp_path / f"{name}.json")
        note_save(save, tmp_path / f"{name}.json")
    tournament = save_of(pocket_duel(5), tournament=TournamentRecord(file="t.json", game=1, games=3))
    write_save(tournament, tmp_path / "c.json")  # (not noted: read by the first list)
    (tmp_path / "bad.json").write_text("{")
    first = listed_saves(tmp_path)
    assert [saved.path.name for saved in first] == ["c.json", "b.json", "a.json", "bad.json"]  # newest first
    assert facts(first) == facts(list_saves(tmp_path))
    assert first[0].tournament and not first[1].tournament and not first[3].readable
    again = listed_saves(tmp_path)
    assert facts(again) == facts(first)
    assert all(saved._unread for saved in again if saved.readable)  # taken from the index, every one
    assert again[1].save == read_save(tmp_path / "b.json")  # and read when asked for


def test_the_index_forgets_a_removed_save_and_never_lists_itself(tmp_path: Path) -> None:
    for name in ("a", "b"):
        save = save_of(pocket_duel(3))
        write_save(save, tmp_path / f"{name}.json")
        note_save(save, tmp_path / f"{name}.json")
    (tmp_path / "a.json").unlink()
    assert [saved.path.name for saved in listed_saves(tmp_path)] == ["b.json"]
    assert set(read_index(tmp_path)) == {"b.json"}
    assert not INDEX_NAME.endswith(".json")


def test_a_replaced_save_has_another_mark(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_save(save_of(pocket_duel(3)), path)
    before = mark_of(path)
    text = path.read_text()
    path.write_text(text[:-3] + "}}\n")  # the same size, another end: still another file
    assert before is not None and mark_of(path) != before


def test_a_folder_that_cannot_be_written_lists_without_an_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_save(save_of(pocket_duel(3)), tmp_path / "a.json")

    def refused(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("fragtui.saves.index.tempfile.mkstemp", refused)  # (as a read-only folder answers)
    assert [saved.readable for saved in listed_saves(tmp_path)] == [True]
    assert [saved.readable for saved in list_saves(tmp_path)] == [True]
    assert not (tmp_path / INDEX_NAME).exists()


def test_an_entry_that_is_not_one_is_ignored(tmp_path: Path) -> None:
    write_save(save_of(pocket_duel(3)), tmp_path / "a.json")
    mark = mark_of(tmp_path / "a.json")
    assert mark is not None
    note(tmp_path, {"a.json": (mark, SaveFacts(updated="x"))})
    index = json.loads((tmp_path / INDEX_NAME).read_text())
    for wrong in ({"finished": "no"}, {"mark": [1, 2, 3]}, {"error": 5}, {"updated": None}):
        entry = {**index["saves"]["a.json"], **wrong}
        (tmp_path / INDEX_NAME).write_text(json.dumps({**index, "saves": {"a.json": entry}}))
        assert read_index(tmp_path) == {}


def test_a_fifo_named_like_a_save_is_listed_as_bad_without_waiting_for_a_writer(tmp_path: Path) -> None:
    """The index's look at a file (`mark_of`) opens it without blocking: a FIFO is refused by the full read."""
    os.mkfifo(tmp_path / "pipe.json")
    assert mark_of(tmp_path / "pipe.json") is None
    [listed] = listed_saves(tmp_path)
    assert not listed.readable and "named pipe" in (listed.error or "")
