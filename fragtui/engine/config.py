"""How a game is set up: the fighters the players design and the options of the game.

Validation happens here, once, when a configuration is built; the rest of the engine can then
trust it. Messages name the player and the rule, so the set-up screen can show them as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from annotated_types import Ge, Le
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic.fields import FieldInfo

from fragtui.engine.systems import DEFAULT_RULESET, RULE_SYSTEMS, SystemParts, load_systems
from fragtui.errors import ConfigError, shown, validation_problem

__all__ = [
    "DEFAULT_RULESET",
    "MAX_MAP_NAME",
    "RULE_SYSTEMS",
    "ConfigPart",
    "FighterPart",
    "GameConfig",
    "Seat",
    "config_part",
    "make_config",
    "register_config_part",
    "register_seat_part",
    "seat_part_default",
]


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


@dataclass(frozen=True)
class ConfigPart:
    """A rule system's own number (or word) in every configuration (Frag's frag target, F-WIN-01): its key in the
    JSON, what it may be, and what a configuration that does not set it holds (`register_config_part`)."""

    key: str
    """Its key in a configuration's JSON and in `make_config`'s fields (`frag_target`)."""
    kind: Any
    """What it may be: a type with its bounds (`Annotated[int, Field(ge=1, le=99)]`)."""
    adapter: TypeAdapter[Any]
    """Its type's checker (and writer)."""
    default: Any
    """What a configuration that does not set it holds (and writes)."""

    def bounds(self) -> tuple[int | None, int | None]:
        """Its lowest and highest values, as its type declares them (`ge`, `le`; None: unbounded), so a screen
        that asks for it says what the rules will take."""
        low: int | None = None
        high: int | None = None
        for constraint in FieldInfo.from_annotation(self.kind).metadata:
            if isinstance(constraint, Ge) and isinstance(constraint.ge, int):
                low = constraint.ge
            elif isinstance(constraint, Le) and isinstance(constraint.le, int):
                high = constraint.le
        return low, high


_CONFIG_PARTS: dict[str, ConfigPart] = {}
"""Each rule system's part of a configuration, by its key, in the order they were registered: the order they
are written in, between the seats and the options."""


def register_config_part(key: str, kind: Any, default: Any) -> ConfigPart:
    """Say that every configuration holds a rule system's own `key` (Frag's `frag_target`), of type `kind`, and
    `default` where it is not set. The kernel writes it between the seats and the options, where the
    configuration has always written the frag target, for every ruleset (Ruthless's saves included: its
    configuration has always written `"frag_target":3`), and reads it from that key, so that no save's JSON moves
    (issue 32: the kernel's `GameConfig` names no system's option). A second, different registration of one key
    is a bug."""
    adapter: TypeAdapter[Any] = TypeAdapter(kind)
    part = ConfigPart(key, kind, adapter, adapter.validate_python(default))
    known = _CONFIG_PARTS.get(key)
    if known is not None and (known.default != part.default or known.bounds() != part.bounds()):
        raise ValueError(f"two registrations of a configuration's {key}")
    _CONFIG_PARTS.setdefault(key, part)
    return _CONFIG_PARTS[key]


def config_part(key: str) -> ConfigPart:
    """The configuration's part `key` as its system registered it, loading the built-in systems first; a key no
    system registered is a bug."""
    if key not in _CONFIG_PARTS:
        load_systems()
    try:
        return _CONFIG_PARTS[key]
    except KeyError:
        raise ValueError(f"no rule system has a configuration's {key}") from None


def _config_parts() -> dict[str, ConfigPart]:
    load_systems()
    return _CONFIG_PARTS


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
    parts: dict[str, Any] = Field(default_factory=dict, exclude=True)
    """Each rule system's own part of the configuration, by its key (Frag's `frag_target`: `register_config_part`),
    every registered one set (its default where the configuration did not say). Read from, and written under, each
    part's own key between `seats` and `options` (`_parts_at_their_keys`, `_written`), never as `parts`; a
    system reads its own through `part` (Frag: `fragtui.engine.frag.target.frag_target`)."""
    options: dict[str, bool | int | str] = Field(default_factory=dict, exclude_if=lambda options: not options)
    """The ruleset's options this game is played with (house rules, a Frag Tag mode, real-time play), by
    name; an option not set has its default. Checked against the ruleset's `options`: an unknown one is
    refused. Left out of the JSON when empty, so a game without options saves as it always did."""

    @model_validator(mode="before")
    @classmethod
    def _parts_at_their_keys(cls, data: Any) -> Any:
        """Gather each registered part from its own key (`frag_target`), as every configuration has written it."""
        if not isinstance(data, dict):
            return data
        keys = [key for key in _config_parts() if key in data]
        if not keys:
            return data
        data = dict(data)
        parts = dict(data.get("parts") or {})
        for key in keys:
            parts[key] = data.pop(key)
        data["parts"] = parts
        return data

    @model_validator(mode="after")
    def _parts_checked(self) -> GameConfig:
        """Each registered part checked as its system declared it, and its default where none was given; a part
        no system registered is refused. (Its key leads the message: `frag_target: Input should be …`.)"""
        registered = _config_parts()
        for key in self.parts:
            if key not in registered:
                raise ValueError(f"no rule system has a configuration's {shown(key)}")
        for key, part in registered.items():
            if key not in self.parts:
                self.parts[key] = part.default
                continue
            try:
                self.parts[key] = part.adapter.validate_python(self.parts[key])
            except ValidationError as exc:
                raise ValueError(f"{key}: {validation_problem(exc.errors()[0])[1]}") from None
        return self

    @model_serializer(mode="wrap")
    def _written(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> dict[str, Any]:
        """The configuration as it has always been written: each part under its own key after the seats (the
        determinism pins and every save's JSON unchanged)."""
        fields: dict[str, Any] = handler(self)
        written: dict[str, Any] = {}
        for key, value in fields.items():
            written[key] = value
            if key == "seats":
                for part_key, value in self.parts.items():
                    written[part_key] = _CONFIG_PARTS[part_key].adapter.dump_python(
                        value, mode="json" if info.mode_is_json() else "python"
                    )
        return written

    def part(self, key: str) -> Any:
        """A rule system's own part of this configuration (`register_config_part`): what it was set to, or its
        default. The system that registered it is its only reader (Frag: `engine/frag/target.frag_target`)."""
        try:
            return self.parts[key]
        except KeyError:
            return config_part(key).default

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
