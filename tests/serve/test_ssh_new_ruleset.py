"""The proof ruleset over SSH (issue 32): a game defined in a test file, hosted and played at one table by two real
OpenSSH clients throwing at once.

`Throws` (rock, paper, scissors for points, `tests/test_new_ruleset.py`) is registered in the server's own process
by the runner the test starts it with (`LAUNCHER`: the test module's `register()`, then `fragtui.cli.main`), as a
system's module registers itself when imported; nothing of the game is in the server's code. The host sets the
table up on the set-up screen as any other (the rules stepper lists it, its seats are the generic seat line: a name
and a look), a second player joins with the code, and both are asked for their throw at the same time on the generic
screen (`tui/generic_screen.py`, with `SeatAtTable` before it). Each sees that one of two has chosen, and never what;
the second throw shows both to both.

The players are test_ssh_tables.py's (`ssh` in a pseudo-terminal under pexpect, read through pyte); nothing is
timed: every wait is for text on a screen.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serve.test_ssh import SSH, Server
from tests.serve.test_ssh_tables import (  # noqa: F401  (_players: the autouse fixture closing every client)
    DOWN,
    Player,
    _players,
)

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

pytestmark = pytest.mark.skipif(
    SSH is None,
    reason="the OpenSSH client is not installed: `apt install openssh-client` (Debian, Ubuntu) gives `ssh`",
)

ROOT = Path(__file__).resolve().parents[2]
"""The checkout: the server runs here, so that `tests` imports as a package."""
LAUNCHER = (
    "-c",
    "import sys; import tests.test_new_ruleset as proof; proof.register(); "
    "from fragtui.cli import main; raise SystemExit(main(sys.argv[1:]))",
)
"""What the server's Python runs: the proof ruleset registered, then `fragtui` with the command line after it."""
LEFT = "\x1b[D"
CTRL_O = "\x0f"
CTRL_G = "\x07"


@pytest.fixture
def throws_server(data: Path) -> Iterator[Server]:
    """A `fragtui serve` on 127.0.0.1 over `data` that plays the proof ruleset too, stopped at the test's end."""
    running = Server(data, launcher=LAUNCHER, cwd=ROOT)
    try:
        yield running
    finally:
        running.stop()


def saved(data: Path) -> dict[str, object]:
    """The table's save on the host's disk, as JSON (read raw: this process has not registered the game)."""
    saves = list((data / "fragtui" / "saves").glob("*.json"))
    assert len(saves) == 1, saves
    found: dict[str, object] = json.loads(saves[0].read_text(encoding="utf-8"))
    return found


def test_two_openssh_clients_throw_at_once_in_a_game_defined_in_a_test(throws_server: Server, tmp_path: Path) -> None:
    """Issue 32's proof at an SSH table: the host picks "Throws" on the set-up screen (the last rules of the
    stepper), seats two players with the generic seat line, and hosts; Bob joins with the code. Both are asked
    for their throw at once; Bob throws first, out of seat order: each screen says one of two has chosen, Ann's
    that she is the one still choosing, and neither shows Bob's throw; Ann throws: the throws are shown to both."""
    known = tmp_path / "known_hosts"
    ann = Player(throws_server.port, known)
    ann.sees("Host a table")
    ann.send(DOWN + "\r")
    ann.sees("Start", "Rules")
    ann.send(CTRL_O)  # to the rules stepper
    ann.send(LEFT)  # back from the first rules (Frag) to the last: the test's own
    ann.sees("Throws", "rock, paper, scissors for points")
    ann.send("xx")  # two seats removed (the last ones, from a field of no seat): Ann and Bob
    ann.sees("2 seats", "Pocket Arena")
    ann.send(CTRL_G + "2")  # the second map its rules play (Frag's): Pocket Arena, for two
    setup = ann.sees("Ready: 2 players on Pocket Arena")
    assert "Cat" not in setup and "Frag target" not in setup  # (no frag target under these rules)
    assert "Frag plays best" not in setup  # (Frag's own words on the seats: its front end's, not these rules')
    ann.send("\r")
    ann.sees("Join code")
    hosted = saved(throws_server.data)
    config = hosted["config"]
    assert isinstance(config, dict) and config["ruleset"] == "throws"
    assert [seat["name"] for seat in config["seats"]] == ["Ann", "Bob"]
    code = hosted["hosted"]["code"]  # type: ignore[index]
    ann.send("\r")
    ann.sees(f"Table {code}", "choose an action", "throw rock")  # asked for her throw at once: no one to wait for
    bob = Player(throws_server.port, known, code)
    bob.sees("Take which seat?", "Ann — playing")
    bob.send("\r")  # the first seat nobody plays: Bob's
    bob.sees(f"Table {code}", "Bob: choose an action", "throw scissors")
    bob.send(DOWN * 2 + "\r")  # scissors, while Ann's list is up
    waiting = bob.sees("Waiting: 1 of 2 has chosen; still choosing: Ann")
    assert "You throw scissors" in waiting  # his own throw, to him alone
    before = ann.sees("1 of 2 has chosen, waiting for Ann", "Ann: choose an action")
    assert "scissors" not in before.replace("throw scissors", "")  # only her own list names it
    assert [entry["seat"] for entry in saved(throws_server.data)["actions"]] == [1]  # type: ignore[index,union-attr]
    ann.send(DOWN + "\r")  # paper
    for player in (ann, bob):
        player.sees("Shown: Ann paper, Bob scissors")
    assert [entry["seat"] for entry in saved(throws_server.data)["actions"]] == [1, 0]  # type: ignore[index,union-attr]
    ann.quit()
    bob.quit()
