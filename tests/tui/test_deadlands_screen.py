"""Frag Deadlands on the game screen (Pilot): the fighter's sheet and markers, a path across a beast's
tentacle warned of, a square chosen on the map for a decision (the gallows, D-GAL-01), and a window of a new
kind of decision handed to its holder at one keyboard."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

import pytest
from textual.command import CommandList, CommandPalette
from textual.widgets import Static

from fragtui.engine.actions import Action, Pass
from fragtui.engine.board import Square, Terrain
from fragtui.engine.deadlands.actions import Cheat, ChooseSquare, HoldAttack
from fragtui.engine.decisions import Decision, DecisionKind, ResponseWindow, forget_decision, register_decision
from fragtui.engine.geometry import Move
from fragtui.engine.rulesets import Ruleset
from fragtui.saves.looks import default_look
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ChoiceDialog, HandoffScreen, HelpScreen
from fragtui.tui.game_screen import GameScreen
from tests.conftest import game_from
from tests.tui.deadlands import west

WEST_FRAG = """
map = "desert"
phase = "action"
movement = 6
[[fighter]]
name = "Ann"
at = "3,8"
[[fighter]]
name = "Bob"
at = "3,12"
"""


class WestKind(DecisionKind):
    GALLOWS_PICK = "test_gallows_pick"
    EXTRA = "test_extra"


CHOSEN: list[Square] = []


class GallowsPick(Decision):
    """A stand-in for the western part's gallows decision: the squares offered, the one chosen kept."""

    kind: Literal[WestKind.GALLOWS_PICK] = WestKind.GALLOWS_PICK
    squares: list[Square]
    """The squares offered."""
    label = "gallows"
    you = "choose the gallows square"
    they = "{name} chooses the gallows square."
    must = "choose the gallows square"
    any_time = False

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return [ChooseSquare(to=square) for square in self.squares]

    def resolve(self, rules: Ruleset, seat: int, action: Action, move: Move | None) -> bool:
        assert isinstance(action, ChooseSquare)
        CHOSEN.append(action.to)
        rules.state.pending.pop()
        return True


class ExtraDie(ResponseWindow):
    """A stand-in for a window answered out of turn (the Saloon Gal's extra die): pass or not."""

    kind: Literal[WestKind.EXTRA] = WestKind.EXTRA
    label = "extra die"
    you = "add a die to the roll?"
    they = "{name} may add a die to the roll."
    must = "answer the roll"


@pytest.fixture
def decisions() -> Iterator[None]:
    register_decision(GallowsPick)
    register_decision(ExtraDie)
    CHOSEN.clear()
    yield
    for kind in WestKind:
        forget_decision(kind)


def _screen(app: FragApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def _line(app: FragApp) -> str:
    return str(_screen(app).query_one("#square-line", Static).render())


async def test_the_sheet_shows_the_fighter_and_the_map_his_markers() -> None:
    """D-FTR-02, D-SHOOT-01, D-GAL-01: Ann's sheet; Bob's held attack and Cat on the gallows under the cursor."""
    table = Table(west(), [default_look(n) for n in range(3)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        sheet = str(screen.query_one("#sheet", Static).render())
        assert "Ann, Agency Operative" in sheet and "Drawback: Federal budget limits" in sheet
        screen.map.move_cursor_to((3, 12))
        await pilot.pause()
        assert "& Bob H3/3 Huckster · holds an attack for a shootout" in _line(app)
        screen.map.move_cursor_to((14, 14))
        await pilot.pause()
        assert "% Cat (fragged) Indian Brave · hanged on the gallows" in _line(app)  # fragged, as hanged: D-GAL-01
        assert screen.map.marks("fighters")[(3, 12)].style.underline


async def test_a_path_into_a_tentacle_square_warns_of_the_beast() -> None:
    """D-MAP-02: passing a tentacle square forces the Accuracy check: the path says so before the move."""
    game = west()
    assert game.board.cells[8][4].terrain is Terrain.TENTACLE and game.board.cells[7][2].terrain is Terrain.FLOOR
    table = Table(game, [default_look(n) for n in range(3)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        screen.map.move_cursor_to((4, 8))
        await pilot.pause()
        assert "1 movement" in _line(app) and "beast: Accuracy check" in _line(app)
        screen.map.move_cursor_to((2, 7))
        await pilot.pause()
        assert "movement" in _line(app) and "beast" not in _line(app)


async def test_a_frag_path_across_tentacles_warns_of_nothing() -> None:
    """Frag plays Deadlands maps with their Western features inert: no beast on Frag's path."""
    frag = WEST_FRAG
    table = Table(game_from(frag), [default_look(n) for n in range(2)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        _screen(app).map.move_cursor_to((4, 8))
        await pilot.pause()
        assert "1 movement" in _line(app) and "Accuracy check" not in _line(app)


async def test_a_square_decision_is_answered_with_the_map_cursor(decisions: None) -> None:
    """D-GAL-01: the attacker picks the gallows square on the map: marked, the cursor on it, Enter takes it."""
    game = west()
    squares = [Square(14, 14), Square(20, 3)]
    game.state.pending.append(GallowsPick(player=0, squares=squares))
    table = Table(game, [default_look(n) for n in range(3)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        assert not isinstance(app.screen, ChoiceDialog), "no list of squares: the map is the choice"
        assert set(screen.map.marks("target")) == {(14, 14), (20, 3)}
        assert screen.map.cursor == (14, 14)
        assert "Enter: choose the gallows square here" in _line(app)
        screen.map.move_cursor_to((15, 14))
        await pilot.pause()
        assert "choose the gallows square: a marked square, then Enter" in _line(app)
        await pilot.press("enter")
        await pilot.pause()
        assert CHOSEN == [] and game.state.pending, "not a marked square: nothing chosen"
        assert screen.map.cursor == (15, 14)
        screen.map.move_cursor_to((20, 3))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert [Square(20, 3)] == CHOSEN and not game.state.pending
        assert screen.map.marks("target") == {}


async def test_a_window_of_a_new_kind_is_handed_to_its_holder(decisions: None) -> None:
    """D-FTR-06 (a window after a roll for the Saloon Gal), D-SHOOT-02 (a shootout asked of the holder): a
    decision of a new kind goes through the hand-off, in its own words, then its dialog to the holder."""
    game = west()
    game.state.pending.append(ExtraDie(player=1))
    table = Table(game, [default_look(n) for n in range(3)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen) and handoff.seat == 1
        assert "Bob may add a die to the roll." in handoff.why
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert str(dialog.title_text) == "add a die to the roll?"
        assert [action for _, action in dialog.options] == [Pass()]
        await pilot.press("enter")
        await pilot.pause()
    assert not game.state.pending


class _Offering:
    """The west game with a Huckster-style Cheatin' offered besides the rules' own actions (a Cheat paid with
    cards, which the Operative has not, so that the interface is seen to word any payment), the actions
    taken kept instead of applied."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.game = west()
        self.taken: list[Action] = []
        own = self.game.legal_actions
        assert HoldAttack() in own(), "D-SHOOT-01: the shootouts part offers the hold"
        extra: list[Action] = [Cheat(cards=("six-gun#1", "lucky-charm#1")), Cheat(cards=("joker#1",))]
        monkeypatch.setattr(self.game, "legal_actions", lambda seat=None: [*own(seat), *extra])
        self.table = Table(self.game, [default_look(n) for n in range(3)])
        self.table.unlock(0)
        monkeypatch.setattr(self.table, "act", lambda action, seat=None: self.taken.append(action) or [])


async def test_hold_and_cheat_have_keys_and_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """D-SHOOT-01 (a key holds an attack), D-FTR-04 (Cheatin' as an action, paid with cards, in words)."""
    offering = _Offering(monkeypatch)
    app = FragApp(offering.table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        assert {"hold", "cheat"} <= screen._footer_keys()
        await pilot.press("s")
        await pilot.pause()
        assert offering.taken == [HoldAttack()], "one way to hold: taken at once"
        await pilot.press("v")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [str(label) for label, _ in dialog.options] == [
            "Cheat (Agency Operative): discard 10♥ Six-Gun and A♠ Lucky Charm",
            "Cheat (Agency Operative): discard Joker",
        ]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert offering.taken[-1] == Cheat(cards=("joker#1",))


async def test_the_palette_offers_the_actions_no_key_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    offering = _Offering(monkeypatch)
    app = FragApp(offering.table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"lucky")
        await pilot.pause(0.3)
        found = app.screen.query_one(CommandList)
        offered = [str(option.prompt).splitlines()[0] for option in found.options]
        assert offered[0] == "Cheat (Agency Operative): discard 10♥ Six-Gun and A♠ Lucky Charm"
        await pilot.press("enter")
        await pilot.pause()
        assert offering.taken == [Cheat(cards=("six-gun#1", "lucky-charm#1"))]
        await pilot.press("ctrl+p", *"shootout")
        await pilot.pause(0.3)
        offered = [str(option.prompt).splitlines()[0] for option in app.screen.query_one(CommandList).options]
        assert "Hold an attack for a shootout (s)" in offered


async def test_the_help_lists_the_keys_of_these_rules() -> None:
    """Frag Deadlands' turn allows holding an attack and Cheatin': the help says which keys do them."""
    table = Table(west(), [default_look(n) for n in range(3)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert "[b]Keys of these rules[/b]" in help_screen.text
        assert "s                  hold an attack for a shootout" in help_screen.text
        assert "v                  Cheatin': your fighter's ability" in help_screen.text


async def test_a_shootout_is_asked_of_the_holder_through_the_hand_off() -> None:
    """D-SHOOT-02: Ann steps in front of Bob, who holds an attack: the keyboard goes to Bob, who is asked in
    the shootout's words, with what was declared; he lets her pass, the log says so, and Ann plays on."""
    from tests.rules.deadlands.test_shootouts import mover_and_holder

    game = mover_and_holder(at="1,1")
    table = Table(game, [default_look(n) for n in range(2)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        screen.act(next(a for a in game.legal_actions() if str(a) == "step e"))
        await pilot.pause()
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen) and handoff.seat == 1
        assert handoff.why == "Bob decides on a shootout."
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert str(dialog.title_text).startswith("Ann passes in front of you: open a shootout")
        labels = [str(label) for label, _ in dialog.options]  # (the attack with its odds: test_shootout_odds.py)
        assert labels[0] == "Pass" and labels[1].startswith("Attack Ann with Revolver · range 2 · hit ")
        assert len(labels) == 2
        assert "Bob holds an attack; Ann passes in front of him." in str(dialog.detail)
        await pilot.press("enter")  # Pass, first: Enter alone answers the window
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0
        log = [event.text for event in screen.events]
        assert "Bob lets Ann pass (the attack stays held)" in log
        assert game.state.players[1].markers.held_attack


async def test_the_saloon_gal_is_offered_her_extra_die_after_her_roll() -> None:
    """D-FTR-06: after her movement roll, her Cheatin' window: the roll in its title, a card from hand for
    one more die in the ability's words; she takes it and moves 9."""
    from tests.rules.deadlands.test_fighters_saloon_gal import moving

    game = moving("[2, 3, 4]")
    table = Table(game, [default_look(n) for n in range(2)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert "add one die to your roll (movement (2 Speed dice): 2+3 = 5)" in str(dialog.title_text)
        assert [str(label) for label, _ in dialog.options] == [
            "Pass",
            "Cheat (Saloon Gal): discard Medpack to add one die to the roll",
        ]
        assert "The roll: movement (2 Speed dice): 2+3 = 5" in str(dialog.detail)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert game.state.turn.movement == 9
        assert "Ann: movement (2 Speed dice): 2+3+4 = 9" in [event.text for event in _screen(app).events]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_attacker_hangs_his_victim_on_the_gallows_square_he_picks_on_the_map(size: tuple[int, int]) -> None:
    """D-GAL-01: Ann's hard blow frags Bob; she picks the gallows square with the cursor and Enter; Bob hangs
    there (the map marks him, the log says so)."""
    from tests.rules.deadlands.test_western import yard

    game = yard([6, 6, 6, 1, 1, 6, 6])
    game.play(["attack 1 pistol", "pass", "pass"])
    table = Table(game, [default_look(n) for n in range(2)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = _screen(app)
        assert not isinstance(app.screen, ChoiceDialog)
        assert set(screen.map.marks("target")) == {(3, 1), (3, 3)}
        assert "Enter: choose the gallows square to hang Bob on here" in _line(app)
        assert "Esc" not in _line(app), "a hard blow hangs him: no pass"
        await pilot.press("escape")
        await pilot.pause()
        assert game.state.pending, "Esc does not answer a forced choice"
        screen.map.move_cursor_to((3, 3))
        await pilot.press("enter")
        await pilot.pause()
        bob = game.state.players[1]
        assert bob.markers.hanged and str(bob.square) == "3,3"
        assert screen.map.marks("fighters")[(3, 3)].style.bgcolor is not None
        assert any(event.kind.value == "Hanged" for event in screen.events)
        hanged = next(event for event in screen.events if event.kind.value == "Hanged")
        assert "Bob" in hanged.text


async def test_the_indian_brave_may_be_spared_with_esc() -> None:
    """D-FTR-07: whoever frags the Indian Brave *may* hang him: Esc passes, and he is spared."""
    from tests.rules.deadlands.test_western import yard

    game = yard([6, 6, 6, 1, 1, 2, 2], bob="indian-brave")
    game.play(["attack 1 pistol", "pass", "pass"])
    table = Table(game, [default_look(n) for n in range(2)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Esc: pass" in _line(app)
        await pilot.press("escape")
        await pilot.pause()
    bob = game.state.players[1]
    assert not game.state.pending and not bob.markers.hanged and bob.square is None


HUCKSTER = """
ruleset = "deadlands"
map = "desert"
phase = "action"
movement = 2
discards.hexes = ["brimstone-bolt"]

[[fighter]]
name = "Ann"
character = "huckster"
at = "3,8"
hand = ["quick-draw", "duck-and-cover"]

[[fighter]]
name = "Bob"
character = "agency-operative"
at = "20,20"
"""


async def test_the_hucksters_swap_is_worded_and_taken_with_v() -> None:
    """D-FTR-04: the Huckster discards two cards for the top hex of the discard pile: `v`, in his words, and
    the hex on top shown with its suit and rank under his hand."""
    game = game_from(HUCKSTER)
    table = Table(game, [default_look(n) for n in range(2)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        hand = str(screen.query_one("#hand", Static).render())
        top = game.cards["brimstone-bolt#1"]
        assert top.face is not None and f"Hexes: {top.face} Brimstone Bolt" in hand
        assert "cheat" in screen._footer_keys()
        await pilot.press("v")  # one way to pay (two cards, two in hand): taken at once
        await pilot.pause()
    assert game.state.players[0].hand == ["brimstone-bolt#1"]
    label = str(game.log[-1].action)
    assert label == "cheat quick-draw#1 duck-and-cover#1"


async def test_the_game_over_screen_names_each_players_fighter() -> None:
    from textual.app import App
    from textual.widgets import DataTable

    from fragtui.engine.rulesets import find_ruleset
    from fragtui.tui.frag.game_over import GameOverScreen

    view = west().view(None).model_copy(update={"winner": 0})
    looks = [default_look(n) for n in range(3)]

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(GameOverScreen(view, looks, "saved", find_ruleset("deadlands").roster()))

    app = Host()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        winner = str(app.screen.query_one("#winner", Static).render())
        assert winner.startswith("@ Ann, the Agency Operative, wins with 0 frags")
        table = app.screen.query_one(DataTable)
        assert str(table.get_cell_at((1, 0))).endswith("(Huckster)")


async def test_the_gallows_square_may_be_chosen_by_name_in_the_palette() -> None:
    """D-GAL-01: the palette lists each gallows square; choosing one hangs him there and clears the marks."""
    from tests.rules.deadlands.test_western import yard

    game = yard([6, 6, 6, 1, 1, 6, 6])
    game.play(["attack 1 pistol", "pass", "pass"])
    table = Table(game, [default_look(n) for n in range(2)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"square 3,1")
        await pilot.pause(0.3)
        offered = [str(option.prompt).splitlines()[0] for option in app.screen.query_one(CommandList).options]
        assert offered[0] == "Choose the square 3,1"
        await pilot.press("enter")
        await pilot.pause()
        assert str(game.state.players[1].square) == "3,1" and game.state.players[1].markers.hanged
        assert _screen(app).map.marks("target") == {} and not _screen(app).square_choice
