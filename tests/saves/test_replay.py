"""The replay model (S-SAVE-01): any moment of a save, reached from the nearest snapshot, is exactly the
game the players had then; turns and frags are indexed; a bad save is a one-line error."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.game import Game, state_hash
from fragtui.engine.harness import play_random_game
from fragtui.engine.realtime.turn import RealTimeView
from fragtui.engine.rulesets import find_ruleset
from fragtui.errors import SaveFormatError
from fragtui.saves.format import save_of
from fragtui.saves.replay import SNAPSHOT_EVERY, Replay, open_replay
from fragtui.saves.store import STALE_AFTER, list_saves, remove_stale_temporaries, write_save


def random_game(seed: int, frag_target: int = 2, players: int = 3, map: str = "pocket") -> tuple[Game, list[str]]:
    """A seeded random game played to its end, with the state hash after every action (index = position)."""
    config = make_config(
        map=map,
        frag_target=frag_target,
        seats=[
            {"name": name, "fighter": {"health": 3, "speed": 2, "accuracy": 2}}
            for name in ("Ann", "Bob", "Cat", "Dan")[:players]
        ],
    )
    game = new_game(config, seed)
    rng = random.Random(seed)
    hashes = [state_hash(game.state)]
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
        hashes.append(state_hash(game.state))
    return game, hashes


@pytest.fixture(scope="module")
def recorded() -> tuple[Game, list[str], Replay]:
    game, hashes = random_game(11)
    return game, hashes, Replay(save_of(game))


def test_every_moment_in_any_order_is_the_game_as_it_was__S_SAVE_01(recorded) -> None:
    game, hashes, replay = recorded
    assert len(replay) == len(game.log) > 3 * SNAPSHOT_EVERY
    order = list(range(len(replay) + 1))
    random.Random(1).shuffle(order)
    for position in [*order[:250], 0, len(replay), len(replay) - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY - 1]:
        assert state_hash(replay.at(position).state) == hashes[position], position
    for position in range(len(replay), len(replay) - 2 * SNAPSHOT_EVERY - 10, -1):  # back, one at a time
        assert state_hash(replay.at(position).state) == hashes[position], position
    assert state_hash(replay.at(10**9).state) == hashes[-1]  # clamped to the end
    assert state_hash(replay.at(-5).state) == hashes[0]


def test_the_events_of_each_action_are_those_the_game_gave(recorded) -> None:
    game, _, replay = recorded
    again = Game(game.initial.model_copy(deep=True), game.board, game.cards)
    for number, entry in enumerate(game.log):
        assert again.apply(entry.action) == replay.events[number]
    assert replay.opening == game.opening
    tail = replay.events_until(len(replay), 7)
    assert tail == [event for events in replay.events for event in events][-7:]
    assert replay.events_until(0, 3) == game.opening[-3:]


def test_turns_and_frags_are_indexed(recorded) -> None:
    game, _, replay = recorded
    turns = [
        n + 1 for n, events in enumerate(replay.events) if any(e.kind is CommonEventKind.TURN_BEGAN for e in events)
    ]
    frags = [n + 1 for n, events in enumerate(replay.events) if any(e.kind is FragEventKind.FRAGGED for e in events)]
    assert replay.turn_starts == turns and replay.frags == frags
    assert len(turns) == game.state.turn.number
    assert len(frags) >= 2  # a game to 2 frags has at least two
    first, second = turns[0], turns[1]
    assert replay.turn_at(0) == 0 and replay.turn_at(first) == 1 and replay.turn_at(second - 1) == 1
    assert replay.turn_start(1) == first and replay.turn_start(2) == second
    assert replay.turn_start(0) == 0 and replay.turn_start(10**6) == len(replay)
    assert replay.next_turn(0) == first and replay.next_turn(first) == second
    assert replay.previous_turn(second) == first and replay.previous_turn(second + 1) == second
    assert replay.previous_turn(first) == 0
    assert replay.at(first).state.turn.number == 1
    assert replay.next_frag(0) == frags[0] and replay.next_frag(frags[0]) == frags[1]
    assert replay.previous_frag(frags[1]) == frags[0] and replay.previous_frag(frags[0]) is None
    assert replay.next_frag(frags[-1]) is None
    fragged = replay.at(frags[0]).state
    assert sum(p.frags for p in fragged.players) == 1


def real_time_game(seed: int, actions: int) -> Game:
    """A seeded random Real-Time Frag game of three on the Pocket Arena, to 2 frags or `actions` actions."""
    config = make_config(
        map="pocket",
        frag_target=2,
        seats=[{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in ("Ann", "Bob", "Cat")],
        options={"real-time": True},
    )
    game = new_game(config, seed)
    rng = random.Random(seed)
    while not game.over and len(game.log) < actions:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.rule("J-RT-04")
def test_a_real_time_replay_steps_by_turn_and_by_segment() -> None:
    """Issue 33: "the replay steps by action, segment and turn". A Real-Time turn's ten segments each begin a
    part of the turn (`PART_BEGAN`), not a turn: the replay's turns are the game's turns, and its segments are
    indexed apart, numbered within their turn as the game numbers them. (Before, every segment counted as a
    turn: a game of three turns had some thirty.)"""
    game = real_time_game(7, 400)
    replay = Replay(save_of(game))
    turns, segments = replay.turn_starts, replay.segment_starts
    assert len(turns) == game.state.turn.number >= 3
    for number, position in enumerate(turns, start=1):
        assert replay.at(position).state.turn.number == number
    assert len(segments) >= 20
    for position in segments:
        clock = replay.at(position).view(None).table
        assert isinstance(clock, RealTimeView)
        assert replay.segment_at(position) == clock.segment  # (1–10, as the game numbers it)
        assert replay.turn_at(position) == replay.at(position).state.turn.number
    second, third = segments[1], segments[2]
    assert replay.segment_at(second) == 2 and replay.segment_at(third - 1) == 2 and replay.segment_at(third) == 3
    assert replay.next_segment(0) == segments[0] and replay.next_segment(second) == third
    assert replay.next_segment(second - 1) == second and replay.next_segment(segments[-1]) == len(replay)
    assert replay.previous_segment(third) == second and replay.previous_segment(third + 1) == third
    assert replay.previous_segment(segments[0]) == 0
    # every turn's segments count up from 1 to 10 (one action may open several: nobody had a move to order); a
    # turn's pre-turn, before its first segment, is segment 0
    for turn, start in enumerate(turns[:-1], start=1):
        numbers = [replay.segment_at(p) for p in segments if replay.turn_at(p) == turn]
        assert numbers[0] == 1 and numbers[-1] == 10 and numbers == sorted(set(numbers)), numbers
        if start not in segments:
            assert replay.segment_at(start) == 0


def test_a_frag_replay_has_no_segments(recorded) -> None:
    _, _, replay = recorded
    assert replay.segment_starts == [] and replay.segment_at(len(replay) // 2) == 0
    assert replay.next_segment(0) == len(replay) and replay.previous_segment(len(replay)) == 0


def test_an_unfinished_save_replays_to_where_it_stops(tmp_path: Path) -> None:
    game, hashes = random_game(12)
    cut = Game(game.initial.model_copy(deep=True), game.board, game.cards)
    for entry in game.log[:77]:
        cut.apply(entry.action)
    path = tmp_path / "cut.json"
    write_save(save_of(cut), path)
    replay = open_replay(path)
    assert len(replay) == 77
    assert state_hash(replay.at(77).state) == hashes[77]
    assert not replay.at(77).over


def test_a_bad_save_is_a_one_line_error_naming_the_file(tmp_path: Path, recorded) -> None:
    game, _, _ = recorded
    data = json.loads(save_of(game).model_dump_json())
    data["actions"][5]["dice"] = [7]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFormatError) as error:
        open_replay(path)
    assert "bad.json" in str(error.value) and "action 6" in str(error.value) and "\n" not in str(error.value)
    with pytest.raises(SaveFormatError, match="no such file"):
        open_replay(tmp_path / "missing.json")


def test_a_killed_writers_temporary_files_are_cleared_but_a_fresh_one_is_kept(tmp_path: Path, recorded) -> None:
    """A write killed before its rename leaves `.NAME.json.XXXX.tmp`; the next save (or listing) removes it."""
    game, _, _ = recorded
    path = tmp_path / "game.json"
    stale = tmp_path / ".game.json.abc123.tmp"
    fresh = tmp_path / ".game.json.def456.tmp"
    other = tmp_path / ".other.json.ghi789.tmp"
    for temp in (stale, fresh, other):
        temp.write_text('{"format": 1, "cut sho')
    old = time.time() - STALE_AFTER - 5
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    write_save(save_of(game), path)
    assert not stale.exists() and fresh.exists() and other.exists()  # only this save's, only old ones
    listed = list_saves(tmp_path)
    assert [saved.path for saved in listed] == [path]
    assert not other.exists() and fresh.exists()
    assert remove_stale_temporaries(tmp_path) == 0


def test_the_turn_a_replay_names_is_the_turn_under_way_in_every_ruleset(recorded) -> None:
    """The replay's bottom line (`turn_at`) names the turn the state is in, as the top line does, at every moment
    from the first turn's start: in Frag after the placements, in Ruthless from the set-up on (its first turn begins
    before any action: the bottom line used to name it turn 0, and every later turn one lower than the top line)."""
    _, _, replay = recorded
    first = replay.turn_starts[0]
    assert first > 0 and all(replay.turn_at(position) == 0 for position in range(first))
    rng = random.Random(5)
    config = make_config(ruleset="ruthless", map="dry-creek", seats=find_ruleset("ruthless").random_seats(rng, 3))
    ruthless = new_game(config, 5)
    play_random_game(ruthless, rng, max_actions=400)
    assert ruthless.state.turn.number >= 3
    ruthless_replay = Replay(save_of(ruthless))
    assert ruthless_replay.turn_starts[0] == 0 and len(ruthless_replay.turn_starts) == ruthless.state.turn.number
    assert ruthless_replay.turn_start(1) == 0 and ruthless_replay.next_turn(0) == ruthless_replay.turn_starts[1]
    for checked, start in ((replay, first), (ruthless_replay, 0)):
        for position in range(start, len(checked) + 1):
            assert checked.turn_at(position) == checked.at(position).state.turn.number, position


def _steps(replay: Replay) -> list[int]:
    """Every moment the step key lands on, from the start to the end."""
    landed = [0]
    while landed[-1] < len(replay):
        landed.append(replay.next_step(landed[-1]))
    return landed


@pytest.mark.rule("R-SEQ-01")
def test_a_simultaneous_choice_is_one_step_of_a_replay__R_SEQ_01_R_FIST_01() -> None:
    """Issue 32: the moments between a simultaneous choice's first choice and its reveal (Ruthless's initiative
    cards, the fisticuffs cards) are the `half_chosen` ones, exactly where the game has a choice open and some of
    its seats have chosen; a step forward from the moment a choice opens lands on its reveal, a step back from
    the reveal lands where it opened, and stepping through the whole save lands on every other moment."""
    rng = random.Random(5)
    config = make_config(ruleset="ruthless", map="dry-creek", seats=find_ruleset("ruthless").random_seats(rng, 3))
    game = new_game(config, 5)
    play_random_game(game, rng, max_actions=400)
    replay = Replay(save_of(game))
    for position in range(len(replay) + 1):
        choosing = replay.at(position).choosing()
        assert (position in replay.half_chosen) == (choosing is not None and bool(choosing.chosen)), position
    assert {1, 2} <= replay.half_chosen and 3 not in replay.half_chosen  # three posses pick: one step, 0 to 3
    assert replay.next_step(0) == 3 and replay.previous_step(3) == 0
    assert replay.at(3).choosing() is None and replay.at(3).state.ruthless.order  # the cards are shown
    landed = _steps(replay)
    assert set(landed) == set(range(len(replay) + 1)) - replay.half_chosen
    assert list(reversed(landed)) == _back(replay)
    assert len(replay.half_chosen) >= 2 * len(replay.turn_starts)  # every turn's picks, and fisticuffs
    kinds = {choosing.what for position in replay.half_chosen if (choosing := replay.at(position).choosing())}
    assert kinds == {"a card for initiative", "a card for fisticuffs"}


def _back(replay: Replay) -> list[int]:
    """Every moment the step-back key lands on, from the end to the start."""
    landed = [len(replay)]
    while landed[-1] > 0:
        landed.append(replay.previous_step(landed[-1]))
    return landed


def test_a_replay_with_no_simultaneous_choice_steps_one_action_at_a_time(recorded) -> None:
    """Frag has no simultaneous choice: each step is one action, as it always was."""
    _, _, replay = recorded
    assert not replay.half_chosen
    assert _steps(replay) == list(range(len(replay) + 1))
    assert replay.previous_step(len(replay)) == len(replay) - 1 and replay.previous_step(0) == 0
