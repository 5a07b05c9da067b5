"""Frag Deadlands (../shared/RULES.md D-*): the Wild-West edition of Frag, as the `deadlands` ruleset."""

# The set's card handlers register on import: any game with the Deadlands cards can run them.
from fragtui.engine.deadlands import hexes as hexes
