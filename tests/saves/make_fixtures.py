"""Write the save fixtures of `tests/saves/data/fixtures/` again: `python tests/saves/make_fixtures.py`.

Issue 32 reshapes the engine's kernel (many deciders, systems registering themselves) and promises
that "saves written by the current version load and replay". These fixtures are saves written by
the code of the commit that added this script, *before* that reshaping: one of each kind of game the
app saves, each a short game computers played to its end, so that they replay in well under a second
(tests/saves/test_fixtures_replay.py replays each through the app's own loader and checks it ends
where it was saved). The suite never runs this script: rewriting the fixtures with later code would
prove nothing. Run it only to make fixtures of a new version on purpose, and then pin their figures in
the test anew.

Every game is seeded (the seats, the dice and the bots' choices), and the dates written are fixed, so
the same code writes the same bytes. `--search N` plays seeds 1..N of each game instead and prints how
long each was, to choose seeds that end in a few hundred actions.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from fragtui.bots import make_bot, play_game
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.rulesets import OptionValue, find_ruleset
from fragtui.saves.format import SeatLook, save_of
from fragtui.saves.looks import default_look
from fragtui.saves.store import write_save
from fragtui.saves.tournaments import read_tournament, write_tournament
from fragtui.simulate import NAMES
from fragtui.tournament import TournamentRun

HERE = Path(__file__).parent / "data" / "fixtures"
"""Where the fixtures are written."""
WRITTEN = "2026-11-29T06:00:00+00:00"
"""The date every fixture says it was begun and written (fixed, so the same code writes the same bytes)."""


@dataclass(frozen=True)
class Fixture:
    """One saved game to write: what is played, and the seed that makes it short."""

    file: str
    """The save's file name in `HERE`."""
    ruleset: str
    """The rule system (`fragtui rulesets`)."""
    map: str
    """The shipped map."""
    players: int
    """How many seats, each a computer."""
    seed: int
    """The game's seed (the seats, the dice, the bots)."""
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    """The ruleset's options: house rules, a mode, a scenario."""
    frag_target: int = 3
    """Frags that win (Frag and Frag Deadlands)."""


GAMES = (
    Fixture("frag.json", "frag", "pocket", 3, 4, frag_target=2),
    Fixture(
        "deadlands-house-rules.json",
        "deadlands",
        "town",
        4,
        1,
        options={"scatter": True, "wounds": True, "pistol-whip": True, "attacks-per-weapon": True},
        frag_target=2,
    ),
    Fixture(
        "frag-tag-king-of-the-hill.json",
        "frag",
        "pocket",
        3,
        4,
        options={"objective": "king-of-the-hill", "target": 3, "hill-moves": 2, "altered-cards": True},
    ),
    Fixture("ruthless-strongbox.json", "ruthless", "dry-creek", 3, 4, options={"scenario": "strongbox", "sundown": 6}),
)
"""The lone games."""

TOURNAMENT = Fixture("tournament", "frag", "supply", 2, 2, frag_target=1)
"""A tournament of two games (F-WIN-02): its file `tournament/tournament.json` and its games' saves in
`tournament/saves/`."""
TOURNAMENT_GAMES = 2


def looks(players: int) -> list[SeatLook]:
    """Every seat a computer, drawn as a new game draws it."""
    return [default_look(seat).model_copy(update={"computer": True}) for seat in range(players)]


def config_of(fixture: Fixture, seed: int) -> dict[str, object]:
    """The game's set-up as `make_config` takes it: the seats the ruleset deals for `seed`, named as
    `fragtui simulate` names them."""
    seats = find_ruleset(fixture.ruleset).random_seats(random.Random(seed), fixture.players)
    return {
        "ruleset": fixture.ruleset,
        "options": dict(fixture.options),
        "map": fixture.map,
        "frag_target": fixture.frag_target,
        "seats": [{**seat, "name": NAMES[n]} for n, seat in enumerate(seats)],
    }


def played(fixture: Fixture, seed: int) -> Game:
    """The game of `seed`, played to its end by the heuristic bot in every seat."""
    game = new_game(make_config(**config_of(fixture, seed)), seed)
    play_game(game, [make_bot("heuristic", seed * 16 + seat) for seat in range(fixture.players)])
    return game


def write_game(fixture: Fixture) -> None:
    game = played(fixture, fixture.seed)
    assert game.over, f"{fixture.file}: seed {fixture.seed} did not end"
    save = save_of(game, created=WRITTEN, looks=looks(fixture.players))
    save.updated = WRITTEN
    write_save(save, HERE / fixture.file)


def write_the_tournament(fixture: Fixture) -> None:
    """Two games of a tournament played to its standings, as `fragtui` plays one at a table; the save
    files get plain names (`game1.json`, …) in place of the dated ones the tournament chose."""
    folder = HERE / fixture.file
    shutil.rmtree(folder, ignore_errors=True)
    saves = folder / "saves"
    config = make_config(**config_of(fixture, fixture.seed))
    run = TournamentRun.new(
        config, looks(fixture.players), TOURNAMENT_GAMES, fixture.seed, path=folder / "tournament.json", saves=saves
    )
    while not run.tournament.finished:
        table = run.table()
        while not table.game.over:
            table.act(table.bot_decision())
        run.record_game(table.game)
        run.raise_for_computer()
    record = read_tournament(folder / "tournament.json")
    names = []
    for number, name in enumerate(record.saves, start=1):
        plain = f"game{number}.json"
        text = (saves / name).read_text()
        (saves / name).unlink()
        (saves / plain).write_text(_dated(text))
        names.append(plain)
    record = record.model_copy(update={"saves": names, "created": WRITTEN})
    write_tournament(record, folder / "tournament.json")
    (folder / "tournament.json").write_text(_dated((folder / "tournament.json").read_text()))


def _dated(text: str) -> str:
    """A save or tournament file's JSON with its dates set to `WRITTEN`."""
    data = json.loads(text)
    data["created"] = data["updated"] = WRITTEN
    return json.dumps(data, indent=1, ensure_ascii=False)


def search(count: int) -> None:
    for fixture in (*GAMES, TOURNAMENT):
        for seed in range(1, count + 1):
            game = played(fixture, seed)
            print(f"{fixture.file:36} seed {seed:3}  {len(game.log):5} actions  over={game.over}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", type=int, metavar="N", help="print the length of seeds 1..N of each game")
    arguments = parser.parse_args(argv)
    if arguments.search:
        search(arguments.search)
        return 0
    HERE.mkdir(parents=True, exist_ok=True)
    for fixture in GAMES:
        write_game(fixture)
    write_the_tournament(TOURNAMENT)
    for path in sorted(HERE.rglob("*.json")):
        print(f"{path.relative_to(HERE)}  {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
