"""Snapshots of Real-Time Frag on Frag's game screen (issue 33): Ann's Movement step in segment 3, the three
computers' orders in (fixed seed, fixed size): the segment clock on the turn line, the orders with their costs in
the dialog beside the map, the facings beside the fighters. Accept a deliberate change with `--snapshot-update`
after looking at the new picture."""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.realtime.decisions import MovementOrders
from fragtui.saves.format import SeatLook
from fragtui.table import Table
from fragtui.tui.app import FragApp

SEED = 5
DESIGN = {"health": 3, "speed": 2, "accuracy": 2}


@pytest.fixture(autouse=True)
def _empty_saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))


def _at_anns_movement(segment: int) -> Table:
    """Ann (a person) and three computers on the Pocket Arena, every question before it answered with the first legal
    action, up to Ann's Movement step of `segment`, the computers' orders in."""
    names = ["Ann", "Bob", "Cat", "Dan"]
    seats = [{"name": name, "fighter": DESIGN} for name in names]
    game: Game = new_game(make_config(map="pocket", frag_target=3, seats=seats, options={"real-time": True}), SEED)
    for _ in range(5000):
        top = game.state.pending[-1] if game.state.pending else None
        rt = game.rules.state.realtime  # type: ignore[attr-defined]
        if isinstance(top, MovementOrders) and rt is not None and rt.segment >= segment and game.deciders() == (0,):
            break
        deciders = game.deciders()
        seat = next((s for s in deciders if s != 0), deciders[0])
        game.apply(game.legal_actions(seat)[0], seat)
    else:
        raise AssertionError("Ann's Movement step never came")
    looks = [
        SeatLook(colour=c, glyph=n[0], computer=s > 0)
        for s, (n, c) in enumerate(zip(names, ["red", "blue", "green", "yellow"], strict=True))
    ]
    return Table(game, looks=looks)


def test_real_time_movement_step_at_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(_at_anns_movement(3)), terminal_size=(120, 40))


def test_real_time_movement_step_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(_at_anns_movement(3)), terminal_size=(80, 24))
