"""Answers out of turn and at the turn's end: Got You Covered! shots (R-COVER-01), snap shots and ducks
(R-SNAP-01), the aimed hit's shift (R-HIT-01), and the discards a 3 allows (R-SEQ-02).

- *covered shot*: the covering model takes his best shot at the mover (the mark goes at the turn's end
  anyway);
- *snap shot*: the hits the declared shot (or the brawl) is expected to cost are weighed against a snap shot
  at the firer (which may stop him) and each duck (a square out of his sight or reach stops the shot), the
  cheapest card that beats his paid for it; none of it when it saves less than the card is worth;
- *aimed hit*: the location that kills, else knocks out, else hurts most;
- *discard with a 3*: every card below a 7 but a 4 kept while a model is down; the 7 is kept.
"""

from __future__ import annotations

from fragtui.bots.ruthless.activation import shot_worth
from fragtui.bots.ruthless.ground import hit_worth, loaded, nerve_fails
from fragtui.bots.ruthless.table import Table
from fragtui.engine.actions import Action, Discard, Pass
from fragtui.engine.playing_cards import Rank
from fragtui.engine.ruthless.actions import Shift, Shoot, Snap
from fragtui.engine.ruthless.deck import rank_of, strength
from fragtui.engine.ruthless.pieces import WEAPONS, Location, location_of
from fragtui.engine.ruthless.table import Condition, Model

__all__ = ["CARD_COST", "LOCATION_WORTH", "covered_shot", "discard", "fallback", "shift", "snap"]

CARD_COST = 0.03
"""What a card from hand costs to play out of turn, per rank (an Ace 0.42): the hand picks initiative."""
LOCATION_WORTH = {
    Location.LEG: 1.2,
    Location.ARM: 1.5,
    Location.GRAZE: 1.0,
    Location.GUT: 2.0,
    Location.CHEST: 2.0,
    Location.SEVERE: 3.0,
}
"""What a wound is worth at each location, short of killing: a severe one knocks out, an arm one halves his
shooting, a leg one his moving (R-HIT-01)."""
KILL = 10.0
"""A wound that kills (R-HIT-02)."""


def covered_shot(table: Table) -> Action:
    """R-COVER-01: the best shot at the mover, by its exact odds; let him go only when none is on offer."""
    shots = [a for a in table.legal if isinstance(a, Shoot)]
    if not shots:
        return fallback(table)
    return max(shots, key=lambda a: (shot_worth(table, a), -a.fighter, -a.weapon))


def _stop_chance(model: Model) -> float:
    """The chance a hit stops `model` from acting on: it kills, knocks out or breaks his nerve, roughly."""
    kill = sum(0.2 if loc is not Location.GUT and loc is not Location.SEVERE else 0.1
               for loc in Location if model.crossed(loc) + 1 >= model.card.wounds[loc])  # fmt: skip
    return min(1.0, kill + 0.1 + nerve_fails(model) * 0.8)


def snap(table: Table, brawl: bool = False) -> Action:
    """R-SNAP-01: get the draw on the firer (or, with `brawl`, the model moving into contact) when it saves
    more than the card costs."""
    snaps = [a for a in table.legal if isinstance(a, Snap)]
    answering = table.window.answering()
    if not snaps or answering is None or answering.firer is None:
        return fallback(table)
    firer, target = table.model(answering.firer), table.model(answering.target)
    if firer.square is None or target.square is None:
        return fallback(table)
    ground = table.ground
    worth_me = hit_worth(target)
    if brawl:
        incoming = 1.0  # two hits on the loser, an even fight
    else:
        incoming = max((ground.shot(firer, spec, firer.square, target.square) for _, spec in loaded(firer)), default=0)
    loss = incoming * worth_me
    best: tuple[float, tuple[int, int], Action] = (-loss, (0, 0), Pass())
    for action in snaps:
        cost = CARD_COST * strength(action.card)[0]
        if action.to is not None:
            if brawl:
                contact = max(abs(action.to.x - firer.square.x), abs(action.to.y - firer.square.y)) <= 1
                after = loss if contact else 0.0
            else:
                after = (
                    max((ground.shot(firer, spec, firer.square, action.to) for _, spec in loaded(firer)), default=0)
                    * worth_me
                )
            worth = -after - cost
        else:
            assert action.weapon is not None
            spec = WEAPONS[target.card.weapons[action.weapon]]
            mine = ground.shot(target, spec, target.square, firer.square, aiming=False)
            worth = mine * hit_worth(firer) - loss * (1 - mine * _stop_chance(firer)) - cost
        key = (worth, (-strength(action.card)[0], -strength(action.card)[1]), action)
        if (key[0], key[1]) > (best[0], best[1]):
            best = key
    if best[2] == Pass() and not table.may_pass:
        return snaps[0]
    return best[2]


def shift(table: Table) -> Action:
    """R-HIT-01: the aimed hit lands where it does most: a kill, else the worst wound."""
    shifts = [a for a in table.legal if isinstance(a, Shift)]
    answering = table.window.answering()
    if not shifts or answering is None or answering.roll is None:
        return fallback(table)
    target = table.model(answering.target)
    roll = answering.roll

    def worth(action: Shift) -> tuple[float, int]:
        location = location_of(roll + action.by)
        if target.crossed(location) + 1 >= target.card.wounds[location]:
            return (KILL, -abs(action.by))
        return (LOCATION_WORTH[location], -abs(action.by))

    return max(shifts, key=worth)


def discard(table: Table) -> Action:
    """R-SEQ-02's 3: throw away the weak cards (below a 7; a 4 kept while a model of ours is down)."""
    down = any(m.condition is Condition.UNCONSCIOUS for m in table.mine)
    weak = [
        a
        for a in table.legal
        if isinstance(a, Discard) and int(rank_of(a.card)) < 7 and not (down and rank_of(a.card) is Rank.FOUR)
    ]
    if weak:
        return min(weak, key=lambda a: strength(a.card))
    return Pass() if table.may_pass else fallback(table)


def fallback(table: Table) -> Action:
    """A decision it does not know: pass when it may, else the first legal action."""
    return Pass() if table.may_pass else table.legal[0]
