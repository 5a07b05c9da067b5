"""`fragtui replay FILE --cast OUT.cast`: a replay recorded as an asciicast v2 file (S-SAVE-01).

The save is a short seeded game written by the engine. The recordings are read three ways: as
JSON line by line (the format), by asciinema's own reader and `asciinema cat` (what `asciinema
play` uses), and through a terminal emulator (pyte), whose screen after each frame must be
exactly what the replay screen shows when a player steps to that action with the arrow key.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from datetime import datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

import pyte
import pytest
from asciinema.asciicast import open_from_url
from asciinema.asciicast import v2 as asciicast_v2
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from fragtui.cli import main
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.saves.format import SeatLook, save_of
from fragtui.saves.replay import Replay, open_replay
from fragtui.saves.store import write_save
from fragtui.tui.app import FragApp
from fragtui.tui.cast import STEP, _changes, _true_colour, parse_eyes
from fragtui.tui.replay_screen import SPEEDS, ReplayScreen
from tests.tui.test_game_screen import names_in, visible_text

CREATED = "2026-01-02T03:04:05+00:00"
LOOKS = [
    SeatLook(colour="bright_red", glyph="@"),
    SeatLook(colour="cyan", glyph="&"),
    SeatLook(colour="green", glyph="%"),
]
ACTIONS = 40
"""Actions in the save: a few turns, with cards in hands, and quick to record."""
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def short_game(seed: int = 4) -> Game:
    """A seeded random game of Ann, Bob and Cat, stopped after `ACTIONS` actions (unfinished)."""
    config = make_config(
        map="pocket",
        frag_target=2,
        seats=[{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in ("Ann", "Bob", "Cat")],
    )
    game = new_game(config, seed)
    rng = random.Random(seed)
    while not game.over and len(game.log) < ACTIONS:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cast")


@pytest.fixture(scope="module")
def save_path(folder: Path) -> Path:
    path = folder / "ann-bob-cat.json"
    write_save(save_of(short_game(), created=CREATED, looks=LOOKS), path)
    return path


@pytest.fixture(scope="module")
def replay(save_path: Path) -> Replay:
    return open_replay(save_path)


@pytest.fixture(scope="module")
def casts(save_path: Path, folder: Path) -> dict[str, Path]:
    """The recordings the tests read: the default (public: the game is unfinished), Ann's eyes by
    name, Bob's by number, everything, and the default at 80x24."""
    made = {}
    for key, extra in {
        "public": [],
        "ann": ["--eyes", "ann"],
        "bob": ["--eyes", "1"],
        "all": ["--eyes", "all"],
        "small": ["--size", "80x24"],
    }.items():
        out = folder / f"{key}.cast"
        assert main(["replay", str(save_path), "--cast", str(out), *extra]) == 0
        made[key] = out
    return made


def events_of(path: Path) -> tuple[dict[str, Any], list[list[Any]]]:
    header, *events = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    return header, events


def plain(data: str) -> str:
    """What a frame writes, as text: each cursor move starts a line, colours dropped."""
    return _ESCAPE.sub(lambda m: "\n" if m[0].endswith("H") else "", data)


def cast_text(path: Path) -> str:
    return "\n".join(plain(event[2]) for event in events_of(path)[1])


def test_the_file_is_asciicast_v2_with_a_fixed_step__S_SAVE_01(casts: dict[str, Path], replay: Replay) -> None:
    header, events = events_of(casts["public"])
    assert header["version"] == 2
    assert (header["width"], header["height"]) == (120, 40)
    assert header["timestamp"] == int(datetime.fromisoformat(CREATED).timestamp())  # the save's date, no clock
    assert "ann-bob-cat.json" in header["title"] and "Ann" in header["title"]
    assert len(events) == len(replay) + 2  # the opening, one frame per action, and the end
    for event in events:
        assert isinstance(event, list) and len(event) == 3
        assert isinstance(event[0], float) and event[1] == "o" and isinstance(event[2], str)
    times = [event[0] for event in events]
    assert all(a < b for a, b in pairwise(times))
    assert times[: len(replay) + 1] == [n * STEP for n in range(len(replay) + 1)]
    assert all(event[2] for event in events), "every frame draws something"
    umask = os.umask(0o022)
    os.umask(umask)
    assert casts["public"].stat().st_mode & 0o777 == 0o666 & ~umask  # to be shared: not a save's 0600


def test_asciinema_reads_and_plays_it(casts: dict[str, Path]) -> None:
    """asciinema's own reader takes the file, and `asciinema cat` (play without the pauses) writes it out."""
    path = casts["small"]
    header, events = events_of(path)
    with open_from_url(str(path)) as cast:  # what `asciinema play FILE` opens it with
        assert cast.v2_header == header
        read = list(cast.events())
    assert read == events
    assert asciicast_v2.get_duration(str(path)) == events[-1][0]
    shown = subprocess.run(
        [sys.executable, "-m", "asciinema", "cat", str(path)], capture_output=True, check=True, timeout=60
    )
    assert shown.stdout.decode("utf-8") == "".join(event[2] for event in events)


def test_the_same_save_gives_the_same_bytes__S_SAVE_01(casts: dict[str, Path], save_path: Path, folder: Path) -> None:
    """Again in this process, and in a new process (another hash seed, another clock, another
    terminal around it: the file is drawn at its own size, in true colour): the same bytes."""
    again = folder / "again.cast"
    assert main(["replay", str(save_path), "--cast", str(again)]) == 0
    assert again.read_bytes() == casts["public"].read_bytes()
    other = folder / "other-process.cast"
    done = subprocess.run(
        [sys.executable, "-m", "fragtui.cli", "replay", str(save_path), "--cast", str(other)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONHASHSEED": "12345", "TERM": "dumb", "COLORTERM": "", "COLUMNS": "33"},
    )
    assert done.returncode == 0, done.stderr
    assert other.read_bytes() == casts["public"].read_bytes()


def test_the_size_asked_is_the_size_drawn(casts: dict[str, Path], replay: Replay) -> None:
    header, events = events_of(casts["small"])
    assert (header["width"], header["height"]) == (80, 24)
    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)
    for event in events:
        stream.feed(event[2])
    rows = [int(row) for row, _ in re.findall(r"\x1b\[(\d+);(\d+)H", "".join(e[2] for e in events))]
    assert max(rows) == 24
    assert f"Action {len(replay)}/{len(replay)}" in screen.display[-3]  # above the footer (the line has 2 rows)
    assert screen.display[-1].startswith("? Help q Leave")
    assert all(len(line) == 80 for line in screen.display)


def test_frames_show_what_the_replay_shows(casts: dict[str, Path], replay: Replay) -> None:
    """After each frame the terminal's top line names the turn and whose it is, the bottom line the action."""
    _, events = events_of(casts["public"])
    terminal = pyte.Screen(120, 40)
    stream = pyte.Stream(terminal)
    for position, event in enumerate(events[:-1]):
        stream.feed(event[2])
        top, bottom = terminal.display[0], terminal.display[-2]
        assert top.startswith(" Replay ❚❚ 2/s · eyes: public · ")
        assert bottom.startswith(f" Action {position}/{len(replay)} · turn {replay.turn_at(position)} · ")
        state = replay.at(position).state
        if state.turn.number:
            active = state.turn.active
            assert f"Turn {state.turn.number} · {LOOKS[active].glyph} {state.players[active].name} · " in top
        else:
            assert "the cards are dealt" in bottom if position == 0 else "Set-up" in top
    assert {"Ann", "Bob", "Cat"} <= set(re.findall(r"\w+", cast_text(casts["public"])))


async def test_every_frame_is_the_screen_a_player_steps_to(casts: dict[str, Path], replay: Replay) -> None:
    """A terminal fed the recording shows, after each frame, exactly the replay screen at that action
    (Ann's eyes, 120x40) as a player gets it by pressing → from the start."""
    _, events = events_of(casts["ann"])
    terminal = pyte.Screen(120, 40)
    stream = pyte.Stream(terminal)
    app = FragApp(replay=replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        screen.hands_allowed = True
        screen.speed = SPEEDS.index(1 / STEP)
        screen._look_through(0, False)  # what `v` does once allowed: Ann's eyes
        for position in range(len(replay) + 1):
            if position:
                await pilot.press("right")
            await pilot.pause()
            stream.feed(events[position][2])
            shown = [line.rstrip() for line in visible_text(app).splitlines()]
            assert [line.rstrip() for line in terminal.display] == shown, f"frame {position}"


def test_one_seats_eyes_hide_the_other_hands__S_SAVE_01(casts: dict[str, Path], replay: Replay) -> None:
    """A card only Ann ever held and Bob never saw is in Ann's recording, and in neither Bob's nor the public one."""
    cards = replay.game.cards
    anns: set[str] = set()
    elsewhere: set[str] = set()
    for position in range(len(replay) + 1):
        state = replay.at(position).state
        for seat, player in enumerate(state.players):
            held = {cards.name(c) for c in player.hand}
            (anns if seat == 0 else elsewhere).update(held)
            elsewhere.update(cards.name(c.card) for c in (*player.weapons, *player.gadgets, *player.specials))
        elsewhere.update(cards.name(c) for pile in state.decks.discard.values() for c in pile)
        elsewhere.update(cards.name(c) for counter in state.counters for c in counter.cards)
    seen_by_bob = [event.seen_by(1).card for events in [replay.opening, *replay.events] for event in events]
    elsewhere.update(cards.name(card) for card in seen_by_bob if card is not None)
    secret = anns - elsewhere
    assert secret, "the game gives Ann a card nobody else sees"
    assert names_in(cast_text(casts["ann"]), secret) == secret
    assert names_in(cast_text(casts["all"]), secret) == secret
    assert not names_in(cast_text(casts["bob"]), secret)
    assert not names_in(cast_text(casts["public"]), secret)
    assert "eyes: Ann" in cast_text(casts["ann"]) and "eyes: Bob" in cast_text(casts["bob"])
    assert "eyes: public" in cast_text(casts["public"])


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (["{missing}", "--cast", "{out}"], "no such file"),
        (["{bad}", "--cast", "{out}"], "bad.json:"),
        (["{save}", "--cast", "{out}", "--size", "10x5"], "--size 10x5"),
        (["{save}", "--cast", "{out}", "--size", "big"], "--size 'big'"),
        (["{save}", "--cast", "{out}", "--eyes", "Zed"], "--eyes 'Zed': no such seat"),
        (["{save}", "--cast", "{out}", "--eyes", "3"], "--eyes '3': no such seat"),
        (["{save}", "--eyes", "Ann"], "--size and --eyes choose how --cast"),
        (["{save}", "--cast", "{nowhere}"], "no folder"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    arguments: list[str], says: str, save_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ', encoding="utf-8")
    out = tmp_path / "out.cast"
    names = {
        "save": str(save_path),
        "missing": str(tmp_path / "missing.json"),
        "bad": str(bad),
        "out": str(out),
        "nowhere": str(tmp_path / "no" / "such" / "out.cast"),
    }
    assert main(["replay", *(a.format(**names) for a in arguments)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("fragtui: ") and says in lines[0], captured.err
    assert not out.exists() and not (tmp_path / "no").exists()


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("Ann steps e to 3,1", "Ann steps w to 2,1"),
        ("張三 holds 2 cards", "張三 holds 3 cards"),  # wide characters before the change
        ("ab張c", "a張dc"),  # a wide character moved by one cell: its halves overlap the old ones
        ("張張張", "a張張b"),
        ("x張三 e", "x李三 e"),  # one wide character for another: both its cells written
        ("e\u0301te", "ete"),  # a combining accent joins its letter's cell
        ("same", "same"),
    ],
)
def test_a_frame_redraws_changed_cells_into_the_picture_wanted(before: str, after: str) -> None:
    """Whatever a row held, writing only its changed cells over it leaves the terminal showing the new row."""

    def rows(text: str) -> list[Strip]:
        style = Style(color="red") if "3" in text else Style(bold=True)
        line = Strip([Segment(text, style)]).adjust_cell_length(12)
        return [line, Strip([Segment(" " * 12)])]

    terminal = pyte.Screen(12, 2)
    stream = pyte.Stream(terminal)
    stream.feed(_changes(rows(before), None))
    stream.feed(_changes(rows(after), rows(before)))
    wanted = pyte.Screen(12, 2)
    pyte.Stream(wanted).feed(_changes(rows(after), None))
    assert terminal.display == wanted.display
    assert [[(c.data, c.fg, c.bold) for c in terminal.buffer[0].values()]] == [
        [(c.data, c.fg, c.bold) for c in wanted.buffer[0].values()]
    ]
    if before == after:
        assert _changes(rows(after), rows(before)) == ""


def test_whose_eyes_by_name_number_or_word(replay: Replay) -> None:
    """A seat by its name (any case) or number as `fragtui verify` lists it; `all`, `public`; and by
    default what the replay screen opens with: the public view while the game may be played on,
    everything once it is won."""
    assert parse_eyes("Bob", replay) == parse_eyes("bob", replay) == parse_eyes("1", replay) == (1, False)
    assert parse_eyes("ALL", replay) == (None, True)
    assert parse_eyes("public", replay) == (None, False)
    assert not replay.game.over and parse_eyes(None, replay) == (None, False)
    game = short_game()
    rng = random.Random(1)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    assert parse_eyes(None, Replay(save_of(game))) == (None, True)


def test_a_style_first_drawn_in_256_colours_is_still_written_in_true_colour() -> None:
    """Rich keeps a style's escape codes on the style the first time it is rendered, whatever the colour
    system, and the apps of one process share styles: a recording made after a 256-colour app (another
    test, another SSH session) wrote some cells in 256 colours, and the same save gave other bytes."""
    style = Style(color="#495259", bgcolor="#242f38")
    assert "38;5;" in style.render("x", color_system=ColorSystem.EIGHT_BIT)  # the codes kept on the style
    written = _true_colour(Strip([Segment("x", style)]))
    assert "38;2;73;82;89" in written and "48;2;36;47;56" in written and "38;5;" not in written
