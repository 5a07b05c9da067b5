"""How a saved game is named in lists: `fragtui saves`, and the title screen's Resume and Replay lists.

A list shows a save without replaying it: who plays, where, how far it got, and where the players stand.
Where the rules are won at the frag target (Frag), that is each player's frags; where they are not (Ruthless,
`Ruleset.frag_target_played`), the frags mean nothing to a player, and each player is named with the posse
he leads instead (`Seat.posse`), as the set-up screen showed it.
"""

from __future__ import annotations

from fragtui.engine.rulesets import find_ruleset
from fragtui.errors import ConfigError
from fragtui.saves.format import SaveFile

__all__ = ["game_words", "resume_words", "standing_words"]


def _won_by_frags(save: SaveFile) -> bool:
    try:
        return find_ruleset(save.config.ruleset).frag_target_played
    except ConfigError:  # (a save's ruleset is checked when it is read; a list never fails on one)
        return True


def standing_words(save: SaveFile) -> str:
    """Where the players stand: each player's score in his game's words (`Ann 3 points (1 frag), Bob 1 point
    (0 frags)` in King of the Hill; Frag's frags by player, `Ann 1, Bob 0`, in a save that kept no such
    words); under rules not won by frags, each player with his posse (`Ann: The Lawmen, Bob: Ann's posse`)."""
    if _won_by_frags(save):
        scores = save.summary.scores
        if scores:
            return ", ".join(f"{name} {score}" for name, score in scores.items())
        return ", ".join(f"{name} {frags}" for name, frags in save.summary.frags.items())
    return ", ".join(f"{seat.name}: {seat.posse.name}" if seat.posse else seat.name for seat in save.config.seats)


def game_words(save: SaveFile) -> str:
    """What the game is played for and with, as its ruleset says it: `King of the Hill, to 10 points;
    options: wounds` (Frag), `for the strongbox, no sundown` (Ruthless)."""
    try:
        rules = find_ruleset(save.config.ruleset)
    except ConfigError:
        return save.config.ruleset
    goal = rules.goal_words(save.config.options, rules.target_of(save.config))
    options = rules.options_words(save.config.options)
    return f"{goal}; {options}" if options else goal


def resume_words(save: SaveFile) -> str:
    """One unfinished game in the title's Resume list: who plays, when it was saved, the map, the turn and
    where the players stand (`standing_words`); the players are not named twice where the standing names them."""
    when = save.updated[:16].replace("T", " ")
    standing = standing_words(save)
    if _won_by_frags(save):
        return f"{', '.join(save.players)} · {when} · {save.config.map} · turn {save.summary.turn} · {standing}"
    return f"{standing} · {when} · {save.config.map} · turn {save.summary.turn}"
