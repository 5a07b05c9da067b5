"""Frag Tag's objective option and its settings (J-TAG-01..04): offered by base Frag and Frag Deadlands,
listed by `fragtui rulesets`, set with `--option` on the command line, checked when a game is made."""

from __future__ import annotations

import pytest

from fragtui.cli import main
from fragtui.engine.frag.tag import MODES, TAG_OPTIONS, scoring_rule
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.scoring import FRAG_TARGET
from fragtui.errors import ConfigError, ScenarioError
from fragtui.simulate import parse_options
from tests.rules.tag.common import RULESETS, tag_game


@pytest.mark.rule("J-TAG-01")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_both_rulesets_offer_the_objective_and_its_settings__J_TAG_01(ruleset: str) -> None:
    """`objective` (frags by default), `target` and `hill-moves` are options of both rulesets, each mode a
    scoring rule of its own; `--option` reads them, and refuses a mode there is not."""
    offered = find_ruleset(ruleset).options
    assert all(spec in offered for spec in TAG_OPTIONS)
    objective = find_ruleset(ruleset).option("objective")
    assert objective.default == "frags" and objective.choices == tuple(MODES)
    assert scoring_rule({}) is FRAG_TARGET and scoring_rule({"objective": "frags"}) is FRAG_TARGET
    assert {mode: scoring_rule({"objective": mode}).mode for mode in MODES} == {mode: mode for mode in MODES}
    settings = ["objective=king-of-the-hill", "target=5", "hill-moves=2"]
    assert parse_options(ruleset, settings) == {"objective": "king-of-the-hill", "target": 5, "hill-moves": 2}
    with pytest.raises(ConfigError, match="takes one of frags, turn-to-frag, only-one, keep-away, king-of-the-hill"):
        parse_options(ruleset, ["objective=tag"])


@pytest.mark.rule("J-TAG-03")
@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize(
    ("mode", "options", "message"),
    [
        ("keep-away", ", target = 0", "option 'target' takes the points that win, 1 or more, not 0"),
        ("king-of-the-hill", ", hill-moves = -1", "option 'hill-moves' takes a number of points, 0 .never. or more"),
    ],
)
def test_settings_no_game_could_be_played_with_are_refused__J_TAG_03(mode: str, options: str, message: str) -> None:
    """A target of no points (everyone would have won before play) or a negative `hill-moves` is a one-line
    error, not a game."""
    with pytest.raises(ScenarioError, match=message):
        tag_game("frag", mode, options=options)


def test_fragtui_rulesets_lists_the_objective_option__J_TAG_01(capsys: pytest.CaptureFixture[str]) -> None:
    """`fragtui rulesets` lists the three options under each ruleset, with the modes and the defaults."""
    assert main(["rulesets"]) == 0
    lines = capsys.readouterr().out.splitlines()
    objective = [line for line in lines if "--option objective=VALUE" in line]
    assert len(objective) == 2
    assert all("[frags|turn-to-frag|only-one|keep-away|king-of-the-hill, default frags]" in line for line in objective)
    assert sum("--option target=VALUE" in line and "[a number, default 10]" in line for line in lines) == 2
    assert sum("--option hill-moves=VALUE" in line and "(0 never)" in line for line in lines) == 2
