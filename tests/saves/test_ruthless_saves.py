"""A game of Ruthless is saved, loaded through the registry, replayed to its hash and verified (S-SAVE-01):
its posses are in the save whole, so it replays whatever the roster file says later."""

from __future__ import annotations

import json
import random
from pathlib import Path

from fragtui.cli import main
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import state_hash
from fragtui.engine.harness import play_random_game
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.saves.format import save_of
from fragtui.saves.loading import load_game
from fragtui.saves.store import write_save


def test_a_ruthless_game_saves_loads_and_verifies(tmp_path: Path) -> None:
    rng = random.Random(7)
    config = make_config(ruleset="ruthless", map="dry-creek", seats=find_ruleset("ruthless").random_seats(rng, 3))
    game = new_game(config, 7)
    play_random_game(game, rng, max_actions=60)
    path = tmp_path / "showdown.json"
    write_save(save_of(game), path)
    saved = json.loads(path.read_text())
    assert saved["config"]["ruleset"] == "ruthless"
    assert all(len(seat["posse"]["gunfighters"]) == 4 for seat in saved["config"]["seats"])
    loaded = load_game(path)
    assert isinstance(loaded.rules, RuthlessRules)
    assert state_hash(loaded.state) == state_hash(game.state) and len(loaded.log) == len(game.log)
    assert main(["verify", str(path)]) == 0
