"""Random legal games and the promises every game keeps (OpenSpiel's `random_sim_test`).

`play_random_game` plays a game to its end choosing uniformly among the legal actions, and after
every action checks the invariants below; the test suite runs it over many seeds, player counts
and maps (tests/engine/test_random_games.py), and the save tests use it to write long games.

Invariants: no card is created or lost; the game is in a phase of its ruleset's turn structure and,
outside pending decisions, offers only the kinds of action that phase allows; every fighter has one
owner seat (`Ruleset.fighters`/`owner`/`fighters_of` agree); and whatever the ruleset promises (its `broken_promise`
hook: for Frag, a fighter ends a turn only on a square of his own, Health never exceeds its
maximum, frags only rise, the game ends exactly when someone reaches the target of the game's scoring
rule, whose own promises are checked too: the flag in one place, one seat "it"). The tests add: an
illegal action changes nothing; the state round-trips through JSON. It plays any ruleset, and every
objective it offers (`objective_modes`: Frag Tag's modes, J-TAG-01..04).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field

from fragtui.engine.actions import Action
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.game import Game
from fragtui.engine.rulesets import OptionValue, find_ruleset

__all__ = [
    "GameReport",
    "InvariantError",
    "check_invariants",
    "house_rules_of",
    "objective_modes",
    "play_random_game",
    "random_altered_cards",
    "random_house_rules",
    "real_time",
]


def house_rules_of(ruleset: str) -> list[str]:
    """The names of the house rules the ruleset `ruleset` offers (`Ruleset.house_rules`), in their order: every
    one that lands is played by the harness without a change here."""
    return list(find_ruleset(ruleset).house_rules())


def objective_modes(ruleset: str) -> list[str]:
    """The values of the `objective` option the ruleset `ruleset` offers besides its default (Frag Tag's
    modes, J-TAG-01..04), in their order: each mode that lands is played by the harness without a change
    here; none for a ruleset without the option."""
    rules = find_ruleset(ruleset)
    for spec in rules.options:
        if spec.name == rules.harness_modes:
            return [choice for choice in spec.choices if choice != spec.default]
    return []


def real_time(ruleset: str) -> dict[str, OptionValue]:
    """The ruleset's switch for another turn of its rules (`Ruleset.harness_real_time`: Real-Time Frag's
    `real-time`, J-RT-01..10) on, as a configuration's options; none for a ruleset without one. The harness's
    games of it are their own (tests/engine/test_random_games.py), so every other game is as it was."""
    switch = find_ruleset(ruleset).harness_real_time
    return {} if switch is None else {switch: True}


def random_house_rules(rng: random.Random, ruleset: str) -> dict[str, OptionValue]:
    """A random set of the ruleset's house rules switched on (each with even odds, from `rng`), as a
    configuration's options: so the random games play the switches in every combination over time."""
    return {name: True for name in house_rules_of(ruleset) if rng.random() < 0.5}


def random_altered_cards(rng: random.Random, ruleset: str) -> dict[str, OptionValue]:
    """The altered cards (J-ALT-01/02) on with even odds from `rng`, where the ruleset offers them, as a
    configuration's options: none when off. The two cards are Frag's set's, so a ruleset that does not play
    that set by default (Frag Deadlands) also gets the switch that mixes it in (the first switch whose
    `card_folders` holds Frag's set, `""`): the option then always has cards to alter. Apart from
    `random_house_rules` (its own draws), so the house-rule games of existing seeds are unchanged."""
    rules = find_ruleset(ruleset)
    altered = rules.harness_altered
    if altered is None or not any(spec.name == altered for spec in rules.options) or rng.random() >= 0.5:
        return {}
    options: dict[str, OptionValue] = {altered: True}
    if "" not in rules.card_folders(options):
        mixes = (
            spec.name for spec in rules.options if spec.default is False and "" in rules.card_folders({spec.name: True})
        )
        mix = next(mixes, None)
        if mix is not None:
            options[mix] = True
    return options


class InvariantError(AssertionError):
    """A promise of the engine was broken; the message says which, and after what."""


@dataclass
class GameReport:
    """What a random game did."""

    actions: int = 0
    """Actions applied."""
    turns: int = 0
    """Turns begun."""
    winner: int | None = None
    """The winning seat (None if the action limit was reached first)."""
    events: list[Event] = field(default_factory=list)
    """Every event, set-up first."""


def check_invariants(game: Game, before: object | None, cards: int, after: Action | None = None) -> None:
    """Raise `InvariantError` if the game breaks a promise (`before`: the ruleset's `promise_snapshot`
    taken before `after`). The kernel's promise (no card created or lost) is checked here, the ruleset's
    own (Health within its maximum, frags only rising, …) by its `broken_promise` hook."""
    where = f" after {after}" if after is not None else ""
    if game.card_count() != cards:
        raise InvariantError(f"{game.card_count()} cards in the game, not {cards}{where}")
    broken = _broken_kernel_promise(game)
    if broken is not None:
        raise InvariantError(f"{broken}{where}")
    with _reading(game):
        broken = game.rules.broken_promise(before, after)
    if broken is not None:
        raise InvariantError(f"{broken}{where}")


def _reading(game: Game) -> AbstractContextManager[object]:
    """The ruleset's `reading()` where it has one (Frag's `Core.reading`: each fighter's effects gathered once
    while nothing changes), else nothing. Checking a promise changes nothing, and Frag's asks each fighter's
    Health three times and his maximum once after every action: without it, each of those gathered every
    effect in play again, half the CPU time of a random Only One game (docs/performance.md)."""
    reading = getattr(game.rules, "reading", None)
    return reading() if callable(reading) else nullcontext()


def _broken_kernel_promise(game: Game) -> str | None:
    """The promises of every ruleset's data: the game is in a phase of its turn structure, and every
    fighter is owned by one seat, among whose fighters he is."""
    rules = game.rules
    if game.state.turn.phase not in rules.turn_structure:
        return f"the game is in phase {game.state.turn.phase!s}, which {rules.title}'s turn does not have"
    seats = range(len(game.state.players))
    owned = {fighter: seat for seat in seats for fighter in rules.fighters_of(seat)}
    if sorted(owned) != sorted(rules.fighters()):
        return f"the fighters {rules.fighters()} are not those the seats own ({sorted(owned)})"
    for fighter, seat in owned.items():
        if rules.owner(fighter) != seat:
            return f"fighter {fighter} is among seat {seat}'s but owned by seat {rules.owner(fighter)}"
    return None


def _phase_refuses(game: Game, actions: Sequence[Action]) -> Action | None:
    """A legal action of a kind the turn's phase does not allow (outside pending decisions), if any."""
    if game.state.pending:
        return None
    phase = game.rules.turn_structure.phase(game.state.turn.phase)
    return next((action for action in actions if not phase.allows_action(action)), None)


def play_random_game(
    game: Game,
    rng: random.Random,
    *,
    max_actions: int = 20_000,
    check: bool = True,
    on_events: Callable[[list[Event]], None] | None = None,
) -> GameReport:
    """Play `game` to its end with uniformly random legal actions, checking invariants after each. During a
    simultaneous choice a random one of the seats still choosing acts each time, so the choices come in every
    order (`fragtui.engine.choices`)."""
    report = GameReport(events=list(game.opening))
    cards = game.card_count()
    if check:
        check_invariants(game, None, cards)
    while report.actions < max_actions:
        deciders = game.deciders()
        if not deciders:
            break
        seat = deciders[0] if len(deciders) == 1 else rng.choice(deciders)
        actions = game.legal_actions(seat)
        if not actions:
            raise InvariantError(f"{game.rules.name(seat)} must decide but has no legal action")
        if check:
            refused = _phase_refuses(game, actions)
            if refused is not None:
                raise InvariantError(f"{refused} is offered in phase {game.state.turn.phase!s}, not allowed there")
        action = rng.choice(actions)
        before = game.rules.promise_snapshot() if check else None
        events = game.apply(action, seat)
        report.actions += 1
        report.events.extend(events)
        if on_events is not None:
            on_events(events)
        if check:
            check_invariants(game, before, cards, action)
    report.turns = game.state.turn.number
    report.winner = game.state.winner
    if report.winner is not None and not any(e.kind is CommonEventKind.WON for e in report.events):
        raise InvariantError("the game has a winner but no Won event")
    return report
