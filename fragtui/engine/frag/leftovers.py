"""Leftovers: blood and weapon counters left by a frag, dropped cards, and picking them up.

F-FRAG-03 (a blood counter and a weapon counter in the square; ONE counter per square per turn),
F-FRAG-04 (blood spent at any time for 1 Health), F-FRAG-05 (the gadgets are discarded, the
weapons form a pile; choose ONE, full ammo, one weapon per pile per turn), F-FRAG-07 (drop a
card in play as a link counter that nobody may pick up the turn it was dropped).
"""

from __future__ import annotations

from fragtui.engine.board import Square
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.decisions import ChooseFromPile
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.house import SHIELDS_DROPPED, WOUNDS
from fragtui.engine.frag.state import Counter, CounterKind
from fragtui.engine.frag.turns import Turns

__all__ = ["DROPPED_LIKE_WEAPONS", "Leftovers"]

DROPPED_LIKE_WEAPONS = frozenset({"Exoskeleton", "Energy Shield", "Heat Shield"})
"""The gadgets H-SHIELD-01 (`shields-dropped`) drops into the weapon counter's pile at a frag, by name."""


class Leftovers(Turns):
    """Counters on the board and the cards under them."""

    def add_counter(
        self, kind: CounterKind, square: Square, cards: list[str], dropped_turn: int | None = None
    ) -> Counter:
        counter = Counter(id=self.state.next_counter, kind=kind, square=square, cards=cards, dropped_turn=dropped_turn)
        self.state.next_counter += 1
        self.state.counters.append(counter)
        return counter

    def counter(self, counter_id: int) -> Counter | None:
        for counter in self.state.counters:
            if counter.id == counter_id:
                return counter
        return None

    def _take_away(self, counter: Counter) -> None:
        """Take `counter` (one of the state's, as `counter` finds it) off the board.

        By identity: `list.remove` compares every counter lying before it field by field (pydantic's `==`), and a
        long game leaves hundreds about (a counter's id is its own, so no other is equal to it)."""
        counters = self.state.counters
        for index, placed in enumerate(counters):
            if placed is counter:
                del counters[index]
                return
        raise ValueError(f"counter {counter.id} is not on the board")

    def detach(self, seat: int, weapon: str) -> None:
        """A weapon left play: the cards attached to it are discarded with nothing to hold them."""
        player = self.player(seat)
        for pile in (player.gadgets, player.specials):
            for entry in [e for e in pile if e.attached == weapon]:
                pile.remove(entry)
                self.discard(entry.card)

    def leave_leftovers(self, seat: int, square: Square) -> None:
        """A fragged fighter leaves blood, and his weapons in a pile; his gadgets are discarded (F-FRAG-03/05).

        H-SHIELD-01 (`shields-dropped`): his Exoskeleton, Energy Shield and Heat Shield are dropped as if
        they were weapons, into the same pile (each picked up as one of its cards, with nothing absorbed)."""
        player = self.player(seat)
        dropped = self.house(SHIELDS_DROPPED)
        shields = [e.card for e in player.gadgets if dropped and self.card_name(e.card) in DROPPED_LIKE_WEAPONS]
        for entry in player.gadgets:
            if entry.card not in shields:
                self.discard(entry.card)
        player.gadgets.clear()
        self.add_counter(CounterKind.BLOOD, square, [])
        weapons = [entry.card for entry in player.weapons]
        player.weapons.clear()
        for weapon in weapons:
            self.detach(seat, weapon)
        weapons.extend(shields)
        text = f"{player.name} leaves a blood counter"
        if weapons:
            self.add_counter(CounterKind.WEAPONS, square, weapons)
            noun = "card" if shields else "weapon"
            text += f" and a weapon counter ({len(weapons)} {noun}{'s' * (len(weapons) > 1)})"
        self.emit(FragEventKind.LEFTOVERS, f"{text} at {square}", player=seat, square=square)

    def can_pick_up(self, seat: int, counter: Counter) -> bool:
        """Whether `seat` may pick up `counter` now: he entered its square and has taken no counter from
        that square this turn, however often he came back (ruling F-FRAG-03)."""
        turn = self.turn_policy.record(seat)
        if not turn.may_pick_up or self.player(seat).square != counter.square:
            return False
        if counter.square in turn.squares_taken:
            return False
        if counter.kind is CounterKind.WEAPONS:
            return counter.id not in turn.piles_taken
        if counter.kind is CounterKind.LINK:
            return counter.dropped_turn != self.state.turn.number
        return True

    def pick_up(self, seat: int, counter_id: int) -> None:
        counter = self.counter(counter_id)
        assert counter is not None
        player = self.player(seat)
        turn = self.turn_policy.record(seat)
        turn.may_pick_up = False
        turn.squares_taken.append(counter.square)
        if counter.kind is CounterKind.BLOOD:
            self._take_away(counter)
            player.blood += 1
            self.emit(
                CommonEventKind.PICKED_UP, f"{player.name} picks up a blood counter", player=seat, square=counter.square
            )
            if player.damage > 0 and self.house(WOUNDS):
                self.spend_blood(seat)  # H-WOUND-01: a wounded fighter's blood spot heals a wound at once
        elif counter.kind is CounterKind.LINK:
            self._take_away(counter)
            card = counter.cards[0]
            player.hand.append(card)
            self.emit(
                CommonEventKind.PICKED_UP,
                f"{player.name} picks up the dropped {self.card_name(card)}",
                player=seat,
                card=card,
                square=counter.square,
            )
        else:
            turn.piles_taken.append(counter.id)
            self.push(ChooseFromPile(player=seat, counter=counter.id))
            self.emit(
                CommonEventKind.PICKED_UP,
                f"{player.name} picks up a weapon counter and looks through its pile",
                player=seat,
                square=counter.square,
            )

    def choose_from_pile(self, seat: int, card: str) -> None:
        """Take ONE weapon from the pile into hand; it will enter play with full ammo (F-FRAG-05)."""
        pending = self.state.pending.pop()
        assert isinstance(pending, ChooseFromPile)
        counter = self.counter(pending.counter)
        assert counter is not None
        counter.cards.remove(card)
        self.player(seat).hand.append(card)
        left = len(counter.cards)
        if not left:
            self._take_away(counter)
        self.emit(
            CommonEventKind.PICKED_UP,
            f"{self.name(seat)} takes the {self.card_name(card)} from the pile"
            + (f" ({left} left)" if left else " (the pile is empty)"),
            player=seat,
            card=card,
            square=counter.square,
        )

    def drop(self, seat: int, card: str) -> None:
        """Drop a weapon or gadget in play as a link counter in the fighter's square (F-FRAG-07)."""
        player = self.player(seat)
        before = self.healths()
        self.take_from_play(seat, card)
        self.detach(seat, card)
        self.keep_health(before)
        assert player.square is not None
        self.add_counter(CounterKind.LINK, player.square, [card], dropped_turn=self.state.turn.number)
        self.emit(
            CommonEventKind.DROPPED,
            f"{player.name} drops {self.card_name(card)}",
            player=seat,
            card=card,
            square=player.square,
        )

    def spend_blood(self, seat: int) -> None:
        """A blood counter restores 1 lost Health, never above maximum (F-FRAG-04)."""
        player = self.player(seat)
        player.blood -= 1
        player.damage -= 1
        self.count_wounds(seat)
        self.emit(
            FragEventKind.HEALED,
            f"{player.name} spends a blood counter: {self.health_words(seat)}",
            player=seat,
            amount=1,
        )
