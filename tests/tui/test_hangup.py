"""A closed terminal window or a dropped SSH connection ends the game cleanly, with its save intact.

The interface runs in a real pseudo-terminal here (Textual needs one); SIGHUP and SIGTERM must
make it exit with status 0, leaving the save it wrote after its last action loadable.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fragtui.content.library import new_game
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.actions import Place
from fragtui.engine.frag.design import FighterDesign
from fragtui.saves.format import save_of
from fragtui.saves.loading import load_game
from fragtui.saves.store import read_save, write_save

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals and SIGHUP are POSIX")


def _saved_game(path: Path) -> None:
    design = FighterDesign(health=3, speed=2, accuracy=2)
    seats = tuple(Seat(name=name, fighter=design) for name in ("Ann", "Bob", "Cat", "Dan"))
    game = new_game(GameConfig(map="pocket", seats=seats), 11)
    while game.state.pending:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    write_save(save_of(game), path)


def _read_until_quiet(fd: int, settle: float, limit: float) -> bytes:
    """What the program wrote, once it has been silent for `settle` seconds (or `limit` passed)."""
    out = b""
    start = last = time.monotonic()
    while time.monotonic() - start < limit:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
            last = time.monotonic()
        elif out and time.monotonic() - last > settle:
            break
    return out


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_the_game_exits_cleanly_on_hangup_and_its_save_loads(tmp_path: Path, signum: int) -> None:
    save = tmp_path / "game.json"
    _saved_game(save)
    before = read_save(save).actions
    main, child = os.openpty()
    env = dict(os.environ, FRAGTUI_DATA_DIR=str(tmp_path), TERM="xterm-256color", COLUMNS="100", LINES="30")
    process = subprocess.Popen(
        [sys.executable, "-m", "fragtui", "load", str(save)],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        start_new_session=True,
    )
    os.close(child)
    try:
        drawn = _read_until_quiet(main, settle=1.0, limit=30)
        assert b"Pass the keyboard" in drawn  # the game is up, on its hand-off screen
        process.send_signal(signum)
        rest = _read_until_quiet(main, settle=0.5, limit=15)
        assert process.wait(timeout=15) == 0
        assert b"Traceback" not in drawn + rest
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)
    assert read_save(save).actions == before  # rewritten whole on opening, nothing lost
    load_game(save)
