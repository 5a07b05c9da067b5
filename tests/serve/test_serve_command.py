"""`fragtui serve` refusing to start: one line saying why, exit status 2, never a traceback."""

from __future__ import annotations

import socket
import stat
from pathlib import Path

import pytest

from fragtui.cli import main
from fragtui.serve.server import host_key


def test_a_taken_port_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in err


@pytest.mark.parametrize(
    "arguments", [["--port", "70000"], ["--port", "x"], ["--max-sessions", "0"], ["--idle-timeout", "-1"]]
)
def test_bad_options_are_refused(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", *arguments])
    assert exit_.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_the_host_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "fragtui" / "ssh_host_ed25519_key"
    first = host_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert first.algorithm == b"ssh-ed25519"
    assert host_key(path).get_fingerprint() == first.get_fingerprint()
    assert [p.name for p in path.parent.iterdir()] == [path.name], "no temporary file left behind"


def test_an_unreadable_host_key_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    (tmp_path / "ssh_host_ed25519_key").write_text("not a key\n")
    assert main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the host key cannot be read" in err
