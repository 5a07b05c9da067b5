"""The strong computer player: it looks ahead, in worlds it imagines from its own view (issue 34).

At each decision it asks the heuristic bot for its quick answer first. A forced decision (one legal action), or
one where nothing but the quick answer is worth weighing, is answered so at once. Otherwise it searches, by
determinized Monte Carlo (Cowling, Powley & Whitehouse's "determinization" baseline in "Information Set Monte Carlo
Tree Search", 2012; OpenSpiel's `mcts` with heuristic rollouts), within a time budget (1 s by default):

1. *candidates*: the quick answer, the heuristic's next best answers where it says what they are (in a Ruthless
   activation, the first steps of the other plans it weighed for the model it would move: a move into cover or to
   shoot from among them; `AnyGameHeuristic.alternatives`), and a few other legal actions, one of each kind before
   a second of any (another target, another card, ending the turn now, another pick); never a move for its own
   sake, since the heuristic's walk already weighs where to go and one step alone says little, and against a step
   of the quick answer's only a shot;
2. *worlds*: a world is built from its view and the table's public record alone (`WorldSampler.world_from_view`
   with `BotWindow.view` and `BotWindow.public_record`: the other hands, the deck orders and the dice drawn anew
   among what they could be, never read, never copied from the true state);
3. *rollouts*: in each world every candidate is applied, then the game is played on through the real engine by
   heuristic players in every seat to a horizon (`HORIZONS`: the end of this turn), and the outcome scored by the
   system's own measure (`WorldSampler.value`: the seat's chance to win from there, fitted on self-play,
   `fragtui.bots.win_chance`; in Ruthless over the turn end's skedaddle rolls at their exact odds,
   `fragtui.bots.ruthless.worlds.turn_end_value`). Every candidate meets the same worlds and the same dice (common
   random numbers), so their difference is the action's, not the luck's;
4. *exact odds*: an attack's worlds are weighed by its exact chance to hit (`Game.forecast`, through
   `FragWindow.forecast`): the hits count `p / share of hits` each and the misses `(1 - p) / share of misses`
   (post-stratification, `stratified`), so the few worlds' luck on its own to-hit roll does not decide;
5. *choice*: the candidates are compared by their (weighed) mean rollout value; the best wins, but only if it leads
   the quick answer world by world by more than a margin (`margin`) and by more than `SURE` standard errors of that
   lead (a paired test): a few rollouts are noisy, the best of several noisy means is flattered by its luck, and the
   heuristic is a good player to fall back on (docs/bots.md has what looser tests did);
6. *pruning*: candidates come in the heuristic's order (`ordered`: the quick answer, then shots by the heuristic's
   worth of a shot); when its budget holds fewer than `ENOUGH` worlds for them all (judged by the moving mean of a
   rollout's cost), the last are dropped, down to two.

It never reads the true state: its worlds come from its view and the public record, and everything else it does is
through the real engine on those worlds. The same seed and the same view give the same decision when the number of
worlds is fixed (`worlds`, for tests and replays); under a time budget the number depends on the machine's speed.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from fragtui.bots.frag_window import FragWindow
from fragtui.bots.kinds import AnyGameHeuristic
from fragtui.bots.walks import Walk, Walking, is_walk_moment, play, walks
from fragtui.bots.weights import DEFAULT_WEIGHTS, Weights
from fragtui.bots.window import BotWindow
from fragtui.bots.worlds import NoWorld, World, sampler_for, sampler_for_ruleset
from fragtui.engine.actions import Action
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack
from fragtui.errors import IllegalActionError

__all__ = ["DEFAULT_BUDGET", "SearchStats", "StrongBot"]

Candidate = Action | Walk
"""What a search weighs: a legal action, or a whole walk (`fragtui.bots.walks`)."""
_ROLLED = (CommonEventKind.HIT, CommonEventKind.MISSED)
"""The events that say how an attack's to-hit roll went."""
DEFAULT_BUDGET = 1.0
"""Seconds of thought a decision may take (the issue's default; each seat may have its own)."""
CANDIDATES = 4
"""Actions weighed at a decision, the quick answer included."""
WALKS = 2
"""Whole walks weighed besides, once a turn, when the quick answer begins a walk (`fragtui.bots.walks`)."""
MARGIN = 0.05
"""How much better than the quick answer (in the value's units, -1 to 1) another must score on average to be
chosen instead."""
SURE = 2.5
"""Standard errors of its mean lead over the quick answer (world by world) another must lead by to be chosen: with
three others weighed, each at 1.5 standard errors, luck alone changed about a quarter of the searched answers (and
the games were lost more often: docs/bots.md)."""
MOVES = ("Step", "Jump", "Hop", "MoveTo")
"""The kinds of action that only move (a step, a Ruthless move): never weighed against the quick answer (the
heuristic's walk already weighs where to go, and one step alone says little)."""
NEVER = ("Drop",)
"""Kinds never weighed against the quick answer: dropping a card in play (the heuristic drops one only for a
drawback that would leave a stat at 0, and a rollout's short horizon cannot see what the card would have done)."""
WHILE_MOVING = ("Attack", "Shoot")
"""The kinds weighed against a quick answer that moves: shooting now instead of walking on (a card played, blood
spent or the turn ended instead of a step is left to the heuristic, or every step would be searched)."""
ALTERNATIVES = 2
"""The heuristic's next best answers weighed first after its best, where it says what they are (Ruthless's
activations: `RuthlessBot.alternatives`), before one of each other kind of action."""
ENOUGH = 6
"""Worlds each candidate should meet within the budget: when the first world says fewer would fit, the last
candidates (in the heuristic's order, `ordered`) are dropped, down to the quick answer and one other."""
COST_MEMORY = 0.8
"""How much of the past the moving mean of a rollout's cost keeps at each world (the rest is the world's own)."""
ROLLOUT_CAP = 400
"""Actions a rollout plays at most (a horizon is reached long before)."""
HORIZONS = {"ruthless": 1, "frag": 1, "deadlands": 1}
"""The turns a rollout plays, the current one included, by ruleset; 2 for any other. 1: the rest of this turn, then
the position is valued by the seat's chance to win as the heuristic players would play on (`fragtui.bots.win_chance`),
which already weighs who moves next; a rollout a third as long gives three times the worlds, and in Frag it won 61
of 200 games at 12 worlds where the hand-made value to the end of the next player's turn won 46 at 6, for the same
time (docs/bots.md, "A value learned from games"). A Ruthless turn is every posse's activation and ends with the
skedaddle rolls, weighed at their exact odds (`fragtui.bots.ruthless.worlds.turn_end_value`): to this turn's end
(37 of 60 games at 6 worlds) or the next's (32 of 60) made no difference beyond luck, and this one is 2.5 times
cheaper (docs/bots.md, "Ruthless: the rolls weighed, the chance learned")."""


@dataclass
class SearchStats:
    """What the bot's thinking has cost so far (the benchmark prints it)."""

    decisions: int = 0
    """Decisions answered."""
    searched: int = 0
    """Decisions it searched (the rest answered at once by the heuristic)."""
    changed: int = 0
    """Searched decisions where it chose other than the quick answer."""
    worlds: int = 0
    """Worlds sampled."""
    rollouts: int = 0
    """Games played forward from a world."""
    rollout_actions: int = 0
    """Actions applied in rollouts."""
    sample_seconds: float = 0.0
    """Seconds spent sampling worlds (the clones and deals)."""
    rollout_seconds: float = 0.0
    """Seconds spent in rollouts (the clone for each, the engine, the heuristic players)."""
    pruned: int = 0
    """Searched decisions where candidates were dropped for time (`ENOUGH`)."""
    stratified: int = 0
    """Candidates (attacks) whose value was weighed by the exact chance to hit rather than by the worlds' luck."""
    walks: int = 0
    """Whole walks weighed as candidates (`fragtui.bots.walks`)."""
    walked: int = 0
    """Whole walks chosen over the quick answer (each also counted in `changed`)."""
    times: list[float] = field(default_factory=list)
    """Seconds of every decision, in order (the quick ones too)."""
    weighed: list[float] = field(default_factory=list)
    """Seconds of every decision with several candidates to weigh (a search begun), in order."""


class StrongBot:
    """A computer player that weighs its choices by playing imagined worlds forward (see the module)."""

    def __init__(
        self,
        seed: int,
        budget: float = DEFAULT_BUDGET,
        *,
        worlds: int | None = None,
        candidates: int = CANDIDATES,
        margin: float = MARGIN,
        horizon: int | None = None,
        walk_count: int = WALKS,
        weights: Weights = DEFAULT_WEIGHTS,
        rival_weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        """A strong bot seeded with `seed`, thinking up to `budget` seconds a decision; with `worlds` it samples
        exactly that many worlds instead, whatever the time (its decisions are then reproducible). Its quick answer,
        and its own seat in its rollouts, play the heuristic with `weights`; the other seats of its rollouts play it
        with `rival_weights` (`fragtui.bots.weights`)."""
        self._rng = random.Random(seed)
        self.weights = weights
        """What its own heuristic play (the quick answer, its seat in the rollouts) weighs choices by."""
        self.rival_weights = rival_weights
        """What the other seats of its rollouts weigh choices by: the default heuristic's, whom it plays against."""
        self.quick = AnyGameHeuristic(seed, weights=weights)
        """The heuristic player whose answer it starts from (and keeps, unless the search finds better)."""
        self.budget = budget
        """Seconds a decision may take."""
        self.worlds = worlds
        """Worlds sampled a decision, when fixed (None: as many as the budget allows)."""
        self.candidates = max(1, candidates)
        """Actions weighed at a decision."""
        self.margin = margin
        """The mean lead over the quick answer another action needs to be chosen."""
        self.horizon = horizon
        """Turns a rollout plays on (None: the ruleset's, `HORIZONS`)."""
        self.walk_count = walk_count
        """Whole walks weighed once a turn besides the candidates (`fragtui.bots.walks`; 0: none)."""
        self._walking: Walking | None = None
        """The walk it chose and is walking, move by move."""
        self._walks_weighed: tuple[int, int] | None = None
        """(seat, turn) whose walks have been weighed: once a turn."""
        self.stats = SearchStats()
        """What its thinking has cost."""
        self._rollout_cost: float | None = None
        """Seconds a rollout has taken lately (a moving mean over its searches): how many candidates and worlds the
        budget holds is judged by it before a world is begun, the first of a decision's too."""
        self.progress: float | None = None
        """While it decides, how far its thinking has gone (0 to 1: of its budget, or of its fixed worlds); None
        between decisions. Written by the thread that decides, read by an interface's (a float: no lock needed)."""

    @property
    def name(self) -> str:
        return "strong"

    def decide(self, window: BotWindow) -> Action:
        start = time.perf_counter()
        legal = window.legal_actions()
        if not legal:
            raise ValueError(f"seat {window.seat} has no decision to make now")
        self.progress = 0.0
        try:
            quick = self.quick.decide(window)  # (asked even while walking: it keeps its memory of the turn)
            walking = self._walking
            move = walking.next_move(window, legal) if walking is not None else None
            options: list[Candidate]
            if move is not None:
                options = [move]
            else:
                self._walking = None
                others = self.quick.alternatives(window)[:ALTERNATIVES] if len(legal) > 1 else []
                options = [*candidates(legal, quick, self.candidates, others)] if len(legal) > 1 else [quick]
                options += self._walks(window, quick)
            choice: Candidate = options[0]
            if len(options) > 1:
                choice = self._search(window, options, start)
        finally:
            self.progress = None
        seconds = time.perf_counter() - start
        self.stats.decisions += 1
        self.stats.times.append(seconds)
        if len(options) > 1:
            self.stats.weighed.append(seconds)
        if isinstance(choice, Walk):
            self.stats.walked += 1
            self._walking = Walking(choice, window.seat, window.view().turn_number, done=1)
            return choice.moves[0]
        return choice

    def _walks(self, window: BotWindow, quick: Action) -> list[Walk]:
        """Whole walks to weigh besides the quick answer: once a turn, when the quick answer begins a walk."""
        if self.walk_count <= 0 or not is_walk_moment(window, quick):
            return []
        turn = (window.seat, window.view().turn_number)
        if self._walks_weighed == turn:
            return []
        self._walks_weighed = turn
        found = walks(window, self.walk_count, besides=self.quick.walking_to(window.seat), weights=self.weights)
        self.stats.walks += len(found)
        return found

    def _search(self, window: BotWindow, options: list[Candidate], start: float) -> Candidate:
        """The candidate that scores best over the worlds it has time for (the quick answer `options[0]` unless
        another leads it by the margin and the paired test)."""
        stats = self.stats
        deadline = start + self.budget
        horizon = self.horizon if self.horizon is not None else HORIZONS.get(window.ruleset(), 2)
        view = window.view()  # (what it may know: its view, and what the whole table knows besides)
        record = window.public_record()
        sampler = sampler_for_ruleset(window.ruleset())
        if record is None or sampler is None:
            return options[0]
        options = ordered(window, options)
        if self.worlds is None and self._rollout_cost is not None:  # as many as the budget holds ENOUGH worlds for
            options = options[: self._affordable(len(options), deadline, self._rollout_cost)]
        chances = hit_chances(window, options)
        values: list[list[float]] = [[] for _ in options]
        hits: list[list[bool | None]] = [[] for _ in options]
        sampled = 0
        while self.worlds is None or sampled < self.worlds:
            now = time.perf_counter()
            if self.worlds is None and self._rollout_cost is not None:
                world_cost = self._rollout_cost * len(options)
                if now + world_cost > deadline:
                    break  # another world would not be weighed in time
            before = time.perf_counter()
            try:
                state = sampler.world_from_view(view, record, window.board, window.cards, self._rng)
            except NoWorld:
                break
            world = World(state, window.board, window.cards)
            stats.sample_seconds += time.perf_counter() - before
            stats.worlds += 1
            seeds = [self._rng.getrandbits(32) for _ in range(len(world.state.players))]
            for n, option in enumerate(options):
                value, hit = self._rollout(world, window.seat, option, seeds, horizon)
                values[n].append(value)
                hits[n].append(hit)
            sampled += 1
            cost = (time.perf_counter() - before) / len(options)
            self._rollout_cost = (
                cost if self._rollout_cost is None else COST_MEMORY * self._rollout_cost + (1 - COST_MEMORY) * cost
            )
            if sampled == 1 and self.worlds is None and len(options) > 2:  # too few worlds for them all: prune
                keep = self._affordable(len(options), deadline, cost)
                options, chances, values, hits = options[:keep], chances[:keep], values[:keep], hits[:keep]
            done = sampled / self.worlds if self.worlds is not None else (time.perf_counter() - start) / self.budget
            self.progress = min(1.0, done)
        if sampled < 2:
            return options[0]  # one world says nothing of the luck: keep the quick answer
        stats.searched += 1
        weighed = [stratified(values[n], hits[n], chances[n]) for n in range(len(options))]
        stats.stratified += sum(1 for n in range(len(options)) if weighed[n] is not values[n])
        means = [sum(column) / sampled for column in weighed]
        best = max(range(len(options)), key=lambda n: (means[n], -n))
        leads = [weighed[best][w] - weighed[0][w] for w in range(sampled)]
        mean = sum(leads) / sampled
        spread = sum((lead - mean) ** 2 for lead in leads) / (sampled - 1)
        if best == 0 or mean <= self.margin or mean <= SURE * (spread / sampled) ** 0.5:
            return options[0]
        stats.changed += 1
        return options[best]

    def _affordable(self, count: int, deadline: float, cost: float) -> int:
        """How many of `count` candidates (at least 2) can each meet `ENOUGH` worlds before `deadline` at `cost`
        seconds a rollout; a search pruned so is counted."""
        left = max(0.0, deadline - time.perf_counter())
        keep = max(2, min(count, int(left / max(1e-9, cost * ENOUGH))))
        self.stats.pruned += keep < count
        return keep

    def _rollout(
        self, world: World, seat: int, action: Candidate, seeds: Sequence[int], horizon: int
    ) -> tuple[float, bool | None]:
        """`world` with `action` applied for `seat`, played on by heuristic players to `horizon` turns past the
        current one, valued for `seat`; and whether `action`, an attack, hit (None: no attack, or not yet rolled)."""
        before = time.perf_counter()
        game = world.game()
        sampler = sampler_for(game.state)
        assert sampler is not None
        if isinstance(action, Walk):
            play(game, seat, action)
            hit = None
        else:
            hit = next((e.kind is CommonEventKind.HIT for e in game.apply(action, seat) if e.kind in _ROLLED), None)
        bots = [
            AnyGameHeuristic(seed, weights=self.weights if other == seat else self.rival_weights)
            for other, seed in enumerate(seeds)
        ]
        windows = [BotWindow(game, other) for other in range(len(seeds))]
        last = game.state.turn.number + horizon - 1
        played = 0
        while played < ROLLOUT_CAP and game.state.turn.number <= last:
            decider = game.decider()
            if decider is None:
                break
            game.apply(bots[decider].decide(windows[decider]))
            played += 1
        value = sampler.value(game, seat)
        stats = self.stats
        stats.rollouts += 1
        stats.rollout_actions += played
        stats.rollout_seconds += time.perf_counter() - before
        return value, hit

    def __repr__(self) -> str:
        return f"StrongBot(budget={self.budget})"


def ordered(window: BotWindow, options: list[Candidate]) -> list[Candidate]:
    """`options` in the heuristic's order: the quick answer first, then the attacks by the worth the heuristic gives a
    shot (expected Health lost + 2 x P(frag), by the exact forecast), then the rest as they came. The search drops
    from the end when it has time for too few worlds (`ENOUGH`)."""
    worth: dict[int, float] = {}
    if window.ruleset() != "ruthless":
        frag = FragWindow.of(window)
        for n, option in enumerate(options[1:], start=1):
            if isinstance(option, Attack):
                with contextlib.suppress(IllegalActionError):
                    forecast = frag.forecast(option)
                    worth[n] = float(forecast.expected_loss) + 2 * float(forecast.p_frag)
    shots = sorted(worth, key=lambda n: -worth[n])
    rest = [n for n in range(1, len(options)) if n not in worth]
    return [options[0], *(options[n] for n in shots), *(options[n] for n in rest)]


def hit_chances(window: BotWindow, options: Sequence[Candidate]) -> list[float | None]:
    """Each option's exact chance to hit (`Game.forecast`: an attack of Frag's, public information only); None for
    any other action, and in Ruthless (a shot of several rounds has no one chance to hit)."""
    chances: list[float | None] = [None] * len(options)
    if window.ruleset() == "ruthless":
        return chances
    frag = FragWindow.of(window)
    for n, option in enumerate(options):
        if isinstance(option, Attack):
            with contextlib.suppress(IllegalActionError):
                chances[n] = float(frag.forecast(option).p_hit)
    return chances


def stratified(values: list[float], hits: Sequence[bool | None], chance: float | None) -> list[float]:
    """An attack's values world by world, reweighted so that their mean weighs its hits and misses by the exact
    chance to hit (`chance`) instead of by how often the few worlds' dice hit: post-stratification on the attack's
    own to-hit roll, the one piece of luck the engine's forecast knows exactly. Each world in the hits' stratum
    counts `chance / share of hits`, each in the misses' `(1 - chance) / share of misses`; `values` itself (the
    same list) when there is no chance, a roll is unknown (a shootout came first) or a stratum has under 2 worlds."""
    if chance is None or None in hits:
        return values
    count = len(values)
    hit = sum(1 for h in hits if h)
    if hit < 2 or count - hit < 2:
        return values
    up, down = chance * count / hit, (1 - chance) * count / (count - hit)
    return [value * (up if h else down) for value, h in zip(values, hits, strict=True)]


def candidates(legal: Sequence[Action], quick: Action, count: int, others: Sequence[Action] = ()) -> list[Action]:
    """The quick answer, then `others` (the heuristic's next best answers, `AnyGameHeuristic.alternatives`: a move
    among them too, the first step of a plan it weighed), then other legal actions up to `count` in all: the first
    of each kind of action before the second of any, kinds in the order the legal actions list them; never a move
    (`MOVES`), and when the quick answer moves, only a shot (`WHILE_MOVING`). The quick answer alone: nothing worth
    weighing."""
    moving = type(quick).__name__ in MOVES
    chosen = [quick]
    for other in others:
        if other not in chosen and len(chosen) < count:
            chosen.append(other)
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kind = type(action).__name__
        if action not in chosen and kind not in MOVES and kind not in NEVER and (not moving or kind in WHILE_MOVING):
            kinds.setdefault(kind, []).append(action)
    ordered = list(kinds.items())
    depth = 0
    while len(chosen) < count and any(depth < len(actions) for _, actions in ordered):
        for _, actions in ordered:
            if depth < len(actions) and len(chosen) < count:
                chosen.append(actions[depth])
        depth += 1
    return chosen
