"""The turn: set-up placement, the four phases, respawning and bumping, and the end of a turn.

F-SETUP-02/03 (deal, roll for first player, place), F-TURN-01 (respawn check, roll for movement,
act, finish), F-RESP-01..03 (respawn roll, a fresh fighter, bump chains), F-CARD-03 (discard down
to 5 when the turn ends), F-CARD-08 (timed specials leave play at their owner's turn start).
"""

from __future__ import annotations

from fragtui.engine.board import Square
from fragtui.engine.cards import FlagName, ModStat, TriggerOn, TurnPart
from fragtui.engine.decisions import WindowContext, WindowPoint
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.core import Core
from fragtui.engine.frag.decisions import Bump, DiscardDown, PlaceFighter
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.house import PLACEMENT_ROLL, SCATTER
from fragtui.engine.frag.state import HAND_LIMIT, Phase, Status

__all__ = ["SCATTER_DIAGRAM", "Turns"]

SCATTER_DIAGRAM: tuple[tuple[str, tuple[int, int]], ...] = (
    ("A", (0, -1)),
    ("B", (1, 1)),
    ("C", (-1, 0)),
    ("D", (1, -1)),
    ("E", (0, 1)),
    ("F", (-1, -1)),
    ("G", (1, 0)),
    ("H", (-1, 1)),
)
"""H-SCATTER-01's diagram, letter by letter (A first), as (dx, dy) from the spawn point, north up: top
row F A D, middle row C (spawn) G, bottom row H E B (seed 002)."""


class Turns(Core):
    """Set-up, the phases of a turn, respawns and bumps."""

    # -- set-up -----------------------------------------------------------------------------------

    def deal(self) -> None:
        """Each player is dealt one card of each deck the game is played with, deck by deck (F-SETUP-02)."""
        for deck in self.state.decks.draw:
            for seat in self.seats():
                self.draw(seat, deck, "dealt at set-up")

    def roll_for_first_player(self) -> int:
        """Everyone rolls a die; the highest goes first, ties roll again among themselves (F-SETUP-03)."""
        contenders = list(self.seats())
        while len(contenders) > 1:
            faces = {seat: self.roll(1, "for first player", seat).total for seat in contenders}
            best = max(faces.values())
            contenders = [seat for seat in contenders if faces[seat] == best]
        first = contenders[0]
        self.place_from(first)
        return first

    def place_from(self, first: int) -> None:
        """`first` goes first: the players place their fighters, clockwise from him (F-SETUP-03). The seam
        where a ruleset that finds its first player otherwise (Frag Deadlands' poker hand, D-CARD-04)
        goes on with Frag's placement."""
        self.state.first = first
        self.emit(FragEventKind.FIRST_PLAYER, f"{self.name(first)} goes first", player=first)
        self.scoring().on_start(self, first)  # (Frag Tag: the first player is "it", ruling J-TAG-01)
        # Placing goes clockwise from the first player; the innermost decision is last on the stack.
        order = [(first + k) % len(self.state.players) for k in range(len(self.state.players))]
        for seat in reversed(order):
            self.push(PlaceFighter(player=seat))

    def free_respawn_points(self) -> list[int]:
        taken = {p.square for p in self.state.players if p.square is not None}
        return [n for n, square in self.board.respawn_points.items() if square not in taken]

    def places_by_roll(self) -> bool:
        """Whether set-up placement is rolled for instead of chosen (house rule H-PLACE-01)."""
        return self.house(PLACEMENT_ROLL)

    def place_by_roll(self, seat: int) -> None:
        """H-PLACE-01: `seat` rolls for his starting point; an occupied one gives the next free point in
        number order, cycling from the highest (6) back to 1 (seed 002: 3, 4 and 6 taken, a 3 starts on 5
        and then a 4 on 1)."""
        rolled = self.roll_respawn_point(seat, "placement")
        numbers = sorted(self.board.respawn_points)
        free = set(self.free_respawn_points())
        start = numbers.index(rolled)
        point = next(n for n in numbers[start:] + numbers[:start] if n in free)
        if point != rolled:
            self.emit(
                CommonEventKind.MOVED,
                f"{self.name(seat)} rolled respawn point {rolled}, which is taken: the next free one is {point}",
                player=seat,
            )
        self.place(seat, point)

    def place(self, seat: int, point: int) -> None:
        square = self.board.respawn_points[point]
        player = self.player(seat)
        player.square = square
        player.status = Status.IN_PLAY
        self.state.pending.pop()
        self.emit(
            FragEventKind.PLACED,
            f"{player.name} places their fighter on respawn point {point}",
            player=seat,
            square=square,
        )
        if not any(isinstance(p, PlaceFighter) for p in self.state.pending):
            self.turn_policy.start_play(self.state.first)  # (the first player's turn, in Frag's)

    # -- phases 1 and 2 ------------------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        """A new turn: expire timed cards, then phase 1 (respawn) or phase 2 (roll for movement)."""
        turn = self.state.turn
        self.turn_policy.begin(seat)
        player = self.player(seat)
        self.emit(CommonEventKind.TURN_BEGAN, f"Turn {turn.number}: {player.name}", player=seat, amount=turn.number)
        health_before: dict[int, int] | None = None  # taken before the first card runs out, if one does
        for holder in self.seats():  # a card played on another fighter counts its player's turns (a lag)
            for pile in (self.player(holder).specials, self.player(holder).gadgets):
                for entry in list(pile):
                    if entry.turns_left is None or (holder if entry.by is None else entry.by) != seat:
                        continue
                    entry.turns_left -= 1
                    if entry.turns_left <= 0:
                        if health_before is None:
                            health_before = self.healths()
                        pile.remove(entry)
                        self.discard(entry.card)
                        on = f" on {self.name(holder)}" if holder != seat else ""
                        self.emit(
                            FragEventKind.EXPIRED,
                            f"{player.name}'s {self.card_name(entry.card)}{on} runs out",
                            player=seat,
                            card=entry.card,
                        )
        if health_before is not None:  # (no card left play: every maximum Health is as it was)
            self.keep_health(health_before)
        self.return_to_play(seat)
        turn.phase = Phase.ROLL if player.status is Status.IN_PLAY else Phase.RESPAWN
        if TurnPart.TURN in player.skips:
            del player.skips[TurnPart.TURN]
            self.emit(CommonEventKind.TURN_ENDED, f"{player.name} loses this turn", player=seat)
            self.end_turn(seat)
            return
        if player.status is Status.IN_PLAY:
            self.start_of_turn(seat)

    def start_of_turn(self, seat: int) -> None:
        """`seat`'s turn begins with his fighter on the board (at once, or on respawning in phase 1): his
        turn-start triggers act (a regenerating gadget). The seam for abilities that act at each turn's
        start (Frag Deadlands' Mad Scientist's gadget roll, Hoyle's Book of Games, D-FTR-03/04)."""
        self.fire_triggers(seat, TriggerOn.TURN_START, None)

    def chooses_respawn(self, seat: int) -> bool:
        """Whether `seat` chooses his respawn point instead of rolling for it (F-RESP-01): when a card
        lets him. The seam for a fighter whose ability does (the Harrowed Gunslinger's grave, D-FTR-05)."""
        return self.has_flag(seat, FlagName.CHOOSE_RESPAWN)

    def return_to_play(self, seat: int) -> None:
        """As `seat`'s turn begins, before its phase is chosen: a fighter out of play who comes back
        without respawning comes back now. None does in Frag (he respawns in phase 1, F-RESP-01); the
        hook for Frag Deadlands' hanged fighter, who starts play on his gallows square (D-GAL-01)."""

    def respawn(self, seat: int, chosen: int | None = None) -> None:
        """Phase 1: roll a die and come back on that respawn point (F-RESP-01, F-RESP-02); with the house
        rule H-SCATTER-01 an occupied point scatters him beside it instead of bumping (`landing`).

        `chosen`: a card lets him choose the point instead of rolling.
        """
        player = self.player(seat)
        point = chosen if chosen is not None else self.roll_respawn_point(seat, "respawn point")
        point, square, letter = self.landing(seat, point, "respawn point")
        if player.status is Status.FRAGGED:
            player.damage = 0  # a fresh fighter: starting stats, the pistol only (his cards went at the frag)
        player.status = Status.IN_PLAY
        player.square = square
        self.state.turn.phase = Phase.ROLL
        self.turn_policy.record(seat).may_pick_up = True
        where = (
            f"respawn point {point}" if letter is None else f"{square}, beside respawn point {point} (scatter {letter})"
        )
        self.emit(FragEventKind.RESPAWNED, f"{player.name} respawns on {where}", player=seat, square=square)
        self.arrive(seat, square)
        self.start_of_turn(seat)

    def impassable(self) -> frozenset[tuple[int, int]]:
        """The squares (x, y) no fighter may enter now beyond the map's walls: none in Frag (`Moving`
        answers it for moves; asked here for where a scattered fighter may appear, H-SCATTER-01)."""
        return frozenset()

    def landing(self, seat: int, point: int, reason: str) -> tuple[int, Square, str | None]:
        """Where `seat` appears who comes to respawn point `point`: (the point, the square, the scatter
        letter or None). The point's own square, its occupant to be bumped (F-RESP-03); with the house
        rule H-SCATTER-01 on, an occupied point sends him to the first free square of the scatter
        diagram around it (A-H), and a point with none free is rolled for again (`reason`)."""
        while True:
            square = self.board.respawn_points[point]
            if not self.house(SCATTER) or self.occupant(square, besides=seat) is None:
                return point, square, None
            found = self.scatter_square(seat, square)
            if found is not None:
                return point, found[1], found[0]
            self.emit(
                CommonEventKind.MOVED,
                f"Every square around respawn point {point} is taken: {self.name(seat)} rolls again",
                player=seat,
            )
            point = self.roll_respawn_point(seat, reason)

    def scatter_square(self, seat: int, spawn: Square) -> tuple[str, Square] | None:
        """The first square of the scatter diagram around `spawn` that `seat` may appear on (H-SCATTER-01),
        with its letter: checked A to H, skipping squares off the map, solid rock, those the state
        closes (`impassable`), those no walk leads out of (ruling F-MAP-06) and those a fighter stands
        on. A square split by a diagonal wall offers its halves in turn (ruling)."""
        walled_in = self.board.geometry.walled_in
        closed = self.impassable()
        for letter, (dx, dy) in SCATTER_DIAGRAM:
            x, y = spawn.x + dx, spawn.y + dy
            if not self.board.in_bounds(x, y) or (x, y) in closed:
                continue
            for square in self.board.squares(x, y):
                if square not in walled_in and self.occupant(square, besides=seat) is None:
                    return letter, square
        return None

    def arrive(self, seat: int, square: Square) -> None:
        """Someone respawned or teleported onto `square`: an occupant there is bumped (F-RESP-03)."""
        occupant = self.occupant(square, besides=seat)
        if occupant is not None:
            self.push(Bump(player=occupant, by=seat))
            self.emit(
                FragEventKind.BUMPED,
                f"{self.name(occupant)} is bumped by {self.name(seat)} and must roll for a respawn point",
                player=occupant,
                other=seat,
                square=square,
            )

    def roll_bump(self, seat: int) -> None:
        """A bumped fighter rolls and moves to that respawn point, perhaps bumping another (F-RESP-03); with
        H-SCATTER-01 on (a teleport still bumps: ruling), an occupied point scatters him instead."""
        self.state.pending.pop()
        point = self.roll_respawn_point(seat, "bumped to respawn point")
        point, square, letter = self.landing(seat, point, "bumped to respawn point")
        player = self.player(seat)
        player.square = square
        where = (
            f"respawn point {point}" if letter is None else f"{square}, beside respawn point {point} (scatter {letter})"
        )
        self.emit(CommonEventKind.MOVED, f"{player.name} is moved to {where}", player=seat, square=square)
        self.arrive(seat, square)

    def roll_movement(self, seat: int) -> None:
        """Phase 2: Speed dice give the movement points, cards added (F-MOVE-01)."""
        player = self.player(seat)
        if TurnPart.MOVEMENT in player.skips:
            # No roll; movement points from cards played after the lag or dart still count (F-CARD-10).
            self.start_actions(seat, self.added_since(seat, ModStat.MOVEMENT, player.skips.pop(TurnPart.MOVEMENT)))
            points = self.turn_policy.movement(seat)
            what = f"only {points} movement points" if points else "no movement"
            self.emit(FragEventKind.MOVEMENT_ROLLED, f"{player.name} has {what} this turn", player=seat, amount=points)
            return
        speed = self.speed(seat)
        result = self.roll(speed, f"movement ({speed} Speed {'die' if speed == 1 else 'dice'})", seat)
        self.start_actions(seat, self.modified(seat, ModStat.MOVEMENT, result.total))
        points = self.turn_policy.movement(seat)  # (what the turn grants of the roll: all of it in Frag's)
        self.emit(
            FragEventKind.MOVEMENT_ROLLED,
            f"{self.name(seat)} has {points} movement points",
            player=seat,
            roll=result,
            amount=points,
        )
        if WindowPoint.AFTER_ROLL in self.windows:
            self.open_window(WindowPoint.AFTER_ROLL, WindowContext(actor=seat, roll=result))

    def start_actions(self, seat: int, movement: int) -> None:
        """Phase 3 begins with this many movement points and the fighter's attacks (F-ATK-01), as the turn
        policy grants them."""
        attacks = self.attacks_per_turn(seat)
        player = self.player(seat)
        stunned = TurnPart.ATTACKS in player.skips
        if stunned:
            # The stun takes the attacks counted so far; cards played after it give theirs (F-CARD-10).
            attacks = self.added_since(seat, ModStat.ATTACKS, player.skips.pop(TurnPart.ATTACKS))
        self.turn_policy.start_actions(seat, movement, attacks)
        self.state.turn.phase = Phase.ACTION
        if stunned:
            left = self.turn_policy.attacks(seat)
            what = f"only {left} attack{'s' * (left != 1)}" if left else "no attacks"
            self.emit(FragEventKind.OUT_OF_PLAY, f"{player.name} has {what} this turn", player=seat)

    # -- phase 4 ---------------------------------------------------------------------------------

    def hand_limit(self, seat: int) -> int:
        """Cards `seat` may hold when his turn ends: 5 (F-CARD-03). The seam for a fighter with another
        limit (Frag Deadlands' Agency Operative: 4, D-FTR-02)."""
        return HAND_LIMIT

    def end_turn(self, seat: int) -> None:
        """Finish: discard down to the hand limit first if needed (F-CARD-03), then the next seat's turn begins."""
        if len(self.player(seat).hand) > self.hand_limit(seat):
            if not any(isinstance(p, DiscardDown) for p in self.state.pending):
                self.push(DiscardDown(player=seat))
            return
        self.finish_turn(seat)

    def finish_turn(self, seat: int) -> None:
        """His turn ends (unused movement and attacks are lost: F-MOVE-01, F-ATK-01), the scoring rule counts
        it, and the turn policy's next fighter begins his (the next seat clockwise in Frag's, F-SETUP-03)."""
        following = self.turn_policy.end(seat)
        self.emit(CommonEventKind.TURN_ENDED, f"{self.name(seat)} ends the turn", player=seat)
        winner = self.scoring().on_turn_end(self, seat)
        if winner is not None:
            self.win(winner)
            return
        if following is not None:
            self.begin_turn(following)

    def discard_from_hand(self, seat: int, instance: str) -> None:
        player = self.player(seat)
        player.hand.remove(instance)
        self.discard(instance)
        self.emit(
            CommonEventKind.DISCARDED,
            f"{player.name} discards {self.card_name(instance)}",
            player=seat,
            card=instance,
        )
        top = self.state.pending[-1] if self.state.pending else None
        if isinstance(top, DiscardDown) and len(player.hand) <= self.hand_limit(seat):
            self.state.pending.pop()
            self.finish_turn(seat)
