"""The fighter a computer player designs for itself (F-SETUP-01), and the posse it leads: what has won most often.

A Frag seat's first decision is its fighter: 7 points over Health, Speed and Accuracy, each 1 to 4. The heuristic
bot plays whatever fighter the table gives it (the set-up screen's balanced Health 3, Speed 2, Accuracy 2; a random
legal design in `fragtui simulate` and the benchmarks). The design decides much: with heuristic bots in every seat
and designs dealt at random, a fighter of Health 2, Speed 2, Accuracy 3 won 35.6% of 4,000 four-player Frag games,
one of Health 1, Speed 4, Accuracy 2 13.5%, the set-up screen's balanced one 23.4% (a fair share is 25%). Accuracy 3
gives two attacks a turn where 2 gives one (half of it, rounded up: F-ATK-01), each rolling three dice to hit
(F-ATK-07). In A Turn To Frag, where only "it" scores (J-TAG-01), staying alive counts most: Health 4, Speed 2,
Accuracy 1 won 45.2%.

The strong bot (`DESIGNING_KINDS`) designs its own fighter, as a player who has studied the game would: the design
that won most often in the bench's games of its ruleset and mode (`OWN_DESIGNS`, found by
`python -m fragtui.bench.designs`, which prints every design's share; docs/bots.md, "The fighter it designs"). It
is chosen by what the table is (ruleset and mode), not by whom it meets: players design at once, unseen.

In Ruthless a seat leads a posse, one of the roster's fixed ones or one built by hand within the budget (R-SEQ-02),
and that decides much too: in 2,000 heuristic games with two fixed posses dealt at random, the Brannigans won
60.5% of their games, the Harlan Gang 35.8% (fair share 50%). The strong bot leads the fixed posse that won most
(`OWN_POSSES`, best first) among those none of whose gunfighters rides with another seat and that the budget allows.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from fragtui.engine.frag.design import FighterDesign
from fragtui.engine.frag.tag import FRAGS, OBJECTIVE
from fragtui.engine.rulesets import OptionValue, find_ruleset
from fragtui.engine.ruthless.pieces import Posse, Roster

__all__ = [
    "DESIGNING_KINDS",
    "OWN_DESIGNS",
    "OWN_POSSES",
    "designs_own",
    "own_design",
    "own_posse",
    "own_seats",
    "table_key",
]

OWN_DESIGNS: dict[str, FighterDesign] = {
    "frag/frags": FighterDesign(health=2, speed=2, accuracy=3),
    "deadlands/frags": FighterDesign(health=2, speed=2, accuracy=3),
    "frag/turn-to-frag": FighterDesign(health=4, speed=2, accuracy=1),
}
"""The design that won most often in heuristic self-play, by `table_key` (`python -m fragtui.bench.designs`): Frag,
games 3000-6999, 35.6% of the seats that played it (the next best 32.6%); Frag Deadlands, games 3000-4999, 37.2%
(32.0%); A Turn To Frag, games 3000-4999, 45.2% (Health 3, Speed 3, Accuracy 1: 42.5%). A table not listed plays its
ruleset's plain game's, then plain Frag's."""
OWN_POSSES: tuple[str, ...] = ("The Brannigans", "The Hired Guns", "The Drifters", "The Lawmen", "The Harlan Gang")
"""The shipped roster's fixed posses by how often they won heuristic self-play, best first (`python -m
fragtui.bench.designs --part ruthless`; games 5000-6999, two posses dealt at random: 60.5%, 54.3%, 49.5%, 49.4%,
35.8%). A fixed posse not named here (another roster's) comes after these, by its points."""
DESIGNING_KINDS = frozenset({"strong"})
"""The kinds of computer player (`fragtui.bots.kinds`) that design their own fighter and pick their own posse."""


def designs_own(kind: str | None) -> bool:
    """Whether a computer of `kind` (`strong`, `strong:0.25`) designs its own fighter."""
    return kind is not None and kind.split(":", 1)[0] in DESIGNING_KINDS


def table_key(ruleset: str, options: Mapping[str, OptionValue]) -> str:
    """`ruleset/mode` of a table (`frag/frags`, `frag/turn-to-frag`), as `OWN_DESIGNS` is keyed."""
    return f"{ruleset}/{options.get(OBJECTIVE, FRAGS)}"


def own_design(ruleset: str, options: Mapping[str, OptionValue]) -> FighterDesign | None:
    """The fighter a designing computer takes at a table of `ruleset` with `options`; None where the ruleset's
    seats design no fighter (Ruthless leads posses)."""
    if not find_ruleset(ruleset).designs_fighters:
        return None
    key = table_key(ruleset, options)
    return OWN_DESIGNS.get(key) or OWN_DESIGNS.get(f"{ruleset}/frags") or OWN_DESIGNS["frag/frags"]


def own_posse(roster: Roster, riding: Collection[str], budget: int | None = None) -> Posse | None:
    """The fixed posse of `roster` a designing computer leads: the first of `OWN_POSSES` (then the rest, most points
    first) none of whose gunfighters is in `riding` (the keys of those who ride with other seats) and that costs
    at most `budget`; None when none is left."""
    ranked = sorted(
        roster.posses,
        key=lambda p: (OWN_POSSES.index(p.name) if p.name in OWN_POSSES else len(OWN_POSSES), -p.points),
    )
    return next(
        (
            posse
            for posse in ranked
            if not any(gunfighter.key in riding for gunfighter in posse.gunfighters)
            and (budget is None or posse.points <= budget)
        ),
        None,
    )


def own_seats(
    seats: Sequence[Mapping[str, object]], kinds: Sequence[str], ruleset: str, options: Mapping[str, OptionValue]
) -> list[dict[str, object]]:
    """`seats` (`GameConfig.seats` items) with each seat whose kind `designs_own` given its own design, or in a
    ruleset of posses its own posse (`own_posse`, from the shipped roster, avoiding the other seats' gunfighters);
    the other seats as they were."""
    rules = find_ruleset(ruleset)
    chosen = [dict(seat) for seat in seats]
    for at, kind in enumerate(kinds):
        if not designs_own(kind):
            continue
        if rules.designs_fighters:
            chosen[at]["fighter"] = own_design(ruleset, options)
        elif isinstance(chosen[at].get("posse"), Posse):
            riding = {
                gunfighter.key
                for n, seat in enumerate(chosen)
                if n != at and isinstance(posse := seat.get("posse"), Posse)
                for gunfighter in posse.gunfighters
            }
            mine = own_posse(rules.posse_roster(), riding, rules.posse_budget(options))
            if mine is not None:
                chosen[at]["posse"] = mine
    return chosen
