"""Flag squares (Frag Tag's, J-TAG-03/04) on the shipped maps and the saves made on them: a save from before
the flags replays (they are floor in every other game), and a save of a game played for the flag names
where it stood, so a map whose flag moved is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.content.library import board_named, cards_for, new_game
from fragtui.engine.board import Cell, Terrain
from fragtui.engine.config import make_config
from fragtui.errors import SaveFormatError
from fragtui.saves.format import game_from_save, save_of

SEATS = [{"name": n, "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for n in ("Ann", "Bob", "Cat")]


def played(objective: str | None) -> object:
    options = {"objective": objective} if objective else {}
    game = new_game(make_config(map="pocket", seats=SEATS, options=options), 5)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    return game


def test_only_a_game_played_for_an_objective_keeps_where_the_flag_stands__J_TAG_03() -> None:
    assert set(save_of(played(None)).content) == {"map", "cards"}  # written as every save before the flags
    assert set(save_of(played("keep-away")).content) == {"map", "cards", "objectives"}


def test_a_keep_away_save_on_a_map_whose_flag_moved_is_refused_in_one_line__J_TAG_03(tmp_path: Path) -> None:
    game = played("keep-away")
    save = save_of(game)
    board = board_named("pocket")
    (x, y) = next((x, y) for y, row in enumerate(board.cells) for x, c in enumerate(row) if c.terrain is Terrain.FLAG)
    cells = [list(row) for row in board.cells]
    cells[y][x] = Cell()
    cells[y][x + 1] = Cell(terrain=Terrain.FLAG)
    moved = board.model_copy(update={"cells": tuple(tuple(row) for row in cells)})
    with pytest.raises(SaveFormatError, match="different version of the map 'pocket'"):
        game_from_save(save, moved, cards_for(save.config), tmp_path / "k.json")
    assert game_from_save(save, board, cards_for(save.config)).state == game.state  # the map it was played on
