"""How a computer player raises a stat after winning a tournament game (F-WIN-02).

A computer seat has no person to ask, so it raises by a rule of its own, written so a player can
predict it and docs/bots.md can state it in one line:

1. **Accuracy when it is even.** Attacks per turn are half the Accuracy rounded up (F-ATK-01), so
   raising an even Accuracy gives a whole extra attack every turn as well as a to-hit die: the
   biggest single gain a raise can buy.
2. **Otherwise the lower of Health and Speed, Health when they are level.** Health is defence dice
   and staying power, Speed is reach; a fighter short of either is the one the others pick off or
   outrun, and Health first because a frag costs the game more than a slow turn.

The rule reads only the fighter's design: never the opponents', the map or the ruleset.
"""

from __future__ import annotations

from fragtui.engine.frag.design import FighterDesign, Stat

__all__ = ["computer_raise"]


def computer_raise(design: FighterDesign) -> Stat:
    """The stat a computer player raises by 1 after winning a tournament game with `design`."""
    if design.accuracy % 2 == 0:
        return Stat.ACCURACY
    return Stat.HEALTH if design.health <= design.speed else Stat.SPEED
