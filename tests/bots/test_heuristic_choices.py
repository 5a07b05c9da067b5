"""The heuristic bot's choices in set positions (docs/scenarios.md): the better weapon by the exact
forecast, healing when hurt, keeping out of acid, answering a hit that would hurt, the last
chance, the pile, the discard, and walking to where a shot is."""

from __future__ import annotations

from fragtui.bots import BotWindow, HeuristicBot
from fragtui.bots.frag_window import FragWindow
from fragtui.bots.map_sense import sense_of
from fragtui.bots.planner import _pick_up_worth
from fragtui.bots.situation import Memory, Situation
from fragtui.bots.tactics import gun_worth
from fragtui.engine.actions import Pass, Step
from fragtui.engine.board import Square, Terrain
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack, ChooseWeapon, PickUp, PlayCard, SpendBlood
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.game import Game
from tests.bots.helpers import play_turn
from tests.conftest import game_from


def decide(game: Game, seat: int | None = None) -> object:
    """The heuristic bot's choice for the seat that decides now."""
    seat = game.decider() if seat is None else seat
    assert seat is not None
    return HeuristicBot(0).decide(BotWindow(game, seat))


# -- attacks ---------------------------------------------------------------------------------------


def test_it_attacks_with_the_weapon_of_best_expected_health_loss() -> None:
    """Bob wears Heavy Armor (Health 2 + 2): the Nail Gun's 3 piercing dice meet 2 defence dice and
    beat the Machine Gun's 3 dice against 4, and the pistol. The forecast says so exactly."""
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["machine-gun", "nail-gun"]
        [[fighter]]
        name = "Bob"
        at = "2,7"
        gadgets = ["heavy-armor"]
        """
    )
    window = FragWindow(game, 0)
    attacks = [a for a in window.legal_actions() if isinstance(a, Attack)]
    losses = {a.weapon: window.forecast(a).expected_loss for a in attacks}
    assert max(losses, key=lambda w: losses[w]) == "nail-gun#1"
    assert decide(game) == Attack(target=1, weapon="nail-gun#1")


def test_it_declares_a_weapon_from_its_hand_when_that_is_the_best() -> None:
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        hand = ["rocket-launcher"]
        [[fighter]]
        name = "Bob"
        at = "2,7"
        """
    )
    assert decide(game) == Attack(target=1, weapon="rocket-launcher#1")


def test_it_shoots_the_target_it_can_frag() -> None:
    """Bob at Health 4 and Cat at Health 1, both at range 3: the frag is worth more."""
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        health = 4
        speed = 2
        accuracy = 1
        at = "2,7"
        [[fighter]]
        name = "Cat"
        health = 1
        speed = 3
        accuracy = 3
        at = "5,4"
        """
    )
    assert decide(game) == Attack(target=2, weapon="pistol")


def test_it_walks_to_where_it_can_shoot_then_shoots() -> None:
    """A wall with one gap: Ann cannot see Bob from where she stands, but 5 points take her through."""
    game = game_from(
        """
        phase = "action"
        movement = 5
        seed = 4
        map_text = '''
        +-+-+-+-+-+-+-+
        |1 . . . . . 2|
        +-+-+-+-+ +-+-+
        |. . . . . . .|
        +-+-+-+-+-+-+-+
        '''
        [[fighter]]
        name = "Ann"
        at = "0,1"
        [[fighter]]
        name = "Bob"
        at = "6,0"
        """
    )
    assert not [a for a in game.legal_actions() if isinstance(a, Attack)]
    assert isinstance(decide(game), Step)
    events = play_turn(game, HeuristicBot(0), 0)
    assert any(e.kind is CommonEventKind.ATTACKED and e.player == 0 for e in events)


# -- looking after the fighter ---------------------------------------------------------------------


def test_it_heals_when_hurt() -> None:
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        health = 3
        speed = 2
        accuracy = 2
        damage = 2
        at = "2,4"
        hand = ["medpack"]
        [[fighter]]
        name = "Bob"
        at = "10,10"
        """
    )
    assert decide(game) == PlayCard(card="medpack#1")


def test_it_heals_with_the_card_that_wastes_nothing() -> None:
    """Hurt by 1: the Field Dressing (1) rather than the Medpack (2), which stays for a worse day."""
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        health = 3
        speed = 2
        accuracy = 2
        damage = 1
        at = "2,4"
        hand = ["medpack", "field-dressing"]
        [[fighter]]
        name = "Bob"
        at = "10,10"
        """
    )
    assert decide(game) == PlayCard(card="field-dressing#1")


def test_it_spends_blood_when_hurt() -> None:
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        damage = 1
        blood = 1
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "10,10"
        """
    )
    assert decide(game) == SpendBlood()


def test_it_wears_armor() -> None:
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        hand = ["heavy-armor", "dodge"]
        [[fighter]]
        name = "Bob"
        at = "10,10"
        """
    )
    assert decide(game) == PlayCard(card="heavy-armor#1")


def test_it_refuses_armor_that_would_leave_it_without_speed() -> None:
    """Riot Armor takes 1 Speed: a fighter of Speed 1 would never move again."""
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        health = 2
        speed = 1
        accuracy = 4
        at = "2,4"
        hand = ["riot-armor"]
        [[fighter]]
        name = "Bob"
        at = "10,10"
        """
    )
    assert decide(game) != PlayCard(card="riot-armor#1")


ACID_MAP = """
map_text = '''
+-+-+-+-+-+-+-+
|1 . . . . . .|
+ + + + + + + +
|. . ~ ~ ~ . G|
+ + + + + + + +
|. . . . . . 2|
+-+-+-+-+-+-+-+
'''
"""


def _acid_squares(game: Game) -> set[Square]:
    return {Square(x, y) for x, y in game.board.cells_of(Terrain.ACID)}


def test_it_goes_round_the_acid_to_a_power_up() -> None:
    """Through the acid the gadget power-up is 5 points away, round it 7: with 7 it goes round."""
    game = game_from(
        ACID_MAP
        + """
        phase = "action"
        movement = 7
        attacks = 0
        seed = 2
        [[fighter]]
        name = "Ann"
        at = "1,1"
        [[fighter]]
        name = "Bob"
        at = "6,2"
        """
    )
    assert game.rules.routes(0)[Square(6, 1)].hazards == 3  # the engine's cheapest way wades through
    events = play_turn(game, HeuristicBot(0), 0)
    entered = [e.square for e in events if e.kind is CommonEventKind.MOVED and e.player == 0]
    assert not set(entered) & _acid_squares(game)
    assert Square(6, 1) in entered  # the power-up, reached dry
    assert any(e.kind is FragEventKind.POWER_UP for e in events)


def test_it_does_not_wade_through_acid_for_a_power_up() -> None:
    """With 5 points the power-up is only reachable through three acid squares: it stays dry."""
    game = game_from(
        ACID_MAP
        + """
        phase = "action"
        movement = 5
        attacks = 0
        seed = 2
        [[fighter]]
        name = "Ann"
        at = "1,1"
        [[fighter]]
        name = "Bob"
        at = "6,2"
        """
    )
    assert game.rules.routes(0)[Square(6, 1)].cost == 5
    events = play_turn(game, HeuristicBot(0), 0)
    entered = [e.square for e in events if e.kind is CommonEventKind.MOVED and e.player == 0]
    assert entered, "it still moves, on dry ground"
    assert not set(entered) & _acid_squares(game)
    assert not any(e.kind is CommonEventKind.DAMAGED for e in events)


# -- decisions out of turn ---------------------------------------------------------------------------


def _hit(attacker_weapons: str, ann: str) -> Game:
    """Bob (the active player) hits Ann; the game then waits for Ann's reaction."""
    game = game_from(
        f"""
        phase = "action"
        turn = "Bob"
        dice = [6, 6, 6, 6, 6, 6]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        {ann}
        [[fighter]]
        name = "Bob"
        at = "2,6"
        weapons = {attacker_weapons}
        """
    )
    weapon = [a for a in game.legal_actions() if isinstance(a, Attack)][-1]
    game.apply(weapon)
    assert game.decider() == 0 and game.view(0).decision == "react"
    return game


def test_it_dodges_a_hit_that_would_hurt() -> None:
    game = _hit('["rocket-launcher"]', 'hand = ["dodge"]')
    assert decide(game) == PlayCard(card="dodge#1")


def test_it_takes_the_attacker_out_of_play_when_it_can() -> None:
    game = _hit('["rocket-launcher"]', 'hand = ["dodge", "disconnect"]')
    assert decide(game) == PlayCard(card="disconnect#1")


def test_it_keeps_its_dodge_when_the_hit_can_hardly_hurt() -> None:
    """A pistol's 2 dice against Health 4 and Heavy Armor's 2 more: not worth a card."""
    game = _hit("[]", 'health = 4\nspeed = 2\naccuracy = 1\ngadgets = ["heavy-armor"]\nhand = ["dodge"]')
    assert decide(game) == Pass()


def test_it_spends_blood_before_its_defence_dice_when_hurt() -> None:
    """F-FRAG-04: hurt Ann with a blood counter spends it in the reaction window, so she defends with
    one more die; then she answers the hit as before (the dodge against a rocket)."""
    game = _hit('["rocket-launcher"]', 'health = 3\ndamage = 1\nblood = 1\nhand = ["dodge"]')
    assert decide(game) == SpendBlood()
    game.apply(SpendBlood())
    assert (game.rules.health(0), game.view(0).decision) == (3, "react")
    assert decide(game) == PlayCard(card="dodge#1")


def _at_last_chance(ann_hand: str, damage_dice: list[int]) -> Game:
    """Bob's pistol hits Ann (Health 1) with these damage dice; Ann is then at her last chance."""
    faces = [6, 6, 6, 1, *damage_dice]  # to hit (3 dice), Ann's defence (1 die), damage (2 dice)
    game = game_from(
        f"""
        phase = "action"
        turn = "Bob"
        dice = {faces}
        [[fighter]]
        name = "Ann"
        health = 1
        speed = 3
        accuracy = 3
        at = "2,4"
        hand = {ann_hand}
        [[fighter]]
        name = "Bob"
        at = "2,6"
        """
    )
    game.play(["attack 0 pistol"])
    if game.view(0).decision == "react":
        game.play(["pass"])
    assert game.view(0).decision == "last_chance"
    return game


def test_it_cures_itself_at_its_last_chance() -> None:
    game = _at_last_chance('["medpack"]', [1, 1])  # 2 against a defence of 1: Health 1 -> -1
    assert game.view(0).fighters[0].health == -1
    assert decide(game) == PlayCard(card="medpack#1")


def test_it_passes_its_last_chance_only_when_no_cure_is_enough() -> None:
    game = _at_last_chance('["field-dressing"]', [6, 6])  # Health 1 - 12: a dressing cannot help
    assert decide(game) == Pass()


def test_it_takes_the_best_weapon_from_a_pile() -> None:
    game = game_from(
        """
        phase = "action"
        may_pick_up = true
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "10,10"
        [[counter]]
        at = "2,4"
        weapons = ["needle-pistol", "rocket-launcher", "stun-gun"]
        """
    )
    assert decide(game) == PickUp(counter=1)
    game.play(["pick up 1"])
    assert decide(game) == ChooseWeapon(card="rocket-launcher#1")


def test_it_does_not_go_back_for_a_second_counter_from_a_square() -> None:
    """F-FRAG-03: after taking the weapon pile's rocket launcher at 2,4, the blood counter there is worth
    nothing to the bot this turn (one counter per square per turn), whatever way it might come back."""
    game = game_from(
        """
        phase = "action"
        may_pick_up = true
        movement = 4
        [[fighter]]
        name = "Ann"
        at = "2,4"
        damage = 1
        [[fighter]]
        name = "Bob"
        at = "10,10"
        [[counter]]
        at = "2,4"
        weapons = ["rocket-launcher"]
        [[counter]]
        at = "2,4"
        blood = true
        """
    )
    bot = HeuristicBot(0)
    window = BotWindow(game, 0)
    assert bot.decide(window) == PickUp(counter=1)
    game.play(["pick up 1", "choose rocket-launcher#1"])
    memory = bot._memories[0]
    assert memory.picked == {Square(2, 4)}
    sit = Situation(window, window.view(), window.legal_actions(), sense_of(game.board), memory)
    assert _pick_up_worth(sit, Square(2, 4)) == 0.0


def test_it_discards_the_least_useful_card() -> None:
    """Six cards at the end of the turn, none of them playable now (both weapon slots taken): the
    Tranquilizer Pistol, no better than the pistol everyone carries, goes."""
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        health = 1
        speed = 3
        accuracy = 3
        at = "2,4"
        weapons = ["shotgun", "machine-gun"]
        hand = ["dodge", "disconnect", "medpack", "trauma-kit", "rocket-launcher", "tranquilizer-pistol"]
        [[fighter]]
        name = "Bob"
        at = "10,0"
        """
    )
    events = play_turn(game, HeuristicBot(0), 0)
    discarded = [e.card for e in events if e.kind is CommonEventKind.DISCARDED]
    assert discarded == ["tranquilizer-pistol#1"]


def test_it_shoots_an_armored_fighter_with_a_piercing_weapon() -> None:
    """Bob (Health 2) has lost 1 and wears untouched Heavy Armor (+2): a piercing shot meets only his own
    Health, 1 defence die, and takes it to 0 past the armor (ruling F-ATK-09, piercing); the bot fires
    the Ion Pistol, not the plain pistol against 3 dice, and the attack is applied."""
    game = game_from(
        """
        phase = "action"
        seed = 1
        [[fighter]]
        name = "Ann"
        at = "2,4"
        weapons = ["ion-pistol"]
        [[fighter]]
        name = "Bob"
        health = 2
        speed = 2
        accuracy = 3
        damage = 1
        at = "2,6"
        gadgets = ["heavy-armor"]
        """
    )
    action = decide(game)
    assert action == Attack(target=1, weapon="ion-pistol#1")
    game.apply(action)


def _parting_shot_at_ann(ann_hand: str) -> Game:
    """Ann frags Bob in her turn; Bob, at his last chance, makes a parting shot at her, which hits."""
    game = game_from(
        f"""
        phase = "action"
        dice = [6, 6, 6, 1, 6, 6, 6, 6, 6, 6, 6, 6]
        [[fighter]]
        name = "Ann"
        at = "2,4"
        hand = {ann_hand}
        [[fighter]]
        name = "Bob"
        health = 1
        speed = 3
        accuracy = 3
        at = "2,6"
        hand = ["parting-shot"]
        """
    )
    game.play(["attack 1 pistol", "pass", "play parting-shot#1 pistol on 0"])
    assert game.decider() == 0 and game.view(0).decision == "react"
    return game


def test_it_answers_a_parting_shot_with_a_dodge() -> None:
    game = _parting_shot_at_ann('["dodge"]')
    assert decide(game) == PlayCard(card="dodge#1")


def test_it_answers_a_parting_shot_with_disconnect_which_frags_the_shooter() -> None:
    """Disconnect cancels the hit and ends Bob's last chance at once (F-META-02 ruling): Ann takes no
    damage and Bob is fragged, so the bot plays it."""
    game = _parting_shot_at_ann('["disconnect"]')
    action = decide(game)
    assert action == PlayCard(card="disconnect#1")
    game.apply(action)
    assert game.state.players[0].frags == 1 and game.state.players[0].record.damage_taken == 0


def test_it_makes_no_parting_shot_at_a_fighter_already_at_his_last_chance() -> None:
    """Ann frags Bob; Bob's parting shot takes Ann to Health -11 too. Shooting back at Bob (Health
    -11, at his own last chance) cannot change anything: Ann passes, and the game goes on."""
    game = game_from(
        """
        phase = "action"
        dice = [6, 6, 6, 1, 6, 6, 6, 6, 6, 1, 6, 6, 6, 6, 6, 6]
        [[fighter]]
        name = "Ann"
        health = 1
        speed = 3
        accuracy = 3
        at = "2,4"
        hand = ["parting-shot"]
        [[fighter]]
        name = "Bob"
        health = 1
        speed = 3
        accuracy = 3
        at = "2,6"
        hand = ["parting-shot"]
        """
    )
    game.play(["attack 1 pistol", "pass", "play parting-shot#2 pistol on 0", "pass"])
    assert game.view(0).decision == "last_chance" and game.view(1).fighters[1].health < 0
    assert any(isinstance(a, PlayCard) and a.target == 1 for a in game.legal_actions())
    action = decide(game)
    assert action == Pass()
    game.apply(action)


# -- the rules' numbers, from the view (issue 14) -------------------------------------------------


def test_it_dodges_a_piercing_hit_that_its_armor_would_not_stop__F_ATK_09() -> None:
    """Ann: Health 2 and Riot Armor (+3). Against an ordinary 3-dice hit her 5 defence dice make it
    harmless, but the Nail Gun pierces: 3 dice against her own 2, about 1.4 Health expected and a
    fair chance of the frag. The view's `pierced_defence_dice` says so (the bot used to count the armor)."""
    game = _hit('["nail-gun"]', 'gadgets = ["riot-armor"]\nhand = ["dodge"]')
    me = game.view(0).fighters[0]
    assert (me.defence_dice, me.pierced_defence_dice) == (5, 2)
    assert decide(game) == PlayCard(card="dodge#1")


def _situation(game: Game, seat: int) -> Situation:
    window = BotWindow(game, seat)
    return Situation(window, window.view(), window.legal_actions(), sense_of(game.board), Memory())


def test_a_rivals_threat_counts_the_attacks_his_cards_give_him__F_ATK_01() -> None:
    """Bob (Accuracy 3: 2 attacks) plays Haste (+1 attack): the threat Ann reckons from him counts 3
    attacks, the number the rules give him and the view carries (`attacks_of` used to say 2)."""
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,7"
        specials = ["haste"]
        """
    )
    sit = _situation(game, 0)
    bob = sit.view.fighters[1]
    assert bob.attacks_per_turn == 3
    here = Square(2, 4)
    assert sit.threat(1, here) == 3 * gun_worth(sit.arsenal(1), 3, sit.me.health) > 0


def test_a_weapon_with_no_ammo_still_threatens_under_infinite_ammo__F_ATK_04() -> None:
    """Bob's Rail Rifle is empty, but Infinite Ammo makes every shot cost nothing: the rules let him
    fire it, so the view lists it as loaded and Ann counts it (the bot used to think it empty)."""
    game = game_from(
        """
        phase = "action"
        [[fighter]]
        name = "Ann"
        at = "2,4"
        [[fighter]]
        name = "Bob"
        at = "2,7"
        weapons = [{ card = "rail-rifle", ammo = 0 }]
        specials = ["infinite-ammo"]
        """
    )
    sit = _situation(game, 0)
    assert [gun.weapon for gun in sit.arsenal(1)] == ["pistol", "rail-rifle#1"]
    rail = sit.arsenal(1)[1]
    assert rail.loaded and rail.ammo_cost == 0
