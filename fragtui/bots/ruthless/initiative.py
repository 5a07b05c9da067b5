"""The card picked for initiative (R-SEQ-01, R-SEQ-03): what the turn needs decides it.

- models unconscious: an Ace or a 4 brings them round (R-UNC-01) — the Ace when the posse is in the fight
  anyway (it also goes first), else the 4;
- in the fight (one of ours has an enemy in sight and reach, or an enemy has one of ours): the highest card,
  to shoot before being shot;
- a race for the strongbox (ruling R-SKED-01): while it lies, an enemy who could reach it this turn (two
  Moves of walk); while the enemy carries it, his carrier within a turn's walk of his home edge: the highest card, to
  take it up, or shoot him, first;
- out of it (closing in): a 7 for a third action on the way; else a 3, to discard the weak cards at the
  turn's end; else the lowest card, keeping the high ones for snap shots and the fight to come.
"""

from __future__ import annotations

from fragtui.bots.ruthless.ground import loaded
from fragtui.bots.ruthless.table import Table
from fragtui.engine.actions import Action
from fragtui.engine.playing_cards import Rank
from fragtui.engine.ruthless.actions import PickCard
from fragtui.engine.ruthless.deck import rank_of, strength
from fragtui.engine.ruthless.grid import FOOT, MOUNTED, distance
from fragtui.engine.ruthless.objectives import LADEN
from fragtui.engine.ruthless.pieces import WEAPONS
from fragtui.engine.ruthless.table import Condition

__all__ = ["a_race", "in_the_fight", "pick"]

A_TURN = {False: (2 * FOOT[0], LADEN[0]), True: (2 * MOUNTED[0], LADEN[1])}
"""A turn's walk, by whether he rides: two Moves free (R-MOVE-01), one carrying the strongbox (ruling R-SKED-01)."""


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


def a_race(table: Table) -> bool:
    """Whether the strongbox may be taken up, or carried off, by the enemy this turn."""
    box = table.view.strongbox
    walks = table.walks
    if box is not None:
        return any(
            e.square is not None and not e.markers.lily_livered and walks.to(box, e.square) <= A_TURN[e.mounted][0]
            for e in table.standing_enemies
        )
    carrier = table.carrier
    if carrier is None or carrier.owner == table.seat or carrier.square is None:
        return False
    return table.walk_home(carrier) <= A_TURN[carrier.mounted][1]


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
    if fight or a_race(table):
        return by_strength[-1]
    for wanted in (Rank.SEVEN, Rank.THREE):
        found = [a for a in by_strength if rank_of(a.card) is wanted]
        if found:
            return found[0]
    return by_strength[0]
