"""A bot decides from what its player may know: the same position with different hidden cards,
deck orders and dice gets the same decision from it."""

from __future__ import annotations

import random

import pytest

from fragtui.bots import BotWindow, make_bot, play_game
from fragtui.engine.dice import Dice
from fragtui.engine.game import Game
from tests.bots.helpers import seeded_game


def scrambled(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game with everything `seat` cannot see changed: every other player's hand swapped
    for other cards of the same decks (same sizes), every draw pile reshuffled, other dice to come."""
    state = game.state.model_copy(deep=True)
    draw = state.decks.draw
    for other, player in enumerate(state.players):
        if other == seat:
            continue
        for n, card in enumerate(player.hand):
            pile = draw[game.cards[card].deck]
            if pile:
                k = rng.randrange(len(pile))
                player.hand[n], pile[k] = pile[k], card
    for pile in draw.values():
        rng.shuffle(pile)
    state.dice = Dice(rng.getrandbits(63)).state
    return Game.from_state(state, board=game.board, cards=game.cards)


def positions(map_name: str, players: int, seed: int, every: int) -> list[Game]:
    """Snapshots of a game between bots, every `every` actions."""
    game = seeded_game(map_name, players, seed)
    kinds = ["heuristic", "random"] * players
    bots = [make_bot(kinds[n], seed + n) for n in range(players)]
    snapshots: list[Game] = []
    count = 0

    def keep(_: object) -> None:
        nonlocal count
        count += 1
        if count % every == 0 and game.decider() is not None:
            snapshots.append(Game.from_state(game.state, board=game.board, cards=game.cards))

    play_game(game, bots, on_events=keep, max_actions=1500)
    return snapshots


@pytest.mark.parametrize("kind", ["heuristic", "random"])
@pytest.mark.parametrize(("map_name", "players", "seed"), [("pocket", 4, 3), ("foundry", 6, 5), ("desert", 3, 8)])
def test_hidden_cards_deck_order_and_dice_do_not_change_a_decision(
    kind: str, map_name: str, players: int, seed: int
) -> None:
    rng = random.Random(seed)
    snapshots = positions(map_name, players, seed, every=3)
    assert len(snapshots) >= 20
    differed = 0
    for n, game in enumerate(snapshots):
        seat = game.decider()
        assert seat is not None
        twin = scrambled(game, seat, rng)
        assert twin.view(seat) == game.view(seat), "the scrambling must change hidden things only"
        others = [s for s in range(players) if s != seat]
        differed += any(twin.state.players[o].hand != game.state.players[o].hand for o in others)
        first = make_bot(kind, n).decide(BotWindow(game, seat))
        second = make_bot(kind, n).decide(BotWindow(twin, seat))
        assert first == second, f"position {n}: {first} with the real hidden cards, {second} with others"
    assert differed >= len(snapshots) // 2, "most twins should hold other cards in the other hands"
