"""The designs' bench (`python -m fragtui.bench.designs`) plays heuristic games and prints each design's share and
the line `OWN_DESIGNS` takes; its figures are measured by running it, never here."""

from __future__ import annotations

import pytest

from fragtui.bench.designs import main


def test_it_prints_every_design_played_best_first_and_the_line_to_paste(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--part", "frag", "--games", "4", "--first", "3000", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "frag/frags: 4 games of 4 heuristic players, designs dealt (fair share 25%)"
    shares = [float(line.split("=")[1].split("%")[0]) for line in lines[1:-1]]
    assert shares == sorted(shares, reverse=True) and 1 <= len(shares) <= 12
    played = sum(int(line.split(" of ")[1].split("=")[0]) for line in lines[1:-1])
    assert played == 16  # every seat of every game
    assert lines[-1].startswith('"frag/frags": FighterDesign(health=')
