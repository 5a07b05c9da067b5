"""The Western map: windows, tentacle beasts, the gallows and hanging (D-MAP-01..03, D-GAL-01).

- Windows (D-MAP-01) stop every step and jump but no line of sight: the board's geometry and sight
  already treat them so for every ruleset (`fragtui.engine.geometry`, `fragtui.engine.sight`).
- Beasts (D-MAP-02): entering a tentacle square (a step, a jump's landing, a teleport) forces an
  Accuracy check; 5 or less, and the beast drags the fighter into its mouth, his movement lost, and
  bites: an attack worth 3 dice against his Health, as acid is one worth 2 (F-MAP-01).
- The gallows (D-MAP-03, D-GAL-01): a blow of at least twice the Health the victim had left, if the
  frag follows, or any frag of the Indian Brave (D-FTR-07), lets the one who scored it hang him on a
  free gallows square (`Gallows`). He stays fragged (the frag counts, his leftovers lie where he fell)
  but hangs there: nobody may pass the square, he blocks sight as a fighter does, no attack or card
  reaches him, and at his next turn he starts play there, fresh, instead of respawning.

Under base Frag's rules tentacles, mouths and gallows are plain floor: all of this lives here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from fragtui.engine.actions import Action, Jump, Step
from fragtui.engine.board import Square, Terrain
from fragtui.engine.deadlands.abilities import Abilities
from fragtui.engine.deadlands.events import DeadlandsEventKind
from fragtui.engine.deadlands.gallows import Gallows
from fragtui.engine.deadlands.markers import DeadlandsMarkers
from fragtui.engine.decisions import ResponseWindow, WindowPoint
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import PlayCard
from fragtui.engine.frag.combat import HurtSource
from fragtui.engine.frag.decisions import LastChance
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.rules import Offer
from fragtui.engine.frag.state import Status
from fragtui.engine.odds import health_lost

__all__ = ["BEAST_BITE_DICE", "BEAST_GRABS_AT", "HANGING_FACTOR", "Western"]

BEAST_GRABS_AT = 5
"""An Accuracy check totalling this or less means the beast grabs the fighter (D-MAP-02)."""
BEAST_BITE_DICE = 3
"""The beast's bite: an attack worth 3 dice against the grabbed fighter's Health (D-MAP-02)."""
HANGING_FACTOR = 2
"""A frag hangs the victim when the blow took at least twice the Health he had left (D-GAL-01)."""


class Western(Abilities):
    """The Western map: windows, tentacle beasts, the gallows and hanging (D-MAP-01..03, D-GAL-01)."""

    WESTERN_OFFERS: ClassVar[tuple[tuple[tuple[type, ...], Offer], ...]] = ()
    """The kinds of action this part adds to the active player's turn, each with its offer (see
    `FragRules.OFFERS`): `DeadlandsRules` puts them before ending the turn."""
    WESTERN_WINDOWS: ClassVar[Mapping[WindowPoint, type[ResponseWindow]]] = {}
    """The response windows this part opens (`Ruleset.windows`), merged by `DeadlandsRules`."""

    # -- beasts (D-MAP-02) -------------------------------------------------------------------------------

    def enter(self, seat: int, square: Square) -> None:
        """Entering a square does what it does in Frag; a tentacle square forces the beast's Accuracy check.

        Ruling D-MAP-02: "passing through" is entering, however he got there (a step, a jump's landing,
        a teleport), each time he enters; a square jumped over is avoided (F-JUMP-02), and standing on
        a tentacle or leaving it does nothing. The mouth itself is harmless to enter.
        """
        super().enter(seat, square)
        cell = self.board.cells[square.y][square.x]
        if cell.terrain is Terrain.TENTACLE and cell.beast is not None and self.on_board(seat):
            self.beast_check(seat, cell.beast)

    def beast_check(self, seat: int, beast: int) -> None:
        """Roll the fighter's Accuracy dice (cards included); 5 or less and the beast grabs him (D-MAP-02)."""
        accuracy = self.accuracy(seat)
        reason = f"Accuracy check against the tentacle beast ({BEAST_GRABS_AT} or less: grabbed)"
        roll = self.roll(accuracy, reason, seat)
        if roll.total <= BEAST_GRABS_AT:
            self.grab(seat, beast)

    def grab(self, seat: int, beast: int) -> None:
        """Dragged at once to the beast's mouth, the rest of his movement lost, and bitten (D-MAP-02).

        Rulings D-MAP-02: the bite is an attack worth 3 dice against his Health (defence dice = his
        Health, as acid's 2 dice, F-MAP-01), credited to nobody (a frag by a beast scores no frag, as
        acid's); no shield stops it (it is neither a fighter's attack nor acid), armor takes its share.
        He is in the mouth before the bite, so a frag leaves his leftovers there. A fighter already in
        the mouth is bumped, as by a teleport (F-RESP-03). Cards played later this turn may still give
        him movement points: he lost those he had.
        """
        player = self.player(seat)
        mouth = Square(*self.board.beasts[beast].mouth)
        player.square = mouth
        self.turn_policy.lose_movement(seat)
        self.emit(
            DeadlandsEventKind.GRABBED,
            f"The tentacle beast grabs {player.name} and drags them into its mouth at {mouth}: "
            "the rest of their movement is lost",
            player=seat,
            square=mouth,
        )
        self.arrive(seat, mouth)
        dice = self.defence_dice(seat)
        defence = self.roll(dice, f"defence against the beast ({dice} Health {'die' if dice == 1 else 'dice'})", seat)
        bite = self.roll(BEAST_BITE_DICE, f"the beast's bite ({BEAST_BITE_DICE} dice)", seat)
        self.hurt(seat, health_lost(bite.total, defence.total), None, "the tentacle beast")

    # -- hanging (D-GAL-01) ------------------------------------------------------------------------------

    def hurt(
        self, seat: int, lost: int, by: int | None, cause: str, *, source: HurtSource = "other", piercing: bool = False
    ) -> None:
        """Frag's hurt; a blow that takes the fighter to Health 0 or less is marked hard (`Markers.hard_hit`)
        when it took at least twice the Health he had left, and was dealt by another fighter.

        Ruling D-GAL-01: "the damage scored" is the Health the blow took, after shields stopped their
        share and armor's share included (armor is Health, F-ATK-09); "the Health he had left" is his
        Health just before it, armor included (his own Health alone against a piercing blow, which
        armor does not stop). A blow on a fighter already at Health 0 or less changes nothing: the one
        that brought him there decides, as it names the one who scores (`LastChance.by`).
        """
        before = self._health_against(seat, piercing)
        super().hurt(seat, lost, by, cause, source=source, piercing=piercing)
        if before > 0 >= self.health(seat):
            taken = before - self._health_against(seat, piercing)
            scored = by is not None and by != seat
            self.player(seat).markers.of(DeadlandsMarkers).hard_hit = scored and taken >= HANGING_FACTOR * before

    def _health_against(self, seat: int, piercing: bool) -> int:
        return self.own_health(seat) if piercing else self.health(seat)

    def check_survival(self, seat: int) -> None:
        """A cure that brings him back above Health 0 also clears the hard blow: it frags nobody now."""
        super().check_survival(seat)
        if self.health(seat) > 0:
            self.player(seat).markers.of(DeadlandsMarkers).hard_hit = False

    def frag(self, seat: int, by: int | None, cause: str) -> None:
        """Frag's frag (it counts, F-FRAG-02; leftovers and the rest of D-RESP-01 where he fell); then,
        after a hard blow or for the Indian Brave, the one who scored chooses his gallows square.

        Rulings D-GAL-01: a frag nobody scores (acid, a beast, his own doing) hangs nobody. With no
        gallows square free (the desert has one; a map without any has none), the victim is fragged as
        usual and respawns at his next turn. The Indian Brave's killer *may* hang him (D-FTR-07), so he
        may also spare him; a hard blow hangs anyone.
        """
        markers = self.player(seat).markers.of(DeadlandsMarkers)
        hard = markers.hard_hit
        super().frag(seat, by, cause)  # (the mark read meanwhile by `respawns_at_once`, H-INSTANT-01)
        markers.hard_hit = False
        if self.over or by is None or by == seat or not (hard or self.always_hangable(seat)):
            return
        if not self.free_gallows():
            self.emit(
                CommonEventKind.PASSED,
                f"No gallows square is free: {self.name(seat)} is not hanged, and respawns as usual",
                player=by,
                other=seat,
            )
            return
        self.push(Gallows(player=by, victim=seat, optional=not hard))

    def respawns_at_once(self, seat: int, by: int | None) -> bool:
        """Ruling H-INSTANT-01 with D-GAL-01: the gallows win over instant respawn. A fighter his scorer
        may hang (a hard blow, or the Indian Brave, D-FTR-07) with a gallows square free waits for the
        scorer's choice instead; hanged, he starts play there at his next turn; spared, he respawns then."""
        hangable = (
            by is not None
            and by != seat
            and (self.player(seat).markers.of(DeadlandsMarkers).hard_hit or self.always_hangable(seat))
        )
        if hangable and self.free_gallows():
            return False
        return super().respawns_at_once(seat, by)

    def gallows(self) -> list[Square]:
        """The map's gallows squares (D-MAP-03: four at the end of Main Street, one at the desert's centre)."""
        return [Square(x, y) for x, y in self.board.cells_of(Terrain.GALLOWS)]

    def free_gallows(self) -> list[Square]:
        """The gallows squares nobody stands or hangs on."""
        taken = {p.square for p in self.state.players if p.square is not None}
        return [square for square in self.gallows() if square not in taken]

    def hang(self, seat: int, square: Square, by: int) -> None:
        """`seat`, fragged, goes to the gallows square `by` chose: he stays fragged there (`hanged`)."""
        self.state.pending.pop()
        player = self.player(seat)
        player.square = square
        player.markers.of(DeadlandsMarkers).hanged = True
        self.emit(
            DeadlandsEventKind.HANGED,
            f"{self.name(by)} hangs {player.name} on the gallows at {square}: nobody may pass there or see "
            f"through, and {player.name} starts play there next turn",
            player=seat,
            other=by,
            square=square,
        )

    def spare(self, seat: int, by: int) -> None:
        """`by` does not hang the Indian Brave he fragged (D-FTR-07): he respawns as usual."""
        self.state.pending.pop()
        self.emit(
            CommonEventKind.PASSED,
            f"{self.name(by)} spares {self.name(seat)} the gallows: {self.name(seat)} respawns as usual",
            player=by,
            other=seat,
        )
        if super().respawns_at_once(seat, by):  # (H-INSTANT-01: spared, he respawns now)
            self.instant_respawn(seat)

    def is_hanged(self, seat: int) -> bool:
        """Whether `seat`'s fighter hangs on the gallows (fragged, on his gallows square)."""
        player = self.player(seat)
        return (
            player.markers.of(DeadlandsMarkers).hanged and player.status is Status.FRAGGED and player.square is not None
        )

    def stays_on_board(self, seat: int) -> bool:
        """A hanged fighter stays on his gallows square while he is fragged (D-GAL-01)."""
        return self.is_hanged(seat) or super().stays_on_board(seat)

    def broken_promise(self, before: object | None, after: Action | None) -> str | None:
        """Frag's promises, and the gallows': a hanged fighter is fragged, on a gallows square of his own;
        a hard blow is marked only on a fighter at his last chance (D-GAL-01)."""
        broken = super().broken_promise(before, after)
        if broken is not None:
            return broken
        for seat, player in enumerate(self.state.players):
            if player.markers.of(DeadlandsMarkers).hanged:
                square = player.square
                if player.status is not Status.FRAGGED or square is None:
                    return f"{player.name} is hanged but {player.status.value} at {square}"
                if self.board.cells[square.y][square.x].terrain is not Terrain.GALLOWS:
                    return f"{player.name} hangs at {square}, which is no gallows square"
                other = self.occupant(square, besides=seat)
                if other is not None:
                    return f"{self.name(other)} stands on the gallows {player.name} hangs on"
            waiting = any(isinstance(p, LastChance) and p.player == seat for p in self.state.pending)
            if player.markers.of(DeadlandsMarkers).hard_hit and not waiting and not self.over:
                return f"{player.name} is marked for a hard blow with no last chance pending"
        return None

    def impassable(self) -> frozenset[tuple[int, int]]:
        """No fighter may enter, pass or jump over a gallows square with a fighter hanging on it (D-GAL-01;
        ruling: a jump passes through the squares it goes over, and a teleport may not land there)."""
        hanged = frozenset(
            p.square.cell for p in self.state.players if p.markers.of(DeadlandsMarkers).hanged and p.square is not None
        )
        return hanged | super().impassable() if hanged else super().impassable()

    def why_illegal(self, action: Action) -> str:
        """Frag's reasons, and the gallows' own: a step, jump or teleport refused because a hanged fighter
        is in the way says so (D-GAL-01)."""
        hanged_on = self._gallows_in_the_way(action)
        if hanged_on is not None:
            who = self.name(next(s for s in self.seats() if self.player(s).square == hanged_on))
            return f"{action}: {who} hangs on the gallows at {hanged_on}, and nobody may pass there"
        return super().why_illegal(action)

    def _gallows_in_the_way(self, action: Action) -> Square | None:
        """The hanged fighter's square that `action` of the active player would enter or jump over, if any."""
        blocked = self.impassable()
        here = self.player(self.turn_policy.active()).square
        if not blocked or self.state.pending or here is None:
            return None
        if isinstance(action, PlayCard) and action.to is not None:
            return action.to if action.to.cell in blocked else None
        if not isinstance(action, Step | Jump):
            return None
        square: Square | None = here
        for _ in range(action.distance if isinstance(action, Jump) else 1):
            square = self.board.geometry.step(square, action.direction) if square is not None else None
            if square is not None and square.cell in blocked:
                return square
        return None

    def may_enter_play(self, holder: int, card: str) -> bool:
        """No card is played on a hanged fighter: he "can't be attacked or affected in any way" until his
        next turn (D-GAL-01). (Attacks and blasts pass him by already: he is not in play.)"""
        return not self.player(holder).markers.of(DeadlandsMarkers).hanged and super().may_enter_play(holder, card)

    def return_to_play(self, seat: int) -> None:
        """A hanged fighter starts his turn on his gallows square instead of respawning, as fresh as a
        respawned one (starting stats; his cards went at the frag, F-RESP-02), and may pick up a counter
        there as a respawned fighter may on his respawn point (D-GAL-01)."""
        if self.is_hanged(seat):
            player = self.player(seat)
            player.markers.of(DeadlandsMarkers).hanged = False
            player.status = Status.IN_PLAY
            player.damage = 0
            self.turn_policy.record(seat).may_pick_up = True
            self.emit(
                FragEventKind.RESPAWNED,
                f"{player.name} starts play on the gallows at {player.square}, instead of respawning",
                player=seat,
                square=player.square,
            )
        super().return_to_play(seat)
