"""The SSH server of `fragtui serve`: anyone with an OpenSSH client plays, nothing else is offered.

One process, one event loop; each SSH session with a terminal runs its own `ServedApp`
(the normal title screen, hot-seat games saved to the host's data folder). Refused, whatever the
client asks: exec requests (`ssh HOST ls`), subsystems (SFTP), port forwarding both ways, agent
and X11 forwarding, sessions without a terminal. Bounded: at most `max_sessions` sessions (more
connections are told the server is full), a login timeout, keepalives, an idle timeout, the
window size clamped and the output a client does not read bounded (driver.py).

The host key is ed25519, made once and kept (mode 0600) next to the saves, so a player's
`known_hosts` stays valid across restarts.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from fragtui.errors import FragtuiError
from fragtui.saves.store import saves_folder
from fragtui.serve.app import ServedApp
from fragtui.serve.driver import ClientTerminal, clamp_size
from fragtui.serve.tables import TableHub
from fragtui.serve.visitor import Visitor

__all__ = [
    "HOST_KEY_NAME",
    "FragServer",
    "ServeError",
    "ServeOptions",
    "host_key",
    "host_key_path",
    "serve",
]

HOST_KEY_NAME = "ssh_host_ed25519_key"
"""The host key's file name in the data folder."""
LOGIN_TIMEOUT = 30.0
"""Seconds a connection may take to finish the SSH handshake before it is dropped."""
KEEPALIVE_SECONDS = 30.0
"""Seconds between keepalives; three unanswered drop the connection (a vanished laptop frees its session)."""


class ServeError(FragtuiError):
    """`fragtui serve` cannot start: the port is taken, the host key cannot be read or written."""


@dataclass(frozen=True)
class ServeOptions:
    """How `fragtui serve` was asked to run."""

    host: str = "127.0.0.1"
    """The address listened on (127.0.0.1: this machine only; 0.0.0.0: every interface)."""
    port: int = 2222
    """The TCP port listened on (0: any free one, printed)."""
    max_sessions: int = 16
    """Sessions played at once; one more is told the server is full."""
    idle_timeout: float = 1800.0
    """Seconds without a key from a player before their session is closed (0: never)."""


def host_key_path() -> Path:
    """Where the host key is kept: the data folder that holds the saves folder."""
    return saves_folder().parent / HOST_KEY_NAME


def host_key(path: Path | None = None) -> asyncssh.SSHKey:
    """The server's ed25519 host key: read, or made once and written with mode 0600.

    Written to a temporary file first and linked into place, so two servers starting together
    never both write one and a half-written key is never read.
    """
    path = host_key_path() if path is None else path
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519", comment="fragtui serve")
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "wb") as file:
                file.write(key.export_private_key())
            with contextlib.suppress(FileExistsError):  # another server made one first: use it
                os.link(temporary, path)
        except OSError as exc:
            raise ServeError(f"{path}: the host key cannot be written: {exc.strerror or exc}") from None
        finally:
            with contextlib.suppress(OSError):
                temporary.unlink()
    try:
        return asyncssh.read_private_key(path)
    except (OSError, asyncssh.KeyImportError) as exc:
        raise ServeError(f"{path}: the host key cannot be read: {exc}") from None


class _Connection(asyncssh.SSHServer):
    """One client's connection: anonymous login, sessions only, no forwarding of any kind."""

    def __init__(self, server: FragServer) -> None:
        self._server = server
        self._counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        """Past the bound (sessions, plus a few being told the server is full), drop at once."""
        if self._server.connections >= self._server.connection_limit:
            conn.abort()
            return
        self._server.connections += 1
        self._counted = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self._counted:
            self._server.connections -= 1
            self._counted = False

    def begin_auth(self, username: str) -> bool:
        """Anonymous play: no authentication is asked of anyone."""
        return False

    def session_requested(self) -> _Session:
        return _Session(self._server)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        """`ssh -L`: refused."""
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        """`ssh -R`: refused."""
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


class _Session(asyncssh.SSHServerSession[bytes]):
    """One SSH session: a terminal, an app on it, and nothing else."""

    def __init__(self, server: FragServer) -> None:
        self._server = server
        self._channel: asyncssh.SSHServerChannel[bytes] | None = None
        self._terminal: ClientTerminal | None = None
        self._app: ServedApp | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._farewell = ""

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._channel = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        return True

    def shell_requested(self) -> bool:
        """The "shell" is the game: it is what a plain `ssh -p PORT HOST` asks for."""
        return True

    def exec_requested(self, command: str) -> bool:
        """`ssh HOST COMMAND`: refused, there are no commands to run."""
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        """SFTP and every other subsystem: refused."""
        return False

    def session_started(self) -> None:
        channel = self._channel
        assert channel is not None
        if channel.get_terminal_type() is None:
            self._refuse("fragtui needs a terminal: connect without -T (or with -t).")
            return
        if len(self._server.sessions) >= self._server.options.max_sessions:
            self._refuse(f"The server is full ({self._server.options.max_sessions} players). Try again later.")
            return
        width, height = channel.get_terminal_size()[:2]
        terminal = self._terminal = ClientTerminal(
            write=self._write, buffered=channel.get_write_buffer_size, close=self._close, size=clamp_size(width, height)
        )
        environment = dict(channel.get_environment())
        environment["TERM"] = channel.get_terminal_type() or environment.get("TERM", "xterm")
        self._app = ServedApp(terminal, environment, self._server.visitor_of(channel), self._server.hub)
        self._server.sessions.add(self)
        self._touch()
        task = asyncio.get_running_loop().create_task(self._play(self._app))
        self._server.tasks.add(task)
        task.add_done_callback(self._server.tasks.discard)

    async def _play(self, app: ServedApp) -> None:
        """Run the app until the player quits or the connection goes, then end the session."""
        try:
            await app.run_async()
        except Exception as exc:  # one session's fault must not end the server or other sessions
            print(f"fragtui serve: a session ended on an error: {exc!r}", file=sys.stderr)
        finally:
            self._server.sessions.discard(self)
            if self._idle is not None:
                self._idle.cancel()
            channel = self._channel
            if channel is not None and not channel.is_closing():
                with contextlib.suppress(OSError):
                    if self._farewell:
                        channel.write(f"{self._farewell}\r\n".encode())
                    channel.exit(0)

    def _refuse(self, why: str) -> None:
        channel = self._channel
        assert channel is not None
        channel.write(f"{why}\r\n".encode())
        channel.exit(1)

    def _write(self, data: bytes) -> None:
        channel = self._channel
        if channel is None or channel.is_closing():
            return
        try:
            channel.write(data)
        except OSError:  # the channel closed under us (BrokenPipeError): the app is exiting anyway
            self._close()

    def _close(self) -> None:
        """End the app; `_play` then closes the channel."""
        if self._app is not None:
            self._app.exit()

    def _touch(self) -> None:
        """The player did something: the idle timeout starts again."""
        timeout = self._server.options.idle_timeout
        if timeout <= 0:
            return
        if self._idle is not None:
            self._idle.cancel()
        self._idle = asyncio.get_running_loop().call_later(timeout, self._idle_out)

    def _idle_out(self) -> None:
        self._farewell = f"Closed after {self._server.options.idle_timeout:g} s without a key. Your game is saved."
        self._close()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._touch()
        terminal = self._terminal
        if terminal is not None and terminal.driver is not None:
            terminal.driver.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        terminal = self._terminal
        if terminal is None:
            return
        if terminal.driver is not None:
            terminal.driver.resize(width, height)
        else:
            terminal.size = clamp_size(width, height)

    def eof_received(self) -> bool:
        self._close()
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """Signals from the client are not the server's business (Ctrl+C reaches the app as a key)."""

    def connection_lost(self, exc: Exception | None) -> None:
        self._channel = None
        self._close()


class FragServer:
    """The listening server and the sessions it plays."""

    def __init__(self, options: ServeOptions, key: asyncssh.SSHKey) -> None:
        self.options = options
        self.key = key
        self.sessions: set[_Session] = set()
        """Sessions with an app running."""
        self.tasks: set[asyncio.Task[None]] = set()
        """The apps' tasks (kept here so none is collected while it runs)."""
        self.connections = 0
        """Open connections, authenticated or not."""
        self.connection_limit = options.max_sessions + 8
        """Connections held at once: the sessions, and a few more told the server is full (or
        still in their handshake, which `LOGIN_TIMEOUT` bounds)."""
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.hub = TableHub()
        """The networked tables every session may host, join or watch."""

    def visitor_of(self, channel: asyncssh.SSHServerChannel[bytes]) -> Visitor:
        """What the handshake told about the player of this channel (user name; key, if he logged in with one)."""
        connection = channel.get_extra_info("connection")
        username = str(channel.get_extra_info("username") or "")
        key = getattr(connection, "fragtui_key", None) if connection is not None else None
        return Visitor(username=username, key=key)

    async def start(self) -> int:
        """Listen; returns the port (the one chosen when asked for 0)."""
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: _Connection(self),
                self.options.host,
                self.options.port,
                server_host_keys=[self.key],
                encoding=None,
                line_editor=False,
                allow_scp=False,
                agent_forwarding=False,
                x11_forwarding=False,
                login_timeout=LOGIN_TIMEOUT,
                keepalive_interval=KEEPALIVE_SECONDS,
                keepalive_count_max=3,
            )
        except OSError as exc:
            where = f"{self.options.host}:{self.options.port}"
            raise ServeError(f"cannot listen on {where}: {exc.strerror or exc}") from None
        return int(self._acceptor.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Stop listening and end every session's app (each game was saved after its last action)."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        for session in list(self.sessions):
            session._close()
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=10)
        await self.hub.close()


def connect_line(options: ServeOptions, port: int) -> str:
    """How a player connects, as printed when the server starts."""
    host = options.host if options.host not in ("0.0.0.0", "::", "") else "THIS-MACHINE"
    return f"ssh -p {port} {host}" if port != 22 else f"ssh {host}"


async def serve(options: ServeOptions, *, ready: asyncio.Event | None = None) -> None:
    """Run the server in the foreground until cancelled (Ctrl+C)."""
    key = host_key()
    server = FragServer(options, key)
    port = await server.start()
    server.hub.address = connect_line(options, port)  # the join line a host reads out: ssh -p PORT CODE@HOST
    resumed, problems = server.hub.resume_saved()
    print(f"fragtui serve: listening on {options.host} port {port}", flush=True)
    print(f"  play:  {connect_line(options, port)}   (true colour: add -o SendEnv=COLORTERM)", flush=True)
    print(f"  host key: {key.get_fingerprint()}  ({host_key_path()})", flush=True)
    print(f"  up to {options.max_sessions} players at once; Ctrl+C stops the server (every game is saved)", flush=True)
    if resumed:
        codes = ", ".join(hosted.code for hosted in resumed)
        print(f"  {len(resumed)} unfinished table(s) offered again: {codes}", flush=True)
    for problem in problems:
        print(f"  not offered again: {problem}", flush=True)
    if ready is not None:
        ready.set()
    try:
        await asyncio.Event().wait()
    finally:
        await server.stop()
