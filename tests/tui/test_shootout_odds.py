"""The shootout's choice with its odds, and words true to who rolls (issue 30, item 9; D-SHOOT-02, D-FTR-06).

Opening or answering a shootout is an attack: its line shows the exact odds of the attack list (`Game.forecast`:
range, chance to hit, expected Health lost, chance to frag). The detail says who rolls Speed dice for the first
shot, with how many dice; against the Saloon Gal, who may not use the shootout rules, nobody rolls: the holder
simply fires, and the dialog says so instead of "both roll".
"""

from __future__ import annotations

import pytest

from fragtui.engine.frag.actions import Attack
from fragtui.engine.game import Game
from fragtui.saves.looks import default_look
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.describe import percent
from fragtui.tui.dialogs import ChoiceDialog, HandoffScreen
from fragtui.tui.game_screen import GameScreen
from tests.rules.deadlands.test_shootouts import mover_and_holder, shootout_game

SALOON_GAL_PASSES = """
    phase = "action"
    movement = 4
    dice = [6, 6, 6, 6, 6, 1, 1]
    [[fighter]]
    name = "Ann"
    character = "saloon-gal"
    at = "1,1"
    [[fighter]]
    name = "Bob"
    character = "harrowed-gunslinger"
    at = "2,3"
    markers = { held_attack = true }
    """


def odds_words(game: Game, attack: Attack) -> str:
    """What the attack list says of `attack`'s odds, from the engine's forecast."""
    forecast = game.forecast(attack)
    return (
        f" · range {forecast.range} · hit {percent(forecast.p_hit)}"
        f" · expect {float(forecast.expected_loss):.2f} Health · frag {percent(forecast.p_frag)}"
    )


async def shootout_dialog(game: Game, pilot, app: FragApp) -> ChoiceDialog:  # type: ignore[no-untyped-def]
    """Ann steps east in front of Bob, who holds an attack; Bob comes to the keyboard and is asked."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    screen.act(next(a for a in game.legal_actions() if str(a) == "step e"))
    await pilot.pause()
    assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 1
    await pilot.press("enter")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, ChoiceDialog)
    return dialog


def table_of(game: Game) -> Table:
    table = Table(game, [default_look(n) for n in range(2)])
    table.unlock(0)
    return table


@pytest.mark.rule("D-SHOOT-02")
async def test_opening_a_shootout_shows_the_attacks_odds_and_who_rolls_for_the_first_shot() -> None:
    game = mover_and_holder(at="1,1")
    app = FragApp(table_of(game))
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await shootout_dialog(game, pilot, app)
        attack = Attack(target=0, weapon="pistol")
        labels = [str(label) for label, _ in dialog.options]
        assert labels == ["Pass", "Attack Ann with Revolver" + odds_words(game, attack)]
        view = game.view(1)
        ann, bob = view.fighters[0].speed, view.fighters[1].speed
        detail = " ".join(str(dialog.detail).split())
        assert (
            f"Open it, and if Ann fires back, Bob rolls {bob} Speed dice, Ann {ann} Speed dice, each adding a card "
            "turned over" in detail
        )
        assert "the higher fires first (Bob on a tie)" in detail


@pytest.mark.rule("D-FTR-06")
async def test_against_the_saloon_gal_nobody_rolls_and_the_dialog_says_so() -> None:
    game = shootout_game(SALOON_GAL_PASSES)
    app = FragApp(table_of(game))
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await shootout_dialog(game, pilot, app)
        detail = " ".join(str(dialog.detail).split())
        assert "Speed dice" not in detail and "both roll" not in detail.lower()
        assert (
            "Ann cannot fire back (the Saloon Gal may not use the shootout rules): open it, and you fire at once, "
            "with no roll." in detail
        )
        attack = Attack(target=0, weapon="pistol")
        assert [str(label) for label, _ in dialog.options][1].endswith(odds_words(game, attack))


@pytest.mark.rule("D-SHOOT-02")
async def test_answering_a_shootout_shows_the_answers_odds() -> None:
    """Bob opens the shootout on Ann; Ann, called to answer, sees her own shot's odds and what each choice means."""
    game = mover_and_holder(at="1,1")
    app = FragApp(table_of(game))
    async with app.run_test(size=(120, 40)) as pilot:
        await shootout_dialog(game, pilot, app)
        await pilot.press("down", "enter")  # open it with his revolver
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        answers = [(str(label), action) for label, action in dialog.options]
        attacks = [(label, action) for label, action in answers if isinstance(action, Attack)]
        assert attacks and all(label.endswith(odds_words(game, action)) for label, action in attacks)
        detail = " ".join(str(dialog.detail).split())
        assert "Fire back, and Bob rolls" in detail and "hold your fire, and only Bob fires" in detail
