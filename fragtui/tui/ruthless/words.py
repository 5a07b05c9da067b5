"""Ruthless in words: a model, his guns, his wounds, his markers, a playing card and its power.

The roster panel, the reveal screen, the map cursor's line and the game screen's lists all say these
things; saying each in one place keeps them saying it the same way.
"""

from __future__ import annotations

from rich.text import Text

from fragtui.engine.actions import Action, Discard, EndTurn, Pass
from fragtui.engine.playing_cards import Rank
from fragtui.engine.ruthless.actions import (
    Aim,
    Courage,
    Dismount,
    GotYouCovered,
    Mount,
    MoveTo,
    PickCard,
    Reload,
    Shift,
    Shoot,
    Snap,
)
from fragtui.engine.ruthless.deck import rank_of, suit_of
from fragtui.engine.ruthless.pieces import HORSE_WOUNDS, LOCATIONS, WEAPONS, Location
from fragtui.engine.ruthless.table import Condition, Model
from fragtui.engine.view import PlayerView

__all__ = [
    "CROSSED",
    "EMPTY",
    "action_words",
    "card_name",
    "card_power",
    "carrier",
    "condition_words",
    "horse_boxes",
    "initiative_power",
    "marker_words",
    "model_line",
    "model_of",
    "weapon_text",
    "weapons_text",
    "wound_boxes",
    "wounds_words",
]

CROSSED = "☒"
"""A wound box crossed off (one cell wide in every terminal font the app's cards' suits draw in)."""
EMPTY = "☐"
"""A wound box still open."""

_POWERS: dict[Rank, str] = {
    Rank.ACE: "courage passes outright; his unconscious come round",
    Rank.KING: "courage passes outright",
    Rank.QUEEN: "courage passes outright",
    Rank.JACK: "courage passes outright",
    Rank.SEVEN: "one model takes a third action",
    Rank.FOUR: "his unconscious come round",
    Rank.THREE: "discard at the turn's end",
    Rank.TWO: "Low Blow in fisticuffs",
}
"""What each rank does (R-SEQ-03, docs/rulings.md): the A, K, Q and J spent on Get Your Courage Up! pass it
without a roll (R-COUR-01); a 7 played for initiative gives one model a third action; an A or a 4 played for
initiative brings its player's unconscious round (R-UNC-01); a 3 lets him discard at the turn's end
(R-SEQ-02); a 2 is a Low Blow in fisticuffs (R-FIST-01). The other ranks only count."""


def card_name(card: str) -> str:
    """A card as said: `King of Spades`, `10 of Hearts`."""
    return f"{rank_of(card).word} of {suit_of(card).value.title()}"


def card_power(card: str) -> str | None:
    """What the card can do besides its rank (R-SEQ-03), None for a plain 5, 6, 8, 9 or 10."""
    return _POWERS.get(rank_of(card))


_AT_THE_REVEAL: dict[Rank, str] = {
    Rank.ACE: "his unconscious come round",
    Rank.FOUR: "his unconscious come round",
    Rank.SEVEN: "one of his models may take a third action",
    Rank.THREE: "he may discard at the turn's end",
}
"""What a card played for initiative does this turn (R-SEQ-03, R-UNC-01, R-SEQ-02)."""


def initiative_power(card: str) -> str | None:
    """What `card` played for initiative gives its player this turn; None for a card that only ranks (a face
    card's courage and a 2's Low Blow work only from the hand)."""
    return _AT_THE_REVEAL.get(rank_of(card))


def model_of(view: PlayerView, model_id: int) -> Model:
    """The model of `model_id` in a Ruthless view (a KeyError for none, a ValueError for another game's view)."""
    table = view.ruthless
    if table is None:
        raise ValueError("not a game of Ruthless")
    model: Model
    for model in table.models:
        if model.id == model_id:
            return model
    raise KeyError(model_id)


def weapon_text(model: Model, index: int) -> str:
    """One of his weapons with its rounds left: `Repeating Rifle 9/10`, `Bow` (no rounds to count)."""
    spec = WEAPONS[model.card.weapons[index]]
    left = model.ammo[index] if index < len(model.ammo) else spec.rounds
    if spec.rounds is None or left is None:
        return spec.title
    return f"{spec.title} {left}/{spec.rounds}"


def weapons_text(model: Model) -> str:
    """Every weapon he carries, with its rounds: `Shotgun 2/2, Derringer 1/2`."""
    return ", ".join(weapon_text(model, index) for index in range(len(model.card.weapons)))


def wound_boxes(model: Model, location: Location) -> str:
    """A location's boxes, the crossed ones first: `☒☐` (R-HIT-01)."""
    boxes = model.card.wounds[location]
    crossed = min(model.crossed(location), boxes)
    return CROSSED * crossed + EMPTY * (boxes - crossed)


def horse_boxes(model: Model) -> str:
    """His horse's three boxes (R-HIT-02: it dies at the third)."""
    crossed = HORSE_WOUNDS if model.horse_dead else min(model.horse_wounds, HORSE_WOUNDS)
    return CROSSED * crossed + EMPTY * (HORSE_WOUNDS - crossed)


def wounds_words(model: Model) -> list[str]:
    """The locations he is wounded in, counted against their boxes: `graze 1/3` (and his horse's)."""
    words = [
        f"{location.value} {model.crossed(location)}/{model.card.wounds[location]}"
        for location in LOCATIONS
        if model.crossed(location)
    ]
    if model.card.horse and (model.horse_wounds or model.horse_dead):
        words.append("horse dead" if model.horse_dead else f"horse {model.horse_wounds}/{HORSE_WOUNDS}")
    return words


def condition_words(model: Model) -> str | None:
    """Out of the fight how: `dead`, `unconscious`, `fled` (his posse skedaddled, the strongbox fought on); None
    while standing."""
    if model.condition is Condition.DEAD:
        return "dead"
    if model.condition is Condition.FLED:
        return "fled"
    if model.condition is Condition.UNCONSCIOUS:
        return "unconscious"
    return None


def marker_words(model: Model, carrier: int | None = None) -> list[str]:
    """His markers as players say them: mounted, aiming, covering (Got You Covered!), Lily Livered, and
    "strongbox" when he carries it (`carrier`: the view's, in the strongbox scenario)."""
    words: list[str] = []
    if not model.on_table:
        return words
    if model.id == carrier:
        words.append("strongbox")
    if model.mounted:
        words.append("mounted")
    if model.markers.aiming:
        words.append("aiming")
    if model.markers.covering:
        words.append("covering")
    if model.markers.lily_livered:
        words.append("Lily Livered")
    return words


def carrier(view: PlayerView) -> int | None:
    """The model carrying the strongbox (the strongbox scenario), else None."""
    return view.ruthless.carrier if view.ruthless is not None else None


def model_line(view: PlayerView, model_id: int) -> Text:
    """One line saying who stands there, for the map cursor: `Chet Willis (Ann): Repeating Rifle 9/10, graze
    1/2, aiming`; dead or unconscious said first."""
    model = model_of(view, model_id)
    owner = view.fighters[model.owner].name if model.owner < len(view.fighters) else f"seat {model.owner + 1}"
    text = Text(model.card.name, style="bold")
    text.append(f" ({owner}): ")
    condition = condition_words(model)
    if condition is not None:
        text.append(condition, style="bold red" if model.condition is Condition.DEAD else "bold yellow")
        text.append(", ")
    text.append(", ".join([weapons_text(model), *wounds_words(model), *marker_words(model, carrier(view))]))
    return text


def _weapon_title(model: Model, index: int | None) -> str:
    kinds = model.card.weapons
    return WEAPONS[kinds[index]].title if index is not None and 0 <= index < len(kinds) else f"weapon {index}"


def action_words(view: PlayerView, action: Action, snapper: int | None = None) -> str:
    """A Ruthless action as players say it, for a list of actions and the replay's line: `Chet Willis shoots
    Ike Pruitt with the Repeating Rifle`, `play the King of Spades`; an action of no model in this view (or of
    another game) in its notation. A snap shot names no model: `snapper` (the model getting the draw, which
    the caller knows from the decision) names his weapon, else it is said by its place on his card."""
    fighter = getattr(action, "fighter", None)
    try:
        model = model_of(view, fighter) if isinstance(fighter, int) else None
    except (KeyError, ValueError):
        return str(action)
    who = model.card.name if model is not None else ""
    if isinstance(action, MoveTo):
        return f"{who} moves to {action.to}"
    if isinstance(action, Aim):
        return f"{who} takes aim"
    if isinstance(action, Shoot) and model is not None:
        target = model_of(view, action.target).card.name
        weapon = _weapon_title(model, action.weapon)
        if action.rounds > 1:
            return f"{who} fans {action.rounds} rounds at {target} with the {weapon}"
        return f"{who} shoots {target} with the {weapon}"
    if isinstance(action, Reload) and model is not None:
        return f"{who} reloads the {_weapon_title(model, action.weapon)}"
    if isinstance(action, GotYouCovered):
        return f"{who}: Got You Covered!"
    if isinstance(action, Mount):
        return f"{who} mounts up"
    if isinstance(action, Dismount):
        return f"{who} dismounts"
    if isinstance(action, Courage):
        return f"{who} gets his courage up" + (f" with the {card_name(action.card)}" if action.card else " (no card)")
    if isinstance(action, PickCard):
        return f"play the {card_name(action.card)}"
    if isinstance(action, Discard):
        return f"discard the {card_name(action.card)}"
    if isinstance(action, Snap):
        if action.to is not None:
            return f"play the {card_name(action.card)}: duck to {action.to}"
        weapon = f"his weapon {(action.weapon or 0) + 1}"
        if snapper is not None:
            weapon = f"the {_weapon_title(model_of(view, snapper), action.weapon)}"
        return f"play the {card_name(action.card)}: snap shot with {weapon}"
    if isinstance(action, Shift):
        return {-1: "shift the hit location one down (−1)", 0: "leave the hit location", 1: "shift it one up (+1)"}.get(
            action.by, str(action)
        )
    if isinstance(action, EndTurn):
        return "end the activation"
    if isinstance(action, Pass):
        return "pass"
    return str(action)
