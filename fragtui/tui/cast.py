"""A replay recorded as an asciicast v2 file (`fragtui replay FILE --cast OUT.cast`), for `asciinema play`.

The replay screen itself (the game's own app and `ReplayScreen`) is run headless at the size
asked and stepped through the save one action at a time, as → does; once each step has settled,
the screen Textual has composed is turned into the bytes Textual writes to a terminal (its
strips rendered in true colour, after cursor moves). So the recording is the replay as a player
sees it, drawn by the same code; a test plays it through a terminal emulator and compares.

The bytes depend only on the save, the size and the eyes (and NO_COLOR, honoured as in the
game), never on the clock or the terminal around the command: frame n comes `STEP` seconds
after frame n - 1 (the deal at 0), and the header's timestamp is when the save was created.
The first frame clears the screen and draws every row; each later one writes, in each row that
changed, the cells from its first change to its last, which keeps a long game's file a quarter
of what whole rows would take.

Format: https://docs.asciinema.org/manual/asciicast/v2/ — a JSON header line, then one JSON
array `[time, "o", data]` per frame.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from datetime import datetime
from pathlib import Path

from rich.cells import cell_len
from rich.color import ColorSystem
from rich.control import Control
from rich.style import Style
from textual import events
from textual._compositor import LayoutUpdate
from textual.app import App
from textual.pilot import Pilot
from textual.strip import Strip

from fragtui.errors import FragtuiError
from fragtui.saves.replay import Replay
from fragtui.saves.store import write_atomically
from fragtui.tui.app import FragApp
from fragtui.tui.replay_screen import SPEEDS, ReplayScreen

__all__ = ["MAX_SIZE", "MIN_SIZE", "STEP", "CastError", "Eyes", "cast_lines", "parse_eyes", "parse_size", "write_cast"]

STEP = 0.5
"""Seconds between two actions in the recording (two actions a second: readable, and a game of
a few hundred actions plays in a few minutes; asciinema's `-s` speeds it up)."""
HOLD = 3.0
"""Seconds the last frame stays before the recording ends (the cursor comes back then)."""
SETTLE_ROUNDS = 50
"""Rounds of Textual's loop waited at most for a step to be drawn (two or three suffice)."""
MIN_SIZE = (80, 24)
"""The smallest terminal the game is drawn for (columns, rows)."""
MAX_SIZE = (500, 200)
"""The largest recording made: beyond it a file grows huge and no player shows it whole."""

Eyes = tuple[int | None, bool]
"""Whose eyes, as the replay screen holds them: (a seat, False), (None, True) for everything,
(None, False) for the public view."""

_SIZE = re.compile(r"(\d{1,4})[x×](\d{1,4})")


class CastError(FragtuiError):
    """A bad `--cast`, `--size` or `--eyes`: the message names the argument and what is wrong."""


def parse_size(text: str) -> tuple[int, int]:
    """`120x40` as (columns, rows), within `MIN_SIZE` and `MAX_SIZE`."""
    found = _SIZE.fullmatch(text.strip().lower())
    if found is None:
        raise CastError(f"--size {text!r}: expected COLUMNSxROWS, such as 120x40")
    width, height = int(found[1]), int(found[2])
    (low_w, low_h), (high_w, high_h) = MIN_SIZE, MAX_SIZE
    if not (low_w <= width <= high_w and low_h <= height <= high_h):
        raise CastError(f"--size {text}: the game is drawn from {low_w}x{low_h} to {high_w}x{high_h} (columns x rows)")
    return width, height


def parse_eyes(text: str | None, replay: Replay) -> Eyes:
    """`all` (everything), `public`, a seat's name or its number as `fragtui verify` lists it;
    none given: what the replay screen opens with (everything for a finished game, the public
    view for one that may still be played on, whose hands are nobody's business)."""
    players = [player.name for player in replay.game.state.players]
    if text is None:
        return (None, replay.game.over)
    word = text.strip()
    if word.lower() == "all":
        return (None, True)
    if word.lower() == "public":
        return (None, False)
    named = [seat for seat, name in enumerate(players) if name.casefold() == word.casefold()]
    if named:
        return (named[0], False)
    if word.isdigit() and int(word) < len(players):
        return (int(word), False)
    seats = ", ".join(f"{seat} {name}" for seat, name in enumerate(players))
    raise CastError(f"--eyes {text!r}: no such seat in this game (all, public, or one of: {seats})")


class _CastApp(FragApp):
    """The game's own app (its styles, its keys in the footer) showing only the replay screen: no
    title screen under it, so no saves folder read, and no signal handlers taken over."""

    drawn_in_colours = "truecolor"
    """The recording is written in true colour whatever terminal runs the command (`_true_colour`), so
    nothing is drawn as for the terminal around it (`seats.sixteen_colours` asks this first)."""

    def __init__(self, replay: Replay, eyes: Eyes) -> None:
        super().__init__(replay=replay)
        self.eyes = eyes

    def on_mount(self, event: events.Mount | None = None) -> None:
        if event is not None:
            event.prevent_default()  # Textual calls every class's handler: not FragApp's (the title screen)
        assert self.first_replay is not None
        screen = ReplayScreen(self.first_replay)
        screen.viewer, screen.reveal = self.eyes
        screen.hands_allowed = True  # asked for on the command line: nobody to ask
        screen.speed = SPEEDS.index(1 / STEP)  # the top line says how fast the recording goes
        self.push_screen(screen)


def _screen_rows(app: App[None]) -> list[Strip]:
    """The screen as Textual would send it to a terminal: one strip of cells per row."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens, simplify=True)
    assert isinstance(update, LayoutUpdate), "a full update is the whole screen's lines"
    return [Strip.join(strips) for strips in update.strips]


def _cells(row: Strip) -> list[tuple[str, Style | None]]:
    """A row cell by cell: a wide character's second cell is `""`, a zero-width one joins the cell before."""
    cells: list[tuple[str, Style | None]] = []
    for text, style, control in row:
        if control:
            continue
        for char in text:
            width = cell_len(char)
            if width == 0 and cells:
                cells[-1] = (cells[-1][0] + char, cells[-1][1])
                continue
            cells.append((char, style))
            if width == 2:
                cells.append(("", style))
    return cells


def _changes(rows: list[Strip], before: list[Strip] | None) -> str:
    """What to write to turn the screen `before` into `rows`: each changed row's changed cells,
    from the first that differs to the last, after a cursor move; every row when there is no before."""
    written: list[str] = []
    for y, row in enumerate(rows):
        start, end = 0, row.cell_length
        if before is not None:
            if row == before[y]:
                continue
            new, old = _cells(row), _cells(before[y])
            if len(new) == len(old):
                differ = [x for x, (cell, was) in enumerate(zip(new, old, strict=True)) if cell != was]
                if not differ:
                    continue
                # The first difference is never a wide character's second cell (its first, with
                # the same style, differs too), but the last may be its first: write both halves.
                start, end = differ[0], differ[-1] + 1
                while end < len(new) and "" in (new[end][0], old[end][0]):
                    end += 1
        written.append(Control.move_to(start, y).segment.text + _true_colour(row.crop(start, end)))
    return "".join(written)


def _true_colour(strip: Strip) -> str:
    """A row's cells as true-colour escape codes, worked out for this recording.

    Rich keeps a style's escape codes on the style the first time it is rendered, whatever the colour
    system (`Style._ansi`), and styles are shared between the apps of one process (Textual caches
    them): a style first drawn by an app in 256 colours would be written here in 256 colours. So each
    style is copied with that cache cleared: the same save gives the same bytes in any process.
    """
    written: list[str] = []
    for text, style, control in strip:
        if control:
            continue
        if style is None:
            written.append(text)
            continue
        fresh = style.copy()
        fresh._ansi = None
        written.append(fresh.render(text, color_system=ColorSystem.TRUECOLOR))
    return "".join(written)


def _messages_pending(app: App[None]) -> bool:
    """Whether the app or a widget of its screen still has a message to handle: a frame is taken only once
    every one is handled, however slowly a busy machine hands them out."""
    nodes = [app, *app.screen.walk_children(with_self=True)]
    return any(not node._message_queue.empty() for node in nodes)


async def _record(replay: Replay, size: tuple[int, int], eyes: Eyes) -> list[str]:
    """What each frame writes: the opening drawn whole, then after each action of the save what changed."""
    frames: list[str] = []
    app = _CastApp(replay, eyes)

    async def settled(pilot: Pilot[object]) -> list[Strip]:
        """The screen once Textual has nothing left to do for it.

        A step is drawn over several rounds of Textual's loop (the log gains lines, then scrolls
        to them after the next refresh, then is painted again), so one wait is not always enough:
        a frame taken halfway would differ from run to run. Taken when no refresh, layout or
        callback is pending and two looks agree, it is the picture a player's terminal settles on.
        """
        previous: list[Strip] | None = None
        for _ in range(SETTLE_ROUNDS):
            await pilot.pause(0)  # the pending messages handled and a refresh, without waiting for the CPU to idle
            screen = app.screen
            if screen._callbacks or screen._dirty_widgets or screen._layout_required or screen._scroll_required:
                continue
            if _messages_pending(app):  # (a Resize on its way to the log would wrap its lines again)
                continue
            rows = _screen_rows(app)
            if rows == previous:
                return rows
            previous = rows
        raise RuntimeError(f"the replay screen did not settle in {SETTLE_ROUNDS} rounds")  # pragma: no cover

    async def step_through(pilot: Pilot[object]) -> None:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        shown = await settled(pilot)
        frames.append("\x1b[?25l\x1b[H\x1b[2J" + _changes(shown, None))  # cursor hidden, as Textual does
        for position in range(1, len(replay) + 1):
            screen.go(position)
            rows = await settled(pilot)
            frames.append(_changes(rows, shown))
            shown = rows
        app.exit()

    await app.run_async(headless=True, size=size, auto_pilot=step_through)
    return frames


def cast_lines(replay: Replay, size: tuple[int, int], eyes: Eyes, title: str) -> list[str]:
    """The asciicast v2 file as its lines: the header, then `[time, "o", data]` per frame."""
    frames = asyncio.run(_record(replay, size, eyes))
    header: dict[str, object] = {"version": 2, "width": size[0], "height": size[1]}
    created = datetime.fromisoformat(replay.save.created)
    if created.tzinfo is not None:  # a naive date says nothing of its zone: no timestamp rather than a wrong one
        header["timestamp"] = int(created.timestamp())
    header["env"] = {"TERM": "xterm-256color"}
    header["title"] = title
    lines = [json.dumps(header, ensure_ascii=False)]
    for number, data in enumerate(frames):
        lines.append(json.dumps([round(number * STEP, 6), "o", data], ensure_ascii=False))
    end = round((len(frames) - 1) * STEP + HOLD, 6)
    lines.append(json.dumps([end, "o", Control.move_to(0, size[1] - 1).segment.text + "\x1b[?25h"]))
    return lines


def write_cast(replay: Replay, out: str | Path, size: tuple[int, int], eyes: Eyes) -> int:
    """Record the replay into `out` (written whole or not at all); the number of frames."""
    target = Path(out)
    if target.is_dir() or not target.parent.is_dir():
        what = "is a folder" if target.is_dir() else f"no folder {target.parent}"
        raise CastError(f"--cast {out}: {what}")  # said before the minutes of recording, not after
    save = replay.save
    who = " · ".join(player.name for player in replay.game.state.players)
    title = f"fragtui replay · {Path(str(replay.path)).name} · {save.config.map} · {who}"
    lines = cast_lines(replay, size, eyes, title)
    try:
        write_atomically(target, "\n".join(lines) + "\n")
        umask = os.umask(0o022)
        os.umask(umask)
        target.chmod(0o666 & ~umask)  # a recording is made to be shared: readable as any new file is, not 0600
    except OSError as exc:
        raise CastError(f"--cast {out}: cannot write it: {exc.strerror or exc}") from None
    return len(lines) - 2
