"""Held attacks and shootouts (D-SHOOT-01..03).

A fighter may hold one attack of his turn (`HoldAttack`, D-SHOOT-01) to use on a turn not his own: when
another fighter passes directly in front of him — steps or jumps into a square in his row or column, in
his line of sight — he is asked whether to open a shootout (the `Shootout` window after the step,
D-SHOOT-02). Both roll Speed and add a card turned over; the higher total fires first, the other, still
standing, fires back; a frag in a shootout on Main Street gives the survivor a bonus Special (D-SHOOT-03).

The attacks are Frag's own (`Combat.attack`: to-hit, reactions, damage, last chances, frags), made
outside the turn's attacks: the holder's was spent when he held it, and the mover's answer is part of
the shootout, not one of his turn's attacks. The mover's movement left stays his.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, cast

from fragtui.engine.actions import Action
from fragtui.engine.board import Square, distance
from fragtui.engine.cards import PISTOL, SPECIALS_DECK
from fragtui.engine.deadlands.actions import HoldAttack
from fragtui.engine.deadlands.events import DeadlandsEventKind
from fragtui.engine.deadlands.markers import DeadlandsMarkers
from fragtui.engine.deadlands.shootout_decisions import Shootout, ShootoutStage
from fragtui.engine.deadlands.western import Western
from fragtui.engine.decisions import ResponseWindow, WindowContext, WindowPoint
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.rules import FragRules, Offer
from fragtui.engine.frag.state import Phase, Status
from fragtui.engine.geometry import Move, MoveKind

__all__ = ["WILD_CARD_VALUE", "Shootouts"]

WILD_CARD_VALUE = 15
"""What a wild card turned over in a shootout is worth: a joker (D-CARD-03), or a card with no suit and
rank from a mixed-in Frag set (D-CARD-06). Wild is the best card there is, so it beats an Ace (14)."""

_HOLD = HoldAttack()


def _offer_hold(rules: FragRules, seat: int, moves: list[Move], actions: list[Action]) -> None:
    """Phase 3: holding one attack, while he has one left and holds none (D-SHOOT-01)."""
    if cast("Shootouts", rules).may_hold(seat):
        actions.append(_HOLD)


class Shootouts(Western):
    """Held attacks and shootouts (D-SHOOT-01..03)."""

    SHOOTOUTS_OFFERS: ClassVar[tuple[tuple[tuple[type, ...], Offer], ...]] = (((HoldAttack,), _offer_hold),)
    """The kinds of action this part adds to the active player's turn, each with its offer (see
    `FragRules.OFFERS`): `DeadlandsRules` puts them before ending the turn."""
    SHOOTOUTS_WINDOWS: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {WindowPoint.AFTER_STEP: Shootout}
    """The response windows this part opens (`Ruleset.windows`), merged by `DeadlandsRules`: the shootout,
    after a step (D-SHOOT-02)."""

    _teleporting: bool = False
    """While a teleporter hop is being made: it passes in front of no one (ruling D-SHOOT-02). Set only
    for the length of `move`, never saved."""

    # -- holding an attack (D-SHOOT-01) -------------------------------------------------------------------

    def may_hold(self, seat: int) -> bool:
        """Whether `seat` may hold an attack now: in his phase 3, with an attack left, holding none,
        and allowed the shootout rules (not the Saloon Gal, D-FTR-06)."""
        return (
            self.turn_policy.attacks(seat) > 0
            and self.turn_policy.may_attack_now(seat)
            and not self.player(seat).markers.of(DeadlandsMarkers).held_attack
            and self.on_board(seat)
            and self.may_shootout(seat)
            and self.may_attack(seat)
        )

    def hold_attack(self, seat: int) -> None:
        """Spend one of this turn's attacks on a held attack (the marker beside the record sheet). His turn
        goes on (ruling D-SHOOT-01): he may still move, play cards and use the attacks he has left."""
        self.turn_policy.spend_attack(seat)  # (a regular one: holding needs one left, `may_hold`)
        self.player(seat).markers.of(DeadlandsMarkers).held_attack = True
        self.emit(
            DeadlandsEventKind.ATTACK_HELD,
            f"{self.name(seat)} holds an attack for a shootout before their next turn",
            player=seat,
        )

    def drop_held_attack(self, seat: int, why: str) -> None:
        """The held attack is gone unused (ruling D-SHOOT-01: at his next turn's start, or fragged)."""
        markers = self.player(seat).markers.of(DeadlandsMarkers)
        if markers.held_attack:
            markers.held_attack = False
            self.emit(DeadlandsEventKind.ATTACK_HELD, f"{self.name(seat)}'s held attack is lost ({why})", player=seat)

    def begin_turn(self, seat: int) -> None:
        """An attack held and not used lapses when its holder's next turn begins (ruling D-SHOOT-01): it was
        saved for the turns of the others, and his own turn brings his attacks afresh."""
        self.drop_held_attack(seat, "their turn begins")
        super().begin_turn(seat)

    def frag(self, seat: int, by: int | None, cause: str) -> None:
        """A fragged fighter loses the attack he held with him (ruling D-SHOOT-01)."""
        self.drop_held_attack(seat, "fragged")
        super().frag(seat, by, cause)

    def dispatch(self, seat: int, action: Action, move: Move | None) -> None:
        if isinstance(action, HoldAttack) and not self.state.pending:
            self.hold_attack(seat)
            return
        super().dispatch(seat, action, move)

    def why_illegal(self, action: Action) -> str:
        """Why a fighter may not hold an attack now, in words."""
        seat = self.decider()
        holding = isinstance(action, HoldAttack) and not self.state.pending
        if holding and seat is not None and self.state.turn.phase is Phase.ACTION:
            who = self.name(seat)
            if not self.may_shootout(seat):
                return f"{action}: the {self.sheet(seat).title} may not use the shootout rules"
            if self.player(seat).markers.of(DeadlandsMarkers).held_attack:
                return f"{action}: {who} already holds an attack (only one may be held)"
            if self.turn_policy.attacks(seat) < 1 or not self.turn_policy.may_attack_now(seat):
                return f"{action}: {who} has no attacks left this turn to hold"
        return super().why_illegal(action)

    # -- who may open a shootout (D-SHOOT-02) ------------------------------------------------------------

    def move(self, seat: int, move: Move) -> None:
        """A move; the shootout window after it (Frag's, at the end of `Moving.move`) knows whether it was a
        teleporter hop, which passes in front of no one."""
        self._teleporting = move.kind is MoveKind.HOP
        try:
            super().move(seat, move)
        finally:
            self._teleporting = False

    def responders(self, point: WindowPoint, context: WindowContext) -> list[int]:
        """After a step or a jump: the fighters holding an attack he passed in front of (D-SHOOT-02)."""
        if point is WindowPoint.AFTER_STEP:
            if self._teleporting or context.square is None:
                return []
            return self.shootout_holders(context.actor, context.square)
        return super().responders(point, context)

    def shootout_holders(self, mover: int, square: Square) -> list[int]:
        """The fighters who may open a shootout on `mover`, who has just stepped or jumped into `square`,
        in seat order from him (ruling D-SHOOT-02).

        None when the step left him elsewhere or off the board (a beast dragged him to its mouth, acid
        fragged him: the step's own effects come first), or left a decision waiting (his last chance):
        a shootout needs a fighter passing by, on his feet."""
        player = self.player(mover)
        if self.state.pending or player.square != square or player.status is not Status.IN_PLAY:
            return []
        if not any(other.markers.of(DeadlandsMarkers).held_attack for other in self.state.players):
            return []  # (the common case, on every step: nobody holds)
        seats = len(self.state.players)
        order = ((mover + step) % seats for step in range(1, seats))
        return [holder for holder in order if self.may_open_shootout(holder, mover)]

    def may_open_shootout(self, holder: int, mover: int) -> bool:
        """Whether `holder` may open a shootout on `mover` where both stand: he holds an attack, it is not
        his turn, he may use the shootout rules, he is not hanging, and `mover` is directly in front of
        him — in his row or column, in his line of sight, and attackable (`targets`: from a square he
        has to himself, F-MOVE-03)."""
        player = self.player(holder)
        marked = player.markers.of(DeadlandsMarkers)
        if not marked.held_attack or marked.hanged or self.turn_policy.is_acting(holder):
            return False
        if player.status is not Status.IN_PLAY:
            return False
        here, there = player.square, self.player(mover).square
        if here is None or there is None or not in_line(here, there):
            return False
        return self.may_shootout(holder) and self.may_attack(holder) and mover in self.targets(holder)

    def shootout_weapons(self, shooter: int, target: int) -> list[str]:
        """The weapons `shooter` may declare in a shootout on `target`: those he may declare for any attack
        that reach him (F-ATK-03), none if he cannot attack him (out of sight, a shared square)."""
        if target not in self.targets(shooter) or not self.may_attack(shooter):
            return []
        here, there = self.player(shooter).square, self.player(target).square
        assert here is not None and there is not None
        reach = distance(here, there)
        return [w for w in dict.fromkeys(self.declarable_weapons(shooter)) if self.in_range(w, reach)]

    # -- the shootout ------------------------------------------------------------------------------------

    def let_pass(self, window: Shootout) -> None:
        """The holder asked lets the mover pass; the next holder is asked, while the mover is still there
        to be shot at and he still may (the queue was made before any shot of this step)."""
        self.emit(
            CommonEventKind.PASSED,
            f"{self.name(window.player)} lets {self.name(window.mover)} pass (the attack stays held)",
            player=window.player,
            other=window.mover,
        )
        self.state.pending.remove(window)
        self.ask_next_holder(window, len(self.state.pending))

    def ask_next_holder(self, window: Shootout, at: int) -> None:
        """Open the window again for the holders still in `window`'s queue who may still open a shootout on
        its mover (he has not moved on: the same square), inserted at position `at` of the stack."""
        mover = self.player(window.mover)
        if self.over or mover.square != window.square or mover.status is not Status.IN_PLAY:
            return
        holders = [h for h in window.responders if self.may_open_shootout(h, window.mover)]
        if holders:
            context = WindowContext(actor=window.mover, square=window.square)
            self.state.pending.insert(at, Shootout.open(holders, context))

    def open_shootout(self, window: Shootout, weapon: str) -> None:
        """The holder asked opens a shootout with `weapon`, spending his held attack; the mover answers,
        unless he may not (the Saloon Gal, D-FTR-06) or cannot (no weapon reaches the holder): then the
        holder simply fires, with no roll for who goes first (ruling D-SHOOT-02)."""
        holder, mover = window.player, window.mover
        self.player(holder).markers.of(DeadlandsMarkers).held_attack = False
        window.holder = holder
        window.weapon = weapon
        here, there = self.player(holder).square, self.player(mover).square
        assert here is not None and there is not None
        window.main_street = self.board.in_main_street(here) or self.board.in_main_street(there)
        window.deaths = (self.player(holder).record.deaths, self.player(mover).record.deaths)
        street = " on Main Street" if window.main_street else ""
        self.emit(
            DeadlandsEventKind.SHOOTOUT,
            f"{self.name(holder)} opens a shootout{street} on {self.name(mover)} "
            f"with {self.weapon_name(holder, weapon)}",
            player=holder,
            other=mover,
            card=None if weapon == PISTOL else weapon,
        )
        why = self.why_no_answer(holder, mover)
        if why is None:
            window.stage = ShootoutStage.ANSWER
            window.player = mover
            return
        self.emit(
            DeadlandsEventKind.SHOOTOUT, f"{self.name(mover)} does not fire back: {why}", player=mover, other=holder
        )
        self.start_firing(window, [holder])

    def why_no_answer(self, holder: int, mover: int) -> str | None:
        """Why `mover` could not fire back if `holder` opened a shootout on him now, in words; None when he
        could (ruling D-SHOOT-02): the Saloon Gal may not use the shootout rules (D-FTR-06), the flag's
        holder has no other weapon (J-TAG-03), and no weapon of his may reach the holder from there. Said in
        the open: the shootout's dialog tells the holder whether both will roll for the first shot."""
        if not self.may_shootout(mover):
            return f"the {self.sheet(mover).title} may not use the shootout rules"
        if not self.may_attack(mover):
            return f"{self.name(mover)} holds the flag as their weapon"
        if not self.shootout_weapons(mover, holder):
            return f"{self.name(mover)} cannot attack {self.name(holder)} from there"
        return None

    def answer_shootout(self, window: Shootout, weapon: str | None) -> None:
        """The mover fires back with `weapon` (None: holds his fire). Both then roll Speed and turn over a
        card; the higher total fires first, the holder on a tie (D-SHOOT-02)."""
        holder, mover = window.holder, window.mover
        assert holder is not None and window.weapon is not None
        window.answer = weapon
        if weapon is None:
            self.emit(DeadlandsEventKind.SHOOTOUT, f"{self.name(mover)} holds their fire", player=mover, other=holder)
            self.start_firing(window, [holder])
            return
        self.emit(
            DeadlandsEventKind.SHOOTOUT,
            f"{self.name(mover)} fires back with {self.weapon_name(mover, weapon)}",
            player=mover,
            other=holder,
            card=None if weapon == PISTOL else weapon,
        )
        first, second = self.draw_for_first_shot(holder, mover)
        self.start_firing(window, [first, second])

    def draw_for_first_shot(self, holder: int, mover: int) -> tuple[int, int]:
        """Both roll their Speed dice and add the value of a card turned over (`shootout_card`); the
        higher total fires first, the holder on a tie; the cards go to their discard piles (D-SHOOT-02)."""
        totals: dict[int, int] = {}
        cards: list[str] = []
        for seat in (holder, mover):
            speed = self.speed(seat)
            roll = self.roll(speed, f"shootout ({speed} Speed {'die' if speed == 1 else 'dice'})", seat)
            card = self.shootout_card()
            value = 0 if card is None else self.shootout_card_value(card)
            if card is not None:
                cards.append(card)
            totals[seat] = roll.total + value
            shown = "no card (its deck and discard pile are empty)" if card is None else self.card_face(card)
            self.emit(
                DeadlandsEventKind.SHOOTOUT,
                f"{self.name(seat)} turns over {shown}: {roll.total} + {value} = {totals[seat]}",
                player=seat,
                card=card,
                roll=roll,
                amount=totals[seat],
            )
        for card in cards:
            self.discard(card)
        first, second = (holder, mover) if totals[holder] >= totals[mover] else (mover, holder)
        tie = " (a tie: the held attack goes first)" if totals[holder] == totals[mover] else ""
        self.emit(DeadlandsEventKind.SHOOTOUT, f"{self.name(first)} fires first{tie}", player=first, other=second)
        return first, second

    def shootout_deck(self) -> str:
        """The deck a shootout's cards are turned over from (ruling D-SHOOT-02): the Specials, the deck
        every fighter draws from and every card of which carries a face; a set without one, its first."""
        if SPECIALS_DECK.name in self.cards.decks:
            return SPECIALS_DECK.name
        return next(iter(self.cards.decks))

    def shootout_card(self) -> str | None:
        """Turn over the top card of the shootout deck, face up for all, into no one's hand; an empty deck
        is its discard pile shuffled first (F-CARD-01). None when both are empty."""
        deck = self.shootout_deck()
        pile = self.state.decks.draw[deck]
        if not pile:
            discards = self.state.decks.discard[deck]
            if not discards:
                return None
            pile.extend(discards)
            discards.clear()
            self.dice.shuffle(pile)
            plural = self.cards.decks[deck].plural
            self.emit(CommonEventKind.SHUFFLED, f"The {plural} discard pile is shuffled into a new deck")
        return pile.pop(0)

    def shootout_card_value(self, card: str) -> int:
        """A card's value in a shootout (ruling D-SHOOT-02): its rank, 2 to 10, Jack 11, Queen 12, King 13,
        Ace 14; a joker or a card without suit and rank is wild (D-CARD-03, D-CARD-06), worth 15."""
        face = self.poker_face(card)
        return WILD_CARD_VALUE if face.rank is None else int(face.rank)

    def card_face(self, card: str) -> str:
        """A card turned over, as the log names it: `the 7♥ (Quick Draw)`, `the Joker (wild)`."""
        face = self.card(card).face
        name = self.card_name(card)
        if face is None:
            return f"{name} (no suit or rank: wild)"
        if face.rank is None or face.suit is None:
            return f"the {name} (wild)" if name.lower().endswith("joker") else f"a joker, {name} (wild)"
        return f"the {face.rank.symbol}{face.suit.symbol} ({name})"

    def start_firing(self, window: Shootout, order: list[int]) -> None:
        """The exchange begins: each in `order` fires in turn (`settle` goes on with it)."""
        window.stage = ShootoutStage.FIRING
        window.order = order
        self.fire_next(window)

    def fire_next(self, window: Shootout) -> None:
        """The next shooter fires, if he and his target are both still standing and he can still attack
        him; with a weapon he can no longer declare (no room left for it, say), with the pistol."""
        shooter = window.order.pop(0)
        holder = window.holder
        assert holder is not None
        target = window.mover if shooter == holder else holder
        weapon = (window.weapon if shooter == holder else window.answer) or PISTOL
        if not (self.on_board(shooter) and self.on_board(target)) or target not in self.targets(shooter):
            return
        if weapon not in self.shootout_weapons(shooter, target):
            weapon = PISTOL
        self.attack(shooter, target, weapon, parting=True)  # outside the turn's attacks (see the module)

    def settle(self) -> None:
        """Go on with a shootout whose shots wait for nobody: each time its exchange is on top of the
        stack again (the reactions, last chances and frags of a shot are over), the next shot, then its
        end (D-SHOOT-03) and the next holder; then Frag's own settling (a fragged mover ends his turn)."""
        pending = self.state.pending
        while not self.over and pending:
            top = pending[-1]
            if not isinstance(top, Shootout) or top.stage is not ShootoutStage.FIRING:
                break
            if top.order:
                self.fire_next(top)
            else:
                self.end_shootout(top)
        super().settle()

    def end_shootout(self, window: Shootout) -> None:
        """The shootout is over: on Main Street, a frag in it gives the survivor a bonus Special on top of
        the one for the frag (D-SHOOT-03); then the next holder in line may open his (ruling D-SHOOT-02)."""
        pending = self.state.pending
        pending.remove(window)
        at = len(pending)
        holder = window.holder
        assert holder is not None
        pair = (holder, window.mover)
        deaths = zip(pair, window.deaths, strict=True)
        fragged = [seat for seat, before in deaths if self.player(seat).record.deaths > before]
        if window.main_street and len(fragged) == 1:
            survivor = pair[1] if fragged[0] == pair[0] else pair[0]
            self.emit(
                DeadlandsEventKind.SHOOTOUT,
                f"{self.name(survivor)} survives a shootout on Main Street: a bonus Special card",
                player=survivor,
                other=fragged[0],
            )
            self.draw(survivor, SPECIALS_DECK.name, "a shootout won on Main Street")
        self.ask_next_holder(window, at)


def in_line(here: Square, there: Square) -> bool:
    """Whether two squares are directly in front of each other: in one row or one column, not the same
    square (D-SHOOT-02)."""
    return (here.x, here.y) != (there.x, there.y) and (here.x == there.x or here.y == there.y)
