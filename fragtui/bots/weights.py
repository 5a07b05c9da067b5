"""The heuristic bot's judgement in numbers: what it weighs, and how much, as one value per bot.

Every number the heuristic bot weighs its choices by (a power-up against a step, a rival's shots against a square,
a hit worth a reaction card) is a field of `Weights`. A bot is made with one (`HeuristicBot(seed, weights=...)`) and
hands it down with each decision (`Situation.weights`) to the parts that read it: `fragtui.bots.planner` (where to
walk), `fragtui.bots.turn` (what to do on its turn), `fragtui.bots.decisions` (reactions, respawn points) and
`fragtui.bots.tactics` (a shot's worth). The defaults, `DEFAULT_WEIGHTS`, are the numbers the bot has always played
by; another set is a different player of the same kind (the strong bot may seat one as its own, `StrongBot(weights=)`;
`fragtui.bench.tune_weights` searches for a better set by self-play and found none: docs/bots.md, "A tuned base
policy").

Numbers that only bound the bot's work (squares tried for a line of sight), the card worths of
`fragtui.bots.card_sense` (kept per card definition) and the Frag Tag modes' own (`fragtui.bots.objective`) stay
where they are.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from fragtui.bots.tactics import FRAG_WORTH

__all__ = ["DEFAULT_WEIGHTS", "Weights"]


@dataclass(frozen=True)
class Weights:
    """What the heuristic bot weighs its choices by (see the module). Worths are on the bot's one scale: Health a
    shot is expected to take, plus `frag_worth` for each whole chance of a frag."""

    # -- a shot's worth (fragtui.bots.tactics) --
    frag_worth: float = FRAG_WORTH
    """A frag's worth in Health: more than the Health it takes, because frags win games."""

    # -- where to walk (fragtui.bots.planner) --
    power_up_worth: float = 0.45
    """Crossing an unchecked power-up: an even chance of a card worth about 0.9 (F-PWR-01)."""
    step_cost: float = 0.005
    """A point of movement: only enough to prefer the shorter of two equal ways."""
    toward_power_up: float = 0.02
    """Worth of each point nearer a power-up, for the turns after this one (while the hand is short of cards)."""
    toward_prey: float = 0.05
    """Worth of each point nearer the rival hunted (walking), for the turns after this one: more than the power-ups,
    so a fighter parked on one still goes hunting."""
    well_stocked: int = 4
    """With this many cards in hand, power-ups no longer draw the fighter from afar."""
    exposure: float = 0.5
    """How much of a rival's possible attacks on the square the bot ends on it counts against it."""
    blood_worth: float = 0.8
    """A blood counter lying on a square it could end on: 1 Health, to spend at any time (F-FRAG-04)."""
    hunt_score: float = 0.3
    """Choosing whom to hunt: the pull of each frag a rival has scored (the one near winning is hunted first)."""
    hunt_distance: float = 0.02
    """Choosing whom to hunt: the push of each square between the fighter and a rival."""

    # -- its turn (fragtui.bots.turn) --
    move_for_better_shot: float = 1.15
    """Walk to another square before shooting only if the shot from there is worth this much more …"""
    move_for_shot_margin: float = 0.05
    """… plus this."""
    teleport_worth: float = 1.5
    """A teleport card is spent only for a shot at least this good (the turn's attacks together)."""
    pick_up_worth: float = 0.2
    """A counter on his square worth less than this is left where it lies."""
    offence_worth: float = 0.3
    """A card that makes this turn's attacks better is played only before a shot worth at least this."""
    extra_attack_worth: float = 0.3
    """A card for one more attack is played only for a shot worth at least this at a rival in sight."""
    defence_danger: float = 0.5
    """Defensive cards that last until his next turn are played when the rivals in sight threaten this much."""
    frag_tiebreak: float = 0.05
    """Choosing whom to shoot: the pull of each frag the target has scored, beside the shot's worth."""

    # -- decisions off the turn (fragtui.bots.decisions) --
    react_if_loss: float = 0.5
    """A hit expected to take at least this much Health is worth a reaction card."""
    react_if_frag: float = 0.15
    """So is a hit with at least this chance of a frag."""
    spawn_danger: float = 0.5
    """Choosing a respawn point: how much the rivals who would see a fighter there count against it."""

    def changed(self) -> dict[str, tuple[object, object]]:
        """The fields that differ from `DEFAULT_WEIGHTS`, each as (default, this)."""
        return {
            f.name: (getattr(DEFAULT_WEIGHTS, f.name), getattr(self, f.name))
            for f in fields(self)
            if getattr(self, f.name) != getattr(DEFAULT_WEIGHTS, f.name)
        }

    def __repr__(self) -> str:
        changes = ", ".join(f"{name}={new!r}" for name, (_, new) in self.changed().items())
        return f"Weights({changes})"


DEFAULT_WEIGHTS = Weights()
"""The numbers the heuristic bot plays by (the default computer player)."""
