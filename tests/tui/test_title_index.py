"""The title lists the saves from the saves folder's index and says what it said when it read every save.

Issue 30 ("Start"): reading the saves to offer "Resume" imported the saves' models and the engine, about 0.4 s of
a returning player's launch. The index (fragtui/saves/index.py) remembers what the title shows of each save. Here:
the title's words are the same with the index as without it (every save read, as before); a save changed behind
the index's back is read again; an index that lies, or is not an index, costs nothing but its shortcut.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.harness import play_random_game
from fragtui.saves.format import HostedRecord, TournamentRecord, save_of
from fragtui.saves.index import INDEX_NAME, SaveFacts, mark_of, note
from fragtui.saves.store import write_save
from fragtui.table import Table
from fragtui.tui.app import FragApp, TitleScreen
from fragtui.tui.game_screen import GameScreen
from tests.saves.duel import pocket_duel
from tests.tui.test_game_screen import visible_text

WIDE, SMALL = (120, 40), (80, 24)


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    return folder


def at_the_table(game: Game, path: Path, **records: object) -> None:
    """Saved as a game at the table saves it after every action: written, and noted in the index."""
    table = Table(game, save_path=path)
    for name, record in records.items():
        setattr(table, name, record)
    table.save()


FIGHTER = {"health": 2, "speed": 2, "accuracy": 3}


def won() -> Game:
    """Ann and Bob on pocket, played at random to the first frag."""
    seats = [{"name": name, "fighter": FIGHTER} for name in ("Ann", "Bob")]
    game = new_game(make_config(map="pocket", frag_target=1, seats=seats), 4)
    play_random_game(game, random.Random(4), check=False)
    assert game.over
    return game


def a_folder_of_every_kind(folder: Path) -> None:
    """An unfinished game, a won one, a tournament's game, a served table's game, and a file that is no save."""
    at_the_table(pocket_duel(3), folder / "unfinished.json")
    at_the_table(won(), folder / "won.json")
    at_the_table(
        pocket_duel(4), folder / "tournament.json", tournament=TournamentRecord(file="t.json", game=1, games=2)
    )
    at_the_table(pocket_duel(5), folder / "table.json", hosted=HostedRecord(code="ABCD"))
    (folder / "broken.json").write_text(json.dumps({"format": 1}))


async def title_words(size: tuple[int, int] = WIDE) -> tuple[list[str], str, str]:
    """The title's menu, its bad-saves note, and the whole screen's text."""
    app = FragApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        menu = [str(option.prompt) for option in app.screen.query_one("#title-menu", OptionList).options]
        return menu, str(app.screen.query_one("#title-bad", Static).render()), visible_text(app)


EVERY_KIND_MENU = [
    "New game",
    "Resume a game (2 unfinished)",  # the unfinished game and the served table's: a tournament's waits for it
    "New tournament",
    "Replays",
    "Browse the maps",
    "Help",
    "Quit",
]
BROKEN = "broken.json cannot be read, skipped (`fragtui saves` says why)"


@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_the_title_says_the_same_from_the_index_as_from_every_save_read(
    saves: Path, size: tuple[int, int]
) -> None:
    a_folder_of_every_kind(saves)
    index = json.loads((saves / INDEX_NAME).read_text())
    assert set(index["saves"]) == {"unfinished.json", "won.json", "tournament.json", "table.json"}
    from_index = await title_words(size)
    (saves / INDEX_NAME).unlink()  # every save read in full, as every title did before the index
    read = await title_words(size)
    assert from_index == read
    assert from_index[:2] == (EVERY_KIND_MENU, BROKEN)
    assert set(json.loads((saves / INDEX_NAME).read_text())["saves"]) == {
        "unfinished.json",
        "won.json",
        "tournament.json",
        "table.json",
        "broken.json",  # (noted as bad: the next title need not read it either)
    }
    assert await title_words(size) == read


async def test_a_save_changed_behind_the_index_is_read_again(saves: Path) -> None:
    """The index knows a file by its size, time, inode and the sum of its end: a save finished by another program,
    or broken, is read again and listed as it is now."""
    at_the_table(pocket_duel(3), saves / "a.json")
    at_the_table(pocket_duel(4), saves / "b.json")
    menu, note_words, _ = await title_words()
    assert menu[1] == "Resume a game (2 unfinished)" and note_words == ""
    write_save(save_of(won()), saves / "a.json")  # finished, without a word to the index
    (saves / "b.json").write_text((saves / "b.json").read_text()[:-40])  # cut short
    menu, note_words, _ = await title_words()
    assert "Resume a game (1 unfinished)" not in menu and not any(item.startswith("Resume") for item in menu)
    assert note_words == "b.json cannot be read, skipped (`fragtui saves` says why)"


async def test_an_index_that_lies_costs_a_resume_nothing_but_a_notice(saves: Path) -> None:
    """A file the index calls an unfinished game although it is not one (an index edited by hand: the game never
    writes that): the title offers "Resume" as the index says; choosing it reads the file, finds nothing to
    resume, says so and mends the menu."""
    (saves / "odd.json").write_text("not a save")
    mark = mark_of(saves / "odd.json")
    assert mark is not None
    note(saves, {"odd.json": (mark, SaveFacts(updated="2026-01-01T00:00:00+00:00"))})
    app = FragApp()
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#title-menu", OptionList)
        assert str(menu.get_option_at_index(1).prompt) == "Resume a game (1 unfinished)"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "No unfinished game to resume." in [n.message for n in app._notifications]
        assert not any(str(option.prompt).startswith("Resume") for option in menu.options)
        assert str(app.screen.query_one("#title-bad", Static).render()).startswith("odd.json cannot be read")


@pytest.mark.parametrize("index", ["{", "[]", '{"version": 1, "saves": {"a.json": {"mark": "x"}}}', "\x00" * 10])
async def test_an_index_that_is_not_one_is_read_past(saves: Path, index: str) -> None:
    at_the_table(pocket_duel(3), saves / "a.json")
    (saves / INDEX_NAME).write_text(index)
    menu, note_words, _ = await title_words()
    assert menu[1] == "Resume a game (1 unfinished)" and note_words == ""
    assert "a.json" in json.loads((saves / INDEX_NAME).read_text())["saves"]  # made again


async def test_resuming_from_the_title_reads_the_save_and_plays_on(saves: Path) -> None:
    game = pocket_duel(3)
    at_the_table(game, saves / "a.json")
    app = FragApp()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # Resume a game
        await pilot.pause()
        await pilot.press("enter")  # the only one
        await pilot.pause()
        screen = app.screen_stack[2]  # (under the hand-off to Ann)
        assert isinstance(screen, GameScreen)
        assert screen.table.game.state == game.state
