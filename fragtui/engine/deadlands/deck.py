"""The cards of Frag Deadlands: four decks and their deal, the first-player poker hand, jokers, hexes,
malfunctions, armor that combines, mixed sets, and what a fragged fighter loses (D-CARD-01..06, D-ARM-01,
D-RESP-01).

Each rule overrides the Frag method that applies it: the deal (`deal`), the first player (`start`: a
poker draw instead of Frag's roll, then Frag's placement through `place_from`), every draw in play
(`draw`: a joker is discarded and replaced by a draw from a deck of the drawer's choice), the cards one
may play (`card_plays` and the cards played out of turn: hexes need `may_use_hexes`), a weapon card's
damage roll (`deal_damage`: its malfunction), which cards may enter play (`may_enter_play`: suits of
armor that combine) and the leftovers of a frag (`leave_leftovers`: hexes are lost too). The decisions
they push are in `fragtui.engine.deadlands.deck_decisions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from fragtui.engine.actions import Action
from fragtui.engine.board import Square
from fragtui.engine.cards import (
    GADGETS_DECK,
    PISTOL,
    SPECIALS_DECK,
    WEAPONS_DECK,
    Malfunction,
    MalfunctionKind,
)
from fragtui.engine.deadlands.deck_decisions import JokerDraw, PokerDraw, PokerKeep
from fragtui.engine.deadlands.events import DeadlandsEventKind
from fragtui.engine.deadlands.markers import DeadlandsMarkers
from fragtui.engine.deadlands.poker import HAND_SIZE, PokerSeat, PokerTable, describe, evaluate
from fragtui.engine.deadlands.roster import Character, CharacterSheet, sheet_of
from fragtui.engine.decisions import ResponseWindow, WindowPoint
from fragtui.engine.dice import Roll
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import PlayCard
from fragtui.engine.frag.altered import ALTERED_OPTIONS
from fragtui.engine.frag.decisions import AttackContext
from fragtui.engine.frag.house import HOUSE_RULES
from fragtui.engine.frag.rules import FragRules, Offer
from fragtui.engine.frag.state import InPlay
from fragtui.engine.frag.tag import TAG_OPTIONS
from fragtui.engine.playing_cards import PlayingCard
from fragtui.engine.realtime.turn import REAL_TIME_OPTION
from fragtui.engine.rulesets import OptionSpec, OptionValue

__all__ = ["DEALT_DECKS", "HEXES_DECK", "MIXED_SETS", "DeckRules"]

HEXES_DECK = "hexes"
"""The hexes deck (red backs): spells only the Huckster, or a holder of Hoyle's Book of Games, may play."""
DEALT_DECKS = (WEAPONS_DECK.name, GADGETS_DECK.name, SPECIALS_DECK.name)
"""The decks each player is dealt one card of at set-up, in this order (D-CARD-01)."""
MIXED_SETS = "mixed-sets"
"""The option that shuffles base Frag's cards in (D-CARD-06)."""
_WILD = PlayingCard(joker=True)
"""What a joker, or a card with no suit and rank, is in a poker hand: wild (D-CARD-03, D-CARD-06)."""
_COMBINABLE = frozenset(
    {frozenset({"armored-duster", "bulletproof-vest"}), frozenset({"light-armored-leggings", "bulletproof-vest"})}
)
"""The suits of armor that may be worn together, by card id (D-ARM-01)."""


class DeckRules(FragRules):
    """The cards of Frag Deadlands: four decks and their deal, the first-player poker hand, jokers, hexes,
    malfunctions, armor that combines, mixed sets (D-CARD-01..06, D-ARM-01, D-RESP-01)."""

    DECK_OFFERS: ClassVar[tuple[tuple[tuple[type, ...], Offer], ...]] = ()
    """The kinds of action this part adds to the active player's turn, each with its offer (see
    `FragRules.OFFERS`): `DeadlandsRules` puts them before ending the turn."""
    DECK_WINDOWS: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {}
    """The response windows this part opens (`Ruleset.windows`), merged by `DeadlandsRules`."""
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name=MIXED_SETS,
            summary="Mix in Frag's cards (wild in poker hands).",
            default=False,
            rule="D-CARD-06",
        ),
        *HOUSE_RULES,
        *TAG_OPTIONS,
        *ALTERED_OPTIONS,
        REAL_TIME_OPTION,
    )
    """Frag Deadlands' options: mixing sets (D-CARD-06), Franklin's house rules (H-*), Frag Tag's modes, the
    altered cards and Real-Time Frag's turn (J-*)."""

    @classmethod
    def card_folders(cls, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """The Frag Deadlands set (`cards/deadlands/`), and base Frag's shuffled in with `mixed-sets` (D-CARD-06)."""
        return ("deadlands", "") if options.get(MIXED_SETS) else ("deadlands",)

    # -- the fighters (the bottom of the chain of parts: every part may ask) --------------------------

    def character(self, seat: int) -> Character:
        """The fighter `seat` plays (checked when the game was configured, `DeadlandsRules.check_config`).

        Asked several times per decision (every ability asks it), so the seats' characters are read from
        the configuration once per game (it never changes) rather than parsed at each call."""
        characters: tuple[Character | None, ...] | None = self.__dict__.get("_characters")
        if characters is None:
            characters = self.__dict__["_characters"] = tuple(
                Character(seat.character) if seat.character is not None else None for seat in self.state.config.seats
            )
        character = characters[seat]
        assert character is not None
        return character

    def sheet(self, seat: int) -> CharacterSheet:
        """`seat`'s fighter's record sheet."""
        return sheet_of(self.character(seat))

    # -- hexes (D-CARD-02) -----------------------------------------------------------------------------

    HOYLES_BOOK = "hoyles-book-of-games"
    """The card id of Hoyle's Book of Games (a gadget; the Huckster starts with one on his sheet)."""

    def has_hoyles_book(self, seat: int) -> bool:
        """Whether `seat` has Hoyle's Book of Games: the Huckster's on his record sheet (D-FTR-04), or the
        gadget card in play."""
        if self.character(seat) is Character.HUCKSTER:
            return True
        return any(self.cards[e.card].id == self.HOYLES_BOOK for e in self.player(seat).gadgets)

    def may_use_hexes(self, seat: int) -> bool:
        """Whether `seat` may play hex cards: the Huckster, or a player with Hoyle's Book in play (D-CARD-02)."""
        return self.has_hoyles_book(seat)

    # -- the deal and the first player (D-CARD-01, D-CARD-04) -------------------------------------------

    def deals_a_hex(self, seat: int) -> bool:
        """Whether `seat` is dealt a hex card at set-up: the Huckster (D-CARD-01, D-FTR-04)."""
        return self.character(seat) is Character.HUCKSTER

    def deal(self) -> None:
        """One Weapon, one Gadget and one Special to each player, deck by deck; the Huckster also draws one
        Hex (D-CARD-01). A joker dealt is replaced by a draw from a deck of the player's choice (ruling
        D-CARD-03), answered before the poker draw begins."""
        for deck in DEALT_DECKS:
            if deck in self.state.decks.draw:
                for seat in self.seats():
                    self.draw(seat, deck, "dealt at set-up")
        if HEXES_DECK in self.state.decks.draw:
            for seat in self.seats():
                if self.deals_a_hex(seat):
                    self.draw(seat, HEXES_DECK, f"dealt at set-up: the {self.sheet(seat).title}'s hex")

    def start(self) -> None:
        """The deal (D-CARD-01), then the poker draw for the first player instead of Frag's roll (D-CARD-04):
        it waits under any joker of the deal, and ends with Frag's placement from the first player."""
        self.deal()
        self.state.pending.insert(0, PokerDraw(player=0, hands=[[] for _ in self.seats()]))
        self.emit(
            DeadlandsEventKind.POKER_HAND,
            f"Poker for the first player: each player draws {HAND_SIZE} cards from the decks he chooses; "
            "the best hand goes first",
        )

    def decks_to_draw(self, seat: int) -> list[str]:
        """The decks `seat` may choose to draw from: every deck with a card in its draw pile or its discard
        pile (F-CARD-01: an empty deck is its discards shuffled), but the Hexes deck only for a player who
        may ever use hexes (ruling D-CARD-03: the Harrowed Gunslinger, who never may, D-FTR-05, is never
        offered a card he could only hold dead)."""
        decks = self.state.decks
        barred = None if self.may_ever_use_hexes(seat) else HEXES_DECK
        return [deck for deck, pile in decks.draw.items() if (pile or decks.discard[deck]) and deck != barred]

    def may_ever_use_hexes(self, seat: int) -> bool:
        """Whether `seat` could ever play a hex in this game (D-CARD-02): anyone who might come to hold
        Hoyle's Book of Games, so everyone in the deck's rules; the seam for a fighter who never may."""
        return True

    def poker_face(self, card: str) -> PlayingCard:
        """What `card` is in a poker hand: its suit and rank; a joker, or a card without suit and rank (base
        Frag's, shuffled in, D-CARD-06), is wild (D-CARD-03)."""
        face = self.cards[card].face
        return _WILD if face is None else face

    def face_words(self, card: str) -> str:
        """A card as a poker hand shows it: `K♠ (Peacemaker)`, `Joker (wild)`, `Medkit (wild)`."""
        face = self.cards[card].face
        if face is None or face.joker:
            return f"{self.card_name(card)} (wild)"
        return f"{face} ({self.card_name(card)})"

    def draw_for_poker(self, draw: PokerDraw, seat: int, deck: str) -> None:
        """`seat` draws one card of his poker hand from `deck` (a joker is kept: wild, D-CARD-03); the draw's
        `player` stays the first seat still drawing (once all hold five, `PokerDraw.reveal` shows them)."""
        card = self.draw(seat, deck, "for the poker hand")
        if card is not None:
            draw.hands[seat].append(card)
        drawing = draw.waiting(self)
        if drawing and draw.player != drawing[0]:
            draw.player = drawing[0]

    def show_poker_hands(self, draw: PokerDraw) -> None:
        """Every hand is shown and ranked (jokers wild, D-CARD-03); the best goes first, a d6 breaking a tie
        and tied dice rolled again among those tied (ruling D-CARD-04); then each keeps one card, from the
        first player on."""
        self.state.pending.remove(draw)
        hands = draw.hands
        values = [evaluate([self.poker_face(card) for card in hand]) for hand in hands]
        ranked = sorted(set(values), reverse=True)
        places = [ranked.index(value) + 1 for value in values]
        words = [describe(value) for value in values]
        for seat, hand in enumerate(hands):
            cards = ", ".join(self.face_words(card) for card in hand)
            self.emit(DeadlandsEventKind.POKER_HAND, f"{self.name(seat)} shows {cards}: {words[seat]}", player=seat)
        contenders = [seat for seat in self.seats() if places[seat] == 1]
        tie_rolls: list[int | None] = [None] * len(hands)
        while len(contenders) > 1:
            faces = {seat: self.roll(1, "to break a tie of poker hands", seat).total for seat in contenders}
            for seat, face in faces.items():
                tie_rolls[seat] = face
            best = max(faces.values())
            contenders = [seat for seat in contenders if faces[seat] == best]
        first = contenders[0]
        how = " and wins the tie" if tie_rolls[first] is not None else ""
        self.emit(
            DeadlandsEventKind.POKER_HAND,
            f"{self.name(first)} has the best hand ({words[first]}){how}: each player now keeps one card of five",
            player=first,
        )
        order = [(first + k) % len(hands) for k in range(len(hands))]
        self.push(
            PokerKeep(
                player=order[0],
                keepers=order[1:],
                hands=hands,
                words=words,
                places=places,
                tie_rolls=tie_rolls,
                first=first,
                kept=[None] * len(hands),
            )
        )

    def keep_poker_card(self, keep: PokerKeep, seat: int, card: str) -> None:
        """`seat` keeps `card` of his poker hand in his hand; the other four go to their decks' discard
        piles. After the last keeper, Frag's placement begins with the first player (F-SETUP-03). A joker
        kept is a joker in play now: discarded for a draw from any deck (ruling D-CARD-03)."""
        player = self.player(seat)
        for other in keep.hands[seat]:
            if other != card:
                player.hand.remove(other)
                self.discard(other)
        keep.kept[seat] = card
        self.emit(
            CommonEventKind.DISCARDED,
            f"{player.name} keeps {self.face_words(card)} and discards the other {len(keep.hands[seat]) - 1}",
            player=seat,
            card=card,
        )
        if keep.keepers:
            keep.player = keep.keepers.pop(0)
        else:
            self.state.pending.pop()
            self.place_from(keep.first)
        if self.cards[card].joker:
            self.joker_drawn(seat, card)

    def poker_table(self, decision: PokerDraw | PokerKeep, viewer: int | None) -> PokerTable:
        """The poker draw as `viewer` sees it (D-CARD-04): while the table draws, how many cards each has
        and his own cards only; once shown, every hand, its words and place, the tie rolls, who goes
        first and the cards kept."""
        if isinstance(decision, PokerDraw):
            seats = tuple(
                PokerSeat(seat=seat, drawn=tuple(hand) if seat == viewer else None, count=len(hand))
                for seat, hand in enumerate(decision.hands)
            )
            return PokerTable(seats=seats, shown=False)
        seats = tuple(
            PokerSeat(
                seat=seat,
                drawn=tuple(hand),
                count=len(hand),
                hand=decision.words[seat],
                place=decision.places[seat],
                tie_roll=decision.tie_rolls[seat],
                kept=decision.kept[seat],
            )
            for seat, hand in enumerate(decision.hands)
        )
        return PokerTable(seats=seats, shown=True, first=decision.first)

    # -- jokers (D-CARD-03) --------------------------------------------------------------------------------

    def draw(self, seat: int, deck: str, why: str) -> str | None:
        """Frag's draw (F-CARD-01); a joker drawn in play — any draw but the poker draw's — is discarded at
        once and its drawer draws one card from any deck of his choice (D-CARD-03): None is returned, and
        the `JokerDraw` decision is answered before the game goes on (ruling D-CARD-03)."""
        card = super().draw(seat, deck, why)
        if card is None or not self.cards[card].joker:
            return card
        pending = self.state.pending
        if pending and isinstance(pending[-1], PokerDraw):
            return card  # (wild in the poker hand: kept)
        self.joker_drawn(seat, card)
        return None

    def joker_drawn(self, seat: int, joker: str) -> None:
        """The joker in `seat`'s hand is discarded at once; he chooses the deck he draws from instead."""
        self.player(seat).hand.remove(joker)
        self.discard(joker)
        name = self.name(seat)
        self.emit(
            CommonEventKind.DISCARDED,
            f"{name} drew a Joker: it is discarded, and {name} draws a card from any deck instead",
            player=seat,
            card=joker,
        )
        if self.decks_to_draw(seat):
            self.push(JokerDraw(player=seat, joker=joker))

    def draw_for_joker(self, decision: JokerDraw, seat: int, deck: str) -> None:
        """The joker's drawer draws from the deck he chose (another joker: the same again)."""
        self.state.pending.remove(decision)
        self.draw(seat, deck, "for the Joker")

    # -- hexes (D-CARD-02) --------------------------------------------------------------------------------

    def is_hex(self, card: str) -> bool:
        """Whether `card` is a hex (a card of the hexes deck)."""
        return self.cards[card].deck == HEXES_DECK

    def may_play(self, seat: int, card: str) -> bool:
        """Whether `seat` may play `card` at all: a hex only if he may use hexes (D-CARD-02); a joker never
        (it only stands in poker hands, D-CARD-03; one reaches a hand only from a discard pile, as the
        Huckster's Cheatin' takes the top hex)."""
        definition = self.cards[card]
        if definition.joker:
            return False
        return definition.deck != HEXES_DECK or self.may_use_hexes(seat)

    def playable_cards(self, seat: int) -> list[str]:
        """His hand less what he may not play (`may_play`): a hex he may not play neither cures him at his
        last chance nor counts among the cures that could (D-CARD-02, ruling F-FRAG-01)."""
        return [card for card in super().playable_cards(seat) if self.may_play(seat, card)]

    def card_plays(self, seat: int) -> list[PlayCard]:
        """Frag's plays, but a hex only by whoever may use hexes (D-CARD-02), and never a joker."""
        plays = super().card_plays(seat)
        barred = {card for card in self.player(seat).hand if not self.may_play(seat, card)}
        return [play for play in plays if play.card not in barred] if barred else plays

    def reaction_cards(self, seat: int) -> list[str]:
        """Frag's reaction cards, but a hex only by whoever may use hexes (D-CARD-02)."""
        return [card for card in super().reaction_cards(seat) if self.may_play(seat, card)]

    def cure_plays(self, seat: int, by: int | None) -> list[PlayCard]:
        """Frag's last-chance plays, but a hex only by whoever may use hexes (D-CARD-02), and no parting
        shot with a jammed weapon (D-CARD-05)."""
        jammed = self.player(seat).markers.of(DeadlandsMarkers).jammed
        return [
            play
            for play in super().cure_plays(seat, by)
            if self.may_play(seat, play.card) and (play.weapon is None or play.weapon not in jammed)
        ]

    def why_illegal(self, action: Action) -> str:
        """Why a hex may not be played (D-CARD-02) or a suit of armor put on (D-ARM-01), in words."""
        seat = self.decider()
        if isinstance(action, PlayCard) and seat is not None and action.card in self.player(seat).hand:
            who = self.name(seat)
            if self.cards[action.card].joker:
                return f"{action}: a joker is never played: it only stands in poker hands"
            if not self.may_play(seat, action.card):
                return (
                    f"{action}: only the Huckster, or a player with Hoyle's Book of Games in play, may play a hex "
                    f"({who} plays the {self.sheet(seat).title})"
                )
            holder = action.target if action.target is not None else seat
            if self.counts_as_armor(action.card) and not self.may_wear(holder, action.card):
                worn = " and ".join(self.card_name(suit.card) for suit in self.suits(holder))
                return (
                    f"{action}: {self.name(holder)} already wears {worn}: only one suit of armor at a time, but an "
                    "Armored Duster or Light Armored Leggings may be worn with a Bulletproof Vest"
                )
        return super().why_illegal(action)

    # -- armor (D-ARM-01) ------------------------------------------------------------------------------------

    def may_wear(self, holder: int, card: str) -> bool:
        """Whether `holder` may put on the suit of armor `card`: one suit at a time, except that the Armored
        Duster and the Light Armored Leggings may each be worn with the Bulletproof Vest (D-ARM-01)."""
        worn = self.suits(holder)
        if not worn:
            return True
        if len(worn) > 1:
            return False
        pair = frozenset({self.cards[worn[0].card].id, self.cards[card].id})
        return pair in _COMBINABLE

    def may_enter_play(self, holder: int, card: str) -> bool:
        """Frag's checks, with Deadlands' armor: some suits may be worn together (D-ARM-01)."""
        if self.counts_as_armor(card):  # (H-ARMOR-01 may say otherwise than the card's armor bonus)
            return self.may_wear(holder, card)
        return super().may_enter_play(holder, card)

    # -- malfunctions (D-CARD-05) -----------------------------------------------------------------------------

    def malfunction_of(self, weapon: str) -> Malfunction | None:
        """The malfunction printed on a weapon card; None for the starting weapon (`pistol`: it never
        malfunctions, D-CARD-05) and for a card that prints none."""
        if weapon == PISTOL:
            return None
        return self.cards[weapon].malfunction

    def deal_damage(self, attack: AttackContext, defence: Roll, damage: Roll) -> None:
        """Frag's damage (F-ATK-08); when at least the printed number of damage dice of a weapon card came
        up 1, its malfunction follows (D-CARD-05): a dud does no damage at all, the others act after the
        hit is dealt (ruling D-CARD-05). A pistol whip is no shot: it never malfunctions (ruling H-WHIP-01)."""
        malfunction = None if attack.whip else self.malfunction_of(attack.weapon)
        if malfunction is None or damage.dice.count(1) < malfunction.ones:
            super().deal_damage(attack, defence, damage)
            return
        if malfunction.kind is MalfunctionKind.DUD:
            self.malfunction(attack.attacker, attack.weapon, malfunction, damage)
            return
        super().deal_damage(attack, defence, damage)
        if not self.over:
            self.malfunction(attack.attacker, attack.weapon, malfunction, damage)

    def malfunction(self, seat: int, weapon: str, malfunction: Malfunction, damage: Roll) -> None:
        """`seat`'s `weapon` malfunctions, as its card prints (D-CARD-05), said in the log."""
        player = self.player(seat)
        name = self.card_name(weapon)
        ones = damage.dice.count(1)
        why = f"{ones} damage {'die' if ones == 1 else 'dice'} came up 1"
        entry = next((e for e in player.weapons if e.card == weapon), None)
        match malfunction.kind:
            case MalfunctionKind.DUD:
                text = f"{player.name}'s {name} is a dud ({why}): the shot does no damage"
            case MalfunctionKind.JAM:
                marked = player.markers.of(DeadlandsMarkers)
                if weapon not in marked.jammed:
                    marked.jammed = (*marked.jammed, weapon)
                text = f"{player.name}'s {name} jams ({why}): no more attacks with it this turn"
            case MalfunctionKind.EMPTY:
                text = self._empty(player.name, name, why, entry, malfunction.amount)
            case MalfunctionKind.BREAK:
                text = f"{player.name}'s {name} breaks ({why}) and is discarded"
                if entry is not None:
                    before = self.healths()
                    self.take_from_play(seat, weapon)
                    self.detach(seat, weapon)
                    self.discard(weapon)
                    self.keep_health(before)
            case MalfunctionKind.BACKFIRE:
                amount = malfunction.amount or 1
                text = f"{player.name}'s {name} backfires ({why}): {player.name} loses {amount} Health"
        self.emit(DeadlandsEventKind.MALFUNCTION, text, player=seat, card=weapon)
        if malfunction.kind is MalfunctionKind.BACKFIRE and self.on_board(seat):
            self.hurt(seat, malfunction.amount or 1, None, f"{player.name}'s own {name} backfiring")

    def _empty(self, who: str, name: str, why: str, entry: InPlay | None, amount: int | None) -> str:
        """An `empty` malfunction: the weapon loses `amount` ammo (all of it for None); one with unlimited
        ammo loses nothing (ruling D-CARD-05)."""
        if entry is None or entry.ammo is None:
            return f"{who}'s {name} misfires ({why}), but it has unlimited ammo to lose"
        lost = entry.ammo if amount is None else min(amount, entry.ammo)
        entry.ammo -= lost
        entry.free_shots = 0
        return f"{who}'s {name} loses {lost} ammo ({why}): {entry.ammo} left"

    def declarable_weapons(self, seat: int) -> list[str]:
        """Frag's weapons, less those jammed this turn (D-CARD-05)."""
        weapons = super().declarable_weapons(seat)
        jammed = self.player(seat).markers.of(DeadlandsMarkers).jammed
        return [w for w in weapons if w not in jammed] if jammed else weapons

    def begin_turn(self, seat: int) -> None:
        """A jam lasts until the end of the turn it happened in (ruling D-CARD-05): every jam is cleared
        when a turn begins."""
        for player in self.state.players:
            marked = player.markers.of(DeadlandsMarkers)
            if marked.jammed:
                marked.jammed = ()
        super().begin_turn(seat)

    # -- the fragged procedure (D-RESP-01) ----------------------------------------------------------------

    def leave_leftovers(self, seat: int, square: Square) -> None:
        """Frag's leftovers (F-FRAG-03/05: a blood counter, the gadgets discarded, the weapons dropped as a
        weapon counter anyone may pick up, him too after respawning), and his hexes in play are lost: they
        go to the hexes discard pile (D-RESP-01, D-CARD-02). Cards in his hand are unaffected, hexes too
        (the rulebook's "You Got Fragged!")."""
        super().leave_leftovers(seat, square)
        player = self.player(seat)
        in_play = [entry for entry in player.specials if self.is_hex(entry.card)]
        if not in_play:
            return
        before = self.healths()
        for entry in in_play:
            player.specials.remove(entry)
            self.discard(entry.card)
        self.keep_health(before)
        lost = [self.card_name(entry.card) for entry in in_play]
        self.emit(CommonEventKind.DISCARDED, f"{player.name}'s hexes are lost: {', '.join(lost)}", player=seat)
