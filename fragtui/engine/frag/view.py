"""What one seat may see of a game of Frag (and of the systems built on it): its `PlayerView`, every number
asked of the rules, and Frag's models in it.

The view carries the numbers the rules derive for each fighter from every effect reaching him
(`fragtui.engine.frag.core.Core.effect_sources`): attacks per turn, defence dice, armor left, weapon
slots, the rules he may break, and each weapon as he fires it (`WeaponView`). They are the rules' own
answers, so the interface and the bots read them instead of working the rules out again. Only the
viewer's own weapons in hand are among them: the others' hands stay hidden.

The kernel's `PlayerView` (`fragtui.engine.view`) holds the record sheets (`fighters`) and Frag Tag's
`objective` typed `Any`: the models are Frag's, defined here and registered as the view's parts
(`register_view_part`, issue 32), so a view read from JSON validates them as these, while the kernel names
none. The field names and their place in the JSON are the kernel's, unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field

from fragtui.engine.board import Square
from fragtui.engine.cards import PISTOL, CardKind, FlagName, TurnPart
from fragtui.engine.fighters import Markers
from fragtui.engine.frag.design import FighterDesign
from fragtui.engine.frag.forecast import with_weapon_in_play
from fragtui.engine.state import PlayerRecord
from fragtui.engine.unvalidated import as_validated
from fragtui.engine.view import HAND_LIMIT, Counter, InPlay, PlayerView, Status, register_view_part

if TYPE_CHECKING:
    from fragtui.engine.frag.combat import Combat
    from fragtui.engine.frag.rules import FragRules

__all__ = ["FighterView", "ObjectiveView", "WeaponView", "guns_of", "objective_of", "sheets_of", "view_of"]


class WeaponView(BaseModel):
    """A weapon as its fighter fires it: the numbers of an attack with it, every effect reaching him
    included (cards attached to it, cards in play, abilities, options), worked out by the rules so
    that bots and the interface never work them out again."""

    model_config = ConfigDict(frozen=True)

    weapon: str
    """`pistol` or the weapon card's instance."""
    name: str
    """What the log calls it as this fighter fires it: the card's name, or for `pistol` his starting
    weapon's (Frag's Pistol; a Frag Deadlands fighter's own, D-FTR-01)."""
    from_hand: bool
    """A weapon in the viewer's own hand, which enters play when he declares it (F-ATK-03); its numbers
    are those it will have in play. Listed only while it may enter play (F-CARD-05)."""
    loaded: bool
    """Whether it has ammo for one more attack now (F-ATK-04): always for the pistol and from the hand."""
    accuracy: int
    """Accuracy dice rolled to hit with it (F-ATK-07), the cards attached to it included."""
    damage: int
    """Damage dice (F-ATK-08), the cards that add or multiply them included (F-META-03)."""
    extra_damage: int
    """Health a hit costs on top of the division, even when that gives 0 (F-ATK-08)."""
    on_hit_hurt: int
    """Health his on-hit effects (poison, burning) add to a hit with it, with no roll."""
    min_range: int
    """The nearest target it may fire at."""
    max_range: int | None
    """The farthest target it may fire at; None: as far as he sees."""
    range_cap: int | None = None
    """A farther target counts as this far for the to-hit roll (J-ALT-01: the altered Electromagnetic
    Cannon's 10, `Combat.counted_range`); None: the range is the squares counted."""
    ammo_cost: int
    """Ammo one attack with it uses, cards included (0: the pistol, or an infinite-ammo cheat)."""
    shots_left: int | None = None
    """Attacks its ammo still pays for (`Combat.shots_left`: a shot paid already, and each ammo's shots,
    two for the altered Machine Gun, J-ALT-02); from the hand, a full load's; None: unlimited."""
    piercing: bool
    """Its attacks ignore armor (the weapon's own, or a card of his, F-ATK-09)."""
    area: bool
    """A hit also attacks every fighter beside the target."""


class FighterView(BaseModel):
    """A player's record sheet as the viewer sees it (`PlayerView.fighters`, registered for it below; Ruthless
    fills one per seat too, its name and record, for the game-over table and `fragtui simulate`)."""

    model_config = ConfigDict(frozen=True)

    name: str
    """The player's name."""
    design: FighterDesign
    """Starting stats."""
    character: str | None = Field(default=None, exclude_if=lambda character: character is None)
    """The unique fighter he plays, where the ruleset has a roster (Frag Deadlands: `huckster`)."""
    markers: Markers = Field(default_factory=Markers, exclude_if=lambda markers: markers.empty)
    """The markers on his fighter (a held attack, the gallows): public, as on the table."""
    status: Status
    """On the board or not."""
    square: Square | None
    """Where the fighter stands."""
    health: int
    """Current Health."""
    max_health: int
    """Health when unhurt, armor included."""
    speed: int
    """Speed with the cards in play."""
    accuracy: int
    """Accuracy with the cards in play."""
    weapons: tuple[InPlay, ...]
    """Weapons in play, with ammo."""
    gadgets: tuple[InPlay, ...]
    """Gadgets in play."""
    specials: tuple[InPlay, ...]
    """Specials in play, with turns left."""
    blood: int
    """Blood counters on the record sheet."""
    frags: int
    """Frags scored."""
    skips: tuple[TurnPart, ...]
    """Parts of his next turn he will lose (lag, a dart)."""
    hand_size: int
    """Cards in hand (public)."""
    hand: tuple[str, ...] | None
    """The cards in hand: the viewer's own only, None for anyone else's."""
    hand_limit: int = Field(default=HAND_LIMIT, exclude_if=lambda limit: limit == HAND_LIMIT)
    """Cards he may hold when his turn ends (F-CARD-03: 5; Frag Deadlands' Agency Operative 4, D-FTR-02)."""
    record: PlayerRecord
    """Frags aside, the figures of his game so far (deaths, damage, shots, hits, power-ups):
    all of it happened in the open, so every seat may see it."""
    attacks_per_turn: int
    """Attacks he gets in a turn: half his Accuracy rounded up, changed by cards (F-ATK-01)."""
    defence_dice: int
    """Dice he defends with against a hit: his current Health, armor included, never fewer than 0 (F-ATK-08)."""
    pierced_defence_dice: int
    """Dice he defends with against a piercing hit: his own Health, armor left out (ruling F-ATK-09)."""
    armor_left: int
    """Health the armor he wears still adds (0: none worn, F-ATK-09)."""
    weapon_slots: int
    """Weapons he may have in play when one more enters: current Health + 1, backpacks added (F-CARD-05)."""
    flags: tuple[FlagName, ...]
    """The rules his cards let him break (see through fighters, piercing, choose the respawn point)."""
    guns: tuple[WeaponView, ...]
    """The weapons he could fire, as he fires them: the pistol, his weapons in play (`loaded` says
    which have ammo), and for the viewer's own fighter the weapons in his hand that may enter play."""


class ObjectiveView(BaseModel):
    """What a Frag Tag mode is played for, as everyone sees it at the table (J-TAG-01..04): all of it
    public, so the interface can show it at a glance (the map, the scoreboard, the hand-off screen)."""

    model_config = ConfigDict(frozen=True)

    mode: str
    """The `objective` option's value: `turn-to-frag`, `only-one`, `keep-away` or `king-of-the-hill`."""
    title: str
    """The mode's name for players (`Keep-Away`)."""
    it: int | None = None
    """The seat that is "it" (J-TAG-01, J-TAG-02); None in the other modes."""
    flag: Square | None = None
    """Where the flag lies on the board (J-TAG-03); None while it is held, or in the other modes."""
    holder: int | None = None
    """The seat holding the flag as his weapon (J-TAG-03); None while it lies on the board."""
    hill: Square | None = None
    """The hill's square (J-TAG-04); None in the other modes."""
    scores: tuple[int, ...]
    """Each seat's score in the mode's own units (frags in the frag modes, points in the others), in seat order."""
    score_words: tuple[str, ...]
    """The same scores in words (`3 frags`, `1 point`), for the scoreboard."""
    target: int
    """The score that wins (the frag target in the frag modes, the `target` option's points in the others)."""


register_view_part("fighters", FighterView)  # each record sheet of `PlayerView.fighters`, read from JSON as one
register_view_part("objective", ObjectiveView)  # a Frag Tag mode's table (`PlayerView.objective`)


def sheets_of(view: PlayerView) -> tuple[FighterView, ...]:
    """The record sheets of a view of Frag (or of a system that fills Frag's sheets), typed as Frag's: the kernel
    types `PlayerView.fighters` loosely, each sheet validated as the `FighterView` registered above."""
    return cast("tuple[FighterView, ...]", view.fighters)


def objective_of(view: PlayerView) -> ObjectiveView | None:
    """A Frag Tag mode's table in a view (`PlayerView.objective`), typed as Frag's; None in a game for frags."""
    return cast("ObjectiveView | None", view.objective)


_M = TypeVar("_M", bound=BaseModel)
_PISTOL_GIVEN = frozenset(
    {"weapon", "name", "from_hand", "loaded", "accuracy", "damage", "extra_damage", "on_hit_hurt", "min_range"}
    | {"max_range", "ammo_cost", "piercing", "area"}
)
"""The fields the pistol's `WeaponView` names (its range cap and shots left are the defaults)."""


def _unvalidated(cls: type[_M], values: dict[str, Any], given: frozenset[str] | None = None) -> _M:
    """`cls(**values)` (`given` of them named, the rest at their defaults; all by default), made without pydantic's
    validation: `values` holds every field of `cls` in its declared order, each already what validating it would
    keep (the rules' own numbers and names, the state's own models and copies of them), made as validating would
    make it (`fragtui.engine.unvalidated.as_validated`, as `fragtui.engine.events.new_event` makes events).

    Why: a view is built at every decision of every bot (a searching bot's rollouts build thousands), and
    validating its record sheets and their weapons (a fighter's design's own checks included) was a tenth of a
    heuristic decision. `tests/engine/test_view_unvalidated.py` builds them again through validation, game after
    game in every Frag ruleset, and finds them equal, of the same types and written the same."""
    return as_validated(cls, values, set(values if given is None else given))


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
        pistol = {
            "weapon": PISTOL,
            "name": game.weapon_name(seat, PISTOL),
            "from_hand": False,
            "loaded": True,
            "accuracy": game.accuracy(seat, PISTOL),
            "damage": game.weapon_damage(seat, PISTOL)[0],
            "extra_damage": 0,
            "on_hit_hurt": game.on_hit_hurt(seat, PISTOL),
            "min_range": 1,
            "max_range": None,
            "range_cap": None,
            "ammo_cost": 0,
            "shots_left": None,
            "piercing": game.has_flag(seat, FlagName.PIERCING),
            "area": False,
        }
        return _unvalidated(WeaponView, pistol, _PISTOL_GIVEN)
    card = game.card(weapon)
    table: Combat = game
    if from_hand and card.effects:  # its own effects count once it is in play (the forecast does the same)
        table = with_weapon_in_play(game, seat, weapon)
    damage, extra = table.weapon_damage(seat, weapon)
    gun = {
        "weapon": weapon,
        "name": game.card_name(weapon),
        "from_hand": from_hand,
        "loaded": loaded,
        "accuracy": table.accuracy(seat, weapon),
        "damage": damage,
        "extra_damage": extra,
        "on_hit_hurt": table.on_hit_hurt(seat, weapon),
        "min_range": card.min_range,
        "max_range": card.max_range,
        "range_cap": card.range_cap,
        "ammo_cost": table.ammo_cost(seat, weapon),
        "shots_left": shots_left,
        "piercing": card.piercing or table.has_flag(seat, FlagName.PIERCING),
        "area": card.area,
    }
    return _unvalidated(WeaponView, gun)


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
        _unvalidated(
            FighterView,
            {
                "name": p.name,
                "design": p.design,
                "character": state.config.seats[seat].character,
                "markers": p.markers.copy(),
                "status": p.status,
                "square": p.square,
                "health": game.health(seat),
                "max_health": game.max_health(seat),
                "speed": game.speed(seat),
                "accuracy": game.accuracy(seat),
                "weapons": tuple(e.model_copy() for e in p.weapons),
                "gadgets": tuple(e.model_copy() for e in p.gadgets),
                "specials": tuple(e.model_copy() for e in p.specials),
                "blood": p.blood,
                "frags": p.frags,
                "skips": tuple(p.skips),
                "hand_size": len(p.hand),
                "hand": tuple(p.hand) if seat == me else None,
                "hand_limit": game.hand_limit(seat),
                "record": p.record.model_copy(),
                "attacks_per_turn": game.attacks_per_turn(seat),
                "defence_dice": game.defence_dice(seat),
                "pierced_defence_dice": game.defence_dice(seat, piercing=True),
                "armor_left": game.armor_left(seat),
                "weapon_slots": game.weapon_slots(seat),
                "flags": game.flags(seat),
                "guns": guns_of(game, seat, with_hand=seat == me),
            },
        )
        for seat, p in enumerate(state.players)
    )
    return PlayerView(
        me=me,
        fighters=fighters,
        counters=tuple(_counter_seen(c) for c in state.counters),
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


def _counter_seen(counter: Counter) -> Counter:
    """A copy of `counter` for a view, equal to a deep copy and as independent of the state: its list of cards
    copied, the rest (numbers, its kind, its square) immutable values shared. A deep copy walks every field, and a
    view is built at every decision of every bot (tests/engine/test_view_copies.py holds them equal)."""
    seen = counter.model_copy()
    seen.__dict__["cards"] = list(counter.cards)  # (not through `setattr`: the fields set stay the original's)
    return seen


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
