"""Frag's record sheets and their weapons are made without pydantic's validation (`fragtui.engine.frag.view`'s
`_unvalidated`, for speed: a view is built at every bot decision). Made again through validation from the very same
values, each is equal, of the same types field by field, has the same fields set, and is written to JSON byte for
byte the same, at every few actions of games of every Frag ruleset, for every seat and a spectator: the rules'
values are of the fields' types already."""

from __future__ import annotations

import random

import pytest
from pydantic import BaseModel

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.frag.view import FighterView, WeaponView, sheets_of
from fragtui.engine.rulesets import find_ruleset

GAMES = [
    ("frag", "foundry", {}),
    ("frag", "pocket", {"objective": "keep-away", "target": 3}),
    ("frag", "foundry", {"objective": "king-of-the-hill", "target": 4}),
    ("frag", "reactor", {"objective": "turn-to-frag"}),
    ("deadlands", "town", {}),
    ("deadlands", "desert", {"scatter": True}),
]


def _same(made: BaseModel, validated: BaseModel) -> None:
    assert validated == made
    assert list(validated.__dict__) == list(made.__dict__), "the fields in their declared order"
    for name in type(validated).model_fields:
        assert type(getattr(validated, name)) is type(getattr(made, name)), name
    assert validated.model_fields_set == made.model_fields_set
    assert validated.model_dump_json() == made.model_dump_json()
    assert validated.__pydantic_extra__ == made.__pydantic_extra__
    assert validated.__pydantic_private__ == made.__pydantic_private__
    if isinstance(made, WeaponView):  # (a record sheet holds markers, which are not hashed)
        assert hash(validated) == hash(made)


@pytest.mark.parametrize(("ruleset", "map_name", "options"), GAMES)
def test_record_sheets_made_without_validation_equal_validated_ones(
    ruleset: str, map_name: str, options: dict[str, object]
) -> None:
    rng = random.Random(f"view unvalidated/{ruleset}/{map_name}")
    seats = find_ruleset(ruleset).random_seats(rng, 4)
    game = new_game(make_config(ruleset=ruleset, map=map_name, seats=seats, options=options, frag_target=2), 7)
    sheets = guns = 0
    for step in range(600):
        if game.over:
            break
        if step % 4 == 0:
            for seat in (None, *range(4)):
                for sheet in sheets_of(game.view(seat)):
                    for gun in sheet.guns:
                        _same(gun, WeaponView(**{name: getattr(gun, name) for name in gun.model_fields_set}))
                        guns += 1
                    _same(sheet, FighterView(**{name: getattr(sheet, name) for name in sheet.model_fields_set}))
                    sheets += 1
        game.apply(rng.choice(list(game.legal_actions())))
    assert sheets > 200 and guns > sheets
