"""The strong computer player: it looks ahead, in worlds it imagines from its own view (issue 34).

At each decision it asks the heuristic bot for its quick answer first. A forced decision (one legal action), or
one where nothing but the quick answer is worth weighing, is answered so at once. Otherwise it searches, by
determinized Monte Carlo (Cowling, Powley & Whitehouse's "determinization" baseline in "Information Set Monte Carlo
Tree Search", 2012; OpenSpiel's `mcts` with heuristic rollouts), within a time budget (1 s by default):

1. *candidates*: the quick answer and a few other legal actions, one of each kind before a second of any (another
   target, another card, ending the turn now, another pick); never a move, since the heuristic's walk already
   weighs where to go and one step alone says little, and against a step of the quick answer's only a shot;
2. *worlds*: a world is built from its view and the table's public record alone (`WorldSampler.world_from_view`
   with `BotWindow.view` and `BotWindow.public_record`: the other hands, the deck orders and the dice drawn anew
   among what they could be, never read, never copied from the true state);
3. *rollouts*: in each world every candidate is applied, then the game is played on through the real engine by
   heuristic players in every seat to a horizon (the end of the turn after this one: in Frag the next player's, in
   Ruthless the next round of every posse's activations), and the outcome scored by the system's own measure
   (`WorldSampler.value`: the win, frags or points against the rivals', Health; in Ruthless the posses' strength,
   the strongbox). Every candidate meets the same worlds and the same dice (common random numbers), so their
   difference is the action's, not the luck's;
4. *choice*: the candidate of the best mean wins, but only if it leads the quick answer world by world by more than
   a margin (`margin`) and by more than `SURE` standard errors of that lead (a paired test): a few rollouts are
   noisy, the best of several noisy means is flattered by its luck, and the heuristic is a good player to fall
   back on (docs/bots.md has what looser tests did).

It never reads the true state: its worlds come from its view and the public record, and everything else it does is
through the real engine on those worlds. The same seed and the same view give the same decision when the number of
worlds is fixed (`worlds`, for tests and replays); under a time budget the number depends on the machine's speed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from fragtui.bots.kinds import AnyGameHeuristic
from fragtui.bots.window import BotWindow
from fragtui.bots.worlds import NoWorld, World, sampler_for, sampler_for_ruleset
from fragtui.engine.actions import Action

__all__ = ["DEFAULT_BUDGET", "SearchStats", "StrongBot"]

DEFAULT_BUDGET = 1.0
"""Seconds of thought a decision may take (the issue's default; each seat may have its own)."""
CANDIDATES = 4
"""Actions weighed at a decision, the quick answer included."""
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
ROLLOUT_CAP = 400
"""Actions a rollout plays at most (a horizon is reached long before)."""
HORIZONS = {"ruthless": 2}
"""The turns a rollout plays, the current one included, by ruleset; 2 for any other. Frag's turn is one player's, so 2
is the rest of this turn and the next player's (his reply); a Ruthless turn is every posse's activation, and 2 is the
rest of this one and the whole of the next: with 1 (measured in docs/bots.md) a rollout ended a few actions on, before
the enemy shot back, and the search chose shots over cover."""


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
    ) -> None:
        """A strong bot seeded with `seed`, thinking up to `budget` seconds a decision; with `worlds` it samples
        exactly that many worlds instead, whatever the time (its decisions are then reproducible)."""
        self._rng = random.Random(seed)
        self.quick = AnyGameHeuristic(seed)
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
        self.stats = SearchStats()
        """What its thinking has cost."""
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
            quick = self.quick.decide(window)
            choice = quick
            options = candidates(legal, quick, self.candidates) if len(legal) > 1 else [quick]
            if len(options) > 1:
                choice = self._search(window, options, start)
        finally:
            self.progress = None
        seconds = time.perf_counter() - start
        self.stats.decisions += 1
        self.stats.times.append(seconds)
        if len(options) > 1:
            self.stats.weighed.append(seconds)
        return choice

    def _search(self, window: BotWindow, options: list[Action], start: float) -> Action:
        """The candidate that scores best over the worlds it has time for (the quick answer `options[0]` unless
        another leads it by the margin)."""
        stats = self.stats
        deadline = start + self.budget
        horizon = self.horizon if self.horizon is not None else HORIZONS.get(window.ruleset(), 2)
        totals = [0.0] * len(options)
        leads = [0.0] * len(options)
        squares = [0.0] * len(options)
        sampled = 0
        view = window.view()  # (what it may know: its view, and what the whole table knows besides)
        record = window.public_record()
        sampler = sampler_for_ruleset(window.ruleset())
        if record is None or sampler is None:
            return options[0]
        while self.worlds is None or sampled < self.worlds:
            now = time.perf_counter()
            if self.worlds is None and sampled and now + (now - start) / sampled > deadline:
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
            values = [self._rollout(world, window.seat, option, seeds, horizon) for option in options]
            for n, value in enumerate(values):
                totals[n] += value
                leads[n] += value - values[0]
                squares[n] += (value - values[0]) ** 2
            sampled += 1
            done = sampled / self.worlds if self.worlds is not None else (time.perf_counter() - start) / self.budget
            self.progress = min(1.0, done)
        if sampled < 2:
            return options[0]  # one world says nothing of the luck: keep the quick answer
        stats.searched += 1
        best = max(range(len(options)), key=lambda n: (totals[n], -n))
        mean = leads[best] / sampled
        spread = max(0.0, squares[best] / sampled - mean * mean) * sampled / (sampled - 1)
        if best == 0 or mean <= self.margin or mean <= SURE * (spread / sampled) ** 0.5:
            return options[0]
        stats.changed += 1
        return options[best]

    def _rollout(self, world: World, seat: int, action: Action, seeds: Sequence[int], horizon: int) -> float:
        """`world` with `action` applied for `seat`, played on by heuristic players to `horizon` turns past the
        current one, valued for `seat`."""
        before = time.perf_counter()
        game = world.game()
        sampler = sampler_for(game.state)
        assert sampler is not None
        game.apply(action, seat)
        bots = [AnyGameHeuristic(seed) for seed in seeds]
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
        return value

    def __repr__(self) -> str:
        return f"StrongBot(budget={self.budget})"


def candidates(legal: Sequence[Action], quick: Action, count: int) -> list[Action]:
    """The quick answer, then other legal actions up to `count` in all: the first of each kind of action before the
    second of any, kinds in the order the legal actions list them; never a move (`MOVES`), and when the quick
    answer moves, only a shot (`WHILE_MOVING`). The quick answer alone: nothing worth weighing."""
    moving = type(quick).__name__ in MOVES
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kind = type(action).__name__
        if action != quick and kind not in MOVES and kind not in NEVER and (not moving or kind in WHILE_MOVING):
            kinds.setdefault(kind, []).append(action)
    ordered = list(kinds.items())
    chosen = [quick]
    depth = 0
    while len(chosen) < count and any(depth < len(actions) for _, actions in ordered):
        for _, actions in ordered:
            if depth < len(actions) and len(chosen) < count:
                chosen.append(actions[depth])
        depth += 1
    return chosen
