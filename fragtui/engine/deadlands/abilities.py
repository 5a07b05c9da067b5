"""The six fighters' drawbacks and "Cheatin'" abilities, hooked into Frag's rules where each changes
one (D-FTR-01..07).

Each ability overrides the Frag method (a seam, where Frag had a constant) that applies the rule it
changes, asks which fighter a seat plays (`character`) through one small hook per ability, and calls
`super()` for everyone else:

- every fighter's starting weapon (`starting_weapon`: the record sheet's, fired as the action weapon
  `pistol`, D-FTR-01);
- the Agency Operative: hand limit 4 (`hand_limit`), his 1s rolled again on revolver and Gatling
  attacks (`roll_attack_dice`, D-FTR-02);
- the Mad Scientist: weapons in play up to his Health (`weapon_slots`), power-ups on 3-6
  (`power_up_success`), a gadget on 3-6 at each turn's start (`start_of_turn`, D-FTR-03);
- the Huckster: power-ups only on 5-6, two cards from hand for the top hex of the discard pile (the
  `Cheat` action), Hoyle's Book of Games' hex on 5-6 at each turn's start (D-FTR-04);
- the Harrowed Gunslinger: no hexes (`may_use_hexes`), his grave chosen (`chooses_respawn`), a free
  weapon card on respawning (`respawn`, D-FTR-05);
- the Saloon Gal: no shootouts (`may_shootout`), a card from hand for one more die on a roll of hers
  (the `ExtraDie` window after her rolls, D-FTR-06);
- the Indian Brave: always hangable (`always_hangable`), every healing card heals him 1 more
  (`healing`, D-FTR-07).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar, cast

from fragtui.engine.actions import Action
from fragtui.engine.board import distance
from fragtui.engine.cards import GADGETS_DECK, PISTOL, WEAPONS_DECK, ModStat
from fragtui.engine.deadlands.ability_decisions import ExtraDie, RolledFor
from fragtui.engine.deadlands.actions import Cheat
from fragtui.engine.deadlands.deck import HEXES_DECK, DeckRules
from fragtui.engine.deadlands.roster import Character
from fragtui.engine.decisions import ResponseWindow, WindowContext, WindowPoint
from fragtui.engine.dice import FACES, Roll
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Respawn
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.rules import Offer
from fragtui.engine.frag.state import Status
from fragtui.engine.odds import REROLLED_ONES, Die

if TYPE_CHECKING:
    from fragtui.engine.frag.rules import FragRules
    from fragtui.engine.geometry import Move

__all__ = ["Abilities"]


class Abilities(DeckRules):
    """The six fighters' drawbacks and "Cheatin'" abilities, hooked into Frag's rules where each changes
    one (D-FTR-01..07)."""

    ABILITIES_OFFERS: ClassVar[tuple[tuple[tuple[type, ...], Offer], ...]] = ()
    """The kinds of action this part adds to the active player's turn, each with its offer (see
    `FragRules.OFFERS`): `DeadlandsRules` puts them before ending the turn. (Set below the class: the
    Huckster's `Cheat`.)"""
    ABILITIES_WINDOWS: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {
        WindowPoint.AFTER_ROLL: ExtraDie,
        WindowPoint.AFTER_ATTACK_ROLL: ExtraDie,
    }
    """The response windows this part opens (`Ruleset.windows`), merged by `DeadlandsRules`: the Saloon
    Gal's extra die after a roll of hers (D-FTR-06)."""

    OPERATIVE_HAND_LIMIT = 4
    """The Agency Operative's hand limit: Federal budget limitations (D-FTR-02)."""
    REROLLED_FAMILIES = frozenset({"revolver", "gatling"})
    """The weapon cards (`CardDef.family`) on whose attacks the Agency Operative rolls his 1s again (D-FTR-02)."""
    SCIENTIST_SUCCESS = 3
    """The Mad Scientist's power-up checks and turn-start gadget roll succeed on 3-6 (D-FTR-03)."""
    HUCKSTER_SUCCESS = 5
    """The Huckster's power-up checks succeed only on 5-6 (D-FTR-04)."""
    HOYLES_SUCCESS = 5
    """Hoyle's Book of Games draws a hex card at the start of each turn on 5-6 (D-FTR-04)."""
    HUCKSTER_CHEAT_COST = 2
    """Cards from hand the Huckster discards for the top card of the hexes discard pile (D-FTR-04)."""

    # -- drawbacks the other parts ask about -------------------------------------------------------------

    def always_hangable(self, seat: int) -> bool:
        """Whether whoever frags `seat` may hang him whatever the damage: the Indian Brave's drawback
        (D-FTR-07), asked by the gallows rules (`Western`)."""
        return self.character(seat) is Character.INDIAN_BRAVE

    def may_shootout(self, seat: int) -> bool:
        """Whether `seat` may use the shootout rules: all but the Saloon Gal (D-FTR-06), asked by `Shootouts`."""
        return self.character(seat) is not Character.SALOON_GAL

    def may_use_hexes(self, seat: int) -> bool:
        """The Harrowed Gunslinger may not use Hoyle's Book of Games or hex cards (D-FTR-05)."""
        return self.character(seat) is not Character.HARROWED_GUNSLINGER and super().may_use_hexes(seat)

    def may_ever_use_hexes(self, seat: int) -> bool:
        """The Harrowed Gunslinger never may (D-FTR-05): the Hexes deck is not his to choose (ruling D-CARD-03)."""
        return self.character(seat) is not Character.HARROWED_GUNSLINGER and super().may_ever_use_hexes(seat)

    # -- the starting weapon on every record sheet (D-FTR-01) -----------------------------------------

    def starting_weapon(self, seat: int) -> tuple[str, int]:
        """The weapon on `seat`'s record sheet, fired as the action weapon `pistol`: its name and damage
        dice (the Operative's Gatling Pistol 3; the Mad Scientist's and the Huckster's basic Pistol 2)."""
        weapon = self.sheet(seat).weapon
        return weapon.name, weapon.damage

    # -- the Agency Operative (D-FTR-02) ------------------------------------------------------------------

    def hand_limit(self, seat: int) -> int:
        """The Agency Operative holds at most 4 cards at the end of his turn."""
        if self.character(seat) is Character.AGENCY_OPERATIVE:
            return self.OPERATIVE_HAND_LIMIT
        return super().hand_limit(seat)

    def rerolls_ones(self, seat: int, weapon: str) -> bool:
        """Whether `seat` rolls his 1s again on an attack with `weapon`: the Agency Operative with his
        Gatling Pistol (the sheet's `pistol`) or a revolver or Gatling weapon card."""
        if self.character(seat) is not Character.AGENCY_OPERATIVE:
            return False
        return weapon == PISTOL or self.card(weapon).family in self.REROLLED_FAMILIES

    def attack_die(self, seat: int, weapon: str) -> Die:
        """The Agency Operative's revolver and Gatling dice fall as `REROLLED_ONES` (the forecast's odds)."""
        return REROLLED_ONES if self.rerolls_ones(seat, weapon) else super().attack_die(seat, weapon)

    def roll_attack_dice(self, seat: int, weapon: str, dice: int, why: str) -> Roll:
        """The Agency Operative's Cheatin': on his revolver and Gatling attacks, each to-hit or damage die
        that comes up 1 is rolled again, once, at once (ruling D-FTR-02); the log shows both rolls."""
        roll = super().roll_attack_dice(seat, weapon, dice, why)
        ones = roll.dice.count(1)
        if not ones or not self.rerolls_ones(seat, weapon):
            return roll
        again = self.roll(ones, f"Cheatin': {'the 1' if ones == 1 else f'the {ones} 1s'} rolled again", seat)
        faces = iter(again.dice)
        rerolled = Roll.of((next(faces) if face == 1 else face for face in roll.dice), why)
        self.emit(
            CommonEventKind.DICE_ROLLED,
            f"{self.name(seat)} cheats (Agency Operative: 1s rolled again): {rerolled}",
            player=seat,
            roll=rerolled,
        )
        return rerolled

    # -- the Mad Scientist (D-FTR-03) and the Huckster (D-FTR-04) ----------------------------------------

    def weapon_slots(self, seat: int) -> int:
        """The Mad Scientist may have weapons in play up to his Health, not Health + 1 (F-CARD-05's ruling:
        counted when one more enters)."""
        slots = super().weapon_slots(seat)
        return slots - 1 if self.character(seat) is Character.MAD_SCIENTIST else slots

    def power_up_success(self, seat: int) -> int:
        """The Mad Scientist's power-up checks succeed on 3-6; the Huckster's only on 5-6."""
        character = self.character(seat)
        if character is Character.MAD_SCIENTIST:
            return self.SCIENTIST_SUCCESS
        if character is Character.HUCKSTER:
            return self.HUCKSTER_SUCCESS
        return super().power_up_success(seat)

    def start_of_turn(self, seat: int) -> None:
        """After Frag's turn-start triggers: the Mad Scientist's gadget roll, and Hoyle's Book of Games'
        hex roll for whoever has it and may use hexes (the Huckster, a holder of the gadget)."""
        super().start_of_turn(seat)
        if self.character(seat) is Character.MAD_SCIENTIST:
            self.turn_start_draw(seat, GADGETS_DECK.name, self.SCIENTIST_SUCCESS, "the Mad Scientist's gadget roll")
        if self.has_hoyles_book(seat) and self.may_use_hexes(seat):
            self.turn_start_draw(seat, HEXES_DECK, self.HOYLES_SUCCESS, "Hoyle's Book of Games")

    def turn_start_draw(self, seat: int, deck: str, success: int, what: str) -> None:
        """Roll a die for `what`; on `success` or more, `seat` draws a card of `deck`."""
        if deck not in self.cards.decks:
            return  # (a card set without that deck: nothing to draw)
        face = self.roll(1, f"{what} ({success}-6 draws a {self.cards.decks[deck].singular} card)", seat).total
        if face >= success:
            self.draw(seat, deck, f"{what}: {face}")

    def swaps_for_hexes(self, seat: int) -> bool:
        """Whether `seat` may discard two cards for the top card of the hexes discard pile: the Huckster."""
        return self.character(seat) is Character.HUCKSTER

    def hex_swaps(self, seat: int) -> list[Cheat]:
        """The Huckster's Cheatin' in his own turn: every two cards of his hand, while the hexes discard
        pile has a card to take."""
        if not self.swaps_for_hexes(seat) or not self.hex_on_top():
            return []
        hand = dict.fromkeys(self.player(seat).hand)
        return [Cheat(cards=pair) for pair in combinations(hand, self.HUCKSTER_CHEAT_COST)]

    def hex_on_top(self) -> bool:
        """Whether the top card of the hexes discard pile is a hex the Huckster may take: a joker there is
        no hex (ruling D-FTR-04)."""
        pile = self.state.decks.discard.get(HEXES_DECK)
        return pile is not None and bool(pile) and not self.card(pile[-1]).joker

    def swap_for_hex(self, seat: int, cards: tuple[str, ...]) -> None:
        """The Huckster takes the top card of the hexes discard pile (the one there when he cheats, ruling
        D-FTR-04) into his hand and discards the two cards he named."""
        player = self.player(seat)
        taken = self.state.decks.discard[HEXES_DECK].pop()
        for card in cards:
            player.hand.remove(card)
            self.discard(card)
        player.hand.append(taken)
        names = " and ".join(self.card_name(card) for card in cards)
        self.emit(
            CommonEventKind.DISCARDED,
            f"{player.name} cheats (Huckster): discards {names} and takes {self.card_name(taken)} "
            "from the hexes discard pile",
            player=seat,
            card=taken,
        )

    def dispatch(self, seat: int, action: Action, move: Move | None) -> None:
        """A `Cheat` in the fighter's own turn is the Huckster's (the Saloon Gal's answers her window)."""
        if isinstance(action, Cheat) and not self.state.pending:
            self.swap_for_hex(seat, action.cards)
            return
        super().dispatch(seat, action, move)

    def why_illegal(self, action: Action) -> str:
        """Why a `Cheat` of one's own turn is refused: only the Huckster cheats so, and only while the
        hexes discard pile has a card (the Saloon Gal cheats when she is asked, after a roll); why the
        Harrowed Gunslinger may not roll for his respawn point (he names his grave)."""
        seat = self.decider()
        allowed = self.turn_structure.phase(self.state.turn.phase).allows_action(action)
        if seat is None or self.state.pending or not allowed:
            return super().why_illegal(action)
        who = self.name(seat)
        if (
            isinstance(action, Respawn)
            and action.point is None
            and self.character(seat) is Character.HARROWED_GUNSLINGER
        ):
            return f"{action}: {who} (the Harrowed Gunslinger) chooses his grave: name the respawn point"
        if not isinstance(action, Cheat):
            return super().why_illegal(action)
        if not self.swaps_for_hexes(seat):
            return f"{action}: only the Huckster cheats in his own turn ({who} plays the {self.sheet(seat).title})"
        if not self.hex_on_top():
            return f"{action}: there is no hex on top of the hexes discard pile to take"
        return f"{action}: {who} must discard two different cards from his hand"

    # -- the Harrowed Gunslinger (D-FTR-05) ------------------------------------------------------------

    def chooses_respawn(self, seat: int) -> bool:
        """The Harrowed Gunslinger chooses the grave (respawn point) he returns from instead of rolling."""
        return self.character(seat) is Character.HARROWED_GUNSLINGER or super().chooses_respawn(seat)

    def draws_on_respawn(self, seat: int) -> bool:
        """Whether `seat` draws a free weapon card when he respawns after a frag: the Harrowed Gunslinger."""
        return self.character(seat) is Character.HARROWED_GUNSLINGER

    def respawn(self, seat: int, chosen: int | None = None) -> None:
        """The Harrowed Gunslinger back from the grave draws one free weapon card (ruling D-FTR-05: after a
        frag only; a fighter taken out of play by a card comes back as he was)."""
        fragged = self.player(seat).status is Status.FRAGGED
        super().respawn(seat, chosen)
        if fragged and self.draws_on_respawn(seat) and WEAPONS_DECK.name in self.cards.decks:
            self.draw(seat, WEAPONS_DECK.name, "back from the grave")

    # -- the Saloon Gal (D-FTR-06) -------------------------------------------------------------------------

    def adds_a_die(self, seat: int) -> bool:
        """Whether `seat` may discard a card to add one die to a roll of his: the Saloon Gal."""
        return self.character(seat) is Character.SALOON_GAL

    def responders(self, point: WindowPoint, context: WindowContext) -> list[int]:
        """After a roll the Saloon Gal may change, she may answer it (`may_add_a_die`)."""
        seats = super().responders(point, context)
        if point is WindowPoint.AFTER_ROLL or point is WindowPoint.AFTER_ATTACK_ROLL:
            # Only the roller or the one he attacks can own the roll (`may_add_a_die`): ask those two, not
            # every seat after every roll.
            owners = dict.fromkeys(s for s in (context.actor, context.target) if s is not None and s not in seats)
            seats = [*seats, *(s for s in owners if self.may_add_a_die(s, point, context))]
        return seats

    def may_add_a_die(self, seat: int, point: WindowPoint, context: WindowContext) -> bool:
        """Whether `seat` may add a die to the roll just made (ruling D-FTR-06): he adds dice (the Saloon
        Gal), his fighter is on the board, he has a card to discard, the roll is his own — movement,
        to-hit, his damage dice on a hit he made or his defence dice on one he took — and one more die
        could change what it does (a to-hit roll that missed by 6 or less; a damage roll whose Health
        lost one more die could change)."""
        roll = context.roll
        if roll is None or not self.adds_a_die(seat) or not self.on_board(seat) or not self.player(seat).hand:
            return False
        if point is WindowPoint.AFTER_ROLL:
            return context.actor == seat
        if context.defence is None:  # a to-hit roll
            if context.actor != seat or context.target is None:
                return False
            here, there = self.player(seat).square, self.player(context.target).square
            assert here is not None and there is not None
            return roll.total < distance(here, there) <= roll.total + FACES
        defence = max(context.defence.total, 1)  # (a defence of 0 divides by 1, F-ATK-08)
        lost = roll.total // defence
        if seat == context.actor:
            return (roll.total + FACES) // defence > lost
        if seat == context.target:
            return roll.total // (context.defence.total + FACES) < lost
        return False

    def add_a_die(self, window: ExtraDie, seat: int, card: str) -> None:
        """The Saloon Gal discards `card` and rolls one more die onto her roll; then it counts."""
        self.state.pending.remove(window)
        player = self.player(seat)
        player.hand.remove(card)
        self.discard(card)
        hers = window.hers()
        self.emit(
            CommonEventKind.DISCARDED,
            f"{player.name} cheats (Saloon Gal): discards {self.card_name(card)} "
            f"to add a die to her roll ({hers.reason})",
            player=seat,
            card=card,
        )
        die = self.roll(1, "Cheatin': one more die", seat)
        raised = Roll.of((*hers.dice, *die.dice), hers.reason)
        self.emit(CommonEventKind.DICE_ROLLED, f"{player.name}: {raised}", player=seat, roll=raised)
        self.count_roll(window, raised)

    def count_roll(self, window: ExtraDie, roll: Roll) -> None:
        """The rules go on from the roll the window opened after, `roll` being hers as it now stands:
        movement counted again, the to-hit compared with the range, or the hit's damage dealt."""
        context = window.context
        if window.rolled_for is RolledFor.MOVEMENT:
            if roll != window.hers():  # (she added a die: the points are counted again)
                actor = context.actor
                self.turn_policy.count_movement(actor, self.modified(actor, ModStat.MOVEMENT, roll.total))
                points = self.turn_policy.movement(actor)
                self.emit(
                    FragEventKind.MOVEMENT_ROLLED,
                    f"{self.name(context.actor)} has {points} movement points",
                    player=context.actor,
                    roll=roll,
                    amount=points,
                )
        elif window.rolled_for is RolledFor.TO_HIT:
            assert context.target is not None and context.weapon is not None
            self.judge_to_hit(context.actor, context.target, context.weapon, roll, whip=context.whip)
        else:
            assert window.attack is not None and context.defence is not None and context.roll is not None
            if window.player == context.target:
                self.deal_damage(window.attack, roll, context.roll)
            else:
                self.deal_damage(window.attack, context.defence, roll)

    # -- the Indian Brave (D-FTR-07) ---------------------------------------------------------------------

    def heals_more(self, seat: int) -> int:
        """Health every healing card restores to `seat` beyond what it prints: 1 for the Indian Brave."""
        return 1 if self.character(seat) is Character.INDIAN_BRAVE else 0

    def healing(self, seat: int, amount: int | None) -> int | None:
        """Every healing card heals the Indian Brave 1 more than printed (one that heals all heals all)."""
        amount = super().healing(seat, amount)
        return None if amount is None else amount + self.heals_more(seat)


def _offer_hex_swaps(rules: FragRules, seat: int, moves: list[Move], actions: list[Action]) -> None:
    """The Huckster's Cheatin' in his own turn (`Abilities.hex_swaps`)."""
    actions.extend(cast("Abilities", rules).hex_swaps(seat))


Abilities.ABILITIES_OFFERS = (((Cheat,), _offer_hex_swaps),)
