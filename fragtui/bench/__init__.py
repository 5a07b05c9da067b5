"""Benchmarks that print figures for docs/performance.md; run by hand, never collected by pytest.

`python -m fragtui.bench [--quick] [--runs N]` prints the headless figures, a section per module:
`engine` (decisions per second in random games on the largest map, replaying a log), `saves` (loading and
verifying a 5,000-action save, its size), `replay` (the replay viewer and undo on that save) and `bots`
(games between bots, the time of a decision). Each module also runs alone: `python -m fragtui.bench.engine`.

`python -m fragtui.bench.ui` measures the interface: key-to-frame latency, bytes per cursor move, launch time.

`python -m fragtui.bench.serve` measures `fragtui serve` with real SSH clients on 127.0.0.1: connecting to the title,
memory per session, bytes per cursor move over SSH, key-to-frame latency alone and with 20 sessions playing.
"""
