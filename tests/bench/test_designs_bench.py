"""The designs' bench (`python -m fragtui.bench.designs`) plays heuristic games and prints each design's share and
the line `OWN_DESIGNS` takes, or each gunfighter's worth and the line `GUNFIGHTER_WORTH` takes; its figures are
measured by running it, never here."""

from __future__ import annotations

import pytest

from fragtui.bench.designs import main


def test_it_prints_every_design_played_best_first_and_the_line_to_paste(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--part", "frag", "--games", "8", "--first", "3000", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "frag/frags: 8 games of 4 heuristic players, designs dealt (fair share 25%)"
    table = next(at for at, line in enumerate(lines) if line.startswith('"frag/frags": FighterDesign(health='))
    shares = [float(line.split("=")[1].split("%")[0]) for line in lines[1:table]]
    assert shares == sorted(shares, reverse=True) and 1 <= len(shares) <= 12
    played = sum(int(line.split(" of ")[1].split("=")[0]) for line in lines[1:table])
    assert played == 32  # every seat of every game
    leader = lines[1].split(":")[0].strip()
    # Then map by map (the bench's four, two games each): the four best there, and the table's leader.
    heads = [at for at, line in enumerate(lines) if line.startswith("  on ")]
    assert [lines[at] for at in heads] == [
        f"  on {board}: 2 games" for board in ("foundry", "pocket", "reactor", "supply")
    ]
    for at, end in zip(heads, [*heads[1:], len(lines)], strict=True):
        rows = lines[at + 1 : end]
        assert 1 <= len(rows) <= 5 and all(row.startswith("    ") and " of " in row for row in rows)
        assert sum(int(row.split(" of ")[1].split("=")[0]) for row in rows) <= 8  # two games of four seats
        shown = [row.split(":")[0].strip() for row in rows]
        assert len(shown) <= 4 or shown[4] == leader  # the fifth only to show the table's leader


def test_it_fits_each_gunfighters_worth_and_prints_the_line_to_paste(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--part", "gunfighters", "--games", "6", "--first", "20000", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "ruthless gunfighters: 6 games, a posse built at random against a fixed posse dealt"
    assert lines[1].startswith("  held-out log-loss ")
    worths = [float(line.split()[1]) for line in lines[2:-2]]
    assert len(worths) == 20 and worths == sorted(worths, reverse=True)
    assert lines[-2].startswith("  the first seat: ")
    assert lines[-1].startswith('GUNFIGHTER_WORTH = {"wes-harlan": ') and lines[-1].count(":") == 20
