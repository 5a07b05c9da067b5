"""Each rule system's actions are its own (issue 32): defined in its package and registered through
`register_action`, while the kernel's `actions.py` keeps only what every system may share. Saves, notation and
`ActionModel.parse` read them as before, and the kernel module stands alone."""

from __future__ import annotations

import subprocess
import sys

import pytest

import fragtui.engine.deadlands.actions as deadlands_actions
import fragtui.engine.frag.actions as frag_actions
import fragtui.engine.ruthless.actions as ruthless_actions
from fragtui.engine.actions import BUILT_IN, action_adapter, forget_action, parse_action

SYSTEMS = {
    "fragtui.engine.frag.actions": frag_actions,
    "fragtui.engine.deadlands.actions": deadlands_actions,
    "fragtui.engine.ruthless.actions": ruthless_actions,
}


def test_the_kernel_keeps_only_the_shared_actions():
    """A move on the grid, declining, discarding and ending a turn: nothing of one system alone."""
    assert sorted(kind.__name__ for kind in BUILT_IN) == ["Discard", "EndTurn", "Hop", "Jump", "Pass", "Step"]
    assert {kind.__module__ for kind in BUILT_IN} == {"fragtui.engine.actions"}


@pytest.mark.parametrize("module", sorted(SYSTEMS))
def test_each_systems_actions_live_in_its_package_and_read_their_notation(module: str):
    """Every action of a system is defined in its package, is registered, and reads back its own notation and
    JSON as it did when the kernel listed it."""
    actions = SYSTEMS[module]
    kinds = [getattr(actions, name) for name in actions.__all__]
    assert kinds and all(kind.__module__ == module for kind in kinds)
    with pytest.raises(ValueError, match="kernel's actions"):
        forget_action(BUILT_IN[0])
    for kind in kinds:
        assert "parse" in vars(kind), f"{kind.__name__} reads no notation of its own"


@pytest.mark.parametrize(
    ("text", "json"),
    [
        ("attack 1 pistol", '{"kind":"attack","target":1,"weapon":"pistol"}'),
        ("drop flag", '{"kind":"drop_flag"}'),
        ("drop shotgun#1", '{"kind":"drop","card":"shotgun#1"}'),
        ("pick up 3", '{"kind":"pick_up","counter":3}'),
        ("play teleport#1 3,4", '{"kind":"play","card":"teleport#1","weapon":null,"to":[3,4,null],"target":null}'),
        ("cheat a#1 b#2", '{"kind":"cheat","cards":["a#1","b#2"]}'),
        ("square 2,3", '{"kind":"choose_square","to":[2,3,null]}'),
        ("pick AS", '{"kind":"pick_card","card":"AS"}'),
        ("shoot 1 2 0 x3", '{"kind":"shoot","fighter":1,"target":2,"weapon":0,"rounds":3}'),
        ("snap 5H duck 3,4", '{"kind":"snap","card":"5H","weapon":null,"to":[3,4,null]}'),
        ("end", '{"kind":"end"}'),
    ],
)
def test_notation_and_json_are_as_they_were(text: str, json: str):
    action = parse_action(text)
    assert str(action) == text
    assert action.model_dump_json() == json
    assert action_adapter.validate_json(json) == action


def test_the_kernels_actions_import_alone_and_find_the_systems_when_asked():
    """`fragtui.engine.actions` imports no system; a system's notation or JSON read through it loads the
    built-in systems by name (`systems.load_systems`)."""
    script = (
        "import sys\n"
        "import fragtui.engine.actions as a\n"
        "assert not [m for m in sys.modules if m.startswith(('fragtui.engine.frag', 'fragtui.engine.deadlands',"
        " 'fragtui.engine.ruthless', 'fragtui.engine.realtime'))], sorted(sys.modules)\n"
        "assert type(a.parse_action('attack 1 pistol')).__module__ == 'fragtui.engine.frag.actions'\n"
        'assert type(a.action_adapter.validate_json(\'{"kind": "aim", "fighter": 2}\')).__name__ == \'Aim\'\n'
    )
    subprocess.run([sys.executable, "-c", script], check=True)
