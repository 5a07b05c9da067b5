"""The in-process SSH driver (fragtui/serve/driver.py), without a network: bytes in, screens out.

The first tests pin what the driver takes from Textual's private parser: a Textual upgrade that
changes it fails here, by name, before any player meets a dead keyboard over SSH.
"""

from __future__ import annotations

import asyncio
import inspect
import io
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.filter import Monochrome

from fragtui.serve.app import ServedApp, client_console
from fragtui.serve.colours import SessionColours
from fragtui.serve.driver import (
    MAX_SIZE,
    MIN_SIZE,
    WRITE_BUFFER_LIMIT,
    ChannelDriver,
    ClientTerminal,
    clamp_size,
)
from fragtui.tui.glyphs import Role, role_style
from fragtui.tui.map_view import STYLES, MapView
from fragtui.tui.seats import PLAIN_SEAT, no_color, seat_style


def test_textual_parser_still_turns_bytes_into_keys() -> None:
    """The driver feeds `XTermParser(debug=...)` text and posts what `feed` and `tick` yield."""
    parser = XTermParser(debug=False)
    keys = [event.key for event in parser.feed("a\x1b[A\r") if isinstance(event, events.Key)]
    assert keys == ["a", "up", "enter"]
    pending = list(parser.feed("\x1b"))  # a lone Escape: held until `tick` says no sequence followed
    assert pending == []
    assert callable(parser.tick)
    assert "_timeout_time" in vars(parser), "Parser.tick's timeout moved: check ChannelDriver._on_tick"


def test_textual_driver_contract_is_what_the_driver_overrides() -> None:
    """`App` still builds drivers as `driver_class(app, debug=, mouse=, size=)`, with these hooks."""
    parameters = list(inspect.signature(Driver.__init__).parameters)
    assert parameters == ["self", "app", "debug", "mouse", "size"]
    for hook in ("write", "flush", "start_application_mode", "disable_input", "stop_application_mode", "close"):
        assert hasattr(Driver, hook), hook
    assert hasattr(Driver, "process_message") and hasattr(Driver, "send_message")


def test_textual_still_displays_through_what_served_apps_wrap() -> None:
    """ServedApp wraps the updates `App._display(screen, renderable)` gets (colours.py): Textual's
    screen updates are `CompositorUpdate`s whose `__rich_console__` yields their segments."""
    from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
    from textual.app import App

    assert list(inspect.signature(App._display).parameters) == ["self", "screen", "renderable"]
    for update in (LayoutUpdate, ChopsUpdate):
        assert issubclass(update, CompositorUpdate)
        assert "__rich_console__" in vars(update), update
    assert "render_segments" in vars(CompositorUpdate)


def test_sizes_are_clamped() -> None:
    """A window of 0×0 or 100000×100000 (a hostile or broken client) is drawn within bounds."""
    assert clamp_size(0, 0) == MIN_SIZE
    assert clamp_size(100_000, 100_000) == MAX_SIZE
    assert clamp_size(80, 24) == (80, 24)


@pytest.mark.parametrize(
    ("environment", "system"),
    [
        ({"TERM": "xterm"}, "standard"),
        ({"TERM": "xterm-256color"}, "256"),
        ({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, "truecolor"),
    ],
)
def test_colours_follow_the_client(environment: dict[str, str], system: str) -> None:
    """The client's TERM and COLORTERM, not the server's, choose the colours an app draws in."""
    assert client_console(environment).color_system == system


class Screen:
    """What a client's terminal received, as text."""

    def __init__(self) -> None:
        self.received = bytearray()
        self.closed = False

    def text(self) -> str:
        return self.received.decode("utf-8", errors="replace")

    def terminal(self, size: tuple[int, int] = (80, 24)) -> ClientTerminal:
        return ClientTerminal(write=self.received.extend, close=self.close, size=size)

    def close(self) -> None:
        self.closed = True


async def until(condition: Callable[[], bool], what: str) -> None:
    """Wait (generously) for something the app will do."""
    for _ in range(600):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


async def test_an_app_draws_on_its_channel_and_takes_keys() -> None:
    """The title is drawn into the channel; keys fed as bytes move through the app; the size follows."""
    screen = Screen()
    terminal = screen.terminal()
    app = ServedApp(terminal, {"TERM": "xterm-256color", "PATH": "/nowhere"})
    run = asyncio.create_task(app.run_async())
    await until(lambda: "New game" in screen.text(), "the title drawn")
    assert terminal.driver is not None
    assert app.size == (80, 24)
    terminal.driver.resize(120, 40)
    await until(lambda: app.size == (120, 40), "the resize")
    terminal.driver.resize(0, 100_000)
    await until(lambda: app.size == (MIN_SIZE[0], MAX_SIZE[1]), "the clamped resize")
    terminal.driver.feed(b"\xff\xfe\x1b[99;99;99~garbage")  # not UTF-8, not a known sequence: ignored
    terminal.driver.feed(b"n")  # New game
    await until(lambda: type(app.screen).__name__ == "NewGameScreen", "the set-up screen")
    app.exit()
    await asyncio.wait_for(run, 30)
    assert "\x1b[?1049l" in screen.text(), "the client's terminal is left as it was"


async def test_a_client_that_stops_reading_is_closed() -> None:
    """Output piling up for a client that reads nothing closes its session instead of growing."""
    screen = Screen()
    terminal = ClientTerminal(write=screen.received.extend, close=screen.close, buffered=lambda: len(screen.received))
    app = ServedApp(terminal, {})
    run = asyncio.create_task(app.run_async())
    await until(lambda: terminal.driver is not None and len(screen.received) > 0, "the app started")
    assert terminal.driver is not None
    terminal.driver.write("x" * (WRITE_BUFFER_LIMIT + 1))
    assert screen.closed
    app.exit()
    await asyncio.wait_for(run, 30)


async def test_no_file_is_written_on_the_host(tmp_path: Path) -> None:
    """Textual's screenshot (command, action with a path) and file deliveries write nothing over SSH."""
    screen = Screen()
    app = ServedApp(screen.terminal(), {})
    run = asyncio.create_task(app.run_async())
    await until(lambda: "New game" in screen.text(), "the title drawn")
    titles = [command.title for command in app.get_system_commands(app.screen)]
    assert "Quit" in titles and "Screenshot" not in titles
    with app._context():
        await app.run_action(f"app.screenshot('shot.svg', '{tmp_path}')")
        app.deliver_text(io.StringIO("hello"), save_directory=tmp_path, save_filename="text.txt")
        app.save_screenshot("direct.svg", str(tmp_path))  # the method itself writes where told (the test can see)
    await asyncio.sleep(0.5)
    app.exit()
    await asyncio.wait_for(run, 30)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["direct.svg"]


@pytest.mark.parametrize(("server_has", "client_has"), [(False, True), (True, False)])
def test_no_color_is_the_clients(server_has: bool, client_has: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's NO_COLOR filter follows the client's NO_COLOR, not the server's."""
    if server_has:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = ServedApp(Screen().terminal(), {"NO_COLOR": ""} if client_has else {})
    assert app.no_color is client_has
    assert any(isinstance(f, Monochrome) for f in app._filters) is client_has


async def test_sessions_ending_in_any_order_leave_the_servers_streams() -> None:
    """Textual swaps sys.stdout/stderr while an app runs; two sessions ending first-in-first-out
    must still leave the server printing where it printed before."""
    stdout, stderr = sys.stdout, sys.stderr
    screens = [Screen(), Screen()]
    apps = [ServedApp(screen.terminal(), {}) for screen in screens]
    runs = []
    for app, screen in zip(apps, screens, strict=True):
        runs.append(asyncio.create_task(app.run_async()))
        await until(lambda screen=screen: "New game" in screen.text(), "the title drawn")
    for app, run in zip(apps, runs, strict=True):  # the first started ends first
        app.exit()
        await asyncio.wait_for(run, 30)
    assert sys.stdout is stdout and sys.stderr is stderr


@pytest.mark.parametrize("system", [ColorSystem.STANDARD, ColorSystem.EIGHT_BIT, ColorSystem.TRUECOLOR, None])
def test_a_sessions_codes_are_richs_for_its_colours(system: ColorSystem | None) -> None:
    """A session writes each style with the codes Rich gives a fresh style in the client's colour
    system, whatever codes the (shared) style has cached already, and caches nothing on it."""
    styles = [
        Style(color="#ff0000"),
        Style(bold=True, color="#1e90ff", bgcolor="#00005f"),
        Style(italic=True, underline=True, strike=True, bgcolor="#808080"),
        Style(color="color(200)", bgcolor="color(3)"),
        Style(color="red", bgcolor="default"),
        Style(reverse=True, dim=True, overline=True),
        Style(link="https://example.org", bold=True),
    ]
    session = SessionColours(system)
    for style in styles:
        style.render(
            "x", color_system=ColorSystem.TRUECOLOR if system != ColorSystem.TRUECOLOR else ColorSystem.STANDARD
        )
        cached = style._ansi
        written = session.encode([Segment("x", style)])
        assert style._ansi == cached, "the shared style is left as it was"
        if system is None:  # no colours: the attributes alone
            expected = _fresh(style.without_color).render("x", color_system=ColorSystem.TRUECOLOR)
        else:
            expected = _fresh(style).render("x", color_system=system)
        if style.link:  # Rich's link id is the style's own: compare what follows it
            assert written.split("\x1b\\", 1)[1] == expected.split("\x1b\\", 1)[1]
            continue
        assert written == expected, style
    assert session.encode([Segment("\x1b[2;3H", None, [])]) == "\x1b[2;3H", "cursor moves pass as they are"


def _fresh(style: Style) -> Style:
    """The style with no escape codes cached on it (what a first render in a new process sees)."""
    fresh = style.copy()
    fresh._ansi = None
    return fresh


async def test_sessions_of_other_colour_depths_get_only_their_own_codes() -> None:
    """Rich caches a style's codes on the (process-wide) style the first time it is drawn: a
    16-colour session drawn after a 256-colour one, and a true-colour one after both, in one
    process, each receive only the codes of their own colour system."""
    clients = [
        ({"TERM": "xterm-256color"}, r"[34]8;5;", r"[34]8;2;"),
        ({"TERM": "xterm"}, r"\x1b\[(?:[0-9]+;)*(?:9[0-7]|3[0-7]|4[0-7]|10[0-7])[;m]", r"[34]8;[25];"),
        ({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, r"[34]8;2;", None),
    ]
    for environment, drawn, not_drawn in clients:
        screen = Screen()
        app = ServedApp(screen.terminal(), environment)
        run = asyncio.create_task(app.run_async())
        await until(lambda screen=screen: "palette" in screen.text(), "the title drawn")
        app.exit()
        await asyncio.wait_for(run, 30)
        assert re.search(drawn, screen.text()), environment
        if not_drawn is not None:
            assert not re.search(not_drawn, screen.text()), environment


@pytest.mark.parametrize("server_has", [False, True])
async def test_the_map_follows_each_clients_no_color(server_has: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two players in one process, one with NO_COLOR and one without, whatever the server's own:
    the map's features and highlights (reach, path, targets) are grey and underlined for the first
    only, and the seats' styles follow each app."""
    if server_has:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    screens = [Screen(), Screen()]
    apps = [ServedApp(screens[0].terminal(), {"NO_COLOR": "1"}), ServedApp(screens[1].terminal(), {})]
    runs = [asyncio.create_task(app.run_async()) for app in apps]
    for screen in screens:
        await until(lambda screen=screen: "New game" in screen.text(), "the title drawn")
    for app in apps:
        driver = app._driver
        assert isinstance(driver, ChannelDriver)
        driver.feed(b"n")
        await until(lambda app=app: type(app.screen).__name__ == "NewGameScreen", "the set-up screen")
        driver.feed(b"\r")  # the defaults: a hot-seat game
        await until(lambda app=app: _map_of(app) is not None, "the game's map")
    plain, coloured = (_map_of(app) for app in apps)
    assert plain is not None and coloured is not None
    assert plain._plain and not coloured._plain
    for app, grey in zip(apps, (True, False), strict=True):
        with app._context():
            assert no_color() is grey
            assert (seat_style("red") is PLAIN_SEAT) is grey
            assert (STYLES[Role.WALL] == role_style(Role.WALL, plain=True)) is grey
    for app, run in zip(apps, runs, strict=True):
        app.exit()
        await asyncio.wait_for(run, 30)


def _map_of(app: ServedApp) -> MapView | None:
    for screen in app.screen_stack:
        for view in screen.query(MapView):
            return view
    return None
