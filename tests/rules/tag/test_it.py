"""Frag Tag's "it" modes: A Turn To Frag (J-TAG-01) and There Shall Be Only One (J-TAG-02), under base Frag
and Frag Deadlands, with scripted dice (tests/rules/tag/common.py sets the games up)."""

from __future__ import annotations

import random

import pytest

from fragtui.content.library import new_game
from fragtui.engine.actions import Pass
from fragtui.engine.config import make_config
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack, RollMovement
from fragtui.engine.frag.effects import Origin
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import Phase
from fragtui.engine.frag.tag import OnlyOne, TurnToFrag
from fragtui.engine.rulesets import find_ruleset
from tests.conftest import kinds
from tests.rules.tag.common import RULESETS, SHOT, shoot_bob, tag_game, texts

# -- both "it" modes: the first "it" ---------------------------------------------------------------------------


@pytest.mark.rule("J-TAG-01")
@pytest.mark.rule("J-TAG-02")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("mode", ["turn-to-frag", "only-one"])
def test_the_first_player_is_it__J_TAG_01(ruleset: str, mode: str) -> None:
    """Ruling J-TAG-01: the first player (rolled for in Frag, drawn for by poker in Frag Deadlands) is "it"
    from the start, and the log says so; every seat's view shows who."""
    rng = random.Random(f"first-it/{ruleset}/{mode}")
    config = make_config(
        ruleset=ruleset,
        map="pocket",
        seats=find_ruleset(ruleset).random_seats(rng, 4),
        options={"objective": mode},
    )
    game = new_game(config, seed=7)
    events = list(game.opening)
    while game.state.turn.number == 0:  # (the Deadlands poker draw and the placements)
        events += game.apply(rng.choice(game.legal_actions()))
    first = game.state.first
    assert game.state.objective is not None and game.state.objective.it == first
    said = [e for e in events if e.kind is FragEventKind.IT]
    assert [(e.text, e.player) for e in said] == [(f'{game.state.players[first].name} is "it"', first)]
    for seat in (None, 0, 1):
        view = game.view(seat).objective
        assert view is not None and (view.mode, view.it, view.target) == (mode, first, 3)


# -- J-TAG-01: A Turn To Frag --------------------------------------------------------------------------------


@pytest.mark.rule("J-TAG-01")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_only_it_scores_frags__J_TAG_01(ruleset: str) -> None:
    """Cat is "it": Ann frags Bob, and nobody gets the frag; Ann still draws her Special (ruling J-TAG-01:
    the frag happened, only its score is withheld), and Cat stays "it"."""
    game = tag_game(ruleset, "turn-to-frag", dice=SHOT, objective='it = "Cat"', cat="9,11")
    events = shoot_bob(game)
    assert "Fragged" in kinds(events) and "FragScored" not in kinds(events)
    assert [p.frags for p in game.state.players] == [0, 0, 0]
    assert any(e.kind is CommonEventKind.CARD_DRAWN and e.player == 0 for e in events)
    assert game.state.objective is not None and game.state.objective.it == 2
    assert "It" not in kinds(events)
    assert 'Ann scores no frag: only "it" scores frags' in texts(events)  # the log says why


@pytest.mark.rule("J-TAG-01")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_fragging_it_makes_you_it_and_that_frag_counts_for_nobody__J_TAG_01(ruleset: str) -> None:
    """Bob is "it": Ann frags him and is "it" now; that frag does not count (her frags stay 0)."""
    game = tag_game(ruleset, "turn-to-frag", dice=SHOT, objective='it = "Bob"')
    events = shoot_bob(game)
    assert game.state.objective is not None and game.state.objective.it == 0
    assert [p.frags for p in game.state.players] == [0, 0]
    assert "FragScored" not in kinds(events)
    it = [e for e in events if e.kind is FragEventKind.IT]
    assert [(e.text, e.player, e.other) for e in it] == [('Ann frags "it" (Bob) and is "it" now', 0, 1)]
    assert game.view(1).objective is not None and game.view(1).objective.it == 0


@pytest.mark.rule("J-TAG-01")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_it_scores_frags_and_wins_at_the_frag_target__J_TAG_01(ruleset: str) -> None:
    """Ann is "it" with 2 frags of 3: her frag of Bob counts, and wins."""
    game = tag_game(ruleset, "turn-to-frag", dice=SHOT, objective='it = "Ann"', ann_extra="frags = 2")
    events = shoot_bob(game)
    assert kinds(events)[-2:] == ["FragScored", "Won"]
    assert events[-1].text == "Ann wins with 3 frags!"
    assert game.state.winner == 0 and game.state.turn.phase is Phase.OVER
    assert isinstance(game.rules.scoring(), TurnToFrag)


# -- J-TAG-02: There Shall Be Only One -------------------------------------------------------------------------


@pytest.mark.rule("J-TAG-02")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_it_has_two_more_on_every_base_attribute__J_TAG_02(ruleset: str) -> None:
    """ "It" (Ann) has +2 Health, Speed and Accuracy (so one more attack a turn, two more defence dice), as
    effects of the mode (`Origin.MODE`) that the stats, the view, the forecast and the movement roll all see;
    Bob has not."""
    plain = tag_game(ruleset, "only-one", objective='it = "Bob"')
    game = tag_game(ruleset, "only-one", dice=[1, 1, 1, 1], objective='it = "Ann"', phase="roll")
    before, after = plain.view(0).fighters[0], game.view(0).fighters[0]
    assert after.max_health == before.max_health + 2 and after.health == before.health + 2
    assert (after.speed, after.accuracy) == (before.speed + 2, before.accuracy + 2)
    assert after.defence_dice == before.defence_dice + 2
    assert after.attacks_per_turn == -(-after.accuracy // 2)
    bob = game.view(0).fighters[1]  # (not "it": his own stats, where "it" had them 2 higher)
    assert (bob.speed, bob.accuracy) == (plain.view(0).fighters[1].speed - 2, plain.view(0).fighters[1].accuracy - 2)
    forecast = plain.forecast(Attack(target=1, weapon="pistol"))  # (at Bob, "it" there: Health 4)
    assert (forecast.defence_dice, forecast.health) == (4, 4)
    sources = [s for s in game.rules.effect_sources(0) if s.origin is Origin.MODE]
    assert len(sources) == 3 and {s.name for s in sources} == {'"it"'}
    events = game.apply(RollMovement())
    assert events[-1].amount == 4 and len(events[-2].roll.dice) == after.speed  # (4 Speed dice of 1)


@pytest.mark.rule("J-TAG-02")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_fragging_it_scores_and_makes_you_it__J_TAG_02(ruleset: str) -> None:
    """Bob is "it" (Health 4, 2 of it lost): Ann's frag of him counts, and she is "it" now, with the +2 (the
    ruling of RULES.md)."""
    game = tag_game(ruleset, "only-one", dice=SHOT, objective='it = "Bob"', bob_extra="damage = 2")
    health = game.rules.max_health(0)
    events = shoot_bob(game)
    assert [p.frags for p in game.state.players] == [1, 0]
    assert "FragScored" in kinds(events) and "It" in kinds(events)
    assert game.state.objective is not None and game.state.objective.it == 0
    assert game.rules.max_health(0) == health + 2
    assert isinstance(game.rules.scoring(), OnlyOne)


@pytest.mark.rule("J-TAG-02")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("it", ["Ann", "Cat"])
def test_only_frags_of_it_count__J_TAG_02(ruleset: str, it: str) -> None:
    """A frag of anyone else counts for nothing, whether "it" (Ann, with 5 Accuracy dice) or another (Cat is
    "it") scores it."""
    dice = [6, 6, *SHOT] if it == "Ann" else SHOT
    game = tag_game(ruleset, "only-one", dice=dice, objective=f'it = "{it}"', cat="9,11")
    events = shoot_bob(game)
    assert "Fragged" in kinds(events) and "FragScored" not in kinds(events)
    assert [p.frags for p in game.state.players] == [0, 0, 0]
    assert game.state.objective is not None and game.state.players[game.state.objective.it].name == it
    assert not any('is "it" now' in text for text in texts(events))
    assert 'Ann scores no frag: only frags of "it" count' in texts(events)


@pytest.mark.rule("J-TAG-01")
@pytest.mark.rule("J-TAG-02")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("mode", ["turn-to-frag", "only-one"])
def test_it_fragged_by_nobody_stays_it__J_TAG_01(ruleset: str, mode: str) -> None:
    """Ruling J-TAG-01: Ann, "it" at Health 1 (3 in There Shall Be Only One, with 3 lost), steps into acid
    and is fragged by it: nobody fragged "it", so she stays "it", and nobody scores."""
    damage = 3 if mode == "only-one" else 1
    game = tag_game(
        ruleset, mode, dice=[6, 6, 6], ann="4,5", movement=1, objective='it = "Ann"', ann_extra=f"damage = {damage}"
    )
    events = game.play(["step e"])
    while game.decider() == 0 and Pass() in game.legal_actions():  # (her last chance: no cure)
        events += game.apply(Pass())
    assert "Ann is fragged by acid!" in texts(events)
    assert "It" not in kinds(events) and "FragScored" not in kinds(events)
    assert game.state.objective is not None and game.state.objective.it == 0
    assert [p.frags for p in game.state.players] == [0, 0]
