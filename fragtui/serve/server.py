"""The SSH server of `fragtui serve`: anyone with an OpenSSH client plays, nothing else is offered.

Who may log in is the gate's business (gate.py): anyone by default, with the key a client
offers remembered (a kept seat goes back to the same key); or only the keys and passwords of
`--authorized-keys` / `--password-file`.

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
import contextvars
import os
import sys
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet
from fragtui.errors import FragtuiError
from fragtui.saves.store import saves_folder
from fragtui.serve.app import ServedApp
from fragtui.serve.collector import COLLECTOR
from fragtui.serve.driver import ClientTerminal, clamp_size
from fragtui.serve.gate import Gate
from fragtui.serve.ledger import ARCHIVE, SaveLedger
from fragtui.serve.rings import unring
from fragtui.serve.tables import HostedTable, TableHub
from fragtui.serve.visitor import Visitor
from fragtui.tui.parsed_css import share_parsed_css

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


SERVER_VERSION = "fragtui"
"""What the server's SSH banner (`SSH-2.0-…`) says it is: asyncssh's default names asyncssh and its
version, which tells a scanner which library's known flaws to try."""

PASSWORD_PAUSE = 1.0
"""Seconds before a wrong password is answered (a guesser's pace; a player who mistyped hardly notices)."""
MAX_PASSWORD_TRIES = 6
"""Wrong passwords a connection may try before it is closed (OpenSSH's MaxAuthTries)."""


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
    authorized_keys: Path | None = None
    """An OpenSSH authorized_keys file: only its keys log in (None: any key, or none)."""
    password_file: Path | None = None
    """A file of NAME:PASSWORD lines (`*` for every name): a password logs in (see gate.py)."""
    table_days: float = 14.0
    """Days a table (or a hot-seat game played over SSH) is kept after its last move; then its save moves
    to the archive at the next start (0: kept for ever)."""
    saves_per_player: int = 10
    """Saves one player (his key, else his address) may have on the server (0: no cap)."""
    takeover_minutes: float = 0.0
    """Minutes a table waits for an away player's decision before a computer plays his seat until he is
    back (0: it waits for him)."""
    segment_seconds: float = 0.0
    """Seconds people have to give their orders in a Real-Time Frag step before everyone still choosing holds
    (0: the table waits for every order)."""
    login_timeout: float = LOGIN_TIMEOUT
    """Seconds a connection may take to log in and start a game (not a command-line option:
    the tests shorten it)."""


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
    """One client's connection: logged in as the gate allows, sessions only, no forwarding of any kind."""

    def __init__(self, server: FragServer) -> None:
        self._server = server
        self._counted = False
        self._connection: asyncssh.SSHServerConnection | None = None
        self._candidate: asyncssh.SSHKey | None = None
        self.key: str | None = None
        """The SHA256 fingerprint of the key this connection logged in with (None: no key)."""
        self.playing = 0
        """Sessions of this connection with a game running."""
        self._unused: asyncio.TimerHandle | None = None
        self.wrong_passwords = 0
        """Wrong passwords tried on this connection."""
        self._born = COLLECTOR.born()
        """The collector's stamp when the client connected (its handshake's objects may be frozen later)."""
        self._sessions: weakref.WeakSet[_Session] = weakref.WeakSet()
        """Its sessions not gone yet: each refers to it, so the collector's sweep takes them with it."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        """Past the bound (sessions, plus a few being told the server is full), make room by
        dropping the oldest connection still in its handshake; when every one has logged in, drop
        this one at once.

        Dropping the oldest handshake rather than the newcomer means a handful of connections that
        never say a word cannot lock every new player out until the login timeout: they are pushed
        out by whoever comes next, and only a sustained flood keeps newcomers from finishing.
        """
        server = self._server
        if server.connections >= server.connection_limit:
            if not server.handshakes:
                conn.abort()
                return
            oldest = next(iter(server.handshakes))
            oldest._forget()
            if oldest._connection is not None:
                oldest._connection.abort()
        server.connections += 1
        server.handshakes[self] = None
        self._counted = True
        self._connection = conn
        self.unused()

    def _forget(self) -> None:
        """No longer counted against the bound (closed, or dropped to make room)."""
        if self._counted:
            self._server.connections -= 1
            self._counted = False
        self._server.handshakes.pop(self, None)

    def connection_lost(self, exc: Exception | None) -> None:
        self._forget()
        ended: list[object] = [self, *self._sessions]
        if self._connection is not None:
            ended.append(self._connection)
        # what it held, if frozen, can go again: swept up alone, or thawed
        COLLECTOR.gone(self._born, playing=len(self._server.sessions), roots=[weakref.ref(thing) for thing in ended])
        if self._unused is not None:
            self._unused.cancel()
            self._unused = None
        self._connection = None

    def unused(self) -> None:
        """No game runs on this connection: it is closed unless one starts within the login timeout.

        asyncssh's login timeout ends only the handshake; without this, a client that logs in and
        then opens no session (`ssh -N`), or stays after its session ended, would hold one of the
        bounded connections for as long as it answers keepalives.
        """
        if self._unused is not None:
            self._unused.cancel()
        self._unused = asyncio.get_running_loop().call_later(self._server.options.login_timeout, self._drop_unused)

    def used(self) -> None:
        """A game started on this connection: it stays while the game runs."""
        self.playing += 1
        if self._unused is not None:
            self._unused.cancel()
            self._unused = None

    def ended(self) -> None:
        """A game on this connection ended."""
        self.playing -= 1
        if self.playing <= 0 and self._connection is not None:
            self.unused()

    def _drop_unused(self) -> None:
        self._unused = None
        if self._connection is not None and self.playing <= 0:
            self._connection.close()

    # Logging in (see gate.py) -------------------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        """Always "authentication required", even for anonymous play: accepting SSH's "none"
        method at once would mean the client never offers its key (see gate.py)."""
        return True

    def public_key_auth_supported(self) -> bool:
        gate = self._server.gate
        return gate.anonymous or gate.authorized_keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key (anonymous) or a listed one; asyncssh then checks the client's signature.

        The key is only a candidate here: this is also asked for keys merely offered, or signed
        with a bad signature. A later method (keyboard-interactive, password) forgets it, so the
        key recorded at the end is the one whose signature got the client in.
        """
        peer = self._connection.get_extra_info("peername") if self._connection is not None else None
        address = str(peer[0]) if peer else ""
        if not self._server.gate.takes_key(key, address):
            return False
        self._candidate = key
        return True

    def kbdint_auth_supported(self) -> bool:
        """Anonymous play only: keyboard-interactive with no prompt lets a client without keys in."""
        return self._server.gate.anonymous

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        """No question asked: in at once (asked only in anonymous play)."""
        self._candidate = None
        return self._server.gate.anonymous

    def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> bool:
        return self._server.gate.anonymous

    def password_auth_supported(self) -> bool:
        return self._server.gate.passwords is not None

    async def validate_password(self, username: str, password: str) -> bool:
        """The gate's answer, a wrong one after a pause (`PASSWORD_PAUSE`, on this connection
        only: the loop plays on); past `MAX_PASSWORD_TRIES` wrong ones the connection is closed.
        asyncssh itself would let one connection guess for the whole login timeout."""
        self._candidate = None
        if self._server.gate.takes_password(username, password):
            return True
        self.wrong_passwords += 1
        await asyncio.sleep(PASSWORD_PAUSE)
        if self.wrong_passwords >= MAX_PASSWORD_TRIES and self._connection is not None:
            self._connection.close()
        return False

    def auth_completed(self) -> None:
        """In: remember the key that got the client in, if one did."""
        if self._candidate is not None:
            self.key = self._candidate.get_fingerprint("sha256")
        self._candidate = None
        self._server.handshakes.pop(self, None)  # logged in: never dropped to make room

    def session_requested(self) -> _Session:
        session = _Session(self._server, self)
        self._sessions.add(session)
        return session

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

    def __init__(self, server: FragServer, connection: _Connection) -> None:
        self._server = server
        self._connection = connection
        self._playing = False
        self._channel: asyncssh.SSHServerChannel[bytes] | None = None
        self._terminal: ClientTerminal | None = None
        self._app: ServedApp | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._farewell = ""
        self._born = COLLECTOR.born()
        """The collector's stamp when the session began (its objects may be frozen after a later freeze)."""

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
            write=self._write,
            buffered=channel.get_write_buffer_size,
            close=self._close,
            pause=self._pause,
            size=clamp_size(width, height),
            touch=self._touch,
        )
        environment = dict(channel.get_environment())
        environment["TERM"] = channel.get_terminal_type() or environment.get("TERM", "xterm")
        self._app = ServedApp(terminal, environment, self._server.visitor_of(channel), self._server.hub)
        self._server.sessions.add(self)
        self._connection.used()
        self._playing = True
        self._touch()
        # Everything `_play` relies on is set before the task is made: with Python 3.12's eager
        # task factory (asyncio.eager_task_factory) `_play` runs up to its first suspension inside
        # `create_task`, and may even end there (its `finally` then finds the session registered
        # and the connection marked in use). `add_done_callback` on a task already done still
        # runs the callback (soon), so `tasks` never keeps a finished one.
        task = asyncio.get_running_loop().create_task(self._play(self._app))
        self._server.tasks.add(task)
        task.add_done_callback(self._server.tasks.discard)

    async def _play(self, app: ServedApp) -> None:
        """Run the app until the player quits or the connection goes, then end the session."""
        try:
            # The app runs in a task and a context of its own: Textual sets its `active_app` in the context it runs
            # in, and every callback scheduled from a context holds a copy of it, cancelled or not, until its time.
            # Run in this task's, the collector's thaw and the connection's timers scheduled below as the session
            # ends would keep the app alive (frozen, until a later thaw): the very collection meant to free it ran
            # inside it.
            await asyncio.get_running_loop().create_task(app.run_async(), context=contextvars.copy_context())
        except Exception as exc:  # one session's fault must not end the server or other sessions
            print(f"fragtui serve: a session ended on an error: {exc!r}", file=sys.stderr)
        finally:
            self._server.sessions.discard(self)
            # The app and its terminal go now: the connection holds this session until the client has answered the
            # channel's close, a while on a loaded machine, and the app (a few MB) would live on with it.
            ended: list[weakref.ref[object]] = [*app.ended(), weakref.ref(self), weakref.ref(self._connection)]
            del app
            self._app = None
            self._terminal = None
            # its app, if frozen, can go again: swept up alone, or thawed
            COLLECTOR.gone(self._born, playing=len(self._server.sessions), roots=ended)
            if self._playing:
                self._playing = False
                self._connection.ended()
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

    def _pause(self, paused: bool) -> None:
        """Stop or start reading the client's input (the driver's budget, driver.py)."""
        channel = self._channel
        if channel is None or channel.is_closing():
            return
        if paused:
            channel.pause_reading()
        else:
            channel.resume_reading()

    def _close(self) -> None:
        """End the app; `_play` then closes the channel."""
        if self._app is not None:
            self._app.exit()

    def stop(self, address: str | None) -> None:
        """The server is stopping: end the app, then tell the player why and how to come back."""
        if self._app is not None:
            self._farewell = self._app.stopping_words(address)
        self._close()

    def _touch(self) -> None:
        """The player did something: the idle timeout starts again."""
        timeout = self._server.options.idle_timeout
        if timeout <= 0:
            return
        if self._idle is not None:
            self._idle.cancel()
        # (a context of its own: `touch` comes from inside the app, and a cancelled timer keeps its context, with
        # the app, until the time it was set for)
        self._idle = asyncio.get_running_loop().call_later(timeout, self._idle_out, context=contextvars.Context())

    def _idle_out(self) -> None:
        app = self._app
        if app is not None and app.waiting_for_others():  # only a player the game waits for is timed out
            self._touch()
            return
        saved = app.saved_words(self._server.hub.address) if app is not None else ""
        self._farewell = " ".join(
            words for words in (f"Closed after {self._server.options.idle_timeout:g} s without a key.", saved) if words
        )
        self._close()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        COLLECTOR.heard()
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

    def __init__(self, options: ServeOptions, key: asyncssh.SSHKey, gate: Gate | None = None) -> None:
        self.options = options
        self.key = key
        self.gate = Gate.load(options.authorized_keys, options.password_file) if gate is None else gate
        """Who may log in (a bad file raises `GateError` here, before anything listens)."""
        self.sessions: set[_Session] = set()
        """Sessions with an app running."""
        self.tasks: set[asyncio.Task[None]] = set()
        """The apps' tasks (kept here so none is collected while it runs)."""
        self.connections = 0
        """Open connections, authenticated or not."""
        self.handshakes: dict[_Connection, None] = {}
        """Connections not logged in yet, oldest first (the first dropped when the bound is reached)."""
        self.connection_limit = options.max_sessions + 8
        """Connections held at once: the sessions, and a few more told the server is full (or
        still in their handshake, which `LOGIN_TIMEOUT` bounds)."""
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.hub = TableHub(
            ledger=SaveLedger(days=options.table_days, cap=options.saves_per_player),
            takeover_after=options.takeover_minutes * 60 if options.takeover_minutes > 0 else None,
            segment_seconds=options.segment_seconds if options.segment_seconds > 0 else None,
        )
        """The networked tables every session may host, join or watch."""

    def visitor_of(self, channel: asyncssh.SSHServerChannel[bytes]) -> Visitor:
        """What the handshake told about the player of this channel: his user name, and the
        fingerprint of the key he logged in with (None when he came in without one)."""
        connection = channel.get_extra_info("connection")
        username = str(channel.get_extra_info("username") or "")
        owner = connection.get_owner() if connection is not None else None
        key = owner.key if isinstance(owner, _Connection) else None
        peer = channel.get_extra_info("peername")
        return Visitor(username=username, key=key, address=str(peer[0]) if peer else "")

    async def start(self) -> int:
        """Listen; returns the port (the one chosen when asked for 0)."""
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: _Connection(self),
                self.options.host,
                self.options.port,
                server_host_keys=[self.key],
                server_version=SERVER_VERSION,
                encoding=None,
                line_editor=False,
                allow_scp=False,
                agent_forwarding=False,
                x11_forwarding=False,
                login_timeout=self.options.login_timeout,
                gss_host=None,
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
            session.stop(self.hub.address)
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=10)
        await self.hub.close()


def _who(options: ServeOptions) -> str:
    """The gate in words (file names only: never a password)."""
    if options.authorized_keys is None and options.password_file is None:
        return "anyone (anonymous play; a key offered is remembered to give a seat back)"
    ways = []
    if options.authorized_keys is not None:
        ways.append(f"the keys in {options.authorized_keys}")
    if options.password_file is not None:
        ways.append(f"a password from {options.password_file}")
    return " or ".join(ways)


def connect_line(options: ServeOptions, port: int) -> str:
    """How a player connects, as printed when the server starts."""
    host = options.host if options.host not in ("0.0.0.0", "::", "") else "THIS-MACHINE"
    return f"ssh -p {port} {host}" if port != 22 else f"ssh {host}"


async def serve(options: ServeOptions, *, ready: asyncio.Event | None = None) -> None:
    """Run the server in the foreground until cancelled (Ctrl+C)."""
    gate = Gate.load(options.authorized_keys, options.password_file)  # a bad file: one line, nothing listens
    key = host_key()
    server = FragServer(options, key, gate)
    port = await server.start()
    server.hub.address = connect_line(options, port)  # the join line a host reads out: ssh -p PORT CODE@HOST
    resumed, problems = server.hub.resume_saved()
    share_parsed_css()  # every session's app reads the CSS parsed once, not parsed again for each visitor
    unring()  # a cleared cache leaves no cycle holding a closed screen's widgets (rings.py)
    # What exists now (modules, content, the tables offered again) lives as long as the server:
    # frozen, and the sessions' long-lived objects after it, so that a full collection, which
    # stops every session at once, walks only what is new (collector.py says how and why).
    # What a sweep never walks into (collector.py, sweep.py): what every session shares, and every player's app,
    # session and connection (what ended is where a sweep starts; another player's is never its business).
    shared = (FragServer, TableHub, HostedTable, Board, CardSet, ServedApp, _Session, _Connection)
    COLLECTOR.install(shared=(*shared, asyncssh.SSHServerConnection))
    print(f"fragtui serve: listening on {options.host} port {port}", flush=True)
    print(f"  play:  {connect_line(options, port)}   (true colour: add -o SendEnv=COLORTERM)", flush=True)
    print(f"  host key: {key.get_fingerprint()}  ({host_key_path()})", flush=True)
    print(f"  up to {options.max_sessions} players at once; Ctrl+C stops the server (every game is saved)", flush=True)
    print(f"  who may log in: {_who(options)}", flush=True)
    if server.hub.archived:
        moved = f"{server.hub.archived} save(s) untouched for {options.table_days:g} days"
        print(f"  {moved} moved to the archive ({ARCHIVE}/ in the saves folder)", flush=True)
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
        COLLECTOR.uninstall()
