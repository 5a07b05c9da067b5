"""Shared helpers for the tests, and the folders every test gets of its own.

The suite runs in parallel (pytest-xdist: the README's test command passes `-n auto`), so any two
tests may run at the same moment in two processes. A test stays parallel-safe when it:

- writes only under `tmp_path` (or `tmp_path_factory`): never into the checkout, a fixed path in
  /tmp, or the user's folders. `_own_folders` below already gives every test a HOME, XDG folders and
  `FRAGTUI_DATA_DIR` of its own (saves, `last-setup.json`, host keys, tournaments land there), and
  the subprocesses it starts inherit them;
- listens on port 0 on 127.0.0.1 (the system picks a free port) and reads the port back, never a
  fixed port;
- names nothing shared after a constant: a tmux session, a lock file, a socket carry the test's
  tmp_path or the process id (`os.getpid()`) in their name;
- keeps module and session fixtures read-only for the tests that share them (each worker builds its
  own copy, and which tests share a worker is not fixed), and depends on no other test having run
  first (tests are spread over the workers in any order);
- waits on a condition, never on a fixed sleep: two busy workers on two cores make every step
  slower than on an idle machine.

Screen snapshots: compare them in parallel as usual, but regenerate them with `-n 0`
(`--snapshot-update -n 0`): syrupy removes or reports unused snapshots only in a run without workers.
"""

from __future__ import annotations

import fnmatch
import gc
import os
import shutil
import signal
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest

from fragtui.content.library import scenario_game
from fragtui.content.maps import parse_map
from fragtui.engine.board import Board
from fragtui.engine.cards import CardSet
from fragtui.engine.events import Event
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.game import Game
from fragtui.engine.rulesets import OptionSpec, ruleset_names
from fragtui.tui.parsed_css import share_parsed_css


def _ignore_ctrl_c(signum: int, frame: object) -> None:
    """Ctrl+C, ignored as the shell asked, but by a handler: see below."""


if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    # Started as a background job (`.ci/run &` from a script, which ignores Ctrl+C for it), the suite would pass
    # Ctrl+C ignored on to every program it starts: a `fragtui serve` stopped with Ctrl+C, as the serve tests stop
    # theirs, would never stop (a fresh-clone run started so had 40 serve tests time out). A signal caught by a
    # handler is reset to the default in a program started (exec), an ignored one is not; the handler itself still
    # ignores it, so the suite goes on through a Ctrl+C as the shell meant (Python's own handler would raise
    # KeyboardInterrupt wherever the suite happened to be).
    signal.signal(signal.SIGINT, _ignore_ctrl_c)


YOUNG_GENERATION = 10_000
"""Objects allocated (less those freed) before the test processes' young generation is collected: Python's is 700.

A test of the interface builds a Textual app of hundreds of widgets, each with its styles, caches and rendered
lines, and the collector walked them as they were made: with Python's thresholds a worker made a full collection
(about 0.2 s: everything the worker has imported and collected, and the app of the moment) every 70,000 objects
allocated and kept, some 30 a set-up test file, and the collector took a third of a tui file's CPU and of the
suite's collection (docs/performance.md, "The test suite", sixth round). With 10,000 a full collection comes every
million, the garbage is the same, and the workers' RSS stayed within 5 %. The tests' processes only: every program
a test starts (`fragtui serve`, `fragtui`) keeps Python's thresholds (`PYTHON_THRESHOLDS`, which
tests/serve/test_collector.py holds the server's to)."""

PYTHON_THRESHOLDS = gc.get_threshold()
"""The collector's thresholds Python gave this process, before the line below raised the young generation's."""
gc.set_threshold(max(PYTHON_THRESHOLDS[0], YOUNG_GENERATION), *PYTHON_THRESHOLDS[1:])


# Textual's CSS parsed once a test process, not once an app (the server's sessions share it the same way):
# each of the hundreds of apps a test process makes parsed the same CSS again, about 16 ms of CPU an app.
share_parsed_css()


COLLECTED = pytest.StashKey[frozenset[str]]()
"""The node ids of every test collected, before `-k`/`-m` deselect any (tests/tui/test_snapshot_files.py)."""


WORKERS_PER_CORE = 3
"""Workers of `-n auto` for each core (pytest-xdist's own `auto` is one a core). Many tests spend most of their
time waiting, not computing: on a server they started, on an SSH client's screen, on an app settling, on an idle
timeout to pass (in a fresh clone's run with one worker a core the load average stayed near 1 of 2). With two a
core the two cores were still idle a fifth of the time for minutes of the run (the SSH tests and the screens'
pilots waiting side by side); with three they stay busy to the last minute (docs/performance.md, "The test
suite", seventh round)."""


@pytest.hookimpl(optionalhook=True)  # (pytest-xdist's hook: `pytest -p no:xdist` runs without it)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: `WORKERS_PER_CORE` workers a core the process may run on (at most 8)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return min(8, max(1, cores) * WORKERS_PER_CORE)


REWRITTEN = "fragtui_rewritten_tests"
"""The folder of the test modules' rewritten bytecode, handed by a parallel run's controller to its workers."""

_REWRITTEN_FOLDER = pytest.StashKey[Path]()


def _rewritten_cache(folder: Path) -> Callable[[Path], Path]:
    """Where pytest keeps a module's rewritten bytecode: under `folder`, by the module's whole path."""
    return lambda module: folder.joinpath(*module.parts[1:-1])


END_COLLECTIONS = 1
"""Full collections pytest makes as a process ends, to report the exceptions raised in finalizers of garbage left in
cycles (its `unraisableexception` plugin; pytest makes 5, "determined experimentally by the Trio project", for
garbage a finalizer leaves behind). A worker's heap holds 300,000 objects after two of this suite's files already
(every board's and bot's caches, Textual's), and each collection walks them all: the five took 1.33 s of CPU there,
more at the end of a worker's share, six workers, all at the run's tail. One still collects every cycle left and
reports what its finalizers raise; only garbage made by those finalizers themselves goes unwalked."""


def _fewer_end_collections(config: pytest.Config) -> None:
    try:
        from _pytest.unraisableexception import gc_collect_iterations_key
    except ImportError:  # (pytest's internal key: without it, pytest collects as it always does)
        return
    config.stash[gc_collect_iterations_key] = END_COLLECTIONS


def pytest_configure(config: pytest.Config) -> None:
    """A parallel run rewrites the test modules' asserts once, not once a worker.

    pytest rewrites every test module's `assert`s (for its messages on a failure) and compiles the result: 6 s
    of CPU a worker for this suite, two thirds of its collection, and each of the four workers of `-n auto`
    did it all again, at the same moment. pytest keeps what it rewrote as bytecode beside the module and reads
    it back in the next run, but not where PYTHONDONTWRITEBYTECODE is set (as here, and in CI), so every run
    paid it four times over. Now the controller of a parallel run rewrites them into a folder of its own before
    the workers start, and each worker reads them from there (a module changed since is rewritten, as pytest
    does with any stale bytecode). The same rewritten code runs: nothing else changes, and nothing is written
    into the checkout. The folder goes when the run ends. (pytest's `_rewrite_test`, `_write_pyc` and
    `get_cache_dir`, internal: if a pytest release changes them, each worker rewrites for itself as before.)"""
    from _pytest.assertion import rewrite

    _fewer_end_collections(config)
    folder = getattr(config, "workerinput", {}).get(REWRITTEN)
    if folder is not None:  # a worker: read what the controller wrote
        if hasattr(rewrite, "get_cache_dir"):
            rewrite.get_cache_dir = _rewritten_cache(Path(folder))
        return
    if hasattr(config, "workerinput") or not sys.dont_write_bytecode or not getattr(config.option, "numprocesses", 0):
        return  # one process (it rewrites each module once anyway), or bytecode kept beside the modules
    if not all(hasattr(rewrite, name) for name in ("_rewrite_test", "_write_pyc", "PYC_TAIL", "assertstate_key")):
        return
    cache = Path(tempfile.mkdtemp(prefix="fragtui-tests-rewritten-"))
    config.stash[_REWRITTEN_FOLDER] = cache
    where = _rewritten_cache(cache)
    patterns = config.getini("python_files")
    state = config.stash[rewrite.assertstate_key]
    for module in sorted(Path(__file__).parent.rglob("*.py")):
        if module.name != "conftest.py" and not any(fnmatch.fnmatch(module.name, p) for p in patterns):
            continue
        try:
            stat, code = rewrite._rewrite_test(module, config)
        except SyntaxError:
            continue  # the worker that imports it reports it, as before
        where(module).mkdir(parents=True, exist_ok=True)
        rewrite._write_pyc(state, code, stat, where(module) / (module.name[:-3] + rewrite.PYC_TAIL))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    """(pytest-xdist, in the controller) Each worker is told where the rewritten test modules are."""
    folder = node.config.stash.get(_REWRITTEN_FOLDER, None)  # type: ignore[attr-defined]
    if folder is not None:
        node.workerinput[REWRITTEN] = str(folder)  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_REWRITTEN_FOLDER, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every worker of a parallel run collects the whole suite: remember it, for the tests about the suite.

    The long runs (marked `soak`) go first, in their files' order: started last, one of them would keep a
    worker busy for minutes after the other had run out of tests (pytest-xdist's work stealing shares out
    what is not started yet, never a test under way); started first, the short tests fill in around them.
    """
    config.stash[COLLECTED] = frozenset(item.nodeid for item in items)
    items.sort(key=lambda item: item.get_closest_marker("soak") is None)  # (a stable sort: otherwise in order)


@pytest.fixture(scope="session", autouse=True)
def _compiled_programs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The Python programs the tests start (`fragtui serve`, `fragtui`, a writer killed mid-save) keep their
    compiled bytecode for the next one, as an installed fragtui has it (pip compiles at install).

    Where PYTHONDONTWRITEBYTECODE is set (so it is here), every one of them compiled all of fragtui from its
    sources again: about 0.4 s of CPU each, some hundred times a run. They now write it to a folder of this run
    (PYTHONPYCACHEPREFIX; the first program to start also compiles the libraries there once), shared by the
    workers: Python writes each file whole (a new file renamed), so two programs compiling at once are safe.
    Nothing is written into the checkout, and the tests' own processes are not changed."""
    if "PYTHONDONTWRITEBYTECODE" not in os.environ:
        yield  # each program writes and reuses __pycache__ as usual
        return
    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent  # the run's folder, above each worker's own
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("PYTHONDONTWRITEBYTECODE")
        patch.setenv("PYTHONPYCACHEPREFIX", str(run / "bytecode"))
        yield


@pytest.fixture(autouse=True)
def _own_folders(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A home, XDG folders and a fragtui data folder of the test's own (a test or module may set another).

    Without it a test would read and write the player's own folders (saves, the remembered set-up,
    asciinema's config), and two tests running at once in two workers would share them.
    """
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    for variable, folder in (
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_CACHE_HOME", ".cache"),
        ("XDG_STATE_HOME", ".local/state"),
    ):
        monkeypatch.setenv(variable, str(home / folder))
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(home / "fragtui"))
    yield


def board_from(text: str, name: str = "test") -> Board:
    """A board from a grid drawn in a test (indentation removed, a name added)."""
    return parse_map(f"name: {name}\n" + textwrap.dedent(text).strip("\n") + "\n", f"<{name}>")


def game_from(scenario: str, cards: CardSet | None = None) -> Game:
    """A game set up by a scenario written in a test (TOML, see docs/scenarios.md)."""
    return scenario_game(textwrap.dedent(scenario), "<test scenario>", cards)


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of a list of events, for compact assertions."""
    return [event.kind.value for event in events]


class OptionedFrag(FragRules):
    """Base Frag with options that change nothing: a ruleset with options before any real one has them
    (issue 17's house rules will be the first), so the command line, the set-up screen and the saves
    can be tested on options of every kind. Registered only by the `optioned_frag` fixture."""

    key = "optioned-frag"
    title = "Optioned Frag"
    summary = "Frag with three options that change nothing (a test ruleset)."
    options = (
        OptionSpec(name="loud", summary="Shout every frag (a switch).", default=False, rule="H-TEST-01"),
        OptionSpec(name="bonus", summary="A number that changes nothing.", default=0),
        OptionSpec(name="mode", summary="A choice that changes nothing.", default="calm", choices=("calm", "wild")),
    )


@pytest.fixture
def optioned_frag(monkeypatch: pytest.MonkeyPatch) -> type[FragRules]:
    """`OptionedFrag` in the ruleset registry for one test (after the built-in ones), gone afterwards."""
    from fragtui.engine import rulesets

    ruleset_names()  # the built-in rulesets first, as in every game
    monkeypatch.setitem(rulesets._REGISTRY, OptionedFrag.key, OptionedFrag)
    return OptionedFrag
