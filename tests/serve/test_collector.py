"""The served process's garbage-collector policy (fragtui/serve/collector.py; issue 31, item 3).

What it does, never how fast: the server freezes what exists once it listens and sets the generations'
thresholds; a large full collection's survivors are frozen; a session or enough screens' widgets that
end after a freeze thaw it, so what they held is collected again (the soak tests, tests/serve/test_soak.py,
prove the same over SSH with the server's RSS). The figures are the benchmark's (`python -m fragtui.bench.serve`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import signal
import sys
import time
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from fragtui.serve import collector as collector_module
from fragtui.serve.app import ServedApp
from fragtui.serve.collector import BOUND, COLLECTOR, FREEZE_AT, SWEEP_GAP, SWEEPS, Collector
from fragtui.serve.driver import ClientTerminal
from fragtui.serve.server import ServeOptions, serve
from tests.conftest import PYTHON_THRESHOLDS
from tests.serve.test_driver import until
from tests.serve.test_ssh import SSH, WAIT, pexpect, ssh


class Cycle:
    """An object only the cyclic collector frees (it refers to itself)."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collector() -> Iterator[Collector]:
    """A policy that freezes every full collection's survivors; Python's defaults again afterwards."""
    policy = Collector(freeze_at=1, thaw_widgets=10)
    try:
        yield policy
    finally:
        policy.uninstall()


def test_installed_it_freezes_what_exists_and_leaves_the_thresholds(collector: Collector) -> None:
    """The thresholds stay Python's: a larger young generation grew the soak's RSS (collector.py)."""
    defaults = gc.get_threshold()
    collector.install()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == defaults
    collector.uninstall()
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == defaults


def test_a_large_full_collections_survivors_are_frozen(collector: Collector) -> None:
    collector.install()
    frozen = gc.get_freeze_count()
    kept = [Cycle() for _ in range(1000)]
    gc.collect()
    assert collector.freezes == 2
    assert gc.get_freeze_count() >= frozen + len(kept)


def test_a_small_full_collections_survivors_are_not_frozen() -> None:
    policy = Collector(freeze_at=10**9)
    try:
        policy.install()
        frozen = gc.get_freeze_count()
        kept = [Cycle() for _ in range(1000)]
        gc.collect()
        assert policy.freezes == 1 and gc.get_freeze_count() < frozen + len(kept)
    finally:
        policy.uninstall()


def frozen_session(collector: Collector) -> tuple[int, weakref.ref[Cycle]]:
    """A session's stamp, and its object (a cycle) seen through a weak reference, frozen by the installed
    `collector`'s first full collection, and no longer referred to by anything but itself."""
    collector.install()
    born = collector.born()
    session = Cycle()
    alive = weakref.ref(session)
    gc.collect()  # its survivors frozen, the session's object among them
    return born, alive


def test_a_session_that_ends_after_a_freeze_is_collected(collector: Collector) -> None:
    """Frozen, a cycle outlives a full collection; once its session is gone it does not."""
    born, alive = frozen_session(collector)
    gc.collect()
    assert alive() is not None, "frozen: no collection frees it"
    collector.gone(born)
    assert collector.thaws == 1
    gc.collect()
    assert alive() is None


async def test_a_thaw_collects_at_once_on_the_loop(collector: Collector) -> None:
    """The full walk a thaw costs comes with what caused it, on the loop's next turn, not at whatever later moment
    Python's counts call for one (an idle server makes none: it would come with the next player's key)."""
    born, alive = frozen_session(collector)
    collector.gone(born)
    assert collector.thaws == 1 and collector._due
    await asyncio.sleep(0)
    assert alive() is None and not collector._due


async def test_a_thaws_collection_gives_the_free_memory_back_and_no_other_does(
    collector: Collector, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a player leaves, the C allocator's free lists of what he held go back to the system: the every-screen
    soak once read 9–10 MB more RSS on a loaded machine, glibc's free memory of visits that had overlapped."""
    given_back: list[bool] = []
    monkeypatch.setattr(collector_module, "give_back", lambda: given_back.append(True))
    collector.install()
    collector._collect_soon()  # a full collection asked for by the old generation's count, not by a thaw
    await asyncio.sleep(0)
    assert given_back == []
    born, alive = frozen_session(collector)
    collector.gone(born)
    await asyncio.sleep(0)
    assert alive() is None and given_back == [True]


async def test_a_player_who_leaves_while_others_play_is_thawed_in_the_first_quiet_moment(
    collector: Collector,
) -> None:
    """The thaw's walk stops every session still playing: while any player keeps sending keys, an ended session's app
    waits, frozen; half a second without a byte from anyone, and it is collected."""
    collector.quiet_seconds = 0.2
    born, alive = frozen_session(collector)
    collector.heard()
    collector.gone(born, playing=3)
    assert collector.thaws == 0 and collector.owed_sessions == 1
    for _ in range(6):  # a key every 0.1 s: never quiet
        await asyncio.sleep(0.1)
        collector.heard()
    assert collector.thaws == 0 and alive() is not None, "no walk while the others play"
    await asyncio.sleep(0.3)
    assert collector.thaws == 1 and collector.owed_sessions == 0 and collector._quiet is None
    await asyncio.sleep(0)
    assert alive() is None


async def test_enough_players_gone_thaw_at_once_however_busy_the_others(collector: Collector) -> None:
    """What waits for a quiet moment is bounded: once `BOUND` times `thaw_sessions` ended sessions or connections no
    sweep has freed are owed, the thaw comes at once."""
    collector.thaw_sessions = 1
    born, alive = frozen_session(collector)
    collector.heard()
    for _ in range(BOUND - 1):
        collector.gone(born, playing=5)  # no roots: nothing to sweep from
    assert collector.thaws == 0
    collector.gone(born, playing=5)
    assert collector.thaws == 1 and collector._quiet is None
    await asyncio.sleep(0)
    assert alive() is None


class Session:
    """What a session leaves behind: an app-like cycle holding a few MB' worth of rows."""

    def __init__(self) -> None:
        self.me = self
        self.rows = [[n, {"row": n}] for n in range(2000)]


async def test_players_who_leave_while_others_play_are_swept_up_without_a_thaw(collector: Collector) -> None:
    """S-SSH, issue 31 item 3: once `thaw_sessions` ended sessions are owed and the others never stop typing, each is
    swept up alone (what it reaches, taken out of the frozen objects and collected), one every `SWEEP_GAP` seconds,
    with no thaw: nobody else's objects are walked, and a frozen bystander stays frozen."""
    collector.thaw_sessions = 2
    collector.install()
    bystander = Cycle()
    born = collector.born()
    sessions = [Session(), Session()]
    alive = [weakref.ref(session) for session in sessions]
    gc.collect()  # a large full collection: its survivors frozen, the sessions and the bystander among them
    assert collector.freezes == 2
    frozen = gc.get_freeze_count()
    collector.heard()
    collector.gone(born, playing=3, roots=[alive[0]])
    assert collector.owed_sessions == 1 and collector._quiet is not None, "one owed: it waits for a quiet moment"
    collector.gone(born, playing=3, roots=[alive[1]])
    del sessions
    gc.collect()
    assert all(ref() is not None for ref in alive), "frozen: no collection frees them"
    for _ in range(4):  # the others keep typing
        await asyncio.sleep(SWEEP_GAP)
        collector.heard()
    assert all(ref() is None for ref in alive), "swept up"
    assert collector.thaws == 0 and collector.owed_sessions == 0 and collector.leftovers == 2
    swept = list(collector.swept)[-2:]
    assert all(one.whole and one.reached > 2000 and one.freed >= one.reached for one in swept)
    assert gc.get_freeze_count() < frozen - 2000, "what they reached left the frozen objects"
    assert bystander.me is bystander and not any(thing is bystander for thing in gc.get_objects()), "still frozen"
    assert collector._quiet is not None, "a thaw for what they may have missed, in a quiet moment"


def held_session_gone(collector: Collector) -> tuple[list[Session], weakref.ref[Session]]:
    """A session frozen by the installed `collector`'s first full collection, then gone while three others play, owed
    with its root; the list the test keeps it in (something no sweep reaches), and the session seen through a weak
    reference."""
    collector.install()
    born = collector.born()
    session = Session()
    holder = [session]
    alive = weakref.ref(session)
    gc.collect()
    collector.heard()
    collector.gone(born, playing=3, roots=[alive])
    return holder, alive


async def test_what_a_sweep_cannot_free_waits_for_a_quiet_moment(
    collector: Collector, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a sweep cannot free (something it does not reach holds it: here a list kept by the test, as a cancelled
    timer's context holds a closed app until its time) is swept again `SWEEPS` times in all; what they cannot free
    stays owed, and goes in the thaw of a quiet moment."""
    monkeypatch.setattr(collector_module, "RETRY_GAP", 0.05)
    collector.thaw_sessions = 1
    collector.quiet_seconds = 0.5
    holder, alive = held_session_gone(collector)
    for _ in range(24):  # (the gaps double: 0.05 + 0.1 + 0.2 + 0.4 s after the first sweep)
        await asyncio.sleep(0.05)
        collector.heard()
    assert alive() is not None and not collector.swept[-1].whole
    assert len(collector.swept) == SWEEPS, "tried again, and no more than that"
    assert collector.owed_sessions == 1 and collector.thaws == 0, "owed, waiting for a quiet moment"
    holder.clear()
    await asyncio.sleep(0.6)
    assert collector.thaws == 1
    await asyncio.sleep(0)
    assert alive() is None


async def test_what_outlived_its_first_sweep_is_freed_by_the_next(
    collector: Collector, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's app still held while it shuts down (here by a list the test keeps for the first sweep only, as a
    task still finishing on a loaded server holds it) is freed by the sweep `RETRY_GAP` seconds later: no thaw, and
    the others, typing all the while, need not wait for a quiet moment."""
    monkeypatch.setattr(collector_module, "RETRY_GAP", 0.2)
    collector.thaw_sessions = 1
    holder, alive = held_session_gone(collector)
    await asyncio.sleep(0.05)
    collector.heard()
    assert alive() is not None and len(collector.swept) == 1, "the first sweep could not free it"
    holder.clear()
    for _ in range(6):
        await asyncio.sleep(0.05)
        collector.heard()
    assert alive() is None, "the second sweep freed it"
    assert len(collector.swept) == 2 and collector.swept[-1].whole
    assert collector.thaws == 0 and collector.owed_sessions == 0


async def test_the_last_player_to_leave_is_thawed_at_once(collector: Collector) -> None:
    """Nobody else plays: nobody to stop, so no waiting."""
    born, alive = frozen_session(collector)
    collector.heard()
    collector.gone(born, playing=0)
    assert collector.thaws == 1
    await asyncio.sleep(0)
    assert alive() is None


def test_give_back_trims_glibcs_free_memory_where_there_is_glibc() -> None:
    """`malloc_trim` is found on this (glibc) Linux, and handing back changes nothing a program can see."""
    if Path("/lib/x86_64-linux-gnu/libc.so.6").exists() or Path("/lib/aarch64-linux-gnu/libc.so.6").exists():
        assert collector_module._malloc_trim() is not None
    collector_module.give_back()


def test_what_began_after_the_last_freeze_thaws_nothing(collector: Collector) -> None:
    collector.install()
    gc.collect()
    born = collector.born()
    collector.gone(born)
    collector.gone(born, widgets=100)
    assert collector.thaws == 0 and gc.get_freeze_count() > 0


def test_closed_screens_thaw_once_enough_widgets_are_owed(collector: Collector) -> None:
    collector.install()
    born = collector.born()
    gc.collect()
    collector.gone(born, widgets=4)
    assert collector.thaws == 0 and collector.owed == 4, "a dialog's few widgets wait for company"
    collector.gone(born, widgets=6)
    assert collector.thaws == 1 and collector.owed == 0 and gc.get_freeze_count() == 0
    collector.gone(born, widgets=100)
    assert collector.thaws == 1, "nothing frozen since the thaw: nothing to thaw"


async def test_the_server_installs_the_policy_and_takes_it_away_when_it_stops() -> None:
    """`fragtui serve` freezes once it listens; stopped, nothing is frozen and survivors are no longer frozen."""
    defaults = gc.get_threshold()
    ready = asyncio.Event()
    served = asyncio.create_task(serve(ServeOptions(host="127.0.0.1", port=0), ready=ready))
    try:
        await asyncio.wait_for(ready.wait(), 60)
        assert COLLECTOR.installed
        assert gc.get_freeze_count() > 0
        assert COLLECTOR._collected in gc.callbacks
    finally:
        served.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await served
    assert not COLLECTOR.installed and gc.get_freeze_count() == 0 and gc.get_threshold() == defaults
    assert COLLECTOR._collected not in gc.callbacks


async def test_a_served_screen_closed_after_a_freeze_is_owed_to_the_collector() -> None:
    """A screen shown before a freeze and closed after it counts its widgets towards a thaw."""
    received = bytearray()
    terminal = ClientTerminal(write=received.extend)
    app = ServedApp(terminal, {"TERM": "xterm-256color"})
    COLLECTOR.install()
    run = asyncio.create_task(app.run_async())
    try:
        await until(lambda: b"Browse the maps" in received, "the title drawn")
        assert terminal.driver is not None
        title = app.screen
        terminal.driver.feed(b"m")
        await until(lambda: app.screen is not title, "the map browser")
        browser = app.screen
        # A freeze after the browser was born, whatever froze before it: this collection's survivors are frozen
        # however few are left unfrozen (a full collection of the policy's own may have frozen most of them).
        COLLECTOR.freeze_at, freezes = 0, COLLECTOR.freezes
        gc.collect()
        COLLECTOR.freeze_at = FREEZE_AT
        assert COLLECTOR.freezes > freezes
        owed, thaws = COLLECTOR.owed, COLLECTOR.thaws
        terminal.driver.feed(b"\x1b")
        await until(lambda: app.screen is title, "back on the title")
        await until(lambda: COLLECTOR.owed > owed or COLLECTOR.thaws > thaws, "the browser owed")
        assert browser not in app._screens_born
    finally:
        app.exit()
        await asyncio.wait_for(run, 30)
        COLLECTOR.freeze_at = FREEZE_AT
        COLLECTOR.uninstall()


# Over SSH: the served process itself --------------------------------------------------------------------------

SERVER = """
import gc, signal, sys, weakref
from fragtui.serve import app as served
apps = weakref.WeakSet()
made = served.ServedApp.__init__
def counted(self, *arguments, **options):
    made(self, *arguments, **options)
    apps.add(self)
served.ServedApp.__init__ = counted
def report(signum, frame):
    gc.collect()
    walked = {id(thing) for thing in gc.get_objects()}
    frozen = sum(id(app) not in walked for app in apps)
    held = gc.get_freeze_count()
    from fragtui.serve.collector import COLLECTOR
    thresholds = gc.get_threshold()
    print(f"apps {len(apps)} frozen {frozen} held {held} thresholds {thresholds} thaws {COLLECTOR.thaws}", flush=True)
signal.signal(signal.SIGUSR1, report)
from fragtui.cli import main
sys.exit(main(sys.argv[1:]))
"""
"""`python -m fragtui`, and on SIGUSR1 a full collection, then the served apps still alive (and how many of them
the collector no longer walks: frozen), the frozen objects, the thresholds and the collector's thaws so far."""


@contextlib.contextmanager
def counting_server(tmp_path: Path, script: str, *options: str) -> Iterator[tuple[pexpect.spawn, int]]:
    """`script` (`SERVER` or one built on it) serving on a free port of 127.0.0.1 for two players at most, `options`
    added; the process and its port, until it is stopped with Ctrl+C."""
    if SSH is None:
        pytest.skip("the OpenSSH client is not installed")
    environment = {key: value for key, value in os.environ.items() if key != "FRAGTUI_DATA_DIR"}
    environment["XDG_DATA_HOME"] = str(tmp_path / "data")
    arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--max-sessions", "2", *options]
    server = pexpect.spawn(sys.executable, ["-c", script, *arguments], env=environment, encoding="utf-8", timeout=WAIT)
    try:
        server.expect(r"ssh -p (\d+) 127\.0\.0\.1")
        port = int(server.match.group(1))
        server.expect("who may log in")
        yield server, port
    finally:
        if server.isalive():
            server.sendintr()
            server.expect(pexpect.EOF)
        server.close()


def collector_thaws(server: pexpect.spawn) -> int:
    """The collector's thaws so far (`SERVER`'s report, after its full collection)."""
    os.kill(server.pid, signal.SIGUSR1)
    server.expect(r"apps \d+ frozen \d+ held \d+ thresholds \(.*?\) thaws (\d+)")
    return int(server.match.group(1))


def apps_alive(server: pexpect.spawn) -> tuple[int, int]:
    """The served apps alive after a full collection, and how many of them are frozen (`SERVER`'s report)."""
    os.kill(server.pid, signal.SIGUSR1)
    server.expect(r"apps (\d+) frozen (\d+)")
    return int(server.match.group(1)), int(server.match.group(2))


def test_a_served_session_is_frozen_while_it_plays_and_collected_once_it_has_left(tmp_path: Path) -> None:
    """S-SSH: in `fragtui serve` a session's app, alive through a full collection, is frozen (no later full
    collection walks it); once its player has quit, the next full collection frees it all the same."""
    with counting_server(tmp_path, SERVER) as (server, port):

        def report() -> tuple[int, int, int, str]:
            os.kill(server.pid, signal.SIGUSR1)
            server.expect(r"apps (\d+) frozen (\d+) held (\d+) thresholds (\(.*?\))")
            apps, frozen, held, thresholds = server.match.groups()
            return int(apps), int(frozen), int(held), thresholds

        apps, frozen, held, thresholds = report()
        assert (apps, frozen) == (0, 0) and held > 0, "what exists once it listens is frozen"
        assert thresholds == str(PYTHON_THRESHOLDS), "Python's (collector.py says why)"
        client = ssh(port, tmp_path / "known_hosts", "-t", "127.0.0.1")
        try:
            client.expect("Browse the maps")
            client.send("n")
            client.expect("Start")
            client.send("\r")  # a hot-seat game: tens of thousands of objects that live as long as it
            client.expect("Pass the keyboard to")
            apps, frozen, _, _ = report()
            assert (apps, frozen) == (1, 1), "a full collection's survivors, the session's app among them, frozen"
        finally:
            client.close(force=True)  # the connection dropped: the session ends
        for _ in range(50):  # the server notices the connection is gone a moment after ssh has exited
            if report()[0] == 0:
                break
            time.sleep(0.1)
        assert report()[0] == 0, "the app of a player who has left is collected, though it was frozen"


SWEEPING_SERVER = SERVER.replace(
    "from fragtui.cli import main",
    """from fragtui.serve.collector import COLLECTOR
gone = COLLECTOR.gone
def told(*arguments, **options):
    gone(*arguments, **options)
    print(f"owed {COLLECTOR.owed_sessions} thaws {COLLECTOR.thaws}", flush=True)
COLLECTOR.gone = told
COLLECTOR.quiet_seconds = 1000.0
COLLECTOR.thaw_sessions = 2
from fragtui.cli import main""",
)
"""`SERVER`, printing the sessions and connections owed to the collector and its thaws as each one ends, never quiet
enough for a thaw (the test's keys never pause long; a loaded machine may hold them back a while), and sweeping as
soon as two are owed (a visit's session and connection) rather than `THAW_SESSIONS`."""


def test_a_player_who_leaves_is_swept_up_while_the_others_type(tmp_path: Path) -> None:
    """S-SSH, issue 31 item 3: Ann leaves a hot-seat game while Bob keeps pressing keys, and no quiet moment comes. Her
    app, frozen, is swept up alone once enough is owed (sweep.py), and no thaw comes: the walk of every session's
    objects, which stopped Bob for 0.4–1 s, is not made."""
    with counting_server(tmp_path, SWEEPING_SERVER) as (server, port):
        known = tmp_path / "known_hosts"
        bob = ssh(port, known, "-t", "127.0.0.1")
        ann = ssh(port, known, "-t", "127.0.0.1")
        try:
            bob.expect("Browse the maps")
            ann.expect("Browse the maps")
            ann.send("n")
            ann.expect("Start")
            ann.send("\r")
            ann.expect("Pass the keyboard to")
            assert apps_alive(server) == (2, 2), "both apps frozen by a full collection"
            thaws = collector_thaws(server)
            ann.close(force=True)  # Ann's connection dropped: her session ends while Bob plays
            # Bob moves along the title's menu, a key every 0.05 s, for up to 20 s: once failed at 10 s under the
            # suite's load, when one sweep came while Ann's app still shut down (now swept again: collector.SWEEPS)
            for key in range(400):
                bob.send("\x1b[B" if key % 2 else "\x1b[A")
                time.sleep(0.05)
                if key % 10 == 9 and apps_alive(server)[0] == 1:
                    break
            assert apps_alive(server)[0] == 1, "while Bob typed, Ann's app was collected"
            assert collector_thaws(server) == thaws, "without a thaw"
        finally:
            bob.close(force=True)
            ann.close(force=True)


def test_a_session_that_has_ended_holds_its_app_no_more_while_its_connection_closes(tmp_path: Path) -> None:
    """S-SSH: a session ends (here by the idle timeout); until the client answers the channel's close, the connection
    still holds the session, but not its app (the soak reads the server's memory as soon as its clients have gone:
    on a loaded machine the server took their answers later, and four sessions' apps, 10 MB, counted as kept)."""
    with counting_server(tmp_path, SERVER, "--idle-timeout", "1") as (server, port):
        client = ssh(port, tmp_path / "known_hosts", "-t", "127.0.0.1")
        try:
            client.expect("Browse the maps")
            os.kill(client.pid, signal.SIGSTOP)  # from now on the client answers nothing: the channel's close waits
            try:
                left = apps_alive(server)[0]
                assert left == 1
                for _ in range(100):  # a second without a key, and the session ends
                    if left == 0:
                        break
                    time.sleep(0.1)
                    left = apps_alive(server)[0]
                assert left == 0, "a session that has ended holds its app no more"
            finally:
                os.kill(client.pid, signal.SIGCONT)
            client.expect(pexpect.EOF)
        finally:
            client.close(force=True)


async def test_a_full_collection_comes_once_the_old_generation_holds_enough() -> None:
    """Not Python's quarter of the last survivors: a full collection on the loop's next turn, its survivors frozen."""
    policy = Collector(freeze_at=1000)
    policy.install()
    try:
        freezes = policy.freezes
        kept = [Cycle() for _ in range(5000)]
        gc.collect(1)  # a middle collection: they are in the old generation now
        assert policy._due
        await asyncio.sleep(0)
        assert policy.freezes == freezes + 1 and not policy._due
        assert len(kept) == 5000
    finally:
        policy.uninstall()
