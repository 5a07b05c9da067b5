"""The card picked for initiative (R-SEQ-01, R-SEQ-03): what the turn needs decides it.

- models unconscious: an Ace or a 4 brings them round (R-UNC-01) — the Ace when the posse is in the fight
  anyway (it also goes first), else the 4;
- in the fight (one of ours has an enemy in sight and reach, or an enemy has one of ours): the highest card,
  to shoot before being shot;
- out of it (closing in): a 7 for a third action on the way; else a 3, to discard the weak cards at the
  turn's end; else the lowest card, keeping the high ones for snap shots and the fight to come.
"""

from __future__ import annotations

from fragtui.bots.ruthless.ground import loaded
from fragtui.bots.ruthless.table import Table
from fragtui.engine.actions import Action, PickCard
from fragtui.engine.playing_cards import Rank
from fragtui.engine.ruthless.deck import rank_of, strength
from fragtui.engine.ruthless.grid import distance
from fragtui.engine.ruthless.pieces import WEAPONS
from fragtui.engine.ruthless.table import Condition

__all__ = ["in_the_fight", "pick"]


def in_the_fight(table: Table) -> bool:
    """Whether a standing model of ours and a standing enemy could shoot one another now."""
    ground = table.ground
    for mine in table.mine:
        if not mine.standing or mine.square is None:
            continue
        for enemy in table.standing_enemies:
            assert enemy.square is not None
            reach = max(
                max((spec.reach for _, spec in loaded(mine)), default=0),
                max((WEAPONS[kind].reach for kind in enemy.card.weapons), default=0),
            )
            if distance(mine.square, enemy.square) <= reach and ground.sees(mine.square, enemy.square):
                return True
    return False


def pick(table: Table) -> Action:
    """The card for initiative this turn."""
    picks = [a for a in table.legal if isinstance(a, PickCard)]
    if not picks:
        return table.legal[0]
    by_strength = sorted(picks, key=lambda a: strength(a.card))
    fight = in_the_fight(table)
    down = any(m.condition is Condition.UNCONSCIOUS for m in table.mine)
    if down:
        aces = [a for a in by_strength if rank_of(a.card) is Rank.ACE]
        fours = [a for a in by_strength if rank_of(a.card) is Rank.FOUR]
        if fight and aces:
            return aces[-1]
        if fours or aces:
            return (fours or aces)[-1]
    if fight:
        return by_strength[-1]
    for wanted in (Rank.SEVEN, Rank.THREE):
        found = [a for a in by_strength if rank_of(a.card) is wanted]
        if found:
            return found[0]
    return by_strength[0]
