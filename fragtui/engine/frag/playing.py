"""Playing cards from hand: into play, or for their effect at once.

F-CARD-04 (in play, out of the hand), F-CARD-05 (weapons within Health + 1), F-CARD-07/08 (whose
cards are whose), F-CARD-09 (stat boosts, cards for all players), F-ATK-09 (one suit of armor),
F-ATK-04 (reloads), F-META-01 (bonuses that change the movement roll are offered before it).

Each effect kind of the vocabulary (`fragtui.engine.cards`) is executed here; cards naming a
`Handler` call the function registered under that name in `HANDLERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from fragtui.engine.board import distance
from fragtui.engine.cards import (
    PISTOL,
    CardDef,
    CardKind,
    Draw,
    ExtraAttack,
    ExtraMovement,
    Handler,
    Heal,
    Hurt,
    Modify,
    ModStat,
    PartingShot,
    Reload,
    Skip,
    TakeOutOfPlay,
    Teleport,
    TurnPart,
    Use,
)
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import PlayCard
from fragtui.engine.frag.moving import Moving
from fragtui.engine.frag.state import InPlay, Phase
from fragtui.engine.kept import kept_by_identity

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

# Enum members read on the hot paths below, kept as module globals: in Python 3.11 a member read off its enum
# (`Status.IN_PLAY`) goes through the enum metaclass's attribute hook, several times dearer than a global.
_PHASE_ROLL = Phase.ROLL
_PHASE_ACTION = Phase.ACTION
_USE_MOVEMENT = Use.MOVEMENT
_USE_KEEP = Use.KEEP
_USE_ONCE = Use.ONCE
_WEAPON = CardKind.WEAPON

_teleport = lru_cache(maxsize=1 << 14)(PlayCard)
"""`PlayCard(card=..., to=...)` made once per card and square: a teleport card in hand is offered to every
square of the map at every roll (an action is immutable, so the same one can be handed out again)."""

_play = lru_cache(maxsize=1 << 14)(PlayCard)
"""`PlayCard(card=..., target=..., weapon=...)` made once per card, target and weapon: the cards in every hand are
offered again at every Combat step of Real-Time Frag (an action is immutable, so the same one is handed out)."""


@kept_by_identity(4096)
def _how_played(card: CardDef) -> tuple[bool, bool, bool, bool]:
    """What a card's printed effects say of the ways it is played from hand (`Playing._ways_to_play`): played on
    another fighter, whether it needs him on the board (it takes a card out of play or hurts him); whether it is
    played onto a weapon (`CardDef.attaches`); whether it reloads one weapon; whether it only heals. Read once per
    definition (`kept_by_identity`: card sets loaded again and again keep none alive): every card in every hand is
    asked about at every Combat step of Real-Time Frag."""
    effects = card.effects
    return (
        any(isinstance(e, TakeOutOfPlay | Hurt) for e in effects),
        card.attaches,
        any(isinstance(e, Reload) and not e.every for e in effects),
        all(isinstance(e, Heal) for e in effects),
    )


class Playing(Moving):
    """Which cards may be played now, and what playing them does."""

    def card_plays(self, seat: int) -> list[PlayCard]:
        """Every way `seat` may play a card from hand in his own turn, now."""
        phase = self.state.turn.phase
        player = self.player(seat)
        plays: list[PlayCard] = []
        for instance in dict.fromkeys(player.hand):
            card = self.card(instance)
            if phase is _PHASE_ROLL:
                if card.use is _USE_MOVEMENT:
                    if TurnPart.MOVEMENT not in player.skips:  # a teleport is his movement: lost to a lag too
                        plays.extend(_teleport(card=instance, to=square) for square in self.teleport_squares(seat))
                elif card.use in (_USE_KEEP, _USE_ONCE) and self.changes_the_roll(instance):
                    plays.extend(self._ways_to_play(seat, instance))
                continue
            if phase is not _PHASE_ACTION or card.use not in (_USE_KEEP, _USE_ONCE) or card.before_roll:
                continue
            plays.extend(self._ways_to_play(seat, instance))
        return plays

    def changes_the_roll(self, instance: str) -> bool:
        """Whether a card may be played in phase 2, before the movement roll (ruling F-TURN-01): it is
        played on oneself and changes Speed or movement points, or says it is played before the roll."""
        card = self.card(instance)
        if card.played_on != "self":
            return False
        return card.before_roll or any(isinstance(e, Modify) and e.stat in _BEFORE_THE_ROLL for e in card.effects)

    def _ways_to_play(self, seat: int, instance: str) -> list[PlayCard]:
        """The plays of one kept or once card, in phase 2 or 3: on whom or onto which weapon.

        Every way a card is played from hand in one's own turn passes here, and whether it may enter the
        play area it goes to is asked of `may_enter_play`, the one place of those checks (F-ATK-09,
        F-CARD-05), which a weapon declared for an attack passes too (`declarable_weapons`)."""
        card = self.card(instance)
        player = self.player(seat)
        if card.kind is _WEAPON:  # always into one's own play area
            return [_play(card=instance)] if self.may_enter_play(seat, instance) else []
        needs_board, attaches, reloads, heals_only = _how_played(card)
        if card.played_on == "other":
            return [
                _play(card=instance, target=other)
                for other in self.seats()
                if other != seat and (self.on_board(other) or not needs_board) and self.may_enter_play(other, instance)
            ]
        if not self.may_enter_play(seat, instance):
            return []
        if attaches:
            return [_play(card=instance, weapon=entry.card) for entry in player.weapons]
        if reloads:
            return [
                _play(card=instance, weapon=entry.card)
                for entry in player.weapons
                if entry.ammo is not None and entry.ammo < (self.card(entry.card).ammo or 0)
            ]
        if card.use is _USE_ONCE and heals_only and player.damage <= 0:
            return []  # a medpack with nothing to heal does nothing
        return [_play(card=instance)]

    def cure_plays(self, seat: int, by: int | None) -> list[PlayCard]:
        """At the last chance: cards that restore Health, and parting shots at whoever fragged him."""
        plays = [PlayCard(card=card) for card in dict.fromkeys(self.cure_cards(seat))]
        if by is None or by == seat or not self.on_board(by) or not self.on_board(seat) or not self.may_attack(seat):
            return plays
        weapons = [PISTOL, *(e.card for e in self.player(seat).weapons if self.loaded(e, seat))]
        reach = distance(self.player(seat).square, self.player(by).square)  # type: ignore[arg-type]
        for card in dict.fromkeys(self.player(seat).hand):
            if any(isinstance(e, PartingShot) for e in self.card(card).effects):
                plays.extend(PlayCard(card=card, weapon=w, target=by) for w in weapons if self.in_range(w, reach))
        return plays

    def play_card(self, seat: int, action: PlayCard) -> None:
        """Play a card from hand: weapons and kept cards go into play, the rest act and are discarded."""
        player = self.player(seat)
        instance = action.card
        card = self.card(instance)
        if card.kind is CardKind.WEAPON:
            self.enter_weapon(seat, instance)
            return
        player.hand.remove(instance)
        player.record.cards_played += 1
        keep = card.use is Use.KEEP
        holder = action.target if card.played_on == "other" and action.target is not None else seat
        if keep:
            entry = InPlay(
                card=instance,
                played=self.next_play(),
                turns_left=card.duration,
                attached=action.weapon if card.attaches else None,
                by=seat if holder != seat else None,
            )
            owner = self.player(holder)
            (owner.gadgets if card.kind is CardKind.GADGET else owner.specials).append(entry)
        where = ""
        if card.attaches and action.weapon is not None:
            where = f" onto {self.card_name(action.weapon)}"
        elif holder != seat:
            where = f" on {self.name(holder)}"
        elif keep:
            where = " into play"
        self.emit(
            CommonEventKind.CARD_PLAYED,
            f"{player.name} plays {card.name}{where}",
            player=seat,
            other=holder if holder != seat else None,
            card=instance,
        )
        other = holder if holder != seat else None
        for effect in card.effects:
            if isinstance(effect, Reload) and not effect.every and action.weapon is not None:
                self.reload(seat, action.weapon, effect.amount)
            elif isinstance(effect, Teleport) and action.to is not None:
                self.teleport(seat, action.to)
                self.start_actions(seat, 0)  # the teleport replaces the movement roll (F-TURN-01)
            elif isinstance(effect, TakeOutOfPlay) and other is not None:
                self.take_out_of_play(other, f"{player.name}'s {card.name}")
            elif isinstance(effect, PartingShot) and action.target is not None:
                self.attack(seat, action.target, action.weapon or PISTOL, parting=True)
            elif isinstance(effect, Handler):
                HANDLERS[effect.name](self, seat, action)
            elif isinstance(effect, Heal | Draw | ExtraAttack | ExtraMovement | Skip | Hurt | Reload):
                self.run_effects(seat, [effect], other, card.name)
            # modify, armor, shield, flag, sure, trigger: in force while the card is in play
        if not keep:
            self.discard(instance)
