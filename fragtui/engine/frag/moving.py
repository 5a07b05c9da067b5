"""Moving on the board: steps, jumps, teleporters, teleport cards, and what entering a square does.

F-MOVE-02..04 (orthogonal steps, passing through fighters but never ending a turn or attacking in
their square, points tracked), F-JUMP-01..04, F-MAP-01 (acid: a 2-dice attack on entering),
F-MAP-05 (teleporters), F-PWR-01/02 (power-up checks, once per square per turn), F-RESP-03
(teleporting into an occupied square bumps).
"""

from __future__ import annotations

from fragtui.engine.board import Square, Terrain
from fragtui.engine.cards import GADGETS_DECK, WEAPONS_DECK
from fragtui.engine.decisions import WindowContext, WindowPoint
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.combat import Combat
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.house import GENERIC_POWER_UPS, JUMP_AFTER_COMMIT
from fragtui.engine.frag.map_house import ChoosePowerUp
from fragtui.engine.geometry import JUMP_COST_PER_SQUARE, MIN_JUMP, Move, MoveKind, Route
from fragtui.engine.odds import health_lost

__all__ = ["ACID_DICE", "JUMP_PAD_MOST", "POWER_UP_SUCCESS", "Moving"]

ACID_DICE = 2
"""Entering acid is an attack worth 2 dice (F-MAP-01)."""
JUMP_PAD_MOST = 6
"""The most squares a jump pad's die adds: how far a jump committed to before the roll may be declared
(H-JUMP-01 with `jump-after-commit`)."""
POWER_UP_SUCCESS = 4
"""A power-up check draws a card on 4–6 (F-PWR-01)."""
_POWER_UP_DECKS = {Terrain.WEAPON_POWER_UP: WEAPONS_DECK, Terrain.GADGET_POWER_UP: GADGETS_DECK}
POWER_UP_TABLE = {4: GADGETS_DECK, 5: WEAPONS_DECK}
"""The house table of a generic power-up square (H-PWR-01): 3 or less nothing, 4 a gadget, 5 a weapon,
6 or more the player's choice."""
POWER_UP_CHOICE = 6
"""From this roll on, a generic power-up gives the player's choice of a weapon or a gadget (H-PWR-01)."""


class Moving(Combat):
    """Movement and the squares it enters."""

    def moves(self, seat: int) -> list[Move]:
        """Every single move `seat` may make now with the points he has left."""
        player = self.player(seat)
        points = self.turn_policy.movement(seat)
        if player.square is None or points < 1:
            return []
        # Every move found is affordable: a step or a hop costs 1, a jump of up to `max_jump` squares at most `points`.
        max_jump = min(self.speed(seat), points // JUMP_COST_PER_SQUARE)
        others = {p.square for s, p in enumerate(self.state.players) if s != seat and p.square is not None}
        found = self.board.geometry.moves(player.square, max_jump, self.impassable())
        thrown = self.pad_jumps(seat, max_jump)
        if thrown:
            found = [*found, *thrown]
        # A hop bumps the occupant away (F-RESP-03) and a teleporter is never a respawn point, so only a
        # step or a jump can leave him in another fighter's square: allowed if he could still get out of
        # it, as he may never end his turn there (F-MOVE-03). Steps and jumps end at most `reach`
        # squares away, so with every other fighter farther than that, there is nothing to check.
        reach = max(1, max_jump, *(move.distance for move in thrown))
        x, y = player.square.x, player.square.y
        if all(abs(other.x - x) + abs(other.y - y) > reach for other in others):
            return list(found)
        return [
            move
            for move in found
            if move.kind is MoveKind.HOP or move.to not in others or self.can_leave(seat, move.to, points - move.cost)
        ]

    def routes(self, seat: int) -> dict[Square, Route]:
        """Where `seat` could end his movement with the points he has left, and the cheapest way there.

        For the interface's highlighted squares and proposed path, and for bots: the squares
        reachable within the points (jumps up to his Speed), not counting the square he stands
        on nor any square another fighter stands in (he may pass through, never stop there,
        F-MOVE-03). Cheapest means fewest points, then fewest hazards. Each move of a route is
        still checked by `apply` when it is walked: a power-up, acid or a bump on the way may
        change what is left.
        """
        player = self.player(seat)
        points = self.turn_policy.movement(seat)
        if player.square is None or points < 1:
            return {}
        occupied = {p.square for p in self.state.players if p.square is not None}
        reach = self.board.geometry.reachable(player.square, points, self.speed(seat), self.impassable())
        return {square: route for square, route in reach.items() if square not in occupied}

    def pad_jumps(self, seat: int, own: int) -> list[Move]:
        """The jumps a jump pad adds for `seat` standing on it, beyond his own longest jump `own` (H-JUMP-01).

        A pad throws a fighter who entered it this turn (once per turn: entered again, it is floor)
        and who could jump at all (`own` at least 1: 2 points left): one die of squares farther. He
        pays for his own squares only (2 points each, F-JUMP-04); the pad's are free (`Move.thrown`).
        Without `jump-after-commit` the die was rolled on entering the pad, so the jumps offered are
        those it allows; with it, the die is rolled after the jump is chosen, so every jump up to 6
        squares farther is offered (`land`).
        """
        turn = self.turn_policy.record(seat)
        square = self.player(seat).square
        if own < 1 or square is None or turn.jump_pad != square or square not in turn.checked:
            return []
        extra = JUMP_PAD_MOST if self.house(JUMP_AFTER_COMMIT) else turn.jump_pad_die
        return [
            move._replace(thrown=move.distance - own)
            for move in self.board.geometry.jumps(square, own + extra, self.impassable())
            if move.distance > own
        ]

    def land(self, seat: int, move: Move) -> tuple[Square, str]:
        """Where a move ends, and what the log adds: its square, but for a jump from a jump pad with
        `jump-after-commit` (H-JUMP-01), whose die is rolled now that he is committed.

        Ruling H-JUMP-01: a committed jump that falls short (his own longest jump plus the die is less
        than the distance chosen) lands on the farthest square of its line the rolled distance reaches
        where a jump may land and no other fighter stands, and on the pad itself if there is none; the
        points of the jump chosen are spent all the same.
        """
        if move.kind is not MoveKind.JUMP or not move.thrown or not self.house(JUMP_AFTER_COMMIT):
            return move.to, ""
        die = self.roll(1, "jump pad (after committing to the jump)", seat).total
        reach = move.distance - move.thrown + die
        if move.distance <= reach:
            return move.to, f" (the pad throws {die}: far enough)"
        start = self.player(seat).square
        assert start is not None and move.direction is not None
        others = {p.square for s, p in enumerate(self.state.players) if s != seat and p.square is not None}
        for distance in range(reach, MIN_JUMP - 1, -1):
            to = self.board.geometry.jump(start, move.direction, distance, self.impassable())
            if to is not None and to not in others:
                return to, f" but the pad throws only {die}: falls short, {distance} squares"
        return start, f" but the pad throws only {die}: falls back onto the pad"

    def can_leave(self, seat: int, square: Square, points: int) -> bool:
        """Whether a fighter on `square` with `points` left can still reach a square of his own.

        Ruling F-MOVE-03: a move into an occupied square is refused when the fighter could not
        then get out of it, as he may never end his turn there.
        """
        if points < 1:
            return False
        occupied = {p.square for s, p in enumerate(self.state.players) if s != seat and p.square is not None}
        max_jump = min(self.speed(seat), points // JUMP_COST_PER_SQUARE)
        return self.board.geometry.reaches_besides(square, points, max_jump, occupied, self.impassable())

    def impassable(self) -> frozenset[tuple[int, int]]:
        """The squares (x, y) that no fighter may enter, pass through or jump over now, beyond what the
        map's walls stop: none in Frag. The hook for what the game state adds to the map (Frag
        Deadlands' gallows square with a hanged fighter, D-GAL-01); moves, routes and teleports ask it."""
        return frozenset()

    def move(self, seat: int, move: Move) -> None:
        """Spend the points, put the fighter on the square, and let the square act (F-MOVE-04)."""
        player = self.player(seat)
        self.turn_policy.spend_movement(seat, move.cost)
        left = self.turn_policy.movement(seat)
        to, landing = self.land(seat, move)
        player.square = to
        verb = {MoveKind.STEP: "steps", MoveKind.JUMP: "jumps", MoveKind.HOP: "teleports"}[move.kind]
        how = f" {move.direction}" if move.direction is not None else ""
        if move.kind is MoveKind.JUMP:
            how += f" {move.distance} squares" + (" from the jump pad" if move.thrown else "") + landing
        self.emit(
            CommonEventKind.MOVED,
            f"{player.name} {verb}{how} to {to} ({left} movement left)",
            player=seat,
            square=to,
            amount=left,
        )
        if move.kind is MoveKind.HOP:
            self.arrive(seat, to)  # a teleporter hop is teleporting: an occupant is bumped (ruling)
        self.enter(seat, to)
        if WindowPoint.AFTER_STEP in self.windows:  # (a step is the commonest action: no context made for nobody)
            self.open_window(WindowPoint.AFTER_STEP, WindowContext(actor=seat, square=to))

    def teleport(self, seat: int, square: Square) -> None:
        """A teleport card: straight to any square, bumping its occupant (F-TURN-01, F-RESP-03)."""
        player = self.player(seat)
        player.square = square
        self.emit(FragEventKind.TELEPORTED, f"{player.name} teleports to {square}", player=seat, square=square)
        self.arrive(seat, square)
        self.enter(seat, square)

    def teleport_squares(self, seat: int) -> list[Square]:
        """Where a teleport card may put `seat`: any square but his own and those no walk leads out
        of (`Geometry.walled_in`, ruling F-MAP-06), where he would be stuck, unseen, for good."""
        here = self.player(seat).square
        blocked = self.impassable()
        return [
            square
            for square in self.board.geometry.teleport_targets
            if square != here and (square.x, square.y) not in blocked
        ]

    def power_up_success(self, seat: int) -> int:
        """The lowest face on which `seat`'s power-up check draws a card: 4 (F-PWR-01). The seam for a
        fighter with another threshold (Frag Deadlands' Mad Scientist: 3, the Huckster: 5; D-FTR-03/04)."""
        return POWER_UP_SUCCESS

    def enter(self, seat: int, square: Square) -> None:
        """Entering a square: a counter may be picked up, a power-up is checked, acid attacks."""
        turn = self.turn_policy.record(seat)
        turn.may_pick_up = True
        terrain = self.board.cells[square.y][square.x].terrain
        deck = _POWER_UP_DECKS.get(terrain)
        if deck is not None and square not in turn.checked:
            turn.checked.append(square)
            face = self.roll(1, f"{deck.singular} power-up", seat).total
            found = face >= self.power_up_success(seat)
            self.emit(
                FragEventKind.POWER_UP,
                f"{self.name(seat)} checks the {deck.singular} power-up: {face}, "
                + ("a card!" if found else "nothing"),
                player=seat,
                square=square,
                amount=face,
            )
            if found:
                self.player(seat).record.power_ups += 1
                self.draw(seat, deck.name, "power-up")
        elif terrain is Terrain.POWER_UP and square not in turn.checked:
            turn.checked.append(square)
            self.generic_power_up(seat, square)
        turn.jump_pad, turn.jump_pad_die = None, 0  # (a pad throws only from where he stands)
        if terrain is Terrain.JUMP_PAD and square not in turn.checked:
            self.enter_jump_pad(seat, square)
        if terrain is Terrain.ACID:
            self.acid(seat)

    def generic_power_up(self, seat: int, square: Square) -> None:
        """A generic power-up square (`P`), checked once per turn as any power-up (F-PWR-02).

        With `power-up-table` (H-PWR-01) one die on the table: 3 or less nothing, 4 a gadget, 5 a
        weapon, 6 or more the player's choice. Ruling H-PWR-01: a fighter's own power-up threshold
        (4 in Frag; Frag Deadlands' Mad Scientist 3, Huckster 5) shifts the roll by its difference from
        4, so the table's "or less" and "or more" are reached. Without the house rule the square is the
        rulebook's check with the player's choice of deck: 4 or more (his threshold) a card, the
        weapon or gadget he chooses.
        """
        face = self.roll(1, "power-up", seat).total
        if self.house(GENERIC_POWER_UPS):
            total = face + POWER_UP_SUCCESS - self.power_up_success(seat)
            deck = POWER_UP_TABLE.get(total)
            choice = total >= POWER_UP_CHOICE
            shown = f"{face}" if total == face else f"{face} ({total} for {self.name(seat)})"
            outcome = f"a {deck.singular}!" if deck else "a card of their choice!" if choice else "nothing"
        else:
            deck = None
            choice = face >= self.power_up_success(seat)
            shown = f"{face}"
            outcome = "a card of their choice!" if choice else "nothing"
        self.emit(
            FragEventKind.POWER_UP,
            f"{self.name(seat)} checks the power-up: {shown}, {outcome}",
            player=seat,
            square=square,
            amount=face,
        )
        if deck is not None:
            self.player(seat).record.power_ups += 1
            self.draw(seat, deck.name, "power-up")
        elif choice:
            self.push(ChoosePowerUp(player=seat))

    def enter_jump_pad(self, seat: int, square: Square) -> None:
        """Entering a jump pad, once per turn (H-JUMP-01): the rulebook's way, its die is rolled now, so
        he knows how far it throws him before he chooses to jump; with `jump-after-commit` it is rolled
        only once the jump is chosen (`land`)."""
        turn = self.turn_policy.record(seat)
        turn.checked.append(square)
        turn.jump_pad = square
        if not self.house(JUMP_AFTER_COMMIT):
            turn.jump_pad_die = self.roll(1, "jump pad: squares added to a jump from it", seat).total

    def choose_power_up(self, seat: int, deck: str) -> None:
        """The player's choice of a generic power-up: a card of the deck he chose (H-PWR-01)."""
        pending = self.state.pending.pop()
        assert isinstance(pending, ChoosePowerUp)
        self.player(seat).record.power_ups += 1
        self.draw(seat, deck, "power-up")

    def acid(self, seat: int) -> None:
        """Acid: an attack worth 2 dice against the fighter's Health; no one scores if it frags (F-MAP-01)."""
        health = self.health(seat)
        defence = self.roll(health, f"defence against acid ({health} Health {'die' if health == 1 else 'dice'})", seat)
        burn = self.roll(ACID_DICE, "acid (2 dice)", seat)
        self.hurt(seat, health_lost(burn.total, defence.total), None, "acid", source="acid")
