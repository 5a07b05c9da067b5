"""Frag's help: its keys and its rules in one screen (the game screen adds what the options played change; the title's
help is the default ruleset's, through its front end)."""

from __future__ import annotations

__all__ = ["HELP_TEXT"]

HELP_TEXT = """\
[b]Keys[/b]
  arrows / h j k l   move the cursor on the map (the mouse works too)
  Shift+arrows       5 squares at a time; PgUp/PgDn a screenful; Home/End the row's ends
  f / g / w          jump to the next fighter / counter / power-up (Shift: the previous)
  Enter              on a highlighted square: walk there (the path is shown first)
  r                  roll for movement / respawn / roll when bumped
  a                  attack: each target with range, chance to hit and expected damage
  c                  play a card from your hand (teleport cards: then pick the square)
  p                  pick up a counter in your square      d   drop a weapon or gadget
  b                  spend a blood counter to heal 1        e   end your turn
  x                  every action you may take now, in one list
  Tab                switch the side panel (record sheet, hand, log) on small screens
  t                  auto-pass reactions for you (never called to the keyboard to react)
  u                  undo your last move, back to (not past) your last roll or card draw
  ?                  this help                              q   leave (the game is saved)

[b]Frag in one screen[/b]
  Each fighter has 7 points in Health, Speed and Accuracy (1–4 each). A turn: respawn if
  fragged, roll Speed dice for movement (or play a teleport card), then move, pick up
  power-ups and counters, attack and play cards in any order, and end the turn.
  Moving: a step costs 1 point, a jump 2 per square (up to Speed squares). Power-up squares
  give a card on 4–6. Acid attacks with 2 dice. Teleporters cost 1 point.
  Attacking: up to half your Accuracy (rounded up) attacks a turn, at fighters in sight.
  Roll Accuracy dice: a hit needs at least the range. Damage: weapon dice divided by the
  target's Health dice (rounded down), plus extra damage. Health 0 is a frag: the fighter
  drops their weapons and a blood counter; you score. First to the frag target wins.
  Cards: up to 5 in hand at the end of a turn. Reaction cards are played when hit.
"""
