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

__all__ = ["BUILTIN_RULESETS", "DEFAULT_RULESET", "RULE_SYSTEMS", "load_systems"]

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
