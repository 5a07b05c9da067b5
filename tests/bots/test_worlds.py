"""Worlds a seat may imagine (`BotWindow.sample_world`, `fragtui.bots.worlds`): consistent with its view, made
from what it may know only, and different where it cannot see.

F-CARD-02 (the other hands are hidden, only their sizes show), R-SEQ-01 (initiative cards face down until all are
picked), R-FIST-01 (the fisticuffs cards face down until both are picked): a world keeps every one of those secrets
as a secret, drawn anew, never copied."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable

import pytest

from fragtui.bots import Bot, BotWindow, make_bot, play_game
from fragtui.bots.worlds import World
from fragtui.engine.dice import Dice
from fragtui.engine.game import Game
from fragtui.engine.ruthless.fisticuffs import Brawl
from fragtui.engine.ruthless.sequence import Phases
from tests.bots.helpers import seeded_ruleset_game
from tests.bots.test_hidden_information import scrambled


def _positions(game: Game, every: int, max_actions: int) -> list[Game]:
    """Snapshots of `game` played on by heuristic and random bots, every `every` actions."""
    return [snapshot for _, snapshot in _snapshots(game, lambda count: count % every == 0, max_actions)]


def _snapshots(game: Game, wanted: Callable[[int], bool], max_actions: int) -> list[tuple[int, Game]]:
    """(actions played, snapshot) of `game` played on by heuristic and random bots, after each count `wanted`."""
    players = len(game.state.players)
    bots: list[Bot] = [make_bot(("heuristic", "random")[n % 2], n) for n in range(players)]
    snapshots: list[tuple[int, Game]] = []
    count = 0

    def keep(_: object) -> None:
        nonlocal count
        count += 1
        if wanted(count) and game.decider() is not None:
            snapshots.append((count, Game.from_state(game.state, board=game.board, cards=game.cards)))

    play_game(game, bots, on_events=keep, max_actions=max_actions)
    return snapshots


RECORDED_EVERY = (7, 9)
"""The spacings at which the cases' games are snapshotted by the tests below (`_case_positions`)."""
RECORDED_ACTIONS = 700
"""The most actions any of them plays."""

_RECORDINGS: dict[tuple[str, str, int, int, str], list[tuple[int, Game]]] = {}
"""Each case's game, played once per process by the bots of `_positions`, as (action count, snapshot) at every
count some test's spacing falls on. Three tests played the very same game from the same seed (the bots are seeded,
and play on to the action limit whatever is kept), each to take its own snapshots: a third of this file's time."""


def _on_a_spacing(count: int) -> bool:
    return any(count % step == 0 for step in RECORDED_EVERY)


def _case_positions(
    ruleset: str, map_name: str, players: int, seed: int, options: dict[str, object], every: int, max_actions: int
) -> list[Game]:
    """`_positions(seeded_ruleset_game(...), every, max_actions)` for a case: the same snapshots, taken from one
    recording of its game (each a copy of its own: a test may change what it is handed)."""
    assert every in RECORDED_EVERY and max_actions <= RECORDED_ACTIONS
    key = (ruleset, map_name, players, seed, repr(sorted(options.items())))
    recording = _RECORDINGS.get(key)
    if recording is None:
        game = seeded_ruleset_game(ruleset, map_name, players, seed, options=options)
        recording = _RECORDINGS[key] = _snapshots(game, _on_a_spacing, RECORDED_ACTIONS)
    return [
        Game.from_state(snapshot.state, board=snapshot.board, cards=snapshot.cards)
        for count, snapshot in recording
        if count % every == 0 and count <= max_actions
    ]


def _ruthless_twin(game: Game, seat: int, rng: random.Random) -> Game:
    """`game` with everything `seat` cannot see changed: the other hands, the deck's order, the face-down picks,
    a face-down fisticuffs card, the dice."""
    twin = Game.from_state(game.state, board=game.board, cards=game.cards)
    table = twin.state.ruthless
    assert table is not None
    revealed = bool(table.order) and twin.state.turn.phase != Phases.INITIATIVE
    hidden_picks = [n for n, card in enumerate(table.picks) if n != seat and card is not None and not revealed]
    brawls = [d for d in twin.state.pending if isinstance(d, Brawl) and len(d.cards) == 1 and d.cards[0] is not None]
    own_brawl = [b for b in brawls if (b.player != seat)]  # (the one still to pick is `player`: the card is his)
    hidden_brawls = [b for b in brawls if b not in own_brawl]
    others = [card for n, hand in enumerate(table.hands) if n != seat for card in hand] + table.draw
    others += [table.picks[n] or "" for n in hidden_picks] + [b.cards[0] or "" for b in hidden_brawls]
    rng.shuffle(others)
    for n, hand in enumerate(table.hands):
        if n != seat:
            table.hands[n] = [others.pop() for _ in hand]
    for n in hidden_picks:
        table.picks[n] = others.pop()
    for brawl in hidden_brawls:
        brawl.cards = [others.pop()]
    table.draw = others
    twin.state.dice = Dice(rng.getrandbits(63)).state
    return Game.from_state(twin.state, board=game.board, cards=game.cards)


def _same_world(first: World | None, second: World | None) -> bool:
    assert first is not None and second is not None
    return first.state.model_dump_json() == second.state.model_dump_json()


CASES = [
    ("frag", "pocket", 4, 3, {}),
    ("frag", "foundry", 3, 5, {"objective": "keep-away"}),
    ("deadlands", "town", 4, 8, {}),
    ("deadlands", "desert", 3, 9, {"scatter": True}),
    ("frag", "foundry", 4, 26, {"deadlands-cards": True}),
]


@pytest.mark.parametrize(("ruleset", "map_name", "players", "seed", "options"), CASES)
def test_F_CARD_02_a_world_shows_the_seat_its_own_view_and_keeps_every_card(
    ruleset: str, map_name: str, players: int, seed: int, options: dict[str, object]
) -> None:
    """F-CARD-02: a world made for a seat is seen by that seat exactly as the real game is (its view is equal),
    holds every card once, and deals the other hands anew (they differ from the true ones in most worlds)."""
    snapshots = _case_positions(ruleset, map_name, players, seed, options, every=7, max_actions=700)
    assert len(snapshots) >= 15
    rng = random.Random(seed)
    made = differed = 0
    for position in snapshots:
        seat = position.decider()
        assert seat is not None
        world = BotWindow(position, seat).sample_world(rng)
        if world is None:
            assert position.view(seat).poker is not None, "only the Deadlands poker draw goes unimagined"
            continue
        made += 1
        imagined = world.game()
        assert imagined.view(seat) == position.view(seat)
        assert imagined.card_count() == position.card_count()
        others = [o for o in range(players) if o != seat]
        differed += any(imagined.state.players[o].hand != position.state.players[o].hand for o in others)
        assert imagined.state.dice != position.state.dice
    assert made >= len(snapshots) * 2 // 3
    assert differed >= made // 2


@pytest.mark.parametrize(("ruleset", "map_name", "players", "seed", "options"), CASES)
def test_F_CARD_02_two_games_the_seat_sees_alike_give_the_same_world(
    ruleset: str, map_name: str, players: int, seed: int, options: dict[str, object]
) -> None:
    """F-CARD-02: two games that differ only in what the seat cannot see (other hands, deck orders, the dice to
    come) give the very same world for the same generator: a world is made from the seat's view alone."""
    rng = random.Random(seed)
    compared = 0
    for n, position in enumerate(_case_positions(ruleset, map_name, players, seed, options, every=9, max_actions=500)):
        seat = position.decider()
        assert seat is not None
        twin = scrambled(position, seat, rng)
        assert twin.view(seat) == position.view(seat)
        first = BotWindow(position, seat).sample_world(random.Random(n))
        second = BotWindow(twin, seat).sample_world(random.Random(n))
        if first is None:
            assert second is None
            continue
        assert _same_world(first, second)
        compared += 1
    assert compared >= 10


@pytest.mark.parametrize(("map_name", "players", "seed"), [("main-street", 2, 1), ("dry-creek", 3, 2)])
def test_R_SEQ_01_R_FIST_01_ruthless_worlds_keep_face_down_cards_hidden(map_name: str, players: int, seed: int) -> None:
    """R-SEQ-01, R-FIST-01: at every decision of a few Ruthless games (initiative picks under way, fisticuffs
    included), a world shows the seat its own view, holds the 52 cards, and is the same world for a twin game
    whose hidden cards (other hands, deck, face-down picks, a face-down fisticuffs card) and dice differ."""
    game = seeded_ruleset_game("ruthless", map_name, players, seed, options={"sundown": 6})
    rng = random.Random(seed)
    snapshots = _positions(game, every=1, max_actions=400)
    assert len(snapshots) >= 40
    picks_hidden = 0
    for n, position in enumerate(snapshots):
        seat = position.decider()
        assert seat is not None
        world = BotWindow(position, seat).sample_world(random.Random(n))
        assert world is not None
        imagined = world.game()
        assert imagined.view(seat) == position.view(seat)
        assert imagined.card_count() == 52
        twin = _ruthless_twin(position, seat, rng)
        assert twin.view(seat) == position.view(seat)
        assert _same_world(world, BotWindow(twin, seat).sample_world(random.Random(n)))
        table = position.state.ruthless
        assert table is not None
        picks_hidden += position.state.turn.phase == Phases.INITIATIVE and any(
            card is not None for o, card in enumerate(table.picks) if o != seat
        )
    assert picks_hidden >= 1, "some worlds were made while another seat's pick lay face down"


@pytest.mark.parametrize(("ruleset", "map_name", "players", "seed", "options"), CASES)
def test_F_CARD_02_the_public_record_holds_nothing_the_seat_cannot_see(
    ruleset: str, map_name: str, players: int, seed: int, options: dict[str, object]
) -> None:
    """F-CARD-02: what a world is built from besides the view (`BotWindow.public_record`) is the same in two games
    that differ only in what the seat cannot see, and names none of the cards hidden from it: worlds are made from
    the view and the table's public bookkeeping, never from the true hands, decks or dice."""
    rng = random.Random(seed)
    compared = 0
    for position in _case_positions(ruleset, map_name, players, seed, options, every=9, max_actions=500):
        seat = position.decider()
        assert seat is not None
        record = BotWindow(position, seat).public_record()
        twin = scrambled(position, seat, rng)
        assert BotWindow(twin, seat).public_record() == record
        if record is None:
            continue
        compared += 1
        hidden = {card for o, p in enumerate(position.state.players) if o != seat for card in p.hand}
        hidden |= {card for pile in position.state.decks.draw.values() for card in pile}
        text = repr(record)
        assert not [card for card in hidden if f"'{card}'" in text], "the record names a hidden card"
        assert "hand" not in type(record).__dataclass_fields__ and "dice" not in type(record).__dataclass_fields__
    assert compared >= 10


def test_R_SEQ_01_the_ruthless_public_record_holds_nothing_the_seat_cannot_see() -> None:
    """R-SEQ-01, R-FIST-01: in Ruthless too, the public record is the same for a twin whose hands, deck, face-down
    picks and face-down fisticuffs card differ, and names none of them."""
    game = seeded_ruleset_game("ruthless", "main-street", 2, 3, options={"sundown": 6})
    rng = random.Random(3)
    for position in _positions(game, every=2, max_actions=300):
        seat = position.decider()
        assert seat is not None
        record = BotWindow(position, seat).public_record()
        assert record is not None
        assert BotWindow(_ruthless_twin(position, seat, rng), seat).public_record() == record
        table = position.state.ruthless
        assert table is not None
        hidden = {card for o, hand in enumerate(table.hands) if o != seat for card in hand} | set(table.draw)
        text = repr(record)
        assert not [card for card in hidden if f"'{card}'" in text], "the record names a hidden card"


def test_every_shipped_sampler_is_found_whichever_module_was_imported_first() -> None:
    """A fresh interpreter that imports Frag's worlds first (as a test or a bench of them does) still finds
    Ruthless's: the shipped samplers are loaded all together, not only while none is registered (a Ruthless
    strong bot once got no worlds after Frag's module was imported alone)."""
    probe = (
        "import fragtui.bots.frag_worlds\n"
        "from fragtui.bots.worlds import sampler_for_ruleset\n"
        "print(*(type(sampler_for_ruleset(key)).__name__ for key in ('frag', 'deadlands', 'ruthless')))"
    )
    found = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    assert found.stdout.split() == ["FragWorlds", "FragWorlds", "RuthlessWorlds"]
