"""Rule systems as objects: the `Ruleset` every one of them subclasses, and the registry that finds them by name.

`fragtui.engine.game.Game` is the contract (checked `apply`, legal actions, log, undo, replay,
checkpoints, views); it knows no rule of any game. It asks its ruleset — one object, found here by
the name the configuration gives — everything a rule decides: who decides now, what he may do, what
an action does, what each seat may see. This is python-chess's shape for variants (one `Board`
subclass per variant, with hook methods, and `find_variant` so that a PGN rebuilds any of them): a
rule system is a `Ruleset` subclass registered under its name, a system that extends another
subclasses it and overrides the hooks it changes, and a save names its ruleset so that loading it
rebuilds the right one.

    @register_ruleset
    class FragRules(Ruleset):
        key = "frag"
        ...

    rules = find_ruleset("frag")          # the class; ConfigError for a name nobody registered
    find_ruleset("frag").check_options({"real-time": True})   # ConfigError for an unknown option

The built-in rulesets register themselves when their module is imported; `find_ruleset` imports them
first, so that a name is found wherever the question comes from (a save, a scenario, the command line).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict

from fragtui.engine.choices import SimultaneousChoice
from fragtui.engine.dice import FACES, Dice, Roll
from fragtui.engine.events import CommonEventKind, Event, EventKind, new_event
from fragtui.engine.fighters import FighterId
from fragtui.engine.systems import BUILTIN_RULESETS, load_systems
from fragtui.engine.turn_structure import TurnStructure, declare_phases
from fragtui.errors import ConfigError, IllegalActionError, shown

if TYPE_CHECKING:
    from fragtui.engine.actions import Action
    from fragtui.engine.board import Board, Square, Terrain
    from fragtui.engine.cards import CardSet
    from fragtui.engine.config import GameConfig, Seat
    from fragtui.engine.decisions import ResponseWindow, WindowContext, WindowPoint
    from fragtui.engine.geometry import Move, Route
    from fragtui.engine.scoring import ScoringRule
    from fragtui.engine.state import GameState
    from fragtui.engine.view import PlayerView

__all__ = [
    "BUILTIN_RULESETS",
    "OptionSpec",
    "OptionValue",
    "RosterEntry",
    "Ruleset",
    "find_ruleset",
    "register_ruleset",
    "ruleset_names",
]

OptionValue = bool | int | str
"""What an option of a ruleset may be set to: a switch, a number, or one of named choices."""

_REGISTRY: dict[str, type[Ruleset]] = {}


class OptionSpec(BaseModel):
    """One option a ruleset offers (a house rule, a Frag Tag mode, real-time play): what it is called,
    what it does, and which values it takes. The set-up screen lists them; the configuration is
    checked against them."""

    model_config = ConfigDict(frozen=True)

    name: str
    """Its name in configurations, scenarios, saves and on the command line (`wounds`, `tag-mode`)."""
    summary: str
    """One line saying what it changes, for the set-up screen."""
    default: OptionValue
    """Its value when the configuration does not set it (a switch: False)."""
    choices: tuple[str, ...] = ()
    """For an option of named choices: every value it may take."""
    rule: str | None = None
    """The rule ID it implements (`H-WOUND-01`), for the full text on demand."""
    text: str = ""
    """Its full text on demand (the set-up screen's `?`, `house_text`), where its rule's text is not kept
    by rule ID (`HOUSE_TEXTS`); empty: that text, or else the summary."""

    def check(self, value: object) -> OptionValue:
        """The value, if this option may take it; otherwise a `ConfigError` saying what it takes."""
        kind = type(self.default)
        if kind is bool and not isinstance(value, bool):
            raise ConfigError(f"option {shown(self.name)} is a switch (true or false), not {shown(value)}")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ConfigError(f"option {shown(self.name)} takes a whole number, not {shown(value)}")
        if kind is str and (not isinstance(value, str) or (self.choices and value not in self.choices)):
            raise ConfigError(f"option {shown(self.name)} takes one of {', '.join(self.choices)}, not {shown(value)}")
        assert isinstance(value, bool | int | str)
        return value


class RosterEntry(BaseModel):
    """One fighter of a ruleset's roster of unique fighters (Frag Deadlands' six), as players read him:
    what the set-up screen's portrait and the record sheet print. The interface asks `Ruleset.roster`
    for these and never a ruleset's own types, so a new roster needs no change to it."""

    model_config = ConfigDict(frozen=True)

    key: str
    """What `Seat.character` is set to for him (`huckster`)."""
    title: str
    """His name for players (`Huckster`)."""
    portrait: str
    """A line about who he is."""
    lines: tuple[tuple[str, str], ...] = ()
    """What his record sheet prints, each a heading and its words (`("Drawback", "...")`), in order."""
    weapon: str | None = None
    """The name of the starting weapon his sheet prints in place of Frag's `Pistol` (`Gatling Pistol`);
    None: the Pistol."""
    cheat: str = ""
    """What his ability gets him when used as an action (`Cheat`), said after the cards it costs, for the
    action list (`for the top card of the hex discard pile`); empty where it is no action of his."""


class Ruleset:
    """One rule system, bound to one game: its state, board, cards and dice, and every rule.

    `Game` calls the hooks below and nothing else; a subclass implements them (base Frag does it in
    `fragtui.engine.frag.rules.FragRules`) and a system that extends another overrides the hooks it
    changes. The primitives every rule system uses — rolling recorded dice, telling what happened —
    are here, so that each system rolls and reports the same way and replays exactly.
    """

    key: ClassVar[str]
    """The name configurations, saves and the command line give it (`frag`, `deadlands`, `ruthless`)."""
    title: ClassVar[str]
    """Its name for players (`Frag`, `Frag Deadlands`)."""
    summary: ClassVar[str] = ""
    """One line for the set-up screen."""
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    """The options it offers; a configuration naming any other is refused."""
    maps_for: ClassVar[frozenset[str]] = frozenset()
    """The rule systems whose maps it plays on (a map's `ruleset` header): a game on any other map is
    refused when it is set up (Frag plays Deadlands maps too, their Western features inert)."""
    turn_structure: ClassVar[TurnStructure]
    """Its turn, as data: the phases (or segments) and the kinds of action each allows
    (`fragtui.engine.turn_structure`); `state.turn.phase` names one of them."""
    default_bot: ClassVar[str] = "heuristic"
    """The kind of computer player `fragtui simulate` seats when none is named (one that plays it)."""
    harness_players: ClassVar[tuple[int, ...] | None] = None
    """How many players the random-game harness and the determinism pins seat at its games; None: the tests'
    own counts (4 to 6, as Frag's have always been). Ruthless is played by 2–4 posses."""
    player_counts: ClassVar[tuple[int, int]] = (2, 6)
    """The fewest and the most players at one of its games, for the set-up screen's seats (Frag: 2 to 6, the
    box's six fighters; Ruthless: 2 to 4 posses). A map's own range and respawn points may narrow it."""
    frag_target_played: ClassVar[bool] = True
    designs_fighters: ClassVar[bool] = False
    """Whether each seat designs the fighter he plays (`Seat.fighter`: Frag's record sheet, F-SETUP-01): a
    configuration with a seat without a design is then refused, and `check_designs` holds a new game's designs
    to the rules. False (a seat needs none): Ruthless's posses, a ruleset whose seats are only names."""
    tally_words: ClassVar[tuple[str, str, str]] = ("frags", "deaths", "damage")
    """What a seat's record counts (the kernel's `Player.frags`, `record.deaths`, `record.damage_dealt`/`taken`), as
    the tables of `fragtui simulate` head them: Frag's frags, deaths and damage; Ruthless's gunfighters
    killed, lost and wounds."""
    """Whether its games are won at the frag target (`target_of`: Frag's, F-WIN-01) or a mode's points:
    the set-up screen shows the field, and the ready line says it, only where they are (not Ruthless)."""
    harness_modes: ClassVar[str | None] = None
    """The option whose every choice but its default the random-game harness plays in games of their own (Frag
    Tag's `objective`, J-TAG-01..04: `fragtui.engine.harness.objective_modes`); None: it has no such option."""
    harness_altered: ClassVar[str | None] = None
    """The switch that plays altered cards (`altered-cards`, J-ALT-01/02), which the random-game harness turns on
    in half its games of them (`fragtui.engine.harness.random_altered_cards`); None where it has none."""
    harness_real_time: ClassVar[str | None] = None
    """The switch that plays another turn of the same rules (Real-Time Frag's `real-time`, J-RT-01..10), which the
    random-game harness and the determinism pins play in games of their own (`fragtui.engine.harness.real_time`);
    None where it has none."""
    map_points: ClassVar[str] = "respawn point"
    """What a map's numbered points are in its games, in the words a square's description uses (`respawn point
    3`; Ruthless's posses only deploy around them)."""
    unplayed_terrain: ClassVar[frozenset[Terrain]] = frozenset()
    """Map features its games make no use of once play starts: its game screens draw and name them as the floor
    (Ruthless: the numbered points, where the posses deploy, and the flag square Frag Tag's flag starts on)."""
    windows: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {}
    """The response window it opens at each point of its rules where someone may answer
    (`responders`); each class is registered (`fragtui.engine.decisions.register_decision`)."""
    kill_events: ClassVar[frozenset[EventKind]] = frozenset()
    """The events that mark a kill in its games (Frag: a frag; Ruthless: a model killed; none by default): where
    a replay's "next frag" key stops."""

    scenario_model: ClassVar[type[BaseModel] | None] = None
    """What a scenario of its games says (docs/scenarios.md): the scenario loader reads a scenario's TOML as this
    model and `scenario_state` builds the position from it; None: it has no scenarios."""

    state_type: ClassVar[type[GameState]]
    """The state its games keep: the kernel's `GameState` subclassed with the system's own fields (Frag's turn
    record, Ruthless's table). A state read from JSON as a `GameState` is read as this (`GameState` hands it on),
    so saves, scenarios and checkpoints validate whole."""

    state: GameState
    board: Board
    cards: CardSet
    dice: Dice
    events: list[Event]
    """What happened during the action being applied (the `Game` hands them out and clears them)."""

    def __init__(self, state: GameState, board: Board, cards: CardSet) -> None:
        self.state = state
        self.board = board
        self.cards = self.played_cards(cards, state.config.options)
        self.dice = Dice.from_state(state.dice)
        self.events = []

    # -- the registry's questions ------------------------------------------------------------------

    @classmethod
    def option(cls, name: str) -> OptionSpec:
        """The option called `name`; a `ConfigError` if this ruleset has none of that name."""
        for spec in cls.options:
            if spec.name == name:
                return spec
        offered = ", ".join(spec.name for spec in cls.options) or "none"
        raise ConfigError(f"{cls.title} has no option {shown(name)} (its options: {offered})")

    @classmethod
    def house_rules(cls) -> tuple[str, ...]:
        """The names of its options that are house rules (switches the random-game harness plays on and off, a
        random set of them each game: `fragtui.engine.harness.random_house_rules`), in the order the harness
        draws them; none by default."""
        return ()

    @classmethod
    def map_words(cls, board: Board) -> str:
        """A map's room for its games, as the set-up's map box says it: `2-4 players, 4 respawn points`."""
        return f"{board.players_min}-{board.players_max} players, {len(board.respawn_points)} respawn points"

    @classmethod
    def check_options(cls, options: Mapping[str, object]) -> dict[str, OptionValue]:
        """The options of a configuration, each checked against what this ruleset offers."""
        return {name: cls.option(name).check(value) for name, value in options.items()}

    @classmethod
    def check_config(cls, config: GameConfig) -> None:
        """Refuse a configuration this ruleset cannot play beyond its options (a `ConfigError` saying
        why): the seats' characters, where it has a roster of unique fighters. The default refuses any
        character (a ruleset without a roster designs its fighters only)."""
        for seat in config.seats:
            if seat.character is not None:
                raise ConfigError(
                    f"{seat.name} plays {shown(seat.character)}, but {cls.title} has no characters to play"
                )
            if seat.posse is not None:
                raise ConfigError(f"{seat.name} leads a posse, but {cls.title} is played with one fighter each")

    @classmethod
    def check_designs(cls, config: GameConfig) -> None:
        """Refuse a seat a new game may not start with (a `ConfigError` saying why), asked when a game is set up
        (`Game.new`, the set-up screen) but not when a scenario or a save is read: Frag's design rules
        (F-SETUP-01). The default has nothing to check."""

    raises: ClassVar[Mapping[str, str]] = {}
    """What the winner of a tournament game may raise by 1 for the next (F-WIN-02), by the name a tournament
    records (`GameResult.raised`), and what each buys in a few words (Frag's stats: `health`, `speed`,
    `accuracy`); empty where its seats raise nothing."""

    @classmethod
    def raise_seat(cls, seat: Seat, raised: str) -> Seat:
        """`seat` as it plays the next tournament game once its fighter, the last game's winner, has raised
        `raised` (one of `raises`) by 1: Frag's F-WIN-02. A `ConfigError` where it cannot be raised (the default:
        this ruleset's seats raise nothing)."""
        raise ConfigError(f"{seat.name} has nothing to raise in a tournament of {cls.title}")

    @classmethod
    def roster(cls) -> tuple[RosterEntry, ...]:
        """The unique fighters each seat picks one of (`Seat.character`), in the order players meet them;
        none for a ruleset whose fighters are designed only (base Frag)."""
        return ()

    @classmethod
    def posse_roster(cls) -> Any:
        """The character cards and fixed posses a seat picks its posse from, where each seat leads a posse
        (`Seat.posse`: Ruthless, R-SEQ-02): the set-up screen then offers posses in place of fighter designs.
        None (the default, Frag's way): each seat plays one fighter. Its type is the system's (Ruthless's
        `fragtui.engine.ruthless.pieces.Roster`): the kernel does not name it."""
        return None

    @classmethod
    def posse_budget(cls, options: Mapping[str, OptionValue]) -> int | None:
        """The most points a posse may cost under `options` (the configuration's), where seats lead posses:
        what the set-up screen counts a posse built by hand against. None where they lead none (Frag)."""
        return None

    @classmethod
    def seat_words(cls, seat: Seat) -> str:
        """What a seat plays, in a few words for `fragtui simulate`, `fragtui verify` and the saves' lists:
        Frag's design (`H3 S2 A2`), after the roster fighter's title where the seat plays one
        (`Huckster, H3 S2 A2`); a ruleset of posses names the posse."""
        titles = {entry.key: entry.title for entry in cls.roster()}
        character = seat.character
        design = str(seat.fighter) if seat.fighter is not None else ""
        if character is None:
            return design
        return f"{titles.get(character, character)}, {design}" if design else titles.get(character, character)

    @classmethod
    def goal_words(cls, options: Mapping[str, OptionValue], target: int | None) -> str:
        """What a game with `options` and `target` (`target_of` its configuration) is played for, in a few words
        after its map (`fragtui simulate`'s headings, `fragtui verify`): Frag's frag target (`to 3 frags`,
        F-WIN-01); Ruthless's scenario (`for a showdown, sundown at turn 12`). The base: the target's frags, or
        that it has none."""
        if target is None:
            return "to no set score"
        return f"to {target} frag{'s' * (target != 1)}"

    @classmethod
    def target_of(cls, config: GameConfig) -> int | None:
        """The score that wins a game of `config` as its players set it, where its rules have one
        (`frag_target_played`): Frag's frag target (F-WIN-01, the configuration's part Frag registers and reads,
        `engine/frag/target.py`). None: the base knows no system's target, and the kernel's configuration names
        none (issue 32)."""
        return None

    goal_options: ClassVar[frozenset[str]] = frozenset()
    """The options its `goal_words` already say (Frag Tag's mode and points, Ruthless's scenario and
    sundown): `options_words` leaves them out."""

    @classmethod
    def options_words(cls, options: Mapping[str, OptionValue]) -> str | None:
        """The options a game is played with, beyond those its goal says, in a few words for `fragtui verify`
        and the saves' lists (`options: wounds, scatter, budget 60`); None when every one is at its default."""
        changed = []
        for spec in cls.options:
            value = options.get(spec.name, spec.default)
            if spec.name in cls.goal_options or value == spec.default:
                continue
            changed.append(spec.name if value is True else f"{spec.name} {value}")
        return "options: " + ", ".join(changed) if changed else None

    def score_words(self, seat: int) -> str:
        """Where `seat` stands, in a few words for `fragtui verify` and the saves' lists: what his record
        counts first (`tally_words`: Frag's `2 frags`, Ruthless's `3 kills`); a ruleset won by another score
        says that score."""
        return f"{self.state.players[seat].frags} {self.tally_words[0]}"

    def plays_flag_squares(self) -> bool:
        """Whether this game plays on the map's flag squares (a Frag Tag objective), so that its save fingerprints
        where they stand; no game does by default, and a save of it is written as it always was."""
        return False

    def scores_to_keep(self) -> dict[int, str]:
        """The scores a save's summary keeps beside the frags, by seat, in `score_words`: none where the frags
        say where everyone stands (the default, and Frag played to its frag target), so that such a save is
        written as it always was; Frag Tag's points modes keep their points (J-TAG-03/04)."""
        return {}

    @classmethod
    def table_words(cls, config: GameConfig, map_title: str) -> str | None:
        """The game set up, in one line for the set-up screen's ready line (`Ruthless, a showdown on Main
        Street, ...`); None: the screen's own words, Frag's (the players, the map, the frag target or the
        Frag Tag mode played)."""
        return None

    @classmethod
    def path_warnings(cls) -> Mapping[Terrain, str]:
        """What entering a square of a terrain sets off under these rules, in a few words for the path the
        interface shows (Frag Deadlands' tentacles: `beast: Accuracy check`); none where the path's hazard
        count says enough (base Frag)."""
        return {}

    @classmethod
    def card_folders(cls, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """The folders of shipped card files this ruleset plays with under `options` (the configuration's),
        relative to `cards/`: `""` is base Frag's set, `"deadlands"` Frag Deadlands'. The content
        library loads them as one set (`fragtui.content.library.card_set`)."""
        return ("",)

    @classmethod
    def played_cards(cls, cards: CardSet, options: Mapping[str, OptionValue]) -> CardSet:
        """The card set as this ruleset plays it under `options`: `cards` as printed by default; base
        Frag's altered cards (J-ALT-01/02) swap in the cards' altered text. A game applies it to the
        set it is given, and the content library to the set it loads (`cards_for`), so a save's
        fingerprint is of the cards played; it must give the same set when given its own answer."""
        return cards

    def option_value(self, name: str) -> OptionValue:
        """The value the game's configuration gives `name`, or the option's default."""
        spec = self.option(name)
        return self.state.config.options.get(name, spec.default)

    # -- setting a game up -----------------------------------------------------------------------

    @classmethod
    def initial_state(cls, config: GameConfig, dice: Dice, board: Board, cards: CardSet) -> GameState:
        """The state before the first decision: decks shuffled on `dice`, nothing dealt yet."""
        raise NotImplementedError

    @classmethod
    def scenario_state(cls, scenario: object, board: Board, cards: CardSet) -> tuple[GameState, CardSet]:
        """The state a scenario sets up (docs/scenarios.md: `scenario` is the ruleset's own model of one, or a
        mapping of its shape), with the card set it is played with; a `ConfigError` where the ruleset has no
        scenarios (the default)."""
        raise ConfigError(f"{cls.title} has no scenarios to set a game up from")

    def start(self) -> None:
        """Set the game up from `initial_state` (deal, roll for the first player): the opening events."""
        raise NotImplementedError

    @classmethod
    def random_seats(cls, rng: Random, players: int) -> list[dict[str, object]]:
        """Seats for `players` players chosen with `rng` (`GameConfig.seats` items): what the random-game
        harness and the determinism pins set a game of this ruleset up with."""
        raise NotImplementedError

    def check_content(self) -> None:
        """Refuse a card set or a state this ruleset cannot play (a `ConfigError` saying why)."""

    # -- the contract's questions ------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        raise NotImplementedError

    def decider(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        raise NotImplementedError

    def choice(self) -> SimultaneousChoice | None:
        """The simultaneous choice open now, if any (`fragtui.engine.choices`): every seat still choosing in it
        decides at once. By default the pending decision on top when it is one; a ruleset whose turn has a phase
        of choosing together (Ruthless's initiative) overrides this."""
        pending = self.state.pending
        if pending:
            top = pending[-1]
            if isinstance(top, SimultaneousChoice):
                return top
        return None

    def legal_moves(self) -> list[Move]:
        """The moves over the board the decider may make now (the first of his legal actions)."""
        return []

    def moves(self, seat: int) -> list[Move]:
        """The single moves over the grid `seat`'s fighter may make now (none in a ruleset without a grid)."""
        return []

    def routes(self, seat: int) -> dict[Square, Route]:
        """Where `seat`'s fighter may end his movement now, each with the cheapest way there."""
        return {}

    def legal_actions(self, moves: list[Move]) -> Sequence[Action]:
        """Every action the decider may take now, the moves (`legal_moves`, as actions) first: a list, or a
        `fragtui.engine.legal.LegalActions` whose parts describe runs of like actions without making them."""
        raise NotImplementedError

    def dispatch(self, seat: int, action: Action, move: Move | None) -> None:
        """Do what a legal `action` of `seat` says (`move`: the move a step, jump or hop makes)."""
        raise NotImplementedError

    def settle(self) -> None:
        """After every action: whatever the rules do on their own before the next decision."""

    def why_illegal(self, action: Action) -> str:
        """A sentence saying why `action` cannot be taken now."""
        return f"{action} is not legal now"

    def in_words(self, action: Action) -> str:
        """An action as players would say it (for the log: `play Health Booster`)."""
        return str(action)

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` may know (None: a spectator)."""
        raise NotImplementedError

    def scoring(self) -> ScoringRule:
        """How this game is won (`fragtui.engine.scoring`): the rules ask it at every moment something
        scores, never compare a score with a target themselves. Base Frag: the frag target (F-WIN-01);
        Frag Tag's modes answer their own rule."""
        raise NotImplementedError

    def forecast(self, seat: int, action: Action) -> BaseModel:
        """The exact odds of a legal attack or shot before it is declared, where the ruleset offers them, as a
        model of its own: Frag's `Attack` gives an `AttackForecast` (F-ATK-07/08), Ruthless's `Shoot` a `ShotOdds`
        (R-SHOOT-01). The kernel names neither: a ruleset's override says its type."""
        raise IllegalActionError(f"{action}: {self.title} offers no forecast")

    def card_count(self) -> int:
        """Every card in the game, wherever it is (it must never change)."""
        raise NotImplementedError

    def promise_snapshot(self) -> object:
        """What `broken_promise` compares with, taken before an action (the random-game harness)."""
        return None

    def broken_promise(self, before: object | None, after: Action | None) -> str | None:
        """Which of this ruleset's invariants the state breaks (after `after`, from `before`), or None."""
        return None

    def name(self, seat: int) -> str:
        """The player's name at `seat`."""
        return self.state.players[seat].name

    # -- fighters and the seats that own them --------------------------------------------------------

    def fighters(self) -> list[FighterId]:
        """Every fighter of the game, in order. Actions and events name fighters (`Attack.target`), and a
        seat owns one fighter at a time or several (a Ruthless posse, R-SEQ-02). The default is one
        fighter per seat, numbered as the seats (base Frag, F-SETUP-01); a ruleset of posses overrides
        these three hooks together."""
        return list(range(len(self.state.players)))

    def owner(self, fighter: FighterId) -> int:
        """The seat that owns (and decides for) `fighter`."""
        if not 0 <= fighter < len(self.state.players):
            raise IndexError(f"no fighter {fighter}")
        return fighter

    def fighters_of(self, seat: int) -> list[FighterId]:
        """The fighters `seat` owns, in order."""
        if not 0 <= seat < len(self.state.players):
            raise IndexError(f"no seat {seat}")
        return [seat]

    # -- response windows (`fragtui.engine.decisions`) -----------------------------------------------

    def responders(self, point: WindowPoint, context: WindowContext) -> list[int]:
        """The seats who may answer, in order, at `point` of the rules (none: the rules go on at once)."""
        return []

    def open_window(self, point: WindowPoint, context: WindowContext, **fields: object) -> bool:
        """Open the ruleset's window at `point` if anyone may answer (`fields`: what its class holds
        besides the queue); False when nobody may, and the rules go on as if there were no window.

        The rules may skip asking at a point where the ruleset has no window class (`windows`): nobody
        can answer there, and on a hot path (every step) no context need be made for nobody."""
        seats = self.responders(point, context)
        if not seats:
            return False
        window = self.windows.get(point)
        if window is None:  # a ruleset's own bug: it names responders but registered no window class
            raise NotImplementedError(f"{self.title} lets seats answer at {point.value} but has no window for it")
        self.state.pending.append(window.open(seats, context, **fields))
        return True

    def pass_window(self, window: ResponseWindow) -> None:
        """The window's decider passes: the next seat in its queue answers, or, after the last, it
        closes and the rules go on (`ResponseWindow.close`)."""
        if window.next_responder():
            return
        pending = self.state.pending
        del pending[next(i for i in range(len(pending) - 1, -1, -1) if pending[i] is window)]
        window.close(self)

    def phase_title(self, phase: str) -> str:
        """The phase `phase` as the status line names it: its turn structure's title (a ruleset may say more)."""
        return self.turn_structure.phase(phase).title

    # -- primitives every rule system uses -------------------------------------------------------------

    def emit(self, kind: EventKind, text: str, **fields: object) -> Event:
        """Tell the table what happened (made as `Event(kind=kind, text=text, **fields)` makes it: `new_event`)."""
        event = new_event(kind, text, fields)
        self.events.append(event)
        return event

    def roll(self, n: int, reason: str, seat: int | None = None, sides: int = FACES) -> Roll:
        """Roll `n` dice (d6 unless `sides` says), record them as a `DiceRolled` event, and return the roll."""
        result = self.dice.roll(n, reason, sides)
        who = f"{self.name(seat)}: " if seat is not None else ""
        self.emit(_DICE_ROLLED, f"{who}{result}", player=seat, roll=result)
        return result


_DICE_ROLLED = CommonEventKind.DICE_ROLLED
"""The event kind of every roll (`Ruleset.roll`), as a module global: in Python 3.11 a member read off its enum goes
through the enum metaclass's attribute hook, a call."""


def register_ruleset(cls: type[Ruleset]) -> type[Ruleset]:
    """Register a rule system under its `key` (a class decorator); a second one of a key is a bug.

    Its phases' names become known to states and views read from JSON (`PhaseName`)."""
    known = _REGISTRY.get(cls.key)
    if known is not None and known is not cls:
        raise ValueError(f"two rulesets are called {cls.key!r}: {known.__qualname__} and {cls.__qualname__}")
    declare_phases(cls.turn_structure)
    _REGISTRY[cls.key] = cls
    return cls


def ruleset_names() -> tuple[str, ...]:
    """The names of every ruleset this version plays, the built-in ones in `BUILTIN_RULESETS`' order (the
    default, `frag`, first) whatever order their modules were imported in (the bots import Ruthless's
    rules before anyone asks), then any other in the order registered."""
    load_systems()

    def rank(name: str) -> int:
        module = _REGISTRY[name].__module__
        return BUILTIN_RULESETS.index(module) if module in BUILTIN_RULESETS else len(BUILTIN_RULESETS)

    return tuple(sorted(_REGISTRY, key=rank))


def find_ruleset(name: str) -> type[Ruleset]:
    """The ruleset registered as `name`; a `ConfigError` naming the ones there are if none is."""
    load_systems()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ConfigError(f"{shown(name)}: this version of fragtui plays only {', '.join(ruleset_names())}") from None
