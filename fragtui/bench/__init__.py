"""Benchmarks that print figures for docs/performance.md; run by hand, never collected by pytest.

`python -m fragtui.bench.ui` measures the interface: key-to-frame latency, bytes per cursor move, launch time.
"""
