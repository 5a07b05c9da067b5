"""The Saloon Gal's "Cheatin'": one card from hand for one more die on a roll of hers (D-FTR-06).

Ruling D-FTR-06 (docs/rulings.md): the window opens right after each roll of hers that one more die
could change — her movement roll, her to-hit roll that missed by 6 or less, the damage dice of a hit
she made and the defence dice of a hit she took — while her fighter is on the board and she holds a
card; one die per roll; the roll then counts as it stands. Nobody else's roll opens it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from fragtui.content.library import board_named
from fragtui.engine.actions import Pass
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.ability_decisions import ExtraDie, RolledFor
from fragtui.engine.deadlands.actions import Cheat
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.decisions import decision_class
from fragtui.engine.frag.decisions import React
from fragtui.engine.frag.state import Phase
from fragtui.engine.game import Game
from fragtui.engine.harness import check_invariants
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.state import GameState
from fragtui.errors import IllegalActionError
from tests.rules.deadlands.test_fighters import CARDS, deadlands, texts, two


def window(game: Game) -> ExtraDie:
    top = game.state.pending[-1]
    assert isinstance(top, ExtraDie)
    return top


def moving(dice: str, *, hand: str = '["medpack"]', first: str = "saloon-gal", second: str = "huckster") -> Game:
    """Ann (`first`, Speed 2) about to roll for movement, holding `hand`."""
    scenario = two(first, second, dice=dice, ann=f"hand = {hand}").replace('phase = "action"', 'phase = "roll"')
    return deadlands(scenario)


# -- movement ----------------------------------------------------------------------------------------------


def test_she_may_add_a_die_to_her_movement_roll__D_FTR_06() -> None:
    game = moving("[2, 3, 4]")
    game.play(["roll"])
    extra = window(game)
    assert (extra.player, extra.rolled_for) == (0, RolledFor.MOVEMENT)
    assert game.legal_actions() == [Pass(), Cheat(cards=("medpack#1",))]
    assert game.state.turn.movement == 5  # counted already; the window may count it again
    view = game.view(0)
    assert view.decision is DeadlandsDecisionKind.EXTRA_DIE and view.rolled is not None and view.rolled.total == 5
    assert game.view(1).rolled == view.rolled  # public: rolled in front of everyone
    words = decision_class(view.decision)
    assert words.prompt(view) == (
        "Cheatin': discard a card to add one die to your roll (movement (2 Speed dice): 2+3 = 5), or pass"
    )
    assert words.situation("Ann") == "Ann may discard a card to add one die to her roll (Cheatin')."
    events = game.play(["cheat medpack#1"])
    assert game.state.turn.movement == 9 and game.state.turn.phase == Phase.ACTION
    assert game.state.players[0].hand == [] and game.state.decks.discard["gadgets"] == ["medpack#1"]
    assert texts(events) == [
        "Ann cheats (Saloon Gal): discards Medpack to add a die to her roll (movement (2 Speed dice))",
        "Ann: Cheatin': one more die: 4 = 4",
        "Ann: movement (2 Speed dice): 2+3+4 = 9",
        "Ann has 9 movement points",
    ]
    assert not game.state.pending and game.decider() == 0


def test_passing_keeps_the_roll_and_the_card__D_FTR_06() -> None:
    game = moving("[2, 3]")
    game.play(["roll"])
    events = game.play(["pass"])
    assert game.state.turn.movement == 5 and game.state.players[0].hand == ["medpack#1"]
    assert not game.state.pending and not [e for e in events if e.roll]


def test_no_window_without_a_card_in_hand__D_FTR_06() -> None:
    game = moving("[2, 3]", hand="[]")
    game.play(["roll"])
    assert not game.state.pending and game.state.turn.movement == 5


def test_no_window_after_anyone_elses_roll__D_FTR_06() -> None:
    """Bob's movement roll: the Saloon Gal (Bob's rival, holding cards) is not asked."""
    game = moving("[2, 3]", first="huckster", second="saloon-gal")
    game.state.players[1].hand.append("trauma-kit#1")
    game.state.decks.draw["gadgets"].remove("trauma-kit#1")
    game.play(["roll"])
    assert not game.state.pending and game.state.turn.movement == 5


def test_one_die_per_roll__D_FTR_06() -> None:
    """After her die the roll counts: no second window on the same roll, however many cards she holds."""
    game = moving("[1, 1, 6]", hand='["medpack", "trauma-kit"]')
    game.play(["roll", "cheat medpack#1"])
    assert not game.state.pending and game.state.turn.movement == 8
    assert game.state.players[0].hand == ["trauma-kit#1"]


def test_an_illegal_cheat_changes_nothing__D_FTR_06() -> None:
    game = moving("[2, 3]", hand='["medpack", "trauma-kit"]')
    game.play(["roll"])
    before = game.state.model_copy(deep=True)
    for notation in ("cheat shotgun#1", "cheat medpack#1 trauma-kit#1", "cheat"):
        with pytest.raises(IllegalActionError, match="add a die to her roll"):
            game.play([notation])
        assert game.state == before


def test_the_window_is_saved_and_loaded_mid_roll__D_FTR_06() -> None:
    game = moving("[2, 3, 4]")
    game.play(["roll"])
    text = game.state.model_dump_json()
    assert '"kind":"extra_die"' in text
    loaded = GameState.model_validate_json(text)
    assert loaded == game.state and isinstance(loaded.pending[-1], ExtraDie)
    again = Game.from_state(loaded, board=game.board, cards=game.cards)
    again.play(["cheat medpack#1"])
    assert again.state.turn.movement == 9


# -- attacks ---------------------------------------------------------------------------------------------


def test_she_may_add_a_die_to_a_to_hit_roll_that_missed__D_FTR_06() -> None:
    """1+1+1 at range 4 misses by 1: she adds a die (2), hits, and the attack goes on (Bob's reaction,
    then the damage)."""
    game = deadlands(two("saloon-gal", "huckster", dice="[1, 1, 1, 2, 1, 1, 6, 6]", ann='hand = ["medpack"]'))
    game.play(["attack 1 pistol"])
    assert window(game).rolled_for is RolledFor.TO_HIT
    assert game.view(0).rolled is not None and game.view(0).rolled.total == 3
    events = game.play(["cheat medpack#1"])
    assert "Ann hits Bob (rolled 5 against range 4)" in texts(events)
    assert isinstance(game.state.pending[-1], React)
    events = game.play(["pass"])  # Bob plays no reaction: defence 1+1, damage 6+6 (no card left: no window)
    assert any(t.startswith("Bob loses 6 Health to Ann's Derringer") for t in texts(events))


def test_passing_a_missed_to_hit_roll_misses__D_FTR_06() -> None:
    game = deadlands(two("saloon-gal", "huckster", dice="[1, 1, 1]", ann='hand = ["medpack"]'))
    game.play(["attack 1 pistol"])
    events = game.play(["pass"])
    assert "Ann misses Bob (rolled 3 against range 4)" in texts(events)
    assert not game.state.pending and game.state.players[0].hand == ["medpack#1"]


def test_no_window_when_one_die_cannot_change_the_to_hit__D_FTR_06() -> None:
    """A hit needs no die; a miss by 7 or more cannot be helped by one."""
    game = deadlands(two("saloon-gal", "huckster", dice="[2, 2, 2]", ann='hand = ["medpack"]'))
    game.play(["attack 1 pistol"])
    assert isinstance(game.state.pending[-1], React)
    far = two("saloon-gal", "huckster", dice="[1]", ann='hand = ["medpack"]')
    far = (
        far.replace('at = "2,4"', 'at = "2,2"')
        .replace('at = "2,8"', 'at = "2,10"')
        .replace("accuracy = 3", "accuracy = 1", 1)
    )
    game = deadlands(far)
    events = game.play(["attack 1 pistol"])
    assert "Ann misses Bob (rolled 1 against range 8)" in texts(events) and not game.state.pending


def test_she_may_add_a_die_to_her_damage_roll__D_FTR_06() -> None:
    """Damage 6+5 = 11 against defence 3+3 = 6 costs 1 Health; her die (1) makes it 12: 2 Health."""
    game = deadlands(two("saloon-gal", "huckster", dice="[2, 2, 2, 3, 3, 6, 5, 1]", ann='hand = ["medpack"]'))
    game.play(["attack 1 pistol", "pass"])
    extra = window(game)
    assert extra.rolled_for is RolledFor.DAMAGE and extra.hers().total == 11
    events = game.play(["cheat medpack#1"])
    assert "Ann: damage (Derringer, 2 dice): 6+5+1 = 12" in texts(events)
    assert game.state.players[1].damage == 2


def test_no_damage_window_when_one_die_cannot_change_the_health_lost__D_FTR_06() -> None:
    """Damage 1+1 against defence 6+6: even a 6 more (8) costs nothing."""
    game = deadlands(two("saloon-gal", "huckster", dice="[2, 2, 2, 6, 6, 1, 1]", ann='hand = ["medpack"]'))
    game.play(["attack 1 pistol", "pass"])
    assert not game.state.pending and game.state.players[1].damage == 0


def test_she_may_add_a_die_to_her_defence_roll__D_FTR_06() -> None:
    """Bob hits her: defence 1+1 = 2 against damage 6+6 = 12 would cost her 6; her die (6) makes the
    defence 8, and she loses 1."""
    game = deadlands(two("huckster", "saloon-gal", dice="[2, 2, 2, 1, 1, 6, 6, 6]", bob='hand = ["medpack"]'))
    game.play(["attack 1 pistol"])
    assert isinstance(game.state.pending[-1], React) and game.decider() == 1
    game.play(["pass"])  # no reaction card: the defence and damage are rolled
    extra = window(game)
    assert (extra.player, extra.rolled_for) == (1, RolledFor.DAMAGE)
    assert extra.hers().reason == "defence (2 Health dice)" and extra.hers().total == 2
    events = game.play(["cheat medpack#1"])
    assert "Bob: defence (2 Health dice): 1+1+6 = 8" in texts(events)
    assert game.state.players[1].damage == 1


def test_passing_the_defence_window_takes_the_damage__D_FTR_06() -> None:
    game = deadlands(two("huckster", "saloon-gal", dice="[2, 2, 2, 1, 1, 1, 2]", bob='hand = ["medpack"]'))
    game.play(["attack 1 pistol", "pass", "pass"])
    assert game.state.players[1].damage == 1 and game.state.players[1].hand == ["medpack#1"]


def test_no_window_on_an_attack_she_takes_no_part_in__D_FTR_06() -> None:
    """Ann attacks Bob; Cat, the Saloon Gal, holds cards and is not asked at any roll."""
    game = deadlands(
        """
        dice = [1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        character = "huckster"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "2,8"
        [[fighter]]
        name = "Cat"
        character = "saloon-gal"
        at = "10,10"
        hand = ["medpack"]
        """
    )
    events = game.play(["attack 1 pistol"])
    assert "Ann misses Bob (rolled 3 against range 4)" in texts(events) and not game.state.pending


def test_random_games_with_the_saloon_gal_keep_every_promise__D_FTR_06() -> None:
    """Six fighters, random legal actions, every invariant checked after every action: her windows open
    after each kind of roll and are answered both ways, and the games replay exactly."""
    answered: Counter[str] = Counter()
    rolls: Counter[RolledFor] = Counter()
    for seed in range(30):  # (until her window has opened after every kind of roll and been answered both ways)
        if seed >= 3 and set(rolls) == set(RolledFor) and answered["cheat"] and answered["pass"]:
            break
        rng = random.Random(f"saloon-gal/{seed}")
        seats = find_ruleset("deadlands").random_seats(rng, 6)
        config = make_config(ruleset="deadlands", map="town", frag_target=2, seats=seats)
        game = Game.new(config, rng.getrandbits(32), board=board_named("town"), cards=CARDS)
        cards = game.card_count()
        while game.decider() is not None:
            action = rng.choice(game.legal_actions())
            top = game.state.pending[-1] if game.state.pending else None
            before = game.rules.promise_snapshot()
            game.apply(action)
            check_invariants(game, before, cards, action)
            if isinstance(top, ExtraDie):
                answered[action.kind] += 1
                rolls[top.rolled_for] += 1
        assert game.state.winner is not None
        assert game.replay().state == game.state
    assert answered["cheat"] > 0 and answered["pass"] > 0
    assert set(rolls) == set(RolledFor)
