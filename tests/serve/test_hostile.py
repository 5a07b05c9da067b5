"""`fragtui serve` against hostile or broken clients, on 127.0.0.1 only.

The server runs in the test's own event loop (its sessions can be looked at, its login timeout
shortened); the crafted clients are asyncssh's client and raw TCP sockets, the player who must
keep playing through it all is the real OpenSSH client under pexpect (in a thread, so the
loop keeps serving). Nothing is timed: every wait is for something to happen, generously.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import asyncssh
import pytest
from textual import events

from fragtui.serve import driver as driver_module
from fragtui.serve.app import ServedApp
from fragtui.serve.driver import MAX_SIZE, MIN_SIZE, ChannelDriver, ClientTerminal
from fragtui.serve.server import FragServer, ServeOptions
from tests.serve.test_ssh import SSH, WAIT, pexpect, quit_client, ssh

pytestmark = pytest.mark.skipif(
    SSH is None,
    reason="the OpenSSH client is not installed: `apt install openssh-client` (Debian, Ubuntu) gives `ssh`",
)

CLIENT_KEY = asyncssh.generate_private_key("ssh-ed25519")
"""The crafted clients' key: asyncssh's client tries no keyboard-interactive login without one."""


async def until(condition: Callable[[], bool], what: str) -> None:
    for _ in range(WAIT * 20):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


def start_server(max_sessions: int = 4, login_timeout: float = 30.0) -> FragServer:
    return FragServer(
        ServeOptions(port=0, max_sessions=max_sessions, login_timeout=login_timeout),
        asyncssh.generate_private_key("ssh-ed25519"),
    )


@contextlib.asynccontextmanager
async def running(server: FragServer) -> AsyncIterator[int]:
    port = await server.start()
    try:
        yield port
    finally:
        await server.stop()


async def crafted_client(port: int) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        known_hosts=None,
        username="crafted",
        client_keys=[CLIENT_KEY],
        agent_path=None,
        config=None,
        login_timeout=WAIT,
    )


class Collect(asyncssh.SSHClientSession[bytes]):
    """What a crafted client's session received."""

    def __init__(self) -> None:
        self.received = bytearray()
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.received.extend(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()


async def open_game(
    connection: asyncssh.SSHClientConnection, size: tuple[int, int] = (80, 24)
) -> tuple[asyncssh.SSHClientChannel[bytes], Collect]:
    channel, session = await connection.create_session(
        Collect, term_type="xterm-256color", term_size=size, encoding=None
    )
    return channel, session


def only_session(server: FragServer) -> ServedApp:
    (session,) = server.sessions
    assert session._app is not None
    return session._app


async def test_absurd_window_sizes_are_clamped() -> None:
    """A pty of 100000×100000, then window-changes to 2³²−1 columns by 0 rows and to 0×0: the app
    is laid out within MIN_SIZE..MAX_SIZE each time, and the session still plays."""
    server = start_server()
    async with running(server) as port:
        connection = await crafted_client(port)
        channel, session = await open_game(connection, size=(100_000, 100_000))
        await until(lambda: b"New game" in session.received, "the title drawn")
        app = only_session(server)
        assert app.size == MAX_SIZE
        channel.change_terminal_size(2**32 - 1, 0)
        await until(lambda: app.size == (MAX_SIZE[0], MIN_SIZE[1]), "the clamped resize")
        channel.change_terminal_size(0, 0)
        await until(lambda: app.size == MIN_SIZE, "the least size")
        channel.change_terminal_size(80, 24)
        await until(lambda: app.size == (80, 24), "a sane size again")
        channel.write(b"m")
        await until(lambda: type(app.screen).__name__ != "TitleScreen", "a key taken")
        channel.close()
        connection.close()
        await until(lambda: not server.sessions, "the session ended")


async def test_a_silent_connection_is_closed_after_the_login_timeout() -> None:
    """A TCP connection that never says a word (no SSH version, no handshake) is dropped after
    the login timeout and no longer counts against the server's bound."""
    server = start_server(login_timeout=1)
    async with running(server) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        assert server.connections == 1
        while await asyncio.wait_for(reader.read(4096), WAIT):  # the server's version, then the close
            pass
        writer.close()
        await until(lambda: server.connections == 0, "the connection forgotten")


async def test_a_logged_in_connection_without_a_game_is_closed() -> None:
    """Logged in but never opening a session (`ssh -N`), a connection would hold a slot for as
    long as it answers keepalives: it is closed after the login timeout too."""
    server = start_server(login_timeout=1)
    async with running(server) as port:
        connection = await crafted_client(port)
        await asyncio.wait_for(connection.wait_closed(), WAIT)
        await until(lambda: server.connections == 0, "the connection forgotten")


async def test_a_client_that_stops_reading_is_closed() -> None:
    """A client that reads nothing while the server draws (here: window-changes, each a whole new
    frame at the largest size) has its session closed once the unsent output passes the bound;
    the server's memory does not grow with what it would have sent."""
    server = start_server()
    async with running(server) as port:
        connection = await crafted_client(port)
        channel, session = await open_game(connection, size=MAX_SIZE)
        await until(lambda: b"New game" in session.received, "the title drawn")
        channel.pause_reading()  # asyncssh stops taking data: the SSH window fills and stays full
        app = only_session(server)
        sizes = [MAX_SIZE, (MAX_SIZE[0] - 1, MAX_SIZE[1])]
        for turn in range(2000):
            if not server.sessions:
                break
            channel.change_terminal_size(*sizes[turn % 2])
            await until(lambda turn=turn: app.size == sizes[turn % 2] or not server.sessions, "the resize")
        assert not server.sessions, "the session of a client reading nothing was never closed"
        connection.close()


async def test_a_flood_of_connections_harms_no_session(tmp_path: Path) -> None:
    """200 TCP connections that never finish the handshake and 50 SSH clients at once, against
    --max-sessions 4: the server refuses or closes them, never crashes, and a player connected
    before (the OpenSSH client) keeps playing; once the flood is gone, new players get in."""
    server = start_server(max_sessions=4, login_timeout=WAIT)
    async with running(server) as port:
        player = await asyncio.to_thread(_play, port, tmp_path / "known_hosts")
        try:

            async def silent() -> asyncio.StreamWriter | None:
                try:
                    return (await asyncio.open_connection("127.0.0.1", port))[1]
                except OSError:
                    return None

            async def crafted() -> str:
                try:
                    connection = await crafted_client(port)
                except (OSError, asyncssh.Error):
                    return "refused"
                try:
                    _, session = await open_game(connection)
                    for _ in range(WAIT * 20):
                        if b"New game" in session.received:
                            return "played"
                        if b"full" in session.received or session.closed.is_set():
                            return "full"
                        await asyncio.sleep(0.05)
                    return "hung"
                except (OSError, asyncssh.Error):
                    return "refused"
                finally:
                    connection.close()

            silent_ones = await asyncio.gather(*(silent() for _ in range(200)))
            outcomes = await asyncio.gather(*(crafted() for _ in range(50)))
            assert server.connections <= server.connection_limit, "the connections held are bounded"
            assert "hung" not in outcomes, outcomes
            assert outcomes.count("played") <= 3, "four sessions at most, one of them the player's"

            await asyncio.to_thread(_still_plays, player)
            for writer in silent_ones:
                if writer is not None:
                    writer.close()
            await until(lambda: server.connections <= 1, "the flood's connections forgotten")
            connection = await crafted_client(port)
            _, session = await open_game(connection)
            await until(lambda: b"New game" in session.received, "a new player's title after the flood")
            connection.close()
        finally:
            await asyncio.to_thread(quit_client, player)


async def test_silent_connections_do_not_lock_newcomers_out() -> None:
    """Connections that never say a word, more than the server holds, do not keep a new player
    out until the login timeout: the oldest handshake is dropped to make room for him."""
    server = start_server(max_sessions=2, login_timeout=WAIT)
    async with running(server) as port:
        silent = [(await asyncio.open_connection("127.0.0.1", port))[1] for _ in range(3 * server.connection_limit)]
        await until(lambda: server.connections == server.connection_limit, "the bound reached")
        connection = await crafted_client(port)
        _, session = await open_game(connection)
        await until(lambda: b"New game" in session.received, "the newcomer's title")
        assert server.connections <= server.connection_limit
        connection.close()
        for writer in silent:
            writer.close()


def _play(port: int, known_hosts: Path) -> pexpect.spawn:
    client = ssh(port, known_hosts, "-t", "127.0.0.1")
    client.expect("New game")
    return client


def _still_plays(client: pexpect.spawn) -> None:
    client.send("m")  # the map browser
    client.expect("Foundry")
    client.send("\x1b")  # back to the title
    client.expect("New game")


# Input floods, without a network: the driver's budget --------------------------------------


class PasteCounter(ServedApp):
    """A served app that notes the length of every paste it is given."""

    pasted: list[int]

    def on_paste(self, event: events.Paste) -> None:
        self.pasted.append(len(event.text))


async def test_a_huge_paste_is_slowed_not_lost_and_others_play_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A megabyte pasted into one session is parsed a little at a time, reading from that client
    paused meanwhile (SSH flow control keeps the rest on his side): another session's key is
    handled while the paste is still waiting, and the paste arrives whole in the end."""
    received: list[bytearray] = [bytearray(), bytearray()]
    paused: list[bool] = []
    terminals = [
        ClientTerminal(write=received[0].extend, pause=paused.append),
        ClientTerminal(write=received[1].extend),
    ]
    pasting = PasteCounter(terminals[0], {})
    pasting.pasted = []
    other = ServedApp(terminals[1], {})
    runs = [asyncio.create_task(app.run_async()) for app in (pasting, other)]
    for screen in received:
        await until(lambda screen=screen: b"New game" in screen, "the title drawn")
    paster, player = (terminal.driver for terminal in terminals)
    assert isinstance(paster, ChannelDriver) and isinstance(player, ChannelDriver)

    size = 1_000_000
    paster.feed(b"\x1b[200~" + b"x" * size + b"\x1b[201~")
    assert paster.paused and paused == [True], "reading from the pasting client is paused"
    player.feed(b"m")
    await until(lambda: type(other.screen).__name__ != "TitleScreen", "the other session's key handled")
    assert paster.paused and not pasting.pasted, "…while the paste was still waiting"

    monkeypatch.setattr(driver_module, "INPUT_BUDGET", 100.0)  # let the rest through quickly
    await until(lambda: pasting.pasted == [size], "the whole paste delivered")
    assert not paster.paused and paused == [True, False]
    for app, run in zip((pasting, other), runs, strict=True):
        app.exit()
        await asyncio.wait_for(run, 30)
