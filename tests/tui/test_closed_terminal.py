"""A closed terminal (SIGHUP) or SIGTERM always ends fragtui promptly, its game saved (issue 30, item 18).

The real program runs in a pseudo-terminal it controls (ptyprocess, as pexpect starts it): closing
the terminal's other end is what closing the window or killing a tmux pane does, a hangup (the
kernel sends SIGHUP and SIGCONT, and the terminal's every later write fails). Before the fix, a game
whose terminal was closed could run for ever, deaf to SIGTERM: its event loop blocked on the full
queue of Textual's writer thread, which had died on the closed terminal (see fragtui/tui/terminal.py).
It was a race: on the old code the in-game close here failed one run in two, the title's closes
rarely (half the launches at one busy moment, none at another); tests/tui/test_terminal.py shows
each cause without a race. So the title is closed at three moments in each of its two tests.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from ptyprocess import PtyProcess  # type: ignore[import-untyped]  # pexpect's own, a test dependency

from fragtui.content.library import new_game
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.actions import Place
from fragtui.engine.frag.design import FighterDesign
from fragtui.saves.format import save_of
from fragtui.saves.loading import load_game
from fragtui.saves.store import read_save, write_save
from fragtui.tui.terminal import HANGUP_DEADLINE

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals and SIGHUP are POSIX")


ENDS_WITHIN = HANGUP_DEADLINE + 4.0
"""The bound on the exit: the deadline the game sets itself after the signal, and time to spare on a busy machine.
A clean exit (status 0) is asserted too, so an exit by the deadline (status 128 + the signal) fails the test."""

TITLE_CLOSE_DELAYS = (0.0, 0.3, 0.6)
"""Seconds from the title's first lines to its end, one launch each: while it is still being drawn, and once it
is drawn (the old code hung in half the launches whose terminal stopped reading and closed 0.3 s after the title
appeared)."""


@pytest.fixture(scope="module")
def bytecode(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Compiled bytecode for the launches, kept across them, so each starts as an installed fragtui does."""
    return tmp_path_factory.mktemp("pycache")


def _env(data: Path, bytecode: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(FRAGTUI_DATA_DIR=str(data), PYTHONPYCACHEPREFIX=str(bytecode), TERM="xterm-256color")
    return env


def _read_until(process: PtyProcess, wanted: bytes, limit: float = 60.0) -> bytes:
    """What the program wrote up to `wanted` (it must come within `limit` seconds)."""
    out = b""
    start = time.monotonic()
    while wanted not in out:
        assert time.monotonic() - start < limit, f"{wanted!r} never appeared: {out[-500:]!r}"
        ready, _, _ = select.select([process.fd], [], [], 0.1)
        if not ready:
            continue
        try:
            out += process.read(65536)
        except EOFError:
            raise AssertionError(f"the program ended before {wanted!r}: {out[-500:]!r}") from None
    return out


def _drain(process: PtyProcess, seconds: float) -> None:
    """Read what the program writes for `seconds` (a terminal nobody reads would stall it)."""
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([process.fd], [], [], left)
        if ready:
            try:
                process.read(65536)
            except EOFError:
                return


def _ended(process: PtyProcess, limit: float) -> float | None:
    """Seconds until the process ended (reaped), or None if it still runs after `limit`; what it writes meanwhile
    is read, as a terminal does, while the terminal is open."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if not process.isalive():
            return time.monotonic() - start
        if process.closed:
            time.sleep(0.02)
        else:
            _drain(process, 0.02)
    return None


def _close_terminal(process: PtyProcess) -> None:
    """Close our end of the terminal, as a window closing does (no signal sent by us: the kernel sends SIGHUP)."""
    process.fileobj.close()  # its file object owns the descriptor: closing that alone would leave it to close later
    process.closed = True


@pytest.fixture
def launched(tmp_path: Path, bytecode: Path) -> Iterator[list[PtyProcess]]:
    """The processes a test starts, killed at the end if one was left running (so a failure leaves none behind)."""
    processes: list[PtyProcess] = []
    yield processes
    for process in processes:
        if process.isalive():
            os.kill(process.pid, signal.SIGKILL)
            process.wait()


def _spawn(argv: list[str], env: dict[str, str], launched: list[PtyProcess]) -> PtyProcess:
    process = PtyProcess.spawn([sys.executable, "-m", "fragtui", *argv], env=env, dimensions=(40, 120))
    launched.append(process)
    return process


@pytest.mark.parametrize("ending", ["closed", "SIGTERM"])
def test_fragtui_ends_when_its_terminal_is_closed_or_it_is_killed_at_the_title(
    tmp_path: Path, bytecode: Path, launched: list[PtyProcess], ending: str
) -> None:
    env = _env(tmp_path / "data", bytecode)
    for launch, delay in enumerate(TITLE_CLOSE_DELAYS):
        process = _spawn([], env, launched)
        _read_until(process, b"New game")  # the title has just appeared
        if ending == "closed":
            time.sleep(delay)  # a window being closed reads no more of what the game writes
            _close_terminal(process)
        else:
            _drain(process, delay)
            process.kill(signal.SIGTERM)
        took = _ended(process, ENDS_WITHIN)
        assert took is not None, f"launch {launch + 1}: still running {ENDS_WITHIN} s after the terminal was {ending}"
        assert process.exitstatus == 0, (launch + 1, process.exitstatus, process.signalstatus)


def _placed_game(path: Path) -> None:
    design = FighterDesign(health=3, speed=2, accuracy=2)
    seats = tuple(Seat(name=name, fighter=design) for name in ("Ann", "Bob", "Cat", "Dan"))
    game = new_game(GameConfig(map="pocket", seats=seats), 11)
    while game.state.pending:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    write_save(save_of(game), path)


@pytest.mark.parametrize("ending", ["closed", "SIGTERM"])
def test_fragtui_ends_in_a_game_with_its_last_action_saved(
    tmp_path: Path, bytecode: Path, launched: list[PtyProcess], ending: str
) -> None:
    save = tmp_path / "game.json"
    _placed_game(save)
    before = len(read_save(save).actions)
    process = _spawn(["load", str(save)], _env(tmp_path / "data", bytecode), launched)
    _read_until(process, b"Pass the keyboard")  # the hand-off: Ann takes the keyboard
    process.write(b"\r")
    start = time.monotonic()
    while len(read_save(save).actions) == before:  # Ann rolls for movement: an action, saved at once
        assert time.monotonic() - start < 30, "the roll was never saved"
        process.write(b"r")  # again until it counts (the game screen may not have the keyboard yet)
        _drain(process, 0.5)
    if ending == "closed":
        _close_terminal(process)
    else:
        process.kill(signal.SIGTERM)
    assert _ended(process, ENDS_WITHIN) is not None, f"still running {ENDS_WITHIN} s after the terminal was {ending}"
    assert process.exitstatus == 0, (process.exitstatus, process.signalstatus)
    assert len(read_save(save).actions) == before + 1  # the roll is in the save, which is whole
    load_game(save)


STUCK = """
import time
from fragtui.tui.app import FragApp

class Stuck(FragApp):
    def on_key(self, event):
        while True:  # the interface stops answering: the event loop never turns again
            time.sleep(1)

Stuck().run()
"""


def test_fragtui_ends_by_its_deadline_even_when_the_interface_is_stuck(
    tmp_path: Path, bytecode: Path, launched: list[PtyProcess]
) -> None:
    """The last resort: SIGTERM ends the process `HANGUP_DEADLINE` seconds later whatever the interface does."""
    process = PtyProcess.spawn(
        [sys.executable, "-c", STUCK], env=_env(tmp_path / "data", bytecode), dimensions=(40, 120)
    )
    launched.append(process)
    _read_until(process, b"New game")
    process.write(b"z")  # any key: the app stops in its handler
    _drain(process, 0.5)
    sent = time.monotonic()
    process.kill(signal.SIGTERM)
    took = _ended(process, ENDS_WITHIN)
    assert took is not None, f"still running {ENDS_WITHIN} s after SIGTERM"
    assert process.exitstatus == 128 + signal.SIGTERM  # ended by the deadline, as the shell reports a kill
    assert time.monotonic() - sent >= HANGUP_DEADLINE - 0.5  # and not before: the clean exit had its chance
