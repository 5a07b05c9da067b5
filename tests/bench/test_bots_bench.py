"""The strong bot's bench (fragtui/bench/bots.py): how it seats the bot under test. Its figures are measured by
running it, never here; what is tested is that its Ruthless part is fair by construction, as the issue asks
("seats swapped half the time")."""

from __future__ import annotations

from fragtui.bench.bots import bench_game, seated, strong_game


def test_ruthless_plays_each_deal_from_both_seats() -> None:
    for deal in range(3):
        first, second = seated("ruthless", 2 * deal), seated("ruthless", 2 * deal + 1)
        assert (first[1], second[1]) == (0, 1)
        assert first[2] == second[2] == bench_game("ruthless", deal)[2]
        assert first[3] == second[3] == deal
        assert first[0].state == second[0].state  # the same posses, map and dice: one deal


def test_the_heuristic_in_the_tested_seat_wins_exactly_one_game_of_each_deal() -> None:
    """Without the search the two games of a deal are one game (every bot seeded by the deal and its seat), so the
    tested seat's baseline is exactly the fair share, whatever the map or the posses drawn lean to."""
    for deal in range(4):
        won = [strong_game("ruthless", 2 * deal + seat, 1.0, search=False)[0] for seat in (0, 1)]
        assert sorted(won) == [False, True]


def test_frag_parts_go_round_the_table_as_before() -> None:
    for number in range(8):
        game, seat, map_name, seed = seated("frag", number)
        dealt, going_round, same_map = bench_game("frag", number)
        assert (seat, seed, map_name) == (going_round, number, same_map) and seat == number % 4
        assert game.state == dealt.state
