"""The CSS parsed once a process (fragtui/tui/parsed_css.py): what every served session's app shares."""

from __future__ import annotations

import pytest
from textual.css.stylesheet import Stylesheet, StylesheetParseError

from fragtui.tui import parsed_css
from fragtui.tui.parsed_css import KEPT, share_parsed_css

CSS = "Static { color: $accent; padding: 1 2; }"


def parsed(css: str, variables: dict[str, str] | None = None) -> Stylesheet:
    sheet = Stylesheet(variables=variables or {"accent": "red"})
    sheet.add_source(css, read_from=("test", "CSS"))
    sheet.parse()
    return sheet


def test_sharing_is_installed_once() -> None:
    assert share_parsed_css()
    installed = Stylesheet._parse_rules
    assert share_parsed_css()
    assert Stylesheet._parse_rules is installed


def test_two_stylesheets_get_the_same_rules_and_another_theme_its_own() -> None:
    share_parsed_css()
    first, second = parsed(CSS), parsed(CSS)
    assert first.rules and all(a is b for a, b in zip(first.rules, second.rules, strict=True))
    other = parsed(CSS, {"accent": "blue"})
    assert other.rules[0] is not first.rules[0]
    assert str(first.rules[0].styles.color) != str(other.rules[0].styles.color)


def test_bad_css_is_refused_every_time_and_kept_by_no_one() -> None:
    share_parsed_css()
    for _ in range(2):
        with pytest.raises(StylesheetParseError):
            parsed("Static { colour-of-nothing: 3; }")


def test_the_cache_stays_bounded() -> None:
    share_parsed_css()
    for n in range(KEPT + 10):
        parsed(f"#w{n} {{ width: {n % 50 + 1}; }}")
    assert 0 < len(parsed_css._parsed) <= KEPT
