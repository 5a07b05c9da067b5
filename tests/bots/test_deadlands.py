"""Bots play Frag Deadlands: whole games with only legal actions and the engine's promises kept, on the
desert and the town with 4 to 6 players; the heuristic bot beats random ones; `fragtui simulate --ruleset
deadlands` plays headless. (Its choices in set positions: tests/bots/test_deadlands_choices.py.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fragtui.bots import BOT_KINDS, Bot, BotWindow, HeuristicBot, make_bot, play_game
from fragtui.cli import main
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.deadlands.roster import CHARACTERS
from fragtui.engine.frag.target import frag_target
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset
from fragtui.saves.loading import load_game
from tests.bots.helpers import seeded_ruleset_game
from tests.bots.test_hidden_information import scrambled

SETUPS = [
    ("desert", 4, 1),
    ("desert", 5, 2),
    ("desert", 6, 3),
    ("town", 4, 4),
    ("town", 5, 5),
    ("town", 6, 6),
]


def _kinds(players: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    kinds = [rng.choice(BOT_KINDS) for _ in range(players)]
    kinds[seed % players] = "heuristic"  # at least one bot that hunts, so the game ends
    return kinds


@pytest.mark.parametrize(("map_name", "players", "seed"), SETUPS)
def test_bots_play_deadlands_with_legal_actions_only__D_FTR_01(map_name: str, players: int, seed: int) -> None:
    """Every seat a different fighter (D-FTR-01); every choice through the checked `apply`, the engine's
    invariants checked after each action, the heuristic bot never slipping, and the game replays."""
    game = seeded_ruleset_game("deadlands", map_name, players, seed, frag_target=1 + seed % 2)
    characters = [seat.character for seat in game.state.config.seats]
    assert len(set(characters)) == players
    bots: list[Bot] = [make_bot(kind, seed * 10 + n) for n, kind in enumerate(_kinds(players, seed))]
    report = play_game(game, bots, check=True)
    assert report.winner is not None, f"no winner after {report.actions} actions"
    assert report.seats[report.winner].frags == frag_target(game.state.config)
    assert [s.character for s in report.seats] == characters
    assert all(bot.slips == 0 for bot in bots if isinstance(bot, HeuristicBot))
    assert game.replay().state == game.state


def test_bots_play_deadlands_with_the_frag_set_mixed_in__D_CARD_06() -> None:
    """`mixed-sets`: base Frag's cards shuffled into the decks (wild in poker hands); bots of both kinds play
    a whole game with every invariant checked, and it replays."""
    game = seeded_ruleset_game("deadlands", "desert", 5, 11, frag_target=2, options={"mixed-sets": True})
    assert game.state.config.options == {"mixed-sets": True}
    bots: list[Bot] = [make_bot(kind, 110 + n) for n, kind in enumerate(_kinds(5, 11))]
    report = play_game(game, bots, check=True)
    assert report.winner is not None
    assert all(bot.slips == 0 for bot in bots if isinstance(bot, HeuristicBot))
    frag_cards = {card.id for card in game.cards if card.suit is None and not card.joker}
    assert frag_cards, "the Frag set is in the game"
    assert game.replay().state == game.state


@pytest.mark.parametrize("kind", ["heuristic", "random"])
@pytest.mark.parametrize(("map_name", "players", "seed"), [("desert", 6, 21), ("town", 4, 22)])
def test_hidden_cards_deck_order_and_dice_do_not_change_a_deadlands_decision(
    kind: str, map_name: str, players: int, seed: int
) -> None:
    """As for Frag (tests/bots/test_hidden_information.py): positions of a Deadlands game between bots, poker
    draw included, each given a twin that differs only in what the deciding seat cannot see (other hands,
    deck orders, dice to come); either kind of bot decides the same in both."""
    game = seeded_ruleset_game("deadlands", map_name, players, seed)
    bots: list[Bot] = [make_bot(["heuristic", "random"][n % 2], seed + n) for n in range(players)]
    snapshots: list[Game] = []
    count = 0

    def keep(_: object) -> None:
        nonlocal count
        count += 1
        if count % 3 == 0 and game.decider() is not None:
            snapshots.append(Game.from_state(game.state, board=game.board, cards=game.cards))

    play_game(game, bots, on_events=keep, max_actions=900)
    assert len(snapshots) >= 20
    assert any(s.view(None).decision is DeadlandsDecisionKind.POKER_DRAW for s in snapshots)
    rng = random.Random(seed)
    differed = 0
    for n, position in enumerate(snapshots):
        seat = position.decider()
        assert seat is not None
        twin = scrambled(position, seat, rng)
        assert twin.view(seat) == position.view(seat), "the scrambling must change hidden things only"
        others = [s for s in range(players) if s != seat]
        differed += any(twin.state.players[o].hand != position.state.players[o].hand for o in others)
        first = make_bot(kind, n).decide(BotWindow(position, seat))
        second = make_bot(kind, n).decide(BotWindow(twin, seat))
        assert first == second, f"position {n}: {first} with the real hidden cards, {second} with others"
    assert differed >= len(snapshots) // 2, "most twins should hold other cards in the other hands"


def _heuristic_wins(map_name: str, players: int, games: int) -> int:
    wins = 0
    for seed in range(games):
        game = seeded_ruleset_game("deadlands", map_name, players, 200 + seed)
        seat = seed % players  # the heuristic bot takes every seat (and so every fighter) in turn
        bots: list[Bot] = [make_bot("heuristic" if n == seat else "random", seed * 10 + n) for n in range(players)]
        wins += play_game(game, bots).winner == seat
    return wins


def test_one_heuristic_bot_beats_three_random_ones_at_deadlands() -> None:
    """Measured over 200 games (docs/bots.md). Here 16 games on each Deadlands map: a random bot's
    share would be 25%, 4 of 16."""
    assert _heuristic_wins("desert", 4, games=16) >= 14
    assert _heuristic_wins("town", 4, games=16) >= 14


def test_simulate_plays_deadlands_headless(capsys: pytest.CaptureFixture[str]) -> None:
    """`fragtui simulate --ruleset deadlands`: one game names each seat's fighter; several give the win
    rate per fighter, each fighter at most once a game."""
    argv = ["simulate", "--ruleset", "deadlands", "--map", "desert", "--players", "6", "--frag-target", "1"]
    assert main([*argv, "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "A game of Frag Deadlands on The Deadlands Desert, seed 4, to 1 frag" in out
    for sheet in CHARACTERS:
        assert sum(f"— {sheet.title}, " in line for line in out.splitlines()) == 1
    assert main([*argv, "--games", "4", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "4 games of Frag Deadlands, 6 players on The Deadlands Desert to 1 frag, seeds 4-7" in out
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["fighter", "games"])
    rows = [line.split() for line in lines[header + 1 : header + 7]]
    assert sorted(" ".join(row[:-6]) for row in rows) == sorted(sheet.title for sheet in CHARACTERS)
    assert all(row[-6] == "4" for row in rows)  # six players: every fighter plays every game
    assert sum(int(row[-5]) for row in rows) == 4  # one winner a game


def test_simulate_passes_the_rulesets_options__D_CARD_06(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--ruleset", "deadlands", "--option", "mixed-sets", "--map", "town", "--games", "2"]
    assert main([*argv, "--frag-target", "1"]) == 0
    assert "2 games of Frag Deadlands with mixed-sets, 4 players on The Deadlands Town" in capsys.readouterr().out


def test_simulate_gives_no_fighter_table_for_frag_or_mixed_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--map", "pocket", "--players", "2", "--frag-target", "1"]) == 0
    assert "fighter " not in capsys.readouterr().out
    argv = ["simulate", "--ruleset", "deadlands", "--map", "town", "--games", "2", "--frag-target", "1"]
    assert main([*argv, "--bots", "heuristic,random,random,random"]) == 0
    assert "fighter " not in capsys.readouterr().out


def test_simulated_deadlands_games_are_saved_and_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--save-dir`: each Deadlands game is a save that loads with its fighters and replays to its hash;
    `fragtui verify` names the rules and each player's fighter."""
    argv = ["simulate", "--ruleset", "deadlands", "--map", "desert", "--players", "5", "--games", "2"]
    assert main([*argv, "--frag-target", "1", "--save-dir", str(tmp_path)]) == 0
    for seed in (1, 2):
        game = load_game(tmp_path / f"desert-seed-{seed}.json")
        assert game.state.config.ruleset == "deadlands" and game.state.winner is not None
        assert len({seat.character for seat in game.state.config.seats}) == 5
    capsys.readouterr()
    assert main(["verify", str(tmp_path / "desert-seed-1.json")]) == 0
    out = capsys.readouterr().out
    assert "ok — " in out and "Frag Deadlands, map desert" in out
    game = load_game(tmp_path / "desert-seed-1.json")
    titles = {entry.key: entry.title for entry in find_ruleset("deadlands").roster()}
    for seat in game.state.config.seats:
        assert seat.character is not None and titles[seat.character] in out
