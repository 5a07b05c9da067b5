"""The set-up screen's Options panel for Franklin's house rules (issue 17): a heading, a line per option
that stays on one line at 80x24 even with a dozen of them, Ctrl+O to the rules with the options under
them in view, and `?` on an option for its full text (RULES.md's words, kept in the engine) (Pilot)."""

from __future__ import annotations

from typing import ClassVar

import pytest

import fragtui.front_end as front_ends
from fragtui.engine.frag.house import HOUSE_RULES, HOUSE_TEXTS
from fragtui.engine.frag.rules import FragRules
from fragtui.engine.rulesets import OptionSpec
from fragtui.front_end import FrontEnd, front_end_keys
from fragtui.tui.setup import SetupForm
from fragtui.tui.setup_kit import RuleTextDialog
from tests.tui.test_setup_rules import LARGE, SMALL, Host, rules_stepper, screen_of, started

TWELVE_NAMES = (
    "placement-roll",
    "jump-after",
    "accuracy-per-weapon",
    "pistol-whip",
    "wounds",
    "burn-through-first",
    "instant-respawn",
    "scatter",
    "power-up-table",
    "armor-by-name",
    "drop-shields",
    "several-sets",
)


class TwelveRules(FragRules):
    """Base Frag offering twelve switches named as house rules, one per H rule of RULES.md: the panel
    with as many as issue 17 will have, before every rule has landed."""

    key = "twelve-rules"
    title = "Twelve Rules"
    summary = "Frag with twelve house-rule switches (a test ruleset)."
    options: ClassVar[tuple[OptionSpec, ...]] = tuple(
        OptionSpec(name=name, summary=f"{text[:50].rstrip()}…"[:60], default=False, rule=rule)
        for name, (rule, text) in zip(TWELVE_NAMES, HOUSE_TEXTS.items(), strict=True)
    )


@pytest.fixture
def twelve_rules(monkeypatch: pytest.MonkeyPatch) -> type[TwelveRules]:
    from fragtui.engine import rulesets

    rulesets.ruleset_names()
    monkeypatch.setitem(rulesets._REGISTRY, TwelveRules.key, TwelveRules)
    # Frag's words on its options (the house rules' full texts): a ruleset's set-up says what its front end names.
    front = FrontEnd(TwelveRules.key, setup_words="fragtui.tui.frag.setup_words:FragSetupWords")
    front_end_keys()  # (the shipped ones first)
    monkeypatch.setitem(front_ends._REGISTRY, TwelveRules.key, front)
    return TwelveRules


async def test_twelve_options_each_take_one_line_and_all_show_at_80x24_under_the_rules__H_PLACE_01(
    twelve_rules: type[TwelveRules],
) -> None:
    """At 80x24, Ctrl+O brings the rules to the top of the form with the Options heading and all twelve
    lines under them in view, each one line inside the screen; `?` on the ninth opens its full text."""
    app = Host()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o", "left")  # registered last: Left from Frag wraps round to it
        await pilot.pause()
        assert rules_stepper(app).value_text == "Twelve Rules"
        await pilot.press("ctrl+o")
        await pilot.pause()
        screen = screen_of(app)
        form = screen.query_one("#setup-form", SetupForm)
        seen = form.content_region
        heading = screen.query_one("#setup-options-heading")
        assert heading.display and "Options" in str(heading.render())
        lines = list(screen.query(".setup-option"))
        assert len(lines) == 12
        for line in [heading, *lines]:
            region = line.region
            assert region.height == 1, line
            assert seen.y <= region.y and region.bottom <= seen.bottom, f"{line} is off the screen"
            assert region.right <= screen.region.right
        await pilot.press(*["tab"] * 9, "question_mark")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RuleTextDialog)
        ninth = list(HOUSE_TEXTS)[8]  # (by place, not by ID: this test does not cover that rule)
        assert dialog.spec.name == "power-up-table" and dialog.text == HOUSE_TEXTS[ninth]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and app.focused is screen.option_stepper("power-up-table")


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_question_mark_on_a_house_rule_shows_its_full_text_and_the_rule_still_steps__H_SCATTER_01(
    size: tuple[int, int],
) -> None:
    """Frag's `scatter` line: `?` shows H-SCATTER-01's whole text (the diagram included), which the
    one-line summary cannot; closed, the switch steps on and the game starts with it."""
    app = Host()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        names = [spec.name for spec in FragRules.options]
        await pilot.press("ctrl+o", *["tab"] * (names.index("scatter") + 1))
        assert app.focused is screen.option_stepper("scatter")
        await pilot.press("question_mark")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RuleTextDialog)
        shown = " ".join(str(dialog.query_one("#rule-text").render()).split())
        assert shown == HOUSE_TEXTS["H-SCATTER-01"]
        assert "H-SCATTER-01" in str(dialog.query_one("#rule-title").render())
        await pilot.press("enter")  # closes the text, does not start the game
        await pilot.pause()
        assert app.screen is screen and app.results == []
        await pilot.press("right", "enter")
        await pilot.pause()
    assert started(app).config.options == {"scatter": True}


async def test_question_mark_elsewhere_is_still_the_help() -> None:
    """`?` reads an option's text only on an option line: on the rules stepper it is not a rule dialog."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o", "question_mark")
        await pilot.pause()
        assert not isinstance(app.screen, RuleTextDialog)


def test_every_house_rule_has_its_full_text_in_the_engine() -> None:
    """Each house rule's spec names a rule ID whose RULES.md text the engine keeps (nothing read at run time),
    and is a switch off by default (`Core.house` counts on it: an unset house rule is off)."""
    assert all(spec.rule in HOUSE_TEXTS for spec in HOUSE_RULES)
    assert all(spec.default is False for spec in HOUSE_RULES)
    assert len({spec.name for spec in HOUSE_RULES}) == len(HOUSE_RULES)


def test_the_placement_roll_is_offered_in_set_up_words__H_PLACE_01() -> None:
    """With `placement-roll` on, the one action at set-up is the roll, named as a start, not a respawn."""
    from fragtui.content.library import new_game
    from fragtui.engine.config import make_config
    from fragtui.engine.frag.actions import Respawn
    from fragtui.tui.frag.describe import action_label

    seats = [{"name": n, "fighter": {"health": 2, "speed": 2, "accuracy": 3}} for n in ("Ann", "Bob")]
    game = new_game(make_config(map="pocket", seats=seats, options={"placement-roll": True}), 3)
    assert game.legal_actions() == [Respawn()]
    view = game.view(game.decider())
    label = action_label(Respawn(), view, game.cards)
    assert label == "Roll for your starting respawn point (a taken one: the next free)"
