"""Held attacks and shootouts in Frag Deadlands (D-SHOOT-01, D-SHOOT-02, D-SHOOT-03), with scripted dice.

Every scenario is played through `legal_actions`/`apply`, so a die the rules do not call for fails the
test (`DiceExhaustedError`) and one they skip is left over (`assert_dice_used`). The cards turned over in a
shootout come off the Specials deck, which each test stacks with cards of known rank.

The board (5x5, open; x,y from 0 at the north-west):

    y0 |1 . . . 2|
    y1 |. . . . .|      a wall under 2,1 in WALLED (between 2,1 and 2,2)
    y2 |. . . . .|
    y3 |. . . . .|
    y4 |3 . . . 4|

The fighters keep to the ones whose starting weapon rolls 2 dice and who roll nothing at a turn's start
(the Huckster only moves; he never starts a turn here), so the scripts count only the shootout's dice.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from fragtui.content.library import card_set
from fragtui.engine.actions import EndTurn, Pass, Step
from fragtui.engine.deadlands.actions import HoldAttack
from fragtui.engine.deadlands.events import DeadlandsEventKind
from fragtui.engine.deadlands.shootout_decisions import Shootout, ShootoutStage, ShootoutView
from fragtui.engine.deadlands.shootouts import WILD_CARD_VALUE
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.frag.actions import Attack
from fragtui.engine.frag.decisions import LastChance
from fragtui.engine.frag.state import Phase, Status
from fragtui.engine.game import Game
from fragtui.engine.state import GameState
from fragtui.engine.view import PlayerView
from fragtui.errors import IllegalActionError
from tests.conftest import game_from
from tests.rules.deadlands.common import OPEN, assert_dice_used, texts

WALLED = """
+-+-+-+-+-+
|1 . . . 2|
+ + + + + +
|. . . . .|
+ + +-+ + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|3 . . . 4|
+-+-+-+-+-+
"""

STREET = """
main street: 0,2 4,2
+-+-+-+-+-+
|1 . . . 2|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|3 . . . 4|
+-+-+-+-+-+
"""

TELEPORTERS = """
+-+-+-+-+-+
|1 . . . 2|
+ + + + + +
|T . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . T|
+ + + + + +
|3 . . . 4|
+-+-+-+-+-+
"""

ACID = """
+-+-+-+-+-+
|1 . . . 2|
+ + + + + +
|. . . . .|
+ + + + + +
|. . ~ . .|
+ + + + + +
|. . . . .|
+ + + + + +
|3 . . . 4|
+-+-+-+-+-+
"""

CARDS = """
[[card]]
id = "two"
deck = "specials"
name = "Deuce"
use = "once"
text = "A card to turn over."
suit = "clubs"
rank = 2

[[card]]
id = "seven"
deck = "specials"
name = "Seven"
use = "once"
text = "A card to turn over."
suit = "hearts"
rank = 7

[[card]]
id = "king"
deck = "specials"
name = "King"
use = "once"
text = "A card to turn over."
suit = "spades"
rank = "K"

[[card]]
id = "ace"
deck = "specials"
name = "Ace"
use = "once"
text = "A card to turn over."
suit = "spades"
rank = "A"

[[card]]
id = "joker"
deck = "specials"
name = "Joker"
use = "once"
text = "A card to turn over."
joker = true
"""


def shootout_game(body: str, board: str = OPEN, specials: tuple[str, ...] = ("seven", "king", "ace", "two")) -> Game:
    """A Deadlands game on `board`, Ann's turn in phase 3 unless `body` says, the Specials deck stacked."""
    deck = ", ".join(f'"{card}"' for card in specials)
    text = (
        f'ruleset = "deadlands"\nmap_text = """{board}"""\ndecks.specials = [{deck}]\n' + textwrap.dedent(body) + CARDS
    )
    return game_from(text, card_set())


def play(game: Game, *notations: str) -> list[Event]:
    """Apply each action (by notation) and return all that happened."""
    events: list[Event] = []
    for text in notations:
        events.extend(game.play([text]))
    return events


def attackers(events: list[Event]) -> list[int | None]:
    """Who attacked, in order."""
    return [event.player for event in events if event.kind is CommonEventKind.ATTACKED]


def shootout(game: Game) -> Shootout | None:
    pending = game.rules.state.pending
    top = pending[-1] if pending else None
    return top if isinstance(top, Shootout) else None


# -- D-SHOOT-01: holding an attack ---------------------------------------------------------------------


def test_d_shoot_01_holding_spends_an_attack_sets_the_marker_and_the_turn_goes_on() -> None:
    """D-SHOOT-01: `hold` is offered in phase 3 with an attack left; it spends one of the turn's attacks,
    puts the marker on the fighter, and his turn goes on (he may still move and attack)."""
    game = shootout_game(
        """
        phase = "action"
        movement = 2
        attacks = 2
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "0,0"
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "4,4"
        """
    )
    assert HoldAttack() in game.legal_actions()
    events = play(game, "hold")
    state = game.rules.state
    assert state.players[0].markers.held_attack
    assert state.turn.attacks == 1
    assert state.turn.phase is Phase.ACTION and state.turn.active == 0
    assert texts(events, DeadlandsEventKind.ATTACK_HELD) == [
        "Ann holds an attack for a shootout before their next turn"
    ]
    actions = game.legal_actions()
    assert Step(direction="e") in actions and Attack(target=1, weapon="pistol") in actions
    assert HoldAttack() not in actions  # only one attack may be held
    with pytest.raises(IllegalActionError, match="already holds an attack"):
        game.apply(HoldAttack())
    view = game.rules.view(1)
    assert view.fighters[0].markers.held_attack  # the marker is public


def test_d_shoot_01_no_hold_without_an_attack_left() -> None:
    """D-SHOOT-01: the held attack is one of the turn's attacks: with none left there is none to hold."""
    game = shootout_game(
        """
        phase = "action"
        movement = 2
        attacks = 0
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "0,0"
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "4,4"
        """
    )
    assert HoldAttack() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="no attacks left this turn to hold"):
        game.apply(HoldAttack())
    assert not game.rules.state.players[0].markers.held_attack


def test_d_shoot_01_d_ftr_06_the_saloon_gal_may_not_hold() -> None:
    """D-SHOOT-01, D-FTR-06: the Saloon Gal may not use the shootout rules: no `hold` for her."""
    game = shootout_game(
        """
        phase = "action"
        movement = 2
        attacks = 1
        [[fighter]]
        name = "Ann"
        character = "saloon-gal"
        at = "0,0"
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "4,4"
        """
    )
    assert HoldAttack() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="Saloon Gal may not use the shootout rules"):
        game.apply(HoldAttack())
    assert game.rules.state.turn.attacks == 1


def test_d_shoot_01_the_held_attack_lasts_through_the_others_turns_and_lapses_at_his_own() -> None:
    """D-SHOOT-01 (ruling): an attack held stays held through the other players' turns and lapses, unused,
    when its holder's next turn begins."""
    game = shootout_game(
        """
        phase = "action"
        movement = 2
        attacks = 1
        dice = [1, 1]
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "0,0"
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "4,4"
        """
    )
    play(game, "hold", "end")
    state = game.rules.state
    assert state.turn.active == 1 and state.players[0].markers.held_attack
    play(game, "roll")  # Bob's movement: 1+1
    assert state.players[0].markers.held_attack
    events = play(game, "end")
    assert state.turn.active == 0
    assert not state.players[0].markers.held_attack
    assert "Ann's held attack is lost (their turn begins)" in texts(events, DeadlandsEventKind.ATTACK_HELD)
    assert_dice_used(game)


def test_d_shoot_01_a_fragged_fighter_loses_his_held_attack() -> None:
    """D-SHOOT-01 (ruling): the held attack goes with the fighter when he is fragged."""
    game = shootout_game(
        """
        phase = "action"
        movement = 0
        attacks = 1
        dice = [6, 6, 6, 1, 1, 2, 2]
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "0,0"
        [[fighter]]
        name = "Bob"
        character = "huckster"
        health = 2
        at = "3,3"
        markers = { held_attack = true }
        """
    )
    # To hit 6+6+6 against range 6; Bob's defence 1+1 against damage 2+2: 2 Health lost, his last chance.
    events = play(game, "attack 1 pistol", "pass")
    assert isinstance(game.rules.state.pending[-1], LastChance)
    assert game.rules.state.players[1].markers.held_attack  # held until the frag itself
    events = play(game, "pass")
    bob = game.rules.state.players[1]
    assert bob.status is Status.FRAGGED
    assert not bob.markers.held_attack
    assert "Bob's held attack is lost (fragged)" in texts(events, DeadlandsEventKind.ATTACK_HELD)
    assert_dice_used(game)


# -- D-SHOOT-02: who may open a shootout -----------------------------------------------------------------

MOVER_AND_HOLDER = """
phase = "action"
movement = 6
[[fighter]]
name = "Ann"
character = "huckster"
at = "{at}"
[[fighter]]
name = "Bob"
character = "harrowed-gunslinger"
at = "{holder_at}"
markers = {{ held_attack = true }}
"""


def mover_and_holder(
    at: str = "1,1", board: str = OPEN, dice: str = "[]", specials: tuple[str, ...] = (), holder_at: str = "2,3"
) -> Game:
    """Ann (the Huckster) moving in her phase 3 from `at`; Bob (the Harrowed Gunslinger) holding an attack
    at `holder_at`."""
    body = f"dice = {dice}\n" + MOVER_AND_HOLDER.format(at=at, holder_at=holder_at)
    return shootout_game(body, board, specials or ("seven", "king", "ace", "two"))


def test_d_shoot_02_a_step_into_his_column_in_sight_asks_the_holder() -> None:
    """D-SHOOT-02: Ann steps into 2,1, in Bob's column with nothing between: the shootout window opens for
    Bob (`Attack` on her with a weapon that reaches, or `Pass`); a square out of line asks no one."""
    game = mover_and_holder(at="0,1")
    play(game, "step e")  # 1,1: neither his row nor his column
    assert shootout(game) is None
    play(game, "step e")  # 2,1: his column, range 2
    window = shootout(game)
    assert window is not None and window.stage is ShootoutStage.ASKED
    assert game.decider() == 1
    assert game.legal_actions() == [Pass(), Attack(target=0, weapon="pistol")]
    view = game.rules.view(0)
    assert view.shootout is not None and (view.shootout.holder, view.shootout.mover) == (1, 0)
    assert Shootout.prompt(game.rules.view(1)) == (
        "Ann passes in front of you: open a shootout with your held attack, or let them pass"
    )


def test_d_shoot_02_the_view_of_a_shootout_is_frag_deadlands_own_and_reads_back() -> None:
    """Issue 32: `PlayerView.shootout` is typed by Frag Deadlands (`register_view_part`), not the kernel: a view
    dumped reads back with its `ShootoutView`, the field in its place among the view's."""
    game = mover_and_holder(at="1,1")
    play(game, "step e")  # 2,1: Bob's column
    view = game.rules.view(0)
    written = view.model_dump_json()
    keys = list(json.loads(written))
    assert keys.index("shootout") == keys.index("rolled" if "rolled" in keys else "hit") + 1
    read = PlayerView.model_validate(view.model_dump())  # (its part a mapping: read as the system's model)
    assert isinstance(read.shootout, ShootoutView) and read == view and read.model_dump_json() == written


def test_d_shoot_02_his_row_counts_too() -> None:
    """D-SHOOT-02: an orthogonal line is a row as well as a column: Ann stepping into 0,3 is in Bob's row."""
    game = mover_and_holder(at="0,2")
    play(game, "step s")
    window = shootout(game)
    assert window is not None and window.player == 1


def test_d_shoot_02_no_shootout_out_of_sight() -> None:
    """D-SHOOT-02: in line but with a wall between (no line of sight): nobody is asked."""
    game = mover_and_holder(at="1,1", board=WALLED)
    play(game, "step e")  # 2,1: Bob's column, but the wall under 2,1 blocks the sight
    assert shootout(game) is None
    assert game.decider() == 0


def test_d_shoot_02_letting_him_pass_keeps_the_held_attack_and_his_movement() -> None:
    """D-SHOOT-02: the holder may let him pass: the attack stays held; the mover goes on with the movement
    he had; and each new step in front of the holder asks him again."""
    game = mover_and_holder(at="1,1")
    play(game, "step e")
    assert game.rules.state.turn.movement == 5
    events = play(game, "pass")
    state = game.rules.state
    assert shootout(game) is None and game.decider() == 0
    assert state.players[1].markers.held_attack
    assert state.turn.movement == 5
    assert texts(events, CommonEventKind.PASSED) == ["Bob lets Ann pass (the attack stays held)"]
    play(game, "step s")  # 2,2: still in his column, one square nearer
    assert shootout(game) is not None and game.decider() == 1


def test_d_shoot_02_the_higher_total_fires_first_and_the_other_answers() -> None:
    """D-SHOOT-02: both roll Speed and add a card turned over: Bob 1+1 and the 7 (9), Ann 2+2 and the King
    (17): Ann fires first, then Bob. Neither attack is one of Ann's turn's attacks; Bob's held attack is
    spent; the two cards go to the Specials discard pile; Ann's movement left stays hers."""
    game = mover_and_holder(
        at="1,1",
        dice="[1, 1, 2, 2, 6, 6, 6, 3, 3, 1, 1, 1, 1, 1, 6, 6, 1, 1]",
    )
    attacks = game.rules.state.turn.attacks
    play(game, "step e")
    events = play(game, "attack 0 pistol")  # Bob opens the shootout
    state = game.rules.state
    assert not state.players[1].markers.held_attack
    window = shootout(game)
    assert window is not None and window.stage is ShootoutStage.ANSWER and game.decider() == 0
    assert game.legal_actions() == [Pass(), Attack(target=1, weapon="pistol")]
    prompt = Shootout.prompt(game.rules.view(0))
    assert prompt == "Bob opens a shootout on you: fire back with a weapon, or hold your fire"
    events += play(game, "attack 1 pistol")  # Ann fires back; she wins the draw and fires first
    assert texts(events, DeadlandsEventKind.SHOOTOUT)[-3:] == [
        "Bob turns over the 7♥ (Seven): 2 + 7 = 9",
        "Ann turns over the K♠ (King): 4 + 13 = 17",
        "Ann fires first",
    ]
    events += play(game, "pass")  # Bob plays no reaction; 3+3 defence against 1+1: nothing lost
    events += play(game, "pass")  # Ann plays no reaction; 6+6 defence against 1+1: nothing lost
    assert attackers(events) == [0, 1]
    assert shootout(game) is None and not state.pending
    assert state.turn.attacks == attacks
    assert state.turn.movement == 5 and state.turn.active == 0
    assert state.decks.discard["specials"] == ["seven#1", "king#1"]
    assert Step(direction="s") in game.legal_actions()
    assert_dice_used(game)


def test_d_shoot_02_on_a_tie_the_holder_fires_first() -> None:
    """D-SHOOT-02 (ruling in RULES.md): Bob 1+1 and the King (15), Ann 6+2 and the 7 (15): a tie, and the
    held attack goes first."""
    game = mover_and_holder(
        at="1,1",
        dice="[1, 1, 6, 2, 6, 6, 6, 6, 6, 1, 1, 6, 6, 6, 6, 6, 1, 1]",
        specials=("king", "seven", "ace", "two"),
    )
    play(game, "step e", "attack 0 pistol")
    events = play(game, "attack 1 pistol", "pass", "pass")
    assert "Bob fires first (a tie: the held attack goes first)" in texts(events, DeadlandsEventKind.SHOOTOUT)
    assert attackers(events) == [1, 0]
    assert_dice_used(game)


def test_d_shoot_02_one_fragged_by_the_first_shot_does_not_answer() -> None:
    """D-SHOOT-02: Bob wins the draw (6+6 and the Ace against 1+1 and the 2) and frags Ann: she never
    fires back, and, fragged in her own turn, her turn ends."""
    game = mover_and_holder(
        at="1,1",
        dice="[6, 6, 1, 1, 6, 6, 6, 1, 1, 2, 2]",
        specials=("ace", "two", "seven", "king"),
    )
    play(game, "step e", "attack 0 pistol")
    events = play(game, "attack 1 pistol", "pass")  # Ann: defence 1+1 against 2+2, 2 Health lost
    assert isinstance(game.rules.state.pending[-1], LastChance)
    events += play(game, "pass")
    state = game.rules.state
    assert attackers(events) == [1]
    assert state.players[0].status is Status.FRAGGED
    assert state.players[1].frags == 1
    assert state.turn.active == 1 and not state.pending
    assert_dice_used(game)


def test_d_shoot_02_the_mover_may_hold_his_fire() -> None:
    """D-SHOOT-02 (ruling): the mover may hold his fire: then nobody rolls for the first shot, no card is
    turned over, and the holder simply fires."""
    game = mover_and_holder(at="1,1", dice="[6, 6, 6, 6, 6, 1, 1]")
    play(game, "step e", "attack 0 pistol")
    events = play(game, "pass")  # Ann holds her fire
    assert "Ann holds their fire" in texts(events, DeadlandsEventKind.SHOOTOUT)
    events += play(game, "pass")  # no reaction; 6+6 against 1+1
    assert attackers(events) == [1]
    state = game.rules.state
    assert state.decks.discard["specials"] == [] and len(state.decks.draw["specials"]) == 4
    assert not state.pending and game.decider() == 0
    assert_dice_used(game)


def test_d_shoot_02_d_ftr_06_the_saloon_gal_gets_no_exchange() -> None:
    """D-SHOOT-02, D-FTR-06 (ruling): a holder may open a shootout on the Saloon Gal passing in front of
    him, but she may not use the shootout rules: no roll for the first shot, no answer; he fires."""
    game = shootout_game(
        """
        phase = "action"
        movement = 4
        dice = [6, 6, 6, 6, 6, 1, 1]
        [[fighter]]
        name = "Ann"
        character = "saloon-gal"
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
    assert "Ann does not fire back: the Saloon Gal may not use the shootout rules" in texts(
        events, DeadlandsEventKind.SHOOTOUT
    )
    assert game.decider() == 0 and game.legal_actions() == [Pass()]  # her reaction window, not an answer
    events += play(game, "pass")
    assert attackers(events) == [1]
    assert len(game.rules.state.decks.draw["specials"]) == 4
    assert_dice_used(game)


@pytest.mark.rule("D-FTR-06")
def test_d_shoot_02_d_ftr_06_the_holder_asked_knows_whether_the_mover_could_fire_back() -> None:
    """Ruling D-SHOOT-02: while the holder is asked, the view says in the open why the mover could not fire back
    (the Saloon Gal may not use the shootout rules), so the holder knows there would be no roll for the first
    shot; a mover who could answer has no such reason."""
    gal = shootout_game(
        """
        phase = "action"
        movement = 4
        [[fighter]]
        name = "Ann"
        character = "saloon-gal"
        at = "1,1"
        [[fighter]]
        name = "Bob"
        character = "harrowed-gunslinger"
        at = "2,3"
        markers = { held_attack = true }
        """
    )
    play(gal, "step e")
    seen = gal.view(1).shootout
    assert seen is not None and seen.no_answer == "the Saloon Gal may not use the shootout rules"
    assert gal.view(None).shootout == seen  # public
    huckster = mover_and_holder(at="1,1")
    play(huckster, "step e")
    seen = huckster.view(1).shootout
    assert seen is not None and seen.no_answer is None


def test_d_shoot_02_d_ftr_06_the_saloon_gal_holding_is_never_asked() -> None:
    """D-FTR-06: even with a held-attack marker (set up by a scenario), the Saloon Gal opens no shootout."""
    game = shootout_game(
        """
        phase = "action"
        movement = 4
        [[fighter]]
        name = "Ann"
        character = "huckster"
        at = "1,1"
        [[fighter]]
        name = "Bob"
        character = "saloon-gal"
        at = "2,3"
        markers = { held_attack = true }
        """
    )
    play(game, "step e")
    assert shootout(game) is None and game.decider() == 0


def test_d_shoot_02_several_holders_are_asked_in_seat_order_from_the_mover() -> None:
    """D-SHOOT-02 (ruling): Bob (seat 1) steps in front of Ann (seat 0) and Cat (seat 2), both holding:
    Cat is asked first (seat order from the mover), then Ann — after Cat's shootout, while Bob stands."""
    game = shootout_game(
        """
        phase = "action"
        movement = 4
        turn = "Bob"
        dice = [6, 6, 6, 6, 6, 1, 1]
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "2,0"
        markers = { held_attack = true }
        [[fighter]]
        name = "Bob"
        character = "huckster"
        at = "1,2"
        [[fighter]]
        name = "Cat"
        character = "indian-brave"
        at = "4,2"
        markers = { held_attack = true }
        """
    )
    play(game, "step e")  # 2,2: Ann's column and Cat's row
    window = shootout(game)
    assert window is not None and window.player == 2 and window.responders == [0]
    events = play(game, "attack 1 pistol", "pass", "pass")  # Cat opens; Bob holds his fire; no reaction
    assert attackers(events) == [2]
    window = shootout(game)
    assert window is not None and window.stage is ShootoutStage.ASKED and window.player == 0
    play(game, "pass")
    assert shootout(game) is None and game.decider() == 1
    state = game.rules.state
    assert state.players[0].markers.held_attack and not state.players[2].markers.held_attack
    assert_dice_used(game)


def test_d_shoot_02_a_jump_counts_where_it_lands() -> None:
    """D-SHOOT-02 (ruling): a jump passes in front of the holder where it lands, not over the squares
    it flies across."""
    game = mover_and_holder(at="0,1")
    play(game, "jump e 2")  # lands on 2,1, in Bob's column
    assert shootout(game) is not None
    game = mover_and_holder(at="1,1")
    play(game, "jump e 2")  # over 2,1, onto 3,1
    assert shootout(game) is None


def test_d_shoot_02_a_teleporter_hop_passes_in_front_of_no_one() -> None:
    """D-SHOOT-02 (ruling): a hop between teleporters is teleporting, not passing: it asks no one, even
    onto a square in the holder's column."""
    game = shootout_game(
        """
        phase = "action"
        movement = 4
        [[fighter]]
        name = "Ann"
        character = "huckster"
        at = "0,1"
        [[fighter]]
        name = "Bob"
        character = "harrowed-gunslinger"
        at = "4,0"
        markers = { held_attack = true }
        """,
        TELEPORTERS,
    )
    play(game, "hop 4,3")
    assert shootout(game) is None and game.decider() == 0
    play(game, "step w", "step e")  # walking back onto 4,3 is passing
    assert shootout(game) is not None


def test_d_shoot_02_the_steps_own_effects_come_first() -> None:
    """D-SHOOT-02 (ruling): the square acts before the shootout: acid that leaves Ann at her last chance
    leaves no one to shoot at; acid she shrugs off does not stop it."""
    body = """
        phase = "action"
        movement = 4
        dice = {dice}
        [[fighter]]
        name = "Ann"
        character = "huckster"
        damage = {damage}
        at = "1,2"
        [[fighter]]
        name = "Bob"
        character = "harrowed-gunslinger"
        at = "2,4"
        markers = {{ held_attack = true }}
        """
    game = shootout_game(body.format(dice="[6, 1, 6]", damage=1), ACID)
    events = play(game, "step e")  # acid: defence 6 (1 Health die) against 1+6: 1 lost, Health 0
    assert isinstance(game.rules.state.pending[-1], LastChance)
    assert not any(isinstance(p, Shootout) for p in game.rules.state.pending)
    events += play(game, "pass")
    assert game.rules.state.players[0].status is Status.FRAGGED
    assert texts(events, DeadlandsEventKind.SHOOTOUT) == [] and game.rules.state.turn.active == 1
    game = shootout_game(body.format(dice="[6, 6, 1, 1]", damage=0), ACID)
    play(game, "step e")  # acid: defence 6+6 against 1+1, nothing lost
    assert shootout(game) is not None


@pytest.mark.parametrize(("card", "value"), [("joker", WILD_CARD_VALUE), ("dodge", WILD_CARD_VALUE), ("ace", 14)])
def test_d_shoot_02_a_wild_card_beats_an_ace(card: str, value: int) -> None:
    """D-SHOOT-02 (ruling), D-CARD-03, D-CARD-06: a card turned over counts its rank, 2 to 10, J 11, Q 12,
    K 13, A 14; a joker, or a card with no suit and rank (a Frag card: wild), counts 15."""
    game = mover_and_holder(at="1,1", dice="[1, 1, 1, 1, 6, 6, 6, 6, 6, 1, 1, 6, 6, 6, 6, 6, 1, 1]")
    game.rules.state.decks.draw["specials"][:0] = [f"{card}#1", "king#1"]
    play(game, "step e", "attack 0 pistol")
    events = play(game, "attack 1 pistol")
    totals = [
        event.amount for event in events if event.kind is DeadlandsEventKind.SHOOTOUT and event.amount is not None
    ]
    assert totals == [2 + value, 2 + 13]
    assert "Bob fires first" in texts(events, DeadlandsEventKind.SHOOTOUT)


# -- D-SHOOT-03: Main Street ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("board", "bonus"), [(STREET, True), (OPEN, False)], ids=["main-street", "elsewhere"])
def test_d_shoot_03_a_frag_in_a_shootout_on_main_street_gives_a_bonus_special(board: str, bonus: bool) -> None:
    """D-SHOOT-03: Bob frags Ann in a shootout with Ann on Main Street (row 2 of STREET): on top of the
    Special for the frag he draws a bonus one. Off Main Street, the frag's alone."""
    game = mover_and_holder(
        at="1,2",
        board=board,
        dice="[6, 6, 1, 1, 6, 6, 6, 1, 1, 2, 2]",
        specials=("ace", "two", "seven", "king"),
        holder_at="2,4",
    )
    play(game, "step e", "attack 0 pistol")
    events = play(game, "attack 1 pistol", "pass", "pass")
    bob = game.rules.state.players[1]
    assert game.rules.state.players[0].status is Status.FRAGGED
    assert bob.hand == (["seven#1", "king#1"] if bonus else ["seven#1"])
    said = "Bob survives a shootout on Main Street: a bonus Special card"
    assert (said in texts(events, DeadlandsEventKind.SHOOTOUT)) is bonus
    assert_dice_used(game)


def test_d_shoot_03_no_frag_no_bonus() -> None:
    """D-SHOOT-03: a shootout on Main Street in which nobody is fragged gives nothing."""
    game = mover_and_holder(at="1,2", board=STREET, dice="[6, 6, 6, 6, 6, 1, 1]")
    play(game, "step e", "attack 0 pistol", "pass", "pass")
    state = game.rules.state
    assert state.players[1].hand == [] and state.players[0].hand == []
    assert not state.pending
    assert_dice_used(game)


def test_d_shoot_03_the_mover_who_frags_the_holder_on_main_street_draws_the_bonus_and_moves_on() -> None:
    """D-SHOOT-03, D-SHOOT-02: Ann wins the draw and frags Bob on Main Street: two Specials for her, and her
    movement left is still hers."""
    game = mover_and_holder(
        at="1,2",
        board=STREET,
        dice="[1, 1, 6, 6, 6, 6, 6, 1, 1, 2, 2]",
        specials=("two", "ace", "seven", "king"),
    )
    play(game, "step e", "attack 0 pistol")
    events = play(game, "attack 1 pistol", "pass", "pass")  # no reaction; Bob passes his last chance
    state = game.rules.state
    assert state.players[1].status is Status.FRAGGED
    assert state.players[0].hand == ["seven#1", "king#1"]
    assert attackers(events) == [0]
    assert state.turn.active == 0 and state.turn.movement == 5 and not state.pending
    assert EndTurn() in game.legal_actions()
    assert_dice_used(game)


def test_d_shoot_02_with_the_deadlands_cards_the_black_joker_is_wild() -> None:
    """D-SHOOT-02, D-CARD-03: with the shipped Deadlands set, Bob turns over the Joker (wild, 15) and
    1+1, Ann the 2♣ of Quick Draw and 6+6: 17 against 14, Bob fires first; both cards are discarded."""
    text = (
        'ruleset = "deadlands"\n'
        f'map_text = """{OPEN}"""\n'
        'decks.specials = ["black-joker", "quick-draw", "dead-eye"]\n'
        "dice = [1, 1, 6, 6, 6, 6, 6, 6, 6, 1, 1, 6, 6, 6, 6, 6, 1, 1]\n"
        + MOVER_AND_HOLDER.format(at="1,1", holder_at="2,3")
    )
    game = game_from(text)
    play(game, "step e", "attack 0 pistol")
    events = play(game, "attack 1 pistol", "pass", "pass")
    assert texts(events, DeadlandsEventKind.SHOOTOUT)[-3:-1] == [
        "Bob turns over the Joker (wild): 2 + 15 = 17",
        "Ann turns over the 2♣ (Quick Draw): 12 + 2 = 14",
    ]
    assert attackers(events) == [1, 0]
    assert game.rules.state.decks.discard["specials"] == ["black-joker#1", "quick-draw#1"]
    assert_dice_used(game)


def test_d_shoot_02_a_mover_passing_through_a_fighter_cannot_fire_back() -> None:
    """D-SHOOT-02, F-MOVE-03: Ann passes through Cat's square in front of Bob: Bob may open the shootout, but
    nobody attacks from a shared square, so Ann cannot answer and no one rolls for the first shot."""
    game = shootout_game(
        """
        phase = "action"
        movement = 4
        dice = [6, 6, 6, 6, 6, 1, 1]
        [[fighter]]
        name = "Ann"
        character = "huckster"
        at = "1,1"
        [[fighter]]
        name = "Bob"
        character = "harrowed-gunslinger"
        at = "2,3"
        markers = { held_attack = true }
        [[fighter]]
        name = "Cat"
        character = "indian-brave"
        at = "2,1"
        """
    )
    play(game, "step e")  # into Cat's square, in Bob's column
    assert shootout(game) is not None and game.decider() == 1
    events = play(game, "attack 0 pistol")
    assert "Ann does not fire back: Ann cannot attack Bob from there" in texts(events, DeadlandsEventKind.SHOOTOUT)
    events += play(game, "pass")
    assert attackers(events) == [1]
    assert_dice_used(game)


def test_d_shoot_02_a_game_saved_in_the_middle_of_a_shootout_goes_on_the_same() -> None:
    """D-SHOOT-02: the shootout is part of the state: saved while Ann's hit waits for Bob's reaction (the
    exchange below it on the stack), loaded, and played on, it ends exactly as the original does."""
    dice = "[1, 1, 2, 2, 6, 6, 6, 3, 3, 1, 1, 1, 1, 1, 6, 6, 1, 1]"
    game = mover_and_holder(at="1,1", dice=dice)
    play(game, "step e", "attack 0 pistol", "attack 1 pistol")
    pending = game.rules.state.pending
    assert [type(p).__name__ for p in pending] == ["Shootout", "React"]
    saved = game.rules.state.model_dump_json()
    assert '"kind":"shootout"' in saved and '"stage":"firing"' in saved
    loaded = Game.from_state(GameState.model_validate_json(saved), board=game.board, cards=game.cards)
    for copy in (game, loaded):
        events = play(copy, "pass", "pass")
        assert attackers(events) == [1]
        assert not copy.rules.state.pending
    assert loaded.rules.state == game.rules.state


def test_d_shoot_02_only_weapons_that_reach_are_offered() -> None:
    """D-SHOOT-02, F-ATK-03: the holder opens with any weapon he may declare that reaches the mover: at
    range 2 the Stun Gun (range 1-2) and the pistol, not the Sniper Rifle (range 3 and more)."""
    game = shootout_game(
        """
        phase = "action"
        movement = 4
        [[fighter]]
        name = "Ann"
        character = "huckster"
        at = "1,1"
        [[fighter]]
        name = "Bob"
        character = "harrowed-gunslinger"
        at = "2,3"
        weapons = ["sniper-rifle", "stun-gun"]
        markers = { held_attack = true }
        """
    )
    play(game, "step e")
    assert game.legal_actions() == [
        Pass(),
        Attack(target=0, weapon="pistol"),
        Attack(target=0, weapon="stun-gun#1"),
    ]


def test_d_shoot_02_d_ftr_06_the_saloon_gal_shot_at_may_still_add_a_die_to_her_defence() -> None:
    """D-SHOOT-02, D-FTR-06: shot at in a shootout she takes no part in, the Saloon Gal still has her
    Cheatin' on her defence dice (her extra-die window opens above the shootout, which goes on after it):
    1+1 and one more die, 6, against Bob's Revolver, 3+3: nothing lost. The log names his Revolver."""
    game = shootout_game(
        """
        phase = "action"
        movement = 4
        dice = [6, 6, 6, 1, 1, 3, 3, 6]
        [[fighter]]
        name = "Ann"
        character = "saloon-gal"
        at = "1,1"
        hand = ["two"]
        [[fighter]]
        name = "Bob"
        character = "harrowed-gunslinger"
        at = "2,3"
        markers = { held_attack = true }
        """,
        specials=("seven", "king", "ace"),
    )
    events = play(game, "step e", "attack 0 pistol")
    assert "Bob opens a shootout on Ann with Revolver" in texts(events, DeadlandsEventKind.SHOOTOUT)
    events += play(game, "pass")  # no reaction; defence 1+1 against 3+3
    assert [type(p).__name__ for p in game.rules.state.pending] == ["Shootout", "ExtraDie"]
    events += play(game, "cheat two#1")
    state = game.rules.state
    assert not state.pending and game.decider() == 0
    assert state.players[0].damage == 0 and state.players[0].hand == []
    assert attackers(events) == [1]
    assert_dice_used(game)


def test_d_shoot_03_d_gal_01_hanged_in_a_shootout_on_main_street() -> None:
    """D-SHOOT-03, D-GAL-01: Bob's shot takes 4 of Ann's 2 Health on Main Street: fragged by a hard blow, and
    Bob hangs her on the gallows (his choice, on top of the shootout); then the shootout ends, and his
    bonus Special comes on top of the one for the frag."""
    gallows = STREET.replace("|3 . . . 4|", "|3 . H . 4|")
    game = mover_and_holder(
        at="1,2",
        board=gallows,
        dice="[6, 6, 1, 1, 6, 6, 6, 1, 1, 4, 4]",
        specials=("ace", "two", "seven", "king"),
        holder_at="2,0",
    )
    play(game, "step e", "attack 0 pistol")
    events = play(game, "attack 1 pistol", "pass", "pass")  # no reaction; defence 1+1 against 4+4: 4 lost
    pending = game.rules.state.pending
    assert [type(p).__name__ for p in pending] == ["Shootout", "Gallows"] and game.decider() == 1
    events += play(game, "square 2,4")
    state = game.rules.state
    assert state.players[0].markers.hanged and state.players[0].square is not None
    assert state.players[1].hand == ["seven#1", "king#1"]
    assert "Bob survives a shootout on Main Street: a bonus Special card" in texts(events, DeadlandsEventKind.SHOOTOUT)
    assert attackers(events) == [1]
    assert not state.pending and state.turn.active == 1
    assert_dice_used(game)


BEAST = """
+-+-+-+-+-+
|1 . . . 2|
+ + + + + +
|. . t M .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|3 . . . 4|
+-+-+-+-+-+
"""


def test_d_shoot_02_d_map_02_the_beast_acts_before_the_shootout() -> None:
    """D-SHOOT-02, D-MAP-02 (ruling): a beast and a shootout on one step, the beast first. Ann steps onto a
    tentacle in Bob's column: grabbed (Accuracy 1+1+1), she is dragged to the mouth and nobody is asked;
    escaping (6+6+6), she stands there in front of Bob, who is asked."""
    body = MOVER_AND_HOLDER.format(at="1,1", holder_at="2,3")
    game = shootout_game("dice = [1, 1, 1, 6, 6, 1, 1, 1]\n" + body, BEAST)
    events = play(game, "step e")
    assert [e.kind for e in events if e.kind is DeadlandsEventKind.GRABBED] == [DeadlandsEventKind.GRABBED]
    assert str(game.rules.state.players[0].square) == "3,1"
    assert shootout(game) is None and game.decider() == 0
    assert_dice_used(game)
    game = shootout_game("dice = [6, 6, 6]\n" + body, BEAST)
    play(game, "step e")
    window = shootout(game)
    assert window is not None and window.player == 1
    assert_dice_used(game)


def test_d_shoot_02_a_teleport_card_passes_in_front_of_no_one() -> None:
    """D-SHOOT-02 (ruling): a teleport card puts Ann straight into Bob's column: teleporting, not passing."""
    game = shootout_game(
        """
        phase = "roll"
        [[fighter]]
        name = "Ann"
        character = "indian-brave"
        at = "0,0"
        hand = ["teleport"]
        [[fighter]]
        name = "Bob"
        character = "harrowed-gunslinger"
        at = "2,3"
        markers = { held_attack = true }
        """
    )
    play(game, "play teleport#1 2,1")
    assert str(game.rules.state.players[0].square) == "2,1"
    assert shootout(game) is None and game.decider() == 0


def test_d_shoot_03_d_card_03_a_joker_drawn_as_the_bonus() -> None:
    """D-SHOOT-03, D-CARD-03: the bonus Special Bob draws is a joker: discarded, he draws from the deck he
    chooses before the game goes on (and only then does Ann's turn, she being fragged, end)."""
    game = mover_and_holder(
        at="1,2",
        board=STREET,
        dice="[6, 6, 1, 1, 6, 6, 6, 1, 1, 2, 2]",
        specials=("ace", "two", "seven", "joker", "king"),
        holder_at="2,4",
    )
    play(game, "step e", "attack 0 pistol")
    play(game, "attack 1 pistol", "pass", "pass")
    state = game.rules.state
    assert [type(p).__name__ for p in state.pending] == ["JokerDraw"] and game.decider() == 1
    assert state.turn.active == 0
    play(game, "draw specials")
    assert state.players[1].hand == ["seven#1", "king#1"]
    assert not state.pending and state.turn.active == 1
    assert_dice_used(game)
