"""Moving through a game: movement points, steps, jumps, power-ups and the map's features.

Game-level tests of F-MOVE-01..04, F-PWR-01/02, F-JUMP-01..04 and F-MAP-01..06: every scenario is
played through `legal_actions`/`apply` with scripted dice, so a die rolled that the rule does not
call for fails the test (`DiceExhaustedError`), and one it calls for but the engine skips is left over.

The Pocket Arena (maps/pocket.map), x,y from 0 at the north-west:

    y0 |. . . .|. W . .>. . . .|   wall 3|4, one-way door 7>8 (east only)
    y1 |. 1 . .|. . . .|. . 2 .|   the strongroom x4..7 y0..1: door below 5,1, window below 6,1
    y4 |T . . . . . . . . . . .|   teleporters 0,4 and 11,7
    y5 |. . G . . ~ ~ . . . . .|   acid 5,5 6,5 5,6 6,6; gadget power-ups 2,5 and 9,6
    y8 |. . . . . . W . . . . .|   weapon power-ups 6,8 and 5,0
    y9 |. . . / . . . . . . . .|   a diagonal wall through 3,9
"""

from __future__ import annotations

import pytest

from fragtui.engine.actions import EndTurn, Hop, Jump, Step, parse_action
from fragtui.engine.board import Square
from fragtui.engine.frag.actions import Attack, PlayCard
from fragtui.engine.frag.decisions import Bump, LastChance
from fragtui.engine.frag.state import Phase, Status
from fragtui.engine.game import Game
from fragtui.errors import IllegalActionError
from tests.conftest import game_from, kinds


def legal(game: Game) -> set[str]:
    """The notations of every legal action now."""
    return {str(action) for action in game.legal_actions()}


def moves(game: Game) -> set[str]:
    """The notations of the steps, jumps and hops offered now."""
    return {str(action) for action in game.legal_actions() if isinstance(action, Step | Jump | Hop)}


def attacks(game: Game) -> set[str]:
    """The notations of the attacks offered now."""
    return {str(action) for action in game.legal_actions() if isinstance(action, Attack)}


def square(game: Game, name: str) -> str:
    return str(game.state.players[game.seat_of(name)].square)


def dice_left(game: Game) -> tuple[int, ...]:
    script = game.state.dice.script
    assert script is not None
    return script


# -- F-MOVE-01: movement points ---------------------------------------------------------------------


def test_movement_points_are_the_total_of_the_speed_dice__F_MOVE_01() -> None:
    """Speed 3 rolls three dice; their total is the movement for phase 3."""
    game = game_from(
        """
        dice = [2, 5, 6]
        [[fighter]]
        name = "Ann"
        speed = 3
        at = "3,3"
        [[fighter]]
        name = "Bob"
        at = "9,9"
        """
    )
    assert game.state.turn.phase is Phase.ROLL
    assert legal(game) == {"roll"}  # nothing else before the movement roll (F-TURN-01)
    events = game.play(["roll"])
    assert kinds(events) == ["DiceRolled", "MovementRolled"]
    assert events[0].roll is not None and events[0].roll.dice == (2, 5, 6)
    assert events[1].amount == 13
    assert game.state.turn.phase is Phase.ACTION
    assert game.state.turn.movement == 13
    assert dice_left(game) == ()


def test_speed_cards_add_movement_dice__F_MOVE_01() -> None:
    """Jump Boots (+1 Speed, in play) and Adrenaline (+2 Speed, played before the roll) make 5 dice."""
    game = game_from(
        """
        dice = [1, 2, 3, 4, 5]
        [[fighter]]
        name = "Ann"
        speed = 2
        at = "3,3"
        gadgets = ["jump-boots"]
        hand = ["adrenaline"]
        [[fighter]]
        name = "Bob"
        at = "9,9"
        """
    )
    assert legal(game) == {"roll", "play adrenaline#1"}
    game.play(["play adrenaline#1", "roll"])
    assert game.state.turn.movement == 15
    assert dice_left(game) == ()


def test_a_movement_card_adds_points_to_the_dice_total__F_MOVE_01() -> None:
    """A card adding to movement (not Speed) adds its points to the total rolled, not dice."""
    game = game_from(
        """
        dice = [3, 4]
        [[card]]
        id = "sprint"
        deck = "gadgets"
        name = "Sprint"
        letter = "M"
        text = "+2 movement points."
        effects = [{ kind = "modify", stat = "movement", add = 2 }]
        [[fighter]]
        name = "Ann"
        speed = 2
        at = "3,3"
        gadgets = ["sprint"]
        [[fighter]]
        name = "Bob"
        at = "9,9"
        """
    )
    events = game.play(["roll"])
    assert events[0].roll is not None and events[0].roll.dice == (3, 4)
    assert game.state.turn.movement == 9
    assert dice_left(game) == ()


def test_unused_movement_is_lost_at_the_end_of_the_turn__F_MOVE_01() -> None:
    """Points left when the turn ends are gone: the next turn starts from a fresh roll."""
    game = game_from(
        """
        dice = [1, 1, 1, 2]
        phase = "action"
        movement = 7
        [[fighter]]
        name = "Ann"
        at = "3,3"
        [[fighter]]
        name = "Bob"
        at = "9,9"
        """
    )
    game.play(["step e", "end"])
    assert game.state.turn.active == game.seat_of("Bob")
    assert game.state.turn.phase is Phase.ROLL
    assert game.state.turn.movement == 0
    game.play(["roll", "end"])  # Bob: 1+1
    assert game.state.turn.active == game.seat_of("Ann")
    assert game.state.turn.movement == 0
    assert moves(game) == set()  # nothing saved from last turn: she must roll first
    game.play(["roll"])
    assert game.state.turn.movement == 3  # 1+2, not 3 + the 6 she left unused
    assert dice_left(game) == ()


# -- F-MOVE-02: orthogonal steps, 1 point each ------------------------------------------------------


def test_only_orthogonal_steps_are_offered_one_point_each__F_MOVE_02() -> None:
    """From open floor the four orthogonal steps are offered, never a diagonal; each costs 1."""
    game = game_from(
        """
        dice = []
        phase = "action"
        movement = 3
        [[fighter]]
        name = "Ann"
        speed = 1
        at = "3,3"
        [[fighter]]
        name = "Bob"
        at = "9,9"
        """
    )
    assert moves(game) == {"step n", "step e", "step s", "step w"}
    game.play(["step e"])
    assert square(game, "Ann") == "4,3"
    assert game.state.turn.movement == 2
    game.play(["step s", "step w"])
    assert square(game, "Ann") == "3,4"  # the diagonal neighbour of 3,3 took two steps
    assert game.state.turn.movement == 0
    assert moves(game) == set()
    with pytest.raises(IllegalActionError, match="no movement points left"):
        game.apply(parse_action("step n"))
    assert square(game, "Ann") == "3,4"


# -- F-MOVE-03: through fighters, never ending or attacking in their square -------------------------


SHARING = """
    dice = []
    phase = "action"
    movement = {movement}
    [[fighter]]
    name = "Ann"
    accuracy = 4
    at = "3,3"
    [[fighter]]
    name = "Bob"
    at = "4,3"
    [[fighter]]
    name = "Cy"
    at = "4,6"
    """


def test_moving_through_a_fighter_but_not_ending_or_attacking_there__F_MOVE_03() -> None:
    """In Bob's square Ann may move on, but may neither end her turn nor attack; one step on, she may."""
    game = game_from(SHARING.format(movement=2))
    assert {"attack 1 pistol", "attack 2 pistol", "end"} <= legal(game)
    game.play(["step e"])
    assert square(game, "Ann") == square(game, "Bob") == "4,3"
    assert attacks(game) == set() and "end" not in legal(game)
    assert moves(game) == {"step n", "step e", "step s", "step w"}
    with pytest.raises(IllegalActionError, match="may not end the turn in another fighter's square"):
        game.apply(EndTurn())
    with pytest.raises(IllegalActionError):
        game.apply(parse_action("attack 2 pistol"))
    assert game.state.turn.attacks == 2
    game.play(["step e"])
    assert square(game, "Ann") == "5,3"
    assert {"attack 1 pistol", "attack 2 pistol", "end"} <= legal(game)


def test_no_move_into_a_fighter_square_he_could_not_leave__F_MOVE_03() -> None:
    """Ruling: with her last point Ann may not step into Bob's square; with two she may."""
    game = game_from(SHARING.format(movement=1))
    assert moves(game) == {"step n", "step s", "step w"}
    with pytest.raises(IllegalActionError, match="could not leave"):
        game.apply(parse_action("step e"))
    assert "step e" in moves(game_from(SHARING.format(movement=2)))


@pytest.mark.parametrize(("movement", "offered"), [(4, False), (5, True)])
def test_no_jump_into_a_fighter_square_he_could_not_leave__F_MOVE_03(movement: int, offered: bool) -> None:
    """Ruling: a jump onto Bob costs 4; it is offered only with a point left to walk off again."""
    game = game_from(SHARING.format(movement=movement).replace('at = "4,3"', 'at = "5,3"'))
    assert ("jump e 2" in moves(game)) is offered
    assert "jump w 2" in moves(game)


def test_no_move_on_into_a_second_fighter_square_with_no_points_after__F_MOVE_03() -> None:
    """Ruling: from Bob's square with 1 point left, Ann may step to a free square but not into Cy's."""
    game = game_from(
        """
        dice = []
        phase = "action"
        movement = 2
        [[fighter]]
        name = "Ann"
        at = "3,3"
        [[fighter]]
        name = "Bob"
        at = "4,3"
        [[fighter]]
        name = "Cy"
        at = "5,3"
        """
    )
    game.play(["step e"])
    assert moves(game) == {"step n", "step s", "step w"}  # west is her own, now empty, square


# -- F-MOVE-04: splitting movement around attacks --------------------------------------------------


def test_movement_is_split_around_an_attack__F_MOVE_04() -> None:
    """Ann walks 2 of 4 points, shoots, and walks her last 2 points; the points are tracked."""
    game = game_from(
        """
        # to hit 3+3 >= range 4; Bob defends 1+1, the pistol rolls 1+2: 3 // 2 = 1
        dice = [3, 3, 1, 1, 1, 2]
        phase = "action"
        movement = 4
        [[fighter]]
        name = "Ann"
        accuracy = 2
        at = "1,3"
        [[fighter]]
        name = "Bob"
        at = "7,3"
        """
    )
    events = game.play(["step e", "step e"])
    assert [e.amount for e in events if e.kind.value == "Moved"] == [3, 2]
    game.play(["attack 1 pistol", "pass"])
    assert game.rules.player(1).damage == 1
    assert game.state.turn.movement == 2
    assert game.state.turn.attacks == 0
    assert moves(game) == {"step n", "step e", "step s", "step w"}
    game.play(["step e", "step e"])
    assert square(game, "Ann") == "5,3"
    assert game.state.turn.movement == 0
    assert legal(game) == {"end"}
    assert dice_left(game) == ()


# -- F-PWR-01: power-up squares ---------------------------------------------------------------------


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_a_weapon_power_up_draws_a_weapon_on_4_to_6__F_PWR_01(face: int) -> None:
    """Stepping onto the W square rolls one die: 4–6 draws the top weapon into hand, 1–3 nothing."""
    game = game_from(
        f"""
        dice = [{face}]
        phase = "action"
        movement = 2
        decks.weapons = ["rail-rifle", "shotgun"]
        [[fighter]]
        name = "Ann"
        at = "6,7"
        [[fighter]]
        name = "Bob"
        at = "1,1"
        """
    )
    events = game.play(["step s"])
    drawn = face >= 4
    assert kinds(events) == ["Moved", "DiceRolled", "PowerUpChecked"] + (["CardDrawn"] if drawn else [])
    assert events[2].amount == face
    assert game.rules.player(0).hand == (["rail-rifle#1"] if drawn else [])
    assert game.state.decks.draw["weapons"] == (["shotgun#1"] if drawn else ["rail-rifle#1", "shotgun#1"])
    assert game.rules.player(0).record.power_ups == int(drawn)
    assert game.state.turn.movement == 1
    assert dice_left(game) == ()


def test_a_gadget_power_up_draws_a_gadget__F_PWR_01() -> None:
    """The G square draws from the gadget deck; plain floor rolls no die at all."""
    game = game_from(
        """
        dice = [6]
        phase = "action"
        movement = 2
        decks.gadgets = ["medpack", "light-armor"]
        decks.weapons = ["shotgun"]
        [[fighter]]
        name = "Ann"
        at = "0,5"
        [[fighter]]
        name = "Bob"
        at = "1,1"
        """
    )
    assert kinds(game.play(["step e"])) == ["Moved"]  # 1,5: floor
    events = game.play(["step e"])  # 2,5: gadget power-up
    assert kinds(events) == ["Moved", "DiceRolled", "PowerUpChecked", "CardDrawn"]
    assert game.rules.player(0).hand == ["medpack#1"]
    assert game.state.decks.draw["gadgets"] == ["light-armor#1"]
    assert game.state.decks.draw["weapons"] == ["shotgun#1"]
    assert dice_left(game) == ()


# -- F-PWR-02: once per square per turn ------------------------------------------------------------


def test_a_power_up_square_is_checked_once_per_turn__F_PWR_02() -> None:
    """Stepping off the W and back on rolls nothing; in her next turn Ann may check it again."""
    game = game_from(
        """
        # Ann's check, Bob's movement roll, Ann's movement roll, Ann's next check
        dice = [2, 1, 1, 3, 5]
        phase = "action"
        movement = 3
        decks.weapons = ["rail-rifle", "shotgun"]
        [[fighter]]
        name = "Ann"
        at = "6,7"
        [[fighter]]
        name = "Bob"
        speed = 1
        at = "1,1"
        """
    )
    game.play(["step s"])
    assert game.state.turn.checked == [Square(6, 8)]
    events = game.play(["step n", "step s"])
    assert kinds(events) == ["Moved", "Moved"]  # back on the W: no die
    assert dice_left(game) == (1, 1, 3, 5)
    game.play(["end", "roll", "end", "roll"])
    assert game.state.turn.active == 0 and game.state.turn.checked == []
    events = game.play(["step n", "step s"])
    assert kinds(events) == ["Moved", "Moved", "DiceRolled", "PowerUpChecked", "CardDrawn"]
    assert game.rules.player(0).hand == ["rail-rifle#1"]
    assert dice_left(game) == ()


def test_each_fighter_checks_a_power_up_in_his_own_turn__F_PWR_02() -> None:
    """Ann's check does not use the square up for Bob: in his own turn he rolls for it too."""
    game = game_from(
        """
        dice = [6, 1, 4]
        phase = "action"
        movement = 2
        decks.weapons = ["rail-rifle", "shotgun"]
        [[fighter]]
        name = "Ann"
        at = "6,7"
        [[fighter]]
        name = "Bob"
        speed = 1
        at = "5,8"
        """
    )
    game.play(["step s", "step e", "end"])  # Ann checks 6,8 (6) and walks on to 7,8
    assert game.rules.player(0).hand == ["rail-rifle#1"]
    events = game.play(["roll", "step e"])  # Bob: 1 point, onto 6,8
    assert kinds(events)[-4:] == ["Moved", "DiceRolled", "PowerUpChecked", "CardDrawn"]
    assert game.rules.player(1).hand == ["shotgun#1"]
    assert dice_left(game) == ()


def test_a_square_already_checked_this_turn_rolls_nothing__F_PWR_02() -> None:
    """The scenario's `checked` list: a W already checked this turn is entered without a die."""
    game = game_from(
        """
        dice = []
        phase = "action"
        movement = 1
        checked = ["6,8"]
        [[fighter]]
        name = "Ann"
        at = "6,7"
        [[fighter]]
        name = "Bob"
        at = "1,1"
        """
    )
    assert kinds(game.play(["step s"])) == ["Moved"]
    assert game.rules.player(0).hand == []


# -- F-JUMP-01: a straight line of up to Speed squares ---------------------------------------------


JUMPER = """
    dice = []
    phase = "action"
    movement = {movement}
    [[fighter]]
    name = "Ann"
    speed = {speed}
    at = "{at}"
    [[fighter]]
    name = "Bob"
    at = "10,10"
    """


def test_jumps_go_straight_up_to_speed_squares__F_JUMP_01() -> None:
    """Speed 3 with 8 points: jumps of 2 and 3 in each direction, never 1, never 4, never bent."""
    game = game_from(JUMPER.format(speed=3, movement=8, at="3,3"))
    steps = {"step n", "step e", "step s", "step w"}
    jumps = {f"jump {d} {n}" for d in "nesw" for n in (2, 3)}
    assert moves(game) == steps | jumps
    with pytest.raises(IllegalActionError, match="at most 3 squares"):
        game.apply(parse_action("jump e 4"))  # 8 points would pay for it; Speed 3 does not reach
    events = game.play(["jump e 3"])
    assert kinds(events) == ["Moved"]
    assert square(game, "Ann") == "6,3"
    assert game.state.turn.movement == 2


def test_speed_1_cannot_jump__F_JUMP_01() -> None:
    """Ruling: a jump of one square is no jump, so Speed 1 is offered steps only, however many points."""
    game = game_from(JUMPER.format(speed=1, movement=12, at="3,3"))
    assert moves(game) == {"step n", "step e", "step s", "step w"}
    with pytest.raises(IllegalActionError):
        game.apply(parse_action("jump e 1"))


def test_jump_boots_lengthen_the_jump__F_JUMP_01() -> None:
    """Jumping follows the current Speed: Speed 2 with Jump Boots jumps 3."""
    game = game_from(
        """
        dice = []
        phase = "action"
        movement = 6
        [[fighter]]
        name = "Ann"
        speed = 2
        at = "3,3"
        gadgets = ["jump-boots"]
        [[fighter]]
        name = "Bob"
        at = "10,10"
        """
    )
    assert {"jump e 2", "jump e 3"} <= moves(game)
    assert "jump e 4" not in moves(game)


# -- F-JUMP-02: hazards and power-ups jumped over are avoided ---------------------------------------


def test_acid_jumped_over_does_nothing__F_JUMP_02() -> None:
    """Jumping 4,5 → 7,5 passes over two acid squares: no die is rolled, no Health lost."""
    game = game_from(JUMPER.format(speed=3, movement=6, at="4,5"))
    events = game.play(["jump e 3"])
    assert kinds(events) == ["Moved"]
    assert square(game, "Ann") == "7,5"
    assert game.rules.player(0).damage == 0
    assert game.state.turn.movement == 0


def test_a_power_up_jumped_over_is_not_checked__F_JUMP_02() -> None:
    """Jumping over the W rolls nothing and does not use up its check: stepping back onto it rolls."""
    game = game_from(
        """
        dice = [5]
        phase = "action"
        movement = 5
        decks.weapons = ["shotgun"]
        [[fighter]]
        name = "Ann"
        at = "6,7"
        [[fighter]]
        name = "Bob"
        at = "10,10"
        """
    )
    assert kinds(game.play(["jump s 2"])) == ["Moved"]
    assert square(game, "Ann") == "6,9"
    assert game.state.turn.checked == []
    assert kinds(game.play(["step n"])) == ["Moved", "DiceRolled", "PowerUpChecked", "CardDrawn"]
    assert game.rules.player(0).hand == ["shotgun#1"]


def test_the_landing_square_counts__F_JUMP_02() -> None:
    """Landing on acid is an acid attack; landing on a power-up checks it."""
    game = game_from(
        """
        # acid on landing: defence 3+3 against 2+2, nothing lost; then the W: 4, a card
        dice = [3, 3, 2, 2, 4]
        phase = "action"
        movement = 12
        decks.weapons = ["shotgun"]
        [[fighter]]
        name = "Ann"
        at = "3,5"
        [[fighter]]
        name = "Bob"
        at = "10,10"
        """
    )
    events = game.play(["jump e 2"])
    assert square(game, "Ann") == "5,5"
    assert kinds(events) == ["Moved", "DiceRolled", "DiceRolled", "Damaged"]
    game.play(["step w", "step s", "step s", "step s", "jump e 2"])  # 4,5 → 4,8, then over 5,8 to 6,8
    assert square(game, "Ann") == "6,8"
    assert game.rules.player(0).hand == ["shotgun#1"]
    assert game.state.turn.movement == 0
    assert dice_left(game) == ()


# -- F-JUMP-03: no jumping over walls, doors or windows --------------------------------------------


def test_no_jump_over_a_wall__F_JUMP_03() -> None:
    """From 2,0 the wall between 3,0 and 4,0 stops a jump east; the other jumps stay."""
    game = game_from(JUMPER.format(speed=3, movement=6, at="2,0"))
    assert moves(game) == {"step e", "step s", "step w", "jump w 2", "jump s 2", "jump s 3"}


@pytest.mark.parametrize(
    ("at", "jump", "step_from", "step"),
    [
        ("5,3", "jump n 2", "5,2", "step n"),  # the two-way door below 5,1: walked through, never jumped
        ("6,0", "jump e 2", "7,0", "step e"),  # the one-way door 7>8, passed the right way
    ],
)
def test_no_jump_through_a_door__F_JUMP_03(at: str, jump: str, step_from: str, step: str) -> None:
    """A door is closed for a jump, though a step may pass it."""
    assert jump not in moves(game_from(JUMPER.format(speed=3, movement=6, at=at)))
    assert step in moves(game_from(JUMPER.format(speed=3, movement=6, at=step_from)))


def test_no_jump_through_a_window__F_JUMP_03() -> None:
    """The window below 6,1 stops jumps (and steps)."""
    assert "jump n 2" not in moves(game_from(JUMPER.format(speed=3, movement=6, at="6,3")))
    assert "step n" not in moves(game_from(JUMPER.format(speed=3, movement=6, at="6,2")))


def test_no_jump_over_a_diagonal_wall_but_may_land_beside_it__F_JUMP_03() -> None:
    """Ruling: a jump may land in the half of 3,9 a step would reach, never pass over the square."""
    game = game_from(JUMPER.format(speed=3, movement=6, at="3,7"))
    assert "jump s 2" in moves(game)
    assert "jump s 3" not in moves(game)
    game.play(["jump s 2"])
    assert square(game, "Ann") == "3,9/nw"


# -- F-JUMP-04: 2 points a square ------------------------------------------------------------------


def test_a_jump_costs_two_points_a_square__F_JUMP_04() -> None:
    """With 5 points Speed 3 may jump 2 (4 points) but not 3 (6 points); 1 point is left."""
    game = game_from(JUMPER.format(speed=3, movement=5, at="3,3"))
    assert {m for m in moves(game) if m.startswith("jump")} == {f"jump {d} 2" for d in "nesw"}
    with pytest.raises(IllegalActionError, match="a jump of 3 costs 6 points, Ann has 5"):
        game.apply(parse_action("jump e 3"))
    game.play(["jump e 2"])
    assert square(game, "Ann") == "5,3"
    assert game.state.turn.movement == 1


def test_no_jump_without_four_points__F_JUMP_04() -> None:
    """Three points buy three steps but no jump at all."""
    game = game_from(JUMPER.format(speed=3, movement=3, at="3,3"))
    assert moves(game) == {"step n", "step e", "step s", "step w"}


# -- F-MAP-01: acid -----------------------------------------------------------------------------


ACID = """
    dice = {dice}
    phase = "action"
    movement = {movement}
    [[fighter]]
    name = "Ann"
    health = {health}
    at = "4,5"
    [[fighter]]
    name = "Bob"
    at = "10,10"
    frags = 2
    """


def test_acid_is_a_two_dice_attack_against_health__F_MAP_01() -> None:
    """Health 4: defence 1+1+1+1 = 4 against acid 6+5 = 11 loses 11 // 4 = 2 Health."""
    game = game_from(ACID.format(dice=[1, 1, 1, 1, 6, 5], movement=1, health=4))
    events = game.play(["step e"])
    assert kinds(events) == ["Moved", "DiceRolled", "DiceRolled", "Damaged"]
    defence, burn = events[1].roll, events[2].roll
    assert defence is not None and defence.dice == (1, 1, 1, 1)
    assert burn is not None and burn.dice == (6, 5)
    assert events[3].amount == 2 and events[3].other is None
    assert game.rules.player(0).damage == 2
    assert game.rules.health(0) == 2
    assert game.decider() == 0 and "end" in legal(game)


def test_acid_does_nothing_when_the_defence_is_higher__F_MAP_01() -> None:
    """Defence 6+6 = 12 against acid 6+5 = 11: nothing lost."""
    game = game_from(ACID.format(dice=[6, 6, 6, 5], movement=1, health=2))
    events = game.play(["step e"])
    assert events[-1].amount == 0
    assert game.rules.player(0).damage == 0


def test_acid_attacks_on_every_entry__F_MAP_01() -> None:
    """5,5 then 6,5 then 5,5 again: three attacks, each rolled against the Health left then."""
    dice = [2, 2, 2, 3, 3, 6, 6, 1, 1, 6, 6, 2, 2]  # 6 vs 6: 1 lost; then 12 vs 2 and 12 vs 4: none
    game = game_from(ACID.format(dice=dice, movement=3, health=3))
    game.play(["step e"])
    assert game.rules.player(0).damage == 1  # 6 // 6
    events = game.play(["step e", "step w"])
    assert kinds(events) == ["Moved", "DiceRolled", "DiceRolled", "Damaged"] * 2
    assert [len(e.roll.dice) for e in events if e.roll is not None] == [2, 2, 2, 2]  # Health 2 now
    assert game.rules.player(0).damage == 1
    assert dice_left(game) == ()


def test_a_frag_by_acid_scores_for_nobody__F_MAP_01() -> None:
    """Health 1: defence 1 against 12 frags Ann; no one scores or draws, and her turn ends."""
    game = game_from(ACID.format(dice=[1, 6, 6], movement=2, health=1))
    specials = list(game.state.decks.draw["specials"])
    game.play(["step e"])
    pending = game.state.pending[-1]
    assert isinstance(pending, LastChance) and pending.by is None and pending.cause == "acid"
    assert game.decider() == 0 and legal(game) == {"pass"}
    events = game.play(["pass"])
    assert "FragScored" not in kinds(events)
    fragged = next(e for e in events if e.kind.value == "Fragged")
    assert fragged.other is None
    assert game.rules.player(0).status is Status.FRAGGED
    assert [p.frags for p in game.state.players] == [0, 2]
    assert game.rules.player(1).hand == []
    assert game.state.decks.draw["specials"] == specials
    assert [(c.kind.value, str(c.square)) for c in game.state.counters] == [("blood", "5,5")]
    assert game.state.turn.active == 1 and game.state.turn.phase is Phase.ROLL


def test_armor_counts_in_the_defence_against_acid__F_MAP_01() -> None:
    """Ruling: Health 2 with Light Armor rolls 3 defence dice; the 1 Health lost is the armor's."""
    game = game_from(
        """
        dice = [2, 2, 2, 3, 4]
        phase = "action"
        movement = 1
        [[fighter]]
        name = "Ann"
        health = 2
        at = "4,5"
        gadgets = ["light-armor"]
        [[fighter]]
        name = "Bob"
        at = "10,10"
        """
    )
    events = game.play(["step e"])
    assert kinds(events) == ["Moved", "DiceRolled", "DiceRolled", "Damaged", "ArmorLost"]
    assert game.rules.player(0).gadgets == [] and game.rules.player(0).damage == 0
    assert game.state.decks.discard["gadgets"] == ["light-armor#1"]


# -- F-MAP-02: doors ------------------------------------------------------------------------------


def test_a_one_way_door_is_passed_only_the_arrow_way_at_no_cost__F_MAP_02() -> None:
    """The door 7>8 on row 0: east for 1 point; from 8,0 no step back west."""
    game = game_from(JUMPER.format(speed=2, movement=2, at="7,0"))
    assert moves(game) == {"step e", "step s", "step w"}
    game.play(["step e"])
    assert square(game, "Ann") == "8,0"
    assert game.state.turn.movement == 1
    assert moves(game) == {"step e", "step s"}


def test_a_two_way_door_is_passed_both_ways_at_no_cost__F_MAP_02() -> None:
    """The door below 5,1: out of the strongroom and back in, a point a step."""
    game = game_from(JUMPER.format(speed=2, movement=2, at="5,1"))
    game.play(["step s"])
    assert square(game, "Ann") == "5,2" and game.state.turn.movement == 1
    game.play(["step n"])
    assert square(game, "Ann") == "5,1" and game.state.turn.movement == 0


IN_SQUARE_DOORS = """
    dice = []
    phase = "action"
    movement = 3
    map_text = '''
    +-+-+-+-+-+
    |1 . . . .|
    + + + + + +
    |. > . D .|
    + + + + + +
    |. . . . 2|
    +-+-+-+-+-+
    '''
    [[fighter]]
    name = "Ann"
    speed = 1
    at = "{at}"
    [[fighter]]
    name = "Bob"
    at = "4,2"
    """


def test_an_in_square_one_way_door_only_in_the_arrow_direction__F_MAP_02() -> None:
    """Ruling: the door in 1,1 points east: entered from the west, left to the east, nothing else."""
    game = game_from(IN_SQUARE_DOORS.format(at="0,1"))
    assert "step e" in moves(game)
    game.play(["step e"])
    assert square(game, "Ann") == "1,1" and game.state.turn.movement == 2
    assert moves(game) == {"step e"}
    game.play(["step e"])
    assert "step w" not in moves(game)
    assert "step s" not in moves(game_from(IN_SQUARE_DOORS.format(at="1,0")))
    assert "step n" not in moves(game_from(IN_SQUARE_DOORS.format(at="1,2")))


def test_an_in_square_two_way_door_any_direction__F_MAP_02() -> None:
    """Ruling: the two-way door in 3,1 is entered and left every way, a point a step."""
    game = game_from(IN_SQUARE_DOORS.format(at="3,0"))
    game.play(["step s"])
    assert square(game, "Ann") == "3,1" and game.state.turn.movement == 2
    assert moves(game) == {"step n", "step e", "step s", "step w"}


# -- F-MAP-03: doors and line of sight ----------------------------------------------------------


def test_an_edge_door_blocks_line_of_sight__F_MAP_03() -> None:
    """Ann at 5,1 and Bob at 5,2 face each other through the door: no attack either way."""
    game = game_from(
        """
        dice = []
        phase = "action"
        movement = 1
        [[fighter]]
        name = "Ann"
        at = "5,1"
        [[fighter]]
        name = "Bob"
        at = "5,2"
        """
    )
    assert attacks(game) == set()


DOORWAY = """
    dice = {dice}
    phase = "action"
    movement = 2
    turn = "{turn}"
    map_text = '''
    +-+-+-+-+-+
    |1 . . . .|
    +-+-+ +-+-+
    |#|#|D|#|#|
    +-+-+ +-+-+
    |. . . . .|
    + + + + + +
    |. . . . 2|
    +-+-+-+-+-+
    '''
    [[fighter]]
    name = "Ann"
    health = {ann_health}
    at = "{ann}"
    [[fighter]]
    name = "Bob"
    at = "2,3"
    [[fighter]]
    name = "Cy"
    accuracy = 4
    at = "2,0"
    """


def doorway(turn: str, ann: str, ann_health: int = 2, dice: tuple[int, ...] = ()) -> Game:
    """Ann, Bob and Cy around an in-square door in a wall: Cy north of it at 2,0, Bob south at 2,3."""
    return game_from(DOORWAY.format(turn=turn, ann=ann, ann_health=ann_health, dice=list(dice)))


def test_a_fighter_in_an_in_square_door_sees_both_sides__F_MAP_03() -> None:
    """South of the closed door Ann sees only Bob; in the door she sees Cy too; out again, not Cy."""
    game = doorway(turn="Ann", ann="2,2")
    assert attacks(game) == {"attack 1 pistol"}
    game.play(["step n"])
    assert square(game, "Ann") == "2,1"
    assert attacks(game) == {"attack 1 pistol", "attack 2 pistol"}
    game.play(["step s"])  # the door closes behind her
    assert attacks(game) == {"attack 1 pistol"}


def test_a_fighter_holding_a_door_open_is_seen_from_both_sides__F_MAP_03() -> None:
    """Cy north of the door sees Ann in it, but not Bob beyond her."""
    game = doorway(turn="Cy", ann="2,1")
    assert attacks(game) == {"attack 0 pistol"}


def test_the_door_closes_when_its_holder_is_fragged__F_MAP_03() -> None:
    """Cy frags Ann in the doorway; with his second attack he cannot see Bob through the closed door."""
    game = doorway(turn="Cy", ann="2,1", ann_health=1, dice=(1, 1, 1, 1, 1, 6, 6))
    assert attacks(game) == {"attack 0 pistol"}
    game.play(["attack 0 pistol", "pass", "pass"])  # hit 4 >= 1; defence 1 against 12
    assert game.rules.player(0).status is Status.FRAGGED
    assert game.state.turn.attacks == 1
    assert attacks(game) == set()
    assert dice_left(game) == ()


# -- F-MAP-04: grates ---------------------------------------------------------------------------


def test_grates_are_cosmetic__F_MAP_04() -> None:
    """Grates are walked on and jumped over as floor: 1 point a step, no die, no effect."""
    game = game_from(
        """
        dice = []
        phase = "action"
        movement = 6
        map_text = '''
        +-+-+-+-+
        |1 : : .|
        + + + + +
        |. . . 2|
        +-+-+-+-+
        '''
        [[fighter]]
        name = "Ann"
        at = "0,0"
        [[fighter]]
        name = "Bob"
        at = "3,1"
        """
    )
    assert moves(game) == {"step e", "step s", "jump e 2"}
    assert kinds(game.play(["step e"])) == ["Moved"]
    assert game.state.turn.movement == 5
    game.play(["step w", "jump e 2"])
    assert square(game, "Ann") == "2,0" and game.state.turn.movement == 0
    assert game.rules.player(0).damage == 0 and game.rules.player(0).hand == []
    assert "end" in legal(game)


# -- F-MAP-05: teleporters ----------------------------------------------------------------------


def test_a_teleporter_hops_to_the_other_for_one_point__F_MAP_05() -> None:
    """From 0,4 one point takes Ann to 11,7, and one more back; the usual steps stay."""
    game = game_from(JUMPER.format(speed=1, movement=2, at="0,4"))
    assert moves(game) == {"step n", "step e", "step s", "hop 11,7"}
    events = game.play(["hop 11,7"])
    assert kinds(events) == ["Moved"]
    assert square(game, "Ann") == "11,7" and game.state.turn.movement == 1
    assert moves(game) == {"step n", "step s", "step w", "hop 0,4"}
    game.play(["hop 0,4"])
    assert square(game, "Ann") == "0,4" and game.state.turn.movement == 0


def test_no_hop_from_a_square_that_is_not_a_teleporter__F_MAP_05() -> None:
    """Beside the teleporter, only steps."""
    game = game_from(JUMPER.format(speed=1, movement=2, at="1,4"))
    assert moves(game) == {"step n", "step e", "step s", "step w"}


@pytest.mark.parametrize("movement", [1, 2])
def test_hopping_onto_an_occupied_teleporter_bumps_its_occupant__F_MAP_05(movement: int) -> None:
    """Bob on 11,7 is bumped at once: he rolls (3) and goes to respawn point 3; Ann stays on 11,7."""
    game = game_from(
        f"""
        dice = [3]
        phase = "action"
        movement = {movement}
        [[fighter]]
        name = "Ann"
        speed = 1
        at = "0,4"
        [[fighter]]
        name = "Bob"
        at = "11,7"
        """
    )
    assert "hop 11,7" in moves(game)  # even with her last point: Bob will not be there
    events = game.play(["hop 11,7"])
    assert kinds(events) == ["Moved", "Bumped"]
    assert game.state.pending == [Bump(player=1, by=0)]
    assert game.decider() == 1 and legal(game) == {"bump"}
    events = game.play(["bump"])
    assert kinds(events) == ["DiceRolled", "Moved"]
    assert square(game, "Bob") == "1,10" and square(game, "Ann") == "11,7"
    assert game.decider() == 0 and game.state.turn.movement == movement - 1
    assert "end" in legal(game)
    assert dice_left(game) == ()


# -- F-MAP-06: walls ----------------------------------------------------------------------------


def test_walls_stop_steps_jumps_and_attacks__F_MAP_06() -> None:
    """Ann at 3,1 and Bob at 4,1 with the strongroom's wall between: no step, jump or shot east."""
    game = game_from(
        """
        dice = []
        phase = "action"
        movement = 6
        [[fighter]]
        name = "Ann"
        speed = 3
        at = "3,1"
        [[fighter]]
        name = "Bob"
        at = "4,1"
        """
    )
    assert moves(game) == {"step n", "step s", "step w", "jump s 2", "jump s 3", "jump w 2", "jump w 3"}
    assert attacks(game) == set()


def test_a_diagonal_wall_makes_two_halves__F_MAP_06() -> None:
    """Bob stands in the south-east half of 3,9; Ann steps into the north-west half, alone there."""
    game = game_from(
        """
        dice = []
        phase = "action"
        movement = 1
        [[fighter]]
        name = "Ann"
        at = "3,8"
        [[fighter]]
        name = "Bob"
        at = "3,9/se"
        """
    )
    assert "step s" in moves(game)  # not Bob's square: no need for a point to leave it
    game.play(["step s"])
    assert square(game, "Ann") == "3,9/nw"
    assert "end" in legal(game)
    assert attacks(game) == set()  # the wall runs between them
    game2 = game_from(JUMPER.format(speed=2, movement=3, at="3,9/nw"))
    assert moves(game2) == {"step n", "step w"}


def test_a_teleport_card_never_puts_a_fighter_where_no_move_leads_out__F_MAP_06() -> None:
    """Ruling F-MAP-06: on Foundry the half square 9,19/sw is walled in on every side (no step, jump or
    hop leaves it, and nobody could ever see a fighter there): Teleport is offered to every square but
    Ann's own and the 14 such halves; the other half of the same square, 9,19/ne, is open floor."""
    game = game_from(
        """
        map = "foundry"
        dice = []
        [[fighter]]
        name = "Ann"
        at = "1,1"
        hand = ["teleport"]
        [[fighter]]
        name = "Bob"
        at = "26,26"
        """
    )
    geometry = game.board.geometry
    walled_in = geometry.walled_in
    assert len(walled_in) == 14 and Square.parse("9,19/sw") in walled_in
    assert all(geometry.moves(place, 4) == [] for place in walled_in)
    offered = {action.to for action in game.legal_actions() if isinstance(action, PlayCard)}
    assert offered == set(game.board.all_squares()) - walled_in - {Square.parse("1,1")}
    assert Square.parse("9,19/ne") in offered
    with pytest.raises(IllegalActionError):
        game.play(["play teleport#1 9,19/sw"])
    game.play(["play teleport#1 9,19/ne"])
    assert square(game, "Ann") == "9,19/ne"
