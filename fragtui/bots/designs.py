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
60.5% of their games, the Harlan Gang 35.8% (fair share 50%). A posse built by hand can do better still. Each
gunfighter's worth to the posse that leads him (`GUNFIGHTER_WORTH`) was fitted on 24,000 heuristic games, a posse
built at random against a fixed one dealt (`python -m fragtui.bench.designs --part gunfighters`): a rifleman of
Toughness 6 at 11 or 13 points is worth more than a 19-point pistolero. The strong bot builds the posse of greatest
summed worth among the gunfighters no other seat leads, within the budget (`own_posse`, a small knapsack); where that
is one of the fixed posses, it leads it by its name. In 4,000 games beside the fit's (heuristic bots, each seat in
turn against the fixed posse dealt to the other), a seat leading that posse won 63.1% where leading the best free
fixed posse won 57.5%.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from fragtui.engine.frag.design import FighterDesign
from fragtui.engine.frag.tag import FRAGS, OBJECTIVE
from fragtui.engine.rulesets import OptionValue, find_ruleset
from fragtui.engine.ruthless.pieces import MOST_IN_A_POSSE, Gunfighter, Posse, Roster

__all__ = [
    "DESIGNING_KINDS",
    "GUNFIGHTER_WORTH",
    "OWN_DESIGNS",
    "designs_own",
    "gunfighter_worth",
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
GUNFIGHTER_WORTH: dict[str, float] = {
    "wes-harlan": 0.250, "doc-calloway": 0.202, "ma-brannigan": 0.254, "tom-ketchum": 0.307, "silent-john": 0.340,
    "two-feathers": 0.155, "big-swede": 0.398, "lucky-lou": 0.014, "marshal-reyes": 0.238, "kid-dalton": 0.195,
    "widow-maker": 0.437, "preacher-gant": 0.255, "cal-mercer": 0.309, "rosa-vega": 0.241, "old-jeb": 0.247,
    "hank-tully": 0.255, "ike-pruitt": 0.160, "belle-starling": 0.238, "chet-willis": 0.363, "deacon-frye": 0.292,
}  # fmt: skip
"""Each gunfighter's worth, by his key: the log-odds of a win he adds to the posse he rides with, against the fixed
posse dealt to the other seat (`python -m fragtui.bench.designs --part gunfighters --games 24000 --first 20000` fits
them and prints this line; held-out log-loss 0.6793 against a coin's 0.6931)."""
WORTH_PER_POINT = 0.025
"""The worth of a point of a gunfighter not in `GUNFIGHTER_WORTH` (another roster's): about the fitted gunfighters'
worth over their points, so such a card is weighed by what the roster says he costs."""
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


def gunfighter_worth(gunfighter: Gunfighter) -> float:
    """What `gunfighter` adds to a posse's chance (`GUNFIGHTER_WORTH`, or his points at `WORTH_PER_POINT`)."""
    return GUNFIGHTER_WORTH.get(gunfighter.key, gunfighter.points * WORTH_PER_POINT)


def own_posse(roster: Roster, riding: Collection[str], budget: int | None = None, leader: str = "") -> Posse | None:
    """The posse a designing computer leads: of the gunfighters of `roster` not in `riding` (the keys of those
    who ride with other seats), the most summed worth (`gunfighter_worth`) costing at most `budget` (the roster's
    by default), at most `MOST_IN_A_POSSE` of them, in the roster's order. A fixed posse of the same gunfighters is
    led by its own name; another is called `leader`'s posse, as the posse builder calls one. None when no gunfighter
    is left, or none is worth leading."""
    budget = roster.budget if budget is None else budget
    free = [g for g in roster.gunfighters if g.key not in riding and g.points <= budget and gunfighter_worth(g) > 0]
    # best[count][cost]: the most worth of `count` gunfighters costing `cost`, and who they are (0/1 knapsack).
    best: list[dict[int, tuple[float, tuple[Gunfighter, ...]]]] = [{0: (0.0, ())}]
    best += [{} for _ in range(MOST_IN_A_POSSE)]
    for gunfighter in free:
        worth = gunfighter_worth(gunfighter)
        for count in range(MOST_IN_A_POSSE, 0, -1):
            for cost, (summed, chosen) in list(best[count - 1].items()):
                total = cost + gunfighter.points
                if total <= budget and summed + worth > best[count].get(total, (-1.0, ()))[0]:
                    best[count][total] = (summed + worth, (*chosen, gunfighter))
    options = [choice for level in best[1:] for choice in level.values()]
    if not options:
        return None
    members = max(options, key=lambda option: option[0])[1]
    keys = {gunfighter.key for gunfighter in members}
    fixed = next((p for p in roster.posses if {g.key for g in p.gunfighters} == keys), None)
    return fixed or Posse(name=f"{leader or 'Computer'}'s posse"[:40], gunfighters=members)


def own_seats(
    seats: Sequence[Mapping[str, object]], kinds: Sequence[str], ruleset: str, options: Mapping[str, OptionValue]
) -> list[dict[str, object]]:
    """`seats` (`GameConfig.seats` items) with each seat whose kind `designs_own` given its own design, or in a
    ruleset of posses its own posse (`own_posse`, from the shipped roster, avoiding the other seats' gunfighters,
    named for the seat's player);
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
            leader = str(chosen[at].get("name", ""))
            mine = own_posse(rules.posse_roster(), riding, rules.posse_budget(options), leader)
            if mine is not None:
                chosen[at]["posse"] = mine
    return chosen
