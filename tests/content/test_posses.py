"""The Ruthless roster file (`posses/gunfighters.toml`): what it holds, and its errors naming file and line."""

from __future__ import annotations

import pytest

from fragtui.content.posses import load_roster, parse_roster, posse_of, shipped_roster_path
from fragtui.engine.config import make_config
from fragtui.engine.frag.design import DEFAULT_DESIGN_FOR_POSSES
from fragtui.engine.ruthless.pieces import LOCATIONS
from fragtui.engine.ruthless.roster import shipped_roster
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.errors import CardFormatError, ConfigError

GOOD = """budget = 30

[[gunfighter]]
key = "a"
name = "A"
toughness = 5
weapons = ["revolver"]
points = 10
[gunfighter.wounds]
leg = 2
arm = 2
graze = 2
gut = 2
chest = 2
severe = 2
"""


def test_the_shipped_roster_has_sixteen_gunfighters_or_more_and_fixed_posses() -> None:
    """At least 16 original gunfighters with every location boxed, some with a trait and some with a horse;
    fixed posses within the budget, no gunfighter in two."""
    roster = load_roster(shipped_roster_path())
    assert roster == shipped_roster()
    assert len(roster.gunfighters) >= 16
    assert len({g.name for g in roster.gunfighters}) == len(roster.gunfighters)
    assert all(all(g.wounds[location] >= 1 for location in LOCATIONS) for g in roster.gunfighters)
    assert any(g.trait for g in roster.gunfighters) and any(g.horse for g in roster.gunfighters)
    assert len(roster.posses) >= 4 and all(p.points <= roster.budget for p in roster.posses)
    members = [g.key for p in roster.posses for g in p.gunfighters]
    assert len(members) == len(set(members))


def test_a_good_file_reads() -> None:
    roster = parse_roster(GOOD, "x.toml")
    assert [g.key for g in roster.gunfighters] == ["a"] and roster.budget == 30


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (('weapons = ["revolver"]', 'weapons = ["laser"]'), 3, "gunfighter 'a': weapons.0"),
        (("severe = 2\n", ""), 3, "severe has none"),
        (("toughness = 5", "toughness = 11"), 3, "toughness"),
        (("budget = 30", "budget = 0"), None, "budget"),
    ],
)
def test_errors_name_the_file_and_the_line(change: tuple[str, str], line: int | None, message: str) -> None:
    text = GOOD.replace(*change)
    with pytest.raises(CardFormatError, match=message) as caught:
        parse_roster(text, "bad.toml")
    assert caught.value.path == "bad.toml" and caught.value.line == line


def test_a_posse_naming_an_unknown_gunfighter_is_refused_on_its_line() -> None:
    text = GOOD + '\n[[posse]]\nkey = "p"\nname = "P"\nmembers = ["a", "zed"]\n'
    with pytest.raises(CardFormatError, match="no gunfighter 'zed'") as caught:
        parse_roster(text, "bad.toml")
    assert caught.value.line == text.splitlines().index("[[posse]]") + 1


def test_a_posse_over_the_budget_is_refused() -> None:
    text = GOOD.replace("budget = 30", "budget = 5") + '\n[[posse]]\nkey = "p"\nname = "P"\nmembers = ["a"]\n'
    with pytest.raises(CardFormatError, match="more than the budget"):
        parse_roster(text, "bad.toml")


@pytest.mark.rule("R-SEQ-02")
def test_a_ruthless_seat_leads_a_posse_and_no_card_rides_twice() -> None:
    roster = shipped_roster()
    lawmen = roster.posse("lawmen")
    seat = {"fighter": DEFAULT_DESIGN_FOR_POSSES}
    with pytest.raises(ConfigError, match="leads no posse"):
        make_config(ruleset="ruthless", map="main-street", seats=[{"name": "A", **seat}, {"name": "B", **seat}])
    with pytest.raises(ConfigError, match="rides with A and with B"):
        make_config(
            ruleset="ruthless",
            map="main-street",
            seats=[{"name": "A", **seat, "posse": lawmen}, {"name": "B", **seat, "posse": lawmen}],
        )
    with pytest.raises(ConfigError, match="leads a posse"):
        make_config(map="pocket", seats=[{"name": "A", **seat, "posse": lawmen}, {"name": "B", **seat}])


@pytest.mark.rule("R-SEQ-02")
def test_a_posse_built_by_hand_is_held_to_the_budget() -> None:
    """The `budget` option (66 unless agreed otherwise, as the roster file says) holds every posse."""
    roster = shipped_roster()
    assert RuthlessRules.option("budget").default == roster.budget
    seat = {"fighter": DEFAULT_DESIGN_FOR_POSSES}
    big = posse_of(roster, "wes-harlan+silent-john+preacher-gant+big-swede", "A")
    with pytest.raises(ConfigError, match="76 points: the budget is 66"):
        make_config(ruleset="ruthless", map="main-street", seats=[{"name": "A", **seat, "posse": big},
                    {"name": "B", **seat, "posse": roster.posse("lawmen")}])  # fmt: skip
    config = make_config(
        options={"budget": 80},
        ruleset="ruthless",
        map="main-street",
        seats=[
            {"name": "A", **seat, "posse": big},
            {"name": "B", **seat, "posse": roster.posse("lawmen")},
        ],
    )
    assert config.options == {"budget": 80}  # the players agreed a bigger budget
    with pytest.raises(KeyError):
        posse_of(roster, "nobody-at-all", "A")
