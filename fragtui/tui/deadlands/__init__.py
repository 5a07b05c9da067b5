"""Frag Deadlands' own parts of the interface: the replay's pictures (the poker table) (its front end is registered
in `fragtui/systems/deadlands.py`)."""
