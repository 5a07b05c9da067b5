"""The title's blurb says who plays what (issue 30 item 8: it said "Hot-seat for 4–6 players", Frag's box, under
which Ruthless's 2–4 posses and Frag's own 2-player games were wrong)."""

from __future__ import annotations

from textual.widgets import Static

from fragtui.engine.rulesets import find_ruleset, ruleset_names
from fragtui.tui.app import TITLE_BLURB, FragApp


def test_the_blurb_gives_every_ruleset_its_own_player_counts() -> None:
    """The blurb's range is the widest any ruleset seats; a ruleset seating fewer is named with its own range."""
    counts = {find_ruleset(name).title: find_ruleset(name).player_counts for name in ruleset_names()}
    fewest = min(low for low, _ in counts.values())
    most = max(high for _, high in counts.values())
    assert f"Hot-seat for {fewest}–{most} players" in TITLE_BLURB
    for title, (low, high) in counts.items():
        if (low, high) != (fewest, most):
            assert f"{title}: {low}–{high}" in TITLE_BLURB


async def test_the_title_screen_shows_it(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    app = FragApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one("#title-blurb", Static).render())
    assert shown == TITLE_BLURB and "4–6" not in shown
