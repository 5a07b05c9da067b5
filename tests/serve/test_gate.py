"""Who may log in to `fragtui serve` (fragtui/serve/gate.py), with the real OpenSSH client on 127.0.0.1.

Anonymous play lets every client in without a question, and learns the key of a client that
offers one; `--authorized-keys` and `--password-file` let only their keys and passwords in.
Test keys are made with ssh-keygen in tmp_path; `IdentitiesOnly=yes` keeps the tester's own
keys and agent out of it.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from fragtui.cli import main
from fragtui.serve.gate import Gate, GateError, read_authorized_keys, read_passwords
from fragtui.serve.server import MAX_PASSWORD_TRIES, FragServer, ServeOptions
from tests.serve.test_ssh import SSH, WAIT, Server, pexpect, quit_client, ssh

pytestmark = pytest.mark.skipif(
    SSH is None or shutil.which("ssh-keygen") is None,
    reason="the OpenSSH client is not installed: `apt install openssh-client` (Debian, Ubuntu) gives `ssh`",
)


def make_key(folder: Path, name: str) -> tuple[Path, str]:
    """A new ed25519 key pair in `folder`: the private key's path and its SHA256 fingerprint."""
    path = folder / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(path)], check=True)
    listed = subprocess.run(["ssh-keygen", "-l", "-f", f"{path}.pub"], check=True, capture_output=True, text=True)
    return path, listed.stdout.split()[1]


def with_key(key: Path) -> tuple[str, ...]:
    """ssh options offering this key and no other (not the tester's own, not his agent's)."""
    return ("-i", str(key), "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none")


NO_KEY = ("-o", "PubkeyAuthentication=no")


# Anonymous play: the key is learnt, nobody is asked anything -------------------------------


@pytest.fixture
async def in_process(tmp_path: Path) -> AsyncIterator[tuple[FragServer, int]]:
    """A server in this test's event loop (its sessions can be looked at), anonymous."""
    server = FragServer(ServeOptions(port=0, max_sessions=4), asyncssh.generate_private_key("ssh-ed25519"))
    port = await server.start()
    try:
        yield server, port
    finally:
        await server.stop()


async def _visitor_key(server: FragServer) -> str | None:
    for _ in range(WAIT * 20):
        for session in server.sessions:
            app = session._app
            assert app is not None
            return app.visitor.key
        await asyncio.sleep(0.05)
    raise AssertionError("no session started")


async def test_a_key_offered_is_learnt_without_a_question(in_process: tuple[FragServer, int], tmp_path: Path) -> None:
    """Anonymous play with a key: the title at once, and the session's visitor carries the key's
    SHA256 fingerprint (a kept seat is taken back by it)."""
    server, port = in_process
    key, fingerprint = make_key(tmp_path, "player")

    def connect() -> pexpect.spawn:
        client = ssh(port, tmp_path / "known_hosts", *with_key(key), "-t", "127.0.0.1")
        index = client.expect(["New game", "assword", "Permission denied"])
        assert index == 0, client.before
        return client

    client = await asyncio.to_thread(connect)
    try:
        assert await _visitor_key(server) == fingerprint
    finally:
        await asyncio.to_thread(quit_client, client)


async def test_no_key_gets_in_anonymously(in_process: tuple[FragServer, int], tmp_path: Path) -> None:
    """A client with no key (PubkeyAuthentication=no) lands on the title without a prompt; no key is recorded."""
    server, port = in_process

    def connect() -> pexpect.spawn:
        client = ssh(port, tmp_path / "known_hosts", *NO_KEY, "-t", "127.0.0.1")
        index = client.expect(["New game", "assword", "Permission denied"])
        assert index == 0, client.before
        return client

    client = await asyncio.to_thread(connect)
    try:
        assert await _visitor_key(server) is None
    finally:
        await asyncio.to_thread(quit_client, client)


# --authorized-keys ------------------------------------------------------------------------------


def test_only_authorized_keys_get_in(tmp_path: Path, data: Path) -> None:
    """--authorized-keys: a listed key plays; another key, or none, is refused (no anonymous fallback)."""
    listed, _ = make_key(tmp_path, "listed")
    other, _ = make_key(tmp_path, "other")
    authorized = tmp_path / "authorized_keys"
    authorized.write_text("# the players\n" + Path(f"{listed}.pub").read_text())
    server = Server(data, 0, "--authorized-keys", str(authorized))
    known_hosts = tmp_path / "known_hosts"
    try:
        client = ssh(server.port, known_hosts, *with_key(listed), "-t", "127.0.0.1")
        client.expect("New game")
        quit_client(client)
        for refused in (with_key(other), NO_KEY):
            client = ssh(server.port, known_hosts, *refused, "-t", "127.0.0.1")
            assert client.expect(["Permission denied", "New game", "assword"]) == 0
            client.expect(pexpect.EOF)
            client.close()
            assert client.exitstatus != 0
    finally:
        said = server.stop()
    assert "Traceback" not in said


# --password-file ------------------------------------------------------------------------------


def _password_client(port: int, known_hosts: Path, user: str, *options: str) -> pexpect.spawn:
    client = ssh(port, known_hosts, *options, "-o", "NumberOfPasswordPrompts=1", "-t", f"{user}@127.0.0.1")
    client.expect("assword:")
    return client


def test_a_password_gets_in_and_a_wrong_one_does_not(tmp_path: Path, data: Path) -> None:
    """--password-file: the right password plays, a wrong one (or a user not listed with no `*`
    line, or a key) is refused; the password is never printed by the server."""
    passwords = tmp_path / "passwords"
    passwords.write_text("# players\nann:open: sesame\nbob:hunter2\n")
    key, _ = make_key(tmp_path, "player")
    server = Server(data, 0, "--password-file", str(passwords))
    known_hosts = tmp_path / "known_hosts"
    try:
        client = _password_client(server.port, known_hosts, "ann", *NO_KEY)
        client.sendline("open: sesame")
        client.expect("New game")
        quit_client(client)
        for user, password in (("ann", "hunter2"), ("bob", "open: sesame"), ("cat", "hunter2")):
            client = _password_client(server.port, known_hosts, user, *with_key(key))
            client.sendline(password)
            assert client.expect(["Permission denied", "New game"]) == 0, (user, password)
            client.expect(pexpect.EOF)
            client.close()
    finally:
        said = server.stop()
    assert "sesame" not in said and "hunter2" not in said


def test_a_shared_password_and_keys_together(tmp_path: Path, data: Path) -> None:
    """Both files: a listed key suffices without a password; `*:PASSWORD` lets any user name in."""
    listed, _ = make_key(tmp_path, "listed")
    authorized = tmp_path / "authorized_keys"
    authorized.write_text(Path(f"{listed}.pub").read_text())
    passwords = tmp_path / "passwords"
    passwords.write_text("*:table for four\n")
    server = Server(data, 0, "--authorized-keys", str(authorized), "--password-file", str(passwords))
    known_hosts = tmp_path / "known_hosts"
    try:
        client = ssh(server.port, known_hosts, *with_key(listed), "-t", "127.0.0.1")
        client.expect("New game")
        quit_client(client)
        client = _password_client(server.port, known_hosts, "anyone", *NO_KEY)
        client.sendline("table for four")
        client.expect("New game")
        quit_client(client)
    finally:
        server.stop()


# Bad files: one line naming the file and line, exit 2, nothing listens ------------------------


@pytest.mark.parametrize(
    ("option", "text", "said"),
    [
        ("--authorized-keys", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI\n", "line 1: not an OpenSSH public key"),
        ("--authorized-keys", "# nobody\n\n", "no key in the authorized-keys file"),
        ("--password-file", "ann:x\nbob\n", "line 2: not NAME:PASSWORD"),
        ("--password-file", "ann:x\n\nann:y\n", "line 3: ann is listed twice"),
        ("--password-file", ":x\n", "line 1: no user name"),
        ("--password-file", "ann:\n", "line 1: an empty password"),
        ("--password-file", "# empty\n", "no NAME:PASSWORD line"),
    ],
)
def test_a_bad_gate_file_is_one_line(
    option: str, text: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "file"
    path.write_text(text)
    assert main(["serve", "--port", "0", option, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and said in err, err
    assert "listening" not in err


def test_a_missing_gate_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere"
    assert main(["serve", "--port", "0", "--password-file", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and f"{missing}: the password file cannot be read" in err
    assert "listening" not in out


def test_a_key_line_with_a_from_pattern_is_kept(tmp_path: Path) -> None:
    """authorized_keys options are read: `from="…"` limits where a key may log in from."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / "authorized_keys"
    path.write_text(f'from="10.0.0.0/8" {key.export_public_key().decode()}')
    gate = Gate(authorized_keys=read_authorized_keys(path))
    public = asyncssh.import_public_key(key.export_public_key())  # what a client offers
    assert gate.takes_key(public, "10.1.2.3")
    assert not gate.takes_key(public, "127.0.0.1")


def test_passwords_are_kept_as_digests(tmp_path: Path) -> None:
    path = tmp_path / "passwords"
    path.write_text("ann:secret\n")
    digests = read_passwords(path)
    assert b"secret" not in digests["ann"]
    gate = Gate(passwords=digests)
    assert gate.takes_password("ann", "secret")
    assert not gate.takes_password("ann", "secret ")
    assert not gate.takes_password("bob", "secret"), "no `*` line: unlisted names have no password"
    assert not gate.takes_key(asyncssh.generate_private_key("ssh-ed25519"), "127.0.0.1"), "passwords only: no key"
    with pytest.raises(GateError):
        read_passwords(tmp_path / "absent")


async def test_a_password_guesser_is_cut_off(tmp_path: Path) -> None:
    """One connection may not guess passwords for the whole login timeout: after
    MAX_PASSWORD_TRIES wrong ones it is closed, each wrong one answered after a pause."""
    passwords = tmp_path / "passwords"
    passwords.write_text("*:the right one\n")
    server = FragServer(
        ServeOptions(port=0, password_file=passwords, login_timeout=WAIT), asyncssh.generate_private_key("ssh-ed25519")
    )
    port = await server.start()
    tried: list[str] = []

    class Guesser(asyncssh.SSHClient):
        def password_auth_requested(self) -> str:
            tried.append(f"guess {len(tried)}")
            return tried[-1]

    try:
        with pytest.raises((asyncssh.Error, OSError)):
            await asyncssh.connect(
                "127.0.0.1",
                port,
                known_hosts=None,
                username="guesser",
                client_factory=Guesser,
                client_keys=None,
                agent_path=None,
                config=None,
                preferred_auth="password",
            )
    finally:
        await server.stop()
    assert 1 <= len(tried) <= MAX_PASSWORD_TRIES + 1, tried
