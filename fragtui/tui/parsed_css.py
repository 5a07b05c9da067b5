"""Textual's CSS parsed once a process, not once an app: what every session of `fragtui serve` shares.

Every app Textual makes parses the CSS of the widget classes it shows (their `DEFAULT_CSS`) and its own into its
own stylesheet, and keeps what it parsed for that stylesheet alone. A server makes an app for every session, so
each visitor's connection parsed the same CSS again: about 16 ms of CPU (a set-up screen's), and a thousand objects
of rule sets that lived as long as the session, for the collector to walk with everything else. The parse depends
on the CSS, where it was read from, its scope and rank, and the stylesheet's variables (the theme), and gives rule
sets nothing changes afterwards; so one cache of the process keeps them by all of that, and each app gets the very
rules it would have parsed itself. The test processes, which make hundreds of apps, share it the same way.

It reaches into Textual's `Stylesheet._parse_rules` (internal): if a release renames it, every app parses as
before, which is slower, not wrong.
"""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

__all__ = ["KEPT", "share_parsed_css"]

KEPT = 512
"""Parsed CSS kept at most (a piece of CSS for each widget class and screen shown, by theme): the shipped
screens need about sixty; when full it is emptied and filled again, so memory stays bounded whatever is shown."""

_parsed: dict[tuple[object, ...], object] = {}


def share_parsed_css() -> bool:
    """From now on every stylesheet of the process reads parsed CSS from the one cache. True if it does (now or
    already); False if this Textual has no `_parse_rules` to wrap (then nothing changes)."""
    parse = getattr(Stylesheet, "_parse_rules", None)
    if parse is None:
        return False
    if getattr(parse, "shared", False):
        return True

    def _parse_rules(
        self: Stylesheet,
        css: str,
        read_from: object,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> object:
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = _parsed.get(key)
        if rules is None:
            rules = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_parsed) >= KEPT:
                _parsed.clear()
            _parsed[key] = rules
        return rules

    _parse_rules.shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign,assignment]
    return True
