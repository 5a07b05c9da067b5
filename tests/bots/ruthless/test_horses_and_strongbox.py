"""The Ruthless heuristic bot on horseback and for the strongbox, in small scripted positions (the open ground of
tests/rules/ruthless/common.py, the strongbox put on its flag square 7,3; or a long street of 40 squares).

Cal Mercer: a Repeating Rifle (10/24), a horse. Hank Tully: a Revolver (8/12), a horse. Chet Willis: a Repeating
Rifle, on foot. Ike Pruitt: a Shotgun (8/12). Kid Dalton: two Revolvers. Lucky Lou: a Derringer and a Revolver.
"""

from __future__ import annotations

from fragtui.bots.ruthless.strongbox import walks_of
from fragtui.engine.board import Direction, Square
from fragtui.engine.game import Game
from fragtui.engine.ruthless.actions import Dismount, Mount, MoveTo, PickCard, Reload, Shoot
from fragtui.engine.ruthless.grid import distance
from fragtui.engine.ruthless.pieces import Location
from tests.bots.ruthless.common import decide
from tests.rules.ruthless.common import BOARD, model, pick, refresh, ruthless_game

HANDS = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "9C", "6S", "5C", "JH"]}


def _board(rows: list[str]) -> str:
    """A Ruthless map of open ground from its rows of squares (`.`, `1`, `2`, `F`), one character a square."""
    width = len(rows[0])
    edge, between = "+" + "-+" * width, "+" + " +" * width
    lines = [f"|{' '.join(row)}|" for row in rows]
    return "\nruleset: ruthless\n" + edge + "\n" + f"\n{between}\n".join(lines) + "\n" + edge + "\n"


STREET = _board(["." * 40, ".1" + "." * 37 + "2", "." * 40])
"""A street 40 squares long and 3 wide, open ground."""
STREET_BOX = _board(["." * 40, ".1F" + "." * 36 + "2", "." * 40])
"""The same with the strongbox's flag square."""
FIELD = _board(["." * 29] * 14 + [".1" + "." * 12 + "F" + "." * 12 + "2."] + ["." * 29] * 14)
"""Open ground 29 by 29, the strongbox in the middle, 14 squares from every edge."""


def _activation(ann, bob, *, scenario: str = "showdown", board_text: str | None = None, dice=(), hands=HANDS) -> Game:
    """Ann (KS) activates first, Bob (QH) after."""
    game = ruthless_game({"Ann": ann, "Bob": bob}, hands=hands, scenario=scenario, board_text=board_text, dice=dice)
    pick(game, {"Ann": "KS", "Bob": "QH"})
    return game


# -- horses (R-MOVE-01, R-SHOOT-01, R-SHOOT-02) ------------------------------------------------------------


def test_a_rider_on_foot_far_from_the_fight_mounts_then_rides() -> None:
    """R-MOVE-01: Hank (on foot beside his horse) is 37 squares from Kid, 29 beyond his revolver's short range:
    mounting (one action) and riding 12 takes him farther over this turn and the next than walking 6 a Move."""
    game = _activation([("hank-tully", "1,1")], [("kid-dalton", "38,1")], board_text=STREET)
    model(game, 0).mounted = False
    game = refresh(game)
    assert decide(game) == Mount(fighter=0)
    game.apply(Mount(fighter=0))
    action = decide(game)
    assert isinstance(action, MoveTo) and action.to.x - 1 > 6  # farther than a Move on foot


def test_a_rider_on_foot_near_the_fight_stays_on_foot() -> None:
    """R-MOVE-01: with Kid 14 squares off (6 beyond the revolver's short range) walking gets Hank there as soon:
    no Mount, he walks."""
    game = _activation([("hank-tully", "1,1")], [("kid-dalton", "15,1")], board_text=STREET)
    model(game, 0).mounted = False
    game = refresh(game)
    action = decide(game)
    assert not isinstance(action, Mount)


def test_a_mounted_rider_far_from_the_fight_keeps_his_horse() -> None:
    """R-MOVE-01: Hank rides (his horse takes half the hits, R-SHOOT-02) with nobody in reach: he rides on."""
    game = _activation([("hank-tully", "1,1")], [("kid-dalton", "38,1")], board_text=STREET)
    assert model(game, 0).mounted
    action = decide(game)
    assert isinstance(action, MoveTo) and action.to.x - 1 > 6


def test_a_rider_dismounts_to_stand_and_shoot_when_the_horse_costs_him_the_shot() -> None:
    """R-SHOOT-01: Cal, mounted, has Ike at long range (14 squares): the forecast gives 1 in 10 from the saddle
    (8+, −2), 3 in 10 on foot. Two mounted shots are worth less than one on foot (and the next turn's two), so
    he dismounts, then fires at the better odds."""
    game = _activation([("cal-mercer", "1,1")], [("ike-pruitt", "15,1")], board_text=STREET)
    shot = Shoot(fighter=0, target=1, weapon=0)
    mounted = game.forecast(shot)
    assert ("mounted", -2) in mounted.modifiers and mounted.chance * 10 == 1
    assert decide(game) == Dismount(fighter=0)
    game.apply(Dismount(fighter=0))
    afoot = game.forecast(shot)
    assert afoot.chance > mounted.chance
    assert decide(game) == shot


def test_with_one_action_left_a_rider_fires_from_the_saddle() -> None:
    """R-SHOOT-01: Cal, mounted, has Ike at short range (8 squares: 3 in 10 from the saddle) and one action left:
    dismounting would cost him this turn's shot, so he fires mounted."""
    game = _activation([("cal-mercer", "1,1")], [("ike-pruitt", "9,1")], board_text=STREET)
    model(game, 0).actions = 1
    game = refresh(game)
    shot = Shoot(fighter=0, target=1, weapon=0)
    assert game.forecast(shot).chance * 10 == 3
    assert decide(game) == shot


def test_a_rider_keeps_his_horse_when_a_fanfire_beats_his_shot_on_foot() -> None:
    """R-WPN-02: a fanfire ignores every modifier, the saddle's −2 too. Hank, mounted, is 3 squares from Lou,
    a box from death at the leg, arm and chest: six rounds fanfired (6 hits in 10 expected, mounted or not) are
    worth more than his single shot on foot (5 in 10), so dismounting gains him nothing: he keeps his horse
    through his activation."""
    game = _activation([("hank-tully", "1,1")], [("lucky-lou", "4,1")], board_text=STREET, dice=[1] * 12)
    lou = model(game, 1)
    lou.wounds[Location.ARM] = lou.wounds[Location.CHEST] = 1
    game = refresh(game)
    fanfire = Shoot(fighter=0, target=1, weapon=0, rounds=6)
    assert game.forecast(fanfire).modifiers == () and game.forecast(fanfire).expected_hits * 10 == 6
    for _ in range(2):
        choice = decide(game)
        assert getattr(choice, "fighter", None) == 0 and not isinstance(choice, Dismount)
        game.apply(choice)
        if game.decider() != 0 or model(game, 1).square is None:
            break
    assert model(game, 0).mounted


# -- the strongbox (ruling R-SKED-01) -----------------------------------------------------------------------


def _box_game(ann, bob) -> Game:
    game = _activation(ann, bob, scenario="strongbox")
    table = game.state.ruthless
    assert table is not None
    table.strongbox = Square(7, 3)  # (by hand, as the models are: the rules put it at 8,3 on this board)
    game = refresh(game)
    seen = game.view(0).ruthless
    assert seen is not None and seen.strongbox == Square(7, 3)
    return game


def test_the_nearest_model_walks_to_the_strongbox_and_takes_it_up() -> None:
    """R-SKED-01: the strongbox lies 5 squares from Chet, within a Move: he ends his Move on it (taking it up),
    though Ike stands in his rifle's sight."""
    game = _box_game([("chet-willis", "2,3"), ("lucky-lou", "0,0")], [("ike-pruitt", "11,1")])
    assert any(isinstance(a, Shoot) and a.fighter == 0 for a in game.legal_actions())
    action = decide(game)
    assert action == MoveTo(fighter=0, to=Square(7, 3))
    game.apply(action)
    assert game.state.ruthless is not None and game.state.ruthless.carrier == 0


def test_a_far_runner_walks_toward_the_strongbox() -> None:
    """R-SKED-01: Lou, the nearer of Ann's two, is 10 squares of walk from the box: his Move takes him nearer it."""
    game = _box_game([("lucky-lou", "0,5"), ("chet-willis", "0,7")], [("ike-pruitt", "11,0")])
    walks = walks_of(BOARD)
    before = walks.to(Square(7, 3), Square(0, 5))
    moves = [a for a in (decide(game),) if isinstance(a, MoveTo)]
    assert moves and moves[0].fighter == 0
    assert walks.to(Square(7, 3), moves[0].to) <= before - 5


def test_the_carrier_carries_the_strongbox_off_his_home_edge() -> None:
    """R-SKED-01: Chet holds the strongbox 3 squares below the north edge, Ann's home edge (he walks 3 carrying
    it): he carries it off rather than shoot Ike, and Ann's posse wins."""
    game = _box_game([("chet-willis", "7,3")], [("ike-pruitt", "11,7")])
    table = game.state.ruthless
    assert table is not None
    table.strongbox, table.carrier = None, 0
    game = refresh(game)
    assert any(isinstance(a, Shoot) and a.fighter == 0 for a in game.legal_actions())
    action = decide(game)
    assert isinstance(action, MoveTo) and action.to.y == 0
    game.apply(action)
    assert game.over and game.state.winner == 0


def test_the_carrier_goes_toward_his_home_edge_rather_than_shoot() -> None:
    """R-SKED-01: Chet holds the strongbox in the middle of the long street (19 squares from its ends, 1 from the
    long sides): his Move ends on Ann's home edge, the north side (point 1 is one square from the north, west
    and south sides: the tie goes north)."""
    game = _activation([("chet-willis", "20,1")], [("ike-pruitt", "26,1")], scenario="strongbox", board_text=STREET_BOX)
    table = game.state.ruthless
    assert table is not None
    table.strongbox, table.carrier = None, 0
    game = refresh(game)
    action = decide(game)
    assert game.view(0).ruthless.home_edges[0] is Direction.N
    assert isinstance(action, MoveTo) and walks_of(game.board).on_home(Direction.N, action.to)


def test_a_carrier_on_foot_walks_home_rather_than_mount() -> None:
    """R-MOVE-01, R-SKED-01: Cal carries the strongbox 13 squares from his home edge (the west side): mounted or
    not, a carrier moves 3, so beside his horse he does not mount; he walks 3 toward the west edge."""
    game = _activation([("cal-mercer", "14,14")], [("ike-pruitt", "28,0")], scenario="strongbox", board_text=FIELD)
    table = game.state.ruthless
    assert table is not None
    table.strongbox, table.carrier = None, 0
    model(game, 0).mounted = False
    game = refresh(game)
    action = decide(game)
    walks = walks_of(game.board)
    assert isinstance(action, MoveTo)
    assert walks.to_home(Direction.W, action.to) == walks.to_home(Direction.W, Square(14, 14)) - 3


def test_the_enemy_carrier_draws_the_fire() -> None:
    """R-SKED-01: Ike and Kid at the same odds from Chet's rifle, Kid a box from death at the leg: in a showdown
    Kid draws the shot; when Ike carries the strongbox, Ike does."""
    squares = [("chet-willis", "5,3")], [("ike-pruitt", "8,3"), ("kid-dalton", "2,3")]
    showdown = _activation(*squares)
    model(showdown, 2).wounds[Location.GRAZE] = 1
    showdown = refresh(showdown)
    odds = {t: showdown.forecast(Shoot(fighter=0, target=t)).chance for t in (1, 2)}
    assert odds[1] == odds[2]
    assert decide(showdown) == Shoot(fighter=0, target=2, weapon=0)

    game = _box_game(*squares)
    model(game, 2).wounds[Location.GRAZE] = 1
    table = game.state.ruthless
    assert table is not None
    table.strongbox, table.carrier = None, 1
    game = refresh(game)
    assert decide(game) == Shoot(fighter=0, target=1, weapon=0)


def test_the_enemy_who_can_shoot_our_carrier_draws_the_fire() -> None:
    """R-SKED-01: Lou carries the strongbox at 7,6, past the wall's end; Ike (8,3) and Kid (2,3) stand at the
    same odds from Chet (5,3), only Ike sees Lou (the wall hides him from Kid): Chet shoots Ike, who would shoot
    the carrier, though Kid is the more wounded (in a showdown he would draw the shot)."""
    squares = [("chet-willis", "5,3"), ("lucky-lou", "7,6")], [("kid-dalton", "2,3"), ("ike-pruitt", "8,3")]
    assert BOARD.geometry.line_of_sight(Square(8, 3), Square(7, 6))
    assert not BOARD.geometry.line_of_sight(Square(2, 3), Square(7, 6))
    showdown = _activation(*squares)
    model(showdown, 2).wounds[Location.GUT] = 1
    showdown = refresh(showdown)
    assert decide(showdown) == Shoot(fighter=0, target=2, weapon=0)
    game = _box_game(*squares)
    table = game.state.ruthless
    assert table is not None
    table.strongbox, table.carrier = None, 1
    model(game, 2).wounds[Location.GUT] = 1
    game = refresh(game)
    odds = {t: game.forecast(Shoot(fighter=0, target=t)).chance for t in (2, 3)}
    assert odds[2] == odds[3]
    assert decide(game) == Shoot(fighter=0, target=3, weapon=0)


# -- fisticuffs (R-FIST-01) -------------------------------------------------------------------------------------


def _empty_guns(hand: list[str]) -> Game:
    """Kid (Hothead: +1 in fisticuffs) with both revolvers empty, 3 squares from Lou, who is a box from death at
    the leg, arm and chest; Ann holds `hand` (the King goes on initiative)."""
    game = _activation([("kid-dalton", "1,1")], [("lucky-lou", "4,1")], board_text=STREET, hands={**HANDS, "Ann": hand})
    model(game, 0).ammo = [0, 0]
    lou = model(game, 1)
    lou.wounds[Location.ARM] = lou.wounds[Location.CHEST] = 1
    return refresh(game)


def test_with_empty_guns_and_an_ace_he_seeks_fisticuffs_with_a_wounded_enemy() -> None:
    """R-FIST-01: his Ace scores 15 (+1 Hothead), more than any card Lou may hold: two hits on a man a box from
    death at three places are worth more than loading a revolver, so Kid's Move ends in contact."""
    game = _empty_guns(["KS", "AH", "3H", "5D", "8S"])
    action = decide(game)
    assert isinstance(action, MoveTo)
    assert max(abs(action.to.x - 4), abs(action.to.y - 1)) == 1


def test_with_empty_guns_and_weak_cards_he_reloads() -> None:
    """R-FIST-01: his best card an 8 (a score of 9), Lou's best of four cards likely beats it: Kid reloads."""
    game = _empty_guns(["KS", "2C", "3H", "5D", "8S"])
    action = decide(game)
    assert isinstance(action, Reload) and action.fighter == 0


def _carried_by(game: Game, fighter: int) -> Game:
    """The strongbox taken from its square and given to `fighter` to carry."""
    table = game.state.ruthless
    assert table is not None
    table.strongbox, table.carrier = None, fighter
    return refresh(game)


def test_the_enemy_carrier_is_chased_rather_than_the_nearest_enemy() -> None:
    """R-SKED-01: Kid carries the strongbox 18 squares west of Ike, Lou stands as far east: nobody is in reach.
    Ike closes on the carrier."""
    game = _box_game_on_field([("ike-pruitt", "14,2")], [("kid-dalton", "2,14"), ("lucky-lou", "26,14")])
    game = _carried_by(game, 1)
    action = decide(game)
    assert isinstance(action, MoveTo) and action.fighter == 0
    kid, lou = Square(2, 14), Square(26, 14)
    assert distance(action.to, kid) <= distance(Square(14, 2), kid) - 3
    assert distance(action.to, kid) < distance(action.to, lou)


def _box_game_on_field(ann, bob, hand: list[str] | None = None) -> Game:
    hands = {**HANDS, "Ann": hand} if hand else HANDS
    game = ruthless_game({"Ann": ann, "Bob": bob}, hands=hands, scenario="strongbox", board_text=FIELD)
    if hand is None:
        pick(game, {"Ann": "KS", "Bob": "QH"})
    return game


def test_initiative_the_highest_card_in_a_race_for_the_strongbox() -> None:
    """R-SEQ-01, R-SKED-01: nobody in reach of anybody, Ann would play her 7 for a third action; but Kid can
    walk to the strongbox this turn (6 squares): she plays her King, to take it up first."""
    hand = ["KS", "7C", "3H", "5D", "8S"]
    race = _box_game_on_field([("lucky-lou", "0,0")], [("kid-dalton", "20,14")], hand)
    assert decide(race) == PickCard(card="KS")
    calm = _box_game_on_field([("lucky-lou", "0,0")], [("kid-dalton", "28,28")], hand)
    assert decide(calm) == PickCard(card="7C")
