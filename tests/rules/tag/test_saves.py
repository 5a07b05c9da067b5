"""A game of each Frag Tag mode saved and loaded: the save holds the options and the action log, and
loading replays it to the same state, the mode's own (who is "it", the points, the flag, the hill) with it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.harness import play_random_game
from fragtui.engine.rulesets import find_ruleset
from fragtui.saves.format import save_of
from fragtui.saves.loading import load_game
from fragtui.saves.store import write_save
from tests.rules.tag.common import RULESETS


@pytest.mark.rule("J-TAG-01")
@pytest.mark.rule("J-TAG-02")
@pytest.mark.rule("J-TAG-03")
@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("mode", ["turn-to-frag", "only-one", "keep-away", "king-of-the-hill"])
def test_a_saved_game_of_each_mode_loads_to_the_same_state__J_TAG_01(ruleset: str, mode: str, tmp_path: Path) -> None:
    rng = random.Random(f"tag-save/{ruleset}/{mode}")
    options: dict[str, bool | int | str] = {"objective": mode}
    if mode == "king-of-the-hill":
        options["hill-moves"] = 1
    config = make_config(
        ruleset=ruleset, map="supply", seats=find_ruleset(ruleset).random_seats(rng, 4), options=options
    )
    game = new_game(config, seed=rng.getrandbits(32))
    play_random_game(game, rng, max_actions=600)
    assert game.state.objective is not None
    path = tmp_path / "tag.json"
    write_save(save_of(game), path)
    loaded = load_game(path)
    assert loaded.state == game.state
    assert loaded.state.objective == game.state.objective
    assert loaded.view(0).objective == game.view(0).objective
