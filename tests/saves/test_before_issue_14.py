"""A save written before issue 14 reshaped the engine still loads, replays exactly and plays on.

`data/before-issue-14.json` was written by the code of commit 620d92e (the last before issue 14's
first change; d7f0aa9, the last before `Game` became a kernel, writes the same bytes): `git archive
620d92e | tar -x -C /tmp/old`, then with this project's Python and `PYTHONPATH=/tmp/old`, a `Table`
(then `fragtui.tui.table`) at which Ann (seat 0, a person, played here by the heuristic bot) and the
computers Bob and Cat played 60 actions of a game to 3 frags on Pocket Arena, seed 1 — placements,
steps, attacks, reactions, blood, two frags and respawns, a weapon picked up — saving after every
action. Its last state hash, as that code computed it, is pinned below.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fragtui.bots import BotWindow, make_bot
from fragtui.cli import main
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.game import state_hash
from fragtui.saves.format import save_of
from fragtui.saves.loading import load_game
from fragtui.saves.store import read_save
from fragtui.table import Table

BEFORE = Path(__file__).parent / "data" / "before-issue-14.json"
FINAL_HASH = "635a76e5dafa3dc3"
"""The state hash after the save's 60 actions, computed by the code that wrote it."""


def test_it_loads_through_the_registry_and_replays_to_the_same_state() -> None:
    save = read_save(BEFORE)
    assert (save.format, save.config.ruleset, save.config.options) == (1, "frag", {})
    game = load_game(BEFORE)  # every action through the checked apply, every 20th hash compared
    assert type(game.rules) is FragRules  # found by the name the save gives
    assert len(game.log) == len(save.actions) == 60
    assert state_hash(game.state) == FINAL_HASH == save.hashes[60]
    assert [p.frags for p in game.state.players] == [0, 1, 1]
    assert game.state.turn.number == 4 and not game.over


def test_saved_again_today_it_is_the_same_file_but_for_the_time_it_was_written() -> None:
    """The configuration, the actions, their dice and every hash are written as they were: saves made
    before and after issue 14 are one format, so neither version is surprised by the other's."""
    save = read_save(BEFORE)
    again = save_of(load_game(BEFORE), created=save.created, looks=save.looks)
    written, rewritten = json.loads(BEFORE.read_text()), json.loads(again.model_dump_json())
    del written["updated"], rewritten["updated"]
    assert rewritten == written


def test_it_resumes_at_the_table_and_plays_to_a_winner(tmp_path: Path) -> None:
    path = tmp_path / "before-issue-14.json"
    shutil.copy(BEFORE, path)
    save = read_save(path)
    table = Table(load_game(path), save.looks, save_path=path, created=save.created)
    game = table.game
    assert sorted(table.bots) == [1, 2] and table.humans == [0]  # Bob and Cat are the computers again
    ann = make_bot("heuristic", 7)
    while not game.over:
        seat = game.decider()
        assert seat is not None and len(game.log) < 3000, "no winner in 3000 actions"
        table.act(table.bot_decision() if table.bot_seat() is not None else ann.decide(BotWindow(game, seat)))
        assert table.save_error is None
    assert game.state.winner is not None and game.state.players[game.state.winner].frags == 3
    resumed = read_save(path)
    assert resumed.created == save.created and resumed.actions[:60] == save.actions
    assert state_hash(load_game(path).state) == state_hash(game.state)


def test_fragtui_verify_accepts_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(BEFORE)]) == 0
    assert "ok — 60 actions replayed" in capsys.readouterr().out
