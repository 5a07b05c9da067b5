"""Fisticuffs in Ruthless (R-FIST-01): not an action, but what follows a Move that ends in contact.

Ruling: contact is base to base — an enemy on one of the eight squares around. A Move action that ends in
contact with enemies (standing or unconscious) starts fisticuffs with each of them, one after another (by
id), once any covered shots at the mover are taken (R-COVER-01) and while the mover still stands. Both
players pick a card from their hand face down, the mover's player first; the picks are shown together.
A card's score is its rank (Ace 14) + 1 for a rider + his trait's fisticuffs bonus; the higher score wins,
an equal score going by suit (Spades, Hearts, Diamonds, Clubs); a 2 is a Low Blow and wins outright when its
suit is the other card's. A player who has no card, or whose model is unconscious, loses without a pick
(`pass` plays no card); if neither plays a card nothing happens. Both cards are discarded. The loser is
pushed back 2 (to the square within 2 farthest from the winner, open or rough alike; he stays put when
hemmed in) and takes two hits on the hit table (R-HIT-01; no horse-or-rider roll: a fist finds the man),
where a gut punch knocks him unconscious; each hit calls for his Toughness check as a shot's does.
Before the picks, the defender's player may get the draw (R-SNAP-01, `SnapBrawl`): a snap shot at the mover,
or a duck out of contact, which calls the fisticuffs off.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar, Literal

from pydantic import Field

from fragtui.engine.actions import Action, Pass
from fragtui.engine.board import Square
from fragtui.engine.choices import SimultaneousChoice
from fragtui.engine.decisions import Decision, register_decision
from fragtui.engine.events import CommonEventKind
from fragtui.engine.playing_cards import Rank
from fragtui.engine.rulesets import Ruleset
from fragtui.engine.ruthless.actions import PickCard
from fragtui.engine.ruthless.deck import card_title, rank_of, strength, suit_of
from fragtui.engine.ruthless.grid import reachable
from fragtui.engine.ruthless.reactions import Reactions, SnapBrawl
from fragtui.engine.ruthless.seen import Answering
from fragtui.engine.ruthless.shooting import RuthlessKind
from fragtui.engine.ruthless.table import Condition, Model

__all__ = ["PASS", "PUSH_BACK", "Brawl", "Fisticuffs", "fist_score", "pick_card"]

PUSH_BACK = (2.0, 2.0)
"""How far the loser of fisticuffs is pushed back (R-FIST-01)."""


def fist_score(card: str, model: Model) -> int:
    """A fisticuffs card's score: its rank, +1 mounted, + his trait's bonus (R-FIST-01)."""
    return int(rank_of(card)) + (1 if model.mounted else 0) + model.card.fist_bonus


def fist_winner(attacker: Model, a_card: str, defender: Model, d_card: str) -> Model:
    """Who wins when both played a card (R-FIST-01, with the Low Blow)."""
    if rank_of(a_card) is Rank.TWO and suit_of(a_card) is suit_of(d_card):
        return attacker
    if rank_of(d_card) is Rank.TWO and suit_of(d_card) is suit_of(a_card):
        return defender
    a = (fist_score(a_card, attacker), strength(a_card)[1])
    d = (fist_score(d_card, defender), strength(d_card)[1])
    return attacker if a > d else defender


@cache
def _around(square: Square) -> frozenset[Square]:
    """The eight squares around `square`: where a model in contact with a model on it stands (R-FIST-01)."""
    x, y = square.x, square.y
    return frozenset(Square(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


PASS = Pass()
"""Passing, made once (actions are immutable)."""


@cache
def pick_card(card: str) -> PickCard:
    """Picking `card` (for initiative, or in fisticuffs), made once: one for each card of the deck, offered again at
    every pick instead of a pydantic action validated anew."""
    return PickCard(card=card)


@register_decision
class Brawl(Decision, SimultaneousChoice):
    """Fisticuffs: both players pick a card face down at once, shown together (R-FIST-01). A table asking one
    seat at a time asks the mover's player first (`player`: the first still to pick)."""

    kind: Literal[RuthlessKind.FISTICUFFS] = RuthlessKind.FISTICUFFS
    label: ClassVar[str] = "fisticuffs"
    you: ClassVar[str] = "pick a card for fisticuffs"
    they: ClassVar[str] = "{name} picks a card for fisticuffs."
    must: ClassVar[str] = "pick a card for fisticuffs"
    what: ClassVar[str] = "a card for fisticuffs"
    attacker: int
    """The model who moved into contact."""
    defender: int
    """The enemy in contact he fights now."""
    queue: list[int] = Field(default_factory=list)
    """The other enemies in contact, fought after this one."""
    cards: list[str | None] = Field(default_factory=list)
    """The cards picked so far (None: no card), in the order picked: the mover's player's first unless
    `defender_first`."""
    defender_first: bool = Field(default=False, exclude_if=lambda first: not first)
    """The defender's player picked before the mover's (at a table where both choose at once): `cards[0]` is
    his. Left out of the JSON when False, as every brawl played one seat at a time was written."""

    def public_details(self, rules: Ruleset) -> dict[str, object]:
        return {"answering": Answering(firer=self.attacker, target=self.defender)}

    def legal_actions(self, rules: Ruleset) -> list[Action]:
        return self.options(rules, self.player)

    # -- the simultaneous choice (`fragtui.engine.choices`) ----------------------------------------------------

    def seats(self, rules: Ruleset) -> list[int]:
        """The mover's player, then the defender's."""
        fists = _fisticuffs(rules)
        return [fists.model(self.attacker).owner, fists.model(self.defender).owner]

    def has_chosen(self, rules: Ruleset, seat: int) -> bool:
        if len(self.cards) != 1:
            return len(self.cards) == 2
        mover, defender = self.seats(rules)
        return seat == (defender if self.defender_first else mover)

    def options(self, rules: Ruleset, seat: int) -> list[Action]:
        """A card of his hand, or no card."""
        return [*(pick_card(card) for card in _fisticuffs(rules).table.hands[seat]), PASS]

    def choose(self, rules: Ruleset, seat: int, action: Action) -> None:
        assert isinstance(action, PickCard | Pass)
        _fisticuffs(rules).brawl_pick(self, seat, action.card if isinstance(action, PickCard) else None)

    def reveal(self, rules: Ruleset) -> None:
        _fisticuffs(rules).fight(self)

    def picked(self) -> tuple[str | None, str | None]:
        """Both cards once picked: the mover's player's, then the defender's."""
        first, second = self.cards
        return (second, first) if self.defender_first else (first, second)


def _fisticuffs(rules: Ruleset) -> Fisticuffs:
    """The ruleset as Ruthless's (a brawl is only ever opened by `Fisticuffs.open_brawl`)."""
    assert isinstance(rules, Fisticuffs)
    return rules


class Fisticuffs(Reactions):
    """R-FIST-01."""

    def in_contact(self, model: Model) -> list[Model]:
        """The enemies base to base with `model` (the eight squares around), by id."""
        here = model.square
        if here is None:
            return []
        around = _around(here)
        owner = model.owner
        dead = Condition.DEAD
        return [  # (every Move asks: `enemies` written out, the squares around found in a set kept for each square)
            enemy
            for enemy in self.table.models
            if enemy.square in around and enemy.owner != owner and enemy.condition is not dead
        ]

    def start_fisticuffs(self, mover: Model) -> None:
        """A Move ended: fisticuffs with every enemy in contact, after any covered shot (pushed below it)."""
        enemies = self.in_contact(mover)
        if enemies:
            self.open_brawl(mover, enemies[0], [enemy.id for enemy in enemies[1:]])

    def open_brawl(self, attacker: Model, defender: Model, queue: list[int]) -> None:
        """Fisticuffs between the two, and above it the defender's chance to get the draw (R-SNAP-01)."""
        self.state.pending.append(Brawl(player=attacker.owner, attacker=attacker.id, defender=defender.id,
                                        queue=queue))  # fmt: skip
        self.emit(CommonEventKind.ATTACKED, f"Fisticuffs! {self.who(attacker)} and {self.who(defender)}",
                  player=attacker.id, other=defender.id)  # fmt: skip
        if self.may_snap(attacker, defender):
            self.state.pending.append(SnapBrawl(player=defender.owner, attacker=attacker.id, defender=defender.id))

    def brawl_ready(self, brawl: Brawl) -> bool:
        """Whether the brawl on top can still be fought (the mover standing, the enemy in contact); a brawl
        that cannot is dropped, or moves on to the next enemy in contact (`settle_brawl`)."""
        attacker, defender = self.model(brawl.attacker), self.model(brawl.defender)
        return attacker.standing and defender.on_table and defender in self.in_contact(attacker)

    def settle_brawl(self) -> bool:
        """Drop or move on the brawl on top when its fight cannot happen, and let a player who has no choice
        (no card, or an unconscious model) pass at once; True if anything changed."""
        brawl = self.state.pending[-1]
        if not isinstance(brawl, Brawl):
            return False
        if not self.brawl_ready(brawl):
            self.next_brawl(brawl)
            return True
        seat = brawl.player  # (the first still to pick: a player with no choice is passed for in that order)
        model = self.model(brawl.attacker if seat == self.model(brawl.attacker).owner else brawl.defender)
        if not model.standing or not self.table.hands[seat]:
            brawl.submit(self, seat, PASS)
            return True
        return False

    def next_brawl(self, brawl: Brawl) -> None:
        """On to the next enemy in contact, or the brawl is over."""
        self.state.pending.remove(brawl)
        attacker = self.model(brawl.attacker)
        for enemy_id in brawl.queue:
            enemy = self.model(enemy_id)
            if attacker.standing and enemy.on_table and enemy in self.in_contact(attacker):
                self.open_brawl(attacker, enemy, brawl.queue[brawl.queue.index(enemy_id) + 1 :])
                return

    def brawl_pick(self, brawl: Brawl, seat: int, card: str | None) -> None:
        """`seat`'s pick, face down (once both have picked, `Brawl.reveal` fights it out)."""
        if card is not None:
            self.table.hands[seat].remove(card)
            self.emit(CommonEventKind.CARD_PLAYED, f"{self.name(seat)} picks a card for fisticuffs", card=card,
                      secret_for=seat, private_text=f"You pick the {card_title(card)}")  # fmt: skip
        mover, defender = brawl.seats(self)
        if not brawl.cards and seat == defender:
            brawl.defender_first = True
        brawl.cards.append(card)
        if len(brawl.cards) == 1:
            brawl.player = defender if seat == mover else mover

    def fight(self, brawl: Brawl) -> None:
        """The cards shown: the winner decided, the loser pushed back and hit twice (R-FIST-01)."""
        attacker, defender = self.model(brawl.attacker), self.model(brawl.defender)
        a_card, d_card = brawl.picked()
        for card in (a_card, d_card):
            if card is not None:
                self.table.discard.append(card)
        shown = " against ".join(card_title(card) if card else "no card" for card in (a_card, d_card))
        if a_card is None and d_card is None:
            self.emit(CommonEventKind.MISSED, f"Fisticuffs: {shown}, nobody lands a blow")
            self.next_brawl(brawl)
            return
        if a_card is None or not attacker.standing:
            winner = defender
        elif d_card is None or not defender.standing:
            winner = attacker
        else:
            winner = fist_winner(attacker, a_card, defender, d_card)
        loser = defender if winner is attacker else attacker
        blow = " with a Low Blow" if self._low_won(winner, brawl) else ""
        self.emit(CommonEventKind.HIT, f"Fisticuffs: {shown}; {self.who(winner)} wins{blow}", player=winner.id,
                  other=loser.id)  # fmt: skip
        self.push_back(loser, winner)
        for _ in range(2):
            if not loser.on_table:
                break
            self.hit(winner, loser, fisticuffs=True)
        self.next_brawl(brawl)

    def _low_won(self, winner: Model, brawl: Brawl) -> bool:
        a_card, d_card = brawl.picked()
        card, other = (a_card, d_card) if winner.id == brawl.attacker else (d_card, a_card)
        return card is not None and other is not None and rank_of(card) is Rank.TWO and suit_of(card) is suit_of(other)

    def push_back(self, loser: Model, winner: Model) -> None:
        """The loser goes back 2, to the square farthest from the winner (R-FIST-01, ruling)."""
        if loser.square is None or winner.square is None:
            return
        options = reachable(self.board, loser.square, PUSH_BACK, self.occupied(loser))
        if not options:
            return
        far = max(options, key=lambda square: (self.span(square, winner.square or square), -square.y, -square.x))
        if self.span(far, winner.square) <= self.span(loser.square, winner.square):
            return
        loser.square = far
        self.emit(CommonEventKind.MOVED, f"{self.who(loser)} is knocked back to {far}", player=loser.id, square=far)
