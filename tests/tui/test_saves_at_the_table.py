"""Saves as the players meet them (Pilot): a folder that cannot be made, a save that fails, bad
files in the saves folder, the Resume list, and the privacy of an unfinished game's replay
(issue 13: faults 1, 2, 3 and 10, interface 13)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.frag.state import Phase
from fragtui.engine.game import Game, state_hash
from fragtui.saves.format import SeatLook, save_of
from fragtui.saves.store import read_save, saves_folder, write_save
from fragtui.table import Table
from fragtui.tui.app import FragApp, TitleScreen
from fragtui.tui.dialogs import ChoiceDialog, ConfirmDialog
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.replay_screen import ReplayScreen
from fragtui.tui.setup import NewGameScreen
from tests.conftest import game_from
from tests.tui.test_game_screen import DUEL, Keys, game_screen, names_in, option_texts, visible_text, widget_text

WIDE, SMALL = (120, 40), (80, 24)
LOOKS = [SeatLook(colour="bright_red", glyph="@"), SeatLook(colour="cyan", glyph="&")]


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(folder))
    return folder


def unfinished(seed: int = 5, actions: int = 40, names: tuple[str, str] = ("Ann", "Bob")) -> Game:
    config = make_config(
        map="pocket", seats=[{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in names]
    )
    game = new_game(config, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        game.apply(rng.choice(game.legal_actions()))
    assert not game.over
    return game


@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_a_new_game_without_a_saves_folder_is_played_unsaved(data_dir: Path, size: tuple[int, int]) -> None:
    """Fault 2: the data folder cannot be made (here a file stands in its way): the screen says so, the
    game starts, and the scoreboard keeps the mark. It used to be a traceback and exit status 0."""
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("a file where the data folder should be")
    app = FragApp()
    async with app.run_test(size=size, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.press("enter")  # New game
        assert isinstance(app.screen, NewGameScreen)
        await keys.press("enter")  # the defaults
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)  # told before anything is played
        assert f"The saves folder {data_dir / 'saves'} cannot be created" in dialog.question
        assert "Play this game without saving it?" in dialog.question
        await keys.press("y")
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert keys.table.save_path is None
        await keys.hand_to(keys.game.rules.name(keys.game.decider()))
        assert "Not saved" in str(game_screen(app).query_one("#scores", Static).render())
        await keys.press("enter")  # the first placement: the game goes on
        assert len(keys.game.log) == 1
        await keys.hand_to(keys.game.rules.name(keys.game.decider()))
        assert "Not saved" in str(game_screen(app).query_one("#scores", Static).render())
        game_screen(app).action_leave()  # what q does
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question == "Leave the game? Not saved: the saves folder cannot be written."


async def test_a_new_game_that_cannot_be_written_asks_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder is there but refuses the file (a read-only file system): asked the same way."""

    def read_only(save: object, path: Path) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("fragtui.table.write_save", read_only)
    app = FragApp()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert dialog.question.startswith("The game could not be saved to ")
        assert "Read-only file system." in dialog.question
        await pilot.press("y")
        table = game_screen(app).table
        assert table.save_path is None and table.save_error == "Not saved: the saves folder cannot be written"


async def test_no_to_an_unsaved_game_goes_back_to_the_title(data_dir: Path) -> None:
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("a file where the data folder should be")
    app = FragApp()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen | TitleScreen)
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)


async def test_leaving_after_a_failed_save_says_what_is_lost_and_retries(tmp_path: Path) -> None:
    """Fault 3: the quit dialog no longer says "It is saved in PATH" when the last actions were not
    written: it says how many are lost, and "Try to save again" writes them once the disk is back."""
    folder = tmp_path / "saves"
    folder.mkdir()
    table = Table(game_from(DUEL), save_path=folder / "g.json")
    app = FragApp(table)
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        assert table.saved_actions == 0  # written when the game opened
        shutil.rmtree(folder)
        folder.write_text("the disk went away")  # from now on every save fails
        await keys.hand_to("Ann")
        await keys.press("r")
        assert table.game.state.turn.phase is Phase.ACTION and table.save_error is not None
        await keys.press("q")
        assert isinstance(app.screen, ChoiceDialog)
        shown = " ".join(str(app.screen.title_text).split())
        assert "It is saved in" not in shown
        assert shown == (
            f"Leave the game? The last action could not be saved ({table.save_problem}): "
            "the file holds the game as it began."
        )
        await keys.choose("Try to save again")  # the disk is still gone: asked again, still the truth
        assert isinstance(app.screen, ChoiceDialog) and "could not be saved" in visible_text(app)
        await keys.choose("Stay in the game")
        keys.screen_is_the_game()
        folder.unlink()
        folder.mkdir()
        await keys.press("q")
        await keys.choose("Try to save again")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question == f"Leave the game? It is saved in {folder / 'g.json'}."
        await keys.press("y")
        assert isinstance(app.screen, TitleScreen)
    save = read_save(folder / "g.json")
    assert len(save.actions) == len(table.game.log) == 1
    assert save.hashes[1] == state_hash(table.game.state)


async def test_leave_anyway_goes_to_the_title(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    table = Table(game_from(DUEL), save_path=blocker / "g.json")
    app = FragApp(table)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        await keys.press("q")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        title = " ".join(str(dialog.title_text).split())
        assert title == f"Leave the game? Nothing of this game could be saved ({table.save_problem})."
        assert table.save_problem in ("File exists", "Not a directory")  # whichever the system says
        await keys.choose("Leave anyway")
        assert isinstance(app.screen, TitleScreen)


def write_saves(data_dir: Path) -> tuple[Game, Game]:
    """A bad save (newest), an unfinished game of Ann and Bob, an older one of Cat and Dan."""
    folder = data_dir / "saves"
    folder.mkdir(parents=True)
    older, newer = unfinished(seed=7, names=("Cat", "Dan")), unfinished(seed=5)
    for name, game, updated in (
        ("older", older, "2026-01-01T10:00:00+00:00"),
        ("newer", newer, "2026-01-02T10:00:00+00:00"),
    ):
        save = save_of(game, looks=LOOKS).model_copy(update={"updated": updated})
        write_save(save, folder / f"{name}.json")
    bad = json.loads((folder / "newer.json").read_text())
    bad["format"] = [1]
    bad["updated"] = "2999-01-01T00:00:00+00:00"
    (folder / "broken.json").write_text(json.dumps(bad))
    return older, newer


@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_the_title_lists_bad_saves_as_bad_and_resumes_by_name(data_dir: Path, size: tuple[int, int]) -> None:
    """Fault 1 and interface 13: a bad save no longer stops the title; the Resume list names the players."""
    older, _newer = write_saves(data_dir)
    app = FragApp()
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        note = str(app.screen.query_one("#title-bad", Static).render())
        assert note == "broken.json cannot be read, skipped (`fragtui saves` says why)"
        menu = app.screen.query_one(OptionList)
        assert str(menu.get_option_at_index(1).prompt) == "Resume a game (2 unfinished)"
        await pilot.press("down", "enter")
        labels = option_texts(app)
        assert len(labels) == 2
        assert labels[0].startswith("Ann, Bob · ") and "pocket · turn" in labels[0]
        assert labels[1].startswith("Cat, Dan · ")
        await pilot.press("down", "enter")
        screen = app.screen_stack[2]
        assert isinstance(screen, GameScreen)
        assert state_hash(screen.table.game.state) == state_hash(older.state)


async def test_an_unfinished_replay_opens_in_the_public_view_and_asks_before_hands(data_dir: Path) -> None:
    """Fault 10: hot-seat privacy. The Replays menu opened an unfinished game showing every hand."""
    folder = data_dir / "saves"
    folder.mkdir(parents=True)
    game = next(
        g
        for g in (unfinished(seed=seed, actions=actions) for seed in range(1, 20) for actions in (20, 30, 45))
        if all(p.hand for p in g.state.players)
    )
    write_save(save_of(game, looks=LOOKS), folder / "half.json")
    hands = {game.cards.name(c) for p in game.state.players for c in p.hand}
    assert hands, "the players hold cards"
    public = {game.cards.name(e.card) for p in game.state.players for e in (*p.weapons, *p.gadgets, *p.specials)}
    public |= {game.cards.name(c) for pile in game.state.decks.discard.values() for c in pile}
    public |= {game.cards.name(c) for counter in game.state.counters for c in counter.cards}
    secret = hands - public
    app = FragApp()
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        prompts = [str(menu.get_option_at_index(n).prompt) for n in range(menu.option_count)]
        await pilot.press(*["down"] * prompts.index("Replays"), "enter", "enter")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")

        def everything() -> str:
            return visible_text(app) + widget_text(screen.query("*"))

        assert "eyes: public" in visible_text(app) and not names_in(everything(), secret)
        assert "holds" in str(screen.query_one("#hands", Static).render())
        await pilot.press("v")
        assert isinstance(app.screen, ConfirmDialog)
        assert "This game is not finished" in visible_text(app)
        await pilot.press("n")
        assert app.screen is screen and screen.viewer is None and not screen.reveal
        assert not names_in(everything(), secret)
        await pilot.press("v", "y")
        assert app.screen is screen and screen.viewer == 0
        ann = {game.cards.name(c) for c in game.state.players[0].hand}
        assert names_in(str(screen.query_one("#hands", Static).render()), ann) == ann
        await pilot.press("v", "v")  # Bob, then everything: asked once only
        assert app.screen is screen and screen.viewer is None and screen.reveal
        assert names_in(everything(), hands) == hands
        await pilot.press("v")
        assert screen.viewer is None and not screen.reveal and "eyes: public" in visible_text(app)


async def test_a_finished_replay_still_opens_showing_everything(data_dir: Path) -> None:
    from tests.tui.test_replay_screen import LOOKS as THREE
    from tests.tui.test_replay_screen import finished_game

    folder = data_dir / "saves"
    folder.mkdir(parents=True)
    write_save(save_of(finished_game(), looks=THREE), folder / "done.json")
    app = FragApp()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        prompts = [str(menu.get_option_at_index(n).prompt) for n in range(menu.option_count)]
        await pilot.press(*["down"] * prompts.index("Replays"), "enter", "enter")
        assert isinstance(app.screen, ReplayScreen) and app.screen.reveal
        assert "eyes: all" in visible_text(app)
        await pilot.press("v")
        assert isinstance(app.screen, ReplayScreen) and app.screen.viewer == 0  # nothing to hide: no question


def test_resume_passes_over_a_broken_newest_game(data_dir: Path, monkeypatch, capsys) -> None:
    """Interface 13: `fragtui resume` used to exit 2 on a broken newest save; it names it and plays the next."""
    from fragtui import cli

    _older, newer = write_saves(data_dir)
    newest = json.loads((data_dir / "saves" / "newer.json").read_text())
    newest["updated"] = "2998-01-01T00:00:00+00:00"
    newest["actions"][3]["dice"] = [6, 6, 6, 6, 6, 6, 6]  # reads, but does not replay
    (data_dir / "saves" / "diverged.json").write_text(json.dumps(newest))
    played: list[Table] = []
    monkeypatch.setattr("fragtui.tui.app.run", lambda table=None, replay=None: played.append(table) or 0)
    assert cli.main(["resume"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"fragtui: {saves_folder() / 'diverged.json'}: action 4") and err.count("\n") == 1
    assert "resuming the next unfinished game, newer" in err
    assert state_hash(played[0].game.state) == state_hash(newer.state)
    assert cli.main(["resume", "diverged"]) == 2  # named, it is not passed over
    assert capsys.readouterr().err.startswith("fragtui: ")
