"""What Frag's set-up says of its options and seats (Frag, Frag Tag and Frag Deadlands, whose options are Frag's and
more): each Frag Tag mode's rule beside the objective, the house rules' full texts, the frag target's line when a mode
is won by points, and that Frag plays best with four to six. Its front end names it (`FrontEnd.setup_words`)."""

from __future__ import annotations

from collections.abc import Mapping

from fragtui.engine.frag.house import house_text
from fragtui.engine.frag.tag import OBJECTIVE, TARGET, scoring_rule
from fragtui.engine.rulesets import OptionSpec, OptionValue
from fragtui.engine.scoring import FragTarget
from fragtui.tui.frag.describe import MODE_RULES, OPTION_TEXTS, mode_rules
from fragtui.tui.setup_kit import SetupWords

__all__ = ["FragSetupWords"]


class FragSetupWords(SetupWords):
    """Frag's words on its set-up screen (see the module's docstring)."""

    def option_hint(self, spec: OptionSpec, value: OptionValue) -> str:
        """For the objective, what the mode chosen is played for (J-TAG-01..04), so a player stepping through the
        modes reads each one (at `frags`, that there are modes)."""
        if spec.name == OBJECTIVE and value != spec.default and isinstance(value, str) and value in MODE_RULES:
            return MODE_RULES[value][0]
        return super().option_hint(spec, value)

    def option_text(self, spec: OptionSpec) -> str:
        """Frag Tag's objective lists every mode; its numbers say what they count; a house rule is RULES.md's text."""
        if spec.text:
            return spec.text
        if spec.name == OBJECTIVE:
            return mode_rules()
        return OPTION_TEXTS.get(spec.name) or house_text(spec)

    def frag_target_hint(self, options: Mapping[str, OptionValue], low: int, high: int) -> str:
        """A mode won by points (keep-away, king of the hill: J-TAG-03/04) plays no frag target: the line says so."""
        rule = scoring_rule(options)
        if not isinstance(rule, FragTarget):
            return f"not played: {rule.name} is won by points ({TARGET})"
        return super().frag_target_hint(options, low, high)

    def seats_note(self, count: int, most: int) -> str | None:
        """Under four players where more may sit: Frag plays best with four to six."""
        return "Frag plays best with 4 to 6 players. " if count < 4 and most > 4 else None
