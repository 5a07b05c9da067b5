"""Frag's turn is asked of a turn policy (F-TURN-01, F-SETUP-03): another policy plugs in, Frag's rules unchanged.

`ClassicTurn` is the rulebook's turn, held by Frag's and Frag Deadlands' rules. `SprintTurn`, defined here, is
another one — every fighter gets 2 movement points and 1 attack whatever he rolls and whatever his Accuracy,
and turns pass in reverse seat order — and `SprintFrag` / `SprintDeadlands` are Frag and Frag Deadlands with
nothing changed but the policy they hold (`turn_policy_type`): no method of Frag's movement, combat, cards or
leftovers is overridden, yet the game plays by the other turn, through `Game`, with scripted dice, and the
random-game harness finds every promise of Frag's rules kept under it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from fragtui.content.library import new_game
from fragtui.engine.actions import Step
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.rules import DeadlandsRules
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.frag.actions import Attack
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.frag.turn_policy import ClassicTurn
from fragtui.engine.game import Game
from fragtui.engine.harness import play_random_game
from fragtui.engine.rulesets import _REGISTRY as REGISTRY
from fragtui.engine.rulesets import register_ruleset
from fragtui.errors import IllegalActionError
from tests.conftest import game_from

SPRINT_MOVEMENT = 2
"""Movement points `SprintTurn` grants every fighter, whatever he rolled."""
SPRINT_ATTACKS = 1
"""Attacks `SprintTurn` grants every fighter, whatever his Accuracy."""


class SprintTurn(ClassicTurn):
    """A test turn: 2 movement points and 1 attack for everyone, turns passing in reverse seat order."""

    __slots__ = ()

    def start_actions(self, seat: int, movement: int, attacks: int) -> None:
        super().start_actions(seat, SPRINT_MOVEMENT, SPRINT_ATTACKS)

    def count_movement(self, seat: int, points: int) -> None:
        """A roll counted again (the Saloon Gal's extra die) changes nothing: the turn grants 2 regardless."""

    def end(self, seat: int) -> int:
        super().end(seat)
        return (seat - 1) % len(self.rules.state.players)


class SprintFrag(FragRules):
    """Frag played by `SprintTurn`: the policy is the only difference."""

    key = "test-sprint-frag"
    title = "Frag, sprint turns (test)"
    turn_policy_type = SprintTurn


class SprintDeadlands(DeadlandsRules):
    """Frag Deadlands played by `SprintTurn`: the same policy, composed with Deadlands' rules."""

    key = "test-sprint-deadlands"
    title = "Frag Deadlands, sprint turns (test)"
    turn_policy_type = SprintTurn


@pytest.fixture
def sprint() -> Iterator[None]:
    """The sprint rulesets, registered for one test only (the registry is left as it was)."""
    for cls in (SprintFrag, SprintDeadlands):
        register_ruleset(cls)
    yield
    for cls in (SprintFrag, SprintDeadlands):
        del REGISTRY[cls.key]


def _three_fighters(ruleset: str) -> Game:
    """Ann (Accuracy 3: 2 attacks a turn in Frag) in sight of Bob, Cy out of the way; Ann rolls 6 and 6."""
    return game_from(f"""
        ruleset = "{ruleset}"
        dice = [6, 6, 1, 1, 1, 3, 3, 2, 2]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        [[fighter]]
        name = "Cy"
        at = "10,1"
    """)


def _turns_begun(events: list[Event]) -> list[int]:
    return [event.player for event in events if event.kind is CommonEventKind.TURN_BEGAN and event.player is not None]


def test_frag_and_deadlands_ask_the_classic_turn__F_TURN_01() -> None:
    """Both rulebooks' rules hold the rulebook's turn; each game makes its own."""
    game = _three_fighters("frag")
    assert FragRules.turn_policy_type is ClassicTurn and DeadlandsRules.turn_policy_type is ClassicTurn
    assert type(game.rules.turn_policy) is ClassicTurn and game.rules.turn_policy.rules is game.rules
    game.play(["roll"])
    assert game.view(0).movement == 12 and game.view(0).attacks == 2
    game.play(["end"])
    assert game.state.turn.active == 1  # clockwise: Bob after Ann (F-SETUP-03)


def test_another_turn_policy_plays_frag_s_rules_by_its_own_turn__F_TURN_01(sprint: None) -> None:
    """The same position as above under `SprintTurn`: Ann's 6 and 6 give her 2 points, her Accuracy 3 one
    attack; Frag's movement and combat spend them and refuse what is not left; Cy plays after her, then Bob."""
    game = _three_fighters(SprintFrag.key)
    assert type(game.rules.turn_policy) is SprintTurn
    events = game.play(["roll"])
    assert [event.amount for event in events if event.kind is FragEventKind.MOVEMENT_ROLLED] == [SPRINT_MOVEMENT]
    assert "Ann has 2 movement points" in [event.text for event in events]
    view = game.view(0)
    assert (view.movement, view.attacks) == (SPRINT_MOVEMENT, SPRINT_ATTACKS)

    game.play(["attack 1 pistol"])  # 3 to hit at range 4: a miss, and her one attack is spent
    assert not any(isinstance(action, Attack) for action in game.legal_actions())
    with pytest.raises(IllegalActionError, match="no attacks left"):
        game.play(["attack 1 pistol"])

    game.play(["step e", "step e"])
    assert game.view(0).movement == 0
    assert not any(isinstance(action, Step) for action in game.legal_actions())
    with pytest.raises(IllegalActionError, match="no movement points left"):
        game.play(["step e"])

    events = game.play(["end"])
    assert _turns_begun(events) == [2]  # Cy, not Bob: reverse seat order
    events = game.play(["roll", "end"])
    assert game.view(2).movement == 0 and _turns_begun(events) == [1]  # then Bob
    events = game.play(["roll", "end"])
    assert _turns_begun(events) == [0]
    assert game.state.dice.script == ()


def test_a_policy_is_kept_in_the_state_alone__F_TURN_01(sprint: None) -> None:
    """A policy keeps nothing of its own: a game under another policy saves, loads and replays as any other."""
    game = _three_fighters(SprintFrag.key)
    game.play(["roll", "step e", "end"])
    again = Game.from_state(game.state.model_copy(deep=True), board=game.board, cards=game.cards)
    assert type(again.rules) is SprintFrag and again.state == game.state
    assert again.legal_actions() == game.legal_actions()
    assert game.replay().state == game.state


@pytest.mark.parametrize(("rules", "players"), [(SprintFrag, 3), (SprintFrag, 4), (SprintDeadlands, 4)])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_under_another_policy_keep_every_promise__F_TURN_01(
    sprint: None, rules: type[FragRules], players: int, seed: int
) -> None:
    """Random games of Frag and of Frag Deadlands under `SprintTurn`, every invariant checked after every
    action: turns pass in reverse seat order, and every roll for movement gives 2 points."""
    rng = random.Random(seed)
    config = make_config(ruleset=rules.key, map="pocket", seats=rules.random_seats(rng, players), frag_target=3)
    game = new_game(config, seed)
    report = play_random_game(game, rng, max_actions=3_000)
    begun = _turns_begun(report.events)
    assert len(begun) > players
    assert all(after == (before - 1) % players for before, after in itertools.pairwise(begun))
    rolled = [event.amount for event in report.events if event.kind is FragEventKind.MOVEMENT_ROLLED]
    assert rolled and set(rolled) == {SPRINT_MOVEMENT}
