"""Scenarios of Ruthless: any position of a game set up in a few lines of TOML (docs/scenarios.md, "Ruthless").

A test of a rule of Ruthless needs its models exactly where the rule applies: who stands where, mounted or
not, with which wounds, rounds and marks, which cards each player holds, the deck's order, whose activation
it is, and the d10s the rule will roll. Building a new game and editing its table by hand says all of that
in twenty lines of plumbing; a scenario says it in the game's own words, and refuses a position no game
could be in with one line naming what is wrong. `RuthlessRules.scenario_state` hands a scenario here
(`Game.from_scenario`, `fragtui.content.library.scenario_game`).

Not to be confused with `scenarios.py`, the game's own scenarios (the showdown and the strongbox): a
scenario here names which of them is played with the `scenario` option, as a configuration does.

A scenario begins between decisions: no fisticuffs, covered shot or snap shot is pending (set up the Move
that starts one and play it). The gunfighters are the shipped roster's cards (`posses/gunfighters.toml`),
named by their keys; a posse is each seat's models in the order given, numbered over every posse (model 0
is the first posse's first model), as the set-up numbers them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fragtui.engine.board import Board, Square
from fragtui.engine.cards import CardSet
from fragtui.engine.config import GameConfig, Seat, seat_part_default
from fragtui.engine.dice import Dice
from fragtui.engine.playing_cards import Rank
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.ruthless.deck import FULL_DECK, HAND_SIZE, rank_of, strength
from fragtui.engine.ruthless.grid import standable
from fragtui.engine.ruthless.home_edges import SIDE_WORDS, home_edge, on_side, strongbox_square
from fragtui.engine.ruthless.objectives import STRONGBOX
from fragtui.engine.ruthless.pieces import HORSE_WOUNDS, WEAPONS, Gunfighter, Location, Posse
from fragtui.engine.ruthless.roster import shipped_roster
from fragtui.engine.ruthless.sequence import ACTIONS_PER_TURN, Phases
from fragtui.engine.ruthless.state import RuthlessPlayer, RuthlessState
from fragtui.engine.ruthless.table import Condition, Model, RuthlessMarkers, RuthlessTable
from fragtui.engine.state import GameState
from fragtui.errors import ScenarioError, shown, validation_problem

__all__ = ["RuthlessScenario", "ScenarioGunfighter", "ScenarioPosse", "build_state", "scenario_state"]

RULESET: Final = "ruthless"
"""The ruleset a scenario of this shape is played by (`ruleset = "ruthless"` in the TOML)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class ScenarioGunfighter(_Model):
    """One model of a posse: his card, where he stands, and what the fight has done to him so far."""

    gunfighter: str = Field(min_length=1, max_length=32)
    """His card, by its key in the roster (`chet-willis`: `fragtui` lists them in the set-up's posse editor)."""
    at: str | None = None
    """His square (`x,y`); left out for a model off the table (dead, or fled with his posse)."""
    condition: Literal["standing", "unconscious", "dead", "fled"] | None = None
    """Default: `standing` with a square. `unconscious` lies tipped over on his square (R-UNC-01); `dead` and
    `fled` are off the table (R-HIT-02; a posse that left the strongbox's field, R-SKED-01)."""
    mounted: bool | None = None
    """On horseback (R-MOVE-01, R-SHOOT-01/02). Default: a rider whose horse lives is mounted, as he deploys."""
    horse_wounds: int = Field(default=0, ge=0, le=HORSE_WOUNDS)
    """Wounds his horse has taken (R-HIT-02); 3: the horse is dead and he fights on foot."""
    wounds: dict[Location, Annotated[int, Field(ge=0, le=6)]] = Field(default_factory=dict)
    """Boxes crossed off, by location (R-HIT-01/02): `{ leg = 1, graze = 2 }`; every box of one location
    crossed off kills him, so only a dead model may have that."""
    ammo: list[Annotated[int, Field(ge=0, le=99)]] | None = None
    """Rounds left in each of his weapons that holds rounds, in his card's order (the bow holds none and is
    skipped: Deacon Frye's bow and derringer take `ammo = [1]`). Default: every weapon full."""
    lily_livered: bool = False
    """He failed a Toughness check and heads for cover (R-TOUGH-01); his shots take -1 (R-SHOOT-01)."""
    covering: bool = False
    """"Got You Covered!" (R-COVER-01): he may take one shot at an enemy moving in his sight."""
    aiming: bool = False
    """He took the Aim action: +1 on his next shot (R-SHOOT-01)."""
    actions: int = Field(default=0, ge=0, le=ACTIONS_PER_TURN + 1)
    """Actions he took this turn (R-ACT-01: two; a third with his player's 7, R-SEQ-03)."""
    moves: int = Field(default=0, ge=0, le=ACTIONS_PER_TURN + 1)
    """Of them, Moves (a leg wound allows one a turn, R-HIT-01)."""
    shots: int = Field(default=0, ge=0, le=ACTIONS_PER_TURN + 1)
    """Of them, Shoots (an arm wound allows one a turn, R-HIT-01)."""
    carrying: bool = False
    """He carries the strongbox (the `strongbox` scenario, ruling R-SKED-01)."""


class ScenarioPosse(_Model):
    """One player, the posse he leads, and the cards in his hand."""

    name: str = Field(min_length=1, max_length=24)
    """The player's name."""
    title: str | None = Field(default=None, min_length=1, max_length=40)
    """The posse's name (default: `Ann's posse`)."""
    models: list[ScenarioGunfighter] = Field(alias="model", min_length=1, max_length=8)
    """His models, in the order they are numbered (`[[posse.model]]` tables in TOML)."""
    hand: list[str] | None = None
    """The cards in his hand (`KS`, `10H`, `7C`). Default: dealt from the top of the deck, five less the
    card he picked this turn (none for a posse that left the field)."""
    pick: str | None = None
    """The card he picked for initiative this turn (R-SEQ-01): face down in phase `initiative` (where a
    posse that has not picked yet has none), shown in phase `activation`, on the discard pile since the
    turn's end in phase `discard`."""
    kills: int = Field(default=0, ge=0, le=99)
    """Enemy models his posse has killed (the record sheet's tally)."""


class RuthlessScenario(_Model):
    """A whole position of a game of Ruthless."""

    ruleset: Literal["ruthless"] = RULESET
    """The rules played: Ruthless (a scenario without `ruleset` is Frag's)."""
    map: str = "main-street"
    """The map's name (the loader turns it into a board; `map_text` gives one inline)."""
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    """Ruthless's options (`GameConfig.options`): `scenario = "strongbox"`, `sundown = 6`, `budget = 80`."""
    posses: list[ScenarioPosse] = Field(alias="posse", min_length=2)
    """The players in seat order (`[[posse]]` tables in TOML)."""
    deck: list[str] = Field(default_factory=list)
    """The top of the draw pile, top card first; every card placed nowhere else follows, shuffled with `seed`."""
    discard: list[str] = Field(default_factory=list)
    """The discard pile, oldest first."""
    phase: Literal["initiative", "activation", "discard"] = "initiative"
    """Where the turn is (R-SEQ-01/02): the players picking their cards, the posses activating in card
    order, or the players of a 3 discarding at the turn's end."""
    turn_number: int = Field(default=1, ge=1, le=99)
    """The turn's number (no later than the `sundown` option's last turn)."""
    acting: str | None = None
    """Phase `activation`: the name of the player whose posse activates now (default: the first in
    initiative order); those before him in the order have activated."""
    discarding: list[str] | None = None
    """Phase `discard`: the players still to discard, in activation order (default: every player who
    picked a 3, R-SEQ-02/03)."""
    skedaddled: list[str] = Field(default_factory=list)
    """The strongbox scenario: players whose posses left the field while the others fight on (R-SKED-01)."""
    strongbox: str | None = None
    """The strongbox scenario: the square the strongbox lies on (default: where the set-up puts it), unless
    a model is `carrying` it."""
    dice: list[Annotated[int, Field(ge=1, le=10)]] | None = None
    """Scripted d10s, in order; asking for more is an error. Left out: rolled from `seed`."""
    seed: int = Field(default=0, ge=0, lt=2**64)
    """The seed of the deck's shuffle (and of the dice, without `dice`)."""


def scenario_state(scenario: object, board: Board, cards: CardSet) -> tuple[GameState, CardSet]:
    """`RuthlessRules.scenario_state`: a `RuthlessScenario`, or a mapping of its shape, as a state."""
    if not isinstance(scenario, RuthlessScenario):
        scenario = RuthlessScenario.model_validate(scenario)
    return build_state(scenario, board), cards


def _card(card: str, where: str) -> str:
    """A playing card's name as the deck writes it (`ks` → `KS`); unknown ones are refused."""
    name = card.strip().upper()
    if name not in FULL_DECK:
        raise ScenarioError(f"{where}: {shown(card)} is not a card of the deck (its cards are named AS, 10H, 7C, …)")
    return name


class _Deck:
    """Hands out the 52 cards: each at most once, wherever it is placed."""

    def __init__(self) -> None:
        self.placed: dict[str, str] = {}

    def take(self, cards: Iterable[str], where: str) -> list[str]:
        taken = []
        for given in cards:
            card = _card(given, where)
            if card in self.placed:
                raise ScenarioError(f"{where}: the card {card} is placed twice (in {self.placed[card]} too)")
            self.placed[card] = where
            taken.append(card)
        return taken

    def rest(self) -> list[str]:
        return [card for card in FULL_DECK if card not in self.placed]


def _gunfighter(key: str, where: str) -> Gunfighter:
    roster = shipped_roster()
    try:
        return roster.gunfighter(key)
    except KeyError:
        keys = [gunfighter.key for gunfighter in roster.gunfighters]
        near = difflib.get_close_matches(key, keys, n=1)
        hint = f": did you mean {near[0]}?" if near else f" (the roster's: {', '.join(keys)})"
        raise ScenarioError(f"{where}: no gunfighter of the roster has the key {shown(key)}{hint}") from None


def _square(board: Board, text: str, where: str) -> Square:
    try:
        square = Square.parse(text)
    except ValueError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    if square.side is not None or not standable(board, square.x, square.y):
        raise ScenarioError(f"{where}: {text} is not a square a model can stand on in {shown(board.name)}")
    return square


_A_MODEL = {
    Condition.STANDING: "a standing model",
    Condition.UNCONSCIOUS: "an unconscious model",
    Condition.DEAD: "a dead model",
    Condition.FLED: "a model who fled",
}
"""A model in each condition, as an error names him."""


def _model(spec: ScenarioGunfighter, card: Gunfighter, seat: int, number: int, board: Board, where: str) -> Model:
    """One model as the scenario places him, every impossible part of him refused."""
    condition = Condition(spec.condition) if spec.condition else Condition.STANDING
    on_table = condition in (Condition.STANDING, Condition.UNCONSCIOUS)
    if on_table != (spec.at is not None):
        needs = "needs a square (`at`)" if on_table else "is off the table: no `at`"
        raise ScenarioError(f"{where}: {_A_MODEL[condition]} {needs}")
    square = _square(board, spec.at, where) if spec.at is not None else None
    for location, crossed in spec.wounds.items():
        boxes = card.wounds[location]
        if crossed > boxes:
            raise ScenarioError(f"{where}: {card.name} has {boxes} {location.value} boxes, not {crossed} to cross off")
        if crossed == boxes and condition is not Condition.DEAD:
            raise ScenarioError(
                f'{where}: every {location.value} box crossed off kills {card.name} (R-HIT-02): `condition = "dead"`'
            )
    horse_dead = spec.horse_wounds >= HORSE_WOUNDS
    if (spec.horse_wounds or spec.mounted) and not card.horse:
        raise ScenarioError(f"{where}: {card.name} has no horse")
    mounted = spec.mounted if spec.mounted is not None else card.horse and not horse_dead and on_table
    if mounted and (horse_dead or not on_table):
        raise ScenarioError(f"{where}: {card.name} cannot ride: " + ("his horse is dead" if on_table else "he is gone"))
    holds = [index for index, kind in enumerate(card.weapons) if WEAPONS[kind].rounds is not None]
    ammo: list[int | None] = [WEAPONS[kind].rounds for kind in card.weapons]
    if spec.ammo is not None:
        if len(spec.ammo) != len(holds):
            guns = ", ".join(WEAPONS[card.weapons[index]].title for index in holds) or "none"
            raise ScenarioError(
                f"{where}: `ammo` gives {len(spec.ammo)} weapons' rounds, but {card.name}'s weapons that hold rounds "
                f"are {len(holds)} ({guns})"
            )
        for index, rounds in zip(holds, spec.ammo, strict=True):
            spec_of = WEAPONS[card.weapons[index]]
            if rounds > (spec_of.rounds or 0):
                raise ScenarioError(f"{where}: {card.name}'s {spec_of.title} holds {spec_of.rounds}, not {rounds}")
            ammo[index] = rounds
    marks = {"lily_livered": spec.lily_livered, "covering": spec.covering, "aiming": spec.aiming}
    if condition is not Condition.STANDING and any(marks.values()):
        raise ScenarioError(
            f"{where}: {_A_MODEL[condition]} has no marks (`{next(k for k, v in marks.items() if v)}` set)"
        )
    if spec.aiming and spec.wounds.get(Location.CHEST):
        raise ScenarioError(f"{where}: a chest wound allows no Aim (R-HIT-01): he cannot be aiming")
    if spec.moves + spec.shots > spec.actions:
        raise ScenarioError(
            f"{where}: {spec.moves} Moves and {spec.shots} Shoots are more than his {spec.actions} actions"
        )
    return Model(
        id=number,
        owner=seat,
        card=card,
        square=square,
        condition=condition,
        wounds={location: crossed for location, crossed in spec.wounds.items() if crossed},
        ammo=ammo,
        mounted=mounted,
        horse_wounds=spec.horse_wounds,
        horse_dead=horse_dead,
        actions=spec.actions,
        moves=spec.moves,
        shots=spec.shots,
        markers=RuthlessMarkers(lily_livered=spec.lily_livered, covering=spec.covering, aiming=spec.aiming),
    )


def _seat_of(names: list[str], name: str, where: str) -> int:
    if name not in names:
        raise ScenarioError(f"{where}: no player is called {shown(name)}")
    return names.index(name)


def build_state(scenario: RuthlessScenario, board: Board) -> RuthlessState:
    """The state of a game of Ruthless a scenario describes (see the module's docstring)."""
    rules = find_ruleset(RULESET)
    if board.ruleset not in rules.maps_for:
        raise ScenarioError(
            f"map: {shown(scenario.map)} is drawn for {board.ruleset}: {rules.title} is not played on it"
        )
    names = [posse.name for posse in scenario.posses]
    where_of = [f"posse {shown(name)}" for name in names]
    cards_of = [
        [
            _gunfighter(spec.gunfighter, f"{where_of[seat]}, model {number + 1}")
            for number, spec in enumerate(posse.models)
        ]
        for seat, posse in enumerate(scenario.posses)
    ]
    try:
        config = GameConfig(
            ruleset=RULESET,
            options=scenario.options,
            map=scenario.map,
            seats=tuple(
                Seat(
                    name=posse.name,
                    fighter=seat_part_default("fighter"),
                    posse=Posse(name=posse.title or f"{posse.name}'s posse"[:40], gunfighters=tuple(cards_of[seat])),
                )
                for seat, posse in enumerate(scenario.posses)
            ),
        )
    except ValidationError as exc:
        where, message = validation_problem(exc.errors()[0])  # (the options, a budget broken, two names alike)
        raise ScenarioError(f"{where}: {message}" if where else message) from None
    options = config.options
    strongbox_played = options.get("scenario") == STRONGBOX
    sundown = options.get("sundown", rules.option("sundown").default)
    assert isinstance(sundown, int)
    if sundown and scenario.turn_number > sundown:
        raise ScenarioError(
            f"turn_number: turn {scenario.turn_number} is past sundown (turn {sundown}): that game is over"
        )

    table = RuthlessTable(turn_limit=sundown)
    for seat, (posse, cards) in enumerate(zip(scenario.posses, cards_of, strict=True)):
        for number, (spec, card) in enumerate(zip(posse.models, cards, strict=True)):
            where = f"{where_of[seat]}, model {number + 1} ({card.name})"
            table.models.append(_model(spec, card, seat, len(table.models), board, where))
    squares = [model.square for model in table.models if model.square is not None]
    if len(squares) != len(set(squares)):
        twice = next(square for square in squares if squares.count(square) > 1)
        raise ScenarioError(f"posses: two models stand on {twice}")

    gone = [_seat_of(names, name, "skedaddled") for name in scenario.skedaddled]
    if gone and not strongbox_played:
        raise ScenarioError("skedaddled: a posse that skedaddles ends the showdown; only the strongbox is fought on")
    if len(names) - len(set(gone)) < 2:
        raise ScenarioError("skedaddled: the strongbox is fought for while two posses or more are in the field")
    for seat in gone:
        if any(model.on_table for model in table.models if model.owner == seat):
            raise ScenarioError(f"{where_of[seat]}: it left the field, so its models are dead or fled")
        if scenario.posses[seat].hand or scenario.posses[seat].pick:
            raise ScenarioError(f"{where_of[seat]}: it left the field: it holds no cards and picks none")
    table.skedaddled = sorted(set(gone))
    fled = next((m for m in table.models if m.condition is Condition.FLED and m.owner not in gone), None)
    if fled is not None:
        raise ScenarioError(f"{where_of[fled.owner]}: {fled.card.name} fled, but his posse is not `skedaddled`")

    _place_strongbox(scenario, table, board, len(names), strongbox_played)
    shuffler = Dice(scenario.seed)
    _deal(scenario, table, gone, shuffler)
    _set_turn(scenario, table, names)

    players = [
        RuthlessPlayer(name=posse.name, design=seat_part_default("fighter"), frags=posse.kills)
        for posse in scenario.posses
    ]
    dice = Dice.scripted(scenario.dice, sides=10) if scenario.dice is not None else shuffler
    state = RuthlessState(config=config, players=players, dice=dice.state, ruthless=table)
    state.turn.number = scenario.turn_number
    state.turn.phase = scenario.phase
    state.turn.active = _active(scenario.phase, table)
    return state


def _place_strongbox(scenario: RuthlessScenario, table: RuthlessTable, board: Board, seats: int, played: bool) -> None:
    """Where the strongbox is: on a square, carried, or where the set-up puts it (objectives.py)."""
    specs = [spec for posse in scenario.posses for spec in posse.models]
    carriers = [model for model, spec in zip(table.models, specs, strict=True) if spec.carrying]
    if not played:
        if carriers or scenario.strongbox is not None:
            raise ScenarioError('strongbox: there is a strongbox only with the option `scenario = "strongbox"`')
        return
    if len(carriers) > 1:
        raise ScenarioError("strongbox: one model carries it, not " + ", ".join(m.card.name for m in carriers))
    if carriers:
        carrier = carriers[0]
        if scenario.strongbox is not None:
            raise ScenarioError(f"strongbox: {carrier.card.name} carries it, so it lies on no square")
        if not carrier.standing or carrier.markers.lily_livered:
            raise ScenarioError(f"strongbox: {carrier.card.name} cannot carry it: he is not standing, or Lily Livered")
        assert carrier.square is not None
        side = home_edge(board, carrier.owner)
        if on_side(board, carrier.square, side):
            raise ScenarioError(
                f"strongbox: {carrier.card.name} stands on his posse's home edge ({SIDE_WORDS[side]}): "
                "he would have carried it off"
            )
        table.carrier = carrier.id
    elif scenario.strongbox is not None:
        table.strongbox = _square(board, scenario.strongbox, "strongbox")
    else:
        taken = {model.square for model in table.models if model.square is not None}
        table.strongbox = strongbox_square(board, seats, taken)


def _deal(scenario: RuthlessScenario, table: RuthlessTable, gone: list[int], shuffler: Dice) -> None:
    """The cards: the picks, the hands given, the discard pile and the top of the deck, each card once; every
    other card shuffled under the deck's top; then each hand left out dealt from the top, seat by seat."""
    deck = _Deck()
    picks = [deck.take([p.pick], f"posse {shown(p.name)}, pick")[0] if p.pick else None for p in scenario.posses]
    hands = [deck.take(p.hand, f"posse {shown(p.name)}, hand") if p.hand is not None else None for p in scenario.posses]
    for posse, hand in zip(scenario.posses, hands, strict=True):
        if hand is not None and len(hand) > HAND_SIZE:
            raise ScenarioError(f"posse {shown(posse.name)}, hand: {len(hand)} cards; a hand holds {HAND_SIZE}")
    table.discard = deck.take(scenario.discard, "discard")
    top = deck.take(scenario.deck, "deck")
    rest = deck.rest()
    shuffler.shuffle(rest)
    table.draw = top + rest
    for seat, hand in enumerate(hands):
        if hand is None:
            dealt = 0 if seat in gone else HAND_SIZE - (picks[seat] is not None)
            hands[seat], table.draw = table.draw[:dealt], table.draw[dealt:]
    table.hands = [hand or [] for hand in hands]
    table.picks = picks


def _set_turn(scenario: RuthlessScenario, table: RuthlessTable, names: list[str]) -> None:
    """The turn's sequence as the phase has it (R-SEQ-01/02/03): the picks, the order, who acts or discards."""
    seats = len(names)
    field = [seat for seat in range(seats) if seat not in table.skedaddled]
    picks = table.picks
    table.bonus = [False] * seats
    table.order = []
    table.acting = 0
    if scenario.phase != Phases.ACTIVATION and scenario.acting is not None:
        raise ScenarioError("acting: a posse activates only in phase `activation`")
    if scenario.phase != Phases.DISCARD and scenario.discarding is not None:
        raise ScenarioError("discarding: players discard only in phase `discard`")
    if scenario.phase == Phases.INITIATIVE:
        busy = next((model for model in table.models if model.actions), None)
        if busy is not None:
            raise ScenarioError(f"phase: the turn begins with every action back, but {busy.card.name} took some")
        if all(picks[seat] is not None for seat in field):
            raise ScenarioError("phase: every posse has picked, so the cards are shown: phase `activation`")
        for seat in field:
            if picks[seat] is None and not table.hands[seat]:
                raise ScenarioError(f"posse {shown(names[seat])}: it must pick a card for initiative, but holds none")
        return
    missing = [names[seat] for seat in field if picks[seat] is None]
    if missing:
        raise ScenarioError(
            f"posse {shown(missing[0])}: in phase {scenario.phase} every posse has picked its initiative card (`pick`)"
        )
    table.order = sorted(field, key=lambda seat: strength(picks[seat] or ""), reverse=True)
    table.last_picks = list(picks)
    for seat in field:
        thirds = [model for model in table.models if model.owner == seat and model.actions > ACTIONS_PER_TURN]
        seven = rank_of(picks[seat] or "") is Rank.SEVEN
        if thirds and (not seven or len(thirds) > 1):
            raise ScenarioError(
                f"posse {shown(names[seat])}: only one model takes a third action, with his player's 7 (R-SEQ-03)"
            )
        table.bonus[seat] = seven and not thirds
    if scenario.phase == Phases.ACTIVATION:
        acting = table.order[0] if scenario.acting is None else _seat_of(names, scenario.acting, "acting")
        if acting not in table.order:
            raise ScenarioError(f"acting: {names[acting]}'s posse has left the field")
        table.acting = table.order.index(acting)
        waiting = table.order[table.acting + 1 :]
        busy = next((model for model in table.models if model.owner in waiting and model.actions), None)
        if busy is not None:
            raise ScenarioError(
                f"posse {shown(names[busy.owner])}: it has not activated yet, but {busy.card.name} acted"
            )
        return
    # The turn's end (`Sequence.end_turn`): the picks on the discard pile, the marks gone, the 3s to discard.
    marked = next((m for m in table.models if m.markers.covering or m.markers.aiming), None)
    if marked is not None:
        raise ScenarioError(f"phase: the turn's end took off every aim and cover, but {marked.card.name} has one")
    table.acting = len(table.order)
    table.discard.extend(card for card in picks if card is not None)
    table.picks = [None] * seats
    threes = [seat for seat in table.order if rank_of(table.last_picks[seat] or "") is Rank.THREE]
    if scenario.discarding is None:
        table.discarding = threes
    else:
        table.discarding = [_seat_of(names, name, "discarding") for name in scenario.discarding]
        wrong = next((seat for seat in table.discarding if seat not in threes), None)
        if wrong is not None:
            raise ScenarioError(f"discarding: {names[wrong]} did not pick a 3, which is what lets a player discard")
        if table.discarding != [seat for seat in table.order if seat in table.discarding]:
            raise ScenarioError("discarding: the players discard in activation order")
    if not table.discarding:
        raise ScenarioError("phase: in phase `discard` a player who picked a 3 is still to discard (R-SEQ-02)")


def _active(phase: str, table: RuthlessTable) -> int:
    """The turn's active seat: the posse activating, or the first to discard (0 while the players pick)."""
    if phase == Phases.ACTIVATION:
        return table.order[table.acting]
    if phase == Phases.DISCARD:
        return table.discarding[0]
    return 0
