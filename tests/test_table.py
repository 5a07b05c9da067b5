"""The hot-seat bookkeeping without a screen: whose eyes, auto-pass, walking routes, saving after every action.

Scenario games give every die (docs/scenarios.md); saves are checked on games begun with
`Game.new`, the only games a save can replay.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fragtui.content.library import new_game
from fragtui.engine.actions import EndTurn, Pass, Step, action_of_move
from fragtui.engine.board import Direction, Square
from fragtui.engine.config import make_config
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.frag.actions import Attack, RollMovement
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import Phase, Status
from fragtui.engine.game import Game, state_hash
from fragtui.errors import IllegalActionError
from fragtui.saves.loading import load_game
from fragtui.saves.looks import default_look
from fragtui.saves.store import read_save
from fragtui.table import Table, new_save_path
from fragtui.tui.frag.walking import routes, walk
from tests.conftest import game_from

ANN, BOB = 0, 1

FACE_OFF = """
    # Pocket Arena: Ann (2,3) and Bob (2,8) in the open, five squares apart.
    map = "pocket"
    dice = [
        1, 1,          # Ann: 2 movement points
        4, 4, 4,       # Ann hits Bob at range 5
        1, 1, 1, 1,    # Bob's defence 2, the pistol's damage 2: Bob loses 1 Health
        1, 1,          # Bob: 2 movement points
    ]
    [[fighter]]
    name = "Ann"
    at = "2,3"
    [[fighter]]
    name = "Bob"
    at = "2,8"
    hand = ["dodge"]
    """


def kinds_of(events: list[Event]) -> list[str]:
    return [event.kind.value for event in events]


# -- whose eyes -----------------------------------------------------------------------------------------


def test_the_keyboard_waits_for_the_decider_across_reactions_and_turns() -> None:
    table = Table(game_from(FACE_OFF))
    game = table.game
    assert (table.at_keyboard, table.waiting_for()) == (None, ANN)  # nobody has unlocked the screen yet
    table.unlock(ANN)
    assert table.waiting_for() is None
    table.act(RollMovement())
    assert table.waiting_for() is None  # still Ann's decision
    table.act(Attack(target=BOB, weapon="pistol"))
    assert game.state.pending[-1].kind == "react"
    assert table.waiting_for() == BOB  # Bob must come to the keyboard before his hand is shown
    assert table.at_keyboard == ANN  # until he does, the screen is still Ann's
    table.unlock(BOB)
    assert table.waiting_for() is None
    table.act(Pass())
    assert game.rules.health(BOB) == 1
    assert table.waiting_for() == ANN  # back to the attacker
    table.unlock(ANN)
    table.act(EndTurn())
    assert (game.state.turn.active, table.waiting_for()) == (BOB, BOB)
    table.unlock(BOB)
    assert table.waiting_for() is None
    table.act(RollMovement())
    assert table.waiting_for() is None


def test_an_illegal_action_raises_and_changes_nothing(tmp_path: Path) -> None:
    table = Table(game_from(FACE_OFF), save_path=tmp_path / "g.json")
    before = state_hash(table.game.state)
    with pytest.raises(IllegalActionError, match="must roll for movement"):
        table.act(EndTurn())
    assert state_hash(table.game.state) == before
    assert table.game.log == []
    assert not (tmp_path / "g.json").exists()  # nothing happened, nothing was written


def test_looks_are_filled_in_with_the_defaults() -> None:
    game = game_from(FACE_OFF)
    assert Table(game).looks == [default_look(0), default_look(1)]
    mine = default_look(4)
    assert Table(game, looks=[mine]).looks == [mine, default_look(1)]


# -- saving after every action ------------------------------------------------------------------------------


def four_seat_game(seed: int) -> Game:
    config = make_config(
        map="pocket",
        seats=[{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in ("Ann", "Bob", "Cat", "Dan")],
    )
    return new_game(config, seed)


def test_every_action_is_saved_and_the_save_replays_to_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = four_seat_game(seed=7)
    table = Table(game, save_path=path)
    rng = random.Random(7)
    created = table.created
    for number in range(1, 41):
        if game.over:
            break
        table.act(rng.choice(game.legal_actions()))
        assert table.save_error is None
        save = read_save(path)
        assert len(save.actions) == len(game.log) == number
        assert save.created == created
        assert save.looks == table.looks
        assert state_hash(load_game(path).state) == state_hash(game.state), f"after action {number}"
    assert len(game.log) == 40


def test_a_walk_saves_after_every_move(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = four_seat_game(seed=3)
    table = Table(game, save_path=path)
    while game.state.pending:  # the four placements
        table.act(game.legal_actions()[0])
    table.act(RollMovement())
    found = routes(table)
    route = max(found.values(), key=lambda r: len(r.moves))
    events, stopped = walk(table, route)
    assert stopped is None or game.state.pending, stopped
    assert read_save(path).actions[-1].action == game.log[-1].action
    assert state_hash(load_game(path).state) == state_hash(game.state)
    assert CommonEventKind.MOVED in {e.kind for e in events}


def test_a_save_that_cannot_be_written_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    table = Table(game_from(FACE_OFF), save_path=blocker / "g.json")
    table.unlock(ANN)
    events = table.act(RollMovement())  # the game goes on
    assert kinds_of(events) == ["DiceRolled", "MovementRolled"]
    assert table.save_error is not None
    assert str(blocker / "g.json") in table.save_error
    table.save_path = tmp_path / "g.json"  # the disk is back
    table.act(Step(direction=Direction.S))
    assert table.save_error is None
    assert (tmp_path / "g.json").exists()


def test_a_table_without_a_save_path_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    table = Table(game_from(FACE_OFF))
    table.act(RollMovement())
    table.save()
    assert table.save_error is None
    assert not any(tmp_path.rglob("*.json"))


def test_a_new_save_path_names_the_players_and_never_overwrites(tmp_path: Path) -> None:
    first = new_save_path(["Ann", "Bob O'Neil", "!!"], tmp_path)
    assert first.parent == tmp_path and first.suffix == ".json"
    assert first.name.endswith("-Ann-BobONeil-player.json")
    first.write_text("{}")
    second = new_save_path(["Ann", "Bob O'Neil", "!!"], tmp_path)
    assert second != first and not second.exists()


# -- walking a route ----------------------------------------------------------------------------------------


def test_a_walk_takes_every_move_through_the_engine() -> None:
    table = Table(game_from(FACE_OFF))
    game = table.game
    table.act(RollMovement())
    route = routes(table)[Square(3, 4)]
    assert route.cost == 2
    events, stopped = walk(table, route)
    assert stopped is None
    assert [entry.action for entry in game.log[1:]] == [action_of_move(m) for m in route.moves]
    assert game.state.players[ANN].square == Square(3, 4)
    assert [e.kind for e in events] == [CommonEventKind.MOVED, CommonEventKind.MOVED]
    assert routes(table) == {}  # no movement left


def test_a_walk_stops_when_acid_leaves_the_walker_at_health_zero() -> None:
    game = game_from(
        """
        # Ann (Health 1 of 2) must cross the acid at 5,5 and 6,5 to reach 7,5 with 3 points.
        map = "pocket"
        phase = "action"
        movement = 3
        dice = [1, 6, 6]        # her defence 1 against the acid's 12
        [[fighter]]
        name = "Ann"
        at = "4,5"
        damage = 1
        [[fighter]]
        name = "Bob"
        at = "9,9"
        """
    )
    table = Table(game)
    route = routes(table)[Square(7, 5)]
    assert route.hazards == 2
    events, stopped = walk(table, route)
    assert stopped is not None
    # The first move only; her last chance, where nothing can cure her, is passed for her (issue 30, item 3).
    assert [str(entry.action) for entry in game.log] == ["step e", "pass"]
    assert CommonEventKind.DAMAGED in {e.kind for e in events}
    assert "Passed for Ann, who has nothing to play" in [e.text for e in events]
    assert game.state.players[ANN].status is Status.FRAGGED
    assert game.state.turn.active == BOB  # off the board in his own turn: the turn ends


def test_a_walk_stops_when_a_teleporter_hop_bumps_a_fighter() -> None:
    game = game_from(
        """
        # Ann's cheapest way to 10,7: the teleporter at 0,4 to 11,7, where Bob stands, then a step west.
        map = "pocket"
        phase = "action"
        movement = 3
        dice = [3]              # Bob is bumped to respawn point 3
        [[fighter]]
        name = "Ann"
        at = "1,4"
        [[fighter]]
        name = "Bob"
        at = "11,7"
        """
    )
    table = Table(game)
    table.unlock(ANN)
    route = routes(table)[Square(10, 7)]
    assert [m.kind.value for m in route.moves] == ["step", "hop", "step"]
    events, stopped = walk(table, route)
    assert stopped is not None
    assert [str(entry.action) for entry in game.log] == ["step w", "hop 11,7"]
    assert game.state.players[ANN].square == Square(11, 7)
    assert game.state.players[BOB].square == Square(11, 7)  # the table moved nobody: Bob must roll
    assert (game.state.pending[-1].kind, table.waiting_for()) == ("bump", BOB)
    assert FragEventKind.BUMPED in {e.kind for e in events}
    table.unlock(BOB)
    table.act(game.legal_actions()[0])
    assert game.state.players[BOB].square == Square(1, 10)
    assert table.waiting_for() == ANN and game.state.turn.movement == 1


def test_a_route_from_a_square_the_fighter_has_left_is_not_walked() -> None:
    """A route is a list of moves from one square; walked from another, its first step goes elsewhere.

    The walk must then stop before moving anyone ("the next move is no longer legal"), not take
    the step from the wrong square and notice afterwards.
    """
    table = Table(game_from(FACE_OFF))
    game = table.game
    table.act(RollMovement())
    stale = routes(table)[Square(2, 5)]  # south twice, from 2,3
    table.act(Step(direction=Direction.E))  # Ann is now at 3,3 with 1 point
    log = len(game.log)
    events, stopped = walk(table, stale)
    assert stopped is not None
    assert events == []
    assert len(game.log) == log
    assert game.state.players[ANN].square == Square(3, 3)


def test_routes_are_empty_while_a_decision_is_pending() -> None:
    table = Table(game_from(FACE_OFF))
    assert routes(table) == {}  # roll phase: no movement yet
    table.act(RollMovement())
    assert Square(2, 5) in routes(table)
    table.act(Attack(target=BOB, weapon="pistol"))
    assert table.game.state.pending and routes(table) == {}


# -- auto-pass --------------------------------------------------------------------------------------------

LOW_BOB = """
    # Bob (Health 1, a dodge in hand) is on auto-pass; Ann hits him twice.
    map = "pocket"
    phase = "action"
    movement = 0
    dice = [
        4, 4, 4,       # Ann hits Bob
        6, 1, 1,       # Bob's defence 6, damage 2: no Health lost
        4, 4, 4,       # Ann hits Bob again
        1, 6, 6,       # defence 1, damage 12: Health 0 or less, his last chance
    ]
    [[fighter]]
    name = "Ann"
    at = "2,3"
    [[fighter]]
    name = "Bob"
    at = "2,8"
    damage = 1
    hand = ["dodge"]
    """


@pytest.mark.rule("F-META-02")
def test_auto_pass_answers_reaction_windows_only() -> None:
    # Bob holds a cure too, so his last chance is a choice (with nothing to cure him it would be passed for him).
    table = Table(game_from(LOW_BOB.replace('hand = ["dodge"]', 'hand = ["dodge", "second-wind"]')))
    game = table.game
    table.unlock(ANN)
    assert table.toggle_auto_pass(BOB) is True
    events = table.act(Attack(target=BOB, weapon="pistol"))
    # The window was offered (he holds a dodge) and passed for him, without calling him.
    assert kinds_of(events)[:4] == ["Attacked", "DiceRolled", "Hit", "Passed"]
    assert [(e.seat, e.action) for e in game.log] == [(ANN, Attack(target=BOB, weapon="pistol")), (BOB, Pass())]
    assert table.waiting_for() is None and game.decider() == ANN
    assert game.state.players[BOB].hand == ["dodge#1", "second-wind#1"]
    # The last chance is not a reaction: Bob is called to the keyboard for it.
    events = table.act(Attack(target=BOB, weapon="pistol"))
    assert "Passed" in kinds_of(events)
    assert game.state.pending[-1].kind == "last_chance"
    assert table.waiting_for() == BOB


def test_auto_pass_switched_off_calls_the_player_again() -> None:
    table = Table(game_from(LOW_BOB))
    table.unlock(ANN)
    assert table.toggle_auto_pass(BOB) is True
    assert table.toggle_auto_pass(BOB) is False
    assert table.auto_pass == set()
    table.act(Attack(target=BOB, weapon="pistol"))
    assert table.game.state.pending[-1].kind == "react"
    assert table.waiting_for() == BOB


def test_auto_pass_switched_on_during_a_reaction_window_passes_it_and_saves(tmp_path: Path) -> None:
    """Switching auto-pass on passes an open window of that seat at once; like every action, it is saved."""
    game = four_seat_game(seed=11)
    path = tmp_path / "game.json"
    table = Table(game, save_path=path)
    rng = random.Random(11)
    while not (game.state.pending and game.state.pending[-1].kind == "react"):
        attacks = [a for a in game.legal_actions() if isinstance(a, Attack)]
        table.act(attacks[0] if attacks else rng.choice(game.legal_actions()))
        assert len(game.log) < 400, "no hit in 400 actions"
    target = game.decider()
    assert target is not None
    logged = len(game.log)
    table.toggle_auto_pass(target)
    assert game.log[logged].action == Pass() and game.log[logged].seat == target
    assert state_hash(load_game(path).state) == state_hash(game.state)


def test_auto_pass_does_not_answer_another_seats_window() -> None:
    table = Table(game_from(LOW_BOB))
    table.toggle_auto_pass(ANN)
    table.act(Attack(target=BOB, weapon="pistol"))
    assert table.game.decider() == BOB and table.game.state.pending[-1].kind == "react"
    assert table.game.state.turn.phase is Phase.ACTION
