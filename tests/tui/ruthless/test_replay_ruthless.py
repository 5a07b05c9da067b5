"""A saved game of Ruthless replayed in the interface (fragtui/tui/replay_screen.py, `RuthlessPictures` in
tui/ruthless/pictures.py): the models on the map, the posse roster beside it, the table's cards, the hands, the
log, and the bottom line naming the model who acted. The save is a seeded random game (the same moments every
run, the determinism pins guarding it); what the screen shows is checked against the engine's own game
at that moment."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import RichLog, Static

from fragtui.content.library import new_game
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.harness import play_random_game
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.ruthless.actions import MoveTo, Shoot
from fragtui.engine.ruthless.events import RuthlessEventKind
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.saves.format import save_of
from fragtui.saves.replay import Replay
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ConfirmDialog
from fragtui.tui.frag.pictures import FragPictures
from fragtui.tui.replay_screen import ReplayScreen, pictures_for
from fragtui.tui.ruthless.marks import model_marks
from fragtui.tui.ruthless.pictures import RuthlessPictures
from fragtui.tui.ruthless.roster import RosterPanel, roster_text
from fragtui.tui.ruthless.words import action_words, card_name
from tests.tui.test_game_screen import visible_text, widget_text

WIDE, SMALL = (120, 40), (80, 24)


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(folder))
    return folder


@pytest.fixture(scope="module")
def replay() -> Replay:
    """Two posses on Dry Creek, 150 random legal actions: moves, shots, wounds, a turn's end or more."""
    rng = random.Random(7)
    config = make_config(ruleset="ruthless", map="dry-creek", seats=find_ruleset("ruthless").random_seats(rng, 2))
    game = new_game(config, 7)
    play_random_game(game, rng, max_actions=150)
    return Replay(save_of(game))


def _screen(app: FragApp) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen), f"expected the replay, got {app.screen!r}"
    return app.screen


def _first(replay: Replay, kind: type) -> int:
    """The position just after the first action of `kind` in the save."""
    return next(n + 1 for n, entry in enumerate(replay.log) if isinstance(entry.action, kind))


def test_the_replay_draws_each_game_through_its_pictures() -> None:
    """The seam: the ruleset's front end picks how its table is drawn (a subclass of the same key as its parent)."""

    class HouseRuthless(RuthlessRules):
        pass

    assert type(pictures_for(RuthlessRules.__new__(RuthlessRules))) is RuthlessPictures
    assert type(pictures_for(HouseRuthless.__new__(HouseRuthless))) is RuthlessPictures
    assert type(pictures_for(FragRules.__new__(FragRules))) is FragPictures


@pytest.mark.parametrize("size", [WIDE, SMALL], ids=["120x40", "80x24"])
async def test_a_ruthless_save_replays_with_its_models_roster_and_log(replay: Replay, size: tuple[int, int]) -> None:
    position = _first(replay, Shoot)
    app = FragApp(replay=replay)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = _screen(app)
        screen.go(position)
        await pilot.pause()
        game = replay.at(position)
        view = game.view(None)
        entry = replay.log[position - 1]
        shooter = entry.action.fighter  # type: ignore[attr-defined]
        assert dict(screen.map.marks("fighters")) == model_marks(view, screen.looks)
        roster = screen.query_one(RosterPanel)
        shown = str(roster.render())
        width = roster.content_size.width
        assert shown == roster_text(view, view.active, shooter, width, screen.looks).plain
        assert f"▶ {_letter(shown, game.rules.model(shooter).card.name)}" in shown  # type: ignore[attr-defined]
        assert all(len(line) <= width for line in shown.split("\n"))
        line = str(screen.query_one("#action-line", Static).render())
        assert f"Action {position}/{len(replay)}" in line and action_words(view, entry.action) in line
        if size == SMALL:  # the log is the third of the side panel's parts on a narrow screen
            await pilot.press("tab", "tab")
            await pilot.pause()
        log = widget_text([screen.query_one("#log", RichLog)])
        assert replay.events[position - 1] and all(event.text in log for event in replay.events[position - 1])
        assert f"Deck {view.ruthless.deck_size}" in str(screen.query_one("#scores", Static).render())  # type: ignore[union-attr]
        square = game.rules.model(shooter).square  # type: ignore[attr-defined]
        assert screen.map.cursor == (square.x, square.y)  # the cursor on the model who acted


@pytest.mark.rule("R-SEQ-01")
async def test_the_step_keys_go_over_the_initiative_picks_at_once__R_SEQ_01(replay: Replay) -> None:
    """Issue 32: the posses pick their cards at once, so the replay steps over the picks in one step: → from the
    start lands where the cards are shown (the log gains every pick and the reveal), ← goes back to the start;
    playing back lands on the same moments."""
    assert replay.half_chosen and 1 in replay.half_chosen and replay.next_step(0) == 2
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = _screen(app)
        await pilot.press("right")
        await pilot.pause()
        assert screen.position == 2
        log = widget_text([screen.query_one("#log", RichLog)])
        assert all(event.text in log for events in replay.events[:2] for event in events if event.secret_for is None)
        assert any(event.kind is CommonEventKind.INITIATIVE for event in replay.events[1])
        assert "Initiative:" in log  # the cards turned over, told once the last is down
        line = str(screen.query_one("#action-line", Static).render())
        assert "Action 2/" in line and "the last of 2 choices made at once" in line
        await pilot.press("left")
        await pilot.pause()
        assert screen.position == 0
        later = max(replay.half_chosen)  # a later turn's picks (or a fight's cards): the same, back and forth
        start = replay.previous_step(later)
        screen.go(start)
        await pilot.press("right")
        await pilot.pause()
        assert screen.position == replay.next_step(start) > later and screen.position not in replay.half_chosen
        await pilot.press("left")
        await pilot.pause()
        assert screen.position == start


def _letter(roster: str, name: str) -> str:
    """`E Chet Willis`: the model's letter and name as the roster prints them."""
    at = roster.index(name)
    return roster[at - 2 : at + len(name)]


async def test_stepping_moves_the_models_on_the_map(replay: Replay) -> None:
    position = _first(replay, MoveTo)
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = _screen(app)
        screen.go(position - 1)
        await pilot.pause()
        before = dict(screen.map.marks("fighters"))
        await pilot.press("right")
        await pilot.pause()
        move = replay.log[position - 1].action
        assert isinstance(move, MoveTo)
        after = dict(screen.map.marks("fighters"))
        assert after != before and move.to.cell in after
        assert after == model_marks(replay.at(position).view(None), screen.looks)


@pytest.mark.parametrize("size", [WIDE, SMALL], ids=["120x40", "80x24"])
async def test_the_turn_keys_step_turns_though_the_roster_beside_them_scrolls(
    replay: Replay, size: tuple[int, int]
) -> None:
    """↓ / PgDn / j / ] go to the next turn's start and ↑ / PgUp back, as the footer says, at both sizes: the
    roster, longer than the panel at 80x24, scrolls with the mouse but takes no key (it used to take ↓ and PgDn).
    The bottom line names the turn the top line does."""
    starts = replay.turn_starts
    assert starts[0] == 0 and len(starts) >= 3
    app = FragApp(replay=replay)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = _screen(app)
        assert app.focused is None
        opening = str(screen.query_one("#action-line", Static).render())
        assert "turn 1 · the posses are deployed" in opening and "place their fighters" not in opening
        for key, expected in (("down", starts[1]), ("pagedown", starts[2]), ("up", starts[1]), ("pageup", 0)):
            await pilot.press(key)
            await pilot.pause()
            assert screen.position == expected, key
            turn = replay.at(expected).state.turn.number
            bottom = str(screen.query_one("#action-line", Static).render())
            assert f"turn {turn} · " in bottom and f"Turn {turn} · " in str(
                screen.query_one("#replay-line", Static).render()
            )
        await pilot.press("j", "right_square_bracket")
        await pilot.pause()
        assert screen.position == starts[2]


async def test_the_hands_are_hidden_then_shown_by_name_when_asked(replay: Replay) -> None:
    position = _first(replay, Shoot)
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = _screen(app)
        screen.go(position)
        await pilot.pause()
        game = replay.at(position)
        hands = [game.view(seat).ruthless.hand for seat in range(2)]  # type: ignore[union-attr]
        panel = str(screen.query_one("#hands", Static).render())
        assert f"holds {len(hands[0])} card" in panel and "Hands hidden" in panel
        assert not any(card_name(card) in panel for hand in hands for card in hand)
        await pilot.press("v")  # an unfinished game: showing the hands asks first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        panel = str(screen.query_one("#hands", Static).render())
        assert all(card_name(card) in panel for card in hands[0])
        assert not any(card_name(card) in panel for card in set(hands[1]) - set(hands[0]))
        assert "eyes: " in visible_text(app)


def test_next_frag_stops_at_each_model_killed() -> None:
    """A Ruthless replay's "next frag" (`f`) stops just after each model killed (`RuthlessRules.kill_events`),
    as Frag's stops at each frag."""
    rng = random.Random(15)
    config = make_config(ruleset="ruthless", map="main-street", seats=find_ruleset("ruthless").random_seats(rng, 3))
    game = new_game(config, 15)
    play_random_game(game, rng, max_actions=1500)
    replay = Replay(save_of(game))
    killed = [
        n + 1 for n, events in enumerate(replay.events) if any(e.kind is RuthlessEventKind.KILLED for e in events)
    ]
    assert killed, "the seeded game kills nobody: pick another seed"
    assert replay.frags == killed
    assert replay.next_frag(0) == killed[0]


async def test_a_strongbox_replay_ends_on_its_own_words() -> None:
    """Issue 30 items 2 and 8: at the end of a strongbox game the replay's line says the fight for the strongbox
    is over (not the showdown), and its map draws no numbered point nor the flag square."""
    rng = random.Random(3)
    seats = find_ruleset("ruthless").random_seats(rng, 2)
    config = make_config(ruleset="ruthless", map="main-street", seats=seats, options={"scenario": "strongbox"})
    game = new_game(config, 3)
    play_random_game(game, rng)
    assert game.over
    replay = Replay(save_of(game))
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = _screen(app)
        screen.go(len(replay.log))
        await pilot.pause()
        line = str(screen.query_one("#replay-line", Static).render())
        assert "the fight for the strongbox is over" in line and "showdown" not in line
        board = game.board
        for square in [*board.respawn_points.values(), Square(15, 7)]:  # the points and Main Street's flag square
            assert screen.map._base[2 * square.y + 1][2 * square.x + 1].text == "·"  # (the map, under the models)
