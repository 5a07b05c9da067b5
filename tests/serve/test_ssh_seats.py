"""Seats over the real OpenSSH client, on 127.0.0.1 only: who may take a seat kept for a key, the bell
when a decision becomes a player's, and whom the idle timeout closes (issue 31, items 2, 4 and 6).

The players are test_ssh_tables.py's (`ssh` in a pseudo-terminal under pexpect, read through pyte);
`Listening` also keeps the raw bytes each client received, to find the bell (BEL, 0x07) in them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.design import FighterDesign
from fragtui.engine.game import Game
from fragtui.saves.looks import default_look
from fragtui.saves.store import read_save
from fragtui.serve.tables import HostedTable, TableHub
from tests.serve.test_ruthless_tables import ruthless_config
from tests.serve.test_ssh import Server
from tests.serve.test_ssh_tables import (  # noqa: F401  (_players: the autouse fixture closing every client)
    DOWN,
    Player,
    _players,
    first_answer,
    the_game,
)

pexpect = pytest.importorskip("pexpect")

BEL = "\x07"
OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
"""An operating-system command (a window title, a colour query): BEL may end one, and is no bell there."""


def bells(raw: str) -> int:
    """How many times the client's terminal was rung: BEL outside escape sequences."""
    return OSC.sub("", raw).count(BEL)


HOME = "\x1b[H"


class Listening(Player):
    """A player whose client's raw output is kept too (`raw`), besides the screen it draws."""

    def __init__(self, port: int, known_hosts: Path, user: str | None = None, key: Path | None = None) -> None:
        super().__init__(port, known_hosts, user, key)
        self.raw = ""

    def _take(self, chunk: str) -> None:
        self.raw += chunk
        super()._take(chunk)

    def gone(self) -> bool:
        """Whether the ssh client ended (the server closed the session)."""
        self._read(timeout=0.2)
        return not self.client.isalive()


def make_key(tmp_path: Path, name: str) -> Path:
    key = tmp_path / f"{name}_key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(key)], check=True)
    return key


def keys_of(data: Path) -> list[str | None]:
    save = read_save(next((data / "fragtui" / "saves").glob("*.json")))
    assert save.hosted is not None
    return list(save.hosted.keys)


def two_seats(data: Path, wanted: Callable[[Game], bool]) -> HostedTable:
    """A table of Ann and Bob hosted on the data folder before the server starts (it offers it again), with
    the first seed whose game passes `wanted`."""
    config = GameConfig(
        map="pocket",
        seats=tuple(Seat(name=n, fighter=FighterDesign(health=3, speed=2, accuracy=2)) for n in ("Ann", "Bob")),
    )
    for seed in range(1, 200):
        hub = TableHub(data / "fragtui" / "saves", bot_pause=0)
        hosted = hub.host(config, seed, [default_look(0), default_look(1)])
        if wanted(hosted.table.game):
            return hosted
        assert hosted.table.save_path is not None
        hosted.table.save_path.unlink()
    raise AssertionError("no seed gives the game the test needs")


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="ssh-keygen (openssh-client) makes the test's keys")
def test_a_seat_kept_for_a_key_is_offered_to_no_other_key_and_taken_over_only_when_chosen(
    data: Path, tmp_path: Path
) -> None:
    """Issue 31 item 2: Ann and Bob sat with their keys and dropped. Cat's player (`ssh CODE@HOST`, his own
    key) is offered a seat nobody's key holds, and Enter seats him there, not at Ann's; Ann's and Bob's seats
    stay keyed to them. Ann's seat goes to Dan's key only when he chooses "Take over Ann's seat", and the
    table is told."""
    keys = {name: make_key(tmp_path, name) for name in ("ann", "bob", "cat", "dan")}
    known = tmp_path / "known_hosts"
    server = Server(data)
    try:
        ann = Player(server.port, known, key=keys["ann"])
        ann.sees("Host a table")
        ann.send(DOWN + "\r")
        ann.sees("Start")
        ann.send("\r")  # the defaults: Ann, Bob, Cat, Dan
        ann.sees("Join code")
        _, code = the_game(data)
        ann.send("\r")
        ann.sees(f"Table {code}")
        bob = Player(server.port, known, code, key=keys["bob"])
        bob.sees("Take which seat?", "2. Bob — free")
        bob.send("\r")
        bob.sees(f"Table {code}", "Your hand")
        held = keys_of(data)
        assert held[0] is not None and held[1] is not None and held[2] is None
        ann.kill()
        bob.kill()
        cat = Player(server.port, known, code, key=keys["cat"])
        cat.sees("Take which seat?", "1. Ann — away: kept for its player's key", "2. Bob — away: kept for")
        cat.send("\r")  # the highlighted seat: Cat's, the first that is nobody else's
        cat.sees("Your hand", "Away (seat kept): Ann, Bob")
        after = keys_of(data)
        assert after[:2] == held[:2], "Ann's and Bob's seats are still kept for their keys"
        assert after[2] is not None
        dan = Player(server.port, known, code, key=keys["dan"])
        dan.sees("Take which seat?", "1. Ann — away: kept for its player's key; take over Ann's seat")
        dan.send(HOME + "\r")  # Ann's seat, chosen by hand: asked first, "Back" highlighted
        dan.sees("Take over Ann's seat?", "Back to the seats")
        assert keys_of(data)[0] == held[0]
        dan.send(DOWN + "\r")
        dan.sees("Your hand", "Away (seat kept): Bob")
        cat.sees("Ann's seat was taken over by another player")
        taken = keys_of(data)
        assert taken[0] not in (None, held[0]) and taken[1] == held[1]
        # Bob's key is still offered his seat back at once, on the title.
        back = Player(server.port, known, key=keys["bob"])
        back.sees(f"Take back Bob at table {code}")
        for player in (cat, dan, back):
            player.quit()
    finally:
        server.stop()


def test_the_bell_rings_on_the_terminal_whose_decision_it_becomes(data: Path, tmp_path: Path) -> None:
    """Issue 31 item 4: when the decision passes from Ann to Bob, Bob's client receives BEL; Ann's does not."""

    def ann_then_bob(game: Game) -> bool:
        return game.decider() == 0 and first_answer(game)[1] == 1

    hosted = two_seats(data, ann_then_bob)
    code = hosted.code
    server = Server(data)
    try:
        server.process.expect(f"offered again: {code}")
        ann = Listening(server.port, tmp_path / "known_hosts", code)
        ann.sees("Take which seat?", "1. Ann — free")
        ann.send("\r")
        ann.sees("Place your fighter")
        bob = Listening(server.port, tmp_path / "known_hosts", code)
        bob.sees("Take which seat?", "2. Bob — free")
        bob.send("\r")
        bob.sees(f"Table {code}", "Your hand")
        ann.sees("Bob sits down")
        ann.raw = bob.raw = ""
        ann.send("\r")  # Ann answers: now Bob decides
        bob.sees("Place your fighter")
        assert bells(bob.raw) == 1, "Bob's terminal rang"
        assert bells(ann.raw) == 0, "Ann acted herself: no bell for her"
        ann.quit()
        bob.quit()
    finally:
        server.stop()


def test_the_idle_timeout_closes_only_the_player_the_table_waits_for(data: Path, tmp_path: Path) -> None:
    """Issue 31 item 6: Bob (absent) decides. Ann, at the table, waits several idle timeouts and stays; Bob,
    once seated and asked, is closed after one."""
    hosted = two_seats(data, lambda game: game.decider() == 1)
    code = hosted.code
    timeout = 4  # (long enough for a loaded machine to draw the seat list before a key must come)
    server = Server(data, 0, "--idle-timeout", str(timeout))
    try:
        server.process.expect(f"offered again: {code}")
        ann = Listening(server.port, tmp_path / "known_hosts", code)
        ann.sees("Take which seat?", "1. Ann — free")
        ann.send("\r")
        ann.sees(f"Table {code}", "Waiting for Bob, who is not at the table")
        waited = time.monotonic()
        while time.monotonic() - waited < 2.5 * timeout:
            assert not ann.gone(), f"Ann was closed while the table waited for Bob:\n{ann.text()}"
        bob = Listening(server.port, tmp_path / "known_hosts", code)
        bob.sees("Take which seat?", "2. Bob — free")
        bob.send("\r")  # his seat: the game waits for him, and he presses nothing more
        bob.client.expect(pexpect.EOF)
        assert f"Closed after {timeout} s without a key" in bob.raw + (bob.client.before or "")
        ann.sees("Away (seat kept): Bob")
        assert not ann.gone()
        ann.quit()
    finally:
        server.stop()


def test_a_ruthless_table_shows_the_table_status_and_words_the_actions_for_each_terminal(
    data: Path, tmp_path: Path
) -> None:
    """Issue 31 items 5 and 7: on Ruthless's screen at a table, the table's code and watchers, who is away,
    whom the game waits for, and a spectator's "You are watching"; the activation header says "your posse's
    actions" only on the terminal of the player acting, "the posses' actions" on the others'."""
    hosted = TableHub(data / "fragtui" / "saves", bot_pause=0).host(
        ruthless_config(), 7, [default_look(0), default_look(1)]
    )
    code = hosted.code
    known = tmp_path / "known_hosts"
    server = Server(data)
    try:
        server.process.expect(f"offered again: {code}")
        ann = Player(server.port, known, code)
        ann.sees("Take which seat?", "1. Ann — free")
        ann.send("\r")
        ann.sees("Pick your card for initiative")
        ann.send("\x1b")  # (the pick stays asked; its dialog is put aside to read the table)
        ann.sees(f"Table {code}", "Not taken yet: Bob")
        bob = Player(server.port, known, code)
        bob.sees("Take which seat?", "2. Bob — free")
        bob.send("\r")
        bob.sees(f"Table {code}", "Your hand")
        watcher = Player(server.port, known)
        watcher.sees("Watch a table")
        watcher.send(DOWN * 3 + "\r")
        watcher.sees("Watch which table?")
        watcher.send("\r")
        watcher.sees("You are watching this table")
        bob.sees(f"Table {code} · 1 watching")
        bob.kill()
        ann.sees("Away (seat kept): Bob")
        ann.send("\r")  # her pick, face down: now the game waits for Bob
        ann.sees("Waiting for Bob, who is not at the table")
        watcher.sees("Waiting for Bob, who is not at the table")
        bob = Player(server.port, known, code)
        bob.sees("Take which seat?", "2. Bob — away")
        bob.send("\r")
        bob.sees("Pick your card for initiative")
        bob.send("\r")  # both picked: revealed on every screen
        for player in (ann, bob, watcher):
            player.sees("Enter play on")
            player.send("\r")
        first = hosted_first(data)
        acting, waiting = (ann, bob) if first == 0 else (bob, ann)
        acting.sees("your posse's actions")
        for player in (waiting, watcher):
            screen = player.sees("the posses' actions")
            assert "your posse's actions" not in screen
        for player in (ann, bob, watcher):
            player.quit()
    finally:
        server.stop()


def hosted_first(data: Path) -> int:
    """The seat acting first in the table's saved game (after the initiative cards)."""
    game, _ = the_game(data)
    return game.state.turn.active


CTRL_N = "\x0e"
"""The set-up screen's jump to the first seat's name."""


def open_host_setup(player: Player, downs: int = 1) -> str:
    """From the title: Host a table (`downs` under New game); the set-up screen as it opens."""
    player.sees("Host a table")
    player.send(DOWN * downs + "\r")
    return player.sees("Start")


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="ssh-keygen (openssh-client) makes the test's keys")
def test_each_key_opens_the_set_up_with_its_own_last_set_up(server: Server, tmp_path: Path) -> None:
    """Issue 31 item 10: Ann (her key) hosts with her first seat renamed Zed. Bob's key, and a visitor without
    a key, open the set-up with the defaults, not Ann's; Ann's key, connecting again, finds Zed."""
    known = tmp_path / "known_hosts"
    ann_key, bob_key = make_key(tmp_path, "ann"), make_key(tmp_path, "bob")
    ann = Player(server.port, known, key=ann_key)
    open_host_setup(ann)
    ann.send(CTRL_N + "\x7f" * 3)
    ann.sees("1.  name")  # (the field's placeholder, once emptied)
    ann.send("Zed")
    ann.sees("1.  Zed")
    ann.send("\r")
    ann.sees("Join code")
    ann.quit()
    for visitor in (Player(server.port, known, key=bob_key), Player(server.port, known)):
        open_host_setup(visitor)
        screen = visitor.sees("1.  Ann", "2.  Bob")
        assert "Zed" not in screen
        visitor.quit()
    again = Player(server.port, known, key=ann_key)
    again.sees("Take back Zed at table")  # (her seat, kept: on the menu after the table entries)
    open_host_setup(again)
    again.sees("1.  Zed", "2.  Bob")
    again.quit()


def test_wrong_join_codes_wait_longer_each_time_then_close_the_connection(server: Server, tmp_path: Path) -> None:
    """Issue 31 item 12: a wrong code (here the user name of `ssh CODE@HOST`, then typed in Join a table)
    makes the next lookup wait 1 s, then 2 s, then 4 s; a code tried sooner is not looked up; the fourth
    wrong code closes the connection."""
    visitor = Listening(server.port, tmp_path / "known_hosts", "ZZZZZZZ")
    visitor.sees("ZZZZZZZ", "next code in 1 s")
    for tried, pause in (("YYYYYYY", 2), ("XXXXXXX", 4)):
        time.sleep(pause / 2 + 0.2)  # (the last pause is over)
        visitor.send(DOWN * 2 + "\r")  # Join a table
        visitor.sees("The table's join code")
        visitor.send(tried + "\r")
        visitor.sees(tried, f"next code in {pause} s")
    visitor.send(DOWN * 2 + "\r")  # at once: within the 4 s, the code is not even looked up
    visitor.sees("The table's join code")
    visitor.send("WWWWWWW\r")
    visitor.sees("try another code in")
    time.sleep(4.2)
    visitor.send(DOWN * 2 + "\r")
    visitor.sees("The table's join code")
    visitor.send("VVVVVVV\r")
    visitor.sees("this connection closes")
    visitor.client.expect(pexpect.EOF)


def test_a_table_untouched_for_table_days_moves_to_the_archive_and_is_offered_no_more(
    data: Path, tmp_path: Path
) -> None:
    """Issue 31 item 13: of two tables saved before the server starts, the one untouched for 20 days (more
    than --table-days 14) moves to saves/archive/ and its code finds nothing; the other is offered again."""
    hub = TableHub(data / "fragtui" / "saves", bot_pause=0)
    config = GameConfig(
        map="pocket",
        seats=tuple(Seat(name=n, fighter=FighterDesign(health=3, speed=2, accuracy=2)) for n in ("Ann", "Bob")),
    )
    old = hub.host(config, 1, [default_look(0), default_look(1)])
    fresh = hub.host(config, 2, [default_look(0), default_look(1)])
    assert old.table.save_path is not None
    weeks_ago = time.time() - 20 * 86400
    os.utime(old.table.save_path, (weeks_ago, weeks_ago))
    server = Server(data, 0, "--table-days", "14")
    try:
        server.process.expect(r"1 save\(s\) untouched for 14 days moved to the archive")
        server.process.expect(f"1 unfinished table\\(s\\) offered again: {fresh.code}")
        assert not old.table.save_path.exists()
        assert (old.table.save_path.parent / "archive" / old.table.save_path.name).exists()
        visitor = Player(server.port, tmp_path / "known_hosts", old.code)
        visitor.sees(f"no table has the code {old.code}")
        visitor.quit()
    finally:
        server.stop()


def test_a_player_with_as_many_saves_as_allowed_is_told_so_when_he_would_make_another(
    data: Path, tmp_path: Path
) -> None:
    """Issue 31 item 13: with --saves-per-player 1, a visitor (counted by his address without a key) hosts
    one table; hosting another, or a hot-seat game, is refused in one line saying why."""
    server = Server(data, 0, "--saves-per-player", "1")
    try:
        known = tmp_path / "known_hosts"
        ann = Player(server.port, known)
        open_host_setup(ann)
        ann.send("\r")
        ann.sees("Join code")
        ann.quit()
        again = Player(server.port, known)
        open_host_setup(again)
        again.send("\r")
        again.sees("you have 1 game saved on this server")
        assert len(list((data / "fragtui" / "saves").glob("*.json"))) == 1
        again.send("\x1b")  # back to the title: a hot-seat game is refused the same way
        again.sees("Host a table")
        again.send(HOME + "\r")  # New game
        again.sees("Start")
        again.send("\r")
        screen = again.until(lambda text: "Start" not in text and "Host a table" in text, "the title again")
        assert "you have 1 game saved" in screen and "Pass the keyboard" not in screen
        assert len(list((data / "fragtui" / "saves").glob("*.json"))) == 1
        again.quit()
    finally:
        server.stop()


def test_a_computer_plays_an_away_players_seat_after_the_takeover_time_and_gives_it_back(
    data: Path, tmp_path: Path
) -> None:
    """Issue 31 item 14: with --takeover-minutes, the game waiting on Bob, who dropped, a computer plays his
    seat after that time (the log says so, on Ann's screen, and the game moves on); Bob, back with the code,
    takes his seat again (the log says so too) and the computer plays it no more."""
    hosted = two_seats(data, lambda game: game.decider() == 1)
    code = hosted.code
    server = Server(data, 0, "--takeover-minutes", "0.05")  # 3 s
    try:
        server.process.expect(f"offered again: {code}")
        ann = Player(server.port, tmp_path / "known_hosts", code)
        ann.sees("Take which seat?", "1. Ann — free")
        ann.send("\r")
        ann.sees("Waiting for Bob, who is not at the table")  # never sat: not away, the table waits
        bob = Player(server.port, tmp_path / "known_hosts", code)
        bob.sees("Take which seat?", "2. Bob — free")
        bob.send("\r")
        bob.sees("Place your fighter")
        before, _ = the_game(data)
        bob.kill()
        ann.sees("Away (seat kept): Bob")
        ann.sees("the computer plays Bob's seat until Bob comes back")
        ann.until(lambda _: len(the_game(data)[0].log) > len(before.log), "the computer's move for Bob")
        moved, _ = the_game(data)
        assert moved.log[len(before.log)].seat == 1, "the computer placed Bob's fighter"
        back = Player(server.port, tmp_path / "known_hosts", code)
        back.sees("Take which seat?", "2. Bob — away")
        back.send("\r")
        back.sees(f"Table {code}", "Your hand")
        ann.sees("the computer gives Bob's seat back")
        assert "The computer plays until back" not in ann.text()
        ann.quit()
        back.quit()
    finally:
        server.stop()
