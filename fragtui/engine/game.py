"""The engine's contract: one `Game` object answers every question the interface, bots, saves and tests ask.

    game = Game.new(config, seed=1234, board=board, cards=cards)   # or Game.from_scenario(...)
    game.decider()            # whose decision it is now (a seat), or None when the game is over
    game.legal_actions()      # every action the decider may take now
    events = game.apply(action)   # checked: IllegalActionError, state unchanged, if not legal
    game.view(seat)           # what that seat may know: other hands and deck orders hidden
    game.state                # the whole state, a pydantic model that round-trips through JSON
    game.log                  # the actions applied, each with the dice it rolled

The engine reads no files: it is handed the board and the card set (`fragtui.content.library`
loads the shipped ones by name). The rules are in `fragtui.engine.frag`, one module per part of
the game; this module decides which of them answers each decision.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from pydantic import BaseModel, ConfigDict

from fragtui.engine.actions import (
    Action,
    Attack,
    ChooseWeapon,
    Discard,
    Drop,
    EndTurn,
    Hop,
    Jump,
    Pass,
    PickUp,
    Place,
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
from fragtui.engine.config import GameConfig
from fragtui.engine.dice import Dice
from fragtui.engine.events import Event, EventKind
from fragtui.engine.frag.forecast import AttackForecast, forecast_attack
from fragtui.engine.frag.playing import HANDLERS, Playing
from fragtui.engine.geometry import Move
from fragtui.engine.state import (
    Bump,
    ChooseFromPile,
    DiscardDown,
    GameState,
    LastChance,
    Phase,
    PlaceFighter,
    PlayerState,
    React,
    Status,
)
from fragtui.errors import ConfigError, IllegalActionError

if TYPE_CHECKING:
    from fragtui.engine.view import PlayerView

__all__ = ["CHECKPOINT_EVERY", "Game", "LogEntry", "state_hash"]

CHECKPOINT_EVERY = 50
"""A hash of the state is kept after every this many actions (saves store them, DESIGN "Saves")."""


def state_hash(state: GameState) -> str:
    """A short, stable fingerprint of a whole state."""
    return hashlib.sha256(state.model_dump_json().encode()).hexdigest()[:16]


class LogEntry(BaseModel):
    """One action applied, with the faces of the dice it rolled (saves keep these)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    """Who took it."""
    action: Action
    """What was done."""
    dice: tuple[int, ...] = ()
    """The faces rolled while it was resolved, in order."""

    def __str__(self) -> str:
        faces = f"  [{' '.join(map(str, self.dice))}]" if self.dice else ""
        return f"{self.seat}: {self.action}{faces}"


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


class _Decision(NamedTuple):
    """The legal actions in one state, worked out once: `legal_actions`, `is_legal` and `apply` all ask.

    A game keeps the one for its current state, stamped with the state's version (`Game._version`,
    which every change of the state bumps); one with another version is stale and worked out anew.
    """

    version: int
    """The `Game._version` of the state it was worked out in."""
    actions: tuple[Action, ...]
    """Every legal action, in the order `legal_actions` gives them: the moves first."""
    moves: tuple[Move, ...]
    """The move each of the first actions (the steps, jumps and hops) makes, in the same order, so
    that `apply` need not look for it again."""

    def find(self, action: object) -> int | None:
        """Where `action` is among the legal actions, or None if it is not one of them.

        Bots and the random player hand back an action `legal_actions` gave them, found here without
        comparing (or hashing) a single action; any action equal to a legal one is found too.
        """
        for index, legal in enumerate(self.actions):
            if legal is action:
                return index
        try:
            return self.actions.index(action)
        except ValueError:
            return None


class Game(Playing):
    """A game of Frag: the checked entry point to the rules."""

    def __init__(self, state: GameState, board: Board, cards: CardSet) -> None:
        """Continue the game in `state` (use `Game.new` or `Game.from_scenario` to start one)."""
        super().__init__(state, board, cards)
        self._check_content()
        self.initial: GameState = state.model_copy(deep=True)
        """The state the game started from (replaying `log` from it gives `state`)."""
        self.log: list[LogEntry] = []
        """Every action applied, with its dice."""
        self.opening: list[Event] = []
        """Events of the set-up (dealing, rolling for first player), before any action."""
        self.checkpoints: dict[int, str] = {}
        """State hashes after every `CHECKPOINT_EVERY` actions of the log, kept as the game is played."""
        self._decision: _Decision | None = None
        self._version = 0
        self._undo_floor = 0
        """How many actions of the log `undo` can never take back (see `undoable`)."""
        self.quick_undo = False
        """Keep a copy of the state where each run of undoable actions begins, so that `undo`
        replays only that run instead of the whole log. The interface turns it on; bots and
        replays, which never undo, do not pay for the copies. Undo gives the same result either way."""
        self._undo_base: tuple[int, GameState] | None = None

    def _check_content(self) -> None:
        for card in self.cards:
            for effect in card.effects:
                if isinstance(effect, Handler) and effect.name not in HANDLERS:
                    raise ConfigError(f"card {card.id!r} names the handler {effect.name!r}, which is not registered")
        missing = [p.name for p in self.state.players if p.design is None]
        if missing:
            raise ConfigError(f"no fighter design for {', '.join(missing)}")

    # -- starting a game -------------------------------------------------------------------------

    @classmethod
    def new(cls, config: GameConfig, seed: int, *, board: Board, cards: CardSet) -> Game:
        """A new game: decks shuffled, one card of each dealt, first player rolled (F-SETUP-02/03).

        The players then place their fighters (the first decisions); `board` must be the map the
        configuration names and `cards` the card set to play with.
        """
        config.check_designs()
        config.check_fits(len(board.respawn_points))
        dice = Dice(seed)
        players = [PlayerState(name=seat.name, design=seat.fighter) for seat in config.seats]
        state = GameState(config=config, players=players, dice=dice.state)
        for deck in cards.decks:  # each deck of the set, with its own discard pile (F-CARD-01)
            pile = cards.instances(deck)
            dice.shuffle(pile)
            state.decks.draw[deck] = pile
        state.decks.discard = {deck: [] for deck in cards.decks}
        state.dice = dice.state
        game = cls(state, board, cards)
        game.deal()
        game.roll_for_first_player()
        game.state.dice = game.dice.state
        game.opening = game.events
        game.events = []
        game.initial = game.state.model_copy(deep=True)
        return game

    @classmethod
    def from_state(cls, state: GameState, *, board: Board, cards: CardSet) -> Game:
        """A game that continues from `state` (a copy is taken)."""
        return cls(state.model_copy(deep=True), board, cards)

    @classmethod
    def from_scenario(cls, scenario: object, *, board: Board, cards: CardSet) -> Game:
        """A game set up as a `fragtui.engine.scenario.Scenario` describes (see docs/scenarios.md)."""
        from fragtui.engine.scenario import Scenario, build_state

        if not isinstance(scenario, Scenario):
            scenario = Scenario.model_validate(scenario)
        state, all_cards = build_state(scenario, board, cards)
        return cls(state, board, all_cards)

    def replay(self, actions: int | None = None) -> Game:
        """A new game replaying this one's log (or its first `actions` actions) from its initial
        state, through the checked `apply`."""
        game = Game(self.initial.model_copy(deep=True), self.board, self.cards)
        for entry in self.log[:actions]:
            game.apply(entry.action)
        return game

    # -- the contract -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.turn.phase is Phase.OVER

    def decider(self) -> int | None:
        """The seat that must decide now: the innermost pending decision's, else the active player's."""
        if self.over:
            return None
        if self.state.pending:
            return self.state.pending[-1].player
        return self.state.turn.active

    def legal_actions(self) -> list[Action]:
        """Every action the decider may take now; empty when the game is over."""
        return list(self._decide().actions)

    def is_legal(self, action: Action) -> bool:
        """Whether `action` may be applied now."""
        return self._decide().find(action) is not None

    def _decide(self) -> _Decision:
        """The legal actions in the current state: worked out on the first question after each change."""
        decision = self._decision
        if decision is None or decision.version != self._version:
            moves = self._legal_moves()
            actions = tuple(self._compute_legal_actions(moves))
            decision = self._decision = _Decision(self._version, actions, tuple(moves))
        return decision

    def _legal_moves(self) -> list[Move]:
        """The active player's moves in phase 3 of his turn (none otherwise)."""
        if self.over or self.state.pending or self.state.turn.phase in (Phase.RESPAWN, Phase.ROLL):
            return []
        return self.moves(self.state.turn.active)

    def _compute_legal_actions(self, moves: list[Move]) -> list[Action]:
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
        pending = self.state.pending[-1]
        seat = pending.player
        player = self.player(seat)
        actions: list[Action] = []
        if isinstance(pending, PlaceFighter):
            actions.extend(Place(point=point) for point in self.free_respawn_points())
        elif isinstance(pending, React):
            actions.append(_PASS)
            actions.extend(PlayCard(card=card) for card in dict.fromkeys(self.reaction_cards(seat)))
        elif isinstance(pending, LastChance):
            actions.append(_PASS)
            actions.extend(self.cure_plays(seat, pending.by))
            if player.blood > 0 and self.can_be_cured(seat):  # only cures that can save him (F-FRAG-01)
                actions.append(_BLOOD)
        elif isinstance(pending, ChooseFromPile):
            counter = self.counter(pending.counter)
            if counter is not None:
                actions.extend(ChooseWeapon(card=card) for card in counter.cards)
        elif isinstance(pending, Bump):
            actions.append(_BUMP)
        elif isinstance(pending, DiscardDown):
            actions.extend(Discard(card=card) for card in dict.fromkeys(player.hand))
        if not isinstance(pending, LastChance) and self._may_spend_blood(seat):
            actions.append(_BLOOD)  # "at any time" (ruling F-FRAG-04): before defence dice too
        return actions

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

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened; an illegal one raises and changes nothing."""
        if self.over:
            raise IllegalActionError(f"{action}: the game is over")
        decision = self._decide()
        index = decision.find(action)
        if index is None:
            raise IllegalActionError(self.why_illegal(action))
        move = decision.moves[index] if index < len(decision.moves) else None
        seat = self.decider()
        assert seat is not None
        own_turn = not self.state.pending and seat == self.state.turn.active
        turn = self.state.turn.number
        if self.quick_undo and own_turn and self._undo_floor == len(self.log):
            self._undo_base = (len(self.log), self.state.model_copy(deep=True))  # this may begin a run
        rolled = len(self.dice.history)
        self.events = []
        self._version += 1
        try:
            self._dispatch(seat, action, move)
            self._settle()
        except BaseException:
            self._restore()
            raise
        dice = self.dice.state
        if self.state.dice is not dice:  # (the same snapshot while no die was rolled, no deck shuffled)
            self.state.dice = dice
        faces = tuple(face for roll in self.dice.history[rolled:] for face in roll.dice)
        del self.dice.history[:]
        self.log.append(LogEntry(seat=seat, action=action, dice=faces))
        if len(self.log) % CHECKPOINT_EVERY == 0:
            self.checkpoints[len(self.log)] = state_hash(self.state)
        if not (own_turn and not faces and self._keeps_it_private(seat, turn)):
            self._undo_floor = len(self.log)
        return self.events

    # -- undo ------------------------------------------------------------------------------------------

    def _keeps_it_private(self, seat: int, turn: int) -> bool:
        """Whether the action just applied told nobody anything new and left the decision with `seat`.

        Only such actions may be undone: a die rolled, a card drawn or shown to someone, a deck
        shuffled, or a decision handed to another player (a reaction, a bump, the next turn) is
        something that cannot be taken back without cheating.
        """
        if self.over or self.state.pending or self.state.turn.number != turn or self.decider() != seat:
            return False
        revealing = (EventKind.CARD_DRAWN, EventKind.SHUFFLED, EventKind.DECK_EMPTY, EventKind.DICE_ROLLED)
        return not any(event.secret_for is not None or event.kind in revealing for event in self.events)

    def undoable(self) -> int:
        """How many of the last actions the decider may take back, one at a time (ruling S-SAVE-01).

        Undo goes back within the active player's own turn to, never past, the last die roll, card
        draw or hand-off: dice already rolled stay rolled, so undo can never re-roll.
        """
        if self.over or self.state.pending:
            return 0
        return len(self.log) - self._undo_floor

    def undo(self) -> list[Event]:
        """Take back the last action (when `undoable()`); the game is rebuilt by replaying the rest.

        Returns the one event saying what was taken back, for the log: the others at the table
        should know that a move was withdrawn, though not what it would have revealed (nothing).
        """
        if not self.undoable():
            raise IllegalActionError("nothing to undo: the last action rolled dice, drew a card or passed the turn on")
        floor = self._undo_floor
        taken_back = self.log[-1]
        base = self._undo_base
        if base is not None and base[0] == floor:  # replay only the run since its start
            replayed = Game(base[1].model_copy(deep=True), self.board, self.cards)
            for entry in self.log[floor:-1]:
                replayed.apply(entry.action)
            self.checkpoints.pop(len(self.log), None)
            self.log = self.log[:-1]
        else:
            replayed = self.replay(len(self.log) - 1)
            self.log = replayed.log
            self.checkpoints = replayed.checkpoints
        self.state = replayed.state
        self.dice = replayed.dice
        self.events = []
        self._version += 1
        self._undo_floor = floor
        name = self.name(taken_back.seat)
        return [
            Event(
                kind=EventKind.UNDONE,
                text=f"{name} takes back their last action ({self._in_words(taken_back.action)})",
                player=taken_back.seat,
            )
        ]

    def _restore(self) -> None:
        """Undo a half-applied action (a bug or exhausted test dice): rebuild the state from the log."""
        replayed = self.replay()
        self.state = replayed.state
        self.dice = replayed.dice
        self.events = []

    def _dispatch(self, seat: int, action: Action, move: Move | None) -> None:
        """Do what `action` says; `move` is the move a step, jump or hop makes (see `_Decision.moves`)."""
        pending = self.state.pending[-1] if self.state.pending else None
        match action:
            case Place(point=point):
                self.place(seat, point)
            case Respawn(point=point):
                self.respawn(seat, point)
            case RollMovement():
                self.roll_movement(seat)
            case Step() | Jump() | Hop():
                assert move is not None
                self.move(seat, move)
            case Attack(target=target, weapon=weapon):
                self.attack(seat, target, weapon)
            case PlayCard() if isinstance(pending, React):
                self.react(seat, action.card)
            case PlayCard():
                self.play_card(seat, action)
            case Pass() if isinstance(pending, React):
                self.react(seat, None)
            case Pass():
                self.give_up(seat)
            case PickUp(counter=counter):
                self.pick_up(seat, counter)
            case ChooseWeapon(card=card):
                self.choose_from_pile(seat, card)
            case Drop(card=card):
                self.drop(seat, card)
            case SpendBlood():
                self.spend_blood(seat)
                self.check_survival(seat)
            case RollBump():
                self.roll_bump(seat)
            case Discard(card=card):
                self.discard_from_hand(seat, card)
            case EndTurn():
                self.end_turn(seat)

    def _settle(self) -> None:
        """After an action: a fighter who left the board in his own turn ends it (F-FRAG-01, F-META-02)."""
        turn = self.state.turn
        if self.over or self.state.pending:
            return
        if turn.phase in (Phase.ACTION, Phase.ROLL) and not self.on_board(turn.active):
            self.end_turn(turn.active)

    def _in_words(self, action: Action) -> str:
        """An action's notation with each card instance named as players know it (`play Health Booster`)."""
        return re.sub(r"[a-z0-9-]+#\d+", lambda m: self.card_name(m.group()), str(action))

    def why_illegal(self, action: Action) -> str:
        """A sentence saying why `action` cannot be taken now."""
        seat = self.decider()
        if seat is None:
            return f"{action}: the game is over"
        who = self.name(seat)
        pending = self.state.pending[-1] if self.state.pending else None
        if pending is not None:
            what = {
                "place": "place their fighter on a free respawn point",
                "react": "answer a hit (play a reaction card or pass)",
                "last_chance": "cure their fighter at Health 0 or pass and be fragged",
                "choose_from_pile": "choose one weapon from the pile",
                "bump": "roll for the respawn point they are bumped to",
                "discard_down": "discard down to 5 cards",
            }[pending.kind]
            return f"{action}: {who} must first {what}"
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

    def forecast(self, action: Attack) -> AttackForecast:
        """The exact odds of a legal attack of the decider's before he declares it: range, chance to
        hit, Health lost, frag (F-ATK-07/08/09). Public information only; nothing changes, no die is
        rolled. An attack that is not legal now raises `IllegalActionError` saying why."""
        if not isinstance(action, Attack) or not self.is_legal(action):
            raise IllegalActionError(self.why_illegal(action))
        seat = self.decider()
        assert seat is not None
        return forecast_attack(self, seat, action.target, action.weapon)

    # -- what a player may see -----------------------------------------------------------------------

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` may know (None: a spectator, who sees only what is public)."""
        from fragtui.engine.view import view_of

        return view_of(self, seat)

    # -- conveniences for tests, bots and the demo ----------------------------------------------------

    def play(self, actions: Iterable[Action | str]) -> list[Event]:
        """Apply several actions (or their notations) in order; return all their events."""
        from fragtui.engine.actions import parse_action

        events: list[Event] = []
        for action in actions:
            events.extend(self.apply(parse_action(action) if isinstance(action, str) else action))
        return events

    def seat_of(self, name: str) -> int:
        for seat, player in enumerate(self.state.players):
            if player.name == name:
                return seat
        raise KeyError(name)

    def card_count(self) -> int:
        """Every card in the game, wherever it is (it must never change)."""
        state = self.state
        total = sum(len(pile) for pile in state.decks.draw.values()) + sum(
            len(pile) for pile in state.decks.discard.values()
        )
        for player in state.players:
            total += len(player.hand) + len(player.weapons) + len(player.gadgets) + len(player.specials)
        return total + sum(len(c.cards) for c in state.counters)

    def status(self, seat: int) -> Status:
        return self.player(seat).status
