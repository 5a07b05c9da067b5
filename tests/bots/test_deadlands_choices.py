"""The heuristic bot's choices in set positions of Frag Deadlands (docs/scenarios.md): shootouts opened
when the odds favour it and always answered, an attack held when nothing is worth shooting, the
Huckster's swap for a good hex, the Saloon Gal's extra die bought with a cheap card, and any decision
it does not know answered sensibly. Each decision is asked of the bot through its `BotWindow`."""

from __future__ import annotations

import textwrap

from fragtui.bots import BotWindow, HeuristicBot
from fragtui.bots.deadlands import fallback, keep_value
from fragtui.bots.map_sense import sense_of
from fragtui.bots.situation import Memory, Situation
from fragtui.engine.actions import Pass, Step
from fragtui.engine.board import Direction, Square
from fragtui.engine.deadlands.actions import Cheat, ChooseSquare, HoldAttack, Keep
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.frag.actions import Attack, DrawFrom, PlayCard
from fragtui.engine.game import Game
from tests.bots.helpers import seeded_ruleset_game
from tests.conftest import game_from

OPEN = """
+-+-+-+-+-+-+-+
|1 . . . . . 2|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|3 . . . . . 4|
+-+-+-+-+-+-+-+
"""

WALLED = """
+-+-+-+-+-+-+-+
|1 . .|. . . 2|
+ + + + + + + +
|. . .|. . . .|
+ + + + + + + +
|. . .|. . . .|
+ + + + + + + +
|. . .|. . . .|
+ + + + + + + +
|. . .|. . . .|
+ + + + + + + +
|. . .|. . . .|
+ + + + + + + +
|3 . . . . . 4|
+-+-+-+-+-+-+-+
"""


def deadlands(body: str, board: str = OPEN) -> Game:
    """A Frag Deadlands game on `board` with the shipped Deadlands cards, set as `body` says."""
    return game_from(f'ruleset = "deadlands"\nmap_text = """{board}"""\n' + textwrap.dedent(body))


def decide(game: Game) -> object:
    """The heuristic bot's choice for the seat that decides now."""
    seat = game.decider()
    assert seat is not None
    return HeuristicBot(0).decide(BotWindow(game, seat))


# -- shootouts (D-SHOOT-01, D-SHOOT-02) ----------------------------------------------------------------


def _passing(holder: str, mover: str) -> Game:
    """Bob holds an attack at 3,0; Ann steps from 2,3 into 3,3, straight in front of him (range 3)."""
    game = deadlands(
        f"""
        phase = "action"
        movement = 3
        [[fighter]]
        name = "Ann"
        at = "2,3"
        {mover}
        [[fighter]]
        name = "Bob"
        at = "3,0"
        markers = {{ held_attack = true }}
        {holder}
        """
    )
    game.apply(Step(direction=Direction.E))
    assert game.view(1).decision is DeadlandsDecisionKind.SHOOTOUT and game.decider() == 1
    return game


def test_it_opens_a_shootout_on_a_fighter_it_will_likely_frag__D_SHOOT_02() -> None:
    """Ann, at Health 1, passes in front of Bob's held Bow & Arrows (Accuracy 4 at range 3): the shot
    frags her more often than not, and she fires back only if she lives to."""
    game = _passing(
        holder='character = "indian-brave"\nhealth = 2\nspeed = 1\naccuracy = 4',
        mover='character = "harrowed-gunslinger"\nhealth = 2\nspeed = 2\naccuracy = 3\ndamage = 1',
    )
    assert decide(game) == Attack(target=0, weapon="pistol")


def test_it_lets_a_stronger_fighter_pass_when_the_shot_back_would_cost_more__D_SHOOT_02() -> None:
    """Bob, at Health 1, would hardly hurt Ann (Health 4: his Bow & Arrows' 2 dice against her 4 defence
    dice), and her Gatling Pistol's shot back (3 dice against his 1) would likely frag him: he keeps his
    attack held."""
    game = _passing(
        holder='character = "indian-brave"\nhealth = 2\nspeed = 2\naccuracy = 3\ndamage = 1',
        mover='character = "agency-operative"\nhealth = 4\nspeed = 1\naccuracy = 2',
    )
    assert decide(game) == Pass()


def test_shot_at_in_a_shootout_it_always_fires_back__D_SHOOT_02() -> None:
    """Answering costs none of its turn's attacks, and the holder fires anyway."""
    game = _passing(
        holder='character = "indian-brave"\nhealth = 2\nspeed = 1\naccuracy = 4',
        mover='character = "harrowed-gunslinger"\nhealth = 2\nspeed = 2\naccuracy = 3\ndamage = 1',
    )
    game.apply(Attack(target=0, weapon="pistol"))
    assert game.decider() == 0 and game.view(0).decision is DeadlandsDecisionKind.SHOOTOUT
    assert decide(game) == Attack(target=1, weapon="pistol")


def test_it_holds_an_attack_when_nobody_is_in_sight__D_SHOOT_01() -> None:
    """Its movement spent, an attack left and Bob behind the wall: it holds the attack for a shootout
    rather than end the turn with it."""
    game = deadlands(
        """
        phase = "action"
        movement = 0
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "1,3"
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "5,3"
        """,
        board=WALLED,
    )
    assert decide(game) == HoldAttack()


def test_it_shoots_rather_than_holds_when_a_rival_is_in_sight__D_SHOOT_01() -> None:
    game = deadlands(
        """
        phase = "action"
        movement = 0
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "1,3"
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "1,5"
        """,
    )
    assert isinstance(decide(game), Attack)


# -- "Cheatin'" (D-FTR-04, D-FTR-06) -------------------------------------------------------------------


def test_the_huckster_swaps_two_weak_cards_for_a_good_hex__D_FTR_04() -> None:
    """Two cards worth little to keep (a lasso, a sawed-off shotgun) for the Bullet Ward on top of the
    hexes discard pile."""
    game = deadlands(
        """
        phase = "action"
        movement = 0
        discards.hexes = ["brimstone-bolt", "bullet-ward"]
        [[fighter]]
        name = "Ann"
        character = "huckster"
        at = "1,3"
        hand = ["lasso", "sawed-off-shotgun", "mend-flesh"]
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "5,3"
        """,
        board=WALLED,
    )
    assert decide(game) == Cheat(cards=("lasso#1", "sawed-off-shotgun#1"))


def test_the_huckster_keeps_good_cards_rather_than_swap_them_for_a_weak_hex__D_FTR_04() -> None:
    game = deadlands(
        """
        phase = "action"
        movement = 0
        discards.hexes = ["bullet-ward", "sandmans-whisper"]
        [[fighter]]
        name = "Ann"
        character = "huckster"
        at = "1,3"
        hand = ["mend-flesh", "bullet-ward"]
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "5,3"
        """,
        board=WALLED,
    )
    assert not isinstance(decide(game), Cheat)


def _gal_misses(hand: str) -> Game:
    """The Saloon Gal shoots Bob at range 4 and rolls 1+1 on her 2 Accuracy dice: a miss one die could
    mend, so she is asked (D-FTR-06)."""
    game = deadlands(
        f"""
        phase = "action"
        movement = 0
        dice = [1, 1]
        [[fighter]]
        name = "Ann"
        character = "saloon-gal"
        accuracy = 2
        speed = 3
        at = "1,1"
        hand = [{hand}]
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "1,5"
        """
    )
    game.apply(Attack(target=1, weapon="pistol"))
    assert game.view(0).decision is DeadlandsDecisionKind.EXTRA_DIE and game.decider() == 0
    return game


def test_the_saloon_gal_buys_a_die_with_a_card_worth_little__D_FTR_06() -> None:
    assert decide(_gal_misses('"lasso", "hair-of-the-dog"')) == Cheat(cards=("lasso#1",))


def test_the_saloon_gal_keeps_a_card_worth_more_than_a_die__D_FTR_06() -> None:
    assert decide(_gal_misses('"duck-and-cover"')) == Pass()


def test_the_saloon_gal_never_keeps_a_hex_she_may_not_play__D_FTR_06() -> None:
    """A hex in her hand is a dead card (D-CARD-02: only the Huckster, or Hoyle's Book): it buys the die."""
    assert decide(_gal_misses('"bullet-ward"')) == Cheat(cards=("bullet-ward#1",))


# -- hexes (D-CARD-02) ---------------------------------------------------------------------------------


def _huckster_with_a_bolt(bob_damage: int) -> Game:
    """The Huckster holds Brimstone Bolt (2 Health, no roll); Bob (Health 4) is behind the wall."""
    return deadlands(
        f"""
        phase = "action"
        movement = 0
        [[fighter]]
        name = "Ann"
        character = "huckster"
        at = "1,3"
        hand = ["brimstone-bolt"]
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        health = 4
        speed = 1
        accuracy = 2
        damage = {bob_damage}
        at = "5,3"
        """,
        board=WALLED,
    )


def test_the_huckster_plays_a_hex_that_frags_a_rival__D_CARD_02() -> None:
    assert decide(_huckster_with_a_bolt(bob_damage=2)) == PlayCard(card="brimstone-bolt#1", target=1)


def test_the_huckster_keeps_a_hex_that_would_only_scratch_a_rival__D_CARD_02() -> None:
    assert decide(_huckster_with_a_bolt(bob_damage=0)) == HoldAttack()


# -- the gallows (D-GAL-01) ----------------------------------------------------------------------------

YARD = """
+-+-+-+-+-+-+-+
|1 . . . . H 2|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. H . . . . .|
+ + + + + + + +
|3 . . . . . 4|
+-+-+-+-+-+-+-+
"""


def test_it_hangs_the_fighter_it_fragged_on_the_gallows_farthest_from_it__D_GAL_01() -> None:
    """Ann's 6+6 against Bob's defence 1+1 takes three times his Health: she hangs him, on 5,0 (six
    squares from her) rather than on 1,3 beside her, where he would start his next turn next to her."""
    game = deadlands(
        """
        phase = "action"
        dice = [6, 6, 6, 1, 1, 6, 6]
        decks.specials = ["quick-draw", "supply-wagon"]
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "1,2"
        [[fighter]]
        name = "Bob"
        character = "agency-operative"
        at = "1,0"
        """,
        board=YARD,
    )
    game.play(["attack 1 pistol", "pass", "pass"])
    assert game.view(0).decision is DeadlandsDecisionKind.GALLOWS and game.decider() == 0
    assert decide(game) == ChooseSquare(to=Square(5, 0))


# -- a decision it does not know -----------------------------------------------------------------------


def _situation(game: Game) -> Situation:
    seat = game.decider()
    assert seat is not None
    window = BotWindow(game, seat)
    return Situation(window, window.view(), window.legal_actions(), sense_of(window.board), Memory())


def test_an_unknown_decision_gets_a_sensible_legal_action_by_the_actions_types() -> None:
    """The fallback, as the bot answers a kind of decision it has no rule for: it declines when it may
    (a shootout it would rather not open), and otherwise picks by the actions' types (the gallows square
    farthest from its fighter), always one of the legal actions."""
    asked = _passing(
        holder='character = "indian-brave"\nhealth = 2\nspeed = 1\naccuracy = 4',
        mover='character = "harrowed-gunslinger"\nhealth = 2\nspeed = 2\naccuracy = 3\ndamage = 1',
    )
    assert fallback(_situation(asked)) == Pass()
    game = deadlands(
        """
        phase = "action"
        dice = [6, 6, 6, 1, 1, 6, 6]
        decks.specials = ["quick-draw", "supply-wagon"]
        [[fighter]]
        name = "Ann"
        character = "harrowed-gunslinger"
        at = "1,2"
        [[fighter]]
        name = "Bob"
        character = "agency-operative"
        at = "1,0"
        """,
        board=YARD,
    )
    game.play(["attack 1 pistol", "pass", "pass"])
    sit = _situation(game)
    chosen = fallback(sit)
    assert chosen == ChooseSquare(to=Square(5, 0)) and chosen in sit.legal


# -- the first-player poker draw and jokers (D-CARD-03, D-CARD-04) ---------------------------------------


def test_in_the_poker_draw_it_draws_from_several_decks_and_keeps_the_card_worth_most__D_CARD_04__D_CARD_03() -> None:
    """Six heuristic bots draw their five cards and keep one, in seeded games: each draws from at least two
    decks (a choice of keepers), none from the hexes before it knows it may play them, and each keeps the
    card of its five worth most to keep (a hex, a dead card to whoever may not play it, never over a card
    he may use)."""
    replaced = 0
    for seed in range(1, 6):
        game = seeded_ruleset_game("deadlands", "desert", 6, seed)
        bots = [HeuristicBot(seat) for seat in range(6)]
        decks: dict[int, list[str]] = {seat: [] for seat in range(6)}
        kept: dict[int, str] = {}
        jokers = 0
        setup = (DeadlandsDecisionKind.POKER_DRAW, DeadlandsDecisionKind.POKER_KEEP, DeadlandsDecisionKind.JOKER)
        while (decision := game.view(None).decision) in setup:  # (a joker dealt is replaced first, D-CARD-03)
            seat = game.decider()
            assert seat is not None
            window = BotWindow(game, seat)
            action = bots[seat].decide(window)
            assert action in window.legal_actions()
            if isinstance(action, DrawFrom):
                if decision is DeadlandsDecisionKind.POKER_DRAW:
                    decks[seat].append(action.deck)
                else:
                    jokers += 1
                    assert action.deck != "hexes"
            else:
                assert isinstance(action, Keep)
                sit = _situation(game)
                options = [a.card for a in sit.legal if isinstance(a, Keep)]
                assert keep_value(sit, action.card) == max(keep_value(sit, card) for card in options)
                if any(game.cards[card].deck != "hexes" for card in options):
                    assert game.cards[action.card].deck != "hexes"
                kept[seat] = action.card
            game.apply(action)
        assert sorted(kept) == list(range(6))
        for drawn in decks.values():
            assert len(drawn) == 5 and len(set(drawn)) >= 2 and "hexes" not in drawn
        replaced += jokers
    assert replaced >= 1  # a joker came up (seed 3 deals one): its replacement was drawn from a deck it may use


def test_the_huckster_never_swaps_good_cards_for_a_joker__D_FTR_04__D_CARD_03() -> None:
    """A joker on top of the hexes discard pile is wild only in a poker hand: in hand it does nothing."""
    game = deadlands(
        """
        phase = "action"
        movement = 0
        discards.hexes = ["brimstone-bolt", "red-joker"]
        [[fighter]]
        name = "Ann"
        character = "huckster"
        at = "1,3"
        hand = ["lasso", "sawed-off-shotgun"]
        [[fighter]]
        name = "Bob"
        character = "indian-brave"
        at = "5,3"
        """,
        board=WALLED,
    )
    assert not isinstance(decide(game), Cheat)
