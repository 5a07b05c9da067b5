"""Frag Tag's Keep-Away (J-TAG-03) under base Frag and Frag Deadlands, with scripted dice: the flag on the
map's flag square (on a map without one, its plain square nearest the centre), taken up like leftovers,
held as the holder's one weapon, scoring at every turn's end, dropped where its holder is fragged
(tests/rules/tag/common.py sets the games up)."""

from __future__ import annotations

import random

import pytest

from fragtui.content.library import new_game
from fragtui.engine.actions import EndTurn
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.actions import HoldAttack
from fragtui.engine.deadlands.events import DeadlandsEventKind
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack, DropFlag, PickUp, RollMovement, TakeFlag
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import Phase
from fragtui.engine.frag.tag import KeepAway, central_square
from fragtui.engine.rulesets import find_ruleset
from fragtui.errors import IllegalActionError
from tests.conftest import game_from, kinds
from tests.rules.deadlands.test_shootouts import attackers, play, shootout, shootout_game
from tests.rules.deadlands.test_shootouts import texts as shootout_texts
from tests.rules.tag.common import RULESETS, SHOT, shoot_bob, tag_game, texts

FLAG = Square(6, 3)
"""The Pocket Arena's flag square."""


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_flag_starts_on_the_maps_flag_square__J_TAG_03(ruleset: str) -> None:
    """A new game of keep-away: the flag lies on the flag square, nobody holds it, nobody has a point, and
    the target is the `target` option's (10 unless set); every seat's view says so."""
    rng = random.Random(f"flag/{ruleset}")
    config = make_config(
        ruleset=ruleset,
        map="pocket",
        seats=find_ruleset(ruleset).random_seats(rng, 4),
        options={"objective": "keep-away"},
    )
    game = new_game(config, seed=3)
    assert isinstance(game.rules.scoring(), KeepAway)
    for seat in (None, 0, 3):
        view = game.view(seat).objective
        assert view is not None
        assert (view.mode, view.title, view.flag, view.holder, view.it, view.hill) == (
            "keep-away",
            "Keep-Away",
            FLAG,
            None,
            None,
            None,
        )
        assert (view.scores, view.score_words, view.target) == ((0,) * 4, ("0 points",) * 4, 10)
        assert game.view(seat).frag_target == 10


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_flag_is_taken_up_on_entering_its_square_and_is_the_holders_one_weapon__J_TAG_03(ruleset: str) -> None:
    """Ann steps onto the flag square and takes the flag up (one action, as a counter is picked up); holding
    it, she may attack nobody (ruling J-TAG-03: it is her declared weapon), and may put it down."""
    game = tag_game(ruleset, "keep-away", ann="6,4", movement=2)
    assert TakeFlag() not in game.legal_actions()  # (not on its square)
    game.play(["step n"])
    actions = game.legal_actions()
    assert TakeFlag() in actions and any(isinstance(a, Attack) for a in actions)
    events = game.apply(TakeFlag())
    assert [(e.kind, e.text, e.square) for e in events] == [
        (FragEventKind.FLAG_TAKEN, "Ann takes up the flag and holds it as their weapon", FLAG)
    ]
    objective = game.state.objective
    assert objective is not None and (objective.holder, objective.flag) == (0, None)
    actions = game.legal_actions()
    assert not any(isinstance(a, Attack) for a in actions)
    assert DropFlag() in actions and TakeFlag() not in actions
    with pytest.raises(IllegalActionError, match="holds the flag as their weapon"):
        game.apply(Attack(target=1, weapon="pistol"))
    assert game.view(1).objective is not None and game.view(1).objective.holder == 0


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_standing_on_the_flag_is_not_entering_it__J_TAG_03(ruleset: str) -> None:
    """A fighter who has not entered the flag's square this turn (he stood there when it began) may not
    take it up, as no counter is picked up by standing still (F-FRAG-03)."""
    game = tag_game(ruleset, "keep-away", ann="6,3", movement=2)
    assert TakeFlag() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="on entering its square"):
        game.apply(TakeFlag())


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("first", ["flag", "blood"])
def test_one_thing_from_the_flags_square_a_turn__J_TAG_03(ruleset: str, first: str) -> None:
    """The flag is picked up like leftovers (ruling F-FRAG-03): a blood counter on its square or the flag,
    not both in one turn."""
    game = tag_game(ruleset, "keep-away", ann="6,4", movement=3, top='[[counter]]\nat = "6,3"\nblood = true')
    game.play(["step n"])
    assert {TakeFlag(), PickUp(counter=1)} <= set(game.legal_actions())
    game.apply(TakeFlag() if first == "flag" else PickUp(counter=1))
    actions = game.legal_actions()
    assert TakeFlag() not in actions and PickUp(counter=1) not in actions
    game.play(["step s", "step n"])  # (coming back does not give the other)
    assert TakeFlag() not in game.legal_actions() and PickUp(counter=1) not in game.legal_actions()


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_holder_scores_a_point_at_the_end_of_every_turn__J_TAG_03(ruleset: str) -> None:
    """Ruling J-TAG-03 (turn-based play): Ann, holding the flag, scores a point at the end of her turn and
    another at the end of Bob's; Bob, holding nothing, scores none."""
    hoyles = [1] if ruleset == "deadlands" else []  # (the Huckster's Hoyle's Book of Games at her turn's start)
    game = tag_game(ruleset, "keep-away", dice=[3, 3, *hoyles], ann="6,4", objective='holder = "Ann"')
    events = game.play(["end"])
    scored = [e for e in events if e.kind is FragEventKind.POINT_SCORED]
    assert [(e.text, e.player, e.amount) for e in scored] == [
        ("Ann scores a point for holding the flag (1 of 10)", 0, 1)
    ]
    assert kinds(events).index("PointScored") < kinds(events).index("TurnBegan")  # (at the turn's end)
    events = game.play(["roll", "end"])
    assert "Ann scores a point for holding the flag (2 of 10)" in texts(events)
    view = game.view(None).objective
    assert view is not None and view.scores == (2, 0) and view.score_words == ("2 points", "0 points")


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_points_set_before_play_win__J_TAG_03(ruleset: str) -> None:
    """With `target = 2`, the holder's second point wins at once: the game is over."""
    game = tag_game(
        ruleset,
        "keep-away",
        ann="6,4",
        options=", target = 2",
        objective='holder = "Ann"\npoints = { Ann = 1 }',
    )
    events = game.play(["end"])
    assert kinds(events)[-2:] == ["PointScored", "Won"]
    assert events[-1].text == "Ann wins with 2 points!"
    assert game.state.winner == 0 and game.state.turn.phase is Phase.OVER and game.decider() is None


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_fragged_holder_drops_the_flag_where_he_fell_and_frags_score_nothing__J_TAG_03(ruleset: str) -> None:
    """Bob holds the flag at 3,8; Ann (at 3,4) frags him: no frag is scored (frags count for nothing in keep-away),
    she draws her Special all the same, the flag lies where he fell, and Ann, entering that square the same
    turn, takes it up (as leftovers may be picked up at once)."""
    game = tag_game(ruleset, "keep-away", dice=SHOT, ann="3,4", bob="3,8", movement=4, objective='holder = "Bob"')
    events = shoot_bob(game)
    assert "FragScored" not in kinds(events) and [p.frags for p in game.state.players] == [0, 0]
    assert "Ann scores no frag: Keep-Away is won by points, not frags" in texts(events)
    assert any(e.kind is CommonEventKind.CARD_DRAWN and e.player == 0 for e in events)
    dropped = [e for e in events if e.kind is FragEventKind.FLAG_DROPPED]
    assert [(e.text, e.square) for e in dropped] == [("Bob drops the flag where they fell, at 3,8", Square(3, 8))]
    objective = game.state.objective
    assert objective is not None and (objective.flag, objective.holder) == (Square(3, 8), None)
    game.play(["step s", "step s", "step s", "step s"])
    assert TakeFlag() in game.legal_actions()
    game.apply(TakeFlag())
    assert game.state.objective is not None and game.state.objective.holder == 0


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_flag_put_down_is_not_taken_up_again_that_turn__J_TAG_03(ruleset: str) -> None:
    """Ann puts the flag down: she may attack again, but nobody takes the flag up again in that turn (as a
    dropped card, F-FRAG-07), and nobody scores at its end."""
    game = tag_game(ruleset, "keep-away", ann="6,3", movement=2, objective='holder = "Ann"')
    events = game.apply(DropFlag())
    assert [(e.kind, e.text) for e in events] == [(FragEventKind.FLAG_DROPPED, "Ann puts the flag down at 6,3")]
    assert any(isinstance(a, Attack) for a in game.legal_actions())
    game.play(["step s", "step n"])
    assert TakeFlag() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="put down this turn"):
        game.apply(TakeFlag())
    events = game.play(["end"])
    assert "PointScored" not in kinds(events)


def test_the_holder_may_hold_no_attack_for_a_shootout__J_TAG_03() -> None:
    """Frag Deadlands: holding the flag, Ann may not hold an attack for a shootout (it would be an attack
    with another weapon); once she puts it down, she may."""
    game = tag_game("deadlands", "keep-away", ann="6,3", movement=2, objective='holder = "Ann"')
    assert HoldAttack() not in game.legal_actions()
    game.apply(DropFlag())
    assert HoldAttack() in game.legal_actions()


@pytest.mark.rule("J-TAG-03")
def test_flag_actions_are_refused_outside_keep_away__J_TAG_03() -> None:
    """Playing for frags there is no flag: taking one up is refused with the reason, the state unchanged."""
    game = tag_game("frag", "frags", ann="6,4", movement=2)
    game.play(["step n"])
    before = game.state.model_copy(deep=True)
    assert TakeFlag() not in game.legal_actions() and game.state.objective is None
    with pytest.raises(IllegalActionError, match="not played for keep-away"):
        game.apply(TakeFlag())
    assert game.state == before


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize(
    ("grid", "flag"),
    [
        # 5x3: the centre 2,1 is a teleporter, so the plain squares next to it; the northernmost is 2,0
        ("|1 . . . 2|\n+         +\n|. T T T .|\n+         +\n|. . . . 3|", Square(2, 0)),
        # acid on the centre and north of it: of the nearest plain squares the northernmost, then westernmost
        ("|1 . ~ . 2|\n+         +\n|. . ~ . .|\n+         +\n|. . . . 3|", Square(1, 1)),
        # a flag square (F) is the flag's, wherever it is
        ("|1 F . . 2|\n+         +\n|. . . . .|\n+         +\n|. . . . 3|", Square(1, 0)),
    ],
)
def test_the_flag_starts_on_the_flag_square_or_the_plain_square_nearest_the_centre__J_TAG_03(
    grid: str, flag: Square
) -> None:
    """Ruling J-TAG-03: a map with a flag square (F) puts the flag there (every shipped map has one); one
    without it (a map of one's own) on its plain square (floor, grate, rough ground, cover) nearest the centre,
    counted orthogonally, the northernmost and then the westernmost of equals."""
    body = "\n".join(line.strip() for line in grid.split("\\n"))
    text = "+-+-+-+-+-+\n" + body + "\n+-+-+-+-+-+\n"
    scenario = (
        'options = { objective = "keep-away" }\n'
        f'map_text = """\n{text}"""\n'
        '[[fighter]]\nname = "Ann"\nat = "0,0"\n[[fighter]]\nname = "Bob"\nat = "4,0"\n'
    )
    game = game_from(scenario)
    assert game.state.objective is not None and game.state.objective.flag == flag
    assert central_square(game.board) == (flag if flag != Square(1, 0) else Square(2, 1))


@pytest.mark.rule("J-TAG-03")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_taking_the_flag_up_can_be_undone__J_TAG_03(ruleset: str) -> None:
    """Taking the flag up rolls no die and shows nothing: the player may take it back, and the flag lies
    on its square again (undo replays the state, the mode's with it)."""
    game = tag_game(ruleset, "keep-away", ann="6,4", movement=2)
    game.play(["step n", "take flag"])
    assert game.undoable() and game.state.objective is not None and game.state.objective.holder == 0
    game.undo()
    assert game.state.objective is not None and (game.state.objective.flag, game.state.objective.holder) == (
        FLAG,
        None,
    )
    assert TakeFlag() in game.legal_actions() and EndTurn() in game.legal_actions()
    assert RollMovement() not in game.legal_actions()


def test_the_holder_does_not_fire_back_in_a_shootout__J_TAG_03() -> None:
    """Frag Deadlands: Bob, holding an attack, opens a shootout on Ann passing in front of him with the flag;
    she may not answer it (the flag is her one weapon), so Bob simply fires (ruling D-SHOOT-02)."""
    game = shootout_game(
        """
        options = { objective = "keep-away" }
        phase = "action"
        movement = 4
        dice = [6, 6, 6, 6, 6, 1, 1]
        [objective]
        holder = "Ann"
        [[fighter]]
        name = "Ann"
        character = "huckster"
        at = "1,1"
        [[fighter]]
        name = "Bob"
        character = "harrowed-gunslinger"
        at = "2,3"
        markers = { held_attack = true }
        """
    )
    play(game, "step e")
    assert shootout(game) is not None and game.decider() == 1
    events = play(game, "attack 0 pistol")
    assert "Ann does not fire back: Ann holds the flag as their weapon" in shootout_texts(
        events, DeadlandsEventKind.SHOOTOUT
    )
    events += play(game, "pass")
    assert attackers(events) == [1]
