"""Ctrl+C on the host: every player is told the server stops, that his game is saved and how to
come back (issue 31, item 8), with the real OpenSSH client on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serve.test_ssh import Server, pexpect
from tests.serve.test_ssh_tables import Player, _players, host  # noqa: F401  (_players: every test's clients closed)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data")
    try:
        yield running
    finally:
        running.stop()


def farewell(player: Player) -> str:
    """What the player's terminal got once the server had closed his session (plain text after the game)."""
    player.client.expect(pexpect.EOF)
    return " ".join((player.client.before or "").split())


def test_stopping_the_server_tells_each_player_how_to_come_back(server: Server, tmp_path: Path) -> None:
    """A player at a table is given his table's `ssh -p PORT CODE@HOST`; one in a hot-seat game is told
    it is saved and where to resume it; one on the title, to come back later. Then ssh ends."""
    ann, code = host(server, tmp_path)
    bob = Player(server.port, tmp_path / "known_hosts")
    bob.sees("New game")
    bob.send("n")
    bob.sees("Start")
    bob.send("\r")
    bob.sees("Pass the keyboard to")
    cat = Player(server.port, tmp_path / "known_hosts")
    cat.sees("Browse the maps")

    server.stop()

    address = f"ssh -p {server.port} 127.0.0.1"
    said = farewell(ann)
    assert f"The server is stopping. Your game at table {code} is saved" in said, said
    assert f"ssh -p {server.port} {code}@127.0.0.1" in said, said
    said = farewell(bob)
    assert f"The server is stopping. Your game is saved; to come back: {address}, then Resume a game." in said, said
    said = farewell(cat)
    assert f"The server is stopping. Come back later: {address}" in said, said
