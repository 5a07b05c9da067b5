"""The `fragtui serve` benchmark (fragtui/bench/serve.py) in its smallest configuration, on 127.0.0.1.

It must keep producing every figure it prints: a benchmark that silently stopped measuring one (a screen
renamed, a key that no longer moves the cursor) would leave docs/performance.md quoting figures nobody can
measure again. Nothing here is timed: it asserts that each figure was measured, never how fast.
"""

from __future__ import annotations

import asyncio
import shutil

import pytest

from fragtui.bench.serve import Options, measure, report

pytestmark = [
    pytest.mark.soak,  # a served table, two SSH clients and a scripted player: a minute or two on a loaded machine
    pytest.mark.skipif(
        shutil.which("ssh") is None,
        reason="the OpenSSH client is not installed: `apt install openssh-client` (Debian, Ubuntu) gives `ssh`",
    ),
]


def test_the_serve_benchmark_measures_every_figure() -> None:
    """Two sessions, five keys: a title reached with each client, the server's memory read at every step, five
    cursor moves walked alone and five beside a scripted player (each checked by the bench to have moved the
    cursor where it should), five more while the scripted player leaves, and a table line for each figure, with no
    error from the server."""
    options = Options(sessions=2, keys=5, title_runs=1, rate=2.0, settle=0.1)  # (a settled reading is not asserted)
    figures = asyncio.run(measure(options, progress=None))

    assert len(figures.title_openssh) == 1 and len(figures.title_asyncssh) == 1
    assert all(seconds > 0 for seconds in figures.title_openssh + figures.title_asyncssh)
    memory = [figures.rss_idle, figures.rss_one_title, figures.rss_one_game, figures.rss_title, figures.rss_game]
    assert all(megabytes > 0 for megabytes in [*memory, figures.rss_after])
    assert len(figures.alone) == 5 and len(figures.loaded) == 5 and len(figures.leaving) == 5
    for response in figures.alone + figures.loaded + figures.leaving:
        assert response.size > 0, "every key drew something"
        assert 0 <= response.first <= response.last
    assert figures.load_keys > 0 and figures.load_bytes > 0, "the scripted player played and was drawn for"
    assert figures.cpu_alone > 0 and figures.cpu_loaded > 0
    assert figures.server_errors == ""

    table = "\n".join(report(figures))
    for figure in (
        "connect → title, OpenSSH ssh",
        "connect → title, asyncssh",
        "server RSS",
        "memory per extra session, title (1)",
        "memory per extra session, game (1)",
        "bytes per cursor move over SSH",
        "key → frame, 1 session",
        "key → frame, 2 sessions",
        "keys over 150 ms, 2 sessions",
        "server collector, 2 sessions",
        "server while 2 played",
        "key → frame while 1 of them leave",
    ):
        assert figure in table, f"{figure!r} missing from the report:\n{table}"
    assert "Python" in table and "Textual" in table and "asyncssh" in table, "the machine is named"
