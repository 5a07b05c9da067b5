"""One person against computers (issue 13, interface item 14): no hand-off, and a reaction window is
one key at most — none at all when he can only pass (as for everyone since issue 30, item 3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.content.library import new_game
from fragtui.engine.actions import Pass
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.actions import Attack
from fragtui.engine.frag.design import FighterDesign
from fragtui.saves.format import SeatLook
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog, HandoffScreen
from fragtui.tui.game_screen import GameScreen
from tests.conftest import game_from
from tests.tui.test_game_screen import WIDE, Keys, game_screen, log_text, option_texts

ANN, BOB, CAT = 0, 1, 2

HIT_ANN = """
    # Bob (a computer) shoots Ann (the one person) at range 5; she holds {hand}.
    map = "pocket"
    turn = "Bob"
    phase = "action"
    dice = [3, 3, 3, 3, 3, 3, 3, 3, 3]

    [[fighter]]
    name = "Ann"
    at = "2,3"
    hand = {hand}

    [[fighter]]
    name = "Bob"
    at = "2,8"

    [[fighter]]
    name = "Cat"
    at = "9,9"
    """


def table_of(hand: str, computers: set[int]) -> Table:
    looks = [
        SeatLook(colour=c, glyph=g, computer=seat in computers)
        for seat, (c, g) in enumerate(zip(("bright_red", "bright_cyan", "bright_yellow"), "@&%", strict=True))
    ]
    return Table(game_from(HIT_ANN.format(hand=hand)), looks)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(GameScreen, "bot_pause", 0.001)
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.rule("F-META-02")
def test_alone_with_no_reaction_card_the_window_passes_by_itself() -> None:
    table = table_of("[]", computers={BOB, CAT})
    game = table.game
    table.act(Attack(target=ANN, weapon="pistol"))
    assert [(e.seat, e.action) for e in game.log] == [(BOB, Attack(target=ANN, weapon="pistol")), (ANN, Pass())]
    assert not game.state.pending and game.decider() == BOB


@pytest.mark.rule("F-META-02")
def test_with_two_people_the_empty_window_is_passed_too_and_said() -> None:
    """Issue 30, item 3: nobody is handed the keyboard to press the one key there is, alone or not; the log
    says the table passed for her (tests/tui/test_nothing_to_play.py)."""
    table = table_of("[]", computers={CAT})
    table.unlock(BOB)
    events = table.act(Attack(target=ANN, weapon="pistol"))
    assert not table.game.state.pending and table.waiting_for() is None  # Bob plays on: no hand-off
    assert "Passed for Ann, who has nothing to play" in [e.text for e in events]


@pytest.mark.rule("F-META-02")
async def test_alone_with_a_reaction_card_the_window_is_one_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameScreen, "bot_pause", 60)  # Bob's next action waits until the test has looked
    table = table_of('["dodge"]', computers={BOB, CAT})
    game = table.game
    game.play(["attack 0 pistol"])  # Bob's shot, before the screen opens
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        assert not isinstance(app.screen, HandoffScreen)
        assert isinstance(app.screen, ChoiceDialog)
        assert option_texts(app) == ["Pass", "Play Dodge"]  # Enter alone passes
        await keys.press("enter")
        assert str(game.log[1].action) == "pass" and game.log[1].seat == ANN
        assert "Ann plays no reaction" in log_text(app)
        assert game_screen(app).viewer == ANN and not isinstance(app.screen, HandoffScreen)


async def test_alone_the_first_decision_dialog_is_drawn_beside_the_map_not_empty() -> None:
    """The first decision of a lone player comes up as the game screen opens (no hand-off before
    it): the dialog waits for the side panel to be laid out, else it sat over an empty region
    and showed only its border."""
    config = GameConfig(
        map="pocket", seats=tuple(Seat(name=n, fighter=FighterDesign(health=3, speed=2, accuracy=2)) for n in "AB")
    )
    looks = [SeatLook(colour="bright_red", glyph="@"), SeatLook(colour="bright_cyan", glyph="&", computer=True)]
    table = Table(new_game(config, 7), looks)
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.beside is not None and dialog.beside.height > 0
        assert "Place your fighter" in " ".join(option_texts(app))
