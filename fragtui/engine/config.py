"""How a game is set up: the fighters the players design and the options of the game.

Validation happens here, once, when a configuration is built; the rest of the engine can then
trust it. Messages name the player and the rule, so the set-up screen can show them as they are.
"""

from __future__ import annotations

from enum import StrEnum
from itertools import product
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, field_validator, model_validator

from fragtui.engine.systems import DEFAULT_RULESET, RULE_SYSTEMS, SystemParts
from fragtui.errors import ConfigError, shown, validation_problem

__all__ = [
    "DEFAULT_DESIGN_FOR_POSSES",
    "DEFAULT_FRAG_TARGET",
    "DEFAULT_RULESET",
    "DESIGN_POINTS",
    "MAX_MAP_NAME",
    "RULE_SYSTEMS",
    "STAT_MAX",
    "STAT_MIN",
    "FighterDesign",
    "GameConfig",
    "Seat",
    "Stat",
    "all_designs",
    "make_config",
    "register_seat_part",
]

DESIGN_POINTS = 7
"""Points a starting fighter divides between Health, Speed and Accuracy (F-SETUP-01)."""
STAT_MIN, STAT_MAX = 1, 4
"""Each stat of a starting fighter gets at least 1 point and at most 4 (F-SETUP-01)."""
DEFAULT_FRAG_TARGET = 3
"""Frags that win the game unless the players choose a longer game (F-WIN-01)."""


class Stat(StrEnum):
    """The three stats on a fighter's record sheet."""

    HEALTH = "health"
    SPEED = "speed"
    ACCURACY = "accuracy"


class FighterDesign(BaseModel):
    """A fighter as designed on the record sheet, before any card changes him."""

    model_config = ConfigDict(frozen=True)

    health: int
    """Defence dice, and the Health he can lose before he is fragged."""
    speed: int
    """Movement dice each turn, and the longest jump."""
    accuracy: int
    """To-hit dice; attacks per turn are half of it, rounded up."""
    raised: tuple[Stat, ...] = ()
    """Stats raised by 1 for each tournament game won (F-WIN-02): these may take a stat past 4."""
    free: bool = False
    """Set up by a scenario (docs/scenarios.md), which may give any stats: not held to F-SETUP-01."""

    @model_validator(mode="after")
    def _seven_points_one_to_four(self) -> FighterDesign:
        if self.free:
            return self
        base = {stat: getattr(self, stat.value) - self.raised.count(stat) for stat in Stat}
        for stat, value in base.items():
            if not STAT_MIN <= value <= STAT_MAX:
                raised = f" before {self.raised.count(stat)} tournament raise(s)" if stat in self.raised else ""
                raise ValueError(
                    f"{stat.value.capitalize()} is {value}{raised}: each stat gets {STAT_MIN} to {STAT_MAX} points"
                )
        total = sum(base.values())
        if total != DESIGN_POINTS:
            raise ValueError(
                f"the stats add up to {total}{' before tournament raises' if self.raised else ''}: "
                f"a fighter divides exactly {DESIGN_POINTS} points between Health, Speed and Accuracy"
            )
        return self

    def raise_stat(self, stat: Stat) -> FighterDesign:
        """The design after winning a tournament game and raising `stat` by 1 (F-WIN-02)."""
        return self.model_copy(update={stat.value: getattr(self, stat.value) + 1, "raised": (*self.raised, stat)})

    def __str__(self) -> str:
        return f"H{self.health} S{self.speed} A{self.accuracy}"


DEFAULT_DESIGN_FOR_POSSES = FighterDesign(health=3, speed=2, accuracy=2)
"""The Frag design a seat that leads a posse once had to carry (`Seat.fighter` was required in every game) and
the one its `PlayerState` still carries (`PlayerState.design` is Frag's record sheet); a ruleset of posses,
Ruthless, never reads it, and a seat of it needs none (`Ruleset.designs_fighters`)."""


def all_designs() -> list[FighterDesign]:
    """Every legal starting fighter (twelve of them), most Health first."""
    return [
        FighterDesign(health=h, speed=s, accuracy=a)
        for h, s, a in product(range(STAT_MAX, STAT_MIN - 1, -1), repeat=3)
        if h + s + a == DESIGN_POINTS
    ]


_SEAT_PARTS = SystemParts("a seat's")
"""The model of each system's part of a seat, by the seat's field (`register_seat_part`)."""


def register_seat_part(field: str, model: type[BaseModel]) -> None:
    """Say which model a rule system's part of a seat is (`Seat.posse`: Ruthless's `Posse`): a seat read from
    JSON validates that field as it. The system registers it when its module is imported; the kernel never
    names the type."""
    _SEAT_PARTS.register(field, model)


class Seat(BaseModel):
    """One player at the table, and what he plays: the fighter he designed, a roster's fighter, a posse, as his
    ruleset asks."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1, max_length=24)
    """The player's name, shown on the scoreboard and the hand-off screen."""
    fighter: FighterDesign | None = Field(default=None, exclude_if=lambda design: design is None)
    """His fighter's starting stats, where the ruleset has each seat design his fighter (Frag: F-SETUP-01,
    `Ruleset.designs_fighters`); None where it does not (Ruthless's posses), and then left out of the JSON (a
    seat of an older save of such a ruleset that carries one is read as it was, its design unused)."""
    character: str | None = Field(default=None, max_length=40, exclude_if=lambda character: character is None)
    """The unique fighter he plays, where the ruleset has a roster of them (Frag Deadlands' six,
    D-FTR-01: `huckster`); None where fighters are designed only (base Frag). Which names are valid is the
    ruleset's to say (`Ruleset.check_config`); left out of the JSON when None."""
    posse: Annotated[Any, BeforeValidator(_SEAT_PARTS.validator("posse"))] = Field(
        default=None, exclude_if=lambda posse: posse is None
    )
    """The posse he leads, where the ruleset is played by posses (Ruthless, R-SEQ-02): its gunfighters' cards
    whole, so that a save replays as it was played whatever the roster file later says. None in a game of one
    fighter per seat (Frag); left out of the JSON when None. `fighter` is then unused (ruling R-SEQ-02). Its
    model is the system's (`fragtui.engine.ruthless.pieces.Posse`, registered by `register_seat_part`)."""

    @field_validator("name")
    @classmethod
    def _visible_name(cls, name: str) -> str:
        if not name.strip():
            raise ValueError("a player's name cannot be blank")
        if not name.isprintable():  # typed or pasted by a peer over SSH, or read from a file: printed to terminals
            raise ValueError(f"the player's name {shown(name)} holds a control character")
        return name.strip()


MAX_MAP_NAME = 1024
"""The longest map name (a shipped map's name, or a .map file's path) a configuration may hold."""


class GameConfig(BaseModel):
    """Everything chosen before the first die is rolled."""

    model_config = ConfigDict(frozen=True)

    ruleset: str = DEFAULT_RULESET
    """The game played: a name the ruleset registry knows (`fragtui.engine.rulesets.find_ruleset`)."""
    map: str
    """The map's name (a shipped map) — the engine is handed the parsed board itself."""
    seats: tuple[Seat, ...]
    """The players in turn order (clockwise = seat order, F-SETUP-03)."""
    frag_target: int = Field(default=DEFAULT_FRAG_TARGET, ge=1, le=99)
    """Frags that win the game (F-WIN-01: 3 unless the players choose a longer game)."""
    options: dict[str, bool | int | str] = Field(default_factory=dict, exclude_if=lambda options: not options)
    """The ruleset's options this game is played with (house rules, a Frag Tag mode, real-time play), by
    name; an option not set has its default. Checked against the ruleset's `options`: an unknown one is
    refused. Left out of the JSON when empty, so a game without options saves as it always did."""

    @field_validator("map")
    @classmethod
    def _a_map_name(cls, name: str) -> str:
        # A save or a set-up is a file anyone can edit, and the map's name is printed in lists and errors:
        # no escape sequence or line break, and no 100 kB of it (issue 30, items 20 and 21).
        if not name or not name.isprintable():
            raise ValueError(f"the map's name {shown(name)} is empty or holds a control character")
        if len(name) > MAX_MAP_NAME:
            raise ValueError(f"the map's name {shown(name)} is longer than {MAX_MAP_NAME:,} characters")
        return name

    @field_validator("ruleset")
    @classmethod
    def _playable(cls, ruleset: str) -> str:
        from fragtui.engine.rulesets import find_ruleset  # (the rulesets import this module)

        try:
            find_ruleset(ruleset)
        except ConfigError as exc:
            raise ValueError(str(exc)) from None
        return ruleset

    @model_validator(mode="after")
    def _known_options(self) -> GameConfig:
        from fragtui.engine.rulesets import find_ruleset

        rules = find_ruleset(self.ruleset)
        try:
            checked = rules.check_options(self.options)
            if rules.designs_fighters:
                for seat in self.seats:
                    if seat.fighter is None:
                        raise ConfigError(f"{seat.name} has no fighter design: {rules.title} needs one for each seat")
            rules.check_config(self)
        except ConfigError as exc:
            raise ValueError(str(exc)) from None
        self.options.update(checked)
        return self

    @model_validator(mode="after")
    def _players(self) -> GameConfig:
        if len(self.seats) < 2:
            raise ValueError(f"Frag needs at least 2 players, not {len(self.seats)}")
        names = [seat.name.casefold() for seat in self.seats]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"two players are called {shown(name)}: names must differ")
        return self

    def check_fits(self, respawn_points: int) -> None:
        """Refuse more players than the map has respawn points (F-SETUP-04)."""
        if len(self.seats) > respawn_points:
            raise ConfigError(
                f"{len(self.seats)} players but the map {shown(self.map)} has only {respawn_points} respawn points"
            )

    def check_designs(self) -> None:
        """Refuse a seat a new game may not start with, as its ruleset says (`Ruleset.check_designs`: Frag's
        F-SETUP-01, a scenario's free stats included)."""
        from fragtui.engine.rulesets import find_ruleset

        find_ruleset(self.ruleset).check_designs(self)


def make_config(**fields: object) -> GameConfig:
    """Build a `GameConfig`, turning pydantic's report into one `ConfigError` a player can read."""
    try:
        return GameConfig.model_validate(fields)
    except ValidationError as exc:
        where, message = validation_problem(exc.errors()[0])
        raise ConfigError(f"{where}: {message}" if where else message) from None
