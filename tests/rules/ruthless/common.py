"""Games of Ruthless set up for one rule's test: a small board, posses of the shipped roster placed by hand,
hands dealt by hand, and scripted d10s — by a scenario (`ruthless_scenario`, docs/scenarios.md "Ruthless"), or
by a new game whose table is then edited (`ruthless_game`, the older way)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence

from fragtui.content.library import card_set, scenario_game
from fragtui.content.posses import posse_of
from fragtui.engine.actions import Action, EndTurn
from fragtui.engine.board import Square
from fragtui.engine.config import make_config
from fragtui.engine.dice import Dice
from fragtui.engine.events import Event
from fragtui.engine.frag.design import DEFAULT_DESIGN_FOR_POSSES
from fragtui.engine.game import Game
from fragtui.engine.ruthless.actions import PickCard
from fragtui.engine.ruthless.roster import shipped_roster
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.engine.ruthless.table import Model
from tests.conftest import board_from

# 12 x 8: rough ground `,` in column 6 (rows 0-2), soft cover `c` at 9,1 and 10,5, hard cover `C` at 3,6,
# a wall between columns 4 and 5 on rows 4-5 with a door `d` on row 6.
OPEN_GROUND = """
ruleset: ruthless
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . , . . . . .|
+                       +
|. 1 . . . . , . . c . .|
+                       +
|. . . . . . , . . . . .|
+                       +
|. . . . . . . F . . . .|
+                       +
|. . . . .|. . . . . . .|
+                       +
|. . . . .|. . . . c . .|
+                       +
|. . . C .d. . . . . 2 .|
+                       +
|. . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""

BOARD = board_from(OPEN_GROUND, "open ground")


def ruthless_game(
    posses: Mapping[str, Sequence[tuple[str, str]]],
    *,
    dice: Iterable[int] = (),
    hands: Mapping[str, Sequence[str]] | None = None,
    sundown: int = 0,
    board_text: str | None = None,
    scenario: str = "showdown",
) -> Game:
    """A game of Ruthless on `OPEN_GROUND` (or `board_text`): each player's gunfighters (roster keys) on the
    squares given (`x,y`), his hand as given (the rest of the deck as dealt), the d10s scripted."""
    board = BOARD if board_text is None else board_from(board_text, "test")
    roster = shipped_roster()
    seats = [
        {
            "name": name,
            "fighter": DEFAULT_DESIGN_FOR_POSSES,
            "posse": posse_of(roster, "+".join(key for key, _ in placed), name),
        }
        for name, placed in posses.items()
    ]
    config = make_config(
        ruleset="ruthless", map="test", seats=seats, options={"sundown": sundown, "scenario": scenario}
    )
    game = Game.new(config, seed=1, board=board, cards=card_set(()))
    state = game.state
    table = state.ruthless
    assert table is not None
    squares = [Square.parse(where) for placed in posses.values() for _, where in placed]
    for model, square in zip(table.models, squares, strict=True):
        model.square = square
    if hands:
        for seat, name in enumerate(posses):
            if name in hands:
                table.draw.extend(table.hands[seat])
                table.hands[seat] = []
        for seat, name in enumerate(posses):
            if name in hands:
                for card in hands[name]:
                    table.draw.remove(card)
                    table.hands[seat].append(card)
    state.dice = Dice.scripted(dice, sides=10).state
    played = Game.from_state(state, board=board, cards=game.cards)
    played.initial = played.state.model_copy(deep=True)
    return played


def ruthless_scenario(scenario: str, board_text: str = OPEN_GROUND) -> Game:
    """A game of Ruthless set up by a scenario written in a test (TOML, docs/scenarios.md "Ruthless"), played on
    `OPEN_GROUND` (or `board_text`): the ruleset and the map are written here, the test writes the rest."""
    board = textwrap.dedent(board_text).strip("\n")
    inline = f"ruleset = \"ruthless\"\nmap = \"test\"\nmap_text = '''\n{board}\n'''\n"
    return scenario_game(inline + textwrap.dedent(scenario), "<test scenario>")


def pick(game: Game, cards: Mapping[str, str]) -> list[Event]:
    """Every player picks the card given for initiative, in seat order (R-SEQ-01)."""
    events: list[Event] = []
    for name, card in cards.items():
        assert game.decider() == game.seat_of(name)
        events.extend(game.apply(PickCard(card=card)))
    return events


def model(game: Game, fighter: int) -> Model:
    """A model of the game's table."""
    rules = game.rules
    assert isinstance(rules, RuthlessRules)
    return rules.model(fighter)


def rules_of(game: Game) -> RuthlessRules:
    assert isinstance(game.rules, RuthlessRules)
    return game.rules


def done(game: Game) -> list[Event]:
    """The deciding player ends his activation."""
    return game.apply(EndTurn())


def texts(events: Iterable[Event]) -> list[str]:
    return [event.text for event in events]


def actions_of(game: Game, fighter: int) -> list[Action]:
    """The legal actions naming model `fighter`."""
    return [action for action in game.legal_actions() if getattr(action, "fighter", None) == fighter]


def refresh(game: Game) -> Game:
    """The game continued from its state as a test changed it by hand (the legal actions worked out anew)."""
    return Game.from_state(game.state, board=game.board, cards=game.cards)
