"""Networked tables without the network: the hub, its tables and each connection's seat.

Every player acts only for his own seat and only when the game waits for him; everyone at the
table is told of every change; seats are kept for players who drop; computer seats play off the
event loop; a restarted server offers each unfinished table again under its code.
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import pytest

from fragtui.engine.actions import Action, EndTurn, Pass
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.design import FighterDesign
from fragtui.engine.game import Game, state_hash
from fragtui.errors import IllegalActionError
from fragtui.saves.format import JOIN_CODE_ALPHABET, HostedRecord, parse_save
from fragtui.saves.looks import default_look
from fragtui.saves.store import read_save
from fragtui.serve.guesses import WRONG_PER_HOUR, CodeGuard
from fragtui.serve.tables import (
    CODE_LENGTH,
    SeatStatus,
    TableChange,
    TableError,
    TableHub,
    TableSeat,
    normal_code,
)


class Connection:
    """A listener that keeps what it was told (a real one posts it to its app)."""

    def __init__(self) -> None:
        self.told: list[TableChange] = []

    def table_changed(self, change: TableChange) -> None:
        self.told.append(change)

    def events(self) -> list[str]:
        return [type(e).__name__ for change in self.told for e in change.events]


def config(names: list[str]) -> GameConfig:
    return GameConfig(
        map="pocket",
        seats=tuple(Seat(name=n, fighter=FighterDesign(health=3, speed=2, accuracy=2)) for n in names),
    )


def looks(computers: set[int], players: int) -> list:  # type: ignore[type-arg]
    return [default_look(s).model_copy(update={"computer": s in computers}) for s in range(players)]


def hub_at(folder: Path) -> TableHub:
    return TableHub(folder, bot_pause=0)


def play_humans_until(seat: TableSeat, game: Game, seats: dict[int, TableSeat], limit: int = 400) -> None:
    """Each seat plays its first legal action (never undo) until `seat` must decide."""
    for _ in range(limit):
        decider = game.decider()
        if decider == seat.seat or decider is None or game.over:
            return
        mover = seats[decider]
        legal = game.legal_actions()
        choice: Action = next((a for a in legal if isinstance(a, EndTurn)), legal[0])
        mover.act(choice)


def test_a_hosted_table_has_a_readable_code_and_is_saved_with_it(tmp_path: Path) -> None:
    hub = hub_at(tmp_path)
    hosted = hub.host(config(["Ann", "Bob"]), 7, looks(set(), 2))
    assert len(hosted.code) == CODE_LENGTH and set(hosted.code) <= set(JOIN_CODE_ALPHABET)
    save = read_save(hosted.table.save_path)  # type: ignore[arg-type]
    assert save.hosted == HostedRecord(code=hosted.code, keys=[None, None])
    assert hub.find(hosted.code.lower()) is hosted
    assert hub.find(" " + "-".join(hosted.code) + " ") is hosted
    assert normal_code("ab-c d") == "ABCD"
    with pytest.raises(TableError, match="no table has the code ZZ"):
        hub.find("ZZ")


def test_a_hot_seat_save_has_no_hosted_field(tmp_path: Path) -> None:
    hub = hub_at(tmp_path)
    hosted = hub.host(config(["Ann", "Bob"]), 7, looks(set(), 2))
    path = hosted.table.save_path
    assert path is not None
    data = json.loads(path.read_text())
    assert data["hosted"]["code"] == hosted.code
    del data["hosted"]
    assert parse_save(json.dumps(data)).hosted is None
    assert "hosted" not in parse_save(json.dumps(data)).model_dump_json()


def test_a_bad_hosted_record_is_refused_in_one_line(tmp_path: Path) -> None:
    hub = hub_at(tmp_path)
    hosted = hub.host(config(["Ann", "Bob"]), 7, looks(set(), 2))
    assert hosted.table.save_path is not None
    data = json.loads(hosted.table.save_path.read_text())
    data["hosted"]["keys"] = ["not a key", None]
    with pytest.raises(Exception, match="not an SSH key fingerprint"):
        parse_save(json.dumps(data))
    data["hosted"]["keys"] = [None]
    with pytest.raises(Exception, match=r"hosted\.keys names 1 seats, but there are 2 players"):
        parse_save(json.dumps(data))


def test_each_seat_acts_only_when_the_game_waits_for_it(tmp_path: Path) -> None:
    hub = hub_at(tmp_path)
    hosted = hub.host(config(["Ann", "Bob", "Cat"]), 11, looks(set(), 3))
    game = hosted.table.game
    ann, bob, cat = Connection(), Connection(), Connection()
    seats = {0: hosted.sit(0, ann), 1: hosted.sit(1, bob), 2: hosted.sit(2, cat)}
    decider = game.decider()
    assert decider is not None
    other = (decider + 1) % 3
    before = state_hash(game.state)
    with pytest.raises(IllegalActionError, match="it is not your decision"):
        seats[other].act(game.legal_actions()[0])
    assert state_hash(game.state) == before and not any(ch.events for c in (ann, bob, cat) for ch in c.told)
    for c in (ann, bob, cat):
        c.told.clear()
    events = seats[decider].act(game.legal_actions()[0])
    listeners = {0: ann, 1: bob, 2: cat}
    assert listeners[decider].told == []  # the actor drew it already
    for seat, listener in listeners.items():
        if seat != decider:
            assert [change.events for change in listener.told] == [tuple(events)]
            assert listener.told[0].by == decider
    # The save holds every action at once.
    assert hosted.table.save_path is not None
    assert len(read_save(hosted.table.save_path).actions) == len(game.log)


def test_a_spectator_sees_changes_and_may_do_nothing(tmp_path: Path) -> None:
    hub = hub_at(tmp_path)
    hosted = hub.host(config(["Ann", "Bob"]), 3, looks(set(), 2))
    game = hosted.table.game
    watcher = Connection()
    eyes = hosted.watch(watcher)
    assert eyes.at_keyboard is None and eyes.waiting_for() is None
    with pytest.raises(IllegalActionError, match="you are watching"):
        eyes.act(game.legal_actions()[0])
    seats = {0: hosted.sit(0, Connection()), 1: hosted.sit(1, Connection())}
    decider = game.decider()
    assert decider is not None
    seats[decider].act(game.legal_actions()[0])
    assert watcher.told[-1].events and watcher.told[-1].by == decider
    assert hosted.connections == 3


def test_a_seat_is_kept_for_a_player_who_drops_and_his_key_takes_it_back(tmp_path: Path) -> None:
    hub = hub_at(tmp_path)
    hosted = hub.host(config(["Ann", "Bob", "Cat"]), 5, looks({2}, 3))
    ann, bob = Connection(), Connection()
    key = "SHA256:" + "A" * 43
    hosted.sit(0, ann, key=key)
    hosted.sit(1, bob)
    assert [s.status for s in hosted.seats()] == [SeatStatus.PLAYING, SeatStatus.PLAYING, SeatStatus.COMPUTER]
    with pytest.raises(TableError, match="Bob is being played from another terminal"):
        hosted.sit(1, Connection())
    with pytest.raises(TableError, match="computer player's seat"):
        hosted.sit(2, Connection())
    hosted.leave(ann)
    assert hosted.seats()[0].status is SeatStatus.AWAY
    assert bob.told[-1].message == "Ann is away; the seat is kept."
    assert [s.name for s in hosted.free_seats()] == ["Ann"]
    assert hub.kept_for(key) == [(hosted, 0)]
    assert hosted.table.save_path is not None
    assert read_save(hosted.table.save_path).hosted == HostedRecord(code=hosted.code, keys=[key, None, None])
    # The same key takes the seat back even from a terminal still holding it (a vanished laptop).
    again, third = Connection(), Connection()
    hosted.sit(0, again, key=key)
    assert bob.told[-1].message == "Ann is back."
    hosted.sit(0, third, key=key)
    assert again.told[-1].message == "Ann was taken back from another terminal."
    assert hosted.players[0] is third


def test_a_seat_kept_for_a_key_is_taken_over_only_by_choice_and_never_once_its_player_is_back(tmp_path: Path) -> None:
    """Issue 31 item 2: another key (or none) cannot just sit at a seat kept for a key; taking it over is a
    choice the table is told of; and a player back with his key before it is taken keeps it and his key."""
    hub = hub_at(tmp_path)
    hosted = hub.host(config(["Ann", "Bob"]), 5, looks(set(), 2))
    ann_key, cat_key = "SHA256:" + "A" * 43, "SHA256:" + "C" * 43
    ann, bob = Connection(), Connection()
    hosted.sit(0, ann, key=ann_key)
    hosted.sit(1, bob)
    hosted.leave(ann)
    assert hosted.kept_for_another(0, cat_key) and hosted.kept_for_another(0, None)
    assert not hosted.kept_for_another(0, ann_key) and not hosted.kept_for_another(1, cat_key)
    for key in (cat_key, None):
        with pytest.raises(TableError, match="kept for its player's key"):
            hosted.sit(0, Connection(), key=key)
    assert hosted.keys == [ann_key, None] and 0 not in hosted.players
    back = Connection()
    hosted.sit(0, back, key=ann_key)  # Ann is back before anyone took the seat over
    with pytest.raises(TableError, match="being played from another terminal"):
        hosted.sit(0, Connection(), key=cat_key, take_over=True)
    assert hosted.keys == [ann_key, None] and hosted.players[0] is back
    hosted.leave(back)
    cat = Connection()
    hosted.sit(0, cat, key=cat_key, take_over=True)
    assert bob.told[-1].message == "Ann's seat was taken over by another player while Ann was away."
    assert hosted.keys == [cat_key, None] and hosted.players[0] is cat
    assert hosted.table.save_path is not None
    assert read_save(hosted.table.save_path).hosted == HostedRecord(code=hosted.code, keys=[cat_key, None])


def test_a_change_names_the_seat_whose_decision_it_became(tmp_path: Path) -> None:
    """Issue 31 item 4: worked out when the change is made (a connection draws it after the game moved on)."""
    hub = hub_at(tmp_path)
    hosted = hub.host(config(["Ann", "Bob"]), 5, looks(set(), 2))
    ann, bob = Connection(), Connection()
    seats = {0: hosted.sit(0, ann), 1: hosted.sit(1, bob)}
    game = hosted.table.game
    for _ in range(30):
        decider = game.decider()
        assert decider is not None
        watcher = bob if decider == 0 else ann
        seats[decider].act(game.legal_actions()[0])
        after = game.decider()
        expected = (after,) if after is not None and after != decider else ()
        assert watcher.told[-1].turned_to == expected


async def test_computer_seats_play_off_the_event_loop_and_everyone_is_told(tmp_path: Path) -> None:
    hub = hub_at(tmp_path)
    threads: set[str] = set()
    hosted = hub.host(config(["Ann", "Cpu1", "Cpu2"]), 21, looks({1, 2}, 3))
    original = hosted.table.bot_decision

    def spy() -> Action:
        threads.add(threading.current_thread().name)
        return original()

    hosted.table.bot_decision = spy  # type: ignore[method-assign]
    ann = Connection()
    seat = hosted.sit(0, ann)
    game = hosted.table.game
    for _ in range(200):
        await hosted.settled()
        if game.over:
            break
        assert game.decider() == 0  # the computers stop exactly where Ann must decide
        legal = game.legal_actions()
        seat.act(next((a for a in legal if isinstance(a, EndTurn | Pass)), legal[0]))
        await asyncio.sleep(0)
    assert threads and threading.main_thread().name not in threads
    by_computers = [change for change in ann.told if change.by is None and change.events]
    assert by_computers, "the computers' actions were told to Ann"
    assert hosted.table.save_path is not None
    assert len(read_save(hosted.table.save_path).actions) == len(game.log)


async def test_a_restarted_server_offers_the_table_again_under_its_code(tmp_path: Path) -> None:
    hub = hub_at(tmp_path)
    hosted = hub.host(config(["Ann", "Bob"]), 9, looks(set(), 2))
    key = "SHA256:" + "B" * 43
    seats = {0: hosted.sit(0, Connection(), key=key), 1: hosted.sit(1, Connection())}
    game = hosted.table.game
    for _ in range(12):
        decider = game.decider()
        assert decider is not None
        seats[decider].act(game.legal_actions()[0])
    code, digest, actions = hosted.code, state_hash(game.state), len(game.log)
    await hub.close()

    restarted = hub_at(tmp_path)
    resumed, problems = restarted.resume_saved()
    assert problems == [] and [t.code for t in resumed] == [code]
    again = restarted.find(code)
    assert len(again.table.game.log) == actions and state_hash(again.table.game.state) == digest
    assert [s.status for s in again.seats()] == [SeatStatus.AWAY, SeatStatus.FREE]
    assert restarted.kept_for(key) == [(again, 0)]
    # A table not yet loaded is found on disk by its code.
    lazy = hub_at(tmp_path)
    assert lazy.find(code).table.game.log == again.table.game.log


def test_the_hub_is_bounded_and_unloads_the_quietest_empty_table(tmp_path: Path) -> None:
    hub = TableHub(tmp_path, bot_pause=0, max_tables=2)
    first = hub.host(config(["Ann", "Bob"]), 1, looks(set(), 2))
    second = hub.host(config(["Ann", "Bob"]), 2, looks(set(), 2))
    first.sit(0, Connection())
    second.sit(0, Connection())
    with pytest.raises(TableError, match="the server has 2 tables in play"):
        hub.host(config(["Ann", "Bob"]), 3, looks(set(), 2))
    second.leave(next(iter(second.players.values())))
    third = hub.host(config(["Ann", "Bob"]), 3, looks(set(), 2))
    assert set(hub.tables) == {first.code, third.code}
    third.sit(0, Connection())
    with pytest.raises(TableError, match="the server has 2 tables"):  # its code would load it: no room either
        hub.find(second.code)


def test_a_remote_player_is_never_shown_the_hosts_folders(tmp_path: Path) -> None:
    hub = hub_at(tmp_path)
    hosted = hub.host(config(["Ann", "Bob"]), 1, looks(set(), 2))
    words = hosted.sit(0, Connection()).saved_words()
    assert str(tmp_path) not in words and hosted.code in words


def test_a_frag_deadlands_table_keeps_each_poker_hand_to_its_seat_until_shown__D_CARD_04(tmp_path: Path) -> None:
    """At a networked Frag Deadlands table each connection plays its own seat through the first-player
    poker draw: the cards a seat has drawn are in its own view and hidden from the others' (and from a
    spectator) until every hand is shown; then everyone sees every hand and who goes first, and the save
    holds the fighters (D-CARD-04, D-FTR-01, F-CARD-02)."""
    hub = hub_at(tmp_path)
    characters = ("huckster", "saloon-gal", "indian-brave")
    deadlands = GameConfig(
        ruleset="deadlands",
        map="town",
        seats=tuple(
            Seat(name=n, fighter=FighterDesign(health=3, speed=2, accuracy=2), character=c)
            for n, c in zip(["Ann", "Bob", "Cat"], characters, strict=True)
        ),
    )
    hosted = hub.host(deadlands, 5, looks(set(), 3))
    game = hosted.table.game
    listeners = [Connection(), Connection(), Connection()]
    seats = {n: hosted.sit(n, listener) for n, listener in enumerate(listeners)}
    watcher = hosted.watch(Connection())
    first = game.view(0).poker
    assert first is not None and not first.shown
    while game.view(None).poker is not None and not game.view(None).poker.shown:  # type: ignore[union-attr]
        decider = game.decider()
        assert decider is not None
        seats[decider].act(game.legal_actions()[0])
        for seat in range(3):
            table = game.view(seat).poker
            assert table is not None
            for hand in table.seats:
                if not table.shown and hand.seat != seat:
                    assert hand.drawn is None  # another seat's cards stay hidden
                if hand.seat == seat:
                    assert hand.drawn is not None and len(hand.drawn) == hand.count
        public = game.view(None).poker
        assert public is not None and (public.shown or all(hand.drawn is None for hand in public.seats))
    shown = game.view(None).poker
    assert shown is not None and shown.first is not None
    assert all(hand.drawn is not None and hand.hand for hand in shown.seats)
    assert watcher.seat is None
    saved = read_save(hosted.table.save_path)  # type: ignore[arg-type]
    assert [seat.character for seat in saved.config.seats] == list(characters)


def test_wrong_codes_make_an_address_wait_longer_each_time_then_bar_it_for_the_hour() -> None:
    """Issue 31 item 12: the pause doubles (1 s, 2 s, 4 s … a minute at most); past 20 wrong codes within an
    hour the address looks up nothing until the oldest of them is an hour old; other addresses are not held."""
    now = [1000.0]
    guard = CodeGuard(clock=lambda: now[0])
    assert guard.wait("198.51.100.7") == 0
    pauses = []
    for _ in range(WRONG_PER_HOUR):
        assert guard.wait("198.51.100.7") == 0 and not guard.barred("198.51.100.7")
        pauses.append(guard.wrong("198.51.100.7"))
        now[0] += pauses[-1]
    assert pauses[:7] == [1, 2, 4, 8, 16, 32, 60] and set(pauses[6:]) == {60}
    assert guard.barred("198.51.100.7") and guard.wait("198.51.100.7") > 60
    assert guard.wait("203.0.113.9") == 0, "another address is not held"
    now[0] += 3600
    assert not guard.barred("198.51.100.7") and guard.wait("198.51.100.7") == 0
    assert sum(pauses) < 3600, "the hourly bar, not the pauses, is what bounds a patient guesser"


def test_an_away_players_seat_is_played_by_a_computer_until_he_sits_again(tmp_path: Path) -> None:
    """Issue 31 item 14 (the host's way, `stand_in`): only the seat of an away player the game waits for is
    handed over; it stays kept for him (his key finds it, nobody else takes it by Enter), everyone is told
    in the log, and his sitting down again gives it back."""
    hub = hub_at(tmp_path)
    hosted = next(
        table
        for seed in range(1, 100)
        if (table := hub.host(config(["Ann", "Bob"]), seed, looks(set(), 2))).table.game.decider() == 1
    )
    key = "SHA256:" + "B" * 43
    ann, bob = Connection(), Connection()
    hosted.sit(0, ann)
    assert not hosted.stand_in(1), "Bob never sat: the table waits for him"
    hosted.sit(1, bob, key=key)
    assert not hosted.stand_in(1), "Bob is at the table"
    hosted.leave(bob)
    assert hosted.absent_decider() == 1
    assert hosted.stand_in(1, by="Ann (the host)")
    assert ann.told[-1].log_line == "Ann (the host) asked: the computer plays Bob's seat until Bob comes back."
    assert 1 in hosted.table.bots and hosted.table.bot_seat() == 1
    assert hosted.seats()[1].status is SeatStatus.AWAY and hosted.seat_of_key(key) == 1
    assert hosted.kept_for_another(1, None)
    hosted.sit(1, Connection(), key=key)
    assert ann.told[-1].log_line == "Bob is back: the computer gives Bob's seat back."
    assert 1 not in hosted.table.bots and hosted.standing_in == set()
    assert hosted.seats()[1].status is SeatStatus.PLAYING
