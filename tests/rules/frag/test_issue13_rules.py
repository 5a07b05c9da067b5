"""Rules the engine got wrong or ruled too narrowly (issue 13), each played with scripted dice.

F-FRAG-04 (blood at any time), F-FRAG-03 (one counter per square per turn), F-ATK-09 (one suit of
armor however a card enters play; piercing), F-META-02 (an attacker taken out cancels his whole
attack), F-CARD-10 (lost phases and later cards, in play order; "the next turn" does not add up),
F-FRAG-01 (only cures that can save him), and cards doing what their text says (docs/rulings.md).

The Pocket Arena (maps/pocket.map): open floor at x 1..2, y 2..11; fighters default to Health 2,
Speed 2, Accuracy 3 (3 to-hit dice, 2 attacks) and the pistol (2 damage dice).
"""

from __future__ import annotations

import pytest

from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.frag.actions import PlayCard
from fragtui.engine.frag.decisions import LastChance, React
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import Phase, Status
from fragtui.engine.game import Game
from fragtui.errors import IllegalActionError
from tests.conftest import game_from

CANNON = """
[[card]]
id = "test-cannon"
deck = "weapons"
name = "Test Cannon"
damage = 12
"""
"""A weapon for tests: 12 damage dice, unlimited ammo."""


def legal(game: Game) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def rolls(events: list[Event]) -> list[tuple[int, ...]]:
    return [e.roll.dice for e in events if e.kind is CommonEventKind.DICE_ROLLED and e.roll is not None]


def dice_left(game: Game) -> tuple[int, ...] | None:
    return game.state.dice.script


# -- F-FRAG-04: blood at any time -------------------------------------------------------------------------


@pytest.mark.rule("F-FRAG-04")
def test_blood_may_be_spent_in_the_reaction_window_before_the_defence_dice__F_FRAG_04() -> None:
    """Bob (Health 2, 1 lost, 1 blood) is hit: before damage he may spend his blood counter, and then
    defends with 2 dice instead of 1 (ruling F-FRAG-04: "at any time", out of turn too)."""
    game = game_from(
        """
        dice = [6, 6, 6,   1, 1,   1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,8"
        damage = 1
        blood = 1
        """
    )
    game.play(["attack 1 pistol"])
    assert isinstance(game.state.pending[-1], React) and game.decider() == 1
    assert legal(game) == {"pass", "blood"}
    game.play(["blood"])
    bob = game.state.players[1]
    assert (bob.blood, game.rules.health(1), game.decider(), legal(game)) == (0, 2, 1, {"pass"})
    events = game.play(["pass"])
    assert rolls(events) == [(1, 1), (1, 1)]  # 2 defence dice, not 1
    assert (bob.damage, dice_left(game)) == (1, ())


@pytest.mark.rule("F-FRAG-04")
def test_blood_is_offered_at_every_decision_of_its_owner_while_he_is_hurt__F_FRAG_04() -> None:
    """Bumped by Ann's teleport, hurt Bob may spend blood before his bump roll; Ann, discarding down at the
    end of her turn with a hurt fighter, may too."""
    game = game_from(
        """
        dice = [1]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        damage = 1
        blood = 1
        hand = ["teleport", "dodge", "dodge", "dodge", "double-tap", "double-tap", "scavenger"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        damage = 1
        blood = 1
        """
    )
    game.play(["play teleport#1 2,8"])
    assert (game.decider(), legal(game)) == (1, {"bump", "blood"})
    game.play(["blood", "bump"])
    assert (game.state.players[1].blood, str(game.state.players[1].square)) == (0, "1,1")
    game.play(["end"])
    assert game.state.pending[-1].kind == "discard_down"
    assert "blood" in legal(game)
    game.play(["blood", "discard dodge#1"])
    assert (game.state.players[0].blood, game.state.turn.active, dice_left(game)) == (0, 1, ())


# -- F-FRAG-03: one counter per square per turn ------------------------------------------------------------


@pytest.mark.rule("F-FRAG-03")
def test_one_counter_per_leftovers_square_per_turn_whatever_the_path__F_FRAG_03() -> None:
    """Ann takes the blood counter at 2,8, goes round the block (east, south, west, north) and back in:
    the weapon counter there is not offered again this turn; next turn she may take it."""
    game = game_from(
        """
        dice = [1, 1, 1, 1]
        phase = "action"
        movement = 6
        [[fighter]]
        name = "Ann"
        at = "2,7"
        [[fighter]]
        name = "Bob"
        at = "10,10"
        [[counter]]
        at = "2,8"
        blood = true
        [[counter]]
        at = "2,8"
        weapons = ["shotgun"]
        """
    )
    game.play(["step s"])
    assert {"pick up 1", "pick up 2"} <= legal(game)
    game.play(["pick up 1", "step e", "step s", "step w", "step n"])
    assert str(game.state.players[0].square) == "2,8"
    assert not {"pick up 1", "pick up 2"} & legal(game)
    with pytest.raises(IllegalActionError, match="one counter per square per turn"):
        game.play(["pick up 2"])
    game.play(["step n", "end", "roll", "end", "roll", "step s"])
    assert "pick up 2" in legal(game)


# -- F-ATK-09: one suit of armor, however a card enters play ---------------------------------------------------


@pytest.mark.rule("F-ATK-09")
def test_no_second_suit_of_armor_before_the_movement_roll_either__F_ATK_09() -> None:
    """Ann wears Heavy Armor: in phase 2 the Exoskeleton and the Riot Armor (both change Speed) are not
    offered, the Jump Boots are; without armor the Exoskeleton is offered before the roll."""
    worn = game_from(
        """
        dice = []
        [[fighter]]
        name = "Ann"
        at = "2,4"
        gadgets = ["heavy-armor"]
        hand = ["exoskeleton", "riot-armor", "jump-boots"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    assert worn.state.turn.phase is Phase.ROLL
    assert legal(worn) == {"roll", "play jump-boots#1"}
    with pytest.raises(IllegalActionError):
        worn.play(["play exoskeleton#1"])
    bare = game_from(
        """
        dice = []
        [[fighter]]
        name = "Ann"
        at = "2,4"
        hand = ["exoskeleton"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    bare.play(["play exoskeleton#1"])
    assert (bare.rules.speed(0), bare.rules.health(0), legal(bare)) == (3, 4, {"roll"})


# -- F-META-02: taking the attacker out cancels all of his attack ---------------------------------------------


@pytest.mark.rule("F-META-02")
def test_disconnecting_a_grenadier_spares_the_blast_victims_too__F_META_02() -> None:
    """Ann's Hand Grenades hit Bob at 2,8 and the blast catches Cat (Health 1) beside him. Bob disconnects
    Ann before damage: Cat's reaction window goes, nobody rolls damage, nobody is fragged, Ann scores
    nothing, and her turn ends."""
    game = game_from(
        """
        dice = [6, 6, 6]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["hand-grenades"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["disconnect"]
        [[fighter]]
        name = "Cat"
        at = "2,9"
        health = 1
        """
    )
    game.play(["attack 1 hand-grenades#1"])
    assert [(p.kind, p.player) for p in game.state.pending] == [("react", 2), ("react", 1)]
    events = game.play(["play disconnect#1"])
    ann, bob, cat = game.state.players
    assert ann.status is Status.OUT_OF_PLAY
    assert (cat.status, cat.damage, bob.damage, ann.frags) == (Status.IN_PLAY, 0, 0, 0)
    assert not any(e.kind in (CommonEventKind.DAMAGED, FragEventKind.FRAGGED) for e in events)
    assert rolls(events) == []
    assert (game.state.pending, game.state.turn.active, game.state.turn.phase) == ([], 1, Phase.ROLL)
    assert dice_left(game) == ()


# -- F-CARD-10: lost phases and the cards played after them ------------------------------------------------------


STUN_THEN_BOB = """
    dice = [1, 1, 1,   6, 6,   1,   1, 1, 1]
    phase = "action"
    [[fighter]]
    name = "Ann"
    at = "2,6"
    weapons = ["stun-gun"]
    [[fighter]]
    name = "Bob"
    at = "2,8"
    specials = ["test-plus-attack"]
    hand = ["haste", "double-tap"]
    [[card]]
    id = "test-plus-attack"
    deck = "specials"
    name = "Plus Attack"
    effects = [{ kind = "modify", stat = "attacks", add = 1 }]
"""
"""Ann stuns Bob (to hit 3 vs range 2; damage 1 // 12 = 0); Bob holds Haste and Double Tap and has a
+1-attack card in play from before the stun."""


@pytest.mark.rule("F-CARD-10")
def test_haste_played_after_a_stun_gives_its_attack__F_CARD_10() -> None:
    """The stun (later than Bob's +1-attack card) takes his 2 + 1 attacks; Haste, played after the stun,
    gives its one: the last played controls, one mechanism for every card."""
    game = game_from(STUN_THEN_BOB)
    game.play(["attack 1 stun-gun#1", "pass", "end"])
    assert list(game.state.players[1].skips) == ["attacks"]
    game.play(["play haste#1", "roll"])
    assert (game.state.turn.active, game.state.turn.movement, game.state.turn.attacks) == (1, 3, 1)
    assert game.state.players[1].skips == {}
    game.play(["play double-tap#1"])
    assert game.state.turn.attacks == 2
    assert dice_left(game) == ()


@pytest.mark.rule("F-CARD-10")
def test_a_stun_takes_the_attacks_of_cards_played_before_it__F_CARD_10() -> None:
    """Without Haste, the stunned Bob has no attacks (his +1-attack card came before the stun); Double Tap,
    played after, gives one."""
    game = game_from(STUN_THEN_BOB.replace("1, 1, 1]", "1, 1]", 1))
    game.play(["attack 1 stun-gun#1", "pass", "end", "roll"])
    assert (game.state.turn.active, game.state.turn.attacks) == (1, 0)
    game.play(["play double-tap#1"])
    assert game.state.turn.attacks == 1
    assert dice_left(game) == ()


@pytest.mark.rule("F-CARD-10")
def test_two_darts_cost_the_movement_of_one_turn__F_CARD_10() -> None:
    """Ann's Tranquilizer Pistol hits Bob twice in one turn: "his next turn" is one turn, so he loses the
    movement of his next turn only; the turn after he rolls as usual."""
    game = game_from(
        """
        dice = [6, 6, 6, 6,   1, 1,   6, 6, 6, 6,   1, 1,   1, 1,   2, 3]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        accuracy = 4
        weapons = ["tranquilizer-pistol"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    game.play(["attack 1 tranquilizer-pistol#1", "pass", "attack 1 tranquilizer-pistol#1", "pass"])
    assert game.state.players[1].skips == {"movement": game.state.players[1].skips["movement"]}
    assert len(game.state.players[1].skips) == 1
    game.play(["end", "roll"])
    assert (game.state.turn.active, game.state.turn.movement) == (1, 0)
    game.play(["end", "roll", "end", "roll"])
    assert (game.state.turn.active, game.state.turn.movement) == (1, 5)
    assert dice_left(game) == ()


# -- F-FRAG-01: only cures that can save him ----------------------------------------------------------------------


@pytest.mark.rule("F-FRAG-01")
def test_the_last_chance_offers_no_cure_that_cannot_bring_health_above_0__F_FRAG_01() -> None:
    """Ann's cannon (42 against Bob's defence of 2) takes 21 Health: Bob is at -19. His Field Dressing (1)
    and his blood counter (1) cannot bring him to 1: neither is offered, the view says he needs 20, and
    the card stays in his hand when he is fragged."""
    game = game_from(
        """
        dice = [6, 6, 6,   1, 1,   6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1]
        phase = "action"
        decks.specials = ["dodge"]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["test-cannon"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["field-dressing"]
        blood = 1
        """
        + CANNON
    )
    events = game.play(["attack 1 test-cannon#1", "pass"])
    assert game.rules.health(1) == -19
    damaged = [e.text for e in events if e.kind is CommonEventKind.DAMAGED]
    assert damaged == ["Bob loses 21 Health to Ann's Test Cannon: Health 0, 19 past it"]  # never "-19"
    assert isinstance(game.state.pending[-1], LastChance)
    assert legal(game) == {"pass"}
    assert game.view(1).cure_needed == 20
    game.play(["pass"])
    bob = game.state.players[1]
    assert (bob.status, bob.hand, bob.blood) == (Status.FRAGGED, ["field-dressing#1"], 1)
    assert game.view(1).cure_needed is None


@pytest.mark.rule("F-FRAG-01")
def test_cures_that_together_can_save_him_are_all_offered__F_FRAG_01() -> None:
    """Bob at Health -2 (needs 3) holds a Field Dressing (1) and a Medpack (2): together enough, so both
    are offered; the dressing first leaves him at -1, still at his last chance; the medpack saves him."""
    game = game_from(
        """
        dice = [6, 6, 6,   2, 1,   1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["test-cannon"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["field-dressing", "medpack"]
        """
        + CANNON
    )
    game.play(["attack 1 test-cannon#1", "pass"])
    assert game.rules.health(1) == -2
    assert legal(game) == {"pass", "play field-dressing#1", "play medpack#1"}
    game.play(["play field-dressing#1"])
    assert (game.rules.health(1), isinstance(game.state.pending[-1], LastChance)) == (-1, True)
    assert legal(game) == {"pass", "play medpack#1"}
    game.play(["play medpack#1"])
    assert (game.rules.health(1), game.state.pending, game.decider()) == (1, [], 0)
    assert dice_left(game) == ()


# -- cards doing what their text says ------------------------------------------------------------------------------


@pytest.mark.rule("F-TURN-01")
@pytest.mark.parametrize("card", ["haste", "adrenaline"])
def test_a_card_played_before_the_roll_is_not_offered_after_it(card: str) -> None:
    """Haste and Adrenaline say "play it before you roll": offered in phase 2, never in phase 3, where
    Haste's attack would do nothing (attacks are counted with the roll, ruling F-ATK-01)."""
    game = game_from(
        f"""
        dice = [1, 1]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        hand = ["{card}"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
    )
    assert f"play {card}#1" in legal(game)
    game.play(["roll"])
    assert not any(isinstance(a, PlayCard) for a in game.legal_actions())
    assert game.cards[card].text.startswith(("+1 Speed and +1 attack until your next turn", "+2 Speed until"))


@pytest.mark.rule("F-ATK-09")
@pytest.mark.parametrize("shield", ["energy-shield", "blast-shield"])
def test_a_shield_stops_its_share_of_a_hit_poison_included(shield: str) -> None:
    """Bob's shield: "each hit on you costs N Health less". The Venom Crossbow's hit (damage 3 // 12 = 0,
    then 1 poison) is one hit of 1 Health: the shield stops it all."""
    game = game_from(
        f"""
        dice = [6, 6, 6,   6, 6,   1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["venom-crossbow"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        gadgets = ["{shield}"]
        """
    )
    events = game.play(["attack 1 venom-crossbow#1", "pass"])
    bob = game.state.players[1]
    assert (bob.damage, bob.gadgets[0].absorbed) == (0, 1)
    assert [e.amount for e in events if e.kind is CommonEventKind.DAMAGED and e.player == 1][-1] == 0
    assert dice_left(game) == ()


@pytest.mark.rule("F-META-02")
@pytest.mark.parametrize("weapon", ["needle-pistol", "tranquilizer-pistol", "stun-gun"])
def test_dodge_cancels_the_hit_and_everything_it_would_do(weapon: str) -> None:
    """Dodge: "the hit is cancelled: no damage and nothing else a hit does". Bob dodges a poisoned, a
    tranquilizing and a stunning hit: no Health lost, no lost phase, no roll."""
    game = game_from(
        f"""
        dice = [1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,6"
        weapons = ["{weapon}"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        hand = ["dodge"]
        """
    )
    events = game.play([f"attack 1 {weapon}#1", "play dodge#1"])
    bob = game.state.players[1]
    assert (bob.damage, bob.skips, len(rolls(events))) == (0, {}, 1)
    assert "nothing else a hit does" in game.cards["dodge"].text
    assert dice_left(game) == ()


@pytest.mark.rule("F-CARD-05")
def test_a_weapon_that_changes_speed_enters_play_before_the_roll_only_within_the_limit__F_CARD_05() -> None:
    """A weapon with a Speed bonus may be played before the roll, through the same checks as in phase 3:
    Ann (Health 1: 2 weapons) holding two already may not put it into play, with one she may."""
    card = """
        [[card]]
        id = "test-speed-gun"
        deck = "weapons"
        name = "Speed Gun"
        damage = 1
        effects = [{ kind = "modify", stat = "speed", add = 1 }]
    """
    full = game_from(
        """
        dice = []
        [[fighter]]
        name = "Ann"
        at = "2,4"
        health = 1
        weapons = ["shotgun", "machine-gun"]
        hand = ["test-speed-gun"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
        + card
    )
    assert legal(full) == {"roll"}
    room = game_from(
        """
        dice = []
        [[fighter]]
        name = "Ann"
        at = "2,4"
        health = 1
        weapons = ["shotgun"]
        hand = ["test-speed-gun"]
        [[fighter]]
        name = "Bob"
        at = "2,8"
        """
        + card
    )
    room.play(["play test-speed-gun#1"])
    assert ([e.card for e in room.state.players[0].weapons], room.rules.speed(0)) == (
        ["shotgun#1", "test-speed-gun#1"],
        3,
    )
