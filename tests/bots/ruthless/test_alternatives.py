"""The heuristic Ruthless bot's next best answers (`RuthlessBot.alternatives`), which the strong bot weighs against
its best: the plans it weighed for the model it would move, best first, moves among them."""

from __future__ import annotations

from fragtui.bots import BotWindow, make_bot
from fragtui.bots.kinds import AnyGameHeuristic
from fragtui.bots.ruthless import RuthlessBot
from fragtui.bots.strong import candidates
from fragtui.engine.actions import EndTurn
from fragtui.engine.game import Game
from fragtui.engine.ruthless.actions import MoveTo
from fragtui.engine.ruthless.sequence import Phases
from tests.bots.helpers import seeded_ruleset_game


def _activations(game: Game, count: int) -> int:
    """The first `count` decisions of a posse's activation (R-ACT-01) with two answers or more, in a game played
    by heuristic bots, each checked as it comes: the bot's answer first among its alternatives, ending the
    activation last, each legal and none twice. Returns how many were checked."""
    bots = [make_bot("heuristic", seat) for seat in range(len(game.state.players))]
    found = 0
    while found < count and not game.over:
        seat = game.decider()
        assert seat is not None
        window = BotWindow(game, seat)
        view = window.view()
        if view.phase == Phases.ACTIVATION and view.decision is None and len(window.legal_actions()) > 1:
            found += 1
            bot = RuthlessBot(1)
            best = bot.decide(window)
            others = bot.alternatives(window)
            assert others[0] == best, "the heuristic's answer is the first of its alternatives"
            assert others[-1] == EndTurn(), "ending the activation is weighed last"
            assert len(others) == len(set(others)) and all(game.is_legal(action) for action in others)
        game.apply(bots[seat].decide(window), seat)
    return found


def test_the_alternatives_are_the_plans_weighed_best_first_and_legal() -> None:
    game = seeded_ruleset_game("ruthless", "main-street", 2, 6, options={"sundown": 4})
    assert _activations(game, 25) == 25


def test_a_move_the_heuristic_weighed_is_among_the_alternatives_and_the_strong_bots_candidates() -> None:
    """A move is never weighed for its own sake (one step says little), but the first step of a plan the heuristic
    weighed (into cover, or to shoot from) is: the strong bot takes the alternatives right after the quick answer."""
    game = seeded_ruleset_game("ruthless", "dry-creek", 2, 7, options={"sundown": 6})
    bots = [make_bot("heuristic", seat) for seat in range(2)]
    while not game.over:
        seat = game.decider()
        assert seat is not None
        window = BotWindow(game, seat)
        heuristic = AnyGameHeuristic(1)
        quick = heuristic.decide(window)
        others = heuristic.alternatives(window)
        moves = [action for action in others[1:] if isinstance(action, MoveTo)]
        if moves and not isinstance(quick, MoveTo):
            chosen = candidates(window.legal_actions(), quick, 4, others[1:3])
            assert chosen[:3] == [quick, *others[1:3]]
            if moves[0] in others[1:3]:
                assert moves[0] in chosen
                return
        game.apply(bots[seat].decide(window), seat)
    raise AssertionError("no activation weighed a move beside another answer")


def test_no_alternatives_outside_an_activation() -> None:
    """The initiative card (R-SEQ-01) is weighed by kind, every card in hand: no plans to rank there."""
    game = seeded_ruleset_game("ruthless", "main-street", 2, 6, options={"sundown": 4})
    seat = game.decider()
    assert seat is not None
    window = BotWindow(game, seat)
    assert window.view().phase == Phases.INITIATIVE
    heuristic = AnyGameHeuristic(1)
    heuristic.decide(window)
    assert heuristic.alternatives(window) == []
    frag = seeded_ruleset_game("frag", "pocket", 4, 1)
    frag_seat = frag.decider()
    assert frag_seat is not None
    frag_window = BotWindow(frag, frag_seat)
    heuristic.decide(frag_window)
    assert heuristic.alternatives(frag_window) == [], "Frag's bot names none: the strong bot weighs its kinds"
