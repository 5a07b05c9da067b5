"""The Western map under Frag Deadlands: windows, tentacle beasts, gallows and hanging, with scripted dice.

D-MAP-01 (windows), D-MAP-02 (beasts), D-MAP-03 (gallows squares), D-GAL-01 (hanging) and the gallows
side of D-RESP-01. Every scenario is played through `legal_actions`/`apply`: a die the rule does not
call for fails the test (`DiceExhaustedError`), and one it calls for but the engine skips is left over.

The fighters are chosen so that no other part's ability rolls a die here: the Harrowed Gunslinger
attacks (his Revolver is the 2-dice starting weapon), the Agency Operative and the Indian Brave are
shot at; no Saloon Gal, and no Mad Scientist or Huckster whose turn begins. The specials deck is given,
so that the special drawn for a frag is never a joker.

The desert (maps/desert.map): beast 0 has its mouth at 21,5 and tentacles at 19,4 20,4 21,4 (row 4:
rough ground at 17,4 and 18,4, then the three tentacles, then 22,4); its gallows is 14,14. The town
(maps/town.map): four gallows at 26,11 27,11 26,12 27,12, the east end of Main Street.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from fragtui.content.library import new_game
from fragtui.engine.actions import Hop, Jump, Step
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.actions import ChooseSquare
from fragtui.engine.deadlands.events import DeadlandsEventKind
from fragtui.engine.deadlands.gallows import Gallows
from fragtui.engine.decisions import decision_class
from fragtui.engine.frag.actions import Attack, PlayCard
from fragtui.engine.frag.decisions import Bump, LastChance
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import CounterKind, Phase, Status
from fragtui.engine.game import Game
from fragtui.engine.harness import play_random_game
from fragtui.engine.rulesets import find_ruleset
from fragtui.errors import IllegalActionError, ScenarioError
from tests.conftest import game_from, kinds


def legal(game: Game) -> set[str]:
    """The decider's legal actions, in notation."""
    return {str(action) for action in game.legal_actions()}


def moves(game: Game) -> set[str]:
    """The steps, jumps and hops offered now, in notation."""
    return {str(action) for action in game.legal_actions() if isinstance(action, Step | Jump | Hop)}


def attacks(game: Game) -> set[str]:
    """The attacks offered now, in notation."""
    return {str(action) for action in game.legal_actions() if isinstance(action, Attack)}


def dice_left(game: Game) -> tuple[int, ...] | None:
    """The scripted faces not rolled yet."""
    return game.state.dice.script


# -- D-MAP-01: windows ---------------------------------------------------------------------------------

WINDOWS = '''
ruleset = "deadlands"
dice = {dice}
phase = "action"
movement = 8
map_text = """
name: Window test
ruleset: deadlands
+-+-+-+-+-+-+
|1 . . . . 2|
+           +
|. . . . . .|
+   +w+     +
|. . . . . .|
+           +
|3 . .w. . 4|
+-+-+-+-+-+-+
"""
[[fighter]]
name = "Ann"
character = "harrowed-gunslinger"
speed = 4
at = "{ann}"
[[fighter]]
name = "Bob"
character = "agency-operative"
at = "{bob}"
'''


def test_a_window_stops_steps_and_jumps_but_not_sight__D_MAP_01() -> None:
    """Under the window south of 2,1: Ann may neither step nor jump south through it, and goes round;
    she still sees Bob below it and hits him at range 2 (the window does not block line of sight)."""
    game = game_from(WINDOWS.format(dice=[1, 2, 1], ann="2,1", bob="2,3"))
    offered = moves(game)
    assert "step s" not in offered and not any(move.startswith("jump s") for move in offered)
    assert {"step e", "step w", "step n"} <= offered
    assert Square(2, 2) in game.rules.routes(0)  # round the window: 3 points by 1,1 or 3,1
    assert game.rules.routes(0)[Square(2, 2)].cost == 3
    assert attacks(game) == {"attack 1 pistol"}
    events = game.play(["attack 1 pistol"])
    assert kinds(events) == ["Attacked", "DiceRolled", "Hit"]  # 1+2+1 = 4 against range 2
    assert dice_left(game) == ()


def test_a_window_in_a_wall_between_two_squares_side_by_side__D_MAP_01() -> None:
    """The window east of 2,3: no step or jump east across it; Bob beyond it is in sight."""
    game = game_from(WINDOWS.format(dice=[], ann="2,3", bob="4,3"))
    offered = moves(game)
    assert "step e" not in offered and "jump e 2" not in offered
    assert "step w" in offered and "jump w 2" in offered
    assert attacks(game) == {"attack 1 pistol"}


# -- D-MAP-02: beasts ----------------------------------------------------------------------------------

DESERT = """
ruleset = "{ruleset}"
map = "desert"
dice = {dice}
phase = "action"
movement = {movement}
decks.specials = ["quick-draw"]
[[fighter]]
name = "Ann"
character = "harrowed-gunslinger"
health = {health}
speed = 4
at = "{ann}"
[[fighter]]
name = "Bob"
character = "agency-operative"
at = "{bob}"
"""


def desert(
    dice: list[int],
    *,
    movement: int = 4,
    health: int = 3,
    ann: str = "18,4",
    bob: str = "26,26",
    ruleset: str = "deadlands",
) -> Game:
    return game_from(DESERT.format(ruleset=ruleset, dice=dice, movement=movement, health=health, ann=ann, bob=bob))


def test_entering_a_tentacle_square_forces_an_accuracy_check__D_MAP_02() -> None:
    """Accuracy 3: 2+2+2 = 6 is more than 5: the beast misses; Ann stands on the tentacle and moves on."""
    game = desert([2, 2, 2])
    events = game.play(["step e"])
    assert kinds(events) == ["Moved", "DiceRolled"]
    check = events[1].roll
    assert check is not None and check.dice == (2, 2, 2) and "tentacle beast" in check.reason
    ann = game.state.players[0]
    assert (str(ann.square), game.state.turn.movement) == ("19,4", 3)
    assert "step e" in moves(game)


def test_a_check_of_5_or_less_drags_him_to_the_mouth_and_the_bite_is_a_3_dice_attack__D_MAP_02() -> None:
    """1+2+2 = 5: grabbed. Ann goes to the mouth at 21,5 at once, her 3 points left are lost, and the bite,
    ruled an attack worth 3 dice like acid's 2 (F-MAP-01), rolls 6+6+6 = 18 against her 4 Health dice
    3+3+3+3 = 12: she loses 18 // 12 = 1."""
    game = desert([1, 2, 2, 3, 3, 3, 3, 6, 6, 6], health=4)
    events = game.play(["step e"])
    assert kinds(events) == ["Moved", "DiceRolled", "Grabbed", "DiceRolled", "DiceRolled", "Damaged"]
    grabbed = events[2]
    assert (grabbed.player, str(grabbed.square)) == (0, "21,5")
    defence, bite = events[3].roll, events[4].roll
    assert defence is not None and defence.dice == (3, 3, 3, 3)
    assert bite is not None and bite.dice == (6, 6, 6)
    assert (events[5].amount, events[5].other) == (1, None)
    ann = game.state.players[0]
    assert (str(ann.square), ann.damage, game.state.turn.movement) == ("21,5", 1, 0)
    assert moves(game) == set()  # the rest of the movement is lost
    assert "end" in legal(game)  # the rest of the turn goes on
    assert dice_left(game) == ()


def test_a_jump_over_tentacles_is_safe_and_a_jump_landing_on_one_is_checked__D_MAP_02__F_JUMP_02() -> None:
    """Speed 4: a jump of 4 from 18,4 over the three tentacles to 22,4 rolls nothing; a jump of 2 landing on
    the tentacle 20,4 is checked (only the landing square counts)."""
    game = desert([], movement=8)
    game.play(["jump e 4"])
    assert str(game.state.players[0].square) == "22,4"
    game = desert([3, 3, 3], movement=8)
    events = game.play(["jump e 2"])
    assert kinds(events) == ["Moved", "DiceRolled"]
    assert str(game.state.players[0].square) == "20,4"


def test_standing_on_or_leaving_a_tentacle_square_does_nothing__D_MAP_02() -> None:
    """Ann starts on the tentacle 19,4: stepping off it west rolls nothing; stepping back onto it does."""
    game = desert([4, 4, 4], ann="19,4")
    assert kinds(game.play(["step w"])) == ["Moved"]
    assert kinds(game.play(["step e"])) == ["Moved", "DiceRolled"]
    assert dice_left(game) == ()


def test_a_teleport_onto_a_tentacle_square_is_checked__D_MAP_02() -> None:
    """A Secret Passage onto the tentacle 20,4 enters it: the check is rolled (5: grabbed, to the mouth)."""
    game = game_from(
        """
        ruleset = "deadlands"
        map = "desert"
        dice = [1, 1, 3, 4, 4, 4, 1, 1, 1]
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "18,4"
        hand = ["secret-passage"]
        [[fighter]]
        name = "Bob"
        character = "agency-operative"
        at = "26,26"
        """
    )
    events = game.play(["play secret-passage#1 20,4"])
    assert DeadlandsEventKind.GRABBED in [e.kind for e in events]
    assert str(game.state.players[0].square) == "21,5"
    assert game.state.turn.phase is Phase.ACTION and game.state.turn.movement == 0


def test_a_fighter_in_the_mouth_is_bumped_by_the_one_grabbed__D_MAP_02__F_RESP_03() -> None:
    """Ruling: the grabbed fighter is moved to the mouth at once, as by a teleport; Bob, standing in it,
    is bumped and rolls for a respawn point (1: the grave at 2,1)."""
    game = desert([1, 1, 1, 6, 6, 6, 1, 1, 1, 1], bob="21,5")
    events = game.play(["step e"])
    assert FragEventKind.BUMPED in [e.kind for e in events]
    assert isinstance(game.state.pending[-1], Bump) and game.decider() == 1
    game.play(["bump"])
    assert [str(p.square) for p in game.state.players] == ["21,5", "2,1"]
    assert dice_left(game) == ()


def test_a_frag_by_a_beast_scores_for_nobody_and_leaves_the_leftovers_in_the_mouth__D_MAP_02() -> None:
    """Ruling: Health 1, defence 1 against 6+6+6: the bite frags Ann; nobody scores (as acid, F-MAP-01),
    nobody hangs her, and her blood counter lies in the mouth where she was dragged."""
    game = desert([1, 1, 1, 1, 6, 6, 6], health=1)
    game.play(["step e"])
    pending = game.state.pending[-1]
    assert isinstance(pending, LastChance) and pending.by is None
    events = game.play(["pass"])
    assert "FragScored" not in kinds(events) and "Hanged" not in kinds(events)
    assert [p.frags for p in game.state.players] == [0, 0]
    assert [(c.kind, str(c.square)) for c in game.state.counters] == [(CounterKind.BLOOD, "21,5")]
    assert game.state.players[0].status is Status.FRAGGED and game.state.players[0].square is None


def test_under_frag_rules_a_tentacle_is_plain_floor__D_MAP_02() -> None:
    """Base Frag plays the desert too: stepping onto 19,4 rolls no check."""
    game = game_from(
        DESERT.format(ruleset="frag", dice=[], movement=4, health=3, ann="18,4", bob="26,26")
        .replace('character = "harrowed-gunslinger"', "")
        .replace('character = "agency-operative"', "")
        .replace('decks.specials = ["quick-draw"]', "")
    )
    assert kinds(game.play(["step e"])) == ["Moved"]
    assert str(game.state.players[0].square) == "19,4"


# -- D-GAL-01: hanging ---------------------------------------------------------------------------------

YARD = '''
ruleset = "deadlands"
dice = {dice}
phase = "action"
decks.specials = ["quick-draw", "supply-wagon"]
map_text = """
name: Gallows yard
ruleset: deadlands
+-+-+-+-+-+-+-+
|1 . . . . . 2|
+             +
|. . . H . . .|
+             +
|. . . . . . .|
+             +
|3 . . H . . 4|
+-+-+-+-+-+-+-+
"""
[[fighter]]
name = "Ann"
character = "harrowed-gunslinger"
at = "1,2"
hand = {hand}
[[fighter]]
name = "Bob"
character = "{bob}"
health = {health}
at = "1,0"
'''


def yard(dice: list[int], *, health: int = 2, bob: str = "agency-operative", hand: tuple[str, ...] = ()) -> Game:
    """Ann 2 squares south of Bob, both in the open; gallows at 3,1 and 3,3."""
    return game_from(YARD.format(dice=dice, health=health, bob=bob, hand=list(hand)))


def test_a_frag_of_twice_the_health_left_sends_him_to_the_gallows_the_attacker_chooses__D_GAL_01__D_RESP_01() -> None:
    """Bob has Health 2: defence 1+1 against 6+6 loses 6, three times what he had: Ann scores the frag,
    draws her special, and chooses one of the two free gallows squares; Bob hangs there, fragged."""
    game = yard([6, 6, 6, 1, 1, 6, 6])
    game.play(["attack 1 pistol", "pass"])
    assert game.state.players[1].markers.hard_hit  # public: the blow was rolled in front of everyone
    events = game.play(["pass"])
    assert kinds(events) == ["Fragged", "Leftovers", "FragScored", "CardDrawn"]
    pending = game.state.pending[-1]
    assert isinstance(pending, Gallows) and (pending.victim, pending.optional) == (1, False)
    assert game.decider() == 0
    assert legal(game) == {"square 3,1", "square 3,3"}  # no pass: a hard frag hangs him
    view = game.view(1)
    assert view.hanging == 1 and decision_class(str(view.decision)).prompt(view).endswith("hang Bob on")
    events = game.play(["square 3,3"])
    assert kinds(events) == ["Hanged"]
    assert (events[0].player, events[0].other, str(events[0].square)) == (1, 0, "3,3")
    bob = game.state.players[1]
    assert (bob.status, str(bob.square), bob.markers.hanged, bob.markers.hard_hit) == (
        Status.FRAGGED,
        "3,3",
        True,
        False,
    )
    ann = game.state.players[0]
    assert (ann.frags, ann.hand) == (1, ["quick-draw#1"])  # the frag counts (F-FRAG-02)
    # D-RESP-01: the rest of the fragged procedure happened where he fell.
    assert [(c.kind, str(c.square)) for c in game.state.counters] == [(CounterKind.BLOOD, "1,0")]
    shown = game.view(0).fighters[1]
    assert (str(shown.square), shown.markers.hanged, shown.status) == ("3,3", True, Status.FRAGGED)
    assert game.state.pending == [] and game.decider() == 0


@pytest.mark.parametrize(("damage", "hanged"), [((4, 4), True), ((3, 4), False), ((2, 2), False)])
def test_only_damage_of_at_least_twice_the_health_left_hangs__D_GAL_01(damage: tuple[int, int], hanged: bool) -> None:
    """Health 2, defence 1+1 = 2: 4+4 takes 4 (exactly twice: hanged); 3+4 takes 3 and 2+2 takes 2: fragged,
    not hanged, off the board until he respawns."""
    game = yard([6, 6, 6, 1, 1, *damage])
    game.play(["attack 1 pistol", "pass", "pass"])
    assert isinstance(game.state.pending[-1] if game.state.pending else None, Gallows) is hanged
    bob = game.state.players[1]
    assert bob.status is Status.FRAGGED and bob.square is None and not bob.markers.hard_hit
    assert game.state.players[0].frags == 1


def test_the_indian_brave_may_be_hanged_whatever_the_damage__D_GAL_01__D_FTR_07() -> None:
    """Bob, the Indian Brave, loses just his 2 Health: Ann may hang him (D-FTR-07: "may"), or spare him."""
    game = yard([6, 6, 6, 1, 1, 2, 2], bob="indian-brave")
    game.play(["attack 1 pistol", "pass", "pass"])
    pending = game.state.pending[-1]
    assert isinstance(pending, Gallows) and pending.optional
    assert legal(game) == {"square 3,1", "square 3,3", "pass"}
    events = game.play(["pass"])
    assert kinds(events) == ["Passed"] and "spares" in events[0].text
    bob = game.state.players[1]
    assert (bob.status, bob.square, bob.markers.hanged) == (Status.FRAGGED, None, False)


def test_the_indian_brave_hanged_by_a_hard_frag_may_not_be_spared__D_GAL_01__D_FTR_07() -> None:
    game = yard([6, 6, 6, 1, 1, 6, 6], bob="indian-brave")
    game.play(["attack 1 pistol", "pass", "pass"])
    assert legal(game) == {"square 3,1", "square 3,3"}


HANGED = '''
ruleset = "deadlands"
dice = {dice}
phase = "action"
movement = {movement}
map_text = """
name: Gallows yard
ruleset: deadlands
+-+-+-+-+-+-+-+
|1 . . . . . 2|
+             +
|. . . H . . .|
+             +
|. . . . . . .|
+             +
|3 . . H . . 4|
+-+-+-+-+-+-+-+
"""
[[fighter]]
name = "Ann"
character = "harrowed-gunslinger"
speed = 3
at = "{ann}"
hand = {hand}
[[fighter]]
name = "Bob"
character = "agency-operative"
at = "3,1"
markers = {{ hanged = true }}
damage = 5
[[fighter]]
name = "Cat"
character = "indian-brave"
at = "{cat}"
'''


def hanged(
    dice: list[int] | None = None,
    *,
    movement: int = 6,
    ann: str = "2,1",
    cat: str = "6,3",
    hand: tuple[str, ...] = (),
) -> Game:
    """Bob hangs on the gallows at 3,1 (a scenario marker); Ann's turn."""
    return game_from(HANGED.format(dice=dice or [], movement=movement, ann=ann, cat=cat, hand=list(hand)))


def test_nobody_may_pass_through_a_gallows_square_with_a_hanged_fighter__D_GAL_01() -> None:
    """From 2,1 Ann may not step east into 3,1 nor jump over it to 4,1 (ruling: a jump passes through the
    squares it goes over); her cheapest way to 4,1 goes round, 4 points; from 3,0 no step south."""
    game = hanged()
    offered = moves(game)
    assert "step e" not in offered and "jump e 2" not in offered and "jump e 3" not in offered
    routes = game.rules.routes(0)
    assert Square(3, 1) not in routes
    assert routes[Square(4, 1)].cost == 4
    assert all(Square(3, 1) not in (move.to for move in route.moves) for route in routes.values())
    game = hanged(ann="3,0")
    assert "step s" not in moves(game)


def test_a_move_into_or_over_the_hanged_fighter_is_refused_saying_why__D_GAL_01() -> None:
    """Refused with the state unchanged, and the refusal names the gallows."""
    game = hanged()
    before = game.state.model_dump_json()
    for action in ("step e", "jump e 2"):
        with pytest.raises(IllegalActionError, match="Bob hangs on the gallows at 3,1, and nobody may pass there"):
            game.play([action])
    assert game.state.model_dump_json() == before


def test_the_empty_gallows_square_is_plain_floor__D_GAL_01() -> None:
    """The other gallows square, 3,3, with nobody hanging on it, may be walked over like any other."""
    game = hanged(ann="2,3")
    assert "step e" in moves(game) and "jump e 2" in moves(game)


def test_a_teleport_may_not_land_on_a_hanged_fighters_gallows__D_GAL_01() -> None:
    game = game_from(
        HANGED.format(dice=[], movement=0, ann="2,1", cat="6,3", hand=["secret-passage"]).replace(
            'phase = "action"', 'phase = "roll"'
        )
    )
    targets = {str(a.to) for a in game.legal_actions() if isinstance(a, PlayCard) and a.to is not None}
    assert "3,3" in targets and "3,1" not in targets


def test_a_hanged_fighter_blocks_line_of_sight__D_GAL_01() -> None:
    """Ann at 1,1 and Cat at 5,1 on either side of Bob's gallows at 3,1: neither sees the other. Cat at 1,3,
    off that line, is seen."""
    game = hanged(ann="1,1", cat="5,1")
    assert attacks(game) == set()
    game = hanged(ann="1,1", cat="1,3")
    assert attacks(game) == {"attack 2 pistol"}


def test_second_sight_sees_through_a_hanged_fighter_as_through_any_fighter__D_GAL_01() -> None:
    """Ruling: he blocks sight as a fighter does, so the Huckster's Second Sight ("other fighters do not
    block your sight") sees past him to Cat."""
    game = game_from(
        HANGED.format(dice=[], movement=0, ann="1,1", cat="5,1", hand=[]).replace(
            'character = "harrowed-gunslinger"', 'character = "huckster"\nspecials = ["second-sight"]'
        )
    )
    assert attacks(game) == {"attack 2 pistol"}


def test_a_hanged_fighter_cannot_be_attacked_or_affected__D_GAL_01() -> None:
    """Bob hangs right beside Ann: he is no target, and the Stampede she holds may be played on Cat only."""
    game = hanged(ann="2,1", cat="2,3", hand=("stampede",))
    assert attacks(game) == {"attack 2 pistol"}
    plays = {a.target for a in game.legal_actions() if isinstance(a, PlayCard)}
    assert plays == {2}


def test_a_hanged_fighter_starts_his_next_turn_on_the_gallows_instead_of_respawning__D_GAL_01() -> None:
    """Ann ends her turn; at Bob's, he comes down on 3,1, fresh (Health full), the marker
    gone, and rolls for movement: no respawn phase, no respawn roll."""
    game = hanged(dice=[3, 4])
    game.play(["end"])
    bob = game.state.players[1]
    assert game.state.turn.active == 1
    assert (bob.status, str(bob.square), bob.damage, bob.markers.hanged) == (Status.IN_PLAY, "3,1", 0, False)
    assert game.state.turn.phase is Phase.ROLL and legal(game) == {"roll"}
    events = game.play(["roll"])
    assert kinds(events) == ["DiceRolled", "MovementRolled"]
    assert "step w" in moves(game)


def test_the_coming_down_is_in_the_log__D_GAL_01() -> None:
    events = hanged().play(["end"])
    back = [e for e in events if e.kind is FragEventKind.RESPAWNED]
    assert len(back) == 1 and back[0].player == 1 and "gallows" in back[0].text and str(back[0].square) == "3,1"


def test_with_no_free_gallows_the_victim_is_fragged_as_usual__D_GAL_01() -> None:
    """Ruling: the desert's one gallows already holds Bob; Ann frags Cat hard: no gallows decision, Cat is
    off the board and respawns at his next turn."""
    game = game_from(
        """
        ruleset = "deadlands"
        map = "desert"
        dice = [6, 6, 6, 1, 1, 6, 6]
        phase = "action"
        decks.specials = ["quick-draw"]
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "10,14"
        [[fighter]]
        name = "Bob"
        character = "agency-operative"
        at = "14,14"
        markers = { hanged = true }
        [[fighter]]
        name = "Cat"
        character = "indian-brave"
        at = "10,12"
        """
    )
    events = game.play(["attack 2 pistol", "pass", "pass"])
    assert "Hanged" not in kinds(events) and game.state.pending == []
    assert any("No gallows square is free" in e.text for e in events)
    cat = game.state.players[2]
    assert (cat.status, cat.square, cat.markers.hanged) == (Status.FRAGGED, None, False)


def test_the_gallows_squares_of_the_town_and_the_desert__D_MAP_03__D_GAL_01() -> None:
    """A hard frag on the town offers its four gallows at the east end of Main Street; on the desert, the
    one at its centre."""
    for map_name, ann, bob, squares in (
        ("town", "5,11", "5,13", {"square 26,11", "square 27,11", "square 26,12", "square 27,12"}),
        ("desert", "10,14", "10,12", {"square 14,14"}),
    ):
        game = game_from(
            f"""
            ruleset = "deadlands"
            map = "{map_name}"
            dice = [6, 6, 6, 1, 1, 6, 6]
            phase = "action"
            decks.specials = ["quick-draw"]
            [[fighter]]
            name = "Ann"
            character = "harrowed-gunslinger"
            at = "{ann}"
            [[fighter]]
            name = "Bob"
            character = "agency-operative"
            at = "{bob}"
            """
        )
        game.play(["attack 1 pistol", "pass", "pass"])
        assert legal(game) == squares, map_name


def test_under_frag_rules_the_gallows_is_plain_floor__D_GAL_01() -> None:
    """Base Frag on the town: the same hard frag hangs nobody."""
    game = game_from(
        """
        map = "town"
        dice = [6, 6, 6, 1, 1, 6, 6]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "5,11"
        [[fighter]]
        name = "Bob"
        at = "5,13"
        """
    )
    events = game.play(["attack 1 pistol", "pass", "pass"])
    assert "Hanged" not in kinds(events) and game.state.pending == []
    assert not game.state.players[1].markers.hard_hit


def test_a_cure_at_the_last_chance_clears_the_hard_blow__D_GAL_01() -> None:
    """Bob, Health 1 with 2 blood, loses 2 (1+1 against 1: twice what he had) to Health -1; two blood bring him to 1: he
    fights on, no longer marked, and a later soft frag does not hang him."""
    game = game_from(
        YARD.format(dice=[6, 6, 6, 1, 1, 1, 6, 6, 6, 2, 1, 1], health=1, bob="agency-operative", hand=[]).replace(
            'at = "1,0"', 'at = "1,0"\nblood = 2'
        )
    )
    game.play(["attack 1 pistol", "pass"])
    assert game.rules.health(1) == -1 and game.state.players[1].markers.hard_hit
    game.play(["blood", "blood"])
    bob = game.state.players[1]
    assert (game.rules.health(1), bob.markers.hard_hit, game.state.pending) == (1, False, [])
    events = game.play(["attack 1 pistol", "pass", "pass"])  # 6+6+6 hits; 2 against 1+1: 1 lost, Health 0
    assert "Fragged" in kinds(events) and game.state.pending == []
    assert game.state.players[1].square is None


def test_a_frag_that_wins_the_game_hangs_nobody__D_GAL_01() -> None:
    game = game_from(
        YARD.format(dice=[6, 6, 6, 1, 1, 6, 6], health=2, bob="agency-operative", hand=[]).replace(
            'character = "harrowed-gunslinger"', 'character = "harrowed-gunslinger"\nfrags = 2'
        )
    )
    game.play(["attack 1 pistol", "pass", "pass"])
    assert game.state.winner == 0 and game.state.pending == [] and game.decider() is None


def test_a_scenario_hanged_fighter_must_be_fragged_on_a_gallows_square__D_GAL_01() -> None:
    with pytest.raises(ScenarioError, match="hangs on a gallows square"):
        game_from(HANGED.format(dice=[], movement=0, ann="2,1", cat="6,3", hand=[]).replace('at = "3,1"', 'at = "4,1"'))
    with pytest.raises(ScenarioError, match="comes down only as his turn begins"):
        game_from(
            HANGED.format(dice=[], movement=0, ann="2,1", cat="6,3", hand=[]).replace(
                'phase = "action"', 'turn = "Bob"'
            )
        )


def test_choosing_a_square_that_is_no_free_gallows_is_refused__D_GAL_01() -> None:
    game = yard([6, 6, 6, 1, 1, 6, 6])
    game.play(["attack 1 pistol", "pass", "pass"])
    before = game.state.model_dump_json()
    with pytest.raises(IllegalActionError, match="square 2,2"):
        game.apply(ChooseSquare(to=Square(2, 2)))
    assert game.state.model_dump_json() == before


def test_armor_counts_in_the_health_left__D_GAL_01() -> None:
    """Ruling: Bob has Health 1 and an Armored Duster (+2): Health 3, three defence dice 1+1+1 against 6+6
    loses 4 (the duster takes 2): Health -1, fragged, but 4 is less than twice 3: not hanged. (Without
    the duster the same 12 would take 12 from Health 1.)"""
    game = game_from(
        YARD.format(dice=[6, 6, 6, 1, 1, 1, 6, 6], health=1, bob="agency-operative", hand=[]).replace(
            'at = "1,0"', 'at = "1,0"\ngadgets = ["armored-duster"]'
        )
    )
    game.play(["attack 1 pistol", "pass"])
    assert game.rules.health(1) == -1 and not game.state.players[1].markers.hard_hit
    game.play(["pass"])
    assert game.state.pending == [] and game.state.players[1].square is None


def test_against_a_piercing_blow_the_health_left_is_his_own__D_GAL_01() -> None:
    """Ruling: the Lightning Rifle pierces Bob's duster: his own Health 1 defends with one die, 6 against
    3+3+3+3 = 12 takes 2 of it, twice his own Health left: hanged (counting the duster's 2 it would not be)."""
    game = game_from(
        YARD.format(dice=[6, 6, 6, 6, 3, 3, 3, 3], health=1, bob="agency-operative", hand=["lightning-rifle"]).replace(
            'at = "1,0"', 'at = "1,0"\ngadgets = ["armored-duster"]'
        )
    )
    game.play(["attack 1 lightning-rifle#1", "pass"])
    assert game.rules.own_health(1) == -1 and game.state.players[1].markers.hard_hit
    game.play(["pass"])
    assert isinstance(game.state.pending[-1], Gallows)


def test_a_cards_hurt_from_another_fighter_can_hang__D_GAL_01() -> None:
    """Ruling: the Huckster's Brimstone Bolt takes 2 Health, no roll, from Bob's 1: twice what he had, and
    the frag is hers: she hangs him."""
    game = game_from(
        YARD.format(dice=[], health=1, bob="agency-operative", hand=["brimstone-bolt"]).replace(
            'character = "harrowed-gunslinger"', 'character = "huckster"'
        )
    )
    game.play(["play brimstone-bolt#1 on 1", "pass"])
    pending = game.state.pending[-1]
    assert isinstance(pending, Gallows) and (pending.player, pending.victim) == (0, 1)


def test_a_gallows_square_someone_stands_on_is_not_free__D_GAL_01() -> None:
    """Cat stands on the town's gallows 26,11: Ann may hang Bob on the other three only."""
    game = game_from(
        """
        ruleset = "deadlands"
        map = "town"
        dice = [6, 6, 6, 1, 1, 6, 6]
        phase = "action"
        decks.specials = ["quick-draw"]
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "5,11"
        [[fighter]]
        name = "Bob"
        character = "agency-operative"
        at = "5,13"
        [[fighter]]
        name = "Cat"
        character = "indian-brave"
        at = "26,11"
        """
    )
    game.play(["attack 1 pistol", "pass", "pass"])
    assert legal(game) == {"square 27,11", "square 26,12", "square 27,12"}


@pytest.mark.parametrize("map_name", ["desert", "town"])
def test_random_games_grab_hang_and_bring_the_hanged_back__D_MAP_02__D_GAL_01(map_name: str) -> None:
    """Seeded random games with every promise checked after each action (the harness): the beasts grab
    (on the desert), fighters hang, and each hanged one comes back on his gallows square."""
    seen: Counter[str] = Counter()
    for seed in range(3):
        rng = random.Random(f"western/{map_name}/{seed}")
        config = make_config(
            ruleset="deadlands", map=map_name, frag_target=4, seats=find_ruleset("deadlands").random_seats(rng, 6)
        )
        report = play_random_game(new_game(config, seed=seed), rng, max_actions=4000)
        seen.update(event.kind.value for event in report.events)
        hanging: dict[int | None, Square | None] = {}  # who hangs where, as the events tell it
        for event in report.events:
            if event.kind is DeadlandsEventKind.HANGED:
                assert event.player not in hanging
                hanging[event.player] = event.square
            elif event.kind is FragEventKind.RESPAWNED and event.player in hanging:
                assert event.square == hanging.pop(event.player) and "gallows" in event.text
    assert seen["Hanged"] > 0
    assert seen["Grabbed"] > 0 or map_name == "town"


def test_a_hanged_fighter_goes_through_the_rest_of_the_fragged_procedure__D_RESP_01__D_GAL_01() -> None:
    """Bob, the Huckster, is hanged: his hex in play is discarded (the hex in his hand stays his: cards in
    hand are unaffected), his Revolver lies in a weapon counter with his blood where he fell (1,0); he
    alone goes to the gallows."""
    game = game_from(
        YARD.format(dice=[6, 6, 6, 1, 1, 6, 6], health=2, bob="huckster", hand=[]).replace(
            'at = "1,0"', 'at = "1,0"\nweapons = ["revolver"]\nspecials = ["second-sight"]\nhand = ["brimstone-bolt"]'
        )
    )
    game.play(["attack 1 pistol", "pass", "pass", "square 3,1"])
    bob = game.state.players[1]
    assert (str(bob.square), bob.markers.hanged, bob.weapons, bob.specials) == ("3,1", True, [], [])
    assert bob.hand == ["brimstone-bolt#1"]
    assert "second-sight#1" in game.state.decks.discard["hexes"]
    assert "brimstone-bolt#1" not in game.state.decks.discard["hexes"]
    leftovers = sorted((c.kind.value, str(c.square), tuple(c.cards)) for c in game.state.counters)
    assert leftovers == [("blood", "1,0", ()), ("weapons", "1,0", ("revolver#1",))]
