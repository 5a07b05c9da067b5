"""Each ruleset's front end is found by its key (fragtui/front_end.py), and a ruleset with none of its own is played
on the generic screen (fragtui/tui/generic_screen.py), never on Frag's (issue 32).

The ruleset without a front end is defined here: Frag's rules under a key of their own, registered for the test
alone. Its game comes up on the generic screen, which lists the legal actions in the engine's words, takes one
picked with the keys, lets its computer seat (a ruleset with no bot of its own: the random kind's play) answer,
and shows the seat's view and the log.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.widgets import RichLog, Static

from fragtui.bots import BotWindow, RandomBot, make_bot
from fragtui.bots.kinds import AnyGameHeuristic
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.game import Game
from fragtui.engine.rulesets import ruleset_names
from fragtui.errors import ConfigError
from fragtui.front_end import FrontEnd, front_end, front_end_keys, register_front_end
from fragtui.saves.format import SeatLook
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.generic_screen import GenericScreen
from fragtui.tui.replay_screen import TablePictures, pictures_for
from fragtui.tui.ruthless.screen import RuthlessScreen
from fragtui.tui.screens import screen_class
from tests.tui.test_game_screen import visible_text, widget_text

KEY = "plain-frag"


class PlainFrag(FragRules):
    """Frag's rules under another key: a ruleset that registered no front end."""

    key = KEY
    title = "Plain Frag"


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[PlainFrag]]:
    from fragtui.engine import rulesets

    ruleset_names()  # the shipped ones first, so this one is listed last and taken out again
    monkeypatch.setitem(rulesets._REGISTRY, KEY, PlainFrag)
    yield PlainFrag


def _game(seed: int = 5) -> Game:
    design = {"health": 3, "speed": 2, "accuracy": 2}
    seats = [{"name": "Ann", "fighter": design}, {"name": "Bob", "fighter": design}]
    return new_game(make_config(ruleset=KEY, map="pocket", frag_target=1, seats=seats), seed)


def test_each_shipped_ruleset_has_a_front_end_of_its_own() -> None:
    assert set(ruleset_names()) <= set(front_end_keys())
    assert screen_class("frag") is GameScreen
    assert screen_class("deadlands") is GameScreen
    assert screen_class("ruthless") is RuthlessScreen


def test_an_unknown_key_is_an_error() -> None:
    with pytest.raises(ConfigError, match="plays only frag"):
        front_end("no-such-game")
    with pytest.raises(ConfigError):
        screen_class("no-such-game")


def test_a_second_front_end_of_one_key_is_refused() -> None:
    with pytest.raises(ValueError, match="two front ends"):
        register_front_end(FrontEnd("ruthless"))


def test_a_ruleset_without_a_front_end_gets_the_generic_one_never_frags(plain: type[PlainFrag]) -> None:
    front = front_end(KEY)
    assert front == FrontEnd(KEY)
    assert screen_class(KEY) is GenericScreen
    assert type(pictures_for(PlainFrag.__new__(PlainFrag))) is TablePictures
    assert front.bot_maker("heuristic") is None
    game = _game()
    assert front.said(game, game.legal_actions()[0]) == game.rules.in_words(game.legal_actions()[0])
    bot = make_bot("heuristic", 3)  # the heuristic kind plays it as the random kind does, not with Frag's bot
    assert isinstance(bot, AnyGameHeuristic)
    assert bot.decide(BotWindow(game, 0)) in game.legal_actions()
    assert isinstance(bot.players[KEY], RandomBot)


def test_a_front_end_registered_for_a_ruleset_is_the_one_used(plain: type[PlainFrag]) -> None:
    from fragtui import front_end as registry

    mine = FrontEnd(KEY, screen=GameScreen, words=lambda game, action: f"<{action}>")
    registry._REGISTRY[KEY] = mine
    try:
        assert screen_class(KEY) is GameScreen
        game = _game()
        assert front_end(KEY).said(game, game.legal_actions()[0]) == f"<{game.legal_actions()[0]}>"
    finally:
        del registry._REGISTRY[KEY]


async def test_the_generic_screen_lists_the_legal_actions_and_takes_one_picked_with_keys(
    plain: type[PlainFrag],
) -> None:
    game = _game()
    looks = [SeatLook(colour="red", glyph="A"), SeatLook(colour="blue", glyph="B", computer=True)]
    table = Table(game, looks=looks)  # one person against the computer: no hand-off
    legal = list(game.legal_actions())
    assert game.decider() == 0 and len(legal) > 1
    app = FragApp(table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen_stack[-2]
        assert isinstance(screen, GenericScreen)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)  # Ann decides: her actions, in the engine's words
        listed = widget_text([screen.query_one("#actions", Static)])
        for number, action in enumerate(legal, start=1):
            assert f"{number}. {game.rules.in_words(action)}" in listed
        await pilot.press("escape")  # set aside: the board can be read, nothing is played
        await pilot.pause()
        assert app.screen is screen and len(game.log) == 0
        assert "'name': 'Ann'" in visible_text(app)  # what she may know, as the engine's view has it
        await pilot.press("a")  # and brought back
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("down", "enter")  # the second action
        await pilot.pause()
        assert game.log[0].action == legal[1] and game.log[0].seat == 0
        screen.bot_pause = 0.0
        for _ in range(20):  # Bob, the computer, answers in his turn
            if len(game.log) > 1:
                break
            await pilot.pause(0.1)
        assert game.log[1].seat == 1
        log = widget_text([screen.query_one("#log", RichLog)])
        assert "Ann places" in log and "Bob places" in log
