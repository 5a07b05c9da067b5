"""The table the rules of Frag are played on: state, board, cards, dice, and the small moves of play.

`Core` holds what every rule needs and the primitives they share — roll dice and record them, say
what happened, draw and discard cards (reshuffling an empty deck, F-CARD-01), and work out a
fighter's current stats from the cards in play (multiply first, then add: F-META-03). The rules
themselves live beside it, one module per part of the game (`turns`, `moving`, `combat`,
`leftovers`, `playing`), and `fragtui.engine.game.Game` puts them together.
"""

from __future__ import annotations

from collections.abc import Iterator

from fragtui.engine.board import Square
from fragtui.engine.cards import (
    PISTOL,
    PISTOL_DAMAGE,
    CardDef,
    Effect,
    Flag,
    FlagName,
    ModStat,
    Outcome,
    Scope,
    Sure,
    TriggerOn,
)
from fragtui.engine.events import EventKind
from fragtui.engine.rulesets import Ruleset
from fragtui.engine.scoring import FRAG_TARGET, ScoringRule
from fragtui.engine.state import InPlay, Pending, Phase, PlayerState, Status

__all__ = ["Core"]


class Core(Ruleset):
    """The primitives every rule of Frag uses, on the table a `Ruleset` holds (state, board, cards, dice)."""

    def roll_respawn_point(self, seat: int, reason: str) -> int:
        """Roll one die until it names a respawn point of the map (faces with none are rolled again)."""
        points = self.board.respawn_points
        while True:
            face = self.roll(1, reason, seat).total
            if face in points:
                return face

    # -- cards ------------------------------------------------------------------------------

    def card(self, instance: str) -> CardDef:
        return self.cards[instance]

    def card_name(self, instance: str) -> str:
        return PISTOL.capitalize() if instance == PISTOL else self.cards[instance].name

    def next_play(self) -> int:
        """Stamp for a card entering play: later cards win contradictions (F-CARD-10)."""
        self.state.plays += 1
        return self.state.plays

    def draw(self, seat: int, deck: str, why: str) -> str | None:
        """Draw the top card of the deck called `deck` into `seat`'s hand (secretly); None if the deck and
        its discard pile are empty. An empty deck is its own discard pile shuffled (F-CARD-01)."""
        words = self.cards.decks[deck]
        pile = self.state.decks.draw[deck]
        if not pile:
            discards = self.state.decks.discard[deck]
            if not discards:
                self.emit(EventKind.DECK_EMPTY, f"The {words.plural} deck and its discard pile are empty: no card")
                return None
            pile.extend(discards)
            discards.clear()
            self.dice.shuffle(pile)
            self.emit(EventKind.SHUFFLED, f"The {words.plural} discard pile is shuffled into a new deck")
        instance = pile.pop(0)
        self.state.players[seat].hand.append(instance)
        name = self.name(seat)
        self.emit(
            EventKind.CARD_DRAWN,
            f"{name} draws a {words.singular} card ({why})",
            player=seat,
            card=instance,
            secret_for=seat,
            private_text=f"{name} draws {self.card_name(instance)} ({why})",
        )
        return instance

    def discard(self, instance: str) -> None:
        """Put a card on the discard pile of the deck it was drawn from (each deck has its own, F-CARD-01)."""
        self.state.decks.discard[self.cards[instance].deck].append(instance)

    def take_from_play(self, seat: int, instance: str) -> InPlay:
        """Remove a card from `seat`'s cards in play and return its record."""
        player = self.state.players[seat]
        for pile in (player.weapons, player.gadgets, player.specials):
            for index, entry in enumerate(pile):
                if entry.card == instance:
                    return pile.pop(index)
        raise KeyError(instance)

    def in_play(self, seat: int) -> Iterator[InPlay]:
        player = self.state.players[seat]
        yield from player.weapons
        yield from player.gadgets
        yield from player.specials

    # -- stats --------------------------------------------------------------------------------

    def _modifiers(self, seat: int, stat: ModStat, weapon: str | None = None) -> tuple[int, int]:
        """(product of multipliers, sum of additions) of the cards in play that reach `seat`.

        A card in a fighter's play area reaches him (whoever played it there); `scope = "all"`
        reaches everyone; `scope = "weapon"` only attacks with the weapon it is attached to.
        """
        multiply, add = 1, 0
        for owner, player in enumerate(self.state.players):
            if not (player.weapons or player.gadgets or player.specials):
                continue  # (most fighters, most of the time)
            for pile in (player.weapons, player.gadgets, player.specials):  # his cards in play
                for entry in pile:
                    for effect in self.cards.modifiers(entry.card):
                        if effect.stat is not stat:
                            continue
                        if effect.scope is Scope.WEAPON:
                            reaches = owner == seat and weapon is not None and entry.attached == weapon
                        else:
                            reaches = owner == seat or effect.scope is Scope.ALL
                        if reaches:
                            multiply *= effect.multiply
                            add += effect.add
        return multiply, add

    def added_since(self, seat: int, stat: ModStat, stamp: int) -> int:
        """What the cards reaching `seat` that were played after `stamp` add to `stat` (never below 0).

        A lost phase (a stun, a dart) takes away the attacks or movement of a turn as of the moment it
        struck; a card played after it controls over it (F-CARD-10: the last played controls), so
        only the bonuses of later cards are left to him.
        """
        add = 0
        for owner, player in enumerate(self.state.players):
            for pile in (player.weapons, player.gadgets, player.specials):
                for entry in pile:
                    if entry.played <= stamp:
                        continue
                    for effect in self.cards.modifiers(entry.card):
                        reaches = owner == seat or effect.scope is Scope.ALL
                        if effect.stat is stat and effect.scope is not Scope.WEAPON and reaches:
                            add += effect.add
        return max(0, add)

    def _effects_in_play(self) -> Iterator[tuple[int, InPlay, Effect]]:
        """(holder, card in play, one of its effects) for every card in play at the table."""
        for owner in self.seats():
            for entry in self.in_play(owner):
                for effect in self.cards[entry.card].effects:
                    yield owner, entry, effect

    def modified(self, seat: int, stat: ModStat, base: int, weapon: str | None = None) -> int:
        """`base` changed by the cards in play: multiplied first, then added to (F-META-03); never below 0.

        `weapon`: the weapon being fired, so that cards attached to it count.
        """
        multiply, add = self._modifiers(seat, stat, weapon)
        return max(0, base * multiply + add)

    def has_flag(self, seat: int, flag: FlagName) -> bool:
        """Whether a card in `seat`'s play area lets him break this rule."""
        player = self.state.players[seat]
        for pile in (player.weapons, player.gadgets, player.specials):  # (often all empty: no generator then)
            for entry in pile:
                if any(isinstance(effect, Flag) and effect.flag is flag for effect in self.cards[entry.card].effects):
                    return True
        return False

    def armor(self, seat: int) -> InPlay | None:
        """The suit of armor the fighter wears, if any (one at a time, F-ATK-09)."""
        for entry in self.state.players[seat].gadgets:
            if self.cards[entry.card].armor:
                return entry
        return None

    def max_health(self, seat: int) -> int:
        """Health with the cards in play, armor's remaining bonus included."""
        player = self.state.players[seat]
        health = self.modified(seat, ModStat.HEALTH, player.design.health)
        suit = self.armor(seat)
        if suit is not None:
            health += self.cards[suit.card].armor - suit.absorbed
        return health

    def own_health(self, seat: int) -> int:
        """Current Health without the armor's bonus: what a piercing attack takes, and what must stay
        above 0 for the fighter to stay in the game (ruling F-ATK-09, piercing)."""
        player = self.state.players[seat]
        return self.modified(seat, ModStat.HEALTH, player.design.health) - player.damage

    def health(self, seat: int) -> int:
        """Current Health: defence dice, and how much more he can lose (F-ATK-08, F-ATK-10).

        The armor's remaining bonus counts while the fighter's own Health is above 0; once that is 0 or
        less (a piercing attack takes it past the armor) he is at Health 0 or less, armor or not, and
        its bonus no longer keeps him in the game (ruling F-ATK-09, piercing).
        """
        own = self.own_health(seat)
        if own <= 0:
            return own
        suit = self.armor(seat)
        if suit is not None:
            own += self.cards[suit.card].armor - suit.absorbed
        return own

    def health_words(self, seat: int) -> str:
        """Current Health as the rulebook says it, for the log: `Health 2`, `Health 0`, or at 0 or less
        `Health 0, 7 past it` (never a negative Health)."""
        health = self.health(seat)
        return f"Health {health}" if health >= 0 else f"Health 0, {-health} past it"

    def healths(self) -> dict[int, int]:
        """Every fighter's current Health, to hand to `keep_health` after a card leaves play."""
        return {seat: self.health(seat) for seat in self.seats()}

    def keep_health(self, before: dict[int, int]) -> None:
        """After a card that raised Health leaves play (it runs out, or is dropped): the bonus is
        lost first. Health is capped at the new maximum and never falls by the bonus itself, so
        losing a card never frags anyone (ruling F-CARD-08)."""
        for seat, health in before.items():
            fighter = self.player(seat)
            fighter.damage = min(fighter.damage, max(0, self.max_health(seat) - health))

    def speed(self, seat: int) -> int:
        return self.modified(seat, ModStat.SPEED, self.state.players[seat].design.speed)

    def accuracy(self, seat: int, weapon: str | None = None) -> int:
        """Accuracy, with the cards attached to `weapon` if one is being fired."""
        return self.modified(seat, ModStat.ACCURACY, self.state.players[seat].design.accuracy, weapon)

    def attacks_per_turn(self, seat: int) -> int:
        """Half the Accuracy, rounded up (F-ATK-01), changed by cards."""
        return self.modified(seat, ModStat.ATTACKS, -(-self.accuracy(seat) // 2))

    def weapon_damage(self, seat: int, weapon: str) -> tuple[int, int]:
        """(damage dice, extra damage) of a weapon fired by `seat`, cards in play included."""
        if weapon == PISTOL:
            base, extra = PISTOL_DAMAGE, 0
        else:
            card = self.cards[weapon]
            base, extra = card.damage or 0, card.extra_damage
        return self.modified(seat, ModStat.DAMAGE, base, weapon), extra

    def sure(self, attacker: int, target: int) -> Outcome | None:
        """`hit` or `miss` if a card settles the attack without a roll; the last played wins (F-CARD-10)."""
        latest: tuple[int, Outcome] | None = None
        for owner, entry, effect in self._effects_in_play():
            if not isinstance(effect, Sure):
                continue
            reaches = (effect.against == "mine" and owner == attacker) or (effect.against == "me" and owner == target)
            if reaches and (latest is None or entry.played > latest[0]):
                latest = (entry.played, effect.outcome)
        return latest[1] if latest else None

    # -- the board ------------------------------------------------------------------------------

    def player(self, seat: int) -> PlayerState:
        return self.state.players[seat]

    def seats(self) -> range:
        return range(len(self.state.players))

    def occupant(self, square: Square, besides: int | None = None) -> int | None:
        """The seat of a fighter standing on `square` (other than `besides`), if any."""
        for seat, player in enumerate(self.state.players):
            if seat != besides and player.square == square:
                return seat
        return None

    def on_board(self, seat: int) -> bool:
        return self.state.players[seat].status is Status.IN_PLAY

    def fire_triggers(self, seat: int, on: TriggerOn, other: int | None, weapon: str | None = None) -> None:
        """`seat`'s cards whose trigger is `on` act (defined with the attacks, in `Combat`)."""
        raise NotImplementedError

    def push(self, pending: Pending) -> None:
        self.state.pending.append(pending)

    # -- winning ----------------------------------------------------------------------------------

    def scoring(self) -> ScoringRule:
        """How this game is won: the rules ask it at every frag and turn end (base Frag: F-WIN-01's
        frag target). A ruleset with another way to win (Frag Tag's modes) answers another rule."""
        return FRAG_TARGET

    def win(self, seat: int) -> None:
        """`seat` has won, as the scoring rule said: the game is over and nothing waits for an answer."""
        self.state.winner = seat
        self.state.turn.phase = Phase.OVER
        self.state.pending.clear()
        scoring = self.scoring()
        score = scoring.score_of(self.state, seat)
        self.emit(
            EventKind.WON, f"{self.name(seat)} wins with {scoring.score_words(score)}!", player=seat, amount=score
        )
