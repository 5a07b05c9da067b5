"""Real-Time Frag (the `real-time` option, issue 33) on Frag's own game screen, before it has screens of its own: the
generic engine contract holds, so the screen asks each of the turn's questions as a list of the legal actions,
takes the answer, and lets the computer answer its own, without a crash."""

from __future__ import annotations

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.saves.format import SeatLook
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog
from fragtui.tui.game_screen import GameScreen


async def test_a_real_time_game_is_played_on_frag_s_screen_through_its_dialogs() -> None:
    design = {"health": 3, "speed": 2, "accuracy": 2}
    seats = [{"name": "Ann", "fighter": design}, {"name": "Bob", "fighter": design}]
    config = make_config(map="pocket", frag_target=1, seats=seats, options={"real-time": True})
    game = new_game(config, 5)
    looks = [SeatLook(colour="red", glyph="A"), SeatLook(colour="blue", glyph="B", computer=True)]
    table = Table(game, looks=looks)  # one person against the computer: no hand-off
    app = FragApp(table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        screen.bot_pause = 0.0
        answered = 0
        for _ in range(60):  # placing, then the turn's questions: each a dialog of the legal actions
            if game.rules.state.realtime is not None and game.rules.state.realtime.segment >= 2:
                break
            if isinstance(app.screen, ChoiceDialog):
                await pilot.press("enter")
                answered += 1
            await pilot.pause(0.05)
        assert answered >= 2
        assert game.rules.state.realtime is not None and game.rules.state.realtime.segment >= 1
        assert {entry.seat for entry in game.log} == {0, 1}
