"""Frag Tag (Jeremehovah's rules, J-TAG-01..04): what a game is won by, as the game's objective option.

The four modes change only how a game scores, so each is a `ScoringRule` (fragtui/engine/scoring.py)
the rules ask through `scoring()`, never a branch in the combat code. `TAG_OPTIONS` are the options
base Frag and Frag Deadlands offer for them; `scoring_rule` picks the rule the options name, once, when
the rules are built on a game's state.

- `frags` (the default): Frag's own game, the frag target (F-WIN-01).
- `turn-to-frag` (J-TAG-01): only "it" scores frags; fragging "it" makes you "it", that frag uncounted.
- `only-one` (J-TAG-02): only frags of "it" count, and their scorer becomes "it"; "it" has +2 on every
  base attribute (an effect of `Origin.MODE`, so stats, forecasts and views all see it).
- `keep-away` (J-TAG-03): the flag starts on the map's flag square (`F`; on a map without one, its plain
  square nearest the centre); whoever holds it as his weapon scores
  a point at the end of every turn; frags score nothing; a fragged holder drops it where he fell.
- `king-of-the-hill` (J-TAG-04): whoever stands on the hill at the end of a turn scores a point; with
  `hill-moves` N, the hill moves to a random respawn point once a fighter has earned N points on it.

Turn-based play (RULES.md J-TAG-03/04): "one point per segment" becomes one point per turn, at its end:
every turn's end, whoever's turn it was (docs/rulings.md, `## Frag Tag — modes`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fragtui.engine.actions import Action
from fragtui.engine.board import Board, Square, Terrain
from fragtui.engine.cards import Modify, ModStat
from fragtui.engine.frag.actions import Attack, DropFlag, TakeFlag
from fragtui.engine.frag.effects import EffectSource, Origin
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.state import Objective, Status, frag_state
from fragtui.engine.frag.turn_policy import turn_policy_of
from fragtui.engine.rulesets import OptionSpec, OptionValue
from fragtui.engine.scoring import FRAG_TARGET, FragTarget, Rules, ScoringRule
from fragtui.engine.state import GameState
from fragtui.errors import ConfigError

__all__ = [
    "FRAGS",
    "HILL_MOVES",
    "KEEP_AWAY",
    "KING_OF_THE_HILL",
    "MODES",
    "OBJECTIVE",
    "ONLY_ONE",
    "TAG_OPTIONS",
    "TARGET",
    "TURN_TO_FRAG",
    "KeepAway",
    "KingOfTheHill",
    "OnlyOne",
    "TurnToFrag",
    "central_square",
    "flag_square",
    "hill_square",
    "scoring_rule",
    "winning_words",
]

OBJECTIVE = "objective"
"""The option naming what the game is won by: `frags` or one of Frag Tag's four modes."""
TARGET = "target"
"""The option giving the points that win keep-away and king of the hill."""
HILL_MOVES = "hill-moves"
"""The option moving the hill of king of the hill after so many points (0: never)."""

FRAGS = "frags"
TURN_TO_FRAG = "turn-to-frag"
ONLY_ONE = "only-one"
KEEP_AWAY = "keep-away"
KING_OF_THE_HILL = "king-of-the-hill"

DEFAULT_TARGET = 10
"""Points that win keep-away and king of the hill unless the `target` option says otherwise: ten turn
ends, two and a half rounds of four players' turns held."""

ONLY_ONE_BONUS = 2
"""What "it" adds to each base attribute in There Shall Be Only One (J-TAG-02)."""

TAG_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name=OBJECTIVE,
        summary="What wins: frags, or one of Frag Tag's four modes",
        default=FRAGS,
        choices=(FRAGS, TURN_TO_FRAG, ONLY_ONE, KEEP_AWAY, KING_OF_THE_HILL),
        rule="J-TAG-01",
    ),
    OptionSpec(
        name=TARGET,
        summary="Points that win keep-away and king of the hill (1 or more)",
        default=DEFAULT_TARGET,
        rule="J-TAG-03",
    ),
    OptionSpec(
        name=HILL_MOVES,
        summary="King of the hill: the hill moves after N points (0 never)",
        default=0,
        rule="J-TAG-04",
    ),
)
"""The objective option and its settings (J-TAG-01..04), offered by base Frag and Frag Deadlands. The
frag modes (`frags`, `turn-to-frag`, `only-one`) are won by the game's frag target; `target` is the
points of the two others."""


def _number(options: Mapping[str, OptionValue], name: str, default: int) -> int:
    value = options.get(name, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


PLAIN_GROUND = frozenset({Terrain.FLOOR, Terrain.GRATE, Terrain.ROUGH, Terrain.SOFT_COVER, Terrain.HARD_COVER})
"""The squares a map without a flag square may have its flag on: nothing printed there that acts."""


def central_square(board: Board) -> Square:
    """The plain square nearest the map's centre (counted orthogonally; the northernmost, then the
    westernmost, of equals) among those a fighter can walk to from respawn point 1 and back: where the flag
    lies on a map that has no flag square (ruling J-TAG-03). Plain: floor, grate, rough ground or cover,
    not split by a diagonal wall; never a respawn point, power-up, teleporter, door, hazard or gallows."""
    start = board.respawn_points[1]
    region = board.geometry.connected(start) & board.geometry.connected_to(start)
    plain = [
        Square(x, y)
        for y in range(board.height)
        for x in range(board.width)
        if board.cells[y][x].terrain in PLAIN_GROUND and board.cells[y][x].diagonal is None
    ]
    found = [square for square in plain if square in region] or [start]
    return min(found, key=lambda s: (abs(2 * s.x - board.width + 1) + abs(2 * s.y - board.height + 1), s.y, s.x))


def flag_square(board: Board) -> Square:
    """Where keep-away's flag starts (J-TAG-03): the map's flag square (`F`: every shipped map has one), or on
    a map without one its plain square nearest the centre (`central_square`)."""
    cells = board.cells_of(Terrain.FLAG)
    return Square(*cells[0]) if cells else central_square(board)


def hill_square(board: Board) -> Square:
    """Where king of the hill's hill starts (J-TAG-04): the map's hill square (`K`), or else where the flag
    would start (`flag_square`)."""
    cells = board.cells_of(Terrain.HILL)
    return Square(*cells[0]) if cells else flag_square(board)


def _objective(rules: Rules) -> Objective:
    objective = frag_state(rules.state).objective
    if objective is None:
        objective = frag_state(rules.state).objective = Objective()
    return objective


class TagFrags(FragTarget):
    """The frag modes of Frag Tag (J-TAG-01, J-TAG-02): the frag target wins, but only some frags count,
    and one fighter is "it". The first player is "it" first (ruling J-TAG-01)."""

    def it(self, state: GameState) -> int | None:
        """The seat that is "it"."""
        objective = frag_state(state).objective
        return objective.it if objective is not None else None

    def prepare(self, rules: Rules) -> None:
        """A scenario without "it" makes its first fighter "it" (the first player of a new game is made
        "it" at `on_start`)."""
        objective = _objective(rules)
        if objective.it is None:
            objective.it = rules.state.first

    def on_start(self, rules: Rules, first: int) -> None:
        """The first player is "it" (ruling J-TAG-01: the seed says only that one player is)."""
        _objective(rules).it = first
        rules.emit(FragEventKind.IT, f'{rules.name(first)} is "it"', player=first)

    def become_it(self, rules: Rules, seat: int, victim: int) -> None:
        """`seat` fragged "it" (`victim`): he is "it" now."""
        _objective(rules).it = seat
        rules.emit(
            FragEventKind.IT,
            f'{rules.name(seat)} frags "it" ({rules.name(victim)}) and is "it" now',
            player=seat,
            other=victim,
        )

    def broken_promise(self, rules: Rules) -> str | None:
        """One seat is "it" from the first player on."""
        it = self.it(rules.state)
        if it is None or not 0 <= it < len(rules.state.players):
            return f'"it" is {it}, not a seat'
        return None

    def on_frag(self, rules: Rules, scorer: int, victim: int) -> int | None:
        if victim == self.it(rules.state):
            self.become_it(rules, scorer, victim)
        return super().on_frag(rules, scorer, victim)


class TurnToFrag(TagFrags):
    """J-TAG-01, A Turn To Frag: only "it" scores frags; whoever frags "it" becomes "it", and that frag
    counts for nobody. The others may frag each other, for no credit."""

    name = "A Turn To Frag"
    mode = TURN_TO_FRAG

    def frag_counts(self, rules: Rules, scorer: int, victim: int) -> bool:
        return scorer == self.it(rules.state)

    def withheld_words(self, rules: Rules, scorer: int, victim: int) -> str:
        return 'only "it" scores frags'


class GrantsEffects(ScoringRule):
    """A scoring rule that gives fighters effects of its own (`effects`); Frag's rules ask only such a rule,
    read with the option effects (`Core.option_effects`)."""

    def effects(self, rules: Rules, seat: int) -> Sequence[EffectSource]:
        """The effects the mode gives `seat`'s fighter (`Origin.MODE`)."""
        return ()


class OnlyOne(TagFrags, GrantsEffects):
    """J-TAG-02, There Shall Be Only One: only frags of "it" count; their scorer becomes "it" (ruling in
    RULES.md); "it" has +2 on every base attribute (Health, Speed, Accuracy) while "it"."""

    name = "There Shall Be Only One"
    mode = ONLY_ONE

    _BONUS = tuple(Modify(stat=stat, add=ONLY_ONE_BONUS) for stat in (ModStat.HEALTH, ModStat.SPEED, ModStat.ACCURACY))

    def frag_counts(self, rules: Rules, scorer: int, victim: int) -> bool:
        return victim == self.it(rules.state)

    def withheld_words(self, rules: Rules, scorer: int, victim: int) -> str:
        return 'only frags of "it" count'

    _granted: dict[int, tuple[EffectSource, ...]] = {}
    """"it"'s bonus as each seat's sources, made once: they depend on the seat alone, and every fighter's every
    stat asks for them (for his own and, to find those reaching everyone, for each other seat's: a third of an
    Only One game's legal actions made them anew)."""

    def effects(self, rules: Rules, seat: int) -> Sequence[EffectSource]:
        if seat != self.it(rules.state):
            return ()
        known = self._granted.get(seat)
        if known is None:
            known = self._granted[seat] = tuple(
                EffectSource.granted(Origin.MODE, seat, '"it"', effect) for effect in self._BONUS
            )
        return known


class PointsMode(ScoringRule):
    """The modes won by points earned at the end of turns (J-TAG-03, J-TAG-04), not by frags: frags count
    for nothing (the fragger still draws his Special: the frag happened, only its score is withheld)."""

    def target(self, state: GameState) -> int:
        return _number(state.config.options, TARGET, DEFAULT_TARGET)

    def score_of(self, state: GameState, seat: int) -> int:
        objective = frag_state(state).objective
        if objective is None or seat >= len(objective.points):
            return 0
        return objective.points[seat]

    def score_words(self, score: int) -> str:
        return f"{score} point{'s' * (score != 1)}"

    def prepare(self, rules: Rules) -> None:
        """Every seat with no point yet; a `target` below 1 is refused (everyone would have won before play)."""
        target = self.target(rules.state)
        if target < 1:
            raise ConfigError(f"option {TARGET!r} takes the points that win, 1 or more, not {target}")
        objective = _objective(rules)
        if len(objective.points) != len(rules.state.players):
            objective.points = [0] * len(rules.state.players)

    def frag_counts(self, rules: Rules, scorer: int, victim: int) -> bool:
        return False

    def withheld_words(self, rules: Rules, scorer: int, victim: int) -> str:
        return f"{self.name} is won by points, not frags"

    def score(self, rules: Rules, seat: int, why: str) -> int | None:
        """`seat` scores a point (`why`: what for); the winner if that reaches the target."""
        objective = _objective(rules)
        objective.points[seat] += 1
        points = objective.points[seat]
        target = self.target(rules.state)
        rules.emit(
            FragEventKind.POINT_SCORED,
            f"{rules.name(seat)} scores a point {why} ({points} of {target})",
            player=seat,
            amount=points,
        )
        return seat if points >= target else None


class KeepAway(PointsMode):
    """J-TAG-03, Keep-Away: the flag starts on the map's flag square (or its plain square nearest the
    centre, on a map without one); a fighter entering its square takes
    it up as he would a counter (F-FRAG-03: one thing from a square a turn, on entering it) and holds it
    as his weapon: while he holds it he attacks with nothing else (ruling J-TAG-03), and may put it down
    in his own turn (nobody takes it up again that turn, as a dropped card, F-FRAG-07). At the end of
    every turn its holder, on the board, scores a point; fragged, he drops it where he fell."""

    name = "Keep-Away"
    mode = KEEP_AWAY

    def prepare(self, rules: Rules) -> None:
        super().prepare(rules)
        objective = _objective(rules)
        if objective.flag is None and objective.holder is None:
            objective.flag = flag_square(rules.board)

    def may_attack(self, state: GameState, seat: int) -> bool:
        objective = frag_state(state).objective
        return objective is None or objective.holder != seat

    def may_take(self, rules: Rules, seat: int) -> bool:
        """Whether `seat` may take up the flag now: it lies in the square he has just entered (or respawned
        on), he has taken nothing from that square this turn (ruling F-FRAG-03), and it was not dropped
        this turn (F-FRAG-07)."""
        objective = frag_state(rules.state).objective
        turn = turn_policy_of(rules).record(seat)
        square = frag_state(rules.state).players[seat].square
        if objective is None or objective.flag is None or square is None or not turn.may_pick_up:
            return False
        if square.cell != objective.flag.cell or square in turn.squares_taken:
            return False
        return objective.dropped_turn != rules.state.turn.number

    def actions(self, rules: Rules, seat: int) -> list[Action]:
        objective = frag_state(rules.state).objective
        if objective is not None and objective.holder == seat:
            return [DropFlag()]
        return [TakeFlag()] if self.may_take(rules, seat) else []

    def act(self, rules: Rules, seat: int, action: Action) -> None:
        objective = _objective(rules)
        square = frag_state(rules.state).players[seat].square
        assert square is not None
        if isinstance(action, TakeFlag):
            turn = turn_policy_of(rules).record(seat)
            turn.may_pick_up = False
            turn.squares_taken.append(square)
            objective.flag = None
            objective.holder = seat
            objective.dropped_turn = None
            rules.emit(
                FragEventKind.FLAG_TAKEN,
                f"{rules.name(seat)} takes up the flag and holds it as their weapon",
                player=seat,
                square=square,
            )
        elif isinstance(action, DropFlag):
            objective.holder = None
            objective.flag = square
            objective.dropped_turn = rules.state.turn.number
            rules.emit(
                FragEventKind.FLAG_DROPPED,
                f"{rules.name(seat)} puts the flag down at {square}",
                player=seat,
                square=square,
            )

    def why_not(self, rules: Rules, seat: int, action: Action) -> str | None:
        objective = frag_state(rules.state).objective
        holds = objective is not None and objective.holder == seat
        who = rules.name(seat)
        if isinstance(action, TakeFlag):
            if holds:
                return f"{action}: {who} holds the flag already"
            if objective is None or objective.flag is None:
                return f"{action}: someone else holds the flag"
            if objective.dropped_turn == rules.state.turn.number:
                return f"{action}: the flag was put down this turn; nobody may take it up again before the next"
            return (
                f"{action}: the flag lies at {objective.flag}; {who} takes it up on entering its square "
                "(one thing from a square a turn)"
            )
        if isinstance(action, DropFlag) and not holds:
            return f"{action}: {who} does not hold the flag"
        if isinstance(action, Attack) and holds:
            return f"{action}: {who} holds the flag as their weapon and may attack with nothing else (drop flag first)"
        return None

    def broken_promise(self, rules: Rules) -> str | None:
        """The flag is in one place: lying on the board or held by a fighter, never both or neither."""
        objective = frag_state(rules.state).objective
        if objective is None or (objective.flag is None) == (objective.holder is None):
            return f"the flag lies at {objective and objective.flag} and is held by {objective and objective.holder}"
        return None

    def on_fragged(self, rules: Rules, seat: int, square: Square) -> None:
        objective = frag_state(rules.state).objective
        if objective is None or objective.holder != seat:
            return
        objective.holder = None
        objective.flag = square
        objective.dropped_turn = None
        rules.emit(
            FragEventKind.FLAG_DROPPED,
            f"{rules.name(seat)} drops the flag where they fell, at {square}",
            player=seat,
            square=square,
        )

    def on_turn_end(self, rules: Rules, seat: int) -> int | None:
        objective = frag_state(rules.state).objective
        holder = None if objective is None else objective.holder
        if holder is None or not rules.on_board(holder):
            return None
        return self.score(rules, holder, "for holding the flag")


class KingOfTheHill(PointsMode):
    """J-TAG-04, King of the Hill: the hill starts on the map's hill square (or where the flag would); at the
    end of every turn the fighter standing on it scores a point. With `hill-moves` N, once a fighter has
    earned N points on the hill it moves to a respawn point rolled for (a die, rerolled until it names
    another square; recorded like every roll)."""

    name = "King of the Hill"
    mode = KING_OF_THE_HILL

    def moves_after(self, state: GameState) -> int:
        """`hill-moves`: the points on it after which the hill moves (0: never)."""
        return max(0, _number(state.config.options, HILL_MOVES, 0))

    def prepare(self, rules: Rules) -> None:
        super().prepare(rules)
        moves = _number(rules.state.config.options, HILL_MOVES, 0)
        if moves < 0:
            raise ConfigError(f"option {HILL_MOVES!r} takes a number of points, 0 (never) or more, not {moves}")
        objective = _objective(rules)
        if objective.hill is None:
            objective.hill = hill_square(rules.board)
        players = len(rules.state.players)
        if self.moves_after(rules.state) and len(objective.hill_points) != players:
            objective.hill_points = [0] * players

    def broken_promise(self, rules: Rules) -> str | None:
        """The hill is a square of the map."""
        objective = frag_state(rules.state).objective
        hill = objective.hill if objective is not None else None
        if hill is None or not rules.board.in_bounds(hill.x, hill.y):
            return f"the hill is at {hill}"
        return None

    def on_turn_end(self, rules: Rules, seat: int) -> int | None:
        objective = _objective(rules)
        hill = objective.hill
        assert hill is not None
        king = next(
            (
                s
                for s, player in enumerate(frag_state(rules.state).players)
                if player.status is Status.IN_PLAY and player.square is not None and player.square.cell == hill.cell
            ),
            None,
        )
        if king is None:
            return None
        winner = self.score(rules, king, "on the hill")
        if winner is not None:
            return winner
        after = self.moves_after(rules.state)
        if after:
            objective.hill_points[king] += 1
            if objective.hill_points[king] >= after:
                self.move_hill(rules, king, after)
        return None

    def move_hill(self, rules: Rules, king: int, after: int) -> None:
        """The hill moves to a respawn point rolled for, another square than its own (J-TAG-04's option)."""
        objective = _objective(rules)
        old = objective.hill
        assert old is not None
        points = rules.board.respawn_points
        while True:
            point = rules.roll_respawn_point(None, "the hill's new respawn point")
            if points[point].cell != old.cell:
                break
        objective.hill = points[point]
        objective.hill_points = [0] * len(rules.state.players)
        rules.emit(
            FragEventKind.HILL_MOVED,
            f"{rules.name(king)} has earned {after} point{'s' * (after != 1)} on the hill: it moves to respawn "
            f"point {point} ({points[point]})",
            player=king,
            square=points[point],
        )


MODES: dict[str, ScoringRule] = {
    FRAGS: FRAG_TARGET,
    TURN_TO_FRAG: TurnToFrag(),
    ONLY_ONE: OnlyOne(),
    KEEP_AWAY: KeepAway(),
    KING_OF_THE_HILL: KingOfTheHill(),
}
"""Each value of the `objective` option and the rule it plays (each holds nothing: one serves every game)."""


def _winning_score(options: Mapping[str, OptionValue], frag_target: int) -> tuple[ScoringRule, str | None]:
    """The scoring rule `options` name and the score that wins it, in words (`10 points` for a mode won by
    points, J-TAG-03/04; `3 frags` otherwise), with None for the name of plain Frag's frag target."""
    rule = scoring_rule(options)
    if isinstance(rule, PointsMode):
        return rule, rule.score_words(_number(options, TARGET, DEFAULT_TARGET))
    return rule, FRAG_TARGET.score_words(frag_target)


def goal_in_words(options: Mapping[str, OptionValue], frag_target: int) -> str:
    """What a game of Frag with `options` is played for, in a few words: the frag target (`to 3 frags`,
    F-WIN-01), after the mode's name where a Frag Tag mode is played (`A Turn To Frag, to 3 frags`), or the
    points of a mode won by points (`King of the Hill, to 10 points`, J-TAG-03/04)."""
    rule, score = _winning_score(options, frag_target)
    return f"to {score}" if rule is FRAG_TARGET else f"{rule.name}, to {score}"


def scoring_rule(options: Mapping[str, OptionValue]) -> ScoringRule:
    """The scoring rule a game's options name (`objective`; Frag's frag target when unset, as in a
    ruleset that does not offer the option)."""
    mode = options.get(OBJECTIVE, FRAGS)
    return MODES.get(mode, FRAG_TARGET) if isinstance(mode, str) else FRAG_TARGET


def winning_words(options: Mapping[str, OptionValue], frag_target: int) -> str:
    """What wins a game with `options` and `frag_target`, for the set-up's ready line: `first to 3 frags
    wins`; a frag mode named after it (`first to 3 frags wins (A Turn To Frag)`, J-TAG-01/02); a mode
    won by points says its points, not the frag target it ignores (`first to 10 points wins (King of
    the Hill)`, J-TAG-03/04)."""
    rule, score = _winning_score(options, frag_target)
    return f"first to {score} wins" + ("" if rule is FRAG_TARGET else f" ({rule.name})")
