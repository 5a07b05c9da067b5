"""Decisions that describe themselves, and the general response window (issue 14).

Each kind of pending decision is one class (`fragtui.engine.decisions`, Frag's in
`fragtui.engine.frag.decisions`) that says who decides, what he may do, what an action does and
what it is called; the kinds are an open registry, so a ruleset adds its own without editing the
kernel. A response window is a queue of seats who may answer, in order, at points the rules declare;
here a test ruleset (a `FragRules` subclass registered under a test-only name, removed after each
test) opens windows that base Frag leaves shut, and base Frag plays on exactly as before.

The Pocket Arena (maps/pocket.map): open floor at x 1..2, y 2..11; fighters default to Health 2,
Speed 2, Accuracy 3 and the pistol (2 damage dice).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar, Literal, Self

import pytest
from pydantic import ValidationError

from fragtui.content.library import new_game
from fragtui.engine import rulesets
from fragtui.engine.actions import EndTurn
from fragtui.engine.config import make_config
from fragtui.engine.decisions import (
    Decision,
    DecisionKind,
    ResponseWindow,
    WindowContext,
    WindowPoint,
    decision_class,
    forget_decision,
    register_decision,
)
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.frag.actions import RollMovement
from fragtui.engine.frag.decisions import (
    AttackContext,
    Bump,
    ChooseFromPile,
    DiscardDown,
    FragDecisionKind,
    LastChance,
    PlaceFighter,
    React,
)
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.frag.state import Phase
from fragtui.engine.game import Game
from fragtui.engine.harness import play_random_game
from fragtui.engine.rulesets import Ruleset, register_ruleset
from fragtui.engine.state import GameState
from tests.conftest import game_from

# -- a test ruleset that opens the windows base Frag leaves shut ------------------------------------------


class EchoKind(DecisionKind):
    """The decisions only the test ruleset has (a ruleset's kinds subclass the kernel's `DecisionKind`)."""

    ROLL_ANSWER = "test_roll_answer"
    STEP_ANSWER = "test_step_answer"
    STANDOFF = "test_standoff"
    NOTE = "test_note"


class RollAnswer(ResponseWindow):
    """After a movement roll, the other seats may answer (in Deadlands: Saloon Gal's extra die)."""

    kind: Literal[EchoKind.ROLL_ANSWER] = EchoKind.ROLL_ANSWER

    point = WindowPoint.AFTER_ROLL
    label = "answer a roll"
    you = "answer the roll, or pass"
    they = "{name} may answer the roll."
    must = "answer the roll (or pass)"


class StepAnswer(ResponseWindow):
    """After a step, the seat after the mover may answer (in Ruthless: a snap shot)."""

    kind: Literal[EchoKind.STEP_ANSWER] = EchoKind.STEP_ANSWER

    point = WindowPoint.AFTER_STEP
    label = "answer a step"
    you = "answer the step, or pass"
    they = "{name} may answer the step."
    must = "answer the step (or pass)"


class Standoff(ResponseWindow):
    """Before an attack's to-hit, its target may answer first (in Deadlands: a shootout); when the
    window closes the attack goes on where it stopped."""

    kind: Literal[EchoKind.STANDOFF] = EchoKind.STANDOFF
    attacker: int
    """The seat whose attack waits."""
    target: int
    """The seat attacked."""
    weapon: str
    """The weapon declared."""

    point = WindowPoint.BEFORE_ATTACK
    label = "standoff"
    you = "you are attacked: answer first, or pass"
    they = "{name} is attacked and may answer first."
    must = "answer the attack (or pass)"

    @classmethod
    def open(cls, seats: list[int], context: WindowContext, **fields: Any) -> Self:
        assert context.target is not None and context.weapon is not None
        return cls(
            player=seats[0], responders=seats[1:], attacker=context.actor, target=context.target, weapon=context.weapon
        )

    def close(self, rules: Ruleset) -> None:
        assert isinstance(rules, FragRules)
        rules.roll_to_hit(self.attacker, self.target, self.weapon)


class EchoRules(FragRules):
    """Frag, with windows: after a roll every other seat answers, in seat order from the roller's
    left; after a hit the target and then the seat after him; before an attack, the target, and after
    a step the seat after the mover, when `standoff` is set."""

    key = "test-echo"
    title = "Frag with echoes (tests)"
    windows: ClassVar[dict[WindowPoint, type[ResponseWindow]]] = {
        **FragRules.windows,
        WindowPoint.AFTER_ROLL: RollAnswer,
        WindowPoint.AFTER_STEP: StepAnswer,
        WindowPoint.BEFORE_ATTACK: Standoff,
    }
    standoff: ClassVar[bool] = False

    def responders(self, point: WindowPoint, context: WindowContext) -> list[int]:
        seats = len(self.state.players)
        if point is WindowPoint.AFTER_ROLL:
            return [(context.actor + n) % seats for n in range(1, seats)]
        if point is WindowPoint.AFTER_HIT and context.target is not None:
            return [context.target, (context.target + 1) % seats]
        if point is WindowPoint.BEFORE_ATTACK and self.standoff and context.target is not None:
            return [context.target]
        if point is WindowPoint.AFTER_STEP and self.standoff:
            return [(context.actor + 1) % seats]
        return []


class StandoffRules(EchoRules):
    key = "test-standoff"
    standoff = True


@pytest.fixture
def echo() -> Iterator[None]:
    """The test rulesets and their decisions registered for one test, and taken out after it."""
    for ruleset in (EchoRules, StandoffRules):
        register_ruleset(ruleset)
    for decision in (RollAnswer, StepAnswer, Standoff):
        register_decision(decision)
    yield
    for ruleset in (EchoRules, StandoffRules):
        rulesets._REGISTRY.pop(ruleset.key, None)
    for kind in (EchoKind.ROLL_ANSWER, EchoKind.STEP_ANSWER, EchoKind.STANDOFF):
        forget_decision(kind)


THREE = """
dice = DICE
[[fighter]]
name = "Ann"
at = "2,4"
[[fighter]]
name = "Bob"
at = "2,8"
[[fighter]]
name = "Cat"
at = "1,11"
"""
"""Ann's turn, phase 2 (roll for movement), Bob and Cat in play."""


def acting(dice: str) -> str:
    """`THREE` in Ann's phase 3 (move, attack), with these dice."""
    return THREE.replace("DICE", dice).replace("dice", 'phase = "action"\ndice')


def played_by(ruleset: str, scenario: str) -> Game:
    """A scenario's game played by the ruleset called `ruleset` (scenarios set up base Frag)."""
    frag = game_from(scenario)
    if ruleset == "frag":
        return frag
    state = frag.state.model_copy(deep=True)
    state.config = state.config.model_copy(update={"ruleset": ruleset})
    return Game(state, frag.board, frag.cards)


def legal(game: Game) -> list[str]:
    return [str(action) for action in game.legal_actions()]


# -- the response window ----------------------------------------------------------------------------------


def test_a_window_after_the_roll_asks_two_responders_in_order_then_the_turn_goes_on(echo: None) -> None:
    """Ann rolls 3 and 2: Bob, then Cat may answer (each can only pass here); then Ann moves with 5."""
    game = played_by("test-echo", THREE.replace("DICE", "[3, 2]"))
    game.play(["roll"])
    window = game.state.pending[-1]
    assert isinstance(window, RollAnswer)
    assert (game.decider(), window.responders, legal(game)) == (1, [2], ["pass"])
    assert game.state.turn.movement == 5
    assert game.view(0).decision is EchoKind.ROLL_ANSWER
    assert game.why_illegal(EndTurn()) == "end: Bob must first answer the roll (or pass)"
    game.play(["pass"])
    assert (game.decider(), window.responders, legal(game)) == (2, [], ["pass"])
    game.play(["pass"])
    assert not game.state.pending
    assert (game.decider(), game.state.turn.phase, game.state.turn.movement) == (0, Phase.ACTION, 5)


def test_an_open_window_is_saved_with_its_queue_and_loads_through_the_registry(echo: None) -> None:
    """The queue is written while seats are left in it, and a state holding the test's own kind of
    decision loads back into that class (the kernel was not edited to know it)."""
    game = played_by("test-echo", THREE.replace("DICE", "[3, 2]"))
    game.play(["roll"])
    text = game.state.model_dump_json()
    assert '{"player":1,"kind":"test_roll_answer","responders":[2]}' in text
    loaded = GameState.model_validate_json(text)
    assert loaded == game.state and isinstance(loaded.pending[-1], RollAnswer)
    assert loaded.model_dump_json() == text


@pytest.mark.rule("F-META-02")
def test_a_reaction_window_of_two_seats_rolls_the_damage_after_the_last_pass__F_META_02(echo: None) -> None:
    """Ann hits Bob (to-hit 6 6 6): Bob passes, then Cat is asked; only after Cat's pass is the damage
    rolled (Bob's defence 1 1 against the pistol's 2 1: 1 Health lost). A window of one seat (Frag's) is written
    without a queue: the same JSON as before windows had one."""
    game = played_by("test-echo", acting("[6, 6, 6,   1, 1,   2, 1]"))
    game.play(["attack 1 pistol"])
    window = game.state.pending[-1]
    assert isinstance(window, React) and (window.player, window.responders) == (1, [2])
    events = game.play(["pass"])
    assert [e.kind for e in events] == [CommonEventKind.PASSED] and game.decider() == 2
    assert '"responders"' not in game.state.model_dump_json()  # Cat is the last: the queue is empty
    events = game.play(["pass"])
    assert not game.state.pending and game.state.players[1].damage == 1
    assert [e.roll.dice for e in events if e.kind is CommonEventKind.DICE_ROLLED and e.roll] == [(1, 1), (2, 1)]


def test_a_window_before_the_to_hit_roll_lets_the_target_answer_first_then_the_attack_goes_on(echo: None) -> None:
    """With a standoff window (Deadlands' shootout would plug in so), Bob is asked before Ann's to-hit
    dice are rolled; when he passes the attack resumes where it stopped: to-hit, then Bob's reaction."""
    game = played_by("test-standoff", acting("[6, 6, 6]"))
    events = game.play(["attack 1 pistol"])
    assert isinstance(game.state.pending[-1], Standoff) and game.decider() == 1
    assert not [e for e in events if e.kind is CommonEventKind.DICE_ROLLED]
    events = game.play(["pass"])
    assert [e.kind for e in events if e.kind is CommonEventKind.HIT] == [CommonEventKind.HIT]
    assert isinstance(game.state.pending[-1], React) and game.decider() == 1


@pytest.mark.parametrize("ruleset", ["test-echo", "test-standoff"])
def test_random_games_with_windows_at_every_point_keep_every_promise(echo: None, ruleset: str) -> None:
    """The random-game harness plays the test rulesets to a winner (windows after rolls, steps and
    hits, before attacks, with one to five responders), then replays the log and round-trips the state."""
    rng = random.Random(f"windows/{ruleset}")
    config = make_config(ruleset=ruleset, map="pocket", frag_target=1, seats=FragRules.random_seats(rng, 4))
    game = new_game(config, seed=rng.getrandbits(32))
    opened: set[str] = set()

    def note(_events: list[Event]) -> None:
        if game.state.pending:
            opened.add(game.state.pending[-1].kind)

    report = play_random_game(game, rng, on_events=note)
    assert report.winner is not None
    assert {EchoKind.ROLL_ANSWER, FragDecisionKind.REACT} <= opened
    if ruleset == "test-standoff":
        assert {EchoKind.STEP_ANSWER, EchoKind.STANDOFF} <= opened
    assert game.replay().state == game.state
    assert GameState.model_validate_json(game.state.model_dump_json()) == game.state


@pytest.mark.rule("F-META-02")
def test_base_frag_opens_only_the_reaction_window__F_META_02() -> None:
    """Base Frag: nobody answers a roll or an attack before its to-hit; after a hit the target alone."""
    rules = game_from(THREE.replace("DICE", "[]")).rules
    assert isinstance(rules, FragRules)
    for point in WindowPoint:
        context = WindowContext(actor=0, target=1, weapon="pistol")
        assert rules.responders(point, context) == ([1] if point is WindowPoint.AFTER_HIT else [])
    game = game_from(THREE.replace("DICE", "[3, 2]"))
    game.play(["roll"])
    assert (game.state.pending, game.decider(), game.state.turn.movement) == ([], 0, 5)


# -- decisions that describe themselves ------------------------------------------------------------------

FRAG_DECISIONS: dict[str, type[Decision]] = {
    "place": PlaceFighter,
    "react": React,
    "last_chance": LastChance,
    "choose_from_pile": ChooseFromPile,
    "bump": Bump,
    "discard_down": DiscardDown,
}


def test_each_frag_decision_is_one_registered_class_of_a_typed_kind_with_the_old_json_name() -> None:
    assert {kind.value for kind in FragDecisionKind} == set(FRAG_DECISIONS)
    for name, cls in FRAG_DECISIONS.items():
        kind = FragDecisionKind(name)
        assert decision_class(name) is cls and cls.model_fields["kind"].default is kind
        assert all((cls.label, cls.you, cls.they, cls.must))
        assert cls.situation("Bob").startswith("Bob") and cls.duty("Bob").startswith("Bob must first ")


def test_every_frag_decision_is_written_exactly_as_before_and_loads_into_its_class() -> None:
    """Byte for byte the JSON the closed union wrote (old saves: tests/saves), read back into its class."""
    hit = AttackContext(attacker=0, target=1, weapon="pistol", damage=2, extra=0)
    written: list[tuple[Decision, str]] = [
        (PlaceFighter(player=1), '{"player":1,"kind":"place"}'),
        (
            React(player=1, attack=hit),
            '{"player":1,"kind":"react","attack":{"attacker":0,"target":1,"weapon":"pistol",'
            '"damage":2,"extra":0,"piercing":false}}',
        ),
        (LastChance(player=1, by=None, cause="acid"), '{"player":1,"kind":"last_chance","by":null,"cause":"acid"}'),
        (ChooseFromPile(player=0, counter=3), '{"player":0,"kind":"choose_from_pile","counter":3}'),
        (Bump(player=2, by=0), '{"player":2,"kind":"bump","by":0}'),
        (DiscardDown(player=0), '{"player":0,"kind":"discard_down"}'),
    ]
    state = game_from(THREE.replace("DICE", "[]")).state
    for decision, text in written:
        state.pending = [decision]
        dumped = state.model_dump_json()
        assert f'"pending":[{text}]' in dumped
        loaded = GameState.model_validate_json(dumped)
        assert type(loaded.pending[0]) is type(decision) and loaded.model_dump_json() == dumped


def test_a_decision_of_a_kind_nobody_registered_is_refused() -> None:
    state = game_from(THREE.replace("DICE", "[]")).state
    data = state.model_dump(mode="json")
    data["pending"] = [{"player": 0, "kind": "ambush"}]
    with pytest.raises(ValidationError, match="unknown decision 'ambush'"):
        GameState.model_validate(data)


def test_a_ruleset_adds_a_kind_of_decision_without_editing_the_kernel() -> None:
    """A kind registered from outside the kernel loads in any state; forgotten, it is refused again."""

    class Note(Decision):
        kind: Literal[EchoKind.NOTE] = EchoKind.NOTE
        text: str
        """What the note says."""
        label = you = they = must = "note"

    register_decision(Note)
    try:
        state = game_from(THREE.replace("DICE", "[]")).state
        state.pending = [Note(player=0, text="hi")]
        loaded = GameState.model_validate_json(state.model_dump_json())
        assert isinstance(loaded.pending[0], Note) and loaded.pending[0].text == "hi"
    finally:
        forget_decision(EchoKind.NOTE)
    with pytest.raises(ValidationError, match="unknown decision"):
        GameState.model_validate_json(state.model_dump_json())


def test_the_view_exports_the_typed_kind_and_refusals_take_the_decisions_words() -> None:
    """Bob is hit: his view says `FragDecisionKind.REACT` (a typed kind, same JSON as the old string), and
    a refusal meanwhile says what he must first do in `React`'s words."""
    game = game_from(acting("[6, 6, 6]"))
    game.play(["attack 1 pistol"])
    view = game.view(1)
    assert view.decision is FragDecisionKind.REACT and isinstance(view.decision, DecisionKind)
    assert '"decision":"react"' in view.model_dump_json()
    assert game.why_illegal(RollMovement()) == f"roll: {React.duty('Bob')}"
    assert React.duty("Bob") == "Bob must first answer a hit (play a reaction card or pass)"


@pytest.mark.rule("F-FRAG-04")
def test_blood_is_offered_at_every_decision_that_allows_it_at_any_time__F_FRAG_04() -> None:
    """Hurt Bob, with a blood counter, is hit: the reaction window offers his blood beside passing
    (`any_time`); the last chance offers blood only when it can save him (`LastChance.any_time` is False)."""
    assert React.any_time and Bump.any_time and DiscardDown.any_time and not LastChance.any_time
    scenario = acting("[6, 6, 6]")
    scenario = scenario.replace('name = "Bob"', 'name = "Bob"\ndamage = 1\nblood = 1')
    game = game_from(scenario)
    game.play(["attack 1 pistol"])
    assert legal(game) == ["pass", "blood"]
