"""Words for what the engine hands the interface: actions as menu lines, cards, record sheets.

Everything here reads a `PlayerView` (what one seat may know), the card set and the legal
actions the engine listed; nothing decides what is legal. Functions return Rich `Text` or plain
strings, so widgets stay dumb and these can be tested without a screen.
"""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text

from fragtui.engine.actions import (
    Action,
    Attack,
    ChooseWeapon,
    Discard,
    Drop,
    EndTurn,
    Hop,
    Jump,
    Pass,
    PickUp,
    Place,
    PlayCard,
    Respawn,
    RollBump,
    RollMovement,
    SpendBlood,
    Step,
)
from fragtui.engine.cards import CardDef, CardKind, CardSet
from fragtui.engine.decisions import decision_class
from fragtui.engine.state import CounterKind, InPlay, Phase, Status
from fragtui.engine.turn_structure import TurnStructure
from fragtui.engine.view import FighterView, PlayerView
from fragtui.saves.format import SeatLook
from fragtui.tui.seats import seat_style

__all__ = [
    "action_label",
    "card_line",
    "card_summary",
    "decision_title",
    "percent",
    "record_sheet",
    "scoreboard",
    "seat_text",
    "turn_line",
]

_STATUS = {
    Status.UNPLACED: "not placed yet",
    Status.IN_PLAY: "on the board",
    Status.OUT_OF_PLAY: "out of play",
    Status.FRAGGED: "fragged",
}


def percent(p: Fraction) -> str:
    """A probability for people: whole percents, but never "0%" or "100%" for what may still happen."""
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def seat_text(name: str, look: SeatLook) -> Text:
    """A player's name with his glyph, in his colour: the glyph tells him apart without colour."""
    style = seat_style(look.colour)
    return Text.assemble((f"{look.glyph} ", style), (name, style))


def dice(count: int, what: str = "") -> str:
    """`count` dice in words: "1 die", "3 damage dice"."""
    return f"{count} {what + ' ' if what else ''}{'die' if count == 1 else 'dice'}"


def card_summary(card: CardDef) -> str:
    """The numbers of a card, in the order a player reads them on the printed card."""
    parts: list[str] = []
    if card.kind is CardKind.WEAPON:
        if card.damage is not None:
            parts.append(dice(card.damage) + (f" +{card.extra_damage}" if card.extra_damage else ""))
        parts.append("unlimited ammo" if card.ammo is None else f"ammo {card.ammo}")
        if card.ammo_per_shot > 1:
            parts.append(f"{card.ammo_per_shot} ammo a shot")
        if card.shots_per_ammo > 1:
            parts.append(f"{card.shots_per_ammo} shots an ammo")
        if card.min_range > 1 or card.max_range is not None:
            top = "any" if card.max_range is None else str(card.max_range)
            parts.append(f"range {card.min_range}–{top}")
        if card.area:
            parts.append("area")
        if card.piercing:
            parts.append("piercing")
    if card.letter is not None:
        parts.append(f"[{card.letter.value}]")
    if card.duration is not None:
        parts.append(f"{card.duration} turn{'s' * (card.duration != 1)}")
    if card.use.value != "keep":
        parts.append(card.use.value)
    return ", ".join(parts)


def card_line(cards: CardSet, instance: str, *, with_text: bool = True) -> Text:
    """A card as a hand or a dialog lists it: name, numbers, and (optionally) its rules text."""
    card = cards[instance]
    line = Text(card.name, style="bold")
    summary = card_summary(card)
    if summary:
        line.append(f" ({summary})", style="dim")
    if with_text and card.text:
        line.append(f" — {card.text}")
    return line


def _in_play(cards: CardSet, entry: InPlay, armor_left: int = 0) -> str:
    """A card in play and what is left of it; `armor_left`: what the worn suit still adds (the view's
    `FighterView.armor_left`: one suit at a time, so it is this card's if the card is armor)."""
    name = cards.name(entry.card)
    extras = []
    if entry.ammo is not None:
        extras.append(f"ammo {entry.ammo}")
    elif cards[entry.card].kind is CardKind.WEAPON:
        extras.append("ammo ∞")
    if entry.turns_left is not None:
        extras.append(f"{entry.turns_left} turns left")
    armor = cards[entry.card].armor
    if armor:
        extras.append(f"armor {armor_left}/{armor}")
    if entry.attached is not None:
        extras.append(f"on {cards.name(entry.attached)}")
    return name + (f" ({', '.join(extras)})" if extras else "")


def turn_line(view: PlayerView, looks: list[SeatLook], phases: TurnStructure, *, frag_target: bool = True) -> Text:
    """The top line of the game screen: turn, whose, phase, what is left of it (and the frag target).

    The phase is named as the ruleset's turn structure (`phases`) says it is for players."""
    title = phases.phase(view.phase).title
    if view.phase is Phase.SETUP:  # nobody's turn yet: whoever places is named as the one waited for
        line = Text(f"Set-up · {title}")
    else:
        active = view.fighters[view.active]
        line = Text.assemble(f"Turn {view.turn_number} · ", seat_text(active.name, looks[view.active]))
        line.append(f" · {title}")
    if view.phase is Phase.ACTION:
        line.append(f" · movement {view.movement} · attacks {view.attacks}")
    if view.decision is not None and view.decider is not None:
        line.append(f" · waiting for {view.fighters[view.decider].name}: {decision_class(view.decision).label}")
    if frag_target:
        line.append(f" · first to {view.frag_target} frag{'s' * (view.frag_target != 1)}")
    return line


def health_text(health: int, max_health: int) -> str:
    """Health as the rulebook says it: "0 or less" is 0, and how far past it (`0/3, 7 past 0`), never
    a negative count of Health (`-7/3`)."""
    if health >= 0:
        return f"{health}/{max_health}"
    return f"0/{max_health}, {-health} past 0"


def health_short(health: int, max_health: int) -> str:
    """Health in a scoreboard's few columns, said as the rulebook would: `H2/3`, `H0/3 (7 past)`."""
    return f"H{health}/{max_health}" if health >= 0 else f"H0/{max_health} ({-health} past)"


def record_sheet(view: PlayerView, seat: int, cards: CardSet, look: SeatLook) -> Text:
    """A fighter's record sheet: base and current stats, Health, what is in play, blood, frags."""
    f = view.fighters[seat]
    d = f.design
    text = Text.assemble(seat_text(f.name, look), f" — {_STATUS[f.status]}\n")
    text.append(f"Health   {health_text(f.health, f.max_health)}", style="bold red" if f.health <= 1 else "bold")
    text.append(f"   base {d.health}\n")
    text.append(f"Speed    {f.speed}   base {d.speed}\n")
    text.append(f"Accuracy {f.accuracy}   base {d.accuracy}\n")
    if view.active == seat and view.phase is Phase.ACTION:
        text.append(f"Movement left {view.movement} · attacks left {view.attacks}\n")
    text.append(f"Frags {f.frags}/{view.frag_target} · blood {f.blood} · hand {f.hand_size}\n")
    # The starting pistol cannot be lost (F-ATK-05): it stays on the sheet beside every weapon card.
    text.append("Weapons: ", style="bold")
    text.append("; ".join(["Pistol (ammo ∞)", *(_in_play(cards, e) for e in f.weapons)]) + "\n")
    for title, entries in (("Gadgets", f.gadgets), ("Specials", f.specials)):
        if entries:
            text.append(f"{title}: ", style="bold")
            worn = f.armor_left if entries is f.gadgets else 0  # (a suit is a gadget, F-ATK-09)
            text.append("; ".join(_in_play(cards, e, worn) for e in entries) + "\n")
    if f.skips:
        text.append(f"Loses next: {', '.join(f.skips)}\n", style="yellow")
    return text


def scoreboard(view: PlayerView, looks: list[SeatLook]) -> Text:
    """One line per player: frags, Health, where his fighter is; the active one marked."""
    text = Text()
    for seat, f in enumerate(view.fighters):
        marker = "▶ " if seat == view.active and view.phase is not Phase.SETUP else "  "
        text.append(marker)
        text.append_text(seat_text(f"{f.name:<9.9}", looks[seat]))
        where = f"{f.square}" if f.square is not None else _STATUS[f.status]
        frags = f"{f.frags:>2} frag" + ("s" if f.frags != 1 else " ")  # "1 frag ", the columns kept
        text.append(f"{frags} {health_short(f.health, f.max_health)} {where}")
        text.append(" cpu\n" if looks[seat].computer else "\n", style="dim")
    return text


def decision_title(view: PlayerView) -> str:
    """The decision's title, in its class's words (the last chance says how much Health a cure must
    bring back); "your move" in the normal flow of a turn."""
    if view.decision is None:
        return "your move"
    return decision_class(view.decision).prompt(view)


def _fighter(view: PlayerView, seat: int) -> FighterView:
    return view.fighters[seat]


def action_label(action: Action, view: PlayerView, cards: CardSet) -> str:
    """A menu line for a legal action, in words a player uses."""
    match action:
        case Place(point=point):
            return f"Place your fighter on respawn point {point}"
        case Respawn(point=None):
            return "Respawn (roll for the respawn point)"
        case Respawn(point=point):
            return f"Respawn on point {point}"
        case RollMovement():
            return "Roll for movement"
        case Step(direction=d):
            return f"Step {d}"
        case Jump(direction=d, distance=n):
            return f"Jump {d} {n} squares"
        case Hop(to=to):
            return f"Teleporter to {to}"
        case Attack(target=t, weapon=w):
            return f"Attack {_fighter(view, t).name} with {cards.name(w)}"
        case PlayCard(card=card, weapon=weapon, to=to, target=target):
            label = f"Play {cards.name(card)}"
            if weapon is not None:
                label += f" on {cards.name(weapon)}"
            if to is not None:
                label += f" to {to}"
            if target is not None:
                label += f" on {_fighter(view, target).name}"
            return label
        case PickUp(counter=cid):
            counter = next((c for c in view.counters if c.id == cid), None)
            if counter is None:
                return f"Pick up counter {cid}"
            if counter.kind is CounterKind.BLOOD:
                return "Pick up the blood counter"
            names = ", ".join(cards.name(c) for c in counter.cards)
            return f"Pick up the {'weapon pile' if counter.kind is CounterKind.WEAPONS else 'dropped card'} ({names})"
        case ChooseWeapon(card=card):
            return f"Take {cards.name(card)}"
        case Drop(card=card):
            return f"Drop {cards.name(card)}"
        case SpendBlood():
            return "Spend a blood counter: heal 1 Health"
        case Pass():
            return "Pass"
        case RollBump():
            return "Roll for where you are bumped to"
        case Discard(card=card):
            return f"Discard {cards.name(card)}"
        case EndTurn():
            return "End your turn"
    return str(action)
