"""Real-Time Frag played through `Game` (J-RT-01..10): the `real-time` option of Frag and Frag Deadlands.

Each test sets a position up with a scenario (docs/scenarios.md) whose `options` turn Real-Time Frag on: the
scenario's turn begins at once, its pre-turn rolling initiative (one die each, J-RT-02) and then, in initiative
order, each fighter's Speed dice (J-RT-03) from the scripted dice, so a test's `dice` start with those. The
Pocket Arena: respawn point 1 at 1,1; a gadget power-up at 2,5; acid at 5,5-6,6; the flag square at 6,3.
"""

from __future__ import annotations

from typing import Any

import pytest

from fragtui.engine.actions import Pass, parse_action
from fragtui.engine.board import Direction, Square
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.frag.actions import Attack, PlayCard, Respawn
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import Status
from fragtui.engine.game import Game
from fragtui.engine.realtime.decisions import AnswerFirst, CombatOrders, MovementOrders, PickUpStep, RespawnRoll
from fragtui.engine.realtime.movement import Step
from fragtui.engine.realtime.state import Stage
from fragtui.engine.realtime.turn import RealTimeTurn, RealTimeView, facing_on_arrival, resolve_clashes
from fragtui.errors import IllegalActionError
from tests.conftest import game_from

ANN, BOB, CY = 0, 1, 2
TENS = (1,) * 10
"""The spread of a Speed roll of 10: one point in every segment (J-RT-03)."""


def real_time(body: str, dice: list[int], *, options: str = "", ruleset: str = "frag") -> Game:
    """A Real-Time game of the scenario `body` (its fighters, counters, objective), scripted `dice`."""
    extra = f", {options}" if options else ""
    return game_from(f"""
        ruleset = "{ruleset}"
        options = {{ real-time = true{extra} }}
        dice = {dice}
        {body}
    """)


def clock(game: Game, seat: int | None = None) -> RealTimeView:
    table = game.view(seat).table
    assert isinstance(table, RealTimeView)
    return table


def top(game: Game) -> Any:
    return game.state.pending[-1]


def said(events: list[Event]) -> list[str]:
    return [event.text for event in events]


FACING = """
    [[fighter]]
    name = "Ann"
    at = "2,4"
    markers = {{ facing = "s" }}
    accuracy = {ann_accuracy}
    [[fighter]]
    name = "Bob"
    at = "2,8"
    markers = {{ facing = "n" }}
    accuracy = {bob_accuracy}
"""
"""Ann above Bob in column 2, face to face four squares apart, the gadget power-up (2,5) just ahead of Ann."""


def facing(dice: list[int], *, ann_accuracy: int = 3, bob_accuracy: int = 3, options: str = "") -> Game:
    return real_time(FACING.format(ann_accuracy=ann_accuracy, bob_accuracy=bob_accuracy), dice, options=options)


# -- the pre-turn (J-RT-01..03) ---------------------------------------------------------------------------


def test_the_pre_turn_rolls_initiative_and_speed_in_public_then_segment_one__J_RT_01_J_RT_02_J_RT_03() -> None:
    """Initiative 2 for Ann, 5 for Bob: Bob first. Speed in initiative order: Bob 5+5 = 10, Ann 6+6 = 12, each
    spread by the table (12: 1, 1, 1, 1, 2, 1, 1, 1, 1, 2). Segment 1's Movement step asks both, Bob first."""
    game = facing([2, 5, 5, 5, 6, 6])
    assert type(game.rules.turn_policy) is RealTimeTurn
    seen = clock(game, None)  # (a spectator sees it all: it was rolled in public)
    assert seen.segment == 1 and seen.stage == Stage.MOVEMENT
    assert seen.order == (BOB, ANN)
    assert [f.initiative for f in seen.fighters] == [2, 5]
    assert seen.fighters[BOB].spread == TENS and seen.fighters[ANN].spread == (1, 1, 1, 1, 2, 1, 1, 1, 1, 2)
    assert seen.fighters[ANN].speed_roll == 12 and seen.fighters[ANN].points == 1
    assert isinstance(top(game), MovementOrders) and game.deciders() == (BOB, ANN)
    assert game.state.turn.number == 1


def test_a_fragged_fighter_draws_a_weapon_and_a_gadget_and_respawns_in_the_pre_turn__J_RT_01() -> None:
    game = real_time(
        """
        [[fighter]]
        name = "Ann"
        [[fighter]]
        name = "Bob"
        at = "6,9"
        """,
        [1, 4, 3, 5, 5, 5, 5],
    )
    assert isinstance(top(game), RespawnRoll) and game.decider() == ANN
    assert game.legal_actions() == [Respawn()]
    events = game.apply(Respawn())
    ann = game.state.players[ANN]
    assert len(ann.hand) == 2 and {game.cards[c].deck for c in ann.hand} == {"weapons", "gadgets"}
    assert ann.status is Status.IN_PLAY and ann.square == Square(1, 1)
    assert ann.markers.facing is not None
    assert FragEventKind.RESPAWNED in [event.kind for event in events]
    assert clock(game).order == (ANN, BOB)  # initiative 4 against 3, after the respawn


def test_respawning_onto_another_fighter_frags_both_for_nobody_and_both_sit_the_turn_out__J_RT_01() -> None:
    """Ann rolls respawn point 1, where Bob stands: both are fragged, nobody scores, both skip the turn; Cy plays
    it alone (his Speed the only one rolled)."""
    game = real_time(
        """
        [[fighter]]
        name = "Ann"
        [[fighter]]
        name = "Bob"
        at = "1,1"
        [[fighter]]
        name = "Cy"
        at = "10,10"
        """,
        [1, 2, 3, 6, 5, 5, 5, 5],
    )
    events = game.apply(Respawn())
    players = game.state.players
    assert players[ANN].status is Status.FRAGGED and players[BOB].status is Status.FRAGGED
    assert [p.frags for p in players] == [0, 0, 0]
    assert [p.record.deaths for p in players] == [1, 1, 0]
    assert sum(event.kind is FragEventKind.FRAGGED for event in events) == 2
    assert not any(event.kind is FragEventKind.FRAG_SCORED for event in events)
    seen = clock(game)
    assert seen.fighters[ANN].skipping and seen.fighters[BOB].skipping and not seen.fighters[CY].skipping
    assert seen.fighters[CY].spread == TENS and seen.fighters[ANN].spread == (0,) * 10
    assert game.deciders() == (CY,)  # only Cy orders moves this turn
    assert game.rules.turn_policy.acting() == (CY,)


# -- the segment (J-RT-04) and simultaneous movement --------------------------------------------------------


def test_each_segment_is_movement_then_power_ups_then_combat__J_RT_04() -> None:
    """Ann steps onto the gadget power-up; it is rolled (6: a card) only once every move is carried out, and the
    Combat step is asked after it."""
    game = facing([5, 2, 5, 5, 5, 5, 6])
    events = game.apply(parse_action("step forward"), seat=ANN)
    events += game.apply(Pass(), seat=BOB)
    kinds = [event.kind for event in events]
    moved = kinds.index(CommonEventKind.MOVED)
    power_up = kinds.index(FragEventKind.POWER_UP)
    assert moved < power_up
    assert game.state.players[ANN].square == Square(2, 5)
    assert isinstance(top(game), CombatOrders) and clock(game).stage == Stage.COMBAT
    assert len(game.state.players[ANN].hand) == 1  # the power-up's gadget


def test_nobody_sees_another_s_orders_before_all_are_in__J_RT_04_simultaneous() -> None:
    game = facing([5, 2, 5, 5, 5, 5])
    hidden = {"choosing", "decider"}  # (who has chosen, and so who is asked next, is no secret)
    before = game.view(BOB).model_dump(exclude=hidden)
    spectator = game.view(None).model_dump(exclude=hidden)
    game.apply(Step(way="forward"), seat=ANN)  # type: ignore[arg-type]
    assert game.state.players[ANN].square == Square(2, 4)  # not carried out yet
    assert game.view(BOB).model_dump(exclude=hidden) == before
    assert game.view(None).model_dump(exclude=hidden) == spectator
    choosing = game.view(BOB).choosing
    assert choosing is not None and choosing.chosen == (ANN,) and choosing.waiting == (BOB,)
    assert game.deciders() == (BOB,)
    with pytest.raises(IllegalActionError):
        game.apply(Pass(), seat=ANN)  # (she has ordered all her point allows: she is done)


def test_two_fighters_ordered_into_one_square_the_first_in_initiative_takes_it__J_RT_06_clash() -> None:
    """Ann (initiative 5) and Bob (2) both step into 2,6, two squares from each: Ann takes it, Bob is stopped on
    the last square of his path before it (2,7)."""
    game = real_time(
        """
        [[fighter]]
        name = "Ann"
        at = "2,4"
        markers = { facing = "s" }
        [[fighter]]
        name = "Bob"
        at = "2,8"
        markers = { facing = "n" }
        """,
        [5, 2, 6, 6, 6, 6, 1, 1],
    )
    assert clock(game).fighters[ANN].points == 1  # (12: 1 in segment 1)
    game.apply(parse_action("step forward"), seat=ANN)
    game.apply(parse_action("step forward"), seat=BOB)
    players = game.state.players
    assert players[ANN].square == Square(2, 5) and players[BOB].square == Square(2, 7)


def test_a_clash_on_one_square_by_the_rule_of_the_ruling__J_RT_06_clash() -> None:
    """`resolve_clashes` alone: a fighter who stays keeps his square; two movers into one square, the first in
    initiative takes it and the other stops one short; two fighters swapping squares pass each other."""
    a, b, c, d = Square(0, 0), Square(1, 0), Square(2, 0), Square(3, 0)
    assert resolve_clashes({0: [a, b], 1: [b]}, {0: 0, 1: 1}) == {0: 0, 1: 0}  # Bob stayed: Ann stopped
    assert resolve_clashes({0: [a, b, c], 1: [d, c]}, {0: 1, 1: 0}) == {0: 1, 1: 1}  # Bob first: Ann stops at b
    assert resolve_clashes({0: [a, b], 1: [b, a]}, {0: 0, 1: 1}) == {0: 1, 1: 1}  # a swap: both get through
    # A chain: Cy stopped short on Bob's square pushes Bob back too, who stays where he began.
    assert resolve_clashes({0: [a, b, c], 1: [c], 2: [d, c]}, {0: 0, 1: 1, 2: 2}) == {0: 1, 1: 0, 2: 0}


def test_a_fighter_moving_out_of_a_line_of_fire_cannot_be_shot_in_that_segment__J_RT_04_ruling() -> None:
    """Bob (Speed 4: 20, two points a segment) sidesteps right, east of him as he faces north, from 3,2 behind
    the strongroom's corner (4,2), out of Ann's sight from 2,0: nothing is fired while moving, and in the Combat
    step nobody may attack him, so there is no Combat step at all."""
    game = real_time(
        """
        [[fighter]]
        name = "Ann"
        at = "2,0"
        markers = { facing = "s" }
        [[fighter]]
        name = "Bob"
        at = "3,2"
        speed = 4
        markers = { facing = "n" }
        """,
        [5, 2, 5, 5, 5, 5, 5, 5],
    )
    policy = game.rules.turn_policy
    assert isinstance(policy, RealTimeTurn)
    assert Attack(target=BOB, weapon="pistol") in policy.combat_options(ANN)
    game.apply(Pass(), seat=ANN)
    game.apply(parse_action("step right"), seat=BOB)
    assert game.state.players[BOB].square == Square(4, 2)
    assert not any(isinstance(a, Attack) for a in policy.combat_options(ANN))
    assert clock(game).segment == 2 and isinstance(top(game), MovementOrders)


def test_a_step_paid_in_part_leaves_him_on_his_square__J_RT_07() -> None:
    """Bob, one point a segment (5+5 = 10), sidesteps: half of it is paid, he is still on his square (and the
    view says how far he is); the next segment's point pays the rest and he arrives."""
    game = facing([5, 2, 5, 5, 5, 5])
    game.apply(Pass(), seat=ANN)
    game.apply(parse_action("step right"), seat=BOB)
    assert game.state.players[BOB].square == Square(2, 8)
    seen = clock(game).fighters[BOB]
    assert seen.part_way == "1/2" and seen.toward == Square(3, 8)
    while not isinstance(top(game), MovementOrders):  # (segment 1's Combat: both hold fire)
        game.apply(Pass(), seat=game.deciders()[0])
    assert clock(game).segment == 2
    game.apply(Pass(), seat=ANN)
    game.apply(parse_action("step right"), seat=BOB)
    assert game.state.players[BOB].square == Square(3, 8) and clock(game).fighters[BOB].part_way is None


def test_the_power_ups_step_lets_a_fighter_pick_up_what_lies_where_he_arrived__J_RT_04() -> None:
    """Ann steps onto a blood counter: in the Power-ups step (after every move) she may pick it up, as in Frag
    (F-FRAG-03), or leave it."""
    game = real_time(
        """
        [[fighter]]
        name = "Ann"
        at = "3,4"
        markers = { facing = "s" }
        [[fighter]]
        name = "Bob"
        at = "9,9"
        [[counter]]
        at = "3,5"
        blood = true
        """,
        [5, 2, 5, 5, 5, 5],
    )
    game.apply(parse_action("step forward"), seat=ANN)
    game.apply(Pass(), seat=BOB)
    assert isinstance(top(game), PickUpStep) and game.decider() == ANN
    assert [str(a) for a in game.legal_actions()] == ["pick up 1", "pass"]
    game.apply(parse_action("pick up 1"))
    assert game.state.players[ANN].blood == 1 and not game.state.counters


# -- Speed changed during play (J-RT-09) --------------------------------------------------------------------


def test_a_card_that_changes_speed_rolls_again_for_the_segments_left__J_RT_09() -> None:
    """Ann (Speed 2: 5+5 = 10) plays Jump Boots (+1 Speed) in segment 1's Combat step: she rolls her 3 dice at
    once (1+1+1 = 3) and segments 2 to 10 take 3's row of the table (0, 0, 1, 0, 0, 0, 1, 0, 0, 1), segment 1
    keeping its point. Activating a gadget is her action of the segment: no attack beside it (J-RT-10)."""
    game = real_time(
        """
        [[fighter]]
        name = "Ann"
        at = "2,4"
        markers = { facing = "s" }
        hand = ["jump-boots"]
        [[fighter]]
        name = "Bob"
        at = "9,9"
        """,
        [5, 2, 5, 5, 5, 5, 1, 1, 1],
    )
    game.apply(Pass(), seat=ANN)
    game.apply(Pass(), seat=BOB)
    assert isinstance(top(game), CombatOrders)
    boots = next(a for a in game.legal_actions(ANN) if isinstance(a, PlayCard))
    events = game.apply(boots, seat=ANN)
    if game.deciders() == (BOB,):
        events += game.apply(Pass(), seat=BOB)
    ann = clock(game).fighters[ANN]
    assert ann.speed_roll == 3
    assert ann.spread == (1, 0, 1, 0, 0, 0, 1, 0, 0, 1)
    assert any("Speed is 3 now" in text for text in said(events))


# -- combat (J-RT-10) --------------------------------------------------------------------------------------


def _to_combat(game: Game) -> None:
    """Both hold still in segment 1's Movement step: the Combat step is next."""
    for seat in game.deciders():
        game.apply(Pass(), seat=seat)
    assert isinstance(top(game), CombatOrders)


def test_a_target_with_the_higher_initiative_may_shoot_first__J_RT_10() -> None:
    """Bob (initiative 5) holds fire; Ann (2) announces an attack on him: before it is made, Bob is asked whether
    he shoots first. He does (Accuracy 1: a 6 hits at range 4), and it is his one attack of the segment."""
    game = facing([2, 5, 5, 5, 5, 5, 6, 6, 6, 1, 1], bob_accuracy=1)
    _to_combat(game)
    game.apply(Pass(), seat=BOB)
    game.apply(Attack(target=BOB, weapon="pistol"), seat=ANN)
    assert isinstance(top(game), AnswerFirst) and game.decider() == BOB
    assert top(game).attacker == ANN
    events = game.apply(Attack(target=ANN, weapon="pistol"))
    assert "Bob shoots first!" in said(events)
    bob = clock(game).fighters[BOB]
    assert bob.attacked and bob.attacks_left == 0  # (Accuracy 1: one attack a turn)


def test_the_lower_initiative_is_not_offered_to_shoot_first__J_RT_10() -> None:
    game = facing([5, 2, 5, 5, 5, 5, 1, 1, 1], bob_accuracy=1)
    _to_combat(game)
    game.apply(Attack(target=BOB, weapon="pistol"), seat=ANN)
    events = game.apply(Pass(), seat=BOB)
    assert not any(isinstance(p, AnswerFirst) for p in game.state.pending)
    assert any(event.kind is CommonEventKind.ATTACKED and event.player == ANN for event in events)


def test_one_attack_a_segment_and_the_turn_s_attacks_bound_the_total__J_RT_10() -> None:
    """Ann (Accuracy 1: one attack a turn, F-ATK-01) attacks in segment 1 and misses; in segment 2 she may
    announce no attack at all, though she may again attack in a segment in a later turn."""
    game = facing([5, 2, 5, 5, 5, 5, 1], ann_accuracy=1, bob_accuracy=1)
    _to_combat(game)
    game.apply(Attack(target=BOB, weapon="pistol"), seat=ANN)
    game.apply(Pass(), seat=BOB)
    assert clock(game).fighters[ANN].attacks_left == 0
    # Segment 2: hold still again; Ann has no attack to announce, so only Bob is asked in Combat.
    for seat in game.deciders():
        game.apply(Pass(), seat=seat)
    assert isinstance(top(game), CombatOrders)
    assert top(game).fighting == [BOB]
    assert not any(isinstance(a, Attack) for a in game.rules.turn_policy.combat_options(ANN))  # type: ignore[attr-defined]


def test_two_attacks_a_turn_are_made_in_two_segments__J_RT_10() -> None:
    """Accuracy 3 gives two attacks a turn (F-ATK-01), but one a segment: after her attack in segment 1, Ann's
    tally says so until segment 2 frees it."""
    game = facing([5, 2, 5, 5, 5, 5, 1, 1, 1], bob_accuracy=1)
    _to_combat(game)
    game.apply(Attack(target=BOB, weapon="pistol"), seat=ANN)
    game.apply(Pass(), seat=BOB)
    ann = clock(game).fighters[ANN]
    assert ann.attacks_left == 1
    assert clock(game).segment == 2
    assert not ann.attacked  # (segment 2 frees it)


# -- Frag Tag, per segment (J-TAG-03/04) ------------------------------------------------------------------------


def test_keep_away_scores_its_holder_a_point_every_segment__J_TAG_03() -> None:
    game = real_time(
        """
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "9,9"
        [objective]
        holder = "Ann"
        """,
        [5, 2, 5, 5, 5, 5],
        options='objective = "keep-away"',
    )
    for segment in (1, 2, 3):
        assert clock(game).segment == segment
        while clock(game).segment == segment:
            game.apply(Pass(), seat=game.deciders()[0])
        assert game.state.objective is not None and game.state.objective.points[ANN] == segment


def test_king_of_the_hill_scores_a_point_every_segment_on_the_hill__J_TAG_04() -> None:
    game = real_time(
        """
        [[fighter]]
        name = "Ann"
        at = "6,3"
        [[fighter]]
        name = "Bob"
        at = "9,9"
        [objective]
        hill = "6,3"
        """,
        [5, 2, 5, 5, 5, 5],
        options='objective = "king-of-the-hill"',
    )
    while clock(game).segment == 1:
        game.apply(Pass(), seat=game.deciders()[0])
    while clock(game).segment == 2:
        game.apply(Pass(), seat=game.deciders()[0])
    assert game.state.objective is not None and game.state.objective.points == [2, 0]


# -- facing on arrival (ruling J-RT-05) ---------------------------------------------------------------------------


def test_a_fighter_arriving_faces_out_into_the_room__J_RT_05_ruling() -> None:
    game = facing([5, 2, 5, 5, 5, 5])
    board = game.board
    assert facing_on_arrival(board, Square(1, 1)) is Direction.S  # (respawn point 1: the room opens south)
    assert facing_on_arrival(board, Square(0, 4)) is Direction.E
