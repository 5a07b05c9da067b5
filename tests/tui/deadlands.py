"""A Frag Deadlands position for the interface's tests: three fighters of the roster, markers on two of
them, and cards with suits and ranks (a scenario's own cards, so the tests need no shipped set)."""

from __future__ import annotations

from fragtui.engine.game import Game
from tests.conftest import game_from

WEST = """
ruleset = "deadlands"
map = "desert"
phase = "action"
movement = 6

[[fighter]]
name = "Ann"
character = "agency-operative"
health = 3
speed = 2
accuracy = 2
at = "3,8"
hand = ["six-gun", "lucky-charm", "joker"]

[[fighter]]
name = "Bob"
character = "huckster"
health = 3
speed = 2
accuracy = 2
at = "3,12"
markers = { held_attack = true }

[[fighter]]
name = "Cat"
character = "indian-brave"
at = "14,14"
markers = { hanged = true }

[[card]]
id = "six-gun"
deck = "weapons"
name = "Six-Gun"
text = "A trusty revolver."
damage = 2
ammo = 6
suit = "hearts"
rank = "10"
family = "revolver"
malfunction = { kind = "jam" }

[[card]]
id = "lucky-charm"
deck = "gadgets"
name = "Lucky Charm"
letter = "A"
suit = "spades"
rank = "A"

[[card]]
id = "joker"
deck = "specials"
name = "Joker"
joker = true
"""
"""Ann (the Agency Operative) to move on the desert, west of a tentacle beast; Bob (the Huckster) holds an
attack; Cat (the Indian Brave) hangs on the gallows. Ann holds a 10♥ revolver that jams, an A♠ gadget
and a joker."""


def west() -> Game:
    """The game of `WEST`."""
    return game_from(WEST)
