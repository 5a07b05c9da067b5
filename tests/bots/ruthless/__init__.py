"""Tests of the Ruthless heuristic bot (fragtui/bots/ruthless).

`ruleset_names` lists the rulesets in the order they were registered, so the built-in ones are loaded here,
Frag first, before these modules import Ruthless's rules (tests/rules/ruthless/common.py): otherwise
`fragtui rulesets` would list Ruthless first in the rest of the session (tests/bots/test_simulate_cli.py)."""

from fragtui.engine.rulesets import ruleset_names

ruleset_names()
