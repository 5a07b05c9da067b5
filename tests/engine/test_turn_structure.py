"""The turn's phases as a ruleset's data (F-TURN-01): the phases and the kinds of action each allows.

Base Frag's legal actions and its refusals are driven by `FragRules.turn_structure`; a ruleset that
declares another structure gets other legal actions and other sentences with no rule code changed. Who
acts in a phase is not the structure's to say (Frag's turn policy: tests/rules/frag/test_turn_policy.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from pydantic import TypeAdapter, ValidationError

from fragtui.content.library import new_game
from fragtui.engine.actions import Action, EndTurn, Hop, Jump, Step
from fragtui.engine.config import make_config
from fragtui.engine.frag.actions import (
    Attack,
    Drop,
    DropFlag,
    PickUp,
    PlayCard,
    Respawn,
    RollMovement,
    SpendBlood,
    TakeFlag,
)
from fragtui.engine.frag.rules import FRAG_TURN, FragRules
from fragtui.engine.frag.state import FragTurn, Phase
from fragtui.engine.game import Game
from fragtui.engine.geometry import Move
from fragtui.engine.harness import InvariantError, play_random_game
from fragtui.engine.rulesets import _REGISTRY as REGISTRY
from fragtui.engine.rulesets import Ruleset, register_ruleset
from fragtui.engine.state import GameState
from fragtui.engine.turn_structure import PhaseSpec, TurnStructure
from fragtui.errors import IllegalActionError
from tests.conftest import game_from

SEATS = [
    {"name": "Ann", "fighter": {"health": 2, "speed": 2, "accuracy": 3}},
    {"name": "Bob", "fighter": {"health": 3, "speed": 2, "accuracy": 2}},
    {"name": "Cy", "fighter": {"health": 2, "speed": 3, "accuracy": 2}},
]

HURT_ANN_WITH_BLOOD = """
    dice = [3, 4]
    [[fighter]]
    name = "Ann"
    at = "1,3"
    damage = 1
    blood = 2
    [[fighter]]
    name = "Bob"
    at = "8,8"
"""


def test_frag_declares_its_phases_as_data__F_TURN_01():
    """Set-up, 1 respawn, 2 roll (or a teleport card) before anything else, 3 move/power up/attack (and take up
    or put down keep-away's flag, J-TAG-03), the end."""
    assert FragRules.turn_structure is FRAG_TURN
    assert FRAG_TURN.names == ("setup", "respawn", "roll", "action", "over")
    respawn, roll, action = (FRAG_TURN.phase(name) for name in ("respawn", "roll", "action"))
    assert respawn.allows == (Respawn,)
    assert roll.allows == (RollMovement, PlayCard, SpendBlood)
    kinds = {Step, Jump, Hop, Attack, PlayCard, PickUp, TakeFlag, Drop, DropFlag, SpendBlood, EndTurn}
    assert set(action.allows) == kinds
    assert [FRAG_TURN.phase(name).moves for name in FRAG_TURN.names] == [False, False, False, True, False]
    assert [FRAG_TURN.phase(name).needs_fighter for name in FRAG_TURN.names] == [False, False, True, True, False]
    assert FRAG_TURN.phase("setup").allows == () and FRAG_TURN.phase("over").allows == ()
    with pytest.raises(KeyError):
        FRAG_TURN.phase("segment")


def _random_decisions(seed: int, decisions: int) -> Iterator[tuple[PhaseSpec, list[object], bool]]:
    """The phase, legal actions and whether a decision is pending, at each decision of a random game."""
    game = new_game(make_config(map="pocket", seats=SEATS), seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.decider() is None:
            return
        legal = game.legal_actions()
        yield FRAG_TURN.phase(game.state.turn.phase), list(legal), bool(game.state.pending)
        game.apply(rng.choice(legal))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_legal_actions_of_a_turn_are_of_the_kinds_its_phase_allows__F_TURN_01(seed: int):
    """In every phase of random games, outside pending decisions, each legal action is of a kind the
    phase allows, and moves are offered only in the phase that offers them."""
    seen: set[str] = set()
    for phase, legal, pending in _random_decisions(seed, 600):
        if pending:
            continue
        seen.add(phase.name)
        assert legal, f"no legal action in phase {phase.name}"
        assert all(phase.allows_action(action) for action in legal), (phase.name, legal)
        if not phase.moves:
            assert not any(isinstance(action, Step | Jump | Hop) for action in legal)
    assert {"roll", "action"} <= seen


def test_anything_before_the_roll_is_refused_with_the_phase_s_sentence__F_TURN_01():
    """Phase 2's refusal is the structure's sentence; the state is unchanged."""
    game = game_from(HURT_ANN_WITH_BLOOD)
    before = game.state.model_copy(deep=True)
    sentence = FRAG_TURN.phase("roll").refuse("Ann")
    assert sentence == "Ann must roll for movement (or declare a teleport card) before anything else"
    for notation in ("step n", "end", "attack 1 pistol"):
        with pytest.raises(IllegalActionError) as refused:
            game.play([notation])
        assert str(refused.value).endswith(f"{notation}: {sentence}")
    assert game.state == before


def test_a_respawn_with_a_point_no_card_allows_says_why__F_TURN_01():
    """Phase 1 allows respawning; choosing the point without a card that allows it is refused, saying so."""
    game = game_from("""
        dice = [2]
        phase = "respawn"
        [[fighter]]
        name = "Ann"
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    assert game.legal_actions() == [Respawn()]
    assert "no card lets Ann choose it" in game.why_illegal(Respawn(point=3))
    assert game.why_illegal(RollMovement()) == "roll: Ann's fighter is out of play; Ann must first respawn"


class NoBloodBeforeTheRoll(FragRules):
    """A test-only ruleset: Frag whose phase 2 allows no blood counter (a rule changed by data alone)."""

    key = "test-no-blood-before-the-roll"
    title = "Frag, no blood before the roll (test)"
    turn_structure = TurnStructure(
        phases=tuple(
            PhaseSpec(
                name=spec.name,
                title=spec.title,
                allows=(RollMovement, PlayCard),
                needs_fighter=True,
                refusal="{who} rolls first, blood after",
                rule=spec.rule,
            )
            if spec.name == Phase.ROLL
            else spec
            for spec in FRAG_TURN.phases
        )
    )


@pytest.fixture
def no_blood_before_the_roll() -> Iterator[type[Ruleset]]:
    register_ruleset(NoBloodBeforeTheRoll)
    yield NoBloodBeforeTheRoll
    del REGISTRY[NoBloodBeforeTheRoll.key]


def test_a_ruleset_s_structure_decides_its_legal_actions_and_refusals__F_TURN_01(
    no_blood_before_the_roll: type[Ruleset],
):
    """The same position under Frag and under a structure whose phase 2 leaves blood out: the blood
    counter is offered, then not, and refused with the other structure's sentence."""
    frag = game_from(HURT_ANN_WITH_BLOOD)
    assert frag.legal_actions() == [RollMovement(), SpendBlood()]
    state = frag.state.model_copy(deep=True)
    state.config = state.config.model_copy(update={"ruleset": no_blood_before_the_roll.key})
    changed = Game.from_state(state, board=frag.board, cards=frag.cards)
    assert type(changed.rules) is NoBloodBeforeTheRoll
    assert changed.legal_actions() == [RollMovement()]
    assert changed.why_illegal(SpendBlood()) == "blood: Ann rolls first, blood after"
    changed.play(["roll"])
    assert SpendBlood() in changed.legal_actions()  # phase 3 is Frag's: blood is offered again


def test_a_phase_read_from_json_is_the_declared_name__F_TURN_01():
    """`Turn.phase` keeps serialising as the same strings, and reads back as the ruleset's own name;
    a phase no ruleset declares is refused when read."""
    turns = TypeAdapter(FragTurn)  # (a pydantic dataclass: validated and written by an adapter)
    turn = FragTurn(number=3, active=1, phase=Phase.ACTION, movement=2)
    text = turns.dump_json(turn).decode()
    assert '"phase":"action"' in text
    assert turns.validate_json(text).phase is Phase.ACTION
    with pytest.raises(ValidationError, match="no rule system has a phase called 'segment'"):
        turns.validate_json(text.replace('"action"', '"segment"'))


def test_a_game_s_state_round_trips_with_its_phase__F_TURN_01():
    game = game_from(HURT_ANN_WITH_BLOOD)
    game.play(["roll"])
    again = GameState.model_validate_json(game.state.model_dump_json())
    assert again == game.state and again.turn.phase is Phase.ACTION


def test_two_phases_of_one_name_are_refused():
    roll = FRAG_TURN.phase("roll")
    with pytest.raises(ValueError, match="two phases of one turn are called 'roll'"):
        TurnStructure(phases=(roll, roll))


class EndsBeforeTheRoll(FragRules):
    """A test-only ruleset whose code offers an action its own phase 2 does not allow (a bug to catch)."""

    key = "test-ends-before-the-roll"
    title = "Frag, ending before the roll (test)"

    def legal_actions(self, moves: list[Move]) -> list[Action]:
        actions = super().legal_actions(moves)
        if not self.state.pending and self.state.turn.phase is Phase.ROLL:
            actions.append(EndTurn())
        return actions


def test_the_harness_catches_an_action_its_phase_does_not_allow__F_TURN_01():
    """The random-game harness (every registered ruleset) checks each decision's legal actions against
    the phase: an end of turn offered before the roll is a broken promise, named."""
    register_ruleset(EndsBeforeTheRoll)
    try:
        game = new_game(make_config(ruleset=EndsBeforeTheRoll.key, map="pocket", seats=SEATS), seed=3)
        with pytest.raises(InvariantError, match="end is offered in phase roll"):
            play_random_game(game, random.Random(3), max_actions=200)
    finally:
        del REGISTRY[EndsBeforeTheRoll.key]
