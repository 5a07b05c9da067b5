"""Shared set-ups for the Frag Tag tests (J-TAG-01..04): scenarios on the Pocket Arena under base Frag
and Frag Deadlands, and a pistol shot that frags.

The Pocket Arena (maps/pocket.map), x,y from 0 at the north-west: the flag square (F) at 6,3, acid at
5,5-6,6, respawn points 1 at 1,1, 2 at 10,1, 3 at 1,10 and 4 at 10,10. Ann stands at 2,4, Bob at 2,8
(range 4, in sight), Cat at 9,11, unless a test says otherwise.
"""

from __future__ import annotations

import textwrap

from fragtui.engine.actions import Pass, parse_action
from fragtui.engine.events import Event
from fragtui.engine.game import Game
from tests.conftest import game_from
from tests.rules.deadlands.test_fighters import deadlands

RULESETS = ("frag", "deadlands")
"""Every mode is played by both."""

CHARACTERS = ("huckster", "agency-operative", "indian-brave")
"""Frag Deadlands fighters for Ann, Bob and Cat: none who rolls at his turn's start (the Mad Scientist, the
Gunslinger's Hoyle's Book) or answers another's roll (the Saloon Gal), and no gallows on the Pocket Arena to
hang the Indian Brave on, so the same dice play the same under both rulesets."""

SHOT = [6, 6, 6, 1, 1, 6, 6]
"""Ann's pistol at Bob, range 4: 6+6+6 to hit, Bob's 1+1 defence, 6+6 damage: Bob, at Health 2, is fragged."""


def fighter(ruleset: str, seat: int, name: str, at: str | None, extra: str = "") -> str:
    """One `[[fighter]]` table (with a character of `CHARACTERS` under Frag Deadlands)."""
    lines = ["[[fighter]]", f'name = "{name}"']
    if at is not None:
        lines.append(f'at = "{at}"')
    if ruleset == "deadlands":
        lines.append(f'character = "{CHARACTERS[seat]}"')
    if extra:
        lines.append(extra)
    return "\n".join(lines) + "\n"


def tag_game(
    ruleset: str,
    mode: str,
    *,
    dice: list[int] | None = None,
    options: str = "",
    objective: str = "",
    top: str = "",
    ann: str = "2,4",
    bob: str | None = "2,8",
    cat: str | None = None,
    ann_extra: str = "",
    bob_extra: str = "",
    movement: int = 0,
    phase: str = "action",
) -> Game:
    """A game of `mode` on the Pocket Arena under `ruleset`, Ann's turn (phase 3 unless `phase` says):
    `objective` is the body of the scenario's `[objective]` table, `options` more options (`, target = 2`)."""
    lines = [f'options = {{ objective = "{mode}"{options} }}']
    if dice is not None:
        lines.append(f"dice = {dice}")
    lines.append(f'phase = "{phase}"')
    if phase == "action":
        lines.append(f"movement = {movement}")
    if top:
        lines.append(textwrap.dedent(top))
    if objective:
        lines.append("[objective]\n" + textwrap.dedent(objective))
    lines.append(fighter(ruleset, 0, "Ann", ann, ann_extra))
    lines.append(fighter(ruleset, 1, "Bob", bob, bob_extra))
    if cat is not None:
        lines.append(fighter(ruleset, 2, "Cat", cat))
    scenario = "\n".join(lines)
    return deadlands(scenario) if ruleset == "deadlands" else game_from(scenario)


def shoot_bob(game: Game) -> list[Event]:
    """Ann fires her pistol at Bob (the dice `SHOT`), and Bob plays nothing (no reaction, no cure)."""
    events = game.apply(parse_action("attack 1 pistol"))
    while game.decider() == 1 and Pass() in game.legal_actions():
        events += game.apply(Pass())
    return events


def texts(events: list[Event]) -> list[str]:
    return [event.text for event in events]
