"""Scenarios of Ruthless (docs/scenarios.md, "Ruthless"): a position written in TOML is built exactly, rules play
out from it with scripted d10s, and a position no game could be in is refused in one line naming what is wrong.

On `OPEN_GROUND` (tests/rules/ruthless/common.py): rough ground in column 6 (rows 0-2), soft cover at 9,1 and
10,5, hard cover at 3,6, a wall between columns 4 and 5 on rows 4-5. Chet Willis: Toughness 6, a Repeating Rifle
(short 10). Ike Pruitt: Toughness 7, a Shotgun. Big Swede: Brawler (+2 in fisticuffs). Tom Ketchum: rides.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from fragtui.content.library import board_named, scenario_game
from fragtui.engine.actions import EndTurn, Pass
from fragtui.engine.board import Square
from fragtui.engine.events import CommonEventKind
from fragtui.engine.game import Game, state_hash
from fragtui.engine.ruthless.actions import MoveTo, PickCard, Shoot
from fragtui.engine.ruthless.deck import FULL_DECK
from fragtui.engine.ruthless.pieces import Location
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.engine.ruthless.sequence import Phases
from fragtui.engine.ruthless.setup_scenario import RuthlessScenario
from fragtui.engine.ruthless.table import Condition
from fragtui.errors import ScenarioError
from tests.rules.ruthless.common import model, pick, rules_of, ruthless_scenario, texts

MIDWAY = """
phase = "activation"
turn_number = 3
acting = "Bob"
deck = ["AS", "2S"]
discard = ["9D"]
dice = [6, 5, 7]

[[posse]]
name = "Ann"
title = "The Willis Boys"
pick = "KS"
hand = ["2C", "3H", "5D", "8S"]
kills = 1

[[posse.model]]
gunfighter = "chet-willis"
at = "1,3"
ammo = [4]
wounds = { graze = 1, leg = 1 }
actions = 2
moves = 1
shots = 1

[[posse.model]]
gunfighter = "doc-calloway"
condition = "dead"
wounds = { chest = 2 }

[[posse]]
name = "Bob"
pick = "7H"

[[posse.model]]
gunfighter = "tom-ketchum"
at = "8,3"
horse_wounds = 2
aiming = true

[[posse.model]]
gunfighter = "ike-pruitt"
at = "10,5"
lily_livered = true

[[posse.model]]
gunfighter = "lucky-lou"
at = "9,1"
condition = "unconscious"
wounds = { severe = 1 }
"""
"""Turn 3, Bob activating after Ann (his 7 below her King): every part of a position a scenario sets."""


def test_a_scenario_builds_the_exact_position() -> None:
    game = ruthless_scenario(MIDWAY)
    rules = rules_of(game)
    state, table = game.state, rules.table
    assert isinstance(rules, RuthlessRules)
    assert [seat.posse.name for seat in state.config.seats] == ["The Willis Boys", "Bob's posse"]
    assert [(m.id, m.owner, m.card.key) for m in table.models] == [
        (0, 0, "chet-willis"),
        (1, 0, "doc-calloway"),
        (2, 1, "tom-ketchum"),
        (3, 1, "ike-pruitt"),
        (4, 1, "lucky-lou"),
    ]
    chet, doc, tom, ike, lou = table.models
    assert (chet.square, chet.ammo, chet.wounds) == (Square(1, 3), [4], {Location.GRAZE: 1, Location.LEG: 1})
    assert (chet.actions, chet.moves, chet.shots, chet.mounted) == (2, 1, 1, False)
    assert (doc.condition, doc.square, doc.wounds, doc.ammo) == (Condition.DEAD, None, {Location.CHEST: 2}, [2, 2])
    assert (tom.square, tom.mounted, tom.horse_wounds, tom.horse_dead, tom.markers.aiming) == (
        Square(8, 3),
        True,  # a rider deploys mounted
        2,
        False,
        True,
    )
    assert ike.markers.lily_livered and not ike.markers.aiming and ike.ammo == [2]
    assert (lou.condition, lou.square, lou.wounds) == (Condition.UNCONSCIOUS, Square(9, 1), {Location.SEVERE: 1})
    assert [p.frags for p in state.players] == [1, 0]
    # the turn: picks shown, Ann (King) before Bob (7), Bob activating with his 7's third action unspent
    assert (state.turn.number, state.turn.phase, state.turn.active) == (3, Phases.ACTIVATION, 1)
    assert (table.picks, table.last_picks, table.order, table.acting) == (["KS", "7H"], ["KS", "7H"], [0, 1], 1)
    assert table.bonus == [False, True] and table.turn_limit == 12 and table.strongbox is None
    # the cards: Ann's hand as given, Bob's dealt from the deck's top (four: his pick is the fifth)
    assert table.hands[0] == ["2C", "3H", "5D", "8S"]
    assert len(table.hands[1]) == 4 and table.hands[1][:2] == ["AS", "2S"]
    assert table.discard == ["9D"]
    assert sorted(table.draw + table.discard + table.hands[0] + table.hands[1] + ["KS", "7H"]) == sorted(FULL_DECK)
    assert rules.card_count() == 52
    assert game.decider() == 1 and not state.pending
    legal = game.legal_actions()
    assert EndTurn() in legal and not any(getattr(a, "fighter", None) in (0, 4) for a in legal)
    assert game.dice.roll(3, "the script", sides=10).dice == (6, 5, 7)


def test_a_scenario_is_a_game_that_saves_and_replays() -> None:
    """The position is the game's initial state: the log replays from it to the same state."""
    game = ruthless_scenario(MIDWAY)
    game.apply(EndTurn())  # Bob is done: the turn ends, nobody discards (no 3), skedaddle rolls 6 and 5 hold
    assert game.state.turn.number == 4 and game.state.turn.phase == Phases.INITIATIVE
    again = game.replay()
    assert state_hash(again.state) == state_hash(game.state)


@pytest.mark.rule("R-SHOOT-01")
def test_a_shot_from_a_scenario_hits_on_six_at_short_range__R_SHOOT_01() -> None:
    """Distance 7 with a rifle (short 10): a 6 hits; the hit rolls its location (5: a graze), then Ike's
    Toughness check (7: kept). One round of Chet's last four is spent."""
    game = ruthless_scenario(
        """
        phase = "activation"
        dice = [6, 5, 7]

        [[posse]]
        name = "Ann"
        pick = "KS"
        [[posse.model]]
        gunfighter = "chet-willis"
        at = "1,3"
        ammo = [4]

        [[posse]]
        name = "Bob"
        pick = "QH"
        hand = ["9C", "6S", "5C", "8H"]  # no card above Ann's King: no snap shot (R-SNAP-01)
        [[posse.model]]
        gunfighter = "ike-pruitt"
        at = "8,3"
        """
    )
    assert rules_of(game).shot_odds(Shoot(fighter=0, target=1)).need == 6
    events = game.apply(Shoot(fighter=0, target=1, weapon=0))
    assert [e.kind for e in events if e.kind in (CommonEventKind.HIT, CommonEventKind.MISSED)] == [CommonEventKind.HIT]
    assert model(game, 1).wounds == {Location.GRAZE: 1}
    assert not model(game, 1).markers.lily_livered
    assert model(game, 0).ammo == [3]


@pytest.mark.rule("R-SHOOT-01")
def test_an_aimed_shot_from_a_scenario_adds_one__R_SHOOT_01() -> None:
    """Chet is aiming already (`aiming = true`): a 5 + 1 = 6 hits at short range, and the aim is spent."""
    game = ruthless_scenario(
        """
        phase = "activation"
        dice = [5, 5, 7]

        [[posse]]
        name = "Ann"
        pick = "KS"
        [[posse.model]]
        gunfighter = "chet-willis"
        at = "1,3"
        aiming = true
        actions = 1

        [[posse]]
        name = "Bob"
        pick = "QH"
        hand = ["9C", "6S", "5C", "8H"]
        [[posse.model]]
        gunfighter = "ike-pruitt"
        at = "8,3"
        """
    )
    assert dict(rules_of(game).shot_odds(Shoot(fighter=0, target=1)).modifiers) == {"aiming": 1}
    events = game.apply(Shoot(fighter=0, target=1))
    assert any(e.kind is CommonEventKind.HIT for e in events)
    assert not model(game, 0).markers.aiming and model(game, 0).actions == 2


@pytest.mark.rule("R-FIST-01")
def test_fisticuffs_from_a_scenario__R_FIST_01() -> None:
    """Big Swede (Brawler, +2) moves next to Ike and plays a 5 (7) against Ike's 6: Ike is pushed back 2, away
    from the Swede, and takes two hits (a graze and an arm; his nerve holds on 7s). Both cards are discarded."""
    game = ruthless_scenario(
        """
        phase = "activation"
        dice = [5, 7, 3, 7]

        [[posse]]
        name = "Ann"
        pick = "KS"
        hand = ["2C", "3H", "5D", "8S"]
        [[posse.model]]
        gunfighter = "big-swede"
        at = "0,3"

        [[posse]]
        name = "Bob"
        pick = "QH"
        hand = ["9C", "6S", "5C", "8H"]
        [[posse.model]]
        gunfighter = "ike-pruitt"
        at = "3,3"
        """
    )
    events = game.apply(MoveTo(fighter=0, to=Square(2, 3)))
    assert any(e.kind is CommonEventKind.ATTACKED and "Fisticuffs" in e.text for e in events)
    assert game.decider() == 0 and Pass() in game.legal_actions()
    game.apply(PickCard(card="5D"))
    game.apply(PickCard(card="6S"))
    ike = model(game, 1)
    assert ike.wounds == {Location.GRAZE: 1, Location.ARM: 1}
    assert ike.square == Square(5, 3)
    assert {"5D", "6S"} <= set(game.state.ruthless.discard)
    assert not game.state.pending and game.decider() == 0


@pytest.mark.rule("R-SEQ-01")
def test_a_scenario_midway_through_the_picks__R_SEQ_01() -> None:
    """Ann has picked face down: Bob picks next, and sees only that she has; then both are shown together."""
    game = ruthless_scenario(
        """
        [[posse]]
        name = "Ann"
        pick = "3D"
        [[posse.model]]
        gunfighter = "chet-willis"
        at = "1,3"

        [[posse]]
        name = "Bob"
        hand = ["QH", "9C", "6S", "5C", "8H"]
        [[posse.model]]
        gunfighter = "ike-pruitt"
        at = "8,3"
        """
    )
    assert game.decider() == 1 and PickCard(card="QH") in game.legal_actions()
    seen = game.view(1).ruthless
    assert seen is not None and seen.picked == (True, False) and seen.picks == (None, None)
    assert len(game.state.ruthless.hands[0]) == 4  # dealt: five, less the card she picked
    events = game.apply(PickCard(card="QH"))
    assert "Initiative: Bob Q♥, Ann 3♦" in texts(events)
    assert game.state.ruthless.order == [1, 0]


@pytest.mark.rule("R-SEQ-02")
@pytest.mark.rule("R-SEQ-03")
def test_a_scenario_at_the_turns_end_lets_the_three_discard__R_SEQ_02() -> None:
    """Phase `discard`: Ann played a 3, so she discards what she likes, then everyone draws back to five from the
    deck's top, in activation order (Ann's King first)."""
    game = ruthless_scenario(
        """
        phase = "discard"
        deck = ["AS", "AH", "AD"]
        dice = [9, 9]

        [[posse]]
        name = "Ann"
        pick = "3D"
        hand = ["2C", "4H", "5D", "8S"]
        [[posse.model]]
        gunfighter = "chet-willis"
        at = "1,3"

        [[posse]]
        name = "Bob"
        pick = "KS"
        hand = ["QH", "9C", "6S", "5C"]
        [[posse.model]]
        gunfighter = "ike-pruitt"
        at = "8,3"
        """
    )
    table = game.state.ruthless
    assert table.discarding == [0] and game.decider() == 0 and table.picks == [None, None]
    assert table.discard[-2:] == ["3D", "KS"]  # the turn's picks, put on the pile as the turn ended
    game.apply(game.legal_actions()[0])  # discards the 2C
    game.apply(Pass())
    assert table.hands[1] == ["QH", "9C", "6S", "5C", "AS"]  # Bob first: he activated first
    assert table.hands[0] == ["4H", "5D", "8S", "AH", "AD"]
    assert game.state.turn.number == 2 and game.state.turn.phase == Phases.INITIATIVE


@pytest.mark.rule("R-SKED-01")
def test_a_strongbox_scenario_carries_it_off_the_home_edge__R_SKED_01() -> None:
    """Chet carries the strongbox one square from his posse's home edge (the north, nearest point 1): a Move
    onto it carries the box off, and Ann wins at once."""
    game = ruthless_scenario(
        """
        options = { scenario = "strongbox" }
        phase = "activation"

        [[posse]]
        name = "Ann"
        pick = "KS"
        [[posse.model]]
        gunfighter = "chet-willis"
        at = "3,1"
        carrying = true

        [[posse]]
        name = "Bob"
        pick = "QH"
        [[posse.model]]
        gunfighter = "ike-pruitt"
        at = "8,3"
        """
    )
    table = game.state.ruthless
    assert table.carrier == 0 and table.strongbox is None
    events = game.apply(MoveTo(fighter=0, to=Square(3, 0)))
    assert "Chet Willis (Ann) carries the strongbox off the north edge!" in texts(events)
    assert game.over and game.state.winner == 0


def test_the_strongbox_lies_where_the_set_up_puts_it_unless_told() -> None:
    posses = """
        options = { scenario = "strongbox" }
        [[posse]]
        name = "Ann"
        [[posse.model]]
        gunfighter = "chet-willis"
        at = "1,1"
        [[posse]]
        name = "Bob"
        [[posse.model]]
        gunfighter = "ike-pruitt"
        at = "10,6"
    """
    assert ruthless_scenario(posses).state.ruthless.strongbox == Square(8, 3)  # as a new game places it
    placed = ruthless_scenario(posses.replace("options", 'strongbox = "5,5"\noptions', 1))
    assert placed.state.ruthless.strongbox == Square(5, 5)


def test_a_shipped_map_and_a_mapping_build_the_same_game() -> None:
    """`scenario_game` reads the TOML and loads the named map; `Game.from_scenario` takes the model or a mapping."""
    text = """
        ruleset = "ruthless"
        map = "dry-creek"
        seed = 7
        [[posse]]
        name = "Ann"
        model = [{ gunfighter = "wes-harlan", at = "2,2" }, { gunfighter = "ma-brannigan", at = "3,2" }]
        [[posse]]
        name = "Bob"
        model = [{ gunfighter = "marshal-reyes", at = "20,10", mounted = false }]
    """
    game = scenario_game(textwrap.dedent(text))
    as_mapping = {
        "ruleset": "ruthless",
        "map": "dry-creek",
        "seed": 7,
        "posse": [
            {
                "name": "Ann",
                "model": [{"gunfighter": "wes-harlan", "at": "2,2"}, {"gunfighter": "ma-brannigan", "at": "3,2"}],
            },
            {"name": "Bob", "model": [{"gunfighter": "marshal-reyes", "at": "20,10", "mounted": False}]},
        ],
    }
    board = board_named("dry-creek")
    from_mapping = Game.from_scenario(as_mapping, board=board, cards=game.cards)
    from_model = Game.from_scenario(RuthlessScenario.model_validate(as_mapping), board=board, cards=game.cards)
    assert state_hash(game.state) == state_hash(from_mapping.state) == state_hash(from_model.state)
    assert model(game, 0).mounted and not model(game, 2).mounted  # Wes rides; the Marshal got off his horse
    assert [len(hand) for hand in game.state.ruthless.hands] == [5, 5]
    pick(game, {"Ann": game.state.ruthless.hands[0][0], "Bob": game.state.ruthless.hands[1][0]})
    assert game.state.turn.phase == Phases.ACTIVATION


ANN = '[[posse]]\nname = "Ann"\n[[posse.model]]\ngunfighter = "chet-willis"\nat = "1,3"\n'
BOB = '[[posse]]\nname = "Bob"\n[[posse.model]]\ngunfighter = "ike-pruitt"\nat = "8,3"\n'


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        (
            ANN.replace("chet-willis", "chet-wilis") + BOB,
            "no gunfighter of the roster has the key 'chet-wilis': did you mean chet-willis?",
        ),
        (ANN + "wounded = { leg = 1 }\n" + BOB, "Extra inputs are not permitted"),
        ('turn = "Ann"\n' + ANN + BOB, "turn: Extra inputs are not permitted"),
        (ANN.replace("[[posse.model]]", 'hand = ["KS", "KS"]\n[[posse.model]]') + BOB, "the card KS is placed twice"),
        (
            'deck = ["KS"]\n' + ANN.replace("[[posse.model]]", 'pick = "KS"\n[[posse.model]]') + BOB,
            "KS is placed twice",
        ),
        (ANN.replace("[[posse.model]]", 'hand = ["1S"]\n[[posse.model]]') + BOB, "'1S' is not a card of the deck"),
        (
            ANN.replace("[[posse.model]]", 'hand = ["2S", "3S", "4S", "5S", "6S", "7S"]\n[[posse.model]]') + BOB,
            "6 cards; a hand holds 5",
        ),
        (ANN.replace('"1,3"', '"4,4"').replace("4,4", "12,3") + BOB, "12,3 is not a square a model can stand on"),
        (ANN + BOB.replace('"8,3"', '"1,3"'), "two models stand on 1,3"),
        (
            ANN + "wounds = { leg = 2 }\n" + BOB,
            'every leg box crossed off kills Chet Willis (R-HIT-02): `condition = "dead"`',
        ),
        (ANN + "wounds = { leg = 3 }\n" + BOB, "Chet Willis has 2 leg boxes, not 3 to cross off"),
        (ANN + "ammo = [11]\n" + BOB, "Chet Willis's Repeating Rifle holds 10, not 11"),
        (
            ANN + "ammo = [1, 2]\n" + BOB,
            "`ammo` gives 2 weapons' rounds, but Chet Willis's weapons that hold rounds are 1",
        ),
        (ANN + "mounted = true\n" + BOB, "Chet Willis has no horse"),
        (ANN + 'condition = "dead"\n' + BOB, "a dead model is off the table: no `at`"),
        (ANN + 'condition = "fled"\n' + BOB, "a model who fled is off the table"),
        (ANN + "aiming = true\nwounds = { chest = 1 }\n" + BOB, "a chest wound allows no Aim (R-HIT-01)"),
        (ANN + "actions = 1\n" + BOB, "the turn begins with every action back, but Chet Willis took some"),
        ('phase = "activation"\n' + ANN + BOB, "in phase activation every posse has picked its initiative card"),
        (
            ANN.replace("name", 'pick = "2C"\nname', 1) + BOB.replace("name", 'pick = "3C"\nname', 1),
            "every posse has picked",
        ),
        (
            'phase = "discard"\n'
            + ANN.replace("name", 'pick = "2C"\nname', 1)
            + BOB.replace("name", 'pick = "4C"\nname', 1),
            "a player who picked a 3 is still to discard",
        ),
        ('strongbox = "5,5"\n' + ANN + BOB, 'there is a strongbox only with the option `scenario = "strongbox"`'),
        (ANN + "carrying = true\n" + BOB, "there is a strongbox only with the option"),
        ('skedaddled = ["Bob"]\n' + ANN + BOB, "a posse that skedaddles ends the showdown"),
        ("options = { sundown = 2 }\nturn_number = 3\n" + ANN + BOB, "turn 3 is past sundown (turn 2)"),
        ("options = { budget = 10 }\n" + ANN + BOB, "Ann's posse costs 13 points: the budget is 10"),
        ("options = { sheriff = true }\n" + ANN + BOB, "Ruthless has no option 'sheriff'"),
        ("dice = [11]\n" + ANN + BOB, "dice.0: "),
        (ANN, "posse: "),
        (ANN + '[[fighter]]\nname = "Cat"\n' + BOB, "Extra inputs are not permitted"),
    ],
)
def test_a_bad_scenario_is_one_line_naming_what_is_wrong(scenario: str, message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        ruthless_scenario(scenario)
    text = str(caught.value)
    assert message in text and "\n" not in text
    assert "<test scenario>" in text


def test_a_frag_map_is_refused() -> None:
    with pytest.raises(ScenarioError, match="map: 'pocket' is drawn for frag: Ruthless is not played on it"):
        scenario_game('ruleset = "ruthless"\nmap = "pocket"\n' + ANN + BOB)


@pytest.mark.rule("R-SHOOT-01")
def test_the_example_of_docs_scenarios_md_plays_as_it_says__R_SHOOT_01() -> None:
    """The Ruthless example of docs/scenarios.md, run as written: Chet's shot hits Ike (a graze; his nerve holds)."""
    text = (Path(__file__).parents[3] / "docs" / "scenarios.md").read_text()
    example = re.findall(r"```python\n(.*?)```", text.partition("# Ruthless scenarios")[2], re.DOTALL)[0]
    names: dict[str, object] = {}
    exec(example, names)
    game = names["game"]
    assert isinstance(game, Game)
    assert model(game, 1).wounds == {Location.LEG: 1, Location.GRAZE: 1} and not model(game, 1).markers.lily_livered
    assert model(game, 0).ammo == [3] and model(game, 2).mounted and model(game, 2).horse_wounds == 1
