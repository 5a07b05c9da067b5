"""The kernel imports no rule system, and no engine module imports itself back (issue 32).

The kernel is every module directly in `fragtui/engine/`; a rule system is a package under it (`frag/`,
`deadlands/`, `ruthless/`, and any added later). A system plugs into the kernel by registering itself
(`fragtui.engine.rulesets.register_ruleset`: its state, its decisions, its options); the kernel never names
it. Read from the source, as `tests/test_purity.py` does for Textual at run time: every `import` counts,
at the top of a module, inside a function (a lazy import) or under `if TYPE_CHECKING:` (a type the kernel
would otherwise name).
"""

from __future__ import annotations

import ast
from pathlib import Path

import fragtui.engine

ENGINE = Path(fragtui.engine.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}
SYSTEMS = sorted(
    _module_name(path.parent) for path in ENGINE.glob("*/__init__.py")
)  # every package under the engine is a rule system
KERNEL = sorted(name for name, path in MODULES.items() if path.parent == ENGINE and path.name != "__init__.py")


def _imports(name: str, *, type_checking: bool = True) -> set[str]:
    """The engine modules `name` imports anywhere in its text (`type_checking`: those under
    `if TYPE_CHECKING:` too), each as the module itself or, for `from package import module`, that module."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test) and not type_checking:
                for orelse in child.orelse:
                    visit(orelse)
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {module for module in found if module in MODULES and module != name}


def _in_system(module: str) -> bool:
    return any(module == system or module.startswith(f"{system}.") for system in SYSTEMS)


def test_the_walk_sees_the_kernel_and_the_systems() -> None:
    assert {"fragtui.engine.game", "fragtui.engine.state", "fragtui.engine.view", "fragtui.engine.rulesets"} <= set(
        KERNEL
    )
    assert {"fragtui.engine.frag", "fragtui.engine.deadlands", "fragtui.engine.ruthless"} <= set(SYSTEMS)
    assert "fragtui.engine.frag.rules" in _imports("fragtui.engine.deadlands.rules")  # (the walk finds imports)


def test_the_kernel_imports_no_system() -> None:
    """No kernel module imports a rule system's module, lazily or for its types only."""
    found = {
        (kernel.removeprefix("fragtui.engine."), system.removeprefix("fragtui.engine."))
        for kernel in KERNEL
        for system in _imports(kernel)
        if _in_system(system)
    }
    assert found == set(), f"the kernel imports systems: {sorted(found)}"


def test_ruthless_imports_no_other_system() -> None:
    """Ruthless shares the kernel and nothing of another system (docs/architecture.md, "A second game"): the fields of
    Frag's record sheet and turn record its saves still write (`RuthlessPlayer`, `RuthlessTurn`) are typed its own."""
    ruthless = [name for name in MODULES if name.startswith("fragtui.engine.ruthless")]
    found = {
        (module.removeprefix("fragtui.engine."), other.removeprefix("fragtui.engine."))
        for module in ruthless
        for other in _imports(module)
        if _in_system(other) and not other.startswith("fragtui.engine.ruthless")
    }
    assert found == set(), f"Ruthless imports other systems: {sorted(found)}"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))
    return cycles


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_among_engine_modules() -> None:
    """No engine module imports, at its top or lazily inside a function, a module that leads back to it.

    An import under `if TYPE_CHECKING:` is never run, so it makes no cycle: it is what lets a rules module
    name the type of the ruleset that calls it."""
    graph = {name: _imports(name, type_checking=False) for name in MODULES}
    assert _cycles(graph) == []


FRAG_DESIGN = {
    "FighterDesign",
    "Stat",
    "DESIGN_POINTS",
    "STAT_MIN",
    "STAT_MAX",
    "all_designs",
    "DEFAULT_DESIGN_FOR_POSSES",
}
"""Frag's fighter design (F-SETUP-01), moved to `engine/frag/design.py` (issue 32, step 3)."""


def _defined(name: str) -> set[str]:
    """The names module `name` defines at its top: classes, functions, assignments."""
    found: set[str] = set()
    for node in ast.parse(MODULES[name].read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            found.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        found.add(leaf.id)
    return found


def test_the_kernel_defines_no_fighter_design() -> None:
    """Frag's design is Frag's: no kernel module defines it (nor a shim of it), and Frag's does."""
    assert {"FighterDesign", "Stat", "STAT_MIN", "STAT_MAX"} <= _defined("fragtui.engine.frag.design")
    found = {(kernel, name) for kernel in KERNEL for name in _defined(kernel) & FRAG_DESIGN}
    assert found == set(), f"the kernel defines Frag's design: {sorted(found)}"


FRAG_VIEW = {"FighterView", "WeaponView", "ObjectiveView"}
"""Frag's models in the view (the record sheet as seen, a weapon as fired, a Frag Tag mode's table), moved to
`engine/frag/view.py` (issue 32, step 6): the kernel's `PlayerView` types their fields `Any`, validated as the
models Frag registers (`register_view_part`)."""


def test_the_kernel_defines_no_part_of_frags_view() -> None:
    """Frag's view models are Frag's: no kernel module defines them (nor a shim of them), and Frag's view does."""
    assert _defined("fragtui.engine.frag.view") >= FRAG_VIEW
    found = {(kernel, name) for kernel in KERNEL for name in _defined(kernel) & FRAG_VIEW}
    assert found == set(), f"the kernel defines Frag's view: {sorted(found)}"
