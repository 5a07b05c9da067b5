"""Words that do not mislead (issue 30, item 13): the keys hinted under the map are the ones that do something,
a fragged (hanged) fighter's Health past 0 is not shown as if it counted, and the compact Ruthless roster's
two-letter wound locations have a key."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from fragtui.content.library import new_game
from fragtui.content.posses import posse_of
from fragtui.engine.config import make_config
from fragtui.engine.frag.design import DEFAULT_DESIGN_FOR_POSSES
from fragtui.engine.frag.state import Status
from fragtui.engine.ruthless.roster import shipped_roster
from fragtui.saves.looks import default_look
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.ruthless.roster import RosterPanel
from fragtui.tui.ruthless.screen import RuthlessScreen
from tests.conftest import game_from
from tests.rules.deadlands.test_western import yard

STANDING = """
    # Ann in phase 3 with no movement left{where}.
    map = "pocket"
    phase = "action"
    movement = 0
    may_pick_up = true
    [[fighter]]
    name = "Ann"
    at = "2,3"
    [[fighter]]
    name = "Bob"
    at = "9,9"
    """
BLOOD_HERE = """
    [[counter]]
    at = "2,3"
    blood = true
    """


def square_line(app: FragApp) -> str:
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    return str(screen.query_one("#square-line", Static).render())


async def hint_of(scenario: str) -> str:
    table = Table(game_from(scenario), [default_look(n) for n in range(2)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        return square_line(app)


async def test_p_pick_up_is_hinted_only_with_something_to_pick_up() -> None:
    bare = await hint_of(STANDING.format(where=""))
    assert "a: attack" in bare and "e: end turn" in bare
    assert "p: pick up" not in bare  # nothing in her square
    assert "c: cards" not in bare  # no card in her hand
    blood = await hint_of(STANDING.format(where=", on a blood counter") + BLOOD_HERE)
    assert "p: pick up" in blood


@pytest.mark.rule("D-GAL-01")
async def test_a_hanged_fighter_reads_fragged_not_his_health_past_0() -> None:
    """Bob, fragged by a blow of six against Health 2 and hanged at 3,3: under the cursor and on the scoreboard
    he reads as fragged and hanged, never "H0/2 (4 past)", which looked like a Health he still had."""
    game = yard([6, 6, 6, 1, 1, 6, 6])
    game.play(["attack 1 pistol", "pass", "pass", "square 3,3"])
    bob = game.state.players[1]
    assert bob.status is Status.FRAGGED and bob.markers.hanged and game.rules.health(1) < 0
    table = Table(game, [default_look(n) for n in range(2)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        screen.map.move_cursor_to((3, 3))
        await pilot.pause()
        line = square_line(app)
        assert "Bob (fragged)" in line and "hanged on the gallows" in line and "past" not in line
        scores = str(screen.query_one("#scores", Static).render())
        bob_line = next(row for row in scores.splitlines() if "Bob" in row)
        assert "fragged 3,3 hanged" in bob_line and "past" not in bob_line


async def test_the_compact_ruthless_roster_says_what_its_wound_codes_mean() -> None:
    """At 80×24 on Main Street the roster's cards name locations in two letters; a key under the posses spells
    them out."""
    roster = shipped_roster()
    keys = ["wes-harlan+doc-calloway", "ma-brannigan+tom-ketchum"]
    seats = [
        {"name": name, "fighter": DEFAULT_DESIGN_FOR_POSSES, "posse": posse_of(roster, key, name)}
        for name, key in zip(["Ann", "Bob"], keys, strict=True)
    ]
    game = new_game(make_config(ruleset="ruthless", map="main-street", seats=seats), 5)
    table = Table(game, [default_look(n) for n in range(2)])
    table.unlock(0)
    app = FragApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, RuthlessScreen))
        shown = str(screen.query_one(RosterPanel).render())
        assert "lg☐☐ ar☐☐" in shown  # the compact card
        key = " ".join(shown[shown.index("Wounds:") :].split())
        pairs = ["lg leg", "ar arm", "gz graze", "gt gut", "ch chest", "sv severe"]
        assert key.startswith("Wounds: lg leg") and all(pair in key for pair in pairs), key
        assert [key.index(pair) for pair in pairs] == sorted(key.index(pair) for pair in pairs)
