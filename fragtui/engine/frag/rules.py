"""Base Frag as a ruleset: the rules of ../shared/RULES.md's F-* answering the `Game`'s questions.

`FragRules` puts the parts of the rulebook together — `Core` (stats from cards in play, drawing and
discarding), `Turns` (set-up, the turn's phases, respawning), `Leftovers`, `Combat`, `Moving` and
`Playing` (cards from hand) — and answers the hooks of `fragtui.engine.rulesets.Ruleset`: which
actions are legal in each phase and pending decision, what an action does, what each seat may see.
A system that extends Frag (Frag Deadlands) subclasses `FragRules` and overrides the hooks it changes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from random import Random
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from fragtui.engine.actions import (
    Action,
    Attack,
    Drop,
    EndTurn,
    Hop,
    Jump,
    Pass,
    PickUp,
    PlayCard,
    Respawn,
    RollBump,
    RollMovement,
    SpendBlood,
    Step,
    action_of_move,
)
from fragtui.engine.board import Board, distance
from fragtui.engine.cards import CardSet, FlagName, Handler
from fragtui.engine.config import GameConfig, all_designs
from fragtui.engine.decisions import ResponseWindow, WindowContext, WindowPoint
from fragtui.engine.dice import Dice
from fragtui.engine.frag.decisions import React
from fragtui.engine.frag.forecast import AttackForecast, forecast_attack
from fragtui.engine.frag.playing import HANDLERS, Playing
from fragtui.engine.geometry import Move
from fragtui.engine.rulesets import register_ruleset
from fragtui.engine.state import (
    GameState,
    Phase,
    PlayerState,
    Status,
)
from fragtui.errors import ConfigError, IllegalActionError

if TYPE_CHECKING:
    from fragtui.engine.view import PlayerView

__all__ = ["FragRules"]

# The actions without parameters, made once: they are offered at almost every decision, and an action
# is immutable, so the same one can be handed out again and again.
_RESPAWN = Respawn()
_ROLL = RollMovement()
_BLOOD = SpendBlood()
_PASS = Pass()
_BUMP = RollBump()
_END_TURN = EndTurn()

_attack = lru_cache(maxsize=1 << 12)(Attack)
"""`Attack(target=..., weapon=...)`, made once: the same few are offered decision after decision, and an
action is immutable, so one can be handed out again and again."""


class _Before(NamedTuple):
    """The few facts of a state the invariants compare with after an action."""

    frags: tuple[int, ...]
    turn: int
    active: int


@register_ruleset
class FragRules(Playing):
    """Base Frag (F-*): the rulebook's game, as the `Game` plays it."""

    key = "frag"
    title = "Frag"
    summary = "The board game Frag: design a fighter, pick up weapons, frag the others first."
    maps_for = frozenset({"frag", "deadlands"})
    windows: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {WindowPoint.AFTER_HIT: React}
    """Frag's one response window: the target of a hit may play a reaction card (F-META-02)."""

    # -- setting a game up -----------------------------------------------------------------------

    @classmethod
    def initial_state(cls, config: GameConfig, dice: Dice, board: Board, cards: CardSet) -> GameState:
        """Decks shuffled (F-SETUP-02); the players then place their fighters (F-SETUP-03)."""
        players = [PlayerState(name=seat.name, design=seat.fighter) for seat in config.seats]
        state = GameState(config=config, players=players, dice=dice.state)
        for deck in cards.decks:  # each deck of the set, with its own discard pile (F-CARD-01)
            pile = cards.instances(deck)
            dice.shuffle(pile)
            state.decks.draw[deck] = pile
        state.decks.discard = {deck: [] for deck in cards.decks}
        state.dice = dice.state
        return state

    @classmethod
    def random_seats(cls, rng: Random, players: int) -> list[dict[str, object]]:
        """Players `P1`… with fighters of random legal designs (F-SETUP-01)."""
        designs = all_designs()
        return [{"name": f"P{n + 1}", "fighter": rng.choice(designs)} for n in range(players)]

    def start(self) -> None:
        """One card of each deck dealt, the first player rolled for (F-SETUP-02/03)."""
        self.deal()
        self.roll_for_first_player()

    def check_content(self) -> None:
        """Every card's handler is registered and every seat has a fighter design."""
        for card in self.cards:
            for effect in card.effects:
                if isinstance(effect, Handler) and effect.name not in HANDLERS:
                    raise ConfigError(f"card {card.id!r} names the handler {effect.name!r}, which is not registered")
        missing = [p.name for p in self.state.players if p.design is None]
        if missing:
            raise ConfigError(f"no fighter design for {', '.join(missing)}")

    # -- the contract's questions ------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.turn.phase is Phase.OVER

    def decider(self) -> int | None:
        """The seat that must decide now: the innermost pending decision's, else the active player's."""
        if self.over:
            return None
        if self.state.pending:
            return self.state.pending[-1].decider()
        return self.state.turn.active

    def legal_moves(self) -> list[Move]:
        """The active player's moves in phase 3 of his turn (none otherwise)."""
        if self.over or self.state.pending or self.state.turn.phase in (Phase.RESPAWN, Phase.ROLL):
            return []
        return self.moves(self.state.turn.active)

    def legal_actions(self, moves: list[Move]) -> list[Action]:
        """Every action the decider may take now: a pending decision's, else his turn's phase's."""
        if self.over:
            return []
        if self.state.pending:
            return self._pending_actions()
        seat = self.state.turn.active
        phase = self.state.turn.phase
        if phase is Phase.RESPAWN:
            if self.has_flag(seat, FlagName.CHOOSE_RESPAWN):
                return [Respawn(point=point) for point in self.board.respawn_points]
            return [_RESPAWN]
        if phase is Phase.ROLL:
            actions: list[Action] = [_ROLL]
            actions.extend(self.card_plays(seat))
            if self._may_spend_blood(seat):
                actions.append(_BLOOD)
            return actions
        return self._turn_actions(seat, moves)

    def _pending_actions(self) -> list[Action]:
        """The top decision's answers (it knows them), and blood "at any time" (ruling F-FRAG-04: before
        defence dice too) where the decision allows it."""
        pending = self.state.pending[-1]
        actions = pending.legal_actions(self)
        if pending.any_time and self._may_spend_blood(pending.player):
            actions.append(_BLOOD)
        return actions

    def responders(self, point: WindowPoint, context: WindowContext) -> list[int]:
        """After a hit, the target alone may answer, with a reaction card (F-META-02); nobody may at
        the other points (before an attack, after a step or a roll)."""
        if point is WindowPoint.AFTER_HIT and context.target is not None:
            return [context.target]
        return []

    def _may_spend_blood(self, seat: int) -> bool:
        """Whether `seat` may spend a blood counter now: at every decision of his while his fighter is
        on the board and has lost Health (ruling F-FRAG-04: "at any time", out of turn too)."""
        player = self.player(seat)
        return player.blood > 0 and player.damage > 0 and self.on_board(seat)

    def _turn_actions(self, seat: int, moves: list[Move]) -> list[Action]:
        """Phase 3: moves (from `_legal_moves`), attacks, cards, counters, dropping, blood, and ending the turn."""
        player = self.player(seat)
        here = player.square
        actions: list[Action] = [action_of_move(move) for move in moves]
        if self.state.turn.attacks > 0:
            targets = self.targets(seat)
            if targets:
                weapons = list(dict.fromkeys(self.declarable_weapons(seat)))
                assert here is not None
                for t in targets:
                    there = self.player(t).square
                    assert there is not None
                    reach = distance(here, there)
                    actions.extend(_attack(target=t, weapon=w) for w in weapons if self.in_range(w, reach))
        actions.extend(self.card_plays(seat))
        if self.state.turn.may_pick_up:  # (many counters lie about, few where he stands)
            counters = [c for c in self.state.counters if c.square == here]
            actions.extend(PickUp(counter=c.id) for c in counters if self.can_pick_up(seat, c))
        actions.extend(Drop(card=e.card) for e in (*player.weapons, *player.gadgets))
        if self._may_spend_blood(seat):
            actions.append(_BLOOD)
        if player.square is not None and self.occupant(player.square, besides=seat) is None:
            actions.append(_END_TURN)  # never in another fighter's square (F-MOVE-03)
        return actions

    def dispatch(self, seat: int, action: Action, move: Move | None) -> None:
        """Do what `action` says; `move` is the move a step, jump or hop makes (see `_Decision.moves`)."""
        if self.state.pending and self.state.pending[-1].resolve(self, seat, action, move):
            return  # the decision's own answer (see `fragtui.engine.frag.decisions`)
        match action:
            case Respawn(point=point):
                self.respawn(seat, point)
            case RollMovement():
                self.roll_movement(seat)
            case Step() | Jump() | Hop():
                assert move is not None
                self.move(seat, move)
            case Attack(target=target, weapon=weapon):
                self.attack(seat, target, weapon)
            case PlayCard():
                self.play_card(seat, action)
            case PickUp(counter=counter):
                self.pick_up(seat, counter)
            case Drop(card=card):
                self.drop(seat, card)
            case SpendBlood():
                self.spend_blood(seat)
                self.check_survival(seat)
            case EndTurn():
                self.end_turn(seat)

    def settle(self) -> None:
        """After an action: a fighter who left the board in his own turn ends it (F-FRAG-01, F-META-02)."""
        turn = self.state.turn
        if self.over or self.state.pending:
            return
        if turn.phase in (Phase.ACTION, Phase.ROLL) and not self.on_board(turn.active):
            self.end_turn(turn.active)

    def in_words(self, action: Action) -> str:
        """An action's notation with each card instance named as players know it (`play Health Booster`)."""
        return re.sub(r"[a-z0-9-]+#\d+", lambda m: self.card_name(m.group()), str(action))

    def why_illegal(self, action: Action) -> str:
        """A sentence saying why `action` cannot be taken now."""
        seat = self.decider()
        if seat is None:
            return f"{action}: the game is over"
        who = self.name(seat)
        if self.state.pending:
            return f"{action}: {self.state.pending[-1].duty(who)}"
        turn = self.state.turn
        if turn.phase is Phase.RESPAWN:
            return f"{action}: {who}'s fighter is out of play; {who} must first respawn"
        if turn.phase is Phase.ROLL and not isinstance(action, RollMovement | PlayCard | SpendBlood):
            return f"{action}: {who} must roll for movement (or declare a teleport card) before anything else"
        player = self.player(seat)
        match action:
            case Step() | Jump() | Hop():
                if turn.movement < 1:
                    return f"{action}: {who} has no movement points left"
                if isinstance(action, Jump) and action.distance * 2 > turn.movement:
                    cost = action.distance * 2
                    return f"{action}: a jump of {action.distance} costs {cost} points, {who} has {turn.movement}"
                if isinstance(action, Jump) and action.distance > self.speed(seat):
                    return f"{action}: {who} can jump at most {self.speed(seat)} squares ({who}'s Speed)"
                return (
                    f"{action}: the way is blocked (a wall, a closed door, the map's edge, "
                    "or a fighter's square the mover could not leave)"
                )
            case Attack(target=target, weapon=weapon):
                if turn.attacks < 1:
                    return f"{action}: {who} has no attacks left this turn"
                if not 0 <= target < len(self.state.players) or target == seat:
                    return f"{action}: no such target"
                if target not in self.targets(seat):
                    return f"{action}: {self.name(target)} is not in {who}'s line of sight (or {who} shares a square)"
                return (
                    f"{action}: {who} cannot declare {weapon} (not in play, out of ammo, or no room for another weapon)"
                )
            case PlayCard(card=card):
                if card not in player.hand:
                    return f"{action}: {who} holds no card {card}"
                return f"{action}: {self.card_name(card)} cannot be played now"
            case EndTurn():
                return f"{action}: {who} may not end the turn in another fighter's square"
            case PickUp():
                return (
                    f"{action}: there is no counter {who} may pick up here now "
                    "(one counter per square per turn, and only on entering it)"
                )
        return f"{action} is not legal now ({who}, {turn.phase.value} phase)"

    def forecast(self, seat: int, action: Action) -> AttackForecast:
        """The exact odds of a legal attack (F-ATK-07/08/09): see `fragtui.engine.frag.forecast`."""
        if not isinstance(action, Attack):
            raise IllegalActionError(f"{action}: only an attack has a forecast")
        return forecast_attack(self, seat, action.target, action.weapon)

    def view(self, seat: int | None) -> PlayerView:
        from fragtui.engine.view import view_of

        return view_of(self, seat)

    def promise_snapshot(self) -> _Before:
        state = self.state
        return _Before(tuple(p.frags for p in state.players), state.turn.number, state.turn.active)

    def broken_promise(self, before: object | None, after: Action | None) -> str | None:
        """A fighter is off the board exactly when he has no square; Health never exceeds its maximum;
        damage and blood are never negative; frags only rise; the game is over exactly when someone
        reached the frag target; a turn never ends with two fighters in one square (F-MOVE-03)."""
        state = self.state
        last = before if isinstance(before, _Before) else None
        for seat, player in enumerate(state.players):
            if (player.square is None) == (player.status is Status.IN_PLAY) and player.status is not Status.UNPLACED:
                return f"{player.name} is {player.status.value} at {player.square}"
            if player.status is Status.IN_PLAY and self.health(seat) > self.max_health(seat):
                return f"{player.name} has Health {self.health(seat)} above {self.max_health(seat)}"
            if player.damage < 0 or player.blood < 0:
                return f"{player.name} has negative damage or blood"
            if last is not None and player.frags < last.frags[seat]:
                return f"{player.name}'s frags fell"
        target = state.config.frag_target
        reached = [p.name for p in state.players if p.frags >= target]
        if bool(reached) != (state.turn.phase is Phase.OVER):
            return f"frag target {target} reached by {reached} but phase is {state.turn.phase}"
        winner = state.players[state.winner] if state.winner is not None else None
        if winner is not None and winner.frags != target:
            return f"{winner.name} won with {winner.frags} frags, not {target}"
        if last is not None and (isinstance(after, EndTurn) or last.turn != state.turn.number):
            ended = state.players[last.active]
            others = (p.square for s, p in enumerate(state.players) if s != last.active)
            if ended.status is Status.IN_PLAY and ended.square is not None and ended.square in others:
                return f"{ended.name} ended the turn in an occupied square"
        return None

    def card_count(self) -> int:
        """Every card in the game, wherever it is (it must never change)."""
        state = self.state
        total = sum(len(pile) for pile in state.decks.draw.values()) + sum(
            len(pile) for pile in state.decks.discard.values()
        )
        for player in state.players:
            total += len(player.hand) + len(player.weapons) + len(player.gadgets) + len(player.specials)
        return total + sum(len(c.cards) for c in state.counters)
