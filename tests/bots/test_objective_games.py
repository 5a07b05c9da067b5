"""Whole games of Frag Tag's modes between bots (J-TAG-01..04), under base Frag and Frag Deadlands: the bots play
only legal actions, the engine keeps its promises after each (`check=True`), the games are won within the action
cap, and the bots are seen playing for the objective (taking the flag, scoring on the hill, "it" passing).

There Shall Be Only One (J-TAG-02) is the exception: between these bots "it" is almost never fragged (docs/bots.md,
"Frag Tag"), so its test plays a stretch of a game and checks whom the bots shoot instead of a winner.
"""

from __future__ import annotations

import random

import pytest

from fragtui.bots import BotWindow, HeuristicBot, make_bot, play_game
from fragtui.bots.frag_window import FragWindow
from fragtui.cli import main
from fragtui.content.library import new_game
from fragtui.engine.actions import Action
from fragtui.engine.config import make_config
from fragtui.engine.events import Event
from fragtui.engine.frag.actions import Attack
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset

RULESETS = ("frag", "deadlands")

MODE_EVENTS = {
    "turn-to-frag": FragEventKind.IT,
    "keep-away": FragEventKind.FLAG_TAKEN,
    "king-of-the-hill": FragEventKind.POINT_SCORED,
}
"""The event that shows each mode played for: "it" passing (fragged by a rival), the flag taken up, a point on
the hill."""


def mode_game(ruleset: str, mode: str, seed: int, players: int = 4) -> Game:
    """A new game of `mode` on the Pocket Arena: to 2 frags, or 5 points."""
    rng = random.Random(f"objective-game/{ruleset}/{mode}/{seed}")
    config = make_config(
        ruleset=ruleset,
        map="pocket",
        frag_target=2,
        options={"objective": mode, "target": 5},
        seats=find_ruleset(ruleset).random_seats(rng, players),
    )
    return new_game(config, seed)


@pytest.mark.rule("J-TAG-01")
@pytest.mark.rule("J-TAG-03")
@pytest.mark.rule("J-TAG-04")
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("mode", sorted(MODE_EVENTS))
def test_bots_win_games_of_each_mode_playing_for_its_objective(ruleset: str, mode: str) -> None:
    """Two games of the mode, two heuristic bots against two hunters (seats alternated): each is won, within the
    action cap, every action legal and every promise kept; the mode's event is seen (in A Turn To Frag, "it"
    passes at least once: the first "it" is named at the start, J-TAG-01)."""
    for seed in (1, 2):
        game = mode_game(ruleset, mode, seed)
        kinds = ["heuristic", "hunter"] * 2 if seed % 2 else ["hunter", "heuristic"] * 2
        bots = [make_bot(kind, seed * 16 + seat) for seat, kind in enumerate(kinds)]
        events: list[Event] = []
        report = play_game(game, bots, max_actions=4000, check=True, on_events=events.extend)
        assert report.winner is not None, (mode, ruleset, seed)
        assert any(e.kind is MODE_EVENTS[mode] for e in events), (mode, ruleset, seed)
        assert all(getattr(bot, "slips", 0) == 0 for bot in bots)


class Watched:
    """A heuristic bot whose attacks are watched: each time it could shoot "it" (not being "it") expecting to take
    a tenth of a Health or more (by the exact forecast: "it"'s +2 Health makes many shots hopeless), in its own
    turn (a shootout, D-SHOOT-02, names the target), whom it shot."""

    def __init__(self, seed: int) -> None:
        self.bot = HeuristicBot(seed)
        self.name = self.bot.name
        self.at_it = 0
        """Attacks at "it" when "it" could be attacked."""
        self.elsewhere = 0
        """Attacks at another fighter when "it" could be attacked."""

    def decide(self, window: BotWindow) -> Action:
        action = self.bot.decide(window)
        view = window.view()
        objective = view.objective
        it = objective.it if objective is not None else None
        legal = window.legal_actions()
        at_it = [a for a in legal if isinstance(a, Attack) and a.target == it and it != window.seat]
        hopeful = any(FragWindow.of(window).forecast(a).expected_loss >= 0.1 for a in at_it)
        if view.decision is None and isinstance(action, Attack) and hopeful:
            self.at_it += action.target == it
            self.elsewhere += action.target != it
        return action


@pytest.mark.rule("J-TAG-02")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_in_only_one_the_others_shoot_it_whenever_they_can__J_TAG_02(ruleset: str) -> None:
    """There Shall Be Only One, 800 actions of a game of heuristic bots (every promise checked): whenever a fighter
    who is not "it" shoots while a shot at "it" has a real chance to hurt him, he shoots "it" (only frags of "it"
    count)."""
    game = mode_game(ruleset, "only-one", 3)
    bots = [Watched(3 * 16 + seat) for seat in range(4)]
    play_game(game, bots, max_actions=800, check=True)
    assert sum(bot.at_it for bot in bots) >= 5
    assert sum(bot.elsewhere for bot in bots) == 0
    assert all(bot.bot.slips == 0 for bot in bots)


@pytest.mark.rule("J-TAG-03")
def test_simulate_seats_hunters_in_a_mode_and_the_heuristic_bots_win(capsys: pytest.CaptureFixture[str]) -> None:
    """`fragtui simulate --bots heuristic,hunter --option objective=keep-away`: the hunter is a kind simulate
    offers, and in two head-to-head games of Keep-Away to 3 points the bot that takes the flag up wins both."""
    argv = ["simulate", "--games", "2", "--players", "2", "--map", "pocket", "--bots", "heuristic,hunter"]
    assert main([*argv, "--option", "objective=keep-away", "--option", "target=3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    row = next(line.split() for line in out.splitlines() if line.split()[:1] == ["hunter"] and len(line.split()) > 3)
    assert row[1:3] == ["1", "0"]  # one seat, no wins
    heuristic = next(line.split() for line in out.splitlines() if line.split()[:1] == ["heuristic"])
    assert heuristic[1:3] == ["1", "2"]
