"""The replay viewer driven by keys (Pilot): stepping, turns, frags, turn numbers, playback, whose eyes.

The save is a seeded random game, so the same moments come up every run; what the screen shows
is checked against the engine's own game at that moment (`Replay.at`).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, RichLog, Static

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game, state_hash
from fragtui.saves.format import SeatLook, save_of
from fragtui.saves.replay import Replay
from fragtui.saves.store import saves_dir, write_save
from fragtui.tui.app import FragApp, TitleScreen
from fragtui.tui.dialogs import ChoiceDialog, NumberDialog
from fragtui.tui.frag.realtime import ARROWS, RealTimeMap, between_marks, clock_of
from fragtui.tui.replay_screen import SPEEDS, ReplayScreen
from tests.saves.test_replay import real_time_game
from tests.tui.test_game_screen import names_in, visible_text, widget_text

WIDE, SMALL = (120, 40), (80, 24)
LOOKS = [
    SeatLook(colour="bright_red", glyph="@"),
    SeatLook(colour="cyan", glyph="&"),
    SeatLook(colour="green", glyph="%"),
]


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(folder))
    return folder


def finished_game(seed: int = 11) -> Game:
    config = make_config(
        map="pocket",
        frag_target=2,
        seats=[{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in ("Ann", "Bob", "Cat")],
    )
    game = new_game(config, seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def replay() -> Replay:
    return Replay(save_of(finished_game(), looks=LOOKS))


def screen_of(app: FragApp) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen), f"expected the replay, got {screen!r}"
    return screen


def shows(app: FragApp, position: int, replay: Replay) -> None:
    """The screen is at `position`, and its bottom line says so."""
    screen = screen_of(app)
    assert screen.position == position
    assert f"Action {position}/{len(replay)}" in str(screen.query_one("#action-line", Static).render())


async def test_stepping_turns_frags_start_and_end__S_SAVE_01(replay: Replay) -> None:
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        shows(app, 0, replay)
        assert "the cards are dealt" in visible_text(app)
        await pilot.press("right", "right", "l")
        shows(app, 3, replay)
        await pilot.press("left", "h")
        shows(app, 1, replay)
        await pilot.press("down")
        shows(app, replay.turn_start(1), replay)
        await pilot.press("j", "pagedown", "right_square_bracket")
        shows(app, replay.turn_start(4), replay)
        assert "Turn 4" in visible_text(app)
        await pilot.press("up")
        shows(app, replay.turn_start(3), replay)
        await pilot.press("f")
        first_frag = replay.frags[0]
        shows(app, first_frag, replay)
        log = widget_text([screen_of(app).query_one("#log", RichLog)])
        assert "is fragged by" in log  # the log ends with the frag
        # The map draws the fighters where the engine has them at that moment.
        game = replay.at(first_frag)
        drawn = set(screen_of(app).map.marks("fighters"))
        assert drawn == {(p.square.x, p.square.y) for p in game.state.players if p.square is not None}
        await pilot.press("f")
        shows(app, replay.frags[1], replay)
        await pilot.press("F")
        shows(app, first_frag, replay)
        await pilot.press("end")
        shows(app, len(replay), replay)
        winner = replay.game.state.players[replay.game.state.winner or 0].name
        assert f"the end: {winner} wins" in visible_text(app)
        await pilot.press("f")  # no frag after the end: a message, no move
        shows(app, len(replay), replay)
        await pilot.press("home")
        shows(app, 0, replay)


async def test_go_to_a_turn_by_number(replay: Replay) -> None:
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        dialog = app.screen
        assert isinstance(dialog, NumberDialog)
        assert f"Go to turn (1–{len(replay.turn_starts)})" in visible_text(app)
        dialog.query_one(Input).value = ""
        await pilot.press("9", "9", "9", "9", "enter")
        assert isinstance(app.screen, NumberDialog)  # refused, says why
        assert "A number from 1 to" in visible_text(app)
        dialog.query_one(Input).value = ""
        await pilot.press("5", "enter")
        shows(app, replay.turn_start(5), replay)
        assert screen_of(app).replay.at(screen_of(app).position).state.turn.number == 5
        await pilot.press("t", "escape")
        shows(app, replay.turn_start(5), replay)


async def test_playback_runs_at_the_chosen_speed_and_pauses(replay: Replay) -> None:
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("plus", "plus", "plus")
        assert SPEEDS[screen.speed] == 32
        await pilot.press("space")
        assert screen.playing and "▶ 32/s" in visible_text(app)
        assert screen._timer is not None and screen._timer._interval == 1 / 32
        await pilot.pause(0.5)
        await pilot.press("space")
        assert not screen.playing and "❚❚ 32/s" in visible_text(app)
        played = screen.position
        assert played >= 1  # it moved on by itself (how far depends on the machine: not a timing test)
        await pilot.pause(0.3)
        assert screen.position == played  # paused means paused
        await pilot.press("minus")
        assert SPEEDS[screen.speed] == 16
        await pilot.press("end", "space")  # at the end, play starts again from the start
        assert screen.playing and screen.position < len(replay) // 2  # it went back to the start
        await pilot.press("space")
        assert state_hash(screen.replay.at(screen.position).state) == state_hash(replay.at(screen.position).state)


async def test_one_players_view_hides_the_other_hands__S_SAVE_01(replay: Replay) -> None:
    """Everything shows every hand; Ann's view shows hers alone, and the log keeps the others' draws secret."""
    position = next(p for p in range(len(replay), 0, -1) if all(len(pl.hand) for pl in replay.at(p).state.players))
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        screen.go(position)
        await pilot.pause()
        game = replay.at(position)
        cards = game.cards
        hands = {seat: {cards.name(c) for c in p.hand} for seat, p in enumerate(game.state.players)}
        panel = str(screen.query_one("#hands", Static).render())
        assert names_in(panel, set().union(*hands.values())) == set().union(*hands.values())
        assert "eyes: all" in visible_text(app)

        await pilot.press("v")
        assert screen.viewer == 0 and "eyes: Ann" in visible_text(app)
        panel = str(screen.query_one("#hands", Static).render())
        assert names_in(panel, hands[0]) == hands[0]
        public = {cards.name(e.card) for p in game.state.players for e in (*p.weapons, *p.gadgets, *p.specials)}
        public |= {cards.name(c) for pile in game.state.decks.discard.values() for c in pile}
        public |= {cards.name(c) for counter in game.state.counters for c in counter.cards}
        secret = (hands[1] | hands[2]) - hands[0] - public
        everything = visible_text(app) + widget_text(screen.query("*"))
        seen_in_log = {
            cards.name(e.card)
            for events in replay.events[:position]
            for e in events
            if e.card is not None and e.seen_by(0).card is not None
        }
        assert not names_in(everything, secret - seen_in_log)
        draws = [e for events in replay.events[:position] for e in events if e.secret_for not in (None, 0)]
        assert draws, "the game has secret draws of other players"
        log = widget_text([screen.query_one("#log", RichLog)])
        assert all(e.private_text not in log for e in draws[-20:] if e.private_text)

        await pilot.press("v", "v")
        assert screen.viewer == 2
        await pilot.press("v")
        assert screen.viewer is None


async def test_at_80_by_24_the_panels_take_turns(replay: Replay) -> None:
    app = FragApp(replay=replay)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert screen.query_one("#side").has_class("narrow")
        assert screen.query_one("#sheet").display and not screen.query_one("#log").display
        await pilot.press("tab", "tab")
        assert screen.query_one("#log").display and not screen.query_one("#sheet").display
        await pilot.press("right", "down", "f")
        shows(app, replay.frags[0], replay)
        await pilot.press("q")
        assert isinstance(app.screen, TitleScreen)


async def test_the_title_lists_saves_to_replay(data_dir: Path) -> None:
    game = finished_game(seed=3)
    write_save(save_of(game, looks=LOOKS), saves_dir() / "one.json")
    app = FragApp()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        prompts = [str(menu.get_option_at_index(n).prompt) for n in range(menu.option_count)]
        assert "Replays" in prompts
        await pilot.press(*["down"] * prompts.index("Replays"), "enter")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert f"one · pocket · {len(game.log)} actions · won by" in visible_text(app)
        await pilot.press("enter")
        screen = screen_of(app)
        assert len(screen.replay) == len(game.log)
        assert screen.looks == LOOKS
        await pilot.press("end", "escape")
        assert isinstance(app.screen, TitleScreen)


@pytest.mark.parametrize("size", [WIDE, SMALL], ids=lambda size: f"{size[0]}x{size[1]}")
async def test_a_real_time_replay_draws_the_facings_as_the_game_screen_does__J_RT_05(size: tuple[int, int]) -> None:
    """Issue 33: the replay of a Real-Time game drew no facings. Its map is Real-Time Frag's: at each moment every
    fighter on the board has his arrow on the side he faces (`between_marks`, the game screen's own), and a Frag
    game's replay keeps Frag's map."""
    game = real_time_game(7, 120)
    replay = Replay(save_of(game, looks=LOOKS))
    app = FragApp(replay=replay)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        board_map = screen.map
        assert isinstance(board_map, RealTimeMap)
        for position in (len(replay) // 2, len(replay)):
            screen.go(position)
            await pilot.pause()
            view = replay.at(position).view(None)
            clock = clock_of(view)
            assert clock is not None
            assert dict(board_map.between()) == between_marks(view, clock, LOOKS)
            faced = [part.facing for seat, part in enumerate(clock.fighters) if view.fighters[seat].square is not None]
            assert faced and all(facing is not None for facing in faced)
            assert any(mark.glyph in ARROWS.values() for mark in board_map.between().values())


async def test_a_real_time_replay_steps_by_segment_and_says_which__J_RT_04() -> None:
    """Issue 33: "the replay steps by action, segment and turn". `s` goes to the next segment's start, `S` back;
    the bottom line names the turn and the segment; `↓` still steps by whole turns. A Frag game's replay has no
    segment key in its footer."""
    game = real_time_game(7, 200)
    replay = Replay(save_of(game, looks=LOOKS))
    segments = replay.segment_starts
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert "Next segment" in visible_text(app)
        await pilot.press("s")
        shows(app, segments[0], replay)
        await pilot.press("s", "s")
        shows(app, segments[2], replay)
        line = str(screen_of(app).query_one("#action-line", Static).render())
        assert f"turn 1 · segment {replay.segment_at(segments[2])} · " in line
        await pilot.press("S")
        shows(app, segments[1], replay)
        await pilot.press("down")  # a whole turn on: the next turn's start, past the ten segments
        shows(app, replay.turn_starts[1], replay)
        assert replay.at(replay.turn_starts[1]).state.turn.number == 2


async def test_a_frag_replay_has_no_segment_key(replay: Replay) -> None:
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert "Next segment" not in visible_text(app) and "segment" not in visible_text(app).lower()
        await pilot.press("s")
        shows(app, 0, replay)


async def test_a_frag_replay_keeps_frag_s_map(replay: Replay) -> None:
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert not isinstance(screen_of(app).map, RealTimeMap)
