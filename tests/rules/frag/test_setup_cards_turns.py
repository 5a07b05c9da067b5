"""Set-up, cards and the turn: F-SETUP-01..04, F-CARD-01..10, F-TURN-01, F-RESP-01..03.

Pocket Arena (maps/pocket.map): respawn points 1 (1,1), 2 (10,1), 3 (1,10), 4 (10,10);
teleporters (0,4) and (11,7); gadget power-ups (2,5) and (9,6); acid (5,5)-(6,6).
"""

from __future__ import annotations

import random

import pytest

import fragtui.engine.deadlands.actions as deadlands_actions
import fragtui.engine.frag.actions as frag_actions
import fragtui.engine.ruthless.actions as ruthless_actions
from fragtui.content.library import board_named, card_set, new_game
from fragtui.engine.actions import BUILT_IN, Action, Discard
from fragtui.engine.board import Square
from fragtui.engine.cards import PISTOL, CardKind, Letter
from fragtui.engine.config import GameConfig, Seat, make_config
from fragtui.engine.dice import Dice
from fragtui.engine.events import CommonEventKind, Event, EventKind
from fragtui.engine.frag.actions import Place, PlayCard, Respawn, RollBump, RollMovement
from fragtui.engine.frag.decisions import Bump, DiscardDown, PlaceFighter
from fragtui.engine.frag.design import FighterDesign
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import CounterKind, Phase, Status
from fragtui.engine.game import Game
from fragtui.engine.view import PlayerView
from fragtui.errors import ConfigError, IllegalActionError
from tests.conftest import game_from, kinds

AVERAGE = {"health": 2, "speed": 2, "accuracy": 3}


def _config(*names: str, map_name: str = "pocket", **designs: dict[str, int]) -> GameConfig:
    return make_config(map=map_name, seats=[{"name": n, "fighter": designs.get(n, AVERAGE)} for n in names])


def _events(game: Game, kind: EventKind, events: list[Event] | None = None) -> list[Event]:
    return [e for e in (game.opening if events is None else events) if e.kind is kind]


def _sq(text: str) -> Square:
    return Square.parse(text)


# -- F-SETUP-01: fighter design -------------------------------------------------------------------


def test_a_new_game_refuses_a_fighter_outside_the_design_rule__F_SETUP_01() -> None:
    """7 points over Health, Speed, Accuracy, each 1..4: a bad design never reaches the table."""
    with pytest.raises(ConfigError, match=r"seats\.0\.fighter: the stats add up to 9"):
        _config("Ann", "Bob", Ann={"health": 4, "speed": 4, "accuracy": 1})
    with pytest.raises(ConfigError, match=r"seats\.1\.fighter: Speed is 5"):
        _config("Ann", "Bob", Bob={"health": 1, "speed": 5, "accuracy": 1})
    good = FighterDesign(health=2, speed=2, accuracy=3)
    # A configuration built without validation is still refused by Game.new ...
    unchecked = GameConfig.model_construct(
        ruleset="frag",
        map="pocket",
        frag_target=3,
        seats=(
            Seat(name="Ann", fighter=good),
            Seat.model_construct(
                name="Bob", fighter=FighterDesign.model_construct(health=4, speed=4, accuracy=1, raised=(), free=False)
            ),
        ),
    )
    with pytest.raises(ConfigError, match="Bob's fighter: the stats add up to 9"):
        new_game(unchecked, seed=1)
    # ... and so are a scenario's free stats (they are for set-up positions, not new games).
    free = make_config(
        map="pocket",
        seats=[{"name": "Ann", "fighter": good}, {"name": "Bob", "fighter": {**AVERAGE, "health": 4, "free": True}}],
    )
    with pytest.raises(ConfigError, match="Bob's fighter: the stats add up to 9"):
        new_game(free, seed=1)


def test_the_fighters_have_the_stats_their_players_designed__F_SETUP_01() -> None:
    """A new game's fighters start with exactly the designed Health, Speed and Accuracy."""
    game = new_game(
        _config(
            "Ann", "Bob", Ann={"health": 4, "speed": 2, "accuracy": 1}, Bob={"health": 1, "speed": 2, "accuracy": 4}
        ),
        seed=3,
    )
    assert game.state.first == 0
    game.play(["place 1", "place 2"])
    assert [(game.rules.health(s), game.rules.speed(s), game.rules.accuracy(s)) for s in (0, 1)] == [
        (4, 2, 1),
        (1, 2, 4),
    ]
    assert [game.rules.attacks_per_turn(s) for s in (0, 1)] == [1, 2]
    assert [str(f.design) for f in game.view(0).fighters] == ["H4 S2 A1", "H1 S2 A4"]
    [rolled] = _events(game, FragEventKind.MOVEMENT_ROLLED, game.play(["roll"]))
    assert rolled.roll is not None and len(rolled.roll.dice) == 2  # Speed 2: two movement dice
    assert game.state.turn.attacks == 1


# -- F-SETUP-02: three decks, one card of each --------------------------------------------------------


def test_three_decks_are_shuffled_and_each_player_is_dealt_one_of_each__F_SETUP_02() -> None:
    """Weapons, gadgets, specials shuffled with the game's dice; one of each dealt in seat order."""
    cards = card_set()
    game = new_game(_config("Ann", "Bob", "Cy"), seed=1)
    # The decks are shuffled on the game's generator, in deck order, before anything else.
    dice = Dice(1)
    shuffled = {}
    assert list(cards.decks) == ["weapons", "gadgets", "specials"]
    for deck in cards.decks:
        pile = cards.instances(deck)
        dice.shuffle(pile)
        assert pile != cards.instances(deck)
        shuffled[deck] = pile
    for seat, player in enumerate(game.state.players):
        assert player.hand == [shuffled[deck][seat] for deck in cards.decks]
        assert [cards[c].deck for c in player.hand] == ["weapons", "gadgets", "specials"]
    for deck in cards.decks:
        assert game.state.decks.draw[deck] == shuffled[deck][3:]
        assert game.state.decks.discard[deck] == []
    assert game.card_count() == sum(len(cards.instances(d)) for d in cards.decks)
    dealt = _events(game, CommonEventKind.CARD_DRAWN)
    assert [e.player for e in dealt] == [0, 1, 2] * 3
    # Another seed deals other cards.
    assert new_game(_config("Ann", "Bob", "Cy"), seed=2).state.players[0].hand != game.state.players[0].hand


def test_dealt_hands_are_hidden_from_the_other_players__F_SETUP_02() -> None:
    """Each player sees his own three cards and only the size of the others' hands."""
    game = new_game(_config("Ann", "Bob", "Cy"), seed=1)
    for me in (0, 1, 2):
        view = game.view(me)
        for seat, fighter in enumerate(view.fighters):
            assert fighter.hand_size == 3
            assert fighter.hand == (tuple(game.state.players[seat].hand) if seat == me else None)
    for event in _events(game, CommonEventKind.CARD_DRAWN):
        other = (event.player + 1) % 3
        assert event.seen_by(other).card is None and event.seen_by(other).private_text is None
        assert event.seen_by(event.player).card == event.card is not None


# -- F-SETUP-03: first player, placing, the first turn ---------------------------------------------


def test_highest_roll_goes_first_and_ties_roll_again__F_SETUP_03() -> None:
    """Everyone rolls; the tied highest roll again among themselves (seed 112: Ann 4 Bob 4 Cy 2, then 1 vs 4)."""
    game = new_game(_config("Ann", "Bob", "Cy"), seed=112)
    rolls = [(e.player, e.roll.total) for e in _events(game, CommonEventKind.DICE_ROLLED)]
    assert rolls == [(0, 4), (1, 4), (2, 2), (0, 1), (1, 4)]
    [first] = _events(game, FragEventKind.FIRST_PLAYER)
    assert first.player == 1 and first.text == "Bob goes first"
    assert game.state.first == 1
    assert game.state.turn.phase is Phase.SETUP and game.state.turn.number == 0


def test_players_place_clockwise_from_the_first_on_free_points_then_he_takes_his_turn__F_SETUP_03() -> None:
    """Bob (first) places, then Cy, then Ann, each on a free respawn point; then Bob's turn, phase roll."""
    game = new_game(_config("Ann", "Bob", "Cy"), seed=112)
    assert game.decider() == 1
    assert game.state.pending == [PlaceFighter(player=0), PlaceFighter(player=2), PlaceFighter(player=1)]
    assert game.legal_actions() == [Place(point=n) for n in (1, 2, 3, 4)]
    game.play(["place 2"])
    assert game.decider() == 2
    assert game.legal_actions() == [Place(point=n) for n in (1, 3, 4)]
    with pytest.raises(IllegalActionError):
        game.apply(Place(point=2))  # taken by Bob
    game.play(["place 1"])
    assert game.decider() == 0
    assert game.legal_actions() == [Place(point=3), Place(point=4)]
    events = game.play(["place 4"])
    assert kinds(events) == ["Placed", "TurnBegan"]
    assert [p.square for p in game.state.players] == [_sq("10,10"), _sq("10,1"), _sq("1,1")]
    assert all(p.status is Status.IN_PLAY for p in game.state.players)
    turn = game.state.turn
    assert (turn.number, turn.active, turn.phase) == (1, 1, Phase.ROLL)
    assert game.decider() == 1 and game.state.pending == []
    assert game.legal_actions()[0] == RollMovement()


# -- F-SETUP-04: players and respawn points -------------------------------------------------------------


def test_more_players_than_respawn_points_are_refused__F_SETUP_04() -> None:
    """The Pocket Arena has 4 respawn points: 4 players play, 5 are refused; a 6-point map takes 6."""
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")
    assert len(new_game(_config(*names[:4]), seed=1).state.players) == 4
    with pytest.raises(ConfigError, match="5 players but the map 'pocket' has only 4 respawn points"):
        new_game(_config(*names[:5]), seed=1)
    assert len(board_named("desert").respawn_points) == 6
    assert len(new_game(_config(*names[:6], map_name="desert"), seed=1).state.players) == 6
    with pytest.raises(ConfigError, match="7 players but the map 'desert' has only 6 respawn points"):
        new_game(_config(*names, map_name="desert"), seed=1)


# -- F-CARD-01: decks and discard piles ------------------------------------------------------------------


def test_an_empty_deck_is_refilled_by_shuffling_its_discards__F_CARD_01() -> None:
    """Scavenger draws a weapon (deck empty: its discards are shuffled in) and a gadget (both empty: none)."""
    game = game_from("""
        dice = []
        phase = "action"
        decks.weapons = []
        decks.gadgets = []
        discards.weapons = ["shotgun", "rail-rifle"]
        discards.specials = ["dodge"]
        [[fighter]]
        name = "Ann"
        at = "1,3"
        hand = ["scavenger"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    total = game.card_count()
    events = game.play(["play scavenger#1"])
    assert kinds(events) == ["CardPlayed", "Shuffled", "CardDrawn", "DeckEmpty"]
    decks = game.state.decks
    [drawn] = game.state.players[0].hand
    assert {drawn, *decks.draw["weapons"]} == {"shotgun#1", "rail-rifle#1"}
    assert decks.discard["weapons"] == []
    assert decks.draw["gadgets"] == [] and decks.discard["gadgets"] == []
    # Each deck has its own discard pile: the played Scavenger joined the specials' pile.
    assert decks.discard["specials"] == ["dodge#1", "scavenger#1"]
    assert game.card_count() == total


# -- F-CARD-02: hidden hands -------------------------------------------------------------------------------


def test_a_hand_is_hidden_from_the_other_players__F_CARD_02() -> None:
    """view(seat) shows one's own hand and the others' hand sizes; deck order is never shown."""
    game = game_from("""
        dice = []
        phase = "action"
        decks.weapons = ["rail-rifle"]
        decks.gadgets = ["heavy-armor"]
        [[fighter]]
        name = "Ann"
        at = "1,3"
        hand = ["shotgun", "scavenger"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
        hand = ["medpack"]
    """)
    ann, bob, spectator = game.view(0), game.view(1), game.view(None)
    assert ann.fighters[0].hand == ("shotgun#1", "scavenger#1") and ann.fighters[1].hand is None
    assert bob.fighters[0].hand is None and bob.fighters[1].hand == ("medpack#1",)
    assert spectator.fighters[0].hand is None and spectator.fighters[1].hand is None
    for view in (ann, bob, spectator):
        assert [f.hand_size for f in view.fighters] == [2, 1]
        assert view.deck_sizes == {"weapons": 1, "gadgets": 1, "specials": view.deck_sizes["specials"]}
        text = view.model_dump_json()
        assert "rail-rifle" not in text and "heavy-armor" not in text  # the decks' cards and order
    assert "shotgun" not in bob.model_dump_json()
    assert set(PlayerView.model_fields) >= {"deck_sizes"} and "decks" not in PlayerView.model_fields
    # Drawn cards are told only to the one who draws them.
    events = game.play(["play scavenger#1"])
    drawn = _events(game, CommonEventKind.CARD_DRAWN, events)
    assert [e.card for e in drawn] == ["rail-rifle#1", "heavy-armor#1"]
    weapon = drawn[0]
    assert weapon.seen_by(0) == weapon
    assert weapon.text_for(0) == "Ann draws Rail Rifle (Scavenger)"
    for other in (1, None):
        hidden = weapon.seen_by(other)
        assert (hidden.card, hidden.private_text) == (None, None)
        assert hidden.text == weapon.text_for(other) == "Ann draws a weapon card (Scavenger)"


# -- F-CARD-03 / F-CARD-04: the hand limit --------------------------------------------------------------------


def test_more_than_five_cards_are_fine_in_the_turn_and_discarded_down_at_its_end__F_CARD_03() -> None:
    """7 cards in hand during the turn; at its end Ann discards one at a time down to 5, then Bob's turn."""
    game = game_from("""
        dice = []
        phase = "action"
        movement = 3
        decks.weapons = ["rail-rifle"]
        decks.gadgets = ["heavy-armor"]
        [[fighter]]
        name = "Ann"
        at = "1,3"
        hand = ["shotgun", "machine-gun", "medpack", "ammo-crate", "dodge", "scavenger"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    game.play(["play scavenger#1", "step s"])  # 7 cards, and the turn goes on
    hand = game.state.players[0].hand
    assert len(hand) == 7 and game.state.pending == []
    assert game.decider() == 0 and game.state.turn.phase is Phase.ACTION
    events = game.play(["end"])
    assert events == []  # the turn has not ended yet
    assert game.state.pending == [DiscardDown(player=0)] and game.decider() == 0
    assert game.legal_actions() == [Discard(card=c) for c in hand]
    events = game.play(["discard medpack#1"])
    assert kinds(events) == ["Discarded"]
    assert game.decider() == 0 and game.state.turn.active == 0 and len(game.state.players[0].hand) == 6
    events = game.play(["discard rail-rifle#1"])
    assert kinds(events) == ["Discarded", "TurnEnded", "TurnBegan"]
    assert game.state.players[0].hand == ["shotgun#1", "machine-gun#1", "ammo-crate#1", "dodge#1", "heavy-armor#1"]
    assert game.state.decks.discard["gadgets"] == ["medpack#1"]
    assert game.state.decks.discard["weapons"] == ["rail-rifle#1"]
    assert (game.state.turn.active, game.state.turn.phase, game.decider()) == (1, Phase.ROLL, 1)


def test_five_cards_end_the_turn_without_discarding__F_CARD_03() -> None:
    """A hand of exactly five is within the limit."""
    game = game_from("""
        dice = []
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "1,3"
        hand = ["shotgun", "machine-gun", "medpack", "ammo-crate", "dodge"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    assert kinds(game.play(["end"])) == ["TurnEnded", "TurnBegan"]
    assert game.decider() == 1 and len(game.state.players[0].hand) == 5


def test_cards_in_play_do_not_count_toward_the_hand__F_CARD_04() -> None:
    """Six in hand, one played into play: five in hand and the turn ends with no discard."""
    game = game_from("""
        dice = []
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "1,3"
        hand = ["shotgun", "machine-gun", "medpack", "ammo-crate", "dodge", "light-armor"]
        weapons = ["rail-rifle", "rocket-launcher"]
        gadgets = ["jump-boots", "targeting-system"]
        specials = ["low-gravity"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    game.play(["play light-armor#1"])
    ann = game.state.players[0]
    assert "light-armor#1" not in ann.hand and [e.card for e in ann.gadgets][-1] == "light-armor#1"
    assert len(ann.hand) == 5 and len(ann.weapons) + len(ann.gadgets) + len(ann.specials) == 6
    assert game.view(1).fighters[0].hand_size == 5
    assert kinds(game.play(["end"])) == ["TurnEnded", "TurnBegan"]
    assert game.decider() == 1


# -- F-CARD-05: weapons in play within Health + 1 ---------------------------------------------------------------


WEAPON_LIMIT = """
    dice = {dice}
    phase = "action"
    turn = "{turn}"
    [[fighter]]
    name = "Ann"
    health = 3
    damage = 1
    at = "1,3"
    hand = ["rocket-launcher"]
    weapons = {weapons}
    [[fighter]]
    name = "Bob"
    at = "1,6"
"""


def test_a_fourth_weapon_is_refused_at_health_two__F_CARD_05() -> None:
    """Health 3 with 1 lost: current Health 2 allows 3 weapons; a 4th can be neither played nor declared."""
    game = game_from(WEAPON_LIMIT.format(dice="[]", turn="Ann", weapons='["shotgun", "machine-gun", "rail-rifle"]'))
    assert game.rules.health(0) == 2
    legal = game.legal_actions()
    assert PlayCard(card="rocket-launcher#1") not in legal
    assert [str(a) for a in legal if str(a).startswith("attack")] == [
        "attack 1 pistol",
        "attack 1 shotgun#1",
        "attack 1 machine-gun#1",
        "attack 1 rail-rifle#1",
    ]
    before = game.state.model_copy(deep=True)
    for notation in ("play rocket-launcher#1", "attack 1 rocket-launcher#1"):
        with pytest.raises(IllegalActionError):
            game.play([notation])
    assert game.state == before


def test_a_third_weapon_enters_play_at_health_two__F_CARD_05() -> None:
    """With two weapons in play at Health 2 a third may be declared (it enters play with full ammo)."""
    game = game_from(WEAPON_LIMIT.format(dice="[1, 1, 1]", turn="Ann", weapons='["shotgun", "machine-gun"]'))
    assert PlayCard(card="rocket-launcher#1") in game.legal_actions()
    events = game.play(["attack 1 rocket-launcher#1"])
    assert kinds(events)[:2] == ["CardPlayed", "Attacked"]
    assert [(e.card, e.ammo) for e in game.state.players[0].weapons][-1] == ("rocket-launcher#1", 2)


def test_weapons_in_play_stay_when_health_drops__F_CARD_05() -> None:
    """Ann holds 3 weapons at Health 2; Bob's hit takes her to Health 1 and she keeps all three."""
    # Bob: to hit 6+6+6; Ann passes; defence 1+1 (Health 2); pistol 1+1 → 2 // 2 = 1 Health lost.
    game = game_from(
        WEAPON_LIMIT.format(
            dice="[6, 6, 6, 1, 1, 1, 1]", turn="Bob", weapons='["shotgun", "machine-gun", "rail-rifle"]'
        )
    )
    game.play(["attack 0 pistol", "pass"])
    assert game.rules.health(0) == 1
    assert [e.card for e in game.state.players[0].weapons] == ["shotgun#1", "machine-gun#1", "rail-rifle#1"]


# -- F-CARD-06: no giving cards away ---------------------------------------------------------------------------


def test_no_action_moves_a_card_from_one_player_to_another__F_CARD_06() -> None:
    """In a whole random game no action ever takes a card from one player's hand or play to another's."""
    rng = random.Random(6)
    game = new_game(_config("Ann", "Bob", "Cy", "Dee"), seed=6)

    def owners() -> dict[str, int]:
        owned = {}
        for seat, player in enumerate(game.state.players):
            for card in [*player.hand, *(e.card for e in (*player.weapons, *player.gadgets, *player.specials))]:
                owned[card] = seat
        return owned

    seen: set[str] = set()
    while game.decider() is not None:
        seat = game.decider()
        actions: list[Action] = game.legal_actions()
        for action in actions:
            seen.add(action.kind)
            if isinstance(action, PlayCard | Discard):
                assert action.card in game.state.players[seat].hand
        before = owners()
        game.apply(rng.choice(actions))
        after = owners()
        moved = {
            card: (before[card], after[card]) for card in before.keys() & after.keys() if before[card] != after[card]
        }
        for card, (giver, holder) in moved.items():
            # Only a card played ON another fighter changes hands: it sits in his play area, marked
            # as played by its owner (F-CARD-04), never in his hand.
            assert card not in game.state.players[holder].hand
            entry = next(e for e in game.rules.in_play(holder) if e.card == card)
            assert entry.by == giver
    assert game.state.winner is not None
    assert {"place", "roll", "step", "attack", "play", "end"} <= seen
    # Attacks and cards played on another fighter name another player; no action names a hand to receive a card.
    shipped = (frag_actions, deadlands_actions, ruthless_actions)  # (each system's own, registered beside the kernel's)
    action_types = (*BUILT_IN, *(getattr(module, name) for module in shipped for name in module.__all__))
    # (Ruthless's `Shoot.target` is the model shot at: no card moves with it.)
    assert [t.__name__ for t in action_types if "target" in t.model_fields] == ["Attack", "PlayCard", "Shoot"]
    # (Frag Deadlands' `Cheat.cards` are cards of the cheater's own hand he pays with, `DrawFrom.deck` a deck.)
    # (`Attack.whip` marks a pistol whip, house rule H-WHIP-01: the weapon swung as a club.)
    fields = {"kind", "point", "direction", "distance", "to", "target", "weapon", "whip", "card", "counter"}
    fields |= {"cards", "deck"}
    # (Ruthless's actions name the model acting, `fighter`; `rounds` fired, `by` an aimed hit's shift: R-*.)
    fields |= {"fighter", "rounds", "by"}
    assert all(set(t.model_fields) <= fields for t in action_types)


# -- F-CARD-07 / F-CARD-08: what a frag takes -------------------------------------------------------------------


FRAGGED_BY_BOB = """
    # Bob: to hit 6+6+6; Ann passes; defence 1+1 (Health 1, doubled by Berserk); 6+6 = 12 → fragged.
    dice = [6, 6, 6, 1, 1, 6, 6{more}]
    phase = "action"
    turn = "Bob"
    decks.specials = ["dodge"]
    [[fighter]]
    name = "Ann"
    health = 1
    speed = 3
    accuracy = 3
    at = "1,3"
    hand = ["medpack"]
    weapons = ["shotgun", {{ card = "machine-gun", ammo = 2 }}]
    gadgets = ["jump-boots", "targeting-system"]
    specials = [{{ card = "berserk", turns = 2 }}, {{ card = "quad-damage", turns = 1 }}]
    [[fighter]]
    name = "Bob"
    at = "1,6"
"""


def test_weapons_and_gadgets_are_lost_when_fragged__F_CARD_07() -> None:
    """Ann's gadgets go to the discard pile, her weapons into a pile under a weapon counter."""
    game = game_from(FRAGGED_BY_BOB.format(more=""))
    game.play(["attack 0 pistol", "pass", "pass"])
    ann = game.state.players[0]
    assert ann.status is Status.FRAGGED and ann.square is None
    assert ann.weapons == [] and ann.gadgets == []
    assert game.state.decks.discard["gadgets"] == ["jump-boots#1", "targeting-system#1"]
    blood, pile = game.state.counters
    assert (blood.kind, blood.square) == (CounterKind.BLOOD, _sq("1,3"))
    assert (pile.kind, pile.square, pile.cards) == (CounterKind.WEAPONS, _sq("1,3"), ["shotgun#1", "machine-gun#1"])
    assert ann.hand == ["medpack#1"]  # the hand is the player's, not the fighter's


def test_gadgets_carry_a_letter_for_what_they_affect__F_CARD_07() -> None:
    """A armor, H Health, W weapon, M movement; only gadgets carry one."""
    cards = card_set()
    assert cards["light-armor"].letter is Letter.A and cards["heavy-armor"].letter is Letter.A
    assert cards["medpack"].letter is Letter.H
    assert cards["ammo-crate"].letter is Letter.W and cards["targeting-system"].letter is Letter.W
    assert cards["jump-boots"].letter is Letter.M
    for card in cards:
        assert (card.letter is not None) == (card.kind is CardKind.GADGET)


def test_specials_survive_a_frag_and_timed_ones_expire_at_their_owners_turn_start__F_CARD_08() -> None:
    """Ann's specials stay through her frag; at her next turn start Quad Damage (1 turn) runs out, Berserk (2) stays."""
    game = game_from(FRAGGED_BY_BOB.format(more=", 3"))
    game.play(["attack 0 pistol", "pass", "pass"])
    ann = game.state.players[0]
    assert ann.status is Status.FRAGGED
    assert [(e.card, e.turns_left) for e in ann.specials] == [("berserk#1", 2), ("quad-damage#1", 1)]
    events = game.play(["end"])
    assert kinds(events) == ["TurnEnded", "TurnBegan", "Expired"]
    assert _events(game, FragEventKind.EXPIRED, events)[0].card == "quad-damage#1"
    assert [(e.card, e.turns_left) for e in ann.specials] == [("berserk#1", 1)]
    assert game.state.decks.discard["specials"] == ["quad-damage#1"]
    assert game.state.turn.phase is Phase.RESPAWN  # the expiry comes before the respawn check
    game.play(["respawn"])
    assert [e.card for e in ann.specials] == ["berserk#1"]


@pytest.mark.parametrize(("damage", "health_after"), [(3, 1), (1, 2), (0, 2)])
def test_a_health_bonus_running_out_is_lost_first_and_never_frags__F_CARD_08(damage: int, health_after: int) -> None:
    """Berserk doubles Health 2 to 4; when it runs out Health is capped at 2, never lowered by the bonus itself."""
    game = game_from(f"""
        dice = []
        phase = "action"
        turn = "Bob"
        [[fighter]]
        name = "Ann"
        damage = {damage}
        at = "1,3"
        specials = [{{ card = "berserk", turns = 1 }}]
        [[fighter]]
        name = "Bob"
        at = "1,6"
    """)
    assert (game.rules.max_health(0), game.rules.health(0)) == (4, 4 - damage)
    events = game.play(["end"])
    assert kinds(events) == ["TurnEnded", "TurnBegan", "Expired"]
    assert (game.rules.max_health(0), game.rules.health(0)) == (2, health_after)
    assert game.state.players[0].status is Status.IN_PLAY
    assert (game.decider(), game.state.turn.phase, game.state.pending) == (0, Phase.ROLL, [])


def test_a_card_lasting_one_turn_lasts_until_its_owners_next_turn__F_CARD_08() -> None:
    """Adrenaline (+2 Speed, 1 turn) played by Ann stays through Bob's turn and leaves as hers begins."""
    game = game_from("""
        dice = [1, 1, 1, 1, 1, 1, 1, 1]
        [[fighter]]
        name = "Ann"
        at = "1,3"
        hand = ["adrenaline"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    assert PlayCard(card="adrenaline#1") in game.legal_actions()
    game.play(["play adrenaline#1"])
    assert game.rules.speed(0) == 4
    [rolled] = _events(game, FragEventKind.MOVEMENT_ROLLED, game.play(["roll"]))
    assert rolled.amount == 4 and len(rolled.roll.dice) == 4
    game.play(["end"])
    assert game.state.turn.active == 1 and game.rules.speed(0) == 4 and game.rules.speed(1) == 2
    events = game.play(["roll", "end"])
    assert kinds(events)[-2:] == ["TurnBegan", "Expired"]
    assert game.rules.speed(0) == 2 and game.state.players[0].specials == []


# -- F-CARD-09: stat boosts, cards for all ----------------------------------------------------------------------


def test_a_stat_boost_changes_the_stat_and_low_gravity_boosts_everyone__F_CARD_09() -> None:
    """Jump Boots: +1 Speed for Ann; Low Gravity: +1 Speed for every fighter, so Bob rolls 3 dice too."""
    game = game_from("""
        dice = [1, 1, 1, 1, 2, 2, 2]
        [[fighter]]
        name = "Ann"
        at = "1,3"
        hand = ["low-gravity"]
        gadgets = ["jump-boots"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    assert (game.rules.speed(0), game.rules.speed(1)) == (3, 2)
    game.play(["play low-gravity#1"])
    assert (game.rules.speed(0), game.rules.speed(1)) == (4, 3)
    assert [f.speed for f in game.view(1).fighters] == [4, 3]
    [rolled] = _events(game, FragEventKind.MOVEMENT_ROLLED, game.play(["roll"]))
    assert len(rolled.roll.dice) == 4
    game.play(["end"])
    [rolled] = _events(game, FragEventKind.MOVEMENT_ROLLED, game.play(["roll"]))
    assert len(rolled.roll.dice) == 3 and rolled.amount == 6


def test_a_card_boosts_weapon_damage__F_CARD_09() -> None:
    """Quad Damage makes the pistol's 2 damage dice 8, four times as many, as its name and text say."""
    # To hit 1+1+1+1 (4 Accuracy dice) vs range 3; Bob passes; defence 6+6; damage eight 1s.
    game = game_from("""
        dice = [1, 1, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "1,3"
        accuracy = 4
        specials = ["quad-damage"]
        [[fighter]]
        name = "Bob"
        at = "1,6"
    """)
    assert game.rules.accuracy(0) == 4
    events = game.play(["attack 1 pistol", "pass"])
    rolls = [e.roll for e in _events(game, CommonEventKind.DICE_ROLLED, events)]
    assert [len(r.dice) for r in rolls] == [4, 2, 8]
    assert game.rules.health(1) == 2  # 8 // 12 = 0
    assert game.state.dice.script == ()


# -- F-CARD-10: the last card played controls --------------------------------------------------------------------


SURE_SHOT_VS_GHOST = """
    dice = []
    phase = "action"
    [[fighter]]
    name = "Ann"
    at = "1,3"
    {ann}
    [[fighter]]
    name = "Bob"
    at = "1,6"
    specials = ["ghost"]
"""


def test_sure_shot_played_after_ghost_hits__F_CARD_10() -> None:
    """Bob's Ghost (attacks on him miss) is in play; Ann then plays Sure Shot: her attack hits, no roll."""
    game = game_from(SURE_SHOT_VS_GHOST.format(ann='hand = ["sure-shot"]'))
    game.play(["play sure-shot#1"])
    events = game.play(["attack 1 pistol"])
    assert kinds(events) == ["Attacked", "Hit"]
    assert events[1].roll is None and "a sure hit" in events[1].text
    assert game.decider() == 1  # Bob answers the hit before damage is rolled


def test_ghost_played_after_sure_shot_misses__F_CARD_10() -> None:
    """Ann's Sure Shot was played first, Bob's Ghost later: her attack misses, no roll."""
    game = game_from(SURE_SHOT_VS_GHOST.format(ann='specials = ["sure-shot"]'))
    ann_card, bob_card = game.state.players[0].specials[0], game.state.players[1].specials[0]
    assert ann_card.played < bob_card.played
    events = game.play(["attack 1 pistol"])
    assert kinds(events) == ["Attacked", "Missed"]
    assert events[1].roll is None and "a sure miss" in events[1].text
    assert game.decider() == 0 and game.state.turn.attacks == 1


# -- F-TURN-01: the four phases ------------------------------------------------------------------------------------


def test_the_movement_roll_comes_before_anything_else__F_TURN_01() -> None:
    """Phase 2: a step before the roll is illegal and changes nothing; the roll opens phase 3; end passes the turn."""
    game = game_from("""
        dice = [3, 4]
        [[fighter]]
        name = "Ann"
        at = "1,3"
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    assert game.state.turn.phase is Phase.ROLL and game.legal_actions() == [RollMovement()]
    before = game.state.model_copy(deep=True)
    for notation in ("step n", "end", "attack 1 pistol"):
        with pytest.raises(IllegalActionError, match="must roll for movement"):
            game.play([notation])
    assert game.state == before and game.log == []
    events = game.play(["roll"])
    assert kinds(events) == ["DiceRolled", "MovementRolled"]
    turn = game.state.turn
    assert (turn.phase, turn.movement, turn.attacks) == (Phase.ACTION, 7, 2)
    game.play(["step n"])
    assert game.state.turn.movement == 6
    events = game.play(["end"])
    assert kinds(events) == ["TurnEnded", "TurnBegan"]
    turn = game.state.turn
    assert (turn.number, turn.active, turn.phase, turn.movement, turn.attacks) == (2, 1, Phase.ROLL, 0, 0)
    assert game.decider() == 1


def test_a_teleport_card_is_declared_instead_of_the_roll__F_TURN_01() -> None:
    """Phase 2: Teleport puts Ann on any square with no movement roll; phase 3 follows with 0 points."""
    game = game_from("""
        dice = []
        [[fighter]]
        name = "Ann"
        at = "1,3"
        hand = ["teleport"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    legal = game.legal_actions()
    assert legal[0] == RollMovement()
    assert PlayCard(card="teleport#1", to=_sq("6,3")) in legal
    assert PlayCard(card="teleport#1", to=_sq("1,3")) not in legal
    events = game.play(["play teleport#1 6,3"])
    assert kinds(events) == ["CardPlayed", "Teleported"]
    turn = game.state.turn
    assert game.state.players[0].square == _sq("6,3")
    assert (turn.phase, turn.movement, turn.attacks) == (Phase.ACTION, 0, 2)
    assert RollMovement() not in game.legal_actions()
    assert game.state.decks.discard["specials"] == ["teleport#1"]


def test_a_fragged_fighter_must_respawn_first__F_TURN_01() -> None:
    """Phase 1: a fragged player's turn starts with the respawn check; nothing else is legal."""
    game = game_from("""
        dice = [2]
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "1,3"
        [[fighter]]
        name = "Bob"
    """)
    game.play(["end"])
    assert (game.state.turn.active, game.state.turn.phase) == (1, Phase.RESPAWN)
    assert game.legal_actions() == [Respawn()]
    with pytest.raises(IllegalActionError, match="must first respawn"):
        game.play(["roll"])
    game.play(["respawn"])
    assert game.state.turn.phase is Phase.ROLL and game.legal_actions() == [RollMovement()]


# -- F-RESP-01..03: respawning and bumping -----------------------------------------------------------------------


def test_respawn_rolls_a_die_for_the_respawn_point__F_RESP_01() -> None:
    """The Pocket Arena has points 1-4: faces 5 and 6 are rolled again; a 3 puts Ann on point 3 (1,10)."""
    game = game_from("""
        dice = [5, 6, 3]
        phase = "action"
        turn = "Bob"
        [[fighter]]
        name = "Ann"
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    game.play(["end"])
    events = game.play(["respawn"])
    assert kinds(events) == ["DiceRolled", "DiceRolled", "DiceRolled", "Respawned"]
    assert [e.roll.total for e in events[:3]] == [5, 6, 3]
    assert events[3].square == _sq("1,10") and events[3].text == "Ann respawns on respawn point 3"
    ann = game.state.players[0]
    assert (ann.status, ann.square) == (Status.IN_PLAY, _sq("1,10"))


def test_a_respawned_fighter_is_fresh_with_the_pistol_only_and_keeps_his_specials__F_RESP_02() -> None:
    """After a frag: starting stats, full Health, no weapons but the pistol, no armor; specials and hand kept."""
    # Bob: to hit 6+6+6; Ann passes; defence 1+1+1 (Health 3 + armor 1 - 1 lost); 6+6 = 12 → 4 lost.
    game = game_from("""
        dice = [6, 6, 6, 1, 1, 1, 6, 6, 4, 1, 1]
        phase = "action"
        turn = "Bob"
        decks.specials = ["dodge"]
        [[fighter]]
        name = "Ann"
        health = 3
        speed = 1
        accuracy = 3
        damage = 1
        at = "1,3"
        hand = ["shotgun"]
        weapons = ["machine-gun"]
        gadgets = ["light-armor", "jump-boots"]
        specials = ["low-gravity"]
        [[fighter]]
        name = "Bob"
        at = "1,6"
    """)
    assert (game.rules.health(0), game.rules.max_health(0), game.rules.speed(0)) == (3, 4, 3)
    game.play(["attack 0 pistol", "pass", "pass", "end", "respawn"])
    ann = game.state.players[0]
    assert (ann.status, ann.square, ann.damage) == (Status.IN_PLAY, _sq("10,10"), 0)
    assert ann.weapons == [] and ann.gadgets == [] and game.rules.armor(0) is None
    assert (game.rules.health(0), game.rules.max_health(0), game.rules.speed(0), game.rules.accuracy(0)) == (3, 3, 2, 3)
    assert [e.card for e in ann.specials] == ["low-gravity#1"]  # Speed 1 + Low Gravity
    assert ann.hand == ["shotgun#1"]
    game.play(["roll"])
    assert game.rules.declarable_weapons(0) == [PISTOL, "shotgun#1"]


def test_respawning_onto_a_fighter_starts_a_bump_chain__F_RESP_03() -> None:
    """Ann respawns on Bob (2); Bob rolls 3, onto Cy; Cy rolls 3, onto Bob who bumped him; Bob 2, onto Ann; Ann 1."""
    game = game_from("""
        dice = [2, 3, 3, 2, 1]
        [[fighter]]
        name = "Ann"
        [[fighter]]
        name = "Bob"
        at = "10,1"
        [[fighter]]
        name = "Cy"
        at = "1,10"
    """)
    events = game.play(["respawn"])
    assert kinds(events) == ["DiceRolled", "Respawned", "Bumped"]
    assert (events[2].player, events[2].other) == (1, 0)
    assert game.state.pending == [Bump(player=1, by=0)]
    assert game.decider() == 1 and game.legal_actions() == [RollBump()]
    with pytest.raises(IllegalActionError, match="Bob must first roll for the respawn point"):
        game.play(["roll"])
    events = game.play(["bump"])
    assert kinds(events) == ["DiceRolled", "Moved", "Bumped"]
    assert (events[2].player, events[2].other) == (2, 1)
    assert game.decider() == 2
    events = game.play(["bump"])  # Cy rolls 3: his own point, where Bob now stands
    assert kinds(events) == ["DiceRolled", "Moved", "Bumped"]
    assert (events[2].player, events[2].other) == (1, 2)
    assert game.decider() == 1
    events = game.play(["bump"])  # Bob rolls 2, onto Ann who started it
    assert (events[2].player, events[2].other) == (0, 1)
    assert game.decider() == 0 and game.legal_actions() == [RollBump()]
    events = game.play(["bump"])
    assert kinds(events) == ["DiceRolled", "Moved"]
    squares = [p.square for p in game.state.players]
    assert squares == [_sq("1,1"), _sq("10,1"), _sq("1,10")]
    assert game.state.pending == []
    assert (game.decider(), game.state.turn.active, game.state.turn.phase) == (0, 0, Phase.ROLL)


def test_teleporting_onto_a_fighter_bumps_him__F_RESP_03() -> None:
    """Ann teleports onto Bob's square: Bob must roll for a respawn point before Ann goes on."""
    game = game_from("""
        dice = [4]
        [[fighter]]
        name = "Ann"
        at = "1,3"
        hand = ["teleport"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
    """)
    events = game.play(["play teleport#1 8,8"])
    assert kinds(events) == ["CardPlayed", "Teleported", "Bumped"]
    assert game.decider() == 1 and game.legal_actions() == [RollBump()]
    game.play(["bump"])
    assert [p.square for p in game.state.players] == [_sq("8,8"), _sq("10,10")]
    assert game.decider() == 0 and game.state.turn.phase is Phase.ACTION


def test_dropping_a_health_card_never_frags__F_CARD_08():
    """Dropping a kept card that raised Health loses the bonus first, as when it runs out (ruling F-CARD-08)."""
    game = game_from(
        """
        dice = []
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "1,4"
        health = 2
        damage = 3
        gadgets = ["vital-implant"]
        [[fighter]]
        name = "Bob"
        at = "8,8"
        [[card]]
        id = "vital-implant"
        deck = "gadgets"
        letter = "H"
        name = "Vital Implant"
        effects = [{ kind = "modify", stat = "health", add = 2 }]
        """
    )
    assert game.rules.health(0) == 1
    game.play(["drop vital-implant#1"])
    assert game.rules.max_health(0) == 2
    assert game.rules.health(0) == 1  # capped, never below what it was
    assert game.state.players[0].damage == 1
    assert game.state.players[0].status.value == "in play"
