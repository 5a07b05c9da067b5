"""The proof that a rule system plugs in without a line of shared code changed for it (issue 32).

`Throws` — rock, paper, scissors played for points — is defined here, in this test file, whole: its state
(`ThrowsState`, the kernel's `GameState` with its own fields), its action (`Throw`, registered with its own
notation), its view (`ThrowsTable` in `PlayerView.table`), its turn (one phase, "throw") and its rules. Every
seat throws at once, in secret (`fragtui.engine.choices.SimultaneousChoice`); when all are in, the throws are
shown and each seat scores a point for every other seat's throw his beats; the first to `TARGET` points alone
wins. It is then played through everything the shipped systems are: `Game` (many deciders, in any order), the
random-game harness, a save written, loaded and replayed, the bots, the hot-seat table with a person and a
computer, the Textual app's generic screen, and an SSH table where two OpenSSH clients throw at once
(`tests/serve/test_ssh_new_ruleset.py`, whose server calls `register()` in its own process).

It registers itself only for the tests that use it (`throws` fixture) and is taken out after, so that the tests
enumerating every ruleset (the determinism pins) never see it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from random import Random
from typing import ClassVar, Literal, Self

import pytest
from pydantic import BaseModel, ConfigDict, Field

from fragtui.bots import BotWindow, make_bot
from fragtui.content.library import board_named, card_set
from fragtui.engine import rulesets
from fragtui.engine.actions import Action, ActionModel, forget_action, parse_action, register_action
from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet
from fragtui.engine.choices import SimultaneousChoice
from fragtui.engine.config import GameConfig, make_config
from fragtui.engine.dice import Dice
from fragtui.engine.events import CommonEventKind
from fragtui.engine.game import Game, state_hash
from fragtui.engine.harness import play_random_game
from fragtui.engine.rulesets import Ruleset, register_ruleset
from fragtui.engine.state import GameState, Player
from fragtui.engine.turn_structure import PhaseSpec, TurnStructure
from fragtui.engine.view import PlayerView
from fragtui.errors import IllegalActionError
from fragtui.saves.format import SeatLook, game_from_save, parse_save, save_of
from fragtui.saves.loading import load_game
from fragtui.saves.store import write_save
from fragtui.table import Table

KEY = "throws"
TARGET = 3
"""Points that win."""
SIGNS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
"""What each sign beats."""


@register_action
class Throw(ActionModel):
    """A seat's throw for the round: rock, paper or scissors."""

    kind: Literal["throw"] = "throw"
    sign: Literal["rock", "paper", "scissors"]
    """What he throws."""

    def __str__(self) -> str:
        return f"throw {self.sign}"

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        if head == "throw" and len(rest) == 1 and rest[0] in SIGNS:
            return cls(sign=rest[0])  # type: ignore[arg-type]
        return None


THROWS = tuple(Throw(sign=sign) for sign in SIGNS)  # type: ignore[arg-type]


class ThrowsState(GameState):
    """The kernel's state with what the game keeps: this round's throws (secret until all are in) and the score."""

    throws: list[str | None] = Field(default_factory=list)
    """Each seat's throw this round, None until he has thrown."""
    points: list[int] = Field(default_factory=list)
    """Each seat's points."""
    last: list[str] = Field(default_factory=list)
    """The throws of the last round shown (public)."""


class ThrowsTable(BaseModel):
    """The game as one seat sees it: the scores, the last round shown, his own throw; never another's."""

    model_config = ConfigDict(frozen=True)

    points: tuple[int, ...]
    """Each seat's points."""
    last: tuple[str, ...]
    """The last round's throws, shown."""
    mine: str | None
    """The viewer's throw this round, once made (None for a spectator, or before he throws)."""


class Round(SimultaneousChoice):
    """Every seat throws at once; the throws are shown together."""

    what: ClassVar[str] = "a throw"

    def seats(self, rules: Ruleset) -> Sequence[int]:
        return range(len(rules.state.players))

    def has_chosen(self, rules: Ruleset, seat: int) -> bool:
        return _state(rules).throws[seat] is not None

    def options(self, rules: Ruleset, seat: int) -> Sequence[Action]:
        return THROWS

    def choose(self, rules: Ruleset, seat: int, action: Action) -> None:
        assert isinstance(action, Throw)
        _state(rules).throws[seat] = action.sign
        rules.emit(CommonEventKind.CARD_PLAYED, f"{rules.name(seat)} throws", secret_for=seat,
                   private_text=f"You throw {action.sign}")  # fmt: skip

    def reveal(self, rules: Ruleset) -> None:
        state = _state(rules)
        throws = [sign for sign in state.throws if sign is not None]
        for seat, sign in enumerate(throws):
            state.points[seat] += sum(BEATS[sign] == other for other in throws)
        shown = ", ".join(f"{rules.name(seat)} {sign}" for seat, sign in enumerate(throws))
        rules.emit(CommonEventKind.INITIATIVE, f"Shown: {shown}")
        state.last = throws
        state.throws = [None] * len(throws)
        best = max(state.points)
        leaders = [seat for seat, points in enumerate(state.points) if points == best]
        if best >= TARGET and len(leaders) == 1:
            state.winner = leaders[0]
            state.turn.phase = "over"
            rules.emit(CommonEventKind.WON, f"{rules.name(leaders[0])} wins with {best} points", player=leaders[0])
        else:
            state.turn.number += 1


def _state(rules: Ruleset) -> ThrowsState:
    assert isinstance(rules.state, ThrowsState)
    return rules.state


class ThrowsRules(Ruleset):
    """Rock, paper, scissors for points: the whole rule system."""

    key = KEY
    title = "Throws"
    summary = "rock, paper, scissors for points, everyone at once"
    maps_for = frozenset({"frag"})
    state_type = ThrowsState
    frag_target_played = False
    turn_structure = TurnStructure(
        phases=(
            PhaseSpec(name="throw", title="throw", allows=(Throw,), refusal="{who} may only throw now"),
            PhaseSpec(name="over", title="the game is over", refusal="the game is over"),
        )
    )
    _ROUND = Round()

    @classmethod
    def initial_state(cls, config: GameConfig, dice: Dice, board: Board, cards: CardSet) -> GameState:
        seats = len(config.seats)
        state = ThrowsState(
            config=config,
            players=[Player(name=seat.name) for seat in config.seats],  # (the kernel's: a name, nothing of Frag's)
            dice=dice.state,
            throws=[None] * seats,
            points=[0] * seats,
        )
        state.turn.phase = "throw"
        state.turn.number = 1
        return state

    def start(self) -> None:
        self.emit(CommonEventKind.TURN_BEGAN, "Round 1: everyone throws")

    @classmethod
    def random_seats(cls, rng: Random, players: int) -> list[dict[str, object]]:
        return [{"name": f"P{n + 1}", "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in range(players)]

    @classmethod
    def card_folders(cls, options: object) -> tuple[str, ...]:  # type: ignore[override]
        return ()  # (no cards: the content library loads an empty set for its saves)

    @property
    def over(self) -> bool:
        return self.state.turn.phase == "over"

    def choice(self) -> SimultaneousChoice | None:
        return None if self.over else self._ROUND

    def decider(self) -> int | None:
        waiting = self._ROUND.waiting(self)
        return None if self.over or not waiting else waiting[0]

    def legal_actions(self, moves: list[object]) -> Sequence[Action]:  # type: ignore[override]
        return []  # (every decision of this game is the round's choice: `Round.options`)

    def dispatch(self, seat: int, action: Action, move: object) -> None:  # type: ignore[override]
        raise AssertionError("every action of this game is a throw, which the round takes (`Round.choose`)")

    def view(self, seat: int | None) -> PlayerView:
        state = _state(self)
        return PlayerView(
            me=seat,
            turn_number=state.turn.number,
            active=0,
            phase=state.turn.phase,
            decider=self.decider(),
            decision=None,
            winner=state.winner,
            table=ThrowsTable(
                points=tuple(state.points),
                last=tuple(state.last),
                mine=state.throws[seat] if seat is not None else None,
            ),
        )

    def card_count(self) -> int:
        return 0


def register() -> type[ThrowsRules]:
    """Register the game (and its action) beside the shipped ones, as a system's own module does when imported.

    The fixture calls it for one test; a `fragtui serve` started by a test calls it in its own process
    (`tests/serve/test_ssh_new_ruleset.py`), where it stays until the server stops."""
    rulesets.ruleset_names()  # (the shipped ones first)
    register_ruleset(ThrowsRules)
    register_action(Throw)
    return ThrowsRules


@pytest.fixture
def throws() -> Iterator[type[ThrowsRules]]:
    """The game registered for one test, and taken out after it (its action stays: no other test throws)."""
    yield register()
    rulesets._REGISTRY.pop(KEY, None)


def new_throws(players: int = 2, seed: int = 1) -> Game:
    config = make_config(ruleset=KEY, map="pocket", seats=ThrowsRules.random_seats(Random(0), players))
    return Game.new(config, seed=seed, board=board_named("pocket"), cards=card_set(()))


def test_everyone_throws_at_once_and_nobody_sees_another_throw_first(throws: type[ThrowsRules]) -> None:
    game = new_throws(3)
    assert game.deciders() == (0, 1, 2) and game.decider() == 0
    game.apply(parse_action("throw rock"), seat=2)  # (its own notation, read by the kernel's parser)
    game.apply(Throw(sign="paper"), seat=0)
    assert game.deciders() == (1,)
    bobs = game.view(1)
    assert bobs.table.mine is None and bobs.table.last == () and bobs.choosing is not None
    assert bobs.choosing.words() == "2 of 3 have chosen"
    assert game.view(2).table.mine == "rock" and game.view(None).table.mine is None
    with pytest.raises(IllegalActionError, match="waiting for P2"):
        game.apply(Throw(sign="rock"), seat=0)
    events = game.apply(Throw(sign="scissors"), seat=1)
    assert [event.text for event in events][-1] == "Shown: P1 paper, P2 scissors, P3 rock"
    assert game.state.points == [1, 1, 1] and game.deciders() == (0, 1, 2)


def test_the_first_to_three_points_alone_wins(throws: type[ThrowsRules]) -> None:
    game = new_throws(2)
    for _ in range(3):
        game.apply(Throw(sign="rock"), seat=1)
        game.apply(Throw(sign="scissors"), seat=0)
    assert game.over and game.state.winner == 1 and game.deciders() == () and game.decider() is None


def test_the_random_game_harness_plays_it_to_the_end(throws: type[ThrowsRules]) -> None:
    for seed in range(5):
        game = new_throws(4, seed)
        report = play_random_game(game, Random(seed))
        assert game.over and report.winner is not None
        assert len({entry.seat for entry in game.log[:4]}) == 4


def test_a_game_of_it_saves_loads_and_replays(throws: type[ThrowsRules], tmp_path: object) -> None:
    from pathlib import Path

    game = new_throws(3, seed=4)
    play_random_game(game, Random(4))
    assert [entry.seat for entry in game.log[:3]] != [0, 1, 2] or [e.seat for e in game.log[3:6]] != [0, 1, 2]
    text = save_of(game).model_dump_json()
    loaded = game_from_save(parse_save(text), game.board, game.cards)
    assert state_hash(loaded.state) == state_hash(game.state) and loaded.log == game.log
    path = Path(str(tmp_path)) / "throws.json"
    write_save(save_of(game), path)
    assert state_hash(load_game(path).state) == state_hash(game.state)
    assert state_hash(game.replay().state) == state_hash(game.state)


def test_the_bots_play_every_seat_of_it(throws: type[ThrowsRules]) -> None:
    game = new_throws(3, seed=2)
    bots = [make_bot("heuristic", seed) for seed in range(3)]
    while not game.over:
        for seat in game.deciders():
            game.apply(bots[seat].decide(BotWindow(game, seat)), seat=seat)
    assert game.state.winner is not None


def test_the_hot_seat_table_asks_the_computer_first_and_hands_off_to_the_person(
    throws: type[ThrowsRules], tmp_path: object
) -> None:
    from pathlib import Path

    game = new_throws(2)
    looks = [SeatLook(colour="red", glyph="A"), SeatLook(colour="blue", glyph="B", computer=True)]
    table = Table(game, looks=looks, save_path=Path(str(tmp_path)) / "t.json")
    assert table.bot_seat() == 1  # the computer answers at once, though seat 0 comes first
    table.bot_turn()
    assert game.deciders() == (0,) and table.bot_seat() is None
    table.act(Throw(sign="rock"))
    assert game.log[-1].seat == 0 and game.state.turn.number == 2
    assert (Path(str(tmp_path)) / "t.json").is_file()


async def test_the_app_plays_it_on_the_generic_screen(throws: type[ThrowsRules]) -> None:
    from fragtui.tui.app import FragApp
    from fragtui.tui.dialogs import ChoiceDialog
    from fragtui.tui.generic_screen import GenericScreen

    game = new_throws(2)
    looks = [SeatLook(colour="red", glyph="A"), SeatLook(colour="blue", glyph="B", computer=True)]
    table = Table(game, looks=looks)
    app = FragApp(table=table)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen_stack[-2] if isinstance(app.screen, ChoiceDialog) else app.screen
        assert isinstance(screen, GenericScreen)
        screen.bot_pause = 0.0
        for _ in range(30):  # the computer throws first, then P1 is asked
            if isinstance(app.screen, ChoiceDialog) and game.deciders() == (0,):
                break
            await pilot.pause(0.1)
        assert game.log and game.log[0].seat == 1
        await pilot.press("down", "enter")  # paper
        await pilot.pause()
        assert game.log[1].action == Throw(sign="paper") and game.log[1].seat == 0
        assert game.state.turn.number == 2


async def test_two_people_at_one_keyboard_are_each_handed_it_and_its_help_is_the_generic_one(
    throws: type[ThrowsRules],
) -> None:
    """Two people at one keyboard: each is called behind his own hand-off, named by the table (the game's view has no
    fighters to name him), and `?` over his list shows the help of the rules played (the generic screen's), not
    Frag's; both throws are in, and shown."""
    from fragtui.tui.app import FragApp
    from fragtui.tui.dialogs import ChoiceDialog, HandoffScreen, HelpScreen
    from fragtui.tui.generic_screen import HELP

    game = new_throws(2)
    table = Table(game, looks=[SeatLook(colour="red", glyph="A"), SeatLook(colour="blue", glyph="B")])
    app = FragApp(table=table)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for seat, keys in ((0, ("enter",)), (1, ("down", "down", "enter"))):  # rock, then scissors
            handoff = app.screen
            assert isinstance(handoff, HandoffScreen) and handoff.player == f"P{seat + 1}"
            assert "Pass the keyboard to" in str(handoff.query_one("#handoff-name").render())
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            if seat == 0:
                await pilot.press("question_mark")
                await pilot.pause()
                assert isinstance(app.screen, HelpScreen) and app.screen.text == HELP
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press(*keys)
            await pilot.pause()
        assert [(entry.seat, entry.action) for entry in game.log] == [
            (0, Throw(sign="rock")),
            (1, Throw(sign="scissors")),
        ]
        assert game.state.points == [1, 0] and game.state.last == ["rock", "scissors"]


def test_no_shared_code_names_it() -> None:
    """Nothing outside this file knows the game (the point of the proof)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "fragtui"
    assert not [
        path for path in root.rglob("*.py") if "ThrowsRules" in path.read_text() or '"throws"' in path.read_text()
    ]


def teardown_module() -> None:
    forget_action(Throw)
