"""Open a saved game: read the file, find its map and the shipped cards, and replay it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fragtui.content.library import board_named, cards_for
from fragtui.engine.events import Event
from fragtui.engine.game import Game
from fragtui.errors import FragtuiError, SaveFormatError
from fragtui.saves.format import SaveFile, game_from_save
from fragtui.saves.store import read_save

__all__ = ["game_of", "load_game"]


def game_of(
    save: SaveFile,
    path: str | Path = "<save>",
    watch: Callable[[Game, list[Event]], None] | None = None,
) -> Game:
    """Replay a save with the shipped map it names and the shipped cards its ruleset plays with
    (`watch`: see `game_from_save`)."""
    try:
        board = board_named(save.config.map)
        cards = cards_for(save.config)
    except SaveFormatError:
        raise
    except FragtuiError as exc:
        raise SaveFormatError(f"the game's map or cards cannot be loaded: {exc}", path) from None
    return game_from_save(save, board, cards, path, watch)


def load_game(path: str | Path) -> Game:
    """Read, check and replay a save file; every problem is a one-line `SaveFormatError`."""
    return game_of(read_save(path), path)
