"""Words on the game screen and in the log (issue 13, interface item 11): the name or "their", never
"his" for everyone; "1 Health die"; card names, not instance ids; refusals that say why."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from fragtui.bots import BotWindow, make_bot
from fragtui.content.library import card_set, new_game
from fragtui.engine.config import make_config
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.frag.describe import card_summary
from tests.conftest import game_from
from tests.tui.test_game_screen import WIDE, Keys, log_text

HE = re.compile(r"\b(he|his|him|himself)\b", re.IGNORECASE)


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


def toasts(app: FragApp) -> str:
    return "\n".join(n.message for n in app._notifications)


@pytest.mark.parametrize("player", ["heuristic", "random"])
def test_no_event_of_a_whole_game_says_his_or_shows_an_id(player: str) -> None:
    """Every kind of line a game tells (placing, turns, hits, frags, lost turns, respawns, cards) names
    the fighter or says "their", and names cards, never their instance ids."""
    config = make_config(
        map="pocket",
        frag_target=3,
        seats=[{"name": n, "fighter": {"health": 2, "speed": 2, "accuracy": 3}} for n in ("Ann", "Bob", "Cat")],
    )
    game = new_game(config, 11)
    bots = [make_bot("heuristic", seat) for seat in range(3)]
    rng = random.Random(11)
    told = list(game.opening)
    while not game.over and len(game.log) < 3000:
        seat = game.decider()
        assert seat is not None
        action = bots[seat].decide(BotWindow(game, seat)) if player == "heuristic" else rng.choice(game.legal_actions())
        told += game.apply(action)
    texts = [text for event in told for text in (event.text, event.private_text or "")]
    assert not [t for t in texts if HE.search(t)]
    assert not [t for t in texts if re.search(r"#\d", t)]
    assert not [t for t in texts if re.search(r"\b1 \w+ dice\b", t)]  # "1 Health die", not "1 Health dice"
    assert any("places their fighter" in t for t in texts) and any("ends the turn" in t for t in texts)


ONE_DIE = """
    # Bob has 1 Health left of 2: he defends with one die.
    map = "pocket"
    phase = "action"
    dice = [4, 4, 4, 2, 1, 1]

    [[fighter]]
    name = "Ann"
    at = "2,3"
    accuracy = 3

    [[fighter]]
    name = "Bob"
    at = "2,6"
    health = 2
    damage = 1
    """


def test_one_die_is_a_die() -> None:
    game = game_from(ONE_DIE)
    events = game.play(["attack 1 pistol", "pass"])
    texts = [e.text for e in events]
    assert any("defence (1 Health die)" in t for t in texts), texts
    assert not any("1 Health dice" in t for t in texts)


JUMPER = """
    map = "pocket"
    phase = "action"
    movement = 2
    dice = []

    [[fighter]]
    name = "Ann"
    at = "2,3"
    hand = ["jump-boots"]

    [[fighter]]
    name = "Bob"
    at = "9,9"
    """


async def test_an_undone_card_is_named_in_the_log_not_its_id() -> None:
    game = game_from(JUMPER)
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        await keys.press("c", "enter")
        assert str(game.log[-1].action) == "play jump-boots#1"
        await keys.press("u")
        assert "Ann takes back their last action (play Jump Boots)" in log_text(app)
        assert "#1" not in log_text(app)


LEFTOVERS = """
    # Ann stands, with full Health and a blood counter on her sheet, beside two blood counters at 2,4.
    map = "pocket"
    phase = "action"
    movement = 3
    dice = []

    [[fighter]]
    name = "Ann"
    at = "2,3"
    blood = 1

    [[fighter]]
    name = "Bob"
    at = "9,9"

    [[counter]]
    at = "2,4"
    blood = true

    [[counter]]
    at = "2,4"
    blood = true
    """


async def test_refusals_say_why() -> None:
    game = game_from(LEFTOVERS)
    app = FragApp(Table(game))
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        await keys.press("p")
        assert "There is no counter in your square." in toasts(app)
        await keys.press("b")
        assert "Your Health is full (2/2): a blood counter heals only Health lost." in toasts(app)
        await keys.press("down", "enter", "enter", "p", "enter")  # onto the counters: which one? the first
        assert game.state.players[0].blood == 2
        app.clear_notifications()
        await keys.press("p")
        assert "You have already picked up a counter here." in toasts(app)
        assert game.state.players[0].blood == 2
        await keys.press("r")
        assert "You have already rolled for movement this turn." in toasts(app)


def test_a_weapon_of_one_damage_die_says_die_in_the_hand_and_the_menus() -> None:
    """The hand and the card menus read a card's numbers from `card_summary`: a Needle Pistol rolls
    "1 die", and no card of the set is ever "1 dice"."""
    summaries = {card.name: card_summary(card) for card in card_set()}
    assert summaries["Needle Pistol"].startswith("1 die,")
    assert not [s for s in summaries.values() if re.search(r"\b1 dice\b", s)]


def test_the_scoreboard_says_1_frag_and_keeps_its_columns() -> None:
    from fragtui.tui.frag.describe import scoreboard
    from fragtui.tui.seats import default_look

    game = game_from(
        """
        map = "pocket"
        [[fighter]]
        name = "Ann"
        at = "2,3"
        frags = 1
        [[fighter]]
        name = "Bob"
        at = "2,8"
        frags = 2
        """
    )
    lines = scoreboard(game.view(None), [default_look(0), default_look(1)]).plain.splitlines()
    assert " 1 frag  H" in lines[0] and " 2 frags H" in lines[1]
    assert lines[0].index("H") == lines[1].index("H")


def test_the_interface_spells_no_card_id() -> None:
    """The interface names cards through the engine (`CardSet.name`), the starting pistol included: a
    card id quoted in its source (`"pistol"`, `"shotgun"`) would be a rule of one card set living there."""
    import fragtui
    from fragtui.engine.cards import PISTOL

    ids = {card.id for card in card_set()} | {PISTOL}
    package = Path(fragtui.__file__).parent
    sources = [*(package / "tui").glob("*.py"), package / "table.py"]
    assert len(sources) > 10
    spelled = [
        f"{source}: {quoted}"
        for source in sources
        for quoted in re.findall(r"""["']([a-z0-9-]+)["']""", source.read_text())
        if quoted in ids
    ]
    assert spelled == []
