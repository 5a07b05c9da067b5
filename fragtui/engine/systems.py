"""The rule systems this version ships, named, never imported: the kernel loads them by module name.

A rule system is a package under `fragtui/engine/` (`frag/`, `deadlands/`, `ruthless/`) whose rules module
registers its ruleset when imported (`fragtui.engine.rulesets.register_ruleset`), and with it its state, its
decisions and its phases. The kernel's registries (`rulesets`, `decisions`, `turn_structure`) call
`load_systems` before they answer "none of that name", so a name read from a save or a scenario is found
whatever was imported before. This module imports no other module of the engine: any of them may ask it
without making an import cycle (`tests/test_kernel_imports.py`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

__all__ = ["BUILTIN_RULESETS", "DEFAULT_RULESET", "RULE_SYSTEMS", "SystemParts", "load_systems"]

BUILTIN_RULESETS = ("fragtui.engine.frag.rules", "fragtui.engine.deadlands.rules", "fragtui.engine.ruthless.rules")
"""Modules whose import registers the rulesets fragtui ships (each new system adds its module here)."""
RULE_SYSTEMS = ("frag", "deadlands", "ruthless")
"""Every rule system a map may be drawn for (../shared/RULES.md: F, D, R; house rules and Frag Tag are
options of these, not systems of their own)."""
DEFAULT_RULESET = "frag"
"""The rule system of a game, or a map, that names none. Which ones this version plays is the ruleset
registry's to say (`fragtui.engine.rulesets.ruleset_names`): shared code asks it, never a ruleset's name."""

_loaded = False


def load_systems() -> None:
    """Import every built-in rule system (once): each registers its ruleset, decisions and phases."""
    global _loaded
    if _loaded:
        return
    for module in BUILTIN_RULESETS:
        importlib.import_module(module)
    _loaded = True


class SystemParts:
    """The models rule systems register for their own parts of a kernel model, by the field that holds each (a
    seat's `posse`: Ruthless's `Posse`; a view's `poker`: Frag Deadlands' `PokerTable`). The kernel types such a
    field `Any` and validates it through `validator(field)`, so a seat or a view read from JSON is checked whole
    while the kernel never names the system's type. A system registers its part when its module is imported."""

    def __init__(self, whose: str) -> None:
        self.whose = whose
        """Whose parts, for the errors ("a seat's", "a view's")."""
        self._models: dict[str, type[BaseModel]] = {}
        self._defaults: dict[str, BaseModel] = {}

    def register(self, field: str, model: type[BaseModel], default: BaseModel | None = None) -> None:
        """Say which model a rule system's part `field` is, and the part a new one is given where nothing chose
        it (`default`, if any); a second, different model for one field is a bug."""
        known = self._models.get(field)
        if known is not None and known is not model:
            raise ValueError(f"two models for {self.whose} {field}: {known.__qualname__} and {model.__qualname__}")
        self._models[field] = model
        if default is not None:
            self._defaults[field] = default

    def model(self, field: str) -> type[BaseModel]:
        """The model registered for `field`, loading the built-in systems first when none is registered yet."""
        model = self._models.get(field)
        if model is None:
            load_systems()
            model = self._models.get(field)
        if model is None:
            raise ValueError(f"no rule system has {self.whose} {field}")
        return model

    def default(self, field: str) -> BaseModel | None:
        """The part `field` is given where nothing chose it, as its system registered it (None: none)."""
        self.model(field)
        return self._defaults.get(field)

    def validator(self, field: str, *, required: bool = False) -> Callable[[Any], Any]:
        """A validator of the field `field` as the model registered for it (an instance of the model is kept as it
        is), loading the built-in systems first when none is registered yet. None stays None, unless the field is
        `required`: then it is refused, as a field typed with the model itself would refuse it."""

        def validate(value: Any) -> Any:
            if value is None:
                if required:
                    raise ValueError(f"{self.whose} {field} is required")
                return None
            model = self.model(field)
            return value if isinstance(value, model) else model.model_validate(value)

        return validate
