"""`fragtui serve` with the real OpenSSH client, on 127.0.0.1 only.

The server runs as `python -m fragtui serve --port 0` with a data folder in tmp_path; each
client is `ssh` in a pseudo-terminal under pexpect. Nothing here is timed: every wait is for
text to appear, with a generous timeout for a loaded machine.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import stat
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

SSH = shutil.which("ssh")
pytestmark = pytest.mark.skipif(
    SSH is None,
    reason="the OpenSSH client is not installed: `apt install openssh-client` (Debian, Ubuntu) gives `ssh`",
)

WAIT = 60
"""Seconds to wait for text: generous, so a busy machine is slow but not failing."""


class Server:
    """A `fragtui serve` process on a free port of 127.0.0.1, its data folder in `data`."""

    def __init__(
        self,
        data: Path,
        port: int = 0,
        *options: str,
        launcher: Sequence[str] = ("-m", "fragtui"),
        cwd: Path | None = None,
    ) -> None:
        """`launcher`: what Python runs with the command line after it (`-m fragtui`; a test's `-c` that registers
        a ruleset of its own first, then calls `fragtui.cli.main`), in the folder `cwd`."""
        self.data = data
        environment = {key: value for key, value in os.environ.items() if key != "FRAGTUI_DATA_DIR"}
        environment["XDG_DATA_HOME"] = str(data)
        self.process = pexpect.spawn(
            sys.executable,
            [*launcher, "serve", "--host", "127.0.0.1", "--port", str(port), "--max-sessions", "4", *options],
            env=environment,
            encoding="utf-8",
            timeout=WAIT,
            cwd=None if cwd is None else str(cwd),
        )
        self.process.expect(r"ssh -p (\d+) 127\.0\.0\.1")
        self.port = int(self.process.match.group(1))
        self.process.expect(r"host key: (SHA256:\S+)")
        self.fingerprint = self.process.match.group(1)

    def stop(self) -> str:
        """Ctrl+C, as the host would: the server ends its sessions and exits; returns what it printed since starting."""
        said = ""
        if self.process.isalive():
            self.process.sendintr()
            self.process.expect(pexpect.EOF)
            said = self.process.before or ""
        self.process.close()
        return said


def ssh(
    port: int,
    known_hosts: Path,
    *arguments: str,
    strict: str = "accept-new",
    size: tuple[int, int] = (24, 80),
    log_level: str = "ERROR",
    environment: dict[str, str] | None = None,
) -> pexpect.spawn:
    """The OpenSSH client, with no user configuration, in a terminal of `size` (rows, columns).

    Not in BatchMode: batch mode turns keyboard-interactive off, and that (with no prompt) is how
    a client without keys logs in to anonymous play (fragtui/serve/gate.py). Nothing prompts:
    the host key is accepted (accept-new) and anonymous login asks no question.
    """
    assert SSH is not None
    options = [
        "-F", "/dev/null",
        "-p", str(port),
        "-o", f"StrictHostKeyChecking={strict}",
        "-o", f"UserKnownHostsFile={known_hosts}",
        "-e", "none",  # no ~ escapes: the tests' bytes all go to the server
        "-o", f"LogLevel={log_level}",
    ]  # fmt: skip
    environment = {**os.environ, "TERM": "xterm-256color", **(environment or {})}
    return pexpect.spawn(SSH, [*options, *arguments], env=environment, encoding="utf-8", timeout=WAIT, dimensions=size)


def play(
    port: int, known_hosts: Path, *, strict: str = "accept-new", size: tuple[int, int] = (24, 80)
) -> pexpect.spawn:
    client = ssh(port, known_hosts, "-t", "127.0.0.1", strict=strict, size=size)
    client.expect("New game")
    return client


def quit_client(client: pexpect.spawn) -> None:
    """`q` on the title screen ends the session; ssh exits."""
    client.send("q")
    client.expect(pexpect.EOF)
    client.close()


@pytest.fixture(scope="module")
def _one_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The server of the tests below that take `server`: started once for the module (a server start is about
    1.5 s of CPU). They only connect to it, each with a known_hosts of its own, and leave it as they found it:
    every client they start has ended when they end, and the one game one of them starts is counted apart."""
    running = Server(tmp_path_factory.mktemp("shared") / "data")
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def server(_one_server: Server) -> Server:
    """This module's shared server (tests/serve/conftest.py's is started for each test)."""
    assert _one_server.process.isalive(), "an earlier test of the module stopped the shared server"
    return _one_server


def test_connecting_shows_the_title_and_a_new_game_can_start(server: Server, tmp_path: Path) -> None:
    """S-SSH-01: `ssh -p PORT HOST` lands on the title; Enter, Enter starts a hot-seat game saved on the host."""
    folder = server.data / "fragtui" / "saves"
    before = set(folder.glob("*.json"))
    client = play(server.port, tmp_path / "known_hosts")
    client.send("\r")  # New game
    client.expect("Start")
    client.send("\r")  # the defaults: four players
    client.expect("Pass the keyboard to")
    saves = set(folder.glob("*.json")) - before
    assert len(saves) == 1, "the game is saved in the host's data folder"
    client.send("q")
    client.expect("Leave the game")
    client.send("y")
    client.expect("New game")
    quit_client(client)


def test_the_layout_follows_the_window(server: Server, tmp_path: Path) -> None:
    """A resized client window (SIGWINCH → window-change) is drawn at its new size: rows up to 40 appear."""
    client = play(server.port, tmp_path / "known_hosts")
    assert not re.search(r"\x1b\[40;\d+H", client.before + (client.after or ""))
    client.setwinsize(40, 120)
    client.expect(r"\x1b\[40;\d+H")  # the cursor sent to row 40: the footer of a 40-row window
    quit_client(client)


def test_a_window_under_20_by_6_says_it_is_too_small_until_it_grows(server: Server, tmp_path: Path) -> None:
    """Issue 31, item 11: a 18×5 client got the pieces of the title (half a footer key); it reads
    "Window too small" until it is made larger, then the title is drawn whole."""
    client = ssh(server.port, tmp_path / "known_hosts", "-t", "127.0.0.1", size=(5, 18))
    client.expect("too small")
    client.setwinsize(24, 80)
    client.expect("New game")
    quit_client(client)


def test_the_banner_does_not_name_the_ssh_library(server: Server, tmp_path: Path) -> None:
    """Issue 31, item 15: the SSH banner says "fragtui", not asyncssh and its version (a scanner's hint)."""
    client = ssh(server.port, tmp_path / "known_hosts", "-t", "127.0.0.1", log_level="DEBUG1")
    client.expect(r"remote software version (\S+)")
    software = client.match.group(1)
    client.expect("New game")
    quit_client(client)
    assert software == "fragtui"
    assert "asyncssh" not in software.lower()


def test_commands_and_forwarding_are_refused(server: Server, tmp_path: Path) -> None:
    """No exec requests, no subsystems (SFTP), no port forwarding either way."""
    known_hosts = tmp_path / "known_hosts"
    command = ssh(server.port, known_hosts, "127.0.0.1", "ls", "/")
    command.expect(pexpect.EOF)
    command.close()
    assert command.exitstatus != 0
    assert "bin" not in (command.before or "")

    sftp = ssh(server.port, known_hosts, "-s", "127.0.0.1", "sftp")
    sftp.expect(pexpect.EOF)
    sftp.close()
    assert sftp.exitstatus != 0

    remote = ssh(server.port, known_hosts, "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9", "127.0.0.1")
    remote.expect("forwarding failed")
    remote.expect(pexpect.EOF)
    remote.close()

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        local_port = probe.getsockname()[1]
    tunnel = f"{local_port}:127.0.0.1:{server.port}"
    local = ssh(server.port, known_hosts, "-N", "-L", tunnel, "127.0.0.1", log_level="INFO")
    try:
        for _ in range(WAIT * 10):  # until ssh listens on the local end
            try:
                connection = socket.create_connection(("127.0.0.1", local_port), timeout=WAIT)
                break
            except ConnectionRefusedError:
                local.expect([pexpect.TIMEOUT], timeout=0.1)
        else:
            pytest.fail("ssh -L never listened")
        with connection:
            local.expect("open failed")  # the server refused the direct-tcpip channel
            assert connection.recv(100) == b""  # nothing reached the server's port through the tunnel
    finally:
        local.terminate(force=True)
        local.close()


def test_a_session_without_a_terminal_is_told_why(server: Server, tmp_path: Path) -> None:
    """`ssh -T` (no pty) gets one line saying the game needs a terminal, not a hung session."""
    client = ssh(server.port, tmp_path / "known_hosts", "-T", "127.0.0.1")
    client.expect("needs a terminal")
    client.expect(pexpect.EOF)


def test_the_host_key_is_kept_between_starts(data: Path, tmp_path: Path) -> None:
    """The host key is made once (mode 0600) and reused: a client that knows the host connects again
    without a warning (StrictHostKeyChecking=yes would refuse a changed key)."""
    known_hosts = tmp_path / "known_hosts"
    first = Server(data)
    try:
        quit_client(play(first.port, known_hosts))
    finally:
        first.stop()
    key = data / "fragtui" / "ssh_host_ed25519_key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert known_hosts.read_text().strip()

    second = Server(data, port=first.port)  # known_hosts names [127.0.0.1]:PORT
    try:
        assert second.fingerprint == first.fingerprint
        client = play(second.port, known_hosts, strict="yes")
        assert "WARNING" not in (client.before or "")
        quit_client(client)
    finally:
        second.stop()


def test_sessions_are_bounded_and_a_killed_client_frees_its_own(data: Path, tmp_path: Path) -> None:
    """One session more than --max-sessions is told the server is full; a client killed outright
    (no goodbye) frees its session, and the server plays on for the next one."""
    known_hosts = tmp_path / "known_hosts"
    server = Server(data, 0, "--max-sessions", "1")
    try:
        first = play(server.port, known_hosts)
        refused = ssh(server.port, known_hosts, "-t", "127.0.0.1")
        refused.expect("The server is full")
        refused.expect(pexpect.EOF)
        first.kill(9)
        first.close(force=True)
        for _ in range(20):  # the server learns of the dead connection when its socket closes
            again = ssh(server.port, known_hosts, "-t", "127.0.0.1")
            if again.expect(["New game", "The server is full"]) == 0:
                break
            again.expect(pexpect.EOF)
        else:
            pytest.fail("the killed client's session was never freed")
        quit_client(again)
        assert server.process.isalive()
    finally:
        said = server.stop()
    assert "stopped" in said, said  # what it printed was read to the end
    assert "Traceback" not in said and "error" not in said, said


def test_an_idle_session_is_closed_with_a_word(data: Path, tmp_path: Path) -> None:
    """--idle-timeout: a player who presses nothing is told why, and disconnected; on the title,
    with no game, he is not told a game is saved (issue 31, item 11)."""
    server = Server(data, 0, "--idle-timeout", "1")
    try:
        client = play(server.port, tmp_path / "known_hosts")
        client.expect("without a key")
        client.expect(pexpect.EOF)
        assert "saved" not in (client.before or ""), client.before
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("term", "colorterm", "drawn", "not_drawn"),
    [
        ("xterm-256color", "truecolor", r"\x1b\[[0-9;]*38;2;", None),
        ("xterm-256color", "", r"\x1b\[[0-9;]*38;5;", r"38;2;"),
        ("xterm", "", r"\x1b\[(?:[0-9]+;)*9[0-7](?:;[0-9]+)*m", r"38;[25];"),  # bright white etc. of the 16
    ],
)
def test_colours_follow_the_client(
    server: Server, tmp_path: Path, term: str, colorterm: str, drawn: str, not_drawn: str | None
) -> None:
    """The client's TERM (sent with the pty) and COLORTERM (`-o SendEnv=COLORTERM`) choose true
    colour, 256 colours or 16, whatever the server's own terminal is."""
    client = ssh(
        server.port,
        tmp_path / "known_hosts",
        "-o",
        "SendEnv=COLORTERM",
        "-t",
        "127.0.0.1",
        environment={"TERM": term, "COLORTERM": colorterm},
    )
    client.expect("New game")
    client.expect(r"palette")  # the footer: the whole first frame has been drawn
    frame = (client.before or "") + (client.after or "")
    assert re.search(drawn, frame)
    if not_drawn is not None:
        assert not re.search(not_drawn, frame)
    quit_client(client)


def test_sessions_are_apart_and_garbage_harms_none(server: Server, tmp_path: Path) -> None:
    """Two players at once each have their own app; bytes that are no keys at all (bad UTF-8,
    broken and unknown escape sequences, NULs) sent by one break neither session nor the server."""
    known_hosts = tmp_path / "known_hosts"
    first = play(server.port, known_hosts)
    second = play(server.port, known_hosts)
    os.write(first.child_fd, b"\xff\xfe\xc3\x28\x1b[999;999;999;999~\x1b[<1;2\x1bO\x00\x00\x1b]52;c;AAAA\x07")
    second.send("n")  # New game on the second only
    second.expect("Start")
    first.send("m")  # the first still takes keys: the map browser
    first.expect("Foundry")
    second.send("\x11")  # Ctrl+Q quits from anywhere
    second.expect(pexpect.EOF)
    second.close()
    first.send("\x1b")  # back to the title
    first.expect("New game")
    quit_client(first)
    assert server.process.isalive()
