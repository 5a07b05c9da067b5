"""Scenarios: any position of a game of Frag or Frag Deadlands, set up in a few lines (docs/scenarios.md).

A scenario names the map, the fighters (stats, Health lost, square, cards in hand and in play,
ammo, blood counters, frags), the counters on the board, the decks' order, whose turn and which
phase, and the dice (scripted faces, or a seed). Tests use them to put the game exactly where a
rule applies; the interface could use them for tutorials. `fragtui.content.library.load_scenario`
reads them from TOML; here the parsed data becomes a `GameState`. `Game.from_scenario` asks the ruleset
the scenario names for its state (`Ruleset.scenario_state`): Frag's rules hand it to `build_state`.

Fighter stats in a scenario are not held to the 7-point design rule (F-SETUP-01): a position may
come from a tournament (F-WIN-02) or be set up to test a rule at an extreme.
"""

from __future__ import annotations

from collections import Counter as Tally
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fragtui.engine.board import Board, Square, Terrain
from fragtui.engine.cards import CardDef, CardKind, CardSet, Shield, card_id
from fragtui.engine.config import DEFAULT_RULESET, GameConfig, Seat
from fragtui.engine.deadlands.markers import DeadlandsMarkers
from fragtui.engine.dice import Dice
from fragtui.engine.fighters import Markers
from fragtui.engine.frag.core import Core
from fragtui.engine.frag.design import FighterDesign
from fragtui.engine.frag.state import (
    Counter,
    CounterKind,
    FragState,
    FragTurn,
    InPlay,
    Objective,
    Phase,
    PlayerState,
    Status,
)
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.state import GameState
from fragtui.errors import ScenarioError, shown, validation_problem

__all__ = ["Scenario", "ScenarioCard", "ScenarioCounter", "ScenarioFighter", "ScenarioObjective", "build_state"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class ScenarioCard(_Model):
    """A card in play, with its state."""

    card: str
    """Card id (`shotgun`) or instance (`shotgun#2`)."""
    ammo: int | None = Field(default=None, ge=0)
    """Weapons: shots left, 0 to a full load (default: a full load)."""
    turns: int | None = Field(default=None, ge=1)
    """Timed cards: turn starts left, 1 to the card's duration (default: the card's duration)."""
    absorbed: int = Field(default=0, ge=0)
    """Armor and shields: damage it has stopped already, less than what discards it."""


CardRef = str | ScenarioCard
"""A card in play: just its id, or a table with its state."""


class ScenarioFighter(_Model):
    """One player and his fighter."""

    name: str
    """The player's name."""
    health: int = Field(default=2, ge=0, le=99)
    """Starting Health."""
    speed: int = Field(default=2, ge=0, le=99)
    """Starting Speed."""
    accuracy: int = Field(default=3, ge=0, le=99)
    """Starting Accuracy."""
    at: str | None = None
    """The square (`x,y` or `x,y/nw`); leave it out for a fighter who is not on the board."""
    status: Literal["in play", "fragged", "out of play"] | None = None
    """Default: `in play` with a square, `fragged` without."""
    damage: int = Field(default=0, ge=0, le=99)
    """Health already lost (a fighter in play keeps at least 1 Health)."""
    frags: int = Field(default=0, ge=0, le=99)
    """Frags scored (fewer than the frag target: a scenario is a game not yet won)."""
    blood: int = Field(default=0, ge=0, le=99)
    """Blood counters on the record sheet."""
    hand: list[str] = Field(default_factory=list)
    """Cards in hand (ids or instances)."""
    weapons: list[CardRef] = Field(default_factory=list)
    """Weapons in play."""
    gadgets: list[CardRef] = Field(default_factory=list)
    """Gadgets in play."""
    specials: list[CardRef] = Field(default_factory=list)
    """Specials in play."""
    character: str | None = None
    """The unique fighter he plays, where the ruleset has a roster (Frag Deadlands: `huckster`)."""
    markers: Markers = Field(default_factory=Markers)
    """Markers on his fighter (`held_attack = true`, `hanged = true`)."""


class ScenarioCounter(_Model):
    """A counter on the board: exactly one of `blood`, `weapons`, `link`."""

    at: str
    """Its square."""
    blood: bool = False
    """A blood counter."""
    weapons: list[str] = Field(default_factory=list)
    """A weapon counter and its pile."""
    link: str | None = None
    """A link counter and the card dropped."""
    dropped_turn: int | None = None
    """Link counters: the turn it was dropped in."""


class ScenarioObjective(_Model):
    """A Frag Tag mode's state (J-TAG-01..04), for a scenario played with the `objective` option: what is
    left out is as a new game has it ("it" the first fighter, the flag on the map's flag square, the hill
    on its hill or flag square, no points)."""

    it: str | None = None
    """The name of the fighter who is "it" (J-TAG-01, J-TAG-02)."""
    holder: str | None = None
    """The name of the fighter holding the flag (J-TAG-03)."""
    flag: str | None = None
    """The square the flag lies on (J-TAG-03)."""
    hill: str | None = None
    """The hill's square (J-TAG-04)."""
    points: dict[str, Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=dict)
    """Points scored so far by fighter name (J-TAG-03, J-TAG-04); the others have none."""


class Scenario(_Model):
    """A whole position."""

    map: str = "pocket"
    """The map's name (the loader turns it into a board)."""
    ruleset: str = DEFAULT_RULESET
    """The rules played (a registered ruleset's name: `frag`, `deadlands`)."""
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    """The ruleset's options set (`GameConfig.options`)."""
    frag_target: int = Field(default=3, ge=1, le=99)
    """Frags that win."""
    fighters: list[ScenarioFighter] = Field(alias="fighter", min_length=2)
    """The players in seat order (`[[fighter]]` tables in TOML)."""
    counters: list[ScenarioCounter] = Field(default_factory=list, alias="counter")
    """Counters on the board (`[[counter]]` tables)."""
    decks: dict[str, list[str]] = Field(default_factory=dict)
    """Draw piles by deck name, top first. A deck left out holds every card of it not placed elsewhere, shuffled."""
    discards: dict[str, list[str]] = Field(default_factory=dict)
    """Discard piles by deck name, oldest first."""
    turn: str | None = None
    """The active player's name (default: the first fighter)."""
    phase: Literal["respawn", "roll", "action"] | None = None
    """The phase (default: `roll`, or `respawn` for a fighter off the board)."""
    turn_number: int = Field(default=1, ge=1, le=1_000_000)
    """The turn's number."""
    movement: int = Field(default=0, ge=0, le=999)
    """Movement points left (phase `action`)."""
    attacks: int | None = Field(default=None, ge=0, le=99)
    """Attacks left (phase `action`; default: the fighter's attacks per turn)."""
    checked: list[str] = Field(default_factory=list)
    """Power-up squares already checked this turn."""
    may_pick_up: bool = False
    """Whether the active fighter has just entered his square (and may pick up a counter there)."""
    dice: list[Annotated[int, Field(ge=1, le=6)]] | None = None
    """Scripted dice, in order; leave out to roll from `seed`."""
    seed: int = Field(default=0, ge=0, lt=2**64)
    """The seed of the dice (and of the shuffles), 0 to 2**64 - 1."""
    cards: list[CardDef] = Field(default_factory=list, alias="card")
    """Extra card definitions for this scenario (`[[card]]` tables), added to the set."""
    objective: ScenarioObjective | None = None
    """A Frag Tag mode's state (`[objective]`), for a scenario with the `objective` option."""


class _Cards:
    """Hands out card instances for a scenario: each id's copies in order, and never one the set lacks."""

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self.used: set[str] = set()
        self.next: Tally[str] = Tally()

    def take(self, ref: str, where: str) -> str:
        if ref not in self.cards:
            raise ScenarioError(f"{where}: unknown card {shown(ref)}")
        card = self.cards[ref]
        if "#" in ref:
            if ref not in self.cards.instances(card.deck):
                raise ScenarioError(
                    f"{where}: there is no card {ref}: the set has {card.copies} "
                    f"cop{'y' if card.copies == 1 else 'ies'} of {card.id} ({card.id}#1 to {card.id}#{card.copies})"
                )
            if ref in self.used:
                raise ScenarioError(f"{where}: the card {ref} is placed twice")
            self.used.add(ref)
            return ref
        while self.next[ref] < card.copies:
            self.next[ref] += 1
            instance = f"{ref}#{self.next[ref]}"
            if instance not in self.used:
                self.used.add(instance)
                return instance
        raise ScenarioError(f"{where}: every copy of {card.id} ({card.copies}) is placed already: the set has no more")

    def take_from(self, deck: str, ref: str, where: str) -> str:
        """`take`, for a deck's draw or discard pile: only a card of that deck goes there (F-CARD-01)."""
        instance = self.take(ref, where)
        if self.cards[instance].deck != deck:
            raise ScenarioError(f"{where}: {card_id(instance)} is a card of the {self.cards[instance].deck} deck")
        return instance

    def rest(self, deck: str) -> list[str]:
        return [i for i in self.cards.instances(deck) if i not in self.used]


def _square(board: Board, text: str, where: str) -> Square:
    try:
        square = Square.parse(text)
    except ValueError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    if not board.in_bounds(square.x, square.y) or square not in board.squares(square.x, square.y):
        raise ScenarioError(f"{where}: {text} is not a square a fighter can stand on in {shown(board.name)}")
    return square


def _in_play(cards: _Cards, ref: CardRef, where: str, kind: CardKind, play: int) -> InPlay:
    spec = ref if isinstance(ref, ScenarioCard) else ScenarioCard(card=ref)
    instance = cards.take(spec.card, where)
    card = cards.cards[instance]
    if card.kind is not kind:
        raise ScenarioError(f"{where}: {card.id} is a {card.kind.value} card, not a {kind.value}")
    if spec.ammo is not None and (card.ammo is None or spec.ammo > card.ammo):
        load = "unlimited ammo" if card.ammo is None else f"a full load of {card.ammo}"
        raise ScenarioError(f"{where}: {card.id} has {load}, not {spec.ammo} ammo")
    if spec.turns is not None and (card.duration is None or spec.turns > card.duration):
        lasts = "no time limit" if card.duration is None else f"a duration of {card.duration} turns"
        raise ScenarioError(f"{where}: {card.id} has {lasts}, so it cannot have {spec.turns} turns left")
    if spec.absorbed:
        limit = card.armor or max((e.capacity or 0 for e in card.effects if isinstance(e, Shield)), default=0)
        if spec.absorbed > limit:
            stops = f"is discarded after stopping {limit}" if limit else "stops no damage"
            raise ScenarioError(f"{where}: {card.id} {stops}, so it cannot have absorbed {spec.absorbed}")
    ammo = spec.ammo if spec.ammo is not None else card.ammo
    turns = spec.turns if spec.turns is not None else card.duration
    return InPlay(card=instance, played=play, ammo=ammo, turns_left=turns, absorbed=spec.absorbed)


def _objective(given: ScenarioObjective, names: list[str], board: Board) -> Objective:
    """A Frag Tag mode's state from a scenario's `[objective]` (the rules fill in what it leaves out)."""

    def seat(name: str | None, key: str) -> int | None:
        if name is None:
            return None
        if name not in names:
            raise ScenarioError(f"objective.{key}: no fighter is called {shown(name)}")
        return names.index(name)

    if given.holder is not None and given.flag is not None:
        raise ScenarioError("objective: the flag is either held (`holder`) or lying on a square (`flag`), not both")
    for name in given.points:
        seat(name, "points")
    return Objective(
        it=seat(given.it, "it"),
        holder=seat(given.holder, "holder"),
        flag=_square(board, given.flag, "objective.flag") if given.flag is not None else None,
        hill=_square(board, given.hill, "objective.hill") if given.hill is not None else None,
        points=[given.points.get(name, 0) for name in names] if given.points else [],
    )


def build_state(scenario: Scenario, board: Board, cards: CardSet) -> tuple[GameState, CardSet]:
    """The game state a scenario describes, and the card set with its extra cards."""
    if scenario.cards:
        try:
            cards = cards.merged(scenario.cards)
        except ValueError as exc:
            raise ScenarioError(str(exc)) from None
    for piles, what in ((scenario.decks, "decks"), (scenario.discards, "discards")):
        for name in piles:
            if name not in cards.decks:
                raise ScenarioError(f"{what}: no deck is called {shown(name)} (the decks are {', '.join(cards.decks)})")
    names = [f.name for f in scenario.fighters]
    designs = [FighterDesign(health=f.health, speed=f.speed, accuracy=f.accuracy, free=True) for f in scenario.fighters]
    try:
        config = GameConfig(
            ruleset=scenario.ruleset,
            options=scenario.options,
            map=scenario.map,
            frag_target=scenario.frag_target,
            seats=tuple(
                Seat(name=f.name, fighter=design, character=f.character)
                for f, design in zip(scenario.fighters, designs, strict=True)
            ),
        )
    except ValidationError as exc:
        _, message = validation_problem(exc.errors()[0])
        raise ScenarioError(f"fighters: {message}") from None
    cards = find_ruleset(config.ruleset).played_cards(cards, config.options)  # as the options play them (J-ALT)
    pool = _Cards(cards)
    plays = 0
    players = []
    for f, design in zip(scenario.fighters, designs, strict=True):
        where = f"fighter {shown(f.name)}"
        if f.frags >= scenario.frag_target:
            raise ScenarioError(
                f"{where}: {f.frags} frags reach the frag target {scenario.frag_target}: that game is over already"
            )
        square = _square(board, f.at, where) if f.at is not None else None
        hanged = f.markers.of(DeadlandsMarkers).hanged
        on_board = square is not None and not hanged
        status = Status(f.status) if f.status else (Status.IN_PLAY if on_board else Status.FRAGGED)
        if hanged:  # fragged, and still on the board: on the gallows square he hangs on (D-GAL-01)
            gallows = square is not None and board.cell(*square.cell).terrain is Terrain.GALLOWS
            if status is not Status.FRAGGED or not gallows:
                raise ScenarioError(f"{where}: a hanged fighter is fragged and hangs on a gallows square (`at`)")
        elif (status is Status.IN_PLAY) != (square is not None):
            raise ScenarioError(
                f"{where}: a fighter {status.value} " + ("needs" if square is None else "has no") + " `at`"
            )
        in_play: dict[CardKind, list[InPlay]] = {}
        for kind, refs in ((CardKind.WEAPON, f.weapons), (CardKind.GADGET, f.gadgets), (CardKind.SPECIAL, f.specials)):
            in_play[kind] = []
            for ref in refs:
                plays += 1
                in_play[kind].append(_in_play(pool, ref, where, kind, plays))
        players.append(
            PlayerState(
                name=f.name,
                design=design,
                status=status,
                square=square,
                damage=f.damage,
                hand=[pool.take(ref, where) for ref in f.hand],
                weapons=in_play[CardKind.WEAPON],
                gadgets=in_play[CardKind.GADGET],
                specials=in_play[CardKind.SPECIAL],
                blood=f.blood,
                frags=f.frags,
                markers=f.markers,
            )
        )
    squares = [p.square for p in players if p.square is not None]
    if len(squares) != len(set(squares)):
        raise ScenarioError("fighters: two fighters stand on the same square")
    counters = []
    for n, c in enumerate(scenario.counters, start=1):
        where = f"counter {n}"
        square = _square(board, c.at, where)
        kinds = [c.blood, bool(c.weapons), c.link is not None]
        if sum(kinds) != 1:
            raise ScenarioError(f"{where}: give exactly one of `blood`, `weapons` or `link`")
        if c.blood:
            counters.append(Counter(id=n, kind=CounterKind.BLOOD, square=square))
        elif c.weapons:
            pile = [pool.take(ref, where) for ref in c.weapons]
            counters.append(Counter(id=n, kind=CounterKind.WEAPONS, square=square, cards=pile))
        else:
            assert c.link is not None
            counters.append(
                Counter(
                    id=n,
                    kind=CounterKind.LINK,
                    square=square,
                    cards=[pool.take(c.link, where)],
                    dropped_turn=c.dropped_turn,
                )
            )
    dice = Dice.scripted(scenario.dice) if scenario.dice is not None else Dice(scenario.seed)
    state = FragState(
        config=config, players=players, counters=counters, next_counter=len(counters) + 1, plays=plays, dice=dice.state
    )
    for deck in cards.decks:
        discards = [pool.take_from(deck, ref, f"discards.{deck}") for ref in scenario.discards.get(deck, [])]
        state.decks.discard[deck] = discards
    given = {
        deck: [pool.take_from(deck, ref, f"decks.{deck}") for ref in scenario.decks[deck]]
        for deck in cards.decks
        if deck in scenario.decks
    }  # before any deck left out takes the rest of its cards
    for deck in cards.decks:
        if deck in given:
            state.decks.draw[deck] = given[deck]
        else:
            rest = pool.rest(deck)
            dice.shuffle(rest)
            pool.used.update(rest)
            state.decks.draw[deck] = rest
    active = 0
    if scenario.turn is not None:
        if scenario.turn not in names:
            raise ScenarioError(f"turn: no fighter is called {shown(scenario.turn)}")
        active = names.index(scenario.turn)
    if players[active].markers.of(DeadlandsMarkers).hanged:
        raise ScenarioError(f"turn: {names[active]} hangs on the gallows, and comes down only as his turn begins")
    phase = Phase(scenario.phase) if scenario.phase else None
    if phase is None:
        phase = Phase.ROLL if players[active].status is Status.IN_PLAY else Phase.RESPAWN
    if (phase is Phase.RESPAWN) == (players[active].status is Status.IN_PLAY):
        raise ScenarioError(f"phase: {phase.value} does not fit {names[active]}, who is {players[active].status.value}")
    state.turn = FragTurn(
        number=scenario.turn_number,
        active=active,
        phase=phase,
        movement=scenario.movement,
        attacks=0,
        checked=[_square(board, s, "checked") for s in scenario.checked],
        may_pick_up=scenario.may_pick_up,
    )
    state.dice = dice.state
    if scenario.objective is not None:
        state.objective = _objective(scenario.objective, names, board)
    core = Core(state, board, cards)
    for seat, player in enumerate(players):
        if player.status is Status.IN_PLAY and core.health(seat) <= 0:
            raise ScenarioError(
                f"fighter {shown(player.name)}: in play at Health {core.health(seat)}; a fighter in play has at "
                "least 1 (lower `damage`, or leave `at` out for a fighter who is fragged)"
            )
        core.count_wounds(seat)  # (H-WOUND-01: the record sheet's wound tokens say his `damage` at once)
    if phase is Phase.ACTION:
        state.turn.attacks = scenario.attacks if scenario.attacks is not None else core.attacks_per_turn(active)
    return state, cards
