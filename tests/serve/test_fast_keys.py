"""Keys faster than the screens (issue 31, item 9): `q` then `m` on the title quits while the map
browser opens over a closing app. A screen already gone is not an error: the host's console shows
no traceback from a visitor's keys. With the real OpenSSH client on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serve.test_ssh import Server, pexpect, play


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data")
    try:
        yield running
    finally:
        running.stop()


@pytest.mark.parametrize("keys", ["qm", "qn", "q?", "qw"])
def test_keys_after_quit_print_no_traceback_on_the_host(server: Server, tmp_path: Path, keys: str) -> None:
    """`q` and another key at once on the title, a few times: the sessions end, the console stays clean."""
    for _ in range(3):
        client = play(server.port, tmp_path / "known_hosts")
        client.send(keys)
        client.expect(pexpect.EOF)
        client.close()
    said = server.stop()
    assert "Traceback" not in said and "NoMatches" not in said, said
