"""Frag's help: its keys and its rules in one screen (the game screen adds what the options played change; the title's
help is the default ruleset's, through its front end)."""

from __future__ import annotations

__all__ = ["HELP_TEXT", "REAL_TIME_HELP"]

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

REAL_TIME_HELP = """\
[b]Real-Time Frag: how this game's turn runs[/b]
  Nobody waits for a whole turn: a turn is a pre-turn and then ten segments, and in every segment
  everyone moves, then everyone may shoot.
  Pre-turn: the fragged come back (each draws a Weapon and a Gadget first; landing on someone frags
  both, nobody scores, both sit the turn out). Everyone rolls one die for initiative, in the open;
  ties roll again among themselves. Then everyone rolls his Speed dice.
  Spread: your Speed total is dealt out over the ten segments by the seed's table (a total of 16
  is 1 2 1 2 2 1 2 1 2 2). The clock panel shows each fighter's points segment by segment, the
  current one marked, and what is left now. Points you do not spend in a segment are gone. If your
  Speed changes mid-turn (a card, a wound) you roll again and the new total feeds the segments left.
  Segments: each has three steps, in this order, the one under way marked on the top line.
  Movement   everyone gives his orders in secret, then all move at once. Two ordered into one square: \
one who stood still keeps it, else the first in initiative; the other stops a square short. Walking out of a \
line of fire means nobody can shoot you there this segment.
  Power-ups   the squares you entered act, then you may pick up what lies there, in initiative order.
  Combat   everyone announces one attack or one card, or holds fire, in secret; they go off in initiative \
order. Someone you shoot at who is ahead of you in the order and announced nothing may fire at you first. The \
list gives each shot's exact odds, the best first.
  Facing: the arrow beside a fighter (▴ ▸ ▾ ◂) is the way he looks; facing a wall, the wall takes his
  colour. A quarter turn costs 1 point, turning around 2. A step forward costs 1; back or sideways 2.
  Short of points, a step back or sideways is paid in part: you stay on your square (that is where
  you are seen and shot) and the map shows how far you are (½) on the side you are heading. Finish
  it next segment, or do something else and lose what you paid.
  Jumps: forward up to your Speed score in squares at 2 points a square; back or sideways up to half
  of it at 4 a square. A jump may take three segments to pay for: until it lands you are in the air,
  counted on the square you jumped from, and can order nothing else.
  Attacks: one a segment at most, none in a segment in which you put a Weapon or Gadget into play,
  and never more in the turn than your Accuracy gives (the panel's last column).
  Standing orders: at one keyboard, press o in a Movement or Combat question and leave an order for
  the rest of the turn: hold still, hold and fire at the first enemy in sight, or walk to a square you
  pick on the map (firing on the way or not). You are called back only when something you could not
  know happens: an enemy comes into sight (unless you fire at him), you are hit, or a card is played
  on you. Pick-ups and the rest are still asked of you.
"""
"""What Real-Time Frag changes (the `real-time` option, J-RT-01..10), in our own words: the game screen adds it to
Frag's help (`?`, over the map and over its dialogs) when the option is on."""
