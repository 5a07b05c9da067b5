"""The dice: seeded and reproducible, saved and resumed exactly, scripted for tests."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.dice import Dice, DiceExhaustedError, DiceState, Pcg32, Roll
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.state import GameState

# The reference output of the PCG C library's pcg32-demo (seed 42, stream 54), round 1:
# six 32-bit numbers, then 65 coin flips (bound 2), then 33 die rolls (bound 6, plus 1).
PCG_STATE_AFTER_SEEDING = 1753877967969059832
PCG_NUMBERS = [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]
PCG_COINS = "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT"
PCG_ROLLS = [3, 4, 1, 1, 2, 2, 3, 2, 4, 3, 2, 4, 3, 3, 5, 2, 3, 1, 3, 1, 5, 1, 4, 1, 5, 6, 4, 6, 6, 2, 6, 3, 3]

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def test_pcg32_matches_the_reference_implementation() -> None:
    rng = Pcg32.seeded(42, 54)
    assert (rng.state, rng.inc) == (PCG_STATE_AFTER_SEEDING, 109)
    assert [rng.next_u32() for _ in range(6)] == PCG_NUMBERS
    assert "".join("H" if rng.below(2) else "T" for _ in range(65)) == PCG_COINS
    assert [rng.below(6) + 1 for _ in range(33)] == PCG_ROLLS


def test_dice_faces_are_the_reference_bounded_draws() -> None:
    rng = Pcg32.seeded(7, 54)
    expected = [rng.below(6) + 1 for _ in range(40)]
    dice = Dice(7, stream=54)
    assert [face for _ in range(8) for face in dice.roll(5, "test").dice] == expected


@given(seed=seeds, counts=st.lists(st.integers(min_value=0, max_value=6), max_size=10))
def test_same_seed_gives_the_same_rolls(seed: int, counts: list[int]) -> None:
    first, second = Dice(seed), Dice(seed)
    assert [first.roll(n, "a") for n in counts] == [second.roll(n, "a") for n in counts]


def test_different_seeds_and_streams_give_different_rolls() -> None:
    rolls = {Dice(seed).roll(20, "x").dice for seed in range(20)}
    assert len(rolls) == 20
    assert Dice(1, stream=0).roll(20, "x") != Dice(1, stream=1).roll(20, "x")


@given(seed=seeds, before=st.integers(min_value=0, max_value=30), after=st.integers(0, 30))
def test_state_round_trip_through_json_continues_the_sequence(seed: int, before: int, after: int) -> None:
    original = Dice(seed)
    original.roll(before, "before the save")
    saved = original.state.model_dump_json()
    assert DiceState.model_validate_json(saved) == original.state
    assert DiceState.model_validate_json(saved).model_dump_json() == saved
    resumed = Dice.from_state(DiceState.model_validate_json(saved))
    assert resumed.roll(after, "after") == original.roll(after, "after")
    assert resumed.state == original.state
    assert resumed.rolled == before + after


def test_state_counts_dice_and_a_saved_state_is_not_changed_by_later_rolls() -> None:
    dice = Dice(99)
    snapshot = dice.state
    dice.roll(3, "x")
    assert snapshot.rolled == 0
    assert dice.state.rolled == 3
    assert Dice.from_state(snapshot).roll(3, "x") == Dice(99).roll(3, "x")


def test_state_rejects_values_the_generator_cannot_hold() -> None:
    with pytest.raises(ValidationError):
        DiceState(seed=0, pcg=2**64)
    with pytest.raises(ValidationError):
        DiceState(seed=-1, pcg=0)
    with pytest.raises(ValidationError):
        DiceState(seed=0, pcg=0, script=(7,))
    with pytest.raises(ValueError, match="seed"):
        Dice(-1)


def test_every_roll_is_recorded_in_the_history() -> None:
    dice = Dice.scripted([6, 1, 4, 2])
    dice.roll(2, "Accuracy vs range 5")
    dice.roll(0, "defence at Health 0")
    assert dice.roll_one("power-up check") == 4
    assert dice.history == [
        Roll(dice=(6, 1), total=7, reason="Accuracy vs range 5"),
        Roll(dice=(), total=0, reason="defence at Health 0"),
        Roll(dice=(4,), total=4, reason="power-up check"),
    ]
    assert str(dice.history[0]) == "Accuracy vs range 5: 6+1 = 7"


def test_scripted_dice_roll_in_order() -> None:
    dice = Dice.scripted([6, 1, 4])
    assert dice.is_scripted
    assert dice.roll(2, "Speed").dice == (6, 1)
    assert dice.roll_one("power-up check") == 4
    assert dice.rolled == 3


def test_scripted_dice_exhaustion_says_how_many_were_scripted_and_what_was_asked() -> None:
    dice = Dice.scripted([6, 1, 4])
    dice.roll(2, "Speed")
    with pytest.raises(DiceExhaustedError) as caught:
        dice.roll(2, "damage")
    message = str(caught.value)
    assert "3 faces were scripted" in message
    assert "2 already rolled" in message
    assert "1 remain" in message
    assert "2 were asked for 'damage'" in message
    assert isinstance(caught.value, RuntimeError)
    # Nothing was consumed: the remaining die is still there.
    assert dice.roll_one("last") == 4
    with pytest.raises(DiceExhaustedError):
        dice.roll_one("one too many")


def test_scripted_dice_survive_a_state_round_trip() -> None:
    dice = Dice.scripted([2, 3, 5])
    dice.roll_one("first")
    resumed = Dice.from_state(DiceState.model_validate_json(dice.state.model_dump_json()))
    assert resumed.is_scripted
    assert resumed.roll(2, "rest").dice == (3, 5)
    with pytest.raises(DiceExhaustedError, match="3 faces were scripted"):
        resumed.roll_one("more")


@pytest.mark.parametrize("faces", [[0], [7], [6, 1, -3], [1.5], [True]])
def test_scripted_faces_outside_one_to_six_are_rejected(faces: list[int]) -> None:
    with pytest.raises(ValueError, match="scripted die #"):
        Dice.scripted(faces)


def test_zero_dice_is_an_empty_roll_and_negative_is_an_error() -> None:
    dice = Dice(5)
    before = dice.state
    empty = dice.roll(0, "defence at Health 0")
    assert (empty.dice, empty.total) == ((), 0)
    assert dice.state == before  # no generator step for no dice
    assert Dice.scripted([]).roll(0, "nothing").total == 0
    with pytest.raises(ValueError, match="negative"):
        dice.roll(-1, "oops")


@given(seed=seeds)
def test_faces_are_always_one_to_six_and_total_is_their_sum(seed: int) -> None:
    roll = Dice(seed).roll(12, "x")
    assert all(1 <= face <= 6 for face in roll.dice)
    assert roll.total == sum(roll.dice)


def test_a_roll_whose_total_is_not_the_sum_is_rejected() -> None:
    with pytest.raises(ValidationError, match="not the sum"):
        Roll(dice=(1, 2), total=4, reason="x")
    assert Roll.of([3, 3], "x") == Roll(dice=(3, 3), total=6, reason="x")


def test_seeded_faces_are_roughly_uniform() -> None:
    roll = Dice(2024).roll(6000, "many")
    counts = [roll.dice.count(face) for face in range(1, 7)]
    assert all(850 < count < 1150 for count in counts), counts


# -- dice with other numbers of sides (issue 14: d10 for Ruthless shooting) ---------------------------


def test_seeded_d10_faces_are_the_reference_bounded_draws() -> None:
    rng = Pcg32.seeded(11, 54)
    expected = [rng.below(10) + 1 for _ in range(30)]
    roll = Dice(11, stream=54).roll(30, "shooting", sides=10)
    assert roll.dice == tuple(expected)
    assert roll.sides == 10
    assert max(expected) > 6  # the sequence shows faces a d6 cannot


def test_a_d10_shows_every_face_from_one_to_ten_and_no_other() -> None:
    faces = Dice(2024).roll(2000, "shooting", sides=10).dice
    assert set(faces) == set(range(1, 11))


@given(seed=seeds, counts=st.lists(st.integers(min_value=0, max_value=6), max_size=10))
def test_d6_is_the_default_and_sides_six_rolls_the_same_faces(seed: int, counts: list[int]) -> None:
    plain, told = Dice(seed), Dice(seed)
    assert [plain.roll(n, "a") for n in counts] == [told.roll(n, "a", sides=6) for n in counts]
    assert plain.state == told.state


def test_d10_and_d6_rolls_draw_on_one_generator_in_turn() -> None:
    rng = Pcg32.seeded(5)
    d10 = [rng.below(10) + 1 for _ in range(3)]
    d6 = [rng.below(6) + 1 for _ in range(4)]
    dice = Dice(5)
    assert dice.roll(3, "shooting", sides=10).dice == tuple(d10)
    assert dice.roll(4, "Speed").dice == tuple(d6)
    assert dice.rolled == 7


def test_scripted_d10_dice_roll_faces_above_six() -> None:
    dice = Dice.scripted([9, 10, 3], sides=10)
    assert dice.roll(2, "shooting", sides=10) == Roll(dice=(9, 10), total=19, reason="shooting", sides=10)
    assert dice.roll_one("Speed") == 3  # a d10 script may still serve a d6 with a face a d6 shows
    assert repr(Dice.scripted([9], sides=10)) == "Dice.scripted([9], sides=10)"


def test_a_scripted_face_too_high_for_the_die_rolled_is_an_error_naming_it() -> None:
    dice = Dice.scripted([4, 9, 2], sides=10)
    dice.roll_one("first")
    with pytest.raises(ValueError, match=r"scripted die #2 is 9, but it is rolled as a d6 for 'Speed'"):
        dice.roll(2, "Speed")
    # Nothing was consumed: the same faces are still there for the die they were meant for.
    assert dice.rolled == 1
    assert dice.roll(2, "shooting", sides=10).dice == (9, 2)


@pytest.mark.parametrize(("faces", "sides"), [([11], 10), ([0], 10), ([7], 6), ([21], 20)])
def test_scripted_faces_outside_the_sides_are_rejected_at_once(faces: list[int], sides: int) -> None:
    with pytest.raises(ValueError, match=f"scripted die #1 is {faces[0]}: a face must be an int in 1..{sides}"):
        Dice.scripted(faces, sides=sides)


@pytest.mark.parametrize("sides", [1, 0, -6, True])
def test_a_die_needs_two_sides_or_more(sides: int) -> None:
    with pytest.raises(ValueError, match="2 or more"):
        Dice.scripted([1], sides=sides)
    with pytest.raises(ValueError, match="2 or more"):
        Dice(1).roll(1, "x", sides=sides)


def test_a_d6_roll_is_written_exactly_as_before_dice_had_sides() -> None:
    roll = Dice.scripted([6, 1]).roll(2, "Accuracy")
    assert roll.model_dump_json() == '{"dice":[6,1],"total":7,"reason":"Accuracy"}'
    assert Roll.model_validate_json('{"dice":[6,1],"total":7,"reason":"Accuracy"}') == roll
    assert str(roll) == "Accuracy: 6+1 = 7"


def test_a_d10_roll_records_its_sides_and_round_trips() -> None:
    roll = Dice.scripted([9, 3], sides=10).roll(2, "Shooting", sides=10)
    text = roll.model_dump_json()
    assert text == '{"dice":[9,3],"total":12,"reason":"Shooting","sides":10}'
    assert Roll.model_validate_json(text) == roll
    assert str(roll) == "Shooting (d10): 9+3 = 12"
    with pytest.raises(ValidationError, match="more than a d6 shows"):
        Roll(dice=(9,), total=9, reason="x")
    with pytest.raises(ValidationError, match="more than a d10 shows"):
        Roll.of([11], "x", sides=10)


def test_d10_scripted_dice_survive_a_state_round_trip_and_d6_states_read_as_before() -> None:
    dice = Dice.scripted([10, 7, 2], sides=10)
    dice.roll_one("first", sides=10)
    text = dice.state.model_dump_json()
    assert '"script_sides":10' in text
    resumed = Dice.from_state(DiceState.model_validate_json(text))
    assert resumed.roll(2, "rest", sides=10).dice == (7, 2)
    with pytest.raises(ValidationError, match="more than a d10 shows"):
        DiceState(seed=0, pcg=0, script=(11,), script_sides=10)
    assert DiceState(seed=0, pcg=0, script=(9,), script_sides=10).script == (9,)
    # d6 states (every save and pin so far) carry no new field.
    assert "sides" not in Dice.scripted([3]).state.model_dump_json()
    assert "sides" not in Dice(3).state.model_dump_json()


def test_a_game_state_holding_d10_dice_round_trips_through_json() -> None:
    config = make_config(
        map="pocket", seats=[{"name": n, "fighter": {"health": 2, "speed": 2, "accuracy": 3}} for n in ("Ann", "Bob")]
    )
    game = new_game(config, seed=3)
    game.state.dice = Dice.scripted([9, 10], sides=10).state
    again = GameState.model_validate_json(game.state.model_dump_json())
    assert again == game.state
    assert Dice.from_state(again.dice).roll(2, "shooting", sides=10).total == 19
    event = Event(kind=CommonEventKind.DICE_ROLLED, text="x", roll=Roll.of([9], "shooting", sides=10))
    assert Event.model_validate_json(event.model_dump_json()) == event
