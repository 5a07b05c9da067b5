"""The Ruthless engine's speed-ups never change an answer: at every decision of random games, what the kept
answers say (the Move squares as bits, the MoveTo and Shoot tuples, the lines of sight a game keeps) equals what
a plain, uncached working-out of the rules says (R-MOVE-01, R-SHOOT-01, R-TOUGH-01, R-SNAP-01).

The reference here is written from the rules, not from the engine's code: a Move's squares by Dijkstra over the
board's steps (`grid.neighbours`), twice (open ground within the open allowance, any ground within the rough one),
the blocked squares never entered; a shot for each loaded weapon at each enemy in reach and in sight by the board's
geometry. Several games are played one after the other on the same board object, so that what one game left in
the board's caches is checked in the next.
"""

from __future__ import annotations

import copy
import dataclasses
import heapq
import random

import pytest
from pydantic import BaseModel, TypeAdapter

from fragtui.content.library import cards_for
from fragtui.content.maps import load_named_map
from fragtui.engine.actions import Action, EndTurn
from fragtui.engine.board import Board, Square
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.ruthless.actions import Aim, Courage, Dismount, GotYouCovered, Mount, MoveTo, Reload, Shoot
from fragtui.engine.ruthless.grid import (
    FOOT,
    MOUNTED,
    distance,
    in_cover,
    neighbours,
    reach_bits,
    reachable,
    square_bits,
    squares_of,
    standable,
)
from fragtui.engine.ruthless.pieces import WEAPONS, Location
from fragtui.engine.ruthless.reactions import DUCK
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.engine.ruthless.sequence import Phases
from fragtui.engine.ruthless.shooting import FANFIRE_MAX
from fragtui.engine.ruthless.table import Model

DECISIONS = 150
"""Decisions checked in each game (a game that ends sooner is checked to its end)."""


def plain_reach(
    board: Board, start: Square, allowance: tuple[float, float], blocked: set[Square]
) -> dict[Square, float]:
    """R-MOVE-01 worked out plainly: the cheapest cost of each square over open ground within the open allowance,
    or over any ground within the rough one; `blocked` never entered; in (x, y) order, the start left out."""
    # (squares as (x, y) pairs while searching, made `Square`s once at the end: a Ruthless square is a whole one,
    # so the pair names it; making a `Square` for every step looked at was a third of this file's time)
    assert start.side is None and all(square.side is None for square in blocked)
    steps = _steps_of(board)
    walls = {(square.x, square.y) for square in blocked}
    origin = (start.x, start.y)
    best: dict[tuple[int, int], float] = {}
    for limit, rough_ok in ((allowance[0], False), (allowance[1], True)):
        cost = {origin: 0.0}
        heap = [(0.0, start.x, start.y)]
        while heap:
            spent, x, y = heapq.heappop(heap)
            if spent > cost.get((x, y), float("inf")):
                continue
            for nx, ny, step, rough in steps[x, y]:
                there = (nx, ny)
                total = spent + step
                if (rough and not rough_ok) or there in walls or total > limit:
                    continue
                if total < cost.get(there, float("inf")):
                    cost[there] = total
                    heapq.heappush(heap, (total, nx, ny))
        for square, spent in cost.items():
            if spent < best.get(square, float("inf")):
                best[square] = spent
    del best[origin]
    return {Square(x, y): best[x, y] for x, y in sorted(best)}


_STEPS: list[tuple[Board, dict[tuple[int, int], tuple[tuple[int, int, float, bool], ...]]]] = []
"""The board's steps (`grid.neighbours` of every square), asked of it once per board: the same answers for every
walk on it, each looked up without making a `Square` to ask with."""


def _steps_of(board: Board) -> dict[tuple[int, int], tuple[tuple[int, int, float, bool], ...]]:
    if not _STEPS or _STEPS[0][0] is not board:
        every = {(x, y): neighbours(board, Square(x, y)) for x in range(board.width) for y in range(board.height)}
        _STEPS[:] = [(board, every)]
    return _STEPS[0][1]


def plain_destinations(rules: RuthlessRules, model: Model) -> dict[Square, float]:
    """Where a Move of `model`'s may end (R-MOVE-01), a Lily Livered one's only in cover or nearer it (R-TOUGH-01)."""
    assert model.square is not None
    others = {m.square for m in rules.table.models if m.square is not None and m is not model}
    found = plain_reach(rules.board, model.square, rules.allowance(model), others)
    if not model.markers.lily_livered:
        return found
    field = rules.cover_field()
    here = field.get(model.square, float("inf"))
    if here == 0:
        return {square: cost for square, cost in found.items() if field.get(square) == 0}
    return {square: cost for square, cost in found.items() if field.get(square, float("inf")) < here}


def plain_shots(rules: RuthlessRules, model: Model) -> list[Shoot]:
    """R-SHOOT-01, R-WPN-01/02: each loaded weapon at each enemy on the table in reach and in sight (the board's
    geometry asked every time), and the fanfires of a revolver or a Buntline at short range."""
    assert model.square is not None
    found: list[Shoot] = []
    enemies = [m for m in rules.table.models if m.owner != model.owner and m.on_table and m.square is not None]
    for index, kind in enumerate(model.card.weapons):
        ammo = model.ammo[index]
        if ammo == 0:
            continue
        spec = WEAPONS[kind]
        for enemy in enemies:
            assert enemy.square is not None
            reach = distance(model.square, enemy.square)
            if reach > spec.reach or not rules.board.geometry.sight.line_of_sight(model.square, enemy.square):
                continue
            found.append(Shoot(fighter=model.id, target=enemy.id, weapon=index))
            if spec.fanfire and spec.short is not None and reach <= spec.short and ammo is not None:
                found.extend(
                    Shoot(fighter=model.id, target=enemy.id, weapon=index, rounds=rounds)
                    for rounds in range(2, min(FANFIRE_MAX, ammo) + 1)
                )
    return found


def plain_model_actions(rules: RuthlessRules, model: Model, destinations: dict[Square, float]) -> list[Action]:
    """R-ACT-01 with R-HIT-01's limits (and the strongbox's one Move a turn for its carrier, ruling R-SKED-01), every
    part worked out plainly, in the engine's order (`destinations`: the model's `plain_destinations`, worked out
    once a decision)."""
    if not rules.may_act(model) or model.square is None:
        return []
    found: list[Action] = []
    one_move = model.crossed(Location.LEG) or rules.table.carrier == model.id  # R-HIT-01; the strongbox, R-SKED-01
    if not (one_move and model.moves >= 1):
        found.extend(MoveTo(fighter=model.id, to=square) for square in destinations)
    if not model.markers.aiming and not model.crossed(Location.CHEST):
        found.append(Aim(fighter=model.id))
    if not (model.crossed(Location.ARM) and model.shots >= 1):
        found.extend(plain_shots(rules, model))
    for index, kind in enumerate(model.card.weapons):
        rounds = WEAPONS[kind].rounds
        if rounds is not None and (model.ammo[index] or 0) < rounds:
            found.append(Reload(fighter=model.id, weapon=index))
    if not model.markers.covering:
        found.append(GotYouCovered(fighter=model.id))
    if model.card.horse and not model.horse_dead:
        found.append(Dismount(fighter=model.id) if model.mounted else Mount(fighter=model.id))
    if model.markers.lily_livered and in_cover(rules.board, model.square):
        found.append(Courage(fighter=model.id))
        found.extend(Courage(fighter=model.id, card=card) for card in rules.table.hands[model.owner])
    return found


def check_decision(game: Game) -> None:
    """Every kept answer the decision asks for equals the plain one."""
    rules = game.rules
    assert isinstance(rules, RuthlessRules)
    actions = game.legal_actions()
    plain: dict[int, dict[Square, float]] = {}  # (each model's plain Move squares: the legal actions list them again)
    for model in rules.table.models:
        if model.square is None:
            continue
        others = {m.square for m in rules.table.models if m.square is not None and m is not model}
        plain[id(model)] = plain_destinations(rules, model)
        assert list(rules.destinations(model).items()) == list(plain[id(model)].items())
        assert rules.shots(model) == plain_shots(rules, model)
        assert reachable(rules.board, model.square, DUCK, others) == plain_reach(
            rules.board, model.square, DUCK, others
        )
        for firer in rules.table.models:  # R-SNAP-01: whether a window opens is whether it offers anything
            if firer.owner != model.owner:
                offered = rules.snap_cards(firer, model) and rules.snaps(firer, model)
                assert rules.may_snap(firer, model) == bool(offered)
    if rules.state.pending or rules.state.turn.phase != Phases.ACTIVATION:
        return
    seat = game.decider()
    assert seat is not None
    expected: list[Action] = []
    for model in rules.posse(seat):
        expected.extend(plain_model_actions(rules, model, plain[id(model)] if model.square is not None else {}))
    expected.append(EndTurn())
    assert actions == expected


@pytest.mark.parametrize(
    ("map_name", "players", "seed"), [("desert", 4, 1), ("dry-creek", 3, 2), ("main-street", 2, 3)]
)
def test_kept_answers_equal_the_plain_rules_at_every_decision(map_name: str, players: int, seed: int) -> None:
    """Random games, two after another on one board (the board's caches carried from the first into the second),
    mounted and on foot, Lily Livered and not: the legal actions, every model's Move squares with their costs,
    shots and ducks equal the plain working-out at every decision."""
    board = load_named_map(map_name)
    for game_seed in (seed, seed + 100):
        rng = random.Random(game_seed)
        seats = RuthlessRules.random_seats(rng, players)
        scenario = "strongbox" if game_seed % 2 else "showdown"
        config = make_config(
            ruleset=RuthlessRules.key, map=map_name, seats=seats, options={"sundown": 0, "scenario": scenario}
        )
        game = Game.new(config, game_seed, board=board, cards=cards_for(config))
        for _ in range(DECISIONS):
            if game.decider() is None:
                break
            check_decision(game)
            game.apply(rng.choice(game.legal_actions()))


_MODEL_JSON = TypeAdapter(Model)


def _fields(record: object) -> list[str]:
    """The fields of a pydantic model or a (pydantic) dataclass."""
    if dataclasses.is_dataclass(record):
        return [field.name for field in dataclasses.fields(record)]
    assert isinstance(record, BaseModel)
    return list(type(record).model_fields)


def _is_record(value: object) -> bool:
    return isinstance(value, BaseModel) or (dataclasses.is_dataclass(value) and not isinstance(value, type))


def _frozen(record: object) -> bool:
    if isinstance(record, BaseModel):
        return bool(record.model_config.get("frozen"))
    return bool(record.__dataclass_params__.frozen)  # type: ignore[attr-defined]


def _shares_only_what_never_changes(seen: object, original: object) -> None:
    """Every field `seen` shares with `original` (the same object) holds an immutable value: one that hashes, or
    a frozen model (the character card)."""
    for name in _fields(original):
        value = getattr(seen, name)
        if value is getattr(original, name):
            if _is_record(value):
                assert _frozen(value), f"{name} is a model that changes in place, shared"
            else:
                hash(value)  # a list or a dict that changes in place would raise here
        elif _is_record(value):
            _shares_only_what_never_changes(value, getattr(original, name))


def test_a_view_models_equal_deep_copies_and_stay_as_they_were() -> None:
    """`Game.view` copies each model cheaply (`model_seen`): equal to a deep copy, its JSON the same, sharing
    only immutable values; and what the table does next does not change a view already taken."""
    board = load_named_map("desert")
    rng = random.Random(5)
    config = make_config(
        ruleset=RuthlessRules.key, map="desert", seats=RuthlessRules.random_seats(rng, 4), options={"sundown": 0}
    )
    game = Game.new(config, 5, board=board, cards=cards_for(config))
    for _ in range(120):
        if game.decider() is None:
            break
        table = game.state.ruthless
        assert table is not None
        view = game.view(game.decider()).ruthless
        assert view is not None
        deep = [copy.deepcopy(model) for model in table.models]
        for seen, original, copied in zip(view.models, table.models, deep, strict=True):
            assert seen == copied
            assert _MODEL_JSON.dump_json(seen) == _MODEL_JSON.dump_json(copied)
            _shares_only_what_never_changes(seen, original)
        game.apply(rng.choice(game.legal_actions()))
        assert list(view.models) == deep  # (the table moved on; the view did not)


@pytest.mark.parametrize("map_name", ["desert", "pocket"])
def test_moves_walked_in_their_window_equal_the_plain_walk_at_the_board_edges(map_name: str) -> None:
    """R-MOVE-01: a Move is walked in the columns it can reach only (`grid._Reach.window`); from the first and last
    columns and the two beside each (where the window is cut by the board's edge), on foot and mounted, with and
    without models in the way, its squares and costs are the plain walk's, and `reach_bits` gives the same
    squares."""
    board = load_named_map(map_name)
    rng = random.Random(3)
    columns = [0, 1, 2, board.width - 3, board.width - 2, board.width - 1]
    starts = [Square(x, y) for x in columns for y in range(board.height) if standable(board, x, y)]
    assert len(starts) > 2 * board.height
    open_squares = [Square(x, y) for x in range(board.width) for y in range(board.height) if standable(board, x, y)]
    for start in starts:
        for allowance in (FOOT, MOUNTED):
            for blocked in (set(), set(rng.sample(open_squares, 12)) - {start}):
                expected = plain_reach(board, start, allowance, blocked)
                assert reachable(board, start, allowance, blocked) == expected
                bits = reach_bits(board, start, allowance, square_bits(board, blocked))
                assert squares_of(board, bits) == list(expected)
