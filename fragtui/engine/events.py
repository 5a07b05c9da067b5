"""What happened: the events `Game.apply` returns, for the log, the interface and the tests.

One small model with a `kind` keeps the interface's code short (it matches on the kind and reads
the few fields it needs) and every event carries its sentence for the log, written by the engine
so the interface never recomputes a rule to describe it. An event may hold a secret (the card a
player drew): `card` and `private_text` are then meant for `secret_for` only, and
`Event.seen_by(seat)` gives the copy any other seat may see.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from fragtui.engine.board import Square
from fragtui.engine.dice import Roll
from fragtui.engine.fighters import FighterId

__all__ = ["Event", "EventKind"]


class EventKind(StrEnum):
    """The kinds of events, named as DESIGN.md names them."""

    FIRST_PLAYER = "FirstPlayer"
    PLACED = "Placed"
    TURN_BEGAN = "TurnBegan"
    DICE_ROLLED = "DiceRolled"
    RESPAWNED = "Respawned"
    BUMPED = "Bumped"
    MOVEMENT_ROLLED = "MovementRolled"
    MOVED = "Moved"
    TELEPORTED = "Teleported"
    GRABBED = "Grabbed"
    """A tentacle beast grabbed a fighter passing its tentacles and dragged him to its mouth (D-MAP-02)."""
    POWER_UP = "PowerUpChecked"
    CARD_DRAWN = "CardDrawn"
    DECK_EMPTY = "DeckEmpty"
    SHUFFLED = "Shuffled"
    ATTACKED = "Attacked"
    HIT = "Hit"
    MISSED = "Missed"
    ATTACK_HELD = "AttackHeld"
    SHOOTOUT = "Shootout"
    POKER_HAND = "PokerHand"
    MALFUNCTION = "Malfunction"
    REACTED = "Reacted"
    PASSED = "Passed"
    DAMAGED = "Damaged"
    ARMOR_LOST = "ArmorLost"
    HEALED = "Healed"
    FRAGGED = "Fragged"
    FRAG_SCORED = "FragScored"
    FRAG_WITHHELD = "FragWithheld"
    """A frag that scores nothing in the game's mode (Frag Tag, J-TAG-01..04), and why."""
    HANGED = "Hanged"
    """A fragged fighter was hanged on a gallows square (D-GAL-01)."""
    LEFTOVERS = "Leftovers"
    PICKED_UP = "PickedUp"
    CARD_PLAYED = "CardPlayed"
    RELOADED = "Reloaded"
    DROPPED = "Dropped"
    DISCARDED = "Discarded"
    EXPIRED = "Expired"
    OUT_OF_PLAY = "OutOfPlay"
    TURN_ENDED = "TurnEnded"
    IT = "It"
    """Frag Tag (J-TAG-01, J-TAG-02): a fighter is "it" now (the first player at set-up, or who fragged "it")."""
    FLAG_TAKEN = "FlagTaken"
    """Keep-away (J-TAG-03): a fighter took up the flag."""
    FLAG_DROPPED = "FlagDropped"
    """Keep-away (J-TAG-03): the flag was put down, or dropped where its holder was fragged."""
    HILL_MOVED = "HillMoved"
    """King of the hill (J-TAG-04): the hill moved to a respawn point (the `hill-moves` option)."""
    POINT_SCORED = "PointScored"
    """Keep-away or king of the hill (J-TAG-03, J-TAG-04): a fighter scored a point at a turn's end."""
    INITIATIVE = "Initiative"
    """Ruthless (R-SEQ-01): the picked cards are revealed together and the order of the turn set."""
    NERVE = "Nerve"
    """Ruthless (R-TOUGH-01, R-COUR-01): a model kept or lost his nerve, or got his courage up."""
    KNOCKED_OUT = "KnockedOut"
    """Ruthless (R-HIT-01, R-UNC-01): a model was knocked unconscious, or came round."""
    KILLED = "Killed"
    """Ruthless (R-HIT-02): a model or a horse was killed."""
    SKEDADDLED = "Skedaddled"
    """Ruthless (R-SKED-01): a posse skedaddled (or was wiped out) and the scenario ends."""
    UNDONE = "Undone"
    WON = "Won"


class Event(BaseModel):
    """One thing that happened, with its sentence for the log."""

    model_config = ConfigDict(frozen=True)

    kind: EventKind
    """What happened."""
    text: str
    """The sentence anyone may read (`Ann rolls 2 Speed dice: 3+5 = 8 movement points`)."""
    player: FighterId | None = None
    """The fighter it is about (the mover, the attacker, the one who drew: his player, for what a player
    does); in base Frag a fighter is numbered as his player's seat."""
    other: FighterId | None = None
    """A second fighter: the target, the one who bumped, the one who scored."""
    roll: Roll | None = None
    """The dice, for events that rolled them."""
    square: Square | None = None
    """Where it happened or where a fighter went."""
    card: str | None = None
    """The card involved (a secret when `secret_for` is set)."""
    amount: int | None = None
    """A number: movement points, Health lost or healed, frags."""
    secret_for: int | None = None
    """When set, `card` and `private_text` are for this seat's eyes only."""
    private_text: str | None = None
    """The sentence the `secret_for` seat reads instead of `text` (`You draw the Shotgun`)."""

    def seen_by(self, seat: int | None) -> Event:
        """This event as `seat` may see it (None: a spectator who sees only what is public)."""
        if self.secret_for is None or self.secret_for == seat:
            return self
        return self.model_copy(update={"card": None, "private_text": None})

    def text_for(self, seat: int | None) -> str:
        """The sentence `seat` reads."""
        if self.secret_for is not None and self.secret_for == seat and self.private_text:
            return self.private_text
        return self.text

    def __str__(self) -> str:
        return self.text
