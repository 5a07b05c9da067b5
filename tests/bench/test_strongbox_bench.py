"""The strongbox bench (fragtui/bench/strongbox.py) in its smallest run: it must keep printing the figures
docs/bots.md quotes (the median game, the games carried off, each seat's share of the wins)."""

from __future__ import annotations

from fragtui.bench.strongbox import contest, figures, strongbox_tables


def test_it_covers_every_map_and_number_of_posses_ruthless_allows() -> None:
    tables = strongbox_tables()
    assert ("main-street", 2) in tables and ("main-street", 4) in tables and ("dry-creek", 3) in tables
    assert ("town", 4) in tables and ("town", 2) not in tables  # the Deadlands maps seat 4 to 6
    assert all(2 <= players <= 4 for _, players in tables)


def test_it_prints_the_median_the_carried_off_and_each_seat() -> None:
    played = contest("main-street", 2, 2)
    assert len(played.games) == 2 and all(game.winner in (0, 1) for game in played.games)
    line, load = list(figures(2, [("main-street", 2)]))
    assert line.startswith("main-street, 2 posses, 2 games: median ")
    assert "carried off; wins: seat 0 " in line and ", seat 1 " in line and "(most " in line
    assert load.startswith("(machine load average")
