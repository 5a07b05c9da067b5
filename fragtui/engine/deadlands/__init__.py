"""Frag Deadlands (../shared/RULES.md D-*): the Wild-West edition of Frag, as the `deadlands` ruleset."""
