"""The shared harness: complete games of random legal actions, with the engine's promises checked after every action.

Every registered ruleset on every shipped map it plays on, 4, 5 and 6 players (the Pocket Arena has
room for 4), random seats of the ruleset (`random_seats`: for Frag, fighters of every design), frag
targets 1 to 3: 52 seeded games of Frag in the normal test run; then, for each ruleset, games with a
seeded random set of Franklin's house rules on (`HOUSE_RULES`, read as they land). After each action the harness checks
that no card is created or lost and the ruleset's own promises (for Frag: nobody ends a turn in an
occupied square, Health never exceeds its maximum, frags only rise, the game ends exactly when someone
reaches the target, with exactly the target); at the end the action log, replayed from the seed through
the checked `apply`, gives the same state, and the state round-trips through JSON. Then, for each ruleset,
games of every Frag Tag mode it offers (`objective_modes`, J-TAG-01..04).
"""

from __future__ import annotations

import random

import pytest

from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine.config import DEFAULT_RULESET, make_config
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.game import Game
from fragtui.engine.harness import house_rules_of, objective_modes, play_random_game, random_house_rules, real_time
from fragtui.engine.rulesets import find_ruleset, ruleset_names
from fragtui.engine.state import GameState

GAMES_PER_SETUP = 4


def _setups() -> list[tuple[str, str, int, int]]:
    """(ruleset, map, players, seed) for every registered ruleset on every shipped map it plays on."""
    setups = []
    for ruleset in ruleset_names():
        for name in map_names():
            board = board_named(name)
            if board.ruleset not in find_ruleset(ruleset).maps_for:
                continue
            room = len(board.respawn_points)
            for players in find_ruleset(ruleset).harness_players or (4, 5, 6):
                if players <= room:
                    setups.extend((ruleset, name, players, seed) for seed in range(GAMES_PER_SETUP))
    return setups


SETUPS = _setups()


def test_the_harness_plays_at_least_fifty_games():
    assert len(SETUPS) >= 50


def test_every_registered_ruleset_is_played():
    assert {setup[0] for setup in SETUPS} == set(ruleset_names())


@pytest.mark.parametrize(("ruleset", "map_name", "players", "seed"), SETUPS)
def test_random_game_keeps_every_promise(ruleset: str, map_name: str, players: int, seed: int) -> None:
    """The harness checks the ruleset's own promises after every action (for Frag: the winner has exactly
    the frag target); here, a winner, an exact replay and a JSON round trip for every ruleset."""
    rng = random.Random(
        f"{map_name}/{players}/{seed}" if ruleset == DEFAULT_RULESET else f"{ruleset}/{map_name}/{players}/{seed}"
    )
    config = make_config(
        ruleset=ruleset,
        map=map_name,
        frag_target=1 + seed % 3,
        seats=find_ruleset(ruleset).random_seats(rng, players),
    )
    game = new_game(config, seed=rng.getrandbits(32))
    report = play_random_game(game, rng)
    assert report.winner is not None, f"no winner after {report.actions} actions"
    replayed = game.replay()
    assert replayed.state == game.state
    assert GameState.model_validate_json(game.state.model_dump_json()) == game.state
    assert Game.from_state(game.state, board=game.board, cards=game.cards).decider() is None


HOUSE_GAMES_PER_RULESET = 10
"""Random games with house rules per ruleset: the first with every one on, the others a seeded random set."""


def _house_setups() -> list[tuple[str, str, int]]:
    """(ruleset, map, game) for every ruleset with house rules, its maps taken in turn."""
    setups = []
    for ruleset in ruleset_names():
        if not house_rules_of(ruleset):
            continue
        maps = [name for name in map_names() if board_named(name).ruleset in find_ruleset(ruleset).maps_for]
        setups.extend((ruleset, maps[n % len(maps)], n) for n in range(HOUSE_GAMES_PER_RULESET))
    return setups


HOUSE_SETUPS = _house_setups()


def test_house_rules_are_played_in_random_sets_under_both_rulesets() -> None:
    """The harness reads `HOUSE_RULES` (never a list of its own): each ruleset offering house rules plays
    them, every rule on in some game, and the seeded sets differ from game to game."""
    assert {setup[0] for setup in HOUSE_SETUPS} >= {"frag", "deadlands"}
    for ruleset in ("frag", "deadlands"):
        sets = [frozenset(_house_options(ruleset, n)) for n in range(HOUSE_GAMES_PER_RULESET)]
        assert sets[0] == frozenset(house_rules_of(ruleset))  # every switch on together
        assert len(set(sets)) > 1 or len(house_rules_of(ruleset)) == 1


def _house_options(ruleset: str, game: int) -> dict[str, bool | int | str]:
    if game == 0:
        return dict.fromkeys(house_rules_of(ruleset), True)
    return random_house_rules(random.Random(f"house/{ruleset}/{game}"), ruleset)


@pytest.mark.parametrize(("ruleset", "map_name", "game"), HOUSE_SETUPS)
def test_random_game_with_house_rules_keeps_every_promise(ruleset: str, map_name: str, game: int) -> None:
    """A game with a seeded random set of house rules on (the first of each ruleset: all of them) keeps
    every promise the harness checks, has a winner, replays exactly and round-trips through JSON."""
    rng = random.Random(f"house-game/{ruleset}/{map_name}/{game}")
    options = _house_options(ruleset, game)
    config = make_config(
        ruleset=ruleset,
        map=map_name,
        frag_target=1 + game % 3,
        seats=find_ruleset(ruleset).random_seats(rng, 4),
        options=options,
    )
    played = new_game(config, seed=rng.getrandbits(32))
    report = play_random_game(played, rng)
    assert report.winner is not None, f"no winner after {report.actions} actions with {sorted(options)}"
    assert played.state.config.options == options
    assert played.replay().state == played.state
    assert GameState.model_validate_json(played.state.model_dump_json()) == played.state


MODE_GAMES = (("pocket", 0), ("pocket", 1), ("supply", 0), ("supply", 1))
"""The games each Frag Tag mode is played in under each ruleset: the two small maps, two seeds each."""
MODE_TARGETS = {"target": 3}
"""The points that win keep-away and king of the hill in these games (the frag modes: a frag target of 1)."""


def _mode_setups() -> list[tuple[str, str]]:
    """(ruleset, mode) for every ruleset and every objective it offers besides frags (`objective_modes`)."""
    return [(ruleset, mode) for ruleset in ruleset_names() for mode in objective_modes(ruleset)]


MODE_SETUPS = _mode_setups()

LONG_MODES = ("only-one", "keep-away")
"""The modes whose four random games take a minute or more of CPU each (There Shall Be Only One's "it" is
hard to frag, and a flag carried around the map rarely scores): marked `soak`, which the README's test
command runs, first (tests/conftest.py), and `-m 'not soak'` leaves out while working."""

MODE_EVENTS = {
    "turn-to-frag": FragEventKind.IT,
    "only-one": FragEventKind.IT,
    "keep-away": FragEventKind.FLAG_TAKEN,
    "king-of-the-hill": FragEventKind.POINT_SCORED,
}
"""The event that shows a game of each mode played for its objective: "it" named, the flag taken up, a
point scored on the hill."""


def test_every_frag_tag_mode_is_played_under_both_rulesets__J_TAG_01() -> None:
    """The harness reads the `objective` option (never a list of its own): Frag and Frag Deadlands each
    play all four modes."""
    for ruleset in ("frag", "deadlands"):
        assert {mode for r, mode in MODE_SETUPS if r == ruleset} == set(MODE_EVENTS)


@pytest.mark.rule("J-TAG-01")
@pytest.mark.rule("J-TAG-02")
@pytest.mark.rule("J-TAG-03")
@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize(
    ("ruleset", "mode"),
    [pytest.param(r, m, marks=pytest.mark.soak) if m in LONG_MODES else (r, m) for r, m in MODE_SETUPS],
)
def test_random_games_of_each_frag_tag_mode_keep_every_promise(ruleset: str, mode: str) -> None:
    """Four random games of the mode (king of the hill: the second of each map with `hill-moves = 1`) keep
    every promise the harness checks (the mode's own among them), play for its objective, replay exactly
    and round-trip through JSON; at least half are won within the harness's action limit (There Shall Be
    Only One can be long: "it" has +2 Health, and random fighters rarely frag him)."""
    won = 0
    for map_name, seed in MODE_GAMES:
        rng = random.Random(f"mode-game/{ruleset}/{mode}/{map_name}/{seed}")
        options: dict[str, bool | int | str] = {"objective": mode, **MODE_TARGETS}
        if mode == "king-of-the-hill" and seed == 1:
            options["hill-moves"] = 1
        config = make_config(
            ruleset=ruleset,
            map=map_name,
            frag_target=1,
            seats=find_ruleset(ruleset).random_seats(rng, 4),
            options=options,
        )
        game = new_game(config, seed=rng.getrandbits(32))
        report = play_random_game(game, rng)
        won += report.winner is not None
        assert any(event.kind is MODE_EVENTS[mode] for event in report.events), (map_name, seed)
        assert game.view(None).objective is not None and game.view(None).objective.mode == mode
        assert game.replay().state == game.state
        assert GameState.model_validate_json(game.state.model_dump_json()) == game.state
    assert won >= len(MODE_GAMES) // 2, f"{won} of {len(MODE_GAMES)} games of {mode} won"


REAL_TIME_GAMES: tuple[tuple[str, str, int, str | None], ...] = (
    ("frag", "pocket", 0, None),
    ("frag", "supply", 1, None),
    ("frag", "desert", 2, None),
    ("frag", "supply", 3, "turn-to-frag"),
    ("deadlands", "pocket", 0, None),
    ("deadlands", "supply", 1, "king-of-the-hill"),
    ("deadlands", "town", 2, None),
    ("deadlands", "pocket", 3, "keep-away"),
)
"""Real-Time Frag's games (the `real-time` option, J-RT-01..10): (ruleset, map, game, Frag Tag mode or None).
Each is played with a seeded random set of the ruleset's house rules on (`random_house_rules`), so Real-Time
Frag and Real-Time Deadlands meet the house rules and the modes."""


def test_real_time_frag_is_played_under_both_rulesets__J_RT_01() -> None:
    """The harness reads the switch from the ruleset (`Ruleset.harness_real_time`, never a list of its own)."""
    assert real_time("frag") == {"real-time": True} and real_time("deadlands") == {"real-time": True}
    assert real_time("ruthless") == {}
    assert {ruleset for ruleset, *_ in REAL_TIME_GAMES} == {"frag", "deadlands"}


@pytest.mark.rule("J-RT-01")
@pytest.mark.rule("J-RT-04")
@pytest.mark.parametrize(("ruleset", "map_name", "game", "mode"), REAL_TIME_GAMES)
def test_random_real_time_games_keep_every_promise(ruleset: str, map_name: str, game: int, mode: str | None) -> None:
    """A random Real-Time game keeps every promise the harness checks (Frag's, the mode's and the Real-Time
    turn's own: a Movement step opens with every fighter on a square of his own), plays segments, replays exactly
    and round-trips through JSON; one played for frags (to 1) is won within the harness's action limit."""
    rng = random.Random(f"real-time/{ruleset}/{map_name}/{game}")
    options: dict[str, bool | int | str] = {**real_time(ruleset), **random_house_rules(rng, ruleset)}
    if mode is not None:
        options.update(objective=mode, target=3)
    config = make_config(
        ruleset=ruleset,
        map=map_name,
        frag_target=1,
        seats=find_ruleset(ruleset).random_seats(rng, 4),
        options=options,
    )
    played = new_game(config, seed=rng.getrandbits(32))
    report = play_random_game(played, rng, max_actions=3_000)
    assert any(event.text == "Segment 1" for event in report.events)
    if mode is None:
        assert report.winner is not None, f"no winner after {report.actions} actions with {sorted(options)}"
    assert played.replay().state == played.state
    assert GameState.model_validate_json(played.state.model_dump_json()) == played.state
