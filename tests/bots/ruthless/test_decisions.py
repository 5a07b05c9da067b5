"""The Ruthless heuristic bot's decisions in small scripted positions (tests/rules/ruthless/common.py's open
ground: soft cover at 9,1 and 10,5, hard cover at 3,6, a wall between columns 4 and 5 on rows 4-5).

Chet Willis: Toughness 6, a Repeating Rifle (10/24, 10 rounds). Ike Pruitt: Toughness 7, a Shotgun (8/12).
Doc Calloway: Toughness 5, a Shotgun and a Derringer. Lucky Lou: a Derringer and a Revolver.
"""

from __future__ import annotations

from fragtui.bots import BotWindow, make_bot
from fragtui.bots.kinds import AnyGameHeuristic
from fragtui.bots.ruthless import RuthlessBot
from fragtui.engine.actions import Discard, EndTurn
from fragtui.engine.board import Square
from fragtui.engine.game import Game
from fragtui.engine.ruthless.actions import Aim, Courage, GotYouCovered, MoveTo, PickCard, Reload, Shift, Shoot, Snap
from fragtui.engine.ruthless.grid import cover_of, in_cover
from fragtui.engine.ruthless.pieces import Location
from fragtui.engine.ruthless.table import Condition
from tests.bots.ruthless.common import decide
from tests.rules.ruthless.common import BOARD, model, pick, refresh, ruthless_game

HANDS = {"Ann": ["KS", "2C", "3H", "5D", "8S"], "Bob": ["QH", "9C", "6S", "5C", "JH"]}


def _activation(ann, bob, dice=(), picks=None) -> Game:
    """Ann (KS) activates first, Bob (QH) after."""
    game = ruthless_game({"Ann": ann, "Bob": bob}, dice=dice, hands=HANDS)
    pick(game, picks or {"Ann": "KS", "Bob": "QH"})
    return game


def test_it_shoots_the_target_with_the_best_odds() -> None:
    """Ike in the open at 7 squares and Doc behind hard cover at the same range: the rifle goes at Ike."""
    game = _activation([("chet-willis", "1,3")], [("ike-pruitt", "8,3"), ("doc-calloway", "3,7")])
    assert cover_of(BOARD, Square(3, 7), Square(1, 3)) == 2
    action = decide(game)
    assert action == Shoot(fighter=0, target=1, weapon=0)


def test_it_focuses_fire_on_the_most_wounded_enemy() -> None:
    """Two enemies at the same odds; the one a box from death at three locations gets the shot."""
    game = _activation([("chet-willis", "5,3")], [("ike-pruitt", "8,3"), ("kid-dalton", "2,3")])
    for location in (Location.LEG, Location.ARM, Location.CHEST):
        model(game, 2).wounds[location] = 1
    game = refresh(game)
    odds = {t: game.forecast(Shoot(fighter=0, target=t)).chance for t in (1, 2)}
    assert odds[1] == odds[2]
    assert decide(game) == Shoot(fighter=0, target=2, weapon=0)


def test_it_reloads_an_empty_gun() -> None:
    game = _activation([("chet-willis", "1,3")], [("ike-pruitt", "8,3")])
    model(game, 0).ammo = [0]
    game = refresh(game)
    assert decide(game) == Reload(fighter=0, weapon=0)


def test_it_aims_before_a_long_shot_it_may_take_only_once() -> None:
    """An arm wound allows one Shoot a turn and a leg wound one Move, already made: with nothing else to do
    Chet aims (+1, and the hit location his to shift) before the long shot."""
    game = _activation([("chet-willis", "0,3")], [("ike-pruitt", "11,3")])
    chet = model(game, 0)
    chet.wounds[Location.ARM] = 1
    chet.wounds[Location.LEG] = 1
    chet.moves = 1
    game = refresh(game)
    assert game.forecast(Shoot(fighter=0, target=1)).need == 8
    assert decide(game) == Aim(fighter=0)
    game.apply(Aim(fighter=0))
    assert decide(game) == Shoot(fighter=0, target=1, weapon=0)


def test_with_its_last_action_it_moves_out_of_a_shot_it_cannot_answer() -> None:
    """Ike's shotgun reaches 12; Chet's rifle, 14½ squares off, reaches him in the open. With one action left
    and no shot, Ike moves where the rifle cannot see him (behind the wall) or does worse (cover)."""
    game = _activation([("ike-pruitt", "11,7")], [("chet-willis", "0,0")])
    model(game, 0).actions = 1
    game = refresh(game)
    chet = Square(0, 0)
    assert BOARD.geometry.line_of_sight(chet, Square(11, 7)) and cover_of(BOARD, Square(11, 7), chet) == 0
    action = decide(game)
    assert isinstance(action, MoveTo)
    assert not BOARD.geometry.line_of_sight(action.to, chet) or cover_of(BOARD, action.to, chet) > 0


def test_with_two_actions_it_closes_in_to_a_square_in_cover() -> None:
    """The same, two actions left: Ike moves up into cover against the rifle (soft cover at 10,5) rather
    than stand in the open."""
    game = _activation([("ike-pruitt", "11,7")], [("chet-willis", "0,0")])
    action = decide(game)
    assert isinstance(action, MoveTo)
    assert cover_of(BOARD, action.to, Square(0, 0)) > 0


def test_it_gets_its_courage_up_with_the_cheapest_card_that_makes_it_sure() -> None:
    """R-COUR-01: Chet (Toughness 6) is Lily Livered in cover: the 5 makes the roll sure (1d10 + 5 >= 6)
    and costs less than the King; the bot spends it."""
    game = _activation([("chet-willis", "10,4")], [("ike-pruitt", "1,1")])
    assert in_cover(BOARD, Square(10, 4))
    model(game, 0).markers.lily_livered = True
    game = refresh(game)
    action = decide(game)
    assert action == Courage(fighter=0, card="5D")


def test_it_covers_when_nothing_better() -> None:
    """R-COVER-01: Ike is out of Lou's reach (14½ squares) and Lou has one action left: "Got you covered!"
    (Ike may walk into his sight). Ike's move then draws the shot."""
    game = _activation([("lucky-lou", "0,0")], [("ike-pruitt", "11,7")])
    model(game, 0).actions = 1
    game = refresh(game)
    assert not any(isinstance(a, Shoot) for a in game.legal_actions())
    assert decide(game) == GotYouCovered(fighter=0)
    game.apply(GotYouCovered(fighter=0))
    assert model(game, 0).markers.covering and game.decider() == 1


def test_initiative_the_highest_card_in_the_fight_and_a_seven_or_the_lowest_out_of_it() -> None:
    """R-SEQ-01/03: enemies in sight and reach: the King; nobody near: the 7 for a third action (or the
    lowest card)."""
    near = ruthless_game({"Ann": [("chet-willis", "1,3")], "Bob": [("ike-pruitt", "8,3")]}, hands=HANDS)
    assert decide(near) == PickCard(card="KS")
    edge = "+" + "-+" * 40
    board = f"\nruleset: ruthless\n{edge}\n|. 1 {'. ' * 37}2|\n{edge}\n"
    far = ruthless_game(
        {"Ann": [("lucky-lou", "0,0")], "Bob": [("kid-dalton", "39,0")]},
        hands={"Ann": ["KS", "7C", "3H", "5D", "8S"], "Bob": HANDS["Bob"]},
        board_text=board,
    )
    assert decide(far) == PickCard(card="7C")


def test_initiative_an_ace_or_a_four_brings_the_unconscious_round() -> None:
    """R-UNC-01: a model down and a 4 in hand: the 4 (the Ace kept, nobody being in reach)."""
    game = ruthless_game(
        {"Ann": [("lucky-lou", "0,0"), ("kid-dalton", "1,0")], "Bob": [("ike-pruitt", "11,7")]},
        hands={"Ann": ["AS", "4C", "7H", "5D", "8S"], "Bob": HANDS["Bob"]},
    )
    model(game, 1).condition = Condition.UNCONSCIOUS
    game = refresh(game)
    assert decide(game) == PickCard(card="4C")


def test_a_covered_shot_is_taken_at_the_mover() -> None:
    """R-COVER-01: Bob's covering Chet may shoot at Lou, who moved into his sight: the bot shoots."""
    game = _activation([("lucky-lou", "11,0")], [("chet-willis", "0,0")])
    model(game, 1).markers.covering = True
    game = refresh(game)
    game.apply(MoveTo(fighter=0, to=Square(10, 1)))
    assert game.decider() == 1
    assert decide(game) == Shoot(fighter=1, target=0, weapon=0)


def test_the_aimed_hit_is_shifted_to_the_location_that_kills() -> None:
    """R-HIT-01: Ike has one chest box left; an aimed hit rolls 7 (gut): the bot shifts +1 to the chest."""
    game = _activation([("chet-willis", "1,3")], [("ike-pruitt", "8,3")], dice=[9, 7])
    model(game, 1).wounds[Location.CHEST] = 1
    game = refresh(game)
    game.apply(Aim(fighter=0))
    game.apply(Shoot(fighter=0, target=1))
    assert game.decider() == 0 and Shift(by=1) in game.legal_actions()
    assert decide(game) == Shift(by=1)


def test_fisticuffs_the_strongest_card() -> None:
    """R-FIST-01: Lou moves into contact with Ike; each side picks its strongest card (Ann's King went on
    initiative: her 8; Bob's Queen: his Jack)."""
    game = _activation([("lucky-lou", "5,3")], [("ike-pruitt", "7,3")])
    game.apply(MoveTo(fighter=0, to=Square(6, 3)))
    assert game.decider() == 0
    action = decide(game)
    assert action == PickCard(card="8S")
    game.apply(action)
    assert game.decider() == 1
    assert decide(game) == PickCard(card="JH")


def test_discarding_with_a_three_throws_away_the_weak_cards_and_keeps_the_seven() -> None:
    """R-SEQ-02: with a 3 played, the bot discards everything below a 7 (not the 7), then stops."""
    game = ruthless_game(
        {"Ann": [("lucky-lou", "0,0")], "Bob": [("ike-pruitt", "11,7")]},
        hands={"Ann": ["3S", "7C", "2H", "5D", "KS"], "Bob": HANDS["Bob"]},
        dice=[10, 10],
    )
    pick(game, {"Ann": "3S", "Bob": "QH"})
    game.apply(EndTurn())  # Bob (the Queen) first
    game.apply(EndTurn())
    assert game.state.turn.phase == "discard" and game.decider() == 0
    discarded: list[str] = []
    while game.state.turn.phase == "discard":
        action = decide(game)
        game.apply(action)
        if isinstance(action, Discard):
            discarded.append(action.card)
    assert sorted(discarded) == ["2H", "5D"]


def test_the_heuristic_kind_plays_ruthless_with_the_ruthless_bot() -> None:
    game = _activation([("chet-willis", "1,3")], [("ike-pruitt", "8,3")])
    bot = make_bot("heuristic", 5)
    assert bot.decide(BotWindow(game, 0)) == decide(game)
    assert isinstance(bot, AnyGameHeuristic)
    player = bot.players["ruthless"]  # made when first handed a game of Ruthless (kinds.GAME_PLAYERS)
    assert isinstance(player, RuthlessBot) and player.slips == 0


def test_a_covering_model_is_left_be() -> None:
    """R-COVER-01: any action would drop Lou's mark, so the bot gives him none; Kid acts, then the posse's
    activation ends with Lou still covering."""
    game = _activation([("lucky-lou", "0,0"), ("kid-dalton", "0,1")], [("ike-pruitt", "11,7")], dice=[1] * 20)
    lou = model(game, 0)
    lou.actions = 1
    lou.markers.covering = True
    game = refresh(game)
    for _ in range(6):
        if game.decider() != 0:
            break
        action = decide(game)
        assert getattr(action, "fighter", None) != 0
        game.apply(action)
    assert game.decider() == 1
    assert model(game, 0).markers.covering and model(game, 0).actions == 1


def test_a_snap_shot_with_the_cheapest_card_that_beats_the_firers() -> None:
    """R-SNAP-01: Chet (Ann's 8 for initiative) shoots at Ike, 7 squares off; Bob holds the 9, Jack and Queen:
    Ike's shotgun fires first (+2 at close range), paid with the 9."""
    game = _activation([("chet-willis", "1,3")], [("ike-pruitt", "8,3")], picks={"Ann": "8S", "Bob": "6S"})
    game.apply(Shoot(fighter=0, target=1))
    assert game.decider() == 1 and game.view(1).decision == "snap_shot"
    assert decide(game) == Snap(card="9C", weapon=0)


def test_a_duck_out_of_the_firers_sight() -> None:
    """R-SNAP-01: Kid's revolvers at 9 squares do worse than Ike's shotgun: he ducks to 8,4, where the wall
    hides him from Chet, and the shot is lost."""
    game = _activation([("chet-willis", "1,3")], [("kid-dalton", "10,3")], picks={"Ann": "8S", "Bob": "6S"})
    game.apply(Shoot(fighter=0, target=1))
    action = decide(game)
    assert isinstance(action, Snap) and action.to is not None and action.card == "9C"
    assert not BOARD.geometry.line_of_sight(action.to, Square(1, 3))
