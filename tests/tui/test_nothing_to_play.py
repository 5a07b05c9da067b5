"""Nobody is handed the keyboard for nothing (issue 30, item 3).

A decision whose only legal action is to pass (a hit with no reaction card, a last chance nothing can
cure) is passed for its decider by the table, which says so in the log; the pass is an ordinary action of
his, so the save replays it exactly. A computer answering inside the turn of the person at the keyboard
(a reaction to his shot, a snap shot, fisticuffs) leaves him at the keyboard: no "Pass the keyboard to
Cat" for Cat, who is there already.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.bots import BotWindow, make_bot
from fragtui.content.library import new_game
from fragtui.engine.actions import Pass
from fragtui.engine.config import make_config
from fragtui.engine.frag.actions import Attack
from fragtui.engine.frag.state import Status
from fragtui.engine.game import state_hash
from fragtui.engine.ruthless.actions import PickCard
from fragtui.saves.format import SeatLook
from fragtui.saves.loading import load_game
from fragtui.serve.tables import HostedTable, TableChange
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog, HandoffScreen
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.pieces import history
from fragtui.tui.ruthless.screen import RuthlessScreen
from tests.conftest import game_from
from tests.rules.ruthless.common import OPEN_GROUND, ruthless_game
from tests.tui.test_alone import HIT_ANN
from tests.tui.test_game_screen import WIDE, Keys, game_screen, log_text

ANN, BOB, CAT = 0, 1, 2
NOTE_ANN = "Passed for Ann, who has nothing to play"

LOW_BOB = """
    # Ann hits Bob (Health 1 of 2, a Dodge in hand) twice: no damage, then 12 damage against 1 defence die.
    map = "pocket"
    phase = "action"
    movement = 0
    dice = [4, 4, 4,   6, 1, 1,   4, 4, 4,   1, 6, 6]
    [[fighter]]
    name = "Ann"
    at = "2,3"
    [[fighter]]
    name = "Bob"
    at = "2,8"
    damage = 1
    hand = ["dodge"]
    """


def looks(computers: frozenset[int] = frozenset()) -> list[SeatLook]:
    return [
        SeatLook(colour=colour, glyph=glyph, computer=seat in computers)
        for seat, (colour, glyph) in enumerate(zip(("bright_red", "bright_cyan", "bright_yellow"), "@&%", strict=True))
    ]


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(GameScreen, "bot_pause", 0.001)
    monkeypatch.setattr(RuthlessScreen, "bot_pause", 0.001)
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.rule("F-META-02")
def test_a_hit_with_no_reaction_card_is_passed_for_the_target_and_said() -> None:
    """Three people at one keyboard: Bob shoots Ann, who holds no card. The table passes for her, the log says
    why before the engine's own line, and the pass is her action in the game's log."""
    table = Table(game_from(HIT_ANN.format(hand="[]")), looks())
    game = table.game
    table.unlock(BOB)
    events = table.act(Attack(target=ANN, weapon="pistol"))
    texts = [e.text for e in events]
    assert texts.index(NOTE_ANN) + 1 == texts.index("Ann plays no reaction")
    assert [(e.seat, e.action) for e in game.log] == [(BOB, Attack(target=ANN, weapon="pistol")), (ANN, Pass())]
    assert not game.state.pending and table.waiting_for() is None and game.decider() == BOB


@pytest.mark.rule("F-META-02")
def test_a_game_whose_passes_the_table_made_is_saved_and_replays_exactly(tmp_path: Path) -> None:
    """A real game of four people, played through the table (each choosing what a bot would) until it has
    passed for someone: the save loads and replays to the same state, and the resumed log says it again."""
    config = make_config(
        map="pocket",
        frag_target=3,
        seats=[{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in ("Ann", "Bob", "Cat", "Dan")],
    )
    path = tmp_path / "g.json"
    table = Table(new_game(config, 7), save_path=path)
    game = table.game
    bots = [make_bot("heuristic", seat) for seat in range(4)]
    notes: list[str] = []
    while not notes and len(game.log) < 400:
        seat = game.decider()
        assert seat is not None
        notes += [e.text for e in table.act(bots[seat].decide(BotWindow(game, seat))) if "nothing to play" in e.text]
    assert notes
    resumed = load_game(path)
    assert resumed.log == game.log and state_hash(resumed.state) == state_hash(game.state)
    assert notes[0] in [e.text for e in history(resumed)]  # a resumed game's log tells it again


@pytest.mark.rule("F-META-02")
def test_a_reaction_window_with_a_card_still_calls_the_target() -> None:
    table = Table(game_from(HIT_ANN.format(hand='["dodge"]')), looks())
    table.unlock(BOB)
    table.act(Attack(target=ANN, weapon="pistol"))
    assert table.game.state.pending[-1].kind == "react"
    assert table.waiting_for() == ANN


@pytest.mark.rule("F-FRAG-01")
def test_a_last_chance_nothing_can_cure_is_passed_for_him() -> None:
    """Bob answers his reaction window (he holds a Dodge), then his last chance has nothing to cure him: it is
    passed for him and he is fragged, without a second call to the keyboard."""
    table = Table(game_from(LOW_BOB), looks()[:2])
    game = table.game
    table.unlock(ANN)
    table.act(Attack(target=BOB, weapon="pistol"))
    table.unlock(BOB)
    table.act(Pass())  # no damage
    table.unlock(ANN)
    table.act(Attack(target=BOB, weapon="pistol"))
    assert table.waiting_for() == BOB  # a Dodge: a choice, so he is called
    table.unlock(BOB)
    events = table.act(Pass())
    assert "Passed for Bob, who has nothing to play" in [e.text for e in events]
    assert game.state.players[BOB].status is Status.FRAGGED and not game.state.pending
    assert [str(e.action) for e in game.log][-2:] == ["pass", "pass"]


async def test_at_the_keyboard_nobody_is_handed_it_to_press_pass() -> None:
    """Bob's shot hits Ann, who holds nothing: no hand-off, Bob plays on, and the log says why."""
    app = FragApp(Table(game_from(HIT_ANN.format(hand="[]")), looks()))
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Bob")
        await keys.press("a")
        await keys.choose("Attack Ann with Pistol")
        assert not isinstance(app.screen, HandoffScreen)
        assert app.screen is game_screen(app) and game_screen(app).viewer == BOB
        assert NOTE_ANN in log_text(app)
        assert keys.handoffs == [BOB]


@pytest.mark.rule("F-META-02")
async def test_a_computer_reacting_in_your_turn_leaves_you_at_the_keyboard() -> None:
    """Ann and Cat at the keyboard, Bob a computer holding a Dodge: Ann shoots Bob, Bob answers (his choice),
    and Ann's turn goes on with no "Pass the keyboard to Ann"."""
    three = LOW_BOB + '\n    [[fighter]]\n    name = "Cat"\n    at = "9,9"\n'
    game = game_from(three)
    table = Table(game, looks(computers=frozenset({BOB})))
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        await keys.press("a")
        await keys.choose("Attack Bob with Pistol")
        for _ in range(50):  # the computer's answer, after its (short) pause
            if len(game.log) >= 2:
                break
            await pilot.pause(0.02)
        await pilot.pause()
        assert game.log[1].seat == BOB and game.decider() == ANN
        assert not isinstance(app.screen, HandoffScreen)
        assert table.at_keyboard == ANN and keys.handoffs == [ANN]


THREE_POSSES = OPEN_GROUND.replace("|. . . . . . . . . . . .|\n+-+", "|. . . . . . . . . . . 3|\n+-+")


@pytest.mark.rule("R-SNAP-01")
async def test_ruthless_a_computer_answering_fisticuffs_does_not_hand_cat_the_keyboard_he_has() -> None:
    """Ruthless, Ann and Cat at the keyboard, Bob a computer: Cat's Wes Harlan moves into contact with Bob's Doc
    Calloway; Bob plays his Ace to get the draw and ducks away. Cat's activation goes on with Cat at the keyboard."""
    hands = {
        "Ann": ["2S", "4C", "5H", "6D", "8S"],
        "Bob": ["9C", "KH", "6S", "AC", "2H"],
        "Cat": ["KS", "QH", "JD", "10S", "9H"],
    }
    game = ruthless_game(
        {"Ann": [("chet-willis", "1,0")], "Bob": [("doc-calloway", "7,3")], "Cat": [("wes-harlan", "4,3")]},
        dice=[5] * 60,
        hands=hands,
        board_text=THREE_POSSES,
    )
    for card in ("2S", "9C", "KS"):
        game.apply(PickCard(card=card))
    table = Table(game, looks(computers=frozenset({BOB})))
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == CAT
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RuthlessScreen)
        screen.map.move_cursor_to((6, 3))
        await pilot.press("enter")
        for _ in range(50):
            if any(e.text.startswith("Doc Calloway (Bob) ducks") for e in screen.events):
                break
            await pilot.pause(0.02)
        await pilot.pause()
        assert any(e.text.startswith("Fisticuffs!") for e in screen.events)
        assert game.decider() == CAT
        assert not isinstance(app.screen, HandoffScreen), "Cat was handed the keyboard he already had"
        assert table.at_keyboard == CAT and not isinstance(app.screen, ChoiceDialog)


@pytest.mark.rule("F-META-02")
def test_a_networked_table_passes_for_a_seat_with_nothing_to_play_and_tells_everyone(tmp_path: Path) -> None:
    """The same at `fragtui serve`: Ann is not asked on her own terminal; every connection reads the line."""
    table = Table(game_from(HIT_ANN.format(hand="[]")), looks(), save_path=tmp_path / "g.json")
    hosted = HostedTable("ABCDE", table, bot_pause=0)

    class Connection:
        def __init__(self) -> None:
            self.told: list[TableChange] = []

        def table_changed(self, change: TableChange) -> None:
            self.told.append(change)

    ann, cat = Connection(), Connection()
    hosted.sit(ANN, ann)
    bob = hosted.sit(BOB, Connection())
    hosted.sit(CAT, cat)
    bob.act(Attack(target=ANN, weapon="pistol"))
    game = table.game
    assert not game.state.pending and game.decider() == BOB
    for listener in (ann, cat):
        assert NOTE_ANN in [e.text for change in listener.told for e in change.events]
