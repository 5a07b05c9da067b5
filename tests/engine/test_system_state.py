"""A rule system keeps its own state, registered with its ruleset (issue 32), and states still validate whole.

`Ruleset.state_type` is a `GameState` subclass with the system's fields (Frag's turn record and Frag Tag's
objective, Ruthless's table); `GameState.model_validate` reads any state as its ruleset's, so saves, scenarios
and checkpoints lose nothing; the dice stay the last field, so a state's JSON is what it was when every field
was the kernel's. A seat's part (Ruthless's posse) is validated as the model its system registered.
"""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from fragtui.bench.ruthless import random_game
from fragtui.content.library import new_game
from fragtui.engine.config import Seat, make_config
from fragtui.engine.frag.state import FragState, FragTurn, PlayerState
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset, ruleset_names
from fragtui.engine.ruthless.pieces import Posse
from fragtui.engine.ruthless.state import RuthlessPlayer, RuthlessState
from fragtui.engine.state import GameState, Player, Turn


def played(ruleset: str, actions: int = 120) -> Game:
    if ruleset == "ruthless":
        game, _ = random_game(3)
    else:
        seats = find_ruleset(ruleset).random_seats(random.Random(5), 3)
        options = {"objective": "keep-away"} if ruleset == "frag" else {}
        game = new_game(make_config(ruleset=ruleset, map="pocket", seats=seats, options=options), 5)
    rng = random.Random(5)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(rng.choice(legal))
    return game


def test_every_ruleset_names_a_state_of_its_own() -> None:
    kinds = {name: find_ruleset(name).state_type for name in ruleset_names()}
    assert all(issubclass(kind, GameState) and kind is not GameState for kind in kinds.values())
    assert kinds["frag"] is FragState and kinds["deadlands"] is FragState and kinds["ruthless"] is RuthlessState


@pytest.mark.parametrize("ruleset", ["frag", "deadlands", "ruthless"])
def test_a_state_read_as_a_game_state_is_its_systems_whole(ruleset: str) -> None:
    game = played(ruleset)
    text = game.state.model_dump_json()
    read = GameState.model_validate_json(text)
    assert type(read) is find_ruleset(ruleset).state_type and read == game.state
    assert GameState.model_validate(json.loads(text)) == game.state
    assert list(json.loads(text))[-1] == "dice"  # written where the dice always were
    again = Game(read, game.board, game.cards)  # (a checkpoint's state continues the game)
    assert again.legal_actions() == game.legal_actions()


def test_frag_keeps_its_turn_record_and_objective_ruthless_its_table() -> None:
    frag = played("frag")
    assert isinstance(frag.state, FragState) and isinstance(frag.state.turn, FragTurn)
    assert frag.state.objective is not None and "objective" in frag.state.model_dump()
    ruthless = played("ruthless", 10)
    assert isinstance(ruthless.state, RuthlessState) and ruthless.state.ruthless is not None
    assert "objective" not in ruthless.state.model_dump() and "ruthless" not in frag.state.model_dump()
    assert not hasattr(ruthless.state.turn, "jump_pad")  # (Frag's turn record is Frag's)


def test_a_systems_state_keeps_the_dice_last_whatever_it_adds() -> None:
    class Coins(GameState):  # a system of the test's own
        coins: int = 0
        """Coins on the table."""

    assert list(Coins.model_fields)[-1] == "dice" and list(Coins.model_fields)[-2] == "coins"
    assert type(Turn().phase) is str  # the kernel's turn holds no system's phase type


def test_a_systems_state_writes_its_table_after_the_turn_where_frags_was() -> None:
    class Market(GameState):  # a system of the test's own
        written_after_turn = ("stalls", "till")
        till: int = 0
        """Coins in the till."""
        stalls: list[str] = []
        """The stalls set up."""
        weather: str = "fair"
        """Today's weather."""

    kernel = ["config", "players", "first", "turn", "pending", "winner"]
    assert list(GameState.model_fields) == [*kernel, "dice"]  # (the kernel keeps nothing of Frag's table)
    assert list(Market.model_fields) == [*kernel[:4], "stalls", "till", *kernel[4:], "weather", "dice"]
    table = ["decks", "counters", "next_counter", "plays"]
    for state in (FragState, RuthlessState):
        fields = list(state.model_fields)
        assert fields[fields.index("turn") + 1 : fields.index("pending")] == table
    frag, ruthless = played("frag"), played("ruthless", 10)
    for game in (frag, ruthless):
        written = list(game.state.model_dump())
        assert written[4:8] == table and written[-1] == "dice"
    assert ruthless.state.model_dump()["decks"] == {"draw": {}, "discard": {}}


SHEET = (
    "name",
    "design",
    "status",
    "square",
    "damage",
    "hand",
    "weapons",
    "gadgets",
    "specials",
    "blood",
    "frags",
    "skips",
    "record",
)
"""The fields of a player as every game wrote them when Frag's record sheet was the kernel's (issue 32, step 4)."""


def test_each_systems_players_are_written_as_frags_sheet_was() -> None:
    frag, ruthless = played("frag"), played("ruthless", 10)
    assert type(frag.state.players[0]) is PlayerState and type(ruthless.state.players[0]) is RuthlessPlayer
    assert tuple(frag.state.model_dump()["players"][0]) == SHEET  # (markers: none in base Frag)
    assert tuple(ruthless.state.model_dump()["players"][0]) == SHEET
    assert tuple(PlayerState.model_fields) == (*SHEET, "markers") and tuple(RuthlessPlayer.model_fields) == SHEET
    assert tuple(Player.model_fields) == ("name", "frags", "record")  # the kernel's: what every system keeps
    assert not {"design", "status", "hand"} & set(Player.model_fields)


def test_a_systems_player_writes_its_fields_in_the_order_it_declares_them() -> None:
    class Bidder(Player):  # a system of the test's own
        bid: int = 0
        """His bid."""
        frags: int = 0
        """Tricks won (the kernel's tally, declared again where it is written)."""
        purse: int = 0
        """Coins left."""

    assert tuple(Bidder.model_fields) == ("name", "record", "bid", "frags", "purse")
    assert tuple(Bidder(name="Ann").model_dump()) == ("name", "record", "bid", "frags", "purse")
    assert Bidder.model_validate_json(Bidder(name="Ann", frags=2).model_dump_json()).frags == 2


def test_a_seat_leads_the_posse_its_system_registered() -> None:
    game = played("ruthless", 0)
    seat = game.state.config.seats[0]
    assert isinstance(seat.posse, Posse)
    written = seat.model_dump(mode="json")
    assert Seat.model_validate(written) == seat and isinstance(Seat.model_validate(written).posse, Posse)
    with pytest.raises(ValidationError):
        Seat.model_validate({**written, "posse": {"name": "Nobody's", "gunfighters": []}})
