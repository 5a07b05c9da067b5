"""Frag's words for what the engine hands the interface (Frag, Frag Tag and Frag Deadlands, whose screen is Frag's):
actions as menu lines, cards, record sheets, the scoreboard, the turn line, Frag Tag's modes and objective.

Everything here reads a `PlayerView` (what one seat may know), the card set and the legal
actions the engine listed; nothing decides what is legal. Functions return Rich `Text` or plain
strings, so widgets stay dumb and these can be tested without a screen. The words every game shares (a seat's
name, a card's corner, a choice made at once) are `tui/describe.py`'s.
"""

from __future__ import annotations

from rich.text import Text

from fragtui.engine.actions import Action, Discard, EndTurn, Hop, Jump, Pass, Step
from fragtui.engine.cards import PISTOL, CardDef, CardKind, CardSet, Malfunction, MalfunctionKind
from fragtui.engine.deadlands.actions import Cheat, ChooseSquare, HoldAttack, Keep
from fragtui.engine.decisions import decision_class
from fragtui.engine.frag.actions import (
    Attack,
    ChooseWeapon,
    DrawFrom,
    Drop,
    DropFlag,
    PickUp,
    Place,
    PlayCard,
    Respawn,
    RollBump,
    RollMovement,
    SpendBlood,
    TakeFlag,
)
from fragtui.engine.frag.state import HAND_LIMIT, CounterKind, InPlay, Phase, Status
from fragtui.engine.frag.tag import (
    FRAGS,
    HILL_MOVES,
    KEEP_AWAY,
    KING_OF_THE_HILL,
    OBJECTIVE,
    ONLY_ONE,
    TARGET,
    TURN_TO_FRAG,
    scoring_rule,
)
from fragtui.engine.frag.view import FighterView, ObjectiveView, sheets_of
from fragtui.engine.scoring import FragTarget
from fragtui.engine.turn_structure import TurnStructure
from fragtui.engine.view import PlayerView
from fragtui.saves.format import SeatLook
from fragtui.tui.describe import Roster, card_face, choosing_words, dice, roster_entry, seat_text, with_and

__all__ = [
    "MODE_RULES",
    "OPTION_TEXTS",
    "action_label",
    "card_line",
    "card_summary",
    "decision_title",
    "discard_tops",
    "game_boxes",
    "goal_words",
    "health_short",
    "health_text",
    "malfunction_words",
    "marker_words",
    "mode_rules",
    "objective_line",
    "objective_markers",
    "objective_points",
    "objective_square_words",
    "record_sheet",
    "score_words",
    "scoreboard",
    "turn_line",
    "weapon_name",
]

_STATUS = {
    Status.UNPLACED: "not placed yet",
    Status.IN_PLAY: "on the board",
    Status.OUT_OF_PLAY: "out of play",
    Status.FRAGGED: "fragged",
}


def malfunction_words(malfunction: Malfunction) -> str:
    """A weapon's malfunction rule as the card prints it (D-CARD-05): when, and what happens."""
    when = "a 1" if malfunction.ones == 1 else f"{malfunction.ones} ones"
    amount = malfunction.amount
    what = {
        MalfunctionKind.JAM: "jams for the turn",
        MalfunctionKind.EMPTY: "loses all its ammo" if amount is None else f"loses {amount} ammo",
        MalfunctionKind.BREAK: "breaks",
        MalfunctionKind.BACKFIRE: f"backfires, {amount or 1} Health",
        MalfunctionKind.DUD: "a dud, no damage",
    }[malfunction.kind]
    return f"malfunction on {when} (damage dice): {what}"


def card_summary(card: CardDef) -> str:
    """The numbers of a card, in the order a player reads them on the printed card."""
    parts: list[str] = []
    if card.family is not None:
        parts.append(card.family)
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
    if card.malfunction is not None:
        parts.append(malfunction_words(card.malfunction))
    return ", ".join(parts)


def card_line(cards: CardSet, instance: str, *, with_text: bool = True) -> Text:
    """A card as a hand or a dialog lists it: its suit and rank where it has them, name, numbers, and
    (optionally) its rules text."""
    card = cards[instance]
    face = card.face
    line = Text(style="bold")  # the whole line's base style, as it always was
    if face is not None and not card.name.startswith(str(face)):  # a joker called "Joker" is said once
        line.append_text(card_face(face))
        line.append(" ")
    line.append(card.name)
    summary = card_summary(card)
    if summary:
        line.append(f" ({summary})", style="dim")
    if with_text and card.text:
        line.append(f" — {card.text}")
    return line


def discard_tops(view: PlayerView, cards: CardSet) -> Text:
    """The top card of each discard pile, where the cards carry suits and ranks (a Huckster takes the hex
    on top, D-FTR-04): empty for a set without them, whose piles nobody picks from."""
    piles = [(deck, pile) for deck, pile in view.discards.items() if deck in cards.decks]
    if not any(cards[pile[-1]].face is not None for _, pile in piles if pile):
        return Text()
    text = Text("Discard piles, top card:\n", style="bold")
    for deck, pile in piles:
        text.append(f"  {cards.decks[deck].plural.capitalize()}: ")
        if pile:
            text.append_text(card_line(cards, pile[-1], with_text=False))
            text.append(f" ({len(pile)})", style="dim")
        else:
            text.append("empty", style="dim")
        text.append("\n")
    return text


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


def turn_line(
    view: PlayerView,
    looks: list[SeatLook],
    phases: TurnStructure,
    *,
    frag_target: bool = True,
    phase_title: str | None = None,
) -> Text:
    """The top line of the game screen: turn, whose, phase, what is left of it (and the frag target).

    The phase is named as the ruleset says it is for players (`phase_title`: `Ruleset.phase_title`), else as its
    turn structure (`phases`) does."""
    title = phase_title if phase_title is not None else phases.phase(view.phase).title
    if view.phase is Phase.SETUP:  # nobody's turn yet: whoever places is named as the one waited for
        line = Text(f"Set-up · {title}")
    else:
        active = view.fighters[view.active]
        line = Text.assemble(f"Turn {view.turn_number} · ", seat_text(active.name, looks[view.active]))
        line.append(f" · {title}")
    if view.phase is Phase.ACTION:
        line.append(f" · movement {view.movement} · attacks {view.attacks}")
    if view.choosing is not None:  # seats choosing at once: how far the table is, never what anyone chose
        line.append(f" · {choosing_words(view, title)}")
    elif view.decision is not None and view.decider is not None:
        line.append(f" · waiting for {view.fighters[view.decider].name}: {decision_class(view.decision).label}")
    if frag_target:  # (a Frag Tag mode's name and points, J-TAG-01..04)
        line.append(f" · {goal_words(view)}")
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


def marker_words(f: FighterView) -> list[str]:
    """The markers on a fighter that players must see, in words (D-SHOOT-01, D-GAL-01)."""
    words = []
    if f.markers.held_attack:
        words.append("holds an attack for a shootout")
    if f.markers.hanged:
        words.append("hanged on the gallows: untouchable, starts there next turn")
    return words


MODE_RULES: dict[str, tuple[str, str]] = {
    FRAGS: (
        "Frag's own game: the frag target wins (F-WIN-01)",
        "Frag's own game: every frag of another "
        "fighter counts, and the first fighter to reach the frag target wins (F-WIN-01).",
    ),
    TURN_TO_FRAG: (
        'Only "it" scores; frag "it" to be "it" (J-TAG-01)',
        'One fighter is "it": the first player, to begin with. Only "it" scores frags. Whoever frags "it" becomes '
        '"it", and that frag counts for nobody; the others may frag each other, for no score. The frag target wins.',
    ),
    ONLY_ONE: (
        'Only frags of "it" count; "it" gets +2 (J-TAG-02)',
        'One fighter is "it": the first player, to begin with. Only frags of "it" count, and whoever frags "it" '
        'scores and becomes "it". "It" has +2 Health, Speed and Accuracy while "it". The frag target wins.',
    ),
    KEEP_AWAY: (
        "Hold the flag: a point each turn (J-TAG-03)",
        "The flag starts on the map's flag square (F). Enter its square and take it up (p): it is your weapon "
        "while you hold it, so you attack with nothing else; put it down (d) in your turn to fight again. "
        "Whoever holds it when a turn ends (anyone's turn) scores a point; a fragged holder drops it where he "
        "fell. Frags score nothing. The target option's points win.",
    ),
    KING_OF_THE_HILL: (
        "Hold the hill: a point each turn (J-TAG-04)",
        "The hill is the map's hill square (K), or its flag square (F). Whoever stands on it when a turn ends "
        "(anyone's turn) scores a point. With hill-moves N, once a fighter has earned N points on it the hill "
        "moves to a respawn point rolled for. Frags score nothing. The target option's points win.",
    ),
}
"""Each value of the `objective` option in players' words (RULES.md J-TAG-01..04 and docs/rulings.md): a
line for the set-up screen beside the option, and the full text `?` shows."""


def mode_rules() -> str:
    """The `objective` option's full text: every mode, by its name in the option and its title."""
    parts = []
    for mode, (_, words) in MODE_RULES.items():
        title = scoring_rule({OBJECTIVE: mode}).name
        parts.append(f"{mode}{'' if mode == FRAGS else f' ({title})'}: {words}")
    return "\n\n".join(parts)


OPTION_TEXTS: dict[str, str] = {
    TARGET: "The points that win keep-away and king of the hill (J-TAG-03/04): a point is scored at the end of "
    "every turn by the flag's holder or the fighter on the hill. The frag modes (frags, turn-to-frag, "
    "only-one) are won at the frag target instead.",
    HILL_MOVES: "King of the hill only (J-TAG-04): once a fighter has earned this many points on the hill since "
    "it last moved, it moves to a respawn point rolled for (never its own square again). 0: it never moves.",
}
"""The full text of Frag Tag's settings, for `?` on the set-up screen (the objective's is `mode_rules`)."""


_IT_WORDS = {
    TURN_TO_FRAG: '"it": only "it" scores frags; whoever frags "it" is "it" (that frag counts for nobody)',
    ONLY_ONE: '"it": +2 on every base attribute; only frags of "it" count, and their scorer is "it"',
}
"""What being "it" means in each mode that has one (J-TAG-01, J-TAG-02), for the record sheet and the map."""
HOLDS_FLAG = "holds the flag as his weapon: a point at every turn's end; no attack with anything else"
"""Keep-away's holder (J-TAG-03, ruling: the flag is his active weapon)."""
ON_HILL = "on the hill: a point at the end of the turn if he is still on it"
"""King of the hill (J-TAG-04)."""


def _points_mode(objective: ObjectiveView) -> bool:
    """Whether the mode is won by points (keep-away, king of the hill) rather than by counted frags."""
    return not isinstance(scoring_rule({OBJECTIVE: objective.mode}), FragTarget)


def score_words(objective: ObjectiveView, score: int) -> str:
    """A score in the mode's own units: `3 frags`, `1 point` (the scoring rule's words)."""
    return scoring_rule({OBJECTIVE: objective.mode}).score_words(score)


def objective_points(view: PlayerView) -> tuple[int, ...] | None:
    """Each seat's points, when the game is played for points (keep-away, king of the hill: J-TAG-03/04);
    None when frags win it (Frag, and the frag modes, whose score is the frags)."""
    objective = view.objective
    return objective.scores if objective is not None and _points_mode(objective) else None


def goal_words(view: PlayerView) -> str:
    """What wins, in a few words: `first to 3 frags`; in a Frag Tag mode its name and target
    (`Keep-Away: first to 10 points`)."""
    objective = view.objective
    if objective is None:
        return f"first to {view.frag_target} frag{'s' * (view.frag_target != 1)}"
    return f"{objective.title}: first to {score_words(objective, objective.target)}"


def _on_hill(view: PlayerView, seat: int) -> bool:
    objective = view.objective
    square = view.fighters[seat].square
    return (
        objective is not None
        and objective.hill is not None
        and square is not None
        and view.fighters[seat].status is Status.IN_PLAY
        and square.cell == objective.hill.cell
    )


def objective_markers(view: PlayerView, seat: int) -> list[tuple[str, str]]:
    """What a Frag Tag mode marks on `seat`'s fighter (J-TAG-01..04), each as (a scoreboard's word, the
    record sheet's words): `it`, `flag` (he holds it), `on hill`. Public: the whole table sees them."""
    objective = view.objective
    if objective is None:
        return []
    marks = []
    if objective.it == seat:
        marks.append(("it", _IT_WORDS.get(objective.mode, '"it"')))
    if objective.holder == seat:
        marks.append(("flag", HOLDS_FLAG))
    if _on_hill(view, seat):
        marks.append(("on hill", ON_HILL))
    return marks


def objective_line(view: PlayerView, looks: list[SeatLook]) -> Text:
    """The mode's public state in a line (J-TAG-01..04): its name and target, and who is "it", where the
    flag is or who holds it, where the hill is. Empty for a game played for frags."""
    objective = view.objective
    if objective is None:
        return Text()
    text = Text(f"{objective.title}, to {score_words(objective, objective.target)}", style="bold")

    def who(seat: int) -> Text:
        return seat_text(view.fighters[seat].name, looks[seat])

    if objective.it is not None:
        text.append_text(Text.assemble(' · "it": ', who(objective.it)))
    if objective.holder is not None:
        text.append_text(Text.assemble(" · the flag: ", who(objective.holder), " holds it"))
    elif objective.flag is not None:
        text.append(f" · the flag lies at {objective.flag}")
    if objective.hill is not None:
        text.append(f" · the hill: {objective.hill}")
        king = next((seat for seat in range(len(view.fighters)) if _on_hill(view, seat)), None)
        if king is not None:
            text.append_text(Text.assemble(" (", who(king), " on it)"))
    text.append("\n")
    return text


def objective_square_words(view: PlayerView, x: int, y: int) -> list[str]:
    """What the mode puts on the square x,y, for the line under the map: the flag lying there, the hill."""
    objective = view.objective
    if objective is None:
        return []
    words = []
    if objective.flag is not None and objective.flag.cell == (x, y):
        words.append("the flag lies here: a fighter who enters may take it up (p)")
    if objective.hill is not None and objective.hill.cell == (x, y):
        words.append("the hill: whoever stands here at a turn's end scores a point")
    return words


def record_sheet(
    view: PlayerView,
    seat: int,
    cards: CardSet,
    look: SeatLook,
    roster: Roster = (),
    games: tuple[tuple[int, ...], int] | None = None,
) -> Text:
    """A fighter's record sheet: base and current stats, Health, what is in play, blood, frags; for a fighter
    of the ruleset's roster his name and what his sheet prints (drawback, Cheatin', gear), and his markers.
    In a tournament (`games`: his frags in the earlier games, and how many games there are) the sheet's
    game boxes too, this game's box holding his frags so far."""
    f = view.fighters[seat]
    d = f.design
    entry = roster_entry(roster, f.character)
    text = Text.assemble(seat_text(f.name, look))
    if entry is not None:
        text.append(f", {entry.title}", style="bold")
    text.append(f" — {_STATUS[f.status]}\n")
    for words in marker_words(f) + [words for _, words in objective_markers(view, seat)]:
        text.append(f"▲ {words}\n", style="bold yellow")
    text.append(f"Health   {health_text(f.health, f.max_health)}", style="bold red" if f.health <= 1 else "bold")
    text.append(f"   base {d.health}")
    if f.status is Status.FRAGGED:  # how far past 0 no longer matters: he comes back fresh (F-RESP-02, D-GAL-01)
        text.append(" · fragged: full Health again when he comes back", style="bold")
    if f.markers.wounds:  # the wound tokens beside his Health (house rule H-WOUND-01)
        text.append(f" · {f.markers.wounds} wound{'s' * (f.markers.wounds > 1)}", style="bold red")
    text.append("\n")
    text.append(f"Speed    {f.speed}   base {d.speed}\n")
    text.append(f"Accuracy {f.accuracy}   base {d.accuracy}\n")
    if view.active == seat and view.phase is Phase.ACTION:
        text.append(f"Movement left {view.movement} · attacks left {view.attacks}\n")
    limit = f" (limit {f.hand_limit})" if f.hand_limit != HAND_LIMIT else ""  # the Operative's 4 (D-FTR-02)
    objective = view.objective
    if objective is not None and _points_mode(objective):  # keep-away, king of the hill: frags win nothing
        score = f"Points {objective.scores[seat]}/{objective.target} · frags {f.frags}"
    else:
        score = f"Frags {f.frags}/{view.frag_target}"
    text.append(f"{score} · blood {f.blood} · hand {f.hand_size}{limit}\n")
    if games is not None:
        text.append_text(game_boxes(*games, f.frags))
    # The starting pistol cannot be lost (F-ATK-05): it stays on the sheet beside every weapon card.
    text.append("Weapons: ", style="bold")
    pistol = "Pistol (ammo ∞)"
    if entry is not None and entry.weapon is not None:
        gun = next((g for g in f.guns if g.weapon == PISTOL), None)
        name = gun.name if gun is not None else entry.weapon
        pistol = f"{name} ({dice(gun.damage) + ', ' if gun is not None else ''}ammo ∞)"
    text.append("; ".join([pistol, *(_in_play(cards, e) for e in f.weapons)]) + "\n")
    for title, entries in (("Gadgets", f.gadgets), ("Specials", f.specials)):
        if entries:
            text.append(f"{title}: ", style="bold")
            worn = f.armor_left if entries is f.gadgets else 0  # (a suit is a gadget, F-ATK-09)
            text.append("; ".join(_in_play(cards, e, worn) for e in entries) + "\n")
    if f.skips:
        text.append(f"Loses next: {', '.join(f.skips)}\n", style="yellow")
    if entry is not None:  # what his sheet prints: last, the numbers of the turn come first
        for heading, words in entry.lines:
            text.append(f"{heading}: ", style="bold dim")
            text.append(f"{words}\n", style="dim")
    return text


def game_boxes(earlier: tuple[int, ...], games: int, now: int) -> Text:
    """The record sheet's tournament game boxes (F-WIN-02): each earlier game's frags, this game's so
    far in brackets, the games to come empty: `Games 2 0 [1] _ _ _`."""
    text = Text("Games    ", style="bold")
    for number in range(games):
        if number < len(earlier):
            text.append(f"{earlier[number]} ")
        elif number == len(earlier):
            text.append(f"[{now}]", style="bold reverse")
            text.append(" ")
        else:
            text.append("_ ", style="dim")
    text.rstrip()
    text.append("\n")
    return text


def scoreboard(view: PlayerView, looks: list[SeatLook]) -> Text:
    """One line per player: frags, Health, where his fighter is; the active one marked. In a Frag Tag mode
    (J-TAG-01..04) a line on top says what wins and where the flag or the hill is, each player's score is
    the mode's (points in keep-away and king of the hill), and `it`, `flag`, `on hill` mark him, reversed
    as the map reverses his square."""
    text = objective_line(view, looks)
    objective = view.objective
    points = objective is not None and _points_mode(objective)
    for seat, f in enumerate(view.fighters):
        marker = "▶ " if seat == view.active and view.phase is not Phase.SETUP else "  "
        text.append(marker)
        text.append_text(seat_text(f"{f.name:<9.9}", looks[seat]))
        # A fragged fighter's Health no longer counts (he comes back fresh, F-RESP-02): "fragged", not how
        # far past 0 it went; a hanged one is fragged too, on his gallows square (D-GAL-01).
        fragged = f.status is Status.FRAGGED
        health = "fragged" if fragged else health_short(f.health, f.max_health)
        where = f"{f.square}" if f.square is not None else "" if fragged else _STATUS[f.status]
        if objective is not None and points:
            score = objective.scores[seat]
            counted = f"{score:>2} point" + ("s" if score != 1 else " ")
        else:
            counted = f"{f.frags:>2} frag" + ("s" if f.frags != 1 else " ")  # "1 frag ", the columns kept
        text.append(f"{counted} {health}{' ' if where else ''}{where}")
        for word, _ in objective_markers(view, seat):
            text.append(" ")
            text.append(word, style="bold reverse")
        if f.markers.held_attack:
            text.append(" held", style="bold yellow")
        if f.markers.hanged:
            text.append(" hanged", style="bold yellow")
        text.append(" cpu\n" if looks[seat].computer else "\n", style="dim")
    return text


def decision_title(view: PlayerView) -> str:
    """The decision's title, in its class's words (the last chance says how much Health a cure must
    bring back); "your move" in the normal flow of a turn."""
    if view.decision is None:
        return "your move"
    return decision_class(view.decision).prompt(view)


def _fighter(view: PlayerView, seat: int) -> FighterView:
    return sheets_of(view)[seat]


def weapon_name(view: PlayerView, seat: int | None, weapon: str, cards: CardSet, roster: Roster = ()) -> str:
    """A weapon as `seat` names it: a card's name, or his starting weapon's (the Pistol in Frag; the
    Gatling Pistol of Frag Deadlands' Agency Operative): the rules' own name for it where the view lists
    the gun, else the roster's."""
    if weapon == PISTOL and seat is not None:
        gun = next((g for g in sheets_of(view)[seat].guns if g.weapon == PISTOL), None)
        if gun is not None:
            return gun.name
        entry = roster_entry(roster, view.fighters[seat].character)
        if entry is not None and entry.weapon is not None:
            return entry.weapon
    return _card_words(cards, weapon) if weapon != PISTOL else cards.name(weapon)


def _card_words(cards: CardSet, instance: str) -> str:
    """A card in a menu line: its corner (`A♠`) where it has one, and its name."""
    face = cards[instance].face
    name = cards.name(instance)
    return f"{face} {name}" if face is not None and not name.startswith(str(face)) else name


def action_label(action: Action, view: PlayerView, cards: CardSet, roster: Roster = ()) -> str:
    """A menu line for a legal action, in words a player uses."""
    decider = view.decider if view.decider is not None else view.active
    match action:
        case Place(point=point):
            return f"Place your fighter on respawn point {point}"
        case Respawn(point=None) if view.phase is Phase.SETUP:
            return "Roll for your starting respawn point (a taken one: the next free)"  # H-PLACE-01
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
        case Attack(target=t, weapon=w, whip=True):
            weapon = weapon_name(view, decider, w, cards, roster)
            return f"Pistol-whip {_fighter(view, t).name} with {weapon} (a club: may break it)"
        case Attack(target=t, weapon=w):
            return f"Attack {_fighter(view, t).name} with {weapon_name(view, decider, w, cards, roster)}"
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
        case HoldAttack():
            return "Hold an attack for a shootout"
        case TakeFlag():
            return "Take up the flag: your weapon while you hold it (no other attacks), a point every turn's end"
        case DropFlag():
            return "Put the flag down here: your weapons back (nobody takes it up again this turn)"
        case Cheat(cards=paid):
            entry = roster_entry(roster, view.fighters[decider].character)
            label = "Cheat"
            if entry is not None:
                label += f" ({entry.title})"
            if paid:
                label += f": discard {with_and([_card_words(cards, card) for card in paid])}"
            if entry is not None and entry.cheat:
                label += f" {entry.cheat}"
            return label
        case DrawFrom(deck=deck):
            known = cards.decks.get(deck)
            left = view.deck_sizes.get(deck)
            label = f"Draw from {known.plural.capitalize() if known is not None else deck}"
            return label + (f" ({left} left)" if left is not None else "")
        case Keep(card=card):
            return f"Keep {_card_words(cards, card)}"
        case ChooseSquare(to=to):
            return f"Choose the square {to}"
    return str(action)
