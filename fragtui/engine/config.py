"""How a game is set up: the fighters the players design and the options of the game.

Validation happens here, once, when a configuration is built; the rest of the engine can then
trust it. Messages name the player and the rule, so the set-up screen can show them as they are.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, field_validator, model_validator

from fragtui.engine.systems import DEFAULT_RULESET, RULE_SYSTEMS, SystemParts
from fragtui.errors import ConfigError, shown, validation_problem

__all__ = [
    "DEFAULT_FRAG_TARGET",
    "DEFAULT_RULESET",
    "MAX_MAP_NAME",
    "RULE_SYSTEMS",
    "FighterPart",
    "GameConfig",
    "Seat",
    "make_config",
    "register_seat_part",
    "seat_part_default",
]

DEFAULT_FRAG_TARGET = 3
"""Frags that win the game unless the players choose a longer game (F-WIN-01)."""


_SEAT_PARTS = SystemParts("a seat's")
"""The model of each system's part of a seat, by the seat's field (`register_seat_part`)."""


def register_seat_part(field: str, model: type[BaseModel], default: BaseModel | None = None) -> None:
    """Say which model a rule system's part of a seat is (`Seat.posse`: Ruthless's `Posse`; `Seat.fighter`: Frag's
    `FighterDesign`), and the part a seat is given where nothing chose it (`default`: `seat_part_default`): a seat
    read from JSON validates that field as it. The system registers it when its module is imported; the kernel
    never names the type."""
    _SEAT_PARTS.register(field, model, default)


def seat_part_default(field: str) -> Any:
    """The part `field` of a seat that nothing chose is given, as its system registered it (`Seat.fighter`: the
    design a seat of posses carries, Frag's `DEFAULT_DESIGN_FOR_POSSES`), or None."""
    return _SEAT_PARTS.default(field)


FighterPart = Annotated[Any, BeforeValidator(_SEAT_PARTS.validator("fighter", required=True))]
"""A fighter's design where a kernel model holds one (`PlayerState.design`, a tournament's `Standing.design`; Frag's
own `FighterView.design` is typed `FighterDesign` since issue 32's step 6): the model its system registers as a
seat's `fighter` (Frag's `FighterDesign`, `fragtui.engine.frag.design`), validated as it and never named here
(issue 32); None is refused."""


class Seat(BaseModel):
    """One player at the table, and what he plays: the fighter he designed, a roster's fighter, a posse, as his
    ruleset asks."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1, max_length=24)
    """The player's name, shown on the scoreboard and the hand-off screen."""
    fighter: Annotated[Any, BeforeValidator(_SEAT_PARTS.validator("fighter"))] = Field(
        default=None, exclude_if=lambda design: design is None
    )
    """His fighter's starting stats, where the ruleset has each seat design his fighter (Frag: F-SETUP-01,
    `Ruleset.designs_fighters`); None where it does not (Ruthless's posses), and then left out of the JSON (a
    seat of an older save of such a ruleset that carries one is read as it was, its design unused). Its model is
    the system's (`fragtui.engine.frag.design.FighterDesign`, registered by `register_seat_part`)."""
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
