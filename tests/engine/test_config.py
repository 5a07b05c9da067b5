"""Setting up a game: fighter designs, tournament raises and the table (F-SETUP-01, F-SETUP-04, F-WIN-02)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fragtui.content.library import new_game
from fragtui.content.maps import load_named_map
from fragtui.engine.config import GameConfig, make_config, seat_part_default
from fragtui.engine.frag.design import DEFAULT_DESIGN_FOR_POSSES, FighterDesign, Stat, all_designs
from fragtui.engine.frag.state import PlayerState
from fragtui.engine.frag.target import frag_target
from fragtui.engine.ruthless.roster import shipped_roster
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.errors import ConfigError


def _seats(n: int) -> list[dict[str, object]]:
    return [{"name": f"P{i}", "fighter": {"health": 3, "speed": 2, "accuracy": 2}} for i in range(n)]


@pytest.mark.parametrize(("h", "s", "a"), [(4, 2, 1), (1, 2, 4), (3, 2, 2), (1, 4, 2), (2, 2, 3)])
def test_seven_points_each_stat_one_to_four_are_accepted__F_SETUP_01(h: int, s: int, a: int) -> None:
    design = FighterDesign(health=h, speed=s, accuracy=a)
    assert (design.health, design.speed, design.accuracy) == (h, s, a)
    assert str(design) == f"H{h} S{s} A{a}"


@pytest.mark.parametrize(
    ("h", "s", "a", "words"),
    [
        (5, 1, 1, "Health is 5: each stat gets 1 to 4 points"),
        (0, 3, 4, "Health is 0: each stat gets 1 to 4 points"),
        (3, 3, 2, "add up to 8"),
        (2, 2, 2, "add up to 6"),
        (4, 4, -1, "Accuracy is -1"),
    ],
)
def test_other_designs_are_refused_with_the_reason__F_SETUP_01(h: int, s: int, a: int, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        FighterDesign(health=h, speed=s, accuracy=a)


def test_there_are_exactly_twelve_starting_fighters__F_SETUP_01() -> None:
    designs = all_designs()
    assert len(designs) == 12 == len(set(designs))
    assert all(d.health + d.speed + d.accuracy == 7 for d in designs)
    assert designs[0] == FighterDesign(health=4, speed=2, accuracy=1)


def test_a_tournament_winner_raises_one_stat_past_four__F_WIN_02() -> None:
    champion = FighterDesign(health=4, speed=2, accuracy=1).raise_stat(Stat.HEALTH)
    assert champion.health == 5 and champion.raised == (Stat.HEALTH,)
    twice = champion.raise_stat(Stat.HEALTH)
    assert twice.health == 6
    # The same stats without the tournament wins behind them are not a legal design.
    with pytest.raises(ValidationError):
        FighterDesign(health=5, speed=2, accuracy=1)


def test_the_table_takes_two_players_up_to_the_respawn_points__F_SETUP_04() -> None:
    pocket = load_named_map("pocket")
    config = make_config(map="pocket", seats=_seats(4))
    config.check_fits(len(pocket.respawn_points))
    with pytest.raises(ConfigError, match="Frag needs at least 2 players, not 1"):
        make_config(map="pocket", seats=_seats(1))
    crowded = make_config(map="pocket", seats=_seats(5))
    with pytest.raises(ConfigError, match="5 players but the map 'pocket' has only 4 respawn points"):
        crowded.check_fits(len(pocket.respawn_points))


def test_the_frag_target_defaults_to_three_and_can_be_raised() -> None:
    assert frag_target(make_config(map="pocket", seats=_seats(2))) == 3
    assert frag_target(make_config(map="pocket", seats=_seats(2), frag_target=10)) == 10
    with pytest.raises(ConfigError, match="frag_target"):
        make_config(map="pocket", seats=_seats(2), frag_target=0)


def test_the_frag_target_is_written_where_it_always_was__F_WIN_01() -> None:
    """Frag's frag target is Frag's part of the configuration (issue 32): the kernel's `GameConfig` names it
    nowhere, but writes it between the seats and the options of every ruleset's configuration, Ruthless's included
    (its default, never read), and reads it back from that key, so no save's JSON moved."""
    assert "frag_target" not in GameConfig.model_fields
    design = '{"health":3,"speed":2,"accuracy":2,"raised":[],"free":false}'
    text = (
        f'{{"ruleset":"frag","map":"pocket","seats":[{{"name":"P1","fighter":{design}}},'
        f'{{"name":"P2","fighter":{design}}}],"frag_target":7,"options":{{"pistol-whip":true}}}}'
    )
    config = GameConfig.model_validate_json(text)
    assert frag_target(config) == 7 and config.model_dump_json() == text
    assert make_config(map="pocket", seats=_seats(2)).model_dump_json().endswith(f'{design}}}],"frag_target":3}}')
    roster = shipped_roster()
    posses = [{"name": f"P{n}", "posse": posse} for n, posse in enumerate(list(roster.posses)[:2])]
    ruthless = make_config(ruleset="ruthless", map="desert", seats=posses)
    assert ruthless.model_dump_json().endswith('}],"frag_target":3}')
    assert RuthlessRules.target_of(ruthless) is None  # (not played to a frag target)


def test_player_names_must_be_visible_and_different() -> None:
    seats = _seats(2)
    seats[1]["name"] = "p0"
    with pytest.raises(ConfigError, match="two players are called 'p0'"):
        make_config(map="pocket", seats=seats)
    seats[1]["name"] = "   "
    with pytest.raises(ConfigError, match="blank"):
        make_config(map="pocket", seats=seats)


@pytest.mark.parametrize("ruleset", ["ruthless-typo", "chess"])
def test_a_ruleset_this_version_does_not_play_is_a_config_error(ruleset: str) -> None:
    """`ruleset="ruthless-typo"` used to start a Frag game; a name the ruleset registry does not know is refused.
    (`ruthless` itself is played since issue 19: tests/rules/ruthless/.)"""
    seats = _seats(2)
    with pytest.raises(ConfigError, match=r"ruleset: .*plays only frag, deadlands, ruthless"):
        make_config(map="pocket", seats=seats, ruleset=ruleset)
    assert make_config(map="pocket", seats=seats).ruleset == "frag"


def test_a_frag_seat_needs_a_fighter_design__F_SETUP_01() -> None:
    """Frag has each seat design his fighter (`Ruleset.designs_fighters`): a seat without one is refused when
    the configuration is built, and the design is held to F-SETUP-01 by Frag's rules when a game is set up."""
    with pytest.raises(ConfigError, match="Bob has no fighter design: Frag needs one for each seat"):
        make_config(map="pocket", seats=[_seats(1)[0], {"name": "Bob"}])
    free = {"name": "Cy", "fighter": {"health": 5, "speed": 5, "accuracy": 5, "free": True}}
    config = make_config(map="pocket", seats=[_seats(1)[0], free])  # (a scenario's free stats: read as written)
    with pytest.raises(ConfigError, match="Cy's fighter: Health is 5"):
        config.check_designs()


def test_a_seat_of_posses_needs_no_fighter_design__R_SEQ_02() -> None:
    """Ruthless's seats lead posses (R-SEQ-02): a seat without a Frag design is whole, writes no `fighter`, and
    its game plays; a seat of an older save that carries the unused design is read as it was."""
    roster = shipped_roster()
    seats = [{"name": f"P{n}", "posse": posse} for n, posse in enumerate(list(roster.posses)[:2])]
    config = make_config(ruleset="ruthless", map="desert", seats=seats)
    assert all(seat.fighter is None for seat in config.seats)
    assert '"fighter"' not in config.model_dump_json()
    config.check_designs()  # (nothing to hold to F-SETUP-01)
    game = new_game(config, seed=3)
    assert game.state.players[0].design == DEFAULT_DESIGN_FOR_POSSES  # (Frag's record sheet, unread by Ruthless)
    game.apply(game.legal_actions(game.decider())[0], game.decider())
    old = make_config(
        ruleset="ruthless", map="desert", seats=[{**seat, "fighter": DEFAULT_DESIGN_FOR_POSSES} for seat in seats]
    )
    assert old.seats[0].fighter == DEFAULT_DESIGN_FOR_POSSES and '"fighter"' in old.model_dump_json()


def test_a_seats_fighter_is_the_design_frag_registers_read_back_as_written__F_SETUP_01() -> None:
    """The kernel's `Seat.fighter` names no system (issue 32): Frag registers its design as the seat's part, so a
    seat read from JSON holds a `FighterDesign`, checked by F-SETUP-01, and writes it back byte for byte; the part a
    seat nobody designed for is given is Frag's registered default."""
    config = make_config(map="pocket", seats=_seats(2))
    assert isinstance(config.seats[0].fighter, FighterDesign)
    assert type(config).model_validate_json(config.model_dump_json()).model_dump_json() == config.model_dump_json()
    assert config.model_dump_json().count('"fighter":{"health":3,"speed":2,"accuracy":2,"raised":[],"free":false}') == 2
    with pytest.raises(ConfigError, match="Health is 5"):
        make_config(
            map="pocket", seats=[_seats(1)[0], {"name": "Bob", "fighter": {"health": 5, "speed": 1, "accuracy": 1}}]
        )
    assert seat_part_default("fighter") == DEFAULT_DESIGN_FOR_POSSES


def test_a_record_sheet_needs_its_design() -> None:
    """`PlayerState.design` is typed through the same seam (`FighterPart`): the design is checked, and None is
    refused as a field typed with the design itself refused it."""
    sheet = PlayerState.model_validate({"name": "Ann", "design": {"health": 3, "speed": 2, "accuracy": 2}})
    assert isinstance(sheet.design, FighterDesign)
    for wrong in (None, {"health": 9, "speed": 2, "accuracy": 2}):
        with pytest.raises(ValidationError):
            PlayerState.model_validate({"name": "Ann", "design": wrong})
