"""The posse roster beside the map (fragtui/tui/ruthless/roster.py) and the words it shares with the map's
cursor line (words.py): every model's card with its crossed boxes, rounds, markers, and the posse's state.

Accept a deliberate change of the snapshots after looking at them:
`pytest tests/tui/ruthless/test_roster.py --snapshot-update`.
"""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from fragtui.engine.actions import EndTurn
from fragtui.engine.board import Square
from fragtui.engine.game import Game
from fragtui.engine.ruthless.actions import Courage, GotYouCovered, MoveTo, PickCard, Reload, Shoot, Snap
from fragtui.engine.ruthless.pieces import Location
from fragtui.engine.ruthless.table import Condition
from fragtui.engine.view import PlayerView
from fragtui.tui.ruthless.roster import RosterPanel, roster_text
from fragtui.tui.ruthless.words import action_words, card_name, card_power, model_line
from fragtui.tui.side_panel import SIDE_MIN, WIDE
from tests.rules.ruthless.common import model, pick, ruthless_game

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
HANDS = {"Ann": ["KS", "2C", "3H", "7D", "8S"], "Bob": ["KH", "9C", "6S", "5C", "JH"]}


def scripted_position() -> Game:
    """Ann (Chet Willis, Wes Harlan riding, Belle Starling) against Bob (Ike Pruitt, Doc Calloway, Two
    Feathers), the cards revealed (Ann's K♠ beats Bob's K♥ by suit) and Ann acting: Chet aimed, a graze
    crossed and a round fired; Wes's horse hit once and his nerve broken; Ike knocked out; Doc dead; Two
    Feathers covering the street."""
    game = ruthless_game(
        {
            "Ann": [("chet-willis", "1,1"), ("wes-harlan", "2,1"), ("belle-starling", "3,1")],
            "Bob": [("ike-pruitt", "10,6"), ("doc-calloway", "9,6"), ("two-feathers", "8,6")],
        },
        hands=HANDS,
    )
    chet = model(game, 0)
    chet.wounds[Location.GRAZE] = 1
    chet.markers.aiming = True
    chet.ammo[0] = 9
    chet.actions = 1
    model(game, 1).horse_wounds = 1
    model(game, 1).markers.lily_livered = True
    model(game, 3).condition = Condition.UNCONSCIOUS
    model(game, 3).wounds[Location.SEVERE] = 1
    model(game, 4).condition = Condition.DEAD
    model(game, 4).wounds[Location.LEG] = 2
    model(game, 4).square = None
    model(game, 5).markers.covering = True
    pick(game, {"Ann": "KS", "Bob": "KH"})
    return game


def _lines(view: PlayerView, seat: int | None, selected: int | None, width: int) -> list[str]:
    return roster_text(view, seat, selected, width).plain.split("\n")


@pytest.mark.parametrize("width", [33, 46])
def test_every_card_shows_its_boxes_rounds_and_markers(width: int) -> None:
    lines = _lines(scripted_position().view(0), 0, None, width)
    text = "\n".join(lines)
    assert all(cell_len(line) <= width for line in lines)
    assert lines[0].startswith("Ann's posse · K♠ · acting")
    assert text.index("Ann's posse") < text.index("Bob's posse")
    chet = text[text.index("Chet Willis") : text.index("Wes Harlan")]
    assert ("Rifle 9/10" in chet) and ("☒☐☐" in chet) and ("aiming" in chet) and ("acted 1/2" in chet)
    wes = text[text.index("Wes Harlan") : text.index("Belle Starling")]
    assert "horse ☒☐☐" in wes and "mounted" in wes and "Lily Livered" in wes
    ike = text[text.index("Ike Pruitt") : text.index("Doc Calloway")]
    assert "unconscious" in ike and ("sv☒☐" in ike or "severe ☒☐" in ike)
    assert "O Doc Calloway † dead" in text
    assert "covering" in text[text.index("Two Feathers") :]
    assert "Bow 1" not in text  # a bow counts no rounds


def test_the_wide_card_says_everything_in_full_and_the_compact_one_in_short() -> None:
    view = scripted_position().view(0)
    wide = "\n".join(_lines(view, 0, None, 46))
    compact = "\n".join(_lines(view, 0, None, 33))
    assert "Buntline Special 6/6" in wide and "leg ☐☐ arm ☐☐" in wide and "Toughness 4 Quick Hands" in wide
    assert "Buntline 6/6" in compact and "lg☐☐ ar☐☐" in compact and "T4" in compact
    assert len(compact.split("\n")) <= 30  # two posses of three in a screenful and a half at 80x24


def test_the_viewer_posse_comes_first_and_the_selected_model_is_pointed_at() -> None:
    view = scripted_position().view(1)
    lines = _lines(view, 1, 5, 33)
    assert lines[0].startswith("Bob's posse · K♥")
    assert any(line.startswith("▶ A Two Feathers") for line in lines)
    assert sum(line.startswith("▶") for line in lines) == 1
    selected = roster_text(view, 1, 5, 33)
    start = selected.plain.index("Two Feathers")
    assert any(span.start <= start < span.end and "reverse" in str(span.style) for span in selected.spans)


def test_a_skedaddled_posse_says_so_and_a_wiped_out_one_too() -> None:
    game = scripted_position()
    game.state.ruthless.skedaddled.append(1)  # type: ignore[union-attr]
    assert "Bob's posse · K♥ · skedaddled" in roster_text(game.view(0), 0, None, 46).plain
    for fighter in (3, 5):
        model(game, fighter).condition = Condition.DEAD
        model(game, fighter).square = None
    assert "Bob's posse · K♥ · wiped out" in roster_text(game.view(0), 0, None, 46).plain


def test_before_the_reveal_only_the_viewer_sees_his_own_card() -> None:
    game = ruthless_game({"Ann": [("chet-willis", "1,1")], "Bob": [("ike-pruitt", "10,6")]}, hands=HANDS)
    game.apply(PickCard(card="7D"))
    ann, bob = roster_text(game.view(0), 0).plain, roster_text(game.view(1), 1).plain
    assert "Ann's posse · 7♦" in ann
    assert "7♦" not in bob and "Ann's posse · picked" in bob
    assert "acting" not in ann + bob  # nobody activates before the reveal


def test_the_cursor_line_names_a_model_his_guns_his_wounds_and_his_markers() -> None:
    view = scripted_position().view(0)
    assert model_line(view, 0).plain == "Chet Willis (Ann): Repeating Rifle 9/10, graze 1/3, aiming"
    assert model_line(view, 1).plain == "Wes Harlan (Ann): Revolver 6/6, Revolver 6/6, horse 1/3, mounted, Lily Livered"
    assert model_line(view, 3).plain == "Ike Pruitt (Bob): unconscious, Shotgun 2/2, severe 1/2"
    assert model_line(view, 4).plain == "Doc Calloway (Bob): dead, Shotgun 2/2, Derringer 2/2, leg 2/2"


def test_cards_said_and_their_powers__R_SEQ_03() -> None:
    assert card_name("KS") == "King of Spades" and card_name("10H") == "10 of Hearts"
    assert card_power("AS") == "courage passes outright; his unconscious come round"
    assert card_power("7C") == "one model takes a third action"
    assert card_power("4D") == "his unconscious come round"
    assert card_power("3H") == "discard at the turn's end"
    assert card_power("2S") == "Low Blow in fisticuffs"
    assert card_power("9S") is None


class RosterApp(App[None]):
    """The roster in a side panel as wide as the game screen's beside a map (side_panel.py's `SIDE_MIN`)."""

    def __init__(self, view: PlayerView, seat: int | None, selected: int | None) -> None:
        super().__init__()
        self.shown = (view, seat, selected)

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static("map", id="map")
            with VerticalScroll(id="side"):
                yield RosterPanel(id="roster")

    def on_mount(self) -> None:
        self.query_one("#map").styles.width = "1fr"
        self.query_one("#side").styles.width = SIDE_MIN[self.size.width < WIDE]
        self.query_one(RosterPanel).show(*self.shown)


@SIZES
def test_roster_panel_snapshot(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """The scripted position as Ann sees it, Wes Harlan selected, in the game screen's side panel width."""
    assert snap_compare(RosterApp(scripted_position().view(0), 0, 1), terminal_size=size)


async def test_the_panel_redraws_at_its_own_width() -> None:
    app = RosterApp(scripted_position().view(0), 0, 1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panel = app.query_one(RosterPanel)
        shown = str(panel.render())
        assert "Buntline Special 6/6" in shown  # 48 columns: the full card
    async with RosterApp(scripted_position().view(0), 0, 1).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Buntline 6/6" in str(pilot.app.query_one(RosterPanel).render())


def test_actions_said_with_the_model_and_his_weapon() -> None:
    view = scripted_position().view(0)
    assert action_words(view, MoveTo(fighter=0, to=Square(2, 2))) == "Chet Willis moves to 2,2"
    assert action_words(view, Shoot(fighter=0, target=5)) == "Chet Willis shoots Two Feathers with the Repeating Rifle"
    assert action_words(view, Shoot(fighter=1, target=5, weapon=1, rounds=4)) == (
        "Wes Harlan fans 4 rounds at Two Feathers with the Revolver"
    )
    assert action_words(view, Reload(fighter=2, weapon=1)) == "Belle Starling reloads the Derringer"
    assert action_words(view, GotYouCovered(fighter=0)) == "Chet Willis: Got You Covered!"
    assert action_words(view, Courage(fighter=1, card="7D")) == "Wes Harlan gets his courage up with the 7 of Diamonds"
    assert action_words(view, PickCard(card="KS")) == "play the King of Spades"
    assert (
        action_words(view, Snap(card="QH", weapon=0), snapper=5) == "play the Queen of Hearts: snap shot with the Bow"
    )
    assert action_words(view, Snap(card="QH", weapon=1)) == "play the Queen of Hearts: snap shot with his weapon 2"
    assert action_words(view, Snap(card="QH", to=Square(8, 7))) == "play the Queen of Hearts: duck to 8,7"
    assert action_words(view, EndTurn()) == "end the activation"


def test_in_the_strongbox_each_posse_shows_its_home_edge() -> None:
    """R-SKED-01: a player sees which side of the map his carrier must reach (point 1 is nearest the north
    side, point 2 the east); a showdown has no home edge."""
    posses = {"Ann": [("chet-willis", "1,3")], "Bob": [("doc-calloway", "7,3")]}
    shown = roster_text(ruthless_game(posses, scenario="strongbox").view(0), 0, None, 60).plain
    assert "Ann's posse · hand 5 · home: north edge" in shown and "Bob's posse · hand 5 · home: east edge" in shown
    assert "home:" not in roster_text(ruthless_game(posses).view(0), 0, None, 60).plain
