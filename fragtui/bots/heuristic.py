"""The heuristic bot: plays Frag the way a sensible player does, quickly, seeing only its own view.

Each decision is answered by the part of the bot that knows that kind of decision: the decisions
that interrupt a turn and the choice of a respawn point (`fragtui.bots.decisions`), phases 2 and
3 of its own turn (`fragtui.bots.turn`), with the map studied once per board
(`fragtui.bots.map_sense`), cards understood from their effects (`fragtui.bots.card_sense`),
the exact odds of a shot from the engine's forecast, and estimates of shots it could make
elsewhere (`fragtui.bots.tactics`, `fragtui.bots.planner`). In a Frag Tag mode, what the mode asks of
its fighter (whom to shoot, where to stand, the flag) comes from `fragtui.bots.objective`, the one
module that reads `view.objective`.

Its only randomness is a seeded generator for ties between equally good respawn points (and a
last-resort move), so a game of seeded bots is the same every time it is played. It remembers a little of its own turn
(the squares it crossed, the piles it took from, the way it is walking), kept per seat, so one
bot object may even play several seats.
"""

from __future__ import annotations

import random

from fragtui.bots import deadlands, decisions, realtime, turn
from fragtui.bots.frag_window import FragWindow
from fragtui.bots.map_sense import sense_of
from fragtui.bots.objective import goals_of
from fragtui.bots.planner import Plan
from fragtui.bots.situation import Memory, Situation
from fragtui.bots.weights import DEFAULT_WEIGHTS, Weights
from fragtui.bots.window import BotWindow
from fragtui.engine.actions import Action
from fragtui.engine.board import Square
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.frag.decisions import FragDecisionKind
from fragtui.engine.frag.state import Phase
from fragtui.engine.realtime.decisions import RealTimeDecisionKind

__all__ = ["HeuristicBot"]


class HeuristicBot:
    """A computer player that moves to shoot well, looks after its fighter, and plays its cards."""

    def __init__(self, seed: int, objective: bool = True, weights: Weights = DEFAULT_WEIGHTS) -> None:
        """A heuristic bot; `seed` settles its ties (same seed, same game: same choices). With `objective`
        False it ignores what a Frag Tag mode plays for and hunts frags as in Frag (the `hunter` kind: a
        yardstick for the objective-aware bot). `weights` are what it weighs its choices by
        (`fragtui.bots.weights`: the default computer player's unless told otherwise)."""
        self._rng = random.Random(seed)
        self._objective = objective
        self.weights = weights
        """What it weighs its choices by."""
        self._memories: dict[int, Memory] = {}
        self.slips = 0
        """Decisions whose first choice was not legal (and were answered with a safe one): a bug in
        the bot's reasoning, which the tests keep at 0."""

    @property
    def name(self) -> str:
        return "heuristic" if self._objective else "hunter"

    def decide(self, window: BotWindow) -> Action:
        legal = window.legal_actions()
        if not legal:
            raise ValueError(f"seat {window.seat} has no decision to make now")
        if len(legal) == 1:
            return legal[0]  # a roll, a respawn roll, a bump: nothing to weigh (and no square entered)
        view = window.view()
        memory = self._memories.setdefault(window.seat, Memory())
        memory.begin(view.turn_number)
        square = view.fighters[window.seat].square
        if square is not None and view.active == window.seat:
            memory.entered.add(square)
        goals = goals_of(view, window.seat) if self._objective else None
        sit = Situation(FragWindow.of(window), view, legal, sense_of(window.board), memory, goals, self.weights)
        deadlands.hex_user(sit)  # remember being offered a hex: the poker draw and jokers ask later
        action = self._choose(sit)
        if not sit.allows(action):  # a slip in the bot's reasoning must never stop a game
            self.slips += 1
            memory.plan = None
            end = sit.end
            return end if end is not None else legal[0]
        return action

    def walking_to(self, seat: int) -> Square | None:
        """Where the walk it is carrying out for `seat` this turn ends (None: none): the strong bot weighs other
        walks against it (`fragtui.bots.walks`)."""
        memory = self._memories.get(seat)
        plan = memory.plan if memory is not None else None
        return plan.goal if isinstance(plan, Plan) else None

    def _choose(self, sit: Situation) -> Action:
        match sit.view.decision:
            case FragDecisionKind.PLACE:
                return decisions.place(sit, self._rng)
            case FragDecisionKind.REACT:
                return decisions.react(sit)
            case FragDecisionKind.LAST_CHANCE:
                return decisions.last_chance(sit)
            case FragDecisionKind.CHOOSE_FROM_PILE:
                return decisions.choose_weapon(sit)
            case FragDecisionKind.DISCARD_DOWN:
                return decisions.discard(sit)
            case DeadlandsDecisionKind.POKER_DRAW:
                return deadlands.poker_draw(sit)
            case DeadlandsDecisionKind.POKER_KEEP:
                return deadlands.poker_keep(sit)
            case DeadlandsDecisionKind.JOKER:
                return deadlands.joker(sit)
            case DeadlandsDecisionKind.GALLOWS:
                return deadlands.gallows(sit)
            case DeadlandsDecisionKind.SHOOTOUT:
                return deadlands.shootout(sit)
            case DeadlandsDecisionKind.EXTRA_DIE:
                return deadlands.extra_die(sit)
            case RealTimeDecisionKind.RESPAWN:
                return decisions.respawn(sit, self._rng)
            case RealTimeDecisionKind.ORDERS:
                return realtime.orders(sit)
            case RealTimeDecisionKind.PICK_UP:
                return realtime.pick_up(sit)
            case RealTimeDecisionKind.ATTACKS:
                return realtime.attack(sit)
            case RealTimeDecisionKind.ANSWER:
                return realtime.answer(sit)
            case RealTimeDecisionKind.HAND_LIMIT:
                return decisions.discard(sit)
            case None:
                pass
            case _:
                return deadlands.fallback(sit)  # a kind it does not know: a sensible answer by the actions' types
        phase = sit.view.phase
        if phase is Phase.RESPAWN:
            return decisions.respawn(sit, self._rng)
        if phase is Phase.ROLL:
            return turn.roll(sit)
        return turn.act(sit, self._rng)

    def __repr__(self) -> str:
        args = [] if self._objective else ["objective=False"]
        if self.weights != DEFAULT_WEIGHTS:
            args.append(f"weights={self.weights!r}")
        return f"HeuristicBot({', '.join(args)})"
