"""Frag Tag's modes on the screens (Pilot), under base Frag and Frag Deadlands: who is "it", the flag where
it lies or on its holder, the hill, each seat's score in the mode's own units, the keys that take up and put
down the flag, the hand-off's public line, the game-over table and the set-up's words (J-TAG-01..04).

The games are scenarios on the Pocket Arena (tests/rules/tag/common.py: its flag square at 6,3; Ann at 2,4
and Bob at 2,8 unless a test says otherwise), so the same position comes up every run.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.color import ColorType
from rich.style import Style
from textual.widgets import DataTable, RichLog, Static

from fragtui.content.library import new_game
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.frag.actions import DropFlag, TakeFlag
from fragtui.engine.game import Game
from fragtui.saves.format import save_of
from fragtui.saves.looks import default_look
from fragtui.saves.replay import Replay
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import HandoffScreen, HelpScreen
from fragtui.tui.frag.describe import goal_words, objective_line, record_sheet, scoreboard
from fragtui.tui.frag.game_over import GameOverScreen
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.map_view import MapView, cursor_style
from fragtui.tui.pieces import FLAG_GLYPH, fighter_marks, objective_marks
from fragtui.tui.replay_screen import ReplayScreen
from fragtui.tui.setup import NewGameScreen
from fragtui.tui.setup_kit import RuleTextDialog
from tests.rules.tag.common import RULESETS, SHOT, shoot_bob, tag_game
from tests.tui.test_colour_systems import Cell, seen_colour, terminal_cells
from tests.tui.test_game_screen import widget_text

FLAG = (6, 3)
"""The Pocket Arena's flag square: keep-away's flag and king of the hill's hill start there."""
SMALL, WIDE = (80, 24), (120, 40)


def looks(game: Game) -> list:  # type: ignore[type-arg]
    return [default_look(n) for n in range(len(game.state.players))]


def at_keyboard(game: Game) -> Table:
    """The game at one keyboard, Ann's turn already unlocked (no hand-off before it)."""
    table = Table(game, looks(game))
    table.unlock(0)
    return table


def screen_of(app: FragApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def text_of(screen: GameScreen, widget: str) -> str:
    return str(screen.query_one(widget, Static).render())


def log_of(screen: GameScreen) -> str:
    return widget_text([screen.query_one("#log", RichLog)])


def default_glyph(name: str) -> str:
    return default_look(["Ann", "Bob", "Cat"].index(name)).glyph


def row(scores: str, name: str) -> str:
    """A player's line of the scoreboard (his Health, which differs by ruleset and character, left in)."""
    return next(line for line in scores.splitlines() if line[2:].startswith(f"{default_glyph(name)} {name} "))


def reversed_mark(view: MapView, layer: str, square: tuple[int, int]) -> bool:
    mark = view.marks(layer).get(square)
    return mark is not None and bool(mark.style.reverse)


# -- keep-away (J-TAG-03) -----------------------------------------------------------------------------


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_keep_away_the_flag_is_taken_up_with_p_and_put_down_with_d__J_TAG_03(ruleset: str) -> None:
    """Ann walks onto the flag square: the flag lies there drawn reversed, and the line under the map says so;
    `p` takes it up (the footer offers it), the flag is then on Ann (her glyph reversed, `flag` on the
    scoreboard, her sheet saying she holds it as her weapon), `a` says why she may not attack, and `d` puts
    it down again, the log telling each."""
    game = tag_game(ruleset, "keep-away", ann="6,4", movement=2)
    app = FragApp(at_keyboard(game))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        board = screen.map
        flag = board.marks("objective")[FLAG]
        assert flag.glyph == FLAG_GLYPH and flag.style.reverse
        assert "Keep-Away, to 10 points · the flag lies at 6,3" in text_of(screen, "#scores")
        assert "Keep-Away: first to 10 points" in text_of(screen, "#turn-line")
        board.move_cursor_to(FLAG)
        await pilot.pause()
        assert "the flag lies here: a fighter who enters may take it up (p)" in text_of(screen, "#square-line")
        await pilot.press("enter", "enter")  # the path to the flag square, then go
        await pilot.pause()
        assert game.state.players[0].square == Square(*FLAG)
        assert TakeFlag() in game.legal_actions()
        assert "pick_up" in screen._footer_keys()
        await pilot.press("p")
        await pilot.pause()
        objective = game.state.objective
        assert objective is not None and objective.holder == 0 and objective.flag is None
        assert FLAG not in board.marks("objective"), "the flag lies nowhere: it is on Ann"
        assert reversed_mark(board, "fighters", FLAG)
        assert "Keep-Away, to 10 points · the flag: @ Ann holds it" in text_of(screen, "#scores")
        ann = row(text_of(screen, "#scores"), "Ann")
        assert " 0 points " in ann and ann.endswith(" 6,3 flag")
        assert "holds the flag as his weapon" in text_of(screen, "#sheet")
        assert "Points 0/10 · frags 0" in text_of(screen, "#sheet")
        assert "Ann takes up the flag and holds it as their weapon" in log_of(screen)
        assert DropFlag() in game.legal_actions() and "drop" in screen._footer_keys()
        await pilot.press("a")
        await pilot.pause()
        assert any("You hold the flag as your weapon" in n.message for n in app._notifications)
        await pilot.press("d")
        await pilot.pause()
        assert objective.holder is None and objective.flag == Square(*FLAG)
        assert board.marks("objective")[FLAG].glyph == FLAG_GLYPH
        assert not reversed_mark(board, "fighters", FLAG)
        assert "Ann puts the flag down at 6,3" in log_of(screen)


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_keep_away_the_holder_scores_at_the_turns_end_and_the_hand_off_shows_it__J_TAG_03(ruleset: str) -> None:
    """Ann holds the flag and ends her turn: the point is in the log, and the hand-off to Bob shows the
    mode's public line (who holds the flag) and each player's points, no hand."""
    game = tag_game(ruleset, "keep-away", dice=[3, 3] * 4, ann="6,4", objective='holder = "Ann"')
    app = FragApp(at_keyboard(game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen) and handoff.seat == 1
        public = str(handoff.query_one("#handoff-public", Static).render())
        assert "Keep-Away, to 10 points · the flag: @ Ann holds it" in public
        assert " 1 point  " in row(public, "Ann") and row(public, "Ann").endswith(" 6,4 flag")
        assert " 0 points " in row(public, "Bob")
        assert "Your hand" not in public
        await pilot.press("enter")  # Bob at the keyboard: the log (the side panel's third part at 80x24)
        await pilot.press("tab", "tab")
        await pilot.pause()
        assert "Ann scores a point for holding the flag (1 of 10)" in log_of(screen_of(app))


def screen_of_stack(app: FragApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_keep_away_game_over_says_the_points__J_TAG_03(ruleset: str) -> None:
    """Ann, at 9 points, holds the flag through her turn's end: the game-over screen says she wins Keep-Away
    with 10 points, and its table has a Points column beside the frags."""
    game = tag_game(ruleset, "keep-away", ann="6,4", objective='holder = "Ann"\npoints = { Ann = 9 }')
    app = FragApp(at_keyboard(game))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        over = app.screen
        assert isinstance(over, GameOverScreen)
        winner = str(over.query_one("#winner", Static).render())
        assert winner.startswith("@ Ann") and winner.endswith(" wins Keep-Away with 10 points!")
        table = over.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()][:3] == ["Player", "Points", "Frags"]
        assert [str(cell) for cell in table.get_row_at(0)][1:3] == ["10", "0"]
        assert [str(cell) for cell in table.get_row_at(1)][1:3] == ["0", "0"]


# -- king of the hill (J-TAG-04) ----------------------------------------------------------------------


@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_king_of_the_hill_the_hill_is_marked_and_its_king_named__J_TAG_04(ruleset: str) -> None:
    """The hill (on the flag square of a map with no hill square) is drawn reversed as the hill's `K`, not the
    flag's `F` (issue 30, item 7), and the line under the map calls it the hill, not "flag"; Ann steps onto
    it: `on hill` beside her on the scoreboard, her sheet and the line under the map say what it is worth,
    and the turn's end scores her a point."""
    game = tag_game(ruleset, "king-of-the-hill", dice=[3, 3] * 4, ann="6,4", movement=1)
    app = FragApp(at_keyboard(game))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        hill = screen.map.marks("objective")[FLAG]
        assert hill.glyph == "K" and hill.style.reverse, "the hill's own letter, reversed"
        assert "King of the Hill, to 10 points · the hill: 6,3" in text_of(screen, "#scores")
        screen.map.move_cursor_to(FLAG)
        await pilot.pause()
        assert text_of(screen, "#square-line").startswith("6,3  hill  ") and "flag" not in text_of(
            screen, "#square-line"
        )
        assert "the hill: whoever stands here at a turn's end scores a point" in text_of(screen, "#square-line")
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert game.state.players[0].square == Square(*FLAG)
        scores = text_of(screen, "#scores")
        assert "the hill: 6,3 (@ Ann on it)" in scores and row(scores, "Ann").endswith(" 6,3 on hill")
        assert "on the hill: a point at the end of the turn" in text_of(screen, "#sheet")
        assert "on the hill" in text_of(screen, "#square-line")
        await pilot.press("e", "e")  # (the second: her attack left unused)
        await pilot.pause()
        assert "Ann scores a point on the hill (1 of 10)" in log_of(screen_of_stack(app))


@pytest.mark.rule("J-TAG-04")
async def test_the_hill_moved_is_drawn_where_it_went__J_TAG_04() -> None:
    """With hill-moves 1, Ann's point on the hill moves it to a respawn point (the die rolls 2: point 2 at
    10,1): the log says so and the map's mark follows the hill."""
    game = tag_game(
        "frag", "king-of-the-hill", dice=[2] + [3, 3] * 4, ann="6,3", options=', "hill-moves" = 1', movement=0
    )
    app = FragApp(at_keyboard(game))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert set(screen.map.marks("objective")) == {FLAG}
        await pilot.press("e", "e")
        await pilot.pause()
        screen = screen_of_stack(app)
        assert "it moves to respawn point 2 (10,1)" in log_of(screen)
        assert set(screen.map.marks("objective")) == {(10, 1)}
        assert "the hill: 10,1" in text_of(screen, "#scores")


# -- "it" (J-TAG-01, J-TAG-02) ----------------------------------------------------------------------------


@pytest.mark.rule("J-TAG-01")
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_a_turn_to_frag_it_is_marked_and_passes_with_the_frag__J_TAG_01(ruleset: str) -> None:
    """Bob is "it": his glyph reversed on the map, `it` beside him, the mode's words under the cursor and
    on the turn line. Ann frags him: she is "it" now, and the screen says so (the log too)."""
    game = tag_game(ruleset, "turn-to-frag", dice=SHOT, objective='it = "Bob"')
    app = FragApp(at_keyboard(game))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert reversed_mark(screen.map, "fighters", (2, 8)) and not reversed_mark(screen.map, "fighters", (2, 4))
        assert screen.map.marks("objective") == {}, "no flag, no hill"
        assert "A Turn To Frag: first to 3 frags" in text_of(screen, "#turn-line")
        scores = text_of(screen, "#scores")
        assert 'A Turn To Frag, to 3 frags · "it": & Bob' in scores and row(scores, "Bob").endswith(" 2,8 it")
        screen.map.move_cursor_to((2, 8))
        await pilot.pause()
        assert '"it": only "it" scores frags' in text_of(screen, "#square-line")
        screen.after(shoot_bob(game))
        await pilot.pause()
        assert reversed_mark(screen.map, "fighters", (2, 4))
        assert 'A Turn To Frag, to 3 frags · "it": @ Ann' in text_of(screen, "#scores")
        assert 'Ann frags "it" (Bob) and is "it" now' in log_of(screen)


@pytest.mark.rule("J-TAG-02")
@pytest.mark.parametrize("ruleset", RULESETS)
async def test_only_one_the_sheet_says_its_bonus__J_TAG_02(ruleset: str) -> None:
    """Ann is "it" in There Shall Be Only One: her sheet says "it": +2 on every base attribute, and shows
    her stats with it (Speed and Accuracy 2 above their base)."""
    game = tag_game(ruleset, "only-one", objective='it = "Ann"')
    app = FragApp(at_keyboard(game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        sheet = text_of(screen, "#sheet")
        assert '"it": +2 on every base attribute' in sheet
        base = game.state.config.seats[0].fighter if ruleset == "frag" else None
        if base is not None:
            assert f"Speed    {base.speed + 2}   base {base.speed}" in sheet
        assert "There Shall Be Only One: first to 3 frags" in text_of(screen, "#turn-line")
        assert reversed_mark(screen.map, "fighters", (2, 4))


@pytest.mark.rule("J-TAG-01")
async def test_frags_are_drawn_as_they_were() -> None:
    """A game played for frags: no objective line, no marks, the frag target as before (F-WIN-01)."""
    game = tag_game("frag", "frags")
    view = game.view(0)
    assert view.objective is None and goal_words(view) == "first to 3 frags"
    assert objective_line(view, looks(game)).plain == "" and objective_marks(view) == {}
    assert not any(mark.style.reverse for mark in fighter_marks(view, looks(game)).values())
    assert "Frags 0/3" in record_sheet(view, 0, game.cards, looks(game)[0]).plain
    assert scoreboard(view, looks(game)).plain.splitlines()[0].startswith("▶ @ Ann       0 frags")


# -- the map's marks ---------------------------------------------------------------------------------


def test_the_cursor_shows_on_a_reversed_square() -> None:
    """The cursor reverses a square; on one reversed already (a mode's mark) it underlines it, the mark kept."""
    assert cursor_style(Style(color="red")).reverse
    marked = cursor_style(Style(color="red", reverse=True))
    assert marked.reverse and marked.underline


@pytest.mark.rule("J-TAG-03")
async def test_keep_away_help_names_the_flags_keys_and_the_mode__J_TAG_03() -> None:
    """`?` in a keep-away game: the flag's keys (p, d) and the mode's rules in short."""
    game = tag_game("frag", "keep-away")
    app = FragApp(at_keyboard(game))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        help_text = screen._rules_keys() + screen._mode_help()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "take up the flag in your square (keep-away)" in help_text
        assert "This game: Keep-Away" in help_text and "Frags score nothing" in help_text


# -- the set-up screen ----------------------------------------------------------------------------------


@pytest.mark.rule("J-TAG-03")
async def test_setup_says_what_the_mode_chosen_plays_for__J_TAG_03() -> None:
    """Stepping the objective to keep-away: the line beside it says what wins, the ready line says the
    points, the frag target says it is not played, and `?` gives every mode's rules."""
    app = FragApp()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, NewGameScreen)
        stepper = setup.option_stepper("objective")
        stepper.focus()
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert stepper.value_text == "keep-away"
        assert "Hold the flag: a point each turn (J-TAG-03)" in str(
            setup.query_one("#setup-hint-objective", Static).render()
        )
        assert "first to 10 points wins (Keep-Away)" in str(setup.query_one("#setup-message", Static).render())
        assert "not played: Keep-Away is won by points" in str(
            setup.query_one("#setup-frag-target-hint", Static).render()
        )
        await pilot.press("question_mark")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RuleTextDialog)
        assert "keep-away (Keep-Away): The flag starts on the map's flag square" in dialog.text
        assert "king-of-the-hill (King of the Hill)" in dialog.text
        await pilot.press("escape", "right")  # king of the hill
        await pilot.pause()
        assert "first to 10 points wins (King of the Hill)" in str(setup.query_one("#setup-message", Static).render())
        await pilot.press("right", "right")  # round to frags, then turn-to-frag
        await pilot.pause()
        message = str(setup.query_one("#setup-message", Static).render())
        assert "first to 3 frags wins (A Turn To Frag)" in message
        assert "frags to win" in str(setup.query_one("#setup-frag-target-hint", Static).render())


# -- legible in every colour system -------------------------------------------------------------------


@pytest.mark.rule("J-TAG-01")
@pytest.mark.parametrize("system", ["standard", "no-color"])
@pytest.mark.parametrize("mode", ["keep-away", "turn-to-frag", "king-of-the-hill"])
async def test_the_modes_marks_reach_the_terminal_reversed__J_TAG_01(
    system: str, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In 16 colours (TERM=xterm) and under NO_COLOR, what the terminal receives: the flag lying on 6,3 is
    its F reversed, "it" (Bob) his glyph reversed in his own colour, the hill its K reversed; the other
    fighter and the squares around stay as they were."""
    if system == "no-color":
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    objective = 'it = "Bob"' if mode == "turn-to-frag" else ""
    game = tag_game("frag", mode, objective=objective)
    app = FragApp(at_keyboard(game))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        screen.map.move_cursor_to((11, 11))  # the cursor's own reversal away from the squares looked at
        await pilot.pause()
        cells = terminal_cells(app, "truecolor" if system == "no-color" else system)
        x0, y0 = screen.map.content_region.x, screen.map.content_region.y

        def cell(x: int, y: int) -> Cell:
            return cells[y0 + 2 * y + 1][x0 + 2 * x + 1]

        ann, bob, marked = cell(2, 4), cell(2, 8), cell(*FLAG)
        assert (ann.char, bob.char) == ("@", "&") and not ann.style.reverse
        if mode == "turn-to-frag":
            assert bob.style.reverse, '"it" is reversed'
            if system == "no-color":  # every fighter white and bold: reversed, "it" is a white block
                assert seen_colour(bob.style) == seen_colour(ann.style) and bob.style.bold
            assert not marked.style.reverse
        else:
            assert not bob.style.reverse
            letter = "K" if mode == "king-of-the-hill" else "F"  # the hill's letter, not the flag's (issue 30)
            assert marked.char == letter and marked.style.reverse, f"the {mode} square is reversed"
        assert not cell(5, 3).style.reverse and not cell(7, 3).style.reverse
        if system == "standard":
            assert bob.style.color is not None and bob.style.color.type is ColorType.STANDARD
            assert seen_colour(bob.style)[1] in range(8, 16), "a seat keeps its bright colour, reversed or not"


# -- replays --------------------------------------------------------------------------------------------


@pytest.mark.rule("J-TAG-04")
async def test_a_replay_draws_the_modes_glance__J_TAG_04(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A king of the hill game played at random, replayed: at every moment looked at, the hill's mark is
    where the engine has the hill then, and the scoreboard has the mode's line and points."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    config = make_config(
        map="pocket",
        seats=[{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in ("Ann", "Bob", "Cat")],
        options={"objective": "king-of-the-hill", "hill-moves": 1},
    )
    game = new_game(config, 5)
    rng = random.Random(5)
    for _ in range(300):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    replay = Replay(save_of(game, looks=[default_look(n) for n in range(3)]))
    app = FragApp(replay=replay)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for position in (0, len(replay) // 2, len(replay)):
            screen.go(position)
            await pilot.pause()
            hill = replay.at(position).view(None).objective
            assert hill is not None and hill.hill is not None
            assert set(screen.map.marks("objective")) == {hill.hill.cell}
            scores = str(screen.query_one("#scores", Static).render())
            assert f"King of the Hill, to 10 points · the hill: {hill.hill}" in scores
            assert scores.count(" point") >= 3
