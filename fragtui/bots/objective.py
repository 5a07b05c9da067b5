"""What the game is played for, as the heuristic bot reads it (Frag Tag's modes, J-TAG-01..04).

The bot's planner and turn ask this module, and only this module, what the mode wants of its fighter
now: a `Goals` worked out once per decision from the public `view.objective` (who is "it", where the
flag lies or who holds it, where the hill is, every score). Nothing else in the bot looks at the mode:
the planner weighs shots by `Goals.prey`, adds `Goals.square_worth` to the squares it could end on,
hunts `Goals.hunt`, scales the rivals' threat by `Goals.caution`; the turn takes the flag when
`Goals.take_flag` says so and walks to shoot only when `Goals.fights`.

A game played for frags (`view.objective` None), or a bot told to ignore the objective (the `hunter`
kind, a yardstick), has no goals (`goals_of` returns None) and plays Frag exactly as before.

How each mode is played (docs/bots.md, "Frag Tag"):

- A Turn To Frag (J-TAG-01): only "it" scores, and fragging "it" makes you "it". Not "it": hunt "it",
  shots at others are worth little. "It": frag the others, warier of their shots.
- There Shall Be Only One (J-TAG-02): only frags of "it" count. Not "it": hunt "it". "It": scores
  nothing himself, so he keeps away and fights back at whoever comes, warier still.
- Keep-Away (J-TAG-03): the flag lying: go to it and take it up. Holding it (no attacks then): keep
  away from the others and out of their sight, holding out. Someone else holding it: hunt him.
- King of the Hill (J-TAG-04): go to the hill and end the turn on it; on it, stay and shoot from there;
  someone else on it: shoot him off it, from near the hill.
"""

from __future__ import annotations

from dataclasses import dataclass

from fragtui.engine.board import Square, distance
from fragtui.engine.frag.state import Status
from fragtui.engine.frag.view import ObjectiveView, objective_of, sheets_of
from fragtui.engine.view import PlayerView

__all__ = ["Goals", "goals_of", "score"]

TURN_TO_FRAG = "turn-to-frag"
ONLY_ONE = "only-one"
KEEP_AWAY = "keep-away"
KING_OF_THE_HILL = "king-of-the-hill"

WANTED = 2.0
"""A shot at the fighter the mode says to go after ("it", the flag's holder, the king on the hill) is
worth this many times a shot in Frag: hitting him is how the game is won."""
BYSTANDER = 0.3
"""A shot at anyone else, when only one fighter is worth shooting: it scores nothing, but a hurt rival is
a weaker one."""
ONLY_ONE_BYSTANDER = 0.05
"""There Shall Be Only One: a shot at anyone but "it" is worth next to nothing (his frag would count for nobody,
and "it" scores nothing either), so even a poor shot at "it" (+2 Health, +2 defence dice) comes first."""
IT_CAUTION = 1.5
"""A Turn To Frag: "it" weighs the rivals' shots at him this much more (every one of them hunts him)."""
ONLY_ONE_CAUTION = 2.5
"""There Shall Be Only One: "it" scores nothing himself, so surviving is all his play."""
HOLDER_CAUTION = 3.0
"""Keep-Away: the holder cannot shoot back, and every turn he stays on the board is a point."""
FLEE = 0.12
"""Keep-Away: the holder's worth for each square between him and the nearest rival (up to `FLEE_CAP`)."""
FLEE_CAP = 12
"""Distance beyond which a rival is far enough."""
FLAG_WORTH = 3.0
"""Keep-Away: ending the move on the flag's square (he takes it up on entering): worth a frag and more,
as it scores every turn it is held."""
HILL_WORTH = 2.5
"""King of the Hill: standing on the hill at a turn's end, and at every turn's end after while he stays."""
TOWARD_OBJECTIVE = 0.25
"""Each point of walking nearer the flag or the hill (more than the pull of prey, 0.05, and power-ups)."""
NEAR_HILL = 4
"""King of the Hill: a rival this close to the hill is a contender, worth shooting."""


@dataclass(frozen=True)
class Goals:
    """What the mode asks of the bot's fighter at this decision (each field neutral as in Frag unless the
    mode says otherwise)."""

    prey: tuple[float, ...]
    """How much a shot at each seat is worth, as a multiple of its worth in Frag (1.0 for every seat in Frag)."""
    hunts: bool = False
    """Whether the mode names whom to go after (`hunt`); otherwise the bot picks its prey as in Frag, among
    the seats of the highest `prey`."""
    hunt: int | None = None
    """The seat to go after (when `hunts`); None: go after nobody (keep away)."""
    place: Square | None = None
    """A square worth going to and ending the move on (the flag, the hill)."""
    place_worth: float = 0.0
    """What ending the move on `place` is worth."""
    toward: float = 0.0
    """What each point of walking nearer `place` is worth."""
    caution: float = 1.0
    """How much more than in Frag the rivals' possible shots at him weigh where he ends his move."""
    flee: float = 0.0
    """Worth of each square between him and the nearest rival where he ends his move."""
    fights: bool = True
    """Whether he may attack at all (the flag's holder may not, ruling J-TAG-03): if not he never walks to
    shoot, nor plays cards for more attacks."""
    take_flag: bool = False
    """Take the flag up when the rules offer it."""

    def weight(self, seat: int) -> float:
        """`prey` of `seat`."""
        return self.prey[seat] if 0 <= seat < len(self.prey) else 1.0

    def square_worth(self, square: Square, walk_cost: int | None = None) -> float:
        """What ending the move on `square` is worth to the mode: being on `place`, and being nearer it
        (`walk_cost`: the walking points from `square` to `place`, if known; else twice the distance)."""
        if self.place is None:
            return 0.0
        worth = self.place_worth if square.cell == self.place.cell else 0.0
        steps = walk_cost if walk_cost is not None else 2 * distance(square, self.place)
        return worth - self.toward * steps


def score(view: PlayerView, seat: int, aware: bool = True) -> int:
    """`seat`'s score in the game's own units: the mode's (`objective.scores`) when the bot plays for it,
    else his frags."""
    objective = objective_of(view)
    if aware and objective is not None and 0 <= seat < len(objective.scores):
        return objective.scores[seat]
    return sheets_of(view)[seat].frags


def _on_board(view: PlayerView, seat: int | None) -> bool:
    if seat is None or not 0 <= seat < len(view.fighters):
        return False
    fighter = view.fighters[seat]
    return fighter.status is Status.IN_PLAY and fighter.square is not None


def goals_of(view: PlayerView, seat: int) -> Goals | None:
    """The goals of the mode `view.objective` plays for `seat`'s fighter now; None in a game played for frags."""
    objective = view.objective
    if objective is None:
        return None
    maker = _MODES.get(objective.mode)
    return maker(view, objective, seat) if maker is not None else None


def _wanted(view: PlayerView, seat: int, wanted: int, others: float = BYSTANDER) -> tuple[float, ...]:
    return tuple(WANTED if s == wanted else others if s != seat else 0.0 for s in range(len(view.fighters)))


def _turn_to_frag(view: PlayerView, objective: ObjectiveView, seat: int) -> Goals:
    """J-TAG-01: only "it" scores; fragging "it" makes you "it"."""
    it = objective.it
    everyone = tuple(1.0 for _ in view.fighters)
    if it == seat:
        return Goals(prey=everyone, caution=IT_CAUTION)
    if it is None or not _on_board(view, it):
        return Goals(prey=everyone)  # "it" is away: gather cards and wait for him
    return Goals(prey=_wanted(view, seat, it), hunts=True, hunt=it)


def _only_one(view: PlayerView, objective: ObjectiveView, seat: int) -> Goals:
    """J-TAG-02: only frags of "it" count."""
    it = objective.it
    everyone = tuple(1.0 for _ in view.fighters)
    if it == seat:
        return Goals(prey=everyone, hunts=True, hunt=None, caution=ONLY_ONE_CAUTION)
    if it is None or not _on_board(view, it):
        return Goals(prey=everyone)
    return Goals(prey=_wanted(view, seat, it, ONLY_ONE_BYSTANDER), hunts=True, hunt=it)


def _keep_away(view: PlayerView, objective: ObjectiveView, seat: int) -> Goals:
    """J-TAG-03: take the flag, hold out with it, or hunt whoever holds it."""
    everyone = tuple(1.0 for _ in view.fighters)
    holder = objective.holder
    if holder == seat:
        return Goals(prey=everyone, hunts=True, hunt=None, caution=HOLDER_CAUTION, flee=FLEE, fights=False)
    if holder is not None:
        if not _on_board(view, holder):
            return Goals(prey=everyone)
        return Goals(prey=_wanted(view, seat, holder), hunts=True, hunt=holder)
    return Goals(
        prey=everyone,
        place=objective.flag,
        place_worth=FLAG_WORTH,
        toward=TOWARD_OBJECTIVE,
        take_flag=True,
    )


def _king_of_the_hill(view: PlayerView, objective: ObjectiveView, seat: int) -> Goals:
    """J-TAG-04: stand on the hill at turns' ends; shoot whoever stands on it, or comes near."""
    hill = objective.hill
    if hill is None:
        return Goals(prey=tuple(1.0 for _ in view.fighters))
    on_hill = [s for s, f in enumerate(view.fighters) if f.square is not None and f.square.cell == hill.cell]
    king = next((s for s in on_hill if _on_board(view, s)), None)

    def contender(s: int) -> float:
        there = view.fighters[s].square
        if s == seat:
            return 0.0
        if s == king:
            return WANTED
        return 1.0 if there is not None and distance(there, hill) <= NEAR_HILL else 0.5

    prey = tuple(contender(s) for s in range(len(view.fighters)))
    # on it himself: he stays and hunts nobody; another on it: he goes after him; nobody: as in Frag
    hunts = king is not None
    hunt = None if king == seat else king
    return Goals(prey=prey, hunts=hunts, hunt=hunt, place=hill, place_worth=HILL_WORTH, toward=TOWARD_OBJECTIVE)


_MODES = {
    TURN_TO_FRAG: _turn_to_frag,
    ONLY_ONE: _only_one,
    KEEP_AWAY: _keep_away,
    KING_OF_THE_HILL: _king_of_the_hill,
}
"""Each mode the bot knows (the `objective` option's values, as `ObjectiveView.mode` names them), and its
goals; a mode it does not know is played as Frag."""
