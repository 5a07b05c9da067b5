"""Killing the process at any moment, even mid-write, leaves the last complete save loadable.

A child process plays a game and saves after every action, as the interface does; the test kills
it (SIGKILL: no chance to clean up) at random moments and then loads whatever the file holds. The
atomic write (temp file, fsync, rename) means it is always a whole save: the old one or the new one.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fragtui.saves.loading import load_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

WRITER = """
import sys
from fragtui.content.library import new_game
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.design import FighterDesign
from fragtui.saves.format import save_of
from fragtui.saves.store import write_save
from pathlib import Path

path = Path(sys.argv[1])
design = FighterDesign(health=3, speed=2, accuracy=2)
seats = tuple(Seat(name=n, fighter=design) for n in ("Ann", "Bob", "Cat", "Dan"))
seed = 0
print("ready", flush=True)
while True:  # game after game, a save after every action, until killed
    game = new_game(GameConfig(map="pocket", seats=seats, frag_target=2), seed)
    while not game.over:
        game.apply(game.legal_actions()[seed % len(game.legal_actions())])
        write_save(save_of(game), path)
    seed += 1
"""


def test_a_writer_killed_at_random_moments_leaves_a_loadable_save(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    rng = random.Random(5)
    loaded = 0
    for _ in range(12):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True)
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.2, 0.9))
        writer.kill()
        writer.wait(timeout=10)
        if path.exists():
            game = load_game(path)  # raises on a torn or half-written file
            assert game.log, "a save holds at least the action it was written after"
            loaded += 1
        leftovers = [p.name for p in tmp_path.iterdir() if p != path]
        assert all(name.startswith(".") or name.endswith(".tmp") for name in leftovers), leftovers
    assert loaded >= 10  # the writer got far enough to save in nearly every round
