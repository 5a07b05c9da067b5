"""What one seat may see of a game of Frag (and of the systems built on it): its `PlayerView`, every number
asked of the rules.

The view carries the numbers the rules derive for each fighter from every effect reaching him
(`fragtui.engine.frag.core.Core.effect_sources`): attacks per turn, defence dice, armor left, weapon
slots, the rules he may break, and each weapon as he fires it (`WeaponView`). They are the rules' own
answers, so the interface and the bots read them instead of working the rules out again. Only the
viewer's own weapons in hand are among them: the others' hands stay hidden. The models are the kernel's
(`fragtui.engine.view`); filling them in is Frag's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fragtui.engine.cards import PISTOL, CardKind, FlagName
from fragtui.engine.frag.forecast import with_weapon_in_play
from fragtui.engine.frag.state import InPlay
from fragtui.engine.view import FighterView, ObjectiveView, PlayerView, WeaponView

if TYPE_CHECKING:
    from fragtui.engine.frag.combat import Combat
    from fragtui.engine.frag.rules import FragRules

__all__ = ["guns_of", "view_of"]


def _gun(
    game: FragRules,
    seat: int,
    weapon: str,
    *,
    from_hand: bool = False,
    loaded: bool = True,
    shots_left: int | None = None,
) -> WeaponView:
    """`weapon` as `seat` fires it, by the rules' own answers."""
    if weapon == PISTOL:
        return WeaponView(
            weapon=PISTOL,
            name=game.weapon_name(seat, PISTOL),
            from_hand=False,
            loaded=True,
            accuracy=game.accuracy(seat, PISTOL),
            damage=game.weapon_damage(seat, PISTOL)[0],
            extra_damage=0,
            on_hit_hurt=game.on_hit_hurt(seat, PISTOL),
            min_range=1,
            max_range=None,
            ammo_cost=0,
            piercing=game.has_flag(seat, FlagName.PIERCING),
            area=False,
        )
    card = game.card(weapon)
    table: Combat = game
    if from_hand and card.effects:  # its own effects count once it is in play (the forecast does the same)
        table = with_weapon_in_play(game, seat, weapon)
    damage, extra = table.weapon_damage(seat, weapon)
    return WeaponView(
        weapon=weapon,
        name=game.card_name(weapon),
        from_hand=from_hand,
        loaded=loaded,
        accuracy=table.accuracy(seat, weapon),
        damage=damage,
        extra_damage=extra,
        on_hit_hurt=table.on_hit_hurt(seat, weapon),
        min_range=card.min_range,
        max_range=card.max_range,
        range_cap=card.range_cap,
        ammo_cost=table.ammo_cost(seat, weapon),
        shots_left=shots_left,
        piercing=card.piercing or table.has_flag(seat, FlagName.PIERCING),
        area=card.area,
    )


def guns_of(game: FragRules, seat: int, *, with_hand: bool) -> tuple[WeaponView, ...]:
    """The weapons `seat` could fire, as `FighterView.guns` lists them (`with_hand`: his hand is the viewer's)."""
    player = game.player(seat)
    guns = [_gun(game, seat, PISTOL)]
    guns.extend(
        _gun(game, seat, entry.card, loaded=game.loaded(entry, seat), shots_left=game.shots_left(seat, entry))
        for entry in player.weapons
    )
    if with_hand:
        for card in player.hand:
            if game.card(card).kind is CardKind.WEAPON and game.may_enter_play(seat, card):
                full = InPlay(card=card, played=0, ammo=game.card(card).ammo)
                guns.append(_gun(game, seat, card, from_hand=True, shots_left=game.shots_left(seat, full)))
    return tuple(guns)


def view_of(game: FragRules, me: int | None) -> PlayerView:
    """What `me` may see, every number asked of the rules (the effects on each fighter gathered once)."""
    with game.reading():
        return _view_of(game, me)


def _view_of(game: FragRules, me: int | None) -> PlayerView:
    state = game.state
    active = game.turn_policy.active()  # (whose turn, and what he has left: the turn policy's to say)
    fighters = tuple(
        FighterView(
            name=p.name,
            design=p.design,
            character=state.config.seats[seat].character,
            markers=p.markers.copy(),
            status=p.status,
            square=p.square,
            health=game.health(seat),
            max_health=game.max_health(seat),
            speed=game.speed(seat),
            accuracy=game.accuracy(seat),
            weapons=tuple(e.model_copy() for e in p.weapons),
            gadgets=tuple(e.model_copy() for e in p.gadgets),
            specials=tuple(e.model_copy() for e in p.specials),
            blood=p.blood,
            frags=p.frags,
            skips=tuple(p.skips),
            hand_size=len(p.hand),
            hand=tuple(p.hand) if seat == me else None,
            hand_limit=game.hand_limit(seat),
            record=p.record.model_copy(),
            attacks_per_turn=game.attacks_per_turn(seat),
            defence_dice=game.defence_dice(seat),
            pierced_defence_dice=game.defence_dice(seat, piercing=True),
            armor_left=game.armor_left(seat),
            weapon_slots=game.weapon_slots(seat),
            flags=game.flags(seat),
            guns=guns_of(game, seat, with_hand=seat == me),
        )
        for seat, p in enumerate(state.players)
    )
    return PlayerView(
        me=me,
        fighters=fighters,
        counters=tuple(c.model_copy(deep=True) for c in state.counters),
        deck_sizes={deck: len(pile) for deck, pile in state.decks.draw.items()},
        discards={deck: tuple(pile) for deck, pile in state.decks.discard.items()},
        turn_number=state.turn.number,
        active=active,
        phase=state.turn.phase,
        movement=game.turn_policy.movement(active),
        attacks=game.attacks_left(active),
        decider=game.decider(),
        decision=state.pending[-1].kind if state.pending else None,
        **(_details(game, me) if state.pending else {}),
        frag_target=game.scoring().target(state),
        winner=state.winner,
        objective=_objective(game),
        table=game.turn_policy.table(me),  # (Real-Time Frag's segment clock; None in Frag's turn)
    )


def _objective(game: FragRules) -> ObjectiveView | None:
    """The mode's public state (`PlayerView.objective`), None for a game played for frags."""
    state = game.state
    objective = state.objective
    if objective is None:
        return None
    scoring = game.scoring()
    scores = tuple(scoring.score_of(state, seat) for seat in game.seats())
    return ObjectiveView(
        mode=scoring.mode,
        title=scoring.name,
        it=objective.it,
        flag=objective.flag,
        holder=objective.holder,
        hill=objective.hill,
        scores=scores,
        score_words=tuple(scoring.score_words(score) for score in scores),
        target=scoring.target(state) or 0,
    )


def _details(game: FragRules, me: int | None) -> dict[str, object]:
    """What the viewer may know about the pending decision: what everyone may, and his own secrets."""
    pending = game.state.pending[-1]
    details = pending.public_details(game)
    if me is not None:
        details.update(pending.private_details(game, me))
    return details
