"""Base Frag as a ruleset: the rules of ../shared/RULES.md's F-* answering the `Game`'s questions.

`FragRules` puts the parts of the rulebook together — `Core` (stats from cards in play, drawing and
discarding), `Turns` (set-up, the turn's phases, respawning), `Leftovers`, `Combat`, `Moving` and
`Playing` (cards from hand) — and answers the hooks of `fragtui.engine.rulesets.Ruleset`: which
actions are legal in each phase and pending decision, what an action does, what each seat may see.
A system that extends Frag (Frag Deadlands) subclasses `FragRules` and overrides the hooks it changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from operator import attrgetter
from random import Random
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from pydantic import ValidationError

from fragtui.engine.actions import Action, EndTurn, Hop, Jump, Pass, Step, action_of_move
from fragtui.engine.board import Board, distance
from fragtui.engine.cards import CardDef, CardSet, Handler
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.decisions import ResponseWindow, WindowContext, WindowPoint
from fragtui.engine.dice import Dice
from fragtui.engine.events import EventKind
from fragtui.engine.frag.actions import (
    Attack,
    Drop,
    DropFlag,
    PickUp,
    PlayCard,
    Respawn,
    RollBump,
    RollMovement,
    SpendBlood,
    TakeFlag,
)
from fragtui.engine.frag.altered import ALTERED_CARDS, ALTERED_OPTIONS, altered_cards_on
from fragtui.engine.frag.decisions import LastChance, React
from fragtui.engine.frag.design import RAISE_WORDS, FighterDesign, Stat, all_designs
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.forecast import AttackForecast, forecast_attack
from fragtui.engine.frag.house import HOUSE_RULES, PISTOL_WHIP
from fragtui.engine.frag.playing import HANDLERS, Playing
from fragtui.engine.frag.scenario import Scenario, build_state
from fragtui.engine.frag.state import FragState, Phase, PlayerState, Status
from fragtui.engine.frag.tag import OBJECTIVE, TAG_OPTIONS, TARGET, goal_in_words, winning_words
from fragtui.engine.frag.target import DEFAULT_FRAG_TARGET, frag_target
from fragtui.engine.frag.view import view_of
from fragtui.engine.geometry import Move
from fragtui.engine.realtime.turn import REAL_TIME, REAL_TIME_OPTION, real_time_on
from fragtui.engine.rulesets import OptionSpec, OptionValue, register_ruleset
from fragtui.engine.scoring import FRAG_TARGET, FragTarget
from fragtui.engine.state import GameState
from fragtui.engine.turn_structure import PhaseSpec, TurnStructure
from fragtui.errors import ConfigError, IllegalActionError, shown, validation_problem

if TYPE_CHECKING:
    from fragtui.engine.view import PlayerView

__all__ = ["DEADLANDS_CARDS", "FRAG_TURN", "FragRules", "Offer", "design_of"]

DEADLANDS_CARDS = "deadlands-cards"
"""Base Frag's option that shuffles the Frag Deadlands set in (D-CARD-06)."""
HEXES_DECK = "hexes"
"""The Frag Deadlands deck base Frag's rules leave out with `deadlands-cards`: nobody may play a hex
under them (D-CARD-06)."""

# The actions without parameters, made once: they are offered at almost every decision, and an action
# is immutable, so the same one can be handed out again and again.
_RESPAWN = Respawn()
_ROLL = RollMovement()
_BLOOD = SpendBlood()
_PASS = Pass()

# Enum members read on the hot paths below, kept as module globals: in Python 3.11 a member read off its enum
# (`Status.IN_PLAY`) goes through the enum metaclass's attribute hook, several times dearer than a global.
_PHASE_OVER = Phase.OVER
_BUMP = RollBump()
_END_TURN = EndTurn()

_attack = lru_cache(maxsize=1 << 12)(Attack)
"""`Attack(target=..., weapon=...)`, made once: the same few are offered decision after decision, and an
action is immutable, so one can be handed out again and again."""


FRAG_TURN = TurnStructure(
    phases=(
        PhaseSpec(
            name=Phase.SETUP,
            title="placing fighters",
            refusal="{who} must first place their fighter on a free respawn point",
            rule="F-SETUP-03",
        ),
        PhaseSpec(
            name=Phase.RESPAWN,
            title="respawn",
            allows=(Respawn,),
            refusal="{who}'s fighter is out of play; {who} must first respawn",
            rule="F-TURN-01",
        ),
        PhaseSpec(
            name=Phase.ROLL,
            title="roll for movement",
            allows=(RollMovement, PlayCard, SpendBlood),
            needs_fighter=True,
            refusal="{who} must roll for movement (or declare a teleport card) before anything else",
            rule="F-TURN-01",
        ),
        PhaseSpec(
            name=Phase.ACTION,
            title="move, attack, play cards",
            allows=(Step, Jump, Hop, Attack, PlayCard, PickUp, TakeFlag, Drop, DropFlag, SpendBlood, EndTurn),
            moves=True,
            needs_fighter=True,
            refusal="{who} may now move, attack, play cards, pick up, drop or end the turn",
            rule="F-TURN-01",
        ),
        PhaseSpec(name=Phase.OVER, title="game over", refusal="the game is over", rule="F-WIN-01"),
    )
)
"""Base Frag's turn (F-TURN-01): 1 the respawn check, 2 the roll for movement (or a teleport card) before
anything else, 3 moving, powering up and attacking in any order (and in keep-away, J-TAG-03, taking up
and putting down the flag), 4 the end of the turn (the `EndTurn` action); set-up before the first turn,
and the game's end. The active player takes them, turns passing in
seat order."""

Offer = Callable[["FragRules", int, "list[Move]", "list[Action]"], None]
"""Adds the legal actions of some kinds, for the active seat, to a list (see `FragRules.OFFERS`)."""


class _Before(NamedTuple):
    """The few facts of a state the invariants compare with after an action."""

    frags: tuple[int, ...]
    turn: int
    acting: tuple[int, ...]


def design_of(seat: Seat) -> FighterDesign:
    """The fighter `seat` designed: every seat of Frag has one (`Ruleset.designs_fighters`, checked when its
    configuration is built)."""
    if seat.fighter is None:
        raise ConfigError(f"{seat.name} has no fighter design: Frag needs one for each seat")
    design: FighterDesign = seat.fighter  # (the seat's part Frag registers: `fragtui.engine.frag.design`)
    return design


@register_ruleset
class FragRules(Playing):
    """Base Frag (F-*): the rulebook's game, as the `Game` plays it."""

    key = "frag"
    title = "Frag"
    summary = "The board game Frag: design a fighter, pick up weapons, frag the others first."
    maps_for = frozenset({"frag", "deadlands"})
    turn_structure = FRAG_TURN
    designs_fighters = True  # (each seat designs his fighter: F-SETUP-01)
    windows: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {WindowPoint.AFTER_HIT: React}
    """Frag's one response window: the target of a hit may play a reaction card (F-META-02)."""
    kill_events: ClassVar[frozenset[EventKind]] = frozenset({FragEventKind.FRAGGED})

    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name=DEADLANDS_CARDS,
            summary="Mix in the Deadlands cards (no hexes).",
            default=False,
            rule="D-CARD-06",
        ),
        *HOUSE_RULES,
        *TAG_OPTIONS,
        *ALTERED_OPTIONS,
        REAL_TIME_OPTION,
    )
    """Base Frag's options: mixing in the Frag Deadlands set (D-CARD-06), Franklin's house rules (H-*), Frag
    Tag's modes, the altered cards and Real-Time Frag's turn (J-*)."""

    goal_options: ClassVar[frozenset[str]] = frozenset({OBJECTIVE, TARGET})
    harness_modes = OBJECTIVE
    harness_altered = ALTERED_CARDS
    harness_real_time = REAL_TIME

    scenario_model: ClassVar[type[Scenario]] = Scenario
    """What a scenario of Frag (and of the systems built on it) says (frag/scenario.py)."""

    @classmethod
    def scenario_state(cls, scenario: object, board: Board, cards: CardSet) -> tuple[GameState, CardSet]:
        """A Frag or Frag Deadlands position (`fragtui.engine.frag.scenario`)."""
        if not isinstance(scenario, Scenario):
            scenario = Scenario.model_validate(scenario)
        state, cards = build_state(scenario, board, cards)
        if real_time_on(state.config.options):  # Real-Time Frag: its turn begins, to its first question
            rules = cls(state, board, cards)
            state.turn.number -= 1  # (the scenario's `turn_number` is the turn that begins)
            rules.turn_policy.start_play(state.turn.active)
            rules.settle()
            rules.state.dice = rules.dice.state
        return state, cards

    @classmethod
    def house_rules(cls) -> tuple[str, ...]:
        """Franklin's house rules (`HOUSE_RULES`, H-*) this ruleset offers, in their order."""
        return tuple(spec.name for spec in HOUSE_RULES if spec in cls.options)

    @classmethod
    def goal_words(cls, options: Mapping[str, OptionValue], target: int | None) -> str:
        """The frag target, or the Frag Tag mode and what wins it (`King of the Hill, to 10 points`)."""
        return goal_in_words(options, target if target is not None else DEFAULT_FRAG_TARGET)

    @classmethod
    def target_of(cls, config: GameConfig) -> int | None:
        """Frag's frag target (F-WIN-01), Frag's own part of the configuration (`engine/frag/target.py`)."""
        return frag_target(config)

    def score_words(self, seat: int) -> str:
        """His score under the game's scoring rule (`2 frags`); a mode won by points says his frags too
        (`3 points (1 frag)`: they still happened, J-TAG-03/04)."""
        scoring = self.scoring()
        words = scoring.score_words(scoring.score_of(self.state, seat))
        if isinstance(scoring, FragTarget):
            return words
        return f"{words} ({FRAG_TARGET.score_words(self.state.players[seat].frags)})"

    def plays_flag_squares(self) -> bool:
        """A Frag Tag mode's game plays on the map's flag squares (J-TAG-03/04)."""
        return self.state.objective is not None

    def scores_to_keep(self) -> dict[int, str]:
        """Every seat's score where a mode is won by points (J-TAG-03/04): the frags do not say it."""
        if isinstance(self.scoring(), FragTarget):
            return {}
        return {seat: self.score_words(seat) for seat in self.seats()}

    @classmethod
    def table_words(cls, config: GameConfig, map_title: str) -> str:
        """`4 players on Foundry, first to 3 frags wins`: the players, the map and what wins, a Frag Tag
        mode by its name and target (`winning_words`); Real-Time Frag says so first (`Real-Time, 4 players ...`,
        J-RT-01); a ruleset built on Frag's names itself before all (`Frag Deadlands, Real-Time, ...`)."""
        said = f"{len(config.seats)} players on {map_title}, {winning_words(config.options, frag_target(config))}"
        if real_time_on(config.options):
            said = f"Real-Time, {said}"
        return said if cls.title == FragRules.title else f"{cls.title}, {said}"

    @classmethod
    def card_folders(cls, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """Base Frag's set (`cards/`), and Frag Deadlands' shuffled in with `deadlands-cards` (D-CARD-06):
        played by Frag's rules, which know no malfunction and leave the hexes out (`plays_deck`)."""
        return ("", "deadlands") if options.get(DEADLANDS_CARDS) else ("",)

    @classmethod
    def played_cards(cls, cards: CardSet, options: Mapping[str, OptionValue]) -> CardSet:
        """With `altered-cards`, the Electromagnetic Cannon and the Machine Gun by their altered text
        (J-ALT-01/02, `CardSet.altered`), wherever Frag's set is played (under Frag Deadlands, only with
        `mixed-sets`: its own set has neither card)."""
        return cards.altered() if altered_cards_on(options) else cards

    OFFERS: ClassVar[tuple[tuple[tuple[type, ...], Offer], ...]]
    """What offers each kind of action in the active player's own turn, in the order the legal actions
    list them (moves first, ending the turn last); a phase runs those of the kinds it allows (set below)."""

    def __init__(self, state: GameState, board: Board, cards: CardSet) -> None:
        super().__init__(state, board, cards)
        self._offers = _offers_by_phase(type(self))

    # -- setting a game up -----------------------------------------------------------------------

    @classmethod
    def check_designs(cls, config: GameConfig) -> None:
        """Refuse a fighter a new game may not start with (F-SETUP-01): seven points between Health, Speed and
        Accuracy, each 1 to 4 (before tournament raises), a scenario's free stats included."""
        for seat in config.seats:
            try:
                FighterDesign.model_validate({**design_of(seat).model_dump(), "free": False})
            except ValidationError as exc:
                _, message = validation_problem(exc.errors()[0])
                raise ConfigError(f"{seat.name}'s fighter: {message}") from None

    raises: ClassVar[Mapping[str, str]] = {stat.value: words for stat, words in RAISE_WORDS.items()}

    @classmethod
    def raise_seat(cls, seat: Seat, raised: str) -> Seat:
        """The seat with his design's stat `raised` by 1 for the next tournament game (F-WIN-02: past 4 is
        allowed; the design still counts as seven points before its raises); a roster fighter keeps his
        character."""
        try:
            stat = Stat(raised)
        except ValueError:
            raise ConfigError(f"{shown(raised)} is not a stat to raise (F-WIN-02)") from None
        return seat.model_copy(update={"fighter": design_of(seat).raise_stat(stat)})

    @classmethod
    def initial_state(cls, config: GameConfig, dice: Dice, board: Board, cards: CardSet) -> GameState:
        """Decks shuffled (F-SETUP-02); the players then place their fighters (F-SETUP-03)."""
        players = [PlayerState(name=seat.name, design=design_of(seat)) for seat in config.seats]
        state = FragState(config=config, players=players, dice=dice.state)
        decks = [deck for deck in cards.decks if cls.plays_deck(config, deck)]
        for deck in decks:  # each deck of the set, with its own discard pile (F-CARD-01)
            pile = [card for card in cards.instances(deck) if cls.plays_card(config, cards[card])]
            dice.shuffle(pile)
            state.decks.draw[deck] = pile
        state.decks.discard = {deck: [] for deck in decks}
        state.dice = dice.state
        return state

    @classmethod
    def plays_deck(cls, config: GameConfig, deck: str) -> bool:
        """Whether the game is played with the deck called `deck` of its card set: every deck (F-SETUP-02),
        but with the Frag Deadlands cards shuffled in (`deadlands-cards`), not the hexes (D-CARD-06)."""
        return not (config.options.get(DEADLANDS_CARDS) and deck == HEXES_DECK)

    @classmethod
    def plays_card(cls, config: GameConfig, card: CardDef) -> bool:
        """Whether `card` is shuffled into its deck: every card, but with the Frag Deadlands cards shuffled
        in (`deadlands-cards`), not the jokers, which only Deadlands' poker and joker rules use (ruling
        D-CARD-06)."""
        return not (config.options.get(DEADLANDS_CARDS) and card.joker)

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
                    raise ConfigError(
                        f"card {shown(card.id)} names the handler {shown(effect.name)}, which is not registered"
                    )
        missing = [p.name for p in self.state.players if p.design is None]
        if missing:
            raise ConfigError(f"no fighter design for {', '.join(missing)}")

    # -- the contract's questions ------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.turn.phase is _PHASE_OVER

    def decider(self) -> int | None:
        """The seat that must decide now: the innermost pending decision's, else the active player's."""
        if self.state.turn.phase is _PHASE_OVER:  # (`over`, read without a call: asked several times a decision)
            return None
        if self.state.pending:
            return self.state.pending[-1].decider()
        return self.turn_policy.active()

    def legal_moves(self) -> list[Move]:
        """The active player's moves, in a phase that offers them (phase 3 of his turn)."""
        if self.state.pending or not self.turn_structure.phase(self.state.turn.phase).moves:
            return []
        return self.moves(self.turn_policy.active())

    def legal_actions(self, moves: list[Move]) -> list[Action]:
        """Every action the decider may take now: a pending decision's, else those of the kinds his turn's
        phase allows (`FRAG_TURN`), each kind offered by its entry of `OFFERS`."""
        if self.over:
            return []
        with self.reading():  # (nothing changes while they are worked out: each fighter's effects gathered once)
            if self.state.pending:
                return self._pending_actions()
            seat = self.turn_policy.active()
            actions: list[Action] = []
            for offer in self._offers[self.state.turn.phase]:
                offer(self, seat, moves, actions)
            return actions

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

    # -- what the active player may do in his own turn (`OFFERS`) ---------------------------------------

    def _offer_moves(self, seat: int, moves: list[Move], actions: list[Action]) -> None:
        """Phase 3: the moves (from `legal_moves`) as steps, jumps and hops."""
        actions.extend([action_of_move(move) for move in moves])

    def _offer_respawn(self, seat: int, moves: list[Move], actions: list[Action]) -> None:
        """Phase 1: roll for the respawn point, or choose one when a card lets him (F-RESP-01)."""
        if self.chooses_respawn(seat):
            actions.extend([Respawn(point=point) for point in self.board.respawn_points])
        else:
            actions.append(_RESPAWN)

    def _offer_roll(self, seat: int, moves: list[Move], actions: list[Action]) -> None:
        """Phase 2: roll for movement (F-MOVE-01)."""
        actions.append(_ROLL)

    def _offer_attacks(self, seat: int, moves: list[Move], actions: list[Action]) -> None:
        """Every target in sight with every weapon he may declare that reaches him (F-ATK-02/03/06); once
        his regular attacks are spent, only the weapons whose own Accuracy bonus grants the next one
        (H-ACC-01); and the pistol whips of H-WHIP-01 at the fighters beside him."""
        if not self.may_attack(seat):
            return  # (keep-away's flag is its holder's one weapon, J-TAG-03)
        if self.turn_policy.may_attack_now(seat):
            bonus = self.bonus_weapons(seat)
            targets = self.targets(seat)
            if targets:
                here = self.player(seat).square
                weapons = list(dict.fromkeys(self.declarable_weapons(seat)))
                if bonus:
                    weapons = [w for w in weapons if w in bonus]
                assert here is not None
                for t in targets:
                    there = self.player(t).square
                    assert there is not None
                    reach = distance(here, there)
                    actions.extend(_attack(target=t, weapon=w) for w in weapons if self.in_range(w, reach))
        clubs = self.whip_weapons(seat)
        if clubs:
            for t in self.whip_targets(seat):
                actions.extend(_attack(target=t, weapon=w, whip=True) for w in clubs)

    def _offer_cards(self, seat: int, moves: list[Move], actions: list[Action]) -> None:
        """The cards he may play from hand in this phase (`card_plays`)."""
        actions.extend(self.card_plays(seat))

    def _offer_pick_ups(self, seat: int, moves: list[Move], actions: list[Action]) -> None:
        """The counters he may pick up where he stands, on entering the square (F-FRAG-03)."""
        if self.turn_policy.record(seat).may_pick_up:  # (many counters lie about, few where he stands)
            here = self.player(seat).square
            counters = [c for c in self.state.counters if c.square == here]
            actions.extend(PickUp(counter=c.id) for c in counters if self.can_pick_up(seat, c))

    def _offer_objective(self, seat: int, moves: list[Move], actions: list[Action]) -> None:
        """The game's mode's own actions (keep-away's flag taken up and put down, J-TAG-03): none in Frag."""
        actions.extend(self.scoring().actions(self, seat))

    def _offer_drops(self, seat: int, moves: list[Move], actions: list[Action]) -> None:
        """Every weapon or gadget he has in play (F-FRAG-07)."""
        player = self.player(seat)
        actions.extend(Drop(card=e.card) for e in (*player.weapons, *player.gadgets))

    def _offer_blood(self, seat: int, moves: list[Move], actions: list[Action]) -> None:
        """A blood counter, while he has one and has lost Health (F-FRAG-04)."""
        if self._may_spend_blood(seat):
            actions.append(_BLOOD)

    def _offer_end_turn(self, seat: int, moves: list[Move], actions: list[Action]) -> None:
        """The end of his turn, never in another fighter's square (F-MOVE-03)."""
        square = self.player(seat).square
        if square is not None and self.occupant(square, besides=seat) is None:
            actions.append(_END_TURN)

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
            case Attack(target=target, weapon=weapon, whip=whip):
                self.attack(seat, target, weapon, whip=whip)
            case PlayCard():
                self.play_card(seat, action)
            case PickUp(counter=counter):
                self.pick_up(seat, counter)
            case TakeFlag() | DropFlag():
                self.scoring().act(self, seat, action)
            case Drop(card=card):
                self.drop(seat, card)
            case SpendBlood():
                self.spend_blood(seat)
                self.check_survival(seat)
            case EndTurn():
                self.end_turn(seat)

    def settle(self) -> None:
        """After an action: the turn policy moves its turn on where it does so by itself (Real-Time Frag's
        segments); a fighter who left the board in his own turn ends it (F-FRAG-01, F-META-02)."""
        self.turn_policy.settle()
        if self.over or self.state.pending or not self.turn_structure.phase(self.state.turn.phase).needs_fighter:
            return
        for seat in self.turn_policy.acting():
            if not self.on_board(seat):
                self.end_turn(seat)
                return

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
        phase = self.turn_structure.phase(self.state.turn.phase)
        if not phase.allows_action(action):
            return f"{action}: {phase.refuse(who)}"
        player = self.player(seat)
        refused = self.scoring().why_not(self, seat, action)
        if refused is not None:
            return refused
        match action:
            case Respawn(point=None):
                return f"{action}: a card lets {who} choose the respawn point; {who} must name it"
            case Respawn():
                return f"{action}: {who} must roll for the respawn point (no card lets {who} choose it)"
            case Step() | Jump() | Hop():
                points = self.turn_policy.movement(seat)
                if points < 1:
                    return f"{action}: {who} has no movement points left"
                if isinstance(action, Jump) and action.distance * 2 > points:
                    cost = action.distance * 2
                    return f"{action}: a jump of {action.distance} costs {cost} points, {who} has {points}"
                if isinstance(action, Jump) and action.distance > self.speed(seat):
                    return f"{action}: {who} can jump at most {self.speed(seat)} squares ({who}'s Speed)"
                return (
                    f"{action}: the way is blocked (a wall, a closed door, the map's edge, "
                    "or a fighter's square the mover could not leave)"
                )
            case Attack(target=target, weapon=weapon, whip=True):
                return self._why_no_whip(action, seat, target, weapon)
            case Attack(target=target, weapon=weapon):
                bonus = self.bonus_weapons(seat)
                if bonus:
                    allowed = ", ".join(self.card_name(w) for w in bonus)
                    return (
                        f"{action}: {who}'s regular attacks are spent; the attacks left may be made only with "
                        f"{allowed} (house rule H-ACC-01)"
                    )
                if not self.turn_policy.may_attack_now(seat):
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
            case TakeFlag() | DropFlag():
                return f"{action}: this game is not played for keep-away: there is no flag (J-TAG-03)"
            case PickUp():
                return (
                    f"{action}: there is no counter {who} may pick up here now "
                    "(one counter per square per turn, and only on entering it)"
                )
        return f"{action} is not legal now ({who}, {phase.name} phase)"

    def _why_no_whip(self, action: Action, seat: int, target: int, weapon: str) -> str:
        """Why a pistol whip (H-WHIP-01) is refused, in words."""
        who = self.name(seat)
        if not self.house(PISTOL_WHIP):
            return f"{action}: the pistol whip is a house rule (H-WHIP-01) not played in this game"
        if self.turn_policy.attacks(seat) < 1 or not self.turn_policy.may_attack_now(seat):
            return (
                f"{action}: {who} has no regular attack left (a weapon's own bonus attacks may not be used "
                "for a pistol whip, H-WHIP-01)"
            )
        if self.health(seat) < 2:
            return f"{action}: at Health {self.health(seat)} a pistol whip rolls no damage dice (Health − 1)"
        if not any(entry.card == weapon for entry in self.player(seat).weapons):
            return f"{action}: {who} can club only with a weapon card in play"
        if not 0 <= target < len(self.state.players) or target == seat:
            return f"{action}: no such target"
        return f"{action}: a pistol whip needs a fighter in sight in a square next to {who}'s (not diagonal)"

    def forecast(self, seat: int, action: Action) -> AttackForecast:
        """The exact odds of a legal attack (F-ATK-07/08/09): see `fragtui.engine.frag.forecast`; a pistol
        whip's too (H-WHIP-01)."""
        if not isinstance(action, Attack):
            raise IllegalActionError(f"{action}: only an attack has a forecast")
        return forecast_attack(self, seat, action.target, action.weapon, whip=action.whip)

    def view(self, seat: int | None) -> PlayerView:
        return view_of(self, seat)

    def promise_snapshot(self) -> _Before:
        state = self.state
        return _Before(tuple(p.frags for p in state.players), state.turn.number, self.turn_policy.acting())

    def broken_promise(self, before: object | None, after: Action | None) -> str | None:
        """A fighter is off the board exactly when he has no square (unless he `stays_on_board`); Health
        never exceeds its maximum, and a fighter in play is at his last chance exactly at Health 0 or less (never
        after the game is won either, ruling F-WIN-01); damage and blood are never negative; frags only
        rise; the game is over exactly when someone reached the frag target (or the points of the game's
        mode, which keeps its own promises too: `ScoringRule.broken_promise`); a turn never ends with two
        fighters in one square (F-MOVE-03)."""
        state = self.state
        last = before if isinstance(before, _Before) else None
        at_last_chance = {pending.player for pending in state.pending if isinstance(pending, LastChance)}.__contains__
        for seat, player in enumerate(state.players):
            misplaced = (player.square is None) == (player.status is Status.IN_PLAY)
            if misplaced and player.status is not Status.UNPLACED and not self.stays_on_board(seat):
                return f"{player.name} is {player.status.value} at {player.square}"
            if player.status is Status.IN_PLAY:
                health = self.health(seat)  # (asked once: this runs after every action of every random game)
                if health > (most := self.max_health(seat)):
                    return f"{player.name} has Health {health} above {most}"
                if health <= 0 and not at_last_chance(seat):
                    return f"{player.name} is in play at Health {health}, and not at his last chance"
                if health > 0 and at_last_chance(seat):
                    return f"{player.name} is at his last chance at Health {health}"
            if player.damage < 0 or player.blood < 0:
                return f"{player.name} has negative damage or blood"
            if last is not None and player.frags < last.frags[seat]:
                return f"{player.name}'s frags fell"
        scoring = self.scoring()
        target = scoring.target(state)
        assert target is not None
        scores = [scoring.score_of(state, seat) for seat in self.seats()]
        reached = [p.name for p, score in zip(state.players, scores, strict=True) if score >= target]
        if bool(reached) != (state.turn.phase is Phase.OVER):
            return f"{scoring.name} {target} reached by {reached} but phase is {state.turn.phase}"
        if state.winner is not None and scores[state.winner] != target:
            won = scoring.score_words(scores[state.winner])
            return f"{state.players[state.winner].name} won with {won}, not {target}"
        broken = scoring.broken_promise(self) or self.turn_policy.broken_promise()
        if broken is not None:
            return broken
        if last is not None and (isinstance(after, EndTurn) or last.turn != state.turn.number):
            for acted in last.acting:
                ended = state.players[acted]
                others = (p.square for s, p in enumerate(state.players) if s != acted)
                if ended.status is Status.IN_PLAY and ended.square is not None and ended.square in others:
                    return f"{ended.name} ended the turn in an occupied square"
        return None

    def card_count(self) -> int:
        """Every card in the game, wherever it is (it must never change)."""
        state = self.state
        total = sum(map(len, state.decks.draw.values())) + sum(map(len, state.decks.discard.values()))
        for player in state.players:
            total += len(player.hand) + len(player.weapons) + len(player.gadgets) + len(player.specials)
        # (counted without a Python frame a counter: the harness counts after every action, and a long game
        # leaves hundreds of counters about; a generator here was 4 % of a random Only One game's time)
        return total + sum(map(len, map(_CARDS_OF, state.counters)))


_CARDS_OF = attrgetter("cards")
"""A counter's cards (`FragRules.card_count`)."""


FragRules.OFFERS = (
    ((Step, Jump, Hop), FragRules._offer_moves),
    ((Respawn,), FragRules._offer_respawn),
    ((RollMovement,), FragRules._offer_roll),
    ((Attack,), FragRules._offer_attacks),
    ((PlayCard,), FragRules._offer_cards),
    ((PickUp,), FragRules._offer_pick_ups),
    ((TakeFlag, DropFlag), FragRules._offer_objective),
    ((Drop,), FragRules._offer_drops),
    ((SpendBlood,), FragRules._offer_blood),
    ((EndTurn,), FragRules._offer_end_turn),
)


_OFFERS_BY_PHASE: dict[type[FragRules], dict[str, tuple[Offer, ...]]] = {}


def _offers_by_phase(rules: type[FragRules]) -> dict[str, tuple[Offer, ...]]:
    """For each phase of `rules`' turn, the offers of the kinds it allows, in `OFFERS`' order: worked out
    once per ruleset, so that a decision looks its phase up once and runs only what the phase allows."""
    found = _OFFERS_BY_PHASE.get(rules)
    if found is None:
        structure = rules.turn_structure
        found = _OFFERS_BY_PHASE[rules] = {
            name: tuple(
                offer for kinds, offer in rules.OFFERS if any(kind in structure.phase(name).allows for kind in kinds)
            )
            for name in structure.names
        }
    return found
