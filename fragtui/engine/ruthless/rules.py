"""Ruthless as a ruleset: `RuthlessRules`, registered as `ruthless` — a second game on the kernel, not a Frag.

Built as a chain of parts, each a module named in the game's words: `Posses` (posse.py: the table, its
models and owners, the deck), `Shooting` (shooting.py: R-SHOOT, R-WPN, R-HIT), `Nerve` (nerve.py: R-TOUGH,
R-COUR), `Sequence` (sequence.py: R-SEQ, R-ACT, R-UNC, R-SKED), and this module: the set-up (posses deployed
around the map's numbered points, the deck shuffled and dealt), the legal actions, the view.

Its state is `RuthlessState` (`ruthless/state.py`: its `RuthlessTable`); Frag's per-player record sheets are
kept for the players' names only. A seat leads a posse (`Seat.posse`, the cards whole); its Frag design is unused.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence as ActionList
from random import Random
from typing import Any, ClassVar

from fragtui.engine.actions import Action, Discard, EndTurn, Pass
from fragtui.engine.board import Board, Direction, Square, Terrain
from fragtui.engine.cards import CardSet
from fragtui.engine.config import GameConfig, Seat, seat_part_default
from fragtui.engine.decisions import ResponseWindow, WindowPoint
from fragtui.engine.dice import Dice
from fragtui.engine.events import EventKind
from fragtui.engine.geometry import Move
from fragtui.engine.rulesets import OptionSpec, OptionValue, register_ruleset
from fragtui.engine.ruthless.actions import (
    Aim,
    Courage,
    Dismount,
    GotYouCovered,
    Mount,
    MoveTo,
    PickCard,
    Reload,
    Shoot,
)
from fragtui.engine.ruthless.deck import FULL_DECK, HAND_SIZE
from fragtui.engine.ruthless.events import RuthlessEventKind
from fragtui.engine.ruthless.grid import distance, standable
from fragtui.engine.ruthless.home_edges import home_edge, strongbox_square
from fragtui.engine.ruthless.objectives import STRONGBOX
from fragtui.engine.ruthless.odds import ShotOdds
from fragtui.engine.ruthless.pieces import WEAPONS, Roster
from fragtui.engine.ruthless.reactions import CoveredShot, SnapShot
from fragtui.engine.ruthless.roster import shipped_roster
from fragtui.engine.ruthless.seen import Answering, RuthlessView
from fragtui.engine.ruthless.sequence import Phases, Sequence
from fragtui.engine.ruthless.setup_scenario import RuthlessScenario, scenario_state
from fragtui.engine.ruthless.state import RuthlessPlayer, RuthlessState
from fragtui.engine.ruthless.table import Model, RuthlessTable, shallow_copy
from fragtui.engine.state import GameState
from fragtui.engine.turn_structure import PhaseSpec, TurnStructure
from fragtui.engine.view import PlayerView, Status
from fragtui.errors import ConfigError, IllegalActionError, shown

__all__ = ["BUDGET", "DEFAULT_BUDGET", "RUTHLESS_TURN", "SCENARIO", "SUNDOWN", "RuthlessRules", "model_seen"]

SCENARIO = "scenario"
"""The option naming the scenario played (ruling R-SKED-01): `showdown` or `strongbox`."""
BUDGET = "budget"
"""The option naming the most points a posse may cost (ruling R-SEQ-02; the roster file's `budget` is its default)."""
DEFAULT_BUDGET = 66
"""The posse budget unless the players agree another (`posses/gunfighters.toml` says the same)."""
SUNDOWN = "sundown"
"""The option naming the scenario's last turn (ruling R-SKED-01; 0: none)."""


def model_seen(model: Model) -> Model:
    """A copy of `model` for a view (`RuthlessView.models`), equal to a deep copy and as independent of the
    table: its wounds, ammunition and marks copied, the rest (the card, the square, numbers) shared, since they
    are never changed in place. A deep copy goes through every field of the card as well, and the interface and
    the computer players ask for views all the time (tests/rules/ruthless/test_speed_caches.py holds them equal)."""
    seen = shallow_copy(model)
    seen.wounds = dict(model.wounds)
    seen.ammo = list(model.ammo)
    seen.markers = model.markers.copy()
    return seen


_MODEL_ACTIONS = (MoveTo, Aim, Shoot, Reload, GotYouCovered, Mount, Dismount, Courage)

RUTHLESS_TURN = TurnStructure(
    phases=(
        PhaseSpec(
            name=Phases.INITIATIVE,
            title="pick a card for initiative",
            allows=(PickCard,),
            refusal="{who} must first pick a card for initiative",
        ),
        PhaseSpec(
            name=Phases.ACTIVATION,
            title="your posse's actions",
            allows=(*_MODEL_ACTIONS, EndTurn),
            refusal="{who} may only give his models their actions now",
        ),
        PhaseSpec(
            name=Phases.DISCARD,
            title="discard with your 3",
            allows=(Discard, Pass),
            refusal="{who} may only discard now",
        ),
        PhaseSpec(name=Phases.OVER, title="the showdown is over", refusal="the showdown is over"),
    )
)
"""Ruthless's turn (R-SEQ-01/02): pick, activate in card order, discard with a 3; then over."""


@register_ruleset
class RuthlessRules(Sequence):
    """Ruthless (R-*): posses of gunfighters, initiative by cards, d10 shots, nerves that break."""

    key: ClassVar[str] = "ruthless"
    title: ClassVar[str] = "Ruthless"
    summary: ClassVar[str] = "Western skirmish: posses of gunfighters, cards for initiative, d10 shots"
    maps_for: ClassVar[frozenset[str]] = frozenset({"ruthless", "deadlands"})
    turn_structure: ClassVar[TurnStructure] = RUTHLESS_TURN
    player_counts: ClassVar[tuple[int, int]] = (2, 4)
    frag_target_played: ClassVar[bool] = False
    tally_words: ClassVar[tuple[str, str, str]] = ("kills", "losses", "wounds")
    harness_players: ClassVar[tuple[int, ...] | None] = (2, 3, 4)
    default_bot: ClassVar[str] = "heuristic"
    windows: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {
        WindowPoint.AFTER_STEP: CoveredShot,
        WindowPoint.BEFORE_ATTACK: SnapShot,
    }
    kill_events: ClassVar[frozenset[EventKind]] = frozenset({RuthlessEventKind.KILLED})
    map_points: ClassVar[str] = "deployment point"
    unplayed_terrain: ClassVar[frozenset[Terrain]] = frozenset({Terrain.RESPAWN_POINT, Terrain.FLAG})
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            name=SUNDOWN,
            summary="the scenario's last turn (0: it lasts until a posse skedaddles)",
            default=12,
            rule="R-SKED-01",
        ),
        OptionSpec(
            name=BUDGET,
            summary="the most points a posse may cost",
            default=DEFAULT_BUDGET,
            rule="R-SEQ-02",
        ),
        OptionSpec(
            name=SCENARIO,
            summary="what the posses fight for: drive the others off, or carry the strongbox home off the map",
            default="showdown",
            choices=("showdown", STRONGBOX),
            rule="R-SKED-01",
        ),
    )

    # -- configuration -------------------------------------------------------------------------------

    @classmethod
    def posse_roster(cls) -> Roster:
        """The shipped roster: each seat leads one of its fixed posses, or one built by hand (R-SEQ-02)."""
        return shipped_roster()

    @classmethod
    def posse_budget(cls, options: Mapping[str, OptionValue]) -> int:
        """The `budget` option: what a posse may cost (ruling R-SEQ-02)."""
        budget = options.get(BUDGET, DEFAULT_BUDGET)
        return budget if isinstance(budget, int) else DEFAULT_BUDGET

    @classmethod
    def seat_words(cls, seat: Seat) -> str:
        """The posse a seat leads: `The Lawmen (4 gunfighters, 58 points)`."""
        if seat.posse is None:
            return "no posse"
        count = len(seat.posse.gunfighters)
        return f"{seat.posse.name} ({count} gunfighter{'s' * (count != 1)}, {seat.posse.points} points)"

    goal_options: ClassVar[frozenset[str]] = frozenset({SCENARIO, SUNDOWN})

    @classmethod
    def scenario_words(cls, options: Mapping[str, OptionValue]) -> tuple[str, str]:
        """The scenario played and when it ends (ruling R-SKED-01): `a showdown`, `sundown at turn 12`."""
        scenario = options.get(SCENARIO, "showdown")
        sundown = options.get(SUNDOWN, 12)
        return (
            f"{'a' if scenario == 'showdown' else 'the'} {scenario}",
            f"sundown at turn {sundown}" if sundown else "no sundown",
        )

    @classmethod
    def goal_words(cls, options: Mapping[str, OptionValue], target: int | None) -> str:
        """The scenario and its sundown: `for a showdown, sundown at turn 12`."""
        return "for " + ", ".join(cls.scenario_words(options))

    @classmethod
    def table_words(cls, config: GameConfig, map_title: str) -> str:
        """`Ruthless, a showdown on Main Street, sundown at turn 12, 3 posses`."""
        scenario, end = cls.scenario_words(config.options)
        return f"{cls.title}, {scenario} on {map_title}, {end}, {len(config.seats)} posses"

    @classmethod
    def map_words(cls, board: Board) -> str:
        """`2-4 posses, 4 deployment points`: the posses the map has room for (its own range, within the rules'
        2 to 4 and its numbered points) and the points they deploy around (ruling R-SEQ-02)."""
        points = len(board.respawn_points)
        low = max(board.players_min, cls.player_counts[0])
        high = min(board.players_max, cls.player_counts[1], points)
        room = "no room for posses" if low > high else f"{low} posses" if low == high else f"{low}-{high} posses"
        return f"{room}, {points} deployment points"

    @classmethod
    def card_folders(cls, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """None of Frag's card files: Ruthless plays a standard 52-card deck of its own (deck.py, R-SEQ-01)."""
        return ()

    @classmethod
    def check_config(cls, config: GameConfig) -> None:
        """Each seat leads a posse within the budget (ruling R-SEQ-02: the roster's `budget`), no character
        in two posses; no seat plays a Frag character."""
        seen: dict[str, str] = {}
        for seat in config.seats:
            if seat.character is not None:
                raise ConfigError(f"{seat.name} plays {shown(seat.character)}, but Ruthless is played with posses")
            if seat.posse is None:
                raise ConfigError(f"{seat.name} leads no posse: Ruthless is played with posses")
            for gunfighter in seat.posse.gunfighters:
                if gunfighter.key in seen:
                    raise ConfigError(f"{gunfighter.name} rides with {seen[gunfighter.key]} and with {seat.name}")
                seen[gunfighter.key] = seat.name
        budget = config.options.get(BUDGET, DEFAULT_BUDGET)
        if isinstance(budget, int):
            cls.check_budget(config, budget)
        sundown = config.options.get(SUNDOWN, 12)
        if isinstance(sundown, int) and not 0 <= sundown <= 99:
            raise ConfigError(f"option {shown(SUNDOWN)} is a turn from 1 to 99, or 0 for none, not {sundown}")

    @classmethod
    def check_budget(cls, config: GameConfig, budget: int) -> None:
        """Refuse a posse over `budget` points (the `budget` option: every posse, fixed or built by hand)."""
        for seat in config.seats:
            if seat.posse is not None and seat.posse.points > budget:
                raise ConfigError(f"{seat.name}'s posse costs {seat.posse.points} points: the budget is {budget}")

    @classmethod
    def random_seats(cls, rng: Random, players: int) -> list[dict[str, object]]:
        """Players `P1`… each leading a different fixed posse of the shipped roster (chosen with `rng`)."""
        roster = shipped_roster()
        if players > len(roster.posses):
            raise ConfigError(f"the roster has {len(roster.posses)} posses: at most {len(roster.posses)} players")
        posses = rng.sample(list(roster.posses), players)
        # (the unused Frag design these seats carried when every seat needed one: kept, so that the random games'
        # states, and the determinism pins that hash them, are what they were; a seat of Ruthless needs none)
        design = seat_part_default("fighter")
        return [{"name": f"P{n + 1}", "fighter": design, "posse": posses[n]} for n in range(players)]

    # -- setting up ---------------------------------------------------------------------------------------

    @classmethod
    def initial_state(cls, config: GameConfig, dice: Dice, board: Board, cards: CardSet) -> GameState:
        """The posses deployed (each seat's around the map's numbered point of its seat, nearest squares
        first: ruling R-SEQ-02), every weapon loaded, riders mounted; the deck shuffled."""
        players = [
            RuthlessPlayer(name=seat.name, design=seat.fighter or seat_part_default("fighter")) for seat in config.seats
        ]
        table = RuthlessTable()
        taken: set[Square] = set()
        points = board.respawn_points
        for seat, spec in enumerate(config.seats):
            assert spec.posse is not None
            home = points[seat + 1]
            free = sorted(
                (
                    Square(x, y)
                    for y in range(board.height)
                    for x in range(board.width)
                    if standable(board, x, y) and Square(x, y) not in taken
                ),
                key=lambda square: (distance(home, square), square.y, square.x),
            )
            for gunfighter, square in zip(spec.posse.gunfighters, free, strict=False):
                taken.add(square)
                table.models.append(
                    Model(
                        id=len(table.models),
                        owner=seat,
                        card=gunfighter,
                        square=square,
                        ammo=[WEAPONS[kind].rounds for kind in gunfighter.weapons],
                        mounted=gunfighter.horse,
                    )
                )
        table.draw = list(FULL_DECK)
        dice.shuffle(table.draw)
        table.hands = [[] for _ in config.seats]
        sundown = config.options.get(SUNDOWN, 12)
        table.turn_limit = sundown if isinstance(sundown, int) else 12
        state = RuthlessState(config=config, players=players, dice=dice.state, ruthless=table)
        state.turn.phase = Phases.INITIATIVE
        return state

    scenario_model: ClassVar[type[RuthlessScenario]] = RuthlessScenario
    """What a scenario of Ruthless says (setup_scenario.py): the scenario loader reads its TOML as this."""

    @classmethod
    def scenario_state(cls, scenario: object, board: Board, cards: CardSet) -> tuple[GameState, CardSet]:
        """A position of Ruthless as a scenario sets it up (setup_scenario.py, docs/scenarios.md)."""
        return scenario_state(scenario, board, cards)

    def start(self) -> None:
        """Five cards each (R-SEQ-01), and the first turn."""
        if self.state.config.options.get(SCENARIO) == STRONGBOX:
            self.place_strongbox()
        for _ in range(HAND_SIZE):
            for seat in range(len(self.state.players)):
                self.draw_card(seat)
        self.begin_turn()

    def check_content(self) -> None:
        """A game of Ruthless has its table."""
        if self.state.ruthless is None:
            raise ConfigError("a game of Ruthless needs its table (RuthlessState.ruthless)")
        if self.state.config.options.get(SCENARIO) == STRONGBOX:
            seats = len(self.state.players)
            if strongbox_square(self.board, seats) is None:
                raise ConfigError(
                    f"the map {shown(self.board.name)} has no square off its edge for the strongbox that every "
                    f"posse of {seats} reaches and can carry it home from"
                )

    # -- the contract ---------------------------------------------------------------------------------------

    def legal_actions(self, moves: list[Move]) -> ActionList[Action]:
        """A pending decision's answers, else the decider's actions in this phase."""
        if self.over:
            return []
        if self.state.pending:
            return self.state.pending[-1].legal_actions(self)
        seat = self.decider()
        assert seat is not None
        return self.sequence_actions(seat)

    def dispatch(self, seat: int, action: Action, move: Move | None) -> None:
        """Do what a legal action says."""
        if self.state.pending:
            resolved = self.state.pending[-1].resolve(self, seat, action, move)
            assert resolved, f"{action} answers no pending decision"
            return
        if isinstance(action, EndTurn):  # (an initiative pick is the choice's: `InitiativePicks`)
            self.end_activation(seat)
        elif isinstance(action, Discard | Pass):
            self.discard_at_end(seat, action)
        else:
            self.act(seat, action)

    def why_illegal(self, action: Action) -> str:
        """Why `action` cannot be taken now: the pending decision first, then the phase, then the model."""
        seat = self.decider()
        who = self.name(seat) if seat is not None else "nobody"
        if self.state.pending:
            return self.state.pending[-1].duty(who)
        phase = self.turn_structure.phase(self.state.turn.phase)
        if not phase.allows_action(action):
            return phase.refuse(who)
        fighter = getattr(action, "fighter", None)
        if isinstance(fighter, int):
            if not 0 <= fighter < len(self.table.models):
                return f"there is no model {fighter}"
            model = self.model(fighter)
            if model.owner != seat:
                return f"{model.card.name} is not in {who}'s posse"
            if not self.may_act(model):
                return f"{model.card.name} has no action left this turn"
        return f"{action} is not legal now"

    def forecast(self, seat: int, action: Action) -> ShotOdds:
        """The exact odds of a legal shot (R-SHOOT-01, R-WPN-01/02): `Shooting.shot_odds`, what the
        interface shows beside every Shoot and what the computer players weigh."""
        if not isinstance(action, Shoot):
            raise IllegalActionError(f"{action}: only a shot has odds")
        return self.shot_odds(action)

    def in_words(self, action: Action) -> str:
        fighter = getattr(action, "fighter", None)
        if isinstance(fighter, int) and 0 <= fighter < len(self.table.models):
            return f"{self.model(fighter).card.name}: {action}"
        return str(action)

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` may see: every model; his own hand and pick; the others' picks once revealed."""
        table = self.table
        revealed = bool(table.order) and self.state.turn.phase != Phases.INITIATIVE
        picks = tuple(
            card if card is not None and (revealed or viewer == seat) else None
            for viewer, card in enumerate(table.picks)
        )
        decider = self.decider()
        return PlayerView(
            me=seat,
            fighters=tuple(self._record_sheet(player, viewer=seat) for player in range(len(self.state.players))),
            counters=(),
            deck_sizes={"deck": len(table.draw)},
            discards={"deck": tuple(table.discard)},
            turn_number=self.state.turn.number,
            active=self.state.turn.active,
            phase=self.state.turn.phase,
            movement=0,
            attacks=0,
            decider=decider,
            decision=self.state.pending[-1].kind if self.state.pending else None,
            frag_target=0,
            winner=self.state.winner,
            ruthless=RuthlessView(
                models=tuple(model_seen(model) for model in table.models),
                hand=tuple(table.hands[seat]) if seat is not None else (),
                hand_sizes=tuple(len(hand) for hand in table.hands),
                picked=tuple(card is not None for card in table.picks),
                picks=picks,
                order=tuple(table.order),
                acting=table.order[table.acting] if self.state.turn.phase == Phases.ACTIVATION else None,
                bonus=tuple(table.bonus),
                deck_size=len(table.draw),
                discard=tuple(table.discard),
                skedaddled=tuple(table.skedaddled),
                turn_limit=table.turn_limit,
                strongbox=table.strongbox,
                carrier=table.carrier,
                carried_off=table.carried_off,
                scenario=self.scoring().name,
                home_edges=self._home_edges(),
                answering=self._answering(),
            ),
        )

    def _home_edges(self) -> tuple[Direction, ...]:
        """Each seat's home edge in the strongbox scenario (none in a showdown)."""
        if self.state.config.options.get(SCENARIO) != STRONGBOX:
            return ()
        return tuple(home_edge(self.board, seat) for seat in range(len(self.state.players)))

    def _answering(self) -> Answering | None:
        """What the pending decision is about, as it says itself (`public_details`)."""
        if not self.state.pending:
            return None
        answering = self.state.pending[-1].public_details(self).get("answering")
        return answering if isinstance(answering, Answering) else None

    def _record_sheet(self, seat: int, viewer: int | None) -> dict[str, Any]:
        """A seat as Frag's record sheet reads it (`PlayerView.fighters`): its name and its record — shots,
        hits, wounds dealt and taken, models lost (`deaths`) and enemies killed (`frags`) — for the game-over
        table and `fragtui simulate`; Health counts its models standing, of its posse. The rest is Frag's.

        Given as the sheet's fields, not as Frag's `FighterView`: the kernel's view validates each sheet as the
        model registered for it (Frag's), so the JSON is what it always was while Ruthless imports nothing of
        Frag's package (`tests/test_kernel_imports.py`), as its `RuthlessPlayer` keeps Frag's sheet's fields."""
        player = self.state.players[seat]
        models = list(self.posse(seat))
        hand = self.table.hands[seat]
        return {
            "name": player.name,
            "design": player.design,
            "status": Status.IN_PLAY,
            "square": None,
            "health": sum(1 for model in models if model.standing),
            "max_health": len(models),
            "speed": 0,
            "accuracy": 0,
            "weapons": (),
            "gadgets": (),
            "specials": (),
            "blood": 0,
            "frags": player.frags,
            "skips": (),
            "hand_size": len(hand),
            "hand": tuple(hand) if viewer == seat else None,
            "record": player.record.model_copy(),
            "attacks_per_turn": 0,
            "defence_dice": 0,
            "pierced_defence_dice": 0,
            "armor_left": 0,
            "weapon_slots": 0,
            "flags": (),
            "guns": (),
        }

    # -- promises (the random-game harness) -------------------------------------------------------------------

    def promise_snapshot(self) -> object:
        """Each model's crossed boxes and condition, to check that wounds only rise and the dead stay dead."""
        return [(sum(m.wounds.values()), m.horse_wounds, m.condition) for m in self.table.models]

    def broken_promise(self, before: object | None, after: Action | None) -> str | None:
        """No two models on one square; the dead off the table, the living on it; wounds only rise and never
        past the boxes; ammunition within the weapon's rounds; five cards or fewer in a hand; the winner set
        exactly when the scenario is over."""
        table = self.table
        squares = [m.square for m in table.models if m.square is not None]
        if len(squares) != len(set(squares)):
            return "two models share a square"
        for model in table.models:
            if (model.square is None) != (not model.on_table):
                return f"{model.card.name} is {model.condition} but his square is {model.square}"
            for location, crossed in model.wounds.items():
                if crossed > model.card.wounds[location]:
                    return f"{model.card.name} has {crossed} {location} wounds of {model.card.wounds[location]} boxes"
            for index, kind in enumerate(model.card.weapons):
                rounds, ammo = WEAPONS[kind].rounds, model.ammo[index]
                if (rounds is None) != (ammo is None) or (
                    ammo is not None and rounds is not None and not 0 <= ammo <= rounds
                ):
                    return f"{model.card.name}'s {kind} holds {ammo} rounds"
            if model.mounted and (model.horse_dead or not model.card.horse):
                return f"{model.card.name} rides a horse he has not got"
        if table.carrier is not None:
            carrier = table.models[table.carrier]
            if table.strongbox is not None or not carrier.standing or carrier.markers.lily_livered:
                return f"the strongbox is carried by {carrier.card.name}, who cannot carry it, or lies there too"
        if any(len(hand) > HAND_SIZE for hand in table.hands):
            return "a hand holds more than five cards"
        if (self.state.winner is not None) != self.over:
            return "the winner is set but the showdown goes on, or the other way round"
        if isinstance(before, list):
            for model, (wounds, horse, condition) in zip(table.models, before, strict=True):
                if sum(model.wounds.values()) < wounds or model.horse_wounds < horse:
                    return f"{model.card.name}'s wounds went down"
                if condition == "dead" and model.on_table:
                    return f"{model.card.name} came back from the dead"
        return None
