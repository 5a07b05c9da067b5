"""The engine's contract: one `Game` object answers every question the interface, bots, saves and tests ask.

    game = Game.new(config, seed=1234, board=board, cards=cards)   # or Game.from_scenario(...)
    game.deciders()           # the seats that may act now (several during a simultaneous choice), () when over
    game.decider()            # the first of them: a front end asking one seat at a time asks him
    game.legal_actions(seat)  # every action that seat may take now (the decider's, with no seat)
    events = game.apply(action, seat)   # checked: IllegalActionError, state unchanged, if not legal
    game.view(seat)           # what that seat may know: other hands and deck orders hidden
    game.state                # the whole state, a pydantic model that round-trips through JSON
    game.log                  # the actions applied, each with the dice it rolled

The engine reads no files: it is handed the board and the card set (`fragtui.content.library`
loads the shipped ones by name). This module knows no rule of any game: it checks, records, undoes
and replays, and asks its ruleset (`game.rules`, found in `fragtui.engine.rulesets` by the name the
configuration gives: `frag` plays base Frag, `fragtui.engine.frag.rules`) everything a rule decides.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from fragtui.engine.actions import Action
from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet
from fragtui.engine.choices import Choosing
from fragtui.engine.config import GameConfig
from fragtui.engine.dice import Dice
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.geometry import Move
from fragtui.engine.legal import LegalActions
from fragtui.engine.rulesets import Ruleset, find_ruleset
from fragtui.engine.state import GameState
from fragtui.engine.systems import DEFAULT_RULESET
from fragtui.errors import ConfigError, IllegalActionError, shown

if TYPE_CHECKING:
    from fragtui.engine.view import PlayerView

__all__ = ["CHECKPOINT_EVERY", "Game", "LogEntry", "state_hash"]

CHECKPOINT_EVERY = 50
"""A hash of the state is kept after every this many actions (saves store them, DESIGN "Saves")."""


def state_hash(state: GameState) -> str:
    """A short, stable fingerprint of a whole state: of its JSON (`model_dump_json`), byte for byte.

    The configuration opens that text and is the same all game (a third of a Ruthless state's text, its posses'
    cards): it is written once and kept, and the rest of the state written after it."""
    config = state.config
    known = _CONFIG_TEXT.get(id(config))
    if known is None or known[0] is not config:
        if len(_CONFIG_TEXT) >= _CONFIGS_KEPT:
            _CONFIG_TEXT.clear()
        known = _CONFIG_TEXT[id(config)] = (config, config.model_dump_json())
    rest = state.model_dump_json(exclude=_NOT_CONFIG)
    text = f'{{"config":{known[1]},{rest[1:]}'
    return hashlib.sha256(text.encode()).hexdigest()[:16]


_CONFIG_TEXT: dict[int, tuple[GameConfig, str]] = {}
"""Each configuration's JSON, by the object's id (kept beside it, so a new object at an old id is not mistaken)."""
_CONFIGS_KEPT = 64
"""Configurations whose JSON is kept (all forgotten when full: a process plays a few games at a time)."""
_NOT_CONFIG = {"config"}
"""What `state_hash` leaves out of the state's own dump (the configuration, written from `_CONFIG_TEXT`)."""


class LogEntry(NamedTuple):
    """One action applied, with the faces of the dice it rolled (saves keep these).

    A named tuple, not a pydantic model: the game makes one at every action from an action it has just found
    among the legal ones, so there is nothing to validate, and a pydantic model's validation of the action
    (the union of every kind) cost more than the rest of a Ruthless move's bookkeeping. Saves write the log
    through their own checked model (`fragtui.saves.format.SavedAction`)."""

    seat: int
    """Who took it."""
    action: Action
    """What was done."""
    dice: tuple[int, ...] = ()
    """The faces rolled while it was resolved, in order."""

    def __str__(self) -> str:
        faces = f"  [{' '.join(map(str, self.dice))}]" if self.dice else ""
        return f"{self.seat}: {self.action}{faces}"


_REVEALING = (
    CommonEventKind.CARD_DRAWN,
    CommonEventKind.SHUFFLED,
    CommonEventKind.DECK_EMPTY,
    CommonEventKind.DICE_ROLLED,
)
"""Events that tell someone something new: an action that made one cannot be taken back (`undoable`)."""


class _Decision(NamedTuple):
    """The legal actions in one state, worked out once: `legal_actions`, `is_legal` and `apply` all ask.

    A game keeps the one for its current state, stamped with the state's version (`Game._version`,
    which every change of the state bumps); one with another version is stale and worked out anew.
    """

    version: int
    """The `Game._version` of the state it was worked out in."""
    actions: LegalActions
    """Every legal action, in the order `legal_actions` gives them: the moves first (immutable: the
    same sequence is handed to every caller, and finds the action handed back, `LegalActions.find`)."""
    moves: tuple[Move, ...]
    """The move each of the first actions (the steps, jumps and hops) makes, in the same order, so
    that `apply` need not look for it again."""


class Game:
    """A game of any rule system: the checked entry point to its rules (`rules`)."""

    def __init__(self, state: GameState, board: Board, cards: CardSet, *, initial: GameState | None = None) -> None:
        """Continue the game in `state` (use `Game.new` or `Game.from_scenario` to start one).

        The ruleset is the one `state.config.ruleset` names, found in the registry: a save rebuilds
        the rule system it was played with. `initial`: a copy of `state` the caller already has and will never
        change, kept as `initial` instead of a new deep copy (a searching bot's rollouts start thousands of
        games from one imagined world).
        """
        self.rules: Ruleset = find_ruleset(state.config.ruleset)(state, board, cards)
        """The rule system: every rule is its to decide (see `fragtui.engine.rulesets`)."""
        self.rules.check_content()
        self.initial: GameState = state.model_copy(deep=True) if initial is None else initial
        """The state the game started from (replaying `log` from it gives `state`)."""
        self.log: list[LogEntry] = []
        """Every action applied, with its dice."""
        self.opening: list[Event] = []
        """Events of the set-up (dealing, rolling for first player), before any action."""
        self.checkpoints: dict[int, str] = {}
        """State hashes after every `CHECKPOINT_EVERY` actions of the log, kept as the game is played."""
        self._decision: _Decision | None = None
        self._others: dict[int, _Decision] = {}
        """The legal actions of seats choosing at once with the decider (`_choice_actions`), by seat."""
        self._version = 0
        self._undo_floor = 0
        """How many actions of the log `undo` can never take back (see `undoable`)."""
        self.quick_undo = False
        """Keep a copy of the state where each run of undoable actions begins, so that `undo`
        replays only that run instead of the whole log. The interface turns it on; bots and
        replays, which never undo, do not pay for the copies. Undo gives the same result either way."""
        self._undo_base: tuple[int, GameState] | None = None

    # -- the table the rules are played on (the ruleset's) ------------------------------------------

    @property
    def state(self) -> GameState:
        """The whole state, a pydantic model that round-trips through JSON."""
        return self.rules.state

    @property
    def board(self) -> Board:
        return self.rules.board

    @property
    def cards(self) -> CardSet:
        return self.rules.cards

    @property
    def dice(self) -> Dice:
        return self.rules.dice

    @property
    def events(self) -> list[Event]:
        """What the action being applied has done so far."""
        return self.rules.events

    # -- starting a game -------------------------------------------------------------------------

    @classmethod
    def new(cls, config: GameConfig, seed: int, *, board: Board, cards: CardSet) -> Game:
        """A new game: decks shuffled, one card of each dealt, first player rolled (F-SETUP-02/03).

        The players then place their fighters (the first decisions); `board` must be the map the
        configuration names and `cards` the card set to play with.
        """
        rules = find_ruleset(config.ruleset)
        rules.check_designs(config)
        config.check_fits(len(board.respawn_points))
        if board.ruleset not in rules.maps_for:
            raise ConfigError(
                f"the map {shown(config.map)} is drawn for {board.ruleset}: {rules.title} is not played on it"
            )
        cards = rules.played_cards(cards, config.options)  # (the set as the options play it, J-ALT)
        state = rules.initial_state(config, Dice(seed), board, cards)
        game = cls(state, board, cards)
        game.rules.start()
        game.state.dice = game.dice.state
        game.opening = game.rules.events
        game.rules.events = []
        game.initial = game.state.model_copy(deep=True)
        return game

    @classmethod
    def from_state(cls, state: GameState, *, board: Board, cards: CardSet) -> Game:
        """A game that continues from `state` (a copy is taken)."""
        return cls(state.model_copy(deep=True), board, cards)

    @classmethod
    def from_scenario(cls, scenario: object, *, board: Board, cards: CardSet) -> Game:
        """A game set up as a scenario describes (see docs/scenarios.md): a ruleset's own model (Frag's
        `fragtui.engine.frag.scenario.Scenario`), or a mapping of the same shape. The ruleset it names (`ruleset`,
        base Frag's when none) builds the state (`Ruleset.scenario_state`)."""
        if isinstance(scenario, Mapping):
            name = scenario.get("ruleset", DEFAULT_RULESET)
        else:
            name = getattr(scenario, "ruleset", DEFAULT_RULESET)
        state, all_cards = find_ruleset(str(name)).scenario_state(scenario, board, cards)
        return cls(state, board, all_cards)

    def replay(self, actions: int | None = None) -> Game:
        """A new game replaying this one's log (or its first `actions` actions) from its initial
        state, through the checked `apply`."""
        game = Game(self.initial.model_copy(deep=True), self.board, self.cards)
        for entry in self.log[:actions]:
            game.apply(entry.action, entry.seat)
        return game

    # -- the contract -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.rules.over

    def deciders(self) -> tuple[int, ...]:
        """Every seat that may act now, in order: the seats still choosing in a simultaneous choice
        (`fragtui.engine.choices`), else the one decider; empty when the game is over."""
        rules = self.rules
        if rules.over:
            return ()
        choice = rules.choice()
        if choice is not None:
            return tuple(choice.waiting(rules))
        seat = rules.decider()
        return () if seat is None else (seat,)

    def decider(self) -> int | None:
        """The seat that must decide now, or None when the game is over (the ruleset says who). During a
        simultaneous choice, the first seat still choosing: a front end that asks one seat at a time asks
        him, and the choice is played out one seat after another (`deciders` has them all)."""
        return self.rules.decider()

    def choosing(self) -> Choosing | None:
        """The simultaneous choice open now as everyone may see it (who is in it, who has chosen), or None."""
        choice = self.rules.choice()
        return None if choice is None or self.rules.over else choice.progress(self.rules)

    def legal_actions(self, seat: int | None = None) -> LegalActions:
        """Every action `seat` (by default the decider) may take now; empty when he may take none (not one
        of the `deciders`, or the game is over).

        An immutable sequence (`LegalActions`), the same one until the state changes: a list of actions, or
        parts of it described rather than made (a Ruthless model's Moves), made as they are read."""
        if seat is None or seat == self.rules.decider():
            return self._decide().actions
        return self._choice_actions(seat).actions

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        """Whether `action` may be applied now (by `seat`, by default the decider)."""
        return action in self.legal_actions(seat)

    def _decide(self) -> _Decision:
        """The legal actions in the current state: worked out on the first question after each change."""
        decision = self._decision
        if decision is None or decision.version != self._version:
            rules = self.rules
            choice = rules.choice()
            seat = rules.decider()
            if choice is not None and seat is not None and not rules.over:
                decision = self._decision = _Decision(self._version, LegalActions.of(choice.options(rules, seat)), ())
                return decision
            moves = rules.legal_moves()
            actions = LegalActions.of(rules.legal_actions(moves))
            decision = self._decision = _Decision(self._version, actions, tuple(moves))
        return decision

    def _choice_actions(self, seat: int) -> _Decision:
        """The legal actions of a seat still choosing who is not the decider (none for anyone else), kept
        for the state they were worked out in as the decider's are."""
        known = self._others.get(seat)
        if known is not None and known.version == self._version:
            return known
        rules = self.rules
        choice = rules.choice()
        actions: LegalActions = LegalActions.of([])
        if choice is not None and not rules.over and seat in choice.waiting(rules):
            actions = LegalActions.of(choice.options(rules, seat))
        if len(self._others) > 16:
            self._others.clear()
        known = self._others[seat] = _Decision(self._version, actions, ())
        return known

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply a legal action of `seat` (by default the decider) and return what happened; an illegal one
        (or one by a seat that may not act now) raises and changes nothing."""
        rules = self.rules  # (the hottest path of all: the ruleset and its state are looked up once)
        if rules.over:
            raise IllegalActionError(f"{action}: the game is over")
        decider = rules.decider()
        if seat is None or seat == decider:
            decision = self._decide()
            seat = decider
        else:
            if seat not in self.deciders():
                raise IllegalActionError(f"{action}: {self._not_deciding(seat)}")
            decision = self._choice_actions(seat)
        index = decision.actions.find(action)
        if index is None:
            raise IllegalActionError(self.why_illegal(action, seat))
        move = decision.moves[index] if index < len(decision.moves) else None
        assert seat is not None
        choice = rules.choice()
        state = rules.state
        own_turn = not state.pending and seat == decider and choice is None  # (his own decision, no one else's)
        turn = state.turn.number
        log = self.log
        if self.quick_undo and own_turn and self._undo_floor == len(log):
            self._undo_base = (len(log), state.model_copy(deep=True))  # this may begin a run
        history = rules.dice.history
        rolled = len(history)
        rules.events = []
        self._version += 1
        try:
            if choice is not None:
                choice.submit(rules, seat, action)
            else:
                rules.dispatch(seat, action, move)
            rules.settle()
        except BaseException:
            self._restore()
            raise
        dice = rules.dice.state
        if state.dice is not dice:  # (the same snapshot while no die was rolled, no deck shuffled)
            state.dice = dice
        faces = tuple(face for roll in history[rolled:] for face in roll.dice) if len(history) > rolled else ()
        del history[:]
        log.append(LogEntry(seat, action, faces))
        if len(log) % CHECKPOINT_EVERY == 0:
            self.checkpoints[len(log)] = state_hash(state)
        if not (own_turn and not faces and self._keeps_it_private(seat, turn)):
            self._undo_floor = len(log)
        return rules.events

    # -- undo ------------------------------------------------------------------------------------------

    def _keeps_it_private(self, seat: int, turn: int) -> bool:
        """Whether the action just applied told nobody anything new and left the decision with `seat`.

        Only such actions may be undone: a die rolled, a card drawn or shown to someone, a deck
        shuffled, or a decision handed to another player (a reaction, a bump, the next turn) is
        something that cannot be taken back without cheating.
        """
        rules = self.rules  # (asked after most actions: the ruleset and its state looked up once)
        state = rules.state
        if rules.over or state.pending or state.turn.number != turn or rules.decider() != seat:
            return False
        return not any(event.secret_for is not None or event.kind in _REVEALING for event in rules.events)

    def undoable(self) -> int:
        """How many of the last actions the decider may take back, one at a time (ruling S-SAVE-01).

        Undo goes back over the decider's own run of actions to, never past, the last one that told anyone
        anything: a die roll, a card drawn or shown, a choice made in secret, or a hand-off (the decision
        passing to another seat, or a decision of another's in between). Dice already rolled stay rolled, so
        undo can never re-roll. Whose turn the rules call it does not enter into it: a system without an
        active player (Real-Time Frag's segments) undoes the same way.
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
                replayed.apply(entry.action, entry.seat)
            self.checkpoints.pop(len(self.log), None)
            self.log = self.log[:-1]
        else:
            replayed = self.replay(len(self.log) - 1)
            self.log = replayed.log
            self.checkpoints = replayed.checkpoints
        self.rules = replayed.rules
        self._version += 1
        self._undo_floor = floor
        name = self.rules.name(taken_back.seat)
        return [
            Event(
                kind=CommonEventKind.UNDONE,
                text=f"{name} takes back their last action ({self.rules.in_words(taken_back.action)})",
                player=taken_back.seat,
            )
        ]

    def _restore(self) -> None:
        """Undo a half-applied action (a bug or exhausted test dice): rebuild the state from the log."""
        self.rules = self.replay().rules

    def why_illegal(self, action: Action, seat: int | None = None) -> str:
        """A sentence saying why `action` cannot be taken now (by `seat`, by default the decider)."""
        if self.over:
            return f"{action}: the game is over"
        if seat is not None and seat not in self.deciders():
            return f"{action}: {self._not_deciding(seat)}"
        if self.rules.choice() is not None:
            chooser = self.decider() if seat is None else seat
            assert chooser is not None
            return f"{action} is not among {self.rules.name(chooser)}'s choices now"
        return self.rules.why_illegal(action)

    def _not_deciding(self, seat: int) -> str:
        """Why `seat` may not act now, naming who may."""
        if not 0 <= seat < len(self.state.players):
            return f"there is no seat {seat}"
        names = " and ".join(self.rules.name(other) for other in self.deciders())
        return f"it is not {self.rules.name(seat)}'s decision (waiting for {names or 'nobody'})"

    def forecast(self, action: Action, seat: int | None = None) -> Any:
        """The exact odds of a legal attack (Frag: range, chance to hit, Health lost, frag, F-ATK-07/08/09)
        or shot (Ruthless: the modifiers, what the d10 needs, the chance of a hit, R-SHOOT-01) of the
        decider's before he declares it. Public information only; nothing changes, no die is rolled. An
        action that is not legal now raises `IllegalActionError` saying why.

        The answer is the ruleset's own model (`Ruleset.forecast`: Frag's `AttackForecast`, Ruthless's
        `ShotOdds`), which the kernel does not name: typed code narrows it (`isinstance`)."""
        if not self.is_legal(action, seat):
            raise IllegalActionError(self.why_illegal(action, seat))
        if seat is None:
            seat = self.decider()
        assert seat is not None
        return self.rules.forecast(seat, action)

    # -- what a player may see -----------------------------------------------------------------------

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` may know (None: a spectator, who sees only what is public). During a simultaneous choice
        the view says who is choosing and who has chosen (`PlayerView.choosing`), never what."""
        view = self.rules.view(seat)
        choosing = self.choosing()
        if choosing is not None:
            view = view.model_copy(update={"choosing": choosing})
        return view

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
        return self.rules.card_count()
