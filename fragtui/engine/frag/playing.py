"""Playing cards from hand: into play, or for their effect at once.

F-CARD-04 (in play, out of the hand), F-CARD-05 (weapons within Health + 1), F-CARD-07/08 (whose
cards are whose), F-CARD-09 (stat boosts, cards for all players), F-ATK-09 (one suit of armor),
F-ATK-04 (reloads), F-META-01 (bonuses that change the movement roll are offered before it).

Each effect kind of the vocabulary (`fragtui.engine.cards`) is executed here; cards naming a
`Handler` call the function registered under that name in `HANDLERS`.
"""

from __future__ import annotations

from collections.abc import Callable

from fragtui.engine.actions import PlayCard
from fragtui.engine.cards import (
    Armor,
    Deck,
    Draw,
    ExtraAttack,
    Handler,
    Heal,
    Modify,
    ModStat,
    Reload,
    Teleport,
    Use,
)
from fragtui.engine.events import EventKind
from fragtui.engine.frag.moving import Moving
from fragtui.engine.state import InPlay, LastChance, Phase

__all__ = ["HANDLERS", "Playing", "register_handler"]

HandlerFn = Callable[["Playing", int, PlayCard], None]
HANDLERS: dict[str, HandlerFn] = {}
"""Effects too particular for the vocabulary, by name (a card's `Handler(name=...)` calls one)."""


def register_handler(name: str) -> Callable[[HandlerFn], HandlerFn]:
    """Register the code a card's `handler` effect runs: `fn(game, seat, action)`."""

    def register(fn: HandlerFn) -> HandlerFn:
        HANDLERS[name] = fn
        return fn

    return register


_BEFORE_THE_ROLL = frozenset({ModStat.SPEED, ModStat.MOVEMENT})


class Playing(Moving):
    """Which cards may be played now, and what playing them does."""

    def card_plays(self, seat: int) -> list[PlayCard]:
        """Every way `seat` may play a card from hand in his own turn, now."""
        phase = self.state.turn.phase
        player = self.player(seat)
        plays: list[PlayCard] = []
        for instance in dict.fromkeys(player.hand):
            card = self.card(instance)
            if phase is Phase.ROLL:
                if card.use is Use.MOVEMENT:
                    plays.extend(PlayCard(card=instance, to=square) for square in self.teleport_squares(seat))
                elif card.use in (Use.KEEP, Use.ONCE) and any(
                    isinstance(e, Modify) and e.stat in _BEFORE_THE_ROLL for e in card.effects
                ):
                    plays.append(PlayCard(card=instance))
                continue
            if phase is not Phase.ACTION or card.use in (Use.MOVEMENT, Use.REACTION):
                continue
            if card.deck is Deck.WEAPONS:
                if self.can_add_weapon(seat):
                    plays.append(PlayCard(card=instance))
                continue
            if card.armor and self.armor(seat) is not None:
                continue  # one suit of armor at a time (F-ATK-09)
            reloads = [e for e in card.effects if isinstance(e, Reload)]
            if reloads:
                plays.extend(
                    PlayCard(card=instance, weapon=entry.card)
                    for entry in player.weapons
                    if entry.ammo is not None and entry.ammo < (self.card(entry.card).ammo or 0)
                )
                continue
            if (
                card.use is Use.ONCE
                and card.heals
                and not any(not isinstance(e, Heal) for e in card.effects)
                and player.damage <= 0
            ):
                continue  # a medpack with nothing to heal does nothing
            plays.append(PlayCard(card=instance))
        return plays

    def cure_plays(self, seat: int) -> list[PlayCard]:
        return [PlayCard(card=card) for card in dict.fromkeys(self.cure_cards(seat))]

    def play_card(self, seat: int, action: PlayCard) -> None:
        """Play a card from hand: weapons and kept cards go into play, the rest act and are discarded."""
        player = self.player(seat)
        instance = action.card
        card = self.card(instance)
        if card.deck is Deck.WEAPONS:
            self.enter_weapon(seat, instance)
            return
        player.hand.remove(instance)
        player.record.cards_played += 1
        keep = card.use is Use.KEEP
        if keep:
            entry = InPlay(card=instance, played=self.next_play(), turns_left=card.duration)
            (player.gadgets if card.deck is Deck.GADGETS else player.specials).append(entry)
        where = "into play" if keep else ""
        self.emit(
            EventKind.CARD_PLAYED,
            f"{player.name} plays {card.name}" + (f" {where}" if where else ""),
            player=seat,
            card=instance,
        )
        for effect in card.effects:
            if isinstance(effect, Heal):
                self.heal(seat, effect.amount)
            elif isinstance(effect, Reload) and action.weapon is not None:
                self.reload(seat, action.weapon, effect.amount)
            elif isinstance(effect, Draw):
                for _ in range(effect.count):
                    self.draw(seat, effect.deck, card.name)
            elif isinstance(effect, ExtraAttack):
                self.state.turn.attacks += effect.count
            elif isinstance(effect, Teleport) and action.to is not None:
                self.teleport(seat, action.to)
                self.start_actions(seat, 0)  # the teleport replaces the movement roll (F-TURN-01)
            elif isinstance(effect, Handler):
                HANDLERS[effect.name](self, seat, action)
            elif isinstance(effect, Modify | Armor):
                pass  # in force while the card is in play (see Core.modified, Core.armor)
        if not keep:
            self.discard(instance)
        if self.state.pending and isinstance(self.state.pending[-1], LastChance):
            self.check_survival(seat)

    def heal(self, seat: int, amount: int | None) -> None:
        """Restore lost Health, never above the maximum (F-ATK-10)."""
        player = self.player(seat)
        healed = player.damage if amount is None else min(amount, player.damage)
        player.damage -= healed
        self.emit(
            EventKind.HEALED,
            f"{player.name} restores {healed} Health: Health {self.health(seat)}",
            player=seat,
            amount=healed,
        )

    def reload(self, seat: int, weapon: str, amount: int | None) -> None:
        """Refill a weapon in play (F-ATK-04)."""
        entry = next(e for e in self.player(seat).weapons if e.card == weapon)
        full = self.card(weapon).ammo
        assert full is not None and entry.ammo is not None
        entry.ammo = full if amount is None else min(full, entry.ammo + amount)
        self.emit(
            EventKind.RELOADED,
            f"{self.name(seat)} reloads {self.card_name(weapon)}: {entry.ammo} of {full}",
            player=seat,
            card=weapon,
            amount=entry.ammo,
        )
