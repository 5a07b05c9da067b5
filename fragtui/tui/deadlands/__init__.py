"""Frag Deadlands' own parts of the interface: the replay's pictures (the poker table), the set-up's seat editor (the
roster fighter) (its front end is registered in `fragtui/systems/deadlands.py`)."""
