"""Frag's parts of the view are Frag's (issue 32, step 6): the record sheets (`PlayerView.fighters`), Frag Tag's
`objective` and the hit a reaction waits on (`hit`) are typed `Any` in the kernel and validated as the models Frag
registers (`register_view_part`: `FighterView`, `ObjectiveView`, `AttackContext`), so a view dumped reads back with
Frag's models, written byte for byte as before with every key in the kernel's field order. Ruthless's view, whose
seats fill Frag's sheet (a name and a record for the game-over table), reads back the same way, its own table as
Ruthless's `RuthlessView` (registered for `PlayerView.ruthless`).
"""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.frag.decisions import AttackContext
from fragtui.engine.frag.view import FighterView, ObjectiveView, WeaponView, objective_of, sheets_of
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.ruthless.seen import RuthlessView
from fragtui.engine.view import PlayerView


def _game(ruleset: str, map_name: str, options: dict[str, bool | int | str], seed: int) -> tuple[Game, random.Random]:
    rng = random.Random(f"view parts/{ruleset}/{map_name}/{seed}")
    config = make_config(
        ruleset=ruleset, map=map_name, seats=find_ruleset(ruleset).random_seats(rng, 4), options=options
    )
    return new_game(config, seed=rng.getrandbits(32)), rng


def _reads_back(view: PlayerView) -> PlayerView:
    """`view` dumped and read back: equal, written byte for byte the same, its keys in the kernel's field order."""
    written = view.model_dump_json()
    keys = list(json.loads(written))
    assert keys == [name for name in PlayerView.model_fields if name in keys]
    read = PlayerView.model_validate(view.model_dump())  # (its parts mappings: read as the systems' models)
    assert read == view and read.model_dump_json() == written
    return read


def test_a_frag_view_reads_back_with_frag_models() -> None:
    """A keep-away game played until a hit waits for a reaction: every sheet, its guns, the objective and the hit
    read back as Frag's models, not mappings."""
    game, rng = _game("frag", "supply", {"objective": "keep-away", "target": 3}, 0)
    for _ in range(3000):
        view = game.view(game.decider())
        if view.hit is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    else:
        pytest.fail("no hit waited for a reaction")
    read = _reads_back(view)
    assert read.fighters and all(isinstance(sheet, FighterView) for sheet in read.fighters)
    assert all(isinstance(gun, WeaponView) for sheet in sheets_of(read) for gun in sheet.guns)
    assert isinstance(objective_of(read), ObjectiveView) and isinstance(read.hit, AttackContext)
    assert json.loads(view.model_dump_json())["objective"]["mode"] == "keep-away"


def test_a_ruthless_view_reads_back_with_frag_sheets() -> None:
    """Ruthless's seats fill Frag's record sheet: read back as Frag's, with no objective and no hit; its table as
    its own `RuthlessView`."""
    game, rng = _game("ruthless", "desert", {}, 0)
    for _ in range(40):
        if game.decider() is None:
            break
        game.apply(rng.choice(game.legal_actions()))
    read = _reads_back(game.view(0))
    assert all(isinstance(sheet, FighterView) for sheet in read.fighters)
    assert read.objective is None and read.hit is None and isinstance(read.ruthless, RuthlessView)


def test_a_sheet_that_is_no_fighter_view_is_refused() -> None:
    """The kernel checks a sheet as the model Frag registered: a sheet missing Frag's fields, or None, is refused."""
    game, _ = _game("frag", "pocket", {}, 0)
    dumped = game.view(0).model_dump()
    with pytest.raises(ValidationError, match="health"):
        PlayerView.model_validate({**dumped, "fighters": [{"name": "Ann"}]})
    with pytest.raises(ValidationError, match="fighters is required"):
        PlayerView.model_validate({**dumped, "fighters": [None]})
