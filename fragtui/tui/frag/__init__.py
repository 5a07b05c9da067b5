"""Frag's own parts of the interface: the replay's pictures, the set-up's seat editor (the design), the walk along
a route (its front end is registered in `fragtui/systems/frag.py`)."""
